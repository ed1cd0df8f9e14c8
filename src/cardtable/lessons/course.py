"""A course's progress: the tutorial's exercises, what the learner has solved, and the stars.

An exercise solved at the first try earns a star. The progress lasts: a :class:`Progress`
keeps it in ``progress.json`` in the learner's data directory (:mod:`cardtable.userdata`:
``$CARDTABLE_DATA_DIR`` or the platform's user data directory; in JupyterLite ``/drive`` when
it is mounted, else the browser's own storage, through the exercise tables; in Colab the
disk, and so the progress, lasts one session). A bad progress file costs a one-line warning on
the tables, never an error: the course starts afresh and the file is kept aside. The course's
tables are made in the widgets' layer (:class:`cardtable.widgets.lessons.Course`, which
``cardtable.lessons.Course`` is).

>>> course = Progress(remember=False)
>>> course.progress
'0 of 34 solved · 0 ★'
>>> course.record("tp-wrap", solved=True); course.record("tp-run", solved=False)
>>> course.record("tp-run", solved=True); course.progress, course.stars
('2 of 34 solved · 1 ★', {'tp-wrap'})
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from .. import i18n, userdata
from .catalog import TASKS
from .tasks import Task

FORMAT, VERSION = "cardtable-progress", 1
DOCUMENT = "progress"
"""The progress file's name in the data directory: ``progress.json``."""


class Progress:
    """The common progress line of the exercises ``tasks`` (by id), which every table of the
    course shows (each table's ``publish()`` is called). ``remember=False`` keeps the progress
    in memory only."""

    def __init__(
        self, tasks: Mapping[str, Task] = TASKS, *, remember: bool = True, lang: str | None = None
    ) -> None:
        self.lang = lang
        """The language of the course's tables and lines (``None``: each table follows its
        page; the course's own lines are then English)."""
        self.tasks = dict(tasks)
        self.solved: set[str] = set()
        self.stars: set[str] = set()
        """The ids of the exercises solved at the first try."""
        self.tried: set[str] = set()
        self.warning = ""
        """One line for the tables when the saved progress could not be read or written."""
        self.storage = "none"
        """Where the progress lasts: ``"file"``, ``"browser"`` (JupyterLite without
        ``/drive``: the tables keep it in the browser's storage) or ``"none"``."""
        self._writable = True
        self._tables: list[Any] = []
        """The tables the progress line is published to (each has ``publish()``)."""
        if remember:
            self.storage = "file" if userdata.data_dir() is not None else "browser"
        if self.storage == "file":
            loaded = userdata.read(DOCUMENT, self._checked)
            self._writable = loaded.writable
            self.warning = loaded.warning or ""
            if loaded.value is not None:
                self._adopt(loaded.value)

    # ------------------------------------------------------------------ reading
    @property
    def progress(self) -> str:
        """``"7 of 30 solved · 5 ★"``."""
        return self.progress_line()

    def progress_line(self, lang: str = "en") -> str:
        """The progress line in ``lang``: ``"7 van 30 opgelost · 5 ★"``."""
        solved, total, stars = len(self.solved), len(self.tasks), len(self.stars)
        return i18n.text("lesson.progress", lang, solved=solved, total=total, stars=stars)

    def document(self) -> dict[str, Any]:
        """The progress as it is saved."""
        return {
            "format": FORMAT,
            "version": VERSION,
            "solved": sorted(self.solved),
            "stars": sorted(self.stars),
            "tried": sorted(self.tried),
        }

    # ------------------------------------------------------------------ changing
    def record(self, task_id: str, *, solved: bool) -> None:
        """A try at ``task_id``: count it solved (with a star at the first try), save, and
        show the new progress on every table."""
        if solved:
            if task_id not in self.tried:
                self.stars.add(task_id)
            self.solved.add(task_id)
        self.tried.add(task_id)
        self._changed()

    def reset(self) -> None:
        """Forget every exercise solved, tried and starred, saved progress included."""
        self.solved, self.stars, self.tried = set(), set(), set()
        self._changed()

    def restore(self, stored: object) -> None:
        """Take in progress the browser kept (``storage == "browser"``): ``stored`` comes from
        the browser, so it is checked like any input; what is not a progress document is
        ignored, with the warning."""
        if self.storage != "browser" or not stored:
            return
        try:
            if not isinstance(stored, str) or len(stored) > 100_000:
                raise ValueError("not a progress document")
            self._adopt(self._checked(json.loads(stored)))
        except (ValueError, KeyError, TypeError, RecursionError) as error:
            kind = type(error).__name__
            self.warning = i18n.text("lesson.restore_failed", self.lang or "en", kind=kind)
        self._publish()

    # ------------------------------------------------------------------ inside
    def _checked(self, document: Any) -> dict[str, set[str]]:
        """The sets of a saved document, or ``ValueError`` if it is not this course's kind."""
        if not isinstance(document, dict) or document.get("format") != FORMAT:
            raise ValueError("not a cardtable progress file")
        if document.get("version") != VERSION:
            raise ValueError(f"progress version {document.get('version')!r}, not {VERSION}")
        sets: dict[str, set[str]] = {}
        for key in ("solved", "stars", "tried"):
            ids = document.get(key)
            if not isinstance(ids, list) or not all(isinstance(i, str) for i in ids):
                raise ValueError(f"{key!r} is not a list of exercise ids")
            sets[key] = {i for i in ids if i in self.tasks}  # exercises since removed: ignored
        if not sets["stars"] <= sets["solved"] <= sets["tried"]:
            raise ValueError("stars, solved and tried do not fit together")
        return sets

    def _adopt(self, sets: dict[str, set[str]]) -> None:
        self.solved |= sets["solved"]
        self.stars |= sets["stars"]
        self.tried |= sets["tried"]

    def _changed(self) -> None:
        if self.storage == "file" and self._writable:
            self.warning = userdata.write(DOCUMENT, self.document()) or ""
            if self.warning and userdata.in_browser():
                # /drive is mounted but cannot be written (no service worker to reach the
                # file browser's contents): the browser's own storage keeps it instead.
                self.storage, self.warning = "browser", ""
        self._publish()

    def _publish(self) -> None:
        for table in self._tables:
            table.publish()

    def __repr__(self) -> str:
        def mark(t: str) -> str:
            return "★" if t in self.stars else "✓" if t in self.solved else "·"

        lines = [f"  {mark(t)} {t}: {self.tasks[t].title}" for t in self.tasks]
        return "\n".join([f"Exercises: {self.progress}", *lines])
