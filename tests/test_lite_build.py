"""docs/lite/build.py replaces its output folder: never the checkout, nor a folder above it or
any other repository (the build itself is played in tests/e2e/test_lite.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from .scripts import ROOT, lite_build


@pytest.mark.parametrize("out", [ROOT, ROOT.parent, ROOT / "."])
def test_the_build_refuses_to_replace_the_checkout_or_a_folder_above_it(out: Path) -> None:
    with pytest.raises(SystemExit, match="refusing to replace"):
        lite_build().checked_out(out)


def test_the_build_refuses_another_repository_and_takes_a_new_folder(tmp_path: Path) -> None:
    (tmp_path / "other" / ".git").mkdir(parents=True)
    with pytest.raises(SystemExit, match="refusing to replace"):
        lite_build().checked_out(tmp_path / "other")
    assert lite_build().checked_out(tmp_path / "site") == (tmp_path / "site").resolve()
