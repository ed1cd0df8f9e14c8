"""A seat of a served table, in a notebook: the kernel is the websocket client, so a notebook
page (https included) never opens a ``ws://`` socket itself, and the table looks and plays as
the local one does. Made by :meth:`StoeptegelWidget.join`.

The widget only relays: the server's state for this seat becomes the synced traits; the
browser's intents go to the server, which judges them. Trait writes from the browser are
refused as on every table (``widgets.base``).
"""

from __future__ import annotations

import asyncio
import json
from typing import Any
from urllib.parse import parse_qs, urlparse

from ..errors import IllegalMove
from ..server.protocol import PROTOCOL
from ..stoeptegel.session import SEAT_TRAITS
from .screen import StoeptegelScreen


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


def _loop() -> asyncio.AbstractEventLoop:
    try:
        return asyncio.get_running_loop()  # a kernel's cell, an async test
    except RuntimeError:
        return asyncio.get_event_loop()


class RemoteSeat(StoeptegelScreen):
    """One seat of a served table (see the module docstring); ``seat`` is the seat it plays."""

    def __init__(self, link: str, **kwargs: Any) -> None:
        self._url, self.seat, self._token, self._origin = seat_link(link)
        super().__init__(**kwargs)
        self._socket: Any = None
        self._pending: list[str] = []
        self.say("Connecting to the table…", "info")
        _loop().create_task(self._run())

    async def _run(self) -> None:
        from tornado.httpclient import HTTPRequest
        from tornado.websocket import websocket_connect

        try:
            request = HTTPRequest(self._url, headers={"Origin": self._origin})
            self._socket = await websocket_connect(request)
        except Exception as error:  # no table there (any network error): say so
            self.say(f"Could not reach the table: {error}", "error")
            return
        hello = {"type": "hello", "protocol": PROTOCOL, "seat": self.seat, "token": self._token}
        await self._socket.write_message(json.dumps({**hello, "lang": "en"}))
        for message in self._pending:
            await self._socket.write_message(message)
        self._pending.clear()
        while True:
            message = await self._socket.read_message()
            if message is None:
                code = self._socket.close_code
                self.say(f"The table closed this seat's connection ({code}).", "error")
                return
            state = json.loads(message).get("state", {})
            with self.hold_sync():
                for name in SEAT_TRAITS:
                    if name in state:
                        setattr(self, name, state[name])

    def handle(self, content: object) -> None:
        """Send an intent to the table (which judges it)."""
        if not isinstance(content, dict):
            raise IllegalMove(
                "The table sent something that is not an action; nothing was changed."
            )
        message = json.dumps({"type": "intent", "intent": content})
        if self._socket is None:
            self._pending.append(message)
        else:
            _loop().create_task(self._socket.write_message(message))

    def close(self) -> None:
        if self._socket is not None:
            self._socket.close()
        super().close()
