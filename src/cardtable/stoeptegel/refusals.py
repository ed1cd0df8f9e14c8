"""Stoeptegel's refusals in English: the sentence for each message id the engine raises (rules
B1–B27, with the house readings of Part C). Registered with :func:`cardtable.messages.register`
when the package is imported; a Dutch or Catalan catalog registers the same ids (see
:mod:`cardtable.messages`).

>>> from cardtable.messages import message, say
>>> from cardtable.naming import Names
>>> turn = message("stoeptegel.not_your_turn", "B23", seat=1, to_move=0)
>>> print(say(turn)); print(say(turn, Names(["Anna", "You"], you=1)))
It is not Player 2's turn: Player 1 is to move (rule B23).
It is not your turn: Anna is to move (rule B23).
>>> turned = {"woken": False, "stays": False}
>>> say(message("stoeptegel.turned_other", "B9", card="8C", counting="9H", **turned))
'A 7 turned this row around: the next card must be a lower heart or another 9 (rule B9).'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..messages import Template, register

_SUIT_NAMES = {"♠": "spade", "♥": "heart", "♦": "diamond", "♣": "club"}
_RANK_NAMES = {"A": "ace", "K": "king", "Q": "queen", "J": "jack"}


def _turned(f: Mapping[str, Any]) -> str:
    """How the row came to be turned (B20; the house readings of B6 and B20)."""
    text = "A 7 turned this row around"
    if f["woken"]:
        text = "The starting 7 went off when a card was laid on it and turned this row around"
    if f["stays"]:
        text += " and it stays turned until a 10 clears it"
    return text


def _turned_other(f: Mapping[str, Any]) -> str:
    counting = f["counting"]  # written "9♥": its rank, then its suit's symbol
    suit, rank = _SUIT_NAMES[counting[-1]], counting[:-1]
    rank = _RANK_NAMES.get(rank, rank)
    return f"{_turned(f)}: the next card must be a lower {suit} or another {rank}"


def _jack_turned(f: Mapping[str, Any]) -> str:
    if f["woken"] or f["stays"]:
        return f"{_turned(f)}: a jack is never lower, so it does not go there"
    return "A jack never goes on a row a 7 turned around: a jack is not lower than a 7"


def _not_your_turn(f: Mapping[str, Any]) -> str:
    verb = "are" if f["to_move_you"] else "is"
    return f"It is not {f['seat_s']} turn: {f['to_move']} {verb} to move"


def _already_chosen(f: Mapping[str, Any]) -> str:
    if f["seat_you"]:
        return "You have already set aside your stoeptegel this round: a choice is final"
    who = f["seat_subject"]
    return f"{who} has already set aside their stoeptegel this round: a choice is final"


def _over(f: Mapping[str, Any]) -> str:
    return f"The game is over: {f['winners']} reached {f['target']} points"


ENGLISH: dict[str, Template] = {
    # legality (B7–B16)
    "stoeptegel.ace_own_king": lambda f: "An ace goes only on the king of its own suit"
    + (" at this table" if f["here"] else "") + f", and {f['counting']} is not",
    "stoeptegel.ace_king": lambda f: "An ace goes only on "
    + ("a king" if f["any_king"] else "a king of its own suit")
    + f" or on a row a 7 turned around, and this row counts {f['counting']}",
    "stoeptegel.five": (
        "A 5 goes only on a card of its own suit or on another 5, and this row counts {counting}"
    ),
    "stoeptegel.seven": (
        "A 7 goes only on a card of its own suit or on another 7, and this row counts {counting}"
    ),
    "stoeptegel.seven_lower": lambda f: f"{_turned(f)}: at this table a 7 must be lower too, "
    f"and {f['card']} is not lower than {f['counting']}",
    "stoeptegel.seven_higher": "At this table a 7 must be higher than the counting card of its "
    "suit, and {card} is not higher than {counting}",
    "stoeptegel.ten_on_ten": lambda f: "A 10 may not go on a 10 of another suit at this table"
    if f["here"]
    else f"A 10 goes only on its own suit, not on a 10 of another suit like {f['counting']}",
    "stoeptegel.ten": "A 10 goes only on a card of its own suit, and this row counts {counting}",
    "stoeptegel.jack_turned": _jack_turned,
    "stoeptegel.jack": (
        "A jack goes only on a 2 to 10 or on a jack of another suit, and this row counts {counting}"
    ),
    "stoeptegel.turned_same": lambda f: f"{_turned(f)}: a card of its suit must be lower here",
    "stoeptegel.turned_other": _turned_other,
    "stoeptegel.ace_high": "{card} is not higher than {counting}: an ace laid on a turned row "
    "counts high at this table",
    "stoeptegel.higher": (
        "{card} is not higher than {counting}: on the same suit the next card must be higher"
    ),
    "stoeptegel.no_fit": "{card} does not go on {counting}: it must be higher in the same suit, "
    "or the same rank in another suit",
    "stoeptegel.closed": (
        "This row is closed: a 2 was laid on it, and nothing more may go on it this round"
    ),
    "stoeptegel.closed_woken": "This row is closed: its starting 2 went off when a card was "
    "laid on it, and nothing more may go on it this round",
    # the game (B1–B3, B23, B27)
    "stoeptegel.no_row": (
        "There is no row {row}: the rows are 1–3, left to right (the API's row indices are 0–2)"
    ),
    "stoeptegel.no_seat": "There is no seat index {sent}: the players are Player 1 to Player "
    "{players} (the API's seat indices are 0 to {last})",
    "stoeptegel.not_a_card": "{problem}",
    "stoeptegel.not_in_hand": "{card} is not in {seat_s} hand",
    "stoeptegel.not_your_turn": _not_your_turn,
    "stoeptegel.not_started": "Play has not started: every player must first set aside a "
    "stoeptegel; still waiting for {waiting}",
    "stoeptegel.choosing_over": (
        "Round {round} is being played: stoeptegels are chosen before play starts"
    ),
    "stoeptegel.already_chosen": _already_chosen,
    "stoeptegel.over": _over,
    "stoeptegel.not_an_action": "An action is a list like ['play', seat, card, row], not {sent}",
    "stoeptegel.unknown_action": "Unknown action {sent}: write ['choose', seat, card], "
    "['play', seat, card, row] or ['pass', seat]",
    "stoeptegel.no_handover": "The table is already showing your cards",
    "stoeptegel.handover_first": "Pass the screen to {handover} first: their cards stay hidden "
    "until they say they are ready",
    "stoeptegel.still_playing": "This game is still being played: a new one starts once "
    "someone has reached the target",
}
"""Message id → sentence (without its rule tag and full stop, which :func:`say` adds)."""

register("en", ENGLISH)
