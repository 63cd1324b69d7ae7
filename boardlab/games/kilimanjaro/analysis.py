"""Kilimanjaro's track as a graph, for notebooks that reason about the board with networkx.

``graph`` gives the track as a ``networkx.DiGraph`` (steps, and a lion's jump back to
its village once the lion is face up, "Chance counters"); ``draw_graph`` draws it on the
board's serpentine. ``render`` offers both under their house names (every game's
renderer has ``graph`` and ``draw_graph``). Only what the viewer may know is read.
"""

from __future__ import annotations

from math import ceil

import networkx as nx
from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.patches import Circle, Patch

from boardlab.render import board_axes, legend_below, player_colour

from . import look
from .components import BANANA, CHANGE, COUNTER_NAMES, LION, last_village

#: Inches per space of ``draw_graph``'s serpentine (its own size, not the board's).
GRAPH_UNIT = 0.62


def graph(state, viewer: int | None = None, *, reveal: bool = False) -> nx.DiGraph:
    """The track as a directed graph, as ``viewer`` knows it (``None``: a spectator).

    Nodes are the spaces ``0..track_length`` (0 is the start village) with
    attributes ``village`` (bool; the start village counts), ``base_camp``
    (bool), ``counter`` (``"banana"``, ``"lion"``, ``"change position"``,
    ``"hidden"`` for a face-down counter the viewer does not know, or
    ``None``), ``face_up`` (bool), ``expeditions`` (the players standing
    there) and ``pos`` (the same serpentine coordinates ``draw`` uses).

    Edges: ``i -> i+1`` with ``kind="step"`` along the track, and for every
    face-up lion counter an edge from its space to the last village behind
    it with ``kind="lion"`` (Chance counters). A banana needs no edge: its
    jump depends on the distance moved, so it is only a node attribute.
    """

    game = state.game
    length = game.params["track_length"]
    villages = set(game.villages) | {0}
    where = look.layout(length)
    g = nx.DiGraph(game=game.name, length=length)
    for space in range(length + 1):
        kind = state.counter_at[space]
        if kind < 0:
            counter = None
        elif reveal or state.knows_counter(viewer, space):
            counter = COUNTER_NAMES[kind]
        else:
            counter = "hidden"
        g.add_node(
            space,
            village=space in villages,
            base_camp=space == length,
            counter=counter,
            face_up=bool(kind >= 0 and state.face_up[space]),
            expeditions=[p for p, pos in enumerate(state.positions) if pos == space],
            pos=where[space],
        )
    for space in range(length):
        g.add_edge(space, space + 1, kind="step")
    for space in range(1, length):
        if state.counter_at[space] == LION and state.face_up[space]:
            g.add_edge(space, last_village(space, game.villages), kind="lion")
    return g


def draw_graph(
    state, ax: Axes | None = None, *, viewer: int | None = None, reveal: bool = False
) -> Figure:
    """``graph(state, viewer, reveal=reveal)`` drawn with networkx on the board's serpentine."""

    g = graph(state, viewer, reveal=reveal)
    length = g.graph["length"]
    cols = look.columns(length)
    rows = ceil(length / cols)
    xlim, ylim = (-2.05, cols - 0.4), (-0.75, rows - 0.5)
    fig, ax = board_axes(xlim, ylim, ax, unit=GRAPH_UNIT, top=0.5, bottom=0.75)
    pos = nx.get_node_attributes(g, "pos")
    _draw_graph_nodes(ax, g, pos)
    steps, lions = _draw_graph_edges(ax, g, pos)
    labels = {v: ("start" if v == 0 else str(v)) for v in g}
    nx.draw_networkx_labels(g, pos, labels=labels, font_size=6, ax=ax)
    _draw_graph_expeditions(ax, g, pos)
    ax.set_title(
        f"The track as a graph: {g.number_of_nodes()} spaces, "
        f"{len(steps)} step edges, {len(lions)} lion edge{'' if len(lions) == 1 else 's'}",
        fontsize=10,
    )
    _graph_legend(ax, state.game.num_players)
    return fig


#: A counter's name in ``graph`` → its kind, for its colour.
COUNTER_KINDS = {name: kind for kind, name in enumerate(COUNTER_NAMES)}


def _node_colour(data: dict) -> str:
    """A space's fill in ``draw_graph``: its counter's colour, else village, camp or plain."""

    if data["counter"] == "hidden":
        return look.HIDDEN_COLOUR
    if data["counter"] is not None:
        return look.COUNTER_COLOUR[COUNTER_KINDS[data["counter"]]]
    if data["base_camp"]:
        return look.CAMP_FILL
    return look.VILLAGE_FILL if data["village"] else "#e9eddc"


def _draw_graph_nodes(ax: Axes, g: nx.DiGraph, pos: dict) -> None:
    """Plain spaces as small discs; villages and the base camp as bigger squares."""

    plain = [v for v in g if not g.nodes[v]["village"] and not g.nodes[v]["base_camp"]]
    special = [v for v in g if v not in set(plain)]
    small = {"node_size": 260, "edgecolors": "#777", "linewidths": 0.8}
    big = {"node_size": 420, "node_shape": "s", "edgecolors": look.VILLAGE_EDGE, "linewidths": 1.8}
    for nodes, style in ((plain, small), (special, big)):
        colours = [_node_colour(g.nodes[v]) for v in nodes]
        nx.draw_networkx_nodes(g, pos, nodelist=nodes, node_color=colours, ax=ax, **style)


def _draw_graph_edges(ax: Axes, g: nx.DiGraph, pos: dict) -> tuple[list, list]:
    """The step edges along the track, and the lions' jumps back; returns both lists."""

    steps = [(u, v) for u, v, k in g.edges(data="kind") if k == "step"]
    lions = [(u, v) for u, v, k in g.edges(data="kind") if k == "lion"]
    nx.draw_networkx_edges(
        g, pos, edgelist=steps, edge_color="#9a8a66", width=1.0, arrowsize=8, node_size=300, ax=ax
    )
    if lions:
        nx.draw_networkx_edges(
            g,
            pos,
            edgelist=lions,
            edge_color=look.COUNTER_COLOUR[LION],
            width=2.0,
            arrowsize=14,
            connectionstyle="arc3,rad=0.3",
            node_size=300,
            ax=ax,
        )
    return steps, lions


def _draw_graph_expeditions(ax: Axes, g: nx.DiGraph, pos: dict) -> None:
    """A small disc in the player's colour for each expedition on a space."""
    for v, data in g.nodes(data=True):
        for i, p in enumerate(data["expeditions"]):
            x, y = pos[v]
            disc = Circle((x - 0.27 + 0.18 * i, y - 0.3), 0.1, facecolor=player_colour(p))
            disc.set(edgecolor="white", lw=0.8, zorder=5)
            ax.add_artist(disc)


def _graph_legend(ax: Axes, players: int) -> None:
    """What ``draw_graph``'s edges, squares and discs mean."""

    handles = [
        Line2D([], [], color="#9a8a66", lw=1.0),
        Line2D([], [], color=look.COUNTER_COLOUR[LION], lw=2.0),
        Patch(facecolor=look.VILLAGE_FILL, edgecolor=look.VILLAGE_EDGE),
        marker(look.HIDDEN_COLOUR, "#777", 8),
    ]
    labels = ["step: i → i+1", "lion: back to the last village", "village", "hidden counter"]
    for k in (BANANA, LION, CHANGE):
        handles.append(marker(look.COUNTER_COLOUR[k], "#777", 8))
        labels.append(COUNTER_NAMES[k])
    for p in range(players):
        handles.append(marker(player_colour(p), "white", 7))
        labels.append(f"player {p}'s expedition")
    legend_below(ax, handles, labels)


def marker(face: str, edge: str, size: float, **style) -> Line2D:
    """A round legend marker: ``face`` filled, rimmed in ``edge``."""
    look = {"marker": "o", "ls": "none", "markersize": size}
    return Line2D([], [], markerfacecolor=face, markeredgecolor=edge, **look, **style)
