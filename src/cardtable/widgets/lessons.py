"""The lessons' live tables: a lesson's table, and a course whose exercises are tables.

``cardtable.lessons`` hands out :class:`Course` and :func:`lesson_table` from here (lazily:
the lessons themselves know no Jupyter), so ``from cardtable.lessons import Course`` is the
course a notebook uses.

>>> course = Course(remember=False)
>>> exercise = course.exercise("tp-wrap")
>>> exercise.attempt(24).solved, exercise.exercise["progress"]
(True, '1 of 34 solved · 1 ★')
"""

from __future__ import annotations

from typing import Any

from .. import i18n
from ..lessons.course import Progress
from ..lessons.words import seat_names
from ..stoeptegel import Stoeptegel
from ..tripeaks import TriPeaks
from .exercise import StoeptegelExercise, TriPeaksExercise
from .stoeptegel import StoeptegelWidget
from .tripeaks import TriPeaksWidget


class Course(Progress):
    """The tutorial's exercises as live tables, and their common progress line, which every
    table of the course shows (see :class:`~cardtable.lessons.course.Progress`); ``lang=``
    is the tables' language (``"en"``, ``"nl"``, ``"ca"``; each table's own ``lang`` may
    differ)."""

    def exercise(self, task_id: str) -> TriPeaksExercise | StoeptegelExercise:
        """A live table posing exercise ``task_id`` (a ``TriPeaksExercise`` or a
        ``StoeptegelExercise``)."""
        if task_id not in self.tasks:
            raise KeyError(f"no exercise {task_id!r}; there are: {', '.join(self.tasks)}")
        task = self.tasks[task_id]
        kind = TriPeaksExercise if task.game == "tripeaks" else StoeptegelExercise
        table = kind(task, course=self, **({"lang": self.lang} if self.lang else {}))
        self._tables.append(table)
        return table


def lesson_table(game: Stoeptegel | TriPeaks, try_this: str = "", **options: Any) -> Any:
    """A live table for a lesson, with ``try_this`` — the one line saying what to try on it —
    in its message line until your first move. A Stoeptegel lesson seats you at the seat to
    move (seat 0 before play starts) against bots, so it never asks to hand the screen over; a
    Tri-Peaks lesson is the solitaire table itself. ``options`` go to the table (for
    Tri-Peaks, e.g. ``show_positions=True``)."""
    table: TriPeaksWidget | StoeptegelWidget
    if isinstance(game, TriPeaks):
        table = TriPeaksWidget(game=game, **options)
    else:
        seat = game.to_move if game.phase == "play" and game.to_move is not None else 0
        names = seat_names(game.players)
        names[seat] = "You"
        table = StoeptegelWidget(game=game, seat=seat, bots="greedy", names=names, **options)
    if try_this:
        table.say(i18n.text("lesson.try_this", table.lang, text=try_this), "hint")
    return table
