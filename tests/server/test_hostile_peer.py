"""A served table against a hostile peer on loopback (issue 26): every hostile message ends as
a close code, never a traceback in the server's log."""

from __future__ import annotations

import logging
from typing import Any

import pytest

from cardtable import serve

from ..widgets.threads import run_async
from .test_loopback import closed_with, connect, hello


def no_tracebacks(caplog: pytest.LogCaptureFixture) -> list[str]:
    """What the server logged with a traceback (there must be nothing)."""
    return [r.getMessage() for r in caplog.records if r.exc_info or r.levelno >= logging.ERROR]


@pytest.mark.parametrize("token", ["é…", "🂡", "\udc80abc"])
def test_a_token_that_is_not_ascii_is_a_wrong_token(
    token: str, caplog: pytest.LogCaptureFixture
) -> None:
    async def scenario() -> tuple[int | None, list[str]]:
        table = serve(players=2, process=False, think=None, seed=1)
        try:
            return await closed_with(await hello(table, 0, token=token))
        finally:
            table.stop()

    caplog.set_level(logging.DEBUG)
    assert run_async(scenario) == (4403, [])
    assert no_tracebacks(caplog) == []


def test_deep_nesting_before_or_after_the_hello_is_malformed(
    caplog: pytest.LogCaptureFixture,
) -> None:
    async def scenario() -> list[Any]:
        table = serve(players=2, process=False, think=None, seed=1)
        try:
            early = await connect(table)
            await early.write_message("[" * 30000 + "]" * 30000)  # 60 KB: under the 64 KiB cap
            seated = await hello(table, 0)
            await seated.read_message()
            deep = '{"type": "intent", "intent": ' + "[" * 20000 + "]" * 20000 + "}"
            await seated.write_message(deep)
            return [(await closed_with(early))[0], (await closed_with(seated))[0]]
        finally:
            table.stop()

    caplog.set_level(logging.DEBUG)
    assert run_async(scenario) == [4400, 4400]
    assert no_tracebacks(caplog) == []
