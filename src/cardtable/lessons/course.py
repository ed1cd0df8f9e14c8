"""A course: the tutorial's exercises and how many of them the learner has solved.

>>> course = Course()
>>> course.progress
'0 of 16 solved'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .catalog import TASKS
from .tasks import Task


class Course:
    """Makes the exercise tables of ``tasks`` (by id) and keeps their common progress line,
    which every table of the course shows."""

    def __init__(self, tasks: Mapping[str, Task] = TASKS) -> None:
        self.tasks = dict(tasks)
        self.solved: set[str] = set()
        self._tables: list[Any] = []

    @property
    def progress(self) -> str:
        """``"5 of 16 solved"``."""
        return f"{len(self.solved)} of {len(self.tasks)} solved"

    def exercise(self, task_id: str) -> Any:
        """A live table posing exercise ``task_id`` (a ``TriPeaksExercise`` or a
        ``StoeptegelExercise``)."""
        from ..widgets.exercise import StoeptegelExercise, TriPeaksExercise

        if task_id not in self.tasks:
            raise KeyError(f"no exercise {task_id!r}; there are: {', '.join(self.tasks)}")
        task = self.tasks[task_id]
        kind = TriPeaksExercise if task.game == "tripeaks" else StoeptegelExercise
        table = kind(task, course=self)
        self._tables.append(table)
        return table

    def solved_one(self, task_id: str) -> None:
        """Count ``task_id`` as solved, and show the new progress on every table."""
        self.solved.add(task_id)
        for table in self._tables:
            table.publish()

    def __repr__(self) -> str:
        marks = [
            f"  {'✓' if t in self.solved else '·'} {t}: {self.tasks[t].title}" for t in self.tasks
        ]
        return "\n".join([f"Exercises: {self.progress}", *marks])
