"""A click on the board reaches the kernel (ipyevents in a real browser) and narrows the moves.

The template game is the one whose renderer has ``locate`` on every machine,
so this test puts a cell with its ``PlayPanel`` into the notebook of play
panels (``conftest.panels_page``, run once in JupyterLab at 1366×768 for this
module and ``test_play_to_the_end``), clicks the square of the space a card
would take the pawn to, and expects the panel to keep only that move (still
not chosen), then shows every move again with the × button; the hint under the
board names the places a move is about, and a click off every place says what
the decision is about.
"""

from __future__ import annotations

from .conftest import PANEL_CELLS, panel_of, shoot
from .test_notebooks_in_browser import top

SEED = 11
KEY = "board-clicks"
PANEL_CELLS[KEY] = f'PlayPanel("template", [None, RandomAgent(), RandomAgent()], seed={SEED})'


def target_space() -> tuple[str, str, tuple[float, float]]:
    """The first move's label, the space it leads to, and that space's pixel in
    ``to_png`` at its default dpi (what ``locate`` reads)."""
    import boardlab
    from boardlab.games._template import render
    from boardlab.widgets.choices import choices_of, natural_key

    state = boardlab.load("template").new_game(SEED)
    label = sorted((c.path[0] for c in choices_of(state)), key=natural_key)[0]
    space = label.rsplit("to ", 1)[1].split(":")[0]  # "space 3"
    fig, ax = render._axes(state)
    ax.apply_aspect()
    x, y = ax.transData.transform((int(space.split()[1]), 0.0))
    scale = 80 / fig.dpi
    return label, space, (x * scale, (fig.get_size_inches()[1] * fig.dpi - y) * scale)


def kernel_words() -> str:
    """The places the panel's first decision is about, in its words ("spaces 1, 2, 3;
    lions 1, 2, 3"), from the same panel made here."""
    from boardlab.sim import RandomAgent
    from boardlab.widgets import PlayPanel
    from boardlab.widgets.layout import place_words

    made = PlayPanel("template", [None, RandomAgent(), RandomAgent()], seed=SEED)
    assert made.move_places
    return place_words(made.move_places)


def test_a_click_on_a_space_keeps_the_moves_about_it(panel_page):
    from playwright.sync_api import expect

    page = panel_page
    panel = panel_of(page, KEY)
    top(panel)
    image = panel.locator("img.boardlab-play-image")
    expect(panel.locator(".boardlab-play-hint")).to_contain_text("Click the board")
    options = panel.locator(".boardlab-play-step-1 .widget-radio-box label")
    expect(options).to_have_count(3)  # three cards in hand
    label, space, (x, y) = target_space()

    box = image.bounding_box()
    natural = image.evaluate("i => i.naturalWidth")  # drawn at twice the default dpi
    scale = box["width"] / (natural / 2)
    image.click(position={"x": x * scale, "y": y * scale})

    place = panel.locator("button.boardlab-play-place")
    expect(place).to_contain_text(f"only: {space}", timeout=30_000)
    expect(options).to_have_count(1)
    expect(options.first).to_contain_text(label)
    assert panel.locator(".boardlab-play-step input:checked").count() == 0, "chosen for you"
    expect(panel.locator("button.boardlab-play-go")).to_be_disabled()
    shoot(page, "board-click")
    place.click()
    expect(options).to_have_count(3, timeout=30_000)
    # the hint names the places a move is about (outlined on the board); a click on the
    # board's corner, off every place, says what the decision is about
    places = kernel_words()
    expect(panel.locator(".boardlab-play-hint")).to_contain_text(f"(outlined): {places}.")
    image.click(position={"x": 2, "y": 2})
    expect(panel.locator(".boardlab-play-message")).to_contain_text(
        f"No place there: this decision is about {places}.", timeout=30_000
    )
    expect(options).to_have_count(3)
