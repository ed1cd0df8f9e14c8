"""Copies of JSON-ready data, so that what a caller gets can never reach back into a game.

>>> event = {"type": "play", "rows": [0, 2]}
>>> copy = json_copy(event); copy["rows"].append(1)
>>> event["rows"]
[0, 2]
"""

from __future__ import annotations

from typing import TypeVar

T = TypeVar("T")


def json_copy(value: T) -> T:
    """A deep copy of dicts and lists (tuples become lists); other values are immutable."""
    if isinstance(value, dict):
        return {key: json_copy(item) for key, item in value.items()}  # type: ignore[return-value]
    if isinstance(value, (list, tuple)):
        return [json_copy(item) for item in value]  # type: ignore[return-value]
    return value
