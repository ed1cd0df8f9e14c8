"""Review and Download record on a served table: each seat asks for its own, and only that
seat's sockets are told.

A seat's review is weighed as on the notebook's table (:func:`~cardtable.widgets.review.
open_review`): in the bots' worker process from that seat's views alone, its progress (and then
the review) sent to that seat as its ``review``; a new game empties it. Its record is its own
view of the game (``review_view.seat_record``), sent to the socket that asked as a
``{"type": "download", …}`` frame.

>>> from cardtable.stoeptegel import Stoeptegel
>>> game = Stoeptegel(players=2, seed=3)
>>> desk = SeatReviews(lambda: game, lambda seat: None)
>>> desk.shown(0)
{}
>>> desk.handle(0, "review", print, ["Ann", "Bo"])
Traceback (most recent call last):
...
cardtable.errors.IllegalMove: The review opens once a round has ended, for the seat it shows.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .._records import record_file
from ..errors import IllegalMove
from ..messages import message
from ..stoeptegel.game import Stoeptegel
from ..stoeptegel.review_view import seat_record
from ..widgets.review import open_review

ACTIONS = frozenset({"review", "download"})
"""The intents a served seat sends for its own review and record (the session knows neither)."""


class SeatReviews:
    """The reviews of a served table's seats. ``game()`` is the table's game now; ``changed(seat)``
    sends ``seat`` its state again (its review changed)."""

    def __init__(self, game: Callable[[], Stoeptegel], changed: Callable[[int], None]) -> None:
        self._game, self._changed = game, changed
        self._reviews: dict[int, tuple[Stoeptegel, dict[str, Any]]] = {}

    def shown(self, seat: int) -> dict[str, Any]:
        """``seat``'s review of the table's game (empty when it asked for none, or the game
        it reviewed is no longer the table's)."""
        game, review = self._reviews.get(seat, (None, {}))
        return review if game is self._game() else {}

    def handle(
        self,
        seat: int,
        action: str,
        send: Callable[[dict[str, Any]], None] | None,
        names: list[str],
        lang: str = "en",
    ) -> None:
        """``action`` (one of :data:`ACTIONS`) from ``seat``, whose socket ``send`` (which it
        reaches) reads ``lang``. Raises :class:`~cardtable.IllegalMove` for a review asked too
        early, or a record asked for by no socket."""
        game = self._game()
        if action == "download":
            if send is None:
                raise IllegalMove(message("served.no_files"))
            send(record_file(seat_record(game, seat, names), f"stoeptegel-{names[seat]}"))
            return

        def show(review: dict[str, Any]) -> None:
            if game is self._game():  # else: a new game meanwhile, the review is too late
                self._reviews[seat] = (game, review)
                self._changed(seat)

        open_review(game, seat, self.shown(seat), show, lang)
