"""Does a move cost more late in a long game? Python time and bytes synced per action.

    python benchmarks/growth.py [--actions 300]

A four-seat game against greedy bots is played on to round 3 and to round 300 (the target set
out of reach), then the table takes over and seat 0 plays on through the widget, the bots
answering at once. For each point: the Python time per action (the intent, the engine, the
bots' replies, the views and the log lines) and the bytes of the comm frames the widget sends
per action. A view carries this round's events only and the log is appended to, so both should
not grow with the rounds played (target ratio ≤ 1.2). Nothing here is asserted.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from typing import Any

from cardtable import StoeptegelWidget
from cardtable.stoeptegel import Stoeptegel
from cardtable.stoeptegel.bots import GreedyBot, play_on

PLAYERS = 4


def game_at_round(round_number: int, seed: int = 1) -> Stoeptegel:
    """Greedy bots play a game with an unreachable target on to ``round_number``."""
    bots = [GreedyBot(seed=s) for s in range(PLAYERS)]
    return play_on(Stoeptegel(PLAYERS, seed=seed, target=10**9), bots, until_round=round_number)


def measure(round_number: int, actions: int) -> tuple[float, float, int]:
    """Median ms and mean bytes per action of seat 0, from ``round_number`` on."""
    game = game_at_round(round_number)
    bots: list[Any] = [None] + [GreedyBot(seed=10 + s) for s in range(1, PLAYERS)]
    widget = StoeptegelWidget(game=game, bots=bots, think=None)
    me = GreedyBot(seed=99)
    sent: list[int] = []
    comm = widget.comm
    assert comm is not None
    comm.publish_msg = lambda _type, data=None, **_: sent.append(len(json.dumps(data)))  # type: ignore[method-assign]
    times, sizes = [], []
    for _ in range(actions):
        view = game.view(0)
        if view["phase"] == "choose":
            intent = {"action": "choose", "card": me.choose(view).code}
        else:
            move = me.turn(view)
            intent = (
                {"action": "pass"}
                if move is None
                else {"action": "play", "card": move[0].code, "row": move[1]}
            )
        sent.clear()
        start = time.perf_counter()
        widget.handle(intent)
        times.append(time.perf_counter() - start)
        sizes.append(sum(sent))
    widget.close()
    return 1000 * statistics.median(times), statistics.mean(sizes), game.round


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=300)
    args = parser.parse_args()
    early = measure(3, args.actions)
    late = measure(300, args.actions)
    for label, (ms, size, reached) in (("round 3", early), ("round 300", late)):
        print(f"from {label:9}: {ms:6.3f} ms per action, {size:7.0f} bytes per action "
              f"(ended in round {reached})")  # fmt: skip
    print(
        f"ratio round 300 / round 3: time {late[0] / early[0]:.2f}, bytes {late[1] / early[1]:.2f}"
        " (target ≤ 1.2)"
    )


if __name__ == "__main__":
    main()
