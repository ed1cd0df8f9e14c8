"""Rule B23: bots think away from the table's event loop (their think times, drawn from an
entropy source the deal's seed does not reach, are tested with the session)."""

from __future__ import annotations

import asyncio
import os
import pickle
import sys

from cardtable.stoeptegel import Stoeptegel, thinking
from cardtable.stoeptegel.bots import GreedyBot, SamplingBot

from ..widgets.threads import run_async


def bot_to_move() -> tuple[Stoeptegel, dict]:
    game = Stoeptegel(players=4, seed=12)
    for seat in range(4):
        game.choose(seat, game.hand(seat)[0])
    while not game.legal_plays(game.to_move):  # type: ignore[arg-type]
        game.pass_turn(game.to_move)  # type: ignore[arg-type]
    return game, game.view(game.to_move)  # type: ignore[arg-type]


def test_a_builtin_bot_decides_in_a_worker_process_as_it_would_inline() -> None:
    _, view = bot_to_move()
    bot = SamplingBot(seed=5)
    twin = pickle.loads(pickle.dumps(bot))
    ok, move, after = thinking.submit(bot, view).result(timeout=60)
    assert ok and after is not bot  # a copy came back: it went through a worker process
    assert (move, pickle.dumps(after)) == (
        twin.turn(view),
        pickle.dumps(twin),
    )  # same result, same state


class Mine(GreedyBot):
    """A user's bot: remembers where it ran."""

    def turn(self, view: dict) -> object:
        self.pid = os.getpid()
        return super().turn(view)


def test_a_users_bot_decides_in_a_thread_and_keeps_its_identity() -> None:
    _, view = bot_to_move()
    bot = Mine(seed=1)
    ok, _move, after = thinking.submit(bot, view).result(timeout=60)
    assert ok and after is bot and bot.pid == os.getpid()


def test_the_event_loop_runs_while_a_bot_thinks() -> None:
    """The loop keeps answering while a slow bot computes: had it computed on the loop, no
    tick could come between the start of its thinking and its decision."""
    _, view = bot_to_move()
    slow = SamplingBot(seed=1, rollouts=20_000, min_worlds=400, max_worlds=400)

    async def scenario() -> tuple[int, bool]:
        thinking.submit(GreedyBot(seed=1), view).result(timeout=60)  # the worker is up
        decision = asyncio.wrap_future(thinking.submit(slow, view))
        ticks = 0
        while not decision.done() and ticks < 3:
            await asyncio.sleep(0)
            ticks += 1
        still_thinking = not decision.done()
        await decision
        return ticks, still_thinking

    ticks, still_thinking = run_async(scenario)
    assert ticks == 3 and still_thinking


def test_under_webassembly_no_worker_process_is_tried(monkeypatch) -> None:
    """Pyodide (JupyterLite) has no processes: a built-in bot thinks without one, and the
    decision is the same."""

    def no_processes(*args: object, **kwargs: object) -> None:
        raise AssertionError("a process pool under WebAssembly")

    _, view = bot_to_move()
    monkeypatch.setattr(thinking, "_POOLS", {})  # the real pools are kept for the other tests
    monkeypatch.setattr(sys, "platform", "emscripten")
    monkeypatch.setattr(thinking.concurrent.futures, "ProcessPoolExecutor", no_processes)
    bot, twin = GreedyBot(seed=2), GreedyBot(seed=2)
    ok, move, after = thinking.submit(bot, view).result(timeout=60)
    assert ok and after is bot and move == twin.turn(view)
    assert thinking._POOLS["process"] is None
    thinking.close_pools()
