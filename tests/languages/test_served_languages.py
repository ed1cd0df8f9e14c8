"""Issue 31 on a served table: each seat reads its own language, chosen by its hello (or its
link, or the table's ``serve(lang=)``, or the browser's languages); two seats of one table play
a whole game in Dutch and Catalan at the same time over loopback, and neither frame stream
holds an English sentence; a language changes only words, never what crosses."""

from __future__ import annotations

import asyncio
import json
import re
from typing import Any

from tornado.httpclient import AsyncHTTPClient, HTTPRequest

from cardtable import serve
from cardtable.protocol import read_greeting
from cardtable.server.hub import TableHub
from cardtable.stoeptegel.bots import GreedyBot

from ..server.test_loopback import bot_intent, hello
from ..widgets.threads import run_async
from .english import english_in
from .test_stoeptegel_languages import shape


def test_two_seats_play_a_whole_game_in_dutch_and_catalan_at_once() -> None:
    langs = {0: "nl", 1: "ca"}

    async def scenario() -> tuple[Any, dict[int, list[dict[str, Any]]]]:
        table = serve(players=3, bots={2: "greedy"}, process=False, think=None, target=8, seed=5)
        sockets = {s: await hello(table, s, lang=lang) for s, lang in langs.items()}
        bots = {s: GreedyBot(seed=s) for s in langs}
        received: dict[int, list[dict[str, Any]]] = {s: [] for s in langs}
        latest: dict[int, dict[str, Any]] = {}
        refused = set()

        async def pump(seat: int) -> None:
            while (message := await sockets[seat].read_message()) is not None:
                received[seat].append(json.loads(message)["state"])
                latest[seat] = received[seat][-1]

        pumps = [asyncio.ensure_future(pump(s)) for s in langs]
        deadline = asyncio.get_running_loop().time() + 60
        while table.game.phase != "over":
            assert asyncio.get_running_loop().time() < deadline, "the game did not end"
            await asyncio.sleep(0.005)
            for seat, state in list(latest.items()):
                view = state["view"]
                wrong = [(c, r) for c, why in state["reasons"].items()
                         for r, reason in enumerate(why) if reason]  # fmt: skip
                intent = bot_intent(bots[seat], seat, view)
                if intent is None:
                    continue
                if intent["action"] != "choose" and wrong and (seat, view["round"]) not in refused:
                    refused.add((seat, view["round"]))  # a refusal, said in the seat's language
                    intent = {"action": "play", "card": wrong[0][0], "row": wrong[0][1]}
                del latest[seat]  # wait for the state that answers this intent
                await sockets[seat].write_message(json.dumps({"type": "intent", "intent": intent}))
        await asyncio.sleep(0.05)
        for p in pumps:
            p.cancel()
        return table, received

    table, received = run_async(scenario)
    hub = table.hub
    table.stop()
    for seat, lang in langs.items():
        frames = received[seat]
        assert frames[0]["notes"]["help"] and all(f["lang"] == lang for f in frames)
        said = json.dumps(frames, ensure_ascii=False)
        assert '"kind": "error"' in said and "round_over" in said and "winner" in said
        assert english_in(frames) == [], (lang, english_in(frames)[:5])
        # The same fields and cards as an English screen of that seat: only words differ.
        assert shape(hub.state(seat, lang)) == shape(hub.state(seat, "en"))
    assert "Jugador 1" in json.dumps(received[1][-1]["names"])  # seat 0, named in Catalan
    assert "Speler 2" in json.dumps(received[0][-1]["names"])


def test_a_hello_picks_the_language_then_the_table_then_the_browser() -> None:
    assert read_greeting(
        '{"type": "hello", "protocol": 1, "seat": 0, "token": "t", "lang": ["x", 3],'
        ' "langs": ["fr", "ca-ES", {}, "nl"]}'
    )[2:] == (None, ["ca", "nl"])
    sent: list[dict[str, Any]] = []

    async def scenario() -> list[str]:
        hub = TableHub(players=2, bots={1: "greedy"}, think=None, seed=1, lang="nl")
        browser = TableHub(players=2, bots={1: "greedy"}, think=None, seed=1)
        hub.join(0, sent.append, "ca", ["nl"])
        hub.join(0, sent.append, None, ["ca"])
        browser.join(0, sent.append, None, ["ca"])
        browser.join(0, sent.append, None, [])
        return [frame["lang"] for frame in sent]

    assert run_async(scenario) == ["ca", "nl", "ca", "en"]


def test_a_socket_switches_its_language_and_gets_everything_again() -> None:
    async def scenario() -> list[dict[str, Any]]:
        hub = TableHub(players=2, bots={1: "greedy"}, think=None, seed=1)
        sent: list[dict[str, Any]] = []
        hub.join(0, sent.append, "nl")
        hub.intent(0, {"action": "lang", "lang": "ca-ES"}, sent.append)
        hub.intent(0, {"action": "lang", "lang": "xx"}, sent.append)  # unknown: no change
        hub.intent(0, {"action": "page_lang", "langs": ["nl"]}, sent.append)  # the page's own
        return sent

    frames = run_async(scenario)
    assert [frame["lang"] for frame in frames] == ["nl", "ca", "ca"]  # page_lang: no refusal
    assert frames[1]["notes"]["help"][0][1].startswith("Guanya")
    assert english_in(frames) == []


def test_the_page_speaks_the_table_or_the_browser_language() -> None:
    async def page(lang: str | None, accept: str) -> str:
        table = serve(players=2, bots={1: "greedy"}, process=False, think=None, lang=lang)
        request = HTTPRequest(table.url, headers={"Accept-Language": accept})
        body = (await AsyncHTTPClient().fetch(request)).body.decode()
        table.stop()
        return body

    dutch = run_async(lambda: page(None, "fr-FR,nl;q=0.8"))
    assert '<html lang="nl">' in dutch and "Verbinden…</div>" in dutch
    catalan = run_async(lambda: page("ca", "nl"))
    assert re.search(r'<html lang="ca">', catalan) and "Connectant…</div>" in catalan


def test_a_notebook_seat_asks_for_its_language_and_switches_live() -> None:
    from cardtable import StoeptegelWidget

    async def until(check: Any) -> None:
        for _ in range(300):
            if check():
                return
            await asyncio.sleep(0.01)
        raise AssertionError("the seat's frame did not come")

    async def scenario() -> tuple[str, list[Any], str]:
        table = serve(players=2, bots={1: "greedy"}, process=False, think=None, seed=8)
        seat = StoeptegelWidget.join(table.links[0], lang="nl")
        await until(lambda: seat.view)
        dutch, states = seat.view["texts"]["prompt"]["idle"], [seat.get_state()]
        seat.lang = "ca"  # asks the table again: every word comes back in Catalan
        await until(lambda: seat.notes["help"][0][1].startswith("Guanya"))
        await until(lambda: "Tria" in seat.view["texts"]["prompt"]["idle"])
        states.append(seat.get_state())
        seat.close()
        table.stop()
        return dutch, states, seat.lang

    dutch, states, lang = run_async(scenario)
    assert dutch.startswith("Kies je stoeptegel") and lang == "ca"
    assert english_in(states) == []
