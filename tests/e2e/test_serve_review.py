"""A served seat reviews its round (issue 29), in headless Chromium on the served page: after
round one, Review shows its progress bar while the table's bot worker weighs the seat's
decisions, then the timeline over them with the seat's own hand at each step; Download record
saves the seat's own record. No frame the page receives holds a card the seat could not see."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from harness import screenshot
from playwright.sync_api import expect

from cardtable import serve
from cardtable.stoeptegel.bots import GreedyBot, play_on
from cardtable.stoeptegel.review_view import round_points

from .test_review import opened_review, review_hand
from .test_serve import open_seat, served_in_a_thread

pytestmark = pytest.mark.e2e


@pytest.fixture
def table_after_round_one() -> Iterator[Any]:
    """A two-seat table served on its own asyncio loop in a thread, its first round played."""

    def start() -> Any:
        table = serve(players=2, process=False, think=None, seed=5)
        play_on(table.game, [GreedyBot(seed=s) for s in range(2)], until_round=2)
        return table

    with served_in_a_thread(start) as served:
        yield served


def test_a_served_seat_reviews_its_round_and_sees_only_its_cards(
    table_after_round_one: Any, browser: Any
) -> None:
    from tests.server.test_served_review import CODE, seen_by

    table = table_after_round_one
    points = round_points(table.game, 1, 1)
    page, frames = open_seat(browser, table.links[1])
    try:
        root = page.locator(".cardtable-stoeptegel")
        reveal = root.locator('[data-role="reveal"]')
        expect(reveal).to_be_visible(timeout=15_000)
        line, panel = opened_review(page, root, len(points))
        screenshot(page, "serve-review")
        page.keyboard.press("End")
        for at in range(len(points) - 1, -1, -1):  # stepped back with ←: the seat's own hand
            expect(line).to_have_attribute("data-step", str(at))
            hand = review_hand(panel)
            assert hand[: len(points[at][2]["hand"])] == points[at][2]["hand"], at
            page.keyboard.press("ArrowLeft")
        mistakes = [f["state"]["review"] for f in frames if f.get("state", {}).get("review")]
        expect(line.locator("[data-mistake]")).to_have_count(len(mistakes[-1]["mistakes"]))

        panel.locator('[data-nav="close"]').click()
        with page.expect_download() as download:
            reveal.locator('[data-action="download"]').click()
        text = download.value.path().read_text(encoding="utf-8")
        record = json.loads(text)
        assert (record["format"], record["seat"]) == ("cardtable.seat-record", 1)

        seen = seen_by(table.game, 1)
        assert {c.code for c in table.game.hand(0)} - seen  # some cards seat 1 never saw
        for frame in frames:
            assert not set(CODE.findall(json.dumps(frame))) - seen, frame.get("type")
            assert '"seed"' not in json.dumps(frame)
    finally:
        page.context.close()
