"""Exact Tri-Peaks analysis: can the tableau be cleared, and what is the best possible score?

``solve`` looks at every card, hidden ones included: it is an analysis tool (for the table,
after a game ends: "this deal was winnable, best possible score 218"), never a player. It
reads the game and leaves it exactly as it was.

>>> from cardtable.tripeaks import TriPeaks
>>> game = TriPeaks(seed=7)
>>> solution = solve(game)
>>> solution.winnable, solution.tableau_removed
(True, 28)
>>> for move in solution.moves:
...     game.apply(move)
>>> game.won
True
"""

from __future__ import annotations

import gc
import os
from collections.abc import Iterable, Iterator
from concurrent.futures import Executor, ProcessPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass
from functools import partial

from .._platform import has_processes
from ._clear import clear
from ._position import Position
from ._score import best_score
from .game import TriPeaks
from .layout import DRAW, SIZE, Move

OBJECTIVES = ("clear", "score")


@dataclass(frozen=True)
class Solution:
    """What ``solve`` found.

    * ``winnable`` — can the tableau be cleared from the position solved;
    * ``moves`` — for ``"clear"`` a clearing line, or, when there is none, a line removing as
      many tableau cards as possible; for ``"score"`` a line finishing with ``best_score``;
    * ``best_score`` — the highest score the round can finish with (``"score"`` only; ``None``
      for ``"clear"``);
    * ``tableau_removed`` — tableau cards gone once ``moves`` are played (28: cleared);
    * ``nodes`` — search steps taken, a measure of the work.
    """

    objective: str
    winnable: bool
    moves: list[Move]
    best_score: int | None
    tableau_removed: int
    nodes: int


def solve(game: TriPeaks, *, objective: str = "clear") -> Solution:
    """Solve ``game`` from where it stands now, exactly.

    ``"clear"``: whether the tableau can still be cleared, with a clearing line — or, when it
    cannot, a line removing as many tableau cards as possible. ``"score"``: the highest score
    with which the game can finish under its scoring options (won, or no move left; a draw
    costs 5 but never takes the score below 0, rule T6), and a line reaching it.

    In progressive mode (rule T8) only the current round is searched: it finishes when its
    tableau is cleared (the next round's cards are not dealt yet) or no move is left, and the
    score is the score at that moment, with what earlier rounds carried over.
    """
    if objective not in OBJECTIVES:
        raise ValueError(f"objective must be 'clear' or 'score', not {objective!r}")
    if game.over:
        score = game.score if objective == "score" else None
        return Solution(objective, game.won, [], score, SIZE - game.tableau_left, 0)
    return solve_position(Position.of(game), objective)


def solve_position(position: Position, objective: str = "clear") -> Solution:
    """``solve`` for a :class:`Position` (picklable: what ``solve_many`` sends to workers)."""
    with _collector_paused():
        if objective == "clear":
            cleared = clear(position)
            return Solution(
                objective, cleared.winnable, cleared.moves, None, cleared.removed, cleared.nodes
            )
        scored = best_score(position)
        played = sum(rank < 0 for rank in position.ranks)
        removed = played + sum(move != DRAW for move in scored.moves)
        if removed == SIZE:  # the best line clears the tableau: no need to ask
            return Solution(objective, True, scored.moves, scored.score, removed, scored.nodes)
        cleared = clear(position)
    nodes = cleared.nodes + scored.nodes
    return Solution(objective, cleared.winnable, scored.moves, scored.score, removed, nodes)


@contextmanager
def _collector_paused() -> Iterator[None]:
    """Run without Python's cycle collector, and turn it back on after if it was on.

    The searches keep hundreds of thousands of tuples alive in their queues and tables, and
    each collection of the oldest generation walks all of them again: measured, the 'score'
    search spent a sixth of its time there. The few cycles they make are freed afterwards.
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


Deal = TriPeaks | int


def solve_many(
    deals: Iterable[Deal], *, objective: str = "clear", executor: Executor | None = None
) -> list[Solution]:
    """Solve many deals (games, or seeds of standard games) in parallel; results in order.

    ``executor`` is any :class:`concurrent.futures.Executor` — only its ``map(fn, items)``
    is used. By default a process pool with one worker per core runs on this machine (where
    there are no processes, under Pyodide in JupyterLite, the deals are solved here). Past
    one machine, pass a cluster's: Dask's ``distributed.Client(...).get_executor()``, or a Ray
    pool (``ray.util.multiprocessing.Pool()``, whose ``map`` has the same shape). Workers
    receive small picklable position records and import the engine alone, never the widgets.

    >>> from concurrent.futures import ThreadPoolExecutor
    >>> with ThreadPoolExecutor(1) as executor:
    ...     [s.winnable for s in solve_many([1, 2], executor=executor)]
    [True, True]
    """
    if objective not in OBJECTIVES:
        raise ValueError(f"objective must be 'clear' or 'score', not {objective!r}")
    games = [deal if isinstance(deal, TriPeaks) else TriPeaks(seed=deal) for deal in deals]
    results: list[Solution | None] = [
        solve(game, objective=objective) if game.over else None for game in games
    ]
    todo = [k for k, result in enumerate(results) if result is None]
    positions = [Position.of(games[k]) for k in todo]
    task = partial(solve_position, objective=objective)
    if not positions:
        solved = []
    elif executor is None and not has_processes():
        solved = [task(position) for position in positions]
    elif executor is None:
        workers = min(os.cpu_count() or 1, max(1, len(positions)))
        with ProcessPoolExecutor(max_workers=workers) as pool:
            chunk = max(1, len(positions) // (4 * workers))
            solved = list(pool.map(task, positions, chunksize=chunk))
    else:
        solved = list(executor.map(task, positions))
    for k, solution in zip(todo, solved, strict=True):
        results[k] = solution
    return [result for result in results if result is not None]
