"""Every finished game, kept: the history file, and the stats the tables read from it
(``cardtable.history()`` is :func:`history`).

A table that sees a game end adds its record (``game.record()``) to the history, a document
``history`` in the learner's data directory (``cardtable.userdata``: ``$CARDTABLE_DATA_DIR``,
else the user data directory), so the stats line — games, wins, best score, streak — lasts
across kernel restarts. Where there is no data directory that lasts (JupyterLite without a
mounted ``/drive``) the history is kept for this session only. A corrupt history file is set
aside (``history.json.bad``) with a one-line warning, and the history starts afresh.

>>> import os, tempfile
>>> os.environ["CARDTABLE_DATA_DIR"] = tempfile.mkdtemp()
>>> from cardtable.tripeaks import TriPeaks
>>> game = TriPeaks(seed=4)
>>> while not game.over:
...     game.apply(game.hint("aisleriot"))
>>> add(game.record()) is None
True
>>> [entry["record"]["result"]["score"] for entry in history()] == [game.score]
True
>>> stats("tripeaks", "standard")["games"]
1
>>> del os.environ["CARDTABLE_DATA_DIR"]
"""

from __future__ import annotations

import dataclasses
import datetime
import json
from collections.abc import Mapping
from typing import Any

from . import i18n, userdata
from ._json import json_copy

NAME = "history"
FORMAT = "cardtable.history"
VERSION = 1

_session: list[dict[str, Any]] = []  # where no data directory lasts (JupyterLite without /drive)

_known: tuple[tuple[str, int, int, int], list[dict[str, Any]], str | None] | None = None
"""The entries as this process last read or wrote them, with the file's identity then (path,
inode, size, modification time) and its text when a game can be spliced into it (see
:func:`_appended`): a game's end asks for the history twice (its entry added, the stats line),
and parsing a history of a few hundred games takes tens of milliseconds each time. Another
process's write changes the identity (a rename makes a new inode), so it is read anew."""

_HEAD = f'{{"format":{json.dumps(FORMAT)},"games":['
_TAIL = f'],"version":{VERSION}}}\n'
"""How the file this module writes begins and ends (``userdata.dumps``: compact, keys sorted)."""
_DECODER = json.JSONDecoder()


def _check(document: Any) -> list[dict[str, Any]]:
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise ValueError("not a cardtable history")
    if document.get("version") != VERSION:
        raise ValueError(f"a history of version {document.get('version')!r}")
    games = document["games"]
    if not isinstance(games, list) or not all(_entry_ok(entry) for entry in games):
        raise ValueError("its games are not records")
    return games


def _entry_ok(entry: Any) -> bool:
    if not isinstance(entry, dict) or not isinstance(entry.get("finished"), str):
        return False
    record = entry.get("record")
    return (
        isinstance(record, dict)
        and record.get("game") in ("tripeaks", "stoeptegel")
        and isinstance(record.get("result"), dict)
    )


def _identity() -> tuple[str, int, int, int] | None:
    """Which version of the history file is there now (``None``: none can be read)."""
    try:
        file = userdata.path(NAME)
        status = file.stat()
    except OSError:
        return None
    return (str(file), status.st_ino, status.st_size, status.st_mtime_ns)


def _load() -> userdata.Loaded[list[dict[str, Any]]]:
    """The entries kept (none when the file had to be set aside: its warning says so). Never
    changed in place: :data:`_known` may hold the same list."""
    global _known
    if userdata.data_dir() is None:
        return userdata.Loaded(_session)
    identity = _identity()  # before the read: a write in between makes the next one differ
    if identity is not None and _known is not None and _known[0] == identity:
        return userdata.Loaded(_known[1], text=_known[2])
    loaded = userdata.read(NAME, _check)
    text = loaded.text if _framed(loaded.text) else None
    if identity is not None and loaded.value is not None:
        _known = (identity, loaded.value, text)
    return dataclasses.replace(loaded, text=text)


def history() -> list[dict[str, Any]]:
    """Every finished game kept, oldest first: ``{"finished": ISO time (UTC), "record":
    game.record(), …}`` (a Tri-Peaks deal of the day adds its ``"par"``). Never raises."""
    return json_copy(_load().value or [])  # the caller's to change


def add(record: Mapping[str, Any], **extra: Any) -> str | None:
    """Keep a finished game's ``record`` (with ``extra`` fields, e.g. ``par=``); returns a
    one-line warning when the history could not be read or written, else ``None``."""
    entry = {
        "finished": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
        "record": json_copy(dict(record)),
        **json_copy(extra),
    }
    if userdata.data_dir() is None:
        _session.append(entry)
        return None
    loaded = _load()
    if not loaded.writable:  # a bad file that could not be set aside is never written over
        return loaded.warning
    global _known
    games = [*(loaded.value or []), entry]
    try:
        text = _appended(loaded.text, games)
    except (TypeError, ValueError) as error:  # (a record of the caller's that is not JSON)
        return loaded.warning or userdata.unsaved(NAME, error)
    failed = userdata.write_text(NAME, text)
    identity = None if failed else _identity()
    if identity is not None:
        _known = (identity, games, text)
    return loaded.warning or failed


def _framed(text: str | None) -> bool:
    """Whether ``text`` is this module's frame around a single array, the games: then a new
    game can be spliced in. (A file edited by hand may hold anything between the two ends,
    such as a second ``"version"`` whose list the splice would land in.)

    >>> _framed(_HEAD + "1,2" + _TAIL), _framed(_HEAD + '],"version":[' + _TAIL)
    (True, False)
    """
    if text is None or not (text.startswith(_HEAD) and text.endswith(_TAIL)):
        return False
    try:
        _, end = _DECODER.raw_decode(text, len(_HEAD) - 1)
    except ValueError:
        return False
    return end == len(text) - len(_TAIL) + 1


def _appended(text: str | None, games: list[dict[str, Any]]) -> str:
    """The history file's text for ``games``, the last one just added. With ``text``, the file
    as read or last written in this module's frame (:func:`_framed`), the new game is spliced
    into it and the rest stays byte for byte, as a hand may have written it: serialising every
    game anew took most of a game's end, 24 ms with 200 Stoeptegel games kept, and it grew
    with each game. Without, every game is written.

    >>> games = [{"finished": "x", "record": {}}]
    >>> text = _appended(None, games)
    >>> text
    '{"format":"cardtable.history","games":[{"finished":"x","record":{}}],"version":1}\\n'
    >>> more = [*games, {"finished": "y", "record": {}}]
    >>> _appended(text, more) == _appended(None, more)
    True
    """
    if text is None:
        return userdata.dumps({"format": FORMAT, "version": VERSION, "games": games}) + "\n"
    body = text[len(_HEAD) : -len(_TAIL)]
    entry = userdata.dumps(games[-1])
    return f"{_HEAD}{body}{',' if len(games) > 1 else ''}{entry}{_TAIL}"


def stats(game: str, scoring: str | None = None, *, player: str | None = None) -> dict[str, Any]:
    """The stats line of ``game`` ("tripeaks" or "stoeptegel") from the history: ``games``,
    ``won``, ``best`` (score), ``streak`` (wins in a row, up to the latest game) and ``text``.
    Tri-Peaks counts the games of one ``scoring`` mode; Stoeptegel counts a game won when
    ``player`` (a name) is among its winners. ``warning`` is there when the history file had
    to be set aside while reading it."""
    loaded = _load()
    games = [e["record"] for e in loaded.value or [] if e["record"].get("game") == game]
    if scoring is not None:
        games = [r for r in games if r.get("save", {}).get("scoring") == scoring]
    wins = [_won(record, player) for record in games]
    streak = 0
    for won in reversed(wins):
        if not won:
            break
        streak += 1
    best = max((_score(record, player) for record in games), default=0)
    tally = {"games": len(games), "won": sum(wins), "best": best, "streak": streak}
    text = stats_text(tally)
    return {**tally, "text": text, **({"warning": loaded.warning} if loaded.warning else {})}


def stats_text(tally: Mapping[str, Any], lang: str = "en") -> str:
    """The stats line of a tally (``games``, ``won``, ``best``, ``streak``) in ``lang``.

    >>> stats_text({"games": 1, "won": 0, "best": 12, "streak": 0}, "nl")
    '1 spel · 0 gewonnen · beste 12 · reeks 0'
    """
    fields = {key: tally[key] for key in ("games", "won", "best", "streak")}
    return i18n.text("record.stats", lang, **fields)


def _seat(record: Mapping[str, Any], player: str | None) -> int:
    players = record.get("players", [])
    return players.index(player) if player in players else 0


def _won(record: Mapping[str, Any], player: str | None) -> bool:
    result = record["result"]
    if record["game"] == "tripeaks":
        return bool(result.get("won"))
    return _seat(record, player) in result.get("winners", [])


def _score(record: Mapping[str, Any], player: str | None) -> int:
    result = record["result"]
    if record["game"] == "tripeaks":
        return int(result.get("score", 0))
    scores = result.get("scores", [])
    seat = _seat(record, player)
    return int(scores[seat]) if seat < len(scores) else 0
