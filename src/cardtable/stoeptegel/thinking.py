"""Where bots think: away from the table's event loop, so that timing reveals nothing (rule B23).

A bot that can lay a card may compute for a while (the sampling bot plays rounds out); one that
cannot, answers at once. If that work ran on the kernel's event loop, a human's click arriving
meanwhile would be answered later when the bot had a card to play than when it had none: the
delay would tell what the bot holds. Python threads do not help, since they share one
interpreter lock (a click's handling took three times as long beside a busy thread). So the
built-in bots think in a worker process: the loop stays free whatever they compute. Other bots
(a user's own, which may not survive pickling or may keep state the user looks at) think in a
worker thread. Where neither exists (Pyodide), or a worker breaks, the bot thinks inline.

>>> from cardtable.stoeptegel import Stoeptegel
>>> from cardtable.stoeptegel.bots import GreedyBot
>>> game = Stoeptegel(players=2, seed=3)
>>> ok, card, bot = decide(GreedyBot(seed=1), game.view(0))
>>> ok, card in game.hand(0)
(True, True)
"""

from __future__ import annotations

import atexit
import concurrent.futures
import logging
import multiprocessing
import os
import signal
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from .._platform import has_processes

_log = logging.getLogger("cardtable")
T = TypeVar("T")

Decision = tuple[bool, Any, Any]
"""``(ok, decision, bot)``: ``ok`` is False when the bot raised (``decision`` is then None);
``bot`` is the bot after deciding (from a worker process: a copy carrying its new state)."""


def decide(bot: Any, view: Mapping[str, Any]) -> Decision:
    """Ask ``bot`` for its choice (choose phase) or its turn (play phase) on ``view``."""
    try:
        decision = bot.choose(view) if view["phase"] == "choose" else bot.turn(view)
    except Exception:  # a broken bot must not break the table
        # The details may name the bot's cards: the debug log only, never stderr or a browser.
        _log.debug("the bot at seat %s failed", view.get("seat"), exc_info=True)
        return False, None, bot
    return True, decision, bot


def is_builtin(bot: object) -> bool:
    """A bot of :mod:`cardtable.stoeptegel.bots` (safe to copy into a worker process)."""
    from .bots import BOTS

    return type(bot) in BOTS.values()


def submit(bot: Any, view: Mapping[str, Any]) -> concurrent.futures.Future[Decision]:
    """Start ``decide(bot, view)`` away from the caller's thread; the future never fails."""
    pool = _process_pool() if is_builtin(bot) else None
    pool = pool or _thread_pool()
    if pool is not None:
        try:
            future = pool.submit(decide, bot, view)
        except Exception:  # a broken or shut-down pool
            _log.debug("a bot worker could not start", exc_info=True)
        else:
            return _inline_on_failure(future, bot, view)
    done: concurrent.futures.Future[Decision] = concurrent.futures.Future()
    done.set_result(decide(bot, view))
    return done


def in_worker(fn: Callable[..., T], *args: Any) -> concurrent.futures.Future[T]:
    """``fn(*args)`` in the bots' worker process (a top-level ``fn`` of the engine, on
    picklable arguments: a review's views), else a worker thread, else here and now."""
    pool = _process_pool() or _thread_pool()
    if pool is not None:
        try:
            return pool.submit(fn, *args)
        except Exception:  # a broken or shut-down pool
            _log.debug("a worker could not start", exc_info=True)
    done: concurrent.futures.Future[T] = concurrent.futures.Future()
    try:
        done.set_result(fn(*args))
    except Exception as error:
        done.set_exception(error)
    return done


def _inline_on_failure(
    future: concurrent.futures.Future[Decision], bot: Any, view: Mapping[str, Any]
) -> concurrent.futures.Future[Decision]:
    """``future``, or the inline decision if its worker broke (a crashed process, a bot that
    would not pickle)."""
    result: concurrent.futures.Future[Decision] = concurrent.futures.Future()

    def settle(done: concurrent.futures.Future[Decision]) -> None:
        try:
            result.set_result(done.result())
        except Exception:
            _log.debug("a bot worker failed; the bot thinks inline", exc_info=True)
            result.set_result(decide(bot, view))

    future.add_done_callback(settle)
    return result


_POOLS: dict[str, concurrent.futures.Executor | None] = {}


def _process_pool() -> concurrent.futures.Executor | None:
    if "process" not in _POOLS and not has_processes():
        _POOLS["process"] = None  # WebAssembly (Pyodide): the bot thinks inline
    if "process" not in _POOLS:
        try:
            # spawn, not fork: a kernel runs threads, and a forked child of a threaded process
            # may deadlock; the child imports only the engine.
            _POOLS["process"] = concurrent.futures.ProcessPoolExecutor(
                max_workers=1,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=_quiet_worker,
            )
        except Exception:  # a platform that cannot start one after all
            _log.debug("no worker process for bots", exc_info=True)
            _POOLS["process"] = None
    return _POOLS["process"]


def _quiet_worker() -> None:
    """The worker keeps out of the kernel's business: a kernel interrupt (SIGINT to the process
    group) is the user's, not the worker's; and nothing it might print reaches the notebook,
    where ipykernel forwards a child's output."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 1)
    os.dup2(devnull, 2)


def _thread_pool() -> concurrent.futures.Executor | None:
    if "thread" not in _POOLS:
        _POOLS["thread"] = concurrent.futures.ThreadPoolExecutor(
            max_workers=1, thread_name_prefix="cardtable-bot"
        )
    return _POOLS["thread"]


@atexit.register
def _close_pools() -> None:
    # While the interpreter is whole: a pool left to the final clean-up complains on stderr.
    for pool in _POOLS.values():
        if pool is not None:
            pool.shutdown(wait=True, cancel_futures=True)
    _POOLS.clear()
