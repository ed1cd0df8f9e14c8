"""A served table on loopback (127.0.0.1, ephemeral ports, bounded waits): whole games by
clients that decide from their own state only, every frame of every seat scanned for cards
hidden from it and for the seed; wrong tokens, a missing hello, garbage, oversized frames, a
spoofed seat, another origin, reconnects and reissued links."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
from tornado.httpclient import HTTPClientError, HTTPRequest
from tornado.websocket import WebSocketClientConnection, websocket_connect

from cardtable import serve
from cardtable.server import app as server_app
from cardtable.stoeptegel.bots import GreedyBot

from ..widgets.test_stoeptegel_widget import CODE, hidden_from
from ..widgets.threads import run_async

WAIT = 10.0


def ws_url(table: Any) -> str:
    return table.url.replace("http://", "ws://") + "ws"


async def connect(
    table: Any, origin: str | None = None, host: str | None = None, headers: Any = None
) -> WebSocketClientConnection:
    host = host or table.url.split("/")[2]
    headers = {"Origin": origin or f"http://{host}", "Host": host, **(headers or {})}
    return await asyncio.wait_for(
        websocket_connect(HTTPRequest(ws_url(table), headers=headers)), WAIT
    )


async def hello(
    table: Any, seat: int, token: str | None = None, **extra: Any
) -> WebSocketClientConnection:
    ws = await connect(table)
    token = table._tokens[seat] if token is None else token
    await ws.write_message(
        json.dumps({"type": "hello", "protocol": 1, "seat": seat, "token": token, **extra})
    )
    return ws


async def closed_with(ws: WebSocketClientConnection) -> tuple[int | None, list[str]]:
    frames = []
    while True:
        message = await asyncio.wait_for(ws.read_message(), WAIT)
        if message is None:
            return ws.close_code, frames
        frames.append(message)


async def next_state(ws: WebSocketClientConnection) -> dict[str, Any]:
    return json.loads(await asyncio.wait_for(ws.read_message(), WAIT))["state"]


def recorded(table: Any) -> list[tuple[int, str, set[str]]]:
    """Every state the hub builds, with what was hidden from its seat at that moment."""
    hub, log = table.hub, []
    build = hub.state

    def state(seat: int, lang: str = "en") -> dict[str, Any]:
        built = build(seat, lang)
        log.append((seat, this_round(built), hidden_from(hub.game, seat)))
        return built

    hub.state = state
    return log


def bot_intent(bot: Any, seat: int, view: dict[str, Any]) -> dict[str, Any] | None:
    """What a client playing ``seat`` with ``bot`` sends now, from its own view (``None``:
    nothing, it is not its move)."""
    if view["phase"] == "choose" and not view["chosen"]:
        return {"action": "choose", "card": bot.choose(view).code}
    if view["phase"] != "play" or view["to_move"] != seat:
        return None
    move = bot.turn(view)
    return {"action": "pass"} if move is None else {
        "action": "play", "card": move[0].code, "row": move[1]}  # fmt: skip


def this_round(state: dict[str, Any]) -> str:
    """A state's JSON without what belongs to the round before (its end, its reveal): every
    round is dealt from a fresh deck, so last round's public cards are in new hands now."""
    view = state["view"]
    events = view["events"]
    starts = [i for i, e in enumerate(events) if e["type"] == "deal"]
    reveal = view["reveal"] if view["reveal"] and view["reveal"]["round"] == view["round"] else None
    part = dict(view, events=events[starts[-1] :] if starts else events, reveal=reveal)
    return json.dumps(dict(state, view=part))


@pytest.mark.parametrize("players", [2, 4, 6])
def test_whole_games_by_clients_that_see_only_their_own_seat(players: int) -> None:
    async def scenario() -> tuple[Any, list[tuple[int, str, set[str]]], int]:
        table = serve(players=players, process=False, think=None, target=8, seed=players)
        log = recorded(table)
        sockets = {s: await hello(table, s) for s in range(players)}
        bots = {s: GreedyBot(seed=s) for s in range(players)}
        latest: dict[int, dict[str, Any]] = {}
        frames = 0

        async def pump(seat: int) -> None:
            nonlocal frames
            while True:
                message = await sockets[seat].read_message()
                if message is None:
                    return
                frames += 1
                latest[seat] = json.loads(message)["state"]

        pumps = [asyncio.ensure_future(pump(s)) for s in range(players)]
        deadline = asyncio.get_running_loop().time() + 60
        while table.game.phase != "over":
            assert asyncio.get_running_loop().time() < deadline, "the game did not end"
            await asyncio.sleep(0.005)
            for seat, state in list(latest.items()):
                intent = bot_intent(bots[seat], seat, state["view"])
                if intent is None:
                    continue
                del latest[seat]  # wait for the state that answers this intent
                await sockets[seat].write_message(json.dumps({"type": "intent", "intent": intent}))
        await asyncio.sleep(0.05)
        table.stop()
        for p in pumps:
            p.cancel()
        return table, log, frames

    table, log, frames = run_async(scenario)
    assert table.game.over and frames > players
    for seat, text, hidden in log:
        assert '"seed"' not in text
        leaked = set(CODE.findall(text)) & hidden
        assert not leaked, (seat, leaked)


def test_bad_hellos_close_with_their_codes_and_no_frame(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(server_app, "HELLO_SECONDS", 0.3)

    async def scenario() -> list[tuple[int | None, list[str]]]:
        table = serve(players=3, bots={2: "greedy"}, process=False, think=None, seed=1)
        results = [
            await closed_with(await hello(table, 0, token="not-the-token")),
            await closed_with(await hello(table, 0, token=table._tokens[1])),  # borrowed
            await closed_with(await hello(table, 7, token=table._tokens[0])),  # no such seat
            await closed_with(await hello(table, 2, token=table._tokens[0])),  # a bot's seat
            await closed_with(await hello(table, 0, protocol=2)),
            await closed_with(await connect(table)),  # no hello at all
        ]
        ws = await connect(table)
        await ws.write_message("{not json")
        results.append(await closed_with(ws))
        ws = await connect(table)
        await ws.write_message(json.dumps({"type": "intent", "intent": {"action": "pass"}}))
        results.append(await closed_with(ws))  # an intent before the hello
        table.stop()
        return results

    codes = [(code, frames) for code, frames in run_async(scenario)]
    assert codes == [(4403, []), (4403, []), (4403, []), (4403, []), (4409, []), (4408, []),
                     (4400, []), (4400, [])]  # fmt: skip


def test_garbage_oversized_frames_a_spoofed_seat_and_another_origin() -> None:
    async def scenario() -> dict[str, Any]:
        table = serve(players=2, process=False, think=None, seed=4)
        out: dict[str, Any] = {}
        ws = await hello(table, 0)
        first = json.loads(await ws.read_message())["state"]
        out["first"] = first
        table.game.choose(1, table.game.hand(1)[0])  # seat 1 chooses from Python; seat 0 below
        await ws.write_message(
            json.dumps(
                {"type": "intent", "intent": {"action": "choose", "card": first["view"]["hand"][0]}}
            )
        )
        await asyncio.wait_for(ws.read_message(), WAIT)
        assert table.game.phase == "play"
        to_move = table.game.to_move
        other = 1 - to_move
        # A client of the seat NOT to move sends "pass" with a spoofed seat: it counts for its
        # own seat, which may not pass now.
        spoof = ws if other == 0 else await hello(table, 1)
        if other == 1:
            await spoof.read_message()
        await spoof.write_message(
            json.dumps({"type": "intent", "intent": {"action": "pass", "seat": to_move}})
        )
        refusal = json.loads(await asyncio.wait_for(spoof.read_message(), WAIT))["state"]["message"]
        out["spoof"] = (refusal, list(table.game.passed))
        await spoof.write_message("x" * 70_000)
        out["oversized"] = (await closed_with(spoof))[0]
        garbage = await hello(table, to_move)
        await garbage.read_message()
        await garbage.write_message(json.dumps([1, 2, 3]))
        out["garbage"] = (await closed_with(garbage))[0]
        try:
            await connect(table, origin="http://evil.example")
            out["origin"] = "accepted"
        except HTTPClientError as refused:
            out["origin"] = refused.code
        table.stop()
        return out

    out = run_async(scenario)
    refusal, passed = out["spoof"]
    assert "not your turn" in refusal["text"] and not any(passed)
    assert out["oversized"] == 1009 and out["garbage"] == 4400 and out["origin"] == 403


def test_reconnects_resume_two_tabs_follow_and_a_reissued_link_stops_the_old() -> None:
    async def scenario() -> dict[str, Any]:
        table = serve(players=2, bots={1: "greedy"}, process=False, think=None, seed=6)
        out: dict[str, Any] = {}
        first, second = await hello(table, 0), await hello(table, 0)
        for ws in (first, second):
            await ws.read_message()
        card = table.game.hand(0)[0].code
        await first.write_message(
            json.dumps({"type": "intent", "intent": {"action": "choose", "card": card}})
        )
        out["both"] = [(await next_state(ws))["view"]["chosen"] for ws in (first, second)]
        first.close()
        again = await hello(table, 0)
        out["resumed"] = json.loads(await asyncio.wait_for(again.read_message(), WAIT))["state"][
            "view"
        ]["chosen"]
        old = table._tokens[0]
        link = table.reissue(0)
        out["kicked"] = (await closed_with(again))[0]
        out["old"] = (await closed_with(await hello(table, 0, token=old)))[0]
        fresh = await hello(table, 0, token=link.split("token=")[1])
        out["fresh"] = json.loads(await asyncio.wait_for(fresh.read_message(), WAIT))["state"][
            "view"
        ]["seat"]
        table.stop()
        return out

    out = run_async(scenario)
    assert out["both"] == [True, True] and out["resumed"] is True
    assert out["kicked"] == 4403 and out["old"] == 4403 and out["fresh"] == 0


def test_a_table_in_its_own_process_serves_its_links() -> None:
    table = serve(players=2, bots={1: "greedy"}, think=None, seed=2)
    try:
        assert set(table.links) == {0} and "#seat=0&token=" in table.links[0]

        async def first_state() -> dict[str, Any]:
            ws = await hello(table, 0)
            return json.loads(await asyncio.wait_for(ws.read_message(), WAIT))["state"]

        state = run_async(first_state)
        assert state["view"]["seat"] == 0 and len(state["view"]["hand"]) == 6
        old = table.links[0]
        new = table.reissue(0)
        assert new != old and table.links[0] == new
        with pytest.raises(ValueError):
            table.reissue(1)  # a bot's seat has no link
    finally:
        table.stop()


def test_tls_serves_https_links_and_wss(tmp_path: Any) -> None:
    import shutil
    import subprocess

    if shutil.which("openssl") is None:
        pytest.skip("no openssl to make a test certificate")
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj",
         "/CN=127.0.0.1", "-keyout", str(key), "-out", str(cert)],
        check=True, capture_output=True,
    )  # fmt: skip

    async def scenario() -> dict[str, Any]:
        table = serve(players=2, bots={1: "greedy"}, process=False, think=None, seed=3,
                      ssl_options={"certfile": str(cert), "keyfile": str(key)})  # fmt: skip
        host = table.url.split("/")[2]
        url = table.url.replace("https://", "wss://") + "ws"
        request = HTTPRequest(url, headers={"Origin": f"https://{host}"}, validate_cert=False)
        ws = await asyncio.wait_for(websocket_connect(request), WAIT)
        await ws.write_message(json.dumps(
            {"type": "hello", "protocol": 1, "seat": 0, "token": table._tokens[0]}
        ))  # fmt: skip
        state = await next_state(ws)
        table.stop()
        return {"url": table.url, "seat": state["view"]["seat"]}

    out = run_async(scenario)
    assert out["url"].startswith("https://") and out["seat"] == 0


def test_the_notebook_shows_each_link_with_a_qr_code() -> None:
    async def scenario() -> str:
        table = serve(players=3, bots={2: "greedy"}, process=False, think=None, seed=3)
        shown = table._repr_html_()
        table.stop()
        return shown + "\n" + repr(table)

    shown = run_async(scenario)
    assert shown.count("<svg") == 2 and shown.count("#seat=") >= 4 and "seat 2" not in shown
