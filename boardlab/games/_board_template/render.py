"""Achi drawn: the board's lines, each point named (``places`` and ``locate`` too, as the
actions name it), each counter in its player's colour; texts carry a ``gid``
(``counter:b2``). Nothing is hidden: ``viewer`` and ``reveal`` change nothing, but every
game's functions take them.

# TEMPLATE: keep the four functions' signatures (``tests/test_house.py``), draw with
# the helpers of ``boardlab.render``, share ``_axes`` between ``draw`` and ``locate``,
# write no text under ``SMALL`` points, write every name ``places`` lists on the board,
# and keep the two hooks of the generic tests, ``click_example`` and ``CONTRAST_SCENE``.
"""

from __future__ import annotations

import networkx as nx
from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.patches import Circle, Patch

from boardlab.render import Place as NamedPlace
from boardlab.render import (
    board_axes,
    board_png,
    board_point,
    contrast_ratio,
    legend_below,
    new_axes,
    place_at,
    player_colour,
    release,
)

from .actions import Place
from .components import LINES, NEIGHBOURS, POINTS, name

#: Where each point is drawn: column and row, from the bottom left.
XY = [(q % 3, q // 3) for q in POINTS]
#: Each point's box for ``locate``: its name (as the actions say it) and where it is drawn.
PLACES: list[NamedPlace] = [
    (name(q), (x - 0.4, y - 0.4, x + 0.4, y + 0.4)) for q, (x, y) in enumerate(XY)
]
LINE = "#8a6d3b"
#: The smallest text on the board, in points: 10 px on screen at half of 160 dpi, over
#: the 9 px a class can read at 1366×768 (``tests/test_readability.py``).
SMALL = 9
#: The busy board ``tests/test_render.py`` reads every text of (no word in a player's colour).
CONTRAST_SCENE = {"params": {}, "steps": 5, "player_words": False}


def _axes(state, ax: Axes | None = None) -> tuple[Figure, Axes]:
    return board_axes((-0.6, 2.6), (-0.6, 2.6), ax, unit=1.3, bottom=0.45)


def draw(
    state, ax: Axes | None = None, *, viewer: int | None = None, reveal: bool = False
) -> Figure:
    """The board as everybody sees it; a new pyplot-free figure when ``ax`` is None."""
    fig, ax = _axes(state, ax)
    for a, _, b in LINES:
        ax.plot([XY[a][0], XY[b][0]], [XY[a][1], XY[b][1]], color=LINE, lw=2, zorder=1)
    for q, (x, y) in enumerate(XY):
        who = state.board[q]
        fill = LINE if who is None else player_colour(who)
        ink = "white" if contrast_ratio(fill) >= 4.5 else "black"
        ax.add_patch(Circle((x, y), 0.08 if who is None else 0.28, color=fill, zorder=2))
        ax.text(x + 0.1, y - 0.3, name(q), fontsize=SMALL, va="top", gid=f"point:{name(q)}")
        if who is not None:
            kw = {"ha": "center", "va": "center", "color": ink, "weight": "bold", "fontsize": 11}
            ax.text(x, y, str(who), zorder=3, gid=f"counter:{name(q)}", **kw)
    if state.outcome is not None:
        status = state.outcome.describe()
    else:
        verb = "places" if state.placing(state.current_player) else "moves"
        status = f"turn {state.turn + 1}: player {state.current_player} {verb}"
    ax.set_title(f"Achi · {status}", loc="left", fontsize=SMALL + 1)
    players = [Patch(color=player_colour(p)) for p in (0, 1)]
    legend_below(ax, players, ["player 0", "player 1"], fontsize=SMALL)
    return fig


def to_png(state, viewer: int | None = None, *, reveal: bool = False, dpi: float = 80) -> bytes:
    return board_png(draw, state, viewer, reveal=reveal, dpi=dpi)


def places(state, viewer: int | None = None) -> list[NamedPlace]:
    """Every point of the board, named as the moves name it ("b2"), with its box: what a
    guided game's ``highlight`` marks and ``locate`` reads a click on."""
    return list(PLACES)


def click_axes(state, viewer: int | None = None):
    """The figure and axes ``locate`` reads clicks in, nothing drawn (``render.clicks``)."""
    return _axes(state)


def locate(state, x: float, y: float, viewer: int | None = None) -> str | None:
    """The point under pixel ``(x, y)`` of ``to_png(state)`` (y down), or None."""
    fig, ax = _axes(state)
    try:
        return place_at(board_point(fig, x, y, ax), places(state, viewer))
    finally:
        release(fig)


def click_example(state, viewer: int = 0):
    """A point some of ``viewer``'s moves are about, with its box as ``locate`` lists it;
    where every move is about one point, the move to play first."""
    legal = state.legal_actions()
    points = [a.point if type(a) is Place else a.start for a in legal]
    return PLACES[points[0]] if len(set(points)) > 1 else legal[0]


def graph(state, viewer: int | None = None, *, reveal: bool = False) -> nx.Graph:
    """The points (by name, with ``counter``: a player or None) joined along the lines."""
    g = nx.Graph()
    for q in POINTS:
        g.add_node(name(q), counter=state.board[q])
        g.add_edges_from((name(q), name(r)) for r in NEIGHBOURS[q])
    return g


def draw_graph(
    state, ax: Axes | None = None, *, viewer: int | None = None, reveal: bool = False
) -> Figure:
    g = graph(state)
    fig, ax = new_axes(ax, figsize=(3.5, 3.5))
    colours = ["#dddddd" if c is None else player_colour(c) for _, c in g.nodes(data="counter")]
    nx.draw_networkx(g, {name(q): XY[q] for q in POINTS}, ax=ax, node_color=colours)
    ax.set_axis_off()
    ax.set_title("the board as a graph", fontsize=10)
    return fig
