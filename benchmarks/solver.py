"""The Tri-Peaks solver and hints, measured: winnable share, time per deal, hint clear rates.

    python benchmarks/solver.py                        # 1,000 deals, 200 hinted games
    python benchmarks/solver.py --deals 200 --games 50 # a quicker look
    python benchmarks/solver.py --against main         # 'score': this tree beside main's
    python benchmarks/solver.py --against main --review --score-deals 10  # a review's solves

``--against REF`` measures the exact ``"score"`` solve of this checkout beside the one of git
ref ``REF`` (its ``src/`` unpacked into a temporary directory by ``git archive``), on the same
``--score-deals`` deals (50 by default) in one run: two worker processes, one per version, take
each deal in turn, so both meet the host in the same moment; ``--moves N`` solves each deal
after N moves of Aisleriot's rule instead (a position later in a game). Each solve is cold: a
version that keeps bounds for the next position of the same deal forgets them first. It prints
the median, p95 and max of both with their ratios, the median of the ratios deal by deal, the
node counts, the old version's four slowest deals with their ratios, and whether every answer
is the same. ``--review`` times instead every position of the game Aisleriot's rule plays, in
turn, once, as a review solves them (kept bounds are used): the total per game.

Deals are the seeds 0, 1, 2, …; games follow one hint on every move until they end. Work is
spread over a process pool (one worker per core) for wall-clock time, but every time shown
is measured inside a worker around one call: single-core time per deal. Each deal is solved
``--repeat`` times (2 by default) and its best time is kept, as ``timeit`` does: on a shared
host the slower runs measure the neighbours, not the code. Nothing is asserted.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from concurrent.futures import ProcessPoolExecutor

from _versions import HERE, Worker, unpacked

from cardtable.tripeaks import TriPeaks, solve
from cardtable.tripeaks._position import lattice

CLEAR_MEDIAN_TARGET = 0.010
CLEAR_MAX_TARGET = 0.250
SCORE_MEDIAN_TARGET = 0.100
PUBLISHED_WINNABLE = 0.97  # 1,457 of 1,500 in one published solver run; 96.6% by a vendor


def timed_solve(seed: int, objective: str, repeat: int) -> tuple[bool, int | None, float]:
    """Solve deal ``seed`` ``repeat`` times; return (winnable, best score, best seconds)."""
    game = TriPeaks(seed=seed)
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        solution = solve(game, objective=objective)
        times.append(time.perf_counter() - start)
    return solution.winnable, solution.best_score, min(times)


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


def host_loop() -> float:
    """Seconds a plain million-step Python loop takes here, best of 5: a rough guide to this
    host's speed right now (it drifts by half from hour to hour; the searches, which lean on
    memory too, drift more)."""
    best = float("inf")
    for _ in range(5):
        start = time.perf_counter()
        total = 0
        for step in range(1_000_000):
            total += step
        best = min(best, time.perf_counter() - start)
    return best


def ms(seconds: float) -> str:
    return f"{seconds * 1000:,.1f} ms"


# One version's worker: reads "seed repeat" lines, answers each with a JSON line. The same text
# runs both versions, so the timing around ``solve`` is the same for both.
WORKER = """
import json, sys, time
from cardtable.tripeaks import TriPeaks, solve
from cardtable.tripeaks._position import lattice
try:  # a version that keeps bounds between solves: time each solve cold
    from cardtable.tripeaks._relaxed import forget
except ImportError:
    forget = lambda: None
lattice()
for line in sys.stdin:
    seed, repeat, moves, review = map(int, line.split())
    game, times = TriPeaks(seed=seed), []
    for _ in range(moves):  # later in the game: Aisleriot's rule plays the first moves
        if not game.over:
            game.apply(game.hint("aisleriot"))
    if review:  # every position of the game in turn, as a review solves them: the total
        forget()
        games, nodes = [], 0
        while not game.over:
            games.append(TriPeaks.from_json(game.to_json()))
            game.apply(game.hint("aisleriot"))
        start = time.perf_counter()
        answers = [solve(g, objective="score") for g in games]
        elapsed = time.perf_counter() - start
        key = [[a.winnable, a.best_score] for a in answers]
        removed = sum(a.tableau_removed for a in answers)
        print(json.dumps([key, len(games), removed, sum(a.nodes for a in answers), elapsed]))
        continue
    for _ in range(repeat):
        forget()
        start = time.perf_counter()
        s = solve(game, objective="score")
        times.append(time.perf_counter() - start)
    answer = [s.winnable, s.best_score, s.tableau_removed, s.nodes, min(times)]
    print(json.dumps(answer), flush=True)
"""


def against(ref: str, deals: int, repeat: int, moves: int, review: bool) -> None:
    """Print this checkout's 'score' solve beside ``ref``'s, deal by deal, and the ratios."""
    with unpacked(ref) as source:
        old, new = Worker(source, WORKER), Worker(HERE, WORKER)
        loop_before = host_loop()
        pairs = []
        for seed in range(deals):
            request = f"{seed} {repeat} {moves} {int(review)}"
            pairs.append((old.ask(request), new.ask(request)))
        loop_after = host_loop()
        old.close()
        new.close()
    same = sum(a[:2] == b[:2] for a, b in pairs)
    lines = sum(a[2] == b[2] for a, b in pairs)
    where = f", after {moves} moves by Aisleriot's rule" if moves else ""
    if review:
        solves = sum(a[1] for a, _ in pairs)
        what = f"'score' on every position of Aisleriot's games ({solves:,} solves), per game"
    else:
        what = f"'score' on deals 0-{deals - 1}{where}, best of {repeat}, each solve cold"
    print(f"{what}: {ref} beside this checkout")
    old_spread, new_spread = spread([a[4] for a, _ in pairs]), spread([b[4] for _, b in pairs])
    for name, was, now in zip(("median", "p95", "max"), old_spread, new_spread, strict=True):
        print(f"  {name:<7} {ms(was):>10} -> {ms(now):>10}  ratio {now / was:.2f}")
    ratios = [b[4] / a[4] for a, b in pairs]
    print(f"  ratio deal by deal: median {statistics.median(ratios):.2f}, max {max(ratios):.2f}")
    old_nodes = statistics.median(a[3] for a, _ in pairs)
    new_nodes = statistics.median(b[3] for _, b in pairs)
    print(f"  nodes: median {old_nodes:,.0f} -> {new_nodes:,.0f}")
    slowest = sorted(range(deals), key=lambda k: -pairs[k][0][4])[:4]
    print(f"  {ref}'s four slowest:")
    for k in slowest:
        (a, b), ratio = pairs[k], pairs[k][1][4] / pairs[k][0][4]
        nodes = f"nodes {a[3]:,.0f} -> {b[3]:,.0f}"
        print(f"  deal {k:<4}{ms(a[4]):>10} -> {ms(b[4]):>10}  ratio {ratio:.2f}  {nodes}")
    old_sum = sum(pairs[k][0][4] for k in slowest)
    new_sum = sum(pairs[k][1][4] for k in slowest)
    print(f"  those four in all: ratio {new_sum / old_sum:.2f}")
    print(f"  same answer (winnable, best score): {same}/{deals}")
    print(f"  same tableau cards removed by the line: {lines}/{deals}")
    print(f"  host: a 10**6-step Python loop {ms(loop_before)} / {ms(loop_after)} (before / after)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000, help="deals to solve (clear)")
    parser.add_argument("--score-deals", type=int, default=None, help="deals for 'score'")
    parser.add_argument("--games", type=int, default=200, help="games per hint strategy")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--repeat", type=int, default=2, help="solves per deal, best kept")
    parser.add_argument("--against", metavar="REF", help="'score' beside git ref REF's, only")
    parser.add_argument("--moves", type=int, default=0, help="with --against: solve after these")
    parser.add_argument(
        "--review", action="store_true", help="with --against: every position of a game in turn"
    )
    args = parser.parse_args()
    if args.against:
        deals = 50 if args.score_deals is None else args.score_deals
        against(args.against, deals, args.repeat, args.moves, args.review)
        return
    score_deals = args.deals if args.score_deals is None else args.score_deals
    rows: list[tuple[str, str, str]] = []
    loop_before = host_loop()
    with ProcessPoolExecutor(args.workers, initializer=lattice) as pool:
        seeds = range(args.deals)
        repeats = [args.repeat] * args.deals
        cleared = list(pool.map(timed_solve, seeds, ["clear"] * args.deals, repeats, chunksize=8))
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
            repeats = [args.repeat] * score_deals
            objectives = ["score"] * score_deals
            scored = list(pool.map(timed_solve, seeds, objectives, repeats, chunksize=2))
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
    loop_after = host_loop()
    speed = f"{ms(loop_before)} / {ms(loop_after)}"
    rows.append(("host: a 10**6-step Python loop", speed, "before / after (26 ms: a fast hour)"))
    width = max(len(row[0]) for row in rows)
    print(f"{'benchmark':<{width}}  {'figure':>22}  ratio / note")
    for label, figure, note in rows:
        print(f"{label:<{width}}  {figure:>22}  {note}")


if __name__ == "__main__":
    main()
