"""Running a test body in a thread of its own.

Playwright's sync API leaves an event loop running in the main thread once the e2e tests have
run; a widget that finds a running loop (as in a kernel) goes asynchronous. These helpers give
a test the thread it means: none running (a script), or a fresh ``asyncio.run`` (a kernel).
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from typing import Any


def in_own_thread(body: Callable[[], Any], timeout: float = 120) -> Any:
    """``body()`` in a new thread, where no event loop runs; its result, or its exception, or
    :class:`TimeoutError` once ``timeout`` seconds pass."""
    outcome: dict[str, Any] = {}

    def main() -> None:
        try:
            outcome["value"] = body()
        except BaseException as error:
            outcome["error"] = error

    thread = threading.Thread(target=main, daemon=True)  # a hung body must not hang pytest
    thread.start()
    thread.join(timeout)
    if thread.is_alive():
        raise TimeoutError(f"the test body was still running after {timeout} s")
    if "error" in outcome:
        raise outcome["error"]
    return outcome.get("value")


def run_async(scenario: Callable[[], Any]) -> Any:
    """``asyncio.run(scenario())`` in a thread of its own (a kernel-like running loop)."""
    return in_own_thread(lambda: asyncio.run(scenario()))
