"""How a sentence names a seat that has no name of its own: ``Player 1`` for seat 0.

Every sentence a person reads counts players from 1 and rows 1–3, as the tables do; the Python
API's seat and row indices count from 0.

>>> player(0)
'Player 1'
"""

from __future__ import annotations

from .intents import quote


def player(seat: int) -> str:
    """``"Player 2"`` for seat 1."""
    return f"Player {seat + 1}"


def no_row(row: object) -> str:
    """The refusal for a row index outside 0–2, in the rows' own numbering (rule B2).

    >>> no_row(3)
    "There is no row 4: the rows are 1–3, left to right (the API's row indices are 0–2) (rule B2)."
    """
    shown = quote(row + 1 if type(row) is int else row)
    return (
        f"There is no row {shown}: the rows are 1–3, left to right "
        "(the API's row indices are 0–2) (rule B2)."
    )
