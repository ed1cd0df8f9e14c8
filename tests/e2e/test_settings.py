"""Settings on the table (issue 28), in a real JupyterLab: the panel opens by keyboard and by
mouse, its choices are the kernel's, the chosen ones come with the next deal (Tri-Peaks'
scoring, Stoeptegel's target, bots and deck), never mid-game, and the focus comes back to the
settings button when the panel closes."""

from __future__ import annotations

import re

import pytest
from harness import run_cell, run_notebook, screenshot
from playwright.sync_api import expect

pytestmark = pytest.mark.e2e

TP, ST = ".cardtable-tripeaks", ".cardtable-stoeptegel"
FOCUSED_JS = (
    "r => document.activeElement && (document.activeElement.dataset.action"
    " || document.activeElement.dataset.setting || null)"
)
TRIPEAKS_CELLS = [
    "from cardtable import TriPeaksWidget\ntable = TriPeaksWidget(seed=41)\ntable",
    "print(table.game.scoring, table.game.moves)",
]
STOEPTEGEL_CELLS = [
    "from cardtable import StoeptegelWidget\n"
    "table = StoeptegelWidget(players=2, seed=5, think=None, target=1)\ntable",
    # Run again once the table is drawn (Run All runs it at once, silently): the game's end.
    "if globals().get('_shown'):\n"
    "    while table.game.phase != 'over':\n"
    "        v = table.view\n"
    "        if v['phase'] == 'choose':\n"
    "            table.handle({'action': 'choose', 'card': v['hand'][0]})\n"
    "        elif v['legal']:\n"
    "            card, row = v['legal'][0]\n"
    "            table.handle({'action': 'play', 'card': card, 'row': row})\n"
    "        else:\n"
    "            table.handle({'action': 'pass'})\n"
    "_shown = True",
    "print(table.game.target, type(table.bots[1]).__name__, table.four_color)",
]


EXPECT_TIMEOUT_MS = 15_000
"""How long an ``expect`` waits here (conftest.py's ``patient_expect``): these tables animate."""


def test_tripeaks_settings_by_keyboard_and_mouse_deal_the_next_game(lab_server, page, page_errors):
    run_notebook(page, lab_server, "settings-tripeaks", TRIPEAKS_CELLS)
    root = page.locator(TP)
    button = root.locator('[data-action="settings"]')
    panel = root.locator('[data-role="settings"]')
    expect(panel).to_be_hidden()
    # By keyboard: Enter opens it with the focus on its first choice; Escape closes it and
    # gives the focus back to the button.
    button.focus()
    page.keyboard.press("Enter")
    expect(panel).to_be_visible()
    expect(button).to_have_attribute("aria-expanded", "true")
    assert root.evaluate(FOCUSED_JS) == "scoring"
    page.keyboard.press("d")  # typed in the panel: not a draw
    page.keyboard.press("Escape")
    expect(panel).to_be_hidden()
    assert root.evaluate(FOCUSED_JS) == "settings"
    expect(root.locator('[data-role="stock"]')).to_have_attribute("data-count", "23")

    # By mouse: the choices are the kernel's; the game in play stays as it is until the deal.
    button.click()
    expect(panel).to_be_visible()
    scoring = panel.locator('[data-setting="scoring"]')
    assert scoring.locator("option").all_text_contents() == ["standard", "multiplier"]
    expect(panel.locator(".ct-rule", has_text="T7")).to_have_count(1)
    scoring.select_option(label="multiplier")
    screenshot(page, "settings-tripeaks-open")
    root.locator('[data-role="stock"]').click()  # a move meanwhile: still standard scoring
    expect(root.locator(".ct-tp__mode")).to_have_text("standard scoring")
    apply = panel.locator('[data-action="new"]')
    apply.click()  # a game in play asks first
    expect(apply).to_have_text("Sure? Press again")
    apply.click()
    expect(root.locator(".ct-tp__mode")).to_have_text("multiplier scoring")
    expect(panel).to_be_hidden()
    expect(root.locator('[data-role="stock"]')).to_have_attribute("data-count", "23")
    assert root.evaluate(FOCUSED_JS) == "settings"  # the focus back on the button
    assert run_cell(page, 1).split() == ["multiplier", "[]"]  # Python's game is the new one
    button.click()
    expect(panel.locator('[data-setting="scoring"]')).to_have_value('"multiplier"')
    page_errors.assert_none()


def test_stoeptegel_settings_wait_for_the_next_game(lab_server, page, page_errors):
    run_notebook(page, lab_server, "settings-stoeptegel", STOEPTEGEL_CELLS)
    root = page.locator(ST)
    expect(root).to_have_attribute("data-phase", "choose")
    panel = root.locator('[data-role="settings"]')
    root.locator('[data-action="settings"]').focus()
    page.keyboard.press("Enter")
    expect(panel).to_be_visible()
    assert root.evaluate(FOCUSED_JS) == "target"
    page.keyboard.press("1")  # typed in the panel: not a move
    panel.locator('[data-setting="target"]').select_option(label="10 points")
    panel.locator('[data-setting="bots"]').select_option(label="random")
    panel.locator('[data-setting="four_color"]').select_option(label="four colours")
    apply = panel.locator('[data-action="new"]')
    expect(apply).to_be_disabled()  # mid-game: the game ends at its target (B27)
    expect(panel.locator(".ct-settings__note .ct-rule", has_text="B27")).to_have_count(1)
    screenshot(page, "settings-stoeptegel-open")

    run_cell(page, 1)  # the game is played to its end
    expect(root).to_have_attribute("data-phase", "over")
    expect(apply).to_be_enabled()
    assert panel.locator('[data-setting="target"]').input_value() == "10"  # still chosen
    apply.click()
    expect(root).to_have_attribute("data-phase", "choose")
    expect(root.locator('[data-role="target"]')).to_have_text("to 10 points")
    expect(root).to_have_class(re.compile(r"\bct-four-color\b"))
    expect(panel).to_be_hidden()
    assert run_cell(page, 2).split() == ["10", "RandomBot", "True"]
    page_errors.assert_none()
