"""A game's end: what keeping it in the history costs, by the size of the history.

    python benchmarks/history.py [--sizes 100 500 1000] [--repeat 5]

At a game's end a table adds the game to the history file and reads its stats line back. Until
issue 28's last session that meant parsing the whole file twice and writing it with an indent
(json's pure-Python encoder): 0.26 s with the 144 games of a developer's history, and growing
with every game, all inside the click that ended the game. Now the process keeps what it last
read or wrote (checked against the file's identity) and writes the file compactly.
"before" re-enacts the old steps with the same json calls on the same document; "now" is
``history.add`` and ``history.stats`` themselves.

Nothing here is asserted: it prints figures.
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from cardtable import _history as history
from cardtable.tripeaks import TriPeaks


def finished_record(seed: int) -> dict:
    game = TriPeaks(seed=seed)
    while not game.over:
        game.apply(game.hint("aisleriot"))
    return game.record()


def before(file: Path, record: dict) -> None:
    """The old steps: read and check, append, write indented, read again for the stats."""
    games = json.loads(file.read_text(encoding="utf-8"))["games"]
    games.append({"finished": "2026-12-07T00:00:00+00:00", "record": record})
    document = {"format": history.FORMAT, "version": history.VERSION, "games": games}
    file.write_text(json.dumps(document, indent=1, sort_keys=True, allow_nan=False))
    json.loads(file.read_text(encoding="utf-8"))


def now(record: dict) -> None:
    history.add(record)
    history.stats("tripeaks", "standard")


def timed(step: Callable[[], None], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        step()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[100, 500, 1000])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    records = [finished_record(seed) for seed in range(1, 6)]
    print(f"{'games kept':>10}  {'file':>8}  {'before ms':>9}  {'now ms':>7}  ratio")
    for size in args.sizes:
        with tempfile.TemporaryDirectory() as folder:
            os.environ["CARDTABLE_DATA_DIR"] = folder
            entries = [{"finished": "2026-12-07T00:00:00+00:00", "record": records[k % 5]}
                       for k in range(size)]  # fmt: skip
            document = {"format": history.FORMAT, "version": history.VERSION, "games": entries}
            file = Path(folder) / "history.json"
            file.write_text(json.dumps(document), encoding="utf-8")
            history.stats("tripeaks")  # the table read its stats line when it opened
            new = timed(functools.partial(now, records[0]), args.repeat)
            old = timed(functools.partial(before, file, records[0]), args.repeat)
            kilobytes = file.stat().st_size // 1024
            print(f"{size:>10}  {kilobytes:>6} K  {old:>9.1f}  {new:>7.1f}  {new / old:.2f}x")


if __name__ == "__main__":
    main()
