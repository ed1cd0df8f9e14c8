"""Two versions of cardtable side by side: this checkout's and a git ref's, each in a worker.

A benchmark that compares a change with the code before it runs both in the same minutes, so
the host's drift (large on a shared machine) falls on both alike. ``unpacked(ref)`` puts the
ref's ``src/`` in a temporary directory (``git archive``); a :class:`Worker` is a Python process
importing ``cardtable`` from a given source tree, answering one JSON line per request line.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import cardtable

ROOT = Path(__file__).resolve().parents[1]
HERE = Path(cardtable.__file__).resolve().parents[1]
"""The source tree this process imports ``cardtable`` from."""


@contextmanager
def unpacked(ref: str) -> Iterator[Path]:
    """The ``src`` directory of git ref ``ref``, unpacked for as long as the block runs."""
    with tempfile.TemporaryDirectory() as folder:
        archive = subprocess.run(
            ["git", "-C", str(ROOT), "archive", ref, "src"], capture_output=True, check=True
        ).stdout
        subprocess.run(["tar", "-x", "-C", folder], input=archive, check=True)
        yield Path(folder) / "src"


class Worker:
    """A process running ``code`` (reading requests on stdin) with ``cardtable`` from ``source``."""

    def __init__(self, source: Path, code: str) -> None:
        env = {**os.environ, "PYTHONPATH": str(source)}
        self.process = subprocess.Popen(
            [sys.executable, "-c", code],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env=env,
        )

    def ask(self, request: str) -> Any:
        """Send one request line; the answer, decoded from its JSON line."""
        stdin, stdout = self.process.stdin, self.process.stdout
        assert stdin is not None and stdout is not None
        stdin.write(request + "\n")
        stdin.flush()
        return json.loads(stdout.readline())

    def close(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()
        self.process.wait()
