"""How long a game's review takes: Tri-Peaks (``cardtable.tripeaks.review``, exact) and a
Stoeptegel round (``cardtable.stoeptegel.review``, ExpertBot's evaluation).

    python benchmarks/review.py               # 20 games of up to 60 moves, 10 rounds
    python benchmarks/review.py --games 50 --moves 60 --rounds 20

Each game is a seeded deal played by a greedy-ish random player (a play when one fits, four
times in five) until it ends or has ``--moves`` moves: the games a player loses and then opens
the review of. Each review runs ``--repeat`` times and its best time is kept (the slower runs
measure the neighbours on a shared host). Printed: the median, p90 and max per game, the
moves per game, and how many positions the review solved (the rest followed the solver's own
line). For Stoeptegel: the first round of seeded four-player games between greedy bots,
reviewed for seat 0 with the review's default worlds per decision. Nothing is asserted.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from cardtable.stoeptegel import Stoeptegel
from cardtable.stoeptegel import review as review_seat
from cardtable.stoeptegel.bots import GreedyBot, play_on
from cardtable.tripeaks import TriPeaks, review
from cardtable.tripeaks import reviews as review_module

TARGET_MEDIAN = 2.0  # seconds for a 60-move game (issue 29)
TARGET_ROUND = 10.0  # seconds for a Stoeptegel round's review (issue 29)


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
    parser.add_argument("--rounds", type=int, default=10)
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

    stoeptegel_rounds(args.rounds)


def stoeptegel_rounds(count: int) -> None:
    times, decisions = [], []
    for seed in range(count):
        game = Stoeptegel(players=4, seed=seed)
        play_on(game, [GreedyBot(seed=seed * 4 + s) for s in range(4)], until_round=2)
        start = time.perf_counter()
        result = review_seat(game, 0, rounds={1})
        times.append(time.perf_counter() - start)
        decisions.append(len(result.decisions))
    print(f"{count} Stoeptegel rounds (4 players, seat 0): decisions weighed per round: median "
          f"{statistics.median(decisions):.0f}; review per round: median "
          f"{statistics.median(times):.2f} s, max {max(times):.2f} s (target {TARGET_ROUND:.0f} s)")


if __name__ == "__main__":
    main()
