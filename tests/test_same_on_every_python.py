"""The same seed plays the same game on every Python: ``tests/digest.py`` (deals, play-outs,
saves, bot games) gives the recorded digest under each interpreter this machine has (the one
running the tests, every pyenv 3.10+ and every ``python3.X`` on PATH). The engines import only
the standard library, so each runs them straight from ``src``.
``CARDTABLE_REGOLD=1`` records a new digest (after a deliberate change of the games)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RECORDED = ROOT / "tests" / "golden" / "engines.sha256"


def pythons() -> dict[str, str]:
    """Version → interpreter, for every CPython ≥ 3.10 found."""
    found = [sys.executable]
    pyenv = os.environ.get("PYENV_ROOT") or str(Path.home() / ".pyenv")
    found += sorted(str(p) for p in Path(pyenv).glob("versions/3.*/bin/python"))
    found += [shutil.which(f"python3.{minor}") or "" for minor in range(10, 20)]
    versions: dict[str, str] = {}
    for python in filter(None, found):
        out = subprocess.run(
            [python, "-c", "import sys; print('%d.%d.%d' % sys.version_info[:3])"],
            capture_output=True, text=True,
        )  # fmt: skip
        version = out.stdout.strip()
        if out.returncode == 0 and tuple(map(int, version.split(".")[:2])) >= (3, 10):
            versions.setdefault(version, python)
    return versions


def test_every_python_plays_the_recorded_games() -> None:
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src"))
    digests = {
        version: subprocess.run(
            [python, str(ROOT / "tests" / "digest.py")],
            check=True, capture_output=True, text=True, env=env,
        ).stdout.strip()
        for version, python in pythons().items()
    }  # fmt: skip
    if os.environ.get("CARDTABLE_REGOLD") == "1":
        RECORDED.write_text(digests[next(iter(digests))] + "\n")
    recorded = RECORDED.read_text().strip()
    print("digests:", digests)
    assert digests and all(d == recorded for d in digests.values()), (recorded, digests)
