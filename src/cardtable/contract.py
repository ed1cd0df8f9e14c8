"""The typed contract of what crosses into a browser: the engines' views and their events.

These TypedDicts describe ``TriPeaks.view()``, ``Stoeptegel.view(seat)`` and the events they
carry; ``js/types.js`` declares the same shapes for the front end (JSDoc, checked with
``// @ts-check``). Cards are wire codes (``"TH"``); a card the viewer may not see is ``None``
or absent. Events are open dicts: each kind's fields are listed here as ``total=False``
TypedDicts, every one with ``type``. ``tests/test_js.py`` keeps the two in step: every
TypedDict here has a typedef of the same name there, with the same keys (optional ones ``?``).

>>> from cardtable.stoeptegel import Stoeptegel
>>> view: StoeptegelView = Stoeptegel(players=2, seed=1).view(0)
>>> sorted(StoeptegelView.__annotations__) == sorted(view)
True
"""

from __future__ import annotations

from typing import Any, Literal, TypedDict

Code = str
"""A wire code: rank ``A 2-9 T J Q K`` and suit ``S H D C``, or ``"JK"``."""


class TableauSlot(TypedDict):
    card: Code | None  # None while face down
    face_up: bool


class _TriPeaksKind(TypedDict):
    type: Literal["play", "draw", "bonus", "clear", "deal", "won"]


class TriPeaksEvent(_TriPeaksKind, total=False):
    position: int
    card: Code
    run: int
    points: int
    reason: str
    rule: str
    round: int  # clear, deal (progressive)
    waste: Code  # deal
    score: int  # won


class TriPeaksView(TypedDict):
    game: Literal["tripeaks"]
    tableau: list[TableauSlot | None]  # None once played; positions 0-27 (rule T1)
    waste: Code
    waste_count: int
    stock_count: int
    score: int
    run: int
    round: int
    scoring: str
    progressive: bool
    legal: list[int | str]  # positions, and "draw"
    won: bool
    over: bool
    moves: int
    can_undo: bool
    can_redo: bool
    last: list[TriPeaksEvent]


class RowView(TypedDict):
    cards: list[Code]  # bottom first
    played: list[bool]  # False for the inert starting card (B6)
    top: Code
    counting: Code
    counting_index: int
    closed: bool
    turned: bool


class Gift(TypedDict):
    card: Code
    to: int


class StoeptegelFor(TypedDict):
    offset: Literal["self", "right-hand neighbour", "opposite"]
    seat: int


class _Revealed(TypedDict):
    owner: int
    giver: int
    card: Code
    fits: list[int]  # the rows (0-2) it could still be laid on at the end (B26)


class RevealedStoeptegel(_Revealed, total=False):
    laid: int | None  # only with the house rule stoeptegels_in_turn: the row it was laid on


class RoundBreakdown(TypedDict):
    seat: int
    laid: list[list[Any]]  # [code, 1 if it scored else 0]
    card_points: int
    stoeptegel_point: int
    total: int


class Reveal(TypedDict):
    round: int
    reason: Literal["passes", "out", "target"]
    rule: str
    out_seat: int | None
    winner: int | None
    stoeptegels: list[RevealedStoeptegel]
    breakdown: list[RoundBreakdown]
    rows: list[RowView]  # the rows as they lay when the round ended


class _StoeptegelKind(TypedDict):
    type: str


# A four's slide (B18) names its rows ``from`` and ``to``: not identifiers in a class body.
_Slide = TypedDict("_Slide", {"from": int, "to": int}, total=False)


class StoeptegelEvent(_StoeptegelKind, _Slide, total=False):
    """Every kind: deal, choose (``card`` only for who may know it), start, play, pass, slide,
    clear, joker, close, turn, points (``stoeptegel``/``rows`` only for who knows
    that stoeptegel), round_end, game_over."""

    round: int
    seat: int
    card: Code
    row: int
    rule: str
    hand: list[Code]  # deal: this seat's own hand only
    hand_counts: list[int]
    rows: list[Any]
    points: int
    score: int
    stoeptegel: Code
    replacement: Code | None  # joker: the stock's card that takes its place (B22)


class StoeptegelView(TypedDict):
    game: Literal["stoeptegel"]
    seat: int
    players: int
    round: int
    phase: Literal["choose", "play", "over"]
    dealer: int
    to_move: int | None
    target: int
    scores: list[int]
    hand: list[Code]
    playable: list[bool]
    legal: list[list[Any]]  # [code, row]
    hand_counts: list[int]
    stoeptegel: Code | None
    gave: Gift | None
    stoeptegel_for: StoeptegelFor
    stoeptegel_from: int
    counting_rows: list[int]  # where the suit of this seat's stoeptegel counts now (B25)
    would_score: dict[Code, list[bool | None]]  # on its turn: per card and row, would it score
    chosen: bool
    chosen_seats: list[bool]
    passed: list[bool]
    passes: int
    rows: list[RowView]
    stock_count: int
    out_of_game: list[Code]
    reveal: Reveal | None
    winners: list[int]
    over: bool
    events: list[StoeptegelEvent]  # this round's (and the end of the last one)
    events_from: int  # the index of events[0] in the game's whole record
    rules: dict[str, bool | str]  # the house rules in force, all nine (Part C)
