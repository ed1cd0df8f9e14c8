"""The Stoeptegel review weighs each decision from the seat's own view only (issue 29)."""

from __future__ import annotations

import random

from cardtable.cards import deck_with_jokers
from cardtable.stoeptegel import Stoeptegel
from cardtable.stoeptegel.bots import GreedyBot, play_on
from cardtable.stoeptegel.reviews import FLAG, review


def twin_decks(seed: int) -> tuple[list[str], list[str]]:
    """Two deals that differ only in what seat 0 cannot see: the other hands and the stock."""
    cards = [c.code for c in deck_with_jokers()]
    random.Random(seed).shuffle(cards)
    cards = [c for c in cards if c != "JK"] + ["JK", "JK"]  # no joker among the starting cards
    mine, rows, rest = cards[:6], cards[6:9], cards[9:]
    other = list(rest)
    random.Random(seed + 1).shuffle(other)
    # deck order: seat 0, seat 1, then the rows, then the stock (API: seat s gets 6s:6s+6)
    first = mine + rest[:6] + rows + rest[6:]
    second = mine + other[:6] + rows + other[6:]
    return first, second


def test_two_games_that_differ_only_in_hidden_cards_get_the_same_first_review():
    first, second = twin_decks(5)
    reviews = []
    for deck in (first, second):
        game = Stoeptegel(players=2, deck=deck, seed=1)
        game.choose(0, game.hand(0)[2])
        reviews.append(review(game, 0, worlds=30).decisions[0])
    assert reviews[0] == reviews[1]
    assert reviews[0].kind == "choose" and reviews[0].did.startswith("set aside ")


def played_round(seed: int) -> Stoeptegel:
    game = Stoeptegel(players=3, seed=seed)
    play_on(game, [GreedyBot(seed=seed + s) for s in range(3)], until_round=2)
    return game


def test_every_decision_of_the_seat_and_no_other_is_weighed():
    game = played_round(7)
    told: list[tuple[int, int]] = []
    result = review(game, 1, worlds=20, rounds={1}, progress=lambda d, t: told.append((d, t)))
    mine = [k for k, a in enumerate(game.actions) if a[1] == 1]
    assert {d.index for d in result.decisions} <= set(mine)
    assert all(game.actions[d.index][0] == d.kind for d in result.decisions)
    assert all(d.round == 1 and d.loss >= 0 and d.best >= d.value for d in result.decisions)
    assert all((d.reason is not None) == (d.loss >= FLAG) for d in result.decisions)
    assert told and told[-1][0] == len([d for d, _ in told]) and told[-1][1] == len(mine)


def test_the_same_arguments_give_the_same_review_and_the_game_is_not_changed():
    game = played_round(3)
    saved = game.to_json()
    assert review(game, 0, worlds=15) == review(game, 0, worlds=15)
    assert game.to_json() == saved
