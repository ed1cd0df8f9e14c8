"""The checks every saved game gets before its moves are replayed.

A save may come from anywhere (a file a player edited, a corrupted download): whatever it holds,
loading it either rebuilds the game or raises :class:`IllegalMove` saying what is off.

>>> read_save('{"format": "x", "version": 1}', game="Demo", format="x", version=1,
...           fields={"format", "version"})
{'format': 'x', 'version': 1}
>>> read_save('{"format": "x", "version": true}', game="Demo", format="x", version=1,
...           fields={"format", "version"})
Traceback (most recent call last):
...
cardtable.errors.IllegalMove: This save has version True; this cardtable reads version 1.
"""

from __future__ import annotations

import json
from typing import Any

from .errors import IllegalMove
from .messages import message


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object that names a key twice is refused: which value would count is a guess."""
    data: dict[str, Any] = {}
    for key, value in pairs:
        if key in data:
            raise ValueError(f"the key {key!r} appears twice")
        data[key] = value
    return data


class TooDeep(ValueError):
    """JSON nested deeper than Python's parser goes."""


def load_json(text: str | bytes | bytearray, **options: Any) -> Any:
    """``json.loads(text)``; JSON nested too deeply for the parser raises :class:`TooDeep`
    (a ``ValueError``), not ``RecursionError``: the one depth check of every untrusted JSON
    (a save, a served table's messages).

    >>> load_json("[" * 100_000 + "]" * 100_000)
    Traceback (most recent call last):
    ...
    cardtable._saves.TooDeep: it is nested too deeply
    """
    try:
        return json.loads(text, **options)
    except RecursionError:
        raise TooDeep("it is nested too deeply") from None


def read_save(
    text: object,
    *,
    game: str,
    format: str,
    version: int,
    fields: set[str],
    optional: frozenset[str] = frozenset(),
) -> dict[str, Any]:
    """Parse ``text`` and check its header: JSON, this ``format``, this ``version``, exactly
    ``fields`` (and any of ``optional``). Raises :class:`IllegalMove` saying what is off, in
    words for a player."""
    if not isinstance(text, (str, bytes, bytearray)):
        raise IllegalMove(message("save.not_text", game=game))
    try:
        data = load_json(text, object_pairs_hook=_no_duplicates)
    except TooDeep:
        raise IllegalMove(message("save.too_deep", game=game)) from None
    except ValueError as error:  # JSONDecodeError and UnicodeDecodeError are ValueErrors
        raise IllegalMove(message("save.not_json", game=game, detail=str(error))) from None
    if not isinstance(data, dict) or data.get("format") != format:
        raise IllegalMove(message("save.format", game=game, format=repr(format)))
    if type(data.get("version")) is not int or data["version"] != version:
        raise IllegalMove(message("save.version", sent=repr(data.get("version")), version=version))
    if set(data) - optional != fields:
        raise IllegalMove(message(
            "save.fields", sent=str(sorted(data)), expected=str(sorted(fields))
        ))  # fmt: skip
    return data


def whole_number(data: dict[str, Any], key: str) -> int:
    """``data[key]`` if it is exactly an ``int`` (not ``True``, not ``1.0``), else a refusal."""
    value = data[key]
    if type(value) is not int:
        raise IllegalMove(message("save.whole_number", key=repr(key), sent=repr(value)))
    return value


def whole_numbers(data: dict[str, Any], key: str) -> list[int]:
    """``data[key]`` if it is a list of exact ``int``, else a refusal."""
    value = data[key]
    if type(value) is not list or any(type(item) is not int for item in value):
        raise IllegalMove(message("save.whole_numbers", key=repr(key), sent=repr(value)))
    return value
