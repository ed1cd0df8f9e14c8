"""A Tri-Peaks review as a table shows it: one step per move, each the table as the player saw
it, and every sentence the review panel reads.

:func:`review_screen` turns :func:`~cardtable.tripeaks.review` into JSON for the page: step
``i`` is the position before move ``i`` — the engine's own ``view()`` of it, so a face-down card
stays face down and the stock's order never shows — with the move played there (``played``:
a position, or ``"draw"``), the move the solver would have kept the best with (``better``), the
score the move gave away (``loss``) and the step's sentence (``text``). ``mistake`` is the step
of the first mistake and ``text`` says what it was. The page only draws this.

>>> from cardtable.tripeaks import TriPeaks
>>> game = TriPeaks(seed=7)
>>> game.draw()
>>> screen = review_screen(game)
>>> len(screen["steps"]), screen["steps"][0]["played"], screen["mistake"]
(1, 'draw', None)
>>> screen["steps"][0]["text"]
'Move 1 of 1: a draw from the stock. It gave away 3 points of the best score; 10♠ kept all 115.'
"""

from __future__ import annotations

from typing import Any

from ..cards import Card
from .game import TriPeaks
from .layout import DRAW, Move
from .reviews import MoveReview, Review, review

PENDING = {"pending": True, "text": "Reviewing the game: the solver weighs every move…"}
"""What the review panel shows while the review is computed."""

_STEP_FIELDS = ("tableau", "waste", "stock_count", "score", "round")


def review_screen(game: TriPeaks, result: Review | None = None) -> dict[str, Any]:
    """The review of ``game`` (computed unless ``result`` is given) as the review panel shows
    it: ``{"steps": [...], "mistake": step or None, "text": sentence}`` (see the module)."""
    result = review(game) if result is None else result
    replay = game.replay()
    total = len(result.moves)
    steps = []
    for entry in result.moves:
        view = replay.view()
        moves = (entry.move, entry.better, entry.clearing)
        names = {move: _name(replay, move) for move in moves if move is not None}
        shown = _shown_better(entry, result.first_mistake)
        steps.append(
            {
                **{field: view[field] for field in _STEP_FIELDS},  # type: ignore[literal-required]
                "played": entry.move,
                "better": shown,
                "loss": entry.loss,
                "text": step_text(entry, total, names),
            }
        )
        replay.apply(entry.move)
    mistake = result.first_mistake
    return {"steps": steps, "mistake": mistake, "text": mistake_text(result, steps)}


def _name(game: TriPeaks, move: Move) -> str:
    """A move in the player's words, from what they saw then: the card, or the draw."""
    if move == DRAW:
        return "the draw from the stock"
    card = game.card_at(int(move))
    assert card is not None and game.is_face_up(int(move))  # a legal play is of a face-up card
    return str(card)


def _shown_better(entry: MoveReview, mistake: int | None) -> Move | None:
    """The move to highlight beside the one played: at the first mistake the one that kept the
    deal clearable (else the best score), elsewhere the one that kept the best score."""
    if entry.index == mistake and entry.clearing is not None:
        return entry.clearing
    return entry.better


def _points(n: int) -> str:
    return f"{n} point{'' if n == 1 else 's'}"


def step_text(entry: MoveReview, total: int, names: dict[Move, str]) -> str:
    """One step's sentence: the move, then what it cost.

    >>> entry = MoveReview(4, 21, 1, True, False, 120, 96, 22, 22)
    >>> step_text(entry, 30, {21: "7♥", 22: "8♣"})
    'Move 5 of 30: 7♥ played. After it the deal could no longer be cleared; 8♣ kept it clearable. It gave away 24 points of the best score.'
    """  # noqa: E501
    move = "a draw from the stock" if entry.move == DRAW else f"{names[entry.move]} played"
    said = f"Move {entry.index + 1} of {total}: {move}."
    if entry.lost_the_clear:
        said += " " + _lost_clear(entry, names)
    if entry.loss:
        kept = "" if entry.lost_the_clear or entry.better is None else (
            f"; {names[entry.better]} kept all {entry.best_before}")  # fmt: skip
        return f"{said} It gave away {_points(entry.loss)} of the best score{kept}."
    return f"{said} The best score ({entry.best_after}) could still be reached."


def _lost_clear(entry: MoveReview, names: dict[Move, str]) -> str:
    clearing = names.get(entry.clearing, "") if entry.clearing is not None else ""
    keeps = f"; {clearing} kept it clearable" if clearing else ""
    return f"After it the deal could no longer be cleared{keeps}."


def mistake_text(result: Review, steps: list[dict[str, Any]]) -> str:
    """The review's headline: where the game was lost, in the issue's words ("After 7♥ the
    deal could no longer be cleared; 8♣ kept it clearable.")."""
    if not result.moves:
        return "No move was made: there is nothing to review."
    index = result.first_mistake
    if index is None:
        if result.moves[0].clearable_before or result.moves[-1].clearable_after:
            return "Every move kept the best score the deal allowed."
        return "No play could clear this deal, and every move kept the best score it allowed."
    entry = result.moves[index]
    played = _in_words(entry.move, steps[index], "played")
    if entry.lost_the_clear:
        better = _in_words(entry.clearing, steps[index], "better")
        keeps = f"; {better} kept it clearable" if better else ""
        return f"After {played} the deal could no longer be cleared{keeps}."
    better = _in_words(entry.better, steps[index], "better")
    return (
        f"No play could clear this deal; the costliest move was {played} (move {index + 1}), "
        f"which gave away {_points(entry.loss)} of the best score"
        + (f"; {better} kept it." if better else ".")
    )


def _in_words(move: Move | None, step: dict[str, Any], field: str) -> str:
    """A move named from the step's own view (the card face up at its position)."""
    if move is None or step[field] != move:
        return ""
    if move == DRAW:
        return "the draw from the stock"
    slot = step["tableau"][int(move)]
    return str(Card.parse(slot["card"]))
