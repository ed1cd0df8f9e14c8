"""Copies of JSON-ready data, so that what a caller gets can never reach back into a game.

>>> event = {"type": "play", "rows": [0, 2]}
>>> copy = json_copy(event); copy["rows"].append(1)
>>> event["rows"]
[0, 2]
"""

from __future__ import annotations

from typing import TypeVar

T = TypeVar("T")


_LEAVES = frozenset({str, int, float, bool, type(None)})
"""Values kept as they are, without a call each: most of an event is names and numbers (a
view copies the round's events on every move; this makes a copy about 0.6x as long)."""


def json_copy(value: T) -> T:
    """A deep copy of dicts and lists (tuples become lists); other values are immutable."""
    if isinstance(value, dict):
        return {  # type: ignore[return-value]
            key: item if type(item) in _LEAVES else json_copy(item) for key, item in value.items()
        }
    if isinstance(value, (list, tuple)):
        return [item if type(item) in _LEAVES else json_copy(item) for item in value]  # type: ignore[return-value]
    return value
