"""Reusable machinery for end-to-end tests in a real JupyterLab / Notebook 7.

Everything here drives a real Jupyter server and Debian's headless Chromium through Playwright
for Python (sync API). The pytest fixtures in ``conftest.py`` and ``benchmarks/latency.py`` are
both built from these pieces, so a widget author can reuse them directly::

    from harness import (JupyterServer, launch_browser, new_page, open_notebook,
                         run_all, wait_kernel_ready, write_notebook, PageErrors, screenshot)

    with JupyterServer("lab") as server, sync_playwright() as p:
        browser = launch_browser(p)
        page = new_page(browser)
        errors = PageErrors(page)
        write_notebook(server.root / "demo.ipynb", ["from cardtable import TriPeaksWidget",
                                                    "TriPeaksWidget(1)"])
        open_notebook(page, server, "demo")
        wait_kernel_ready(page)
        run_all(page)
        ...
        errors.assert_none()

Facts this relies on (measured, see ``shared/notes/jupyterlab-e2e.md``): never ``playwright
install`` (use ``/usr/bin/chromium``); the server needs ``--allow-root`` under CI; the news toast is
silenced by a settings file; the kernel indicator flickers "idle" while the kernel name still
reads "No Kernel"; Notebook 7 logs a harmless ``reading 'schema'`` page error from its own
bundle. Wait for DOM effects, never sleep.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Collection, Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

if TYPE_CHECKING:  # playwright is only needed once a browser is used
    from playwright.sync_api import Browser, Page, Playwright

HERE = Path(__file__).resolve().parent
ARTIFACTS = HERE / "artifacts"
CHROMIUM = Path(os.environ.get("CARDTABLE_CHROMIUM", "/usr/bin/chromium"))
CHROMIUM_ARGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
)
KERNEL_NAME = "python3"
Kind = Literal["lab", "notebook"]

# --------------------------------------------------------------------------------------------
# Notebooks
# --------------------------------------------------------------------------------------------


def write_notebook(path: str | os.PathLike[str], cells: Iterable[str | dict[str, Any]]) -> Path:
    """Write an nbformat 4.5 notebook of code cells (one per source string) to ``path``.

    A ``dict`` item is taken as a ready-made cell (e.g. a markdown cell). The notebook carries
    ``kernelspec`` metadata for the ``python3`` kernel written by :class:`JupyterServer`, so no
    kernel-selection dialog appears. Returns the path.
    """
    out = []
    for i, cell in enumerate(cells):
        if isinstance(cell, dict):
            out.append({"id": f"cell-{i}", "metadata": {}, **cell})
            continue
        out.append(
            {
                "cell_type": "code",
                "id": f"cell-{i}",
                "metadata": {},
                "execution_count": None,
                "outputs": [],
                "source": cell,
            }
        )
    nb = {
        "cells": out,
        "metadata": {
            "kernelspec": {
                "display_name": "Python 3 (ipykernel)",
                "language": "python",
                "name": KERNEL_NAME,
            },
            "language_info": {"name": "python"},
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    path = Path(path)
    path.write_text(json.dumps(nb, indent=1), encoding="utf-8")
    return path


# A bare one-button anywidget counter: click -> model.save_changes() -> a Python observer sets
# another synced trait (`echo`) -> the DOM shows it. It is the e2e smoke test's subject and the
# latency benchmark's baseline. DOM hooks: root `.ct-counter`, `[data-role="increment"]` button,
# `[data-role="echo"]` whose text (and data-value) is the Python-side echo of the count.
COUNTER_SOURCE = '''\
import anywidget
import traitlets


class Counter(anywidget.AnyWidget):
    _esm = """
    export default {
      render({ model, el }) {
        const root = document.createElement("div");
        root.className = "ct-counter";
        const button = document.createElement("button");
        button.dataset.role = "increment";
        button.textContent = "+1";
        const echo = document.createElement("span");
        echo.dataset.role = "echo";
        const draw = () => {
          const value = String(model.get("echo"));
          echo.textContent = value;
          echo.dataset.value = value;
        };
        const click = () => {
          model.set("count", model.get("count") + 1);
          model.save_changes();
        };
        button.addEventListener("click", click);
        model.on("change:echo", draw);
        draw();
        root.append(button, " count seen by Python: ", echo);
        el.append(root);
        return () => {
          model.off("change:echo", draw);
          button.removeEventListener("click", click);
        };
      },
    };
    """
    count = traitlets.Int(0).tag(sync=True)
    echo = traitlets.Int(0).tag(sync=True)

    @traitlets.observe("count")
    def _echo_count(self, change):
        self.echo = change["new"]


counter = Counter()
counter
'''


# --------------------------------------------------------------------------------------------
# Server
# --------------------------------------------------------------------------------------------


def free_port() -> int:
    """A TCP port on 127.0.0.1 that was free a moment ago."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class JupyterServer:
    """A throw-away Jupyter server (``kind="lab"`` or ``"notebook"`` for Notebook 7).

    Use as a context manager. On enter it makes a temp dir holding the server's root dir
    (``.root``, where notebooks go) and private JUPYTER_*/IPYTHONDIR/JUPYTERLAB_* dirs, writes a
    ``python3`` kernelspec running *this* interpreter (``sys.executable``, so the kernel imports
    the same installed cardtable), silences the news toast, starts the server on a free port with
    a random token and ``--allow-root``, and waits for ``GET /api/status``. The server's output
    goes to ``.log_path``; :meth:`log_tail` gives its end for failure reports. On exit it asks
    the server to shut down (``POST /api/shutdown``, which also stops kernels), then terminates
    the process group it started if needed, and removes the temp dir (unless ``keep=True``).

    ``config`` is Python written to the private ``jupyter_server_config.py``; ``args`` are extra
    command-line options.
    """

    def __init__(
        self,
        kind: Kind = "lab",
        *,
        keep: bool = False,
        startup_timeout: float = 60.0,
        config: str = "",
        args: Sequence[str] = (),
        python: str = sys.executable,
    ):
        if kind not in ("lab", "notebook"):
            raise ValueError(f"kind must be 'lab' or 'notebook', not {kind!r}")
        self.kind: Kind = kind
        self.config = config
        self.args = tuple(args)
        self.python = python  # the environment the server and its kernels run in
        self.keep = keep
        self.startup_timeout = startup_timeout
        self.token = secrets.token_hex(16)
        self.port = 0
        self.tmp: Path | None = None
        self.root = Path()
        self.log_path = Path()
        self.proc: subprocess.Popen[bytes] | None = None
        self._log: Any = None

    # -- URLs -----------------------------------------------------------------------------
    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    def url(self, path: str, **query: str) -> str:
        """Absolute URL for ``path`` with the token (and any extra query items) appended."""
        parts = [k if v == "" else f"{k}={v}" for k, v in query.items()]
        parts.append(f"token={self.token}")
        return self.base_url + path.lstrip("/") + "?" + "&".join(parts)

    def notebook_url(self, name: str) -> str:
        """Where a notebook opens: Lab ``lab/tree/NAME.ipynb?reset``, Notebook 7 ``notebooks/…``."""
        name = name if name.endswith(".ipynb") else name + ".ipynb"
        if self.kind == "lab":
            return self.url(f"lab/tree/{name}", reset="")
        return self.url(f"notebooks/{name}")

    def api(self, method: str, path: str, timeout: float = 10.0) -> Any:
        """Call the REST API (``path`` like ``api/sessions``); return the decoded JSON or None."""
        req = urllib.request.Request(self.url(path), method=method)
        if method != "GET":
            req.data = b""
        with urllib.request.urlopen(req, timeout=timeout) as resp:
            body = resp.read()
        return json.loads(body) if body else None

    # -- lifecycle ------------------------------------------------------------------------
    def __enter__(self) -> JupyterServer:
        try:
            self.start()
        except BaseException:
            self.stop()
            raise
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    @property
    def data_dir(self) -> Path:
        """Where this server's kernels keep the learner's data (``$CARDTABLE_DATA_DIR``)."""
        assert self.tmp is not None
        return self.tmp / "cardtable-data"

    def _environment(self) -> dict[str, str]:
        assert self.tmp is not None
        env = dict(os.environ)
        dirs = {
            "JUPYTER_CONFIG_DIR": "config",
            "JUPYTER_RUNTIME_DIR": "runtime",
            "JUPYTER_DATA_DIR": "data",
            "JUPYTERLAB_SETTINGS_DIR": "lab-settings",
            "JUPYTERLAB_WORKSPACES_DIR": "lab-workspaces",
            "IPYTHONDIR": "ipython",
        }
        for var, sub in dirs.items():
            d = self.tmp / sub
            d.mkdir(parents=True, exist_ok=True)
            env[var] = str(d)
        env.pop("JUPYTER_PATH", None)  # nothing from the developer's own setup leaks in
        env.pop("JUPYTER_CONFIG_PATH", None)
        env["PYTHONUNBUFFERED"] = "1"
        # The kernels' course progress and history live in this run's own folder, never in
        # the real user data directory; a test that needs a fresh course empties it.
        env["CARDTABLE_DATA_DIR"] = str(self.data_dir)
        if self.config:
            (self.tmp / "config" / "jupyter_server_config.py").write_text(self.config)
        # The news / update-check toast ignores --LabApp.news_url=None; a settings file works.
        notif = Path(env["JUPYTERLAB_SETTINGS_DIR"]) / "@jupyterlab" / "apputils-extension"
        notif.mkdir(parents=True, exist_ok=True)
        (notif / "notification.jupyterlab-settings").write_text(
            json.dumps({"fetchNews": "false", "checkForUpdates": False})
        )
        # The kernel must be the interpreter running the tests, so it sees the installed package.
        spec = Path(env["JUPYTER_DATA_DIR"]) / "kernels" / KERNEL_NAME
        spec.mkdir(parents=True, exist_ok=True)
        (spec / "kernel.json").write_text(
            json.dumps(
                {
                    "argv": [self.python, "-m", "ipykernel_launcher", "-f", "{connection_file}"],
                    "display_name": "Python 3 (ipykernel)",
                    "language": "python",
                    "metadata": {"debugger": False},
                },
                indent=1,
            )
        )
        return env

    def start(self) -> None:
        self.tmp = Path(tempfile.mkdtemp(prefix=f"cardtable-e2e-{self.kind}-"))
        self.root = self.tmp / "root"
        self.root.mkdir()
        self.log_path = self.tmp / "server.log"
        env = self._environment()
        for attempt in range(3):  # a free port can be taken between probe and bind: retry
            self.port = free_port()
            cmd = [
                self.python, "-m", "jupyter", self.kind,
                "--no-browser",
                "--allow-root",
                "--ip=127.0.0.1",
                f"--port={self.port}",
                "--ServerApp.port_retries=0",
                f"--IdentityProvider.token={self.token}",
                "--ServerApp.password=",
                f"--ServerApp.root_dir={self.root}",
                *self.args,
            ]  # fmt: skip
            self._log = open(self.log_path, "ab")  # noqa: SIM115 (closed in stop())
            self._log.write(f"$ {' '.join(cmd)}\n".encode())
            self._log.flush()
            self.proc = subprocess.Popen(
                cmd,
                cwd=self.root,
                env=env,
                stdin=subprocess.DEVNULL,
                stdout=self._log,
                stderr=subprocess.STDOUT,
                start_new_session=True,  # its own process group: kernels are stopped with it
            )
            if self._wait_ready():
                return
            self._terminate()
            if attempt == 2:
                break
        raise RuntimeError(
            f"Jupyter {self.kind} server did not start; log {self.log_path}:\n{self.log_tail()}"
        )

    def _wait_ready(self) -> bool:
        assert self.proc is not None
        deadline = time.monotonic() + self.startup_timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                return False
            try:
                self.api("GET", "api/status", timeout=2)
                return True
            except (urllib.error.URLError, ConnectionError, TimeoutError, OSError):
                time.sleep(0.1)
        return False

    def shutdown_kernels(self) -> None:
        """Stop every kernel session (between tests, so kernels do not pile up)."""
        try:
            for session in self.api("GET", "api/sessions") or []:
                self.api("DELETE", f"api/sessions/{session['id']}")
        except (urllib.error.URLError, OSError):
            pass

    def _terminate(self) -> None:
        proc, self.proc = self.proc, None
        if proc is not None and proc.poll() is None:
            for sig, wait in ((signal.SIGTERM, 10), (signal.SIGKILL, 5)):
                try:
                    os.killpg(proc.pid, sig)  # the group this object started, nothing else
                except ProcessLookupError:
                    break
                try:
                    proc.wait(wait)
                    break
                except subprocess.TimeoutExpired:
                    continue
        if self._log is not None:
            self._log.close()
            self._log = None

    def stop(self) -> None:
        """Shut the server down cleanly (kernels included) and remove the temp dir."""
        if self.proc is not None and self.proc.poll() is None:
            # The server stops its kernels first, then exits. If it does not exit in time,
            # _terminate() signals the process group it started (kernels are in it too).
            with contextlib.suppress(urllib.error.URLError, OSError, subprocess.TimeoutExpired):
                self.api("POST", "api/shutdown", timeout=5)
                self.proc.wait(15)
        self._terminate()
        if self.tmp is not None and not self.keep:
            shutil.rmtree(self.tmp, ignore_errors=True)

    def log_tail(self, lines: int = 60) -> str:
        """The last ``lines`` lines of the server log (server and kernel output)."""
        try:
            text = self.log_path.read_text(errors="replace")
        except OSError:
            return "(no server log)"
        return "\n".join(text.splitlines()[-lines:])


# --------------------------------------------------------------------------------------------
# Browser and page
# --------------------------------------------------------------------------------------------


def chromium_missing_reason() -> str | None:
    """Why the e2e tests cannot run here (no Chromium binary), or None when they can."""
    if not CHROMIUM.exists():
        return f"{CHROMIUM} not found (install Debian's chromium: apt-get install -y chromium)"
    return None


def launch_browser(playwright: Playwright) -> Browser:
    """Headless Debian Chromium with the flags known to work here (never `playwright install`)."""
    return playwright.chromium.launch(
        executable_path=str(CHROMIUM), headless=True, args=list(CHROMIUM_ARGS)
    )


def new_page(
    browser: Browser, *, width: int = 1280, height: int = 900, timeout_ms: float = 30_000
) -> Page:
    """A page in a fresh browser context (own cookies/storage), with a default timeout."""
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    page.set_default_timeout(timeout_ms)
    return page


class PageErrors:
    """Collects uncaught page errors (``pageerror``) and console errors of a page.

    Notebook 7 always throws ``Cannot read properties of undefined (reading 'schema')`` from its
    own bundle; it is ignored only when its stack trace points into Notebook 7's static files,
    so the same message from a widget still fails the test. ``console_errors`` are kept for
    reports but not asserted (JupyterLab logs some of its own).
    """

    IGNORED: tuple[tuple[str, re.Pattern[str]], ...] = (
        ("reading 'schema'", re.compile(r"/static/notebook/")),
    )

    def __init__(self, page: Page):
        self.page = page
        self.errors: list[Any] = []  # playwright Error objects
        self.ignored: list[Any] = []
        self.console_errors: list[str] = []
        page.on("pageerror", self._on_error)
        page.on("console", self._on_console)

    def _on_error(self, error: Any) -> None:
        message, stack = str(error.message or ""), str(error.stack or "")
        for needle, source in self.IGNORED:
            if needle in message and source.search(stack):
                self.ignored.append(error)
                return
        self.errors.append(error)

    def _on_console(self, msg: Any) -> None:
        if msg.type == "error":
            self.console_errors.append(msg.text)

    def messages(self) -> list[str]:
        """The unexpected page errors as text (message and first stack lines)."""
        return [
            f"{e.name}: {e.message}\n" + "\n".join(str(e.stack or "").splitlines()[1:4])
            for e in self.errors
        ]

    def assert_none(self) -> None:
        """Fail if any page error other than the known harmless ones was thrown."""
        assert not self.errors, "page errors:\n" + "\n\n".join(self.messages())


def screenshot(page: Page, name: str, *, full_page: bool = False) -> Path:
    """Save a PNG of the page to ``tests/e2e/artifacts/NAME.png``; return its path."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    safe = re.sub(r"[^A-Za-z0-9_.-]+", "_", name)
    path = ARTIFACTS / f"{safe}.png"
    page.screenshot(path=str(path), full_page=full_page)
    return path


# --------------------------------------------------------------------------------------------
# Driving a notebook
# --------------------------------------------------------------------------------------------

# The visible notebook panel (Lab keeps hidden panels in the DOM; Notebook 7 shows one).
PANEL = ".jp-NotebookPanel:not(.lm-mod-hidden)"


def open_notebook(page: Page, server: JupyterServer, name: str) -> None:
    """Navigate to notebook ``name`` (in ``server.root``) and wait for its cells to appear."""
    page.goto(server.notebook_url(name))
    page.locator(f"{PANEL} .jp-Notebook .jp-Cell").first.wait_for(state="attached")


_KERNEL_READY_JS = """
(panel) => {
  const root = document.querySelector(panel) || document;
  // A narrow page (700 px) moves the toolbar's last items into an overflow popup, which lives
  // outside the panel: look there when the panel has none and it is the page's one notebook
  // (every notebook's popup hangs off the body).
  const alone = document.querySelectorAll('.jp-NotebookPanel').length === 1;
  const all = (sel) =>
    [...(root.querySelector(sel) || !alone ? root : document).querySelectorAll(sel)];
  const indicator = all('.jp-Notebook-ExecutionIndicator')[0];
  const names = all('.jp-KernelName').map(e => e.textContent.trim());
  const name = names.find(n => n) || '';
  return !!indicator && indicator.getAttribute('data-status') === 'idle'
      && name !== '' && name !== 'No Kernel';
}
"""


def wait_kernel_ready(page: Page, timeout_ms: float = 60_000) -> None:
    """Wait until the kernel is idle AND the kernel name shows a real kernel.

    The execution indicator flickers ``idle`` while the kernel name still reads "No Kernel";
    only both together mean the kernel is connected (Lab and Notebook 7 alike).
    """
    page.wait_for_function(_KERNEL_READY_JS, arg=PANEL, timeout=timeout_ms)


def run_menu(page: Page, menu: str, item: str) -> None:
    """Click top menu ``menu`` then the item whose label is exactly ``item``."""
    page.locator(".lm-MenuBar-itemLabel").get_by_text(menu, exact=True).click()
    page.locator(".lm-Menu-itemLabel").get_by_text(item, exact=True).click()


_CELLS_STARTED_JS = """
(panel) => {
  const root = document.querySelector(panel) || document;
  return [...root.querySelectorAll('.jp-CodeCell .jp-InputArea-prompt')]
    .some(p => /\\[(\\*|\\d+)\\]/.test(p.textContent));
}
"""


def run_all(page: Page, attempts: int = 3) -> None:
    """Menu Run → "Run All Cells" (exact, so "Restart Kernel and Run All Cells…" is not hit).

    Under load, Notebook 7 can take the click before the notebook accepts commands and run
    nothing; so wait until a cell shows ``[*]`` or ``[n]``, and click again if none does.
    """
    for attempt in range(attempts):
        run_menu(page, "Run", "Run All Cells")
        try:
            page.wait_for_function(_CELLS_STARTED_JS, arg=PANEL, timeout=10_000)
            return
        except Exception as error:  # playwright's TimeoutError; imported lazily like playwright
            if type(error).__name__ != "TimeoutError" or attempt == attempts - 1:
                raise
            page.keyboard.press("Escape")  # close a menu left open


_CELLS_DONE_JS = """
(panel) => {
  const root = document.querySelector(panel) || document;
  const prompts = [...root.querySelectorAll('.jp-CodeCell .jp-InputArea-prompt')];
  return prompts.length > 0 && prompts.every(p => /\\[\\d+\\]/.test(p.textContent));
}
"""


def wait_cells_done(page: Page, timeout_ms: float = 60_000) -> None:
    """Wait until every code cell shows an execution count (``[n]``), i.e. it has run."""
    page.wait_for_function(_CELLS_DONE_JS, arg=PANEL, timeout=timeout_ms)


def code_cell(page: Page, index: int) -> Any:
    """Locator of the ``index``-th code cell of the visible notebook."""
    return page.locator(f"{PANEL} .jp-CodeCell").nth(index)


def cell_output_text(page: Page, index: int) -> str:
    """The text of code cell ``index``'s outputs."""
    return str(code_cell(page, index).locator(".jp-OutputArea").inner_text())


def run_cell(page: Page, index: int, timeout_ms: float = 30_000) -> str:
    """Run code cell ``index`` alone and return its output text.

    Selects the cell by its prompt (command mode) and presses Ctrl+Enter ("run, stay"): unlike
    Shift+Enter on the last cell, it inserts no new empty cell. Waits until the cell's execution
    count changed to a new number, so the output is fresh.
    """
    cell = code_cell(page, index)
    prompt = cell.locator(".jp-InputArea-prompt")
    before = prompt.inner_text()
    prompt.click()  # selects the cell in command mode (no editor focus)
    page.keyboard.press("Control+Enter")
    page.wait_for_function(
        """([el, before]) => { const t = el.textContent;
                             return t !== before && /\\[\\d+\\]/.test(t); }""",
        arg=[prompt.element_handle(), before],
        timeout=timeout_ms,
    )
    return cell_output_text(page, index)


def output_problems(page: Page) -> list[str]:
    """Texts of error outputs, stderr and widget load failures in the visible notebook.

    Catches tracebacks, "Failed to load model class", "Error displaying widget", so a test can
    assert every widget output rendered.
    """
    texts = page.evaluate(
        """(panel) => {
          const root = document.querySelector(panel) || document;
          const bad = [...root.querySelectorAll(
            '.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"],'
            + '.jp-RenderedText[data-mime-type="application/vnd.jupyter.error"]')];
          const out = bad.map(e => e.textContent);
          for (const e of root.querySelectorAll('.jp-OutputArea-output')) {
            const t = e.textContent || '';
            if (/Failed to load model class|Error displaying widget|Model not found/i.test(t))
              out.push(t);
          }
          return out;
        }""",
        PANEL,
    )
    return [str(t) for t in texts]


def tables_said(page: Page, timeout_ms: float = 5_000) -> list[str]:
    """What each table on the page says in its message line, and the focused element: a failed
    test's report tells a refused intent (a stale click, a rule) from a click that never came.
    Bounded by ``timeout_ms``: a page that froze must not hang the report."""
    said = page.wait_for_function(
        """() => [
          ...[...document.querySelectorAll('.ct-table')].map((t, k) => {
            const m = t.querySelector('[data-role="message"]');
            return `table ${k + 1}: ${(m && m.textContent) || '(no message)'}`;
          }),
          `focus: ${document.activeElement?.cloneNode(false).outerHTML ?? ''}`,
        ]""",
        timeout=timeout_ms,
    ).json_value()
    return [str(line) for line in said]


def wait_for(page: Page, js: str, arg: Any = None, timeout_ms: float = 15_000) -> Any:
    """``page.wait_for_function`` with a shorter default timeout; returns the truthy value."""
    return page.wait_for_function(js, arg=arg, timeout=timeout_ms).json_value()


__all__: Sequence[str] = (
    "ARTIFACTS",
    "CHROMIUM",
    "COUNTER_SOURCE",
    "PANEL",
    "JupyterServer",
    "PageErrors",
    "assert_focus_stays",
    "cell_output_text",
    "chromium_missing_reason",
    "code_cell",
    "focused",
    "free_port",
    "launch_browser",
    "new_page",
    "open_notebook",
    "output_problems",
    "press_until",
    "run_all",
    "run_cell",
    "run_menu",
    "run_notebook",
    "screenshot",
    "set_theme",
    "wait_cells_done",
    "wait_for",
    "wait_kernel_ready",
    "write_notebook",
)


def set_theme(page: Page, theme: str) -> None:
    """Settings → Theme → ``theme`` ("JupyterLab Dark" / "JupyterLab Light")."""
    run_menu(page, "Settings", "Theme")
    page.locator(".lm-Menu-itemLabel").get_by_text(theme, exact=True).click()
    light = "true" if "Light" in theme else "false"
    page.wait_for_function(f"() => document.body.dataset.jpThemeLight === '{light}'")


def run_notebook(page: Page, server: JupyterServer, name: str, cells: Iterable[str]) -> None:
    """Write ``cells`` as ``NAME.ipynb`` in the server's root, open it, Run All, and wait until
    every cell has run."""
    write_notebook(server.root / f"{name}.ipynb", cells)
    open_notebook(page, server, name)
    wait_kernel_ready(page)
    run_all(page)
    wait_cells_done(page)


FOCUS_INSIDE_JS = "r => r.contains(document.activeElement)"


def focused(root: Any, attribute: str) -> str | None:
    """``data-<attribute>`` of the focused element when it lies inside ``root``, else None."""
    return root.evaluate(  # type: ignore[no-any-return]
        f"r => r.contains(document.activeElement) ? document.activeElement.dataset.{attribute}"
        " ?? null : null"
    )


def press_until(
    root: Any, key: str, attribute: str, wanted: str | Collection[str], limit: int = 16
) -> None:
    """Press ``key`` until the focused element in ``root`` has ``data-<attribute>`` equal to
    ``wanted`` (or one of them): how a keyboard player walks to a card or a button."""
    values = {wanted} if isinstance(wanted, str) else set(wanted)
    for _ in range(limit):
        if focused(root, attribute) in values:
            return
        root.page.keyboard.press(key)
    raise AssertionError(f"{key} never reached data-{attribute} in {sorted(values)}")


def assert_focus_stays(page: Page, root: Any, what: str, timeout_ms: float = 2_000) -> None:
    """The keyboard focus is (or comes back, in the frame after a draw) inside ``root``."""
    try:
        page.wait_for_function(FOCUS_INSIDE_JS, arg=root.element_handle(), timeout=timeout_ms)
    except Exception:
        raise AssertionError(f"{what} lost the focus") from None
