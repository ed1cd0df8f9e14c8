"""A Tri-Peaks table in Dutch and in Catalan in a real JupyterLab (issue 31): the help panel
in the player's language, a refusal with its rule tag, the end screen and its verdict; every
label fits (Dutch and Catalan run longer than English), at 700 and 1600 px, light and dark."""

from __future__ import annotations

import pytest
from harness import (
    ARTIFACTS,
    open_notebook,
    run_cell,
    run_notebook,
    set_theme,
    wait_kernel_ready,
    write_notebook,
)
from playwright.sync_api import expect

from cardtable import i18n

from ..tripeaks.decks import CLEARING_ORDER, perfect_deal

pytestmark = pytest.mark.e2e

DECK = perfect_deal()  # waste A♠; only position 18 fits at first; CLEARING_ORDER clears it

# Elements whose text a player reads: none may be cut off, and the table not run wider than
# its cell.
CLIPPED = """(root) => {
  const cut = [];
  for (const el of root.querySelectorAll("button, .ct-tp__stat, .ct-tp__mode, .ct-message, "
      + ".ct-tp__keys, .ct-help li, .ct-tp__banner-box > *, .ct-tp__session > *")) {
    if (el.offsetParent === null) continue; // not shown
    if (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 2)
      cut.push(`${el.className}: ${el.textContent}`);
  }
  const box = root.getBoundingClientRect();
  const cell = root.closest(".jp-OutputArea-output")?.getBoundingClientRect();
  if (cell && box.right > cell.right + 1) cut.push(`table ${box.right} > cell ${cell.right}`);
  return cut;
}"""


def shots(page, root, name: str) -> None:
    """The table at 700 and 1600 px, in the light and the dark theme; nothing cut off."""
    for theme in ("JupyterLab Light", "JupyterLab Dark"):
        set_theme(page, theme)
        for width in (700, 1600):
            page.set_viewport_size({"width": width, "height": 1000})
            root.scroll_into_view_if_needed()
            page.wait_for_timeout(150)  # a resize settles in a frame or two
            assert root.evaluate(CLIPPED) == [], (name, theme, width)
            dark = "dark" if "Dark" in theme else "light"
            root.screenshot(path=str(ARTIFACTS / f"lang-{name}-{width}-{dark}.png"))
    set_theme(page, "JupyterLab Light")
    page.set_viewport_size({"width": 1280, "height": 900})


@pytest.mark.parametrize("lang", ["nl", "ca"])
def test_a_tripeaks_game_in_dutch_and_in_catalan(lab_server, page, page_errors, lang):
    source = (
        "from cardtable import TriPeaksWidget\nfrom cardtable.tripeaks import TriPeaks\n"
        f"table = TriPeaksWidget(game=TriPeaks.from_deck({DECK!r}), lang={lang!r})\ntable"
    )
    run_notebook(page, lab_server, f"tripeaks-{lang}", [source])
    root = page.locator(".cardtable-tripeaks")
    expect(root).to_be_visible()
    say = lambda key, **fields: i18n.text(key, lang, **fields)  # noqa: E731

    # The help panel: every rule T1-T10 in the player's words
    root.locator('[data-action="help"]').click()
    help_panel = root.locator('[data-role="help"]')
    expect(help_panel).to_be_visible()
    expect(help_panel).to_contain_text(say("tripeaks.help.T3"))
    expect(help_panel.locator(".ct-rule")).to_have_count(11)
    expect(root.locator('[data-action="hint"]')).to_have_text(say("page.hint_button"))

    # A refusal with its rule tag: a face-down card (rule T1)
    root.locator('[data-position="0"]').click()
    message = root.locator('[data-role="message"]')
    expect(message).to_contain_text(say("tripeaks.face_down", hidden=2, over=2, covering=""))
    expect(message.locator(".ct-rule")).to_have_text(say("cite.rule", rules="T1"))
    title = message.locator(".ct-rule").get_attribute("title")
    assert title and say("tripeaks.help.T1") in title
    shots(page, root, f"{lang}-play")

    # The end screen: the deal played out by clicking, then the verdict asked for
    for position in CLEARING_ORDER:
        card = root.locator(f'[data-position="{position}"]')
        card.click()
        expect(card).to_have_attribute("data-state", "gone")
    banner = root.locator('[data-role="banner"]')
    expect(banner).to_be_visible()
    expect(banner).to_contain_text(say("tripeaks.end.won"))
    expect(banner).to_contain_text(say("tripeaks.end.score", score=466))
    root.locator('[data-action="analyse"]').click()
    expect(root.locator('[data-role="analysis"]')).to_contain_text(
        say("tripeaks.verdict.winnable", best=466)
    )
    expect(root.locator('[data-action="replay"]')).to_have_text(say("tripeaks.page.replay"))
    # what a screen reader hears of the waste's card: the language's own card name
    spoken = root.locator('[data-role="waste"]').get_attribute("aria-label") or ""
    suits = i18n.entry("page.suits", lang).values()  # type: ignore[union-attr]
    assert spoken.startswith(say("tripeaks.page.waste", card="")), spoken
    assert any(suit in spoken for suit in suits), spoken
    shots(page, root, f"{lang}-end")
    page_errors.assert_none()


WIDGETS = ["TriPeaksWidget(seed=3)", "StoeptegelWidget(players=3, seed=3)"]


@pytest.mark.parametrize("widget", WIDGETS)
def test_a_live_switch_of_language_keeps_the_opened_panels_open(
    lab_server, page, page_errors, widget
):
    """``table.lang = "nl"`` from a cell draws the table again in Dutch: the help and the
    settings the player had opened stay open (they closed), and the focus stays in the
    notebook (the settings panel, opened again, does not take it)."""
    name = f"relang-{widget[:4]}"
    write_notebook(lab_server.root / f"{name}.ipynb", [
        f"from cardtable import StoeptegelWidget, TriPeaksWidget\ntable = {widget}\ntable",
        "table.lang = 'nl'",
    ])  # fmt: skip
    open_notebook(page, lab_server, name)
    wait_kernel_ready(page)
    run_cell(page, 0)
    root = page.locator(".cardtable-tripeaks, .cardtable-stoeptegel").first
    for action in ("help", "settings"):
        root.locator(f'[data-action="{action}"]').click()
        expect(root.locator(f'[data-action="{action}"]')).to_have_attribute("aria-expanded", "true")
    run_cell(page, 1)
    dutch = i18n.text("page.help", "nl")
    expect(root.locator('[data-action="help"]')).to_have_attribute("title", dutch)
    for action in ("help", "settings"):
        expect(root.locator(f'[data-action="{action}"]')).to_have_attribute("aria-expanded", "true")
    expect(root.locator('[data-role="help"]')).to_be_visible()
    expect(root.locator('[data-role="settings"]')).to_be_visible()
    assert not root.evaluate("r => r.contains(document.activeElement)")
    page_errors.assert_none()
