"""When a card may be laid (rules B9–B16), with the reason when it may not.

:func:`why_not` is the single source: the fast table ``LEGAL`` that the engine and the bots use
is computed from it, so a legal play and "no reason against it" can never disagree.

>>> from cardtable.cards import Card
>>> C = lambda text: Card.parse(text).index
>>> why_not(C("3H"), C("7H"), turned=True, top5=False) is None
True
>>> print(why_not(C("8H"), C("7H"), turned=True, top5=False))
A 7 turned this row around: a card of its suit must be lower here (rule B9).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .rows import CARDS, CLOSED, JOKER, RANK, SUIT

_UP = (0, 14, *range(2, 14))
"""Rank order going up (rule B7): 2 < … < K < A. Index by rank (A=1 … K=13)."""
_SUIT_NAMES = ("spades", "hearts", "diamonds", "clubs")


def why_not(card: int, counting: int, *, turned: bool, top5: bool) -> str | None:
    """``None`` when ``card`` may go on an open row whose counting card is ``counting``, else one
    sentence saying why not, citing the rule. ``turned``: the counting card is a played 7 (B8);
    ``top5``: the top card is a 5 (B12). Cards are indices (``Card.index``)."""
    if card == JOKER:
        return None  # B16: a joker goes on any open row
    rank, suit = RANK[card], SUIT[card]
    c_rank, c_suit = RANK[counting], SUIT[counting]
    x, c = CARDS[card], CARDS[counting]
    same_suit = suit == c_suit
    if rank == 1:  # B11
        if turned or (c_rank == 13 and same_suit):
            return None
        if c_rank == 13:
            return f"An ace goes only on the king of its own suit, and {c} is not (rule B11)."
        return (
            f"An ace goes only on a king of its own suit or on a row a 7 turned around, "
            f"and this row counts {c} (rule B11)."
        )
    if rank == 5:  # B12
        if same_suit or top5 or c_rank == 5:
            return None
        return (
            f"A 5 goes only on a card of its own suit or on another 5, "
            f"and this row counts {c} (rule B12)."
        )
    if rank == 7:  # B13
        if same_suit or c_rank == 7:
            return None
        return (
            f"A 7 goes only on a card of its own suit or on another 7, "
            f"and this row counts {c} (rule B13)."
        )
    if rank == 10:  # B14
        if same_suit:
            return None
        if c_rank == 10:
            return (
                f"A 10 goes only on its own suit, not on a 10 of another suit like {c} (rule B14)."
            )
        return f"A 10 goes only on a card of its own suit, and this row counts {c} (rule B14)."
    if rank == 11:  # B15
        if turned:
            return (
                "A jack never goes on a row a 7 turned around: "
                "a jack is not lower than a 7 (rule B15)."
            )
        if 2 <= _UP[c_rank] <= 10 or (c_rank == 11 and not same_suit):
            return None
        return (
            f"A jack goes only on a 2 to 10 or on a jack of another suit, "
            f"and this row counts {c} (rule B15)."
        )
    # B9 and B10: the standard cards, the 2 and the 4 included.
    rule = "rules B9, B10" if rank in (2, 4) else "rule B9"
    if rank == c_rank and not same_suit:
        return None
    if turned:
        if same_suit and rank < c_rank:
            return None
        if same_suit:
            return f"A 7 turned this row around: a card of its suit must be lower here ({rule})."
        return (
            f"A 7 turned this row around: the next card must be a lower {_SUIT_NAMES[c_suit][:-1]} "
            f"or another 7 ({rule})."
        )
    if same_suit and _UP[rank] > _UP[c_rank]:
        return None
    if same_suit:
        return (
            f"{x} is not higher than {c}: on the same suit the next card must be higher ({rule})."
        )
    return (
        f"{x} does not go on {c}: it must be higher in the same suit, or the same rank "
        f"in another suit ({rule})."
    )


def _table() -> tuple[tuple[bool, ...], ...]:
    rows = []
    for card in range(53):
        row = [
            why_not(card, key >> 2, turned=bool(key & 2), top5=bool(key & 1)) is None
            for key in range(CLOSED)
        ]
        row.append(False)  # a closed row takes nothing (B8)
        rows.append(tuple(row))
    return tuple(rows)


LEGAL: tuple[tuple[bool, ...], ...] = _table()
"""``LEGAL[card][key]``: may ``card`` (an index) go on a row with that key (``rows.row_key``)."""

CLOSED_REASON = (
    "This row is closed: a 2 was laid on it, and nothing more may go on it this round (rule B8)."
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


def rows_taking(card: int, keys: Sequence[int]) -> list[int]:
    """The rows (0–2) whose keys take ``card`` now (B9–B16); also the B26 check at round end."""
    legal = LEGAL[card]
    return [row for row, key in enumerate(keys) if legal[key]]


def legal_pairs(hand: Iterable[int], keys: Sequence[int]) -> list[tuple[int, int]]:
    """Every ``(card, row)`` of ``hand`` the rows with ``keys`` take, card by card (B9–B16).

    >>> legal_pairs([], (0, 0, 0))
    []
    """
    k0, k1, k2 = keys  # unrolled: this runs for every bot decision and every view
    pairs = []
    for card in hand:
        legal = LEGAL[card]
        if legal[k0]:
            pairs.append((card, 0))
        if legal[k1]:
            pairs.append((card, 1))
        if legal[k2]:
            pairs.append((card, 2))
    return pairs
