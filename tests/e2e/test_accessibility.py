"""Accessibility of both tables in a real JupyterLab (issue 28): axe-core (the npm package,
injected by Playwright) finds no serious or critical violation on either table in the states a
player meets (initial, after moves, help open, the round's reveal, the end), light and dark;
each event is announced once, in words; the keyboard's focus ring stays visible, at least 3:1
against the felt, whatever glow a card or row has. Screenshots at 390, 700 and 1600 px, both
themes."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from harness import run_notebook, screenshot, set_theme, wait_for
from playwright.sync_api import expect

from .test_feel import GAME_OVER_CELLS, ST, TP, at_my_turn, lay_anns_last_card, to_the_reveal
from .test_stoeptegel import KEYBOARD_CELLS, settle, wait_my_turn
from .test_tripeaks import LOST_CELLS, SOURCE

pytestmark = pytest.mark.e2e

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
THEMES = ("JupyterLab Light", "JupyterLab Dark")


EXPECT_TIMEOUT_MS = 15_000
"""How long an ``expect`` waits here (conftest.py's ``patient_expect``): these tables animate."""


def serious(page: Any, selector: str) -> list[str]:
    """axe's serious and critical violations inside ``selector`` (the table's root only:
    JupyterLab's own chrome is not ours), as "rule: node, node" lines."""
    if not page.evaluate("() => typeof axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    found = page.evaluate(
        """async (sel) => {
          const root = document.querySelector(sel);
          const result = await axe.run(root, { resultTypes: ['violations'] });
          const where = (v) => v.nodes.slice(0, 4).map((n) => n.target.join(' ')).join(', ');
          return result.violations.filter((v) => ['serious', 'critical'].includes(v.impact))
            .map((v) => `${v.id}: ${where(v)}`);
        }""",
        selector,
    )
    return [str(line) for line in found]


def check_both_themes(page: Any, selector: str, state: str, problems: list[str]) -> None:
    """Run axe in the light and the dark theme (back to light after)."""
    for theme in THEMES:
        set_theme(page, theme)
        settle(page.locator(selector))
        problems += [f"{state}, {theme}: {line}" for line in serious(page, selector)]
    set_theme(page, THEMES[0])


def shots(page: Any, selector: str, name: str) -> None:
    """Screenshots at 390 (a phone: the file browser folded), 700 and 1600 px, light and dark,
    to look at."""
    folded = page.locator(".jp-SideBar.jp-mod-left .lm-TabBar-tab.lm-mod-current")
    for theme in THEMES:
        set_theme(page, theme)
        for width in (390, 700, 1600):
            if width == 390 and folded.count():
                folded.click()
            page.set_viewport_size({"width": width, "height": 844 if width == 390 else 900})
            page.locator(selector).scroll_into_view_if_needed()
            settle(page.locator(selector))
            screenshot(page, f"a11y-{name}-{width}-{'dark' if 'Dark' in theme else 'light'}")
    page.set_viewport_size({"width": 1280, "height": 900})
    set_theme(page, THEMES[0])


def test_tripeaks_has_no_serious_axe_violation(lab_server, page, page_errors):
    problems: list[str] = []
    run_notebook(page, lab_server, "a11y-tripeaks", [SOURCE])
    root = page.locator(TP)
    check_both_themes(page, TP, "initial", problems)
    root.locator('[data-position="18"]').click()
    expect(root.locator('[data-role="score"]')).to_have_text("1")
    root.locator('[data-role="stock"]').click()
    expect(root.locator('[data-role="stock"]')).to_have_attribute("data-count", "22")
    root.locator('[data-action="help"]').click()
    check_both_themes(page, TP, "after moves, help open", problems)
    shots(page, TP, "tripeaks")

    run_notebook(page, lab_server, "a11y-tripeaks-end", LOST_CELLS)
    expect(page.locator(TP).locator('[data-role="banner"]')).to_be_visible()
    check_both_themes(page, TP, "end", problems)
    shots(page, TP, "tripeaks-end")
    assert problems == [], "\n".join(problems)
    page_errors.assert_none()


def test_stoeptegel_has_no_serious_axe_violation(lab_server, page, page_errors):
    problems: list[str] = []
    run_notebook(page, lab_server, "a11y-stoeptegel", KEYBOARD_CELLS)
    root = page.locator(ST)
    wait_my_turn(page)
    check_both_themes(page, ST, "initial", problems)
    legal = root.evaluate("r => r.cardtableState().view.legal[0]")
    root.locator(f'[data-role="hand"] [data-card="{legal[0]}"]').click()
    root.locator(f'[data-row="{legal[1]}"]').click()
    wait_my_turn(page)
    root.locator('[data-action="help"]').click()
    check_both_themes(page, ST, "after moves, help open", problems)
    shots(page, ST, "stoeptegel")

    to_the_reveal(page, lab_server, "a11y-stoeptegel-reveal")
    check_both_themes(page, ST, "reveal", problems)
    shots(page, ST, "stoeptegel-reveal")

    root = lay_anns_last_card(page, lab_server, "a11y-stoeptegel-end", GAME_OVER_CELLS)
    expect(root).to_have_attribute("data-phase", "over")
    check_both_themes(page, ST, "end", problems)
    assert problems == [], "\n".join(problems)
    page_errors.assert_none()


# Every text a live region took on, in order (a MutationObserver set up before the moves); of
# a region that grew (a log), only what was added.
LISTEN_JS = """r => { window._said = [];
  const live = () => [...r.querySelectorAll(
    '[aria-live], [role="status"], [role="alert"], [role="log"]')];
  const read = (el) => el.textContent.trim();
  const last = new Map(live().map((el) => [el, read(el)]));
  new MutationObserver(() => { for (const el of live()) {
      const t = read(el);
      const before = last.get(el) || '';
      if (t && t !== before) window._said.push(t.startsWith(before) ? t.slice(before.length) : t);
      last.set(el, t); } })
    .observe(r, { subtree: true, childList: true, characterData: true }); }"""


def test_each_tripeaks_event_is_announced_once_in_words(lab_server, page, page_errors):
    run_notebook(page, lab_server, "a11y-tripeaks-said", [SOURCE])
    root = page.locator(TP)
    root.evaluate(LISTEN_JS)
    root.locator('[data-position="18"]').click()  # the 2 onto the ace
    expect(root.locator('[data-role="score"]')).to_have_text("1")
    said = wait_for(page, "() => window._said.length && window._said")
    assert len(said) == 1 and said[0].startswith("2") and "played" in said[0], said
    root.locator('[data-role="stock"]').focus()
    page.keyboard.press("h")
    said = wait_for(page, "() => window._said.length > 1 && window._said")
    assert len(said) == 2 and said[1].startswith("Hint: "), said
    assert any(suit in said[1] for suit in "♠♥♦♣") or "stock" in said[1], said
    page_errors.assert_none()


def test_a_bot_move_and_a_refusal_are_each_announced_once(lab_server, page, page_errors):
    run_notebook(page, lab_server, "a11y-stoeptegel-said", KEYBOARD_CELLS)
    root = page.locator(ST)
    wait_my_turn(page)
    root.evaluate(LISTEN_JS)
    legal = root.evaluate("r => r.cardtableState().view.legal")
    card = legal[0][0]
    refusing = next(r for r in range(3) if [card, r] not in legal)
    root.locator(f'[data-role="hand"] [data-card="{card}"]').click()
    root.locator(f'[data-row="{refusing}"]').click()  # sent anyway: the engine says why not
    message = root.locator('[data-role="message"]')
    expect(message).to_contain_text("rule B")
    refusal = message.text_content()
    page.keyboard.press("Escape")
    root.locator('[data-action="pass"]').click()
    wait_my_turn(page)
    settle(root)
    said = root.evaluate("() => window._said")
    assert said.count(refusal) == 1, said  # read once
    said.remove(refusal)
    log = "".join(root.locator('[data-role="log"] li').all_text_contents())
    assert said and "passed" in log, (said, log)
    # Read: the log's new lines, once each; not the turn line, nor the scoring sentence.
    assert [t for t in said if t not in log] == [], (said, log)
    page_errors.assert_none()


FOCUS_JS = """el => { const s = getComputedStyle(el);
  return { style: s.outlineStyle, width: parseFloat(s.outlineWidth), color: s.outlineColor }; }"""


def test_the_focus_ring_is_never_replaced_by_a_glow(lab_server, page, page_errors):
    root, card, row = at_my_turn(page, lab_server, "a11y-focus")
    node = root.locator(f'[data-role="hand"] [data-card="{card}"]')
    node.focus()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowLeft")  # a keyboard focus: :focus-visible
    expect(node).to_have_attribute("data-playable", "true")
    ring = node.evaluate(FOCUS_JS)
    assert ring["style"] == "solid" and ring["width"] >= 2, ring
    page.keyboard.press("Enter")  # picked: the rows that take it glow
    target = root.locator(f'[data-row="{row}"]')
    expect(target).to_have_attribute("data-takes", "true")
    target.focus()  # after a key: :focus-visible
    ring = target.evaluate(FOCUS_JS)
    assert ring["style"] == "solid" and ring["width"] >= 2, ring
    page_errors.assert_none()


NAMES_JS = """r => { const t = r.querySelector('.ct-tp__tableau');
  const named = [...t.querySelectorAll('[role="button"]')].map((n) => n.getAttribute('aria-label'));
  const backs = [...t.querySelectorAll('[data-state="down"]')];
  return { label: t.getAttribute('aria-label'), named,
           hidden: backs.filter((n) => n.getAttribute('aria-hidden') === 'true'
             && !n.hasAttribute('role')).length,
           backs: backs.length }; }"""


def test_tripeaks_face_down_cards_are_told_once_not_as_buttons(lab_server, page, page_errors):
    run_notebook(page, lab_server, "a11y-tripeaks-names", [SOURCE])
    root = page.locator(TP)
    found = root.evaluate(NAMES_JS)
    assert found["backs"] == 18 and found["hidden"] == 18, found  # no control, no name each
    assert "18 cards face down" in found["label"], found
    assert len(found["named"]) == 10 and all(" of " in name for name in found["named"]), found
    root.locator('[data-position="18"]').click()  # the 2 onto the ace: nothing turns up yet
    expect(root.locator('[data-role="score"]')).to_have_text("1")
    found = root.evaluate(NAMES_JS)
    assert found["backs"] == 18 and len(found["named"]) == 9, found
    page_errors.assert_none()
