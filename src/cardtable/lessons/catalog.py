"""The tutorial's exercises, in the order the tutorial teaches their rules, and the final
quiz of each game ("What would you play?").

Each :class:`~cardtable.lessons.tasks.Task` poses one decision: a Tri-Peaks position or a
Stoeptegel table with seat 0 to move. Its ``answer`` and ``wrong`` are worked examples that
the tests play.

>>> len(TASKS) >= 28, TASKS["tp-wrap"].rule
(True, 'T3')
"""

from __future__ import annotations

from .quiz import quiz_tasks
from .stoeptegel_tasks import STOEPTEGEL
from .tasks import Task
from .tripeaks_tasks import TRIPEAKS

TRIPEAKS_QUIZ, STOEPTEGEL_QUIZ = quiz_tasks()
TASKS: dict[str, Task] = {
    task.id: task for task in (*TRIPEAKS, *TRIPEAKS_QUIZ, *STOEPTEGEL, *STOEPTEGEL_QUIZ)
}
"""Every exercise by its id: Tri-Peaks first, each game's in teaching order, its final quiz
last."""
