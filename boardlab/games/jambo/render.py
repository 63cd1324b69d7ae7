"""Jambo drawn: both market stands with their wares, gold, action markers, utilities,
the hands as ``viewer`` sees them, the piles and the decision in progress.

Each player's row shows the large stand (6 spaces) and the small stands (3 each;
all 5 of the box fit), wares as coloured tokens with their letters (K H T L F S),
the gold, and the utilities in play in a column at the right (a used one greyed);
the hand (at most ``HAND_SHOWN`` cards, then "+k more") is named for its owner (or
with ``reveal``), drawn as backs for everybody else. Long texts wrap, so every text
stays inside the figure (a test checks the extreme states). The middle row holds the action
markers (used / left), the card supply's and the discard stack's sizes, the
ware supply and the pending decision ("player 1 may cancel the Crocodile with a
Guard"). Texts carry a ``gid`` (``gold:0``, ``ware:1``, ``utility:0``,
``hand:1``, ``actions``, ``deck``, ``discard``, ``supply``, ``pending``).
``locate`` names the card a click on the board falls on, as the choices name it.
"""

from __future__ import annotations

import textwrap

import networkx as nx
from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.patches import Circle, FancyBboxPatch, Patch, Rectangle

from boardlab.render import (
    Place,
    board_axes,
    board_png,
    board_point,
    legend_below,
    new_axes,
    place_at,
    player_colour,
    player_text_colour,
    release,
)

from .actions import StopDrawing
from .components import LETTERS, WARES
from .narration import card_label, pending_text

#: The wares' token colours, in ``WARES`` order (trinkets … salt).
WARE_COLOURS = ("#E69F00", "#8B5A2B", "#009E73", "#CC79A7", "#D55E00", "#BBBBBB")
STAND_FILL, STAND_EDGE = "#efe3c2", "#a58d5a"
BACK = "#3d5a6c"
WIDTH = 26.0
ROW = 4.2
#: A stand space's pitch and size: the large stand and all 5 small ones (21 spaces) fit
#: left of the utilities.
SPACE, SPACE_SIZE = 0.95, 0.85
#: The utilities in play: a column at the right of the player's row, one card a line.
UTILITY_X, UTILITY_WIDTH, UTILITY_HEIGHT = 22.3, 3.5, 0.85
#: The hand: cards of this width a row, at most ``HAND_SHOWN`` (then "+k more").
HAND_WIDTH, HAND_PITCH, HAND_SHOWN = 1.75, 1.82, 11
#: Characters a line of a pending decision or of the title holds before it wraps.
WRAP = 110


def draw(
    state, ax: Axes | None = None, *, viewer: int | None = None, reveal: bool = False
) -> Figure:
    """Draw ``state`` as ``viewer`` sees it (``None``: a spectator); ``reveal`` shows every
    hand. Returns the figure (a new pyplot-free one when ``ax`` is None)."""
    fig, ax = _axes(ax)
    for p, y in ((1, 2 * ROW), (0, 0.0)):
        _player(ax, state, p, y, reveal or viewer == p)
    _middle(ax, state, ROW)
    title = ax.set_title(
        textwrap.fill(f"{state.game.title} · {pending_text(state)}", WRAP),
        loc="left",
        fontsize=9,
    )
    title.set_x(0.01)  # a glyph's overhang at the very edge is cut off
    handles = [Patch(color=c) for c in WARE_COLOURS]
    handles += [Patch(facecolor=BACK, edgecolor="black")]
    labels = [f"{LETTERS[w]} {WARES[w]}" for w in range(6)] + ["hidden card"]
    legend_below(ax, handles, labels, ncol=7)
    return fig


def _axes(ax: Axes | None = None) -> tuple[Figure, Axes]:
    """The board's axes: a row per player (player 1 on top), the middle row between."""
    return board_axes((-0.5, WIDTH), (-0.6, 3 * ROW), ax, unit=0.32, bottom=0.6)


def _space_x(i: int) -> float:
    """The left edge of stand space ``i`` (0-5 the large stand, then 3 per small one)."""
    if i < 6:
        return i * SPACE
    return i * SPACE + 0.35 + 0.25 * ((i - 6) // 3)


def _utility_y(y: float, k: int) -> float:
    """The middle of the ``k``-th utility card of the row at ``y`` (top to bottom)."""
    return y + 3.1 - k * (UTILITY_HEIGHT + 0.15)


def _utilities(state, p: int) -> list[tuple[str, bool]]:
    """``(name, used)`` of player ``p``'s utilities, ready ones first, as drawn."""
    return [(c, False) for c in state.ready[p]] + [(c, True) for c in state.spent[p]]


def _player(ax: Axes, state, p: int, y: float, shown: bool) -> None:
    """One player's row: name and gold, stands with wares, utilities, hand."""
    colour = player_colour(p)
    ax.text(0, y + 3.5, f"player {p} · {state.gold[p]} gold", fontsize=9, weight="bold",
            color=player_text_colour(p), gid=f"gold:{p}")  # fmt: skip
    spaces = 6 + 3 * state.stands[p]
    wares = [w for w in range(6) for _ in range(state.market[p][w])]
    for i in range(spaces):
        x = _space_x(i)
        edge = colour if i < 6 else STAND_EDGE
        ax.add_patch(Rectangle((x, y + 1.95), SPACE_SIZE, SPACE_SIZE, facecolor=STAND_FILL,
                               edgecolor=edge))  # fmt: skip
        if i < len(wares):
            w, middle = wares[i], (x + SPACE_SIZE / 2, y + 1.95 + SPACE_SIZE / 2)
            ax.add_patch(Circle(middle, 0.33, facecolor=WARE_COLOURS[w]))
            ax.text(*middle, LETTERS[w], ha="center", va="center", fontsize=6.5,
                    gid=f"ware:{p}")  # fmt: skip
    ax.text(0, y + 1.6, f"large stand + {state.stands[p]} small", fontsize=6.5, va="center")
    for k, (name, used) in enumerate(_utilities(state, p)):
        label = textwrap.fill(f"{name} ({'used' if used else 'ready'})", 22)
        _card(ax, UTILITY_X, _utility_y(y, k), label, "#cccccc" if used else "#fff6d5",
              colour, f"utility:{p}", UTILITY_WIDTH, UTILITY_HEIGHT)  # fmt: skip
    hand = sorted(state.hands[p])
    for i, name in enumerate(hand[:HAND_SHOWN]):
        label = textwrap.fill(name, 12, break_long_words=False) if shown else None
        _card(ax, i * HAND_PITCH, y + 0.6, label, "#ffffff", colour, f"hand:{p}", HAND_WIDTH)
    if len(hand) > HAND_SHOWN:
        ax.text(HAND_SHOWN * HAND_PITCH, y + 0.6, f"+{len(hand) - HAND_SHOWN} more",
                fontsize=7, va="center", gid=f"hand:{p}")  # fmt: skip


def _middle(ax: Axes, state, y: float) -> None:
    """Action markers, piles, supply and the decision in progress."""
    used = 5 - state.actions if state.outcome is None else 0
    for i in range(5):
        fill = "#444444" if i < used else "#ffffff"
        ax.add_patch(Circle((0.5 + i * 0.9, y + 2.6), 0.35, facecolor=fill, edgecolor="black"))
    ax.text(5.0, y + 2.6, f"actions: {used} used, {5 - used} left", fontsize=7, va="center",
            gid="actions")  # fmt: skip
    ax.text(0, y + 1.6, f"card supply: {len(state.deck)}", fontsize=7, gid="deck")
    top = state.discard[-1] if state.discard else "empty"
    ax.text(5.0, y + 1.6, f"discard stack: {len(state.discard)} (top: {top})", fontsize=7,
            gid="discard")  # fmt: skip
    supply = "  ".join(f"{LETTERS[w]} {state.supply[w]}" for w in range(6))
    ax.text(16.0, y + 1.6, f"ware supply: {supply}", fontsize=7, gid="supply")
    ax.text(0, y + 1.0, textwrap.fill(pending_text(state), WRAP + 20), fontsize=8,
            style="italic", va="top", gid="pending")  # fmt: skip


def _card(ax, x, y, name, fill, edge, gid, width=3.0, height=0.9) -> None:
    """A card face with its name, or a back (``name`` None) that shows nothing."""
    ax.add_patch(FancyBboxPatch((x, y - height / 2), width, height,
                                boxstyle="round,pad=0,rounding_size=0.1",
                                facecolor=BACK if name is None else fill, edgecolor=edge, lw=1.0,
                                gid=gid))  # fmt: skip
    if name is not None:
        ax.text(x + width / 2, y, name, ha="center", va="center", fontsize=5, gid=gid,
                linespacing=1.0)  # fmt: skip


def to_png(state, viewer: int | None = None, *, reveal: bool = False, dpi: float = 80) -> bytes:
    """The board as PNG bytes (``State._repr_png_``, the widgets' images)."""
    return board_png(draw, state, viewer, reveal=reveal, dpi=dpi)


# -- the market as a graph -------------------------------------------------------------
def graph(state, viewer: int | None = None, *, reveal: bool = False) -> nx.Graph:
    """Players, their stands and the ware types: ``player p`` —owns→ each stand, each stand
    —holds→ a ware node with the count, the supply —holds→ the wares left. A player's
    node carries ``gold``, ``utilities`` and ``hand`` (names for its owner or with
    ``reveal``, else None) with ``hand_size``."""
    g = nx.Graph()
    g.add_node("supply", kind="supply")
    for w in range(6):
        g.add_node(WARES[w], kind="ware")
        if state.supply[w]:
            g.add_edge("supply", WARES[w], kind="holds", count=state.supply[w])
    for p in (0, 1):
        shown = reveal or viewer == p
        node = f"player {p}"
        g.add_node(node, kind="player", player=p, gold=state.gold[p],
                   utilities=sorted(state.ready[p] + state.spent[p]), hand_size=len(state.hands[p]),
                   hand=sorted(state.hands[p]) if shown else None)  # fmt: skip
        stand = f"player {p}'s market"
        g.add_node(stand, kind="market", player=p, spaces=6 + 3 * state.stands[p])
        g.add_edge(node, stand, kind="owns")
        for w in range(6):
            if state.market[p][w]:
                g.add_edge(stand, WARES[w], kind="holds", count=state.market[p][w])
    return g


def draw_graph(
    state, ax: Axes | None = None, *, viewer: int | None = None, reveal: bool = False
) -> Figure:
    """``graph(state, viewer, reveal=…)`` drawn: players and markets on the sides, the
    wares in the middle, the supply below; edge labels are the counts."""
    g = graph(state, viewer, reveal=reveal)
    fig, ax = new_axes(ax, figsize=(7.5, 4.2))
    where = {"player 0": (0, 0), "player 0's market": (1, 0), "supply": (2.5, -1.6),
             "player 1": (5, 0), "player 1's market": (4, 0)}  # fmt: skip
    where |= {WARES[w]: (2.5, 1.5 - 0.6 * w) for w in range(6)}
    colours = []
    for v, kind in g.nodes(data="kind"):
        if kind in ("player", "market"):
            colours.append(player_colour(g.nodes[v]["player"]))
        else:
            colours.append(WARE_COLOURS[WARES.index(v)] if kind == "ware" else "#dddddd")
    nx.draw_networkx_nodes(g, where, node_color=colours, node_size=380, ax=ax)
    nx.draw_networkx_edges(g, where, ax=ax, alpha=0.6)
    nx.draw_networkx_labels(g, where, font_size=6.5, ax=ax)
    counts = {(a, b): str(c) for a, b, c in g.edges(data="count") if c}
    nx.draw_networkx_edge_labels(g, where, counts, font_size=6, ax=ax)
    for p in (0, 1):
        data = g.nodes[f"player {p}"]
        hand = data["hand"]
        text = ", ".join(hand) if hand is not None else f"{data['hand_size']} hidden cards"
        ax.text(5 * p - 0.3, -0.7 - 0.3 * p, f"player {p}: {text}", fontsize=6,
                gid=f"graph:player {p}")  # fmt: skip
    ax.set_axis_off()
    ax.set_title("the markets as a graph", fontsize=10)
    return fig


def locate(state, x: float, y: float, viewer: int | None = None) -> str | None:
    """The place under pixel ``(x, y)`` of ``to_png(state, viewer)`` (default dpi; y down
    from the top): a card of ``viewer``'s own hand ("Crocodile", or a ware card as
    "ware card KKF (…)") or one of ``viewer``'s utilities ("Well in play"), or ``None``.

    The names are ``JamboGame.choice_path``'s first labels, so ``PlayPanel`` keeps the
    moves that play or use the card clicked. Only the axes are made (no drawing), so a
    click costs milliseconds; another player's hidden cards are no place (None).
    """
    if viewer is None:
        return None
    fig, ax = _axes()
    try:
        point = board_point(fig, x, y, ax)
    finally:
        release(fig)
    row = 2 * ROW if viewer == 1 else 0.0
    places: list[Place] = []
    for i, name in enumerate(sorted(state.hands[viewer])[:HAND_SHOWN]):
        left, middle = i * HAND_PITCH, row + 0.6
        box = (left, middle - 0.45, left + HAND_WIDTH, middle + 0.45)
        places.append((card_label(state.game, name), box))
    for k, (name, _) in enumerate(_utilities(state, viewer)):
        middle = _utility_y(row, k)
        box = (UTILITY_X, middle - UTILITY_HEIGHT / 2, UTILITY_X + UTILITY_WIDTH,
               middle + UTILITY_HEIGHT / 2)  # fmt: skip
        places.append((f"{name} in play", box))
    return place_at(point, places)


def click_example(state, viewer: int = 0):
    """The click test's place (``boardlab/games/README.md``): the second card of
    ``viewer``'s hand (a ware card to buy with, for seed 5) with its box, as ``locate``
    lists it; in phase 1, a move to play first (go to phase 2, where cards are played)."""
    if StopDrawing() in state.legal_actions():
        return StopDrawing()
    left, middle = HAND_PITCH, (2 * ROW if viewer == 1 else 0.0) + 0.6
    name = card_label(state.game, sorted(state.hands[viewer])[1])
    return name, (left, middle - 0.45, left + HAND_WIDTH, middle + 0.45)


#: ``tests/test_render.py``'s busy board: 20 random moves in (wares and cards in play).
CONTRAST_SCENE = {"params": {}, "steps": 20, "player_words": True}
