"""The reviews in a real JupyterLab (issue 29): a lost Tri-Peaks game's Review, stepped back
with ←, its first mistake marked; the record downloaded as a file. Screenshots at 700 and 1600
px, light and dark."""

from __future__ import annotations

import json
from typing import Any

import pytest
from harness import run_notebook
from playwright.sync_api import expect

from cardtable.stoeptegel import Stoeptegel
from cardtable.stoeptegel.bots import GreedyBot, play_on
from cardtable.stoeptegel.review_view import round_points
from cardtable.tripeaks import TriPeaks, review

from .test_accessibility import shots

pytestmark = pytest.mark.e2e

SEED = 6  # always the first legal move: the 33rd loses the clear (tests/widgets too)
TRIPEAKS = f"""from cardtable import TriPeaksWidget
table = TriPeaksWidget(seed={SEED})
while not table.game.over:
    table.game.apply(table.game.legal_moves()[0])
table"""


def lost_game() -> TriPeaks:
    game = TriPeaks(seed=SEED)
    while not game.over:
        game.apply(game.legal_moves()[0])
    return game


def test_a_lost_games_review_steps_back_to_its_marked_mistake(lab_server, page, page_errors):
    game = lost_game()
    mistake = review(game).first_mistake
    assert mistake is not None
    run_notebook(page, lab_server, "review-tripeaks", [TRIPEAKS])
    root = page.locator(".cardtable-tripeaks")
    expect(root).to_have_attribute("data-over", "true")

    root.locator('[data-action="review"]').click()
    line = root.locator('[data-role="timeline"]')
    # The solver weighs every move in its thread: seconds on a loaded machine.
    expect(line).to_have_attribute("data-steps", str(len(game.moves)), timeout=60_000)
    expect(line).to_have_attribute("data-step", str(mistake))  # it opens at the mistake
    marked = line.locator("[data-mistake]")
    expect(marked).to_have_count(1)
    expect(marked).to_have_attribute("data-step", str(mistake))
    headline = root.locator('[data-role="review-text"]')
    expect(headline).to_contain_text("could no longer be cleared")
    panel = root.locator('[data-role="review"]')
    expect(panel.locator("[data-better]")).to_have_count(1)  # the move that kept it clearable
    expect(root.locator('[data-action="undo"]')).to_be_disabled()  # the review is a verdict

    page.keyboard.press("ArrowLeft")
    expect(line).to_have_attribute("data-step", str(mistake - 1))
    expect(root.locator('[data-role="review-step"]')).to_contain_text(f"Move {mistake} of")
    # Face-down cards stay face down: every covered slot of the step shows its back.
    down = panel.locator('[data-state="down"] .ct-card')
    assert down.count() > 0
    assert down.evaluate_all("cards => cards.every(c => c.classList.contains('ct-card--back'))")
    page.keyboard.press("ArrowRight")
    expect(line).to_have_attribute("data-step", str(mistake))
    shots(page, ".cardtable-tripeaks", "review-tripeaks")

    panel.locator('[data-nav="close"]').click()
    with page.expect_download() as download:
        root.locator('[data-action="download"]').click()
    record = json.loads(download.value.path().read_text(encoding="utf-8"))
    assert TriPeaks.from_record(record).moves == game.moves
    page_errors.assert_none()


STOEPTEGEL = """from cardtable import StoeptegelWidget
from cardtable.stoeptegel import Stoeptegel
from cardtable.stoeptegel.bots import GreedyBot, play_on
game = Stoeptegel(players=3, seed=5)
play_on(game, [GreedyBot(seed=s) for s in range(3)], until_round=2)
table = StoeptegelWidget(game=game, think=None)
table"""

# Set once the review panel showed its progress bar while the worker weighed the decisions.
WATCH_PROGRESS = """root => {
  window.sawProgress = false;
  new MutationObserver(() => {
    const bar = root.querySelector('[data-role="review-progress"]');
    if (bar && !bar.hidden && !bar.closest('[hidden]')) window.sawProgress = true;
  }).observe(root, { subtree: true, childList: true, attributes: true });
}"""


def opened_review(page: Any, root: Any, steps: int) -> tuple[Any, Any]:
    """Click Review on the round's panel: its progress bar shows, then the timeline of
    ``steps`` steps (returned with the review panel)."""
    root.evaluate(WATCH_PROGRESS)
    root.locator('[data-role="reveal"] [data-action="review"]').click()
    line = root.locator('[data-role="timeline"]')
    expect(line).to_have_attribute("data-steps", str(steps), timeout=60_000)
    assert page.evaluate("window.sawProgress")
    panel = root.locator('[data-role="review"]')
    expect(panel.locator('[data-role="review-text"]')).to_contain_text("decisions in round 1")
    return line, panel


def review_hand(panel: Any) -> list[str]:
    """The cards of the hand the review panel draws at its step, as wire codes."""
    codes: list[str] = panel.locator('[data-role="review-hand"] [data-card]').evaluate_all(
        "cards => cards.map(c => c.dataset.card)"
    )
    return codes


def test_a_rounds_review_shows_its_progress_then_only_the_seats_cards(
    lab_server, page, page_errors
):
    game = Stoeptegel(players=3, seed=5)
    play_on(game, [GreedyBot(seed=s) for s in range(3)], until_round=2)
    points = round_points(game, 0, 1)
    run_notebook(page, lab_server, "review-stoeptegel", [STOEPTEGEL])
    root = page.locator(".cardtable-stoeptegel")
    reveal = root.locator('[data-role="reveal"]')
    expect(reveal).to_be_visible()
    line, panel = opened_review(page, root, len(points))
    for _ in range(len(points)):  # every step shows seat 0's own hand, as it saw it then
        at = int(line.get_attribute("data-step") or 0)
        hand = review_hand(panel)
        assert hand[: len(points[at][2]["hand"])] == points[at][2]["hand"], at
        page.keyboard.press("ArrowLeft" if at else "End")
        if at == 0:
            break
    expect(line.locator("[data-mistake]")).to_have_count(
        len(root.evaluate("r => r.cardtableState().review.mistakes"))
    )
    shots(page, ".cardtable-stoeptegel", "review-stoeptegel")

    panel.locator('[data-nav="close"]').click()
    with page.expect_download() as download:
        reveal.locator('[data-action="download"]').click()
    text = download.value.path().read_text(encoding="utf-8")
    record = json.loads(text)  # the seat's own record: what it saw, no seed, no other hand
    assert (record["format"], record["seat"]) == ("cardtable.seat-record", 0)
    assert '"seed"' not in text and '"hands"' not in text
    page_errors.assert_none()
