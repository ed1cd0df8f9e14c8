"""What one client address may cost a served table: how many connections it holds at once,
and how fast its wrong hellos are answered.

>>> throttle = Throttle()
>>> for _ in range(Throttle.FREE):
...     throttle.wrong("203.0.113.9")
>>> throttle.delay("203.0.113.9"), throttle.delay("198.51.100.1")
(0.0, 0.0)
>>> throttle.wrong("203.0.113.9"); throttle.delay("203.0.113.9")
0.5
"""

from __future__ import annotations

import logging
import time
from typing import Any

_log = logging.getLogger("cardtable")

MAX_CONNECTIONS_PER_ADDRESS = 64
"""Open TCP connections one client address may hold (a family's phones behind one router use
a few each; the page needs one socket per tab)."""
_REMEMBERED = 4096
"""Addresses each limit keeps in mind at most (the oldest are forgotten first)."""


class ConnectionCap:
    """At most ``per_address`` open connections from each client address."""

    def __init__(self, per_address: int | None = None) -> None:
        self.per_address = MAX_CONNECTIONS_PER_ADDRESS if per_address is None else per_address
        self._open: dict[str, list[Any]] = {}

    def admit(self, address: str, stream: Any) -> bool:
        """Whether ``stream`` (a new connection from ``address``) may stay open: the streams
        of that address that have closed since are dropped first (a websocket keeps its
        connection's stream, so an open socket counts until it closes)."""
        streams = [s for s in self._open.pop(address, []) if not s.closed()]
        admitted = len(streams) < self.per_address
        if admitted:
            streams.append(stream)
        if streams:
            self._open[address] = streams
        if len(self._open) > _REMEMBERED:
            self._open = {a: ss for a, ss in self._open.items() if any(not s.closed() for s in ss)}
        return admitted


class Throttle:
    """Wrong hellos from one address: after :attr:`FREE` of them, each hello from it (right or
    wrong, so that waiting tells nothing) is answered after a delay that doubles with each
    further wrong one, up to :attr:`LONGEST` seconds; forgotten after :attr:`FORGET` quiet
    seconds. Logged once per address."""

    FREE = 3
    FIRST = 0.5
    LONGEST = 30.0
    FORGET = 600.0

    def __init__(self) -> None:
        self._wrong: dict[str, tuple[int, float]] = {}  # address -> (wrong hellos, last one)

    def delay(self, address: str) -> float:
        """Seconds to wait before answering a hello from ``address``."""
        count, last = self._wrong.get(address, (0, 0.0))
        if count <= self.FREE or time.monotonic() - last > self.FORGET:
            return 0.0
        return min(self.FIRST * 2.0 ** (count - self.FREE - 1), self.LONGEST)

    def wrong(self, address: str) -> None:
        """``address`` sent a wrong seat or token."""
        count, last = self._wrong.pop(address, (0, 0.0))
        if time.monotonic() - last > self.FORGET:
            count = 0
        self._wrong[address] = (count + 1, time.monotonic())  # the newest last
        if count + 1 == self.FREE + 1:
            _log.warning("wrong tokens from %s: its hellos are answered more slowly", address)
        while len(self._wrong) > _REMEMBERED:
            del self._wrong[next(iter(self._wrong))]
