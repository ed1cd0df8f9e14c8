"""Exercises in Dutch and in Catalan (issue 31): a Tri-Peaks or Stoeptegel exercise's goal,
hint, feedback (an engine refusal, a legal try that misses the goal, the right answer), its
table and the course's progress line in the table's language, through the comm path;
``Course(lang=)``; the English catalog entries of a task are the task's own words."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

from cardtable import i18n
from cardtable.lessons import TASKS, Course
from cardtable.lessons.stoeptegel_tasks import STOEPTEGEL
from cardtable.lessons.tasks import Task
from cardtable.lessons.tripeaks_tasks import TRIPEAKS
from cardtable.stoeptegel.texts import notes

from .test_tripeaks_languages import english, send, shown
from .threads import in_own_thread

TRIPEAKS_TASKS = [*TRIPEAKS, *(task for task in TASKS.values() if task.id.startswith("tp-quiz"))]
"""The taught Tri-Peaks exercises (T1-T9) and the final quiz (the solver's verdicts)."""


Act = Callable[..., None]


def visited(lang: str, tasks: list[Task], seen: list[str]) -> Iterator[tuple[Task, Any, Act]]:
    """Each task's table in a course in ``lang`` and how to act on it through the comm path
    (``act(action, **fields)``): every synced string it shows is added to ``seen``."""
    course = Course(remember=False, lang=lang)
    for task in tasks:
        table: Any = course.exercise(task.id)
        assert table.lang == lang
        seen.extend(shown(table))

        def act(action: str, table: Any = table, **fields: Any) -> None:
            send(table, {"action": action, **fields, "version": table.version})
            seen.extend(shown(table))

        yield task, table, act


def tried(lang: str) -> list[str]:
    seen: list[str] = []
    for task, table, act in visited(lang, TRIPEAKS_TASKS, seen):
        act("hint")
        tableau = table.view["tableau"]
        down = [p for p, slot in enumerate(tableau) if slot is not None and not slot["face_up"]]
        if down:
            act("play", position=down[0])  # a face-down card: the engine's refusal (rule T1)
        wrong = task.wrong
        act("draw") if wrong == "draw" else act("play", position=wrong)
        assert table.exercise["state"] == "wrong", task.id
        answer = task.answer
        act("draw") if answer == "draw" else act("play", position=answer)
        assert table.exercise["state"] == "solved", task.id
        act("draw")  # refused: already solved
    return seen


@pytest.mark.parametrize("lang", ["nl", "ca"])
def test_the_tripeaks_exercises_in_dutch_or_catalan_show_no_english(lang: str) -> None:
    seen = in_own_thread(lambda: tried(lang), timeout=300)
    assert english(seen) == []
    progress = i18n.text("lesson.progress", lang, solved=len(TRIPEAKS_TASKS),
                         total=len(TASKS), stars=0)  # fmt: skip  (a wrong try first: no star)
    assert progress in seen


def test_the_scan_finds_english_in_an_english_course() -> None:
    assert len(english(in_own_thread(lambda: tried("en"), timeout=300))) > 20


STOEPTEGEL_TASKS = [*STOEPTEGEL, *(t for t in TASKS.values() if t.id.startswith("st-quiz"))]
"""The taught Stoeptegel exercises (B3-B27) and the final quiz (ExpertBot's verdicts)."""


def wire(move: Any) -> dict[str, Any]:
    """A Stoeptegel try as the page sends it (rows 0-2 on the wire)."""
    if move == "pass":
        return {"action": "pass"}
    return {"action": "play", "card": move[0], "row": move[1] - 1}


def tried_stoeptegel(lang: str) -> list[str]:
    """Every Stoeptegel exercise: a hint, a pass (a wrong try where the goal asks for a card),
    the catalogued wrong try, a card the engine refuses, the right answer, a try once solved."""
    seen: list[str] = []
    for task, table, act in visited(lang, STOEPTEGEL_TASKS, seen):
        act("hint")
        if task in STOEPTEGEL and task.answer != "pass":
            act(**wire("pass"))
            assert table.exercise["state"] == "wrong", task.id
        act(**wire(task.wrong))
        assert table.exercise["state"] == "wrong", task.id
        hand = [c["code"] if isinstance(c, dict) else c for c in table.view["hand"]]
        refused = next((c, r) for c in hand for r in (1, 2, 3)
                       if table.game.explain(0, c, r - 1) is not None)  # fmt: skip
        act(**wire(refused))  # the engine's refusal, citing its rule
        act(**wire(task.answer))
        assert table.exercise["state"] == "solved", task.id
        act(**wire("pass"))  # refused: already solved
    return seen


@pytest.mark.parametrize("lang", ["nl", "ca"])
def test_the_stoeptegel_exercises_in_dutch_or_catalan_show_no_english(lang: str) -> None:
    seen = in_own_thread(lambda: tried_stoeptegel(lang), timeout=300)
    assert english(seen) == []
    assert i18n.text("lesson.st-four.goal", lang) in seen


def test_the_scan_finds_english_in_an_english_stoeptegel_course() -> None:
    assert len(english(in_own_thread(lambda: tried_stoeptegel("en"), timeout=300))) > 20


def test_a_stoeptegel_exercise_switches_language_live() -> None:
    table: Any = Course(remember=False).exercise("st-jack")
    table.lang = "nl"
    assert table.exercise["title"] == "De boer"
    assert table.names[0] == "Jij" and table.notes == notes("nl")
    assert not english(shown(table))


def test_a_tasks_english_entries_are_its_own_words() -> None:
    for task in [*TRIPEAKS, *STOEPTEGEL]:
        for field in ("title", "goal", "hint", "solved"):
            assert i18n.text(f"lesson.{task.id}.{field}") == getattr(task, field), task.id


def test_an_exercise_switches_language_live() -> None:
    table: Any = Course(remember=False).exercise("tp-wrap")
    table.lang = "ca"
    assert table.exercise["title"] == "Fer la volta"
    assert table.exercise["progress"].endswith("resolts · 0 ★")
