"""Contrast, measured from computed styles in a real JupyterLab, light and dark (issue 28): the
small texts axe cannot judge on the tables (their layers overlap) reach 4.5:1 against what lies
beneath them: the rule tags, Stoeptegel's green scoring line, "Row n" on a row that takes the
picked card; the keyboard's focus ring (``--ct-focus``, the outline every focusable card and row
takes, test_accessibility) reaches 3:1 against the felt around it. Playable Tri-Peaks cards
differ from the others by more than brightness: a ring."""

from __future__ import annotations

from typing import Any

import pytest
from harness import run_notebook, set_theme
from playwright.sync_api import expect

from .test_accessibility import THEMES
from .test_feel import ST, TP, at_my_turn
from .test_stoeptegel import settle
from .test_tripeaks import LOST_CELLS

pytestmark = pytest.mark.e2e

# The contrast of each element's text against what lies beneath it: every colour is painted
# on a canvas (so color-mix() and rgb(… / a) read alike) and composed over its ancestors'
# backgrounds up to an opaque one; a gradient (the felt) counts as its two ends, the worse
# one kept. Returns [[what, ratio], ...].
CONTRAST_JS = """([els, ring]) => {
  const ctx = Object.assign(document.createElement('canvas'), { width: 1, height: 1 })
    .getContext('2d', { willReadFrequently: true });
  const rgba = (c) => { ctx.clearRect(0, 0, 1, 1); ctx.fillStyle = '#000'; ctx.fillStyle = c;
    ctx.fillRect(0, 0, 1, 1); const d = ctx.getImageData(0, 0, 1, 1).data;
    return [d[0], d[1], d[2], d[3] / 255]; };
  const over = (top, under) => top.slice(0, 3).map((v, i) => v * top[3] + under[i] * (1 - top[3]));
  const lum = (c) => { const [r, g, b] = c.map((v) => { v /= 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
  const ratio = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
    return (x + 0.05) / (y + 0.05); };
  // The colours beneath el (its own background included), composed from the opaque one up.
  const beneath = (el) => {
    const layers = [];
    for (let n = el; n && n.nodeType === 1; n = n.parentElement) {
      const s = getComputedStyle(n);
      if (s.backgroundImage.includes('gradient')) {
        const ends = ['--ct-felt', '--ct-felt-edge'].map((v) => s.getPropertyValue(v).trim())
          .filter(Boolean).map(rgba);
        layers.push({ ends });
        break;
      }
      const c = rgba(s.backgroundColor);
      if (c[3] > 0) layers.push({ c });
      if (c[3] >= 1) break;
    }
    let bases = [[255, 255, 255]];
    for (const layer of layers.reverse()) {
      bases = layer.ends ? layer.ends.map((e) => e.slice(0, 3))
        : bases.map((b) => over(layer.c, b));
    }
    return bases;
  };
  return els.map((el) => {
    const s = getComputedStyle(el);
    const colour = rgba(ring ? s.getPropertyValue('--ct-focus') : s.color);
    const bases = beneath(ring ? el.parentElement : el);
    const worst = Math.min(...bases.map((b) => ratio(over(colour, b), b)));
    return [`${el.className || el.tagName} "${el.textContent.trim().slice(0, 20)}"`, worst];
  });
}"""


def contrast(page: Any, selector: str, *, ring: bool = False) -> list[tuple[str, float]]:
    """``[(what, ratio)]`` for every element matching ``selector`` (at least one)."""
    found = page.locator(selector)
    expect(found.first).to_be_attached()
    handles = found.element_handles()
    return [(what, round(r, 2)) for what, r in page.evaluate(CONTRAST_JS, [handles, ring])]


def low(measured: list[tuple[str, float]], floor: float, theme: str) -> list[str]:
    return [f"{theme}: {what} {ratio}:1" for what, ratio in measured if ratio < floor]


def test_small_texts_on_the_stoeptegel_table_reach_4_5_to_1(lab_server, page, page_errors):
    root, card, row = at_my_turn(page, lab_server, "contrast-stoeptegel")
    root.locator('[data-action="help"]').click()
    root.locator(f'[data-role="hand"] [data-card="{card}"]').click()
    expect(root.locator(f'[data-row="{row}"]')).to_have_attribute("data-takes", "true")
    problems: list[str] = []
    for theme in THEMES:
        set_theme(page, theme)
        settle(root)
        for selector in (
            f"{ST} .ct-rule",  # the help's tags and the prompt's
            f'{ST} [data-row][data-takes="true"] .ct-st__row-name',
            f"{ST} [data-role='scoring']",
            f"{ST} [data-role='prompt']",
        ):
            problems += low(contrast(page, selector), 4.5, theme)
        rings = f"{ST} .ct-st__hcard, {ST} [data-row]"
        problems += low(contrast(page, rings, ring=True), 3, f"{theme}, focus ring")
    set_theme(page, THEMES[0])
    assert problems == [], "\n".join(problems)
    page_errors.assert_none()


COUNTING_CELLS = [
    "from cardtable import StoeptegelWidget\n"
    "from cardtable.stoeptegel import Stoeptegel\n"
    # Your stoeptegel is a spade and row 1 counts the 4 of spades: the scoring line is green.
    "game = Stoeptegel.scenario(['8H 5S', 'KD 9C'], ['4S', '7D', 'QC'], ['2S', 'JH'], seed=3)\n"
    "table = StoeptegelWidget(game=game, think=(0.02, 0.05))\n"
    "table"
]


def test_the_green_scoring_line_reaches_4_5_to_1(lab_server, page, page_errors):
    run_notebook(page, lab_server, "contrast-scoring", COUNTING_CELLS)
    root = page.locator(ST)
    line = root.locator('[data-role="scoring"][data-counts="true"]')
    expect(line).to_be_visible()
    problems: list[str] = []
    for theme in THEMES:
        set_theme(page, theme)
        settle(root)
        problems += low(contrast(page, f"{ST} [data-role='scoring']"), 4.5, theme)
    set_theme(page, THEMES[0])
    assert problems == [], "\n".join(problems)
    page_errors.assert_none()


PLAYABLE_JS = """r => { const cue = (sel) => { const c = r.querySelector(sel + ' .ct-card');
    const s = getComputedStyle(c); return { shadow: s.boxShadow, outline: s.outlineStyle }; };
  return { playable: cue('[data-state="up"][data-playable="true"]'),
           other: cue('[data-state="up"]:not([data-playable])') }; }"""


def test_tripeaks_tags_rings_and_playable_cards(lab_server, page, page_errors):
    run_notebook(page, lab_server, "contrast-tripeaks", LOST_CELLS[:1])
    root = page.locator(TP)
    root.locator('[data-action="help"]').click()
    cues = root.evaluate(PLAYABLE_JS)
    ring = cues["playable"]["shadow"]
    assert ring != cues["other"]["shadow"] and "0px 0px 0px 2px" in ring, cues
    problems: list[str] = []
    for theme in THEMES:
        set_theme(page, theme)
        settle(root)
        problems += low(contrast(page, f"{TP} .ct-rule"), 4.5, theme)
        rings = f"{TP} .ct-tp__slot[data-state='up'], {TP} [data-role='stock']"
        problems += low(contrast(page, rings, ring=True), 3, f"{theme}, focus ring")

    run_notebook(page, lab_server, "contrast-tripeaks-end", LOST_CELLS)
    root = page.locator(TP)
    expect(root.locator('[data-role="banner"]')).to_be_visible()
    for theme in THEMES:
        set_theme(page, theme)
        settle(root)
        problems += low(contrast(page, f"{TP} [data-role='banner'] .ct-rule"), 4.5, theme)
    set_theme(page, THEMES[0])
    assert problems == [], "\n".join(problems)
    page_errors.assert_none()
