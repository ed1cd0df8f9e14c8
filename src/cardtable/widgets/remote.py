"""A seat of a served table, in a notebook: the kernel is the websocket client, so a notebook
page (https included) never opens a ``ws://`` socket itself, and the table looks and plays as
the local one does. Made by :meth:`StoeptegelWidget.join`.

The widget only relays: the server's state for this seat becomes the synced traits; the
browser's intents go to the server, which judges them. Trait writes from the browser are
refused as on every table (``widgets.base``). The server is as untrusted as a browser: a frame
that is not a seat's state (:func:`read_state`), or one over :data:`MAX_FRAME_BYTES`, closes
the socket and the table says so; a lost connection is tried again, waiting as the browser's
page does (:data:`~cardtable.protocol.RECONNECT_SECONDS`). The seat speaks its ``lang``
(``join(link, lang="nl")``; without it the notebook page's): its hello asks the table for
it, and ``seat.lang = "ca"`` asks again.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from typing import Any
from urllib.parse import parse_qs, urlparse

import traitlets

from .._saves import load_json
from ..errors import IllegalMove
from ..i18n import text
from ..protocol import FORBIDDEN, MALFORMED, PROTOCOL, RECONNECT_SECONDS
from ..stoeptegel.session import SEAT_TRAITS
from .screen import StoeptegelScreen

UNREADABLE = text("served.join.unreadable")
"""What the seat says of a frame it cannot read (in English; a seat says it in its language)."""
MAX_FRAME_BYTES = 1024 * 1024
"""The largest frame a seat accepts (a state is a few KiB; a round's whole log, tens)."""
CONNECT_SECONDS = 10.0
"""How long reaching the table (and its first frame) may take before the seat tries again."""
_TOO_BIG = 1009
_log = logging.getLogger("cardtable")


def seat_link(link: str) -> tuple[str, int, str, str]:
    """``(websocket url, seat, token, origin)`` of a seat's link (``…/t/<table>/#seat=&token=``)."""
    parts = urlparse(link)
    fragment = parse_qs(parts.fragment)
    try:
        seat, token = int(fragment["seat"][0]), fragment["token"][0]
    except (KeyError, ValueError, IndexError):
        raise ValueError(
            f"not a seat's link (…/t/<table>/#seat=<n>&token=<token>): {link!r}"
        ) from None
    scheme = "wss" if parts.scheme == "https" else "ws"
    path = parts.path if parts.path.endswith("/") else parts.path + "/"
    return f"{scheme}://{parts.netloc}{path}ws", seat, token, f"{parts.scheme}://{parts.netloc}"


def read_state(frame: str | bytes) -> dict[str, Any]:
    """The seat's state a server's frame carries: a JSON ``{"type": "state", "state": {…}}``
    whose state names only traits of ``SEAT_TRAITS`` (:class:`ValueError` otherwise).

    >>> read_state('{"type": "state", "state": {"version": 3}}')
    {'version': 3}
    >>> read_state('{"type": "state", "state": {"cards": []}}')
    Traceback (most recent call last):
    ...
    ValueError: a state names only the seat's traits, not ['cards']
    """
    if not isinstance(frame, str):
        raise ValueError("a binary frame")
    message = load_json(frame)  # ValueError: not JSON, or nested too deeply
    if type(message) is not dict or message.get("type") != "state" or set(message) != {
        "type",
        "state",
    }:
        raise ValueError("not a state frame")
    state = message["state"]
    if type(state) is not dict:
        raise ValueError("a state is an object")
    unknown = sorted(set(state) - set(SEAT_TRAITS))
    if unknown:
        raise ValueError(f"a state names only the seat's traits, not {unknown[:4]}")
    return state


def read_download(frame: str | bytes) -> dict[str, str] | None:
    """The record a server's frame carries for this seat to save (``{"type": "download",
    "name": "….json", "text": "…"}``, as ``protocol.file_message`` writes it), else ``None``.

    >>> read_download('{"type":"download","name":"me.json","text":"{}"}')["name"]
    'me.json'
    >>> read_download('{"type":"state","state":{}}') is None
    True
    """
    if not isinstance(frame, str) or not frame.startswith('{"type":"download"'):
        return None
    message = load_json(frame)
    if type(message) is not dict or set(message) != {"type", "name", "text"}:
        raise ValueError("not a download frame")
    name, text = message["name"], message["text"]
    if type(name) is not str or type(text) is not str or not name.endswith(".json"):
        raise ValueError("a download is a .json file's name and text")
    return {"type": "download", "name": name[-80:], "text": text}


def _loop() -> asyncio.AbstractEventLoop:
    try:
        return asyncio.get_running_loop()  # a kernel's cell, an async test
    except RuntimeError:
        return asyncio.get_event_loop()


class RemoteSeat(StoeptegelScreen):
    """One seat of a served table (see the module docstring); ``seat`` is the seat it plays."""

    review = traitlets.Dict().tag(sync=True)
    """The seat's review of the round just ended, as the table weighs it (``StoeptegelWidget``'s
    ``review``)."""

    def __init__(self, link: str, **kwargs: Any) -> None:
        self._url, self.seat, self._token, self._origin = seat_link(link)
        self._socket: Any = None
        super().__init__(**kwargs)
        self._too_big = False
        self._tell("connecting", "info")
        self._task = _loop().create_task(self._run())

    async def _run(self) -> None:
        """Connect, relay, and after a lost connection try again (0.5 s, 1 s, … 8 s apart)."""
        delay, longest = RECONNECT_SECONDS
        try:
            while await self._connection():
                await asyncio.sleep(delay)
                delay = min(delay * 2, longest)
        except asyncio.CancelledError:
            raise
        except Exception:  # a bug of ours: the table must not go quiet without a word
            _log.debug("a remote seat's connection failed", exc_info=True)
            self._drop(MALFORMED)
            self._tell("failed")

    async def _connection(self) -> bool:
        """One connection, until it ends: whether to try again."""
        from tornado.httpclient import HTTPRequest
        from tornado.websocket import websocket_connect

        request = HTTPRequest(
            self._url,
            headers={"Origin": self._origin},
            connect_timeout=CONNECT_SECONDS,
            request_timeout=CONNECT_SECONDS,
        )
        try:
            socket = await websocket_connect(request, max_message_size=MAX_FRAME_BYTES)
        except Exception as error:  # no table there (any network error): say so, try again
            self._tell("unreachable", error=error)
            return True
        self._socket, self._too_big = socket, False
        self._note_too_big(socket)
        hello = {"type": "hello", "protocol": PROTOCOL, "seat": self.seat, "token": self._token}
        await self._write(socket, {**hello, "lang": self.lang if self._lang_chosen else None})
        first = True
        while True:
            read = socket.read_message()
            try:
                frame = await (asyncio.wait_for(read, CONNECT_SECONDS) if first else read)
            except asyncio.TimeoutError:
                self._drop(1000)
                self._tell("no_answer")
                return True
            if frame is None:
                break
            first = False
            try:
                file = read_download(frame)
                if file is not None:  # the seat's record: its page saves it
                    self.send(file)
                else:
                    self._show(read_state(frame))
            except (ValueError, traitlets.TraitError):
                _log.debug("a remote seat refused a frame", exc_info=True)
                self._drop(1003)
                self._tell("unreadable")
                return False
        self._socket = None
        code = socket.close_code
        if self._too_big:
            self._tell("unreadable")
            return False
        if code == FORBIDDEN:
            self._tell("gone")
            return False
        if code is not None and code >= MALFORMED:
            self._tell("refused", code=code, reason=socket.close_reason)
            return False
        self._tell("lost")
        return True

    def _tell(self, key: str, kind: str = "error", **fields: Any) -> None:
        """Say the connection's line ``served.join.<key>`` in the seat's language."""
        self.say(text(f"served.join.{key}", self.lang, **fields), kind)

    def relang(self) -> None:
        """Ask the table for this seat's words in :attr:`lang` (it sends them all again)."""
        if self._socket is not None:
            intent = {"type": "intent", "intent": {"action": "lang", "lang": self.lang}}
            _loop().create_task(self._write(self._socket, intent))

    def _note_too_big(self, socket: Any) -> None:
        """Tornado closes a socket whose frame passes ``max_message_size`` with 1009 and hands
        out ``None`` as it does for a dropped network: remember which one it was."""
        protocol = socket.protocol
        close = protocol.close

        def closing(code: int | None = None, reason: str | None = None) -> None:
            self._too_big = self._too_big or code == _TOO_BIG
            close(code, reason)

        protocol.close = closing

    def _show(self, state: dict[str, Any]) -> None:
        """Set the seat's traits from ``state``, all or none (each checked against its trait)."""
        state = {name: value for name, value in state.items() if name != "lang"}  # the seat's own
        checked = {name: self.traits()[name].validate(self, value) for name, value in state.items()}
        with self.hold_sync():
            for name, value in checked.items():
                setattr(self, name, value)

    def _drop(self, code: int) -> None:
        socket, self._socket = self._socket, None
        if socket is not None:
            socket.close(code)

    def handle(self, content: object) -> None:
        """Send an intent to the table (which judges it)."""
        if not isinstance(content, dict):
            raise IllegalMove(text("served.join.not_an_action", self.lang))
        if self._socket is None:
            raise IllegalMove(text("served.join.not_connected", self.lang))
        _loop().create_task(self._write(self._socket, {"type": "intent", "intent": content}))

    async def _write(self, socket: Any, message: dict[str, Any]) -> None:
        from tornado.websocket import WebSocketClosedError

        with contextlib.suppress(WebSocketClosedError):  # it ended meanwhile: the table says so
            await socket.write_message(json.dumps(message))

    def close(self) -> None:
        self._task.cancel()
        self._drop(1000)
        super().close()
