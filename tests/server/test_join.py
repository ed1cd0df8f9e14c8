"""``StoeptegelWidget.join(link)``: a notebook plays one seat of a served table; its synced
traits are that seat's state and nothing else, and its intents reach the table."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest

from cardtable import StoeptegelWidget, serve
from cardtable.stoeptegel.session import SEAT_TRAITS
from cardtable.widgets.remote import RemoteSeat, seat_link
from cardtable.widgets.screen import StoeptegelScreen

from ..widgets.test_stoeptegel_widget import CODE, hidden_from
from ..widgets.threads import run_async


def test_a_seats_link_names_its_socket_seat_and_token() -> None:
    url, seat, token, origin = seat_link("http://127.0.0.1:8123/t/abc/#seat=2&token=xyz")
    assert (url, seat, token, origin) == (
        "ws://127.0.0.1:8123/t/abc/ws",
        2,
        "xyz",
        "http://127.0.0.1:8123",
    )
    with pytest.raises(ValueError, match="seat's link"):
        seat_link("http://127.0.0.1:8123/t/abc/")


def test_join_plays_a_seat_with_only_that_seats_state() -> None:
    async def scenario() -> tuple[Any, Any, list[str]]:
        table = serve(players=3, bots={2: "greedy"}, process=False, think=None, seed=8)
        widget = StoeptegelWidget.join(table.links[1])
        for _ in range(200):
            if widget.view:
                break
            await asyncio.sleep(0.01)
        texts = [json.dumps(widget.get_state(), default=str)]
        card = widget.view["hand"][0]
        widget._on_message(
            widget, {"action": "choose", "card": card, "version": widget.version}, []
        )
        for _ in range(200):
            if widget.view.get("chosen"):
                break
            await asyncio.sleep(0.01)
        texts.append(json.dumps(widget.get_state(), default=str))
        widget.close()
        table.stop()
        return table, widget, texts

    table, widget, texts = run_async(scenario)
    assert widget.view["seat"] == 1 and widget.view["chosen"] is True
    assert table.game.chosen(1) is not None
    hidden = hidden_from(table.game, 1)
    for text in texts:
        assert not set(CODE.findall(text)) & hidden and '"seed"' not in text


def test_a_seats_state_is_the_screens_traits_on_every_side() -> None:
    """A live seat's screen syncs each trait of a seat's state; the hub sends them all
    (``notes`` once, at the hello; ``four_color`` stays each screen's own choice, and a remote
    seat refuses a frame that names any other trait). An exercise's has no ``review``."""
    for screen in (StoeptegelWidget, RemoteSeat):
        assert set(SEAT_TRAITS) <= set(screen.class_trait_names(sync=True))
    exercise = set(StoeptegelScreen.class_trait_names(sync=True))
    assert set(SEAT_TRAITS) - exercise == {"review"}
    table = serve(players=2, bots={1: "greedy"}, process=False, think=None, seed=1)
    try:
        assert set(table.hub.state(0)) | {"notes"} == set(SEAT_TRAITS)
    finally:
        table.stop()
