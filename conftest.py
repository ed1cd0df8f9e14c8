"""The whole test run (doctests, tests, the notebooks under nbval and the kernels they start)
keeps the learner's data in a folder of its own, never in the real user data directory (a
course's progress, ``cardtable.userdata``); each test under ``tests/`` gets its own below. The
analysis notebooks run on a small sample (``CARDTABLE_QUICK``); the tutorial runs in the
JupyterLab e2e rather than under nbval."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytest

from tests.e2e.harness import chromium_missing_reason

TUTORIAL = Path(__file__).resolve().parent / "notebooks" / "tutorial.ipynb"


def pytest_configure(config: pytest.Config) -> None:
    os.environ["CARDTABLE_DATA_DIR"] = tempfile.mkdtemp(prefix="cardtable-data-")
    # The analysis notebooks run every cell on a few deals and games (their cell 2 reads it).
    os.environ.setdefault("CARDTABLE_QUICK", "1")


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    """nbval leaves the tutorial to ``tests/e2e/test_tutorial.py``, which runs it in JupyterLab
    and checks what nbval would (every code cell ran, no cell's output is an error) and more;
    only where that test cannot run (no Chromium) does nbval run it."""
    if collection_path == TUTORIAL and chromium_missing_reason() is None:
        return True
    return None
