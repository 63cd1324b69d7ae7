"""Kombo Afrika drawn: the 5×5 board, the players' counters, the viewer's hand as cards,
single cards and a gallery of every animal, and the colour graph of combos.

``draw`` shows the board as a player sees it: active cards in their colour
(a colour-blind-safe palette, and the colour's mark printed on every card:
"R", "Y", "G", "Bl", "P", "Br"; colour is never the only sign), the animal
and its points; hidden cards face down (``reveal`` shows them faded, a "god
view" for teaching: nobody at the table remembers them); the draw deck on the centre cell with its
size; free cells where a card may go are dotted. Every cell writes its name
("b3"), as the moves name it. Beside the board a panel per player shows the
points on their counters and how many cards they hold; under the board the
viewer's own hand is drawn as cards (a spectator sees none). The layout is
the same for every viewer, so a click is read on the very board drawn.

``places`` lists every named place of that picture (the cells, the viewer's
hand cards) with its box, named as the game's ``choice_path`` labels name
them; ``locate`` (a click of ``PlayPanel``) and ``click_example`` read it.
``draw_card`` draws one card large with its effect in words; ``gallery``
every animal of the game and the colours.

``graph`` gives the active cards as a ``networkx.Graph`` with an edge
between side-adjacent cards of one colour (a CHAO's edges are wildcard
edges); hidden cards join it, without edges, only with ``reveal``.
``draw_graph`` highlights every claimable combo with its score. (The tests
find the combos with networkx's connected components on this graph and check
the engine's bit-mask search agrees.)

Sizes: the play panel shows a board at most 576 × 468 px on a 1366 × 768
screen with JupyterLab's file browser open, so the board is drawn near that
size at the renderer's 80 dpi and no text is under 9.5 pt (about 10 px as
displayed). Text artists carry a ``gid`` (``cell:b3``, ``hand:0``,
``panel:1``, ``card``) so a test can ask what a figure shows.
"""

from __future__ import annotations

import textwrap

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
    contrast_ratio,
    legend_below,
    place_at,
    player_colour,
    player_text_colour,
    release,
)

from . import actions
from .components import ANIMALS, CELLS, COLUMNS, DECK_CELL, EFFECTS, SIZE, Face, cell_name

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


CHAO_FILL = "#ffffff"
CHAO_EDGE = "#aa3377"
BACK = "#3d5a3c"
FREE_EDGE = "#8a8a8a"
#: A free cell where a card may go now (dotted); ``NAME_STYLE``: a cell's name on an empty cell.
FREE_STYLE = {"fill": False, "edgecolor": FREE_EDGE, "ls": ":", "lw": 1.2, "zorder": 1}
CELL_FILL, CELL_EDGE = "#f4efe1", "#d8cfb8"
#: Inches per cell: the board, its panels and the hand row come to about 590 × 490 px at
#: the renderer's 80 dpi, the size the play panel shows.
UNIT = 0.8
#: Font sizes (points): nothing smaller than ``SMALL`` (about 10 px as the play panel
#: shows the board).
BIG, TEXT, SMALL = 11.0, 10.5, 9.5
NAME_STYLE = {"fontsize": SMALL, "color": "#6b6b6b", "ha": "center", "va": "center", "zorder": 1}
#: A card on the board and in the hand: its side, in cells.
CARD = 0.9
#: The players' panels beside the board: where they start, their width and height.
PANEL_X, PANEL_WIDTH, PANEL_HEIGHT, PANEL_GAP = SIZE + 0.35, 3.45, 1.12, 0.14
#: The hand row under the board: the cards' bottom, and the caption's height above them.
HAND_Y, HAND_CAPTION = -1.42, -0.2
#: The picture's extent in data units.
XLIM, YLIM = (-0.4, PANEL_X + PANEL_WIDTH + 0.05), (HAND_Y - 0.08, SIZE + 0.4)


def colour_fill(colour: str) -> str:
    """The fill of a card colour (CHAO: white with a pink rim); a deck file names only the
    six colours of ``PALETTE`` (``components.COLOURS``)."""
    return PALETTE[colour] if colour else CHAO_FILL


def ink(colour: str) -> str:
    """Black or white, whichever reads better on the card's fill (WCAG contrast)."""
    fill = colour_fill(colour)
    return "black" if contrast_ratio(fill, "#000000") >= contrast_ratio(fill) else "white"


def _xy(cell: int) -> tuple[float, float]:
    """Lower-left corner of a cell: row 1 at the top."""
    return float(cell % SIZE), float(SIZE - 1 - cell // SIZE)


def _cell_box(cell: int) -> tuple[float, float, float, float]:
    u, v = _xy(cell)
    return u, v, u + 1, v + 1


def _hand_x(i: int, k: int) -> tuple[float, float]:
    """Left edge and width of the ``i``-th of ``k`` hand cards in the row under the board."""
    room = XLIM[1] - 0.1
    step = min(1.0, room / max(k, 1))
    return i * step, min(CARD, step - 0.08)


def _face(ax: Axes, x: float, y: float, w: float, h: float, face: Face, **look) -> None:
    """One card face: its colour, the colour's mark (top left), its points (top right),
    the animal (middle) and ``bottom`` (the cell's name on the board, the colour's word in
    a hand). ``look``: ``bottom``, ``alpha``, ``gid``, and ``size``, which scales the words
    (a card drawn large)."""
    bottom, alpha, gid = look.get("bottom", ""), look.get("alpha", 1.0), look.get("gid")
    size = look.get("size", 1.0)
    colour = face.colour
    card = FancyBboxPatch(
        (x, y),
        w,
        h,
        boxstyle=f"round,pad=0,rounding_size={0.08 * size}",
        facecolor=colour_fill(colour),
        edgecolor="black" if colour else CHAO_EDGE,
        lw=1.0 if colour else 2.2,
        alpha=alpha,
        zorder=2,
    )
    card.set_gid(gid)
    ax.add_artist(card)
    words = (
        (0.07, 0.8, colour_mark(colour), TEXT, "left", "bold"),
        (0.93, 0.8, str(face.points), TEXT, "right", "bold"),
        (0.5, 0.48, face.animal, TEXT, "center", "bold"),
        (0.5, 0.15, bottom, SMALL, "center", "normal"),
    )
    common = {"color": ink(colour), "va": "center", "alpha": alpha, "zorder": 3, "gid": gid}
    for dx, dy, text, points, ha, weight in words:
        if text:
            ax.text(x + dx * w, y + dy * h, text, fontsize=points * size, ha=ha, weight=weight,
                    **common)  # fmt: skip


def _back(ax: Axes, x: float, y: float, w: float, h: float, text: str = "", gid=None) -> None:
    """A card face down (hatched), with ``text`` on it (the cell's name, the deck's size)."""
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
            fontsize=SMALL,
            color="white",
            weight="bold",
            ha="center",
            va="center",
            zorder=4,
            gid=gid,
            bbox={"boxstyle": "round,pad=0.15", "fc": BACK, "ec": "none"},
        )


def draw(
    state, ax: Axes | None = None, *, viewer: int | None = None, reveal: bool = False
) -> Figure:
    """Draw ``state`` as ``viewer`` sees it (``None``: a spectator); ``reveal`` shows all
    (hidden cards faded, and for a spectator the hand of the player to move)."""
    game = state.game
    fig, ax, _ = _axes(state, ax)
    free = state.free_cells() if state.phase_name == "main" else 0
    for cell in range(CELLS):
        _cell(ax, state, cell, free, reveal)
    if state.phase_name == "effect":  # the card whose effect is being decided
        _outline(ax, state.effect_cell, "effect")
    for cell in state.observation(None)["claim"]:  # a combo chosen card by card (variant)
        _outline(ax, COLUMNS.index(cell[0]) + SIZE * (int(cell[1]) - 1), "combo")
    for i in range(SIZE):
        ax.text(
            i + 0.5, SIZE + 0.05, COLUMNS[i], ha="center", va="bottom", fontsize=TEXT, weight="bold"
        )
        ax.text(
            -0.08, SIZE - 0.5 - i, str(i + 1), ha="right", va="center", fontsize=TEXT, weight="bold"
        )
    for p in range(game.num_players):
        _panel(ax, state, p, viewer)
    _hand(ax, state, _hand_owner(state, viewer, reveal), yours=viewer is not None)
    ax.set_title(_title(state, viewer, reveal), fontsize=BIG, loc="left", x=0.0)
    return fig


def _cell(ax: Axes, state, cell: int, free: int, reveal: bool) -> None:
    """One cell of the board: the deck, a card (face up or down), or its free place."""
    x, y = _xy(cell)
    name = cell_name(cell)
    gid = f"cell:{name}"
    ax.add_artist(
        Rectangle((x, y), 1, 1, facecolor=CELL_FILL, edgecolor=CELL_EDGE, lw=0.8, zorder=0)
    )
    m = (1 - CARD) / 2
    if cell == DECK_CELL:
        _back(ax, x + m, y + m, CARD, CARD, f"deck\n{len(state.deck)}", gid=gid)
        return
    face = state.board[cell]
    if face < 0:
        if free >> cell & 1:  # dotted: a card may go here now
            ax.add_artist(Rectangle((x + 0.1, y + 0.1), 0.8, 0.8, **FREE_STYLE))
        ax.text(x + 0.5, y + 0.5, name, gid=gid, **NAME_STYLE)
        return
    if state.is_hidden(cell):
        _back(ax, x + m, y + m, CARD, CARD, "" if reveal else name, gid=gid)
        if reveal:
            look = {"alpha": 0.6, "bottom": name, "gid": gid, "size": 0.95}
            _face(ax, x + 0.16, y + 0.16, 0.68, 0.68, state.game.faces[face], **look)
    else:
        _face(ax, x + m, y + m, CARD, CARD, state.game.faces[face], bottom=name, gid=gid)


def _outline(ax: Axes, cell: int, why: str) -> None:
    """A thick outline around a cell: the card whose effect is decided, or a combo's card."""
    x, y = _xy(cell)
    style = {"fill": False, "edgecolor": "black", "lw": 3.0, "zorder": 5, "gid": why}
    ls = "-" if why == "effect" else "--"
    ax.add_artist(Rectangle((x + 0.02, y + 0.02), 0.96, 0.96, ls=ls, **style))


def _axes(state, ax: Axes | None = None) -> tuple[Figure, Axes, float]:
    """The board's axes (the 5×5 grid, the players' panels on its right, the hand row
    under it) and the top of the grid; the same for every viewer."""
    fig, ax = board_axes(XLIM, YLIM, ax, unit=UNIT, top=0.62, bottom=0.06)
    return fig, ax, float(SIZE)


def _panel_bottom(p: int) -> float:
    return SIZE - (p + 1) * PANEL_HEIGHT - p * PANEL_GAP


def _panel(ax: Axes, state, p: int, viewer) -> None:
    """Player ``p``'s panel: the points on their counters, their hand's size, their last
    turn's points, and whether they are to play (a thick rim and the words)."""
    y0 = _panel_bottom(p)
    current = p == state.current_player
    ax.add_artist(
        FancyBboxPatch(
            (PANEL_X, y0),
            PANEL_WIDTH,
            PANEL_HEIGHT,
            boxstyle="round,pad=0,rounding_size=0.1",
            facecolor="#fbf8f0",
            edgecolor=player_colour(p),
            lw=3.2 if current else 1.2,
            zorder=0,
        )
    )
    you = " (you)" if viewer == p else ""
    lines = [
        (f"player {p}{you}: {state.scores[p]} points", TEXT, "bold", player_text_colour(p)),
        (
            f"{len(state.hands[p])} cards in hand"
            + (
                f" · last turn +{state.last_points[p]}"
                if state.turn >= state.game.num_players or state.last_points[p]
                else ""
            ),
            SMALL,
            "normal",
            "#333333",
        ),
    ]
    if current:
        lines.append(("▶ to play", SMALL, "bold", player_text_colour(p)))
    for i, (text, size, weight, colour) in enumerate(lines):
        ax.text(
            PANEL_X + 0.12,
            y0 + PANEL_HEIGHT - 0.2 - 0.33 * i,
            text,
            fontsize=size,
            weight=weight,
            color=colour,
            va="center",
            gid=f"panel:{p}",
        )


def _hand_owner(state, viewer, reveal: bool) -> int | None:
    """Whose hand the row under the board shows: the viewer's; with ``reveal``, for a
    spectator, the player to move's; else nobody's."""
    if viewer is not None:
        return viewer
    return state.current_player if reveal else None


def _hand_cards(state, p: int) -> list[int]:
    return sorted(state.hands[p])


def _hand(ax: Axes, state, p: int | None, *, yours: bool) -> None:
    """The row under the board: ``p``'s hand as card pictures (names as the moves say
    them), or a word on whose hands are hidden."""
    if p is None:
        ax.text(
            0,
            HAND_CAPTION,
            "Each hand is hidden: a player sees their own cards here.",
            fontsize=SMALL,
            va="center",
            color="#444444",
            gid="hand",
        )
        return
    hand = _hand_cards(state, p)
    whose = f"your hand (player {p})" if yours else f"player {p}'s hand"
    ax.text(
        0,
        HAND_CAPTION,
        f"{whose}: {len(hand)} cards" if hand else f"{whose} is empty",
        fontsize=SMALL,
        va="center",
        weight="bold",
        color=player_text_colour(p),
        gid=f"hand:{p}",
    )
    faces = state.game.faces
    for i, f in enumerate(hand):
        x, w = _hand_x(i, len(hand))
        _face(ax, x, HAND_Y, w, CARD, faces[f], bottom=faces[f].colour or "wild", gid=f"hand:{p}")


def _title(state, viewer, reveal: bool) -> str:
    seen = (
        "hidden cards shown faded"
        if reveal
        else ("spectator's view" if viewer is None else f"as player {viewer} sees it")
    )
    game = state.game
    head = f"Kombo Afrika — {seen} · target {game.target} points"
    if state.outcome is not None:
        o = state.outcome
        names = " and ".join(f"player {w}" for w in o.winners)
        status = "Game over" if o.status == "finished" else "Game cut short (turn cap)"
        return f"{head}\n{status}: {names} {'wins' if len(o.winners) == 1 else 'share the win'}"
    what = {
        "mulligan": "keeps or swaps the hand",
        "main": "places, claims or ends the turn",
        "effect": "decides the outlined card's effect",
        "claim": "chooses a combo's cards",
    }[state.phase_name]
    last = " · last round" if state.final_turn >= 0 else ""
    return (
        f"{head}\nturn {state.turn + 1}{last} · player {state.current_player} {what} · "
        f"discard {len(state.discard)}"
    )


def to_png(state, viewer: int | None = None, *, reveal: bool = False, dpi: float = 80) -> bytes:
    """The board as PNG bytes (``State._repr_png_``, ``Image`` widgets)."""
    return board_png(draw, state, viewer, reveal=reveal, dpi=dpi)


# -- the named places ------------------------------------------------------------------------
def places(state, viewer: int | None = None) -> list[Place]:
    """Every named place of ``draw(state, viewer=viewer)``, its box in the data coordinates
    of the figure's first axes, named as ``choice_path``'s labels name them: the cells
    ("cell b3"; the deck's cell is no place a move is about) and the cards of
    ``viewer``'s hand by their label ("red SURI 3"), drawn in the row under the board."""
    out: list[Place] = [
        (f"cell {cell_name(c)}", _cell_box(c)) for c in range(CELLS) if c != DECK_CELL
    ]
    if viewer is not None:
        hand = _hand_cards(state, viewer)
        for i, f in enumerate(hand):
            x, w = _hand_x(i, len(hand))
            out.append((state.game.labels[f], (x, HAND_Y, x + w, HAND_Y + CARD)))
    return out


def click_axes(state, viewer: int | None = None) -> tuple[Figure, Axes]:
    """The figure and axes ``locate`` reads clicks in, nothing drawn (``render.clicks``)."""
    fig, ax, _ = _axes(state)
    return fig, ax


def locate(state, x: float, y: float, viewer: int | None = None) -> str | None:
    """The place under pixel ``(x, y)`` of ``to_png(state, viewer)`` (default dpi, y down),
    as ``places`` names it, or ``None``; so ``PlayPanel`` keeps the moves about that
    place. Nothing is drawn."""
    fig, ax, _ = _axes(state)
    try:
        point = board_point(fig, x, y, ax)
    finally:
        release(fig)
    return place_at(point, places(state, viewer))


def click_example(state, viewer: int = 0):
    """The click test's place (``boardlab/games/README.md``): the cell of the first
    placement on offer, with its box as ``places`` lists it (The Player's Turn); before
    any placement is legal, a move to play first (keep the hand)."""
    legal = state.legal_actions()
    place = next((a for a in legal if isinstance(a, actions.Place)), None)
    if place is None:
        return next((a for a in legal if isinstance(a, actions.KeepHand)), legal[0])
    name = f"cell {cell_name(place.cell)}"
    return next(p for p in places(state, viewer) if p[0] == name)


#: ``tests/test_render.py``'s busy board: 4 players, 12 random moves in (cards laid).
CONTRAST_SCENE = {"params": {"players": 4}, "steps": 12, "player_words": True}


# -- single cards and the gallery --------------------------------------------------------------
def _face_of(card, game) -> Face:
    """A card given as a ``Face``, a label ("red SURI 3", "CHAO") or a face index."""
    if isinstance(card, Face):
        return card
    if isinstance(card, int) and not isinstance(card, bool) and 0 <= card < len(game.faces):
        return game.faces[card]
    if isinstance(card, str) and card in game.label_index:
        return game.faces[game.label_index[card]]
    raise ValueError(
        f"Kombo Afrika has no card {card!r}: name one as the game does, e.g. "
        f"{game.labels[0]!r} or 'CHAO'"
    )


#: Each animal's skill as the rulebook titles it (Card Effects).
SKILLS = {
    "SURI": "Gain a Card",
    "HYPNO": "Swap a Card",
    "PAPO": "Gain Extra Points",
    "CROC": "Drown 2 Cards",
    "VULT": "Revive a Card",
    "GIFFE": "Shift a Card",
    "KONG": "Redraw your Hand",
    "CHAO": "Mimic Color",
}


def _big_card(ax: Axes, x: float, y: float, face: Face, gid: str = "card") -> None:
    """A card drawn large (2 × 2.1 cells): colour mark and points, the animal, the colour
    in words; under it the animal's skill and its effect in words."""
    w, h = 2.0, 2.1
    _face(ax, x, y, w, h, face, bottom=face.colour or "any colour", gid=gid, size=1.35)
    ax.text(
        x + w / 2,
        y - 0.15,
        SKILLS.get(face.animal, ""),
        fontsize=TEXT,
        weight="bold",
        ha="center",
        va="top",
        gid=gid,
    )
    effect = textwrap.fill(EFFECTS.get(face.animal, ""), 20)
    ax.text(
        x + w / 2, y - 0.6, effect, fontsize=SMALL, ha="center", va="top", gid=gid, linespacing=1.15
    )


def draw_card(card, ax: Axes | None = None, *, seat: int | None = None, game=None) -> Figure:
    """One card of Kombo Afrika drawn large with its words: its colour (the mark and the
    word), its points, its animal and the animal's effect. ``card`` is a label as the
    moves name it ("red SURI 3", "CHAO"), a ``Face`` or a face index of ``game`` (the
    default deck when None). Every seat sees a card alike: ``seat`` changes nothing."""
    if game is None:
        import boardlab

        game = boardlab.load("kombo_afrika")
    face = _face_of(card, game)
    fig, ax = board_axes((-0.45, 2.45), (-1.9, 2.2), ax, unit=0.62, top=0.1, bottom=0.05)
    _big_card(ax, 0, 0, face)
    return fig


def gallery(game="kombo_afrika") -> Figure:
    """Every kind of card of Kombo Afrika drawn with its words: one card of each animal
    (in turn through the colours) with its points and effect, then the colours in play
    with their marks and the deck's make-up."""
    if isinstance(game, str):
        import boardlab

        game = boardlab.load(game)
    in_play = [game.faces[f] for f in dict.fromkeys(game.cards)]  # the deck's faces in play
    animals = [a for a in ANIMALS if any(f.animal == a for f in in_play)]
    colours = _colours_in_play(game)
    shown = []
    for i, animal in enumerate(animals):
        faces = [f for f in in_play if f.animal == animal]
        want = colours[i % len(colours)] if colours else ""
        shown.append(next((f for f in faces if f.colour == want), faces[0]))
    per_row = 4
    rows = -(-len(shown) // per_row)
    step_x, step_y = 2.9, 4.25
    height = rows * step_y + 1.0
    fig, ax = board_axes(
        (-0.45, per_row * step_x - 0.45), (-height, 0.1), None, unit=0.55, top=0.95, bottom=0.05
    )
    for i, face in enumerate(shown):
        r, k = divmod(i, per_row)
        _big_card(ax, k * step_x, -r * step_y - 2.2, face, gid=f"gallery:{face.animal}")
    y = -rows * step_y - 0.45
    for i, colour in enumerate(colours):
        x = i * 1.8
        ax.add_artist(
            FancyBboxPatch(
                (x, y - 0.35),
                0.55,
                0.7,
                boxstyle="round,pad=0,rounding_size=0.06",
                facecolor=colour_fill(colour),
                edgecolor="black",
                lw=1.0,
            )
        )
        ax.text(
            x + 0.275,
            y,
            colour_mark(colour),
            fontsize=TEXT,
            weight="bold",
            color=ink(colour),
            ha="center",
            va="center",
        )
        ax.text(x + 0.62, y, colour, fontsize=SMALL, va="center")
    ax.set_title(_deck_words(game), fontsize=BIG, loc="left", x=0.0)
    return fig


def _colours_in_play(game) -> list[str]:
    """The colours of the cards in play, in the game's order (``colours`` may leave some of
    the deck file's out)."""
    used = {game.faces[c].colour for c in game.cards}
    return [c for c in game.colour_names if c in used]


def _deck_words(game) -> str:
    """The deck in play in words: how many cards, animals, colours and CHAOs."""
    cards = [game.faces[c] for c in game.cards]
    chaos = sum(1 for f in cards if not f.colour)
    animals = len({f.animal for f in cards if f.colour})
    colours = len(_colours_in_play(game))
    return (
        f"The {len(cards)} cards in play: {animals} animals in each of {colours} colours\n"
        f"and {chaos} CHAO{'' if chaos == 1 else 's'} (wildcards, no colour of their own).\n"
        "On a card: its colour's mark top left, its points top right."
    )


# -- the colour graph -----------------------------------------------------------------------
def graph(state, viewer: int | None = None, *, reveal: bool = False) -> nx.Graph:
    """Active cards as nodes (cell names), edges between side-adjacent cards of one colour.

    Node attributes: ``card`` (label), ``colour`` ("" for CHAO), ``points``,
    ``cell`` (index), ``pos`` (grid position) and ``face_up``. A CHAO is joined
    to every side-adjacent active card with ``kind="wild"``; same-colour edges
    have ``kind="colour"``. Hidden cards take no part in combos (Combos and
    Scoring) and nobody may see their faces, whoever ``viewer`` is (a design decision:
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
        fontsize=TEXT,
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
        fontsize=SMALL,
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
            fontsize=TEXT,
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
            node_size=900,
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
            fontsize=TEXT,
            ha="center",
            va="center",
            color=ink(node["colour"]),
            weight="bold",
            alpha=None if node["face_up"] else 0.5,
        )
    return colour_edges


def _cell_names(ax: Axes) -> None:
    """Each cell's name in its lower right corner."""
    for cell in range(CELLS):
        x, y = _xy(cell)
        ax.text(
            x + 0.97,
            y + 0.03,
            cell_name(cell),
            fontsize=SMALL,
            ha="right",
            va="bottom",
            color="#666666",
        )


__all__ = [
    "click_example",
    "draw",
    "draw_card",
    "draw_graph",
    "gallery",
    "graph",
    "locate",
    "places",
    "to_png",
]
