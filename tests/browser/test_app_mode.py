"""App mode: ``make app GAME=<game>`` serves a notebook with Voilà as a clean app.

The app shows the notebook's outputs — widgets, figures, prose — and no
code. One game is driven in a real browser (the first notebook, Kilimanjaro
when it exists): the app renders without errors, the board figure shows, no
code cell is visible and the ``GameViewer``'s ▶ moves the step on.
"""

from __future__ import annotations

import re

import pytest

from .conftest import notebook_paths, save_failure

RENDER_TIMEOUT = 240
REACT_TIMEOUT = 30


def app_game() -> str | None:
    names = [path.stem for path in notebook_paths()]
    if "kilimanjaro" in names:
        return "kilimanjaro"
    return names[0] if names else None


@pytest.fixture
def app_page(request, browser, start_voila):
    game = app_game()
    if game is None:
        pytest.fail("no notebook to serve as an app", pytrace=False)
    server = start_voila(game)
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    page = context.new_page()
    page.goto(server.url, timeout=RENDER_TIMEOUT * 1000)
    yield page
    save_failure(request, page, server)
    context.close()


def test_app_shows_widgets_and_figures_without_code(app_page):
    from playwright.sync_api import expect

    page = app_page
    viewer = page.locator(".boardlab-viewer:not(.boardlab-explorer .boardlab-viewer)").first
    expect(viewer).to_be_visible(timeout=RENDER_TIMEOUT * 1000)
    # every widget of the notebook is shown (Voilà renders the cells in order)
    for css in (".boardlab-play", ".boardlab-params"):
        expect(page.locator(css).first).to_be_visible(timeout=RENDER_TIMEOUT * 1000)
    page.wait_for_load_state("networkidle", timeout=RENDER_TIMEOUT * 1000)

    code = page.locator(".jp-CodeCell .jp-InputArea, .jp-Editor, .CodeMirror, .cm-editor")
    assert code.count() == 0, "the app shows code"
    body = page.locator("body").inner_text()
    for bad in ("Traceback", "Error displaying widget", "There was an error"):
        assert bad not in body, f"the app shows an error ({bad!r})"
    figures = page.locator('[data-mime-type="image/png"] img')
    assert figures.count() >= 1, "no figure in the app"
    assert figures.first.evaluate("img => img.naturalWidth") > 100

    readout = viewer.locator(".boardlab-viewer-step .widget-readout")
    image = viewer.locator("img.boardlab-viewer-image")
    viewer.scroll_into_view_if_needed()
    step, src = int(readout.inner_text()), image.get_attribute("src")
    viewer.locator("button.boardlab-viewer-next").click()
    expect(readout).to_have_text(str(step + 1), timeout=REACT_TIMEOUT * 1000)
    expect(image).not_to_have_attribute("src", src, timeout=REACT_TIMEOUT * 1000)
    assert re.search(r"Step \d+ of \d+", viewer.inner_text())
