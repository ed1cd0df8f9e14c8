"""How long a game's review takes: Tri-Peaks (``cardtable.tripeaks.review``, exact), beside a
git ref's, and a Stoeptegel round (``cardtable.stoeptegel.review``, ExpertBot's evaluation).

    python benchmarks/review.py                          # 20 games, beside ed602a6, 10 rounds
    python benchmarks/review.py --games 50 --against main --rounds 0

Each game is a seeded deal played by a greedy-ish random player (a play when one fits, four
times in five) until it ends or has ``--moves`` moves: the games a player loses and then opens
the review of. Two worker processes, one importing this checkout and one git ref
``--against`` (its ``src/`` unpacked by ``git archive``), review each game in turn, the
order alternating from game to game, ``--repeat`` times each; the best time is kept (the
slower runs measure the neighbours on a shared host). Printed: the median, p90 and max per
game for each version, wall-clock and CPU time, and their ratios. For Stoeptegel: the first
round of seeded four-player games between greedy bots, reviewed for seat 0 with the review's
default worlds per decision. Nothing is asserted.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from pathlib import Path

from _versions import HERE, Worker, unpacked

from cardtable.stoeptegel import Stoeptegel
from cardtable.stoeptegel import review as review_seat
from cardtable.stoeptegel.bots import GreedyBot, play_on
from cardtable.tripeaks import TriPeaks

TARGET_MEDIAN = 2.0  # seconds for a 60-move game (issue 29)
TARGET_ROUND = 10.0  # seconds for a Stoeptegel round's review (issue 29)
REF = "ed602a6"  # the review before verdicts were followed per question (issue 29, session 2)

# A version's worker reviews the games it is sent: "seed moves repeat" -> [wall, cpu, moves].
WORKER = f"""
import json, sys, time
sys.path.insert(0, {str(Path(__file__).resolve().parent)!r})
from review import played
from cardtable.tripeaks import review
for line in sys.stdin:
    seed, moves, repeat = map(int, line.split())
    game, wall, cpu = played(seed, moves), float("inf"), float("inf")
    for _ in range(repeat):
        start, start_cpu = time.perf_counter(), time.process_time()
        review(game)
        wall = min(wall, time.perf_counter() - start)
        cpu = min(cpu, time.process_time() - start_cpu)
    print(json.dumps([wall, cpu, len(game.moves)]), flush=True)
"""


def played(seed: int, moves: int) -> TriPeaks:
    rng = random.Random(seed)
    game = TriPeaks(seed=seed)
    while not game.over and len(game.moves) < moves:
        legal = game.legal_moves()
        plays = [m for m in legal if m != "draw"]
        game.apply(rng.choice(plays) if plays and rng.random() < 0.8 else rng.choice(legal))
    return game


def spread(times: list[float]) -> str:
    times = sorted(times)
    p90 = times[min(len(times) - 1, int(0.9 * len(times)))]
    return f"median {statistics.median(times):.2f} s, p90 {p90:.2f} s, max {times[-1]:.2f} s"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--moves", type=int, default=60)
    parser.add_argument("--repeat", type=int, default=2)
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--against", metavar="REF", default=REF, help="the other version")
    args = parser.parse_args()

    results: dict[str, list[list[float]]] = {"this checkout": [], args.against: []}
    with unpacked(args.against) as source:
        workers = {"this checkout": Worker(HERE, WORKER), args.against: Worker(source, WORKER)}
        for seed in range(args.games):
            order = list(workers) if seed % 2 == 0 else list(workers)[::-1]
            for name in order:
                results[name].append(workers[name].ask(f"{seed} {args.moves} {args.repeat}"))
        for worker in workers.values():
            worker.close()
    lengths = [moves for _, _, moves in results["this checkout"]]
    print(f"{args.games} Tri-Peaks games, moves per game: median "
          f"{statistics.median(lengths):.0f}, max {max(lengths):.0f}")
    for name, rows in results.items():
        print(f"  {name:<14} review per game: wall {spread([r[0] for r in rows])}; "
              f"CPU {spread([r[1] for r in rows])}")
    new, old = results["this checkout"], results[args.against]
    for kind, column in (("wall", 0), ("CPU", 1)):
        ratios = [n[column] / o[column] for n, o in zip(new, old, strict=True)]
        print(f"  {kind} time / {args.against}'s, per game: median {statistics.median(ratios):.2f}"
              f", of the medians {statistics.median(r[column] for r in new) / statistics.median(r[column] for r in old):.2f}")  # noqa: E501
    print(f"  target: median {TARGET_MEDIAN:.0f} s (this checkout, wall)")

    if args.rounds:
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
