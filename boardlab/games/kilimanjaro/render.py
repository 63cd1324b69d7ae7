"""Kilimanjaro drawn: the track, the counters, the expeditions, everybody's piles, your hand.

``draw`` makes one matplotlib figure a learner can read at a glance: the
track of spaces 1..``track_length`` as a serpentine climbing to the base
camp, the villages (rulebook "Preparation", design decision 1), the chance
counters (face down as grey "?" discs unless the viewer placed them),
every expedition's figure, a panel per player with their three piles and how
far those top cards move them ("Course of play" a–c), and under the track the
viewer's own hand as cards and the counters they still have to place.

The board is sized for the play panel's board column (about 590 px at 80 dpi,
JupyterLab at 1366×768 with its file browser open): no text smaller than
``SMALL`` points, so nothing shows below 9 px there. Every place a move can be
about is written on the board as the moves name it (``places``): the spaces'
numbers, "pile A" under each pile in the panel of "player 1", the names on your
cards, the counters you hold. Colour never carries a meaning alone: counters
carry their letter, villages a hut, the cards that count a thick rim, each
expedition its number.

``places`` lists those places with their boxes; ``locate`` names the place
under a click (``PlayPanel``) and the guided game marks them. ``draw_card``
draws one movement card or chance counter, ``gallery`` every kind of them.
``graph`` gives the track as a ``networkx.DiGraph`` (steps and lion jumps).

Only the state's public fields and narration are read; nothing here changes a
state. Figures are made without pyplot (``boardlab.render``), so drawing never
leaks figures.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import ceil

from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.patches import Circle, FancyArrowPatch, FancyBboxPatch, Patch, Polygon

from boardlab.render import (
    Place,
    background,
    board_axes,
    board_png,
    board_point,
    legend_below,
    place_at,
    player_colour,
    player_text_colour,
    release,
)

from .analysis import draw_graph, graph
from .analysis import marker as _marker
from .components import (
    BANANA,
    CARD_FACES,
    CHANGE,
    COPIES,
    COUNTER_NAMES,
    LION,
    PILE_NAMES,
    PILES,
    TRANSPORTS,
    VALUES,
    card_name,
    last_village,
    movement_rule,
    parse_card,
    transport_of,
    value_of,
)
from .look import (
    CAMP_EDGE,
    CAMP_FILL,
    COUNTER_COLOUR,
    COUNTER_INK,
    COUNTER_LETTER,
    COUNTER_MEANING,
    HIDDEN_COLOUR,
    VILLAGE_EDGE,
    VILLAGE_FILL,
    layout,
)
from .look import columns as _columns

# -- look ------------------------------------------------------------------------
#: Inches per board unit (a space of the track is one unit): the printed board's figure
#: is about 7.5 inches (600 px at 80 dpi) wide, the play panel's board column.
UNIT = 0.44
#: The smallest text on the board, in points: 10 px at 80 dpi, 9 px when the column
#: shows the board at 90% of its width.
SMALL = 9
#: A card's value and the panel's headline.
LARGE, HEAD = 14, 9.5
#: The movement rule's clauses ("Course of play" a–c) as the key under the board says them.
RULE_WORDS = {
    "a": "three alike, add all three",
    "b": "two alike, add the pair",
    "c": "all different, the highest",
}
#: Card faces: a light tint per transport, so a majority of one type shows (the name is
#: written on every card: the tint is never the only sign of its type).
TRANSPORT_TINT = {
    "canoe": "#bfe0f5",
    "jeep": "#f6dc9c",
    "on foot": "#c4ead6",
    "mule": "#ecc9de",
}
CARD_BACK = "#3d5a6c"
TRAIL = "#cdb892"
SPACE_LOW, SPACE_HIGH = (0.90, 0.94, 0.80), (0.88, 0.90, 0.93)  # savanna → rock
#: A player's panel, right of the track; a card (pile top or hand card); the cards' step.
PANEL_WIDTH, PANEL_HEIGHT = 4.9, 3.0
CARD_WIDTH, CARD_HEIGHT = 1.3, 1.4
CARD_STEP = 1.55
#: How far under a pile's top card its name is written.
PILE_LABEL = 0.3
#: Room under the track for the viewer's hand and counters (or every hand, revealed).
STRIP = 2.1
#: Where the panels start, right of the track's ten columns.
PANEL_GAP = 0.3
#: The left edge of the board: the start village and the hand's label.
LEFT = -2.25
#: Text styles used again and again: a bold mark centred on a point, a note.
CENTRED = {"ha": "center", "va": "center", "weight": "bold"}
NOTE = {"fontsize": SMALL, "va": "center", "color": "#222"}
#: A space's number; a rounded box; the arrows of a move and of a lion's way back.
NUMBER = {"fontsize": SMALL, "ha": "left", "va": "top", "color": "#333", "zorder": 2}
ROUNDED = {"boxstyle": "round,pad=0,rounding_size=0.15"}
MOVE_ARROW = {"connectionstyle": "arc3,rad=-0.25", "arrowstyle": "-|>,head_length=6,head_width=3.5"}
MOVE_ARROW |= {"lw": 1.6, "alpha": 0.75, "zorder": 7}
LION_ARROW = {"connectionstyle": "arc3,rad=0.35", "arrowstyle": "-|>,head_length=5,head_width=3"}
LION_ARROW |= {
    "color": COUNTER_COLOUR[LION],
    "lw": 1.3,
    "ls": (0, (4, 2)),
    "alpha": 0.8,
    "zorder": 6,
}
#: Where a pile will lie before the cards are dealt: a dashed outline.
EMPTY_PILE = {"boxstyle": "round,pad=0,rounding_size=0.08", "facecolor": "none", "lw": 0.8}
EMPTY_PILE |= {"edgecolor": "#999", "ls": (0, (3, 2)), "zorder": 2}
#: A card's outline: thick and black when it counts for the move ("Course of play").
COUNTS_LW, PLAIN_LW = 2.6, 0.8


# -- geometry ----------------------------------------------------------------------
@dataclass(frozen=True)
class Frame:
    """Where the parts of the board lie, in board units: shared by ``draw`` and ``places``
    (so a click is read on the very board drawn)."""

    xlim: tuple[float, float]
    ylim: tuple[float, float]
    #: The panels' left edge and the first panel's top.
    panel_x: float
    top: float
    #: The top of the strip under the track (the viewer's hand).
    strip: float

    def panel_top(self, p: int) -> float:
        return self.top - p * PANEL_HEIGHT

    def pile_card(self, p: int, i: int) -> tuple[float, float, float, float]:
        """Player ``p``'s pile ``i``'s top card: left, bottom, right, top."""
        x = self.panel_x + 0.2 + i * CARD_STEP
        y = self.panel_top(p) - 1.02 - CARD_HEIGHT
        return (x, y, x + CARD_WIDTH, y + CARD_HEIGHT)

    def pile_box(self, p: int, i: int) -> tuple[float, float, float, float]:
        """The place of player ``p``'s pile ``i``: its top card and its name under it."""
        left, bottom, right, top = self.pile_card(p, i)
        return (left, bottom - PILE_LABEL - 0.2, right, top)

    def header_box(self, p: int) -> tuple[float, float, float, float]:
        """Player ``p``'s name line in their panel."""
        top = self.panel_top(p)
        return (self.panel_x, top - 0.7, self.panel_x + PANEL_WIDTH, top - 0.1)

    def hand_box(self, i: int) -> tuple[float, float, float, float]:
        """The ``i``-th card of the viewer's hand, under the track."""
        x = i * CARD_STEP - 0.4
        y = self.strip - 0.15 - CARD_HEIGHT
        return (x, y, x + CARD_WIDTH, y + CARD_HEIGHT)

    def counter_spot(self, i: int) -> tuple[float, float]:
        """Centre of the ``i``-th kind of counter the viewer still has to place."""
        return (i * 3.1, self.strip - 0.75)


def _frame(state) -> Frame:
    length, n = state.game.params["track_length"], state.game.num_players
    cols = _columns(length)
    rows = ceil(length / cols)
    top = rows - 0.5 + 0.55  # room above the top row for the base camp's name
    strip = -0.6
    bottom = min(strip - STRIP, top - n * PANEL_HEIGHT)
    panel_x = cols - 0.5 + PANEL_GAP
    return Frame((LEFT, panel_x + PANEL_WIDTH + 0.1), (bottom, top), panel_x, top, strip)


def _axes(state, ax: Axes | None = None) -> tuple[Figure, Axes, Frame]:
    """The board's axes (the track on the left, a panel per player on the right, the
    hand under the track) and its frame."""
    frame = _frame(state)
    fig, ax = board_axes(frame.xlim, frame.ylim, ax, unit=UNIT, top=0.5, bottom=0.98)
    return fig, ax, frame


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
    fig, ax, frame = _axes(state, ax)
    where = layout(length)
    villages = tuple(state.game.villages)

    def printed(ax: Axes) -> None:  # the printed board: the same all game
        _draw_track(ax, villages, where, length)
        _legend(ax)

    background(ax, ("kilimanjaro", length, villages), printed)
    _camp_name(ax, where, length)  # not printed: on a short track it reaches the panels
    _draw_counters(ax, state, where, length, viewer, reveal)
    _draw_last_moves(ax, state, where)
    _draw_expeditions(ax, state, where)
    for p in range(state.game.num_players):
        _draw_panel(ax, state, p, frame, viewer, reveal)
    _draw_strip(ax, state, frame, viewer, reveal)
    ax.set_title(_title(state, viewer, reveal), fontsize=10, loc="left", x=0.01)
    return fig


def places(state, viewer: int | None = None) -> list[Place]:
    """Every named place of ``draw(state, viewer=viewer)``, with its box in the data
    coordinates of the figure's axes, named as ``choice_path``'s labels name them: the
    spaces ("space 7"), the other players' panels ("player 1"), everybody's piles ("your
    pile A", "player 1's pile B"), and ``viewer``'s hand cards ("jeep 5") and the counters
    they still have to place ("banana counter"). Nothing is drawn."""
    frame = _frame(state)
    where = layout(state.game.params["track_length"])
    found = [
        (f"space {s}", (x - 0.5, y - 0.5, x + 0.5, y + 0.5)) for s, (x, y) in where.items() if s
    ]
    for p in range(state.game.num_players):
        whose = "your" if p == viewer else f"player {p}'s"
        for i, pile in enumerate(PILE_NAMES):
            found.append((f"{whose} pile {pile}", frame.pile_box(p, i)))
        if p != viewer:  # a swap's target (your own panel is "your pile …" only)
            found.append((f"player {p}", frame.header_box(p)))
    if viewer is not None:
        for i, card in enumerate(sorted(set(state.hands[viewer]))):
            found.append((card_name(card), frame.hand_box(i)))
        for i, kind in enumerate(sorted(set(state.reserve[viewer]))):
            cx, cy = frame.counter_spot(i)
            found.append(
                (f"{COUNTER_NAMES[kind]} counter", (cx - 0.4, cy - 0.4, cx + 2.7, cy + 0.4))
            )
    return found


def click_axes(state, viewer: int | None = None) -> tuple[Figure, Axes]:
    """The figure and axes ``locate`` reads clicks in, nothing drawn (``render.clicks``)."""
    fig, ax, _ = _axes(state)
    return fig, ax


def locate(state, x: float, y: float, viewer: int | None = None) -> str | None:
    """The place under pixel ``(x, y)`` of ``to_png(state, viewer)`` (default dpi, y down),
    as ``places`` names it, or ``None``; ``PlayPanel`` keeps the moves about that place.
    Nothing is drawn."""
    fig, ax, _ = _axes(state)
    try:
        point = board_point(fig, x, y, ax)
    finally:
        release(fig)
    return place_at(point, places(state, viewer))


#: ``tests/test_render.py``'s busy board: 4 players, 40 random moves in (panels filled).
CONTRAST_SCENE = {"params": {"players": 4}, "steps": 40, "player_words": True}


def click_example(state, viewer: int = 0) -> Place:
    """The click test's place: space 7 while counters are placed, else a card in hand."""
    name = "space 7" if state.phase_name == "place" else card_name(min(state.hands[viewer]))
    return next(p for p in places(state, viewer) if p[0] == name)


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


def _draw_track(ax: Axes, villages, where, length: int) -> None:
    from matplotlib.collections import PatchCollection

    villages = set(villages)
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
                (x - 0.46, y - 0.46), 0.92, 0.92, boxstyle="round,pad=0,rounding_size=0.12"
            )
        )
        fills.append(fill)
        edges.append(edge)
        widths.append(lw)
        if space in villages and space != length:
            _hut(ax, x + 0.28, y + 0.24, 0.11)
        # the space's number, as the moves name it ("space 7"): top left
        ax.text(x - 0.42, y + 0.42, str(space), gid=f"space:{space}", **NUMBER)
    # one collection for all the spaces: much faster to draw than a patch each
    ax.add_collection(
        PatchCollection(cells, facecolors=fills, edgecolors=edges, linewidths=widths, zorder=1),
        autolim=False,
    )
    # the base camp at the end of the track (Aim of the game)
    x, y = where[length]
    tent = [(x + 0.02, y - 0.05), (x + 0.42, y - 0.05), (x + 0.22, y + 0.32)]
    ax.add_artist(Polygon(tent, facecolor="#b9c6d9", edgecolor=CAMP_EDGE, lw=0.8, zorder=3))
    # the start village, next to space 1 (Preparation)
    x, y = where[0]
    village = {"facecolor": VILLAGE_FILL, "edgecolor": VILLAGE_EDGE, "lw": 1.6, "zorder": 1}
    ax.add_artist(FancyBboxPatch((x - 0.65, y - 0.5), 1.3, 1.35, **ROUNDED, **village))
    start = {"fontsize": SMALL, "ha": "center", "va": "top", "weight": "bold"}
    ax.text(x - 0.05, y + 0.8, "start", color=VILLAGE_EDGE, **start)


def _camp_name(ax: Axes, where, length: int) -> None:
    """ "base camp" over the last space, over all that lies there."""
    x, y = where[length]
    camp = {"ha": "center", "va": "bottom", "weight": "bold", "color": CAMP_EDGE}
    ax.text(x, y + 0.5, "base camp", fontsize=SMALL, zorder=6, **camp)


def _draw_counters(ax: Axes, state, where, length: int, viewer, reveal: bool) -> None:
    for space in range(1, length):
        kind = state.counter_at[space]
        if kind < 0:
            continue
        x, y = where[space]
        cx, cy = x + 0.2, y + 0.12
        known = reveal or state.knows_counter(viewer, space)
        face_up = state.face_up[space]
        if known:
            fill, ink, letter = COUNTER_COLOUR[kind], COUNTER_INK[kind], COUNTER_LETTER[kind]
        else:
            fill, ink, letter = HIDDEN_COLOUR, "white", "?"
        rim = {"edgecolor": "black", "lw": 1.3} if face_up else {"edgecolor": "#333", "lw": 1.1}
        rim["ls"] = "-" if face_up or not known else (0, (2, 1.5))  # dashed: yours, face down
        gid = f"counter:{space}"
        ax.add_artist(Circle((cx, cy), 0.25, facecolor=fill, zorder=4, gid=gid, **rim))
        ax.text(cx, cy, letter, fontsize=SMALL, color=ink, zorder=5, gid=gid, **CENTRED)
        if face_up and kind == LION:  # the way back to the last village
            bx, by = where[last_village(space, state.game.villages)]
            ax.add_artist(FancyArrowPatch((cx, cy), (bx, by + 0.1), **LION_ARROW))


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
        ax.add_artist(FancyArrowPatch(where[a], where[b], color=player_colour(p), **MOVE_ARROW))


def _draw_expeditions(ax: Axes, state, where) -> None:
    by_space: dict[int, list[int]] = {}
    for p, pos in enumerate(state.positions):
        by_space.setdefault(pos, []).append(p)
    for space, players in by_space.items():
        x, y = where[space]
        k = len(players)
        if space == 0:  # the start village has room for a 2×2 group
            slots = [(x - 0.27 + 0.54 * (i % 2), y + 0.2 - 0.5 * (i // 2)) for i in range(k)]
        else:
            spread = [0.0] if k == 1 else [-0.28 + 0.56 * i / (k - 1) for i in range(k)]
            slots = [(x + dx, y - 0.22) for dx in spread]
        for p, (mx, my) in zip(players, slots, strict=True):
            current = p == state.current_player
            rim = (
                {"edgecolor": "black", "lw": 2.0} if current else {"edgecolor": "white", "lw": 1.2}
            )
            ax.add_artist(Circle((mx, my), 0.22, facecolor=player_colour(p), zorder=8, **rim))
            ax.text(
                mx, my, str(p), fontsize=SMALL, color="white", zorder=9, gid=f"pawn:{p}", **CENTRED
            )


# -- cards and counters ----------------------------------------------------------------
def _card(ax: Axes, x, y, w, h, card: int | None, *, lw=PLAIN_LW, edge="#555", scale=1.0, gid=None):
    """A card with its lower-left corner at (x, y): its face (the transport written at the
    top, the value large in the middle), or its back when ``card`` is None. ``scale``
    enlarges the text for a card drawn alone. ``gid`` tags its artists (e.g. ``"hand:0"``)
    so tests can find what a figure shows."""
    box = {"boxstyle": f"round,pad=0,rounding_size={0.08 * scale}", "zorder": 3}
    if card is None:
        back = ax.add_artist(
            FancyBboxPatch(
                (x, y), w, h, facecolor=CARD_BACK, edgecolor="white", lw=0.8, hatch="////", **box
            )
        )
        back.set_gid(gid)
        return
    transport = TRANSPORTS[transport_of(card)]
    face = ax.add_artist(
        FancyBboxPatch(
            (x, y), w, h, facecolor=TRANSPORT_TINT[transport], edgecolor=edge, lw=lw, **box
        )
    )
    face.set_gid(gid)
    top = {"ha": "center", "va": "top", "zorder": 4, "gid": gid}
    ax.text(x + w / 2, y + h - 0.08 * scale, transport, fontsize=SMALL * scale, **top)
    value = str(value_of(card))
    ax.text(x + w / 2, y + h * 0.4, value, fontsize=LARGE * scale, zorder=4, gid=gid, **CENTRED)


def _counter(ax: Axes, cx: float, cy: float, r: float, kind: int | None, *, scale=1.0, gid=None):
    """A chance counter: its colour and letter, or a grey "?" when ``kind`` is None."""
    fill, ink, letter = (
        (HIDDEN_COLOUR, "white", "?")
        if kind is None
        else (COUNTER_COLOUR[kind], COUNTER_INK[kind], COUNTER_LETTER[kind])
    )
    disc = Circle((cx, cy), r, facecolor=fill, edgecolor="#333", lw=0.9, zorder=3)
    disc.set_gid(gid)
    ax.add_artist(disc)
    ax.text(cx, cy, letter, fontsize=(SMALL + 1) * scale, color=ink, zorder=4, gid=gid, **CENTRED)


# -- the panels ----------------------------------------------------------------------
def _draw_panel(ax: Axes, state, p: int, frame: Frame, viewer, reveal: bool) -> None:
    """Player ``p``'s panel: who and where, how far they move and by which rule, their three
    piles, and how many cards and counters they hold."""
    moved = movement_rule(state.tops[p]) if state.dealt else None
    _draw_panel_header(ax, state, p, frame, moved, viewer)
    _draw_piles(ax, state, p, frame, moved.counted if moved else ())


def _draw_panel_header(ax: Axes, state, p: int, frame: Frame, moved, viewer) -> None:
    """The panel's frame in the player's colour (bold for the player to move or the winner),
    their badge and name, where they stand, how far their top cards move them ("Course of
    play"; ``moved`` is None before the cards are dealt) and what they hold."""
    x0, top = frame.panel_x, frame.panel_top(p)
    colour = player_colour(p)
    current = p == state.current_player
    won = state.outcome is not None and p in state.outcome.winners
    box = (x0, top - PANEL_HEIGHT + 0.1)
    shape = {"width": PANEL_WIDTH, "height": PANEL_HEIGHT - 0.16}
    shape["boxstyle"] = "round,pad=0,rounding_size=0.15"
    ax.add_artist(
        FancyBboxPatch(box, **shape, facecolor=colour, alpha=0.10, edgecolor="none", zorder=0)
    )
    rim = 2.8 if current or won else 1.0
    ax.add_artist(
        FancyBboxPatch(box, **shape, facecolor="none", edgecolor=colour, lw=rim, zorder=1)
    )
    badge = (x0 + 0.38, top - 0.42)
    ax.add_artist(Circle(badge, 0.25, facecolor=colour, edgecolor="white", zorder=2))
    ax.text(*badge, str(p), fontsize=SMALL, color="white", zorder=3, **CENTRED)
    where = "start" if state.positions[p] == 0 else f"on {state.positions[p]}"
    you = " (you)" if p == viewer else ""
    name = {"fontsize": HEAD, "weight": "bold", "va": "center", "gid": f"player:{p}"}
    ax.text(x0 + 0.75, top - 0.42, f"player {p}{you} · {where}", **name)
    words = f"moves {moved.distance} · rule {moved.clause}" if moved else "no cards yet"
    ax.text(
        x0 + 0.2,
        top - 0.88,
        words,
        fontsize=SMALL,
        va="center",
        color=player_text_colour(p),  # words in the player's hue, readable (≥ 4.5:1)
        gid=f"moves:{p}",
    )
    held, left = len(state.hands[p]), len(state.reserve[p])
    if won:
        holds = "★ wins"
    elif current:
        holds = "◀ to move"
    else:
        holds = f"to place {left}" if left else (f"hand {held}" if state.dealt else "")
    if holds:
        ax.text(x0 + PANEL_WIDTH - 0.2, top - 0.88, holds, ha="right", gid=f"holds:{p}", **NOTE)


def _draw_piles(ax: Axes, state, p: int, frame: Frame, counted: tuple[int, ...]) -> None:
    """The three piles: each top card, thick-rimmed when it counts for the move, over a stack
    of the cards beneath it ("Course of play": only the topmost cards count), named under."""
    for i in range(PILES):
        x, y, right, _ = frame.pile_card(p, i)
        label = {"ha": "center", "gid": f"pile-name:{p}:{PILE_NAMES[i]}", **NOTE}
        ax.text((x + right) / 2, y - PILE_LABEL, f"pile {PILE_NAMES[i]}", **label)
        if not state.dealt:  # an empty place for the pile, before the deal
            ax.add_artist(FancyBboxPatch((x, y), CARD_WIDTH, CARD_HEIGHT, **EMPTY_PILE))
            continue
        size = len(state.piles[p][i])
        for k in range(min(size - 1, 3), 0, -1):  # the cards underneath, as a stack
            ax.add_artist(
                FancyBboxPatch(
                    (x + 0.06 * k, y - 0.06 * k),
                    CARD_WIDTH,
                    CARD_HEIGHT,
                    boxstyle="round,pad=0,rounding_size=0.08",
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
            lw=COUNTS_LW if counts else PLAIN_LW,
            edge="black" if counts else "#777",
            gid=f"pile:{p}:{PILE_NAMES[i]}",
        )


# -- under the track: the viewer's hand ------------------------------------------------
def _draw_strip(ax: Axes, state, frame: Frame, viewer, reveal: bool) -> None:
    """Under the track: the viewer's hand as cards and the counters they still have to
    place (Preparation); with ``reveal``, every hand in words; a spectator sees none."""
    y = frame.strip
    if reveal:
        for p in range(state.game.num_players):
            hand = ", ".join(card_name(c) for c in sorted(state.hands[p])) or "no cards"
            gid = f"hand:{p}"
            if not state.dealt:  # Preparation: counters to place, no cards yet
                mine = state.reserve[p]
                kinds = sorted(set(mine))
                hand = "to place " + (
                    ", ".join(f"{mine.count(k)} {COUNTER_NAMES[k]}" for k in kinds) or "nothing"
                )
                gid = f"reserve:{p}"
            ax.text(LEFT + 0.1, y - 0.3 - 0.46 * p, f"player {p}: {hand}", gid=gid, **NOTE)
        return
    if viewer is None:
        ax.text(LEFT + 0.1, y - 0.4, "a spectator sees no hand", **NOTE)
        return
    label = "your hand" if state.dealt else "to place"
    ax.text(LEFT + 0.1, y - 0.55, label, fontsize=SMALL, weight="bold", va="center")
    hand = sorted(state.hands[viewer])
    if state.dealt and not hand:
        ax.text(LEFT + 0.1, y - 1.0, "empty", **NOTE)
    for i, card in enumerate(sorted(set(hand))):
        x, bottom, _, _ = frame.hand_box(i)
        _card(ax, x, bottom, CARD_WIDTH, CARD_HEIGHT, card, gid=f"hand:{viewer}")
        if hand.count(card) > 1:  # two copies of a card are one choice (design decision 9)
            ax.text(
                x + CARD_WIDTH - 0.08,
                bottom + 0.1,
                f"×{hand.count(card)}",
                ha="right",
                va="bottom",
                fontsize=SMALL,
                zorder=5,
                gid=f"hand:{viewer}",
            )
    reserve = state.reserve[viewer]
    for i, kind in enumerate(sorted(set(reserve))):
        cx, cy = frame.counter_spot(i)
        gid = f"reserve:{viewer}"
        _counter(ax, cx, cy, 0.3, kind, gid=gid)
        count = reserve.count(kind)
        ax.text(cx + 0.45, cy + 0.17, f"{COUNTER_NAMES[kind]}", gid=gid, **NOTE)
        ax.text(cx + 0.45, cy - 0.22, f"×{count} to place", gid=gid, **NOTE)


def _legend(ax: Axes) -> None:
    """What the board's marks mean: the counters, the rims, the arrows and the rules a–c."""
    kinds = (BANANA, LION, CHANGE)
    handles = [_marker(COUNTER_COLOUR[k], "black", 10, markeredgewidth=1.0) for k in kinds]
    labels = [f"{COUNTER_LETTER[k]}: {COUNTER_MEANING[k]}" for k in kinds]
    handles += [
        _marker(HIDDEN_COLOUR, "#333", 10, markeredgewidth=1.0),
        Patch(facecolor="white", edgecolor="#333", lw=1.1, ls=(0, (2, 1.5))),
        Line2D([], [], color=COUNTER_COLOUR[LION], lw=1.3, ls=(0, (4, 2))),
        Patch(facecolor=VILLAGE_FILL, edgecolor=VILLAGE_EDGE),
        Patch(facecolor="white", edgecolor="black", lw=COUNTS_LW),
        Line2D([], [], color="#777", lw=1.6),
    ]
    labels += [
        "?: a face-down counter",
        "dashed rim: yours, face down",
        "a lion's way back",
        "village: no counters",
        "thick rim: counts for the move",
        "arrow: the last move",
    ]
    handles += [Patch(facecolor="none", edgecolor="none")] * 3
    labels += [f"rule {clause}: {words}" for clause, words in RULE_WORDS.items()]
    legend_below(
        ax,
        handles,
        labels,
        ncol=3,
        fontsize=SMALL,
        handlelength=1.4,
        columnspacing=1.0,
        handletextpad=0.5,
    )


# -- one card, every card ---------------------------------------------------------------
#: Inches per unit of a card drawn alone (``draw_card``) and of the gallery.
CARD_UNIT = 0.62


def _what(card) -> tuple[str, int]:
    """``("card", id)`` or ``("counter", kind)`` for a card id, a card's name or a
    counter's name; anything else is a ``ValueError`` naming what is."""
    if isinstance(card, bool):
        pass
    elif isinstance(card, int) and 0 <= card < CARD_FACES:
        return "card", card
    elif isinstance(card, str) and card in COUNTER_NAMES:
        return "counter", COUNTER_NAMES.index(card)
    elif isinstance(card, str):
        try:
            return "card", parse_card(card)
        except ValueError:
            pass
    raise ValueError(
        f"not a Kilimanjaro card: {card!r}: a movement card (e.g. 'jeep 5', one of "
        f"{', '.join(TRANSPORTS)} with a value 1–7) or a chance counter "
        f"({', '.join(COUNTER_NAMES)})"
    )


def draw_card(card, ax: Axes | None = None, *, seat: int | None = None) -> Figure:
    """One movement card (``"jeep 5"`` or its id) with its transport and value, or one chance
    counter (``"lion"``) with its letter and what it does. Cards look the same from every
    seat, so ``seat`` changes nothing (it is there for the games whose cards turn)."""
    what, which = _what(card)
    fig, ax = board_axes((0.0, 2.2), (0.0, 2.5), ax, unit=CARD_UNIT, top=0.05, bottom=0.05)
    if what == "card":
        _card(ax, 0.15, 0.15, 1.9, 2.2, which, scale=1.4, gid="card")
        return fig
    _counter(ax, 1.1, 1.5, 0.62, which, scale=1.6, gid="card")
    ax.text(
        1.1,
        0.62,
        COUNTER_NAMES[which],
        ha="center",
        va="center",
        fontsize=SMALL + 1,
        weight="bold",
        gid="card",
    )
    ax.text(1.1, 0.22, "counter", ha="center", va="center", fontsize=SMALL, gid="card")
    return fig


def gallery(game="kilimanjaro") -> Figure:
    """Every kind of card of the game: the 28 movement cards (4 transports × values 1–7,
    each twice in the box) and the three chance counters with what they do (their
    numbers from ``game``'s parameters when a loaded game is given)."""
    params = getattr(game, "params", None) or {"bananas": 8, "lions": 4, "changes": 4}
    counts = {BANANA: params["bananas"], LION: params["lions"], CHANGE: params["changes"]}
    cols = len(VALUES)
    width, height = 1.25, 1.45
    step_x, step_y = 1.4, 1.65
    rows = len(TRANSPORTS)
    xlim, ylim = (-0.1, cols * step_x + 0.1), (-3.25, rows * step_y + 0.2)
    fig, ax = board_axes(xlim, ylim, unit=0.66, top=0.6, bottom=0.1)
    for r, transport in enumerate(TRANSPORTS):
        y = (rows - 1 - r) * step_y + 0.1
        for c, value in enumerate(VALUES):
            card = TRANSPORTS.index(transport) * len(VALUES) + value - 1
            _card(ax, c * step_x + 0.08, y, width, height, card, gid=f"gallery:{card_name(card)}")
    for i, kind in enumerate((BANANA, LION, CHANGE)):
        x, y = 0.4, -0.55 - i * 0.8
        _counter(ax, x, y, 0.3, kind, gid=f"gallery:{COUNTER_NAMES[kind]}")
        ax.text(
            x + 0.5,
            y,
            f"{COUNTER_NAMES[kind]} ×{counts[kind]}: {COUNTER_MEANING[kind]}",
            fontsize=SMALL,
            va="center",
        )
    total = len(TRANSPORTS) * cols * COPIES
    ax.text(
        0.0,
        -2.95,
        "Bananas and lions stay face up once turned over; a change-position "
        "counter is then removed.",
        fontsize=SMALL,
        va="center",
    )
    ax.set_title(
        f"Kilimanjaro's {total} movement cards: {len(TRANSPORTS)} transports × values "
        f"1–{cols}, each card twice;\nand its chance counters, placed face down on the track",
        fontsize=10,
        loc="left",
    )
    return fig


__all__ = [
    "click_example",
    "draw",
    "draw_card",
    "draw_graph",
    "gallery",
    "graph",
    "layout",
    "locate",
    "places",
    "to_png",
]
