"""``cardtable.review(...)``: a game record's review, opened as a table in a notebook.

>>> from cardtable.tripeaks import TriPeaks
>>> game = TriPeaks(seed=6)
>>> while not game.over:
...     game.apply(game.legal_moves()[0])
>>> table = open_review(game.record())
>>> len(table.review["steps"]) == len(game.moves), table.review["mistake"]
(True, 32)
"""

from __future__ import annotations

import json
import os
import pathlib
from collections.abc import Mapping
from typing import Any

from ..errors import IllegalMove
from ..stoeptegel import Stoeptegel
from ..stoeptegel.review_view import SEAT_RECORD
from ..tripeaks import TriPeaks
from .stoeptegel import StoeptegelWidget
from .tripeaks import TriPeaksWidget


def open_review(
    source: str | os.PathLike[str] | Mapping[str, Any], *, seat: int = 0
) -> TriPeaksWidget | StoeptegelWidget:
    """``cardtable.review(...)``: the review of a game record — a file's path, the record's
    JSON text or its dict (``game.record()``) — as a table showing it. A Tri-Peaks record
    opens at its timeline; a Stoeptegel record at the review of ``seat``'s last round that
    ended. A bad record raises :class:`~cardtable.IllegalMove` saying why.
    """
    record: Any = source
    if isinstance(source, os.PathLike) or (
        isinstance(source, str) and not source.lstrip().startswith("{")
    ):
        record = pathlib.Path(source).read_text(encoding="utf-8")
    kind = _kind(record)
    if kind == "stoeptegel":
        table = StoeptegelWidget(game=Stoeptegel.from_record(record), seat=seat, think=None)
        table.review_round()
        return table
    game = TriPeaks.from_record(record)
    if not game.over:
        raise IllegalMove("This game is not over: a review shows a finished game.")
    table = TriPeaksWidget(game=game)
    table.review_game()
    return table


def _kind(record: Any) -> str:
    """Which game a record is of ("tripeaks" unless it says "stoeptegel"); a seat's own
    record cannot be replayed (it holds only what the seat saw)."""
    data = record
    if isinstance(record, str):
        try:
            data = json.loads(record)
        except ValueError:
            return "tripeaks"  # from_record says what is wrong with it
    if isinstance(data, Mapping) and data.get("format") == SEAT_RECORD:
        raise IllegalMove(
            "This is a seat's own record (what one player saw): it cannot be replayed. "
            "Review the host's record (game.record()) instead."
        )
    is_stoeptegel = isinstance(data, Mapping) and data.get("game") == "stoeptegel"
    return "stoeptegel" if is_stoeptegel else "tripeaks"
