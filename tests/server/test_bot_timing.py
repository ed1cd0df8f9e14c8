"""Rule B23 on a served table: its bots think in a worker process of the table's own, never on
the table's event loop (where every seat's frames would wait for them, longer when a bot has
cards to weigh); in a daemon process, which may start none, in a thread; and every bot action,
a play or a pass, comes one think time after the change that gave it the turn."""

from __future__ import annotations

import asyncio
import multiprocessing
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from cardtable import serve
from cardtable.server.hub import TableHub
from cardtable.stoeptegel import thinking

from ..stoeptegel.test_thinking import bot_to_move
from ..widgets.threads import run_async
from .test_faults import alive, children, choose
from .test_loopback import hello, next_state

pytestmark = pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="reads /proc")


def ticks_while_a_slow_bot_thinks() -> tuple[int, bool, bool]:
    """In this process: how often the loop ran while a slow built-in bot decided, whether it
    was still deciding after three ticks, and whether its decision is the inline one."""
    from cardtable.stoeptegel.bots import SamplingBot

    _, view = bot_to_move()

    def slow() -> SamplingBot:
        return SamplingBot(seed=1, rollouts=20_000, min_worlds=400, max_worlds=400)

    async def scenario() -> tuple[int, bool, bool]:
        decision = asyncio.wrap_future(thinking.submit(slow(), view))
        ticks = 0
        while not decision.done() and ticks < 3:
            await asyncio.sleep(0)
            ticks += 1
        still_thinking = not decision.done()
        ok, move, _bot = await decision
        return ticks, still_thinking, ok and move == slow().turn(view)

    return asyncio.run(scenario())


def _child(conn: Any) -> None:
    conn.send(ticks_while_a_slow_bot_thinks())


def test_a_served_tables_bots_think_in_a_worker_process_of_the_tables_own() -> None:
    """The table's process was a daemon, which may start no process: its bots computed on the
    table's loop."""
    before = set(multiprocessing.active_children())  # earlier tests' bot workers stay
    table = serve(players=2, bots={1: "sampling"}, think=(0.8, 0.8), seed=5)
    try:
        (process,) = set(multiprocessing.active_children()) - before

        async def scenario() -> list[int]:
            ws = await hello(table, 0)
            await ws.write_message(choose((await next_state(ws))["view"]["hand"][0]))
            await next_state(ws)  # the choice is in: the bot has its turn or its choice
            await asyncio.sleep(0.3)
            return children(process.pid)

        workers = run_async(scenario)
        assert workers and all(alive(pid) for pid in workers)
    finally:
        table.stop()
    process.join(10)
    assert process.exitcode == 0 and not any(alive(pid) for pid in workers)


def test_in_a_daemon_process_a_builtin_bot_thinks_off_the_event_loop() -> None:
    """A daemon process may start no worker: a built-in bot computed on the loop there, so
    every seat's frames waited for it, longer when it had cards to weigh."""
    spawn = multiprocessing.get_context("spawn")
    parent, child = spawn.Pipe()
    process = spawn.Process(target=_child, args=(child,), daemon=True)
    process.start()
    try:
        assert parent.poll(120), "the daemon process did not answer"
        ticks, still_thinking, same = parent.recv()
    finally:
        process.join(10)
    assert ticks == 3 and still_thinking and same


def test_a_served_tables_bots_act_one_think_time_after_their_turn_came_play_or_pass(
    monkeypatch: Any,
) -> None:
    """The served table's bots (sampling, in a thread as in its daemon process) with a fixed
    think time: no action, a play or a pass, comes sooner than that time after the change that
    gave the bot its turn (a bot without a card to lay does not answer at once)."""
    monkeypatch.setattr(thinking, "_POOLS", {"process": None})  # a daemon process's pools
    think = 0.3

    async def scenario() -> list[tuple[str, float]]:
        hub = TableHub(players=3, bots={1: "sampling", 2: "sampling"}, seed=8, think=(think, think))
        game, seen, last = hub.game, [], [time.monotonic()]

        def changed(_game: Any) -> None:
            now = time.monotonic()
            kind, seat = game.actions[-1][:2]
            if seat != 0:
                seen.append((kind, now - last[0]))
            last[0] = now

        game.subscribe(changed)
        deadline = time.monotonic() + 60
        while not {"play", "pass"} <= {k for k, _ in seen} or len(seen) < 12:
            assert time.monotonic() < deadline, "the bots did not play on"
            if game.phase == "choose" and game.chosen(0) is None:
                hub.intent(0, {"action": "choose", "card": game.hand(0)[0].code})
            elif game.phase == "play" and game.to_move == 0:
                hub.intent(0, {"action": "pass"})
            elif game.phase == "over":
                break
            await asyncio.sleep(0.01)
        hub.close()
        return seen

    seen = asyncio.run(scenario())
    thinking.close_pools()
    plays = [delay for kind, delay in seen if kind == "play"]
    passes = [delay for kind, delay in seen if kind == "pass"]
    assert plays and passes
    # Choices are made together (each after its own draw), so only turns are timed here.
    assert min(plays + passes) >= think - 0.01, seen


HOST = """
import multiprocessing, sys, time, cardtable
table = cardtable.serve(players=2, bots={1: "sampling"}, think=(0.5, 0.5), seed=3)
print(*[p.pid for p in multiprocessing.active_children()], flush=True)
if sys.argv[1] == "sleep":
    time.sleep(60)
"""


@pytest.mark.parametrize("end", ["exit", "kill"])
def test_the_tables_process_never_outlives_its_host(end: str) -> None:
    """Not a daemon (so that it may start its bots' worker), the table's process still ends
    with the process that served it: at its exit without ``stop()``, and when it is killed."""
    host = subprocess.Popen([sys.executable, "-c", HOST, "sleep" if end == "kill" else "exit"],
                            stdout=subprocess.PIPE, text=True)  # fmt: skip
    assert host.stdout is not None
    (table,) = [int(pid) for pid in host.stdout.readline().split()]
    if end == "kill":
        host.kill()
    assert host.wait(timeout=30) == (0 if end == "exit" else -signal.SIGKILL)
    deadline = time.monotonic() + 10
    while alive(table) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not alive(table)
