"""What the end screens add: the review of a game, and its record to download.

The review is computed away from the kernel's event loop when one runs (the solver, or the
bots' worker, may take a second or more), its panel showing ``{"pending": true, ...}``
meanwhile; in a script it is computed at once. A record reaches the browser as one custom
message ``{"type": "download", "name", "text"}`` that the page saves as a file: nothing of it
is kept in a synced trait.

>>> from cardtable.tripeaks import TriPeaks
>>> record_file(TriPeaks(seed=7).record(), "tripeaks-7")["name"]
'tripeaks-7.json'
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Callable, Mapping
from concurrent.futures import Executor, Future
from typing import Any, TypeVar

from ..stoeptegel.game import Stoeptegel
from ..stoeptegel.review_view import pending, round_points, screen, step
from ..stoeptegel.reviews import Decision, weigh
from ..stoeptegel.thinking import in_worker

T = TypeVar("T")
_log = logging.getLogger("cardtable")


def record_file(record: Mapping[str, Any], stem: str) -> dict[str, str]:
    """The custom message that makes the page download ``record`` as ``stem.json``."""
    return {
        "type": "download",
        "name": f"{stem}.json",
        "text": json.dumps(record, indent=1, ensure_ascii=False),
    }


def compute(
    pool: Callable[[], Executor],
    work: Callable[[], T],
    done: Callable[[T], None],
    failed: Callable[[], None],
) -> bool:
    """Run ``work`` in ``pool()`` when the kernel's event loop runs, and hand its result to
    ``done`` on that loop (or call ``failed`` if it raised); with no loop running, run it here
    and now. Returns True when the work was handed off (the caller shows its pending state
    meanwhile)."""
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:  # a script or a test
        done(work())
        return False
    future = loop.run_in_executor(pool(), work)
    def settle(finished: asyncio.Future[T]) -> None:
        if finished.cancelled():
            return
        if finished.exception() is not None:
            _log.debug("a review failed", exc_info=finished.exception())
            failed()
        else:
            done(finished.result())

    future.add_done_callback(settle)
    return True


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

