"""Kombo Afrika drawn: the 5×5 board, the hands, and the colour graph of combos.

``draw`` shows the board as a player sees it: active cards in their colour
(a colour-blind-safe palette, plus the colour's initial printed on the
card), the animal and its points; hidden cards face down (``reveal`` shows
them faded, a "god view" for teaching — dossier 8); the draw deck on the
centre cell with its size; free cells where a card may go are dotted. A
panel per player shows the score and the hand (names for its owner, backs
for everyone else).

``graph`` gives the active cards as a ``networkx.Graph`` with an edge
between side-adjacent cards of one colour (a CHAO's edges are wildcard
edges); hidden cards join it, without edges, only with ``reveal``.
``locate`` names the cell or hand card under a click (``PlayPanel``) as the game's
``choice_path`` labels do. ``draw_graph`` highlights every claimable combo with its
score. (The tests find the combos with networkx's connected components on this graph and
check the engine's bit-mask search agrees.)
"""

from __future__ import annotations

import networkx as nx
from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.patches import FancyBboxPatch, Patch, Rectangle

from boardlab.render import (
    OKABE_ITO,
    Place,
    board_axes,
    board_png,
    board_point,
    legend_below,
    place_at,
    player_colour,
    player_text_colour,
    release,
)

from . import actions
from .components import CELLS, COLUMNS, DECK_CELL, SIZE, cell_name

#: Card colours: Okabe–Ito hues (distinct for the common colour blindnesses), and
#: a mark of the colour's name (``colour_mark``) is printed on every card as well.
PALETTE = {
    "red": OKABE_ITO["vermillion"],
    "yellow": OKABE_ITO["yellow"],
    "green": OKABE_ITO["bluish green"],
    "blue": OKABE_ITO["blue"],
    "purple": OKABE_ITO["reddish purple"],
    "brown": "#8c6d46",
}


def colour_mark(colour: str) -> str:
    """What a card prints for its colour: the shortest prefix no other colour shares
    ("R", "Bl" for blue, "Br" for brown), so the mark alone tells colours apart."""
    if not colour:
        return "*"
    others = [c for c in PALETTE if c != colour]
    for k in range(1, len(colour) + 1):
        if not any(other.startswith(colour[:k]) for other in others):
            return colour[:k].capitalize()
    return colour.capitalize()


EXTRA = (OKABE_ITO["sky blue"], OKABE_ITO["orange"], "#999999", "#44aa99", "#882255", "#ddcc77")
INK = {"yellow": "black", "green": "white", "blue": "white", "red": "white", "purple": "black"}
CHAO_FILL = "#ffffff"
BACK = "#3d5a3c"
#: The width of a player's panel beside the board, in cells.
PANEL_WIDTH = 5.2
FREE_EDGE = "#9a9a9a"


def colour_fill(colour: str) -> str:
    """The fill of a card colour (CHAO: white with a rainbow rim)."""
    if not colour:
        return CHAO_FILL
    if colour in PALETTE:
        return PALETTE[colour]
    return EXTRA[sum(map(ord, colour)) % len(EXTRA)]


def _xy(cell: int) -> tuple[float, float]:
    """Lower-left corner of a cell: row 1 at the top."""
    return float(cell % SIZE), float(SIZE - 1 - cell // SIZE)


def _face(ax: Axes, x: float, y: float, w: float, h: float, face, *, alpha=1.0, gid=None):
    """One card face: colour, the colour's initial, the animal and its points."""
    fill = colour_fill(face.colour)
    ink = INK.get(face.colour, "black")
    card = FancyBboxPatch(
        (x, y),
        w,
        h,
        boxstyle="round,pad=0,rounding_size=0.08",
        facecolor=fill,
        edgecolor="black" if face.colour else "#aa3377",
        lw=1.0 if face.colour else 2.0,
        alpha=alpha,
        zorder=2,
    )
    card.set_gid(gid)
    ax.add_artist(card)
    initial = colour_mark(face.colour)
    size = 7 if w > 0.7 else 5.5
    corners = (
        (0.1, 0.82, initial, size + 1, "left"),
        (0.9, 0.82, str(face.points), size + 1, "right"),
        (0.5, 0.35, face.animal, size, "center"),
    )
    for dx, dy, text, fontsize, ha in corners:  # colour mark, points, animal
        ax.text(
            x + dx * w,
            y + dy * h,
            text,
            fontsize=fontsize,
            weight="bold",
            color=ink,
            va="center",
            ha=ha,
            alpha=alpha,
            zorder=3,
            gid=gid,
        )


def _back(ax: Axes, x: float, y: float, w: float, h: float, text: str = "", gid=None):
    back = FancyBboxPatch(
        (x, y),
        w,
        h,
        boxstyle="round,pad=0,rounding_size=0.08",
        facecolor=BACK,
        edgecolor="white",
        hatch="////",
        lw=0.8,
        zorder=2,
    )
    back.set_gid(gid)
    ax.add_artist(back)
    if text:
        ax.text(
            x + w / 2,
            y + h / 2,
            text,
            fontsize=7,
            color="white",
            weight="bold",
            ha="center",
            va="center",
            zorder=3,
            gid=gid,
        )


def draw(
    state, ax: Axes | None = None, *, viewer: int | None = None, reveal: bool = False
) -> Figure:
    """Draw ``state`` as ``viewer`` sees it (``None``: a spectator); ``reveal`` shows all."""
    game = state.game
    n = game.num_players
    fig, ax, height = _axes(state, ax)
    free = state.free_cells() if state.phase_name == "main" else 0
    for cell in range(CELLS):
        x, y = _xy(cell)
        ax.add_artist(
            Rectangle((x, y), 1, 1, facecolor="#f4efe1", edgecolor="#d8cfb8", lw=0.8, zorder=0)
        )
        gid = f"cell:{cell_name(cell)}"
        if cell == DECK_CELL:
            _back(ax, x + 0.05, y + 0.05, 0.9, 0.9, f"deck\n{len(state.deck)}", gid=gid)
            continue
        f = state.board[cell]
        if f < 0:
            if free >> cell & 1:
                ax.add_artist(
                    Rectangle(
                        (x + 0.1, y + 0.1),
                        0.8,
                        0.8,
                        fill=False,
                        edgecolor=FREE_EDGE,
                        ls=":",
                        lw=1.0,
                        zorder=1,
                    )
                )
            continue
        if state.is_hidden(cell):
            _back(ax, x + 0.05, y + 0.05, 0.9, 0.9, gid=gid)
            if reveal:
                _face(ax, x + 0.2, y + 0.2, 0.6, 0.6, game.faces[f], alpha=0.55, gid=gid)
        else:
            _face(ax, x + 0.05, y + 0.05, 0.9, 0.9, game.faces[f], gid=gid)
    for i in range(SIZE):
        ax.text(i + 0.5, SIZE + 0.08, COLUMNS[i], ha="center", va="bottom", fontsize=8)
        ax.text(-0.1, SIZE - 0.5 - i, str(i + 1), ha="right", va="center", fontsize=8)
    for p in range(n):
        _panel(ax, state, p, SIZE + 0.5, _panel_bottom(height, p), viewer, reveal)
    ax.set_title(_title(state, viewer, reveal), fontsize=10, loc="left", x=0.01)
    return fig


def _axes(state, ax: Axes | None = None) -> tuple[Figure, Axes, float]:
    """The board's axes (the 5×5 grid, a panel per player on its right) and their top."""
    height = max(SIZE + 0.2, 1.25 * state.game.num_players + 0.4)
    xlim, ylim = (-0.5, SIZE + 0.3 + PANEL_WIDTH), (-0.2, height)
    fig, ax = board_axes(xlim, ylim, ax, unit=0.75, top=0.55, bottom=0.5)
    return fig, ax, height


def _panel_bottom(height: float, p: int) -> float:
    return height - 0.3 - 1.25 * (p + 1)


def _hand_x(x0: float, i: int) -> float | None:
    """Where the ``i``-th card of a hand is drawn in a panel starting at ``x0`` (None: no
    room left, the rest is not drawn)."""
    x = x0 + 0.12 + i * 0.6
    return None if x > x0 + 4.5 else x


def locate(state, x: float, y: float, viewer: int | None = None) -> str | None:
    """The place under pixel ``(x, y)`` of ``to_png(state, viewer)`` (default dpi, y down):
    a cell of the board ("cell c3"; the deck's cell is no place a move is about) or a card
    of ``viewer``'s hand (its label, "red SURI 3"), or ``None`` — named as
    ``choice_path``'s labels name them, so ``PlayPanel`` keeps the moves about that place.
    Nothing is drawn."""
    fig, ax, height = _axes(state)
    try:
        point = board_point(fig, x, y, ax)
    finally:
        release(fig)
    places: list[Place] = []
    for cell in range(CELLS):
        u, v = _xy(cell)
        if cell != DECK_CELL:
            places.append((f"cell {cell_name(cell)}", (u, v, u + 1, v + 1)))
    if viewer is not None:
        bottom = _panel_bottom(height, viewer) + 0.08
        for i, face in enumerate(sorted(state.hands[viewer])):
            left = _hand_x(SIZE + 0.5, i)
            if left is None:
                break
            places.append((state.game.labels[face], (left, bottom, left + 0.55, bottom + 0.75)))
    return place_at(point, places)


def click_example(state, viewer: int = 0):
    """The click test's place (``boardlab/games/README.md``): the cell of the first
    placement on offer, with its box as ``locate`` lists it (The Player's Turn); before
    any placement is legal, a move to play first (keep the hand)."""
    legal = state.legal_actions()
    place = next((a for a in legal if isinstance(a, actions.Place)), None)
    if place is None:
        return next((a for a in legal if isinstance(a, actions.KeepHand)), legal[0])
    u, v = _xy(place.cell)
    return f"cell {cell_name(place.cell)}", (u, v, u + 1, v + 1)


#: ``tests/test_render.py``'s busy board: 4 players, 12 random moves in (cards laid).
CONTRAST_SCENE = {"params": {"players": 4}, "steps": 12, "player_words": True}


def _panel(ax: Axes, state, p: int, x0: float, y0: float, viewer, reveal: bool) -> None:
    game = state.game
    current = p == state.current_player
    ax.add_artist(
        FancyBboxPatch(
            (x0, y0),
            5.0,
            1.15,
            boxstyle="round,pad=0,rounding_size=0.1",
            facecolor="#fbf8f0",
            edgecolor=player_colour(p),
            lw=2.4 if current else 1.0,
            zorder=0,
        )
    )
    ax.text(
        x0 + 0.12,
        y0 + 1.0,
        f"player {p}: {state.scores[p]} points"
        + (f" · last turn {state.last_points[p]}" if state.turn else ""),
        fontsize=8,
        weight="bold",
        color=player_text_colour(p),  # the player's hue, readable as text (≥ 4.5:1)
        va="center",
    )
    hand = state.hands[p]
    shown = reveal or viewer == p
    for i, f in enumerate(sorted(hand) if shown else hand):
        x = _hand_x(x0, i)
        if x is None:
            break
        if shown:
            _face(ax, x, y0 + 0.08, 0.55, 0.75, game.faces[f], gid=f"hand:{p}")
        else:
            _back(ax, x, y0 + 0.08, 0.55, 0.75, gid=f"hand:{p}")
    if not hand:
        ax.text(x0 + 0.15, y0 + 0.45, "hand empty", fontsize=7, color="#666")


def _title(state, viewer, reveal: bool) -> str:
    seen = (
        "hidden cards shown faded"
        if reveal
        else ("spectator's view" if viewer is None else f"as player {viewer} sees it")
    )
    head = f"Kombo Afrika — {seen}"
    if state.outcome is not None:
        o = state.outcome
        names = " and ".join(f"player {w}" for w in o.winners)
        status = "Game over" if o.status == "finished" else "Game cut short (turn cap)"
        return f"{head}\n{status}: {names} {'wins' if len(o.winners) == 1 else 'share the win'}"
    what = {
        "mulligan": "keeps or swaps the hand",
        "main": "places, claims or ends the turn",
        "effect": "decides a card's effect",
        "claim": "chooses a combo's cards",
    }[state.phase_name]
    return (
        f"{head}\nturn {state.turn + 1} · player {state.current_player} {what} · "
        f"deck {len(state.deck)} · discard {len(state.discard)}"
    )


def to_png(state, viewer: int | None = None, *, reveal: bool = False, dpi: float = 80) -> bytes:
    """The board as PNG bytes (``State._repr_png_``, ``Image`` widgets)."""
    return board_png(draw, state, viewer, reveal=reveal, dpi=dpi)


# -- the colour graph -----------------------------------------------------------------------
def graph(state, viewer: int | None = None, *, reveal: bool = False) -> nx.Graph:
    """Active cards as nodes (cell names), edges between side-adjacent cards of one colour.

    Node attributes: ``card`` (label), ``colour`` ("" for CHAO), ``points``,
    ``cell`` (index), ``pos`` (grid position) and ``face_up``. A CHAO is joined
    to every side-adjacent active card with ``kind="wild"``; same-colour edges
    have ``kind="colour"``. Hidden cards take no part in combos (Combos and
    Scoring) and nobody may see their faces, whoever ``viewer`` is (dossier 8:
    no one remembers them): they are in the graph only with ``reveal`` (the
    teacher's view), as nodes without edges and ``face_up=False``.
    """
    game = state.game
    g = nx.Graph()
    for cell in range(CELLS):
        if cell == DECK_CELL or state.board[cell] < 0:
            continue
        face_up = not state.is_hidden(cell)
        if not face_up and not reveal:
            continue
        face = game.faces[state.board[cell]]
        x, y = _xy(cell)
        g.add_node(
            cell_name(cell),
            card=face.label,
            colour=face.colour,
            points=face.points,
            cell=cell,
            pos=(x + 0.5, y + 0.5),
            face_up=face_up,
        )
    active = [(v, d) for v, d in g.nodes(data=True) if d["face_up"]]
    for u, du in active:
        for v, dv in active:
            if u >= v:
                continue
            (x1, y1), (x2, y2) = du["pos"], dv["pos"]
            if abs(x1 - x2) + abs(y1 - y2) != 1:
                continue
            if du["colour"] and du["colour"] == dv["colour"]:
                g.add_edge(u, v, kind="colour")
            elif not du["colour"] or not dv["colour"]:
                g.add_edge(u, v, kind="wild")
    return g


def draw_graph(
    state, ax: Axes | None = None, *, viewer: int | None = None, reveal: bool = False
) -> Figure:
    """The colour graph on the board's grid, every claimable combo outlined with its score.

    ``reveal`` adds the hidden cards, faded and without edges (``graph``)."""
    g = graph(state, viewer, reveal=reveal)
    fig, ax = board_axes(
        (-0.3, SIZE + 0.3), (-0.3, SIZE + 0.3), ax, unit=0.95, top=0.6, bottom=0.55
    )
    combos = sorted(state.combos().items(), key=lambda kv: -kv[1])
    _outline_combos(ax, combos)
    colour_edges = _draw_cards(ax, g)
    _cell_names(ax)
    best = f"best: {combos[0][1]} points" if combos else "no combo"
    active = sum(1 for _, up in g.nodes(data="face_up") if up)
    hidden = g.number_of_nodes() - active
    faded = f", {hidden} hidden (faded)" if hidden else ""
    ax.set_title(
        f"Colour graph: {active} active cards{faded}, {len(colour_edges)} same-colour "
        f"edges\n{len(combos)} claimable combo{'' if len(combos) == 1 else 's'} ({best})",
        fontsize=9,
    )
    legend_below(
        ax,
        [
            Line2D([], [], color="black", lw=3),
            Line2D([], [], color="#aa3377", ls="--"),
            Patch(fill=False, edgecolor="black"),
        ],
        ["same colour", "CHAO (wildcard)", "claimable combo (score)"],
        ncol=3,
        fontsize=7,
    )
    return fig


#: Line styles of the combos' outlines, in turn, so overlapping combos stay apart.
OUTLINE_STYLES = [(0, ()), (0, (4, 2)), (0, (1, 1.5)), (0, (6, 2, 1, 2))]


def _outline_combos(ax: Axes, combos: list[tuple[int, int]]) -> None:
    """Each combo ``(cells mask, points)`` outlined cell by cell, its score in its first cell;
    overlapping combos are nested by padding and told apart by line style."""
    for i, (mask, value) in enumerate(combos):
        pad = 0.06 + 0.06 * (i % 4)
        for cell in range(CELLS):
            if mask >> cell & 1:
                x, y = _xy(cell)
                ax.add_artist(
                    Rectangle(
                        (x + pad, y + pad),
                        1 - 2 * pad,
                        1 - 2 * pad,
                        fill=False,
                        edgecolor="black",
                        lw=1.6,
                        ls=OUTLINE_STYLES[i % 4],
                        zorder=1,
                    )
                )
        first = min(c for c in range(CELLS) if mask >> c & 1)
        x, y = _xy(first)
        ax.text(
            x + pad + 0.02,
            y + 1 - pad - 0.02,
            f"{value}",
            fontsize=8,
            weight="bold",
            ha="left",
            va="top",
            zorder=5,
            bbox={"boxstyle": "round,pad=0.15", "fc": "#ffffcc", "ec": "black", "lw": 0.6},
        )


def _draw_cards(ax: Axes, g: nx.Graph) -> list:
    """The graph's edges (same colour solid, wildcard dashed) and its cards as labelled
    nodes in their colour (hidden ones faded); returns the same-colour edges."""
    pos = nx.get_node_attributes(g, "pos")
    colour_edges = [(u, v) for u, v, k in g.edges(data="kind") if k == "colour"]
    wild_edges = [(u, v) for u, v, k in g.edges(data="kind") if k == "wild"]
    nx.draw_networkx_edges(g, pos, edgelist=colour_edges, width=3, ax=ax)
    nx.draw_networkx_edges(
        g, pos, edgelist=wild_edges, width=1.5, style="dashed", edge_color="#aa3377", ax=ax
    )
    for face_up in (True, False):
        nodes = [v for v in g if g.nodes[v]["face_up"] is face_up]
        if not nodes:
            continue
        nx.draw_networkx_nodes(
            g,
            pos,
            nodelist=nodes,
            ax=ax,
            node_size=520,
            node_color=[colour_fill(g.nodes[v]["colour"]) for v in nodes],
            edgecolors="black",
            linewidths=1.0,
            alpha=None if face_up else 0.35,
        )
    for v in g:
        x, y = pos[v]
        node = g.nodes[v]
        ax.text(
            x,
            y,
            f"{colour_mark(node['colour'])}{node['points']}",
            fontsize=7,
            ha="center",
            va="center",
            color=INK.get(node["colour"], "black"),
            weight="bold",
            alpha=None if node["face_up"] else 0.5,
        )
    return colour_edges


def _cell_names(ax: Axes) -> None:
    """Each cell's name in its lower right corner."""
    for cell in range(CELLS):
        x, y = _xy(cell)
        ax.text(
            x + 0.97, y + 0.03, cell_name(cell), fontsize=6, ha="right", va="bottom", color="#777"
        )


__all__ = ["draw", "draw_graph", "graph", "to_png"]
