"""Two players, two browsers: two Chromium contexts open two seats' links of one served table
and play through the real table UI (choose a stoeptegel, lay or pass to the end of a round).
Neither page receives a card hidden from its seat (every websocket frame scanned); the token
leaves the address bar; the page works at phone width."""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from harness import screenshot
from playwright.sync_api import expect
from test_stoeptegel import CODE, this_round, visible_codes

from cardtable import serve
from cardtable.cards import deck_with_jokers

pytestmark = pytest.mark.e2e
ALL_CODES = {c.code for c in deck_with_jokers(2)} - {"JK"}


@contextmanager
def served_in_a_thread(start: Callable[[], Any]) -> Iterator[Any]:
    """The table ``start()`` serves, on its own asyncio loop in a thread (``table.game``
    readable; ``start`` runs on that loop)."""
    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_forever, daemon=True)
    thread.start()

    async def started() -> Any:
        return start()

    served = asyncio.run_coroutine_threadsafe(started(), loop).result(30)
    served.loop = loop
    try:
        yield served
    finally:
        loop.call_soon_threadsafe(served.stop)
        loop.call_soon_threadsafe(loop.stop)
        thread.join(5)


@pytest.fixture
def table() -> Iterator[Any]:
    """A two-seat table served on its own asyncio loop in a thread (``table.game`` readable)."""
    with served_in_a_thread(
        lambda: serve(players=2, process=False, think=None, seed=12, target=30)
    ) as served:
        yield served


def open_seat(
    browser: Any, link: str, width: int = 900, scheme: str = "light"
) -> tuple[Any, list[dict[str, Any]]]:
    context = browser.new_context(viewport={"width": width, "height": 900}, color_scheme=scheme)
    page = context.new_page()
    frames: list[dict[str, Any]] = []

    def on_socket(ws: Any) -> None:
        ws.on("framereceived", lambda payload: frames.append(json.loads(payload)))

    page.on("websocket", on_socket)
    page.goto(link)
    return page, frames


def wait_for_turn(page: Any, table: Any, seat: int, done: Any) -> bool:
    """Wait until the table gives ``seat`` the move and its page shows that same table (its hand
    and the stock as the engine holds them, Pass on screen and enabled); False if ``done()``
    first. A page one frame behind would be clicked on a table that is gone (a round that ended
    hides Pass), so the engine alone is not enough."""
    root = page.locator(".cardtable-stoeptegel")
    for _ in range(300):
        if done():
            return False
        game = table.game
        if game.phase == "play" and game.to_move == seat:
            shown = root.evaluate(
                """(root) => {
                  const pass = root.querySelector('[data-action="pass"]');
                  return [root.querySelectorAll('[data-role="hand"] [data-card]').length,
                          Number(root.querySelector('[data-role="stock"]')?.dataset.count),
                          Boolean(pass && pass.checkVisibility() && !pass.disabled)];
                }"""
            )
            if shown == [len(game.hand(seat)), game.stock_count, True]:
                return True
        page.wait_for_timeout(50)
    raise AssertionError(f"seat {seat}'s page never showed its turn")


def lay_or_pass(page: Any, table: Any, seat: int, done: Any = lambda: False) -> None:
    """On ``seat``'s page, lay its first card that a row takes (clicking the card, then the
    row), else pass; then wait until the table has moved on (or ``done()``)."""
    root = page.locator(".cardtable-stoeptegel")
    if not wait_for_turn(page, table, seat, done):
        return
    moves = table.game.legal_plays(seat)
    before = len(table.game.events)
    if moves:
        card, row = moves[0]
        root.locator(f'[data-role="hand"] [data-card="{card.code}"]').first.click()
        root.locator(f'[data-row="{row}"]').click()
    else:
        root.locator('[data-action="pass"]').click()
    for _ in range(200):
        if len(table.game.events) > before or done():
            break
        page.wait_for_timeout(50)


def test_two_browsers_play_one_table_and_see_only_their_own_cards(table: Any, browser: Any) -> None:
    contexts = []
    try:
        pages = {
            seat: open_seat(browser, link, *((900, "light") if seat == 0 else (390, "dark")))
            for seat, link in table.links.items()
        }
        contexts = [page.context for page, _ in pages.values()]
        for seat, (page, _) in pages.items():
            root = page.locator(".cardtable-stoeptegel")
            expect(root).to_have_attribute("data-seat", str(seat), timeout=15_000)
            assert "token" not in page.url  # out of the address bar at once
            root.locator('[data-role="hand"] [data-card]').first.click()
            root.locator('[data-action="choose"]').click()
        for page, _ in pages.values():
            expect(page.locator(".cardtable-stoeptegel")).to_have_attribute("data-phase", "play")
        screenshot(pages[0][0], "serve-seat0")
        screenshot(pages[1][0], "serve-seat1-phone-dark")
        # The phone prefers a dark theme: the page and the table's log panel follow it.
        for (page, _), (body, panel) in (
            (pages[0], ("rgb(255, 255, 255)", "rgb(238, 238, 238)")),
            (pages[1], ("rgb(17, 17, 17)", "rgb(66, 66, 66)")),
        ):
            assert page.evaluate(
                """() => [getComputedStyle(document.body).backgroundColor,
                          getComputedStyle(document.querySelector('.ct-st__aside-title'))
                            .backgroundColor]"""
            ) == [body, panel]
        # Play the round out by the UI: the seat to move lays its first card that a row takes
        # (clicking the card, then the row), else passes.
        for _ in range(40):
            if table.game.round > 1 or table.game.over:
                break
            seat = table.game.to_move
            lay_or_pass(pages[seat][0], table, seat)
        assert table.game.round > 1, "the round did not end"
        expect(pages[0][0].locator('[data-role="reveal"]')).to_be_visible()
        screenshot(pages[0][0], "serve-reveal")
        game = table.game
        for seat, (_, frames) in pages.items():
            assert frames, seat
            seen = visible_codes(game, seat)
            for frame in frames:
                assert frame["type"] == "state"
                round_number, text = this_round(frame["state"])
                hidden = ALL_CODES - seen.get(round_number, set())
                reveal = frame["state"]["view"].get("reveal")
                if reveal and reveal["round"] == round_number:
                    hidden -= {s["card"] for s in reveal["stoeptegels"]}
                leaked = set(CODE.findall(text)) & hidden
                assert not leaked, (seat, round_number, leaked)
                assert '"seed"' not in text
    finally:
        for context in contexts:
            context.close()


JOIN_CELLS = [
    "import cardtable\nfrom cardtable import StoeptegelWidget\n"
    "table = cardtable.serve(players=2, bots={1: 'greedy'}, process=False, think=None, seed=5)\n"
    "seat = StoeptegelWidget.join(table.links[0])\nseat",
    "_spy = globals().get('_spy', 0) + 1\nprint(table.game.to_json() if _spy > 1 else '')",
]


def test_a_notebook_joins_a_served_table_and_its_kernel_sends_only_that_seat(
    lab_server: Any, page: Any, page_errors: Any
) -> None:
    from harness import run_cell, run_notebook
    from test_stoeptegel import KernelFrames

    from cardtable.stoeptegel import Stoeptegel

    frames = KernelFrames(page)
    run_notebook(page, lab_server, "join-a-table", JOIN_CELLS)
    root = page.locator(".cardtable-stoeptegel")
    expect(root).to_have_attribute("data-seat", "0", timeout=15_000)
    root.locator('[data-role="hand"] [data-card]').first.click()
    root.locator('[data-action="choose"]').click()
    expect(root).to_have_attribute("data-phase", "play")
    screenshot(page, "serve-joined-in-lab")
    game = Stoeptegel.from_json(run_cell(page, 1).strip().splitlines()[-1])
    seen = visible_codes(game, 0)
    states = frames.widget_states()
    assert states
    for state in states:
        round_number, text = this_round(state)
        hidden = ALL_CODES - seen.get(round_number or 1, set())
        assert not set(CODE.findall(text)) & hidden
    page_errors.assert_none()
