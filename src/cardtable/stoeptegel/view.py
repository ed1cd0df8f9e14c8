"""The one observer: everything a seat may know, and nothing else (rule B4).

Widgets, bots and logs all read a game through :func:`seat_view`, which reads the game's
:class:`~cardtable.stoeptegel.state.RoundState` (where no seed is kept). What a seat may know: its
own hand; the stoeptegel it set aside (at once) and its own (when play starts); everything
face up (rows, cards out of the game this round, the joker's replacement once placed); the
number of cards in every hand and in the stock; scores, passes, whose turn; and once a round
ends, every stoeptegel of that round. What it never gets: another hand, the stock's cards or
order, the seed, a stoeptegel it neither owns nor gave before the reveal — not even in an
unused field.

>>> from cardtable.stoeptegel import Stoeptegel
>>> game = Stoeptegel(players=3, seed=4)
>>> view = seat_view(game._s, 1)
>>> len(view["hand"]), view["hand_counts"], view["stoeptegel"], view["phase"]
(6, [6, 6, 6], None, 'choose')
"""

from __future__ import annotations

from bisect import bisect_right
from typing import Any, cast

from .._json import json_copy
from ..contract import Reveal, StoeptegelView
from .deal import OFFSET_NAMES, giver, offset_kind, recipient
from .legality import legal_pairs
from .rows import CARDS
from .scoring import counting_rows, would_score
from .state import RoundState

PUBLIC_FIELDS = ("rows", "out_of_game", "reveal", "rules")
"""The parts of a view that every seat is given alike (all face up), and the costliest to
build: a served table builds them once per change for all its seats (:mod:`.seat_log`)."""


def public_parts(state: RoundState, reveal: Reveal | None = None) -> dict[str, Any]:
    """The :data:`PUBLIC_FIELDS` of every seat's view of ``state``; ``reveal``, the public
    copy of ``state.reveal`` when one was made already (it lasts a round)."""
    table = state.table
    return {
        "rows": [row.to_dict() for row in table.snapshot()],
        "out_of_game": [CARDS[c].code for c in table.out[state.hidden_out :]],
        "reveal": reveal if reveal is not None else _public_reveal(state.reveal),
        "rules": state.rules.to_dict(),
    }


def seat_view(
    state: RoundState,
    seat: int,
    since: int | None = None,
    public: dict[str, Any] | None = None,
) -> StoeptegelView:
    """The JSON-ready view of a game's ``state`` for ``seat`` (see the module docstring).
    For a served table's frames (:mod:`.seat_log`): ``since``, only the events from that index
    on (``events_from`` still says where the window begins); ``public``, the
    :func:`public_parts` of ``state`` already built (shared by the seats' views, not copied)."""
    shared = public if public is not None else public_parts(state)
    n, round_number, phase, rules = state.players, state.round, state.phase, state.rules
    hand = state.hands[seat]
    gave = state.chosen[seat]
    to = recipient(seat, round_number, n, rules)
    own_giver = giver(seat, round_number, n, rules)
    own = None
    if phase != "choose" or own_giver == seat:
        own = state.chosen[own_giver]
    legal: list[list[Any]] = []
    if phase == "play" and state.to_move == seat:
        keys = state.table.keys
        legal = [[CARDS[c].code, r] for c, r in legal_pairs(hand, keys, state.table.legal)]
    playable_codes = {code for code, _ in legal}
    codes = [CARDS[c].code for c in hand]
    table = state.table
    view = {
        "game": "stoeptegel",
        "seat": seat,
        "players": n,
        "round": round_number,
        "phase": phase,
        "dealer": state.dealer,
        "to_move": state.to_move if phase == "play" else None,
        "target": state.target,
        "scores": list(state.scores),
        "hand": codes,
        "playable": [code in playable_codes for code in codes],
        "legal": legal,
        "hand_counts": [len(h) for h in state.hands],
        "stoeptegel": None if own is None else CARDS[own].code,
        "gave": None if gave is None else {"card": CARDS[gave].code, "to": to},
        "stoeptegel_for": {
            "offset": OFFSET_NAMES[offset_kind(round_number, n, rules)],
            "seat": to,
        },
        "counting_rows": counting_rows(state, seat),
        "would_score": {CARDS[c].code: flags for c, flags in would_score(state, seat).items()},
        "stoeptegel_from": own_giver,
        "chosen": gave is not None,
        "chosen_seats": [c is not None for c in state.chosen],
        "passed": list(state.passed),
        "passes": state.passes,
        "rows": shared["rows"],
        "stock_count": len(table.stock),
        "out_of_game": shared["out_of_game"],
        "reveal": shared["reveal"],
        "winners": list(state.winners),
        "over": phase == "over",
        "events": seat_events(state, seat, max(state.window_start, since or 0)),
        "events_from": state.window_start,
        "rules": shared["rules"],
    }
    return cast(StoeptegelView, view)


def _public_reveal(reveal: dict[str, Any] | None) -> Reveal | None:
    if reveal is None:
        return None
    return cast(
        Reveal,
        {
            k: json_copy(reveal[k])
            for k in (
                "round",
                "reason",
                "rule",
                "out_seat",
                "winner",
                "stoeptegels",
                "breakdown",
                "rows",
            )
        },
    )


def seat_events(state: RoundState, seat: int, since: int = 0) -> list[dict[str, Any]]:
    """``game.events`` from index ``since`` on, as ``seat`` saw them, as copies: other hands,
    and stoeptegels it did not know at the time, are taken out."""
    n, current, phase = state.players, state.round, state.phase
    starts = state.round_starts
    at = bisect_right(starts, (since, n + current + 1)) - 1  # the round event ``since`` is in
    round_number = starts[at][1] if at >= 0 else current
    seen: list[dict[str, Any]] = []
    for event in state.events[since:]:
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
            if seat != owner and seat != giver(owner, round_number, n, state.rules):
                event = {
                    k: v for k, v in event.items() if k not in ("stoeptegel", "rows")
                }
        seen.append(json_copy(event))
    return seen
