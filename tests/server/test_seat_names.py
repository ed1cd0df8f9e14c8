"""One numbering for seats wherever a person reads (issue 27 §2): the links ``serve`` prints, the
served page and the tables all call a seat's player the same, ``Player 1`` for seat 0."""

from __future__ import annotations

import json
import re

from tornado.httpclient import AsyncHTTPClient

from cardtable import serve
from cardtable.server.app import page

from ..widgets.threads import run_async
from .test_loopback import hello, next_state


def test_each_link_is_labelled_with_the_name_its_page_shows() -> None:
    async def scenario() -> tuple[str, str, dict[int, list[str]]]:
        table = serve(players=3, bots={1: "greedy"}, process=False, think=None, seed=3)
        names = {}
        for seat in (0, 2):
            ws = await hello(table, seat)
            names[seat] = (await next_state(ws))["names"]
            ws.close()
        shown = repr(table), table._repr_html_()
        table.stop()
        return shown[0], shown[1], names

    text, html, names = run_async(scenario)
    assert names[0] == names[2] == ["Player 1", "Anna", "Player 3"]
    assert re.search(r"^  Player 1: http://\S+#seat=0&", text, re.M), text
    assert re.search(r"^  Player 3: http://\S+#seat=2&", text, re.M), text
    assert "<li>Player 1: <a" in html and "<li>Player 3: <a" in html
    assert not re.search(r"\bseat \d", text + html, re.I)


def test_one_human_at_a_served_table_is_player_1_not_you() -> None:
    async def scenario() -> tuple[str, list[str]]:
        table = serve(players=2, bots={1: "greedy"}, process=False, think=None, seed=1)
        ws = await hello(table, 0)
        names = (await next_state(ws))["names"]
        ws.close()
        shown = repr(table)
        table.stop()
        return shown, names

    text, names = run_async(scenario)
    assert names == ["Player 1", "Anna"] and "  Player 1: http" in text


def test_the_host_given_names_label_the_links_too() -> None:
    async def scenario() -> str:
        table = serve(players=2, names=["Ann", "Bo"], process=False, think=None, seed=1)
        shown = repr(table)
        table.stop()
        return shown

    text = run_async(scenario)
    assert "  Ann: http" in text and "  Bo: http" in text


def test_the_page_gets_its_sentences_from_python_and_names_the_seat_by_the_table() -> None:
    body = page()
    words = json.loads(re.search(r'id="cardtable-page-texts">(.*?)</script>', body).group(1))
    assert words["en"]["connected"] == "{name} · connected" and "Connecting…</div>" in body
    assert words["nl"]["connected"] == "{name} · verbonden"  # the seat's language, once known

    async def scenario() -> str:
        table = serve(players=2, bots={1: "greedy"}, process=False, think=None, seed=1)
        response = await AsyncHTTPClient().fetch(table.url)
        table.stop()
        return response.body.decode()

    assert run_async(scenario) == body
