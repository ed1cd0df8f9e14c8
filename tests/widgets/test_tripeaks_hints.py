"""The browser cannot make the kernel search in a loop (issue 26): a Tri-Peaks hint and the
solver's verdict are remembered per position, and a new request while one is being computed is
refused with a reason."""

from __future__ import annotations

import asyncio
from typing import Any

from cardtable import TriPeaksWidget
from cardtable.tripeaks import TriPeaks
from cardtable.tripeaks import session as tripeaks_session

from .test_tripeaks_widget import intent
from .threads import in_own_thread, run_async


def counting(monkeypatch: Any, name: str) -> list[int]:
    """Count the calls of ``TriPeaks.<name>`` (the search behind a hint or a verdict)."""
    calls: list[int] = []
    original = getattr(TriPeaks, name) if name == "hint" else tripeaks_session._verdict

    def counted(*args: Any, **kwargs: Any) -> Any:
        calls.append(1)
        return original(*args, **kwargs)

    if name == "hint":
        monkeypatch.setattr(TriPeaks, "hint", counted)
    else:
        monkeypatch.setattr(tripeaks_session, "_verdict", counted)
    return calls


def test_the_same_position_is_hinted_once(monkeypatch: Any) -> None:
    calls = counting(monkeypatch, "hint")

    def body() -> tuple[list[Any], int]:
        widget = TriPeaksWidget(seed=41)
        hints = []
        for _ in range(20):
            intent(widget, "hint")
            hints.append(widget.hint)
        intent(widget, "draw")
        intent(widget, "undo")  # the same position again
        intent(widget, "hint")
        hints.append(widget.hint)
        return hints, len(calls)

    hints, searched = in_own_thread(body)
    assert len(set(hints)) == 1 and hints[0] is not None and searched == 1


def test_a_hint_asked_while_one_is_computed_is_refused() -> None:
    async def scenario() -> tuple[str, Any, Any]:
        widget = TriPeaksWidget(seed=41)
        intent(widget, "hint")  # the search starts in the solver's thread
        intent(widget, "hint")
        refused = widget.message.get("text", "")
        for _ in range(500):
            if widget.hint is not None:
                break
            await asyncio.sleep(0.01)
        first = widget.hint
        intent(widget, "hint")  # known now: answered at once
        return refused, first, widget.hint

    refused, first, again = run_async(scenario)
    assert refused == "Still thinking about the last hint."
    assert first is not None and again == first


def test_the_verdict_on_a_deal_is_solved_once(monkeypatch: Any) -> None:
    calls = counting(monkeypatch, "verdict")

    async def scenario() -> tuple[str, Any, Any]:
        widget = TriPeaksWidget(seed=41)
        while not widget.game.over:
            widget.game.apply(widget.game.legal_moves()[-1])
        intent(widget, "analyse")
        intent(widget, "analyse")
        refused = widget.message.get("text", "")
        for _ in range(3000):
            if widget.analysis and not widget.analysis.get("pending"):
                break
            await asyncio.sleep(0.01)
        verdict = widget.analysis
        widget.game = widget.game.replay()  # the same deal again: its verdict is known
        while not widget.game.over:
            widget.game.apply(widget.game.legal_moves()[-1])
        intent(widget, "analyse")
        return refused, verdict, widget.analysis

    refused, verdict, again = run_async(scenario)
    assert refused == "Still solving the deal." and "best possible score" in verdict["text"]
    assert again == verdict and len(calls) == 1


def test_a_position_out_of_range_is_quoted_briefly() -> None:
    widget = TriPeaksWidget(seed=41)
    intent(widget, "play", position=10**100)
    text = widget.message["text"]
    assert "There is no position" in text and len(text) < 120 and "..." in text
