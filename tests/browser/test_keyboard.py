"""A whole game played with the keyboard only, in JupyterLab at 1366×768, and what a screen
reader is told.

A Kalimambo ``PlayPanel`` of two rounds and cards 0–6 (its first decision a list box
of seven cards, its second a group of six radio buttons) against a bot is a cell of
the notebook of play panels (``conftest.panels_page``); a ``GameViewer`` of such a
game is another. From the New game button, Tab reaches the choices, the arrow keys
choose within them while the notebook's active cell stays put (JupyterLab's
command-mode shortcuts would take them), Tab reaches Play, Enter plays, and the focus
comes back to the next decision's choices after the bot's reply; at the end, to New
game. The board's picture is named (``alt``) by the position in words, the
narration is an ``aria-live`` region, and every icon button has a name.
"""

from __future__ import annotations

import re

from .conftest import PANEL_CELLS, panel_of, shoot
from .test_notebooks_in_browser import REACT_TIMEOUT, top

KEY = "keyboard"
VIEWER_KEY = "keyboard-viewer"
GAME = 'boardlab.load("kalimambo", players=2, rounds=2, max_card=6)'
PANEL_CELLS[KEY] = f"PlayPanel({GAME}, [None, RandomAgent()], seed=0)"
PANEL_CELLS[VIEWER_KEY] = f"""from boardlab.sim import play
from boardlab.widgets import GameViewer
GameViewer(play({GAME}, [RandomAgent(), RandomAgent()], seed=0), viewer=0)"""

#: The notebook's active cell (JupyterLab moves it on ArrowDown in command mode).
ACTIVE_CELL_JS = "() => window.jupyterapp.shell.currentWidget.content.activeCellIndex"
#: Where the keyboard focus is: the focused element's classes and its widget's.
FOCUS_JS = """() => {
    const e = document.activeElement;
    const step = e && e.closest('.boardlab-play-step');
    return {tag: e ? e.tagName : null, type: e ? e.type || '' : '',
            text: e ? (e.textContent || '').trim() : '',
            classes: e ? String(e.className) : '',
            step: step ? String(step.className) : ''};
}"""
#: Tab presses allowed from New game to the first choice (the rule's header, the
#: filter box and the × may come between).
TABS = 6


def focused(page) -> dict:
    return page.evaluate(FOCUS_JS)


def wait_focus_in_step_1(page) -> None:
    page.wait_for_function(
        "() => !!(document.activeElement && document.activeElement.closest("
        "'.boardlab-test-keyboard .boardlab-play-step-1'))",
        timeout=REACT_TIMEOUT * 1000,
    )


def test_a_game_is_played_with_the_keyboard_only(panel_page):
    from playwright.sync_api import expect

    page = panel_page
    panel = panel_of(page, KEY)
    top(panel)
    status = panel.locator(".boardlab-play-status")
    expect(status).to_contain_text("Your move", timeout=REACT_TIMEOUT * 1000)
    # the notebook's shortcuts are kept out of the panel (Lumino's documented attribute)
    expect(panel).to_have_attribute("data-lm-suppress-shortcuts", "", timeout=10_000)

    # what a screen reader reads: the board by the position in words, as its alt
    board = panel.get_by_role("img", name=re.compile(r"^Kalimambo: the board as player 0"))
    expect(board).to_have_count(1)
    alt = board.get_attribute("alt")
    assert alt and "player 0 to play" in alt and "Your hand: 0, 1, 2, 3, 4, 5, 6." in alt, alt
    assert not re.search(r"[\[\]{}]|None|<", alt), f"a repr in the alt text: {alt}"
    narration = panel.locator(".boardlab-play-narration > .widget-html-content")
    expect(narration).to_have_attribute("aria-live", "polite")
    expect(panel.locator(".boardlab-play-status > .widget-html-content")).to_have_attribute(
        "aria-live", "polite"
    )
    expect(panel.get_by_role("button", name="New game")).to_have_count(1)

    # Tab from New game into the choices (a list box of the seven cards)
    panel.locator("button.boardlab-play-new-game").focus()
    for _ in range(TABS):
        page.keyboard.press("Tab")
        if "boardlab-play-step-1" in focused(page)["step"]:
            break
    where = focused(page)
    assert "boardlab-play-step-1" in where["step"] and where["tag"] == "SELECT", where
    expect(panel.get_by_role("listbox", name="Choose", exact=True)).to_have_count(1)
    cell = page.evaluate(ACTIVE_CELL_JS)
    play = panel.locator("button.boardlab-play-go")
    listbox = panel.locator(".boardlab-play-step-1 select")
    for _ in range(3):  # card 0, 1, 2: the arrow keys move in the list, not the notebook
        page.keyboard.press("ArrowDown")
    expect(listbox).to_have_value("play card 2", timeout=REACT_TIMEOUT * 1000)
    expect(panel.locator(".boardlab-play-chosen")).to_contain_text(
        "play card 2", timeout=REACT_TIMEOUT * 1000
    )
    assert page.evaluate(ACTIVE_CELL_JS) == cell, "ArrowDown moved the notebook's cell"
    assert "boardlab-play-step-1" in focused(page)["step"], "the focus left the list"
    expect(play).to_be_enabled(timeout=REACT_TIMEOUT * 1000)
    page.keyboard.press("Tab")
    assert "boardlab-play-go" in focused(page)["classes"], focused(page)
    words = panel.locator(".boardlab-play-narration").inner_text()
    page.keyboard.press("Enter")

    # the bot replied: the next decision (six radio buttons), and the focus is on it
    expect(panel.locator(".boardlab-play-narration")).not_to_have_text(
        words, timeout=REACT_TIMEOUT * 1000
    )
    wait_focus_in_step_1(page)
    radios = panel.locator(".boardlab-play-step-1 input[type=radio]")
    expect(radios).to_have_count(6)
    # one group, named by its caption: the arrow keys move within it
    expect(panel.get_by_role("radiogroup", name="Choose", exact=True)).to_have_count(1)
    assert focused(page)["type"] == "radio", focused(page)
    expect(board).to_have_attribute("alt", re.compile(r"Your hand: 0, 1, 3, 4, 5, 6\."))
    shoot(page, "keyboard-second-decision")
    cell = page.evaluate(ACTIVE_CELL_JS)
    page.keyboard.press("ArrowDown")  # from the first radio button to the second
    expect(panel.locator(".boardlab-play-chosen")).to_contain_text(
        "play card 1", timeout=REACT_TIMEOUT * 1000
    )
    assert page.evaluate(ACTIVE_CELL_JS) == cell, "ArrowDown moved the notebook's cell"
    expect(radios.nth(1)).to_be_checked()
    expect(play).to_be_enabled(timeout=REACT_TIMEOUT * 1000)
    page.keyboard.press("Tab")
    assert "boardlab-play-go" in focused(page)["classes"], focused(page)
    page.keyboard.press("Enter")

    # two rounds: the game is over, and the focus is on New game
    expect(status).to_contain_text("Game over", timeout=REACT_TIMEOUT * 1000)
    page.wait_for_function(
        "() => !!(document.activeElement && document.activeElement.matches("
        "'.boardlab-test-keyboard button.boardlab-play-new-game'))",
        timeout=REACT_TIMEOUT * 1000,
    )
    expect(board).to_have_attribute("alt", re.compile(r"the game is over: "))
    shoot(page, "keyboard-over")


def test_the_viewers_icon_buttons_and_board_have_names(panel_page):
    from playwright.sync_api import expect

    viewer = panel_of(panel_page, VIEWER_KEY)
    for name in ("first step: the deal", "previous step", "next step", "last step: the end"):
        expect(viewer.get_by_role("button", name=name, exact=True)).to_have_count(1, timeout=10_000)
    expect(viewer.get_by_role("button", name="play the game step by step")).to_have_count(1)
    expect(
        viewer.get_by_role("img", name=re.compile(r"^Kalimambo: the board as player 0"))
    ).to_have_count(1)
    narration = viewer.locator(".boardlab-viewer-narration > .widget-html-content")
    expect(narration).to_have_attribute("aria-live", "polite")
    # the step buttons' names come from aria-label, not only a title
    next_button = viewer.locator("button.boardlab-viewer-next")
    expect(next_button).to_have_attribute("aria-label", "next step")
    words = narration.inner_text()
    next_button.focus()
    panel_page.keyboard.press("Enter")  # a step by the keyboard, in JupyterLab
    expect(narration).not_to_have_text(words, timeout=REACT_TIMEOUT * 1000)
