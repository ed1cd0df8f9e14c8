"""The Tri-Peaks end screen's Review and Download record (issue 29), from Python."""

from __future__ import annotations

import asyncio

from cardtable import TriPeaksWidget
from cardtable.tripeaks import TriPeaks, review
from cardtable.tripeaks.review_view import PENDING

from .threads import in_own_thread, run_async


def intent(widget: TriPeaksWidget, action: str) -> None:
    widget._on_message(widget, {"action": action, "version": widget.version}, [])


def lost(seed: int = 6) -> TriPeaksWidget:
    """A game lost by always taking the first legal move (seed 6: its 33rd move loses the
    clear, and the review takes about a second)."""
    widget = TriPeaksWidget(seed=seed)
    while not widget.game.over:
        widget.game.apply(widget.game.legal_moves()[0])
    return widget


def test_the_review_opens_only_once_the_game_is_over():
    def body() -> None:
        widget = TriPeaksWidget(seed=3)
        widget.game.draw()
        before = widget.get_state()
        intent(widget, "review")
        assert "once the game is over" in widget.message["text"]
        after = widget.get_state()
        assert (after["review"], after["analysis"], after["view"]) == (
            {},
            None,
            before["view"],
        )

    in_own_thread(body)


def test_each_step_is_the_engine_view_before_that_move_and_the_mistake_is_the_reviews():
    def body() -> None:
        widget = lost()
        game = widget.game
        intent(widget, "review")
        screen, judged = widget.review, review(game)
        assert len(screen["steps"]) == len(game.moves) and screen["mistake"] == judged.first_mistake
        replay = game.replay()
        for step, entry in zip(screen["steps"], judged.moves, strict=True):
            view = replay.view()
            assert step["tableau"] == view["tableau"] and step["waste"] == view["waste"]
            assert (step["played"], step["loss"]) == (entry.move, entry.loss)
            replay.apply(entry.move)
        mistake = screen["steps"][screen["mistake"]]
        assert mistake["better"] is not None
        assert screen["text"].startswith("After ") and "kept it clearable" in screen["text"]

    in_own_thread(body)


def test_reviewing_closes_undo_as_the_verdict_does():
    def body() -> None:
        widget = lost()
        intent(widget, "review")
        assert widget.analysis is not None  # reviewing counts as asking for the verdict
        moves = list(widget.game.moves)
        intent(widget, "undo")
        assert "Undo is closed" in widget.message["text"] and widget.game.moves == moves

    in_own_thread(body)


def test_no_step_shows_a_card_the_player_could_not_see():
    def body() -> None:
        widget = lost(seed=3)
        intent(widget, "review")
        replay = widget.game.replay()
        for step, move in zip(widget.review["steps"], widget.game.moves, strict=True):
            for position, slot in enumerate(step["tableau"]):
                if slot is not None and not replay.is_face_up(position):
                    assert slot == {"card": None, "face_up": False}
            replay.apply(move)

    in_own_thread(body)


def test_a_new_deal_closes_the_review():
    def body() -> None:
        widget = lost()
        intent(widget, "review")
        intent(widget, "new")
        assert widget.review == {} and widget.analysis is None

    in_own_thread(body)


def test_in_a_kernel_the_review_is_computed_off_the_event_loop():
    async def scenario() -> list:
        widget = lost()
        widget.review_game()
        seen = [widget.review]
        while widget.review.get("pending"):
            await asyncio.sleep(0.01)
        return [*seen, widget.review]

    pending, done = run_async(scenario)
    assert pending == PENDING and len(done["steps"]) > 0


def test_the_record_downloads_only_once_the_game_is_over():
    def body() -> None:
        widget = TriPeaksWidget(seed=3)
        sent: list = []
        widget.send = sent.append  # type: ignore[method-assign]
        intent(widget, "download")  # during play the record's seed would tell every card
        assert sent == [] and "once the game is over" in widget.message["text"]
        while not widget.game.over:
            widget.game.apply(widget.game.legal_moves()[0])
        intent(widget, "download")
        (message,) = sent
        assert message["type"] == "download" and message["name"].endswith(".json")
        assert TriPeaks.from_record(message["text"]).moves == widget.game.moves

    in_own_thread(body)


def test_twin_deals_that_differ_only_in_cards_never_seen_draw_the_same_review():
    """The hidden-information test (twin games): swap two cards that stayed face down all
    game; every step of the review draws the same table, move for move."""
    from cardtable.tripeaks.game import shuffled_deal
    from cardtable.tripeaks.review_view import review_screen

    game = lost(seed=8).game  # three cards stay face down to its end
    never = [p for p in range(28) if game.card_at(p) is not None and not game.is_face_up(p)]
    assert len(never) >= 2
    deck = [card.code for card in shuffled_deal(game.seed)]
    a, b = never[:2]
    deck[a], deck[b] = deck[b], deck[a]
    twin = TriPeaks.from_deck(deck, moves=game.moves)
    assert twin.over and twin.card_at(a) != game.card_at(a)
    drawn = [
        [{k: v for k, v in step.items() if k in ("tableau", "waste", "stock_count", "played")}
         for step in review_screen(g)["steps"]]
        for g in (game, twin)
    ]  # fmt: skip
    assert drawn[0] == drawn[1]
