"""Every exercise of the tutorial, checked from Python and through the comm path as the browser
sends: a wrong try is refused with the right reason and changes nothing; the right one is
played and solves it; the tables carry no legal-move highlights and nothing hidden."""

from __future__ import annotations

import json
from typing import Any

import pytest

from cardtable import IllegalMove
from cardtable.lessons import TASKS, Course, judge, lay
from cardtable.lessons.tasks import Task, trial
from cardtable.stoeptegel import Stoeptegel
from cardtable.widgets.exercise import StoeptegelExercise, TriPeaksExercise

from ..widgets.test_stoeptegel_widget import CODE, hidden_from
from ..widgets.test_untrusted_browser import JUNK, custom, frames, state_of, update

IDS = list(TASKS)


def table(task: Task, course: Course | None = None) -> Any:
    kind = TriPeaksExercise if task.game == "tripeaks" else StoeptegelExercise
    return kind(task, course=course)


def judge_position(task: Task) -> Any:
    """The position after ``task``'s answer."""
    return trial(task, task.answer)[1]


def position(widget: Any) -> str:
    return widget.game.to_json()


def intent(task: Task, move: Any) -> dict[str, Any]:
    """The message the table's front end sends for ``move`` (rows 0-2 on the wire)."""
    if move == "draw":
        return {"action": "draw"}
    if move == "pass":
        return {"action": "pass"}
    if task.game == "tripeaks":
        return {"action": "play", "position": move}
    card, row = move
    return {"action": "play", "card": card, "row": row - 1}


def legal_tries(task: Task) -> list[Any]:
    """Every try the engine accepts in ``task``'s position, draws and passes included."""
    game = task.setup()
    if isinstance(game, Stoeptegel):
        return ["pass", *((card.code, row + 1) for card, row in game.legal_plays(0))]
    return list(game.legal_moves())


def test_there_are_enough_exercises_for_both_games() -> None:
    games = [t.game for t in TASKS.values()]
    assert len(TASKS) >= 28 and games.count("tripeaks") >= 10 and games.count("stoeptegel") >= 10


@pytest.mark.parametrize("task_id", IDS)
def test_guessing_fails_and_the_wrong_try_is_the_catalogued_kind(task_id: str) -> None:
    """At least two legal tries besides the answer (a draw or a pass counts), at least one of
    them wrong; the catalogued wrong try is legal (and misses the goal) or refused by the
    rules, as catalogued."""
    task = TASKS[task_id]
    tries = legal_tries(task)
    assert task.answer in tries and len(tries) >= 3, tries
    assert any(not judge(task, move).solved for move in tries)
    assert (task.wrong in tries) == task.wrong_is_legal
    assert task.misconception


@pytest.mark.parametrize("task_id", IDS)
def test_a_wrong_try_is_refused_with_its_reason_and_changes_nothing(task_id: str) -> None:
    task = TASKS[task_id]
    exercise = table(task)
    before = position(exercise)
    result = exercise.attempt(task.wrong)
    assert not result.solved and task.wrong_reason in result.text
    assert "rule" in result.text  # every reason cites the rule it comes from
    assert exercise.state == "wrong" and exercise.exercise["state"] == "wrong"
    assert exercise.exercise["feedback"] == result.text
    assert position(exercise) == before


@pytest.mark.parametrize("task_id", IDS)
def test_the_right_answer_is_played_and_solves_it(task_id: str) -> None:
    task = TASKS[task_id]
    course = Course()
    exercise = course.exercise(task_id)
    before = position(exercise)
    result = exercise.attempt(task.answer)
    assert result.solved and result.text == task.solved
    assert exercise.state == "solved" and position(exercise) != before
    assert course.progress == f"1 of {len(TASKS)} solved · 1 ★" == exercise.exercise["progress"]
    with pytest.raises(IllegalMove, match="Try again"):
        exercise.attempt(task.answer)
    exercise.reset()
    assert exercise.state == "open" and position(exercise) == before
    assert course.solved == {task_id}  # solving once counts, whatever comes after
    if task.game == "stoeptegel":  # no bot sits there: after the answer, no seat "thinks"
        assert exercise.humans == list(range(exercise.game.players))


@pytest.mark.parametrize("task_id", IDS)
def test_the_browser_answers_through_intents(task_id: str) -> None:
    task = TASKS[task_id]
    exercise = table(task)
    before = position(exercise)
    custom(exercise, {**intent(task, task.wrong), "version": exercise.version})
    assert (
        exercise.exercise["state"] == "wrong" and task.wrong_reason in exercise.exercise["feedback"]
    )
    assert position(exercise) == before
    custom(exercise, {"action": "hint", "version": exercise.version})
    assert exercise.exercise["hint"] == task.hint
    custom(exercise, {**intent(task, task.answer), "version": exercise.version})
    assert exercise.exercise["state"] == "solved", exercise.message
    custom(exercise, {"action": "reset", "version": exercise.version})
    assert exercise.exercise["state"] == "open" and position(exercise) == before


@pytest.mark.parametrize("task_id", IDS)
def test_no_highlights_and_nothing_hidden_reach_the_browser(task_id: str) -> None:
    task = TASKS[task_id]
    exercise = table(task)
    with frames(exercise) as sent:
        exercise.attempt(task.wrong)
        exercise.attempt(task.answer)
        exercise.reset()
    views = [exercise.view] + [f["state"]["view"] for f in sent if "view" in f.get("state", {})]
    assert len(views) >= 3
    for view in views:
        assert view["legal"] == []
        if task.game == "stoeptegel":
            assert view["would_score"] == {} and not any(view["playable"])
            assert not view["texts"].get("scoring")  # no scoring line
    if task.game == "stoeptegel":
        shown = set(CODE.findall(json.dumps(sent) + json.dumps(exercise.get_state())))
        # What the answer reveals (a joker's stand-in, the stoeptegels at a round's end, the
        # next deal) may show once played; what stays hidden throughout never does.
        revealed = set(CODE.findall(json.dumps(judge_position(task).seat_events(0))))
        assert not shown & (hidden_from(task.setup(), 0) - revealed)  # type: ignore[arg-type]
        assert '"seed"' not in json.dumps(sent)


@pytest.mark.parametrize("task_id", [IDS[0], "st-four"])
def test_trait_writes_and_junk_from_the_browser_change_nothing(task_id: str) -> None:
    task = TASKS[task_id]
    exercise = table(task)
    before, state = position(exercise), state_of(exercise)
    update(exercise, {"exercise": {**exercise.exercise, "state": "solved"}, "view": {}})
    assert state_of(exercise) == state
    for junk in JUNK:
        custom(exercise, junk)
        custom(exercise, {"action": "play", "position": junk, "card": junk, "row": junk})
        assert exercise.message["kind"] == "error" and len(exercise.message["text"]) < 300
    custom(exercise, {"action": "play", "card": "4S", "row": 7, "version": exercise.version})
    assert exercise.message["kind"] == "error"
    assert position(exercise) == before and exercise.state == "open"


def test_a_try_must_have_the_shape_of_a_move() -> None:
    for task_id, bad in [("tp-wrap", "24"), ("tp-wrap", 28), ("st-four", ("4S", 0)),
                         ("st-four", ("4S", True)), ("st-four", "4S")]:  # fmt: skip
        with pytest.raises(IllegalMove):
            judge(TASKS[task_id], bad)


def test_every_position_is_the_same_each_time_it_is_posed() -> None:
    for task in TASKS.values():
        first, again = task.setup(), task.setup()
        if isinstance(first, Stoeptegel):
            assert first.view(0) == again.view(0)  # type: ignore[union-attr]
        else:
            assert first.to_json() == again.to_json()


def test_the_lessons_number_rows_one_to_three() -> None:
    game = Stoeptegel.scenario(["4S 9D", "QH"], ["KC", "8D", "3S"], ["6D", "2C"])
    with pytest.raises(ValueError, match="1, 2 and 3"):
        lay(game, 0, "4S", 0)
    lay(game, 0, "4S", 3)
    assert str(game.rows[0].top) == "4♠"


def test_the_draw_is_taught_as_a_cost_never_below_zero() -> None:
    """Issue 25 §1: tp-draw's verdict read "…for 5 points", as if a draw earned them (T6)."""
    said = TASKS["tp-draw"].solved
    assert "costs 5 points" in said and "never goes below 0" in said
    assert "for 5 points" not in said
    result = judge(TASKS["tp-draw"], "draw")
    game = TASKS["tp-draw"].setup()
    assert result.solved and game.score == 3  # the position: 3 points, and a draw leaves 0


def test_an_exercise_table_composes_its_exercise_whatever_the_order_of_its_bases() -> None:
    """``Posed`` only hands the exercise's own names to the judge: no table has any of them,
    so it cannot shadow (or be shadowed by) a table's method (issue 27 §3)."""
    from cardtable.widgets.exercise import Posed
    from cardtable.widgets.screen import StoeptegelScreen
    from cardtable.widgets.tripeaks import TriPeaksWidget

    own = {name for name in vars(Posed) if not name.startswith("__")}
    for table in (TriPeaksWidget, StoeptegelScreen):
        assert not own & set(dir(table)), table
