"""Exercises: a posed position, a goal, and a judge that says why a try is wrong.

A :class:`Task` sets up a position on either engine and states a goal. :func:`judge` plays a
try on a fresh copy of the position: a move the rules forbid is wrong with the engine's own
reason (citing the rule), a legal move that misses the goal is wrong with the task's reason,
and nothing of the posed position changes either way. A try is written as the learner would
say it: ``21`` or ``"draw"`` on Tri-Peaks (a position, or the stock), ``("4S", 3)`` (a card
and a row, 1–3) or ``"pass"`` on Stoeptegel.

>>> from cardtable.lessons.catalog import TASKS
>>> task = TASKS["st-four"]
>>> judge(task, ("4C", 3)).solved, judge(task, ("4C", 1)).solved
(False, True)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .. import i18n
from ..cards import Card
from ..errors import IllegalMove
from ..messages import Message, message, say
from ..stoeptegel import Stoeptegel
from ..tripeaks import TriPeaks

Game = TriPeaks | Stoeptegel
Try = int | str | tuple[str, int]
"""A try: a Tri-Peaks position or ``"draw"``; a Stoeptegel ``(card, row)`` or ``"pass"``."""
Check = Callable[[Game, Game, Try], str | Message | None]
"""``check(before, after, move)``: ``None`` when the legal ``move`` meets the goal, else why not
(a message is written in the exercise's language)."""


@dataclass(frozen=True)
class Task:
    """One exercise. ``answer`` and ``wrong`` are worked examples (the tests play them):
    ``wrong`` is the try of the likeliest ``misconception`` about the rule, refused with a
    reason containing ``wrong_reason``: by the engine (``wrong_is_legal`` false: the rules
    forbid it) or by the exercise (a legal move that misses the goal)."""

    id: str
    game: str
    """``"tripeaks"`` or ``"stoeptegel"``."""
    title: str
    goal: str
    """What the learner is asked to do, in a sentence."""
    setup: Callable[[], Game]
    check: Check
    hint: str
    solved: str
    """Said when the goal is met: why that was right."""
    answer: Try
    wrong: Try
    wrong_reason: str
    wrong_is_legal: bool
    misconception: str
    """What a learner who plays ``wrong`` believes, in a few words."""
    rule: str = ""
    show_positions: bool = False
    """Tri-Peaks: label the positions on the table (the task names them)."""
    texts: Callable[[str, str], str] | None = None
    """``texts(field, lang)``: the ``title``, ``goal``, ``hint`` or ``solved`` of a task whose
    words are worked out (a quiz's verdicts), in ``lang``; else the catalogs' entries."""


@dataclass(frozen=True)
class Attempt:
    """What a try came to: ``solved``, and the sentence the table shows."""

    solved: bool
    text: str


def judge(task: Task, move: Try) -> Attempt:
    """Play ``move`` on a fresh copy of ``task``'s position and say whether it meets the goal."""
    return trial(task, move)[0]


def trial(task: Task, move: Try, lang: str = "en") -> tuple[Attempt, Game | None]:
    """:func:`judge`, and the position after ``move`` when it was right (else ``None``); the
    engine's refusal and the explanation in ``lang``."""
    move = read_try(task.game, move)
    before, after = task.setup(), task.setup()
    try:
        apply(after, move)
    except IllegalMove as refusal:
        return Attempt(False, refusal.told(refusal.names, lang)), None
    why = task.check(before, after, move)
    if why is not None:
        return Attempt(False, say(why, lang=lang) if isinstance(why, Message) else why), None
    return Attempt(True, task_text(task, "solved", lang)), after


def task_text(task: Task, field: str, lang: str = "en") -> str:
    """The task's ``title``, ``goal``, ``hint`` or ``solved`` in ``lang``: its ``texts``, else
    the catalogs' ``lesson.<id>.<field>``, else the task's own English.

    >>> from cardtable.lessons.catalog import TASKS
    >>> task_text(TASKS["tp-wrap"], "title", "nl"), task_text(TASKS["tp-wrap"], "title")
    ('De hoek om', 'Round the corner')
    """
    if task.texts is not None:
        return task.texts(field, lang)
    key = f"lesson.{task.id}.{field}"
    if key in i18n.catalog("en"):
        return i18n.text(key, lang)
    return str(getattr(task, field))


def read_try(game: str, move: object) -> Try:
    """A try as the learner wrote it, checked for its shape (``IllegalMove`` otherwise)."""
    if game == "tripeaks":
        if move == "draw" or (type(move) is int and 0 <= move < 28):
            return move
        raise IllegalMove(message("lesson.answer_tripeaks"))
    if move == "pass":
        return move
    if isinstance(move, (tuple, list)) and len(move) == 2:
        card, row = move
        if isinstance(card, (str, Card)) and type(row) is int and 1 <= row <= 3:
            return (card.code if isinstance(card, Card) else Card.parse(card).code, row)
    raise IllegalMove(message("lesson.answer_stoeptegel"))


def apply(game: Any, move: Try) -> None:
    """Play ``move`` on ``game`` (the Stoeptegel seat to move makes it)."""
    if isinstance(game, TriPeaks):
        if move == "draw":
            game.draw()
        else:
            assert isinstance(move, int), move
            game.play(move)
    elif move == "pass":
        game.pass_turn(game.to_move)
    else:
        card, row = laid(move)
        game.play(game.to_move, card, row - 1)


def laid(move: Try) -> tuple[str, int]:
    """A Stoeptegel try that lays a card: its card code and row (1–3)."""
    assert isinstance(move, tuple), move
    return move
