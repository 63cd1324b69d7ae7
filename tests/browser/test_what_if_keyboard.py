"""A what-if run with the keyboard only, in JupyterLab at 1366×768, and what a screen reader
is told of it.

A small Kilimanjaro ``WhatIfPanel`` (the number of players at 2 and 3, six games a value) is a
cell of the notebook of play panels (``conftest.panels_page``). From the panel's first
control, Tab reaches the bots, whose list the arrow keys move in, and then Run, which Enter
presses, while the notebook's active cell stays put (JupyterLab's command-mode shortcuts
would take the arrow keys: "select the cell below"). When the games are played, the plots'
picture is named (``alt``) in words, naming the rule, and the message line, an
``aria-live`` region, holds the outcome, which a screen reader then reads out.
"""

from __future__ import annotations

import re

from .conftest import PANEL_CELLS, panel_of, shoot
from .test_keyboard import ACTIVE_CELL_JS, focused
from .test_notebooks_in_browser import REACT_TIMEOUT, top

KEY = "what-if-keyboard"
PANEL_CELLS[KEY] = """from boardlab.widgets import WhatIfPanel
WhatIfPanel("kilimanjaro", "players", "2, 3", agents="heuristic,random", games=6)"""

#: The notebook's mode: "command" while a widget has the focus, "edit" had Enter gone to
#: the cell (JupyterLab's shortcut) instead of the Run button.
MODE_JS = "() => window.jupyterapp.shell.currentWidget.content.mode"
#: The plots' text alternative after the run: whose win rate, by which rule, at which values.
ALT = re.compile(
    r"Each seat's win rate, with 95% intervals, for each value of Expeditions \(players\): 2, 3;"
)
#: Tab presses allowed from one control to another (game, rule, values, bots, games, seed, Run).
TABS = 8
#: Milliseconds allowed for the kernel's answer (a round trip, the games, a redraw).
REACT = REACT_TIMEOUT * 1000


def test_a_what_if_is_run_with_the_keyboard_and_its_outcome_is_read_out(panel_page):
    from playwright.sync_api import expect

    page = panel_page
    panel = panel_of(page, KEY)
    top(panel)
    # the notebook's shortcuts are kept out of the panel (Lumino's documented attribute)
    expect(panel).to_have_attribute("data-lm-suppress-shortcuts", "", timeout=10_000)
    live = panel.locator(".boardlab-what-if-message > .widget-html-content")
    expect(live).to_have_attribute("aria-live", "polite", timeout=10_000)
    image = panel.locator("img.boardlab-what-if-image")
    expect(image).to_be_hidden()  # no picture before a run

    # into the panel, Tab to the bots: the arrow keys change them, not the notebook's cell
    panel.locator("select").first.focus()
    cell = page.evaluate(ACTIVE_CELL_JS)
    bots = panel.locator(".boardlab-what-if-bots select")
    for _ in range(TABS):
        page.keyboard.press("Tab")
        if bots.evaluate("e => e === document.activeElement"):
            break
    expect(bots).to_be_focused()
    seats = panel.locator(".boardlab-what-if-seats")
    page.keyboard.press("ArrowDown")
    expect(bots).to_have_value("heuristic")
    expect(seats).to_contain_text("3 players: heuristic, heuristic, heuristic", timeout=REACT)
    page.keyboard.press("ArrowUp")
    expect(bots).to_have_value("heuristic,random")
    expect(seats).to_contain_text("3 players: heuristic, random, random", timeout=REACT)
    assert page.evaluate(ACTIVE_CELL_JS) == cell, "the arrow keys moved the notebook's cell"

    # Tab on to Run, Enter runs it
    run = panel.locator("button.boardlab-what-if-run")
    for _ in range(TABS):
        page.keyboard.press("Tab")
        if "boardlab-what-if-run" in focused(page)["classes"]:
            break
    assert "boardlab-what-if-run" in focused(page)["classes"], focused(page)
    expect(run).to_be_focused()
    page.keyboard.press("Enter")

    # the games were played: the plots, named in words, and the outcome in the live line
    expect(image).to_be_visible(timeout=REACT)
    expect(image).to_have_attribute("alt", ALT, timeout=REACT)
    expect(panel.get_by_role("img", name=re.compile(r"Expeditions \(players\)"))).to_have_count(1)
    expect(live).to_contain_text("12 games of Am Fuß des Kilimandscharo: players = 2, 3")
    expect(live).to_have_attribute("aria-live", "polite")  # still, after the change
    expect(panel.locator(".boardlab-what-if-table table")).to_be_visible()
    assert page.evaluate(ACTIVE_CELL_JS) == cell, "Tab or Enter moved the notebook's cell"
    assert page.evaluate(MODE_JS) == "command", "Enter went to the cell, not to Run"
    shoot(page, "what-if-keyboard-done")
