"""A game played to its end by clicks, in JupyterLab at 1366×768, for every game notebook.

Each game starts from a position near its end (``arrange``) or in its shortest
variant, so the test stays short: a cell with the game's ``PlayPanel`` in the
notebook of play panels (``conftest.panels_page``, run once for this module and
``test_board_clicks``), the board is clicked where the game's renderer has a
``locate`` (the choices narrow to that place), then the first option of each
step and Play are clicked until the outcome shows in words ("Game over: …",
never ``Outcome(…)``). The same setup is built in this process to know where
a place is drawn (the figure's own transform, as the unit tests do).
"""

from __future__ import annotations

import re

import pytest

import boardlab
from boardlab.render import release
from boardlab.sim import RandomAgent

from .conftest import PANEL_CELLS, notebook_paths, panel_of, save_artifacts, shoot
from .test_notebooks_in_browser import REACT_TIMEOUT, choose_whole_move, top

#: Per game: a setup near the end (it defines ``game``, ``start`` and ``agents``).
NEAR_THE_END = {
    "kilimanjaro": """game = boardlab.load("kilimanjaro")
# everybody close to the base camp, no counters left: any card may end the game
start = game.new_game(7).arrange(positions=[95, 90, 80], counters={})
agents = [None, RandomAgent(), RandomAgent()]""",
    "kombo_afrika": """game = boardlab.load("kombo_afrika")
# 70 points and a red combo on the board: claiming it reaches the target of 77
start = game.new_game(0).arrange(
    board={"a1": "red SURI 3", "b1": "red PAPO 3", "c1": "red KONG 5"},
    hands=[[], []],
    scores=[70, 0],
)
agents = [None, RandomAgent()]""",
    "kalimambo": """game = boardlab.load("kalimambo", players=2, rounds=1)  # the shortest variant
start = game.new_game(7)
agents = [None, RandomAgent()]""",
    "jambo": """game = boardlab.load("jambo")
# 60 gold and nothing to play: ending this turn gives the opponent the last turn
start = game.new_game(3).arrange(gold=[60, 20], hands=[[], []])
agents = [None, RandomAgent()]""",
    "tembo": """game = boardlab.load("tembo", players=2)
# the draw pile is empty: the refill after this turn's action loses the game for the team
start = game.new_game(7).arrange(deck=[])
agents = [None, RandomAgent()]""",
}
#: The most moves of the human before the outcome must show.
MOVES = 12


def setup(name: str) -> dict:
    """The setup of ``name`` run here: its ``game``, ``start`` and ``agents``."""
    namespace: dict = {"boardlab": boardlab, "RandomAgent": RandomAgent}
    exec(NEAR_THE_END[name], namespace)
    return namespace


def place_to_click(name: str) -> tuple[tuple[float, float], str] | None:
    """Where on the start's board (``to_png`` pixels at its default dpi) the renderer's
    ``click_example`` place is drawn for player 0, and its name; ``None`` when the game
    has no ``locate`` or its example is a move to play first (not a place of this board).
    Read from the renderer's own hooks, never from its private layout."""
    made = setup(name)
    state = made["start"]
    render = made["game"].renderer()
    if getattr(render, "locate", None) is None or getattr(render, "click_example", None) is None:
        return None
    example = render.click_example(state, 0)
    if not isinstance(example, tuple):
        return None
    place, (left, bottom, right, top) = example
    fig = render.draw(state, viewer=0)
    try:
        ax = fig.axes[0]
        ax.apply_aspect()
        x, y = ax.transData.transform(((left + right) / 2, (bottom + top) / 2))
        scale = 80 / fig.dpi
        pixel = (x * scale, (fig.get_size_inches()[1] * fig.dpi - y) * scale)
    finally:
        release(fig)
    assert render.locate(state, *pixel, viewer=0) == place, (
        f"{name}: render.locate does not name {place!r} at the centre of its box"
    )
    return pixel, place


GAMES = [path.stem for path in notebook_paths() if path.stem in boardlab.game_names()]
for _name in GAMES:  # a cell each in the notebook of play panels
    if _name in NEAR_THE_END:
        PANEL_CELLS[f"end-{_name}"] = f"{NEAR_THE_END[_name]}\nPlayPanel(game, agents, start=start)"


@pytest.fixture(params=GAMES)
def near_end(request, panels_page, lab_server):
    name = request.param
    if name not in NEAR_THE_END:
        pytest.skip(f"no near-end setup for {name} yet: add one to NEAR_THE_END")
    yield name, panels_page
    save_artifacts(request, panels_page, lab_server)


class _Run:
    """What ``choose_whole_move`` needs of a run notebook: its name and page."""

    def __init__(self, name, page) -> None:
        self.name, self.page = name, page


def test_a_game_is_played_to_its_end_by_clicks(near_end):
    from playwright.sync_api import expect

    name, page = near_end
    panel = panel_of(page, f"end-{name}")
    top(panel)
    status = panel.locator(".boardlab-play-status")
    expect(status).to_contain_text("Your move", timeout=REACT_TIMEOUT * 1000)
    clicked = place_to_click(name)
    if clicked is not None:  # the board first: the choices narrow to the place clicked
        (x, y), place = clicked
        assert place, f"{name}: the place to click is no place of the board"
        image = panel.locator("img.boardlab-play-image")
        box = image.bounding_box()
        scale = box["width"] / (image.evaluate("i => i.naturalWidth") / 2)
        image.click(position={"x": x * scale, "y": y * scale})
        expect(panel.locator("button.boardlab-play-place")).to_contain_text(
            f"only: {place}", timeout=REACT_TIMEOUT * 1000
        )
        shoot(page, f"end-{name}-clicked")
    run = _Run(name, page)
    narration = panel.locator(".boardlab-play-narration")
    for _ in range(MOVES):
        if re.search(r"Game over|cut short", status.inner_text()):
            break
        words = narration.inner_text()
        choose_whole_move(run, panel).click()
        expect(narration).not_to_have_text(words, timeout=REACT_TIMEOUT * 1000)
        # the next decision is shown with nothing chosen: Play is disabled again
        expect(panel.locator("button.boardlab-play-go")).to_be_disabled()
    expect(status).to_contain_text(re.compile(r"Game over|cut short"), timeout=REACT_TIMEOUT * 1000)
    text = panel.inner_text()
    assert re.search(r"player \d+ (wins|and player \d+ share)|the team (won|lost)", text), text
    assert "Outcome(" not in text
    shoot(page, f"end-{name}-over")
