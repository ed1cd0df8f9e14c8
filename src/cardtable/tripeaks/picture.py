"""What the Tri-Peaks player sees, drawn from ``game.view()`` alone: as text (``print(game)``,
the environment's ``render_mode="ansi"``) and as SVG (``game`` shown in a notebook). No
face-down card and no stock order is in a view, so none can be in a picture.

>>> from cardtable.tripeaks import TriPeaks
>>> print(text(TriPeaks(seed=7).view()).splitlines()[-2])
waste 9♣ · stock 23 · score 0 · run 0 · round 1
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .._svg import CARD_H, CARD_W, Picture, Svg
from ..cards import Card
from .layout import ROW_OF, SIZE, x_slot

_STEP_X, _STEP_Y, _MARGIN = CARD_W + 6, CARD_H // 2, 14
_CELL = 4  # characters per card width in the text board


def text(view: Mapping[str, Any]) -> str:
    """The board as text: the four rows of the peaks (``##`` face down, nothing where a card
    has gone), then the waste, the stock and the score, then the legal moves by position."""
    lines = [[" "] * (_CELL * 10) for _ in range(4)]
    for position, slot in enumerate(view["tableau"]):
        if slot is None:
            continue
        token = " ##" if slot["card"] is None else f"{_card(slot['card']):>3}"
        at = round(x_slot(position) * _CELL)
        lines[ROW_OF[position]][at : at + 3] = token
    board = ["".join(line).rstrip() for line in lines]
    status = (
        f"waste {_card(view['waste'])} · stock {view['stock_count']} · score {view['score']} · "
        f"run {view['run']} · round {view['round']}"
    )
    return "\n".join([*board, status, _moves(view)])


def _moves(view: Mapping[str, Any]) -> str:
    if view["won"]:
        return "cleared: the game is won (T9)"
    if view["over"]:
        return "no move left: the game is over (T9)"
    tableau = view["tableau"]
    named = [
        f"{move} {_card(tableau[move]['card'])}" if isinstance(move, int) else move
        for move in view["legal"]
    ]
    return "moves: " + ", ".join(named)


def _card(code: str) -> str:
    return str(Card.parse(code))


def svg(view: Mapping[str, Any]) -> Svg:
    """The table as a picture: the peaks (playable cards ringed, with their position numbers),
    the stock with its count, the waste, the score. ``view`` is ``game.view()``."""
    width = 2 * _MARGIN + 9 * _STEP_X + CARD_W
    top_of_stock = _MARGIN + 3 * _STEP_Y + CARD_H + 16
    picture = Picture(width, top_of_stock + CARD_H + 2 * _MARGIN, title="A game of Tri-Peaks")
    legal = set(view["legal"])
    for position in range(SIZE):  # the peak tops first: each row lies on the one above
        slot = view["tableau"][position]
        if slot is None:
            continue
        x = _MARGIN + x_slot(position) * _STEP_X
        y = _MARGIN + ROW_OF[position] * _STEP_Y
        if slot["card"] is None:
            picture.back(x, y)
            continue
        picture.card(x, y, slot["card"], playable=position in legal)
        if position in legal:
            picture.text(x + CARD_W - 4, y + 15, str(position), size=10, fill="#5b6270",
                         anchor="end")  # fmt: skip
    x = _MARGIN
    if view["stock_count"]:
        picture.back(x, top_of_stock, str(view["stock_count"]))
    else:
        picture.place(x, top_of_stock)
    picture.card(x + _STEP_X + 8, top_of_stock, view["waste"])
    left = x + 2 * _STEP_X + 28
    picture.text(left, top_of_stock + 24, f"Score {view['score']}", size=18, anchor="start",
                 bold=True)  # fmt: skip
    detail = f"Run {view['run']} · round {view['round']} · {view['moves']} moves"
    picture.text(left, top_of_stock + 46, detail, size=13, anchor="start")
    picture.text(left, top_of_stock + 64, _moves(view), size=12, fill="#cfe8d8", anchor="start")
    return picture.render(text(view))
