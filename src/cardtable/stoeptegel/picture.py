"""One seat's table, drawn from ``game.view(seat)`` alone: the seat's own hand face up, the
other hands as backs with their counts, the three rows, the stock's count, the seat's
stoeptegel once it may know it and the one it gave (rule B4). Nothing else is in a view, so
nothing hidden from that seat can be in the picture. A game shown in a notebook draws the
view of the seat to move (while stoeptegels are chosen: the first seat still choosing).

>>> from cardtable.stoeptegel import Stoeptegel
>>> game = Stoeptegel(players=3, seed=4)
>>> out = svg(game.view(1))
>>> out.count("<g data-card="), seat_shown(game.view(0))  # 6 in the hand, 3 on the rows
(9, 0)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .._svg import CARD_H, CARD_W, Picture, Svg
from ..cards import Card

_MARGIN, _WIDTH = 14, 660
_ROW_STEP, _FAN = CARD_H + 12, 26  # rows one under the other; cards on a row overlap
_HAND_STEP = CARD_W + 6


def seat_shown(view: Mapping[str, Any]) -> int:
    """The seat a game shows by default, from any seat's view: the seat to move, else the
    first seat still choosing its stoeptegel, else seat 0."""
    if view["to_move"] is not None:
        return int(view["to_move"])
    waiting = [s for s, done in enumerate(view["chosen_seats"]) if not done]
    return waiting[0] if view["phase"] == "choose" and waiting else 0


def name(seat: int, viewer: int) -> str:
    """``"Player 2"`` (seats are counted from 1 for people), ``"Player 1 (you)"``."""
    return f"Player {seat + 1}" + (" (you)" if seat == viewer else "")


def status(view: Mapping[str, Any]) -> str:
    """One line: whose turn it is, or who is still choosing, or who won."""
    me = view["seat"]
    if view["phase"] == "over":
        winners = ", ".join(name(s, me) for s in view["winners"])
        return f"Game over after round {view['round']}: {winners} won (rule B27)."
    if view["phase"] == "choose":
        waiting = [name(s, me) for s, done in enumerate(view["chosen_seats"]) if not done]
        if not view["chosen"]:
            whom = name(view["stoeptegel_for"]["seat"], me)
            return f"Round {view['round']}: set a stoeptegel aside for {whom} (rule B3)."
        return f"Round {view['round']}: waiting for {', '.join(waiting)} to choose (rule B3)."
    return f"Round {view['round']}: {name(view['to_move'], me)} to move."


def svg(view: Mapping[str, Any]) -> Svg:
    """``view`` (``game.view(seat)``) as a picture: see the module docstring."""
    me, players = view["seat"], view["players"]
    others = [(me + k) % players for k in range(1, players)]
    rows_top = _MARGIN + 28 + CARD_H + 26
    hand_top = rows_top + 3 * _ROW_STEP + 22
    picture = Picture(_WIDTH, hand_top + CARD_H + 30 + _MARGIN,
                      title=f"A game of Stoeptegel as {name(me, me)} sees it")  # fmt: skip
    picture.text(_MARGIN, _MARGIN + 12, status(view), size=14, anchor="start", bold=True)
    box = (_WIDTH - 2 * _MARGIN) // max(len(others), 1)
    for i, seat in enumerate(others):  # the other seats: backs with their counts, scores
        x = _MARGIN + i * box
        count = view["hand_counts"][seat]
        if count:
            picture.back(x, _MARGIN + 24, str(count))
        else:
            picture.place(x, _MARGIN + 24)
        marks = " ◀ to move" if seat == view["to_move"] else ""
        marks += " · passed" if view["passed"][seat] else ""
        picture.text(x + CARD_W + 6, _MARGIN + 44, name(seat, me), anchor="start", bold=True)
        picture.text(x + CARD_W + 6, _MARGIN + 62, f"{_points(view['scores'][seat])}{marks}",
                     size=12, anchor="start")  # fmt: skip
    _rows(picture, view, rows_top)
    stock_x = _WIDTH - _MARGIN - CARD_W - 24
    if view["stock_count"]:
        picture.back(stock_x, rows_top, str(view["stock_count"]))
    else:
        picture.place(stock_x, rows_top)
    picture.text(stock_x + CARD_W / 2, rows_top + CARD_H + 14, "stock", size=11)
    own_y = rows_top + _ROW_STEP + 10
    if view["stoeptegel"] is not None:
        picture.card(stock_x, own_y, view["stoeptegel"])
    else:
        picture.place(stock_x, own_y)
    picture.text(stock_x + CARD_W / 2, own_y + CARD_H + 14, "your stoeptegel", size=11)
    _hand(picture, view, hand_top)
    return picture.render(_text(view))


def _rows(picture: Picture, view: Mapping[str, Any], top: int) -> None:
    room = _WIDTH - 2 * _MARGIN - 70 - CARD_W - 20 - CARD_W  # between the labels and the stock
    for r, row in enumerate(view["rows"]):
        y = top + r * _ROW_STEP
        tags = ["closed (B8)"] if row["closed"] else []
        tags += ["turned around (B8)"] if row["turned"] and not row["closed"] else []
        picture.text(_MARGIN, y + 26, f"Row {r + 1}", size=14, anchor="start", bold=True)
        for i, tag in enumerate(tags):
            picture.text(_MARGIN, y + 44 + 14 * i, tag, size=10, fill="#cfe8d8", anchor="start")
        cards = row["cards"]
        step = min(_FAN, room / max(len(cards) - 1, 1))
        for i, (code, played) in enumerate(zip(cards, row["played"], strict=True)):
            picture.card(_MARGIN + 70 + i * step, y, code, dim=not played)


def _hand(picture: Picture, view: Mapping[str, Any], top: int) -> None:
    me = view["seat"]
    gave = view["gave"]
    label = f"Your hand (Player {me + 1}): {view['scores'][me]} of {view['target']} points"
    if gave is not None:
        whom = "yourself" if gave["to"] == me else name(gave["to"], me)
        label += f" · you set {Card.parse(gave['card'])} aside for {whom}"
    picture.text(_MARGIN, top - 8, label, size=13, anchor="start")
    for i, (code, playable) in enumerate(zip(view["hand"], view["playable"], strict=True)):
        picture.card(_MARGIN + i * _HAND_STEP, top, code, playable=playable)


def _points(score: int) -> str:
    return "1 point" if score == 1 else f"{score} points"


def _text(view: Mapping[str, Any]) -> str:
    """The same table in words (the SVG's description)."""
    me = view["seat"]
    lines = [status(view)]
    for r, row in enumerate(view["rows"]):
        shown = " · ".join(str(Card.parse(code)) for code in row["cards"])
        lines.append(f"Row {r + 1}: {shown}" + (" (closed)" if row["closed"] else ""))
    hand = " ".join(str(Card.parse(code)) for code in view["hand"])
    lines.append(f"Your hand: {hand or 'empty'}; stock: {view['stock_count']} cards")
    counts = ", ".join(
        f"{name(s, me)} {view['hand_counts'][s]} cards, {_points(view['scores'][s])}"
        for s in range(view["players"])
    )
    return "\n".join([*lines, counts])
