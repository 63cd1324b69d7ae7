"""The parts that draw boards fast (``boardlab.render.canvas``) draw the same pixels as
matplotlib's own Agg and ``savefig``, and their caches never serve one picture's text
where another's belongs: a hidden hand drawn for seat 0 never shows on seat 1's board.

Speed itself is measured by ``python -m boardlab.bench --render``, not here.
"""

from __future__ import annotations

import io
import random

import matplotlib
import numpy as np
import pytest

matplotlib.use("Agg")

from matplotlib.backends.backend_agg import FigureCanvasAgg
from PIL import Image

import boardlab
from boardlab.render import board_axes, fig_to_png, png_size, release
from boardlab.render.canvas import (
    TEXTS,
    BoardAxes,
    BoardCanvas,
    TextStore,
    draw_png,
    png_bytes,
)


def pixels(png: bytes) -> np.ndarray:
    return np.asarray(Image.open(io.BytesIO(png)).convert("RGBA"))


def plain_agg_png(fig, dpi: float) -> bytes:
    """The figure as matplotlib alone draws and saves it (a plain Agg canvas, savefig)."""
    FigureCanvasAgg(fig)
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=dpi, facecolor=fig.get_facecolor())
    return buffer.getvalue()


def midgame(name: str, seed: int, steps: int, **params):
    state = boardlab.load(name, **params).new_game(seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.outcome is not None:
            break
        state.apply(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("name", ["jambo", "kalimambo", "template"])
def test_a_board_is_drawn_to_the_pixels_matplotlib_draws(name):
    """Cold and warm text store alike: the board through ``to_png`` is, pixel for pixel,
    the same figure drawn on a plain Agg canvas and written by savefig."""
    state = midgame(name, 3, 30)
    render = state.game.renderer()
    TEXTS.clear()
    cold = render.to_png(state, viewer=0, dpi=160)
    assert TEXTS.misses > 0 and TEXTS.hits == 0
    warm = render.to_png(state, viewer=0, dpi=160)
    assert TEXTS.hits >= TEXTS.misses  # every text of the second drawing was remembered
    fig = render.draw(state, viewer=0)
    try:
        reference = pixels(plain_agg_png(fig, 160))
    finally:
        release(fig)
    assert reference.shape == pixels(cold).shape
    assert np.array_equal(pixels(cold), reference)
    assert np.array_equal(pixels(warm), reference)


def test_seat_ones_board_never_shows_what_was_drawn_for_seat_zero():
    """Kalimambo's hand is drawn along the bottom for its viewer alone. With the store warm
    from seat 0's board (the same cards' places), seat 1's board is exactly what it is
    drawn from nothing, and differs from seat 0's where the hand is."""
    state = midgame("kalimambo", 5, 12)
    render = state.game.renderer()
    assert sorted(state.hand(0)) != sorted(state.hand(1))
    TEXTS.clear()
    fresh = {seat: render.to_png(state, viewer=seat, dpi=160) for seat in (1, None)}
    TEXTS.clear()
    render.to_png(state, viewer=0, dpi=160)  # seat 0's hand in the store
    after_zero = {seat: render.to_png(state, viewer=seat, dpi=160) for seat in (1, None)}
    assert after_zero == fresh  # the same bytes, not only the same size
    seat0 = pixels(render.to_png(state, viewer=0, dpi=160))
    assert not np.array_equal(seat0, pixels(fresh[1]))


def test_a_text_changed_in_any_part_of_its_look_is_drawn_anew():
    """Words, size, weight, font family and position each key the store; colour is
    applied when blending, so a colour change reuses the glyphs and still comes out in
    the new colour."""

    def one_text(**style) -> np.ndarray:
        fig, ax = board_axes((0, 4), (0, 1), unit=0.5, top=0.1, bottom=0.1)
        options = {"fontsize": 9, **style}
        x = options.pop("x", 0.2)
        ax.text(x, 0.5, options.pop("words", "Tembo 12"), va="center", **options)
        try:
            return pixels(fig_to_png(fig, dpi=160))
        finally:
            release(fig)

    TEXTS.clear()
    first = one_text()
    assert np.array_equal(one_text(), first) and TEXTS.hits > 0
    variants = [
        {"words": "Tembo 13"},
        {"fontsize": 10},
        {"weight": "bold"},
        {"family": "DejaVu Serif"},
        {"x": 0.21},
        {"color": "#0072B2"},
    ]
    for style in variants:
        seen = one_text(**style)
        TEXTS.clear()
        assert np.array_equal(seen, one_text(**style)), style  # as drawn from nothing
        assert not np.array_equal(seen, first), style
    blue = one_text(color="#0072B2")
    darkest = blue[..., :3].reshape(-1, 3)[blue[..., :3].sum(axis=2).argmin()]
    assert darkest[2] > darkest[0] + 100  # the ink is blue, not the cached black


def test_the_text_store_starts_afresh_when_full():
    store = TextStore(limit=3)
    for key in "abc":
        store._room(store.runs)
        store.runs[key] = ()
    store._room(store.runs)
    assert store.runs == {}


def test_png_bytes_are_rgb_when_opaque_and_rgba_otherwise():
    fig, ax = board_axes((0, 2), (0, 1), unit=1, top=0.2, bottom=0.2)
    ax.text(0.5, 0.5, "hand", fontsize=12)
    opaque = fig_to_png(fig, dpi=80)
    assert opaque[25] == 2  # IHDR colour type 2: RGB
    assert png_size(opaque) == (160, 112)
    fig.patch.set_alpha(0.0)
    clear = draw_png(fig, 80)
    assert clear[25] == 6  # RGBA: the see-through margin kept
    assert pixels(clear)[0, 0, 3] == 0
    fig.patch.set_alpha(1.0)
    assert np.array_equal(pixels(fig_to_png(fig, dpi=80)), pixels(plain_agg_png(fig, 80)))
    release(fig)


def test_draw_png_leaves_the_figure_at_its_own_dpi():
    fig, _ = board_axes((0, 2), (0, 1), unit=1, top=0.2, bottom=0.2)
    assert isinstance(fig.canvas, BoardCanvas)
    dpi = fig.dpi
    assert png_size(draw_png(fig, 160)) == (320, 224)
    assert fig.dpi == dpi
    assert png_bytes(fig.canvas)  # the canvas keeps its last drawing


def test_board_axes_skip_data_limits_only_while_both_limits_are_fixed():
    from matplotlib.patches import Rectangle

    fig, ax = board_axes((0, 10), (0, 5))
    assert isinstance(ax, BoardAxes)
    ax.add_patch(Rectangle((2, 2), 30, 30))
    assert ax.get_xlim() == (0, 10) and ax.dataLim.x1 < 30  # nothing grew
    ax.relim()  # relim still counts every patch
    assert ax.dataLim.x1 == 32
    free = fig.add_axes((0, 0, 1, 1), axes_class=BoardAxes)  # autoscaling: as usual
    free.add_patch(Rectangle((1, 1), 3, 4))
    assert (free.dataLim.x1, free.dataLim.y1) == (4, 5)
    release(fig)
