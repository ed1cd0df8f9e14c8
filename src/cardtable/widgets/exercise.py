"""Exercises on the live tables: a posed position, a goal, and a table that checks each try.

A wrong try is not played: the engine's reason (or the exercise's, for a legal move that
misses the goal) shows in the table, which stays as it was. A right one is played and
explained. Highlights of legal moves are off (the view carries no legal moves); the hint is a
sentence, one click away. The same checks answer from Python: ``exercise.attempt(24)``.
A solved table offers **Next exercise**, which moves on to the next exercise's table in the
page; a Stoeptegel table then says nobody is to move.

>>> from cardtable.lessons import TASKS
>>> exercise = StoeptegelExercise(TASKS["st-four"])
>>> print(exercise.attempt("4C", 3).text)  # doctest: +ELLIPSIS
4♣ does not go on K♥: it must be higher in the same suit, or the same rank ... (rules B9, B10).
>>> exercise.state, exercise.game.rows[2].top
('wrong', Card.parse('KH'))
"""

from __future__ import annotations

import json
from typing import Any, Protocol, cast

import traitlets

from ..errors import IllegalMove
from ..intents import read_intent
from ..lessons.tasks import Attempt, Game, Task, Try, trial
from ..stoeptegel import Stoeptegel
from ..stoeptegel.session import seat_state
from ..tripeaks import TriPeaks
from .base import TableWidget
from .screen import StoeptegelScreen
from .tripeaks import TriPeaksWidget

_TRIPEAKS_ACTIONS: dict[str, dict[str, type]] = {
    "play": {"position": int},
    "draw": {},
    "hint": {},
    "reset": {},
    "restore": {"stored": str},
    "undo": {},
    "new": {},
    "replay": {},
}
_STOEPTEGEL_ACTIONS: dict[str, dict[str, type]] = {
    "play": {"card": str, "row": int},
    "pass": {},
    "hint": {},
    "reset": {},
    "restore": {"stored": str},
    "log": {},
}
"""The intents an exercise table takes (a try, the hint, starting over, and the progress the
browser kept, in JupyterLite), with their fields."""


class Progress(Protocol):
    """Told of every try (a :class:`~cardtable.lessons.Course`)."""

    stars: set[str]
    warning: str
    storage: str

    @property
    def progress(self) -> str: ...

    def document(self) -> dict[str, Any]: ...

    def record(self, task_id: str, *, solved: bool) -> None: ...

    def restore(self, stored: object) -> None: ...


class ExerciseTable(TableWidget):
    """What both exercise tables share: the task, its state, and the ``exercise`` trait."""

    exercise = traitlets.Dict().tag(sync=True)
    """``{"id", "title", "goal", "rule", "state", "feedback", "hint", "progress", "star",
    "warning", "stored"}``: ``state`` is ``open``, ``wrong`` or ``solved``; ``hint`` is empty
    until asked for; ``star``: solved at the first try; ``warning``: one line about saved
    progress that could not be read or written; ``stored``: the progress for the browser to
    keep (JupyterLite without ``/drive``), else empty."""

    task: Task
    _course: Progress | None
    _state: str
    _feedback: str
    _hinted: bool

    def _pose(self, task: Task, course: Progress | None) -> None:
        self.task, self._course = task, course
        self.reset()

    @property
    def state(self) -> str:
        """``"open"``, ``"wrong"`` (the last try missed) or ``"solved"``."""
        return self._state

    def attempt(self, *move: Any) -> Attempt:
        """Try a move: ``attempt(24)`` or ``attempt("draw")`` on Tri-Peaks, ``attempt("4S", 3)``
        (a card and a row, 1–3) or ``attempt("pass")`` on Stoeptegel. A wrong try changes
        nothing on the table; a right one is played."""
        if self._state == "solved":
            raise IllegalMove("This exercise is solved. Press Try again to pose it once more.")
        result, after = trial(self.task, move[0] if len(move) == 1 else tuple(move))
        self._feedback = result.text
        if after is None:
            self._state = "wrong"
        else:
            self._state = "solved"
            self._show(after)
        if self._course is not None:
            self._course.record(self.task.id, solved=after is not None)  # publishes
        self.publish()
        return result

    def reset(self) -> None:
        """Pose the exercise again from its first position."""
        self._state, self._feedback, self._hinted = "open", "", False
        self._show(self.task.setup())
        self.publish()

    def show_hint(self) -> str:
        """Show the exercise's hint on the table (and return it)."""
        self._hinted = True
        self.publish()
        return self.task.hint

    def publish(self) -> None:
        """The exercise's state into its synced trait."""
        task, course = self.task, self._course
        stored = ""
        if course is not None and course.storage == "browser":
            stored = json.dumps(course.document(), sort_keys=True)
        self.exercise = {
            "id": task.id,
            "title": task.title,
            "goal": task.goal,
            "rule": task.rule,
            "state": self._state,
            "feedback": self._feedback,
            "hint": task.hint if self._hinted else "",
            "progress": course.progress if course is not None else "",
            "star": course is not None and task.id in course.stars,
            "warning": course.warning if course is not None else "",
            "stored": stored,
        }

    def _exercise_intent(self, kind: str, move: Any) -> None:
        """The intents both tables share: a try, the hint, or starting over (``read_intent``
        has already refused every other action)."""
        if kind == "hint":
            self.show_hint()
        elif kind == "restore":
            if self._course is not None:
                self._course.restore(move)
        elif kind == "reset":
            self.reset()
        else:
            self.attempt(move)

    def _show(self, game: Game) -> None:
        raise NotImplementedError


class TriPeaksExercise(ExerciseTable, TriPeaksWidget):
    """A Tri-Peaks exercise: the table of ``task``'s position (``task.show_positions`` labels
    the positions). Undo, Replay and New deal pose it again."""

    keeps_history = False
    offers_settings = False

    def __init__(self, task: Task, course: Progress | None = None, **kwargs: Any) -> None:
        if task.game != "tripeaks":
            raise ValueError(f"{task.id} is not a Tri-Peaks exercise")
        super().__init__(
            game=cast(TriPeaks, task.setup()), show_positions=task.show_positions, **kwargs
        )
        self._pose(task, course)

    def _table_view(self, game: TriPeaks) -> dict[str, Any]:
        return dict(game.view(), legal=[])  # no highlights: the learner finds the move

    def _show(self, game: Game) -> None:
        self.game = game  # type: ignore[assignment]

    def handle(self, content: object) -> None:
        intent = read_intent(content, _TRIPEAKS_ACTIONS, self.version)
        kind = intent["action"]
        if self.message:
            self.message = {}
        if kind in ("undo", "new", "replay"):
            kind = "reset"
        move = intent.get("position", intent.get("stored", "draw" if kind == "draw" else None))
        self._exercise_intent(kind, move)


class StoeptegelExercise(ExerciseTable, StoeptegelScreen):
    """A Stoeptegel exercise: seat 0's view of ``task``'s table, seat 0 to move."""

    game = traitlets.Instance(Stoeptegel)

    def __init__(self, task: Task, course: Progress | None = None, **kwargs: Any) -> None:
        if task.game != "stoeptegel":
            raise ValueError(f"{task.id} is not a Stoeptegel exercise")
        super().__init__(**kwargs)
        self.names = ["You", *(f"Player {s + 1}" for s in range(1, 6))]
        self._pose(task, course)

    def _show(self, game: Game) -> None:
        assert isinstance(game, Stoeptegel)
        view = seat_state(game, 0, self.names[: game.players], hints=False)["view"]
        view["log_from"] = view["events_from"]  # the log starts with the exercise
        if self._state == "solved":  # the exercise is over: nobody is to move any more
            view["to_move"] = None
            view["texts"]["prompt"] = {"idle": "", "picked": ""}
        with self.hold_sync():
            self.game = game
            # No bot sits at an exercise (no seat "thinks"): the other seats wait, as posed.
            self.humans = list(range(game.players))
            self.view, self.reasons, self.handover = view, {}, {}
            self.version += 1

    def handle(self, content: object) -> None:
        intent = read_intent(content, _STOEPTEGEL_ACTIONS, self.version)
        kind = intent["action"]
        if self.message:
            self.message = {}
        if kind == "log":
            return self._show(self.game)
        move: Try | str | None = "pass" if kind == "pass" else intent.get("stored")
        if kind == "play":
            if not 0 <= intent["row"] <= 2:
                raise IllegalMove("There are three rows (rule B2).")
            move = (intent["card"], intent["row"] + 1)
        self._exercise_intent(kind, move)
