"""Loading a saved Tri-Peaks game: every field checked, every move replayed through the rules.

>>> from cardtable.tripeaks import TriPeaks
>>> game = TriPeaks(seed=5); game.draw()
>>> TriPeaks.from_json(game.to_json()).to_json() == game.to_json()
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .._saves import read_save, whole_number
from ..errors import IllegalMove
from ..messages import message

if TYPE_CHECKING:
    from .game import TriPeaks

SAVE_FORMAT = "cardtable.tripeaks"
SAVE_VERSION = 1
_FIELDS = {"format", "version", "seed", "deck", "scoring", "progressive", "moves", "redo", "score"}


def load(cls: type[TriPeaks], text: str) -> TriPeaks:
    """Rebuild the game saved in ``text``; raise :class:`IllegalMove` if anything is off."""
    data = read_save(
        text, game="Tri-Peaks", format=SAVE_FORMAT, version=SAVE_VERSION, fields=_FIELDS
    )
    whole_number(data, "seed")
    score = whole_number(data, "score")
    for key in ("moves", "redo"):
        if type(data[key]) is not list:
            raise IllegalMove(message("save.moves", key=repr(key)))
    try:
        options = {
            "scoring": data["scoring"],
            "progressive": data["progressive"],
            "seed": data["seed"],
        }
        deck = data["deck"]
        game = cls(**options) if deck is None else cls.from_deck(deck, **options)
    except IllegalMove as error:
        raise IllegalMove(message("save.corrupted", reason=error.message)) from None
    except (TypeError, ValueError) as error:
        raise IllegalMove(message("save.corrupted_detail", detail=str(error))) from None
    _replay(game, data["moves"], "move")
    _replay(game, list(reversed(data["redo"])), "undone")
    for _ in data["redo"]:
        game.undo()
    if score != game.score:
        raise IllegalMove(message("save.score", sent=repr(score), score=game.score))
    return game


def _replay(game: TriPeaks, moves: list[Any], what: str) -> None:
    for number, move in enumerate(moves, 1):
        try:
            game.apply(move)
        except IllegalMove as error:
            raise IllegalMove(message(
                f"save.illegal_{what}", n=number, move=repr(move), reason=error.message
            )) from None  # fmt: skip
