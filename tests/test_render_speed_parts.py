"""The parts that draw boards fast (``boardlab.render.canvas`` and ``layers``) draw the
same pixels as matplotlib's own Agg and ``savefig``, and their caches never serve one
picture's text or painted part where another's belongs: a hidden hand drawn for seat 0
never shows on seat 1's board, nor one table's track on another's.

Speed itself is measured by ``python -m boardlab.bench --render``, not here.
"""

from __future__ import annotations

import io
import os
import random

import matplotlib
import numpy as np
import pytest

matplotlib.use("Agg")

from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.patches import Rectangle
from matplotlib.text import Text
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
from boardlab.render.layers import KEPT, Kept


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
    KEPT.clear()
    cold = render.to_png(state, viewer=0, dpi=160)
    assert TEXTS.misses > 0 and TEXTS.hits == 0
    misses = TEXTS.misses
    warm = render.to_png(state, viewer=0, dpi=160)
    assert TEXTS.misses == misses and TEXTS.hits > 0  # every text of it was remembered
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
    KEPT.clear()
    fresh = {seat: render.to_png(state, viewer=seat, dpi=160) for seat in (1, None)}
    TEXTS.clear()
    KEPT.clear()
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


# -- the kept painted part (boardlab.render.layers) ---------------------------------------
def whole(render, state, viewer) -> np.ndarray:
    """The board drawn whole, its painted part painted (no kept pixels involved)."""
    fig = render.draw(state, viewer=viewer)
    try:
        return pixels(fig_to_png(fig, dpi=160))
    finally:
        release(fig)


def positions(name: str, seed: int, stops: tuple[int, ...], **params) -> list:
    """Clones of a seeded random game of ``name`` after each number of actions in ``stops``
    (and its end, if it ends sooner)."""
    state = boardlab.load(name, **params).new_game(seed)
    rng, out = random.Random(seed), []
    for n in range(max(stops) + 1):
        if n in stops:
            out.append(state.clone())
        if state.current_player is None:
            out.append(state.clone())
            break
        state.apply(rng.choice(state.legal_actions()))
    return out


#: The games whose renderers paint a part through ``background``, and positions where it
#: changes (Tembo's savanna when a card lands, Kalimambo's dung) and where it does not.
LAYERED = {
    "kilimanjaro": {"players": 3},
    "tembo": {"players": 2},
    "kalimambo": {"players": 5},
}
FULL = bool(os.environ.get("BOARDLAB_FULL"))
STOPS = (0, 20, 21, 45, 80, 200) if FULL else (0, 21)
VIEWERS = (0, 1, None) if FULL else (0, None)


@pytest.mark.parametrize("name", sorted(LAYERED))
def test_a_board_over_kept_pixels_is_the_board_drawn_whole(name):
    """Each position, as seat 0 (and 1, with BOARDLAB_FULL) and a spectator see it:
    ``to_png`` (the painted part kept from the first board of its key and size, reused by
    the next) is pixel for pixel the whole drawing, the first time and the second."""
    KEPT.clear()
    render = boardlab.load(name, **LAYERED[name]).renderer()
    shown = [(s, v) for s in positions(name, 2, STOPS, **LAYERED[name]) for v in VIEWERS]
    wholes = [whole(render, state, viewer) for state, viewer in shown]
    for _ in range(2):  # the second time every board starts from kept pixels
        KEPT.hits = KEPT.misses = 0
        for (state, viewer), drawn in zip(shown, wholes, strict=True):
            layered = pixels(render.to_png(state, viewer=viewer, dpi=160))
            assert np.array_equal(layered, drawn), (name, len(state.history), viewer)
    assert (KEPT.hits, KEPT.misses) == (len(shown), 0)


def test_kept_pixels_are_never_another_tables():
    """Two Kilimanjaro tables, track 100 and 70: each board is its own after the other's
    part was kept; Tembo's savanna after a card has landed is not the savanna before."""
    KEPT.clear()
    long = boardlab.load("kilimanjaro").new_game(1)
    short = boardlab.load("kilimanjaro", track_length=70, villages=(20, 40, 60)).new_game(1)
    render = long.game.renderer()
    first = pixels(render.to_png(long, viewer=0, dpi=160))
    second = pixels(render.to_png(short, viewer=0, dpi=160))
    assert np.array_equal(second, whole(render, short, 0))
    assert not np.array_equal(first[: second.shape[0]], second[: first.shape[0]])
    tembo = boardlab.load("tembo")
    state, rng = tembo.new_game(3), random.Random(3)
    before = state.clone()
    while tuple(state.terrain) == tuple(before.terrain):
        state.apply(rng.choice(state.legal_actions()))
    render = tembo.renderer()
    render.to_png(before, viewer=0, dpi=160)
    assert np.array_equal(pixels(render.to_png(state, viewer=0, dpi=160)), whole(render, state, 0))


def test_a_figure_that_cannot_be_drawn_in_layers_is_drawn_whole():
    """Kept pixels found, but the figure then gains a second axes, or something of its own
    beneath the painted part, or is saved trimmed: the part is painted after all."""
    from boardlab.render import board_png
    from boardlab.render.layers import DRAWING_AT

    state = positions("kalimambo", 4, (10,), players=5)[0]
    render = state.game.renderer()
    render.to_png(state, viewer=0, dpi=160)  # the part's pixels kept

    def with_inset(state, viewer=None, reveal=False):
        fig = render.draw(state, viewer=viewer, reveal=reveal)
        fig.add_axes((0.8, 0.8, 0.1, 0.1)).set_axis_off()
        return fig

    def with_low_patch(state, viewer=None, reveal=False):
        fig = render.draw(state, viewer=viewer, reveal=reveal)
        fig.axes[0].add_patch(Rectangle((0, 0), 9, 9, facecolor="#ffeecc", zorder=-5000))
        return fig

    for draw in (with_inset, with_low_patch):
        KEPT.hits = 0
        layered = pixels(board_png(draw, state, 0, dpi=160))
        fig = draw(state, 0)
        assert np.array_equal(layered, pixels(fig_to_png(fig, dpi=160))), draw.__name__
        release(fig)
        assert KEPT.hits == 0
    drawing = DRAWING_AT.set(160)
    try:
        fig = render.draw(state, viewer=0)  # the part left out: its pixels are kept
    finally:
        DRAWING_AT.reset(drawing)
    trimmed = fig_to_png(fig, dpi=160, tight=True)
    fig2 = render.draw(state, viewer=0)
    assert trimmed == fig_to_png(fig2, dpi=160, tight=True)
    release(fig)
    release(fig2)


def test_kept_pixels_stay_under_their_byte_limit():
    store = Kept(limit=10)
    for key in "abc":
        store.put(key, (key, 0), 4)
    assert list(store.regions) == ["b", "c"]
    assert store.get("b") == ("b", 0) and list(store.regions) == ["c", "b"]  # used: kept last
    store.put("d", ("d", 0), 4)
    assert list(store.regions) == ["b", "d"]


def test_the_axes_rectangle_builds_its_transform_anew_when_it_moves():
    """Artists are clipped to the axes' rectangle through its transform, built once: a
    changed place or data transform gives the new one, not the old."""
    from matplotlib.transforms import IdentityTransform

    fig, ax = board_axes((0, 10), (0, 5))
    patch = ax.patch
    first = patch.get_transform()
    assert patch.get_transform() is first
    patch.set_width(0.5)
    halved = patch.get_transform()
    assert halved is not first
    assert halved.transform((1, 1))[0] == pytest.approx(first.transform((0.5, 1))[0])
    patch.set_transform(IdentityTransform())
    assert tuple(patch.get_transform().transform((1, 1))) == (0.5, 1.0)
    release(fig)


def test_a_whole_drawing_keeps_the_painted_parts_zorders():
    """Outside ``to_png`` the painted part is drawn as it always was: a guided game's marks
    (zorder 2.9, over the fills and under the words) still lie under the track's words."""
    from boardlab.render.layers import DRAWING_AT, DROP

    state = boardlab.load("kalimambo").new_game(1)
    render = state.game.renderer()

    def number_zorder(fig) -> float:
        return next(t.get_zorder() for t in fig.findobj(Text) if t.get_gid() == "space")

    fig = render.draw(state, viewer=0)
    assert number_zorder(fig) == 3 > 2.9
    release(fig)
    KEPT.clear()
    drawing = DRAWING_AT.set(160)
    try:
        fig = render.draw(state, viewer=0)  # layered: the part is drawn first
    finally:
        DRAWING_AT.reset(drawing)
    assert number_zorder(fig) == 3 - DROP
    release(fig)


#: Tables whose layout moves the painted part against the rest (a short track brings the
#: base camp beside the panels, more players more rows); BOARDLAB_FULL draws them all.
TABLES = [
    ("kilimanjaro", {"track_length": 70, "villages": (20, 40, 60)}),
    ("kilimanjaro", {"players": 2}),
    ("kilimanjaro", {"players": 4, "track_length": 120, "villages": (20, 40, 60, 80, 100)}),
    ("tembo", {"players": 1}),
    ("tembo", {"players": 4, "open_hands": True}),
    ("kalimambo", {"players": 2, "track_length": 24}),
    ("kalimambo", {"players": 7, "track_length": 48, "dung_heaps": 10}),
]


@pytest.mark.parametrize(("name", "params"), TABLES if FULL else TABLES[:1])
def test_layered_boards_of_other_tables_are_their_whole_drawings(name, params):
    render = boardlab.load(name, **params).renderer()
    stops = (0, 5, 25, 50, 90) if FULL else (0,)
    for state in positions(name, 1, stops, **params):
        for viewer in VIEWERS:
            for _ in range(2):  # the part kept, then reused
                layered = pixels(render.to_png(state, viewer=viewer, dpi=160))
                assert np.array_equal(layered, whole(render, state, viewer)), (params, viewer)


def toy_board(overlap: bool):
    """A board of four named places whose names come and go (``background``'s pieces):
    set apart, or crowded so that their boxes overlap."""
    from boardlab.render import background, board_axes

    def draw(shown, viewer=None, reveal=False):
        fig, ax = board_axes((0, 10), (0, 4), unit=0.5, top=0.2, bottom=0.2)

        def printed(ax):
            ax.add_patch(Rectangle((0, 0), 10, 4, facecolor="#eee8cc", edgecolor="#8a7a55"))
            ax.text(0.2, 3.5, "printed words", fontsize=9)

        def name(ax, i):
            ax.text(0.3 + i * (0.6 if overlap else 2.4), 1.0, f"place {i}", fontsize=9)

        names = {i: (lambda ax, i=i: name(ax, i)) for i in range(4)}
        background(ax, ("toy", overlap), printed, pieces=names, shown=shown)
        ax.add_patch(Rectangle((4.5, 2.0), 1, 1, facecolor="#0072B2"))  # a moving part
        return fig

    return draw


@pytest.mark.parametrize("overlap", [False, True])
def test_pieces_of_a_kept_part_come_and_go_as_drawn_whole(overlap):
    """Names shown or not, board after board: the kept part with the hidden names' boxes
    copied back from its bare pixels is the whole drawing; names whose boxes would
    overlap are not kept apart but drawn each time, and the board is still right."""
    from boardlab.render import board_png

    draw = toy_board(overlap)
    KEPT.clear()
    for shown in ({0, 1, 2, 3}, {1, 3}, set(), {0}, {0, 1, 2, 3}, {2}):
        layered = pixels(board_png(draw, shown, None, dpi=160))
        fig = draw(shown)
        assert np.array_equal(layered, pixels(fig_to_png(fig, dpi=160))), (overlap, shown)
        release(fig)
    (kept,) = KEPT.regions.values()
    assert (kept.boxes is None) == overlap
    assert KEPT.hits == 5 and KEPT.misses == 1


def test_the_render_bench_draws_through_board_png_in_a_worker():
    """``python -m boardlab.bench --render``: a report, not a timed test — one side, two
    Kalimambo positions: the board's parts add up to its total and the PNG is a board's."""
    import pathlib

    from boardlab.bench import RENDER_WORKER, Worker, render_cost

    root = str(pathlib.Path(boardlab.__file__).resolve().parent.parent)
    side = Worker(root, RENDER_WORKER)
    try:
        report = render_cost("kalimambo", [side], rounds=2)
    finally:
        side.close()
    (this,) = report["sides"]
    assert report["players"] == 5 and this["ratio"] == 1.0
    parts = this["figure_ms"] + this["draw_ms"] + this["encode_ms"]
    assert this["draw_ms"] > 0 and this["figure_ms"] > 0
    assert this["total_ms"] == pytest.approx(parts, rel=0.5)
    assert this["kB"] > 20  # a whole board at 160 dpi, not an empty picture
