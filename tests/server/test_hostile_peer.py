"""A served table against a hostile peer on loopback (issue 26): every hostile message ends as
a close code, never a traceback in the server's log."""

from __future__ import annotations

import asyncio
import json
import logging
from typing import Any

import pytest
from tornado.httpclient import AsyncHTTPClient, HTTPClientError, HTTPRequest

from cardtable import serve
from cardtable.server import app as server_app
from cardtable.server import limits

from ..widgets.threads import run_async
from .test_loopback import WAIT, closed_with, connect, hello


def no_tracebacks(caplog: pytest.LogCaptureFixture) -> list[str]:
    """What the server logged with a traceback (there must be nothing)."""
    return [r.getMessage() for r in caplog.records if r.exc_info or r.levelno >= logging.ERROR]


@pytest.mark.parametrize("token", ["é…", "🂡", "\udc80abc"])
def test_a_token_that_is_not_ascii_is_a_wrong_token(
    token: str, caplog: pytest.LogCaptureFixture
) -> None:
    async def scenario() -> tuple[int | None, list[str]]:
        table = serve(players=2, process=False, think=None, seed=1)
        try:
            return await closed_with(await hello(table, 0, token=token))
        finally:
            table.stop()

    caplog.set_level(logging.DEBUG)
    assert run_async(scenario) == (4403, [])
    assert no_tracebacks(caplog) == []


def test_deep_nesting_before_or_after_the_hello_is_malformed(
    caplog: pytest.LogCaptureFixture,
) -> None:
    async def scenario() -> list[Any]:
        table = serve(players=2, process=False, think=None, seed=1)
        try:
            early = await connect(table)
            await early.write_message("[" * 30000 + "]" * 30000)  # 60 KB: under the 64 KiB cap
            seated = await hello(table, 0)
            await seated.read_message()
            deep = '{"type": "intent", "intent": ' + "[" * 20000 + "]" * 20000 + "}"
            await seated.write_message(deep)
            return [(await closed_with(early))[0], (await closed_with(seated))[0]]
        finally:
            table.stop()

    caplog.set_level(logging.DEBUG)
    assert run_async(scenario) == [4400, 4400]
    assert no_tracebacks(caplog) == []


# ---------------------------------------------------------------------- raw loopback clients
async def raw(table: Any) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    host, port = table.url.split("/")[2].split(":")
    return await asyncio.open_connection(host, int(port))


async def raw_socket(table: Any, seat: int) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    """A websocket by hand (to send what no client library would), past its hello and first
    frame."""
    reader, writer = await raw(table)
    netloc, path = table.url.split("/")[2], "/".join(table.url.split("/")[3:])
    writer.write(
        f"GET /{path}ws HTTP/1.1\r\nHost: {netloc}\r\nUpgrade: websocket\r\n"
        "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
        f"Sec-WebSocket-Version: 13\r\nOrigin: http://{netloc}\r\n\r\n".encode()
    )
    assert b" 101 " in await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), WAIT)
    hello = {"type": "hello", "protocol": 1, "seat": seat, "token": table._tokens[seat]}
    writer.write(frame(json.dumps(hello).encode()))
    header = await asyncio.wait_for(reader.readexactly(2), WAIT)
    size = header[1] & 0x7F
    if size >= 126:
        size = int.from_bytes(await reader.readexactly(2 if size == 126 else 8), "big")
    await reader.readexactly(size)
    return reader, writer


def frame(payload: bytes, opcode: int = 0x1) -> bytes:
    """A masked client frame (mask 0: the payload as is)."""
    if len(payload) < 126:
        length = bytes([0x80 | len(payload)])
    else:
        length = bytes([0x80 | 126]) + len(payload).to_bytes(2, "big")
    return bytes([0x80 | opcode]) + length + b"\0\0\0\0" + payload


async def dropped(reader: asyncio.StreamReader, seconds: float = WAIT) -> bool:
    """Whether the server closed this connection within ``seconds``."""
    try:
        while await asyncio.wait_for(reader.read(65536), seconds):
            pass
    except asyncio.TimeoutError:
        return False
    except ConnectionError:
        pass
    return True


# ---------------------------------------------------------------------- 4: idle connections
def test_idle_and_half_sent_requests_are_closed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(server_app, "IDLE_SECONDS", 0.5)

    async def scenario() -> list[bool]:
        table = serve(players=2, process=False, think=None, seed=1)
        try:
            silent, _ = await raw(table)
            half, writer = await raw(table)
            writer.write(b"GET /t/x/ HTTP/1.1\r\nHost: 127.0")
            return [await dropped(silent, 5), await dropped(half, 5)]
        finally:
            table.stop()

    assert run_async(scenario) == [True, True]


def test_one_address_holds_at_most_64_connections() -> None:
    async def scenario() -> list[bool]:
        table = serve(players=2, process=False, think=None, seed=1)
        try:
            held = [await raw(table) for _ in range(limits.MAX_CONNECTIONS_PER_ADDRESS)]
            extra, _ = await raw(table)
            refused = await dropped(extra, 2)
            kept = not any([await dropped(reader, 0.01) for reader, _ in held[:3]])
            held[0][1].close()
            await asyncio.sleep(0.1)
            again, _ = await raw(table)
            return [refused, kept, not await dropped(again, 0.3)]
        finally:
            table.stop()

    assert run_async(scenario) == [True, True, True]


def test_behind_a_proxy_the_proxy_caps_connections_and_names_the_client(
    caplog: pytest.LogCaptureFixture,
) -> None:
    async def scenario() -> bool:
        table = serve(players=2, process=False, think=None, seed=1, behind_proxy=True)
        try:
            held = [await raw(table) for _ in range(limits.MAX_CONNECTIONS_PER_ADDRESS + 2)]
            kept = not any([await dropped(reader, 0.01) for reader, _ in held])
            for _ in range(limits.Throttle.FREE + 1):  # wrong tokens, from a client the proxy names
                ws = await connect(table, headers={"X-Real-IP": "203.0.113.7"})
                await ws.write_message(json.dumps(
                    {"type": "hello", "protocol": 1, "seat": 0, "token": "wrong"}))  # fmt: skip
                await closed_with(ws)
            return kept
        finally:
            table.stop()

    caplog.set_level(logging.INFO)
    assert run_async(scenario) is True
    assert any("203.0.113.7" in r.getMessage() for r in caplog.records)


# ---------------------------------------------------------------------- 5: token guessing
def test_wrong_hellos_from_one_address_are_answered_ever_more_slowly(
    caplog: pytest.LogCaptureFixture,
) -> None:
    async def scenario() -> list[tuple[float, int | None]]:
        table = serve(players=2, process=False, think=None, seed=1)
        loop, out = asyncio.get_running_loop(), []
        try:
            for token in ["wrong"] * 5 + [table._tokens[0]]:
                started = loop.time()
                ws = await hello(table, 0, token=token)
                if token == "wrong":
                    code = (await closed_with(ws))[0]
                else:
                    code = "state" if await ws.read_message() else None
                out.append((loop.time() - started, code))
            return out
        finally:
            table.stop()

    caplog.set_level(logging.INFO)
    answers = run_async(scenario)
    assert [code for _, code in answers] == [4403] * 5 + ["state"]
    waits = [seconds for seconds, _ in answers]
    assert max(waits[:4]) < 0.4 and 0.5 <= waits[4] < waits[5] and waits[5] >= 1.0, waits
    assert sum("wrong tokens" in r.getMessage() for r in caplog.records) == 1


# ---------------------------------------------------------------------- 7: hosts and headers
def test_only_the_servers_own_host_names_are_answered() -> None:
    async def scenario() -> dict[str, Any]:
        table = serve(players=2, process=False, think=None, seed=1,
                      allowed_hosts=["cards.example.org"])  # fmt: skip
        port = table.url.split("/")[2].split(":")[1]
        client, out = AsyncHTTPClient(), {}
        try:
            for name in ("127.0.0.1", "localhost", "cards.example.org", "evil.example"):
                request = HTTPRequest(table.url, headers={"Host": f"{name}:{port}"})
                response = await client.fetch(request, raise_error=False)
                out[name] = response.code
            try:  # a DNS-rebinding page: its origin and the Host it sends agree, on its name
                evil = f"evil.example:{port}"
                await connect(table, origin=f"http://{evil}", host=evil)
                out["rebound socket"] = "accepted"
            except HTTPClientError as refused:
                out["rebound socket"] = refused.code
            return out
        finally:
            table.stop()

    assert run_async(scenario) == {"127.0.0.1": 200, "localhost": 200, "cards.example.org": 200,
                                   "evil.example": 403, "rebound socket": 403}  # fmt: skip


def test_the_page_forbids_other_scripts_and_framing_and_names_no_server() -> None:
    async def scenario() -> dict[str, Any]:
        table = serve(players=2, process=False, think=None, seed=1)
        client = AsyncHTTPClient()
        try:
            paths = {"page": "", "bundle": "static/stoeptegel.js", "script": "static/page.js",
                     "missing": "nothing"}  # fmt: skip
            return {
                name: (await client.fetch(table.url + path, raise_error=False)).headers
                for name, path in paths.items()
            }
        finally:
            table.stop()

    headers = run_async(scenario)
    policy = headers["page"]["Content-Security-Policy"]
    assert "script-src 'self'" in policy and "frame-ancestors 'none'" in policy
    for name, sent in headers.items():
        assert sent.get("X-Content-Type-Options") == "nosniff", name
        assert "Server" not in sent, name


@pytest.mark.parametrize(
    ("what", "data"),
    [("invalid UTF-8", frame(b"\xff\xfe")), ("a reserved opcode", frame(b"x", opcode=0x3))],
)
def test_invalid_utf8_and_reserved_opcodes_drop_the_socket_quietly(
    what: str, data: bytes, caplog: pytest.LogCaptureFixture
) -> None:
    """Tornado drops such a connection at once, without a 1007 or 1002 frame (documented)."""

    async def scenario() -> tuple[bool, bool]:
        table = serve(players=2, process=False, think=None, seed=1)
        try:
            reader, writer = await raw_socket(table, 0)
            writer.write(data)
            gone = await dropped(reader, 5)
            await asyncio.sleep(0.05)
            return gone, not table.hub._sockets[0]
        finally:
            table.stop()

    caplog.set_level(logging.DEBUG)
    assert run_async(scenario) == (True, True)
    assert no_tracebacks(caplog) == []


# ---------------------------------------------------------------------- faults
def test_a_client_whose_network_drops_mid_frame_is_let_go(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(server_app, "PING_SECONDS", 0.3)

    async def scenario() -> tuple[bool, bool, bool]:
        table = serve(players=2, process=False, think=None, seed=1)
        try:
            reader, writer = await raw_socket(table, 0)
            joined = bool(table.hub._sockets[0])
            writer.write(frame(b'{"type": "intent", "intent": {"action": "pass"}}')[:9])
            # No pong ever comes back: the server says goodbye and, unanswered, lets go (5 s).
            gone = await dropped(reader, 10)
            await asyncio.sleep(0.05)
            return joined, gone, not table.hub._sockets[0]
        finally:
            table.stop()

    assert run_async(scenario) == (True, True, True)
