"""The 28-position Tri-Peaks layout (rule T1) and which card covers which.

Positions follow API.md: 0–2 the peak tops, 3–8 row 2, 9–17 row 3, 18–27 the bottom row.

>>> COVERED_BY[0], COVERED_BY[3], COVERED_BY[9], COVERED_BY[18]
((3, 4), (9, 10), (18, 19), ())
>>> COVERS[11]
(4,)
"""

from __future__ import annotations

Move = int | str
"""A move: a position 0–27 to play, or :data:`DRAW`."""
DRAW = "draw"
"""The move that turns the next stock card onto the waste (rule T4)."""

SIZE = 28
PEAKS = (0, 1, 2)
BOTTOM_ROW = tuple(range(18, 28))
ROWS = ((0, 1, 2), tuple(range(3, 9)), tuple(range(9, 18)), BOTTOM_ROW)


def _covered_by(position: int) -> tuple[int, ...]:
    if position < 3:
        return (3 + 2 * position, 4 + 2 * position)
    if position < 9:
        j = position - 3
        return (9 + j + j // 2, 10 + j + j // 2)
    if position < 18:
        k = position - 9
        return (18 + k, 19 + k)
    return ()


COVERED_BY: tuple[tuple[int, ...], ...] = tuple(_covered_by(p) for p in range(SIZE))
"""The two positions whose cards lie on top of each position (empty for the bottom row)."""
COVERS: tuple[tuple[int, ...], ...] = tuple(
    tuple(q for q in range(SIZE) if p in COVERED_BY[q]) for p in range(SIZE)
)
"""The positions each position lies on top of (empty for the peak tops)."""
ROW_OF: tuple[int, ...] = tuple(r for p in range(SIZE) for r, row in enumerate(ROWS) if p in row)
"""The row (0 = peak tops … 3 = bottom) of each position."""


def x_slot(position: int) -> float:
    """Horizontal place of a position in card widths, left edge of the bottom row = 0.

    Each card sits centred between the two that cover it, so this is the layout a table draws.

    >>> x_slot(18), x_slot(9), x_slot(0)
    (0.0, 0.5, 1.5)
    """
    below = COVERED_BY[position]
    if not below:
        return float(position - 18)
    return (x_slot(below[0]) + x_slot(below[1])) / 2
