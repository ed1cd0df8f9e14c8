"""How a sentence names a seat: by its name, ``Player 1`` for seat 0 where it has none, and
"you" for the seat at the screen, in the table's language (the ``names.*`` keys of
:mod:`cardtable.i18n`).

Every sentence a person reads counts players from 1 and rows 1–3, as the tables do; the Python
API's seat and row indices count from 0.

>>> player(0)
'Player 1'
>>> names = Names(["You", "Anna"], you=0)
>>> names.subject(0), names.object(1), names.possessive(1), Names([], None).possessive(2)
('You', 'Anna', "Anna's", "Player 3's")
>>> Names([], 1, "nl").subject(1), player(1, "ca")
('Jij', 'Jugador 2')
"""

from __future__ import annotations

from collections.abc import Sequence

from .i18n import text


def player(seat: int, lang: str = "en") -> str:
    """``"Player 2"`` for seat 1 (``"Speler 2"`` in Dutch)."""
    return text("names.player", lang, n=seat + 1)


class Names:
    """How a sentence calls each seat: ``you`` is the seat at the screen (``None``: nobody's
    screen, as for a Python caller); a seat without a name is ``Player N``; ``lang`` is the
    language of the screen's sentences."""

    def __init__(self, names: Sequence[str], you: int | None, lang: str = "en") -> None:
        self.names = list(names)
        self.you = you
        self.lang = lang

    def name(self, seat: int) -> str:
        """The seat's name, whoever reads it."""
        return self.names[seat] if 0 <= seat < len(self.names) else player(seat, self.lang)

    def subject(self, seat: int) -> str:
        """ "You" or the seat's name."""
        return text("names.you", self.lang) if seat == self.you else self.name(seat)

    def object(self, seat: int) -> str:
        """ "you" or the seat's name."""
        return text("names.you_object", self.lang) if seat == self.you else self.name(seat)

    def possessive(self, seat: int) -> str:
        """ "your" or "Anna's"."""
        if seat == self.you:
            return text("names.your", self.lang)
        return text("names.possessive", self.lang, name=self.name(seat))
