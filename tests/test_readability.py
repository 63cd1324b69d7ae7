"""Boards a class can read: at 1366×768 in JupyterLab with the file browser open, no text on
a board is under 9 px as the play panel shows it, every place a choice names is written on
the board, and the board picture says in words what it shows.

How big a text is on screen: a board is drawn at ``SHARP_DPI`` (``SHARP`` × 80 dpi) and shown
at ``1 / SHARP`` of its pixel width at most — less where its column is narrower
(``PLAY_PANEL_BOARD_WIDTH``) or the window too low (``PLAY_PANEL_BOARD_HEIGHT``): a text of
``s`` points is ``s × SHARP_DPI / 72 × shown / pixels`` CSS px tall (its font size). The
position is the renderer's ``CONTRAST_SCENE`` (``tests/test_render.py`` plays it), seen by
player 0 (the play panel's seat) and by a spectator (the viewer's).
"""

from __future__ import annotations

import re

import matplotlib
import pytest

matplotlib.use("Agg")

from conformance import UNLISTED
from matplotlib.text import Text
from test_render import _started

import boardlab
from boardlab.render import SHARP, fig_to_png, png_size
from boardlab.widgets.layout import SHARP_DPI

#: Measured in a real browser on 2026-12-03: JupyterLab 4 (the project's environment) in
#: headless Chromium (Playwright), viewport 1366×768, JupyterLab's default layout with the
#: file browser open (250 px), a notebook of one PlayPanel per game, run; each element's
#: width read with getBoundingClientRect. The width (CSS px) of a cell's output area, which
#: a wider figure is shrunk to:
NOTEBOOK_OUTPUT_WIDTH = 934
#: The PlayPanel's board column there (``layout.two_columns`` in that 934 px): the widest a
#: board is shown (every game's board filled it: 565 px).
PLAY_PANEL_BOARD_WIDTH = 565
#: The tallest a board is shown there: ``board_image``'s max-height, the viewport's 768 px
#: less ``layout.BOARD_MARGIN`` (190 px), read back as 578px.
PLAY_PANEL_BOARD_HEIGHT = 578
#: No text on a board smaller than this (CSS px, its font size) as shown.
SMALLEST_PX = 9

#: Every game with a board: the product's games and the templates (a new game copies a
#: template, so the templates' boards pass the same check).
BOARDS = [*boardlab.game_names(), *UNLISTED]
#: Whose view: player 0 (a PlayPanel's learner) and a spectator (``viewer=None``).
VIEWERS = (0, None)


def scene(name: str):
    """The renderer and the state at its ``CONTRAST_SCENE`` (a busy position)."""
    renderer = boardlab.load(name).renderer()
    setting = renderer.CONTRAST_SCENE
    return renderer, _started(name, setting["steps"], **setting["params"])


def shown_scale(width: int, height: int) -> float:
    """The share of its pixels a board ``width`` × ``height`` px (at ``SHARP_DPI``) is shown
    at in the play panel: ``1 / SHARP`` at most, less where the column or window is smaller."""
    shown = min(width / SHARP, PLAY_PANEL_BOARD_WIDTH, PLAY_PANEL_BOARD_HEIGHT * width / height)
    return shown / width


def visible_texts(fig) -> list[Text]:
    """The texts a reader can see: non-empty, visible, not transparent, inside the figure."""
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    frame = fig.bbox
    out = []
    for text in fig.findobj(Text):
        if not text.get_text().strip() or not text.get_visible() or text.get_alpha() == 0:
            continue
        box = text.get_window_extent(renderer)
        if box.x1 < frame.x0 or box.x0 > frame.x1 or box.y1 < frame.y0 or box.y0 > frame.y1:
            continue
        out.append(text)
    return out


def test_the_measured_layout_is_written_down():
    assert 600 <= NOTEBOOK_OUTPUT_WIDTH <= 1366 and 300 <= PLAY_PANEL_BOARD_WIDTH <= 1366
    assert 300 <= PLAY_PANEL_BOARD_HEIGHT <= 768


def test_the_scale_is_the_smallest_of_sharp_column_and_height():
    assert shown_scale(400, 100) == 1 / SHARP  # small: half its pixels
    assert shown_scale(4000, 100) == PLAY_PANEL_BOARD_WIDTH / 4000  # wide: the column
    assert shown_scale(1000, 4000) == PLAY_PANEL_BOARD_HEIGHT / 4000  # tall: the window


@pytest.mark.parametrize("viewer", VIEWERS, ids=["player 0", "spectator"])
@pytest.mark.parametrize("name", BOARDS)
def test_no_text_on_a_board_is_under_9px_as_the_play_panel_shows_it(name, viewer):
    renderer, state = scene(name)
    fig = renderer.draw(state, viewer=viewer)
    width, height = png_size(fig_to_png(fig, dpi=SHARP_DPI))  # as to_png draws it
    scale = shown_scale(width, height)
    sizes: dict[str, float] = {}
    for text in visible_texts(fig):
        px = text.get_fontsize() * SHARP_DPI / 72 * scale
        words = " ".join(text.get_text().split())[:40]
        sizes[words] = min(px, sizes.get(words, px))
    small = sorted(((px, words) for words, px in sizes.items() if px < SMALLEST_PX))
    assert not small, (
        f"{name} (seen by {'a spectator' if viewer is None else f'player {viewer}'}): the "
        f"board is {width}×{height} px, shown {width * scale:.0f} px wide in the play panel "
        f"at 1366×768 ({scale:.0%}); {len(small)} text(s) under {SMALLEST_PX} px: "
        + ", ".join(f"{words!r} {px:.1f} px" for px, words in small[:25])
        + ". Draw fewer, larger texts, or a narrower board"
    )


#: Words that say what kind of place it is, not which one ("space" 7, "pile" A).
KINDS = {"space", "cell", "card", "pile", "your", "player", "s", "counter", "the", "of"}


def labelled(name: str, box, texts: list[tuple[str, tuple[float, float]]]) -> bool:
    """Is place ``name`` written on the board? A text holds the whole name ("space 7", a
    card's name); or the texts inside its box hold its last word ("7", "A") or every word
    that says which one it is ("banana" of "banana counter"); or, for a grid cell ("cell
    b3"), its column and row are written along the board, as on a chessboard."""
    name = " ".join(name.lower().split())
    whole = re.compile(rf"(?<!\w){re.escape(name)}(?!\w)")
    if any(whole.search(words) for words, _ in texts):
        return True
    left, bottom, right, top = box
    inside = {w for words, (x, y) in texts if left <= x <= right and bottom <= y <= top
              for w in re.findall(r"\w+", words)}  # fmt: skip
    said = re.findall(r"\w+", name)
    if said[-1] in inside or {w for w in said if w not in KINDS} <= inside:
        return True
    cell = re.fullmatch(r"([a-z])(\d+)", said[-1])
    alone = {words for words, _ in texts}
    return bool(cell) and cell.group(1) in alone and cell.group(2) in alone


@pytest.mark.parametrize("name", BOARDS)
def test_every_place_a_choice_names_is_written_on_the_board(name):
    renderer, state = scene(name)
    if not hasattr(renderer, "places"):
        pytest.skip(f"{name}'s render.py has no places(state, viewer) yet (contract B)")
    viewer = 0
    fig = renderer.draw(state, viewer=viewer)
    ax = fig.axes[0]
    to_data = ax.transData.inverted()
    texts = []
    for text in visible_texts(fig):
        x, y = to_data.transform(text.get_transform().transform(text.get_position()))
        texts.append((" ".join(text.get_text().lower().split()), (x, y)))
    places = renderer.places(state, viewer=viewer)
    assert places, f"{name}: places() lists no place of the board at its CONTRAST_SCENE"
    unnamed = sorted({place for place, box in places if not labelled(place, box, texts)})
    assert not unnamed, (
        f"{name}: places a choice names but the board does not write: {unnamed[:20]}: write "
        "each name on the board (a number, letter or name inside the place), or the card's name"
    )


def test_a_place_is_labelled_by_its_name_its_words_inside_it_or_its_grid_coordinates():
    texts = [("7", (7.1, 0.2)), ("pile a", (20.0, 5.0)), ("lion 3", (30.0, 1.0))]
    assert labelled("space 7", (6.5, -0.5, 7.5, 0.5), texts)
    assert not labelled("space 7", (9.5, -0.5, 10.5, 0.5), texts)  # a 7 elsewhere
    assert labelled("pile A", (0, 0, 1, 1), texts) and labelled("lion 3", (0, 0, 1, 1), texts)
    assert not labelled("space 1", (0, 0, 1, 1), [("space 17", (0.5, 0.5))])
    assert labelled("your pile B", (0, 0, 1, 1), [("b", (0.5, 0.5))])
    assert labelled("banana counter", (0, 0, 3, 1), [("banana", (1.5, 0.5))])
    assert not labelled("banana counter", (0, 0, 3, 1), [("lion", (1.5, 0.5))])
    edges = [("b", (2.0, 9.0)), ("3", (-1.0, 3.0))]  # a chessboard's letters and numbers
    assert labelled("cell b3", (1.5, 2.5, 2.5, 3.5), edges)
    assert not labelled("cell c3", (2.5, 2.5, 3.5, 3.5), edges)


# -- alt text ---------------------------------------------------------------------------------
def test_board_pictures_say_what_they_show():
    from boardlab.sim import RandomAgent
    from boardlab.widgets import PlayPanel
    from boardlab.widgets.layout import BOARD_ALT, board_alt, board_image, show_board

    image = board_image()
    assert image.tooltip == BOARD_ALT
    state = boardlab.load("template").new_game(3)
    said = board_alt(state, 0)
    assert said.startswith(
        "Waterhole (the template game): the board as player 0 sees it; player 0 to play. "
        "Scores: player 0 has 0 points, player 1 has 0 points, player 2 has 0 points. "
        "Your hand: "
    )
    png = state.game.renderer().to_png(state, viewer=0, dpi=SHARP_DPI)
    show_board(image, png, alt=said)
    assert image.tooltip == said and image.value == png
    show_board(image, png)  # no alt: the last one stays
    assert image.tooltip == said
    assert board_alt(state).startswith("Waterhole (the template game): the board as a spectator")
    panel = PlayPanel("template", [None, RandomAgent(), RandomAgent()], seed=3)
    assert panel.image.tooltip, "the play panel's board picture has no text alternative"


def test_a_finished_boards_alt_text_says_how_it_ended():
    from boardlab.widgets.layout import board_alt

    state = _started("template", 400)
    assert state.outcome is not None
    said = board_alt(state, 1)
    winners = " and ".join(f"player {p}" for p in state.outcome.winners)
    assert f"the game is over: {winners} win{'s' * (len(state.outcome.winners) == 1)}." in said
