"""The session's one way to the solver's thread (``TriPeaksSession._in_thread``), as the hint,
the verdict and the review use it: an answer that comes after the table moved on (a move, an
undo, a new deal) is dropped, though still remembered for its position; a search that fails
becomes a message on the table, never a traceback, and may be asked for again."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from typing import Any

import pytest

from cardtable.tripeaks import TriPeaks
from cardtable.tripeaks import session as tripeaks_session
from cardtable.tripeaks.session import TriPeaksSession

from ..widgets.threads import in_own_thread, run_async
from .test_session import finished

Notices = list[tuple[str, str]]


def table(game: TriPeaks) -> tuple[TriPeaksSession, Notices]:
    notices: Notices = []
    session = TriPeaksSession(game, listen=(lambda: None, lambda t, k: notices.append((t, k))))
    return session, notices


async def settled() -> None:
    """Until the solver's thread has finished what it was given and its answer is back."""
    loop = asyncio.get_running_loop()
    await loop.run_in_executor(tripeaks_session._solver_thread(), lambda: None)
    for _ in range(5):
        await asyncio.sleep(0)


def held(monkeypatch: Any) -> threading.Event:
    """Make every hint search wait for the returned event (a search still under way)."""
    release, original = threading.Event(), TriPeaks.hint

    def slow(game: TriPeaks) -> Any:
        release.wait(30)
        return original(game)

    monkeypatch.setattr(TriPeaks, "hint", slow)
    return release


def broken(monkeypatch: Any, target: Any, name: str) -> None:
    def fails(*_args: Any) -> Any:
        raise RuntimeError("the solver broke")

    monkeypatch.setattr(target, name, fails)


def test_a_hint_found_after_a_move_is_dropped_but_kept_for_its_position(monkeypatch: Any) -> None:
    release = held(monkeypatch)

    async def scenario() -> tuple[Any, Any, int]:
        session, _ = table(TriPeaks(seed=41))
        session.handle({"action": "hint"})
        session.handle({"action": "draw"})  # the table moves on while the search runs
        release.set()
        await settled()
        stale = session.hint
        monkeypatch.setattr(TriPeaks, "hint", lambda _game: pytest.fail("searched again"))
        session.handle({"action": "undo"})  # back to the position the hint was for
        session.handle({"action": "hint"})
        return stale, session.hint, len(session._busy)

    stale, again, busy = run_async(scenario)
    assert stale is None and again is not None and busy == 0


def test_a_verdict_solved_after_a_new_deal_is_dropped(monkeypatch: Any) -> None:
    async def scenario() -> tuple[Any, int]:
        session, _ = table(finished())
        session.handle({"action": "analyse"})
        session.handle({"action": "new"})  # dealt before the solver answers
        await settled()
        return session.analysis, len(session._verdicts)

    analysis, known = run_async(scenario)
    assert analysis is None and known == 1


def test_a_review_computed_after_a_replay_is_dropped() -> None:
    async def scenario() -> dict[str, Any]:
        session, _ = table(finished())
        session.handle({"action": "review"})
        session.handle({"action": "replay"})
        await settled()
        return session.review

    assert run_async(scenario) == {}


SEARCHES: list[tuple[str, Callable[[Any], None], str]] = [
    ("hint", lambda m: broken(m, TriPeaks, "hint"), "The hint could not be computed"),
    ("analyse", lambda m: broken(m, tripeaks_session, "_verdict"), "The deal could not be solved"),
    ("review", lambda m: broken(m, tripeaks_session, "review_screen"), "The review could not be"),
]


@pytest.mark.parametrize(("action", "breaks", "said"), SEARCHES)
@pytest.mark.parametrize("in_a_kernel", [False, True])
def test_a_failed_search_is_a_message_and_may_be_asked_again(
    monkeypatch: Any, action: str, breaks: Callable[[Any], None], said: str, in_a_kernel: bool
) -> None:
    breaks(monkeypatch)

    def ask(session: TriPeaksSession) -> None:
        session.handle({"action": action})

    async def kernel() -> tuple[TriPeaksSession, Notices]:
        session, notices = table(TriPeaks(seed=41) if action == "hint" else finished())
        ask(session)
        await settled()
        monkeypatch.undo()  # mended: asked again, it answers
        ask(session)
        await settled()
        return session, notices

    def script() -> tuple[TriPeaksSession, Notices]:
        session, notices = table(TriPeaks(seed=41) if action == "hint" else finished())
        ask(session)
        monkeypatch.undo()
        ask(session)
        return session, notices

    session, notices = run_async(kernel) if in_a_kernel else in_own_thread(script)
    assert [kind for _, kind in notices] == ["error"] and notices[0][0].startswith(said)
    if action == "hint":
        assert session.hint is not None
    else:
        shown = session.analysis if action == "analyse" else session.review
        assert shown and not shown.get("pending")
