"""The checks every saved game gets before its moves are replayed.

>>> read_save('{"format": "x", "version": 1}', game="Demo", format="x", version=1,
...           fields={"format", "version"})
{'format': 'x', 'version': 1}
"""

from __future__ import annotations

import json
from typing import Any

from .errors import IllegalMove


def read_save(
    text: object, *, game: str, format: str, version: int, fields: set[str]
) -> dict[str, Any]:
    """Parse ``text`` and check its header: JSON, this ``format``, this ``version``, exactly
    ``fields``. Raises :class:`IllegalMove` saying what is off, in words for a player."""
    try:
        data = json.loads(text)  # type: ignore[arg-type]
    except (TypeError, ValueError) as error:
        raise IllegalMove(
            f"This is not a saved {game} game: it is not valid JSON ({error})."
        ) from None
    if not isinstance(data, dict) or data.get("format") != format:
        raise IllegalMove(f"This is not a saved {game} game: its 'format' is not {format!r}.")
    if data.get("version") != version:
        raise IllegalMove(
            f"This save has version {data.get('version')!r}; "
            f"this cardtable reads version {version}."
        )
    if set(data) != fields:
        raise IllegalMove(
            f"This save is corrupted: its fields are {sorted(data)}, expected {sorted(fields)}."
        )
    return data
