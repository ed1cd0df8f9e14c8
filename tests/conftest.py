"""Every test keeps the learner's data (the course's progress) in a folder of its own, never
in the real user data directory; the wheel built without Node is built once a session."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import pytest

from .nonode import NoNodeInstall, install_without_node


@pytest.fixture(autouse=True)
def _own_data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "cardtable-data"
    monkeypatch.setenv("CARDTABLE_DATA_DIR", str(folder))
    return folder


@pytest.fixture(autouse=True)
def _no_leaked_event_loop(request: pytest.FixtureRequest) -> Iterator[None]:
    """Playwright's sync API leaves its event loop marked as running in the main thread once
    the e2e tests have run; a table would take it for a kernel's loop and hand its searches to
    a loop that never turns. Outside the e2e tests no loop runs while a test does."""
    leaked = asyncio._get_running_loop()
    if leaked is None or request.node.get_closest_marker("e2e") is not None:
        yield
        return
    asyncio._set_running_loop(None)
    try:
        yield
    finally:
        asyncio._set_running_loop(leaked)


@pytest.fixture(scope="session")
def nonode_install(tmp_path_factory: pytest.TempPathFactory) -> NoNodeInstall:
    """The wheel built with no Node on PATH and installed alone into a fresh venv: once a
    session, shared by ``tests/test_packaging.py`` and ``tests/e2e/test_wheel_install.py``
    (which adds JupyterLab to that venv afterwards)."""
    return install_without_node(tmp_path_factory.mktemp("nonode"))
