"""Drawing helpers shared by every game's ``render.py``.

Figures are made with :class:`matplotlib.figure.Figure` directly, never
through ``pyplot``: pyplot keeps every figure it makes alive in a global
list, so a widget that redraws a board a hundred times would leak a
hundred figures (and print a warning after twenty). A bare ``Figure`` is
freed like any other object, and a notebook still shows it when a cell
returns it.

Player colours come from the Okabe–Ito palette, which stays distinct for
the common forms of colour blindness (Okabe & Ito 2008, "Color Universal
Design").
"""

from __future__ import annotations

import io

from matplotlib.axes import Axes
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

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


def new_axes(
    ax: Axes | None = None, figsize: tuple[float, float] = (8.0, 6.0), dpi: float = 100
) -> tuple[Figure, Axes]:
    """The figure and axes to draw into: ``ax``'s own, or a new pyplot-free figure."""
    if ax is not None:
        return ax.figure, ax
    fig = BoardFigure(figsize=figsize, dpi=dpi)
    FigureCanvasAgg(fig)  # an Agg canvas of its own: no backend or pyplot state involved
    return fig, fig.add_subplot()


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
        FigureCanvasAgg(fig)
        ax = fig.add_axes((0.0, bottom / total, 1.0, height / total))
    ax.set_xlim(*xlim)
    ax.set_ylim(*ylim)
    ax.set_aspect("equal")
    ax.set_axis_off()
    return ax.figure, ax


def fig_to_png(fig: Figure, dpi: float | None = None, tight: bool = False) -> bytes:
    """The figure as PNG bytes (what ``Image`` widgets and ``_repr_png_`` need).

    ``tight`` trims empty margins, as a notebook's inline display does, at the
    cost of drawing the figure twice.
    """
    buffer = io.BytesIO()
    fig.savefig(
        buffer,
        format="png",
        dpi=dpi,
        facecolor=fig.get_facecolor(),
        bbox_inches="tight" if tight else None,
        pad_inches=0.1,
    )
    return buffer.getvalue()


def release(fig: Figure) -> None:
    """Drop the figure's artists now, rather than waiting for the garbage collector."""
    fig.clear()


def legend_below(ax: Axes, handles: list, labels: list[str], ncol: int = 4, **options) -> None:
    """The figure's key in a row of columns under the board, as every game's figures have it."""
    style = {"fontsize": 7.5, "frameon": False, **options}
    ax.legend(handles, labels, loc="upper center", bbox_to_anchor=(0.5, 0.0), ncol=ncol, **style)


def board_png(draw, state, viewer: int | None = None, *, reveal: bool = False, dpi=80) -> bytes:
    """PNG bytes of ``draw(state, viewer=…, reveal=…)``, the figure freed at once.

    Every game's ``render.to_png`` (used by ``State._repr_png_`` and the
    ``Image`` widgets) is this, with its own ``draw``.
    """
    fig = draw(state, viewer=viewer, reveal=reveal)
    try:
        return fig_to_png(fig, dpi=dpi)
    finally:
        release(fig)


__all__ = [
    "OKABE_ITO",
    "PLAYER_COLOURS",
    "BoardFigure",
    "board_axes",
    "board_png",
    "fig_to_png",
    "legend_below",
    "new_axes",
    "player_colour",
    "release",
]
