"""House rules in a real browser: a served table that plays them shows the small "house rules"
tag (its tooltip names them), and its help panel lists the nine readings in force, each with the
Dutch words it reads; a Part B table shows no tag. All text comes from Python."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterator
from typing import Any

import pytest
from harness import screenshot
from playwright.sync_api import expect

from cardtable import serve
from cardtable.stoeptegel import Rules
from cardtable.stoeptegel.rules import READINGS

pytestmark = pytest.mark.e2e


@pytest.fixture
def tables() -> Iterator[dict[str, Any]]:
    """A house-rules table and a Part B one, served on an asyncio loop in a thread."""
    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_forever, daemon=True)
    thread.start()

    async def start(rules: Rules) -> Any:
        return serve(players=2, process=False, think=None, seed=3, rules=rules)

    served = {
        name: asyncio.run_coroutine_threadsafe(start(rules), loop).result(10)
        for name, rules in (("house", Rules(ten_on_ten=True, four_wraps=False)), ("plain", Rules()))
    }
    yield served
    for table in served.values():
        loop.call_soon_threadsafe(table.stop)
    loop.call_soon_threadsafe(loop.stop)
    thread.join(5)


def test_the_tag_and_the_help_show_the_house_rules_in_force(tables: Any, browser: Any) -> None:
    context = browser.new_context(viewport={"width": 900, "height": 900})
    try:
        page = context.new_page()
        page.goto(tables["house"].links[0])
        root = page.locator(".cardtable-stoeptegel")
        expect(root).to_have_attribute("data-seat", "0", timeout=15_000)
        tag = root.locator('[data-role="house-rules"]')
        expect(tag).to_be_visible()
        expect(tag).to_have_text("house rules")
        title = "This table plays house rules: ten_on_ten on, four_wraps off."
        expect(tag).to_have_attribute("title", f"{title} The ? panel says what each one means.")
        root.locator('[data-action="help"]').click()
        lines = root.locator('[data-role="house-help"] li')
        expect(lines).to_have_count(9)
        ten = root.locator('[data-role="house-help"] li[data-field="ten_on_ten"]')
        expect(ten).to_have_attribute("data-changed", "true")
        expect(ten.locator('q[lang="nl"]')).to_have_text(READINGS["ten_on_ten"].dutch)
        expect(ten.locator("strong")).to_have_text(READINGS["ten_on_ten"].other)
        king = root.locator('[data-role="house-help"] li[data-field="ace_on_any_king"]')
        expect(king).to_have_attribute("data-changed", "false")
        # The rules' own lines that these readings make untrue here are struck through.
        own = root.locator('[data-role="help"] > ul > li')
        expect(own.filter(has_text="A 10 goes on its own suit")).to_have_attribute(
            "data-superseded", "true"
        )
        expect(own.filter(has_text="A 5 goes on its own suit")).not_to_have_attribute(
            "data-superseded", "true"
        )
        screenshot(page, "house-rules-help")
        plain = context.new_page()
        plain.goto(tables["plain"].links[0])
        other = plain.locator(".cardtable-stoeptegel")
        expect(other).to_have_attribute("data-seat", "0", timeout=15_000)
        expect(other.locator('[data-role="house-rules"]')).to_be_hidden()
    finally:
        context.close()
