"""The Tri-Peaks solver and hints, measured: winnable share, time per deal, hint clear rates.

    python benchmarks/solver.py                        # 1,000 deals, 200 hinted games
    python benchmarks/solver.py --deals 200 --games 50 # a quicker look

Deals are the seeds 0, 1, 2, …; games follow one hint on every move until they end. Work is
spread over a process pool (one worker per core) for wall-clock time, but every time shown
is measured inside a worker around one call: single-core time per deal. Nothing is asserted.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from concurrent.futures import ProcessPoolExecutor

from cardtable.tripeaks import TriPeaks, solve
from cardtable.tripeaks._position import lattice

CLEAR_MEDIAN_TARGET = 0.010
CLEAR_MAX_TARGET = 0.250
SCORE_MEDIAN_TARGET = 0.100
PUBLISHED_WINNABLE = 0.97  # 1,457 of 1,500 in one published solver run; 96.6% by a vendor
HINT_BUDGET = 0.2


def timed_solve(seed: int, objective: str) -> tuple[bool, int | None, float]:
    """Solve deal ``seed``; return (winnable, best score, seconds)."""
    game = TriPeaks(seed=seed)
    start = time.perf_counter()
    solution = solve(game, objective=objective)
    return solution.winnable, solution.best_score, time.perf_counter() - start


def follow(seed: int, strategy: str) -> tuple[bool, list[float]]:
    """Play deal ``seed`` by the hint ``strategy`` on every move; (won, seconds per real choice)."""
    game = TriPeaks(seed=seed)
    times = []
    while not game.over:
        choice = len(game.legal_moves()) > 1
        start = time.perf_counter()
        move = game.hint(strategy)
        if choice:
            times.append(time.perf_counter() - start)
        game.apply(move)  # type: ignore[arg-type]
    return game.won, times


def spread(times: list[float]) -> tuple[float, float, float]:
    """(median, 95th percentile, max)."""
    ordered = sorted(times)
    return statistics.median(ordered), ordered[int(0.95 * (len(ordered) - 1))], ordered[-1]


def ms(seconds: float) -> str:
    return f"{seconds * 1000:,.1f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000, help="deals to solve (clear)")
    parser.add_argument("--score-deals", type=int, default=None, help="deals for 'score'")
    parser.add_argument("--games", type=int, default=200, help="games per hint strategy")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()
    score_deals = args.deals if args.score_deals is None else args.score_deals
    rows: list[tuple[str, str, str]] = []
    with ProcessPoolExecutor(args.workers, initializer=lattice) as pool:
        seeds = range(args.deals)
        cleared = list(pool.map(timed_solve, seeds, ["clear"] * args.deals, chunksize=8))
        share = sum(c[0] for c in cleared) / args.deals
        rows.append(
            (
                f"winnable ({args.deals:,} deals)",
                f"{share:.1%}",
                f"published: about {PUBLISHED_WINNABLE:.0%}",
            )
        )
        median, p95, worst = spread([c[2] for c in cleared])
        rows.append(("'clear' median", ms(median), f"{median / CLEAR_MEDIAN_TARGET:.2f}× target"))
        rows.append(("'clear' p95", ms(p95), ""))
        rows.append(("'clear' max", ms(worst), f"{worst / CLEAR_MAX_TARGET:.2f}× target"))
        if score_deals:
            seeds = range(score_deals)
            scored = list(pool.map(timed_solve, seeds, ["score"] * score_deals, chunksize=2))
            median, p95, worst = spread([s[2] for s in scored])
            best = statistics.median(s[1] for s in scored if s[1] is not None)
            label = f"'score' median ({score_deals:,} deals)"
            rows.append((label, ms(median), f"{median / SCORE_MEDIAN_TARGET:.2f}× target"))
            rows.append(("'score' p95", ms(p95), ""))
            rows.append(("'score' max", ms(worst), f"median best score: {best:g}"))
        if args.games:
            seeds = range(args.games)
            for strategy in ("fair", "aisleriot"):
                games = list(pool.map(follow, seeds, [strategy] * args.games, chunksize=1))
                won = sum(g[0] for g in games)
                times = [t for g in games for t in g[1]]
                median, _, worst = spread(times)
                rows.append(
                    (
                        f"{strategy} hint: games cleared",
                        f"{won}/{args.games} = {won / args.games:.1%}",
                        f"per choice: median {ms(median)}, max {ms(worst)}",
                    )
                )
    width = max(len(row[0]) for row in rows)
    print(f"{'benchmark':<{width}}  {'figure':>22}  ratio / note")
    for label, figure, note in rows:
        print(f"{label:<{width}}  {figure:>22}  {note}")


if __name__ == "__main__":
    main()
