"""Stoeptegel's refusals: each message id the engine raises (rules B1–B27, with the house
readings of Part C) is an entry of the catalogs (``stoeptegel.*`` in ``cardtable/i18n/*.json``);
this module writes the words a refusal shares with others: how a row came to be turned (B20,
and the house readings of B6 and B20), and a suit's or rank's name, in the reader's language.

>>> from cardtable.messages import message, say
>>> from cardtable.naming import Names
>>> turn = message("stoeptegel.not_your_turn", "B23", seat=1, to_move=0)
>>> print(say(turn)); print(say(turn, Names(["Anna", "You"], you=1)))
It is not Player 2's turn: Player 1 is to move (rule B23).
It is not your turn: Anna is to move (rule B23).
>>> turned = {"woken": False, "stays": False}
>>> say(message("stoeptegel.turned_other", "B9", card="8C", counting="9H", **turned))
'A 7 turned this row around: the next card must be a lower heart or another 9 (rule B9).'
>>> print(say(message("stoeptegel.turned_other", "B9", card="8C", counting="KH", **turned),
...           lang="nl"))  # doctest: +NORMALIZE_WHITESPACE
Een 7 heeft deze rij omgedraaid: de volgende kaart moet een lagere harten zijn of nog een heer
(regel B9).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..cards import SUIT_SYMBOLS
from ..i18n import text
from ..messages import words_for

_SUITS = {symbol: code for code, symbol in SUIT_SYMBOLS.items()}
TURNED = ("seven_lower", "jack_turned", "turned_same", "turned_other")
"""The refusals on a turned row: they say how it came to be turned."""


def turned_words(fields: Mapping[str, Any], lang: str) -> dict[str, Any]:
    """The words of a refusal on a turned row: ``turned`` (how it came to be), ``plain``
    (no house reading made it so), and for a card of another suit the counting card's suit
    and rank, named (``counting`` is written ``9♥``: its rank, then its suit's symbol)."""
    woken, stays = bool(fields.get("woken")), bool(fields.get("stays"))
    words: dict[str, Any] = {
        "turned": text("stoeptegel.turned", lang, woken=woken, stays=stays),
        "plain": not (woken or stays),
    }
    counting = str(fields.get("counting", ""))
    if counting[-1:] in _SUITS:
        rank = counting[:-1]
        words["suit"] = text(f"stoeptegel.suit.{_SUITS[counting[-1]]}", lang)
        named = rank in ("A", "K", "Q", "J")
        words["rank"] = text(f"stoeptegel.rank.{rank}", lang) if named else rank
    return words


words_for([f"stoeptegel.{name}" for name in TURNED], turned_words)
