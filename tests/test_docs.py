"""The API reference (Sphinx, from the public docstrings) builds with warnings as errors and
documents what the API contract names."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

DOCS = Path(__file__).resolve().parent.parent / "docs" / "api"


def test_the_api_reference_builds_without_warnings(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "sphinx", "-W", "--keep-going", "-q", "-b", "html",
         str(DOCS), str(tmp_path)],
        capture_output=True, text=True,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    pages = {p.name: p.read_text(encoding="utf-8") for p in tmp_path.glob("*.html")}
    assert "TriPeaks.play" in pages["tripeaks.html"] and "legal_plays" in pages["stoeptegel.html"]
    assert "TriPeaksWidget" in pages["widgets.html"] and "Course" in pages["lessons.html"]
    assert "copy_notebooks" in pages["cli.html"]
