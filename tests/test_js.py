"""The front end's own checks, run by the README's test command: the pure JS helpers' unit
tests (``node --test tests/js/``) and the typed contract (``tsc`` over the ``// @ts-check``
modules of ``js/``)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def npm(*args: str) -> subprocess.CompletedProcess[str]:
    tool = shutil.which("npm")
    assert tool, "npm is needed for the front end's tests (.ci/run installs it)"
    return subprocess.run(
        [tool, *args], cwd=ROOT, capture_output=True, text=True, timeout=300, check=False
    )


def test_the_js_unit_tests_pass() -> None:
    done = npm("test")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "# fail 0" in done.stdout and "# pass 0" not in done.stdout


def test_the_js_contract_type_checks() -> None:
    done = npm("run", "typecheck")
    assert done.returncode == 0, done.stdout + done.stderr
