"""The web server of served tables (tornado, which every kernel environment already has): the
player's page, the table bundle, and the seats' websockets.

Routes: ``/t/<table>/`` the page (it runs the project's own table bundle against a small
websocket-backed model), ``/t/<table>/static/<file>`` the bundle and the page's script and
styles, ``/t/<table>/ws`` the protocol-v1 socket (:mod:`.protocol`). One server may hold many
tables (``tables`` maps each id to its hub).

Limits (an untrusted network): only the host names the server was started for are answered
(:func:`allowed_names`; a DNS-rebinding page names its own), and sockets from any other origin
are refused; a message over 64 KiB closes its socket (1009); a connection that has not sent its
request headers within :data:`IDLE_SECONDS` is closed, as is a socket that has not answered a
ping for :data:`PING_SECONDS`; each client address holds at most 64 connections
(:mod:`.limits`) and its hellos slow down after a few wrong tokens. Invalid UTF-8 and reserved
opcodes are tornado's to refuse: it drops the connection at once (no 1007 or 1002 frame).
"""

from __future__ import annotations

import asyncio
import html
import json
from collections.abc import Iterable, Mapping
from importlib import resources
from typing import Any
from urllib.parse import urlsplit

import tornado.web
import tornado.websocket
from tornado.httpserver import HTTPServer
from tornado.ioloop import IOLoop

from .._bundle import STATIC
from ..i18n import LANGS, text
from ..protocol import (
    FORBIDDEN,
    HELLO_SECONDS,
    MAX_MESSAGE_BYTES,
    NO_HELLO,
    NO_TABLE,
    Refused,
    file_message,
    read_greeting,
    read_intent_message,
    spoken,
    state_message,
)
from ..stoeptegel.texts import page_texts
from .hub import TableHub
from .limits import ConnectionCap, Throttle

HERE = resources.files("cardtable.server")
PAGE_HTML = HERE / "page.html"
IDLE_SECONDS = 30.0
"""A connection's request (its headers) must arrive within this; so must a body."""
PING_SECONDS = 20.0
"""Each socket is pinged this often and closed when no pong came back for as long (a network
that dropped mid-frame sends no close)."""
_ASSETS = {"stoeptegel.js": STATIC, "stoeptegel.css": STATIC, "page.js": HERE, "page.css": HERE}


def allowed_names(host: str, allowed_hosts: Iterable[str] = ()) -> frozenset[str]:
    """The host names a server started on ``host`` answers to: ``host`` itself, ``localhost``,
    ``127.0.0.1``, ``::1``, and ``allowed_hosts`` (a reverse proxy's public name, say).

    >>> sorted(allowed_names("127.0.0.1", ["cards.example.org"]))
    ['127.0.0.1', '::1', 'cards.example.org', 'localhost']
    """
    names = {host, "localhost", "127.0.0.1", "::1", *allowed_hosts}
    return frozenset(names - {"", "0.0.0.0", "::"})


def _name(netloc: str) -> str:
    """The host name of ``host[:port]`` (lower case, IPv6 without brackets)."""
    try:
        return urlsplit(f"//{netloc}").hostname or ""
    except ValueError:
        return ""


class _Guarded(tornado.web.RequestHandler):
    """Every response: only to an allowed ``Host``, no sniffing, no server version."""

    def initialize(self, tables: Mapping[str, TableHub], names: frozenset[str]) -> None:
        self.tables, self.names = tables, names

    def set_default_headers(self) -> None:
        self.clear_header("Server")
        self.set_header("X-Content-Type-Options", "nosniff")

    def prepare(self) -> None:
        if _name(self.request.host) not in self.names:
            raise tornado.web.HTTPError(403)  # DNS rebinding: a name this server was not given


class SeatSocket(_Guarded, tornado.websocket.WebSocketHandler):
    """One client of one seat (see :mod:`.protocol`)."""

    def initialize(  # type: ignore[override]
        self, tables: Mapping[str, TableHub], names: frozenset[str], throttle: Throttle
    ) -> None:
        super().initialize(tables, names)
        self.throttle = throttle
        self.hub: TableHub | None = None
        self.seat: int | None = None
        self._send = self._deliver
        self._timer: Any = None

    def check_origin(self, origin: str) -> bool:
        # A page from another site must not drive a seat with a link it stole or guessed (the
        # Host it names is one of this server's: prepare() checked it).
        return urlsplit(origin).netloc == self.request.host

    def open(self, table: str) -> None:
        self.hub = self.tables.get(table)
        if self.hub is None:
            self.close(NO_TABLE, "no such table")
            return
        self._timer = IOLoop.current().call_later(HELLO_SECONDS, self._no_hello)
        self.set_nodelay(True)  # each state frame at once (no Nagle stall)

    def _no_hello(self) -> None:
        if self.seat is None:
            self.close(NO_HELLO, "no hello in time")

    async def on_message(self, message: str | bytes) -> None:
        hub = self.hub
        if hub is None:
            return
        try:
            if self.seat is None:
                await self._hello(hub, message)
            else:
                hub.intent(self.seat, read_intent_message(message), self._send)
        except Refused as refused:
            self.close(refused.code, refused.reason)

    async def _hello(self, hub: TableHub, message: str | bytes) -> None:
        seat, token, lang, langs = read_greeting(message)
        if self._timer is not None:  # a hello came in time; the throttle may make it wait
            IOLoop.current().remove_timeout(self._timer)
            self._timer = None
        address = self.request.remote_ip or ""
        wait = self.throttle.delay(address)
        if wait:
            await asyncio.sleep(wait)
            if self.ws_connection is None:
                return  # the client left meanwhile
        if not hub.check(seat, token):
            self.throttle.wrong(address)
            raise Refused(FORBIDDEN, "wrong seat or token")
        self.seat = seat
        hub.join(seat, self._send, lang, langs)

    def _deliver(self, state: dict[str, Any]) -> None:
        if "close" in state:  # the seat's token was reissued
            self.seat = None
            self.close(state["close"], "this link was replaced")
        elif self.ws_connection is not None:
            is_file = state.get("type") == "download"  # a record asked for, not a state
            self.write_message(file_message(state) if is_file else state_message(state))

    def on_close(self) -> None:
        if self._timer is not None:
            IOLoop.current().remove_timeout(self._timer)
        if self.seat is not None and self.hub is not None:
            self.hub.leave(self.seat, self._send)


def page(lang: str = "en") -> str:
    """The player's page in ``lang`` (``<html lang>``, its title, its first line), its own
    sentences (``page_texts``, in every language: the seat's language is known once its
    hello is answered) written in by Python: the script reads them from a JSON block (data,
    not code: the CSP runs no inline script).

    >>> "Connecting…</div>" in page() and '"lost": "Connection lost' in page()
    True
    >>> '<html lang="ca">' in page("ca") and "Connectant…</div>" in page("ca")
    True
    """
    texts = {language: page_texts(language) for language in LANGS}
    block = json.dumps(texts, ensure_ascii=False).replace("<", "\\u003c")  # no </script> in it
    return PAGE_HTML.read_text(encoding="utf-8").format(
        lang=lang,
        title=html.escape(text("served.title", lang)),
        connecting=html.escape(texts[lang]["connecting"]),
        texts=block,
    )


def accepted(header: str | None) -> list[str]:
    """The languages of an ``Accept-Language`` header that cardtable speaks, best first.

    >>> accepted("fr-FR,ca;q=0.8,nl;q=0.9")
    ['nl', 'ca']
    """
    weighed = []
    for i, part in enumerate((header or "").split(",")[:16]):
        tag, _, quality = part.strip().partition(";q=")
        try:
            weight = float(quality) if quality else 1.0
        except ValueError:
            continue
        weighed.append((-weight, i, tag))
    return spoken([tag for _, _, tag in sorted(weighed)])


class Page(_Guarded):
    def get(self, table: str) -> None:
        hub = self.tables.get(table)
        if hub is None:
            raise tornado.web.HTTPError(404)
        host = self.request.host  # an allowed name (prepare): safe to name in the policy
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.set_header("Referrer-Policy", "no-referrer")
        self.set_header(
            "Content-Security-Policy",
            "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
            f"img-src 'self' data:; connect-src 'self' ws://{host} wss://{host}; "
            "frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
        )
        lang = hub.lang or next(iter(accepted(self.request.headers.get("Accept-Language"))), "en")
        self.write(page(lang))


class Asset(_Guarded, tornado.web.StaticFileHandler):
    """The table bundle (``stoeptegel.js``/``.css``) and the page's own script and styles."""

    def initialize(  # type: ignore[override]
        self, tables: Mapping[str, TableHub], names: frozenset[str]
    ) -> None:
        _Guarded.initialize(self, tables, names)
        self.root, self.default_filename = "", None

    async def get(self, table: str, path: str, include_body: bool = True) -> None:  # type: ignore[override]
        if table not in self.tables or path not in _ASSETS:
            raise tornado.web.HTTPError(404)
        self.root = str(_ASSETS[path])
        await super().get(path, include_body)


class NotFound(_Guarded):
    def prepare(self) -> None:
        super().prepare()
        raise tornado.web.HTTPError(404)


def application(
    tables: Mapping[str, TableHub], names: frozenset[str]
) -> tornado.web.Application:
    """The routes of ``tables`` (id → hub), answering to the host ``names`` only."""
    args = {"tables": tables, "names": names}
    return tornado.web.Application(
        [
            (r"/t/([^/]+)/ws", SeatSocket, {**args, "throttle": Throttle()}),
            (r"/t/([^/]+)/static/([^/]+)", Asset, args),
            (r"/t/([^/]+)/", Page, args),
        ],
        default_handler_class=NotFound,
        default_handler_args=args,
        websocket_max_message_size=MAX_MESSAGE_BYTES,
        websocket_ping_interval=PING_SECONDS,
        websocket_ping_timeout=PING_SECONDS,
    )


class TableServer(HTTPServer):
    """tornado's server with the connection limits of the module docstring."""

    def initialize(
        self,
        *args: Any,
        cap: ConnectionCap | None = None,
        behind_proxy: bool = False,
        **kwargs: Any,
    ) -> None:
        """``behind_proxy``: every connection comes from a reverse proxy, which caps them per
        client (nginx ``limit_conn``); a client's address is its ``X-Real-IP`` header."""
        kwargs.setdefault("idle_connection_timeout", IDLE_SECONDS)
        kwargs.setdefault("body_timeout", IDLE_SECONDS)
        kwargs.setdefault("max_body_size", MAX_MESSAGE_BYTES)
        kwargs.setdefault("max_header_size", 16 * 1024)
        kwargs["xheaders"] = behind_proxy
        super().initialize(*args, **kwargs)
        self.cap = None if behind_proxy else cap or ConnectionCap()

    def handle_stream(self, stream: Any, address: Any) -> None:
        peer = address[0] if isinstance(address, tuple) else str(address)
        if self.cap is not None and not self.cap.admit(peer, stream):
            stream.close()
            return
        super().handle_stream(stream, address)


def listen(
    tables: Mapping[str, TableHub],
    host: str,
    port: int,
    names: frozenset[str],
    ssl_options: dict[str, str] | None = None,
    behind_proxy: bool = False,
) -> tuple[TableServer, int]:
    """Serve ``tables`` on ``host:port`` (0: any free port); the server and its port."""
    from tornado.netutil import bind_sockets

    app = application(tables, names)
    server = TableServer(app, ssl_options=ssl_options, behind_proxy=behind_proxy)
    sockets = bind_sockets(port, address=host)
    server.add_sockets(sockets)
    return server, sockets[0].getsockname()[1]
