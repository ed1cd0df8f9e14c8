"""Where a Tri-Peaks game was lost: every move judged by the exact solver.

``review(game)`` replays the game's moves from its deal and asks :func:`solve` about the
position before and after each one: could the tableau still be cleared, and what was the best
score the round could still finish with. The first move after which a clearable deal could no
longer be cleared is the game's first mistake. The solver sees every card (it is what makes
the review exact), so a table shows a review only once the game is over.

The two questions are followed apart, each with the line the solver gave for it, and a
position is searched only when the moves leave that line: a move that is the line's next one
keeps its verdict; so does one the line holds further on, when the line without it still
finishes with the same score (or still clears: the best reachable score never grows, so a line
that reaches it is proof enough). Once a round can no longer be cleared it never can again:
no later position of that round is searched for a clear.

>>> from cardtable.tripeaks import TriPeaks
>>> game = TriPeaks(seed=7)
>>> game.draw(); game.draw()
>>> result = review(game)
>>> [entry.move for entry in result.moves]
['draw', 'draw']
>>> result.moves[0].clearable_before, result.first_mistake
(True, None)
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import IllegalMove
from ._clear import clear
from ._position import Position
from ._score import best_score
from .game import TriPeaks
from .layout import Move
from .solver import _collector_paused


@dataclass(frozen=True)
class MoveReview:
    """One move of a game, judged exactly.

    * ``index`` — the move's place in ``game.moves`` (from 0); ``round`` — its round (T8);
    * ``clearable_before`` / ``clearable_after`` — could the tableau be cleared from the
      position before / after it (a move that clears a round's tableau leaves it cleared);
    * ``best_before`` / ``best_after`` — the best score the round could finish with;
    * ``better`` — when the move lost score, a move that would have kept the best (``None``
      when this one kept it); ``clearing`` — when the move lost the clear, a move that would
      have kept the tableau clearable.
    """

    index: int
    move: Move
    round: int
    clearable_before: bool
    clearable_after: bool
    best_before: int
    best_after: int
    better: Move | None
    clearing: Move | None

    @property
    def loss(self) -> int:
        """The best reachable score this move gave away (0 when it kept the best)."""
        return self.best_before - self.best_after

    @property
    def lost_the_clear(self) -> bool:
        """True when the tableau could be cleared before this move and not after it."""
        return self.clearable_before and not self.clearable_after


@dataclass(frozen=True)
class Review:
    """A game's moves, each judged (``moves``), and ``first_mistake``: the index of the first
    move after which a clearable deal could no longer be cleared; if the deal could never be
    cleared, of the first move that gave away the most score; ``None`` when neither happened.
    """

    moves: tuple[MoveReview, ...]
    first_mistake: int | None


@dataclass(frozen=True)
class _Verdict:
    """What the solver said of one question about a position (the best score it can finish
    with, or whether it can be cleared) and a line that achieves it."""

    value: int
    line: list[Move]


def _searched(game: TriPeaks, objective: str) -> _Verdict:
    """The solver's answer for the position ``game`` is in (a finished one needs no search)."""
    if game.over:
        return _Verdict(game.score if objective == "score" else int(game.won), [])
    position = Position.of(game)
    if objective == "score":
        scored = best_score(position)
        return _Verdict(scored.score, scored.moves)
    cleared = clear(position)
    return _Verdict(int(cleared.winnable), cleared.moves)


def _finish(game: TriPeaks, line: list[Move]) -> tuple[int, bool] | None:
    """``(score, cleared)`` once ``line`` finishes the round from ``game`` (a copy plays it;
    the round finishes when its tableau is cleared or no move is left), else ``None``."""
    copy, round_number = TriPeaks.from_json(game.to_json()), game.round
    for move in line:
        if copy.over or copy.round != round_number:
            break
        try:
            copy.apply(move)
        except IllegalMove:
            return None
    cleared = copy.won or copy.round != round_number
    return (copy.score, cleared) if copy.over or cleared else None


def _without(line: list[Move], move: Move) -> list[Move] | None:
    """``line`` without the first ``move`` it holds (``None`` when it holds none)."""
    if move not in line:
        return None
    at = line.index(move)
    return line[:at] + line[at + 1 :]


def _keeps(game: TriPeaks, line: list[Move], value: int, objective: str) -> bool:
    """Whether ``line`` from ``game`` proves the ``value`` of ``objective``: it clears the
    tableau, or it finishes with that best score (the best never grows along a game)."""
    finished = _finish(game, line)
    if finished is None:
        return False
    score, cleared = finished
    return cleared if objective == "clear" else score == value


def _next(
    before: _Verdict, move: Move, game: TriPeaks, objective: str, *also: list[Move]
) -> _Verdict:
    """The verdict on the position ``game`` reached by ``move`` from the one ``before`` was
    for: kept when the move follows the line, or when the line without it (or a line of
    ``also``) keeps the value from here; else searched. A round that could not be cleared
    cannot be after any move."""
    if objective == "clear" and not before.value:
        return before
    if before.line[:1] == [move]:
        return _Verdict(before.value, before.line[1:])
    for line in (_without(before.line, move), *also):
        if line is not None and _keeps(game, line, before.value, objective):
            return _Verdict(before.value, line)
    return _searched(game, objective)


def review(game: TriPeaks) -> Review:
    """Judge every move of ``game`` (see the module docstring). The game is not changed."""
    with _collector_paused():  # the searches' tables are freed by reference counting
        return _review(game)


def _review(game: TriPeaks) -> Review:
    replay = game.replay()
    best, clears = _searched(replay, "score"), _searched(replay, "clear")
    entries: list[MoveReview] = []
    for index, move in enumerate(game.moves):
        round_number = replay.round
        replay.apply(move)
        if replay.round != round_number:  # the move cleared a progressive round (T8)
            best_after, clears_after = _Verdict(replay.score, []), _Verdict(1, [])
            following = _searched(replay, "score"), _searched(replay, "clear")
        else:
            best_after = _next(best, move, replay, "score")
            clears_after = _next(clears, move, replay, "clear", best_after.line)
            following = best_after, clears_after
        entries.append(
            MoveReview(
                index=index,
                move=move,
                round=round_number,
                clearable_before=bool(clears.value),
                clearable_after=bool(clears_after.value),
                best_before=best.value,
                best_after=best_after.value,
                better=best.line[0] if best_after.value < best.value else None,
                clearing=clears.line[0] if clears.value and not clears_after.value else None,
            )
        )
        best, clears = following
    return Review(tuple(entries), _first_mistake(entries))


def _first_mistake(entries: list[MoveReview]) -> int | None:
    lost = next((e.index for e in entries if e.lost_the_clear), None)
    if lost is not None or not entries or entries[0].clearable_before:
        return lost
    worst = max(e.loss for e in entries)
    return next(e.index for e in entries if e.loss == worst) if worst > 0 else None
