"""Lessons: the helpers the tutorial teaches with, and exercises on the live tables.

An exercise poses one position with a goal. The learner answers on the table (highlights of
legal moves are off; a hint is one click away) or from Python with ``exercise.attempt(...)``;
a wrong try is not played: the table says why, citing the rule, and the learner tries again.
A :class:`Course` keeps the tutorial's progress ("7 of 34 solved · 5 ★": a star for each
exercise solved at the first try), and remembers it across kernel restarts.

>>> from cardtable.lessons import Course
>>> course = Course(remember=False)
>>> exercise = course.exercise("tp-wrap")
>>> exercise.attempt(22).solved, exercise.state
(False, 'wrong')
>>> exercise.attempt(24).solved, course.progress
(True, '1 of 34 solved · 0 ★')

The Stoeptegel helpers number rows 1–3, as the tables do (the engine's Python API counts
them from 0): ``lay(game, 0, "QH", row=1)`` lays on the leftmost row.

This package's face hands out the tables, :class:`Course` and :func:`lesson_table`, from
:mod:`cardtable.widgets.lessons` when they are first asked for: the lessons know no Jupyter,
so a script that only judges tries never loads it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .catalog import TASKS
from .decks import CLEARING_ORDER, lesson_deck, perfect_deck
from .tasks import Attempt, Task, judge
from .words import counting, lay, pass_turn, plays, row, show, tell, why_not

if TYPE_CHECKING:
    from ..widgets.lessons import Course, lesson_table

__all__ = [
    "CLEARING_ORDER",
    "TASKS",
    "Attempt",
    "Course",
    "Task",
    "counting",
    "judge",
    "lay",
    "lesson_deck",
    "lesson_table",
    "pass_turn",
    "perfect_deck",
    "plays",
    "row",
    "show",
    "tell",
    "why_not",
]


def __getattr__(name: str) -> Any:
    if name in ("Course", "lesson_table"):
        from ..widgets import lessons as tables

        return getattr(tables, name)
    raise AttributeError(f"module 'cardtable.lessons' has no attribute {name!r}")
