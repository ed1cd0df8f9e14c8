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
"""

from __future__ import annotations

from .catalog import TASKS
from .course import Course
from .decks import CLEARING_ORDER, lesson_deck, perfect_deck
from .tasks import Attempt, Task, judge
from .words import counting, lay, lesson_table, pass_turn, plays, row, show, tell, why_not

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
