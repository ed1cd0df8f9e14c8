"""An exercise being worked on: its task, how the tries went, and the course told of each.

An :class:`Exercise` is the judge a table's session hands the learner's tries to
(:mod:`cardtable.judging`): a wrong try is not played (the engine's reason, or the task's for a
legal move that misses the goal, is its feedback); a right one is played and explained. It
knows no Jupyter: the table it sits on gives it ``show`` (put a position on the table) and
``publish`` (the exercise's state, for the table to draw) and ``lang`` (the table's language,
asked at each try and each publish).

>>> from cardtable.lessons import TASKS
>>> shown, published = [], []
>>> exercise = Exercise(TASKS["tp-wrap"], None, show=shown.append, publish=published.append)
>>> exercise.reset(); exercise.attempt(22).solved, exercise.state
(False, 'wrong')
>>> exercise.attempt(24).solved, published[-1]["state"], len(shown)
(True, 'solved', 2)
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from ..errors import IllegalMove
from ..messages import message
from .course import Progress
from .tasks import Attempt, Game, Task, task_text, trial


class Exercise:
    """``task`` posed on a table (see the module); ``course`` (the course's progress) is told
    of every try."""

    def __init__(
        self,
        task: Task,
        course: Progress | None,
        *,
        show: Callable[[Game], None],
        publish: Callable[[dict[str, Any]], None],
        lang: Callable[[], str] = lambda: "en",
    ) -> None:
        self.task, self.course = task, course
        self._show, self._publish, self._lang = show, publish, lang
        self.state = "open"
        """``"open"``, ``"wrong"`` (the last try missed) or ``"solved"``."""
        self.feedback = ""
        self.hinted = False

    def attempt(self, *move: Any) -> Attempt:
        """Try a move: ``attempt(24)`` or ``attempt("draw")`` on Tri-Peaks, ``attempt("4S", 3)``
        (a card and a row, 1–3) or ``attempt("pass")`` on Stoeptegel. A wrong try changes
        nothing on the table; a right one is played."""
        if self.state == "solved":
            raise IllegalMove(message("lesson.solved_already"))
        result, after = trial(self.task, move[0] if len(move) == 1 else tuple(move), self._lang())
        self.feedback = result.text
        if after is None:
            self.state = "wrong"
        else:
            self.state = "solved"
            self._show(after)
        if self.course is not None:
            self.course.record(self.task.id, solved=after is not None)  # publishes
        self.publish()
        return result

    def reset(self) -> None:
        """Pose the exercise again from its first position."""
        self.state, self.feedback, self.hinted = "open", "", False
        self._show(self.task.setup())
        self.publish()

    def show_hint(self) -> str:
        """Show the exercise's hint on the table (and return it)."""
        self.hinted = True
        self.publish()
        return task_text(self.task, "hint", self._lang())

    def restore(self, stored: object) -> None:
        """Take in the progress the browser kept (the course checks it)."""
        if self.course is not None:
            self.course.restore(stored)

    def publish(self) -> None:
        """The exercise's state to its table: ``{"id", "title", "goal", "rule", "state",
        "feedback", "hint", "progress", "star", "warning", "stored"}``."""
        task, course, lang = self.task, self.course, self._lang()
        stored = ""
        if course is not None and course.storage == "browser":
            stored = json.dumps(course.document(), sort_keys=True)
        self._publish(
            {
                "id": task.id,
                "title": task_text(task, "title", lang),
                "goal": task_text(task, "goal", lang),
                "rule": task.rule,
                "state": self.state,
                "feedback": self.feedback,
                "hint": task_text(task, "hint", lang) if self.hinted else "",
                "progress": course.progress_line(lang) if course is not None else "",
                "star": course is not None and task.id in course.stars,
                "warning": course.warning if course is not None else "",
                "stored": stored,
            }
        )
