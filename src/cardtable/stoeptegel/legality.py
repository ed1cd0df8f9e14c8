"""When a card may be laid (rules B9–B16), with the reason when it may not.

:func:`why_not` is the single source: the fast tables (``LEGAL`` for Part B, :func:`legal_table`
for a table's house rules) that the engine and the bots use are computed from it, so a legal
play and "no reason against it" can never disagree. At a table playing house rules, a refusal
that a house reading decides names it (``Rules``, Part C).

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

from .rows import CARDS, CLOSED, FROM_TURNED, JOKER, RANK, SUIT, TOP5, TURNED
from .rules import DEFAULT_RULES, Rules

_UP = (0, 14, *range(2, 14))
"""Rank order going up (rule B7): 2 < … < K < A. Index by rank (A=1 … K=13)."""
_SUIT_NAMES = ("spades", "hearts", "diamonds", "clubs")


def _house(rules: Rules, name: str, rule: str) -> str:
    """How a refusal cites the rule: with the house reading that decided it, at a table that
    plays house rules; as Part B alone otherwise."""
    if rules == DEFAULT_RULES:
        return rule
    return f"house rule: {rules.describe(name)}, {rule}"


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
    sentence saying why not, citing the rule. ``turned``: the row is turned (B8, B20);
    ``top5``: the top card is a 5 (B12); ``from_turned``: the counting card is an ace laid on a
    turned row (B7); ``woken_seven``: a starting 7 that woke turned the row (house rule
    ``starting_cards_fire``). Cards are indices (``Card.index``)."""
    if card == JOKER:
        return None  # B16: a joker goes on any open row
    rank, suit = RANK[card], SUIT[card]
    c_rank, c_suit = RANK[counting], SUIT[counting]
    x, c = CARDS[card], CARDS[counting]
    same_suit = suit == c_suit
    low_ace = from_turned and not turned and not rules.ace_on_turned_row_is_high
    c_up = 1 if low_ace else _UP[c_rank]  # B7: the value going up
    turned_text, turned_rule = "A 7 turned this row around", ""
    if turned and woken_seven:
        turned_text = (
            "The starting 7 went off when a card was laid on it and turned this row around"
        )
        turned_rule = _house(rules, "starting_cards_fire", "rule B6")
    if turned and rules.seven_turns_until_cleared:
        turned_text += " and it stays turned until a 10 clears it"
        turned_rule = "; ".join(
            filter(None, [turned_rule, _house(rules, "seven_turns_until_cleared", "rule B20")])
        )
    if rank == 1:  # B11
        any_king = rules.ace_on_any_king
        if turned or (c_rank == 13 and (same_suit or any_king)):
            return None
        cite = _house(rules, "ace_on_any_king", "rule B11")
        if c_rank == 13:
            if cite != "rule B11":
                return (
                    f"An ace goes only on the king of its own suit at this table, "
                    f"and {c} is not ({cite})."
                )
            return f"An ace goes only on the king of its own suit, and {c} is not (rule B11)."
        kings = "a king" if any_king else "a king of its own suit"
        return (
            f"An ace goes only on {kings} or on a row a 7 turned around, "
            f"and this row counts {c} ({cite if any_king else 'rule B11'})."
        )
    if rank == 5:  # B12
        if same_suit or top5 or c_rank == 5:
            return None
        return (
            f"A 5 goes only on a card of its own suit or on another 5, "
            f"and this row counts {c} (rule B12)."
        )
    if rank == 7:  # B13
        if c_rank == 7:
            return None
        if not same_suit:
            return (
                f"A 7 goes only on a card of its own suit or on another 7, "
                f"and this row counts {c} (rule B13)."
            )
        if rules.seven_ignores_rank:
            return None
        cite = _house(rules, "seven_ignores_rank", "rule B13")
        if turned:
            if rank < c_rank:
                return None
            return (
                f"{turned_text}: at this table a 7 must be lower too, "
                f"and {x} is not lower than {c} ({cite})."
            )
        if _UP[rank] > c_up:
            return None
        return (
            f"At this table a 7 must be higher than the counting card of its suit, "
            f"and {x} is not higher than {c} ({cite})."
        )
    if rank == 10:  # B14
        if same_suit or (c_rank == 10 and rules.ten_on_ten):
            return None
        if c_rank == 10:
            cite = _house(rules, "ten_on_ten", "rule B14")
            if cite != "rule B14":
                return f"A 10 may not go on a 10 of another suit at this table ({cite})."
            return (
                f"A 10 goes only on its own suit, not on a 10 of another suit like {c} (rule B14)."
            )
        return f"A 10 goes only on a card of its own suit, and this row counts {c} (rule B14)."
    if rank == 11:  # B15
        if turned and turned_rule:
            return (
                f"{turned_text}: a jack is never lower, so it does not go there "
                f"({turned_rule}, B15)."
            )
        if turned:
            return (
                "A jack never goes on a row a 7 turned around: "
                "a jack is not lower than a 7 (rule B15)."
            )
        if c_up <= 10 or (c_rank == 11 and not same_suit):  # a low ace ranks below a 2 (B7)
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
        cite = f"{turned_rule}; {rule}" if turned_rule else rule
        if same_suit:
            return f"{turned_text}: a card of its suit must be lower here ({cite})."
        return (
            f"{turned_text}: the next card must be a lower {_SUIT_NAMES[c_suit][:-1]} "
            f"or another {str(c)[:-1]} ({cite})."
        )
    if same_suit and _UP[rank] > c_up:
        return None
    if same_suit:
        if from_turned and c_rank == 1 and rules != DEFAULT_RULES:
            cite = _house(rules, "ace_on_turned_row_is_high", "rule B7")
            return (
                f"{x} is not higher than {c}: an ace laid on a turned row counts high "
                f"at this table ({cite})."
            )
        return (
            f"{x} is not higher than {c}: on the same suit the next card must be higher ({rule})."
        )
    return (
        f"{x} does not go on {c}: it must be higher in the same suit, or the same rank "
        f"in another suit ({rule})."
    )


def reason_at(
    card: int, key: int, rules: Rules = DEFAULT_RULES, woken_seven: bool = False
) -> str | None:
    """:func:`why_not` for a row with ``key`` (``rows.row_key``), which must be open."""
    return why_not(
        card,
        key >> 3,
        turned=bool(key & TURNED),
        top5=bool(key & TOP5),
        from_turned=bool(key & FROM_TURNED),
        rules=rules,
        woken_seven=woken_seven,
    )


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

CLOSED_REASON = (
    "This row is closed: a 2 was laid on it, and nothing more may go on it this round (rule B8)."
)
WOKEN_CLOSED_REASON = (
    "This row is closed: its starting 2 went off when a card was laid on it, and nothing more "
    "may go on it this round (house rule: starting_cards_fire on, rules B6, B8)."
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
