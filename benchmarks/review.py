"""How long a Tri-Peaks game's review takes (``cardtable.tripeaks.review``).

    python benchmarks/review.py               # 20 games of up to 60 moves
    python benchmarks/review.py --games 50 --moves 60

Each game is a seeded deal played by a greedy-ish random player (a play when one fits, four
times in five) until it ends or has ``--moves`` moves: the games a player loses and then opens
the review of. Each review runs ``--repeat`` times and its best time is kept (the slower runs
measure the neighbours on a shared host). Printed: the median, p90 and max per game, the
moves per game, and how many positions the review solved (the rest followed the solver's own
line). Nothing is asserted.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from cardtable.tripeaks import TriPeaks, review
from cardtable.tripeaks import reviews as review_module

TARGET_MEDIAN = 2.0  # seconds for a 60-move game (issue 29)


def played(seed: int, moves: int) -> TriPeaks:
    rng = random.Random(seed)
    game = TriPeaks(seed=seed)
    while not game.over and len(game.moves) < moves:
        legal = game.legal_moves()
        plays = [m for m in legal if m != "draw"]
        game.apply(rng.choice(plays) if plays and rng.random() < 0.8 else rng.choice(legal))
    return game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--moves", type=int, default=60)
    parser.add_argument("--repeat", type=int, default=2)
    args = parser.parse_args()

    solved = 0
    original = review_module._verdict

    def counted(game: TriPeaks) -> review_module._Verdict:
        nonlocal solved
        solved += 1
        return original(game)

    review_module._verdict = counted
    times, lengths, positions = [], [], []
    for seed in range(args.games):
        game = played(seed, args.moves)
        best = float("inf")
        for _ in range(args.repeat):
            solved = 0
            start = time.perf_counter()
            review(game)
            best = min(best, time.perf_counter() - start)
        times.append(best)
        lengths.append(len(game.moves))
        positions.append(solved)
    times.sort()
    p90 = times[min(len(times) - 1, int(0.9 * len(times)))]
    print(f"{args.games} games, moves per game: median {statistics.median(lengths):.0f}, "
          f"max {max(lengths)}; positions solved per game: median "
          f"{statistics.median(positions):.0f} of {statistics.median(lengths) + 1:.0f}")
    print(f"review per game: median {statistics.median(times):.2f} s, p90 {p90:.2f} s, "
          f"max {times[-1]:.2f} s (target: median {TARGET_MEDIAN:.0f} s)")


if __name__ == "__main__":
    main()
