"""The fair hint: always legal, repeatable, and blind to everything the player cannot see."""

from __future__ import annotations

import pytest

from cardtable.tripeaks import TriPeaks, aisleriot_hint, fair_hint

from .decks import perfect_deal


def deck_of(game: TriPeaks) -> list[str]:
    """The deal of ``game`` as 52 wire codes, in ``from_deck`` order."""
    tableau = [game.card_at(p).code for p in range(28)]  # type: ignore[union-attr]
    return [*tableau, game.waste_top.code, *(card.code for card in game.stock)]


def swapped(deck: list[str], a: int, b: int) -> list[str]:
    other = list(deck)
    other[a], other[b] = other[b], other[a]
    return other


@pytest.mark.parametrize(
    ("a", "b"),
    [
        (40, 51),  # two stock cards: another stock order
        (0, 50),  # a face-down peak and a stock card
        (0, 4),  # two face-down cards
    ],
)
def test_two_games_that_look_the_same_get_the_same_hint(a, b):
    deck = deck_of(TriPeaks(seed=21))
    one, two = TriPeaks.from_deck(deck), TriPeaks.from_deck(swapped(deck, a, b))
    for _ in range(2):  # the same visible moves, as long as nothing swapped comes into view
        assert one.view() == two.view()
        hint = fair_hint(one)
        assert hint == fair_hint(two)
        one.apply(hint)
        two.apply(hint)


def test_the_fair_hint_is_always_legal_and_repeatable():
    game = TriPeaks(seed=9)
    for _ in range(6):
        hint = game.hint()
        assert hint in game.legal_moves()
        game.apply(hint)
    assert game.hint() == game.hint()


def test_no_hint_once_the_game_is_over():
    game = TriPeaks(seed=5)
    while not game.over:
        game.apply(aisleriot_hint(game))
    assert game.hint() is None and game.hint("aisleriot") is None


def test_a_forced_move_is_the_hint_without_a_search():
    game = TriPeaks(seed=5)
    while len(game.legal_moves()) != 1:
        game.apply(game.legal_moves()[-1])
    assert game.hint() == game.legal_moves()[0]


def test_the_fair_hint_keeps_the_perfect_run_going():
    game = TriPeaks.from_deck(perfect_deal())
    for _ in range(5):
        hint = game.hint()
        assert hint != "draw"
        game.apply(hint)
    assert game.run == 5


def test_aisleriot_rule_stays_available():
    game = TriPeaks(seed=3)
    assert game.hint("aisleriot") == aisleriot_hint(game)
    with pytest.raises(ValueError, match="strategy"):
        game.hint("oracle")
