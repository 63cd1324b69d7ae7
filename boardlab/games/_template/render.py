"""Waterhole drawn: the track with its pawns, and each player's hand as ``viewer`` sees it.

``draw`` shows the track from camp (space 0) to the waterhole, the pawns in
their players' colours (stacked where they share a space), and under it a
row per player: where their pawn stands and their hand — names for its owner
(or everybody with ``reveal``), backs for everyone else — then the deck's
size and the last card played. ``graph`` gives the track as a ``networkx``
path graph with a node per pawn; ``draw_graph`` draws it.

``places`` lists the board's named places — each space ("space 7", "camp")
and, for the viewer, the cards of their hand ("lion 3") — named as
``WaterholeGame.choice_path`` labels name them; ``locate`` answers a click on
the board (``PlayPanel``) with the place under it, so the panel keeps the
moves that mention that place.

Text artists carry a ``gid`` (``hand:1``, ``pawn:0``, ``deck``, ``discard``), so
a test can ask what a figure shows without reading pixels. Nothing here
changes a state; only what ``viewer`` may know is read, unless ``reveal``.

# TEMPLATE: keep the four functions and their signatures (every game's
# ``render.py`` has them; ``tests/test_house.py`` checks), draw your board
# with the helpers of ``boardlab.render``, and tag every text with a gid;
# words in a player's colour use ``player_text_colour``, never the fill.
# No text under ``SMALL`` points, and a board narrow enough to be shown at half
# its pixels (``tests/test_readability.py``: 9 px on screen at 1366×768).
# ``places`` and ``locate`` are optional: give them to a game whose moves are
# about places (boardlab/games/README.md, "What the widgets need"): ``_axes``
# is shared by ``draw`` and ``locate``, so a click is read on the very board
# drawn, and every place ``places`` names is written on the board.
# Two hooks for the generic tests are required: ``click_example`` (or
# ``click_example = None`` for a board with no places to click) and
# ``CONTRAST_SCENE``; see each below.
"""

from __future__ import annotations

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

from .actions import Chase, PlayCard
from .components import card_name
from .narration import space

#: Colours of the track, the waterhole, and the two animals' cards.
TRACK_FILL, TRACK_EDGE = "#efe3c2", "#a58d5a"
WATER = "#56B4E9"
CARD_FILL = {"zebra": "#f4f4f4", "lion": "#e8c07a"}
BACK = "#3d5a6c"
CARD_WIDTH, CARD_GAP = 2.1, 0.2
ROW = 1.2  # height of a player's row under the track
CARDS_X = 3.6  # where the first card of a row starts
#: Inches per data unit: the default board (a 15-space track) is 6.7 in wide, so the play
#: panel's 565 px column shows it at half its pixels, as it shows every game's board.
UNIT = 0.4
#: The smallest text on the board, in points: 10 px on screen at half of 160 dpi, over
#: the 9 px a class can read at 1366×768 (``tests/test_readability.py``).
SMALL = 9


def draw(
    state, ax: Axes | None = None, *, viewer: int | None = None, reveal: bool = False
) -> Figure:
    """Draw ``state`` as ``viewer`` sees it (``None``: a spectator); ``reveal`` shows every
    hand. Returns the figure (a new pyplot-free one when ``ax`` is None)."""
    game = state.game
    n, length = game.num_players, game.params.track_length
    fig, ax = _axes(state, ax)
    _track(ax, length)
    _pawns(ax, state.positions)
    for p in range(n):
        y = -1.9 - ROW * p
        where = "camp" if state.positions[p] == 0 else f"space {state.positions[p]}"
        ax.text(
            -0.8, y, f"player {p} · {where}", fontsize=SMALL, va="center",
            color=player_text_colour(p),
        )  # fmt: skip
        shown = reveal or viewer == p
        for i, c in enumerate(sorted(state.hands[p])):
            x = CARDS_X + i * (CARD_WIDTH + CARD_GAP)
            _card(ax, x, y, card_name(c) if shown else None, player_colour(p), f"hand:{p}")
    y = -1.9 - ROW * n
    _card(ax, CARDS_X, y, None, "black", "deck")
    ax.text(
        CARDS_X + CARD_WIDTH / 2,
        y,
        str(len(state.deck)),
        color="white",
        fontsize=SMALL,
        ha="center",
        va="center",
        weight="bold",
        gid="deck",
    )
    ax.text(-0.8, y, "deck · last played", fontsize=SMALL, va="center")
    if state.discard:
        last = card_name(state.discard[-1])
        _card(ax, CARDS_X + CARD_WIDTH + CARD_GAP, y, last, "black", "discard")
    ax.set_title(f"{game.title} · {_status(state)}", loc="left", fontsize=SMALL + 1)
    handles = [Patch(color=player_colour(p)) for p in range(n)]
    handles += [Patch(facecolor=CARD_FILL[a], edgecolor="black") for a in CARD_FILL]
    handles.append(Patch(facecolor=BACK, edgecolor="black"))
    labels = [f"player {p}" for p in range(n)] + ["zebra card", "lion card", "hidden card"]
    legend_below(ax, handles, labels, ncol=3, fontsize=SMALL)
    return fig


def _axes(state, ax: Axes | None = None) -> tuple[Figure, Axes]:
    """The board's axes: the track on top, a row per player, then the deck's row."""
    game = state.game
    n, length = game.num_players, game.params.track_length
    widest = max(game.params.hand_size, *map(len, state.hands))
    right = max(length + 0.7, CARDS_X + widest * (CARD_WIDTH + CARD_GAP))
    bottom = -1.9 - ROW * (n + 1)
    return board_axes((-1.0, right), (bottom, _top(n)), ax, unit=UNIT, bottom=0.7)


def _top(players: int) -> float:
    """The board's top edge: room for every pawn stacked on one space."""
    return 0.95 + 0.7 * (players - 1) + 0.45


def _status(state) -> str:
    if state.outcome is not None:
        return state.outcome.describe()
    p = state.current_player
    if state.step == "chase":
        return f"player {p} chooses whom their {card_name(state.lion)} chases"
    return f"turn {state.turn + 1} · player {p} plays a card"


def _track(ax: Axes, length: int) -> None:
    """The spaces from camp to the waterhole, numbered; the two ends named in words under
    their numbers (colour is never the only carrier of meaning)."""
    ink = "#6b5a3a"
    for s in range(length + 1):
        fill = WATER if s == length else TRACK_FILL
        ax.add_patch(Rectangle((s - 0.45, -0.45), 0.9, 0.9, facecolor=fill, edgecolor=TRACK_EDGE))
        ax.text(s, -0.72, str(s), ha="center", va="center", fontsize=SMALL, color=ink)
    for s, words in ((0, "camp"), (length, "water")):
        ax.text(s, -1.1, words, ha="center", va="center", fontsize=SMALL, color=ink)


def _pawns(ax: Axes, positions: list[int]) -> None:
    """A disc per pawn, numbered by its player; pawns sharing a space stack upwards."""
    stacked: dict[int, int] = {}
    for p, s in enumerate(positions):
        y = 0.95 + 0.7 * stacked.get(s, 0)
        stacked[s] = stacked.get(s, 0) + 1
        ax.add_patch(Circle((s, y), 0.32, facecolor=player_colour(p), edgecolor="black", zorder=3))
        ax.text(
            s,
            y,
            str(p),
            ha="center",
            va="center",
            fontsize=SMALL,
            color="white",
            weight="bold",
            zorder=4,
            gid=f"pawn:{p}",
        )


def _card(ax: Axes, x: float, y: float, name: str | None, edge: str, gid: str) -> None:
    """A card face with its name, or a back (``name`` None) that shows nothing."""
    fill = BACK if name is None else CARD_FILL[name.split()[0]]
    ax.add_patch(
        FancyBboxPatch(
            (x, y - 0.4),
            CARD_WIDTH,
            0.8,
            boxstyle="round,pad=0,rounding_size=0.1",
            facecolor=fill,
            edgecolor=edge,
            lw=1.4,
            gid=gid,
        )
    )
    if name is not None:
        ax.text(x + CARD_WIDTH / 2, y, name, ha="center", va="center", fontsize=SMALL, gid=gid)


def to_png(state, viewer: int | None = None, *, reveal: bool = False, dpi: float = 80) -> bytes:
    """The board as PNG bytes (``State._repr_png_``, the widgets' images)."""
    return board_png(draw, state, viewer, reveal=reveal, dpi=dpi)


def places(state, viewer: int | None = None) -> list[Place]:
    """Every named place of ``draw(state, viewer=viewer)``, its box in the data coordinates
    of the board's axes: each track space ("camp", "space 7": its square, its number and
    the pawns stacked on it) and each card of ``viewer``'s own hand ("lion 3"). Named as
    ``WaterholeGame.choice_path``'s labels name them, so ``PlayPanel`` keeps the moves that
    mention the place clicked and a guided game's ``highlight`` marks it."""
    # TEMPLATE: name places exactly as your choice_path labels do (the same helper:
    # ``narration.space``); list each as a box in data coordinates, with the same
    # arithmetic as the drawing; another player's hidden cards are no place.
    # ``tests/test_readability.py`` checks each name is written on the board.
    length, top = state.game.params.track_length, _top(state.game.num_players)
    out: list[Place] = [(space(s), (s - 0.5, -1.3, s + 0.5, top)) for s in range(length + 1)]
    if viewer is not None:  # the cards of the viewer's own hand, in the order drawn
        y = -1.9 - ROW * viewer
        for i, card in enumerate(sorted(state.hands[viewer])):
            left = CARDS_X + i * (CARD_WIDTH + CARD_GAP)
            out.append((card_name(card), (left, y - 0.4, left + CARD_WIDTH, y + 0.4)))
    return out


def click_axes(state, viewer: int | None = None):
    """The figure and axes ``locate`` reads clicks in, nothing drawn (``render.clicks``)."""
    return _axes(state)


def locate(state, x: float, y: float, viewer: int | None = None) -> str | None:
    """The place under pixel ``(x, y)`` of ``to_png(state, viewer)`` (default dpi; y down
    from the top), as ``places`` names it, or ``None`` (the legend, the title, another
    player's hidden cards). Only the axes are made (no drawing), so a click costs
    milliseconds."""
    fig, ax = _axes(state)
    try:
        point = board_point(fig, x, y, ax)
    finally:
        release(fig)
    return place_at(point, places(state, viewer))


# TEMPLATE: required. ``click_example`` shows ``tests/test_widget_behaviours.py`` a place
# to click on your board: a ``Place``, ``(name, (left, bottom, right, top))`` in the data
# coordinates of the board's axes (those ``draw`` makes and ``locate`` reads), for a place
# some move of ``viewer``'s is about now but not every move (so a click narrows the
# choices), named as ``locate`` names it; or, where no move of this step is about a
# place, a legal action to play first (the test plays it and asks again). A game whose
# moves are about no place writes ``click_example = None`` and has no ``locate``.
def click_example(state, viewer: int = 0) -> Place | PlayCard | Chase:
    """A place of the board for the test of the click map: the first card of
    ``viewer``'s hand (the moves that play it) with its box, as ``locate`` lists it; in a
    lion's chase (no place), the first chase, to play first."""
    if state.step == "chase":
        return state.legal_actions()[0]
    left, middle = CARDS_X, -1.9 - ROW * viewer
    box = (left, middle - 0.4, left + CARD_WIDTH, middle + 0.4)
    return card_name(sorted(state.hands[viewer])[0]), box


# TEMPLATE: required. ``CONTRAST_SCENE`` is the position ``tests/test_render.py`` draws to
# check that every word in a player's colour is readable (``player_text_colour``, 4.5:1
# on white): the parameters and how many random moves in (seed 4) make a busy board, and
# ``player_words`` says whether the board writes words in a player's colour at all (True:
# the test fails if it finds none, as it then checks nothing; False: it asks for none).
#: The busy board ``tests/test_render.py`` reads every text of, as each player sees it.
CONTRAST_SCENE = {"params": {}, "steps": 3, "player_words": True}


# -- the track as a graph -----------------------------------------------------------------
def graph(state, viewer: int | None = None, *, reveal: bool = False) -> nx.DiGraph:
    """The track as a directed path ``0 → 1 → … → track_length`` plus a node per pawn.

    Space nodes are ints (``camp``, ``waterhole`` flags); pawn nodes are
    ``"player 0"``… (``player``, ``hand_size``, and ``hand``: the card names
    when ``viewer`` owns it or ``reveal``, else ``None``), each with a
    ``"stands on"`` edge to its space.
    """
    length = state.game.params.track_length
    g = nx.DiGraph()
    for s in range(length + 1):
        g.add_node(s, kind="space", camp=s == 0, waterhole=s == length)
    for s in range(length):
        g.add_edge(s, s + 1, kind="step")
    for p, hand in enumerate(state.hands):
        shown = reveal or viewer == p
        names = [card_name(c) for c in sorted(hand)] if shown else None
        g.add_node(f"player {p}", kind="pawn", player=p, hand_size=len(hand), hand=names)
        g.add_edge(f"player {p}", state.positions[p], kind="stands on")
    return g


def draw_graph(
    state, ax: Axes | None = None, *, viewer: int | None = None, reveal: bool = False
) -> Figure:
    """``graph(state, viewer, reveal=…)`` drawn: the path of spaces, the pawns above, and
    each hand the viewer may see under its pawn's label."""
    g = graph(state, viewer, reveal=reveal)
    length, n = state.game.params.track_length, state.game.num_players
    fig, ax = new_axes(ax, figsize=(0.5 * (length + 9), 1.4 + 0.6 * n))
    spaces = [v for v, kind in g.nodes(data="kind") if kind == "space"]
    pawns = [v for v, kind in g.nodes(data="kind") if kind == "pawn"]
    where = {s: (s, 0.0) for s in spaces}  # the path along the bottom, a row per pawn above
    where |= {v: (next(iter(g.successors(v))), 1.0 + g.nodes[v]["player"]) for v in pawns}
    fills = [WATER if g.nodes[s]["waterhole"] else TRACK_FILL for s in spaces]
    nx.draw_networkx_nodes(
        g, where, nodelist=spaces, node_color=fills, node_size=300, edgecolors=TRACK_EDGE, ax=ax
    )
    colours = [player_colour(g.nodes[v]["player"]) for v in pawns]
    nx.draw_networkx_nodes(g, where, nodelist=pawns, node_color=colours, node_size=420, ax=ax)
    nx.draw_networkx_edges(g, where, ax=ax, arrowsize=8, node_size=320)
    labels = {s: str(s) for s in spaces} | {v: str(g.nodes[v]["player"]) for v in pawns}
    nx.draw_networkx_labels(g, where, labels, font_size=SMALL, ax=ax)  # 9 pt: read in class
    for v in pawns:  # the hand, where the viewer may see it, at the end of the pawn's row
        hand = g.nodes[v]["hand"]
        k = g.nodes[v]["hand_size"]
        text = ", ".join(hand) if hand is not None else f"{k} hidden card{'s' * (k != 1)}"
        label = f"{v}: {text}"
        ax.text(length + 1, where[v][1], label, fontsize=SMALL, va="center", gid=f"graph:{v}")
    ax.set_xlim(-0.6, length + 8.5)
    ax.set_ylim(-0.6, n + 0.6)
    ax.set_axis_off()
    ax.set_title("the track as a graph", fontsize=10)
    return fig
