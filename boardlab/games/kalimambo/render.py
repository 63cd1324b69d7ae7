"""Kalimambo drawn: the loop, the dung heaps, Mambo, Kali, the explorers and the cards.

``draw`` shows the path around the board as a ring of ``track_length`` spaces
(space 0 at the top, clockwise), every space numbered; the dung heaps brown and
hatched; Mambo the rhino ("M", grey), Kali ("K", black) and each explorer in its
player's colour with its number, so no figure is told by colour alone. Beside the
ring: the key and the viewer's own hand, drawn as cards. Under it a table, a row
per explorer and one for Kali: the space, the penalty points, the card of the
last round (face up once the round is resolved, or a back marked "?" for a choice
still secret) and the cards not yet revealed (public: everybody saw the cards
played).

``places`` lists every named place of that picture with its box, in the data
coordinates of the board's axes: the ring's spaces ("space 16", as the narration
names them) and the cards of the viewer's hand ("card 7", as the move "play card
7" names it). ``locate`` (a click of ``PlayPanel``) and ``click_example`` read it;
a guided game marks the places of a lesson on it (``boardlab.render.highlight_places``).
``draw_card`` draws one movement card large, ``gallery`` every kind of card.

Sizes: the play panel shows a board at most about 576 px wide on a 1366 × 768
screen with JupyterLab's file browser open, so the board is drawn 7.2 inches wide
(576 px at the renderer's 80 dpi; one data unit is one inch) and no text is under
``SMALL`` = 9.5 pt (about 10.5 px as shown). Text artists carry a ``gid``
(``figure``, ``space``, ``points``, ``card``, ``back``, ``left:<figure>``,
``hand``) so a test can ask what a figure shows.

``race_line`` draws the positions over the rounds (a "race line" per figure,
Mambo dashed) and ``penalty_table`` gives the penalty points after each round as a
DataFrame, both from ``rounds_table``. ``graph`` gives the loop as a ``networkx``
cycle graph.

Positions are on an unbounded line (the rules count on it, and a figure a lap
ahead is simply further on); the ring shows ``position % track_length``. Only
public fields are read unless ``viewer`` may know a pick or ``reveal`` is set;
nothing here changes a state.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import pairwise
from math import ceil, cos, pi, sin

import networkx as nx
from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.patches import Circle, FancyBboxPatch

from boardlab.render import (
    Place,
    background,
    board_axes,
    board_png,
    board_point,
    contrast_ratio,
    new_axes,
    place_at,
    player_colour,
    release,
)

from .components import figure_name

#: Colours: the path, the dung, Mambo, Kali (Kali's deck is black in the box), the cards.
PATH_FILL, PATH_EDGE = "#efe3c2", "#a58d5a"
DUNG_FILL, DUNG_EDGE = "#7a4a1d", "#d9b98c"
MAMBO_COLOUR = "#8d8d8d"
KALI_COLOUR = "#111111"
CARD_FACE, CARD_BACK = "#fffdf5", "#3d5a6c"
INK = "#222222"
#: The explorers' colours in words, player 0 first (``player_colour``), and Kali's deck:
#: each card writes its colour's letter, so colour is never the only sign of its owner.
COLOUR_NAMES = ("blue", "orange", "green", "purple", "vermillion", "sky blue", "yellow")
KALI_COLOUR_NAME = "black"

#: Font sizes (points): nothing smaller than ``SMALL`` (about 10.5 px as the play panel
#: shows the board, which it draws ``WIDTH`` inches wide at 80 dpi).
SMALL, TEXT, BIG, CARD_NUMBER = 9.5, 10.0, 12.0, 15.0
#: The board's width in inches (data units): 576 px at 80 dpi.
WIDTH = 7.2
#: The ring: the nominal room of one space along it, the least radius, and where the
#: space numbers are written outside it (inches).
SPACE_ARC, MIN_RADIUS, LABEL_GAP = 0.255, 1.3, 0.25
#: The table under the ring: a row's height, and where its columns are (x, inches).
ROW = 0.34
NAME_X, SPACE_X, POINTS_X, CARD_X, LEFT_X, LEFT_STEP = 0.32, 1.72, 2.42, 3.0, 3.42, 0.31
#: A card of the hand: width, height, and the step from one to the next (inches).
HAND_W, HAND_H, HAND_STEP = 0.48, 0.64, 0.58


@dataclass(frozen=True)
class Layout:
    """Where everything goes, in inches from the bottom left: the same for every viewer
    of a game, so a click is read on the very board drawn (``places``)."""

    length: int
    figures: int  # the explorers and Kali: the table's rows
    radius: float  # the ring's spaces' centres
    space: float  # a space's radius
    centre: tuple[float, float]
    width: float
    height: float
    table_top: float  # the table's header row
    hand_left: float  # the hand's first card's left edge
    hand_top: float  # the top of the hand's first row of cards

    @classmethod
    def of(cls, game) -> Layout:
        length = game.length
        radius = max(MIN_RADIUS, length * SPACE_ARC / (2 * pi))
        space = min(0.12, 0.45 * 2 * pi * radius / length)
        ring = 2 * (radius + LABEL_GAP + 0.16)  # the ring with its numbers, across
        rows = game.num_players + 1
        table = (rows + 1) * ROW + 0.35  # the header, the rows and the note under them
        height = ceil((ring + 0.1 + table) * 20) / 20  # whole pixels at 80 dpi and at 160
        width = max(WIDTH, ring + 0.2 + 6 * HAND_STEP)
        centre = (0.08 + ring / 2, height - 0.05 - ring / 2)
        return cls(
            length=length,
            figures=rows,
            radius=radius,
            space=space,
            centre=centre,
            width=width,
            height=height,
            table_top=height - ring - 0.1 - ROW / 2,
            hand_left=ring + 0.2,
            hand_top=height - 1.45,
        )

    def ring_xy(self, space: int, radius: float | None = None) -> tuple[float, float]:
        """Where loop space ``space`` is drawn: space 0 at the top, then clockwise."""
        angle = pi / 2 - 2 * pi * space / self.length
        r = self.radius if radius is None else radius
        return self.centre[0] + r * cos(angle), self.centre[1] + r * sin(angle)

    def row_y(self, f: int) -> float:
        """The middle of figure ``f``'s row of the table (explorers, then Kali)."""
        return self.table_top - ROW * (f + 1)

    def hand_box(self, i: int) -> tuple[float, float, float, float]:
        """The box of the ``i``-th card of the hand: six cards a row."""
        left = self.hand_left + (i % 6) * HAND_STEP
        top = self.hand_top - (i // 6) * (HAND_H + 0.1)
        return left, top - HAND_H, left + HAND_W, top


#: The radius of the ring ``draw_graph`` draws the loop's graph on (its own figure).
GRAPH_RADIUS = 4.0


def ring_xy(space: int, length: int, radius: float = GRAPH_RADIUS) -> tuple[float, float]:
    """Where loop space ``space`` is drawn around (0, 0) (``draw_graph``)."""
    angle = pi / 2 - 2 * pi * space / length
    return radius * cos(angle), radius * sin(angle)


def draw(
    state, ax: Axes | None = None, *, viewer: int | None = None, reveal: bool = False
) -> Figure:
    """Draw ``state`` as ``viewer`` sees it (``None``: a spectator); ``reveal`` shows every
    secret pick. Returns the figure (a new pyplot-free one when ``ax`` is None)."""
    fig, ax, layout = _axes(state, ax)
    game, dung = state.game, tuple(state.dung_at)

    def printed(ax: Axes) -> None:  # the loop with its dung, the game's name and the key
        _draw_loop(ax, dung, layout)
        _draw_name(ax, game.title, layout)
        _draw_key(ax, layout, game.dung_penalty)

    background(ax, ("kalimambo", game.params, dung), printed)
    _draw_figures(ax, state, layout)
    _draw_status(ax, state, layout)
    _draw_hand(ax, state, layout, viewer)
    _draw_table(ax, state, layout, viewer, reveal)
    return fig


def _axes(state, ax: Axes | None = None) -> tuple[Figure, Axes, Layout]:
    """The board's axes, one data unit an inch, and its ``Layout``."""
    layout = Layout.of(state.game)
    fig, ax = board_axes(
        (0.0, layout.width), (0.0, layout.height), ax, unit=1.0, top=0.0, bottom=0.0
    )
    return fig, ax, layout


def _viewer_hand(state, viewer: int | None) -> list[int]:
    """The cards ``viewer`` may still choose: their hand (this round's choice is out)."""
    if viewer is None or not 0 <= viewer < state.game.num_players:
        return []
    return state.hand(viewer)


def places(state, viewer: int | None = None) -> list[Place]:
    """Every named place of ``draw(state, viewer=viewer)``, with its box (left, bottom,
    right, top) in the data coordinates of the figure's first axes: the ring's spaces
    ("space 16") and the cards of ``viewer``'s hand ("card 7", as "play card 7" names it).
    Nothing is drawn."""
    layout = Layout.of(state.game)
    out: list[Place] = []
    r = layout.space
    for s in range(layout.length):  # the space's circle and its number outside the ring
        (x, y), (u, v) = layout.ring_xy(s), layout.ring_xy(s, layout.radius + LABEL_GAP)
        out.append((f"space {s}", (min(x, u) - r, min(y, v) - r, max(x, u) + r, max(y, v) + r)))
    for i, card in enumerate(_viewer_hand(state, viewer)):
        out.append((f"card {card}", layout.hand_box(i)))
    return out


def click_axes(state, viewer: int | None = None) -> tuple[Figure, Axes]:
    """The figure and axes ``locate`` reads clicks in, nothing drawn (``render.clicks``)."""
    fig, ax, _ = _axes(state)
    return fig, ax


def locate(state, x: float, y: float, viewer: int | None = None) -> str | None:
    """The card of ``viewer``'s hand under pixel ``(x, y)`` of ``to_png(state, viewer)``
    (default dpi, y down) — "card 7", as the move "play card 7" names it — or ``None``.
    The ring's spaces are places of the board (``places``) but no move's choice, so a
    click there is ``None`` and shows every move, rather than none."""
    fig, ax, _ = _axes(state)
    try:
        point = board_point(fig, x, y, ax)
    finally:
        release(fig)
    cards = [p for p in places(state, viewer) if p[0].startswith("card ")]
    return place_at(point, cards)


def click_example(state, viewer: int = 0) -> Place:
    """The click test's place (``boardlab/games/README.md``): the third card of
    ``viewer``'s hand (the last, in a hand of fewer), with its box as ``places`` lists it."""
    cards = [p for p in places(state, viewer) if p[0].startswith("card ")]
    return cards[min(2, len(cards) - 1)]


#: ``tests/test_render.py``'s busy board: 7 players, 9 random moves in. Kalimambo writes
#: no words in a player's colour (``player_words``): the test checks there are none unreadable.
CONTRAST_SCENE = {"params": {"players": 7}, "steps": 9, "player_words": False}


def _draw_loop(ax: Axes, dung_at, layout: Layout) -> None:
    """The path around the board: one circle per loop space, dung heaps (``dung_at``)
    brown and hatched, every space numbered outside the ring."""
    r = layout.space
    for s in range(layout.length):
        dung = dung_at[s]
        ax.add_patch(
            Circle(
                layout.ring_xy(s),
                r,
                facecolor=DUNG_FILL if dung else PATH_FILL,
                edgecolor=DUNG_EDGE if dung else PATH_EDGE,
                hatch="xxxx" if dung else None,
                lw=1,
                zorder=1,
            )
        )
        x, y = layout.ring_xy(s, layout.radius + LABEL_GAP)
        style = {"weight": "bold", "color": DUNG_FILL} if dung else {"color": "#5b4a2a"}
        ax.text(x, y, str(s), ha="center", va="center", fontsize=SMALL, gid="space", **style)


def _draw_figures(ax: Axes, state, layout: Layout) -> None:
    """Mambo, Kali and the explorers on their spaces; a figure a lap ahead of another on
    the same space is drawn inside it (positions are on an unbounded line)."""
    n = state.game.num_players
    taken: dict[int, int] = {}
    figures = [(f, state.figures[f]) for f in range(n + 1)] + [(-1, state.mambo)]
    for f, position in sorted(figures, key=lambda t: t[1]):
        space = position % layout.length
        lap = taken.get(space, 0)
        taken[space] = lap + 1
        x, y = layout.ring_xy(space, layout.radius - 2.3 * layout.space * lap)
        colour, label, ink = _figure_look(f, n)
        ax.add_patch(
            Circle(
                (x, y), layout.space * 1.05, facecolor=colour, edgecolor="black", lw=1.2, zorder=3
            )
        )
        ax.text(
            x,
            y,
            label,
            ha="center",
            va="center",
            fontsize=SMALL,
            color=ink,
            weight="bold",
            zorder=4,
            gid="figure",
        )


def _figure_look(f: int, n: int) -> tuple[str, str, str]:
    """A figure's fill, its letter or number, and the ink that reads on the fill:
    Mambo (``f`` = -1) "M", Kali (``f`` = ``n``) "K", explorer ``p`` its number."""
    if f == -1:
        return MAMBO_COLOUR, "M", "black"
    if f == n:
        return KALI_COLOUR, "K", "white"
    fill = player_colour(f)
    return (
        fill,
        str(f),
        "black" if contrast_ratio(fill, "#000000") >= contrast_ratio(fill) else "white",
    )


def _draw_name(ax: Axes, title: str, layout: Layout) -> None:
    """The game's name in the middle of the ring."""
    cx, cy = layout.centre
    ax.text(cx, cy + 0.42, title, ha="center", va="center", fontsize=BIG, weight="bold", color=INK)


def _draw_status(ax: Axes, state, layout: Layout) -> None:
    """Where the game stands, in the middle of the ring under its name."""
    cx, cy = layout.centre
    ax.text(
        cx,
        cy - 0.1,
        _status(state),
        ha="center",
        va="center",
        fontsize=TEXT,
        color=INK,
        linespacing=1.3,
        gid="status",
    )


def _status(state) -> str:
    """ "round 3 of 12" and who chooses, or the winners, on short lines."""
    if state.outcome is not None:
        winners = [f"player {w}" for w in state.outcome.winners]
        if len(winners) == 1:
            return f"game over\n{winners[0]} wins"
        return "game over\n" + ",\n".join(winners[:-1]) + f"\nand {winners[-1]}\nshare the win"
    return f"round {state.round} of {state.game.rounds}\nplayer {state.current_player} chooses"


def _draw_key(ax: Axes, layout: Layout, points: int) -> None:
    """What the dung and the two black-and-grey figures are: a figure or a space drawn
    as on the ring, with its name beside it."""
    x = layout.hand_left + 0.12
    top = layout.height - 0.22
    entries = (
        (MAMBO_COLOUR, "M", "black", "Mambo the rhino"),
        (KALI_COLOUR, "K", "white", "Kali"),
        (DUNG_FILL, "", "", f"dung heap: {points} points"),
    )
    for i, (fill, letter, ink, words) in enumerate(entries):
        y = top - 0.3 * i
        hatch = "xxxx" if not letter else None
        edge = DUNG_EDGE if not letter else "black"
        ax.add_patch(Circle((x, y), 0.11, facecolor=fill, edgecolor=edge, hatch=hatch, lw=1))
        if letter:
            ax.text(
                x, y, letter, ha="center", va="center", fontsize=SMALL, color=ink, weight="bold"
            )
        ax.text(x + 0.22, y, words, va="center", fontsize=TEXT, color=INK)


def _draw_hand(ax: Axes, state, layout: Layout, viewer: int | None) -> None:
    """The viewer's hand as cards beside the ring, under a caption; a spectator has none."""
    n = state.game.num_players
    x, y = layout.hand_left, layout.hand_top + 0.2
    if viewer is None or not 0 <= viewer < n:
        ax.text(x, y, "You watch: no hand is shown.", va="center", fontsize=TEXT, color=INK)
        return
    cards = state.hand(viewer)
    choosing = state.current_player == viewer
    caption = f"Your hand (player {viewer})" + (": click a card" if choosing else "")
    ax.text(x, y, caption, va="center", fontsize=TEXT, weight="bold", color=INK)
    if not cards:
        ax.text(x, y - 0.35, "no cards left", va="center", fontsize=TEXT, color=INK)
    for i, card in enumerate(cards):
        left, bottom, right, top = layout.hand_box(i)
        _card_face(ax, (left, bottom, right - left, top - bottom), card, viewer, n, gid="hand")


def _card_face(ax: Axes, box, value: int, owner: int, n: int, *, gid: str) -> None:
    """A movement card in ``box`` (left, bottom, width, height): the owner's colour as a
    band with its letter (``colour_letter``), and the number large."""
    left, bottom, w, h = box
    fill, _, ink = _figure_look(owner, n)
    ax.add_patch(
        FancyBboxPatch(
            (left, bottom),
            w,
            h,
            boxstyle=f"round,pad=0,rounding_size={w / 8}",
            facecolor=CARD_FACE,
            edgecolor=fill,
            lw=2,
            zorder=2,
        )
    )
    band = h * 0.3
    ax.add_patch(
        FancyBboxPatch(
            (left + w * 0.08, bottom + h - band - h * 0.06),
            w * 0.84,
            band,
            boxstyle="round,pad=0,rounding_size=0.03",
            facecolor=fill,
            edgecolor=fill,
            zorder=3,
        )
    )
    ax.text(
        left + w / 2,
        bottom + h - h * 0.06 - band / 2,
        colour_letter(owner, n),
        ha="center",
        va="center",
        fontsize=SMALL * max(1.0, w / HAND_W * 0.6),
        color=ink,
        weight="bold",
        zorder=4,
    )
    ax.text(
        left + w / 2,
        bottom + h * 0.36,
        str(value),
        ha="center",
        va="center",
        fontsize=CARD_NUMBER * w / HAND_W,
        weight="bold",
        color=INK,
        zorder=4,
        gid=gid,
    )


def colour_letter(owner: int, players: int) -> str:
    """The letter a card of ``owner`` carries for its colour: "B" for blue (player 0),
    "K" for Kali's black deck."""
    return colour_name(owner, players)[0].upper() if owner != players else "K"


def colour_name(owner: int, players: int) -> str:
    """The colour of ``owner``'s cards in words: "blue", or "black" for Kali."""
    return KALI_COLOUR_NAME if owner == players else COLOUR_NAMES[owner % len(COLOUR_NAMES)]


def _small_card(ax: Axes, x: float, y: float, text: str | None, edge: str) -> None:
    """A card of the table: face up with ``text``, or a back marked "?"."""
    face = CARD_BACK if text is None else CARD_FACE
    ax.add_patch(
        FancyBboxPatch(
            (x - 0.17, y - 0.14),
            0.34,
            0.28,
            boxstyle="round,pad=0.01,rounding_size=0.05",
            facecolor=face,
            edgecolor=edge,
            lw=1.6,
            zorder=2,
        )
    )
    shown, ink, gid = ("?", "white", "back") if text is None else (text, INK, "card")
    ax.text(
        x,
        y,
        shown,
        ha="center",
        va="center",
        fontsize=SMALL,
        weight="bold",
        color=ink,
        zorder=3,
        gid=gid,
    )


def _draw_table(ax: Axes, state, layout: Layout, viewer, reveal: bool) -> None:
    """One row per player and one for Kali: space, points, last/secret card, cards not
    yet revealed.

    What the cards left are is public (everybody saw the cards played); a pick of this
    round and the order of Kali's deck are not."""
    n = state.game.num_players
    top = layout.table_top
    header = {"fontsize": SMALL, "weight": "bold", "va": "center", "color": INK}
    ax.text(NAME_X - 0.2, top, "figure", **header)
    ax.text(SPACE_X, top, "space", ha="center", **header)
    ax.text(POINTS_X, top, "points", ha="center", **header)
    ax.text(CARD_X, top, "card", ha="center", **header)
    ax.text(LEFT_X - 0.05, top, "cards not yet revealed", **header)
    last_round = state.revealed
    for f in range(n + 1):
        y = layout.row_y(f)
        kali = f == n
        colour, label, ink = _figure_look(f, n)
        ax.add_patch(Circle((NAME_X - 0.12, y), 0.11, facecolor=colour, edgecolor="black"))
        ax.text(
            NAME_X - 0.12,
            y,
            label,
            ha="center",
            va="center",
            fontsize=SMALL,
            color=ink,
            weight="bold",
        )
        name = figure_name(f, n) + (" (you)" if f == viewer else "")
        ax.text(
            NAME_X + 0.05,
            y,
            name,
            va="center",
            fontsize=SMALL,
            color=INK,
            weight="bold" if f == viewer else "normal",
        )
        position = state.figures[f]
        lap = position // layout.length
        where = f"{position % layout.length}" + (f" (lap {lap + 1})" if lap else "")
        ax.text(SPACE_X, y, where, ha="center", va="center", fontsize=SMALL, color=INK)
        if not kali:
            ax.text(
                POINTS_X,
                y,
                str(state.penalties[f]),
                fontsize=TEXT,
                ha="center",
                va="center",
                weight="bold",
                color=INK,
                gid="points",
            )
            pick = state.pending[f]
            if pick >= 0:  # a secret pick: face up only to its owner, or when revealed
                shown = reveal or viewer == f
                _small_card(ax, CARD_X, y, str(pick) if shown else None, colour)
            elif last_round is not None:
                _small_card(ax, CARD_X, y, str(last_round[f]), colour)
            left = state.cards_left(f)
        else:
            if last_round is not None:
                _small_card(ax, CARD_X, y, str(last_round[f]), colour)
            left = sorted(state.kali_deck)  # which cards Kali has left, never their order
        if not left:
            ax.text(LEFT_X, y, "none", fontsize=SMALL, va="center", color=INK)
        step = min(LEFT_STEP, (layout.width - 0.25 - LEFT_X) / max(len(left), 1))
        for i, c in enumerate(left):
            ax.text(
                LEFT_X + i * step,
                y,
                str(c),
                fontsize=SMALL,
                va="center",
                color=INK,
                gid=f"left:{f}",
            )
    note = "card: last round's, face up; ? a choice still secret"
    ax.text(
        NAME_X - 0.2,
        layout.row_y(n + 1) + 0.05,
        note,
        fontsize=SMALL,
        style="italic",
        va="center",
        color=INK,
    )


def to_png(state, viewer: int | None = None, *, reveal: bool = False, dpi: float = 80) -> bytes:
    """The board as PNG bytes (``State._repr_png_``, ``Image`` widgets)."""
    return board_png(draw, state, viewer, reveal=reveal, dpi=dpi)


# -- the cards ---------------------------------------------------------------------------------
def draw_card(card: int, ax: Axes | None = None, *, seat: int | None = None) -> Figure:
    """One movement card, large: its number, its owner's colour in words and as a letter,
    and whose deck it is of — ``seat``'s (an explorer's) or, with ``seat`` None, Kali's
    black deck. Every explorer and Kali hold one card of each number, 0 to 11."""
    players = 7  # the box's colours; Kali is "figure" 7 here
    owner = players if seat is None else seat
    if not 0 <= owner <= players:
        raise ValueError(f"seat {seat!r}: an explorer's seat is 0 to 6 (None: Kali's deck)")
    if not isinstance(card, int) or card < 0:
        raise ValueError(f"card {card!r}: a movement card is a whole number from 0")
    fig, ax = new_axes(ax, figsize=(2.2, 3.0), dpi=80)
    ax.set_xlim(0, 2.2)
    ax.set_ylim(0, 3.0)
    ax.set_aspect("equal")
    ax.set_axis_off()
    _card_face(ax, (0.1, 0.45, 2.0, 2.5), card, owner, players, gid="card")
    whose = "Kali's deck" if seat is None else f"player {seat}'s deck"
    ax.text(
        1.1,
        0.28,
        f"{whose} · {colour_name(owner, players)}",
        ha="center",
        va="center",
        fontsize=TEXT,
        color=INK,
        gid="caption",
    )
    ax.text(
        1.1,
        0.05,
        f"movement card {card}",
        ha="center",
        va="center",
        fontsize=TEXT,
        color=INK,
        gid="caption",
    )
    return fig


def gallery(game) -> Figure:
    """Every kind of card of ``game`` (a game or its name): one explorer's movement cards
    0 to ``max_card`` in a row, then a card of each colour in the box — the seven
    explorers' and Kali's black deck — with its letter and colour, and a card's back."""
    import boardlab

    game = boardlab.load(game) if isinstance(game, str) else game
    values = list(range(game.max_card + 1))
    players = len(COLOUR_NAMES)
    owners = [*range(players), players]
    width = max(0.2 + len(values) * 0.62, 0.2 + (len(owners) + 1) * 0.9)
    fig, ax = new_axes(None, figsize=(width, 3.3), dpi=80)
    ax.set_xlim(0, width)
    ax.set_ylim(0, 3.3)
    ax.set_aspect("equal")
    ax.set_axis_off()
    words = {"fontsize": TEXT, "va": "center", "color": INK}
    ax.text(0.1, 3.12, f"Movement cards {values[0]} to {values[-1]}: one of each per deck", **words)
    for i, value in enumerate(values):
        _card_face(ax, (0.1 + i * 0.62, 2.15, HAND_W, HAND_H), value, 0, players, gid="card")
    ax.text(0.1, 1.8, "A deck per explorer's colour, Kali's black, and a card's back", **words)
    below = {"ha": "center", "va": "center", "fontsize": SMALL, "color": INK}
    for i, owner in enumerate(owners):
        left = 0.1 + i * 0.9
        _card_face(ax, (left, 0.75, HAND_W, HAND_H), 7, owner, players, gid="card")
        label = "Kali" if owner == players else f"player {owner}"
        ax.text(left + HAND_W / 2, 0.52, label, gid="owner", **below)
        ax.text(left + HAND_W / 2, 0.25, colour_name(owner, players), gid="colour", **below)
    back = 0.1 + len(owners) * 0.9
    ax.add_patch(
        FancyBboxPatch(
            (back, 0.75),
            HAND_W,
            HAND_H,
            boxstyle="round,pad=0,rounding_size=0.06",
            facecolor=CARD_BACK,
            edgecolor="black",
            lw=1.5,
        )
    )
    ax.text(back + HAND_W / 2, 0.52, "back", gid="owner", **below)
    return fig


# -- over the rounds -------------------------------------------------------------------------
def rounds_table(state) -> list[dict]:
    """Where every figure stood and the penalty points after each round, from the start.

    Replays the state's record (``boardlab.replay``), so it costs nothing on the
    playout path: row 0 is the start, row ``r`` the end of round ``r``. It is the data
    ``race_line`` and ``penalty_table`` show (so it lives beside them, not in the rules).
    """
    from boardlab.core import replay

    states = replay(state.record())
    n = state.game.num_players
    first = states[0].round - 1  # rounds already over when the record starts
    rows = []
    for i, s in enumerate(states):
        if i % n:
            continue  # mid-round: some players have chosen, nothing has moved
        rows.append(
            {
                "round": first + i // n,
                "explorers": s.figures[:-1],
                "kali": s.figures[-1],
                "mambo": s.mambo,
                "penalties": list(s.penalties),
                "cards": None if i == 0 or s.revealed is None else list(s.revealed),
            }
        )
    return rows


def race_line(state, ax: Axes | None = None) -> Figure:
    """Positions on the line after each round: one line per explorer, Kali black, Mambo
    dashed grey; a cross marks a round where an explorer took penalty points.

    The y axis is the distance run on the unbounded line (our decision 2), which keeps rising
    where the board's numbers start again at 0; the axis label says how to read a board
    space off it."""
    rows = rounds_table(state)
    n = state.game.num_players
    fig, ax = new_axes(ax, figsize=(8.0, 4.5))
    rounds = [r["round"] for r in rows]
    for p in range(n):
        colour = player_colour(p)
        positions = [r["explorers"][p] for r in rows]
        ax.plot(rounds, positions, marker="o", ms=3.5, color=colour, label=f"player {p}")
        hit = [
            (after["round"], after["explorers"][p])
            for before, after in pairwise(rows)
            if after["penalties"][p] > before["penalties"][p]
        ]
        if hit:
            ax.scatter(*zip(*hit, strict=True), marker="x", s=40, color=colour, zorder=3)
    kali = [r["kali"] for r in rows]
    ax.plot(rounds, kali, marker="s", ms=3.5, color=KALI_COLOUR, label="Kali")
    ax.plot(rounds, [r["mambo"] for r in rows], ls="--", color=MAMBO_COLOUR, label="Mambo")
    ax.set_xlabel("after round")
    ax.set_ylabel(f"position on the line (board space = position mod {state.game.length})")
    ax.set_xticks(rounds)
    ax.set_title("Kalimambo race line (× = penalty points that round)", fontsize=10)
    ax.legend(fontsize=7.5, ncol=2, loc="upper left")
    ax.grid(alpha=0.3)
    return fig


def penalty_table(state):
    """Penalty points after each round, one column per player (a pandas DataFrame)."""
    import pandas as pd

    rows = rounds_table(state)
    n = state.game.num_players
    frame = pd.DataFrame(
        [r["penalties"] for r in rows[1:]],
        index=pd.Index([r["round"] for r in rows[1:]], name="after round"),
        columns=[f"player {p}" for p in range(n)],
    )
    return frame


# -- the loop as a graph -----------------------------------------------------------------------
def graph(state, viewer: int | None = None, *, reveal: bool = False) -> nx.DiGraph:
    """The loop as a directed cycle: node = loop space with ``dung`` and ``figures`` (names
    of the figures on it), edge = one step ahead.

    The graph carries public facts only (where the figures and heaps are), so ``viewer``
    and ``reveal`` change nothing: no pick of this round, no order of Kali's deck.
    """
    length = state.game.length
    n = state.game.num_players
    g = nx.DiGraph()
    names_on: dict[int, list[str]] = {}
    for f, position in enumerate(state.figures):
        names_on.setdefault(position % length, []).append(figure_name(f, n))
    names_on.setdefault(state.mambo % length, []).append("Mambo")
    for s in range(length):
        g.add_node(s, dung=state.dung_at[s], figures=names_on.get(s, []))
    for s in range(length):
        g.add_edge(s, (s + 1) % length, kind="step")
    return g


def draw_graph(
    state, ax: Axes | None = None, *, viewer: int | None = None, reveal: bool = False
) -> Figure:
    """``graph(state, viewer, reveal=reveal)`` drawn on a circle, dung brown, occupied spaces
    labelled."""
    g = graph(state, viewer, reveal=reveal)
    fig, ax = new_axes(ax, figsize=(6.0, 6.0))
    length = state.game.length
    pos = {s: ring_xy(s, length) for s in g}
    colours = [DUNG_FILL if dung else PATH_FILL for _, dung in g.nodes(data="dung")]
    nx.draw_networkx(
        g,
        pos,
        ax=ax,
        node_color=colours,
        node_size=260,
        font_size=7,
        edgecolors=PATH_EDGE,
        arrowsize=8,
    )
    for s, names in g.nodes(data="figures"):
        if names:
            x, y = ring_xy(s, length, GRAPH_RADIUS * 1.22)
            ax.text(x, y, "\n".join(names), ha="center", va="center", fontsize=6.5)
    ax.set_aspect("equal")
    ax.set_axis_off()
    ax.set_title("the loop as a graph", fontsize=10)
    return fig
