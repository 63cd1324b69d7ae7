"""The shared drawing helpers of ``boardlab.render``: colours (readable as text: WCAG
contrast), pyplot-free axes, PNG bytes, clicks back to board coordinates.

Each game's renderer is tested beside its rules, in ``tests/games/test_<game>_render.py``.
"""

import matplotlib
import pytest

matplotlib.use("Agg")

from conformance import UNLISTED
from matplotlib.figure import Figure

import boardlab
from boardlab.games._template import render
from boardlab.games._template.components import card_name
from boardlab.render import (
    PLAYER_COLOURS,
    PLAYER_TEXT_COLOURS,
    board_axes,
    board_point,
    contrast_ratio,
    fig_to_png,
    new_axes,
    player_text_colour,
    png_size,
    relative_luminance,
)
from boardlab.widgets.viewer import event_html

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def test_render_helpers():
    assert len(set(PLAYER_COLOURS)) == len(PLAYER_COLOURS) >= 4
    fig, ax = new_axes()
    assert isinstance(fig, Figure) and fig.axes == [ax]
    fig, ax = board_axes((0, 10), (0, 5), unit=0.5, top=0.5, bottom=0.5)
    assert tuple(fig.get_size_inches()) == (5.0, 3.5)
    assert fig_to_png(fig).startswith(PNG_SIGNATURE)


def test_contrast_ratio_follows_wcag():
    assert relative_luminance("#000000") == 0 and relative_luminance("#FFFFFF") == 1
    assert contrast_ratio("#000000") == 21 and contrast_ratio("#FFFFFF") == 1
    assert round(contrast_ratio("#777777"), 2) == 4.48  # the classic just-too-light grey
    assert contrast_ratio("#FFFFFF", "#000000") == contrast_ratio("#000000", "#FFFFFF")


def test_every_player_colour_in_text_is_readable_on_white():
    """WCAG 2 AA for normal text: a contrast ratio of at least 4.5:1 on the background."""
    assert len(PLAYER_TEXT_COLOURS) == len(PLAYER_COLOURS)
    for p in range(len(PLAYER_COLOURS)):
        ratio = contrast_ratio(player_text_colour(p), "#FFFFFF")
        assert ratio >= 4.5, f"player {p}'s text colour {player_text_colour(p)}: {ratio:.2f}:1"
    assert len(set(PLAYER_TEXT_COLOURS)) == len(PLAYER_TEXT_COLOURS)
    # the widgets write player names in these colours, not in the board fills
    assert f"color:{player_text_colour(6)}" in event_html("player 6 wins")
    assert PLAYER_COLOURS[6] not in event_html("player 6 wins")


def test_png_size_and_board_point_invert_the_drawing():
    fig, ax = board_axes((0, 10), (0, 5), unit=0.5, top=0.5, bottom=0.5)
    png = fig_to_png(fig, dpi=80)
    assert png_size(png) == (400, 280)  # 5 × 3.5 inches at 80 dpi
    x, y = ax.transData.transform((7.0, 2.0))
    scale = 80 / fig.dpi
    u, v = board_point(fig, x * scale, (3.5 * fig.dpi - y) * scale)
    assert abs(u - 7.0) < 1e-9 and abs(v - 2.0) < 1e-9
    u, v = board_point(fig, 0, 0)  # the top left pixel: the title's margin, above the board
    assert abs(u) < 1e-9 and v > 5


def test_template_locate_names_spaces_and_own_cards():
    """The template's ``locate`` (the protocol every game may follow): spaces as
    ``"space 7"``/``"camp"``, a card of the viewer's hand by name, else ``None``."""
    state = boardlab.load("template").new_game(3)
    fig, ax = render._axes(state)
    ax.apply_aspect()
    height = fig.get_size_inches()[1] * fig.dpi

    def at(u, v):
        x, y = ax.transData.transform((u, v))
        return x * 80 / fig.dpi, (height - y) * 80 / fig.dpi

    assert render.locate(state, *at(7, 0)) == "space 7"
    assert render.locate(state, *at(7.3, -0.75)) == "space 7"  # its number
    assert render.locate(state, *at(0, 0.95)) == "camp"  # the pawns stacked in camp
    first = card_name(sorted(state.hands[1])[0])
    card = at(render.CARDS_X + 0.5, -1.9 - render.ROW)
    assert render.locate(state, *card, viewer=1) == first
    assert render.locate(state, *card, viewer=0) is None  # someone else's hidden card
    assert render.locate(state, 2, 2) is None


def _started(name: str, steps: int, **params):
    """A game of ``name`` a few random moves in (hands dealt, panels filled), seed 4."""
    import random

    state = boardlab.load(name, **params).new_game(4)
    rng = random.Random(4)
    for _ in range(steps):
        if state.outcome is not None:
            break
        state.apply(rng.choice(state.legal_actions()))
    return state


#: Every game with a board: the product's games and the templates.
BOARDS = [*boardlab.game_names(), *UNLISTED]


@pytest.mark.parametrize("name", BOARDS)
def test_every_text_a_board_writes_in_a_players_hue_is_readable(name):
    """Words drawn in a player's colour use ``player_text_colour`` (≥ 4.5:1 on white), not
    the light fills (orange is 2.0:1, yellow 1.3:1): every Text artist of the board, as
    each player and a spectator see it, once the panels show moves and points. The
    position is the renderer's ``CONTRAST_SCENE`` (its parameters and random moves in)."""
    from matplotlib.colors import to_hex
    from matplotlib.text import Text

    renderer = boardlab.load(name).renderer()
    scene = getattr(renderer, "CONTRAST_SCENE", None)
    assert scene is not None, (
        f"{name}'s render.py has no CONTRAST_SCENE: add CONTRAST_SCENE = {{'params': {{...}}, "
        "'steps': <random moves in>, 'player_words': <True if the board writes words in a "
        "player's colour>}, a busy position whose every text this test reads "
        "(boardlab/games/_template/render.py shows one)"
    )
    state = _started(name, scene["steps"], **scene["params"])
    hues = {c.upper() for c in (*PLAYER_COLOURS, *PLAYER_TEXT_COLOURS)}
    seen = 0
    for viewer in (None, *range(state.game.num_players)):
        fig = renderer.draw(state, viewer=viewer)
        for text in fig.findobj(Text):
            colour = to_hex(text.get_color()).upper()
            if text.get_text() and colour in hues:
                seen += 1
                ratio = contrast_ratio(colour)
                assert ratio >= 4.5, (
                    f"{name}: {text.get_text()!r} in {colour} ({ratio:.1f}:1): write words in "
                    "player_text_colour(p), never in the fill player_colour(p)"
                )
    if scene["player_words"]:
        assert seen, (
            f"{name} draws no text in a player's colour at its CONTRAST_SCENE, so the test "
            "checks nothing: pick a busier scene, or set 'player_words': False if the board "
            "never writes words in a player's colour"
        )


def test_plot_variants_draws_metrics_that_return_one_number():
    """Metrics that give a single value (game length) are drawn with their estimated interval."""
    from boardlab.render.metrics import plot_variants
    from boardlab.sim import compare, metrics

    frame = compare("kilimanjaro", {"three": {}, "two": {"players": 2}}, games=12)
    fig = plot_variants(frame, [metrics.GAME_LENGTH, metrics.LEAD_CHANGES])
    lengths = fig.axes[0]
    bars = [patch.get_width() for patch in lengths.patches]
    for variant, width in zip(["three", "two"], bars, strict=True):
        assert width == pytest.approx(frame[frame["variant"] == variant]["actions"].mean())
