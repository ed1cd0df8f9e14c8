"""The web server of a served table (tornado, which every kernel environment already has):
the player's page, the table bundle, and the seats' websockets.

Routes: ``/t/<table>/`` the page (it runs the project's own table bundle against a small
websocket-backed model), ``/t/<table>/static/<file>`` the bundle, ``/t/<table>/ws`` the
protocol-v1 socket (:mod:`.protocol`). Sockets from another origin are refused; a message over
64 KiB closes the socket (1009).
"""

from __future__ import annotations

from importlib import resources
from typing import Any
from urllib.parse import urlparse

import tornado.web
import tornado.websocket
from tornado.ioloop import IOLoop

from ..widgets.base import STATIC
from .hub import TableHub
from .protocol import (
    FORBIDDEN,
    HELLO_SECONDS,
    MAX_MESSAGE_BYTES,
    NO_HELLO,
    NO_TABLE,
    Refused,
    read_hello,
    read_intent_message,
    state_message,
)

PAGE = resources.files("cardtable.server") / "page.html"


class SeatSocket(tornado.websocket.WebSocketHandler):
    """One client of one seat (see :mod:`.protocol`)."""

    def initialize(self, hub: TableHub) -> None:
        self.hub = hub
        self.seat: int | None = None
        self._send = self._deliver
        self._timer: Any = None

    def check_origin(self, origin: str) -> bool:
        # A page from another site must not drive a seat with a link it stole or guessed.
        return urlparse(origin).netloc == self.request.host

    def open(self, table: str) -> None:
        if table != self.hub.id:
            self.close(NO_TABLE, "no such table")
            return
        self._timer = IOLoop.current().call_later(HELLO_SECONDS, self._no_hello)
        self.set_nodelay(True)  # each state frame at once (no Nagle stall)

    def _no_hello(self) -> None:
        if self.seat is None:
            self.close(NO_HELLO, "no hello in time")

    def on_message(self, message: str | bytes) -> None:
        try:
            if self.seat is None:
                seat, token = read_hello(message)
                if not self.hub.check(seat, token):
                    raise Refused(FORBIDDEN, "wrong seat or token")
                if self._timer is not None:
                    IOLoop.current().remove_timeout(self._timer)
                self.seat = seat
                self.hub.join(seat, self._send)
            else:
                self.hub.intent(self.seat, read_intent_message(message), self._send)
        except Refused as refused:
            self.close(refused.code, refused.reason)

    def _deliver(self, state: dict[str, Any]) -> None:
        if "close" in state:  # the seat's token was reissued
            self.seat = None
            self.close(state["close"], "this link was replaced")
        elif self.ws_connection is not None:
            self.write_message(state_message(state))

    def on_close(self) -> None:
        if self._timer is not None:
            IOLoop.current().remove_timeout(self._timer)
        if self.seat is not None:
            self.hub.leave(self.seat, self._send)


class Page(tornado.web.RequestHandler):
    def initialize(self, hub: TableHub) -> None:
        self.hub = hub

    def get(self, table: str) -> None:
        if table != self.hub.id:
            raise tornado.web.HTTPError(404)
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.set_header("Referrer-Policy", "no-referrer")
        self.write(PAGE.read_text(encoding="utf-8"))


class Bundle(tornado.web.StaticFileHandler):
    """The table bundle (``stoeptegel.js``/``.css``) under the table's path."""

    def initialize(self, hub: TableHub) -> None:  # type: ignore[override]
        super().initialize(path=str(STATIC))
        self.hub = hub

    async def get(self, table: str, path: str, include_body: bool = True) -> None:  # type: ignore[override]
        if table != self.hub.id or path not in ("stoeptegel.js", "stoeptegel.css"):
            raise tornado.web.HTTPError(404)
        await super().get(path, include_body)


def application(hub: TableHub) -> tornado.web.Application:
    """The routes of one table (see the module docstring)."""
    args = {"hub": hub}
    return tornado.web.Application(
        [
            (r"/t/([^/]+)/ws", SeatSocket, args),
            (r"/t/([^/]+)/static/(.+)", Bundle, args),
            (r"/t/([^/]+)/", Page, args),
        ],
        websocket_max_message_size=MAX_MESSAGE_BYTES,
    )
