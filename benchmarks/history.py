"""A game's end: what keeping it in the history costs, by the size of the history.

    python benchmarks/history.py [--sizes 100 500 1000] [--repeat 5] [--game stoeptegel]

At a game's end a table adds the game to the history file and reads its stats line back. Until
issue 28's last session that meant parsing the whole file twice and writing it with an indent
(json's pure-Python encoder): 0.26 s with the 144 games of a developer's history, and growing
with every game, all inside the click that ended the game. Then the process kept what it last
read or wrote (checked against the file's identity) and wrote the file compactly, but still
serialised every game kept at each game's end ("rewrite"). Now the new game is spliced into the
file's text, as the process last read or wrote it, and the rest stays byte for byte.
"before" and "rewrite" re-enact the old steps with the same json calls on the same document;
"now" is ``history.add`` and ``history.stats`` themselves.

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
from cardtable import userdata
from cardtable.stoeptegel import Stoeptegel
from cardtable.stoeptegel.bots import GreedyBot, play_on
from cardtable.tripeaks import TriPeaks


def finished_record(seed: int) -> dict:
    game = TriPeaks(seed=seed)
    while not game.over:
        game.apply(game.hint("aisleriot"))
    return game.record()


def finished_stoeptegel(seed: int) -> dict:
    """A four-player game to the default target, played by greedy bots (about 4 KB a record,
    eight times a Tri-Peaks game's)."""
    game = Stoeptegel(players=4, seed=seed)
    play_on(game, [GreedyBot(seed=seed * 4 + k) for k in range(4)], until_round=1000)
    return game.record(["You", "Ada", "Bo", "Cas"])


def before(file: Path, record: dict) -> None:
    """The old steps: read and check, append, write indented, read again for the stats."""
    games = json.loads(file.read_text(encoding="utf-8"))["games"]
    games.append({"finished": "2026-12-07T00:00:00+00:00", "record": record})
    document = {"format": history.FORMAT, "version": history.VERSION, "games": games}
    file.write_text(json.dumps(document, indent=1, sort_keys=True, allow_nan=False))
    json.loads(file.read_text(encoding="utf-8"))


def rewrite(games: list, record: dict) -> None:
    """The last steps: the entries kept in memory, every one of them serialised anew."""
    games.append({"finished": "2026-12-07T00:00:00+00:00", "record": record})
    document = {"format": history.FORMAT, "version": history.VERSION, "games": games}
    userdata.write("rewrite", document)
    history.stats("tripeaks", "standard")


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
    parser.add_argument("--game", choices=["tripeaks", "stoeptegel"], default="tripeaks")
    args = parser.parse_args()
    finished = finished_stoeptegel if args.game == "stoeptegel" else finished_record
    records = [finished(seed) for seed in range(1, 6)]
    print(
        f"{'games kept':>10}  {'file':>8}  {'before ms':>9}  {'rewrite ms':>10}  {'now ms':>7}"
        "  now/before  now/rewrite"
    )
    for size in args.sizes:
        with tempfile.TemporaryDirectory() as folder:
            os.environ["CARDTABLE_DATA_DIR"] = folder
            entries = [{"finished": "2026-12-07T00:00:00+00:00", "record": records[k % 5]}
                       for k in range(size)]  # fmt: skip
            document = {"format": history.FORMAT, "version": history.VERSION, "games": entries}
            file = Path(folder) / "history.json"
            file.write_text(userdata.dumps(document) + "\n", encoding="utf-8")  # as written
            history.stats("tripeaks")  # the table read its stats line when it opened
            kilobytes = file.stat().st_size // 1024
            new = timed(functools.partial(now, records[0]), args.repeat)
            last = timed(functools.partial(rewrite, list(entries), records[0]), args.repeat)
            old = timed(functools.partial(before, file, records[0]), args.repeat)
            print(
                f"{size:>10}  {kilobytes:>6} K  {old:>9.1f}  {last:>10.1f}  {new:>7.1f}"
                f"  {new / old:>9.2f}x  {new / last:>10.2f}x"
            )


if __name__ == "__main__":
    main()
