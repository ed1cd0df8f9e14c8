"""The Stoeptegel table's review of a round: weighed in the bots' worker process, shown as
it comes back (the Tri-Peaks review is the session's, ``tripeaks.session``).

The review is computed away from the kernel's event loop when one runs, its panel showing
``review_view.pending`` meanwhile; in a script it is computed at once.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any, TypeVar

from ..stoeptegel.game import Stoeptegel
from ..stoeptegel.review_view import pending, round_points, screen, step
from ..stoeptegel.reviews import Decision, weigh
from ..stoeptegel.thinking import in_worker

T = TypeVar("T")
_log = logging.getLogger("cardtable")


def seat_review(
    game: Stoeptegel,
    seat: int,
    round_number: int,
    show: Callable[[dict[str, Any]], None],
    *,
    worlds: int = 120,
) -> None:
    """Review ``seat``'s decisions of round ``round_number``: each is weighed in the bots'
    worker process from the seat's view before it (only those views leave the kernel), and
    ``show`` gets the progress (``review_view.pending``) as each comes back, then the review
    (``review_view.screen``). With no event loop running, it is computed here and now."""
    points = round_points(game, seat, round_number)
    total = len(points)
    steps: list[dict[str, Any] | None] = [None] * total
    tag = {"seat": seat}

    def weighed(i: int, decision: Decision | None) -> None:
        steps[i] = step(points[i], decision, i + 1, total)
        done = sum(s is not None for s in steps)
        if done == total:
            show({**screen([s for s in steps if s is not None], round_number), **tag})
        else:
            show({**pending(done, total), **tag})

    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:  # a script or a test
        for i, (index, action, view) in enumerate(points):
            weighed(i, weigh(view, index, action, worlds, index))
        if not total:
            show({**screen([], round_number), **tag})
        return
    show({**pending(0, total), **tag} if total else {**screen([], round_number), **tag})
    for i, (index, action, view) in enumerate(points):
        future = in_worker(weigh, view, index, action, worlds, index)
        future.add_done_callback(
            lambda f, i=i: loop.call_soon_threadsafe(weighed, i, _result(f))  # type: ignore[misc]
        )


def _result(future: Future[Decision | None]) -> Decision | None:
    """A decision the worker could not weigh is shown unweighed (never a traceback)."""
    try:
        return future.result()
    except Exception:
        _log.debug("a decision could not be weighed", exc_info=True)
        return None

