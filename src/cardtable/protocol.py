"""Protocol v1 between a served Stoeptegel table and its players' clients (see the README): the
server (``cardtable.server``) and a notebook's seat (``StoeptegelWidget.join``) both speak it.

A seat's link is ``http://HOST:PORT/t/<table>/#seat=<n>&token=<token>``; the client opens the
websocket ``ws://HOST:PORT/t/<table>/ws`` and sends, within :data:`HELLO_SECONDS`,
``{"type": "hello", "protocol": 1, "seat": n, "token": "…", "lang": "en"}``; then
``{"type": "intent", "intent": {…}}`` (the intents the local table sends). The server sends that
seat only ``{"type": "state", "state": {…}}``, the same per-seat state the local widget syncs,
and, to the socket that asked for its record (``{"action": "download"}``), the file
``{"type": "download", "name": "….json", "text": "…"}``.

>>> read_hello('{"type": "hello", "protocol": 1, "seat": 2, "token": "x"}')
(2, 'x')
>>> read_hello('{"type": "hello", "protocol": 2, "seat": 2, "token": "x"}')
Traceback (most recent call last):
...
cardtable.protocol.Refused: (4409, 'this server speaks protocol 1')
"""

from __future__ import annotations

import json
from typing import Any

from ._saves import TooDeep, load_json

PROTOCOL = 1
HELLO_SECONDS = 10.0
MAX_MESSAGE_BYTES = 64 * 1024
RECONNECT_SECONDS = (0.5, 8.0)
"""A client whose connection was lost tries again after 0.5 s, then twice as long each time,
at most 8 s apart (the served page and ``StoeptegelWidget.join`` alike)."""
MALFORMED, FORBIDDEN, NO_TABLE, NO_HELLO, MISMATCH = 4400, 4403, 4404, 4408, 4409
"""Close codes (1009, a message too big, is the websocket's own)."""


class Refused(Exception):
    """A client message that closes its socket: ``(code, reason)``."""

    def __init__(self, code: int, reason: str) -> None:
        super().__init__(code, reason)
        self.code, self.reason = code, reason


def _object(text: str | bytes) -> dict[str, Any]:
    try:
        message = load_json(text)
    except TooDeep:
        raise Refused(MALFORMED, "nested too deeply") from None
    except ValueError:  # JSONDecodeError, UnicodeDecodeError
        raise Refused(MALFORMED, "not JSON") from None
    if not isinstance(message, dict):
        raise Refused(MALFORMED, "not a JSON object")
    return message


def read_hello(text: str | bytes) -> tuple[int, str]:
    """The seat and token a client's first message claims (:class:`Refused` otherwise)."""
    message = _object(text)
    if message.get("type") != "hello":
        raise Refused(MALFORMED, "the first message must be a hello")
    if message.get("protocol") != PROTOCOL:
        raise Refused(MISMATCH, f"this server speaks protocol {PROTOCOL}")
    seat, token = message.get("seat"), message.get("token")
    if type(seat) is not int or type(token) is not str or not token:
        raise Refused(MALFORMED, "a hello names a seat (a number) and a token")
    return seat, token


def read_intent_message(text: str | bytes) -> object:
    """The intent inside an ``{"type": "intent", "intent": …}`` message."""
    message = _object(text)
    if message.get("type") != "intent" or "intent" not in message:
        raise Refused(MALFORMED, "after the hello, every message is an intent")
    return message["intent"]


def state_message(state: dict[str, Any]) -> str:
    """The frame that carries one seat's state."""
    return json.dumps({"type": "state", "state": state}, separators=(",", ":"))


def file_message(file: dict[str, str]) -> str:
    """The frame that carries a file to the socket that asked for it (``record_file``).

    >>> file_message({"type": "download", "name": "a.json", "text": "{}"})
    '{"type":"download","name":"a.json","text":"{}"}'
    """
    return json.dumps(file, separators=(",", ":"))
