"""The e2e harness proven on a bare one-button anywidget counter, in JupyterLab and Notebook 7.

Open a notebook whose first cell defines and shows the counter (inline ``_esm``), run all, click
the button three times, wait until the DOM shows the count echoed by a Python observer, then run
the second cell again to read the traits from Python. No page errors, no error outputs, and a
screenshot in ``tests/e2e/artifacts/``.
"""

from __future__ import annotations

import pytest
from harness import (
    COUNTER_SOURCE,
    code_cell,
    open_notebook,
    output_problems,
    run_all,
    run_cell,
    run_notebook,
    screenshot,
    wait_cells_done,
    wait_kernel_ready,
    write_notebook,
)
from playwright.sync_api import expect

pytestmark = pytest.mark.e2e

CLICKS = 3


@pytest.mark.parametrize("server", ["lab", "notebook"], indirect=True)
def test_counter_round_trip(server, page, page_errors):
    name = f"counter-{server.kind}"
    write_notebook(
        server.root / f"{name}.ipynb",
        [COUNTER_SOURCE, "print(f'count={counter.count} echo={counter.echo}')"],
    )
    open_notebook(page, server, name)
    wait_kernel_ready(page)
    run_all(page)
    wait_cells_done(page)

    button = page.locator('.ct-counter [data-role="increment"]')
    echo = page.locator('.ct-counter [data-role="echo"]')
    expect(echo).to_have_attribute("data-value", "0")
    for _ in range(CLICKS):
        button.click()
    # The DOM shows what the Python observer set: the full round trip happened.
    expect(echo).to_have_attribute("data-value", str(CLICKS))
    expect(echo).to_have_text(str(CLICKS))

    # Read the Python side back by running the second cell again.
    assert f"count={CLICKS} echo={CLICKS}" in run_cell(page, 1)
    assert output_problems(page) == []

    code_cell(page, 1).locator(".jp-OutputArea").scroll_into_view_if_needed()  # widget above
    shot = screenshot(page, f"counter-{server.kind}")
    assert shot.stat().st_size > 10_000
    page_errors.assert_none()


def test_a_notebook_runs_in_a_narrow_page(lab_server, page, page_errors):
    """At 700 px JupyterLab moves the toolbar's kernel name and status into an overflow popup
    outside the notebook's panel: the harness still sees the kernel ready, so a test can open
    its notebook at the width it checks."""
    page.set_viewport_size({"width": 700, "height": 900})
    run_notebook(page, lab_server, "counter-narrow", [COUNTER_SOURCE])
    # The case this guards: the kernel's name lies in the popup, not in the panel.
    expect(page.locator(".jp-Toolbar-responsive-popup .jp-KernelName")).to_have_count(1)
    page.locator('.ct-counter [data-role="increment"]').click()
    expect(page.locator('.ct-counter [data-role="echo"]')).to_have_attribute("data-value", "1")
    page_errors.assert_none()
