"""Plain-language sentences for the Stoeptegel game log, one per event of a seat's view.

The sentences are written for the seat at the screen ("you") and use the players' names; they
are built only from the event as that seat's view gives it (``seat_events``), so a sentence can
never name a card the seat may not know.

>>> names = Names(["You", "Anna", "Bram"], you=0)
>>> describe({"type": "play", "seat": 1, "card": "TH", "row": 2}, names)
'Anna laid 10♥ on row 3.'
>>> describe({"type": "pass", "seat": 0, "passes": 2, "rule": "B23"}, names)
'You passed (2 passes in a row).'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..cards import SUIT_SYMBOLS, Card
from ..messages import card_text, joined
from ..naming import Names

_OFFSETS = {
    "self": "yourself",
    "right-hand neighbour": "your right-hand neighbour",
    "opposite": "the player opposite you",
}


def _row(r: int) -> str:
    return f"row {r + 1}"


def _rows(rows: Sequence[int]) -> str:
    if len(rows) == 1:
        return _row(rows[0])
    return "rows " + ", ".join(str(r + 1) for r in rows[:-1]) + f" and {rows[-1] + 1}"


def describe(event: Mapping[str, Any], names: Names, context: dict[str, Any] | None = None) -> str:
    """One sentence for ``event``. ``context`` carries what earlier events of the same window
    told (``"stoeptegels"``: owner → card code after a reveal)."""
    kind = event["type"]
    who = names.subject(event["seat"]) if "seat" in event else ""
    context = context if context is not None else {}
    if kind == "deal":
        text = (
            f"Round {event['round']}: {names.subject(event['dealer'])} dealt. "
            f"Everyone sets aside a stoeptegel; this round it goes to "
            f"{_OFFSETS.get(event['stoeptegel_to'], event['stoeptegel_to'])} (rule B3)."
        )
        if event.get("scenario"):
            text = f"Round {event['round']}: a prepared table; play starts at once."
        for r in event.get("jokers_removed", []):
            text += f" A joker turned up on {_row(r)} and left the game (rule B2)."
        return text
    if kind == "choose":
        receiver = event["for"]
        if event["seat"] == names.you:
            target = "yourself" if receiver == names.you else names.object(receiver)
            card = event.get("card")
            return f"You set aside {card_text(card)} as the stoeptegel for {target}."
        if receiver == names.you and "card" in event:
            return f"{who} gave you {card_text(event['card'])} as your stoeptegel."
        return f"{who} set aside a stoeptegel."
    if kind == "start":
        first = event["to_move"]
        verb = "lay" if first == names.you else "lays"
        return f"Everyone has chosen: {names.subject(first)} {verb} first."
    if kind == "play":
        return f"{who} laid {card_text(event['card'])} on {_row(event['row'])}."
    if kind == "pass":
        passes = event.get("passes", 1)
        extra = f" ({passes} passes in a row)" if passes > 1 else ""
        return f"{who} passed{extra}."
    if kind == "slide":
        card = card_text(event["card"])
        if event["from"] == event["to"]:
            return (
                f"{card} had no open row to slide to and stays on {_row(event['to'])} (rule B18)."
            )
        return f"{card} slid from {_row(event['from'])} to {_row(event['to'])} (rule B18)."
    if kind == "clear":
        k = len(event.get("removed", []))
        gone = f"{k} card{'s' if k != 1 else ''} left the game"
        return f"{card_text(event['card'])} swept {_row(event['row'])} clean: {gone} (rule B21)."
    if kind == "joker":
        replacement = event.get("replacement")
        if replacement is None:
            return "The joker left the game; the stock is empty, so nothing replaces it (rule B22)."
        return (
            f"The joker left the game and the stock put {card_text(replacement)} "
            f"on {_row(event['row'])} in its place (rule B22)."
        )
    if kind == "wake":
        return (
            f"The starting card {card_text(event['card'])} on {_row(event['row'])} went off "
            "now that a card lies on it (house rule: starting_cards_fire on, rule B6)."
        )
    if kind == "close":
        card, row = card_text(event["card"]), _row(event["row"])
        return f"{card} closed {row}: nothing more goes on it (rule B17)."
    if kind == "turn" and event.get("until_cleared"):
        return (
            f"{card_text(event['card'])} turned {_row(event['row'])} around: a card of its suit "
            "laid there must be lower until a 10 clears it "
            "(house rule: seven_turns_until_cleared on, rule B20)."
        )
    if kind == "turn":
        return (
            f"{card_text(event['card'])} turned {_row(event['row'])} around: "
            "a card of its suit laid next must be lower (rule B20)."
        )
    if kind == "points":
        return _points(event, names, context)
    if kind == "round_end":
        context["stoeptegels"] = {s["owner"]: s["card"] for s in event.get("stoeptegels", [])}
        return _round_end(event, names)
    if kind == "game_over":
        return winner_line(event["winners"], event["scores"], names)
    return str(kind)


def winner_line(winners: Sequence[int], scores: Sequence[int], names: Names) -> str:
    """ "You win with 31 points." / "Anna and you share the win with 30 points." (B27): the
    one sentence for the log and the end-of-game panel alike."""
    who = [names.subject(s) if i == 0 else names.object(s) for i, s in enumerate(winners)]
    verb = "share the win" if len(winners) > 1 else "win" if winners[0] == names.you else "wins"
    return f"{joined(who)} {verb} with {scores[winners[0]]} points (rule B27)."


def points_badge(event: Mapping[str, Any]) -> str:
    """The few words a points pop shows: why the point came (B25, B26)."""
    if event.get("rule") == "B26":
        return "stoeptegel still fits (B26)"
    stoeptegel, rows = event.get("stoeptegel"), event.get("rows")
    if stoeptegel and rows:  # this seat knows the stoeptegel
        suit = SUIT_SYMBOLS.get(stoeptegel[1], "")
        return f"{suit} counts on row {' & '.join(str(r + 1) for r in rows)}"
    return "stoeptegel suit counts (B25)"


def _points(event: Mapping[str, Any], names: Names, context: dict[str, Any]) -> str:
    seat = event["seat"]
    who = names.subject(seat)
    gained = event.get("points", 1)
    points = f"{gained} point{'s' if gained != 1 else ''}"
    if event.get("rule") == "B26":
        card = context.get("stoeptegels", {}).get(seat)
        what = f"stoeptegel {card_text(card)}" if card else "stoeptegel"
        rows = event.get("rows") or []
        where = f" on {_rows(rows)}" if rows else ""
        return (
            f"{who} scored {points}: {names.possessive(seat)} {what} could still be laid"
            f"{where} at the end of the round (rule B26)."
        )
    stoeptegel = event.get("stoeptegel")
    if stoeptegel is not None:  # this seat knows the stoeptegel: say which suit counted where
        card = Card.parse(stoeptegel)
        suit = SUIT_SYMBOLS[card.suit] if card.suit else "its suit"
        return (
            f"{who} scored {points}: {suit} counts on {_rows(event.get('rows') or [0])} and "
            f"{names.possessive(seat)} stoeptegel is {card} (rule B25)."
        )
    whose = names.possessive(seat)
    return f"{who} scored {points}: the suit of {whose} stoeptegel counts on a row (rule B25)."


def _round_end(event: Mapping[str, Any], names: Names) -> str:
    text = round_end_headline(event, names)
    shown = [
        f"{names.object(s['owner'])}: {card_text(s['card'])}" for s in event.get("stoeptegels", [])
    ]
    if shown:
        text += " Stoeptegels revealed — " + ", ".join(shown) + "."
    laid = [s for s in event.get("stoeptegels", []) if "laid" in s]
    if laid:  # house rule stoeptegels_in_turn: where each went, in turn
        where = [
            f"{names.object(s['owner'])}: {card_text(s['card'])} "
            + (f"on {_row(s['laid'])}" if s["laid"] is not None else "on no row")
            for s in laid
        ]
        text += (
            " Laid in turn (house rule: stoeptegels_in_turn on, rule B26): "
            + ", ".join(where)
            + "."
        )
    return text


def round_end_headline(event: Mapping[str, Any], names: Names) -> str:
    """Why the round ended, in one sentence (the reveal panel's subtitle)."""
    round_number = event["round"]
    reason = event.get("reason")
    if reason == "passes":
        text = f"Everyone passed in a row: round {round_number} is over (rule B24)."
    elif reason == "out":
        who = names.subject(event["out_seat"])
        text = (
            f"{who} had no cards left and would be on turn again: "
            f"round {round_number} is over (rule B24)."
        )
    elif reason == "target":
        who = names.subject(event["winner"])
        text = f"{who} reached the target: the game ends at once (rule B27)."
    else:
        text = f"Round {round_number} is over."
    return text


class LogTail:
    """What one client already has of the log, so that only the lines it lacks are sent.

    A view's events are this round's (and the end of the last one), from ``events_from`` on.
    :meth:`cut` keeps the view but its events from the first line the client does not have
    (a line the seat now knows more about, such as a choice revealed when play starts, counts
    as new), with ``log_from`` where the round's log begins; the client appends.

    >>> tail = LogTail()
    >>> view = {"events": [{"text": "a"}, {"text": "b"}], "events_from": 7}
    >>> tail.cut(0, view)["events_from"], tail.cut(0, view)["events"]
    (7, [])
    """

    def __init__(self) -> None:
        self._window: tuple[int, int] | None = None
        self._lines: list[dict[str, Any]] = []

    @property
    def lines(self) -> list[dict[str, Any]]:
        """The lines the client has (copies)."""
        return [dict(line) for line in self._lines]

    def reset(self) -> None:
        """The client dropped its log (a hand-over, a fresh page): send it all next time."""
        self._window, self._lines = None, []

    def cut(self, seat: int, view: dict[str, Any]) -> dict[str, Any]:
        """``view`` with only the log lines the client lacks (see the class docstring)."""
        lines, start = view["events"], view["events_from"]
        sent = self._lines if self._window == (seat, start) else []
        same = 0
        while same < min(len(sent), len(lines)) and sent[same] == lines[same]:
            same += 1
        self._window, self._lines = (seat, start), lines
        return dict(view, events=lines[same:], events_from=start + same, log_from=start)
