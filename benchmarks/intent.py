"""Python time per intent: what one click costs the kernel, without the network.

    python benchmarks/intent.py

For each widget: apply an intent through ``widget.handle`` (validation, engine move, view) and
serialise the synced state the way ipywidgets does before sending it. Median and p95 over many
moves, next to the issue's 2 ms budget. Nothing here is asserted.
"""

from __future__ import annotations

import json
import statistics
import time
from collections.abc import Callable, Iterator

from cardtable import StoeptegelWidget, TriPeaksWidget

BUDGET_MS = 2.0
MOVES = 400


def tripeaks_intents(widget: TriPeaksWidget) -> Iterator[dict]:
    """Hinted moves (Aisleriot's simple rule, so the hint's own search is not timed)."""
    from cardtable.tripeaks import aisleriot_hint

    while True:
        if widget.game.over:
            widget.new_game()
        move = aisleriot_hint(widget.game)
        if move == "draw":
            yield {"action": "draw", "version": widget.version}
        else:
            yield {"action": "play", "position": move, "version": widget.version}


def stoeptegel_intents(widget: StoeptegelWidget) -> Iterator[dict]:
    """Seat 0's first legal play (or a pass), its choice in the choose phase. With
    ``think=None`` the bots answer inside the same call: their moves are timed too."""
    while True:
        game = widget.game
        if game.phase == "over":
            widget.game = type(game)(players=4)
        elif game.phase == "choose":
            yield {"action": "choose", "card": game.hand(0)[0].code}
        elif game.legal_plays(0):
            card, row = game.legal_plays(0)[0]
            yield {"action": "play", "card": card.code, "row": row}
        else:
            yield {"action": "pass"}


def timed(widget: object, intents: Iterator[dict]) -> list[float]:
    keys = [name for name in widget.keys if name not in ("_esm", "_css")]  # type: ignore[attr-defined]
    times = []
    for _ in range(MOVES):
        content = next(intents)
        start = time.perf_counter()
        widget.handle(content)  # type: ignore[attr-defined]
        json.dumps(widget.get_state(keys))  # type: ignore[attr-defined]
        times.append((time.perf_counter() - start) * 1000)
    return times


def main() -> None:
    subjects: dict[str, Callable[[], list[float]]] = {
        "Tri-Peaks": lambda: timed(w := TriPeaksWidget(seed=1), tripeaks_intents(w)),
        "Stoeptegel": lambda: timed(
            w := StoeptegelWidget(players=4, seed=1, bots="greedy", think=None),
            stoeptegel_intents(w),
        ),
    }
    print(f"{'widget':<12} {'median ms':>10} {'p95 ms':>8}  median / the {BUDGET_MS} ms budget")
    for name, run in subjects.items():
        times = sorted(run())
        median, p95 = statistics.median(times), times[int(0.95 * len(times))]
        print(f"{name:<12} {median:>10.3f} {p95:>8.3f}  {median / BUDGET_MS:.3f}×")


if __name__ == "__main__":
    main()
