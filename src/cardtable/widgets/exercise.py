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

from typing import Any, cast

import traitlets

from ..i18n import text
from ..lessons.course import Progress
from ..lessons.exercise import Exercise
from ..lessons.tasks import Attempt, Game, Task
from ..naming import player
from ..stoeptegel import Stoeptegel
from ..stoeptegel.session import TableSession, seat_state
from ..stoeptegel.texts import notes
from ..tripeaks import TriPeaks
from ..tripeaks.session import TriPeaksSession
from .screen import StoeptegelScreen
from .tripeaks import TriPeaksWidget


class Posed:
    """An exercise table's own names, each handed to its :class:`~cardtable.lessons.exercise.
    Exercise` (``judge``): none of them is a table's, so where it stands among a table's bases
    changes nothing."""

    judge: Exercise
    exercise: dict[str, Any]
    """The synced trait: ``{"id", "title", "goal", "rule", "state", "feedback", "hint",
    "progress", "star", "warning", "stored"}``: ``state`` is ``open``, ``wrong`` or
    ``solved``; ``hint`` is empty until asked for; ``star``: solved at the first try;
    ``warning``: one line about saved progress that could not be read or written; ``stored``:
    the progress for the browser to keep (JupyterLite without ``/drive``), else empty."""

    @property
    def task(self) -> Task:
        return self.judge.task

    @property
    def state(self) -> str:
        """``"open"``, ``"wrong"`` (the last try missed) or ``"solved"``."""
        return self.judge.state

    def attempt(self, *move: Any) -> Attempt:
        """Try a move: ``attempt(24)`` or ``attempt("draw")`` on Tri-Peaks, ``attempt("4S", 3)``
        (a card and a row, 1–3) or ``attempt("pass")`` on Stoeptegel. A wrong try changes
        nothing on the table; a right one is played."""
        return self.judge.attempt(*move)

    def reset(self) -> None:
        """Pose the exercise again from its first position."""
        self.judge.reset()

    def show_hint(self) -> str:
        """Show the exercise's hint on the table (and return it)."""
        return self.judge.show_hint()

    def publish(self) -> None:
        """The exercise's state into its synced trait."""
        self.judge.publish()

    def _published(self, state: dict[str, Any]) -> None:
        self.exercise = state


class TriPeaksExercise(Posed, TriPeaksWidget):
    """A Tri-Peaks exercise: the table of ``task``'s position (``task.show_positions`` labels
    the positions), on a session in exercise mode. Undo, Replay and New deal pose it again."""

    exercise = traitlets.Dict().tag(sync=True)
    offers_settings = False

    def __init__(self, task: Task, course: Progress | None = None, **kwargs: Any) -> None:
        if task.game != "tripeaks":
            raise ValueError(f"{task.id} is not a Tri-Peaks exercise")
        self.judge = Exercise(
            task, course, show=self._show, publish=self._published, lang=lambda: self.lang
        )
        super().__init__(
            game=cast(TriPeaks, task.setup()), show_positions=task.show_positions, **kwargs
        )
        self.judge.reset()

    def relang(self) -> None:
        """The table, and the exercise's goal, hint and progress, in :attr:`lang`."""
        super().relang()
        self.judge.publish()

    def _session(self, game: TriPeaks, seed: int | None) -> TriPeaksSession:
        return TriPeaksSession(game, judge=self.judge, listen=(self._sync, self.say))

    def _show(self, game: Game) -> None:
        self.game = game  # type: ignore[assignment]


class StoeptegelExercise(Posed, StoeptegelScreen):
    """A Stoeptegel exercise: seat 0's view of ``task``'s table, seat 0 to move, on a session
    in exercise mode."""

    exercise = traitlets.Dict().tag(sync=True)
    game = traitlets.Instance(Stoeptegel)

    def __init__(self, task: Task, course: Progress | None = None, **kwargs: Any) -> None:
        if task.game != "stoeptegel":
            raise ValueError(f"{task.id} is not a Stoeptegel exercise")
        super().__init__(**kwargs)
        self.names = _names(self.lang)
        self.judge = Exercise(
            task, course, show=self._show, publish=self._published, lang=lambda: self.lang
        )
        first = cast(Stoeptegel, task.setup())
        # No bot sits at an exercise (no seat "thinks"): the other seats wait, as posed.
        self.session = TableSession(
            first,
            bots=None,
            names=self.names[: first.players],
            think=None,
            judge=self.judge,
            lang=self.lang,
        )
        self._let_go_with(self.session.close)
        self.notes = notes(self.lang)
        self.judge.reset()

    def relang(self) -> None:
        """The table (its names, notes, view and log), and the exercise's goal, hint and
        progress, in :attr:`lang`."""
        session = getattr(self, "session", None)
        if session is None:  # the language given to the constructor: the table speaks it
            return
        self.names = _names(self.lang)
        session.relang(self.lang)
        session.names = self.names[: self.game.players]
        self.notes = notes(self.lang)
        self._show(self.game)
        self.judge.publish()

    def _show(self, game: Game) -> None:
        assert isinstance(game, Stoeptegel)
        self.session.replace(game)
        names = self.names[: game.players]
        view = seat_state(game, 0, names, hints=False, lang=self.lang)["view"]
        view["log_from"] = view["events_from"]  # the log starts with the exercise
        if self.judge.state == "solved":  # the exercise is over: nobody is to move any more
            view["to_move"] = None
            view["texts"]["prompt"] = {"idle": "", "picked": ""}
        with self.hold_sync():
            self.game = game
            self.humans = list(range(game.players))
            self.view, self.reasons, self.handover = view, {}, {}
            self.version = self.session.version

    def handle(self, content: object) -> None:
        """Apply one intent as the browser sends it (see ``TableSession.handle``); a fresh
        page's ``{"action": "log"}`` is sent the posed position again."""
        if self.message:
            self.message = {}
        self.session.handle(content)
        if isinstance(content, dict) and content.get("action") == "log":
            self._show(self.game)


def _names(lang: str) -> list[str]:
    """An exercise's seats: "You" (seat 0, to move) and "Player 2"… in ``lang``."""
    return [text("names.you", lang), *(player(s, lang) for s in range(1, 6))]
