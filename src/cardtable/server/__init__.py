"""One Stoeptegel table, one seat per screen: friends play from their own browsers (or
notebooks), and nobody's cards ever reach anyone else's screen.

    table = cardtable.serve(players=3, bots={2: "strong"})
    table.links          # one private link per human seat: send each to its player
    table.reissue(1)     # a new link for seat 1 (the old one stops working)
    table.stop()

The table's authority lives outside any shared kernel: by default in its own process (a busy
notebook cell must not freeze the players), with ``process=False`` on the current asyncio loop
(``table.game`` is then the live engine: tests, scripts). Protocol v1: :mod:`.protocol`.
"""

from __future__ import annotations

import asyncio
import html
import ipaddress
import multiprocessing
import multiprocessing.util
import socket
import threading
import warnings
from collections.abc import Mapping, Sequence
from typing import Any

from ..i18n import speaks, text
from ..naming import player
from ..stoeptegel import thinking
from ..stoeptegel.rules import Rules, check_rules
from ..stoeptegel.session import DEFAULT_THINK

__all__ = ["Table", "serve"]


class Table:
    """A served table: ``links`` (seat → private link), ``url``, ``reissue(seat)``, ``stop()``;
    ``game`` when it runs in this process."""

    def __init__(
        self,
        base: str,
        tokens: dict[int, str],
        control: Any,
        game: Any = None,
        names: Mapping[int, str] | None = None,
    ) -> None:
        self.url, self._tokens, self._control, self.game = base, dict(tokens), control, game
        self.names = {seat: (names or {}).get(seat, player(seat)) for seat in tokens}
        """Each human seat's name, as its page and the other players' tables call it."""

    @property
    def links(self) -> dict[int, str]:
        """Each human seat's private link (the token rides in the fragment)."""
        return {
            seat: f"{self.url}#seat={seat}&token={token}" for seat, token in self._tokens.items()
        }

    def reissue(self, seat: int) -> str:
        """A new link for ``seat``; the old one stops working (its sockets are closed)."""
        self._tokens[seat] = self._control("reissue", seat)
        return self.links[seat]

    def stop(self) -> None:
        """Close the table (its players are disconnected)."""
        self._control("stop", None)

    def __repr__(self) -> str:
        lines = [f"Stoeptegel table at {self.url}"]
        lines += [f"  {self.names[seat]}: {link}" for seat, link in self.links.items()]
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        rows = "".join(
            f"<li>{html.escape(self.names[seat])}: <a href='{html.escape(link)}' target='_blank'>"
            f"{html.escape(link)}</a>{_qr(link)}</li>"
            for seat, link in self.links.items()
        )
        return (
            "<div><strong>Stoeptegel table</strong> — send each player their own link "
            f"(it is their seat's key):<ul>{rows}</ul></div>"
        )


def _qr(link: str) -> str:
    """A QR code of ``link`` for a phone's camera (with the ``serve`` extra: segno)."""
    try:
        import segno
    except ImportError:
        return ""
    return f"<div>{segno.make(link, error='m').svg_inline(scale=3)}</div>"


def serve(
    players: int = 4,
    bots: Mapping[int, Any] | None = None,
    names: list[str] | None = None,
    host: str = "127.0.0.1",
    port: int = 0,
    target: int = 30,
    seed: int | None = None,
    process: bool = True,
    think: tuple[float, float] | None = DEFAULT_THINK,
    ssl_options: dict[str, str] | None = None,
    rules: Rules | None = None,
    allowed_hosts: Sequence[str] = (),
    behind_proxy: bool = False,
    lang: str | None = None,
) -> Table:
    """Serve one table (see the module docstring). ``bots`` maps seats to a strength
    (``"strong"``); every other seat is a human with its own link. Listening beyond loopback
    is opt-in (``host="0.0.0.0"``) and warns: plain ``ws://`` can be read on shared Wi-Fi,
    unless ``ssl_options`` (``{"certfile": …, "keyfile": …}``) serves https and ``wss://``.
    The server answers only to ``host``, ``localhost``, ``127.0.0.1`` and ``allowed_hosts``
    (the public name of a reverse proxy in front of it, say). ``behind_proxy=True``: every
    connection comes from that proxy, which caps connections per client (the server's cap of
    64 per address is off) and names the client in ``X-Real-IP``.
    ``rules`` are the table's house rules (:class:`~cardtable.stoeptegel.Rules`): every seat's
    view carries them, and the bots play by them. ``lang`` is the seats' language (``"en"``,
    ``"nl"``, ``"ca"``); without it each seat reads its browser's (or its notebook's), and a
    link given ``&lang=ca`` reads Catalan whatever the table's: each seat its own."""
    rules = check_rules(rules)  # a wrong value fails here, not in the table's process
    if lang is not None and not speaks(lang):
        warnings.warn(
            text("lang.unknown", "en", asked=lang), stacklevel=2
        )  # the seats then read their browsers' languages
        lang = None
    if not _loopback(host) and ssl_options is None:
        warnings.warn(
            f"serving on {host}: links and cards travel unencrypted (ws://); anyone on the same "
            "network can read them. Use it only on a network you trust.",
            stacklevel=2,
        )
    options = {"players": players, "bots": dict(bots or {}), "names": names, "target": target,
               "seed": seed, "think": think, "rules": rules, "lang": lang}  # fmt: skip
    web = {"ssl_options": ssl_options, "allowed_hosts": list(allowed_hosts),
           "behind_proxy": behind_proxy}  # fmt: skip
    if not process:
        return _serve_here(host, port, options, web)
    return _serve_in_process(host, port, options, web)


def _loopback(host: str) -> bool:
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return host == "localhost"


def _public(host: str) -> str:
    if host in ("0.0.0.0", "::"):
        return socket.gethostbyname(socket.gethostname())
    return host


def _base(host: str, port: int, table_id: str, web: dict[str, Any]) -> str:
    scheme = "https" if web.get("ssl_options") else "http"
    return f"{scheme}://{_public(host)}:{port}/t/{table_id}/"


def _start(
    host: str, port: int, options: dict[str, Any], web: dict[str, Any]
) -> tuple[Any, Any, int]:
    from .app import allowed_names, listen
    from .hub import TableHub

    hub = TableHub(**options)
    names = allowed_names(host, [_public(host), *web.get("allowed_hosts", ())])
    server, bound = listen({hub.id: hub}, host, port, names, web.get("ssl_options"),
                           bool(web.get("behind_proxy")))  # fmt: skip
    return hub, server, bound


def _serve_here(host: str, port: int, options: dict[str, Any], web: dict[str, Any]) -> Table:
    hub, server, bound = _start(host, port, options, web)

    def control(command: str, seat: Any) -> Any:
        if command == "reissue":
            return hub.reissue(seat)
        server.stop()
        hub.close()
        return None

    names = {seat: hub.session.names[seat] for seat in hub.tokens}
    table = Table(_base(host, bound, hub.id, web), hub.tokens, control, hub.game, names)
    table.hub = hub  # type: ignore[attr-defined]  # for tests: the live authority
    return table


def _child(conn: Any, host: str, port: int, options: dict[str, Any], web: dict[str, Any]) -> None:
    """The table's own process: serve until told to stop (a Ctrl+C in the terminal or the
    notebook is the host's, not the table's: the host stops it)."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)

    async def main() -> None:
        hub, server, bound = _start(host, port, options, web)
        loop, done = asyncio.get_running_loop(), asyncio.Event()
        conn.send((bound, hub.id, hub.tokens, {s: hub.session.names[s] for s in hub.tokens}))

        def commands() -> None:
            while True:
                try:
                    command, seat = conn.recv()
                except EOFError:
                    command, seat = "stop", None
                if command == "stop":
                    loop.call_soon_threadsafe(done.set)
                    return
                future = asyncio.run_coroutine_threadsafe(_reissue(hub, seat), loop)
                conn.send(future.result())

        threading.Thread(target=commands, daemon=True).start()
        await done.wait()
        server.stop()
        hub.close()

    asyncio.run(main())
    thinking.close_pools()  # the bots' worker process, which multiprocessing would wait for


async def _reissue(hub: Any, seat: int) -> Any:
    try:
        return hub.reissue(seat)
    except ValueError as error:
        return error


def _serve_in_process(host: str, port: int, options: dict[str, Any], web: dict[str, Any]) -> Table:
    context = multiprocessing.get_context("spawn")
    parent, child = context.Pipe()
    # Not a daemon: a daemon may start no process, and the table's bots think in one of their
    # own (rule B23: a bot's compute never slows the table's loop). It never outlives this
    # process all the same: it stops when its pipe closes (this process gone), and at this
    # process's exit the finalizer below stops it before multiprocessing waits for it.
    worker = context.Process(target=_child, args=(child, host, port, options, web))
    worker.start()
    if not parent.poll(30):
        worker.terminate()
        raise RuntimeError("the table's process did not start")
    bound, table_id, tokens, names = parent.recv()
    lock = threading.Lock()

    def control(command: str, seat: Any) -> Any:
        with lock:
            if command == "stop":
                if worker.is_alive():
                    parent.send(("stop", None))
                    worker.join(5)
                    if worker.is_alive():
                        worker.terminate()
                return None
            parent.send((command, seat))
            answer = parent.recv()
            if isinstance(answer, Exception):
                raise answer
            return answer

    multiprocessing.util.Finalize(None, control, ("stop", None), exitpriority=10)
    return Table(_base(host, bound, table_id, web), tokens, control, names=names)
