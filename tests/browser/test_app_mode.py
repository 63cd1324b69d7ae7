"""App mode: ``make app GAME=<game>`` serves a game's app with Voilà, for a class.

The app is the notebook's cells tagged ``app`` (``boardlab.widgets.app``): the
play panel first, then the rules explorer, with no code and no exercise to
edit. For every game notebook (``notebook_paths``, so a new notebook is
picked up by itself), in a real browser at 1366×768: a loading message shows
while the kernel starts and runs the cells; then the page opens on the
``PlayPanel`` — its board, its first step and Play all in the first screen,
without scrolling —, the explorer follows, nothing shows an error or code,
outcomes are in words (never ``Outcome(status=…)``), the explorer's step
button moves its viewer on and its ▶/⏸ plays and pauses it (a clock in the
kernel). One Voilà, as ``make app`` runs it, serves every game's app for the
session (``conftest.voila_server``), each page with a kernel of its own, shut
down when the test leaves the page. The seconds from opening a page to its app shown
are printed (``-s``).
"""

from __future__ import annotations

import re
import time

import pytest

import boardlab

from .conftest import LAPTOP, leave_voila_page, notebook_paths, save_artifacts, shoot

RENDER_TIMEOUT = 240
REACT_TIMEOUT = 30

#: The games whose notebook is served as an app: every game notebook.
APP_GAMES = [path.stem for path in notebook_paths() if path.stem in boardlab.game_names()]


@pytest.fixture(params=APP_GAMES)
def app_page(request, browser, voila_server):
    game = request.param
    context = browser.new_context(viewport=LAPTOP)
    page = context.new_page()
    started = time.monotonic()
    # as soon as the page starts to arrive: the loading message must be there
    page.goto(
        f"{voila_server.url}voila/render/{game}.ipynb",
        timeout=RENDER_TIMEOUT * 1000,
        wait_until="commit",
    )
    page.boardlab_game, page.boardlab_started = game, started
    yield page
    save_artifacts(request, page, voila_server)
    leave_voila_page(page, voila_server)  # its kernel shut down: nothing left running
    context.close()


def test_app_opens_on_the_play_panel_without_code(app_page):
    from playwright.sync_api import expect

    page = app_page
    game = page.boardlab_game
    loading = page.locator("#loading")
    expect(loading).to_be_visible(timeout=RENDER_TIMEOUT * 1000)
    expect(loading).to_contain_text(re.compile(r"Running|Executing|[Ll]oading"))
    shoot(page, f"app-{game}-loading")
    panel = page.locator(".boardlab-play").first
    expect(panel).to_be_visible(timeout=RENDER_TIMEOUT * 1000)
    expect(page.locator(".boardlab-params").first).to_be_visible(timeout=RENDER_TIMEOUT * 1000)
    page.wait_for_load_state("networkidle", timeout=RENDER_TIMEOUT * 1000)
    expect(loading).to_be_hidden(timeout=RENDER_TIMEOUT * 1000)
    seconds = time.monotonic() - page.boardlab_started
    print(f"\n{game}: the page opened to the app shown: {seconds:.0f} s")

    # the first screen, unscrolled: the panel's board, its first step and Play
    assert page.evaluate("() => window.scrollY") == 0
    image = panel.locator("img.boardlab-play-image")
    page.wait_for_function(
        "i => i.complete && i.naturalWidth > 100", arg=image.element_handle(), timeout=30_000
    )
    for css in ("img.boardlab-play-image", ".boardlab-play-step", "button.boardlab-play-go"):
        box = panel.locator(css).first.bounding_box()
        assert box and box["y"] >= 0 and box["y"] + box["height"] <= LAPTOP["height"] + 1, (
            f"{game} app at 1366×768: {css} is not in the first screen ({box})"
        )
    shoot(page, f"app-{game}-first-screen")

    code = page.locator(".jp-CodeCell .jp-InputArea, .jp-Editor, .CodeMirror, .cm-editor")
    assert code.count() == 0, "the app shows code"
    body = page.locator("body").inner_text()
    for bad in ("Traceback", "Error displaying widget", "There was an error"):
        assert bad not in body, f"the app shows an error ({bad!r})"
    assert "Outcome(" not in body, "the app shows a raw Outcome(...) instead of its words"
    assert "replace `None`" not in body and "your answer" not in body, "an exercise in the app"
    assert body.index("Your move") < body.index("Rulebook defaults"), "the panel is not first"

    explorer = page.locator(".boardlab-explorer").first
    summary = explorer.locator(".boardlab-explorer-summary")
    expect(summary).to_contain_text(re.compile(r"wins|share|Game over|cut short"))
    viewer = explorer.locator(".boardlab-viewer").first
    viewer.scroll_into_view_if_needed()
    readout = viewer.locator(".boardlab-viewer-step .widget-readout")
    board = viewer.locator("img.boardlab-viewer-image")
    step, src = int(readout.inner_text()), board.get_attribute("src")
    viewer.locator("button.boardlab-viewer-first").click()
    expect(readout).to_have_text("0", timeout=REACT_TIMEOUT * 1000)
    expect(board).not_to_have_attribute("src", src, timeout=REACT_TIMEOUT * 1000)
    viewer.locator("button.boardlab-viewer-next").click()
    expect(readout).to_have_text("1", timeout=REACT_TIMEOUT * 1000)
    narration = viewer.locator(".boardlab-viewer-narration")
    expect(narration).to_contain_text(re.compile(r"Step 1 of \d+"), timeout=REACT_TIMEOUT * 1000)
    assert step > 1  # the explorer opened at the game's end
    # ▶: the kernel's clock moves the viewer on by itself (no clock in the browser); ⏸ stops it
    play = viewer.locator("button.boardlab-viewer-play")
    play.click()
    expect(readout).not_to_have_text("1", timeout=REACT_TIMEOUT * 1000)
    play.click()
    expect(play.locator("i.fa-play")).to_have_count(1, timeout=REACT_TIMEOUT * 1000)
    shown = readout.inner_text()
    expect(narration).to_contain_text(f"Step {shown} of", timeout=REACT_TIMEOUT * 1000)
    shoot(page, f"app-{game}-explorer")
