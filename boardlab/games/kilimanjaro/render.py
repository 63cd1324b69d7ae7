"""Kilimanjaro drawn: the track, the counters, the expeditions and everybody's piles.

``draw`` makes one matplotlib figure a learner can read at a glance: the
track of spaces 1..``track_length`` as a serpentine climbing to the base
camp, the villages (rulebook "Preparation", design decision 1), the chance
counters (face down as grey "?" discs unless the viewer placed them),
every expedition's figure, and a panel per player with their three piles,
how far those top cards move them ("Course of play" a–c), their hand and
the counters they still have to place.

``graph`` gives the same track as a ``networkx.DiGraph`` (steps and lion
jumps), for notebooks that reason about the board as a graph. ``locate`` names the
place under a click (``PlayPanel``) as the game's ``choice_path`` labels do.

Only the state's public fields and narration are read; nothing here
changes a state. Figures are made without pyplot (``boardlab.render``), so
drawing never leaks figures.
"""

from __future__ import annotations

from functools import lru_cache
from math import ceil

import networkx as nx
from matplotlib.axes import Axes
from matplotlib.collections import PatchCollection
from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.patches import Circle, FancyArrowPatch, FancyBboxPatch, Patch, PathPatch, Polygon
from matplotlib.path import Path
from matplotlib.textpath import TextPath

from boardlab.render import (
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

from .components import (
    BANANA,
    CHANGE,
    COUNTER_NAMES,
    LION,
    PILE_NAMES,
    PILES,
    TRANSPORTS,
    card_name,
    last_village,
    movement_rule,
    transport_of,
    value_of,
)

# -- look ------------------------------------------------------------------------
#: Inches per board unit (one space is 0.9 units wide).
UNIT = 0.62
#: Letters and colours of the counter kinds; ink is the letter's colour.
COUNTER_LETTER = {BANANA: "B", LION: "L", CHANGE: "C"}
COUNTER_COLOUR = {BANANA: "#F0E442", LION: "#D55E00", CHANGE: "#56B4E9"}
COUNTER_INK = {BANANA: "black", LION: "white", CHANGE: "black"}
COUNTER_MEANING = {
    BANANA: "banana: move the same distance again",
    LION: "lion: back to the last village",
    CHANGE: "change position: swap with an expedition",
}
HIDDEN_COLOUR = "#8f8f8f"
#: Card faces: a light tint per transport, so a majority of one type shows.
TRANSPORT_TINT = {
    "canoe": "#bfe0f5",
    "jeep": "#f6dc9c",
    "on foot": "#c4ead6",
    "mule": "#ecc9de",
}
CARD_BACK = "#3d5a6c"
TRAIL = "#cdb892"
VILLAGE_FILL, VILLAGE_EDGE = "#f3d9a4", "#8c5a2b"
SPACE_LOW, SPACE_HIGH = (0.90, 0.94, 0.80), (0.88, 0.90, 0.93)  # savanna → rock
CAMP_FILL, CAMP_EDGE = "#ffffff", "#2f4b7c"
PANEL_WIDTH = 7.4
PANEL_HEIGHT = 2.55
#: A pile's top card, and where the hand starts, in board units from the panel's left edge.
CARD_WIDTH, CARD_HEIGHT = 0.82, 1.05
HAND_X = 3.75
#: Text styles used again and again: a bold mark centred on a point, a small grey note.
CENTRED = {"ha": "center", "va": "center", "weight": "bold"}
NOTE = {"fontsize": 6.5, "va": "center", "color": "#333"}
#: Where a pile will lie before the cards are dealt: a dashed outline.
EMPTY_PILE = {"boxstyle": "round,pad=0,rounding_size=0.06", "facecolor": "none", "lw": 0.8}
EMPTY_PILE |= {"edgecolor": "#999", "ls": (0, (3, 2)), "zorder": 2}


# -- geometry ----------------------------------------------------------------------
def _columns(length: int) -> int:
    """Spaces per row: 10 for the printed board, wider for long tracks."""
    return max(10, ceil(length / 10))


def layout(length: int) -> dict[int, tuple[float, float]]:
    """Centre of every space 0..``length``: a boustrophedon from the bottom row up.

    Space 1 is bottom left; rows alternate direction so neighbouring spaces
    touch; the start village 0 sits left of space 1, outside the grid (it is
    "next to space 1", Preparation).
    """
    cols = _columns(length)
    where = {0: (-1.45, 0.0)}
    for space in range(1, length + 1):
        row, i = divmod(space - 1, cols)
        col = i if row % 2 == 0 else cols - 1 - i
        where[space] = (float(col), float(row))
    return where


# -- drawing -----------------------------------------------------------------------------
def draw(
    state, ax: Axes | None = None, *, viewer: int | None = None, reveal: bool = False
) -> Figure:
    """Draw ``state`` as ``viewer`` sees it (``None``: a spectator); ``reveal`` shows all.

    Hidden things — hands, face-down counters, counters not yet placed — are
    drawn as backs unless ``viewer`` may know them or ``reveal`` is true.
    Returns the figure (a new pyplot-free one when ``ax`` is None).
    """
    length = state.game.params["track_length"]
    fig, ax, panel_x, top = _axes(state, ax)
    where = layout(length)
    _draw_track(ax, state, where, length)
    _draw_counters(ax, state, where, length, viewer, reveal)
    _draw_last_moves(ax, state, where)
    _draw_expeditions(ax, state, where)
    for p in range(state.game.num_players):
        _draw_panel(ax, state, p, panel_x, top - p * PANEL_HEIGHT, viewer, reveal)
    ax.set_title(_title(state, viewer, reveal), fontsize=11, loc="left", x=0.01)
    _legend(ax)
    return fig


def _axes(state, ax: Axes | None = None) -> tuple[Figure, Axes, float, float]:
    """The board's axes (the track on the left, a panel per player on the right), the
    panels' left edge and the first panel's top."""
    length, n = state.game.params["track_length"], state.game.num_players
    cols = _columns(length)
    height = max(ceil(length / cols) + 0.9, n * PANEL_HEIGHT + 0.2)
    panel_x = cols + 0.2
    xlim = (-2.15, panel_x + PANEL_WIDTH + 0.1)
    fig, ax = board_axes(xlim, (-0.65, height - 0.5), ax, unit=UNIT, top=0.55, bottom=0.75)
    return fig, ax, panel_x, height - 0.75


def locate(state, x: float, y: float, viewer: int | None = None) -> str | None:
    """The place under pixel ``(x, y)`` of ``to_png(state, viewer)`` (default dpi, y down):
    a space of the track ("space 7"), a pile ("your pile A", "player 1's pile B"), a card
    of ``viewer``'s hand ("jeep 5") or a counter they still have to place ("banana
    counter"), or ``None`` — named as ``choice_path``'s labels name them, so
    ``PlayPanel`` keeps the moves about that place. Nothing is drawn."""
    fig, ax, panel_x, top = _axes(state)
    try:
        point = board_point(fig, x, y, ax)
    finally:
        release(fig)
    return place_at(point, _places(state, viewer, panel_x, top))


def _places(state, viewer: int | None, panel_x: float, top: float) -> list[Place]:
    """Where ``draw`` puts the places a move can be about (the same arithmetic)."""
    length = state.game.params["track_length"]
    where = layout(length)
    places = [
        (f"space {s}", (x - 0.45, y - 0.45, x + 0.45, y + 0.45)) for s, (x, y) in where.items()
    ]
    del places[0]  # the start village: no move is about it
    for p in range(state.game.num_players):
        y = top - p * PANEL_HEIGHT - 0.72 - CARD_HEIGHT
        whose = "your" if p == viewer else f"player {p}'s"
        for i, pile in enumerate(PILE_NAMES):
            x = panel_x + 0.2 + i * 1.12
            places.append((f"{whose} pile {pile}", (x, y, x + CARD_WIDTH, y + CARD_HEIGHT)))
        if p != viewer:
            continue
        x0 = panel_x + HAND_X
        hand = sorted(state.hands[p])
        width = min(0.72, 3.3 / max(len(hand), 1) - 0.08)
        for i, card in enumerate(hand):
            x = x0 + i * (width + 0.08)
            places.append((card_name(card), (x, y + 0.1, x + width, y + 1.02)))
        for i, kind in enumerate(state.reserve[p]):
            cx, cy = x0 + 0.85 + i * 0.3, y - 0.3
            places.append(
                (f"{COUNTER_NAMES[kind]} counter", (cx - 0.14, cy - 0.14, cx + 0.14, cy + 0.14))
            )
    return places


#: ``tests/test_render.py``'s busy board: 4 players, 40 random moves in (panels filled).
CONTRAST_SCENE = {"params": {"players": 4}, "steps": 40, "player_words": True}


def click_example(state, viewer: int = 0) -> Place:
    """The click test's place: space 7 while counters are placed, else a card in hand."""
    name = "space 7" if state.phase_name == "place" else card_name(min(state.hands[viewer]))
    return next(p for p in _places(state, viewer, *_axes(state)[2:]) if p[0] == name)


def to_png(state, viewer: int | None = None, *, reveal: bool = False, dpi: float = 80) -> bytes:
    """The board as PNG bytes (``State._repr_png_``, ``Image`` widgets)."""
    return board_png(draw, state, viewer, reveal=reveal, dpi=dpi)


def _title(state, viewer: int | None, reveal: bool) -> str:
    game = state.game
    seen = (
        "all hidden cards shown"
        if reveal
        else ("spectator's view" if viewer is None else f"as player {viewer} sees it")
    )
    head = f"{game.title} — {seen}"
    outcome = state.outcome
    if outcome is not None:
        names = " and ".join(f"player {w}" for w in outcome.winners)
        verb = "wins" if len(outcome.winners) == 1 else "share the win"
        why = f" ({outcome.reason})" if outcome.reason else ""
        status = "Game over" if outcome.status == "finished" else "Game cut short"
        return f"{head}\n{status}: {names} {verb}{why} · {_deck(state)}"
    doing = {
        "place": "places a chance counter",
        "play": "plays a card",
        "choose": "chooses whom the change-position counter targets",
    }.get(state.phase_name, "to move")
    return (
        f"{head}\n{state.phase_name} phase · turn {state.turn} · "
        f"player {state.current_player} {doing} · {_deck(state)}"
    )


def _deck(state) -> str:
    if not state.dealt:  # Preparation: the cards are dealt once every counter is placed
        return "cards not dealt yet"
    left = len(state.deck)
    return f"deck: {left} card{'' if left == 1 else 's'}"


def _space_fill(row: float, rows: float) -> tuple[float, float, float]:
    t = row / max(rows - 1, 1)
    return tuple(a + (b - a) * t for a, b in zip(SPACE_LOW, SPACE_HIGH, strict=True))


def _hut(ax: Axes, x: float, y: float, size: float, colour: str = VILLAGE_EDGE) -> None:
    """A little hut: a square body under a roof."""
    s = size
    body = [(x - s, y - s), (x + s, y - s), (x + s, y + 0.2 * s), (x - s, y + 0.2 * s)]
    roof = [(x - 1.35 * s, y + 0.2 * s), (x + 1.35 * s, y + 0.2 * s), (x, y + 1.3 * s)]
    ax.add_artist(Polygon(body, closed=True, facecolor=colour, edgecolor="none", zorder=3))
    ax.add_artist(Polygon(roof, closed=True, facecolor="#5a3414", edgecolor="none", zorder=3))


def _draw_track(ax: Axes, state, where, length: int) -> None:
    villages = set(state.game.villages)
    rows = max(y for _, y in where.values()) + 1
    trail = [where[s] for s in range(length + 1)]
    ax.plot(*zip(*trail, strict=True), color=TRAIL, lw=7, solid_capstyle="round", zorder=0)
    cells, fills, edges, widths = [], [], [], []
    for space in range(1, length + 1):
        x, y = where[space]
        if space == length:
            fill, edge, lw = CAMP_FILL, CAMP_EDGE, 2.2
        elif space in villages:
            fill, edge, lw = VILLAGE_FILL, VILLAGE_EDGE, 1.6
        else:
            fill, edge, lw = _space_fill(y, rows), "#8d8d80", 0.8
        cells.append(
            FancyBboxPatch(
                (x - 0.45, y - 0.45), 0.9, 0.9, boxstyle="round,pad=0,rounding_size=0.12"
            )
        )
        fills.append(fill)
        edges.append(edge)
        widths.append(lw)
        if space in villages and space != length:
            _hut(ax, x + 0.27, y + 0.22, 0.1)
    # one collection for all the spaces: much faster to draw than a patch each
    ax.add_collection(
        PatchCollection(cells, facecolors=fills, edgecolors=edges, linewidths=widths, zorder=1),
        autolim=False,
    )
    # space numbers: one compound path instead of a hundred text artists (5× faster)
    ax.add_artist(PathPatch(_numbers(length), facecolor="#444", edgecolor="none", zorder=2))
    # the base camp at the end of the track (Aim of the game)
    x, y = where[length]
    ax.add_artist(
        Polygon(
            [(x - 0.05, y + 0.02), (x + 0.37, y + 0.02), (x + 0.16, y + 0.38)],
            closed=True,
            facecolor="#b9c6d9",
            edgecolor=CAMP_EDGE,
            lw=0.8,
            zorder=3,
        )
    )
    camp = {"ha": "center", "va": "bottom", "weight": "bold", "color": CAMP_EDGE}
    ax.text(x, y + 0.52, "base camp", fontsize=8.5, **camp)
    # the start village, next to space 1 (Preparation)
    x, y = where[0]
    ax.add_artist(
        FancyBboxPatch(
            (x - 0.55, y - 0.45),
            1.1,
            1.15,
            boxstyle="round,pad=0,rounding_size=0.15",
            facecolor=VILLAGE_FILL,
            edgecolor=VILLAGE_EDGE,
            lw=1.6,
            zorder=1,
        )
    )
    ax.text(
        x, y + 0.62, "start", fontsize=8, ha="center", va="top", weight="bold", color=VILLAGE_EDGE
    )
    _hut(ax, x + 0.36, y + 0.5, 0.07)


@lru_cache(maxsize=8)
def _numbers(length: int) -> Path:
    """The numbers of spaces 1..``length`` as one path, each in its space's top-left corner."""
    where = layout(length)
    paths = [
        TextPath((where[s][0] - 0.39, where[s][1] + 0.23), str(s), size=0.17)
        for s in range(1, length + 1)
    ]
    return Path.make_compound_path(*paths)


def _draw_counters(ax: Axes, state, where, length: int, viewer, reveal: bool) -> None:
    for space in range(1, length):
        kind = state.counter_at[space]
        if kind < 0:
            continue
        x, y = where[space]
        cx, cy = x + 0.12, y + 0.1
        known = reveal or state.knows_counter(viewer, space)
        face_up = state.face_up[space]
        if known:
            fill, ink, letter = COUNTER_COLOUR[kind], COUNTER_INK[kind], COUNTER_LETTER[kind]
        else:
            fill, ink, letter = HIDDEN_COLOUR, "white", "?"
        disc = Circle(
            (cx, cy),
            0.2,
            facecolor=fill,
            edgecolor="black" if face_up else "#333",
            lw=1.2 if face_up else 1.0,
            ls="-" if face_up or not known else (0, (2, 1.5)),
            zorder=4,
        )
        disc.set_gid(f"counter:{space}")
        ax.add_artist(disc)
        text = ax.text(cx, cy, letter, fontsize=8, color=ink, zorder=5, **CENTRED)
        text.set_gid(f"counter:{space}")
        if face_up and kind == LION:
            back = last_village(space, state.game.villages)
            ax.add_artist(
                FancyArrowPatch(
                    (cx, cy),
                    (where[back][0], where[back][1] + 0.1),
                    connectionstyle="arc3,rad=0.35",
                    arrowstyle="-|>,head_length=5,head_width=3",
                    color=COUNTER_COLOUR[LION],
                    lw=1.3,
                    ls=(0, (4, 2)),
                    alpha=0.8,
                    zorder=6,
                )
            )


def _draw_last_moves(ax: Axes, state, where) -> None:
    """Arrows for the moves of the latest turn (a banana makes two), in the mover's colour."""
    events = state.visible_events(None)
    last_play = max((i for i, e in enumerate(events) if e.kind == "play"), default=None)
    if last_play is None:
        return
    for event in events[last_play:]:
        if event.kind != "move":
            continue
        p, a, b = event.args
        if a == b or a not in where or b not in where:
            continue
        ax.add_artist(
            FancyArrowPatch(
                where[a],
                where[b],
                connectionstyle="arc3,rad=-0.25",
                arrowstyle="-|>,head_length=6,head_width=3.5",
                color=player_colour(p),
                lw=1.6,
                alpha=0.75,
                zorder=7,
            )
        )


def _draw_expeditions(ax: Axes, state, where) -> None:
    by_space: dict[int, list[int]] = {}
    for p, pos in enumerate(state.positions):
        by_space.setdefault(pos, []).append(p)
    for space, players in by_space.items():
        x, y = where[space]
        k = len(players)
        if space == 0:  # the start village has room for a 2×2 group
            slots = [(x - 0.22 + 0.44 * (i % 2), y + 0.08 - 0.36 * (i // 2)) for i in range(k)]
        else:
            spread = [0.0] if k == 1 else [-0.27 + 0.54 * i / (k - 1) for i in range(k)]
            slots = [(x + dx, y - 0.24) for dx in spread]
        for p, (mx, my) in zip(players, slots, strict=True):
            current = p == state.current_player
            ax.add_artist(
                Circle(
                    (mx, my),
                    0.16,
                    facecolor=player_colour(p),
                    edgecolor="black" if current else "white",
                    lw=2.0 if current else 1.2,
                    zorder=8,
                )
            )
            ax.text(mx, my, str(p), fontsize=7.5, color="white", zorder=9, **CENTRED)


def _card(
    ax: Axes,
    x: float,
    y: float,
    w: float,
    h: float,
    card: int | None,
    *,
    lw=0.8,
    edge="#555",
    big: bool = True,
    gid: str | None = None,
) -> None:
    """A card with its lower-left corner at (x, y): its face, or its back when ``card`` is None.

    ``gid`` tags its artists (e.g. ``"hand:0"``) so tests can find what a figure shows.
    """
    if card is None:
        back = ax.add_artist(
            FancyBboxPatch(
                (x, y),
                w,
                h,
                boxstyle="round,pad=0,rounding_size=0.06",
                facecolor=CARD_BACK,
                edgecolor="white",
                lw=0.8,
                hatch="////",
                zorder=3,
            )
        )
        back.set_gid(gid)
        return
    transport = TRANSPORTS[transport_of(card)]
    face = ax.add_artist(
        FancyBboxPatch(
            (x, y),
            w,
            h,
            boxstyle="round,pad=0,rounding_size=0.06",
            facecolor=TRANSPORT_TINT[transport],
            edgecolor=edge,
            lw=lw,
            zorder=3,
        )
    )
    face.set_gid(gid)
    name = ax.text(
        x + w / 2,
        y + h - 0.06,
        transport,
        fontsize=6.5 if big else 5.5,
        ha="center",
        va="top",
        zorder=4,
    )
    value = ax.text(
        x + w / 2, y + h * 0.38, str(value_of(card)), fontsize=14 if big else 9, zorder=4, **CENTRED
    )
    name.set_gid(gid)
    value.set_gid(gid)


def _draw_panel(ax: Axes, state, p: int, x0: float, top: float, viewer, reveal: bool) -> None:
    """Player ``p``'s panel: who and where, how far they move and by which rule, their three
    piles, their hand and the counters they still have to place."""
    moved = movement_rule(state.tops[p]) if state.dealt else None
    own = reveal or viewer == p
    y_card = top - 0.72 - CARD_HEIGHT
    _draw_panel_header(ax, state, p, x0, top, moved)
    _draw_piles(ax, state, p, x0 + 0.2, y_card, moved.counted if moved else ())
    _draw_hand(ax, state.hands[p], p, x0 + HAND_X, y_card, shown=own, dealt=state.dealt)
    _draw_reserve(ax, state.reserve[p], p, x0 + HAND_X, y_card - 0.3, own=own)


def _draw_panel_header(ax: Axes, state, p: int, x0: float, top: float, moved) -> None:
    """The panel's frame in the player's colour (bold for the player to move or the winner),
    their badge, where they stand, and how far their top cards move them ("Course of play";
    ``moved`` is None before the cards are dealt)."""
    colour = player_colour(p)
    current = p == state.current_player
    won = state.outcome is not None and p in state.outcome.winners
    box = (x0, top - PANEL_HEIGHT + 0.12)
    frame = {"width": PANEL_WIDTH, "height": PANEL_HEIGHT - 0.2}
    frame["boxstyle"] = "round,pad=0,rounding_size=0.15"
    tint = FancyBboxPatch(box, **frame, facecolor=colour, alpha=0.10, edgecolor="none", zorder=0)
    rim = 2.6 if current or won else 1.0
    ax.add_artist(tint)
    ax.add_artist(
        FancyBboxPatch(box, **frame, facecolor="none", edgecolor=colour, lw=rim, zorder=1)
    )
    badge = (x0 + 0.3, top - 0.3)
    ax.add_artist(Circle(badge, 0.14, facecolor=colour, edgecolor="white", zorder=2))
    ax.text(*badge, str(p), fontsize=7, color="white", zorder=3, **CENTRED)
    where = "start village" if state.positions[p] == 0 else f"space {state.positions[p]}"
    tag = "   ★ wins" if won else ("   ◀ to move" if current else "")
    ax.text(
        x0 + 0.55,
        top - 0.3,
        f"player {p} · {where}{tag}",
        fontsize=9,
        weight="bold",
        va="center",
        color="black",
    )
    right = x0 + PANEL_WIDTH - 0.15
    ax.text(
        right,
        top - 0.3,
        f"moves {moved.distance}" if moved else "no cards yet",
        fontsize=9,
        weight="bold",
        ha="right",
        va="center",
        color=player_text_colour(p),  # words in the player's hue, readable (≥ 4.5:1)
    )
    why = f"(rule {moved})" if moved else "(dealt once every counter is placed)"
    ax.text(right, top - 0.6, why, fontsize=7, ha="right", va="center", color="#333")


def _draw_piles(ax: Axes, state, p: int, x0: float, y: float, counted: tuple[int, ...]) -> None:
    """The three piles: each top card, bold when it counts for the move, over a stack of the
    cards beneath it ("Course of play": only the topmost cards count)."""
    for i in range(PILES):
        x = x0 + i * 1.12
        if not state.dealt:  # an empty place for the pile, before the deal
            ax.add_artist(FancyBboxPatch((x, y), CARD_WIDTH, CARD_HEIGHT, **EMPTY_PILE))
            ax.text(x + CARD_WIDTH / 2, y - 0.3, f"pile {PILE_NAMES[i]} · 0", ha="center", **NOTE)
            continue
        size = len(state.piles[p][i])
        for k in range(min(size - 1, 3), 0, -1):  # the cards underneath, as a stack
            ax.add_artist(
                FancyBboxPatch(
                    (x + 0.06 * k, y - 0.06 * k),
                    CARD_WIDTH,
                    CARD_HEIGHT,
                    boxstyle="round,pad=0,rounding_size=0.06",
                    facecolor="#f4f4f4",
                    edgecolor="#999",
                    lw=0.7,
                    zorder=2,
                )
            )
        counts = i in counted
        _card(
            ax,
            x,
            y,
            CARD_WIDTH,
            CARD_HEIGHT,
            state.tops[p][i],
            lw=2.2 if counts else 0.8,
            edge="black" if counts else "#777",
            gid=f"pile:{p}:{PILE_NAMES[i]}",
        )
        ax.text(x + CARD_WIDTH / 2, y - 0.3, f"pile {PILE_NAMES[i]} · {size}", ha="center", **NOTE)


def _draw_hand(ax: Axes, hand: list[int], p: int, x0: float, y: float, *, shown, dealt) -> None:
    """The hand: card names for its owner (or when revealed), card backs for everybody else."""
    width = min(0.72, 3.3 / max(len(hand), 1) - 0.08)
    for i, card in enumerate(sorted(hand) if shown else hand):
        x = x0 + i * (width + 0.08)
        _card(ax, x, y + 0.1, width, 0.92, card if shown else None, big=False, gid=f"hand:{p}")
    words = f"hand · {len(hand)} card{'' if len(hand) == 1 else 's'}" if hand else "hand · empty"
    words = words if dealt else "hand · not dealt yet"
    ax.text(x0, y - 0.05, words, **NOTE)


def _draw_reserve(ax: Axes, reserve: list[int], p: int, x0: float, y: float, *, own: bool) -> None:
    """The counters still to place (Preparation): their letters for their owner, "?" otherwise."""
    if not reserve:
        return
    ax.text(x0, y, "to place:", **NOTE)
    for i, kind in enumerate(reserve):
        cx = x0 + 0.85 + i * 0.3
        fill = COUNTER_COLOUR[kind] if own else HIDDEN_COLOUR
        ax.add_artist(Circle((cx, y), 0.12, facecolor=fill, edgecolor="#333", lw=0.7, zorder=3))
        letter, ink = (COUNTER_LETTER[kind], COUNTER_INK[kind]) if own else ("?", "white")
        ax.text(cx, y, letter, fontsize=6, color=ink, zorder=4, gid=f"reserve:{p}", **CENTRED)


def _marker(face: str, edge: str, size: float, **style) -> Line2D:
    """A round legend marker: ``face`` filled, rimmed in ``edge``."""
    look = {"marker": "o", "ls": "none", "markersize": size}
    return Line2D([], [], markerfacecolor=face, markeredgecolor=edge, **look, **style)


def _legend(ax: Axes) -> None:
    """What the board's marks mean: the counters, the rims, the arrows and the cards."""
    kinds = (BANANA, LION, CHANGE)
    handles = [_marker(COUNTER_COLOUR[k], "black", 10, markeredgewidth=1.0) for k in kinds]
    labels = [f"{COUNTER_LETTER[k]} = {COUNTER_MEANING[k]}" for k in kinds]
    handles += [
        _marker(HIDDEN_COLOUR, "#333", 10, markeredgewidth=1.0),
        _marker("white", "black", 10, markeredgewidth=1.0, fillstyle="none"),
        Line2D([], [], color=COUNTER_COLOUR[LION], lw=1.3, ls=(0, (4, 2))),
    ]
    labels += [
        "? = face-down counter you don't know",
        "dashed rim = face down, known to you",
        "lion's way back",
    ]
    handles += [
        Patch(facecolor=VILLAGE_FILL, edgecolor=VILLAGE_EDGE),
        Line2D([], [], color="#777", lw=1.6),
        Patch(facecolor="white", edgecolor="black", lw=2.2),
        Patch(facecolor=CARD_BACK, edgecolor="white", hatch="////"),
    ]
    labels += [
        "village (no counters here)",
        "arrow = the last move",
        "bold card = counts for the move",
        "card back = hidden hand card",
    ]
    legend_below(ax, handles, labels, handlelength=1.6, columnspacing=1.5)


# -- the track as a graph ---------------------------------------------------------------
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
    where = layout(length)
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
    cols = _columns(length)
    rows = ceil(length / cols)
    xlim, ylim = (-2.05, cols - 0.4), (-0.75, rows - 0.5)
    fig, ax = board_axes(xlim, ylim, ax, unit=UNIT, top=0.5, bottom=0.75)
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
        return HIDDEN_COLOUR
    if data["counter"] is not None:
        return COUNTER_COLOUR[COUNTER_KINDS[data["counter"]]]
    if data["base_camp"]:
        return CAMP_FILL
    return VILLAGE_FILL if data["village"] else "#e9eddc"


def _draw_graph_nodes(ax: Axes, g: nx.DiGraph, pos: dict) -> None:
    """Plain spaces as small discs; villages and the base camp as bigger squares."""
    plain = [v for v in g if not g.nodes[v]["village"] and not g.nodes[v]["base_camp"]]
    special = [v for v in g if v not in set(plain)]
    small = {"node_size": 260, "edgecolors": "#777", "linewidths": 0.8}
    big = {"node_size": 420, "node_shape": "s", "edgecolors": VILLAGE_EDGE, "linewidths": 1.8}
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
            edge_color=COUNTER_COLOUR[LION],
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
        Line2D([], [], color=COUNTER_COLOUR[LION], lw=2.0),
        Patch(facecolor=VILLAGE_FILL, edgecolor=VILLAGE_EDGE),
        _marker(HIDDEN_COLOUR, "#777", 8),
    ]
    labels = ["step: i → i+1", "lion: back to the last village", "village", "hidden counter"]
    for k in (BANANA, LION, CHANGE):
        handles.append(_marker(COUNTER_COLOUR[k], "#777", 8))
        labels.append(COUNTER_NAMES[k])
    for p in range(players):
        handles.append(_marker(player_colour(p), "white", 7))
        labels.append(f"player {p}'s expedition")
    legend_below(ax, handles, labels)


__all__ = ["draw", "draw_graph", "graph", "layout", "locate", "to_png"]
