"""Tri-Peaks' refusals in English: the sentence for each message id the engine raises (rules
T1–T9). Registered with :func:`cardtable.messages.register` when the package is imported; a
Dutch or Catalan catalog registers the same ids (see :mod:`cardtable.messages`).

>>> from cardtable.messages import message, say
>>> say(message("tripeaks.played"))
'That card has already been played.'
>>> say(message("tripeaks.face_down", "T1", covering=["5S"], hidden=1, over=2))
'This card is face down: 5♠ and a face-down card still cover it (rule T1).'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..messages import Template, joined, register


def _face_down(fields: Mapping[str, Any]) -> str:
    """Name only what the player can see: a covering card may itself be face down."""
    seen, hidden = fields["covering"], fields["hidden"]
    covering = [seen] if seen else []
    if hidden == 1:
        covering.append("a face-down card")
    elif hidden == 2:
        covering = ["two face-down cards"]
    verb = "covers" if fields["over"] == 1 else "cover"
    return f"This card is face down: {joined(covering)} still {verb} it"


ENGLISH: dict[str, Template] = {
    "tripeaks.not_a_move": "A move is a position from 0 to 27 or 'draw', not {sent}",
    "tripeaks.no_position": "There is no position {sent}: positions run from 0 to 27",
    "tripeaks.over": "The game is over: no move is left",
    "tripeaks.stock_empty": "The stock is empty, and there is no redeal",
    "tripeaks.played": "That card has already been played",
    "tripeaks.face_down": _face_down,
    "tripeaks.no_fit": (
        "{card} does not go on {top}: a card must be one rank above or below the waste's top "
        "card, K–A–2 wrapping round"
    ),
    # the table (its session)
    "tripeaks.one_player": "Tri-Peaks has one player: there is no {seat}",
    "tripeaks.undo_closed": "Undo is closed for this deal: the solver's verdict was shown. "
    "Deal again!",
    "tripeaks.no_undo": "There is nothing to undo",
    "tripeaks.no_redo": "There is nothing to redo",
    "tripeaks.verdict_later": "The verdict on a deal is shown only once the game is over",
    "tripeaks.solving": "Still solving the deal",
    "tripeaks.no_hint": "The game is over: there is no move to hint",
    "tripeaks.hinting": "Still thinking about the last hint",
    "tripeaks.hint_failed": "The hint could not be computed; nothing was changed",
    "tripeaks.verdict_failed": "The deal could not be solved; ask again",
    "tripeaks.review_failed": "The review could not be computed",
    "tripeaks.no_scoring": "Unknown scoring {sent}: choose 'standard' (rule T6) or "
    "'multiplier' (rule T7)",
}
"""Message id → sentence (without its rule tag and full stop, which :func:`say` adds)."""

register("en", ENGLISH)
