"""The JupyterLite site, offline: built from this checkout by ``docs/lite/build.py``, served on
localhost, opened in headless Chromium with every request to another host aborted and service
workers blocked. The whole tutorial runs under Pyodide (its install cell installs cardtable
from the site itself), every table and exercise is drawn, a click on the Tri-Peaks table plays
a card and scores, and a Stoeptegel round against the bots begins by clicks.

Python in the browser is slow on a shared 2-core machine (the kernel installs ipython and
micropip at start, then the cell installs cardtable and anywidget): the waits allow minutes.
"""

from __future__ import annotations

import functools
import hashlib
import json
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
from harness import (
    ARTIFACTS,
    PANEL,
    PageErrors,
    assert_focus_stays,
    output_problems,
    run_all,
    screenshot,
    set_theme,
    wait_kernel_ready,
)
from playwright.sync_api import expect

from ..scripts import lite_build
from .test_tutorial import ROOTS, exercise_cells, expected_tables

pytestmark = pytest.mark.e2e

MINUTE = 60_000
BUILD = lite_build()


class _QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass  # the test reads what the browser asked for from the browser's side


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site, built from this checkout (by the script, as the README says)."""
    out = tmp_path_factory.mktemp("lite") / "site"
    done = subprocess.run([sys.executable, BUILD.__file__, "--out", str(out)],
                          capture_output=True, text=True)  # fmt: skip
    assert done.returncode == 0, f"the site did not build:\n{done.stderr[-3000:]}"
    return out


@pytest.fixture(scope="module")
def site(built: Path) -> Iterator[str]:
    """The built site, served on an ephemeral localhost port; yields its base URL."""
    out = built
    handler = functools.partial(_QuietHandler, directory=str(out))
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}/"
    httpd.shutdown()
    httpd.server_close()


# Every code cell has run, or one failed (Run All then stops: no use waiting any longer).
_DONE_OR_FAILED_JS = """
(panel) => {
  const root = document.querySelector(panel) || document;
  if (root.querySelector('[data-mime-type="application/vnd.jupyter.error"]')) return true;
  const prompts = [...root.querySelectorAll('.jp-CodeCell .jp-InputArea-prompt')];
  return prompts.length > 0 && prompts.every(p => /\\[\\d+\\]/.test(p.textContent));
}
"""


def test_the_site_holds_what_the_kernel_loads_and_the_notebooks(built: Path) -> None:
    lock = json.loads((built / "static" / "pyodide" / "pyodide-lock.json").read_text())
    hosted = {name: entry for name, entry in lock["packages"].items()
              if not entry["file_name"].startswith("https://")}  # fmt: skip
    assert set(hosted) == set(BUILD.LOCKED)
    for entry in hosted.values():  # here, with the lock's hash rewritten for the file here
        wheel = built / "static" / "pyodide" / entry["file_name"]
        assert hashlib.sha256(wheel.read_bytes()).hexdigest() == entry["sha256"]
    cdn = {entry["file_name"].rsplit("/", 1)[0] for name, entry in lock["packages"].items()
           if name not in hosted}  # fmt: skip
    assert cdn == {BUILD.CDN.format(version=BUILD.pyodide_version()).rstrip("/")}
    assert {p.name for p in (built / "files").glob("*.ipynb")} == set(BUILD.NOTEBOOKS)
    wheels = {p.name.split("-")[0] for p in (built / "pypi").glob("*.whl")}
    assert {"cardtable", "anywidget", "comm"} <= wheels
    extensions = json.loads((built / "jupyter-lite.json").read_text())["jupyter-config-data"]
    names = {e["name"] for e in extensions["federated_extensions"]}
    assert names == {"anywidget", "@jupyter-widgets/jupyterlab-manager",
                     "@jupyterlite/pyodide-kernel-extension"}  # fmt: skip


def test_the_tutorial_plays_offline_in_jupyterlite(site: str, browser: Any) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 900},
                                  service_workers="block")  # fmt: skip
    outside: list[str] = []

    def only_localhost(route: Any) -> None:
        url = route.request.url
        if url.startswith((site, "data:", "blob:")):
            route.continue_()
        else:
            outside.append(url)
            route.abort()

    context.route("**/*", only_localhost)
    page = context.new_page()
    errors = PageErrors(page)
    try:
        started = time.monotonic()
        page.goto(f"{site}lab/index.html?path=tutorial.ipynb")
        page.locator(f"{PANEL} .jp-Cell").first.wait_for(state="attached", timeout=2 * MINUTE)
        wait_kernel_ready(page, timeout_ms=5 * MINUTE)
        ready = time.monotonic()
        # Every JupyterLite build (the default one too) throws a bare "undefined" (no name, no
        # stack) while it loads, with no visible effect. Only those, and only before now.
        at_load = list(errors.errors)
        assert all((e.name, e.message, e.stack) == ("", "undefined", "") for e in at_load), (
            errors.messages()
        )
        run_all(page)  # the install cell first: under Pyodide it installs from the site
        page.wait_for_function(_DONE_OR_FAILED_JS, arg=PANEL, timeout=15 * MINUTE)
        print(f"JupyterLite: kernel ready {ready - started:.1f} s after loading the page, "
              f"Run All of the tutorial {time.monotonic() - ready:.1f} s")  # fmt: skip
        problems = output_problems(page)
        assert not problems, "error outputs in the site:\n" + "\n---\n".join(problems)
        expected = expected_tables()
        for game, selector in ROOTS.items():
            tables = page.locator(f"{PANEL} {selector}")
            expect(tables).to_have_count(expected[game], timeout=MINUTE)
        expect(page.locator(f"{PANEL} [data-exercise]")).to_have_count(len(exercise_cells()))

        # Part 1's live table: a click plays a card and scores.
        table = page.locator(f"{PANEL} .cardtable-tripeaks:not([data-exercise])").last
        table.scroll_into_view_if_needed()
        score = table.locator('[data-role="score"]')
        expect(score).to_have_text("0")
        table.locator('[data-position][data-playable="true"]').first.click()
        expect(score).not_to_have_text("0", timeout=MINUTE)
        assert_focus_stays(page, table, "the JupyterLite table after a click")
        stock = table.locator('[data-role="stock"]')
        expect(stock).to_have_attribute("data-count", "23")
        page.keyboard.press("d")  # and the keyboard plays on: D draws
        expect(stock).to_have_attribute("data-count", "22")
        table.evaluate("el => el.scrollIntoView({ block: 'center' })")
        screenshot(page, "lite-tutorial-tripeaks")

        # Part 2's live table against the bots: choose a stoeptegel, then lay a card on a row.
        root = page.locator(f"{PANEL} .cardtable-stoeptegel").last
        root.scroll_into_view_if_needed()
        expect(root).to_have_attribute("data-phase", "choose")
        root.locator('[data-role="hand"] [data-card]').first.click()
        root.locator('[data-action="choose"]').click()
        expect(root).to_have_attribute("data-phase", "play", timeout=MINUTE)
        expect(root).to_have_attribute("data-to-move", "0", timeout=MINUTE)
        playable = root.locator('[data-role="hand"] [data-playable="true"]').first
        card = playable.get_attribute("data-card")
        playable.click()
        root.locator('[data-row][data-takes="true"]').first.click()
        expect(root.locator(f'[data-role="hand"] [data-card="{card}"]')).to_have_count(0)
        expect(root.locator('[data-role="log"]')).to_contain_text("You laid")
        root.scroll_into_view_if_needed()
        screenshot(page, "lite-tutorial-stoeptegel")
        set_theme(page, "JupyterLab Dark")
        page.set_viewport_size({"width": 700, "height": 900})
        root.scroll_into_view_if_needed()
        screenshot(page, "lite-tutorial-stoeptegel-dark-700")

        assert outside == [], f"the site asked for the internet: {outside[:5]}"
        assert errors.errors == at_load, errors.messages()
    except Exception:
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "FAILED-lite.png"))
        print("page errors:", *errors.messages(), "requests aborted:", *outside, sep="\n")
        raise
    finally:
        context.close()
