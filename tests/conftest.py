"""Every test keeps the learner's data (the course's progress) in a folder of its own, never
in the real user data directory."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def _own_data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "cardtable-data"
    monkeypatch.setenv("CARDTABLE_DATA_DIR", str(folder))
    return folder
