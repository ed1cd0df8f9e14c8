"""The final quizzes: positions from seeded games of the built-in bots, judged by the exact
solver (Tri-Peaks) and by ExpertBot's evaluation (Stoeptegel). The verdicts the tutorial uses
are kept in ``quiz_data``; here they are worked out again, and must come out the same."""

from __future__ import annotations

import pytest

from cardtable.lessons import TASKS, judge
from cardtable.lessons.quiz import (
    MARGIN,
    STOEPTEGEL_SOURCES,
    TRIPEAKS_SOURCES,
    _pose,
    stoeptegel_table,
    stoeptegel_values,
    tripeaks_position,
    tripeaks_verdicts,
)
from cardtable.lessons.quiz_data import DATA
from cardtable.tripeaks import TriPeaks


def test_each_game_has_a_final_quiz_of_five_positions() -> None:
    for prefix in ("tp-quiz-", "st-quiz-"):
        quiz = [t for t in TASKS if t.startswith(prefix)]
        assert len(quiz) >= 5 and list(TASKS).index(quiz[0]) > 0
        game = TASKS[quiz[0]].game
        assert quiz == [t for t in TASKS if TASKS[t].game == game][-len(quiz) :]  # last


@pytest.mark.parametrize("k", range(len(TRIPEAKS_SOURCES)))
def test_the_tripeaks_positions_are_the_hints_and_the_verdicts_the_exact_solvers(k: int) -> None:
    game = tripeaks_position(*TRIPEAKS_SOURCES[k])  # the hint's own game, to that move
    assert tripeaks_verdicts(game) == DATA["tripeaks"][k]
    assert game.to_json() == TASKS[f"tp-quiz-{k + 1}"].setup().to_json()


@pytest.mark.parametrize("k", range(len(STOEPTEGEL_SOURCES)))
def test_the_stoeptegel_tables_and_values_are_the_bots(k: int) -> None:
    table = stoeptegel_table(*STOEPTEGEL_SOURCES[k])
    assert table == DATA["stoeptegel"][k]["table"]  # the bots' game, to that turn
    assert stoeptegel_values(_pose(table)) == DATA["stoeptegel"][k]["values"]


@pytest.mark.parametrize("k", range(len(STOEPTEGEL_SOURCES)))
def test_a_stoeptegel_move_is_right_within_the_margin(k: int) -> None:
    task, values = TASKS[f"st-quiz-{k + 1}"], DATA["stoeptegel"][k]["values"]
    best = max(values.values())
    for key, value in values.items():
        move = key if key == "pass" else (key.split()[0], int(key.split()[1]))
        result = judge(task, move)
        assert result.solved == (value >= best - MARGIN)
        assert (result.text == task.solved) == result.solved
    assert f"{best:+.2f}" in task.solved  # the judge's reason, shown after


@pytest.mark.parametrize("k", range(len(TRIPEAKS_SOURCES)))
def test_a_tripeaks_move_is_right_when_it_keeps_the_deal_clearable_or_the_best_score(
    k: int,
) -> None:
    task, verdict = TASKS[f"tp-quiz-{k + 1}"], DATA["tripeaks"][k]
    game = task.setup()
    assert isinstance(game, TriPeaks)
    for move in game.legal_moves():
        best, winnable = verdict["after"][str(move)]
        keeps = best == verdict["best"] or (verdict["winnable"] and winnable)
        assert judge(task, move).solved == keeps
    assert f"{verdict['best']}" in task.solved
