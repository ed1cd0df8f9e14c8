"""The hints, measured: how many deals each clears when followed on every move, with 95% intervals.

    python benchmarks/hints.py --against main                 # this fair hint beside main's
    python benchmarks/hints.py --against main --minutes 20    # bound the run

Deals are the seeds ``--first``, ``--first`` + 1, …; each is played three times, following on
every move this checkout's fair hint, the fair hint of git ref ``--against`` (its ``src/``
unpacked by ``git archive``) and Aisleriot's rule (T10). ``--workers`` threads (2 by default)
each drive one worker process per version and take the next game in deal order, so the
versions share the host's hours; when ``--minutes`` have passed no new deal is started, and
only deals played all three ways count. Prints each clear rate with its 95% interval (Wilson),
the deals one fair hint cleared and the other did not, and the time per real choice (more
than one legal move). Nothing is asserted.
"""

from __future__ import annotations

import argparse
import statistics
import threading
import time
from itertools import product
from pathlib import Path

from _versions import HERE, Worker, unpacked
from bots import wilson

# A version's worker plays the games it is sent with the benchmark's own ``follow``.
WORKER = f"""
import json, sys
sys.path.insert(0, {str(Path(__file__).resolve().parent)!r})
from solver import follow
for line in sys.stdin:
    strategy, seed = line.split()
    print(json.dumps(follow(int(seed), strategy)), flush=True)
"""

PLAYERS = (("fair", "this checkout"), ("fair", "ref"), ("aisleriot", "this checkout"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", metavar="REF", default="main", help="the other version")
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--first", type=int, default=0, help="the first deal's seed")
    parser.add_argument("--minutes", type=float, default=30.0, help="start no deal after")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    seeds = range(args.first, args.first + args.deals)
    tasks = iter(product(seeds, PLAYERS))
    lock = threading.Lock()
    results: dict[tuple[int, tuple[str, str]], tuple[bool, list[float]]] = {}
    deadline = time.monotonic() + 60 * args.minutes
    with unpacked(args.against) as source:

        def play() -> None:
            workers = {"this checkout": Worker(HERE, WORKER), "ref": Worker(source, WORKER)}
            while time.monotonic() < deadline:
                with lock:
                    task = next(tasks, None)
                if task is None:
                    break
                seed, (strategy, version) = task
                won, times = workers[version].ask(f"{strategy} {seed}")
                results[task] = (won, times)
            for worker in workers.values():
                worker.close()

        threads = [threading.Thread(target=play) for _ in range(args.workers)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    done = [seed for seed in seeds if all((seed, player) in results for player in PLAYERS)]
    print(f"deals {args.first}-{args.first + args.deals - 1}: {len(done)} played all three ways")
    if not done:
        return
    for player in PLAYERS:
        won = sum(results[seed, player][0] for seed in done)
        low, high = wilson(won, len(done))
        times = [t for seed in done for t in results[seed, player][1]]
        strategy, version = player
        name = f"{strategy} ({args.against})" if version == "ref" else strategy
        print(
            f"  {name:<18} {won}/{len(done)} = {won / len(done):.1%} [{low:.1%}–{high:.1%}]"
            f"  per choice: median {statistics.median(times) * 1000:,.0f} ms,"
            f" max {max(times) * 1000:,.0f} ms"
        )
    new = {seed for seed in done if results[seed, PLAYERS[0]][0]}
    old = {seed for seed in done if results[seed, PLAYERS[1]][0]}
    print(
        f"  cleared by this fair hint only: {len(new - old)}; by {args.against}'s only: "
        f"{len(old - new)}"
    )


if __name__ == "__main__":
    main()
