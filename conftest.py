"""The whole test run (doctests, tests, the notebooks under nbval and the kernels they start)
keeps the learner's data in a folder of its own, never in the real user data directory (a
course's progress, ``cardtable.userdata``); each test under ``tests/`` gets its own below. The
analysis notebooks run on a small sample (``CARDTABLE_QUICK``)."""

from __future__ import annotations

import os
import tempfile

import pytest


def pytest_configure(config: pytest.Config) -> None:
    os.environ["CARDTABLE_DATA_DIR"] = tempfile.mkdtemp(prefix="cardtable-data-")
    # The analysis notebooks run every cell on a few deals and games (their cell 2 reads it).
    os.environ.setdefault("CARDTABLE_QUICK", "1")

