"""Where a Tri-Peaks game was lost: every move judged by the exact solver.

``review(game)`` replays the game's moves from its deal and asks :func:`solve` about the
position before and after each one: could the tableau still be cleared, and what was the best
score the round could still finish with. The first move after which a clearable deal could no
longer be cleared is the game's first mistake. The solver sees every card (it is what makes
the review exact), so a table shows a review only once the game is over.

Each position is solved once (the one after a move is the one before the next), and a move
that follows the solver's own line keeps its verdict without a new search.

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

from .game import TriPeaks
from .layout import SIZE, Move
from .solver import solve


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


@dataclass
class _Verdict:
    """What the solver says about one position, and the lines it found."""

    clearable: bool
    best: int
    clear_line: list[Move]
    score_line: list[Move]


def _verdict(game: TriPeaks) -> _Verdict:
    scored = solve(game, objective="score")
    assert scored.best_score is not None  # the "score" objective always names it
    # A clearing line is needed only when the deal is clearable and the best-scoring line does
    # not clear it: an unclearable position (most of a lost game's) is not searched twice.
    needs_line = scored.winnable and scored.tableau_removed < SIZE
    clear_line = solve(game).moves if needs_line else scored.moves
    return _Verdict(scored.winnable, scored.best_score, clear_line, scored.moves)


def _followed(before: _Verdict, move: Move, game: TriPeaks) -> _Verdict:
    """The verdict after ``move``: kept from ``before`` when the move is the first of the
    solver's own line (the rest of the line still reaches the same end), else solved anew."""
    keeps_best = before.score_line[:1] == [move]
    keeps_clear = before.clearable and before.clear_line[:1] == [move]
    if not (keeps_best and keeps_clear):
        return _verdict(game)
    return _Verdict(True, before.best, before.clear_line[1:], before.score_line[1:])


def review(game: TriPeaks) -> Review:
    """Judge every move of ``game`` (see the module docstring). The game is not changed."""
    replay = game.replay()
    before = _verdict(replay)
    entries: list[MoveReview] = []
    for index, move in enumerate(game.moves):
        round_number = replay.round
        replay.apply(move)
        if replay.round != round_number:  # the move cleared a progressive round (T8)
            after, following = _Verdict(True, replay.score, [], []), _verdict(replay)
        else:
            after = following = _followed(before, move, replay)
        entries.append(
            MoveReview(
                index=index,
                move=move,
                round=round_number,
                clearable_before=before.clearable,
                clearable_after=after.clearable,
                best_before=before.best,
                best_after=after.best,
                better=before.score_line[0] if after.best < before.best else None,
                clearing=before.clear_line[0] if before.clearable and not after.clearable else None,
            )
        )
        before = following
    return Review(tuple(entries), _first_mistake(entries))


def _first_mistake(entries: list[MoveReview]) -> int | None:
    lost = next((e.index for e in entries if e.lost_the_clear), None)
    if lost is not None or not entries or entries[0].clearable_before:
        return lost
    worst = max(e.loss for e in entries)
    return next(e.index for e in entries if e.loss == worst) if worst > 0 else None
