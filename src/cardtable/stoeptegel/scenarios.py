"""Lesson and test tables set up by hand (``Stoeptegel.scenario``): the checks that a spec could
arise in play, and the state it starts from.

>>> spec = scenario_spec(["4S 9D", "QH"], ["KC", "8D", "3S"], ["6D", "2C"],
...                      (), 0, None, 30, 1, None)
>>> state = scenario_state(spec, 30)
>>> state.phase, state.to_move, [len(hand) for hand in state.hands], state.hidden_out
('play', 0, [2, 1], 46)
"""

from __future__ import annotations

from typing import Any

from ..cards import Card, parse_cards
from .deal import OFFSET_NAMES, check_players, check_target, offset_kind, recipient
from .effects import Table
from .rows import CARDS, JOKER, PLAYED, Row
from .rules import DEFAULT_RULES, Rules
from .state import RoundState

_INDEX = {card: i for i, card in enumerate(CARDS)}
FULL_DECK = sorted([*range(52), JOKER, JOKER])
"""The 54 cards of a Stoeptegel deck (rule B1), as sorted indices."""


def missing(used: list[int]) -> list[int]:
    """The cards of the 54 that ``used`` (sorted) does not contain."""
    rest = list(FULL_DECK)
    for c in used:
        rest.remove(c)
    return rest


def scenario_spec(
    hands: object,
    rows: object,
    stoeptegels: object,
    stock: object,
    to_move: object,
    scores: object,
    target: object,
    round_number: object,
    dealer: object,
    rules: Rules = DEFAULT_RULES,
) -> dict[str, Any]:
    """Check a scenario and return it in its saved form (wire codes); raise on any nonsense."""
    if not isinstance(hands, (list, tuple)):
        raise TypeError(f"hands is a list with one hand per seat, not {type(hands).__name__}")
    n = check_players(len(hands))
    hand_cards = [parse_cards(hand) for hand in hands]
    if not isinstance(rows, (list, tuple)) or len(rows) != 3:
        raise ValueError("a table has exactly three rows (rule B2)")
    row_specs: list[dict[str, list[Any]]] = []
    for r, row in enumerate(rows):
        played: object
        if isinstance(row, Row):
            cards, played = list(row.cards), list(row.played)
        elif isinstance(row, dict):
            cards = parse_cards(row.get("cards"))
            played = row.get("played")
            if played is None:
                played = [i > 0 for i in range(len(cards))]
        else:
            cards = parse_cards(row)
            played = [i > 0 for i in range(len(cards))]
        if (
            not isinstance(played, (list, tuple))
            or len(played) != len(cards)
            or not all(isinstance(p, bool) for p in played)
        ):
            raise ValueError(f"row {r}: 'played' needs one True/False per card")
        _check_row(r, cards, list(played), rules.starting_cards_fire)
        row_specs.append({"cards": [c.code for c in cards], "played": list(played)})
    owned = parse_cards(stoeptegels)
    if len(owned) != n:
        raise ValueError(
            f"give one stoeptegel per seat: {n} seats, {len(owned)} stoeptegels (rule B3)"
        )
    stock_cards = parse_cards(stock)
    everything = (
        [c for hand in hand_cards for c in hand]
        + [Card.parse(c) for row in row_specs for c in row["cards"]]
        + owned
        + stock_cards
    )
    jokers = sum(c.is_joker for c in everything)
    others = [c for c in everything if not c.is_joker]
    if jokers > 2 or len(set(others)) != len(others):
        raise ValueError(
            "every card may appear once (and at most two jokers): the deck has 54 cards (rule B1)"
        )
    target = check_target(target)
    if scores is None:
        scores = [0] * n
    if (
        not isinstance(scores, (list, tuple))
        or len(scores) != n
        or not all(
            isinstance(s, int) and not isinstance(s, bool) and 0 <= s < target for s in scores
        )
    ):
        raise ValueError(f"scores lists {n} whole numbers from 0 to below the target {target}")
    if isinstance(round_number, bool) or not isinstance(round_number, int) or round_number < 1:
        raise ValueError(f"round is a whole number from 1, not {round_number!r}")
    if isinstance(to_move, bool) or not isinstance(to_move, int) or not 0 <= to_move < n:
        raise ValueError(f"to_move is a seat from 0 to {n - 1}, not {to_move!r}")
    if not hand_cards[to_move]:
        raise ValueError(f"seat {to_move} has no cards, so it cannot be on turn (rule B24b)")
    if dealer is None:
        dealer = (to_move - 1) % n
    if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < n:
        raise ValueError(f"dealer is a seat from 0 to {n - 1}, not {dealer!r}")
    return {
        "hands": [[c.code for c in hand] for hand in hand_cards],
        "rows": row_specs,
        "stoeptegels": [c.code for c in owned],
        "stock": [c.code for c in stock_cards],
        "to_move": to_move,
        "scores": list(scores),
        "target": target,
        "round": round_number,
        "dealer": dealer,
    }


def _check_row(r: int, cards: list[Card], played: list[bool], fire: bool = False) -> None:
    """A row that could arise in play: not empty, no joker, only the bottom card may be an inert
    starting card, a played 10 only at the bottom (B21), a played 2 only on top (B8), and the
    bottom card not a played 5. Where starting cards wake (house rule ``starting_cards_fire``)
    the bottom card may be any played card, a 2 with at most the card that woke it on top."""
    if not cards:
        raise ValueError(f"row {r} is empty: every row starts with a starting card (rule B2)")
    if any(c.is_joker for c in cards):
        raise ValueError(f"row {r} holds a joker, but a joker never stays on a row (rules B2, B22)")
    if any(not p for p in played[1:]):
        raise ValueError(f"row {r}: only the bottom card can be an inert starting card (rule B6)")
    for i, (card, p) in enumerate(zip(cards, played, strict=True)):
        if p and card.rank == 10 and i > 0:
            raise ValueError(f"row {r}: a played 10 clears the cards beneath it (rule B21)")
        if (
            p
            and card.rank == 2
            and i < len(cards) - 1
            and not (fire and i == 0 < len(cards) - 1 <= 1)
        ):
            raise ValueError(f"row {r}: nothing goes on a played 2 (rule B8)")
    if played[0] and cards[0].rank != 10 and not fire:
        raise ValueError(
            f"row {r}: a played card at the bottom must be a 10 that cleared the row (rule B21)"
        )


def scenario_state(spec: dict[str, Any], target: int, rules: Rules = DEFAULT_RULES) -> RoundState:
    """The state of a game in the play phase, set up by a checked ``spec``."""
    n = len(spec["hands"])
    state = RoundState(
        n, target, list(spec["scores"]), round=spec["round"], dealer=spec["dealer"], rules=rules
    )
    state.new_round()
    state.hands = [sorted(_INDEX[Card.parse(c)] for c in hand) for hand in spec["hands"]]
    rows = [
        [
            _INDEX[Card.parse(c)] + (PLAYED if p else 0)
            for c, p in zip(row["cards"], row["played"], strict=True)
        ]
        for row in spec["rows"]
    ]
    stock = [_INDEX[Card.parse(c)] for c in spec["stock"]][::-1]
    used = sorted(
        [c for hand in state.hands for c in hand]
        + [v & 63 for row in rows for v in row]
        + stock
        + [_INDEX[Card.parse(c)] for c in spec["stoeptegels"]]
    )
    out = missing(used)
    state.hidden_out = len(out)  # cards the scenario left out: not seen by anyone
    state.table = Table(rows, stock, out, rules)
    owners = [_INDEX[Card.parse(c)] for c in spec["stoeptegels"]]
    state.stoeptegels = list(owners)
    state.chosen = [owners[recipient(g, state.round, n, rules)] for g in range(n)]
    state.phase = "play"
    state.to_move = spec["to_move"]
    state.open_window()
    state.events.append(
        {
            "type": "deal",
            "round": state.round,
            "dealer": state.dealer,
            "first": state.to_move,
            "hands": [[CARDS[c].code for c in hand] for hand in state.hands],
            "rows": [r.to_dict() for r in state.table.snapshot()],
            "jokers_removed": [],
            "stock_count": len(stock),
            "stoeptegel_to": OFFSET_NAMES[offset_kind(state.round, n, rules)],
            "scenario": True,
            "rule": "B2",
        }
    )
    state.events.append(
        {"type": "start", "round": state.round, "to_move": state.to_move, "rule": "B3"}
    )
    return state
