"""The Tri-Peaks table session without Jupyter (issue 27 §1): the one place an intent meets the
engine, for a table and for an exercise."""

from __future__ import annotations

from typing import Any

import pytest

from cardtable import IllegalMove
from cardtable.tripeaks import TriPeaks
from cardtable.tripeaks.session import TriPeaksSession

from ..widgets.threads import in_own_thread


def finished(seed: int = 41) -> TriPeaks:
    game = TriPeaks(seed)
    while not game.over:
        game.apply(game.legal_moves()[-1])
    return game


def test_every_change_is_told_and_counted() -> None:
    told: list[int] = []
    notices: list[str] = []
    session = TriPeaksSession(
        TriPeaks(7), listen=(lambda: told.append(1), lambda text, _kind: notices.append(text)),
    )
    session.handle({"action": "draw", "version": session.version})
    session.handle({"action": "undo"})
    session.handle({"action": "redo"})
    assert len(told) == 3 and session.version == 4 and session.game.stock_count == 22
    assert notices == []
    with pytest.raises(IllegalMove, match="earlier state"):
        session.handle({"action": "undo", "version": 1})
    with pytest.raises(IllegalMove, match="one player"):
        session.handle({"action": "draw"}, seat=1)
    assert session.game.stock_count == 22


def test_undo_closes_once_the_verdict_was_asked_and_a_replay_reopens_it() -> None:
    def body() -> tuple[Any, ...]:
        session = TriPeaksSession(finished())
        session.handle({"action": "analyse"})
        verdict = session.screen()["analysis"]
        with pytest.raises(IllegalMove) as refused:
            session.handle({"action": "undo"})
        session.handle({"action": "replay"})
        session.handle({"action": "draw"})
        session.handle({"action": "undo"})
        return verdict, str(refused.value), session.screen()["analysis"]

    verdict, refused, after = in_own_thread(body)
    assert "best possible score" in verdict["text"] and after is None
    assert refused.startswith("Undo is closed for this deal")


def test_the_screen_tells_a_random_deals_number_only_once_it_is_over() -> None:
    session = TriPeaksSession(TriPeaks())
    assert session.screen()["deal"] == "" and session.screen()["ending"] == {}
    session.replace(finished(session.game.seed))
    screen = session.screen()
    assert screen["deal"].startswith("Deal ") and screen["ending"]["title"]


class Judge:
    """Records what an exercise's session hands it."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, Any]] = []

    def attempt(self, move: Any, /) -> None:
        self.calls.append(("attempt", move))

    def show_hint(self) -> str:
        self.calls.append(("hint", None))
        return ""

    def reset(self) -> None:
        self.calls.append(("reset", None))

    def restore(self, stored: object) -> None:
        self.calls.append(("restore", stored))


def test_an_exercise_session_hands_every_try_to_its_judge_and_shows_no_legal_move() -> None:
    judge = Judge()
    session = TriPeaksSession(TriPeaks(7), judge=judge)
    for intent in ({"action": "play", "position": 24}, {"action": "draw"}, {"action": "hint"},
                   {"action": "undo"}, {"action": "replay"}, {"action": "new"},
                   {"action": "restore", "stored": "{}"}):  # fmt: skip
        session.handle(intent)
    assert judge.calls == [
        ("attempt", 24), ("attempt", "draw"), ("hint", None),
        ("reset", None), ("reset", None), ("reset", None), ("restore", "{}"),
    ]  # fmt: skip
    assert session.screen()["view"]["legal"] == [] and session.game.stock_count == 23
    with pytest.raises(IllegalMove, match="Unknown action 'analyse'"):
        session.handle({"action": "analyse"})
