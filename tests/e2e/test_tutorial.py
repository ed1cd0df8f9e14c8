"""The tutorial in a real JupyterLab (headless Chromium): Run All, every code cell runs, none
fails, every table renders, and it all runs in well under a minute. This is the tutorial's
run in the test command: nbval skips it (``conftest.py``) unless Chromium is missing.

The notebook tags every cell whose output is a table (cell metadata ``tags``: ``widget-tripeaks``
or ``widget-stoeptegel``; ``tests/test_notebooks_meta.py`` keeps the tags honest), so the number
of tables to expect is read from the notebook itself. Screenshots go to
``tests/e2e/artifacts/tutorial-*.png``.
"""

from __future__ import annotations

import json
import shutil
import time
from pathlib import Path

import pytest
from harness import (
    PANEL,
    open_notebook,
    output_problems,
    run_all,
    run_menu,
    screenshot,
    wait_cells_done,
    wait_for,
    wait_kernel_ready,
)
from playwright.sync_api import expect
from test_exercises import progress, solve_four_by_clicking

pytestmark = pytest.mark.e2e

NOTEBOOK = Path(__file__).resolve().parents[2] / "notebooks" / "tutorial.ipynb"
ROOTS = {"tripeaks": ".cardtable-tripeaks", "stoeptegel": ".cardtable-stoeptegel"}
# A widget output is the one output kind that JupyterLab renders without a data-mime-type
# attribute (a panel holding the widget view, or its load error).
WIDGET_OUTPUT = ".jp-OutputArea-output:not([data-mime-type])"


def table_cells(game: str) -> list[str]:
    """The sources of the tutorial's cells that show a table of ``game``, in order."""
    cells = json.loads(NOTEBOOK.read_text(encoding="utf-8"))["cells"]
    return [
        "".join(cell["source"])
        for cell in cells
        if f"widget-{game}" in cell.get("metadata", {}).get("tags", [])
    ]


def exercise_cells() -> list[str]:
    """The tutorial's cells that pose an exercise (tag ``exercise``)."""
    cells = json.loads(NOTEBOOK.read_text(encoding="utf-8"))["cells"]
    return [
        "".join(c["source"]) for c in cells if "exercise" in c.get("metadata", {}).get("tags", [])
    ]


def code_cells() -> int:
    """How many code cells the tutorial has."""
    cells = json.loads(NOTEBOOK.read_text(encoding="utf-8"))["cells"]
    return sum(cell["cell_type"] == "code" for cell in cells)


def expected_tables() -> dict[str, int]:
    """How many tables of each game the tutorial shows, from its cell tags."""
    return {game: len(table_cells(game)) for game in ROOTS}


def table_index(game: str, snippet: str) -> int:
    """Which of ``game``'s tables the first cell containing ``snippet`` draws."""
    return next(i for i, source in enumerate(table_cells(game)) if snippet in source)


_COUNT_JS = """
([panel, selector]) => (document.querySelector(panel) || document).querySelectorAll(selector).length
"""


def count(page, selector: str) -> int:
    return int(page.evaluate(_COUNT_JS, [PANEL, selector]))


def saved_code_cells(page, path: Path, timeout_s: float = 90) -> list[dict]:
    """Save the notebook (File → Save Notebook) until the copy on disk shows every code cell
    run, and return its code cells: what nbval reads (the page shows no prompt for a cell
    whose code is hidden)."""
    deadline = time.monotonic() + timeout_s
    while True:
        run_menu(page, "File", "Save Notebook")
        time.sleep(1)
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        code = [cell for cell in cells if cell["cell_type"] == "code"]
        if all(cell.get("execution_count") for cell in code) or time.monotonic() > deadline:
            return code
        time.sleep(2)


_SHOW_JS = """
async ([panel, selector, nth]) => {
  const root = document.querySelector(panel) || document;
  const el = root.querySelectorAll(selector)[nth];
  if (!el) return 'no such table';
  const outer = root.querySelector('.jp-WindowedPanel-outer');
  const frame = () => new Promise(done => requestAnimationFrame(done));
  const frames = async () => { await frame(); await frame(); };
  // Scroll, let the browser paint, and measure again until the table stays on top.
  for (let i = 0; i < 30; i++) {
    const offset = el.getBoundingClientRect().top - outer.getBoundingClientRect().top - 8;
    if (Math.abs(offset) < 2) break;
    outer.scrollTop += offset;
    await frames();
  }
  const box = el.getBoundingClientRect();
  const drawn = box.height > 0 && box.top < window.innerHeight;
  return drawn ? true : `top ${box.top}, height ${box.height}`;
}
"""


# The code cells before Part 3 whose source shows: each is folded (its input hidden behind
# JupyterLab's one-line placeholder), so a learner reads prose, tables and exercises only.
_VISIBLE_CODE_JS = """
(panel) => {
  const root = document.querySelector(panel) || document;
  const shown = [];
  for (const cell of root.querySelectorAll('.jp-Notebook .jp-Cell')) {
    const heading = cell.querySelector('.jp-MarkdownOutput h1');
    if (heading && heading.textContent.startsWith('Part 3')) break;
    if (!cell.classList.contains('jp-CodeCell')) continue;
    const editor = cell.querySelector('.jp-InputArea-editor');
    if (editor && editor.offsetParent !== null && editor.getBoundingClientRect().height > 0) {
      shown.push(editor.textContent.slice(0, 60));
    }
  }
  return shown;
}
"""


def show(page, selector: str, nth: int) -> None:
    """Scroll the nth match to the top of the notebook (which scrolls in its own panel) and
    wait until it is painted."""
    drawn = page.evaluate(_SHOW_JS, [PANEL, selector, nth])
    assert drawn is True, f"{selector} #{nth} is not drawn: {drawn}"


@pytest.fixture
def all_cells_attached(lab_server):
    """JupyterLab's default ``contentVisibility`` windowing lets the browser skip painting
    off-screen cells and re-estimate their heights, so a table scrolled into view drifts away
    before its screenshot. ``windowingMode: none`` (a user setting, read when the page loads)
    keeps every cell laid out; it is removed again after the test."""
    assert lab_server.tmp is not None
    folder = lab_server.tmp / "lab-settings" / "@jupyterlab" / "notebook-extension"
    folder.mkdir(parents=True, exist_ok=True)
    settings = folder / "tracker.jupyterlab-settings"
    settings.write_text(json.dumps({"windowingMode": "none"}), encoding="utf-8")
    yield
    settings.unlink(missing_ok=True)


def test_tutorial_runs_top_to_bottom_in_jupyterlab(
    lab_server, all_cells_attached, page, page_errors
):
    expected = expected_tables()
    assert expected["tripeaks"] >= 5 and expected["stoeptegel"] >= 10, expected
    shutil.copyfile(NOTEBOOK, lab_server.root / "tutorial.ipynb")  # Lab autosaves: use a copy
    # The course remembers (progress.json): start from none of the other tests' progress.
    shutil.rmtree(lab_server.data_dir, ignore_errors=True)

    open_notebook(page, lab_server, "tutorial")
    wait_kernel_ready(page)
    page.keyboard.press("Control+b")  # fold the file browser away: more room for the tables
    screenshot(page, "tutorial-lab-top")
    started = time.monotonic()
    run_all(page)
    wait_cells_done(page, timeout_ms=90_000)
    seconds = time.monotonic() - started

    total = sum(expected.values())
    # Every widget output becomes a table: wait for the roots the front end draws.
    wait_for(
        page,
        """([panel, roots, total]) => {
             const root = document.querySelector(panel) || document;
             return roots.reduce((n, sel) => n + root.querySelectorAll(sel).length, 0) >= total;
           }""",
        [PANEL, list(ROOTS.values()), total],
        timeout_ms=30_000,
    )
    problems = output_problems(page)
    assert not problems, "error outputs in the tutorial:\n" + "\n---\n".join(problems)
    # nbval leaves the tutorial to this test (conftest.py): every code cell ran, none failed.
    ran = saved_code_cells(page, lab_server.root / "tutorial.ipynb")
    assert len(ran) == code_cells() > 50
    assert [i for i, cell in enumerate(ran) if not cell.get("execution_count")] == []
    raised = [i for i, cell in enumerate(ran) if any(o["output_type"] == "error"
                                                      for o in cell["outputs"])]  # fmt: skip
    assert raised == [], f"code cells that raised: {raised}"
    assert count(page, WIDGET_OUTPUT) == total
    for game, selector in ROOTS.items():
        assert count(page, selector) == expected[game], game
    text = page.locator(f"{PANEL} .jp-Notebook").inner_text()
    assert "Failed to load model class" not in text and "Traceback" not in text
    assert seconds < 60, f"Run All took {seconds:.1f} s"
    print(f"tutorial: Run All in {seconds:.1f} s, {expected} tables")

    visible = page.evaluate(_VISIBLE_CODE_JS, PANEL)
    assert visible == [], f"code the learner sees in Parts 1 and 2: {visible}"

    show(page, ROOTS["tripeaks"], 0)
    screenshot(page, "tutorial-lab-tripeaks-layout")
    show(page, ROOTS["stoeptegel"], table_index("stoeptegel", 'lay(game, 0, "4S", 3)'))
    screenshot(page, "tutorial-lab-stoeptegel-lesson")
    show(page, ROOTS["tripeaks"], expected["tripeaks"] - 1)
    screenshot(page, "tutorial-lab-tripeaks-live")
    show(page, ROOTS["stoeptegel"], expected["stoeptegel"] - 1)
    screenshot(page, "tutorial-lab-stoeptegel-live")

    # The exercises: one of each game solved by clicking, after a wrong click that is refused.
    exercises = count(page, f"{PANEL} [data-exercise]")
    assert exercises == len(exercise_cells()) >= 12, exercises
    states = page.evaluate(
        """(panel) => [...document.querySelector(panel).querySelectorAll('[data-exercise]')]
             .map(el => `${el.dataset.exercise}:${el.dataset.exerciseState}`)""",
        PANEL,
    )
    assert all(s.endswith(":open") for s in states), states
    # One exercise of each game solved at the first try: a star each.
    wrap = page.locator(f'{PANEL} [data-exercise="tp-wrap"]')
    show(page, '[data-exercise="tp-wrap"]', 0)
    wrap.locator('[data-position="24"]').click()  # the A♦ on the K♣, round the corner
    expect(wrap).to_have_attribute("data-exercise-state", "solved")
    expect(wrap.locator('[data-role="exercise-star"]')).to_be_visible()
    expect(wrap.locator('[data-role="exercise-progress"]')).to_have_text(progress(1, 1))
    four = page.locator(f'{PANEL} [data-exercise="st-four"]')
    show(page, '[data-exercise="st-four"]', 0)
    solve_four_by_clicking(page, four, solved_before=1, stars_before=1)
    screenshot(page, "tutorial-lab-exercise-solved")
    assert count(page, WIDGET_OUTPUT) == total  # the live bots changed nothing of that

    # A restarted kernel and Run All: the progress line still counts both, stars and all.
    run_menu(page, "Kernel", "Restart Kernel and Run All Cells…")
    page.locator(".jp-Dialog .jp-mod-accept").click()
    fresh = '[data-exercise="tp-wrap"][data-exercise-state="open"]'  # the new kernel's table
    wait_for(
        page,
        """([panel, fresh]) => !!(document.querySelector(panel) || document)
             .querySelector(fresh)""",
        [PANEL, fresh],
        timeout_ms=90_000,
    )
    wait_cells_done(page, timeout_ms=90_000)
    wrap = page.locator(f"{PANEL} {fresh}")
    expect(wrap.locator('[data-role="exercise-progress"]')).to_have_text(progress(2, 2))
    expect(page.locator(f'{PANEL} [data-exercise-state="solved"]')).to_have_count(0)
    show(page, '[data-exercise="tp-wrap"]', 0)
    screenshot(page, "tutorial-lab-progress-after-restart")
    page_errors.assert_none()
