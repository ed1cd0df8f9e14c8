"""``StoeptegelWidget.join`` against a hostile table (issue 26): a frame that is not a seat's
state closes the socket and the table says so; nothing of it is set; a lost connection is tried
again with the page's backoff; a stalled table does not stall the notebook."""

from __future__ import annotations

import asyncio
import itertools
from typing import Any

import pytest

from cardtable import StoeptegelWidget
from cardtable.widgets import remote

from ..widgets.threads import run_async
from .hostile import HostileTable, silent_table, state_frame

GOOD = state_frame(version=1, names=["You", "Anna"], humans=[0])
BAD: dict[str, str | bytes] = {
    "not JSON": "this is not json",
    "a list": "[1,2,3]",
    "a trait of the wrong type": '{"type":"state","state":{"version":"x"}}',
    "one good trait and one bad": state_frame(version=5, names=[1]),
    "a name the seat has no trait for": state_frame(cards=["AS"]),
    "another type": '{"type":"reveal","state":{}}',
    "an extra field": '{"type":"state","state":{},"seed":1}',
    "a state that is not an object": '{"type":"state","state":[]}',
    "nested too deeply": '{"type":"state","state":{"view":' + "[" * 30000 + "]" * 30000 + "}}",
    "binary": b"\x00\x01",
    "oversized": state_frame(view={"x": "a" * remote.MAX_FRAME_BYTES}),
}


async def until(check: Any, seconds: float = 5.0) -> None:
    deadline = asyncio.get_running_loop().time() + seconds
    while not check():
        assert asyncio.get_running_loop().time() < deadline, "timed out"
        await asyncio.sleep(0.01)


def unretrieved(loop: asyncio.AbstractEventLoop) -> list[Any]:
    """Exceptions the loop would report ("Task exception was never retrieved")."""
    seen: list[Any] = []
    loop.set_exception_handler(lambda _loop, context: seen.append(context))
    return seen


@pytest.fixture(autouse=True)
def quick_reconnects(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(remote, "RECONNECT_SECONDS", (0.05, 0.2))


@pytest.mark.parametrize("kind", list(BAD))
def test_a_bad_frame_closes_the_socket_and_the_table_says_so(kind: str) -> None:
    async def scenario() -> dict[str, Any]:
        seen = unretrieved(asyncio.get_running_loop())
        table = HostileTable([GOOD, BAD[kind], GOOD.replace('"version": 1', '"version": 9')])
        widget = StoeptegelWidget.join(table.link)
        await until(lambda: table.closed)
        await asyncio.sleep(0.5)  # time for (wrong) reconnects
        out = {"message": widget.message["text"], "version": widget.version,
               "names": widget.names, "hellos": len(table.hellos), "seen": seen}  # fmt: skip
        widget.close()
        table.stop()
        return out

    out = run_async(scenario)
    assert out["message"] == remote.UNREADABLE
    assert out["version"] == 1 and out["names"] == ["You", "Anna"]  # the good frame, nothing else
    assert out["hellos"] == 1 and out["seen"] == []  # closed, not retried; no task died


def test_a_lost_connection_is_tried_again_with_the_pages_backoff(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The waits the client chooses are read where it chooses them (its asyncio.sleep), not
    # from the gaps between hellos, which a loaded machine stretches at random.
    waits: list[float] = []
    real_sleep = asyncio.sleep

    async def sleep(delay: float, *args: Any, **kwargs: Any) -> Any:
        if delay >= 0.05:  # the backoff's (the test's own polls wait 0.01 s)
            waits.append(delay)
        return await real_sleep(delay, *args, **kwargs)

    monkeypatch.setattr(remote.asyncio, "sleep", sleep)

    async def scenario() -> tuple[list[float], str]:
        table = HostileTable([GOOD], close=1001)
        widget = StoeptegelWidget.join(table.link)
        await until(lambda: len(table.hellos) >= 5)
        message = widget.message["text"]
        widget.close()
        table.stop()
        return table.hellos, message

    hellos, message = run_async(scenario)
    assert waits[:4] == [0.05, 0.1, 0.2, 0.2], waits  # doubling, up to the longest
    gaps = [later - earlier for earlier, later in itertools.pairwise(hellos)]
    assert all(gap >= wait for gap, wait in zip(gaps, waits, strict=False)), (gaps, waits)
    assert "reconnecting" in message or "Connecting" in message


@pytest.mark.parametrize(("code", "words"), [(4403, "no longer works"), (4409, "refused")])
def test_a_refusal_is_said_and_not_retried(code: int, words: str) -> None:
    async def scenario() -> tuple[int, str]:
        table = HostileTable([], close=code)
        widget = StoeptegelWidget.join(table.link)
        await until(lambda: words in widget.message.get("text", ""))
        await asyncio.sleep(0.4)
        widget.close()
        table.stop()
        return len(table.hellos), widget.message["text"]

    hellos, _text = run_async(scenario)
    assert hellos == 1


def test_a_stalled_table_stalls_nothing_and_is_tried_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(remote, "CONNECT_SECONDS", 0.3)

    async def scenario() -> dict[str, Any]:
        silent, server = await silent_table()
        mute = HostileTable([])  # answers the handshake, then sends nothing
        ticks = 0

        async def tick() -> None:
            nonlocal ticks
            while True:
                await asyncio.sleep(0.01)
                ticks += 1

        ticker = asyncio.ensure_future(tick())
        stalled, muted = StoeptegelWidget.join(silent), StoeptegelWidget.join(mute.link)
        await until(lambda: "trying again" in stalled.message.get("text", ""))
        await until(lambda: len(mute.hellos) >= 2)
        out = {"stalled": stalled.message["text"], "ticks": ticks, "muted": muted.message["text"]}
        ticker.cancel()
        for widget in (stalled, muted):
            widget.close()
        mute.stop()
        server.close()
        return out

    out = run_async(scenario)
    assert out["stalled"].startswith("Could not reach the table")
    assert out["ticks"] > 10  # the loop kept running while the table said nothing
    assert "did not answer" in out["muted"] or "Connecting" in out["muted"]


def test_an_intent_while_not_connected_is_refused_not_queued() -> None:
    async def scenario() -> str:
        table = HostileTable([], close=4403)
        widget = StoeptegelWidget.join(table.link)
        widget._on_message(widget, {"action": "pass"}, [])
        text = widget.message["text"]
        widget.close()
        table.stop()
        return text

    assert "not connected" in run_async(scenario)
