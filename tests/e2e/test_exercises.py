"""Exercises answered on the live tables in a real JupyterLab: a wrong click is refused with the
reason (data-exercise-state="wrong") while the position stays as it was, the hint is one click
away, the right click solves it, the progress line follows on every table of the course, and
"Try again" poses it anew. No legal-move highlight is ever drawn. An exercise solved at the
first try shows its star; a solved table offers "Next exercise", which moves the focus to the
next exercise's table; the progress outlasts the kernel."""

from __future__ import annotations

from typing import Any

import pytest
from harness import assert_focus_stays, press_until, run_notebook, screenshot, set_theme
from playwright.sync_api import expect

pytestmark = pytest.mark.e2e

CELLS = [
    "from cardtable.lessons import Course, TASKS\n"
    "course = Course()\ncourse.reset()  # each test starts afresh\ncourse.exercise('tp-wrap')",
    "course.exercise('st-four')",
]


def progress(solved: int, stars: int) -> str:
    return f"{solved} of 34 solved · {stars} ★"


def row_cards(table: Any, row: int) -> list[str]:
    return table.locator(f'[data-row="{row}"] [data-card]').evaluate_all(
        "els => els.map(e => e.dataset.card)"
    )


def solve_wrap_by_clicking(page: Any, tp: Any, solved_before: int) -> None:
    """Tri-Peaks, exercise tp-wrap: the 2♥ does not go on the K♣ (refused, nothing moves); the
    A♦ does. A wrong first try: no star."""
    two = tp.locator('[data-position="20"]')
    expect(two).to_have_attribute("data-card", "2H")
    two.click()
    expect(tp).to_have_attribute("data-exercise-state", "wrong")
    expect(tp.locator('[data-role="exercise-feedback"]')).to_contain_text("rule T3")
    expect(tp.locator('[data-role="waste"]')).to_have_attribute("data-card", "KC")
    expect(two).to_have_attribute("data-state", "up")
    screenshot(page, "exercise-tripeaks-wrong")
    tp.locator('[data-position="24"]').click()
    expect(tp).to_have_attribute("data-exercise-state", "solved")
    expect(tp.locator('[data-role="waste"]')).to_have_attribute("data-card", "AD")
    expect(tp.locator('[data-role="exercise-progress"]')).to_have_text(
        progress(solved_before + 1, 0)
    )
    expect(tp.locator('[data-role="exercise-star"]')).to_be_hidden()


def solve_four_by_clicking(page: Any, st: Any, solved_before: int, stars_before: int = 0) -> None:
    """Stoeptegel, exercise st-four: after the hint (no try), the 4♣ laid on row 1 slides past
    the closed row 2 on to row 3: solved at the first try, a star."""
    st.scroll_into_view_if_needed()
    st.locator('[data-action="hint"]').click()
    expect(st.locator('[data-role="exercise-hint"]')).to_contain_text("closed rows are skipped")
    st.locator('[data-role="hand"] [data-card="4C"]').click()
    assert st.locator("[data-would-score], [data-takes]").count() == 0  # no highlights
    st.locator('[data-row="0"]').click()
    expect(st).to_have_attribute("data-exercise-state", "solved")
    expect(st.locator('[data-row="2"] [data-card="4C"]')).to_have_count(1)
    expect(st.locator('[data-role="exercise-progress"]')).to_have_text(
        progress(solved_before + 1, stars_before + 1)
    )
    expect(st.locator('[data-role="exercise-star"]')).to_be_visible()
    expect(st.locator('[data-role="prompt"]')).to_have_text("")  # nobody is to move now
    expect(st.locator('[data-to-move="true"]')).to_have_count(0)
    screenshot(page, "exercise-stoeptegel-solved")


def try_four_wrong(page: Any, st: Any) -> None:
    """st-four once more: the 4♣ laid on row 3 itself, on the K♥, is refused (rule B9) and
    nothing moves."""
    st.scroll_into_view_if_needed()
    before = [row_cards(st, r) for r in range(3)]
    st.locator('[data-role="hand"] [data-card="4C"]').click()
    st.locator('[data-row="2"]').click()
    expect(st).to_have_attribute("data-exercise-state", "wrong")
    expect(st.locator('[data-role="exercise-feedback"]')).to_contain_text("B9")
    assert [row_cards(st, r) for r in range(3)] == before
    expect(st.locator('[data-role="hand"] [data-card="4C"]')).to_have_count(1)
    screenshot(page, "exercise-stoeptegel-wrong")


def open_exercises(page: Any, server: Any, name: str) -> tuple[Any, Any]:
    """Run CELLS as notebook ``name``; the Tri-Peaks and the Stoeptegel exercise tables."""
    page.set_viewport_size({"width": 1000, "height": 1100})
    run_notebook(page, server, name, CELLS)
    return page.locator('[data-exercise="tp-wrap"]'), page.locator('[data-exercise="st-four"]')


def test_an_exercise_of_each_game_is_solved_by_clicking(
    lab_server: Any, page: Any, page_errors: Any
) -> None:
    tp, st = open_exercises(page, lab_server, "exercises")
    expect(tp).to_have_attribute("data-exercise-state", "open")
    expect(st).to_have_attribute("data-exercise-state", "open")
    assert tp.locator('[data-playable="true"]').count() == 0  # no highlights in an exercise

    solve_wrap_by_clicking(page, tp, solved_before=0)
    next_button = tp.locator('[data-action="next"]')
    expect(next_button).to_be_visible()
    next_button.click()  # on to the next exercise's table: the focus moves there
    expect(st).to_be_focused()
    solve_four_by_clicking(page, st, solved_before=1, stars_before=0)
    expect(tp.locator('[data-role="exercise-progress"]')).to_have_text(progress(2, 1))
    st.locator('[data-action="reset"]').click()
    expect(st.locator('[data-action="next"]')).to_be_hidden()
    try_four_wrong(page, st)

    # Try again: the first position, the progress kept.
    tp.scroll_into_view_if_needed()
    tp.locator('[data-action="reset"]').click()
    expect(tp).to_have_attribute("data-exercise-state", "open")
    expect(tp.locator('[data-role="waste"]')).to_have_attribute("data-card", "KC")
    expect(tp.locator('[data-role="exercise-progress"]')).to_have_text(progress(2, 1))

    # Narrow and wide windows, light and dark: the bar, the goal and the buttons stay readable.
    tp.locator('[data-position="20"]').click()  # a wrong try, so the verdict shows
    expect(tp).to_have_attribute("data-exercise-state", "wrong")
    for width in (700, 1600):
        page.set_viewport_size({"width": width, "height": 1000})
        tp.scroll_into_view_if_needed()
        page.wait_for_timeout(300)
        screenshot(page, f"exercise-{width}")
        buttons = tp.locator(".ct-ex__buttons").bounding_box()
        bar = tp.locator(".ct-ex").bounding_box()
        assert buttons and bar and buttons["x"] + buttons["width"] <= bar["x"] + bar["width"] + 1
    set_theme(page, "JupyterLab Dark")
    try:
        page.wait_for_timeout(300)
        screenshot(page, "exercise-dark")
    finally:
        set_theme(page, "JupyterLab Light")
    page_errors.assert_none()


def test_the_progress_outlasts_the_kernel(lab_server: Any, page: Any, page_errors: Any) -> None:
    """Solved at the first try in one kernel; a new kernel's course still counts it, star and
    all (the server's kernels share one CARDTABLE_DATA_DIR)."""
    page.set_viewport_size({"width": 1000, "height": 1000})
    run_notebook(page, lab_server, "progress-one", [
        "from cardtable.lessons import Course\ncourse = Course()\ncourse.reset()\n"
        "course.exercise('st-pass')",
    ])  # fmt: skip
    st = page.locator('[data-exercise="st-pass"]')
    st.locator('[data-action="pass"]').click()
    expect(st).to_have_attribute("data-exercise-state", "solved")
    expect(st.locator('[data-role="exercise-progress"]')).to_have_text(progress(1, 1))
    run_notebook(page, lab_server, "progress-two", [
        "from cardtable.lessons import Course\nCourse().exercise('tp-wrap')",
    ])  # fmt: skip
    tp = page.locator('[data-exercise="tp-wrap"]')
    expect(tp.locator('[data-role="exercise-progress"]')).to_have_text(progress(1, 1))
    page_errors.assert_none()


BROWSER_ONLY = (  # as in JupyterLite without /drive: nowhere in the kernel lasts
    "from cardtable import userdata\nuserdata.data_dir = lambda: None\n"
    "from cardtable.lessons import Course\n"
)


def test_without_a_data_directory_the_browser_keeps_the_progress(
    lab_server: Any, page: Any, page_errors: Any
) -> None:
    page.set_viewport_size({"width": 1000, "height": 1000})
    run_notebook(page, lab_server, "browser-one", [BROWSER_ONLY + "Course().exercise('st-pass')"])
    st = page.locator('[data-exercise="st-pass"]')
    st.locator('[data-action="pass"]').click()
    expect(st).to_have_attribute("data-exercise-state", "solved")
    kept = page.evaluate("() => JSON.parse(localStorage.getItem('cardtable-progress'))")
    assert kept["stars"] == ["st-pass"]
    run_notebook(page, lab_server, "browser-two", [BROWSER_ONLY + "Course().exercise('tp-wrap')"])
    tp = page.locator('[data-exercise="tp-wrap"]')  # a new kernel, told by the browser
    expect(tp.locator('[data-role="exercise-progress"]')).to_have_text(progress(1, 1))
    page.evaluate("() => localStorage.removeItem('cardtable-progress')")
    page_errors.assert_none()


def centre(locator: Any) -> tuple[float, float]:
    box = locator.bounding_box()
    assert box is not None
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def touch_drag(cdp: Any, start: tuple[float, float], end: tuple[float, float]) -> None:
    """A finger on ``start``, moved in steps to ``end``, lifted (real touch input: Chromium
    turns it into pointer events with pointerType "touch")."""
    cdp.send(
        "Input.dispatchTouchEvent",
        {"type": "touchStart", "touchPoints": [{"x": start[0], "y": start[1]}]},
    )
    for k in range(1, 9):
        x = start[0] + (end[0] - start[0]) * k / 8
        y = start[1] + (end[1] - start[1]) * k / 8
        cdp.send(
            "Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": y}]}
        )
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def pen_drag(cdp: Any, start: tuple[float, float], end: tuple[float, float]) -> None:
    """A pen pressed on ``start``, moved to ``end``, lifted (pointerType "pen")."""

    def send(kind: str, x: float, y: float, buttons: int) -> None:
        cdp.send("Input.dispatchMouseEvent", {
            "type": kind, "x": x, "y": y, "button": "left", "buttons": buttons,
            "clickCount": 1, "pointerType": "pen",
        })  # fmt: skip

    send("mousePressed", *start, 1)
    for k in range(1, 9):
        send("mouseMoved", start[0] + (end[0] - start[0]) * k / 8,
             start[1] + (end[1] - start[1]) * k / 8, 1)  # fmt: skip
    send("mouseReleased", *end, 0)


def test_cards_are_dragged_by_touch_and_by_pen(
    lab_server: Any, page: Any, page_errors: Any
) -> None:
    run_notebook(
        page,
        lab_server,
        "exercise-touch",
        ["from cardtable.lessons import Course\nCourse().exercise('st-four')"],
    )
    st = page.locator('[data-exercise="st-four"]')
    st.scroll_into_view_if_needed()
    cdp = page.context.new_cdp_session(page)
    cdp.send("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 1})
    four = st.locator('[data-role="hand"] [data-card="4C"]')
    touch_drag(cdp, centre(four), centre(st.locator('[data-row="2"]')))
    expect(st).to_have_attribute("data-exercise-state", "wrong")  # dropped on row 3: judged
    expect(st.locator('[data-role="exercise-feedback"]')).to_contain_text("B9")
    pen_drag(cdp, centre(four), centre(st.locator('[data-row="0"]')))
    expect(st).to_have_attribute("data-exercise-state", "solved")
    expect(st.locator('[data-row="2"] [data-card="4C"]')).to_have_count(1)
    page_errors.assert_none()
    # The server ran from this checkout's .venv without a Node stack trace (the root
    # package.json no longer declares ES modules for everything below it, .venv included).
    log = lab_server.log_tail(100_000)
    assert "require is not defined" not in log and "Could not determine jupyterlab build" not in log


def test_an_exercise_of_each_game_is_solved_by_keyboard_alone(
    lab_server: Any, page: Any, page_errors: Any
) -> None:
    tp, st = open_exercises(page, lab_server, "exercises-keys")

    # Tri-Peaks: into the table at the stock (its one tab stop), the arrows walk the cards.
    tp.locator('[data-role="stock"]').focus()
    press_until(tp, "ArrowRight", "card", "2H")
    page.keyboard.press("Enter")
    expect(tp).to_have_attribute("data-exercise-state", "wrong")
    expect(tp.locator('[data-role="waste"]')).to_have_attribute("data-card", "KC")
    assert_focus_stays(page, tp, "a refused try")
    press_until(tp, "ArrowRight", "card", "AD")
    page.keyboard.press("Enter")
    expect(tp).to_have_attribute("data-exercise-state", "solved")
    assert_focus_stays(page, tp, "a solved exercise")
    press_until(tp, "Shift+Tab", "action", "reset")  # the bar (above) is in the tab order
    page.keyboard.press("Enter")
    expect(tp).to_have_attribute("data-exercise-state", "open")
    expect(tp.locator('[data-role="waste"]')).to_have_attribute("data-card", "KC")

    # Stoeptegel: the arrows walk the hand, Enter picks, a digit lays on that row.
    st.scroll_into_view_if_needed()
    st.locator('[data-role="hand"] [data-card]').first.focus()
    press_until(st, "Shift+Tab", "action", "hint")
    page.keyboard.press("Enter")
    expect(st.locator('[data-role="exercise-hint"]')).to_contain_text("closed rows are skipped")
    st.locator('[data-role="hand"] [data-card]').first.focus()
    press_until(st, "ArrowRight", "card", "4C")
    page.keyboard.press("Enter")
    expect(st.locator('[data-role="hand"] [data-card="4C"]')).to_have_attribute(
        "data-selected", "true"
    )
    page.keyboard.press("3")
    expect(st).to_have_attribute("data-exercise-state", "wrong")
    expect(st.locator('[data-role="exercise-feedback"]')).to_contain_text("B9")
    assert_focus_stays(page, st, "a refused card")
    if st.locator('[data-role="hand"] [data-card="4C"][data-selected="true"]').count() == 0:
        press_until(st, "ArrowRight", "card", "4C")
        page.keyboard.press("Enter")
    page.keyboard.press("1")
    expect(st).to_have_attribute("data-exercise-state", "solved")
    expect(st.locator('[data-row="2"] [data-card="4C"]')).to_have_count(1)
    assert_focus_stays(page, st, "a solved exercise")
    expect(st.locator('[data-bot="true"]')).to_have_count(0)  # nobody "thinks" in an exercise
    # Nor do the rows say what the learner is to work out (which card counts, "lower").
    marks = ".ct-st__counts-tag, .is-counting, .is-see-through, [data-role='turned']"
    expect(st.locator(marks)).to_have_count(0)
    screenshot(page, "exercise-stoeptegel-keyboard")
    page_errors.assert_none()
