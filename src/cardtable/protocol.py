"""Protocol v1 between a served Stoeptegel table and its players' clients (see the README): the
server (``cardtable.server``) and a notebook's seat (``StoeptegelWidget.join``) both speak it.

A seat's link is ``http://HOST:PORT/t/<table>/#seat=<n>&token=<token>``; the client opens the
websocket ``ws://HOST:PORT/t/<table>/ws`` and sends, within :data:`HELLO_SECONDS`,
``{"type": "hello", "protocol": 1, "seat": n, "token": "…", "lang": "nl", "langs": [...]}``;
then ``{"type": "intent", "intent": {…}}`` (the intents the local table sends). The server sends
that seat only ``{"type": "state", "state": {…}}``, the same per-seat state the local widget
syncs, in the language the hello chose: ``lang``, the one the player chose (the link's
``lang=``, ``join(lang=)``), else the table's (``serve(lang=)``), else the first of ``langs``
(the browser's ``navigator.languages``) cardtable speaks, else English. Each socket has its own:
two players of one table may read it in Dutch and Catalan. ``{"action": "lang", "lang": "ca"}``,
sent as an intent, switches a socket's language later. To the socket that asked for its record
(``{"action": "download"}``) it sends the file ``{"type": "download", "name": "….json",
"text": "…"}``.

>>> read_hello('{"type": "hello", "protocol": 1, "seat": 2, "token": "x"}')
(2, 'x')
>>> read_greeting('{"type": "hello", "protocol": 1, "seat": 2, "token": "x", "lang": "nl-NL"}')
(2, 'x', 'nl', [])
>>> read_hello('{"type": "hello", "protocol": 2, "seat": 2, "token": "x"}')
Traceback (most recent call last):
...
cardtable.protocol.Refused: (4409, 'this server speaks protocol 1')
"""

from __future__ import annotations

import json
from typing import Any

from . import i18n
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
    seat, token, _lang, _langs = read_greeting(text)
    return seat, token


def spoken(tags: object) -> list[str]:
    """The languages cardtable speaks among ``tags`` (a hello's ``lang`` or ``langs``: a
    string or a list, untrusted: anything else is no language), in order."""
    listed = [tags] if isinstance(tags, str) else tags if isinstance(tags, list) else []
    return [i18n.pick(tag) for tag in listed[:16] if isinstance(tag, str) and i18n.speaks(tag[:35])]


def read_greeting(text: str | bytes) -> tuple[int, str, str | None, list[str]]:
    """A hello's seat and token (as :func:`read_hello`), the language the player chose
    (``None``: none, or one cardtable does not speak) and the browser's it speaks."""
    message = _object(text)
    if message.get("type") != "hello":
        raise Refused(MALFORMED, "the first message must be a hello")
    if message.get("protocol") != PROTOCOL:
        raise Refused(MISMATCH, f"this server speaks protocol {PROTOCOL}")
    seat, token = message.get("seat"), message.get("token")
    if type(seat) is not int or type(token) is not str or not token:
        raise Refused(MALFORMED, "a hello names a seat (a number) and a token")
    chosen = spoken(message.get("lang"))[:1]
    return seat, token, chosen[0] if chosen else None, spoken(message.get("langs"))


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
