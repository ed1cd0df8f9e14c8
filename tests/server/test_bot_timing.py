"""Rule B23 on a served table: its process is a daemon (it must not outlive the notebook that
started it), which may start no worker process, so its bots think in a thread, never on the
table's event loop; every bot action, a play or a pass, comes one think time after the change
that gave it the turn, whatever the bot holds."""

from __future__ import annotations

import asyncio
import multiprocessing
import time
from typing import Any

from cardtable.server.hub import TableHub
from cardtable.stoeptegel import thinking

from ..stoeptegel.test_thinking import bot_to_move


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


def test_in_a_daemon_process_a_builtin_bot_thinks_off_the_event_loop() -> None:
    """A served table's process is a daemon: there a built-in bot computed on the loop (the
    worker process could not start), so every seat's frames waited for it, longer when it had
    cards to weigh."""
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
    thinking._close_pools()
    plays = [delay for kind, delay in seen if kind == "play"]
    passes = [delay for kind, delay in seen if kind == "pass"]
    assert plays and passes
    # Choices are made together (each after its own draw), so only turns are timed here.
    assert min(plays + passes) >= think - 0.01, seen
