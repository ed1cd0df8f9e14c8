"""An exercise as a table's session sees it: a judge that takes the tries, and the intents an
exercise's table adds to the game's own.

A session in exercise mode (``TriPeaksSession(..., judge=...)``, ``TableSession(...,
judge=...)``) gives no hints of its own: a try goes to the judge, which plays it only when it
meets the goal (:class:`cardtable.lessons.judge.Exercise`), and the table's hint is the
exercise's sentence.

>>> class Echo:
...     def attempt(self, move): print("try", move)
...     def show_hint(self): print("hint")
...     def reset(self): print("reset")
...     def restore(self, stored): print("restore", stored)
>>> carry_out(Echo(), {"action": "restore", "stored": "{}"}, None)
restore {}
>>> carry_out(Echo(), {"action": "play", "position": 24}, 24)
try 24
"""

from __future__ import annotations

from typing import Any, Protocol

ACTIONS: dict[str, dict[str, type]] = {
    "hint": {},
    "reset": {},
    "restore": {"stored": str},
}
"""The intents every exercise's table takes besides its tries: the exercise's hint, starting
over, and the progress the browser kept (in JupyterLite), with their fields."""


class Judge(Protocol):
    """What a session in exercise mode hands the learner's intents to."""

    def attempt(self, move: Any) -> Any:
        """Judge ``move`` (a try as the learner says it); play it only if it is right."""
        ...

    def show_hint(self) -> str:
        """Show the exercise's hint."""
        ...

    def reset(self) -> None:
        """Pose the exercise again."""
        ...

    def restore(self, stored: object) -> None:
        """Take in the progress the browser kept."""
        ...


def carry_out(judge: Judge, intent: dict[str, Any], move: Any) -> None:
    """Hand an intent (already read against the table's actions) to ``judge``: the
    :data:`ACTIONS` by name, anything else as the try ``move``."""
    kind = intent["action"]
    if kind == "hint":
        judge.show_hint()
    elif kind == "reset":
        judge.reset()
    elif kind == "restore":
        judge.restore(intent["stored"])
    else:
        judge.attempt(move)
