"""The package as a user without Node gets it: the wheel built with no node or npm on PATH and
installed into a fresh venv (once a session, with the packaging test: ``nonode_install``,
which also copies the tutorial out with ``cardtable tutorial --copy-only``), JupyterLab added,
and both tables drawn in that venv's JupyterLab."""

from __future__ import annotations

import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from harness import JupyterServer, run_notebook, screenshot
from playwright.sync_api import expect

from ..nonode import NoNodeInstall

pytestmark = pytest.mark.e2e


@pytest.fixture(scope="module")
def wheel_lab(nonode_install: NoNodeInstall) -> Iterator[tuple[JupyterServer, Path]]:
    """The session's no-Node install (tests/conftest.py), with JupyterLab added to its venv."""
    install = nonode_install
    subprocess.run([str(install.python), "-m", "pip", "install", "-q", "jupyterlab>=4.2"],
                   check=True, capture_output=True, env=install.env)  # fmt: skip
    with JupyterServer("lab", python=str(install.python)) as server:
        yield server, install.python.parent.parent


def test_the_wheel_install_draws_both_tables(wheel_lab: Any, page: Any, page_errors: Any) -> None:
    server, venv = wheel_lab
    run_notebook(page, server, "from-the-wheel", [
        "import cardtable, pathlib\n"
        "from cardtable import StoeptegelWidget, TriPeaksWidget\n"
        "print(pathlib.Path(cardtable.__file__).parent)\n"
        "TriPeaksWidget(seed=3)",
        "StoeptegelWidget(players=3, seed=3, think=None)",
    ])  # fmt: skip
    expect(page.locator(".cardtable-tripeaks [data-position]")).to_have_count(28)
    expect(page.locator(".cardtable-stoeptegel [data-role='hand'] [data-card]")).to_have_count(6)
    where = page.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stdout']")
    expect(where.first).to_contain_text(str(venv))  # the wheel's copy, not the checkout
    screenshot(page, "wheel-install")
    page_errors.assert_none()
