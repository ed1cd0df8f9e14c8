"""Game records: a finished (or unfinished) game as one JSON document to keep, share or review.

A record is the game's save (its options, its seed or deck, every action: the whole game)
with a header that says what it is, who played and how it ended::

    {"format": "cardtable.record", "version": 1, "game": "tripeaks",
     "players": ["You"], "result": {...}, "save": {...}}

Reading one rebuilds the game from its save — every action replayed through the rules, as
``from_json`` does — and checks that the result it claims is the result its actions give: a
record of any shape either rebuilds the game or raises :class:`IllegalMove` saying why.

>>> header = make_record("demo", '{"a": 1}', ["Ann"], {"over": False})
>>> header["format"], header["save"]
('cardtable.record', {'a': 1})
>>> read_record(header, "demo")
('{"a": 1}', ['Ann'], {'over': False})
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from ._saves import read_save
from .errors import IllegalMove
from .messages import message

RECORD_FORMAT = "cardtable.record"
RECORD_VERSION = 1
_FIELDS = {"format", "version", "game", "players", "result", "save"}


def make_record(
    game: str, save: str, players: Sequence[str], result: Mapping[str, Any]
) -> dict[str, Any]:
    """The record of a game whose save is ``save`` (its ``to_json()``)."""
    return {
        "format": RECORD_FORMAT,
        "version": RECORD_VERSION,
        "game": game,
        "players": list(players),
        "result": dict(result),
        "save": json.loads(save),
    }


def read_record(record: object, game: str) -> tuple[str, list[str], dict[str, Any]]:
    """Check ``record`` (JSON text, or the dict :func:`make_record` gives) and return its save
    as text, its players and the result it claims. Raises :class:`IllegalMove`."""
    if isinstance(record, Mapping):
        try:
            record = json.dumps(record)
        except (TypeError, ValueError, RecursionError):
            raise IllegalMove(message("record.not_json")) from None
    shown = {"tripeaks": "Tri-Peaks", "stoeptegel": "Stoeptegel"}.get(game, game)
    data = read_save(
        record, game=shown, format=RECORD_FORMAT, version=RECORD_VERSION, fields=_FIELDS
    )
    if data["game"] != game:
        raise IllegalMove(message("record.other_game", sent=repr(data["game"]), game=repr(game)))
    players, result = data["players"], data["result"]
    if type(players) is not list or not all(type(name) is str for name in players):
        raise IllegalMove(message("record.players"))
    if type(result) is not dict or type(data["save"]) is not dict:
        raise IllegalMove(message("record.objects"))
    return json.dumps(data["save"]), players, result


def record_file(record: Mapping[str, Any], stem: str) -> dict[str, str]:
    """The message that makes a table's page download ``record`` as the file ``stem.json``:
    ``{"type": "download", "name", "text"}`` (sent once, never kept in a synced trait).

    >>> record_file({"a": 1}, "game")["name"]
    'game.json'
    """
    return {
        "type": "download",
        "name": f"{stem}.json",
        "text": json.dumps(record, indent=1, ensure_ascii=False),
    }


def check_result(claimed: Mapping[str, Any], replayed: Mapping[str, Any]) -> None:
    """A record's result must be what its actions give."""
    if dict(claimed) != dict(replayed):
        raise IllegalMove(message(
            "record.result", claimed=repr(dict(claimed)), replayed=repr(dict(replayed))
        ))  # fmt: skip
