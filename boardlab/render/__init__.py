"""Drawing helpers shared by every game's ``render.py``.

Figures are made with :class:`matplotlib.figure.Figure` directly, never
through ``pyplot``: pyplot keeps every figure it makes alive in a global
list, so a widget that redraws a board a hundred times would leak a
hundred figures (and print a warning after twenty). A bare ``Figure`` is
freed like any other object, and a notebook still shows it when a cell
returns it.

Player colours come from the Okabe–Ito palette, which stays distinct for
the common forms of colour blindness (Okabe & Ito 2008, "Color Universal
Design"). Those fills are too light for *text* on white (yellow reaches 1.3:1),
so each player also has a darker shade of the same hue for words
(``player_text_colour``) that reaches WCAG 2's 4.5:1 contrast on white.

Widgets show boards sharp on high-density screens: drawn at ``SHARP`` times a
renderer's own ``BASE_DPI`` and shown at ``1 / SHARP`` of their pixel width
(``png_size``), never stretched. A renderer's optional ``locate(state, x, y,
viewer=None)`` reads a click in the pixels of ``to_png`` at ``BASE_DPI``;
``board_point`` turns those into the axes' data coordinates.
"""

from __future__ import annotations

import io
import struct

from matplotlib.axes import Axes
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.patches import Rectangle

from .canvas import PNG_LEVEL, BoardAxes, BoardCanvas, draw_png
from .layers import DRAWING_AT, background, complete

#: The eight Okabe–Ito colours, by name.
OKABE_ITO = {
    "black": "#000000",
    "orange": "#E69F00",
    "sky blue": "#56B4E9",
    "bluish green": "#009E73",
    "yellow": "#F0E442",
    "blue": "#0072B2",
    "vermillion": "#D55E00",
    "reddish purple": "#CC79A7",
}

#: Player colours, player 0 first: the Okabe–Ito colours that read well as a
#: marker on a light board; yellow comes last (black is left for game components).
PLAYER_COLOURS = (
    OKABE_ITO["blue"],
    OKABE_ITO["orange"],
    OKABE_ITO["bluish green"],
    OKABE_ITO["reddish purple"],
    OKABE_ITO["vermillion"],
    OKABE_ITO["sky blue"],
    OKABE_ITO["yellow"],  # seventh: Kalimambo seats up to seven (draw dark ink on it)
)


#: The same hues, dark enough for text on white: WCAG contrast ≥ 4.5:1 each
#: (``contrast_ratio``; blue already is). Same order as ``PLAYER_COLOURS``.
PLAYER_TEXT_COLOURS = (
    "#0072B2",  # blue, unchanged (5.2:1)
    "#996A00",  # orange, darkened
    "#00825F",  # bluish green, darkened
    "#BA4B89",  # reddish purple, darkened
    "#BE5400",  # vermillion, darkened
    "#177AB2",  # sky blue, darkened
    "#7D750A",  # yellow, darkened to olive
)

#: The dots per inch every game's ``to_png`` draws at by default; ``locate`` reads
#: clicks in the pixels of that picture.
BASE_DPI = 80
#: How much finer than ``BASE_DPI`` the widgets draw boards (2: sharp on high-density
#: screens), shown at ``1 / SHARP`` of their pixel width.
SHARP = 2


class BoardFigure(Figure):
    """A pyplot-free figure that still shows itself in a notebook.

    Notebooks display a plain ``Figure`` as an image only once pyplot's
    inline backend is active; without pyplot it would show as text. This
    subclass carries its own ``_repr_png_``, so a cell ending in
    ``render.draw(state)`` always shows the board.
    """

    def _repr_png_(self) -> bytes:
        return fig_to_png(self, tight=True)


def player_colour(player: int) -> str:
    """The colour of ``player`` (0-based); it repeats after seven players."""
    return PLAYER_COLOURS[player % len(PLAYER_COLOURS)]


def player_text_colour(player: int) -> str:
    """The colour for words naming ``player`` ("player 2"), readable on white (≥ 4.5:1)."""
    return PLAYER_TEXT_COLOURS[player % len(PLAYER_TEXT_COLOURS)]


def relative_luminance(colour: str) -> float:
    """WCAG 2 relative luminance of a ``#RRGGBB`` colour, 0 (black) to 1 (white)."""
    channels = [int(colour.lstrip("#")[i : i + 2], 16) / 255 for i in (0, 2, 4)]
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast_ratio(a: str, b: str = "#FFFFFF") -> float:
    """WCAG 2 contrast ratio of two ``#RRGGBB`` colours, 1 to 21 (text needs ≥ 4.5)."""
    light, dark = sorted((relative_luminance(a), relative_luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def new_axes(
    ax: Axes | None = None, figsize: tuple[float, float] = (8.0, 6.0), dpi: float = 100
) -> tuple[Figure, Axes]:
    """The figure and axes to draw into: ``ax``'s own, or a new pyplot-free figure."""
    if ax is not None:
        return ax.figure, ax
    fig = BoardFigure(figsize=figsize, dpi=dpi)
    BoardCanvas(fig)  # an Agg canvas of its own: no backend or pyplot state involved
    return fig, fig.add_subplot(axes_class=BoardAxes)


def board_axes(
    xlim: tuple[float, float],
    ylim: tuple[float, float],
    ax: Axes | None = None,
    *,
    unit: float = 0.6,
    top: float = 0.6,
    bottom: float = 0.8,
) -> tuple[Figure, Axes]:
    """Axes for a board drawn in data units with equal aspect and no axis lines.

    With ``ax`` None the new figure is sized so the board fills it exactly:
    ``unit`` inches per data unit, plus ``top`` inches for the title and
    ``bottom`` inches for a legend — no margins to trim, so saving it needs
    no second "tight" layout pass (which would double the drawing time).
    """
    if ax is None:
        width = (xlim[1] - xlim[0]) * unit
        height = (ylim[1] - ylim[0]) * unit
        total = height + top + bottom
        fig = BoardFigure(figsize=(width, total))
        BoardCanvas(fig)
        ax = fig.add_axes((0.0, bottom / total, 1.0, height / total), axes_class=BoardAxes)
    ax.set_xlim(*xlim)
    ax.set_ylim(*ylim)
    ax.set_aspect("equal")
    ax.set_axis_off()
    return ax.figure, ax


def fig_to_png(fig: Figure, dpi: float | None = None, tight: bool = False) -> bytes:
    """The figure as PNG bytes (what ``Image`` widgets and ``_repr_png_`` need).

    ``tight`` trims empty margins, as a notebook's inline display does, at the
    cost of drawing the figure twice. Untrimmed, the figure is drawn once on its Agg
    canvas (``canvas.draw_png``: the pixels ``savefig`` makes, in less time).
    """
    if not tight and isinstance(fig.canvas, FigureCanvasAgg):
        return draw_png(fig, dpi)
    complete(fig)  # a board's kept part, if it was left out, painted after all
    buffer = io.BytesIO()
    fig.savefig(
        buffer,
        format="png",
        dpi=dpi,
        facecolor=fig.get_facecolor(),
        bbox_inches="tight",
        pad_inches=0.1,
        pil_kwargs={"compress_level": PNG_LEVEL},
    )
    return buffer.getvalue()


def release(fig: Figure) -> None:
    """Drop the figure's artists now, rather than waiting for the garbage collector."""
    fig.clear()


def legend_below(ax: Axes, handles: list, labels: list[str], ncol: int = 4, **options) -> None:
    """The figure's key in a row of columns under the board, as every game's figures have it."""
    style = {"fontsize": 7.5, "frameon": False, **options}
    ax.legend(handles, labels, loc="upper center", bbox_to_anchor=(0.5, 0.0), ncol=ncol, **style)


def board_png(
    draw, state, viewer: int | None = None, *, reveal: bool = False, dpi=BASE_DPI
) -> bytes:
    """PNG bytes of ``draw(state, viewer=…, reveal=…)``, the figure freed at once.

    Every game's ``render.to_png`` (used by ``State._repr_png_`` and the
    ``Image`` widgets) is this, with its own ``draw``.
    """
    drawing = DRAWING_AT.set(dpi)  # a renderer's ``background`` may reuse kept pixels
    try:
        fig = draw(state, viewer=viewer, reveal=reveal)
    finally:
        DRAWING_AT.reset(drawing)
    try:
        return fig_to_png(fig, dpi=dpi)
    finally:
        release(fig)


def captioned_png(png: bytes, caption: str, dpi: float = BASE_DPI * SHARP) -> bytes:
    """``png`` (drawn at ``dpi``) under a band with ``caption`` in words: a widget's saved
    picture (what a notebook shows without a kernel) that says what the board answers,
    e.g. the explorer's "With players=4: player 2 wins · 61 steps"."""
    from matplotlib.image import imread

    pixels = imread(io.BytesIO(png), format="png")
    height, width = pixels.shape[:2]
    band = 0.42 * dpi  # pixels: one line of 10-point text and its margins
    total = height + band
    fig = BoardFigure(figsize=(width / dpi, total / dpi), dpi=dpi)
    BoardCanvas(fig)
    ax = fig.add_axes((0.0, 0.0, 1.0, height / total))
    ax.imshow(pixels, interpolation="none")
    ax.set_axis_off()
    fig.text(0.01, 1 - band / 2 / total, caption, fontsize=10, va="center", weight="bold")
    try:
        return fig_to_png(fig, dpi=dpi)
    finally:
        release(fig)


def png_size(png: bytes) -> tuple[int, int]:
    """``(width, height)`` in pixels of PNG bytes, read from the header (no decoding)."""
    if png[:8] != b"\x89PNG\r\n\x1a\n" or png[12:16] != b"IHDR":
        raise ValueError("not a PNG")
    return struct.unpack(">II", png[16:24])


def board_point(
    fig: Figure, x: float, y: float, ax: Axes | None = None, dpi: float = BASE_DPI
) -> tuple[float, float]:
    """The data coordinates of ``ax`` (the figure's first axes by default) under pixel
    ``(x, y)`` of the figure saved at ``dpi`` (x from the left, y down from the top, as
    in the PNG), for a renderer's ``locate``. The figure must be saved whole (no
    ``tight`` trimming), as ``board_png`` does."""
    ax = fig.axes[0] if ax is None else ax
    ax.apply_aspect()  # where drawing puts an equal-aspect axes
    height = fig.get_size_inches()[1] * fig.dpi
    scale = fig.dpi / dpi
    return tuple(ax.transData.inverted().transform((x * scale, height - y * scale)))


#: A named place of a board for ``locate``: its name (as ``choice_path`` labels name
#: it) and its box ``(left, bottom, right, top)`` in the axes' data coordinates.
Place = tuple[str, tuple[float, float, float, float]]


def place_at(point: tuple[float, float], places) -> str | None:
    """The name of the first of ``places`` (``Place`` pairs) whose box holds ``point``
    (data coordinates, from ``board_point``), or ``None``: a renderer's ``locate`` lists
    its places without drawing them, so a click costs milliseconds."""
    u, v = point
    for name, (left, bottom, right, top) in places:
        if left <= u <= right and bottom <= v <= top:
            return name
    return None


#: How a highlighted place is marked: a thick dashed outline and a hatch pattern (so the
#: mark never rests on colour alone), in a dark ink that reads on light and dark boards.
HIGHLIGHT_EDGE = "#000000"
HIGHLIGHT_HALO = "#FFFFFF"
HIGHLIGHT_HATCH = "//"


def highlight_places(fig: Figure, places, names, ax: Axes | None = None) -> list[str]:
    """Mark the ``places`` (``Place`` pairs, as a renderer's ``places()`` lists them) whose
    names are in ``names`` on ``fig``'s board (its first axes, or ``ax``): a thick dashed
    outline over a white halo, and a hatch pattern inside, so the mark does not depend on
    colour. Returns the names marked, in the order of ``places``; names that are no
    place of the board are left out (the caller decides whether that is an error)."""
    ax = fig.axes[0] if ax is None else ax
    wanted = {name.lower() for name in names}
    marked = []
    for name, (left, bottom, right, top) in places:
        if name.lower() not in wanted or name in marked:
            continue
        marked.append(name)
        box = ((left, bottom), right - left, top - bottom)
        for style in (
            {"edgecolor": HIGHLIGHT_HALO, "linewidth": 4.5, "linestyle": "-"},
            {"edgecolor": HIGHLIGHT_EDGE, "linewidth": 2.6, "linestyle": (0, (3, 2))},
        ):
            ax.add_patch(
                Rectangle(*box, facecolor="none", zorder=50, gid=f"highlight:{name}", **style)
            )
        ax.add_patch(
            Rectangle(
                *box,
                facecolor="none",
                edgecolor=HIGHLIGHT_EDGE,
                linewidth=0,
                hatch=HIGHLIGHT_HATCH,
                alpha=0.3,
                zorder=2.9,  # over the board's fills, under its words
                gid=f"highlight-pattern:{name}",
            )
        )
    return marked


__all__ = [
    "BASE_DPI",
    "OKABE_ITO",
    "PLAYER_COLOURS",
    "PLAYER_TEXT_COLOURS",
    "SHARP",
    "BoardFigure",
    "Place",
    "background",
    "board_axes",
    "board_png",
    "board_point",
    "captioned_png",
    "contrast_ratio",
    "fig_to_png",
    "highlight_places",
    "legend_below",
    "new_axes",
    "place_at",
    "player_colour",
    "player_text_colour",
    "png_size",
    "relative_luminance",
    "release",
]
