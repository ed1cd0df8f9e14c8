"""pytest fixtures for end-to-end tests in a real JupyterLab / Notebook 7 (headless Chromium).

Fixtures (all built on ``harness.py``):

- ``lab_server`` / ``notebook_server`` (session): one running server per kind, started on first
  use and reused by every test of the session.
- ``server`` (function): the lab server, or the kind given by indirect parametrization::

      @pytest.mark.parametrize("server", ["lab", "notebook"], indirect=True)
      def test_x(server, page, page_errors): ...

- ``browser`` (session): headless Debian Chromium.
- ``page`` (function): a fresh page in its own browser context. On teardown it closes, every
  kernel the test started is shut down, and if the test failed a screenshot goes to
  ``tests/e2e/artifacts/FAILED-<test>.png``, the server logs are copied next to it, and what
  each table's message line says, the focused element, the page errors, console errors and the
  tail of the server logs are printed (pytest's failure report).
- ``page_errors`` (function): the ``PageErrors`` collector attached to ``page`` at creation.

Mark tests ``@pytest.mark.e2e``. They are skipped (with the reason) only when Debian's Chromium
is missing; CI installs it, so there they always run.
"""

from __future__ import annotations

import contextlib
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from harness import (
    ARTIFACTS,
    JupyterServer,
    PageErrors,
    chromium_missing_reason,
    launch_browser,
    new_page,
    screenshot,
    tables_said,
)

_SERVERS: dict[str, JupyterServer] = {}


@pytest.fixture(autouse=True)
def patient_expect(request: pytest.FixtureRequest) -> Iterator[None]:
    """A module's ``EXPECT_TIMEOUT_MS``, if it sets one, for every ``expect`` of its tests
    (bots think and kernels lag on a loaded machine); Playwright's 5 s again after."""
    from playwright.sync_api import expect

    timeout = getattr(request.module, "EXPECT_TIMEOUT_MS", None)
    if timeout is not None:
        expect.set_options(timeout=timeout)
    yield
    if timeout is not None:
        expect.set_options(timeout=5_000)


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "e2e: drives a real JupyterLab in headless Chromium")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    reason = chromium_missing_reason()
    if reason is None:
        return
    skip = pytest.mark.skip(reason=f"e2e: {reason}")
    for item in items:
        if item.get_closest_marker("e2e") is not None:
            item.add_marker(skip)


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[Any]) -> Any:
    report = yield
    setattr(item, f"_e2e_report_{report.when}", report)  # read back by the page fixture
    return report


def _server(kind: str) -> JupyterServer:
    server = _SERVERS.get(kind)
    if server is None:
        server = JupyterServer(kind)  # type: ignore[arg-type]
        server.__enter__()
        _SERVERS[kind] = server
    return server


@pytest.fixture(scope="session")
def lab_server() -> Iterator[JupyterServer]:
    """A JupyterLab server for the whole session."""
    yield _server("lab")
    _SERVERS.pop("lab").stop()


@pytest.fixture(scope="session")
def notebook_server() -> Iterator[JupyterServer]:
    """A Notebook 7 server for the whole session."""
    yield _server("notebook")
    _SERVERS.pop("notebook").stop()


@pytest.fixture
def server(request: pytest.FixtureRequest) -> JupyterServer:
    """The session server of the kind given by indirect parametrization (default: lab)."""
    kind = getattr(request, "param", "lab")
    if kind not in ("lab", "notebook"):
        raise ValueError(f"server kind must be 'lab' or 'notebook', not {kind!r}")
    return request.getfixturevalue(f"{kind}_server")  # type: ignore[no-any-return]


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """Headless Debian Chromium, shared by the session."""
    reason = chromium_missing_reason()
    if reason is not None:
        pytest.skip(f"e2e: {reason}")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = launch_browser(p)
        yield browser
        browser.close()


@pytest.fixture
def _page_and_errors(browser: Any, request: pytest.FixtureRequest) -> Iterator[Any]:
    page = new_page(browser)
    errors = PageErrors(page)
    yield page, errors
    call = getattr(request.node, "_e2e_report_call", None)
    if call is not None and call.failed:
        try:
            shot = screenshot(page, f"FAILED-{request.node.name}")
            print(f"screenshot: {shot}")
        except Exception as exc:  # a crashed page must not hide the real failure
            print(f"screenshot failed: {exc}")
        try:
            print("the tables said:", *tables_said(page), sep="\n")
        except Exception as exc:
            print(f"the tables could not be read: {exc}")
        print("page errors:", *errors.messages(), sep="\n")
        print("console errors:", *errors.console_errors, sep="\n")
        for kind, srv in _SERVERS.items():
            log = ARTIFACTS / f"FAILED-{request.node.name}-{kind}-server.log"
            with contextlib.suppress(OSError):
                shutil.copyfile(srv.log_path, log)  # the server's temp dir goes at session end
            print(f"--- {kind} server log (full: {log}) ---\n{srv.log_tail()}")
    page.context.close()
    for srv in _SERVERS.values():
        srv.shutdown_kernels()


@pytest.fixture
def page(_page_and_errors: Any) -> Any:
    """A fresh Playwright page (own context); see the module docstring for its teardown."""
    return _page_and_errors[0]


@pytest.fixture
def page_errors(_page_and_errors: Any) -> PageErrors:
    """The page-error collector of ``page`` (Notebook 7's harmless 'schema' error filtered)."""
    return _page_and_errors[1]  # type: ignore[no-any-return]
