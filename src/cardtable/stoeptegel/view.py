"""The one observer: everything a seat may know, and nothing else (rule B4).

Widgets, bots and logs all read a game through :func:`seat_view`. What a seat may know: its
own hand; the stoeptegel it set aside (at once) and its own (when play starts); everything
face up (rows, cards out of the game this round, the joker's replacement once placed); the
number of cards in every hand and in the stock; scores, passes, whose turn; and once a round
ends, every stoeptegel of that round. What it never gets: another hand, the stock's cards or
order, the seed, a stoeptegel it neither owns nor gave before the reveal — not even in an
unused field.

>>> from cardtable.stoeptegel import Stoeptegel
>>> game = Stoeptegel(players=3, seed=4)
>>> view = seat_view(game, 1)
>>> len(view["hand"]), view["hand_counts"], view["stoeptegel"], view["phase"]
(6, [6, 6, 6], None, 'choose')
"""

from __future__ import annotations

from bisect import bisect_right
from typing import TYPE_CHECKING, Any

from .._json import json_copy
from .deal import OFFSET_NAMES, giver, offset_kind, recipient
from .legality import legal_pairs
from .rows import CARDS

if TYPE_CHECKING:
    from .game import Stoeptegel


def seat_view(game: Stoeptegel, seat: int) -> dict[str, Any]:
    """The JSON-ready view of ``game`` for ``seat`` (see the module docstring)."""
    n, round_number, phase = game._n, game._round, game._phase
    hand = game._hands[seat]
    gave = game._chosen[seat]
    to = recipient(seat, round_number, n)
    own_giver = giver(seat, round_number, n)
    own = None
    if phase != "choose" or own_giver == seat:
        own = game._chosen[own_giver]
    legal: list[list[Any]] = []
    if phase == "play" and game._to_move == seat:
        keys = game._table.keys
        legal = [[CARDS[c].code, r] for c, r in legal_pairs(hand, keys)]
    playable_codes = {code for code, _ in legal}
    codes = [CARDS[c].code for c in hand]
    table = game._table
    rows = [row.to_dict() for row in table.snapshot()]
    return {
        "game": "stoeptegel",
        "seat": seat,
        "players": n,
        "round": round_number,
        "phase": phase,
        "dealer": game._dealer,
        "to_move": game._to_move if phase == "play" else None,
        "target": game._target,
        "scores": list(game._scores),
        "hand": codes,
        "playable": [code in playable_codes for code in codes],
        "legal": legal,
        "hand_counts": [len(h) for h in game._hands],
        "stoeptegel": None if own is None else CARDS[own].code,
        "gave": None if gave is None else {"card": CARDS[gave].code, "to": to},
        "stoeptegel_for": {"offset": OFFSET_NAMES[offset_kind(round_number)], "seat": to},
        "stoeptegel_from": own_giver,
        "chosen": gave is not None,
        "chosen_seats": [c is not None for c in game._chosen],
        "passed": list(game._passed),
        "passes": game._passes,
        "rows": rows,
        "stock_count": len(table.stock),
        "out_of_game": [CARDS[c].code for c in table.out[game._hidden_out :]],
        "reveal": _public_reveal(game._reveal),
        "winners": list(game._winners),
        "over": phase == "over",
        "events": seat_events(game, seat, game._window_start),
        "events_from": game._window_start,
    }


def _public_reveal(reveal: dict[str, Any] | None) -> dict[str, Any] | None:
    if reveal is None:
        return None
    return {
        k: json_copy(reveal[k])
        for k in (
            "round",
            "reason",
            "rule",
            "text",
            "out_seat",
            "winner",
            "stoeptegels",
            "breakdown",
        )
    }


def seat_events(game: Stoeptegel, seat: int, since: int = 0) -> list[dict[str, Any]]:
    """``game.events`` from index ``since`` on, as ``seat`` saw them, as copies: other hands,
    and stoeptegels it did not know at the time, are taken out."""
    n, current, phase = game._n, game._round, game._phase
    starts = game._round_starts
    at = bisect_right(starts, (since, n + current + 1)) - 1  # the round event ``since`` is in
    round_number = starts[at][1] if at >= 0 else current
    seen: list[dict[str, Any]] = []
    for event in game._events[since:]:
        kind = event["type"]
        if kind == "deal":
            round_number = event["round"]
            event = dict(event)
            hands = event.pop("hands")
            event["hand"] = hands[seat]
            event["hand_counts"] = [len(h) for h in hands]
        elif kind == "choose":
            owner = event["for"]
            knows = seat == event["seat"] or (
                seat == owner and (event["round"] < current or phase != "choose")
            )
            if not knows:
                event = {k: v for k, v in event.items() if k != "card"}
        elif kind == "points" and event["rule"] == "B25":
            owner = event["seat"]
            if seat != owner and seat != giver(owner, round_number, n):
                event = {
                    k: v for k, v in event.items() if k not in ("stoeptegel", "rows", "detail")
                }
        seen.append(json_copy(event))
    return seen
