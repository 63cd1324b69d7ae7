"""App mode: ``make app GAME=<game>`` serves a notebook with Voilà as a clean app.

The app shows the notebook's outputs — widgets, figures, prose — and no
code. One game is driven in a real browser at 1366×768 (the first notebook,
Kilimanjaro when it exists): a loading message shows while the kernel starts
and runs the cells, then the app renders without errors, the board figure
shows, no code cell is visible, outcomes are shown in words (never
``Outcome(status=…)``), the ``PlayPanel``'s board and choices fit the screen
together and the ``GameViewer``'s ▶ moves the step on.
"""

from __future__ import annotations

import re

import pytest

from .conftest import LAPTOP, notebook_paths, save_artifacts, shoot

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
    context = browser.new_context(viewport=LAPTOP)
    page = context.new_page()
    # as soon as the page starts to arrive: the loading message must be there
    page.goto(server.url, timeout=RENDER_TIMEOUT * 1000, wait_until="commit")
    yield page
    save_artifacts(request, page, server)
    context.close()


def test_app_shows_widgets_and_figures_without_code(app_page):
    from playwright.sync_api import expect

    page = app_page
    loading = page.locator("#loading")
    expect(loading).to_be_visible(timeout=RENDER_TIMEOUT * 1000)
    expect(loading).to_contain_text(re.compile(r"Running|Executing|[Ll]oading"))
    shoot(page, "app-loading")
    viewer = page.locator(".boardlab-viewer:not(.boardlab-explorer .boardlab-viewer)").first
    expect(viewer).to_be_visible(timeout=RENDER_TIMEOUT * 1000)
    # every widget of the notebook is shown (Voilà renders the cells in order)
    for css in (".boardlab-play", ".boardlab-params"):
        expect(page.locator(css).first).to_be_visible(timeout=RENDER_TIMEOUT * 1000)
    page.wait_for_load_state("networkidle", timeout=RENDER_TIMEOUT * 1000)

    code = page.locator(".jp-CodeCell .jp-InputArea, .jp-Editor, .CodeMirror, .cm-editor")
    assert code.count() == 0, "the app shows code"
    expect(loading).to_be_hidden(timeout=RENDER_TIMEOUT * 1000)
    body = page.locator("body").inner_text()
    for bad in ("Traceback", "Error displaying widget", "There was an error"):
        assert bad not in body, f"the app shows an error ({bad!r})"
    assert "Outcome(" not in body, "the app shows a raw Outcome(...) instead of its words"
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

    panel = page.locator(".boardlab-play").first
    panel.evaluate("e => e.scrollIntoView({block: 'start'})")
    page.wait_for_timeout(300)
    for css in ("img.boardlab-play-image", ".boardlab-play-step", "button.boardlab-play-go"):
        box = panel.locator(css).first.bounding_box()
        assert box and box["y"] >= 0 and box["y"] + box["height"] <= LAPTOP["height"] + 1, (
            f"app at 1366×768: {css} is off the screen ({box})"
        )
    shoot(page, "app-play-panel")
