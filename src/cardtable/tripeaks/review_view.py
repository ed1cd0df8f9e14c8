"""A Tri-Peaks review as a table shows it: one step per move, each the table as the player saw
it, and every sentence the review panel reads.

:func:`review_screen` turns :func:`~cardtable.tripeaks.review` into JSON for the page: step
``i`` is the position before move ``i`` — the engine's own ``view()`` of it, so a face-down card
stays face down and the stock's order never shows — with the move played there (``played``:
a position, or ``"draw"``), the move the solver would have kept the best with (``better``), the
score the move gave away (``loss``) and the step's sentence (``text``). ``mistake`` is the step
of the first mistake and ``text`` says what it was, in the table's language (the catalogs'
``tripeaks.review.*``). The page only draws this.

>>> from cardtable.tripeaks import TriPeaks
>>> game = TriPeaks(seed=7)
>>> game.draw()
>>> screen = review_screen(game)
>>> len(screen["steps"]), screen["steps"][0]["played"], screen["mistake"]
(1, 'draw', None)
>>> screen["steps"][0]["text"]
'Move 1 of 1: a draw from the stock. It gave away 3 points of the best score; 10♠ kept all 115.'
>>> review_screen(game, lang="nl")["steps"][0]["text"]
'Zet 1 van 1: een kaart van de stapel getrokken. Die kostte 3 punten van de hoogst haalbare stand; met 10♠ bleven alle 115 haalbaar.'
"""  # noqa: E501

from __future__ import annotations

from typing import Any

from .. import i18n
from ..cards import Card
from .game import TriPeaks
from .layout import DRAW, Move
from .reviews import MoveReview, Review, review


def pending(lang: str = "en") -> dict[str, Any]:
    """What the review panel shows while the review is computed."""
    return {"pending": True, "text": i18n.text("tripeaks.review.pending", lang)}


PENDING = pending()
"""The review panel while the review is computed, in English."""

_STEP_FIELDS = ("tableau", "waste", "stock_count", "score", "round")


def review_screen(
    game: TriPeaks, result: Review | None = None, lang: str = "en"
) -> dict[str, Any]:
    """The review of ``game`` (computed unless ``result`` is given) as the review panel shows
    it in ``lang``: ``{"steps": [...], "mistake": step or None, "text": sentence}`` (see the
    module)."""
    result = review(game) if result is None else result
    replay = game.replay()
    total = len(result.moves)
    steps = []
    for entry in result.moves:
        view = replay.view()
        moves = (entry.move, entry.better, entry.clearing)
        names = {move: _name(replay, move, lang) for move in moves if move is not None}
        shown = _shown_better(entry, result.first_mistake)
        steps.append(
            {
                **{field: view[field] for field in _STEP_FIELDS},  # type: ignore[literal-required]
                "played": entry.move,
                "better": shown,
                "loss": entry.loss,
                "text": step_text(entry, total, names, lang),
            }
        )
        replay.apply(entry.move)
    mistake = result.first_mistake
    return {"steps": steps, "mistake": mistake, "text": mistake_text(result, steps, lang)}


def _name(game: TriPeaks, move: Move, lang: str = "en") -> str:
    """A move in the player's words, from what they saw then: the card, or the draw."""
    if move == DRAW:
        return i18n.text("tripeaks.review.the_draw", lang)
    card = game.card_at(int(move))
    assert card is not None and game.is_face_up(int(move))  # a legal play is of a face-up card
    return str(card)


def _shown_better(entry: MoveReview, mistake: int | None) -> Move | None:
    """The move to highlight beside the one played: at the first mistake the one that kept the
    deal clearable (else the best score), elsewhere the one that kept the best score."""
    if entry.index == mistake and entry.clearing is not None:
        return entry.clearing
    return entry.better


def step_text(entry: MoveReview, total: int, names: dict[Move, str], lang: str = "en") -> str:
    """One step's sentence: the move, then what it cost.

    >>> entry = MoveReview(4, 21, 1, True, False, 120, 96, 22, 22)
    >>> step_text(entry, 30, {21: "7♥", 22: "8♣"})
    'Move 5 of 30: 7♥ played. After it the deal could no longer be cleared; 8♣ kept it clearable. It gave away 24 points of the best score.'
    """  # noqa: E501
    def say(key: str, **fields: Any) -> str:
        return i18n.text(f"tripeaks.review.{key}", lang, **fields)

    drew = entry.move == DRAW
    move = say("drew") if drew else say("played", card=names[entry.move])
    said = say("step", n=entry.index + 1, total=total, move=move)
    if entry.lost_the_clear:
        clearing = names.get(entry.clearing, "") if entry.clearing is not None else ""
        said += " " + say("lost_clear", keeps=bool(clearing), better=clearing)
    if entry.loss:
        kept = not entry.lost_the_clear and entry.better is not None
        better = names[entry.better] if kept and entry.better is not None else ""
        return said + " " + say("gave_away", count=entry.loss, kept=kept, better=better,
                                best=entry.best_before)  # fmt: skip
    return said + " " + say("kept_best", best=entry.best_after)


def mistake_text(result: Review, steps: list[dict[str, Any]], lang: str = "en") -> str:
    """The review's headline: where the game was lost, in the issue's words ("After 7♥ the
    deal could no longer be cleared; 8♣ kept it clearable.")."""

    def say(key: str, **fields: Any) -> str:
        return i18n.text(f"tripeaks.review.{key}", lang, **fields)

    if not result.moves:
        return say("no_moves")
    index = result.first_mistake
    if index is None:
        if result.moves[0].clearable_before or result.moves[-1].clearable_after:
            return say("all_best")
        return say("none_clear")
    entry = result.moves[index]
    played = _in_words(entry.move, steps[index], "played", lang)
    if entry.lost_the_clear:
        better = _in_words(entry.clearing, steps[index], "better", lang)
        return say("lost_after", played=played, keeps=bool(better), better=better)
    better = _in_words(entry.better, steps[index], "better", lang)
    return say("costliest", played=played, n=index + 1, count=entry.loss, kept=bool(better),
               better=better)  # fmt: skip


def _in_words(move: Move | None, step: dict[str, Any], field: str, lang: str = "en") -> str:
    """A move named from the step's own view (the card face up at its position)."""
    if move is None or step[field] != move:
        return ""
    if move == DRAW:
        return i18n.text("tripeaks.review.the_draw", lang)
    slot = step["tableau"][int(move)]
    return str(Card.parse(slot["card"]))
