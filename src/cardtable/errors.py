"""The one error every rules engine raises for a move the rules forbid."""

from __future__ import annotations

from typing import Any

from .messages import Message, message, say
from .naming import Names


class IllegalMove(ValueError):
    """A move or action the rules forbid, or one that is malformed: the game that raised it is
    left exactly as it was.

    It holds its reason as data (:class:`~cardtable.messages.Message`): ``id``, the ``rule``
    it rests on and the ``fields`` (cards as wire codes, rows and seats as the API's indices).
    ``str(error)`` writes it for a player, rows 1–3 and seats by name (``names``: a table's,
    with the seat at its screen as "you"; ``Player N`` without); :meth:`told` writes it for
    any seat.

    >>> error = IllegalMove(message("stoeptegel.no_row", "B2", row=3))
    >>> error.id, error.rule, dict(error.fields)
    ('stoeptegel.no_row', 'B2', {'row': 3})
    >>> print(error)
    There is no row 4: the rows are 1–3, left to right (the API's row indices are 0–2) (rule B2).
    >>> issubclass(IllegalMove, ValueError), str(IllegalMove("Nothing to undo."))
    (True, 'Nothing to undo.')
    """

    def __init__(self, reason: Message | str, names: Names | None = None) -> None:
        super().__init__(reason)
        self.message = reason if isinstance(reason, Message) else message("text", text=reason)
        self.names = names

    @property
    def id(self) -> str:
        """The message id (``"text"`` for a sentence given as it is)."""
        return self.message.id

    @property
    def rule(self) -> str | None:
        """The rule it cites first (``"B2"``), or ``None``."""
        return self.message.rule

    @property
    def fields(self) -> dict[str, Any]:
        """What fills the sentence."""
        return dict(self.message.fields)

    def told(self, names: Names | None = None, lang: str | None = None) -> str:
        """The reason in words for the seat ``names.you`` of a table with those names."""
        return say(self.message, names, lang)

    def __str__(self) -> str:
        return self.told(self.names)
