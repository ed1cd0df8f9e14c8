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
from ..i18n import text
from ..messages import card_text, joined, message, say
from ..naming import Names

_L = "stoeptegel.log."


def _say(names: Names, key: str, *rules: str, house: Sequence[str] = (), **fields: Any) -> str:
    """The log's sentence ``key`` for the seat at the screen, in its language: seats, cards
    and rows in the fields written as :func:`cardtable.messages.render` writes them."""
    return say(message(_L + key, *rules, house=house, **fields), names)


def _rows(rows: Sequence[int], lang: str) -> str:
    """ "row 2", "rows 1 and 3" (rows counted from 1)."""
    return text(_L + "rows", lang, count=len(rows), rows=joined([str(r + 1) for r in rows], lang))


def describe(event: Mapping[str, Any], names: Names, context: dict[str, Any] | None = None) -> str:
    """One sentence for ``event``, in the language of ``names``. ``context`` carries what
    earlier events of the same window told (``"stoeptegels"``: owner → card code after a
    reveal)."""
    kind = event["type"]
    seat = event.get("seat")
    context = context if context is not None else {}
    lang = names.lang
    if kind == "deal":
        to = text(_L + "offset", lang, to=event["stoeptegel_to"])
        if event.get("scenario"):
            said = _say(names, "scenario", round=event["round"])
        else:
            said = _say(names, "deal", "B3", round=event["round"],
                        dealer_subject=names.subject(event["dealer"]),
                        dealer_you=event["dealer"] == names.you, to=to)  # fmt: skip
        for r in event.get("jokers_removed", []):
            said += " " + _say(names, "joker_removed", "B2", row=r)
        return said
    if kind == "choose":
        receiver = event["for"]
        if seat == names.you:
            return _say(names, "you_chose", seat=seat, card=event.get("card"),
                        yourself=receiver == names.you, to=names.object(receiver))  # fmt: skip
        if receiver == names.you and "card" in event:
            return _say(names, "gave_you", seat=seat, card=event["card"])
        return _say(names, "set_aside", seat=seat)
    if kind == "start":
        return _say(names, "start", to_move=event["to_move"])
    if kind == "play":
        return _say(names, "play", seat=seat, card=event["card"], row=event["row"])
    if kind == "pass":
        return _say(names, "pass", seat=seat, passes=event.get("passes", 1))
    if kind == "slide":
        if event["from"] == event["to"]:
            return _say(names, "slide_stays", "B18", card=event["card"], row=event["to"])
        return _say(names, "slide", "B18", card=event["card"], from_row=event["from"] + 1,
                    row=event["to"])  # fmt: skip
    if kind == "clear":
        count = len(event.get("removed", []))
        return _say(names, "clear", "B21", card=event["card"], row=event["row"], count=count)
    if kind == "joker":
        replacement = event.get("replacement")
        if replacement is None:
            return _say(names, "joker_empty", "B22")
        return _say(names, "joker", "B22", replacement=replacement, row=event["row"])
    if kind == "wake":
        return _say(names, "wake", "B6", house=["starting_cards_fire on"], card=event["card"],
                    row=event["row"])  # fmt: skip
    if kind == "close":
        return _say(names, "close", "B17", card=event["card"], row=event["row"])
    if kind == "turn" and event.get("until_cleared"):
        return _say(names, "turn_until", "B20", house=["seven_turns_until_cleared on"],
                    card=event["card"], row=event["row"])  # fmt: skip
    if kind == "turn":
        return _say(names, "turn", "B20", card=event["card"], row=event["row"])
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
    how = "shared" if len(winners) > 1 else "you" if winners[0] == names.you else "other"
    return _say(names, "win", "B27", who=joined(who, names.lang), how=how,
                points=scores[winners[0]])  # fmt: skip


def points_badge(event: Mapping[str, Any], lang: str = "en") -> str:
    """The few words a points pop shows: why the point came (B25, B26)."""
    if event.get("rule") == "B26":
        return text(_L + "badge_end", lang)
    stoeptegel, rows = event.get("stoeptegel"), event.get("rows")
    if stoeptegel and rows:  # this seat knows the stoeptegel
        suit = SUIT_SYMBOLS.get(stoeptegel[1], "")
        return text(_L + "badge_where", lang, suit=suit,
                    rows=" & ".join(str(r + 1) for r in rows))  # fmt: skip
    return text(_L + "badge", lang)


def _points(event: Mapping[str, Any], names: Names, context: dict[str, Any]) -> str:
    seat, lang = event["seat"], names.lang
    points = text(_L + "points", lang, count=event.get("points", 1))
    if event.get("rule") == "B26":
        card = context.get("stoeptegels", {}).get(seat)
        rows = event.get("rows") or []
        return _say(names, "points_end", "B26", seat=seat, points=points, known=bool(card),
                    stoeptegel=card, placed=bool(rows), rows=_rows(rows, lang))  # fmt: skip
    stoeptegel = event.get("stoeptegel")
    if stoeptegel is not None:  # this seat knows the stoeptegel: say which suit counted where
        suit = Card.parse(stoeptegel).suit
        return _say(names, "points_suit", "B25", seat=seat, points=points, stoeptegel=stoeptegel,
                    suit=SUIT_SYMBOLS[suit] if suit else text(_L + "its_suit", lang),
                    rows=_rows(event.get("rows") or [0], lang))  # fmt: skip
    return _say(names, "points_row", "B25", seat=seat, points=points)


def _round_end(event: Mapping[str, Any], names: Names) -> str:
    said = round_end_headline(event, names)
    lang = names.lang
    stoeptegels = event.get("stoeptegels", [])
    shown = [
        text(_L + "shown", lang, owner=names.object(s["owner"]), card=card_text(s["card"], lang))
        for s in stoeptegels
    ]
    if shown:
        said += " " + text(_L + "revealed", lang, shown=", ".join(shown))
    laid = [s for s in stoeptegels if "laid" in s]
    if laid:  # house rule stoeptegels_in_turn: where each went, in turn
        where = [
            text(_L + ("laid_on" if s["laid"] is not None else "laid_nowhere"), lang,
                 owner=names.object(s["owner"]), card=card_text(s["card"], lang),
                 row=(s["laid"] or 0) + 1)
            for s in laid
        ]  # fmt: skip
        cite = text("cite.house", lang, house="stoeptegels_in_turn on",
                    cite=text("cite.rule", lang, rules="B26"))  # fmt: skip
        said += " " + text(_L + "laid_in_turn", lang, cite=cite, laid=", ".join(where))
    return said


def round_end_headline(event: Mapping[str, Any], names: Names) -> str:
    """Why the round ended, in one sentence (the reveal panel's subtitle)."""
    reason, number = event.get("reason"), event["round"]
    if reason == "passes":
        return _say(names, "end_passes", "B24", round=number)
    if reason == "out":
        return _say(names, "end_out", "B24", round=number, out_seat=event["out_seat"])
    if reason == "target":
        return _say(names, "end_target", "B27", winner=event["winner"])
    return _say(names, "end", round=number)


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
