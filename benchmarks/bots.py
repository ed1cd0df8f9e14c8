"""The bot ladder, measured: round robins heads-up and at four, win rates with 95% intervals,
an Elo-style rating, and ExpertBot's decision times.

    python benchmarks/bots.py                 # 400 heads-up games a pair, 200 four-player tables
    python benchmarks/bots.py --games 100 --tables 40 --bots greedy sampling expert

Heads-up: every pair plays ``--games`` seeded games, seats swapped every other game. At four:
every table seats four bots drawn from the ladder in rotation (each bot in every seat equally
often); a shared win counts as half. The rating fits the heads-up results (Bradley-Terry,
scaled like Elo, greedy = 1000). Runs in as many processes as there are cores. Nothing here is
asserted: it prints figures.
"""

from __future__ import annotations

import argparse
import itertools
import math
import os
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from cardtable.stoeptegel.bots import BOTS, play_game

LADDER = ("random", "greedy", "sampling", "expert")


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """95% interval of a win rate (Wilson score)."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return centre - half, centre + half


def _game(job: tuple[list[str], int]) -> tuple[list[str], list[float]]:
    names, seed = job
    bots = [BOTS[name](seed=seed * 10 + i) for i, name in enumerate(names)]
    game = play_game(bots, seed=seed)
    share = 1 / len(game.winners)
    return names, [share if s in game.winners else 0.0 for s in range(len(names))]


class _Timed:
    """An ExpertBot that records how long each decision takes."""

    def __init__(self, seed: int) -> None:
        self.bot, self.times = BOTS["expert"](seed=seed), []

    def choose(self, view: Any) -> Any:
        return self._time(self.bot.choose, view)

    def turn(self, view: Any) -> Any:
        return self._time(self.bot.turn, view)

    def _time(self, decide: Any, view: Any) -> Any:
        started = time.perf_counter()
        try:
            return decide(view)
        finally:
            self.times.append(time.perf_counter() - started)


def decision_times(games: int = 6) -> list[float]:
    times: list[float] = []
    for seed in range(games):
        timed = _Timed(seed)
        play_game([timed, BOTS["sampling"](seed=seed + 99)], seed=seed)
        times += timed.times
    return times


def elo(results: dict[tuple[str, str], tuple[float, int]], names: list[str]) -> dict[str, float]:
    """Bradley-Terry strengths by minorisation-maximisation, on the Elo scale (greedy 1000)."""
    strength = dict.fromkeys(names, 1.0)
    for _ in range(200):
        for a in names:
            wins = sum(w for (x, _), (w, _) in results.items() if x == a)
            wins += sum(g - w for (_, y), (w, g) in results.items() if y == a)
            denominator = sum(
                g / (strength[x] + strength[y]) for (x, y), (_, g) in results.items() if a in (x, y)
            )
            strength[a] = max(wins, 0.5) / denominator if denominator else strength[a]
    anchor = strength.get("greedy", next(iter(strength.values())))
    return {a: 1000 + 400 * math.log10(strength[a] / anchor) for a in names}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400, help="heads-up games per pair")
    parser.add_argument("--tables", type=int, default=200, help="four-player tables")
    parser.add_argument("--bots", nargs="+", default=list(LADDER), choices=sorted(BOTS))
    args = parser.parse_args()
    names = args.bots
    jobs = []
    for a, b in itertools.combinations(names, 2):
        for seed in range(args.games):
            jobs.append(([a, b] if seed % 2 == 0 else [b, a], seed))
    four = [[names[(t + k) % len(names)] for k in range(4)] for t in range(args.tables)]
    jobs += [(table, 10_000 + t) for t, table in enumerate(four)]
    started = time.perf_counter()
    with ProcessPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
        outcomes = list(pool.map(_game, jobs, chunksize=8))
    seconds = time.perf_counter() - started

    pairs: dict[tuple[str, str], tuple[float, int]] = {}
    at_four: dict[str, list[float]] = {name: [] for name in names}
    for seated, shares in outcomes:
        if len(seated) == 2:
            a, b = sorted(seated, key=names.index)
            won = shares[seated.index(a)]
            w, g = pairs.get((a, b), (0.0, 0))
            pairs[(a, b)] = (w + won, g + 1)
        else:
            for name, share in zip(seated, shares, strict=True):
                at_four[name].append(share)
    print(f"{len(jobs)} games in {seconds:.0f} s on {os.cpu_count()} cores\n")
    print("heads-up (row beats column), win rate [95% interval]")
    for (a, b), (w, g) in pairs.items():
        low, high = wilson(w, g)
        print(f"  {a:>9} vs {b:<9} {w / g:6.1%}  [{low:.1%}, {high:.1%}]  ({g} games)")
    print("\nfour-player tables: share of wins (25% is even), [95% interval]")
    for name, shares in at_four.items():
        if shares:
            rate, (low, high) = sum(shares) / len(shares), wilson(sum(shares), len(shares))
            print(f"  {name:>9} {rate:6.1%}  [{low:.1%}, {high:.1%}]  ({len(shares)} seats)")
    print("\nrating (Bradley-Terry on the heads-up games, Elo scale, greedy = 1000)")
    for name, rating in sorted(elo(pairs, names).items(), key=lambda x: -x[1]):
        print(f"  {name:>9} {rating:7.0f}")
    if "expert" in names:
        times = decision_times()
        print(
            f"\nExpertBot decisions: median {statistics.median(times) * 1000:.0f} ms, "
            f"max {max(times) * 1000:.0f} ms over {len(times)}"
        )


if __name__ == "__main__":
    main()
