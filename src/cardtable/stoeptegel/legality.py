"""When a card may be laid (rules B9–B16), with the reason when it may not.

:func:`reason_at` (in words: :func:`why_not`) is the single source: the fast tables (``LEGAL``
for Part B, :func:`legal_table` for a table's house rules) that the engine and the bots use are
computed from it, so a legal play and "no reason against it" can never disagree. At a table
playing house rules, a refusal that a house reading decides names it (``Rules``, Part C).

>>> from cardtable.cards import Card
>>> C = lambda text: Card.parse(text).index
>>> why_not(C("3H"), C("7H"), turned=True, top5=False) is None
True
>>> print(why_not(C("8H"), C("7H"), turned=True, top5=False))
A 7 turned this row around: a card of its suit must be lower here (rule B9).
>>> print(why_not(C("TH"), C("TS"), turned=False, top5=False, rules=Rules(four_wraps=False)))
A 10 may not go on a 10 of another suit at this table (house rule: ten_on_ten off, rule B14).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache

from ..messages import Message, message, say
from .rows import CARDS, CLOSED, FROM_TURNED, JOKER, RANK, SUIT, TOP5, TURNED
from .rules import DEFAULT_RULES, Rules

_UP = (0, 14, *range(2, 14))
"""Rank order going up (rule B7): 2 < … < K < A. Index by rank (A=1 … K=13)."""


def _house(rules: Rules, *names: str) -> tuple[str, ...]:
    """The house readings that decided a refusal, as it names them (``"ten_on_ten off"``), at
    a table that plays house rules; none at a table that plays Part B alone."""
    return () if rules == DEFAULT_RULES else tuple(rules.describe(name) for name in names)


def why_not(
    card: int,
    counting: int,
    *,
    turned: bool,
    top5: bool,
    from_turned: bool = False,
    rules: Rules = DEFAULT_RULES,
    woken_seven: bool = False,
) -> str | None:
    """``None`` when ``card`` may go on an open row whose counting card is ``counting``, else one
    sentence saying why not, citing the rule (:func:`reason_at`, in words). ``turned``: the row
    is turned (B8, B20); ``top5``: the top card is a 5 (B12); ``from_turned``: the counting
    card is an ace laid on a turned row (B7); ``woken_seven``: a starting 7 that woke turned
    the row (house rule ``starting_cards_fire``). Cards are indices (``Card.index``)."""
    flags = (TURNED if turned else 0) | (TOP5 if top5 else 0) | (FROM_TURNED if from_turned else 0)
    reason = reason_at(card, counting << 3 | flags, rules, woken_seven)
    return None if reason is None else say(reason)


def reason_at(
    card: int, key: int, rules: Rules = DEFAULT_RULES, woken_seven: bool = False
) -> Message | None:
    """:func:`why_not` as data, for a row with ``key`` (``rows.row_key``: the counting card and
    the row's flags), which must be open: ``None``, or the
    :class:`~cardtable.messages.Message` (its sentences are in :mod:`.refusals`)."""
    counting, turned, from_turned = key >> 3, bool(key & TURNED), bool(key & FROM_TURNED)
    top5 = bool(key & TOP5)
    if card == JOKER:
        return None  # B16: a joker goes on any open row
    rank, suit = RANK[card], SUIT[card]
    c_rank, c_suit = RANK[counting], SUIT[counting]
    cards = {"card": CARDS[card].code, "counting": CARDS[counting].code}
    same_suit = suit == c_suit
    low_ace = from_turned and not turned and not rules.ace_on_turned_row_is_high
    c_up = 1 if low_ace else _UP[c_rank]  # B7: the value going up
    # How the row came to be turned, when a house reading made it so (B6, B20).
    woken = turned and woken_seven
    stays = turned and rules.seven_turns_until_cleared
    turned_rules = (*(["B6"] if woken else []), *(["B20"] if stays else []))
    turned_house = _house(rules, *(["starting_cards_fire"] if woken else []),
                          *(["seven_turns_until_cleared"] if stays else []))  # fmt: skip
    how = {"woken": woken, "stays": stays}
    if rank == 1:  # B11
        any_king = rules.ace_on_any_king
        if turned or (c_rank == 13 and (same_suit or any_king)):
            return None
        if c_rank == 13:
            house = _house(rules, "ace_on_any_king")
            return message("stoeptegel.ace_own_king", "B11", house=house, here=bool(house), **cards)
        return message(
            "stoeptegel.ace_king", "B11", house=_house(rules, "ace_on_any_king") if any_king
            else (), any_king=any_king, **cards,
        )  # fmt: skip
    if rank == 5:  # B12
        if same_suit or top5 or c_rank == 5:
            return None
        return message("stoeptegel.five", "B12", **cards)
    if rank == 7:  # B13
        if c_rank == 7:
            return None
        if not same_suit:
            return message("stoeptegel.seven", "B13", **cards)
        if rules.seven_ignores_rank:
            return None
        house = _house(rules, "seven_ignores_rank")
        if turned:
            if rank < c_rank:
                return None
            return message(
                "stoeptegel.seven_lower", *turned_rules, "B13",
                house=(*turned_house, *house), **how, **cards,
            )  # fmt: skip
        if _UP[rank] > c_up:
            return None
        return message("stoeptegel.seven_higher", "B13", house=house, **cards)
    if rank == 10:  # B14
        if same_suit or (c_rank == 10 and rules.ten_on_ten):
            return None
        if c_rank == 10:
            house = _house(rules, "ten_on_ten")
            return message("stoeptegel.ten_on_ten", "B14", house=house, here=bool(house), **cards)
        return message("stoeptegel.ten", "B14", **cards)
    if rank == 11:  # B15
        if turned:
            return message(
                "stoeptegel.jack_turned", *turned_rules, "B15", house=turned_house, **how, **cards
            )
        if c_up <= 10 or (c_rank == 11 and not same_suit):  # a low ace ranks below a 2 (B7)
            return None
        return message("stoeptegel.jack", "B15", **cards)
    # B9 and B10: the standard cards, the 2 and the 4 included.
    rule = ("B9", "B10") if rank in (2, 4) else ("B9",)
    if rank == c_rank and not same_suit:
        return None
    if turned:
        if same_suit and rank < c_rank:
            return None
        return message(
            "stoeptegel.turned_same" if same_suit else "stoeptegel.turned_other",
            *turned_rules, *rule, house=turned_house, **how, **cards,
        )  # fmt: skip
    if same_suit and _UP[rank] > c_up:
        return None
    if same_suit:
        if from_turned and c_rank == 1 and rules != DEFAULT_RULES:
            house = _house(rules, "ace_on_turned_row_is_high")
            return message("stoeptegel.ace_high", "B7", house=house, **cards)
        return message("stoeptegel.higher", *rule, **cards)
    return message("stoeptegel.no_fit", *rule, **cards)


@cache
def _table(
    any_king: bool, seven_rank: bool, ten_on_ten: bool, ace_high: bool
) -> tuple[tuple[bool, ...], ...]:
    rules = Rules(
        ace_on_any_king=any_king,
        seven_ignores_rank=seven_rank,
        ten_on_ten=ten_on_ten,
        ace_on_turned_row_is_high=ace_high,
    )
    rows = []
    for card in range(53):
        row = [reason_at(card, key, rules) is None for key in range(CLOSED)]
        row.append(False)  # a closed row takes nothing (B8)
        rows.append(tuple(row))
    return tuple(rows)


def legal_table(rules: Rules) -> tuple[tuple[bool, ...], ...]:
    """``legal_table(rules)[card][key]``: may ``card`` go on a row with that key under those
    house rules (only four of them change what may be laid; the table is built once each)."""
    return _table(
        rules.ace_on_any_king,
        rules.seven_ignores_rank,
        rules.ten_on_ten,
        rules.ace_on_turned_row_is_high,
    )


LEGAL: tuple[tuple[bool, ...], ...] = legal_table(DEFAULT_RULES)
"""``LEGAL[card][key]``: may ``card`` (an index) go on a row with that key (``rows.row_key``),
under Part B's rules."""

CLOSED_REASON = message("stoeptegel.closed", "B8")
WOKEN_CLOSED_REASON = message(
    "stoeptegel.closed_woken", "B6", "B8", house=("starting_cards_fire on",)
)

RULE_OF: tuple[str, ...] = tuple(
    "B16"
    if card == JOKER
    else {1: "B11", 2: "B10", 4: "B10", 5: "B12", 7: "B13", 10: "B14", 11: "B15"}.get(
        RANK[card], "B9"
    )
    for card in range(53)
)
"""The rule under which each card (by index) is laid: what a log cites for a play."""


def rows_taking(
    card: int, keys: Sequence[int], table: Sequence[Sequence[bool]] = LEGAL
) -> list[int]:
    """The rows (0–2) whose keys take ``card`` now (B9–B16) under the legality ``table``
    (:func:`legal_table`); also the B26 check at round end."""
    legal = table[card]
    return [row for row, key in enumerate(keys) if legal[key]]


def legal_pairs(
    hand: Iterable[int], keys: Sequence[int], table: Sequence[Sequence[bool]] = LEGAL
) -> list[tuple[int, int]]:
    """Every ``(card, row)`` of ``hand`` the rows with ``keys`` take, card by card (B9–B16),
    under the legality ``table`` (:func:`legal_table`).

    >>> legal_pairs([], (0, 0, 0))
    []
    """
    k0, k1, k2 = keys  # unrolled: this runs for every bot decision and every view
    pairs = []
    for card in hand:
        legal = table[card]
        if legal[k0]:
            pairs.append((card, 0))
        if legal[k1]:
            pairs.append((card, 1))
        if legal[k2]:
            pairs.append((card, 2))
    return pairs
