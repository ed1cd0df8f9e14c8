"""Issue 31 in a real browser, Stoeptegel's part (Tri-Peaks': test_languages.py): a round in
JupyterLab with ``lang="nl"`` and one with ``lang="ca"`` (help open, the round's reveal), and
one served table whose two seats play in Dutch and Catalan at the same time (two pages).
Every visible text is scanned for English words; the translated labels must fit: no control
overflows, is cut off or is hidden below an overlay's edge. Screenshots at 700 and 1600 px (the
served page also at 390 px), light and dark."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterator
from typing import Any

import pytest
from harness import run_notebook, screenshot, set_theme
from playwright.sync_api import expect

from cardtable import serve

from ..languages.english import english

pytestmark = pytest.mark.e2e

CONTROLS = (
    'button, [data-role="prompt"], .ct-st__chip, .ct-st__name, .ct-st__status, .ct-st__label, '
    ".ct-st__tag, .ct-st__breakdown th, .ct-st__breakdown td"  # the reveal's every column too
)
FITS_JS = """(root, controls) => {
  const bad = [];
  const box = root.getBoundingClientRect();
  for (const el of root.querySelectorAll(controls)) {
    if (el.closest('[hidden]') || !el.getClientRects().length) continue;
    const r = el.getBoundingClientRect();
    if (el.scrollWidth > el.clientWidth + 2 && getComputedStyle(el).overflowX !== 'visible')
      bad.push('cut: ' + el.textContent.trim().slice(0, 40));
    if (r.right > box.right + 1 || r.left < box.left - 1)
      bad.push('outside: ' + el.textContent.trim().slice(0, 40));
    const overlay = el.closest('.ct-st__overlay');
    const o = overlay && overlay.getBoundingClientRect();
    if (o && (r.bottom > o.bottom + 1 || r.top < o.top - 1))
      bad.push('hidden: ' + el.textContent.trim().slice(0, 40));
  }
  return bad;
}"""


EXPECT_TIMEOUT_MS = 20_000
"""How long an ``expect`` waits here (conftest.py's ``patient_expect``): these tables animate."""


def english_on(root: Any) -> list[str]:
    """The visible lines of ``root`` (and its tooltips and labels) with an English word."""
    texts = root.evaluate(
        """r => [r.innerText, ...[...r.querySelectorAll('[title], [aria-label]')]
            .flatMap(e => [e.getAttribute('title') || '', e.getAttribute('aria-label') || ''])]"""
    )
    lines = [line for text in texts for line in text.splitlines() if line.strip()]
    return sorted({line for line in lines if english(line) and line.strip() != "Stoeptegel"})


def fits(page: Any, root: Any, name: str, shown: Any) -> None:
    """At 700 and 1600 px: every control fits, and a screenshot is saved with ``shown`` (a
    part of the table) in view."""
    for width in (700, 1600):
        page.set_viewport_size({"width": width, "height": 1000})
        page.wait_for_timeout(200)
        assert root.evaluate(FITS_JS, CONTROLS) == [], (name, width)
        shown.evaluate("e => e.scrollIntoView({block: 'start'})")
        page.wait_for_timeout(100)
        screenshot(page, f"lang-{name}-{width}")


def play_to_the_reveal(root: Any) -> None:
    """Set the first card aside, then pass until the round's reveal shows (the bots lay)."""
    expect(root).to_have_attribute("data-phase", "choose")
    root.locator('[data-role="hand"] [data-card]').first.click()
    root.locator('[data-action="choose"]').click()
    reveal = root.locator('[data-role="reveal"]')
    for _ in range(60):
        if reveal.is_visible():
            return
        passing = root.locator('[data-action="pass"]')
        if passing.is_visible() and passing.is_enabled():
            passing.click()
        root.page.wait_for_timeout(150)
    expect(reveal).to_be_visible()


@pytest.mark.parametrize("lang", ["nl", "ca"])
def test_a_stoeptegel_round_in_jupyterlab_speaks_the_table_language(
    lang: str, server: Any, page: Any, page_errors: Any
) -> None:
    run_notebook(page, server, f"lang-{lang}", [
        "from cardtable import StoeptegelWidget\n"
        f"table = StoeptegelWidget(players=3, seed=21, lang={lang!r}, think=(0.05, 0.1))\n"
        "table",
    ])  # fmt: skip
    root = page.locator(".cardtable-stoeptegel")
    expect(root).to_have_attribute("data-seat", "0")
    # The file browser closed: at 700 px the notebook has the width a reader gives it.
    page.locator(".jp-SideBar.jp-mod-left .lm-TabBar-tab.lm-mod-current").click()
    expect(page.locator("#jp-left-stack")).to_be_hidden()
    root.locator('[data-action="help"]').click()
    expect(root.locator('[data-role="help"]')).to_be_visible()
    assert english_on(root) == []
    fits(page, root, f"{lang}-choose-help-light", root)
    set_theme(page, "JupyterLab Dark")
    fits(page, root, f"{lang}-choose-help-dark", root)
    root.locator('[data-action="help"]').click()  # closed: the felt in view
    play_to_the_reveal(root)
    reveal = root.locator('[data-role="reveal"]')
    expect(reveal).to_be_visible()
    assert english_on(root) == []
    fits(page, root, f"{lang}-reveal-dark", reveal)
    set_theme(page, "JupyterLab Light")
    fits(page, root, f"{lang}-reveal-light", reveal)
    page_errors.assert_none()


def test_two_tables_on_one_page_each_speak_their_own_language(
    server: Any, page: Any, page_errors: Any
) -> None:
    """A Dutch table and, below it, an English one, each played to its reveal after both
    came: each draws its rows, hand, secrets and reveal in its own words (its drawing helpers
    take the table's words; they once read page-wide words, kept apart only because anywidget
    loads each table's module on its own)."""
    run_notebook(page, server, "lang-two-tables", [
        "from cardtable import StoeptegelWidget\n"
        "dutch = StoeptegelWidget(players=3, seed=21, lang='nl', think=(0.05, 0.1))\n"
        "dutch",
        "english = StoeptegelWidget(players=3, seed=22, think=(0.05, 0.1))\nenglish",
    ])  # fmt: skip
    tables = page.locator(".cardtable-stoeptegel")
    dutch, english_table = tables.nth(0), tables.nth(1)
    for root in (dutch, english_table):  # each drawn again, its reveal too, after both came
        play_to_the_reveal(root)
    assert english_on(dutch) == []
    words = {dutch: ("Jouw stoeptegel", "Speler"), english_table: ("Your stoeptegel", "Player")}
    for root, (own, player) in words.items():
        expect(root.locator(".ct-st__secret-label").first).to_have_text(own)
        expect(root.locator(".ct-st__breakdown thead th").first).to_have_text(player)
    page_errors.assert_none()


@pytest.fixture
def table() -> Iterator[Any]:
    """A three-seat table (a bot at seat 2) served on its own asyncio loop in a thread."""
    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_forever, daemon=True)
    thread.start()

    async def start() -> Any:
        return serve(players=3, bots={2: "greedy"}, process=False, think=(0.05, 0.1), seed=21)

    served = asyncio.run_coroutine_threadsafe(start(), loop).result(10)
    yield served
    loop.call_soon_threadsafe(served.stop)
    loop.call_soon_threadsafe(loop.stop)
    thread.join(5)


def test_two_seats_of_one_served_table_play_in_dutch_and_catalan(table: Any, browser: Any) -> None:
    langs = {0: ("nl", "light", "nl-NL"), 1: ("ca", "dark", "ca-ES")}
    contexts, roots = [], {}
    try:
        for seat, (lang, scheme, locale) in langs.items():
            # Seat 0's language comes from its link, seat 1's from its browser's languages.
            context = browser.new_context(viewport={"width": 1600, "height": 1000},
                                          color_scheme=scheme, locale=locale)  # fmt: skip
            contexts.append(context)
            page = context.new_page()
            page.goto(table.links[seat] + ("&lang=nl" if seat == 0 else ""))
            roots[seat] = page.locator(".cardtable-stoeptegel")
            expect(roots[seat]).to_have_attribute("data-seat", str(seat))
            assert page.evaluate("document.documentElement.lang") == lang
            expect(roots[seat].locator('[data-role="message"]')).to_have_text("")  # no refusal
        for root in roots.values():
            root.locator('[data-role="hand"] [data-card]').first.click()
            root.locator('[data-action="choose"]').click()
        for _ in range(120):  # pass until the round's reveal shows on both pages
            if all(root.locator('[data-role="reveal"]').is_visible() for root in roots.values()):
                break
            for root in roots.values():
                passing = root.locator('[data-action="pass"]')
                if passing.is_visible() and passing.is_enabled():
                    passing.click()
            roots[0].page.wait_for_timeout(150)
        for seat, root in roots.items():
            lang = langs[seat][0]
            expect(root.locator('[data-role="reveal"]')).to_be_visible()
            root.locator('[data-action="help"]').click()
            assert english_on(root) == [], seat
            page = root.page
            for scheme in ("light", "dark"):
                page.emulate_media(color_scheme=scheme)
                for width in (390, 700, 1600):
                    page.set_viewport_size({"width": width, "height": 1000})
                    page.wait_for_timeout(150)
                    assert root.evaluate(FITS_JS, CONTROLS) == [], (seat, scheme, width)
                    screenshot(page, f"lang-served-{lang}-{scheme}-{width}", full_page=True)
    finally:
        for context in contexts:
            context.close()
