"""Tembo drawn: the journey grid, the herd, the Matriarch and the lions; the team's tracks;
the savanna cards as pictures.

``draw`` lays the journey out in bands of at most 20 columns (the printed journey: the
Start and Savanna boards 1–3 above, boards 4–6 and the Destination below), each band
with its row letters and column numbers; every free cell carries its name as the
choices name it ("b14": row b, column 14), and the cells the viewer may choose now are
outlined in green. Every cell shows its terrain by colour *and* by a pattern or letter
(water lines, rough dots, purple landmark and Destination cells hatched, tree halves by
their colour's letter G Y R B); each area its letter in its corner and, along its
bottom, a free card area's printed build action or the name of the card built on it.
Elephants are discs in their player's colour with the player's number (two on a rough
cell), the Matriarch **M**, the lioness and the lion labelled boxes (hollow and "lying"
when lying down). Under the journey: energy, the deck, the tree stands, the support
tokens A–D with their benefits, one line per player (seat direction, elephants, cards)
and the viewer's own hand drawn as cards, turned as they land on the savanna from the
viewer's seat. ``highlight`` (a card name) marks the legal placements of that card's
pattern for the viewer.

``places(state, viewer)`` lists every named place of that picture with its box: the
free cells (``"b14"``; a cell holding an elephant or the Matriarch shows them instead,
and no choice names it), areas (``"area g"``), the viewer's cards (``"I-03"``), the
support tokens (``"support token A"``) and the players (``"player 1"``); ``locate``
and ``click_example`` read it. ``draw_card`` draws one card (a savanna card's terrain,
footprint pattern, rotation symbol and deck; a Lion or Matriarch card's words) and
``gallery`` every kind of card of the game.

``graph`` is the area graph (lions move on it); ``cell_graph`` the 8-neighbour cell
graph. Texts carry a ``gid`` (``hand:1``, ``energy``, ``tokens``, ``cell:b14``,
``lion:0``) so tests read what a figure says.
"""

from __future__ import annotations

from functools import partial
from math import ceil

import networkx as nx
from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.patches import Circle, FancyBboxPatch, Rectangle

from boardlab.render import (
    Place,
    background,
    board_axes,
    board_png,
    board_point,
    new_axes,
    place_at,
    player_colour,
    player_text_colour,
    release,
)

from .actions import TOKEN_WORDS, Elephant, Footprint, Support
from .components import (
    BUILD_WORDS,
    DECKS,
    LIONS,
    ROW_LETTERS,
    SEATS,
    TREES,
    turn_offsets,
    turn_terrain,
)

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
#: The pattern beside each colour (colour is never the only carrier of meaning).
TERRAIN_HATCH = {"w": "---", "r": "..", "p": "//", "d": "xx"}
#: The key under the board: each terrain's pattern in words.
TERRAIN_KEY = "water: lines · rough: dots · landmark: // · Destination: xx · trees: G Y R B"
#: Short build actions written on a free card area (the key under the board spells them).
BUILD_SHORT = {
    "all_two": "all +2",
    "other_four": "other +4",
    "self_five": "you +5",
    "self_three_place": "you +3 +1",
}
SEAT_WORDS = {"S": "south", "W": "west", "N": "north", "E": "east"}
ARROWS = ("↑", "→", "↓", "←")  # a card's arrow pointing north, east, south, west
#: Inches per cell: with bands of 20 columns the board is about 590 px wide at 80 dpi,
#: the width of the play panel's board column at 1366×768, so text is shown at its size.
UNIT = 0.345
#: The smallest text on the board, in points (10 px at 80 dpi; 9 px shown at 90%).
SMALL = 9
MID = {"ha": "center", "va": "center"}
TOP = {"ha": "center", "va": "top"}
FOOT = {"ha": "center", "va": "bottom"}
BAND = 20  # at most this many columns a band
BAND_GAP = 0.9  # room above a band for its column numbers
LINE = 0.85  # a line of the panel under the journey
CARD_W, CARD_H = 2.5, 3.4  # a hand card, in cells
LION_FILL = "#c8781e"
LION_EDGE = "#7a3d00"
MATRIARCH = "#555555"


def _say(ax, x: float, y: float, words: str, **style):
    """A text of the board or a card, ``SMALL`` points unless ``style`` says otherwise."""
    return ax.text(x, y, words, **{"fontsize": SMALL, **style})


# -- geometry ---------------------------------------------------------------------------
def _bands(journey) -> tuple[int, int]:
    """(bands, columns per band): the journey cut into bands of at most ``BAND`` columns."""
    bands = ceil(journey.columns / BAND)
    return bands, ceil(journey.columns / bands)


def _cell_box(journey, cell: int) -> tuple[float, float, float, float]:
    """``(left, bottom, right, top)`` of a cell in the axes' data units (1 = a cell)."""
    row, column = divmod(cell, journey.columns)
    _, width = _bands(journey)
    band, x = divmod(column, width)
    top = -band * (journey.rows + BAND_GAP) - row
    return x, top - 1, x + 1, top


def _xy(state, cell: int) -> tuple[float, float]:
    """A cell's bottom-left corner."""
    left, bottom, _, _ = _cell_box(state.game.journey, cell)
    return left, bottom


def _area_box(journey, area) -> tuple[float, float, float, float]:
    boxes = [_cell_box(journey, c) for c in area.cells]
    return (
        min(b[0] for b in boxes),
        min(b[1] for b in boxes),
        max(b[2] for b in boxes),
        max(b[3] for b in boxes),
    )


def _board_bottom(journey) -> float:
    bands, _ = _bands(journey)
    return -bands * (journey.rows + BAND_GAP) + BAND_GAP


def _panel_rows(state) -> dict[str, float]:
    """The y of each line under the journey (text baselines at their middle)."""
    y = _board_bottom(state.game.journey) - 0.6
    rows = {"key": y, "team": y - LINE, "tokens": y - 2 * LINE}
    for p in range(state.game.num_players):
        rows[f"player:{p}"] = y - (3 + p) * LINE
    rows["hand"] = y - (3 + state.game.num_players) * LINE - 0.1
    return rows


def _shows_hand(state, viewer) -> bool:
    return viewer is not None and 0 <= viewer < state.game.num_players


def _axes(state, ax: Axes | None = None, viewer: int | None = None):
    journey = state.game.journey
    _, width = _bands(journey)
    rows = _panel_rows(state)
    bottom = rows["hand"] - (CARD_H + 0.5 if _shows_hand(state, viewer) else 0.2)
    right = -1.0 + _span(max(width, 17) + 1.3, 0.0)
    bottom = 0.75 - _span(0.75 - bottom, MARGINS)
    return board_axes((-1.0, right), (bottom, 0.75), ax, unit=UNIT, top=0.4, bottom=0.1)


#: The title's and the foot's inches (``board_axes``' top and bottom).
MARGINS = 0.5


def _span(units: float, extra: float) -> float:
    """``units`` or a little more, so that ``units × UNIT + extra`` inches is a whole
    number of sixteenths and a hair: at every dpi the boards are drawn at (80, 160) the
    figure is then whole pixels, and its PNG exactly that size."""
    inches = units * UNIT + extra
    whole = ceil(inches * 16 - 1e-9) / 16 + 1e-6
    return (whole - extra) / UNIT


def _token_x(i: int) -> float:
    return 4.2 + 3.3 * i


def _card_x(i: int) -> float:
    return 0.2 + (CARD_W + 0.4) * i


# -- the named places -------------------------------------------------------------------
def places(state, viewer: int | None = None) -> list[Place]:
    """Every named place of ``draw(state, viewer=viewer)``, with its box in the data
    coordinates of the figure's first axes, named as the choices name them: the free
    cells (``"b14"``; a cell holding an elephant or the Matriarch is no choice's), areas
    (``"area g"``), the viewer's own cards (``"I-03"``), the support tokens (``"support
    token A"``) and the players (``"player 1"``). While a card area is chosen the areas
    come first (a click inside an area names the area), else the cells."""
    game, journey = state.game, state.game.journey
    cells = [
        (game.cell_names[c], _cell_box(journey, c))
        for c in range(journey.cells)
        if _named(state, c)
    ]
    areas = [(f"area {a.name}", _area_box(journey, a)) for a in journey.areas]
    rows = _panel_rows(state)
    out: list[Place] = areas + cells if state.step == "area" else cells + areas
    y = rows["tokens"]
    for i, token in enumerate("ABCD"):
        out.append(
            (f"support token {token}", (_token_x(i) - 0.1, y - 0.4, _token_x(i) + 3.1, y + 0.4))
        )
    for p in range(game.num_players):
        y = rows[f"player:{p}"]
        out.append((f"player {p}", (-0.9, y - 0.4, 17.0, y + 0.4)))
    if _shows_hand(state, viewer):
        top = rows["hand"] - 0.35
        for i, name in enumerate(_hand_names(state, viewer)):
            x = _card_x(i)
            out.append((name, (x, top - CARD_H, x + CARD_W, top)))
    return out


def _named(state, cell: int) -> bool:
    """A free cell carries its name (an occupied one shows its elephant or the Matriarch)."""
    return not state.count[cell] and cell != state.matriarch


def _hand_names(state, p: int) -> list[str]:
    return sorted(state.game.card_names[c] for c in state.hands[p])


def click_axes(state, viewer: int | None = None) -> tuple[Figure, Axes]:
    """The figure and axes ``locate`` reads clicks in, nothing drawn (``render.clicks``)."""
    return _axes(state, viewer=viewer)


def locate(state, x: float, y: float, viewer: int | None = None) -> str | None:
    """The place under pixel ``(x, y)`` of ``to_png(state, viewer)``, as ``places`` names it
    ("b14", "area g", "I-03"…), or None."""
    fig, ax = _axes(state, viewer=viewer)
    try:
        return place_at(board_point(fig, x, y, ax), places(state, viewer))
    finally:
        release(fig)


def click_example(state, viewer: int = 0):
    """The click test's place (``boardlab/games/README.md``): the cell of the first single
    elephant on offer ("b14") with its box, as ``places`` lists it; before one is on offer,
    a move to play first (support token D, which places single elephants)."""
    legal = state.legal_actions()
    elephant = next((a for a in legal if isinstance(a, Elephant)), None)
    if elephant is None:
        return next((a for a in legal if isinstance(a, Support) and a.token == "D"), legal[0])
    return next(p for p in places(state, viewer) if p[0] == elephant.cell)


#: ``tests/test_render.py``'s busy board: 4 players, 12 random moves in.
CONTRAST_SCENE = {"params": {"players": 4}, "steps": 12, "player_words": True}


# -- the picture --------------------------------------------------------------------------
def draw(
    state, ax: Axes | None = None, *, viewer: int | None = None, reveal: bool = False
) -> Figure:
    """Draw ``state`` as ``viewer`` sees it (``None``: a spectator); ``reveal`` every hand."""
    return _draw(state, ax, viewer, reveal, None)


def draw_placements(state, card: str, ax: Axes | None = None, *, viewer: int = 0) -> Figure:
    """The board with every legal placement of ``card``'s pattern (viewer's direction)
    outlined in green: which placements of this pattern are legal here?"""
    return _draw(state, ax, viewer, False, card)


def _named_now(state, viewer) -> set[int]:
    """The cells the viewer's choices name now (a footprint's anchor, one elephant)."""
    if state.current_player is None or viewer != state.current_player:
        return set()
    ids = state.game.cell_ids
    return {ids[a.cell] for a in state.legal_actions() if isinstance(a, Footprint | Elephant)}


def _draw(state, ax, viewer, reveal, highlight) -> Figure:
    game, journey = state.game, state.game.journey
    fig, ax = _axes(state, ax, viewer)
    terrain = tuple(state.terrain)
    key_y = _panel_rows(state)["key"]
    cells = range(journey.cells)

    def printed(ax: Axes) -> None:  # the savanna as the cards have made it, and the key
        _draw_margins(ax, journey)
        for c in cells:
            _draw_ground(ax, journey, c, terrain[c])
        _draw_area_outlines(ax, journey)
        _say(ax, -0.9, key_y, TERRAIN_KEY, va="center", gid="key")

    names = {c: partial(_draw_cell_name, journey=journey, c=c, t=terrain[c]) for c in cells}
    free = [c for c in cells if _named(state, c)]
    background(ax, ("tembo", game.params, terrain), printed, pieces=names, shown=free)
    chosen = _named_now(state, viewer)
    for c in free:
        _draw_tree(ax, journey, c, terrain[c])
        if c in chosen:
            x, y = _xy(state, c)
            ax.add_patch(Rectangle((x + 0.05, y + 0.05), 0.9, 0.9, **CHOICE))
    _draw_areas(ax, state)
    _draw_herd(ax, state)
    _draw_lions(ax, state)
    if highlight is not None and viewer is not None and highlight in game.card_ids:
        card = game.card_ids[highlight]
        for _, cells in state.placements(card, game.seat_turns[viewer], viewer):
            for c in cells:
                x, y = _xy(state, c)
                ax.add_patch(
                    Rectangle(
                        (x + 0.08, y + 0.08),
                        0.84,
                        0.84,
                        fill=False,
                        ec="#00a000",
                        lw=1.6,
                        zorder=2,
                        gid="highlight",
                    )
                )
    _draw_panel(ax, state, viewer, reveal)
    status = (
        state.outcome.describe()
        if state.outcome
        else (f"turn {state.turn + 1} · player {state.current_player} · {state.step}")
    )
    ax.set_title(f"{game.title} · {status}", loc="left", fontsize=10)
    return fig


def _draw_margins(ax, journey) -> None:
    """Row letters left of each band, column numbers above it: a cell reads "b14"."""
    bands, width = _bands(journey)
    for band in range(bands):
        top = -band * (journey.rows + BAND_GAP)
        for row in range(journey.rows):
            _say(ax, -0.5, top - row - 0.5, ROW_LETTERS[row], **MID, weight="bold", gid="row")
        for x in range(width):
            column = band * width + x
            if column < journey.columns:
                _say(ax, x + 0.5, top + 0.05, str(column + 1), **FOOT, gid="column")


def _draw_ground(ax, journey, c: int, t: str) -> None:
    """A cell's terrain ``t``: its colour and pattern."""
    x, y, _, _ = _cell_box(journey, c)
    hatch = TERRAIN_HATCH.get(t)
    ax.add_patch(Rectangle((x, y), 1, 1, fc=TERRAIN_FILL[t], ec="#8a7a55", lw=0.3, hatch=hatch))


def _draw_cell_name(ax, journey, c: int, t: str) -> None:
    """A free cell's name at its top (a cell holding an elephant or the Matriarch has none)."""
    x, y, _, _ = _cell_box(journey, c)
    ink, name = "white" if t in "pdGRB" else "#3b3120", journey.name(c)
    _say(ax, x + 0.6, y + 0.97, name, **TOP, color=ink, zorder=4, gid=f"name:{name}")


def _draw_tree(ax, journey, c: int, t: str) -> None:
    """A free cell's tree half: its letter on the cell's outer side, clear of the area's
    bottom words (over their box: so drawn after it, not kept with the names)."""
    if t in TREES:
        x, y, _, _ = _cell_box(journey, c)
        side, ink = 0.18 if c % journey.columns % 2 == 0 else 0.82, "black" if t == "Y" else "white"
        _say(ax, x + side, y + 0.5, t, **MID, weight="bold", color=ink, gid="tree")


#: A free cell the viewer may choose: outlined in green.
CHOICE = {"fill": False, "ec": "#007a00", "lw": 2.0, "zorder": 6, "gid": "choice"}


def _draw_area_outlines(ax, journey) -> None:
    for area in journey.areas:
        left, bottom, right, top = _area_box(journey, area)
        ax.add_patch(
            Rectangle((left, bottom), right - left, top - bottom, fill=False, ec="#4a3c20", lw=1.2)
        )


def _draw_areas(ax, state) -> None:
    """Each area's letter (its top-left corner; ``_draw_area_outlines`` draws the outline);
    along its bottom, a free card area's build action, a built one's card, a landmark's
    state."""
    game, journey = state.game, state.game.journey
    for i, area in enumerate(journey.areas):
        left, bottom, right, top = _area_box(journey, area)
        under, kind = "", area.kind  # a landmark's purple hatching says "landmark"
        if area.kind == "card":
            card = state.covered[i]
            under = game.card_names[card] if card >= 0 else BUILD_SHORT[area.action]
            kind = "card" if card >= 0 else "action"
        elif area.kind == "landmark":
            visited = state.visited[journey.landmarks.index(i)]
            under = "visited ✓" if visited else ""
        _say(
            ax,
            left + 0.03,
            top - 0.03,
            area.name,
            va="top",
            weight="bold",
            zorder=7,
            gid=f"area:{area.name}",
            bbox={"boxstyle": "square,pad=0.08", "fc": "white", "ec": "#4a3c20", "lw": 0.6},
        )
        if under:
            _say(
                ax,
                (left + right) / 2,
                bottom + 0.04,
                under,
                **FOOT,
                color="#2b2313",
                zorder=2.5,
                gid=f"{kind}:{area.name}",
                bbox={"boxstyle": "round,pad=0.08", "fc": "white", "ec": "none", "alpha": 0.7},
            )


def _draw_herd(ax, state) -> None:
    journey = state.game.journey
    for c, k in enumerate(state.count):
        if not k:
            continue
        x, y = _xy(state, c)
        p = state.owner[c]
        spots = [(x + 0.5, y + 0.5)] if k == 1 else [(x + 0.35, y + 0.42), (x + 0.65, y + 0.58)]
        for u, v in spots:
            ax.add_patch(
                Circle(
                    (u, v),
                    0.38 if k == 1 else 0.3,
                    fc=player_colour(p),
                    ec="black",
                    lw=0.6,
                    zorder=3,
                )
            )
        _say(
            ax,
            x + 0.5,
            y + 0.5,
            str(p) if k == 1 else f"{p}×2",
            **MID,
            color="white",
            weight="bold",
            zorder=4,
            gid=f"cell:{journey.name(c)}",
            bbox={"boxstyle": "round,pad=0.05", "fc": "black", "ec": "none", "alpha": 0.5},
        )
    mx, my = _xy(state, state.matriarch)
    ax.add_patch(Circle((mx + 0.5, my + 0.5), 0.4, fc=MATRIARCH, zorder=3))
    _say(
        ax,
        mx + 0.5,
        my + 0.5,
        "M",
        **MID,
        fontsize=SMALL + 1,
        color="white",
        weight="bold",
        zorder=4,
        gid="matriarch",
    )


def _draw_lions(ax, state) -> None:
    journey = state.game.journey
    for i, area in enumerate(state.lions):
        left, bottom, right, _ = _area_box(journey, journey.areas[area])
        lying = state.lying[i]
        # at the bottom row (over the area's printed words, not the cells' names), the
        # lion above the lioness when both share an area
        half = 0.48 if lying else 0.28
        y = bottom + 0.04 + half + (1.0 if i == 1 and state.lions[0] == state.lions[1] else 0)
        ax.add_patch(
            FancyBboxPatch(
                (left + 0.15, y - half),
                right - left - 0.3,
                2 * half,
                boxstyle="round,pad=0.02",
                fc="white" if lying else LION_FILL,
                ec=LION_EDGE,
                lw=1.4,
                ls="--" if lying else "-",
                alpha=0.9,
                zorder=5,
            )
        )
        _say(
            ax,
            (left + right) / 2,
            y,
            LIONS[i] + ("\nlying" if lying else ""),
            **MID,
            zorder=6,
            weight="bold",
            linespacing=0.95,
            gid=f"lion:{i}",
            color=LION_EDGE if lying else "black",
        )


def _draw_panel(ax, state, viewer, reveal) -> None:
    game = state.game
    rows = _panel_rows(state)
    y = rows["team"]
    _say(
        ax,
        -0.9,
        y,
        f"energy {state.energy}/{game.params.energy_max}",
        fontsize=SMALL + 1,
        va="center",
        weight="bold",
        gid="energy",
    )
    _say(ax, 4.2, y, f"deck {len(state.deck)}", fontsize=SMALL + 1, va="center", gid="deck")
    up = " ".join(t for t, s in zip(("G", "Y", "R", "B"), state.stands, strict=True) if s)
    _say(
        ax, 7.5, y, f"tree stands up: {up or 'none'}", fontsize=SMALL + 1, va="center", gid="stands"
    )
    y = rows["tokens"]
    _say(
        ax,
        -0.9,
        y,
        f"tokens {state.tokens}",
        fontsize=SMALL + 1,
        va="center",
        weight="bold",
        gid="tokens",
    )
    short = {"A": "+1 energy", "B": "+2 rested", "C": "turn a card", "D": "1 elephant"}
    for i, token in enumerate("ABCD"):
        _say(
            ax,
            _token_x(i),
            y,
            f"{token}: {short[token]}",
            va="center",
            color="black" if state.tokens else "#777777",
            gid=f"token:{token}",
        )
    for p in range(game.num_players):
        y = rows[f"player:{p}"]
        seat = SEAT_WORDS[SEATS[game.seat_turns[p]]]
        if reveal or viewer == p or game.params.open_hands:
            cards = "hand: " + ", ".join(_hand_names(state, p))
        else:
            backs = " ".join(DECKS[game.backs[c]] for c in sorted(state.hands[p]))
            cards = f"{len(state.hands[p])} cards" + (f" (backs {backs})" if backs else "")
        _say(
            ax,
            -0.9,
            y,
            f"player {p} ({seat}): {state.rested[p]} rested, {state.tired[p]} tired, "
            f"{state.on_savanna[p]} out, {state.box[p]} lost",
            fontsize=SMALL + 1,
            va="center",
            color=player_text_colour(p),
            weight="bold" if p == state.current_player else "normal",
            gid=f"player:{p}",
        )
        _say(ax, 11.6, y, cards, va="center", gid=f"hand:{p}")
    if _shows_hand(state, viewer):
        top = rows["hand"]
        q = game.seat_turns[viewer]
        _say(
            ax,
            -0.9,
            top,
            f"your hand (player {viewer}, seated {SEAT_WORDS[SEATS[q]]}), "
            "each card as it lands on the savanna:",
            va="center",
            gid="hand-title",
        )
        for i, name in enumerate(_hand_names(state, viewer)):
            _card_picture(ax, game, name, _card_x(i), top - 0.35 - CARD_H, q)


# -- cards --------------------------------------------------------------------------------
def _card_picture(ax, game, name: str, x: float, y: float, quarters: int, size: float = 1.0):
    """One card in a box of ``CARD_W × CARD_H`` (times ``size``) at ``(x, y)`` (bottom left):
    a savanna card's name, deck, rotation symbol, 2×2 terrain and footprint pattern, turned
    ``quarters`` clockwise (its arrow then points that way); a Lion or Matriarch card's text."""
    w, h, card = CARD_W * size, CARD_H * size, game.card_ids[name]
    box = "round,pad=0,rounding_size=0.15"
    ax.add_patch(FancyBboxPatch((x, y), w, h, boxstyle=box, fc="white", ec="black", zorder=2))
    ink = {"fontsize": SMALL * max(1.0, size * 0.9), "zorder": 3}
    if card >= game.savanna_count:
        lion = card < game.lion_ids.stop
        title, words = ("Lion card", LION_WORDS) if lion else ("Matriarch card", MATRIARCH_WORDS)
        colour = LION_EDGE if lion else MATRIARCH
        _say(ax, x + w / 2, y + h - 0.12 * size, title, **TOP, **ink, weight="bold", color=colour)
        small = {**ink, "fontsize": ink["fontsize"] * 0.85}
        _say(ax, x + w / 2, y + h - 0.6 * size, words, **TOP, **small, linespacing=1.1)
        return
    info, top = game.cards[card], y + h - 0.1 * size
    _say(ax, x + 0.12 * size, top, name, va="top", weight="bold", gid=f"card-name:{name}", **ink)
    mark = ARROWS[quarters % 4] + (" ↻" if info.rotate else "")
    _say(ax, x + w - 0.12 * size, top, mark, va="top", ha="right", gid=f"card-arrow:{name}", **ink)
    # terrain: the 2x2 cells the card covers when built
    side = 0.8 * size
    tx, ty = x + w / 2 - side, y + h - 0.55 * size - 2 * side
    for k, t in enumerate(turn_terrain(info.terrain, quarters)):
        cx, cy = tx + k % 2 * side, ty + (1 - k // 2) * side
        fill = {"fc": TERRAIN_FILL[t], "hatch": TERRAIN_HATCH.get(t)}
        ax.add_patch(Rectangle((cx, cy), side, side, ec="#8a7a55", lw=0.5, zorder=3, **fill))
        if t in TREES:
            letter = {**ink, "zorder": 4, "color": "black" if t == "Y" else "white"}
            _say(ax, cx + side / 2, cy + side / 2, t, **MID, weight="bold", **letter)
    # footprint pattern: the elephants it places, the first footprint in black
    offsets = turn_offsets(info.pattern, quarters)
    rows = max(r for r, _ in offsets) + 1
    lo, hi = min(c for _, c in offsets), max(c for _, c in offsets)
    step = min(0.42 * size, (w - 0.3 * size) / (hi - lo + 1), 1.0 * size / rows)
    px, py = x + w / 2 - step * (hi - lo + 1) / 2, ty - 0.15 * size
    for i, (r, c) in enumerate(offsets):
        u, v = px + (c - lo + 0.5) * step, py - (r + 0.5) * step
        fill = "#6b6b6b" if i else "black"
        ax.add_patch(Circle((u, v), step * 0.36, fc=fill, ec="black", lw=0.4, zorder=3))
    for dc in range(hi - lo + 1):
        for dr in range(rows):
            corner = (px + dc * step, py - (dr + 1) * step)
            ax.add_patch(Rectangle(corner, step, step, fill=False, ec="#ccc", lw=0.4, zorder=2.5))


#: What the Lion and Matriarch cards do, in lines that fit a card.
LION_WORDS = (
    "the lions wake:\nthe lioness, then\nthe lion, move one\narea toward the\nnearest "
    "elephants\nand chase them\noff to the box"
)
MATRIARCH_WORDS = (
    "she moves onto\nthe furthest\nelephant and\ngathers the herd:\nall come back\ntired; energy −2"
)


def draw_card(card, ax: Axes | None = None, *, seat: int | None = None, game=None) -> Figure:
    """One card of Tembo drawn with its words: a savanna card (``"I-03"``) with its name,
    deck, terrain, footprint pattern and rotation symbol — as printed (arrow up), or turned
    as it lands on the savanna from ``seat`` (the game's seat directions) — or a Lion or
    Matriarch card (``"lion 1"``, ``"matriarch 1"``) with what it does."""
    if game is None:
        import boardlab

        game = boardlab.load("tembo")
    if card not in game.card_ids:
        raise ValueError(f"Tembo has no card {card!r} (e.g. 'I-03', 'lion 1', 'matriarch 1')")
    quarters = 0 if seat is None else game.seat_turns[seat]
    fig, ax = board_axes(
        (-0.1, CARD_W * 1.6 + 1.6), (-0.9, CARD_H * 1.6 + 0.1), ax, unit=0.5, top=0.1, bottom=0.1
    )
    _card_picture(ax, game, card, 0, 0, quarters, size=1.6)
    if card in game.card_ids and game.card_ids[card] < game.savanna_count:
        info = game.cards[game.card_ids[card]]
        where = (
            "as printed"
            if seat is None
            else f"for player {seat}, seated " + SEAT_WORDS[SEATS[quarters]]
        )
        _say(ax, 0, -0.2, f"deck {DECKS[info.deck]}, {where}", va="top", gid="card-caption")
        _say(
            ax,
            0,
            -0.6,
            "rotation symbol ↻: may turn" if info.rotate else "no rotation symbol",
            va="top",
        )
    return fig


def gallery(game="tembo") -> Figure:
    """Every kind of card of Tembo drawn with its words: the savanna cards of decks I, II
    and III as printed (terrain, footprint pattern, rotation symbol), a Lion card, a
    Matriarch card, and the four support tokens."""
    if isinstance(game, str):
        import boardlab

        game = boardlab.load(game)
    per_row = 12
    savanna = [card.name for card in game.cards]
    rows = ceil(len(savanna) / per_row) + 1
    gap = 0.4
    width = per_row * (CARD_W + gap)
    height = (rows - 1) * (CARD_H + gap + 0.3) + CARD_H * 1.3 + 0.5
    fig, ax = board_axes((-0.2, width), (-height, 0.6), None, unit=0.36, top=0.45, bottom=0.1)
    for i, name in enumerate(savanna):
        r, k = divmod(i, per_row)
        _card_picture(ax, game, name, k * (CARD_W + gap), -(r + 1) * (CARD_H + gap + 0.3), 0)
    big = 1.3  # the event cards drawn larger: their words need the room
    y = -(rows - 1) * (CARD_H + gap + 0.3) - CARD_H * big
    events = [game.card_names[game.lion_ids.start]] if len(game.lion_ids) else []
    events += [game.card_names[game.matriarch_ids.start]] if len(game.matriarch_ids) else []
    x = 0.0
    for name in events:
        _card_picture(ax, game, name, x, y, 0, size=big)
        x += CARD_W * big + gap
    x += 0.4
    for i, token in enumerate("ABCD"):
        u, v = x + 0.5, y + CARD_H * big - 0.5 - i * 0.9
        ax.add_patch(Circle((u, v), 0.38, fc="#f3d36b", ec="black", lw=0.8))
        _say(ax, u, v, token, fontsize=SMALL + 1, **MID, weight="bold")
        _say(ax, u + 0.6, v, f"support token {token}: {TOKEN_WORDS[token]}", va="center")
    _say(ax, x, y + 0.2, "Spend any number before your action.", va="bottom")
    _say(
        ax,
        0,
        0.1,
        "Tembo's cards. Savanna cards as printed (arrow ↑ away from you): name, "
        "terrain (2×2), footprint pattern (the first footprint in black), ↻ may turn.",
        fontsize=SMALL + 1,
        va="bottom",
    )
    key = [(".", "open"), ("w", "water"), ("r", "rough")] + [
        (t, f"{t} {c} tree") for t, c in TREES.items()
    ]
    for k, (t, words) in enumerate(key):  # two columns of four
        u, v = x + 14.0 + 4.5 * (k // 4), y + CARD_H * big - 0.5 - (k % 4) * 0.9
        ax.add_patch(
            Rectangle(
                (u, v - 0.3), 0.6, 0.6, fc=TERRAIN_FILL[t], hatch=TERRAIN_HATCH.get(t), ec="#8a7a55"
            )
        )
        _say(ax, u + 0.8, v, words, va="center")
    return fig


def to_png(state, viewer: int | None = None, *, reveal: bool = False, dpi: float = 80) -> bytes:
    return board_png(draw, state, viewer, reveal=reveal, dpi=dpi)


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
    """The area graph laid out on the journey (each area at its centre, the bands as drawn)."""
    g = graph(state, viewer, reveal=reveal)
    journey = state.game.journey
    fig, ax = new_axes(ax, figsize=(9, 4.2))
    where = {}
    for i, area in enumerate(journey.areas):
        left, bottom, right, top = _area_box(journey, area)
        where[i] = ((left + right) / 2, (bottom + top) / 2)
    colours = [
        LION_FILL if g.nodes[i]["lions"] else "#b48fd6" if area.kind == "landmark" else "#f1e4b8"
        for i, area in enumerate(journey.areas)
    ]
    nx.draw_networkx(
        g,
        where,
        ax=ax,
        node_color=colours,
        node_size=320,
        font_size=SMALL,
        labels={i: a.name for i, a in enumerate(journey.areas)},
    )
    ax.set_axis_off()
    ax.set_title(
        "the area graph (lions move along it; orange: a lion, purple: a landmark)", fontsize=10
    )
    return fig
