"""The package as a user without Node gets it: the wheel built with no node or npm on PATH,
installed into a fresh venv with JupyterLab, the tutorial copied out with ``cardtable
tutorial --copy-only``, and both tables drawn in that venv's JupyterLab."""

from __future__ import annotations

import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from harness import JupyterServer, run_notebook, screenshot
from playwright.sync_api import expect

from ..nonode import build_wheel_without_node, fresh_venv

pytestmark = pytest.mark.e2e


@pytest.fixture(scope="module")
def wheel_lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[JupyterServer, Path]]:
    tmp = tmp_path_factory.mktemp("wheel-install")
    wheel, env = build_wheel_without_node(tmp)
    python = fresh_venv(tmp / "venv", env, str(wheel), "jupyterlab>=4.2")
    subprocess.run([str(python.parent / "cardtable"), "tutorial", "--copy-only", "--dir",
                    str(tmp / "mine")], check=True, capture_output=True, env=env)  # fmt: skip
    with JupyterServer("lab", python=str(python)) as server:
        yield server, tmp


def test_the_wheel_install_draws_both_tables(wheel_lab: Any, page: Any, page_errors: Any) -> None:
    server, tmp = wheel_lab
    assert (tmp / "mine" / "tutorial.ipynb").is_file()
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
    expect(where.first).to_contain_text(str(tmp / "venv"))  # the wheel's copy, not the checkout
    screenshot(page, "wheel-install")
    page_errors.assert_none()
