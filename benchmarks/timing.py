"""Rule B23: does the time a click takes tell whether a bot could move?

    python benchmarks/timing.py [--trials 12] [--bot expert]

A human passes; a sampling bot ("strong", or ``--bot expert``) is then to move and thinks.
Meanwhile the human's browser sends a message every 5 ms (a click refused with "not your
turn"), and each one's delay
is timed from when it was due to when the table had answered it. Half the trials give the bot
cards it can lay (it then plays rounds out to decide), half give it none (it passes at once).
If the bot computed on the kernel's event loop, the clicks in the first case would wait; the
ratio of the two delays is the leak (target 1.0 ± 0.1). The same run with the bot forced to
think on the loop shows the leak this avoids. Nothing here is asserted.
"""

from __future__ import annotations

import argparse
import asyncio
import concurrent.futures
import statistics
import time
from typing import Any

from cardtable import StoeptegelWidget
from cardtable.cards import deck_with_jokers
from cardtable.stoeptegel import Stoeptegel, thinking
from cardtable.stoeptegel.bots import BOTS, GreedyBot

THINK = 0.3
PROBE_EVERY = 0.005
OPEN_ROWS = ["3D", "4S", "2H"]
CLOSED_ROWS = ["4D 2D", "5S 2S", "6H 2H"]  # a played 2 closes its row (rule B8)


def table(bot_can_move: bool, bot: str) -> StoeptegelWidget:
    """Four seats, six cards each, a stock of twenty; seat 1 (the ``bot`` timed) moves next."""
    rows = OPEN_ROWS if bot_can_move else CLOSED_ROWS
    used = {code for row in rows for code in row.split()}
    rest = [card.code for card in deck_with_jokers() if card.code not in used]
    game = Stoeptegel.scenario(
        [rest[6 * s : 6 * s + 6] for s in range(4)],
        rows,
        rest[24:28],
        stock=rest[28:48],
        seed=1,
    )
    bots = [None, BOTS[bot](seed=2), GreedyBot(seed=3), GreedyBot(seed=4)]
    return StoeptegelWidget(game=game, bots=bots, think=(THINK, THINK))


async def trial(bot_can_move: bool, bot: str) -> list[float]:
    widget = table(bot_can_move, bot)
    loop = asyncio.get_running_loop()
    delays: list[float] = []
    start = loop.time()  # the clicks are due from the human's pass on

    def probe(due: float) -> None:
        widget._handle_msg(
            {"content": {"data": {"method": "custom", "content": {"action": "pass"}}}}
        )
        delays.append(time.perf_counter() - due)

    offset = PROBE_EVERY
    while offset < THINK - 0.05:
        due = time.perf_counter() + (start + offset - loop.time())
        loop.call_at(start + offset, probe, due)
        offset += PROBE_EVERY
    widget.handle({"action": "pass"})  # the bot is to move now, and starts thinking
    assert bool(widget.game.legal_plays(1)) == bot_can_move
    while widget.game.to_move == 1:
        await asyncio.sleep(0.01)
    widget.close()
    return delays


def inline_submit(bot: Any, view: dict[str, Any]) -> concurrent.futures.Future[Any]:
    done: concurrent.futures.Future[Any] = concurrent.futures.Future()
    done.set_result(thinking.decide(bot, view))
    return done


def measure(trials: int, bot: str) -> dict[bool, list[float]]:
    delays: dict[bool, list[float]] = {True: [], False: []}

    async def run() -> None:
        await trial(True, bot)  # warm up: the worker process starts
        for i in range(2 * trials):
            can = i % 2 == 0
            delays[can] += await trial(can, bot)

    asyncio.run(run())
    return delays


def report(label: str, delays: dict[bool, list[float]]) -> None:
    def ms(values: list[float], q: float) -> float:
        return 1000 * statistics.quantiles(values, n=100)[int(q) - 1] if q < 100 else max(values)

    can, cannot = delays[True], delays[False]
    print(f"{label}:")
    for name, values in (("bot could move", can), ("bot could not", cannot)):
        print(
            f"  {name:15} mean {1000 * statistics.mean(values):6.2f} ms  median "
            f"{ms(values, 50):6.2f} ms  p95 {ms(values, 95):6.2f} ms  ({len(values)} clicks)"
        )
    print(
        f"  ratio could/could not: mean {statistics.mean(can) / statistics.mean(cannot):.2f}, "
        f"p95 {ms(can, 95) / ms(cannot, 95):.2f} (target 1.0 ± 0.1)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trials", type=int, default=12)
    parser.add_argument("--bot", choices=["sampling", "expert"], default="sampling")
    args = parser.parse_args()
    print(f"the bot timed: {args.bot}")
    report("as shipped (bots think in a worker process)", measure(args.trials, args.bot))
    real = thinking.submit
    thinking.submit = inline_submit  # type: ignore[assignment]
    try:
        report("for comparison, the bot thinking on the event loop", measure(args.trials, args.bot))
    finally:
        thinking.submit = real


if __name__ == "__main__":
    main()
