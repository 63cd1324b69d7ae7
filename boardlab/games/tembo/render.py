"""Tembo drawn: the journey grid, the herd, the Matriarch and the lions; the team's tracks.

``draw`` shows every cell in its terrain colour (trees in their colour, purple
landmark and destination cells), the card areas (a card's name where one is
built, the printed build action where it is free), elephants as discs in their
player's colour (a "2" on rough terrain), the Matriarch (M), the lioness and the
lion (upright: filled; lying: hollow), visited landmarks ticked; under the grid
the energy track, support tokens, tree stands and each player's elephants and
hand (names for its owner or with ``reveal``, backs otherwise). ``highlight``
(a card name) marks the legal placements of that card's pattern for the viewer.

``graph`` is the area graph (lions move on it); ``cell_graph`` the 8-neighbour
cell graph. ``locate`` names the cell under a click ("b14"), as
``Footprint``/``Elephant`` actions and ``choice_path`` name cells. Texts carry a
``gid`` (``hand:1``, ``energy``, ``tokens``, ``cell:b14``, ``lion:0``) so tests read
what a figure says.
"""

from __future__ import annotations

import networkx as nx
from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.patches import Circle, Rectangle

from boardlab.render import (
    board_axes,
    board_png,
    board_point,
    new_axes,
    player_colour,
    player_text_colour,
    release,
)

from .actions import Elephant, Support
from .components import BUILD_WORDS, LIONS, TREES

TERRAIN_FILL = {
    ".": "#f1e4b8",
    "M": "#f1e4b8",
    "w": "#7cc3ea",
    "r": "#b49a7a",
    "p": "#b48fd6",
    "d": "#8e5fc2",
    "G": "#4d9b4d",
    "Y": "#e3c94a",
    "R": "#d06a5a",
    "B": "#5a7fd0",
}
ROW_GAP = 0.9


def _axes(state, ax: Axes | None = None):
    journey = state.game.journey
    n = state.game.num_players
    return board_axes(
        (-0.6, journey.columns + 0.2),
        (-(2.2 + ROW_GAP * n), journey.rows + 0.9),
        ax,
        unit=0.32,
        bottom=0.2,
    )


def _xy(state, cell: int) -> tuple[float, float]:
    row, column = divmod(cell, state.game.journey.columns)
    return column, state.game.journey.rows - 1 - row


def draw(
    state, ax: Axes | None = None, *, viewer: int | None = None, reveal: bool = False
) -> Figure:
    """Draw ``state`` as ``viewer`` sees it (``None``: a spectator); ``reveal`` every hand."""
    return _draw(state, ax, viewer, reveal, None)


def draw_placements(state, card: str, ax: Axes | None = None, *, viewer: int = 0) -> Figure:
    """The board with every legal placement of ``card``'s pattern (viewer's direction)
    outlined in green: which placements of this pattern are legal here?"""
    return _draw(state, ax, viewer, False, card)


def _draw(state, ax, viewer, reveal, highlight) -> Figure:
    game, journey = state.game, state.game.journey
    fig, ax = _axes(state, ax)
    for c in range(journey.cells):
        x, y = _xy(state, c)
        ax.add_patch(
            Rectangle(
                (x, y), 1, 1, facecolor=TERRAIN_FILL[state.terrain[c]], edgecolor="#8a7a55", lw=0.3
            )
        )
    for i, area in enumerate(journey.areas):
        xs = [_xy(state, c) for c in area.cells]
        left, bottom = min(x for x, _ in xs), min(y for _, y in xs)
        right, top = max(x for x, _ in xs) + 1, max(y for _, y in xs) + 1
        ax.add_patch(
            Rectangle(
                (left, bottom), right - left, top - bottom, fill=False, edgecolor="#4a3c20", lw=1.0
            )
        )
        if area.kind == "card":
            card = state.covered[i]
            label = game.card_names[card] if card >= 0 else area.name
            ax.text(left + 0.1, top - 0.25, label, fontsize=4.5, gid=f"area:{area.name}")
        elif area.kind == "landmark":
            k = journey.landmarks.index(i)
            mark = "visited" if state.visited[k] else "landmark"
            ax.text(
                left + 0.1,
                top - 0.25,
                f"{area.name} {mark}",
                fontsize=4.5,
                gid=f"landmark:{area.name}",
            )
    for c, k in enumerate(state.count):
        if k:
            x, y = _xy(state, c)
            ax.add_patch(
                Circle(
                    (x + 0.5, y + 0.45),
                    0.3,
                    facecolor=player_colour(state.owner[c]),
                    edgecolor="black",
                    lw=0.5,
                    zorder=3,
                )
            )
            ax.text(
                x + 0.5,
                y + 0.45,
                str(k) if k > 1 else "",
                ha="center",
                va="center",
                fontsize=5,
                color="white",
                zorder=4,
                gid=f"cell:{journey.name(c)}",
            )
    mx, my = _xy(state, state.matriarch)
    ax.add_patch(Circle((mx + 0.5, my + 0.5), 0.38, facecolor="#555555", zorder=3))
    ax.text(
        mx + 0.5,
        my + 0.5,
        "M",
        ha="center",
        va="center",
        fontsize=6,
        color="white",
        zorder=4,
        gid="matriarch",
    )
    for i, area in enumerate(state.lions):
        xs = [_xy(state, c) for c in journey.areas[area].cells]
        x = min(x for x, _ in xs) + 0.5 + 0.8 * i
        y = min(y for _, y in xs) + 0.3
        ax.add_patch(
            Circle(
                (x, y),
                0.28,
                facecolor="none" if state.lying[i] else "#c8781e",
                edgecolor="#7a3d00",
                lw=1.2,
                zorder=5,
            )
        )
        ax.text(
            x,
            y,
            LIONS[i][:3] + (" lying" if state.lying[i] else ""),
            fontsize=4,
            ha="center",
            va="center",
            zorder=6,
            gid=f"lion:{i}",
        )
    if highlight is not None and viewer is not None and highlight in game.card_ids:
        card = game.card_ids[highlight]
        for _, cells in state.placements(card, game.seat_turns[viewer], viewer):
            for c in cells:
                x, y = _xy(state, c)
                ax.add_patch(
                    Rectangle(
                        (x + 0.1, y + 0.1),
                        0.8,
                        0.8,
                        fill=False,
                        edgecolor="#00a000",
                        lw=1.2,
                        zorder=2,
                        gid="highlight",
                    )
                )
    y = -0.8
    stands = ", ".join(
        f"{TREES[t]} {'up' if up else 'down'}"
        for t, up in zip(("G", "Y", "R", "B"), state.stands, strict=True)
    )
    ax.text(0, y, f"energy {state.energy}/{game.params.energy_max}", fontsize=7, gid="energy")
    ax.text(7, y, f"support tokens {state.tokens}", fontsize=7, gid="tokens")
    ax.text(14, y, f"deck {len(state.deck)} · tree stands: {stands}", fontsize=7, gid="deck")
    for p in range(game.num_players):
        y = -1.7 - ROW_GAP * p
        shown = reveal or viewer == p or game.params.open_hands
        hand = (
            ", ".join(sorted(game.card_names[c] for c in state.hands[p]))
            if shown
            else f"{len(state.hands[p])} hidden cards"
        )
        ax.text(
            0,
            y,
            f"player {p}: {state.rested[p]} rested, {state.tired[p]} tired, "
            f"{state.on_savanna[p]} out, {state.box[p]} lost",
            fontsize=7,
            color=player_text_colour(p),
            gid=f"player:{p}",
        )
        ax.text(18, y, f"hand: {hand}", fontsize=7, gid=f"hand:{p}")
    status = (
        state.outcome.describe()
        if state.outcome
        else (f"turn {state.turn + 1} · player {state.current_player} · {state.step}")
    )
    ax.set_title(f"{game.title} · {status}", loc="left", fontsize=9)
    return fig


def to_png(state, viewer: int | None = None, *, reveal: bool = False, dpi: float = 80) -> bytes:
    return board_png(draw, state, viewer, reveal=reveal, dpi=dpi)


def locate(state, x: float, y: float, viewer: int | None = None) -> str | None:
    """The cell under pixel ``(x, y)`` of ``to_png(state, viewer)`` ("b14"), or None."""
    fig, ax = _axes(state)
    try:
        u, v = board_point(fig, x, y, ax)
    finally:
        release(fig)
    journey = state.game.journey
    column, row = int(u // 1), journey.rows - 1 - int(v // 1)
    if 0 <= column < journey.columns and 0 <= row < journey.rows and u >= 0 and v >= 0:
        return journey.name(row * journey.columns + column)
    return None


def click_example(state, viewer: int = 0):
    """The click test's place (``boardlab/games/README.md``): the cell of the first single
    elephant on offer ("b14") with its box, as ``locate`` reads it; before one is on offer,
    a move to play first (support token D, which places single elephants)."""
    legal = state.legal_actions()
    elephant = next((a for a in legal if isinstance(a, Elephant)), None)
    if elephant is None:
        return next((a for a in legal if isinstance(a, Support) and a.token == "D"), legal[0])
    journey = state.game.journey
    cells = range(journey.rows * journey.columns)
    cell = next(c for c in cells if journey.name(c) == elephant.cell)
    u, v = _xy(state, cell)
    return elephant.cell, (u, v, u + 1, v + 1)


#: ``tests/test_render.py``'s busy board: 4 players, 12 random moves in.
CONTRAST_SCENE = {"params": {"players": 4}, "steps": 12, "player_words": True}


def graph(state, viewer: int | None = None, *, reveal: bool = False) -> nx.Graph:
    """The area graph: areas (kind, build action, the card on it, lions, elephants) joined
    where they share a cell edge; the team's hands as node attributes of ``"team"``
    (shown as for ``draw``)."""
    game = state.game
    g = game.journey.area_graph()
    for i, area in enumerate(game.journey.areas):
        g.nodes[i]["card"] = game.card_names[state.covered[i]] if state.covered[i] >= 0 else None
        g.nodes[i]["lions"] = [LIONS[k] for k in (0, 1) if state.lions[k] == i]
        g.nodes[i]["elephants"] = sum(state.count[c] for c in area.cells)
        g.nodes[i]["words"] = BUILD_WORDS.get(area.action, area.kind)
    hands = [
        sorted(game.card_names[c] for c in h)
        if reveal or viewer == p or game.params.open_hands
        else None
        for p, h in enumerate(state.hands)
    ]
    g.graph["hands"] = hands
    return g


def cell_graph(state) -> nx.Graph:
    """The 8-neighbour cell graph (placement adjacency), for teaching."""
    return state.game.journey.cell_graph()


def draw_graph(
    state, ax: Axes | None = None, *, viewer: int | None = None, reveal: bool = False
) -> Figure:
    """The area graph laid out on the journey (each area at its centre)."""
    g = graph(state, viewer, reveal=reveal)
    journey = state.game.journey
    fig, ax = new_axes(ax, figsize=(12, 2.6))
    where = {}
    for i, area in enumerate(journey.areas):
        xs = [_xy(state, c) for c in area.cells]
        where[i] = (sum(x for x, _ in xs) / len(xs), sum(y for _, y in xs) / len(xs))
    colours = [
        "#c8781e" if g.nodes[i]["lions"] else "#b48fd6" if area.kind == "landmark" else "#f1e4b8"
        for i, area in enumerate(journey.areas)
    ]
    nx.draw_networkx(
        g,
        where,
        ax=ax,
        node_color=colours,
        node_size=140,
        font_size=6,
        labels={i: a.name for i, a in enumerate(journey.areas)},
    )
    ax.set_axis_off()
    ax.set_title("the area graph (lions move along it)", fontsize=9)
    return fig
