"""The Tri-Peaks widget from Python: intents, refusals, and what crosses into the browser."""

from __future__ import annotations

import asyncio
import json
import re

import pytest

from cardtable import TriPeaksWidget
from cardtable.tripeaks import SIZE, TriPeaks
from cardtable.tripeaks.texts import grouped

from ..tripeaks.decks import CLEARING_ORDER, perfect_deal
from .threads import in_own_thread, run_async


def intent(widget: TriPeaksWidget, action: str, **fields) -> None:
    """Send an intent the way the browser does, through the comm message handler."""
    widget._on_message(widget, {"action": action, "version": widget.version, **fields}, [])


def synced(widget: TriPeaksWidget) -> str:
    """Everything the widget syncs to the browser, as one JSON text (the JS module aside)."""
    state = widget.get_state()
    state.pop("_esm"), state.pop("_css")
    return json.dumps(state)


def hidden_codes(game: TriPeaks) -> list[str]:
    down = [game.card_at(p) for p in range(SIZE) if game.card_at(p) and not game.is_face_up(p)]
    return [card.code for card in down + game.stock]


def assert_no_leak(widget: TriPeaksWidget) -> None:
    text = synced(widget)
    for code in hidden_codes(widget.game):
        assert f'"{code}"' not in text, code
    assert str(widget.game.seed) not in text


def test_the_view_trait_is_the_engine_view():
    widget = TriPeaksWidget(seed=7)
    assert widget.view == widget.game.view()
    assert widget.view["stock_count"] == 23


def test_intents_play_draw_undo_redo_hint_and_new():
    widget = TriPeaksWidget(game=TriPeaks.from_deck(perfect_deal()))
    intent(widget, "play", position=18)
    assert widget.view["score"] == 1 and widget.view["tableau"][18] is None
    intent(widget, "draw")
    assert widget.view["stock_count"] == 22 and widget.view["run"] == 0
    intent(widget, "undo")
    assert widget.view["stock_count"] == 23 and widget.view["can_redo"]
    intent(widget, "redo")
    assert widget.view["stock_count"] == 22
    intent(widget, "hint")
    assert widget.hint in widget.game.legal_moves()
    intent(widget, "play", position=19)
    assert widget.hint is None  # a move clears the hint
    first_seed = widget.game.seed
    intent(widget, "new")
    assert widget.game.seed != first_seed and widget.view["moves"] == 0
    assert widget.message == {}


BAD_INTENTS = [
    "not a dict",
    None,
    {"action": "fly"},
    {"action": "play"},
    {"action": "play", "position": "18"},
    {"action": "play", "position": 18.0},
    {"action": "play", "position": True},
    {"action": "play", "position": 99},
    {"action": "play", "position": 0},  # face down
    {"action": "play", "position": 21},  # a rank that does not fit
    {"action": "undo"},  # nothing to undo yet
    {"action": "redo"},
]


@pytest.mark.parametrize("content", BAD_INTENTS)
def test_bad_intents_are_refused_with_a_reason_and_change_nothing(content):
    widget = TriPeaksWidget(game=TriPeaks.from_deck(perfect_deal()))
    before = (widget.game.to_json(), widget.view, widget.version)
    if isinstance(content, dict):
        content = {**content, "version": widget.version}
    widget._on_message(widget, content, [])
    assert (widget.game.to_json(), widget.view, widget.version) == before
    assert widget.message["kind"] == "error" and widget.message["text"]


def test_a_double_click_that_arrives_twice_is_refused_as_stale():
    widget = TriPeaksWidget(game=TriPeaks.from_deck(perfect_deal()))
    click = {"action": "play", "position": 18, "version": widget.version}
    widget._on_message(widget, dict(click), [])
    after_first = widget.game.to_json()
    widget._on_message(widget, dict(click), [])
    assert widget.game.to_json() == after_first
    assert "earlier state" in widget.message["text"]


def test_the_engine_reason_reaches_the_table():
    widget = TriPeaksWidget(game=TriPeaks.from_deck(perfect_deal()))
    intent(widget, "play", position=0)
    assert "face down" in widget.message["text"] and "rule T1" in widget.message["text"]


def test_driving_the_game_from_python_updates_the_view():
    widget = TriPeaksWidget(game=TriPeaks.from_deck(perfect_deal()))
    version = widget.version
    widget.game.play(18)
    assert widget.view["score"] == 1 and widget.version == version + 1
    widget.game = TriPeaks.from_deck(perfect_deal(), scoring="multiplier")
    assert widget.view["scoring"] == "multiplier" and widget.view["moves"] == 0


def test_an_old_game_no_longer_drives_the_widget_once_replaced():
    old = TriPeaks.from_deck(perfect_deal())
    widget = TriPeaksWidget(game=old)
    widget.game = TriPeaks(seed=3)
    old.play(18)
    assert widget.view == widget.game.view()


def test_nothing_hidden_is_ever_synced():
    widget = TriPeaksWidget()  # a random deal: its number (the seed) stays home during play
    assert_no_leak(widget)
    for _ in range(12):
        intent(widget, "hint")
        assert_no_leak(widget)
        intent(widget, "play", position=widget.hint) if widget.hint != "draw" else intent(
            widget, "draw"
        )
        assert_no_leak(widget)
    for _ in range(4):
        intent(widget, "undo")
        assert_no_leak(widget)
    intent(widget, "play", position=0)  # refused: the message must not name hidden cards
    assert_no_leak(widget)
    intent(widget, "new")
    assert_no_leak(widget)


def test_a_won_game_shows_the_banner_state():
    widget = TriPeaksWidget(game=TriPeaks.from_deck(perfect_deal()))
    for position in CLEARING_ORDER:
        intent(widget, "play", position=position)
    assert widget.view["won"] and widget.view["over"] and widget.view["score"] == 466
    intent(widget, "draw")
    assert "over" in widget.message["text"]


def test_the_verdict_is_given_only_once_the_game_is_over_and_then_undo_closes():
    in_own_thread(verdict_then_undo_closes)  # as in a script: no event loop, solved at once


def verdict_then_undo_closes():
    widget = TriPeaksWidget(game=TriPeaks.from_deck(perfect_deal()))
    for position in CLEARING_ORDER[:-1]:
        intent(widget, "play", position=position)
    intent(widget, "analyse")  # no spoilers while the game is on
    assert widget.analysis is None and "only once the game is over" in widget.message["text"]
    intent(widget, "play", position=CLEARING_ORDER[-1])
    assert widget.analysis is None  # shown only when asked for
    intent(widget, "undo")  # undo still works before the verdict is asked for
    intent(widget, "redo")
    intent(widget, "analyse")
    assert widget.analysis == {
        "winnable": True,
        "best_score": 466,
        "text": "This deal could be cleared · best possible score 466",
    }
    assert widget.ending == {
        "title": "You cleared all three peaks!",
        "score": "Final score: 466",
        "deal": "A prepared deal (given card by card)",
    }
    before = widget.game.to_json()
    intent(widget, "undo")  # nobody replays a deal knowing what the solver saw
    assert "Undo is closed" in widget.message["text"] and widget.game.to_json() == before
    intent(widget, "new")
    assert widget.analysis is None and not widget.view["over"]


def test_a_lost_game_reports_whether_the_deal_could_have_been_cleared():
    in_own_thread(lost_game_verdict)


def lost_game_verdict():
    widget = TriPeaksWidget(seed=11)
    while not widget.game.over:
        widget.game.apply(widget.game.legal_moves()[-1])  # draw whenever possible: a poor line
    widget.analyse()
    assert widget.analysis["best_score"] >= widget.game.score
    assert widget.analysis["winnable"] in (True, False)


def test_in_a_kernel_the_solver_runs_off_the_event_loop_thread():
    async def finish_and_ask() -> list:
        widget = TriPeaksWidget(game=TriPeaks.from_deck(perfect_deal()))
        for position in CLEARING_ORDER:
            widget.game.play(position)
        widget.analyse()
        seen = [widget.analysis]
        while widget.analysis.get("pending"):
            await asyncio.sleep(0.01)
        return [*seen, widget.analysis]

    pending, done = run_async(finish_and_ask)
    assert pending == {"pending": True, "text": "Solving the deal…"}
    assert (done["winnable"], done["best_score"]) == (True, 466)


def test_the_geometry_comes_from_the_engine_layout():
    widget = TriPeaksWidget(seed=1)
    assert widget.geometry["x"][:3] == [1.5, 4.5, 7.5] and widget.geometry["row"][27] == 3


def test_replay_deals_the_same_cards_from_the_first_one_and_counts_the_session():
    widget = TriPeaksWidget(seed=41)
    first = widget.view
    assert widget.ending == {} and widget.stats["games"] == 0
    assert widget.deal == "Deal 41"  # the notebook asked for it: nothing the player does not know
    while not widget.game.over:
        move = widget.game.legal_moves()[-1]  # draw whenever possible: a poor line
        intent(widget, "draw" if move == "draw" else "play", **(
            {} if move == "draw" else {"position": move}))  # fmt: skip
    assert widget.ending["deal"] == "Deal 41 · TriPeaksWidget(seed=41) deals it again"
    assert widget.stats == {
        "games": 1, "won": 0, "best": widget.game.score, "streak": 0,
        "text": f"1 game · 0 won · best {widget.game.score} · streak 0",
    }  # fmt: skip
    intent(widget, "undo")
    intent(widget, "draw" if widget.game.legal_moves() == ["draw"] else "redo")
    assert widget.stats["games"] == 1  # the same game ending again does not count twice
    intent(widget, "replay")
    assert widget.view["tableau"] == first["tableau"] and widget.view["waste"] == first["waste"]
    assert (widget.view["score"], widget.view["stock_count"], widget.view["moves"]) == (0, 23, 0)
    assert widget.ending == {} and widget.game.seed == 41


def test_replay_in_progressive_mode_deals_the_first_rounds_cards():
    game = TriPeaks.from_deck(perfect_deal(), progressive=True, seed=5)
    for position in CLEARING_ORDER:
        game.play(position)
    assert game.round == 2
    again = TriPeaksWidget(game=game)
    intent(again, "replay")
    assert (
        again.game.round == 1
        and again.view["tableau"] == TriPeaks.from_deck(perfect_deal()).view()["tableau"]
    )


def test_a_random_deals_number_is_told_only_once_the_game_is_over():
    widget = TriPeaksWidget()
    seed = widget.game.seed
    synced = json.dumps({k: v for k, v in widget.get_state().items()
                         if k not in ("_esm", "_css", "geometry")})  # fmt: skip
    assert widget.deal == "" and not re.search(rf"\b{seed}\b", synced)
    while not widget.game.over:
        widget.game.apply(widget.game.legal_moves()[-1])
    shown = grouped(seed)  # 20 digits read in groups: "1234 5678 …"
    assert widget.deal == f"Deal {shown}" and f"seed={grouped(seed, '_')})" in widget.ending["deal"]
    intent(widget, "replay")  # the same deal again: its number is known now
    assert widget.deal == f"Deal {shown}" and not widget.game.over
    intent(widget, "new")
    assert widget.deal == ""
