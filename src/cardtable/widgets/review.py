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
from concurrent.futures import Executor
from typing import Any, TypeVar

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
