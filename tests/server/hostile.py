"""A hostile table on loopback, driven from Python, for testing the join client: it answers each
hello with the frames it is given (anything: not JSON, the wrong shape, oversized, binary), or
closes with a code, or accepts a TCP connection and never says a word."""

from __future__ import annotations

import asyncio
from typing import Any

import tornado.web
import tornado.websocket
from tornado.httpserver import HTTPServer
from tornado.netutil import bind_sockets


class _Seat(tornado.websocket.WebSocketHandler):
    def initialize(self, table: HostileTable) -> None:
        self.table = table

    def check_origin(self, origin: str) -> bool:
        return True

    def on_message(self, message: str | bytes) -> None:
        table = self.table
        if '"hello"' not in str(message):
            table.intents.append(message)
            return
        table.hellos.append(asyncio.get_running_loop().time())
        for frame in table.frames:
            self.write_message(frame, binary=isinstance(frame, bytes))
        if table.close is not None:
            self.close(table.close, "go away")

    def on_close(self) -> None:
        self.table.closed.append(self.close_code)


class HostileTable:
    """``frames`` sent after every hello, then ``close`` (a code) if given; ``hellos`` (their
    loop times), ``closed`` (the code each client closed with), ``intents`` as received."""

    def __init__(self, frames: list[str | bytes] = (), close: int | None = None) -> None:  # type: ignore[assignment]
        self.frames, self.close = list(frames), close
        self.hellos: list[float] = []
        self.closed: list[int | None] = []
        self.intents: list[Any] = []
        app = tornado.web.Application([(r"/t/x/ws", _Seat, {"table": self})])
        self._server = HTTPServer(app)
        sockets = bind_sockets(0, address="127.0.0.1")
        self._server.add_sockets(sockets)
        self.link = f"http://127.0.0.1:{sockets[0].getsockname()[1]}/t/x/#seat=0&token=t"

    def stop(self) -> None:
        self._server.stop()


async def silent_table() -> tuple[str, asyncio.AbstractServer]:
    """A link to a port that accepts TCP connections and never answers (a stalled table)."""
    held: list[Any] = []

    async def hold(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        held.append(writer)

    server = await asyncio.start_server(hold, "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    return f"http://127.0.0.1:{port}/t/x/#seat=0&token=t", server


def state_frame(**traits: Any) -> str:
    """A well-formed frame carrying ``traits``."""
    import json

    return json.dumps({"type": "state", "state": traits})
