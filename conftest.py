"""The whole test run (doctests, tests, the notebooks under nbval and the kernels they start)
keeps the learner's data in a folder of its own, never in the real user data directory (a
course's progress, ``cardtable.userdata``); each test under ``tests/`` gets its own below."""

from __future__ import annotations

import os
import tempfile

import pytest


def pytest_configure(config: pytest.Config) -> None:
    os.environ["CARDTABLE_DATA_DIR"] = tempfile.mkdtemp(prefix="cardtable-data-")
