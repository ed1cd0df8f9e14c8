"""Random-play throughput of the rules engines, printed as a table.

    python benchmarks/engine.py            # every game
    python benchmarks/engine.py tripeaks   # one game

Each figure is the median of several timed runs on one core; nothing here is asserted.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections.abc import Callable

from cardtable.tripeaks import TriPeaks

RUNS = 5
SECONDS_PER_RUN = 1.0


def median_rate(play_one: Callable[[random.Random], int], runs: int = RUNS) -> tuple[float, float]:
    """Median (actions per second, games per second) of ``runs`` timed runs of ``play_one``."""
    action_rates, game_rates = [], []
    for run in range(runs):
        rng = random.Random(run)
        actions = games = 0
        start = time.perf_counter()
        while (elapsed := time.perf_counter() - start) < SECONDS_PER_RUN:
            actions += play_one(rng)
            games += 1
        action_rates.append(actions / elapsed)
        game_rates.append(games / elapsed)
    return statistics.median(action_rates), statistics.median(game_rates)


def tripeaks_random_deal(rng: random.Random) -> int:
    """Play one seeded deal to its end with uniformly random legal moves; return the move count."""
    game = TriPeaks(seed=rng.getrandbits(63))
    moves = 0
    while legal := game.legal_moves():
        game.apply(rng.choice(legal))
        moves += 1
    return moves


def tripeaks_table() -> list[tuple[str, str, str]]:
    moves, deals = median_rate(tripeaks_random_deal)
    return [
        (
            "Tri-Peaks random play",
            f"{moves:,.0f} moves/s",
            f"{moves / 100_000:.2f}× the 100,000 target",
        ),
        ("Tri-Peaks complete deals", f"{deals:,.0f} deals/s", ""),
    ]


SECTIONS: dict[str, Callable[[], list[tuple[str, str, str]]]] = {"tripeaks": tripeaks_table}


def main(names: list[str]) -> None:
    rows = [row for name in (names or list(SECTIONS)) for row in SECTIONS[name]()]
    width = max(len(row[0]) for row in rows)
    print(f"{'benchmark':<{width}}  {'figure':>22}  ratio")
    for label, figure, ratio in rows:
        print(f"{label:<{width}}  {figure:>22}  {ratio}")


if __name__ == "__main__":
    main(sys.argv[1:])
