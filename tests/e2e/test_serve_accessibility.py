"""The served page at phone size (390×844) is accessible (issue 28): axe-core finds no serious
or critical violation on the whole page (its main landmark, its level-one heading, the controls'
names) in the states a player meets (choosing, after moves, help open, the round's reveal, the
end of the game), in the light and the dark theme. Screenshots of each state, to look at."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterator
from typing import Any

import pytest
from harness import screenshot
from playwright.sync_api import expect

from cardtable import serve

from .test_accessibility import AXE

pytestmark = pytest.mark.e2e
ST = ".cardtable-stoeptegel"
PHONE = {"width": 390, "height": 844}


@pytest.fixture
def served() -> Iterator[Any]:
    """Serve tables on an asyncio loop in a thread: ``served(target=...)`` starts one (a human
    at seat 0, a greedy bot at seat 1); all are stopped at the end."""
    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_forever, daemon=True)
    thread.start()
    tables: list[Any] = []

    def start(target: int) -> Any:
        async def make() -> Any:
            return serve(
                players=2, bots={1: "greedy"}, process=False, think=None, seed=12, target=target
            )

        table = asyncio.run_coroutine_threadsafe(make(), loop).result(10)
        tables.append(table)
        return table

    yield start
    for table in tables:
        loop.call_soon_threadsafe(table.stop)
    loop.call_soon_threadsafe(loop.stop)
    thread.join(5)


def serious(page: Any) -> list[str]:
    """axe's serious and critical violations on the whole page (target sizes included), and
    its moderate ones about the page's outline: a main landmark, a level-one heading."""
    if not page.evaluate("() => typeof axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    found = page.evaluate(
        """async () => {
          const result = await axe.run(document, {
            resultTypes: ['violations'], rules: { 'target-size': { enabled: true } } });
          const where = (v) => v.nodes.slice(0, 4).map((n) => n.target.join(' ')).join(', ');
          const outline = ['landmark-one-main', 'page-has-heading-one'];
          return result.violations
            .filter((v) => ['serious', 'critical'].includes(v.impact) || outline.includes(v.id))
            .map((v) => `${v.id}: ${where(v)}`);
        }"""
    )
    return [str(line) for line in found]


def check(page: Any, state: str, problems: list[str]) -> None:
    """axe in both themes, and a screenshot of each."""
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        page.wait_for_timeout(400)  # let the table's motion settle
        problems += [f"{state}, {scheme}: {line}" for line in serious(page)]
        screenshot(page, f"serve-a11y-{state}-390-{scheme}", full_page=True)
    page.emulate_media(color_scheme="light")


def play_until(page: Any, table: Any, done: Any) -> None:
    """Seat 0 lays the first card a row takes (clicking it, then the row), else passes, until
    ``done()``; the bot answers at once."""
    root = page.locator(ST)
    for _ in range(60):
        if done():
            return
        expect(root.locator('[data-action="pass"]')).to_be_enabled(timeout=15_000)
        before = len(table.game.events)
        moves = table.game.legal_plays(0)
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
    raise AssertionError("the table never got there")


def open_phone(browser: Any, link: str) -> Any:
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, bypass_csp=True)
    page = context.new_page()
    page.goto(link)
    expect(page.locator(ST)).to_have_attribute("data-seat", "0", timeout=15_000)
    return page


def test_the_served_page_at_phone_size_has_no_serious_axe_violation(
    served: Any, browser: Any
) -> None:
    problems: list[str] = []
    table = served(30)
    page = open_phone(browser, table.links[0])
    try:
        root = page.locator(ST)
        check(page, "choosing", problems)
        root.locator('[data-role="hand"] [data-card]').first.click()
        root.locator('[data-action="choose"]').click()
        expect(root).to_have_attribute("data-phase", "play")
        play_until(page, table, lambda: len(table.game.actions) >= 6)
        root.locator('[data-action="help"]').click()
        check(page, "moves-help", problems)
        root.locator('[data-action="help"]').click()
        play_until(page, table, lambda: table.game.round > 1)
        expect(root.locator('[data-role="reveal"]')).to_be_visible()
        check(page, "reveal", problems)
    finally:
        page.context.close()

    table = served(1)  # the first point laid wins
    page = open_phone(browser, table.links[0])
    try:
        root = page.locator(ST)
        root.locator('[data-role="hand"] [data-card]').first.click()
        root.locator('[data-action="choose"]').click()
        play_until(page, table, lambda: table.game.over)
        expect(root).to_have_attribute("data-phase", "over")
        check(page, "end", problems)
    finally:
        page.context.close()
    assert problems == [], "\n".join(problems)
