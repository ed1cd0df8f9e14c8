"""The hints, measured: how many deals each clears when followed on every move, with 95% intervals.

    python benchmarks/hints.py --against main                 # this fair hint beside main's
    python benchmarks/hints.py --against main --minutes 20    # bound the run
    python benchmarks/hints.py --against main --results benchmarks/results/hints.jsonl

Deals are the seeds ``--first``, ``--first`` + 1, …; each is played three times, following on
every move this checkout's fair hint, the fair hint of git ref ``--against`` (its ``src/``
unpacked by ``git archive``) and Aisleriot's rule (T10). ``--workers`` threads (2 by default)
each drive one worker process per version and take the next game in deal order, so the
versions share the host's hours; when ``--minutes`` have passed no new deal is started, and
only deals played all three ways count. Prints each clear rate with its 95% interval (Wilson),
the deals one fair hint cleared and the other did not (with the sign test's two-sided p), and
the time per real choice (more than one legal move). Nothing is asserted.

A version's games never change (the hints are deterministic), so with ``--results`` the games
played before by the same hint code are read from that file (one JSON line per game, keyed by
a hash of the modules the hint's choices depend on, ``HINT_FILES``) and the ones played now
are added to it. A long comparison can so be spread over
several runs (``--play`` names the players this run may play: e.g. several runs of ``--play
fair`` on parts of the deals at once, then one that reads them all), and a time per choice
is then the one of the hours its games were played in.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import statistics
import subprocess
import threading
import time
from itertools import product
from pathlib import Path

from _versions import HERE, ROOT, Worker, unpacked
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
NAMES = {"fair": PLAYERS[0], "ref": PLAYERS[1], "aisleriot": PLAYERS[2]}
MODULES = ("hints", "_clear", "_playout", "_position", "layout")
Result = tuple[bool, list[float]]


HINT_FILES = tuple(
    f"cardtable/{name}.py" for name in ("_rng", *(f"tripeaks/{module}" for module in MODULES))
)
"""What a fair hint's choices depend on, in this version or an older one: its modules and the
searches they call (the rules that list the legal moves are fixed, T1–T10). A file a version
lacks is left out of its hash, so naming a new module keeps the older versions' games."""


def version_of(source: Path | None, ref: str) -> str:
    """A hash of ``HINT_FILES`` as they are in ``source`` (a ``src`` directory), or at git ref
    ``ref`` when ``source`` is None: the same hash, the same games."""
    digest = hashlib.sha256()
    for name in HINT_FILES:
        if source is not None:
            path = source / name
            text = path.read_bytes() if path.exists() else None
        else:
            command = ["git", "-C", str(ROOT), "show", f"{ref}:src/{name}"]
            shown = subprocess.run(command, capture_output=True, check=False)
            text = shown.stdout if shown.returncode == 0 else None
        if text is not None:
            digest.update(name.encode() + b"\0" + text + b"\0")
    return digest.hexdigest()[:16]


def recorded(path: Path | None, trees: dict[str, str]) -> dict[tuple[int, tuple[str, str]], Result]:
    """The games of these versions already in ``path``."""
    games: dict[tuple[int, tuple[str, str]], Result] = {}
    if path is None or not path.exists():
        return games
    for line in path.read_text().splitlines():
        row = json.loads(line)
        for player in PLAYERS:
            if row["src"] == trees[player[1]] and row["strategy"] == player[0]:
                games[row["seed"], player] = (row["won"], row["times"])
    return games


def sign_test(wins: int, losses: int) -> float:
    """Two-sided p of ``wins`` against ``losses`` among the discordant deals (exact binomial)."""
    n = wins + losses
    if n == 0:
        return 1.0
    tail = sum(math.comb(n, k) for k in range(min(wins, losses) + 1)) / 2**n
    return min(1.0, 2 * tail)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", metavar="REF", default="main", help="the other version")
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--first", type=int, default=0, help="the first deal's seed")
    parser.add_argument("--minutes", type=float, default=30.0, help="start no deal after")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--results", type=Path, help="games played before: read, and added to")
    parser.add_argument(
        "--play", nargs="+", choices=NAMES, default=list(NAMES), help="who may play now"
    )
    args = parser.parse_args()
    trees = {"this checkout": version_of(HERE, ""), "ref": version_of(None, args.against)}
    seeds = range(args.first, args.first + args.deals)
    results = recorded(args.results, trees)
    reused = sum(seed in seeds for seed, _ in results)
    playing = [NAMES[name] for name in args.play]
    tasks = iter([t for t in product(seeds, playing) if t not in results])
    lock = threading.Lock()
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
                with lock:
                    results[task] = (won, times)
                    if args.results is not None:
                        row = {"src": trees[version], "strategy": strategy, "seed": seed}
                        with args.results.open("a") as file:
                            file.write(json.dumps({**row, "won": won, "times": times}) + "\n")
            for worker in workers.values():
                worker.close()

        threads = [threading.Thread(target=play) for _ in range(args.workers)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    for player in PLAYERS:  # a player with more deals than the others: all of them too
        own = [seed for seed in seeds if (seed, player) in results]
        won = sum(results[seed, player][0] for seed in own)
        low, high = wilson(won, len(own))
        times = [t for seed in own for t in results[seed, player][1]]
        print(
            f"{' '.join(player)} alone: {won}/{len(own)} = {won / max(1, len(own)):.1%}"
            f" [{low:.1%}–{high:.1%}], per choice median"
            f" {statistics.median(times or [0]) * 1000:,.0f} ms"
        )
    done = [seed for seed in seeds if all((seed, player) in results for player in PLAYERS)]
    print(
        f"deals {args.first}-{args.first + args.deals - 1}: {len(done)} played all three ways"
        f" ({reused} games read from {args.results})"
    )
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
    gained, lost = len(new - old), len(old - new)
    print(
        f"  cleared by this fair hint only: {gained}; by {args.against}'s only: {lost}"
        f" (sign test p = {sign_test(gained, lost):.2g})"
    )


if __name__ == "__main__":
    main()
