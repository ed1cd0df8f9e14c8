"""Faults a served table meets (issue 26): an interrupt while a bot thinks, a table closed in the
middle of a round, its process stopped and started again. Loopback only, bounded waits."""

from __future__ import annotations

import asyncio
import json
import logging
import multiprocessing
import os
import signal
import time
from pathlib import Path
from typing import Any

import pytest

from cardtable import StoeptegelWidget, serve

from ..widgets.threads import run_async
from .test_loopback import WAIT, closed_with, connect, hello, next_state


def children(pid: int) -> list[int]:
    """The processes ``pid`` started (Linux)."""
    found = []
    for task in Path(f"/proc/{pid}/task").glob("*"):
        found += [int(p) for p in (task / "children").read_text().split()]
    return found


def alive(pid: int) -> bool:
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except FileNotFoundError:
        return False
    return "\nState:\tZ" not in status


def choose(card: str) -> str:
    return json.dumps({"type": "intent", "intent": {"action": "choose", "card": card}})


pytestmark = pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="reads /proc")


def test_an_interrupt_while_a_bot_thinks_reaches_neither_the_table_nor_its_bot() -> None:
    before = set(multiprocessing.active_children())  # earlier tests' bot workers stay
    table = serve(players=2, bots={1: "sampling"}, think=(0.8, 0.8), seed=5)
    try:
        (process,) = set(multiprocessing.active_children()) - before

        async def scenario() -> dict[str, Any]:
            ws = await hello(table, 0)
            first = await next_state(ws)
            card = first["view"]["hand"][0]
            await ws.write_message(choose(card))
            await asyncio.sleep(0.3)  # the bot is thinking (in the table's worker process)
            interrupted = [process.pid, *children(process.pid)]
            for pid in interrupted:
                os.kill(pid, signal.SIGINT)
            deadline = time.monotonic() + WAIT
            view = first["view"]
            while view.get("phase") != "play" and time.monotonic() < deadline:
                view = (await next_state(ws))["view"] or view
            return {"phase": view.get("phase"), "interrupted": len(interrupted),
                    "alive": all(alive(pid) for pid in interrupted)}  # fmt: skip

        out = run_async(scenario)
        assert out["phase"] == "play" and out["alive"] and out["interrupted"] >= 1
    finally:
        table.stop()


def test_a_table_stopped_mid_round_lets_its_process_and_bot_worker_go() -> None:
    before = set(multiprocessing.active_children())  # earlier tests' bot workers stay
    table = serve(players=3, bots={1: "sampling", 2: "sampling"}, think=(1.0, 1.0), seed=5)
    (process,) = set(multiprocessing.active_children()) - before

    async def scenario() -> list[int]:
        ws = await hello(table, 0)
        card = (await next_state(ws))["view"]["hand"][0]
        await ws.write_message(choose(card))
        await asyncio.sleep(0.4)  # both bots are thinking
        return children(process.pid)

    workers = run_async(scenario)
    started = time.monotonic()
    table.stop()
    deadline = started + 10
    while any(alive(pid) for pid in [process.pid, *workers]) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not any(alive(pid) for pid in [process.pid, *workers])
    assert process.exitcode == 0  # it ended by itself: stop() did not have to kill it


def test_a_widget_closed_mid_round_stops_its_bots_quietly(caplog: pytest.LogCaptureFixture) -> None:
    from cardtable.stoeptegel import thinking
    from cardtable.stoeptegel.bots import GreedyBot

    async def scenario() -> dict[str, Any]:
        seen: list[Any] = []
        asyncio.get_running_loop().set_exception_handler(lambda _l, context: seen.append(context))
        widget = StoeptegelWidget(players=4, bots="sampling", think=(0.5, 0.5), seed=9)
        game = widget.game
        widget._on_message(widget, {"action": "choose", "card": game.hand(0)[0].code}, [])
        await asyncio.sleep(0.2)  # three bots are thinking
        actions = len(game.actions)
        widget.close()
        await asyncio.sleep(1.5)  # their thinking times run out
        probe = thinking.submit(GreedyBot(seed=1), game.view(0))
        started = time.monotonic()
        while not probe.done() and time.monotonic() - started < WAIT:
            await asyncio.sleep(0.02)
        return {"moved": len(game.actions) - actions, "seen": seen, "free": probe.done()}

    caplog.set_level(logging.DEBUG)
    out = run_async(scenario)
    assert out == {"moved": 0, "seen": [], "free": True}
    assert not [r for r in caplog.records if r.exc_info or r.levelno >= logging.WARNING]


def test_a_table_restarted_on_its_port_is_a_new_table_and_old_links_say_so() -> None:
    first = serve(players=2, bots={1: "greedy"}, think=None, seed=1)
    port = int(first.url.split(":")[2].split("/")[0])
    old = first
    first.stop()
    again = serve(players=2, bots={1: "greedy"}, think=None, seed=1, port=port)
    try:

        async def scenario() -> tuple[int | None, int]:
            code = (await closed_with(await connect(old)))[0]  # its table is gone
            state = await next_state(await hello(again, 0))
            return code, state["view"]["seat"]

        assert again.url != old.url and run_async(scenario) == (4404, 0)
    finally:
        again.stop()
