"""The Stoeptegel table's review of a round: weighed in the bots' worker process, shown as
it comes back — on the notebook's table and on a served one alike (:func:`open_review`; the
Tri-Peaks review is the session's, ``tripeaks.session``).

The review is computed away from the kernel's event loop when one runs, its panel showing
``review_view.pending`` meanwhile; in a script it is computed at once.

>>> from cardtable.stoeptegel import Stoeptegel
>>> game = Stoeptegel.scenario(["9D 4H 5S", "KC 3S 8C"], ["KH", "3D", "QC"], ["6D", "2C"])
>>> game.pass_turn(0)
>>> shown = []
>>> seat_review(game, 0, 1, shown.append, worlds=40)
>>> shown[-1]["seat"], shown[-1]["mistakes"], shown[-1]["steps"][0]["did"]
(0, [0], 'pass')
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any

from ..errors import IllegalMove
from ..messages import message
from ..stoeptegel.game import Stoeptegel
from ..stoeptegel.review_view import pending, round_points, screen, step
from ..stoeptegel.reviews import Decision, weigh
from ..stoeptegel.thinking import in_worker

_log = logging.getLogger("cardtable")


def seat_review(
    game: Stoeptegel,
    seat: int,
    round_number: int,
    show: Callable[[dict[str, Any]], None],
    *,
    worlds: int = 120,
    lang: str = "en",
) -> None:
    """Review ``seat``'s decisions of round ``round_number``: each is weighed in the bots'
    worker process from the seat's view before it (only those views leave the kernel), and
    ``show`` gets the progress (``review_view.pending``) as each comes back, then the review
    (``review_view.screen``), in ``lang``. With no event loop running, it is computed here
    and now."""
    points = round_points(game, seat, round_number)
    total = len(points)
    steps: list[dict[str, Any] | None] = [None] * total
    tag = {"seat": seat}

    def weighed(i: int, decision: Decision | None) -> None:
        steps[i] = step(points[i], decision, i + 1, total, lang)
        done = sum(s is not None for s in steps)
        if done == total:
            show({**screen([s for s in steps if s is not None], round_number, lang), **tag})
        else:
            show({**pending(done, total, lang), **tag})

    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:  # a script or a test
        for i, (index, action, view) in enumerate(points):
            weighed(i, weigh(view, index, action, worlds, index))
        if not total:
            show({**screen([], round_number), **tag})
        return

    def weighed_by_worker(i: int, future: Future[Decision | None]) -> None:
        index, action, view = points[i]
        try:
            decision = future.result()
        except Exception:  # a broken worker: weighed here instead, as a bot thinks inline
            _log.debug("the worker could not weigh a decision", exc_info=True)
            decision = weigh(view, index, action, worlds, index)
        weighed(i, decision)

    first = pending(0, total, lang) if total else screen([], round_number, lang)
    show({**first, **tag})
    for i, (index, action, view) in enumerate(points):
        future = in_worker(weigh, view, index, action, worlds, index)
        future.add_done_callback(
            lambda f, i=i: loop.call_soon_threadsafe(weighed_by_worker, i, f)  # type: ignore[misc]
        )


def open_review(
    game: Stoeptegel,
    seat: int | None,
    shown: dict[str, Any],
    show: Callable[[dict[str, Any]], None],
    lang: str = "en",
) -> None:
    """Review the round that just ended for ``seat`` (the seat at the screen, ``None`` when
    it shows none), its screen showing the review ``shown`` now, in ``lang``: refused before a
    round has ended and while one is being weighed; the review shown already is not weighed
    again.

    >>> game = Stoeptegel(players=2, seed=3)
    >>> open_review(game, 0, {}, print)
    Traceback (most recent call last):
    ...
    cardtable.errors.IllegalMove: The review opens once a round has ended, for the seat it shows.
    """
    reveal = None if seat is None else game.view(seat)["reveal"]
    if seat is None or reveal is None:
        raise IllegalMove(message("stoeptegel.review.not_yet"))
    if shown.get("pending"):
        raise IllegalMove(message("stoeptegel.review.busy"))
    if shown.get("round") != reveal["round"]:
        seat_review(game, seat, reveal["round"], show, lang=lang)
