"""The tutorial in the browser alone: the JupyterLite site (``docs/lite/build.py``) served on
localhost, opened in headless Chromium with every request to any other host blocked (service
workers too), its install cell and first Tri-Peaks lesson run, a card played by clicking."""

from __future__ import annotations

import functools
import http.server
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import pytest
from harness import screenshot
from playwright.sync_api import expect

pytestmark = pytest.mark.e2e
LITE = Path(__file__).resolve().parents[2] / "docs" / "lite"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    pytest.importorskip("jupyterlite_core")
    sys.path.insert(0, str(LITE))
    try:
        import build as lite_build
    finally:
        sys.path.remove(str(LITE))
    out = lite_build.build(tmp_path_factory.mktemp("lite") / "site")
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(out))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()


def test_the_tutorial_plays_offline_in_jupyterlite(site: str, browser: Any) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 900}, service_workers="block")
    blocked: list[str] = []

    def only_localhost(route: Any) -> None:
        host = urlparse(route.request.url).hostname
        if host in ("127.0.0.1", "localhost"):
            route.continue_()
        else:
            blocked.append(route.request.url)
            route.abort()

    context.route("**/*", only_localhost)
    page = context.new_page()
    try:
        page.goto(f"{site}lab/index.html?path=tutorial.ipynb")
        first = page.locator(".jp-Notebook .jp-Cell").first
        first.wait_for(timeout=120_000)
        first.click()
        for _ in range(6):  # the title, the Colab/JupyterLite note, install, imports, 1.1
            page.keyboard.press("Shift+Enter")
        table = page.locator(".cardtable-tripeaks").first
        playable = table.locator('[data-position][data-playable="true"]').first
        playable.wait_for(timeout=240_000)
        expect(table.locator('[data-role="score"]')).to_have_text("0")
        playable.click()
        expect(table.locator('[data-role="score"]')).not_to_have_text("0", timeout=60_000)
        screenshot(page, "lite-tutorial")
        assert all(urlparse(url).hostname not in ("127.0.0.1", "localhost") for url in blocked)
    finally:
        context.close()
