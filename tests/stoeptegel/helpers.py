"""Small tables for Stoeptegel tests: scenarios, fixed decks and a random driver."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from cardtable.cards import Card, deck_with_jokers
from cardtable.stoeptegel import Stoeptegel

FULL_DECK = Counter(c.code for c in deck_with_jokers(2))


def table(
    rows: list[object],
    hand: str = "8C",
    *,
    others: str = "QC",
    stoeptegels: tuple[str, str] = ("2C", "3C"),
    stock: str = "",
    **options: Any,
) -> Stoeptegel:
    """A two-seat scenario with seat 0 to move: ``hand`` is seat 0's, ``others`` seat 1's."""
    return Stoeptegel.scenario([hand, others], rows, list(stoeptegels), stock=stock, **options)


def codes(cards: list[Card]) -> list[str]:
    return [c.code for c in cards]


def row_codes(game: Stoeptegel) -> list[list[str]]:
    return [[c.code for c in row.cards] for row in game.rows]


def build_deck(
    players: int, hands: dict[int, str] | None = None, rows: str = "", stock: str = ""
) -> list[str]:
    """A 54-card deck in deal order with the given hands (seat -> cards), starting cards and
    first stock cards; every other card fills the gaps in deck order."""
    hands = hands or {}
    fixed = [c for text in hands.values() for c in text.split()] + rows.split() + stock.split()
    rest = list((FULL_DECK - Counter(Card.parse(c).code for c in fixed)).elements())
    deck: list[str] = []
    for seat in range(players):
        given = [Card.parse(c).code for c in hands.get(seat, "").split()]
        deck += given + [rest.pop(0) for _ in range(6 - len(given))]
    given_rows = [Card.parse(c).code for c in rows.split()]
    deck += given_rows + [rest.pop(0) for _ in range(3 - len(given_rows))]
    deck += [Card.parse(c).code for c in stock.split()] + rest
    return deck


def all_cards(game: Stoeptegel) -> Counter[str]:
    """Every card the engine holds: hands + rows + stock + stoeptegels + out of the game."""
    cards = [c.code for s in range(game.players) for c in game.hand(s)]
    cards += [c.code for row in game.rows for c in row.cards]
    cards += [c.code for c in game.stock]
    cards += [c.code for s in range(game.players) if (c := game.chosen(s)) is not None]
    cards += [c.code for c in game.out_of_game]
    return Counter(cards)


def random_action(game: Stoeptegel, rng: random.Random) -> tuple[Any, ...]:
    """A legal action picked at random: a choice, a play, or a pass (one chance in k+1)."""
    if game.phase == "choose":
        seat = rng.choice([s for s in range(game.players) if game.chosen(s) is None])
        return ("choose", seat, rng.choice(game.hand(seat)).code)
    seat = game.to_move
    plays = game.legal_plays(seat)
    k = rng.randrange(len(plays) + 1)
    if k == len(plays):
        return ("pass", seat)
    card, row = plays[k]
    return ("play", seat, card.code, row)


def finish(game: Stoeptegel, rng: random.Random, limit: int = 100_000) -> int:
    """Play random legal actions until the game is over; return how many were made."""
    count = 0
    while game.phase != "over":
        game.apply(random_action(game, rng))
        count += 1
        assert count < limit, "the game did not end"
    return count


def this_round(view: dict[str, Any]) -> dict[str, Any]:
    """A view without what belongs to earlier rounds (their events and reveal): each round is
    a fresh deck, so a card seen then says nothing about where it lies now."""
    events = view["events"]
    start = max(i for i, e in enumerate(events) if e["type"] == "deal")
    part = dict(view, events=events[start:])
    if part["reveal"] is not None and part["reveal"]["round"] < view["round"]:
        part["reveal"] = None
    return part


def hidden_twins() -> tuple[Stoeptegel, Stoeptegel]:
    """Two tables that differ only in what seat 0 (to move) may not see: seat 1's hand, the
    stock and seat 1's stoeptegel (B4). Whatever seat 0 is shown must be the same for both."""

    def twin(other_hand: str, stock: str, their_stoeptegel: str) -> Stoeptegel:
        return Stoeptegel.scenario(
            hands=["4S 9D QH", other_hand],
            rows=["KC", "8D", "3S"],
            stoeptegels=["6D", their_stoeptegel],
            stock=stock,
            seed=2,
        )

    return twin("2C 7H 5S", "TC JD", "9C"), twin("AH 3D KS", "JH TS", "8C")
