"""Jambo drawn: both traders' market stands with their wares, gold, utilities and hands,
the action markers, the piles, the ware supply and the decision in progress; single cards
and the gallery of every card (rulebook "Components", "Phase 2: Play Cards").

The board is drawn in inches (one data unit is one inch, ``WIDTH`` wide) so that its
smallest text, ``TEXT`` points, stays readable where the play panel shows it (a column
about 590 pixels wide on a 1366-pixel laptop screen with JupyterLab's file browser open).
Each trader's block holds a header (gold, stands, cards in hand), the stands' spaces
(the large stand's 6th space marked "+2", the fee for filling it, and filled last), the
utilities in play (each "ready" or "used") and the hand: card pictures for its owner (or
with ``reveal``) with their type, name, wares and prices, backs for everybody else; after
them, in phase 1, the card just drawn (keep it or discard it), face up and marked "card
drawn" for its drawer only (everybody else sees its back beside the hidden hand, as at the
table); then, while an effect offers the viewer cards to choose from (a Scale's, a
Psychic's, a pool to draft), those cards, marked "to choose". The
middle holds the action markers (used / left), the card supply, the discard stack, and
the ware supply, which is also the key of the ware letters (K trinkets … S salt). The
title is the decision asked for now.

``places`` names every place a move can be about, as the moves name it: the cards of the
viewer's hand (and those offered) and the utilities in play by their names ("TTL", "Well"),
the card the viewer has just drawn as "card drawn" (keep or discard the card drawn),
the wares of the
supply by theirs ("tea"); ``locate`` reads a click with it, ``click_example`` picks one.
Each name is the very word written on the board. Texts carry a ``gid`` (``gold:0``,
``ware:1``, ``utility:0``, ``hand:1``, ``actions``, ``deck``, ``discard``, ``supply``,
``pending``).
"""

from __future__ import annotations

import math
import textwrap
from dataclasses import dataclass

import networkx as nx
from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.patches import Circle, FancyBboxPatch, Rectangle

from boardlab.render import (
    Place,
    board_axes,
    board_png,
    board_point,
    new_axes,
    place_at,
    player_colour,
    player_text_colour,
    relative_luminance,
    release,
)

from .actions import ChooseCard, StopDrawing
from .components import LARGE_STAND, LETTERS, SMALL_STAND, WARES, Card, default_deck
from .narration import pending_text

#: The wares' token colours, in ``WARES`` order (trinkets … salt); each token also
#: carries its letter, so colour is never the only sign of a ware.
WARE_COLOURS = ("#E69F00", "#8B5A2B", "#009E73", "#CC79A7", "#D55E00", "#BBBBBB")
STAND_FILL, STAND_EDGE = "#efe3c2", "#a58d5a"
BACK = "#3d5a6c"
#: The smallest text on the board and the headers' size, in points.
TEXT, HEAD = 9, 10
#: The board's width in inches (= data units).
WIDTH = 7.3
#: A stand space's pitch and size; the gap between two stands.
SPACE, SPACE_SIZE, STAND_GAP = 0.3, 0.27, 0.09
#: A utility in play: its height and pitch, three to a row.
UTILITY_HEIGHT, UTILITY_PITCH = 0.3, 2.42
#: A card of a hand: its size and pitch, ``HAND_PER_ROW`` to a row, ``HAND_ROWS`` rows at
#: most; a hand with more cards shows the first ones and "+k more".
CARD_WIDTH, CARD_HEIGHT, CARD_PITCH = 1.0, 1.2, 1.04
HAND_PER_ROW, HAND_ROWS = 7, 2
HAND_SHOWN = HAND_PER_ROW * HAND_ROWS - 1
#: A hidden card's back (a fan of them) and the fan's pitch.
BACK_WIDTH, BACK_HEIGHT, BACK_PITCH, BACKS_SHOWN = 0.3, 0.4, 0.2, 12
#: Where a hidden hand's card just drawn lies face down: after the fan and its count.
DRAWN_BACK_X = 4.2
#: Heights of a trader's rows (inches): header, stands, utilities, a hidden hand.
HEADER_H, STANDS_H, UTILITY_H, HIDDEN_H = 0.3, 0.42, 0.4, 0.52
HAND_ROW_H = CARD_HEIGHT + 0.08
MIDDLE_H, GAP = 1.12, 0.1
#: A ware of the supply: its box, six in a row after the label.
SUPPLY_X, SUPPLY_PITCH = 0.95, 1.06
#: Characters a line of the title holds before it wraps.
WRAP = 92
#: Each card type's fill and its word on the card (the fill is never the only sign).
TYPE_FILL = {
    "ware": "#fff6d5",
    "utility": "#d9cbb0",
    "people": "#dbe9f6",
    "animal": "#dcefd9",
    "stand": "#efe3c2",
}
TYPE_WORD = {
    "ware": "ware card",
    "utility": "utility",
    "people": "person",
    "animal": "animal",
    "stand": "market stand",
}


@dataclass(frozen=True)
class Block:
    """Where one trader's rows lie: ``top`` of the block; the hand shown or as backs."""

    player: int
    top: float
    shown: bool
    hand_rows: int

    @property
    def header(self) -> float:
        return self.top - HEADER_H / 2

    @property
    def stands(self) -> float:
        """The middle of the stands' spaces."""
        return self.top - HEADER_H - STANDS_H / 2

    @property
    def utilities(self) -> float:
        """The middle of the first row of utilities."""
        return self.top - HEADER_H - STANDS_H - UTILITY_H / 2

    @property
    def hand(self) -> float:
        """The top of the hand's first row."""
        return self.top - HEADER_H - STANDS_H - UTILITY_H - 0.04

    @property
    def height(self) -> float:
        hand = self.hand_rows * HAND_ROW_H if self.shown else HIDDEN_H
        return HEADER_H + STANDS_H + UTILITY_H + hand + 0.04


@dataclass(frozen=True)
class Layout:
    """The board's rows: player 1's block on top, the middle, player 0's block; the title's
    lines above."""

    blocks: tuple[Block, Block]
    middle: float
    height: float
    title: str


def _hand_rows(state, p: int, shown: bool) -> int:
    """Rows of card pictures in ``p``'s block: the hand and the cards offered (1 or 2)."""
    if not shown:
        return 0
    pictures, more = _pictures(state, p)
    return max(1, min(HAND_ROWS, math.ceil((len(pictures) + bool(more)) / HAND_PER_ROW)))


def _layout(state, viewer: int | None, reveal: bool) -> Layout:
    """The rows of ``draw(state, viewer=viewer, reveal=reveal)``, from the state alone (so
    ``locate`` finds the places without drawing)."""
    shown = [reveal or viewer == p for p in (0, 1)]
    rows = [_hand_rows(state, p, shown[p]) for p in (0, 1)]
    probe = [Block(p, 0.0, shown[p], rows[p]).height for p in (0, 1)]
    height = probe[1] + GAP + MIDDLE_H + GAP + probe[0]
    top = Block(1, height, shown[1], rows[1])
    middle = height - probe[1] - GAP
    bottom = Block(0, middle - MIDDLE_H - GAP, shown[0], rows[0])
    title = textwrap.fill(f"{state.game.title} · {pending_text(state)}", WRAP)
    return Layout((bottom, top), middle, height, title)


def _axes(state, viewer: int | None = None, reveal: bool = False, ax: Axes | None = None):
    """The board's figure, axes and layout (one data unit an inch, the title above)."""
    layout = _layout(state, viewer, reveal)
    lines = layout.title.count("\n") + 1
    fig, ax = board_axes((0.0, WIDTH), (0.0, layout.height), ax, unit=1.0,
                         top=0.12 + 0.2 * lines, bottom=0.05)  # fmt: skip
    return fig, ax, layout


def draw(
    state, ax: Axes | None = None, *, viewer: int | None = None, reveal: bool = False
) -> Figure:
    """Draw ``state`` as ``viewer`` sees it (``None``: a spectator); ``reveal`` shows every
    hand. Returns the figure (a new pyplot-free one when ``ax`` is None)."""
    fig, ax, layout = _axes(state, viewer, reveal, ax)
    for block in layout.blocks:
        _trader(ax, state, block)
    _middle(ax, state, layout.middle)
    title = ax.set_title(layout.title, loc="left", fontsize=HEAD)
    title.set_x(0.008)  # a glyph's overhang at the very edge is cut off
    title.set_gid("pending")
    return fig


# -- a trader's block ------------------------------------------------------------------
def _space_x(i: int) -> float:
    """The left edge of stand space ``i`` (0-5 the large stand, then 3 per small one)."""
    if i < LARGE_STAND:
        return 0.05 + i * SPACE
    return 0.05 + i * SPACE + STAND_GAP * (1 + (i - LARGE_STAND) // SMALL_STAND)


def _filled(state, p: int) -> list[int | None]:
    """The ware on each space of ``p``'s stands, as a trader fills them to spare the fee:
    the large stand's first 5 spaces, then the small stands, its 6th space last."""
    wares = [w for w in range(6) for _ in range(state.market[p][w])]
    order = [*range(LARGE_STAND - 1), *range(LARGE_STAND, LARGE_STAND + SMALL_STAND *
             state.stands[p]), LARGE_STAND - 1]  # fmt: skip
    spaces: list[int | None] = [None] * len(order)
    for ware, space in zip(wares, order, strict=False):
        spaces[space] = ware
    return spaces


def _token(ax: Axes, x: float, y: float, ware: int, radius: float, gid: str, size=TEXT) -> None:
    """A ware token: its colour and its letter (dark or light, whichever reads)."""
    ax.add_patch(Circle((x, y), radius, facecolor=WARE_COLOURS[ware], edgecolor="#555555",
                        lw=0.6, gid=gid))  # fmt: skip
    ink = "black" if relative_luminance(WARE_COLOURS[ware]) > 0.2 else "white"
    ax.text(x, y, LETTERS[ware], ha="center", va="center", fontsize=size, color=ink,
            weight="bold", gid=gid)  # fmt: skip


def _trader(ax: Axes, state, block: Block) -> None:
    """One trader's rows: header, stands with wares, utilities, hand."""
    p = block.player
    hand = len(state.hands[p])
    stands = f"large stand + {state.stands[p]} small"
    ax.text(0.05, block.header, f"player {p} · {state.gold[p]} gold", fontsize=HEAD,
            weight="bold", va="center", color=player_text_colour(p), gid=f"gold:{p}")  # fmt: skip
    ax.text(2.2, block.header, f"{stands} · {hand} card{'s' if hand != 1 else ''} in hand",
            fontsize=TEXT, va="center", gid=f"stands:{p}")  # fmt: skip
    y = block.stands
    for i, ware in enumerate(_filled(state, p)):
        x = _space_x(i)
        edge = player_colour(p) if i < LARGE_STAND else STAND_EDGE
        ax.add_patch(Rectangle((x, y - SPACE_SIZE / 2), SPACE_SIZE, SPACE_SIZE,
                               facecolor=STAND_FILL, edgecolor=edge, lw=1.2))  # fmt: skip
        middle = x + SPACE_SIZE / 2
        if ware is not None:
            _token(ax, middle, y, ware, 0.115, f"ware:{p}")
        elif i == LARGE_STAND - 1 and state.game.fee:
            ax.text(middle, y, f"+{state.game.fee}", ha="center", va="center", fontsize=TEXT,
                    color="#6b5530", gid=f"fee:{p}")  # fmt: skip
    utilities = _utilities(state, p)
    for k, (name, used) in enumerate(utilities):
        left, bottom, right, top = _utility_box(block, k, len(utilities))
        ax.add_patch(FancyBboxPatch((left, bottom), right - left, top - bottom,
                                    boxstyle="round,pad=0,rounding_size=0.05",
                                    facecolor="#bbbbbb" if used else TYPE_FILL["utility"],
                                    edgecolor=player_colour(p), lw=1.2,
                                    gid=f"utility:{p}"))  # fmt: skip
        middle = bottom + UTILITY_HEIGHT / 2
        ax.text(left + 0.08, middle, name, fontsize=TEXT, weight="bold", va="center",
                gid=f"utility:{p}")  # fmt: skip
        ax.text(right - 0.08, middle, "used" if used else "ready",
                fontsize=TEXT, va="center", ha="right", style="italic",
                gid=f"utility-state:{p}")  # fmt: skip
    if not utilities:
        ax.text(0.05, block.utilities, "no utilities in play", fontsize=TEXT, va="center",
                color="#555555", gid=f"utility-none:{p}")  # fmt: skip
    if block.shown:
        _hand(ax, state, block)
    else:
        for i in range(min(hand, BACKS_SHOWN)):
            ax.add_patch(FancyBboxPatch((0.05 + i * BACK_PITCH, block.hand - BACK_HEIGHT),
                                        BACK_WIDTH, BACK_HEIGHT,
                                        boxstyle="round,pad=0,rounding_size=0.04",
                                        facecolor=BACK, edgecolor="white", lw=0.8,
                                        gid=f"hand:{p}"))  # fmt: skip
        x = 0.05 + min(hand, BACKS_SHOWN) * BACK_PITCH + BACK_WIDTH
        ax.text(x if hand else 0.05, block.hand - BACK_HEIGHT / 2,
                f"{hand} hidden card{'s' if hand != 1 else ''}", fontsize=TEXT, va="center",
                gid=f"backs:{p}")  # fmt: skip
        if _drawn(state, p) is not None:  # its back only: which card it is stays hidden
            left = DRAWN_BACK_X
            ax.add_patch(FancyBboxPatch((left, block.hand - BACK_HEIGHT), BACK_WIDTH,
                                        BACK_HEIGHT, boxstyle="round,pad=0,rounding_size=0.04",
                                        facecolor=BACK, edgecolor=player_colour(p), lw=1.2,
                                        linestyle="--", gid=f"drawn:{p}"))  # fmt: skip
            ax.text(left + BACK_WIDTH + 0.08, block.hand - BACK_HEIGHT / 2,
                    "1 card drawn: keep or discard?", fontsize=TEXT, va="center",
                    gid=f"drawn:{p}")  # fmt: skip


def _utilities(state, p: int) -> list[tuple[str, bool]]:
    """``(name, used)`` of player ``p``'s utilities, ready ones first, as drawn."""
    return [(c, False) for c in state.ready[p]] + [(c, True) for c in state.spent[p]]


def _utility_box(block: Block, k: int, n: int) -> tuple[float, float, float, float]:
    """``(left, bottom, right, top)`` of the ``k``-th of ``n`` utilities of ``block``: three
    fit a row; a fourth (while one must go, "Utility Cards") narrows them."""
    pitch = min(UTILITY_PITCH, (WIDTH - 0.1) / max(n, 1))
    left, bottom = 0.05 + k * pitch, block.utilities - UTILITY_HEIGHT / 2
    return left, bottom, left + pitch - 0.12, bottom + UTILITY_HEIGHT


def _offered(state, p: int) -> list[str]:
    """The cards an effect offers ``p`` to choose from outside ``p``'s hand (a Scale's or a
    Psychic's cards, an auctioned lot, a pool to draft from), while ``p`` decides."""
    if state.outcome is not None or state.current_player != p or not state.pending:
        return []
    names = {a.card for a in state.legal_actions() if type(a) is ChooseCard}
    return sorted(names - set(state.hands[p]))


def _drawn(state, p: int) -> str | None:
    """The card ``p`` has just drawn in phase 1 and not yet kept or discarded, or None.
    Hidden from everybody but ``p``: draw it face up only where ``p``'s hand is shown."""
    if state.outcome is None and state.drawn is not None and state.active == p:
        return state.drawn
    return None


#: The name ``places`` gives the card just drawn: the moves' words ("keep the card drawn").
DRAWN_PLACE = "card drawn"


def _pictures(state, p: int) -> tuple[list[tuple[str, str]], int]:
    """``(name, kind)`` of the cards drawn in ``p``'s rows, in order: the hand
    (``"hand"``), the card just drawn (``"drawn"``), then the cards offered to choose from
    (``"offered"``); and how many cards of the hand did not fit ("+k more")."""
    hand, offered = sorted(state.hands[p]), _offered(state, p)
    drawn = _drawn(state, p)
    extra = [(drawn, "drawn")] if drawn is not None else []
    room = HAND_PER_ROW * HAND_ROWS
    extra += [(c, "offered") for c in offered[: room - 1 - len(extra)]]
    shown = hand if len(hand) + len(extra) <= room else hand[: room - 1 - len(extra)]
    return [(c, "hand") for c in shown] + extra, len(hand) - len(shown)


def _card_box(block: Block, i: int) -> tuple[float, float, float, float]:
    """``(left, bottom, right, top)`` of the ``i``-th card of ``block``'s hand."""
    row, col = divmod(i, HAND_PER_ROW)
    left, top = 0.05 + col * CARD_PITCH, block.hand - row * HAND_ROW_H
    return left, top - CARD_HEIGHT, left + CARD_WIDTH, top


def _hand(ax: Axes, state, block: Block) -> None:
    """The hand as card pictures, then the card just drawn and the cards offered to choose
    from (their footer says which, their edge is dashed); "+k more" in the slot after a
    hand too long."""
    p = block.player
    pictures, more = _pictures(state, p)
    table = state.game.cards
    for i, (name, kind) in enumerate(pictures):
        left, bottom, _, _ = _card_box(block, i)
        card = table[name]
        _face(ax, left, bottom, CARD_WIDTH, CARD_HEIGHT, card, f"{kind}:{p}",
              footer="to choose" if kind == "offered" else _footer(state, card),
              edge=player_colour(p), text="" if card.type in ("ware", "stand") else card.text,
              dashed=kind != "hand", heading=DRAWN_PLACE if kind == "drawn" else "")  # fmt: skip
    if more:
        left, bottom, right, top = _card_box(block, len(pictures))
        ax.text((left + right) / 2, (bottom + top) / 2, f"+{more} more", ha="center",
                va="center", fontsize=TEXT, gid=f"hand:{p}")  # fmt: skip
    if not pictures:
        ax.text(0.05, block.hand - 0.2, "no cards in hand", fontsize=TEXT, va="center",
                gid=f"hand-none:{p}")  # fmt: skip


def _footer(state, card: Card) -> str:
    """What playing ``card`` costs, as the hand shows it."""
    if card.type == "ware":
        return f"buy {card.buy} · sell {card.sell}"
    if card.type == "stand":
        return f"{state.stand_price()} gold"
    if card.name in ("Guard", "Rain Maker"):
        return "reaction"
    return "1 action"


def _line(size: float) -> float:
    """A line of ``size``-point text, in inches."""
    return size * 1.25 / 72


def _wrap(text: str, width: float, size: float) -> str:
    """``text`` wrapped to lines that fit ``width`` inches at ``size`` points."""
    return textwrap.fill(text, max(8, int(width * 72 / (0.58 * size))), break_long_words=False)


def _fit(text: str, width: float, size: float, lines: int) -> str:
    """``text`` wrapped to ``width`` inches, cut to ``lines`` lines with "…" if longer."""
    wrapped = _wrap(text, width, size).split("\n")
    if len(wrapped) <= lines:
        return "\n".join(wrapped)
    if lines <= 0:
        return ""
    kept = wrapped[:lines]
    kept[-1] = (
        kept[-1].rstrip(",;:") + " …"
        if len(kept[-1]) < len(wrapped[0]) - 1
        else (kept[-1].rsplit(" ", 1)[0] + " …")
    )
    return "\n".join(kept)


def _face(ax, left, bottom, width, height, card: Card, gid: str, *, footer: str, edge="#444444",
          text: str = "", size: float = TEXT, dashed: bool = False,
          heading: str = "") -> None:  # fmt: skip
    """A card face, top down: its type (or ``heading``: "card drawn"), its name, a ware
    card's wares, ``text`` (what it does, on a large card) and at the bottom ``footer``
    (prices or cost), inside its box."""
    ax.add_patch(FancyBboxPatch((left, bottom), width, height,
                                boxstyle="round,pad=0,rounding_size=0.06",
                                facecolor=TYPE_FILL[card.type], edgecolor=edge, lw=1.2,
                                linestyle="--" if dashed else "-", gid=gid))  # fmt: skip
    middle, y = left + width / 2, bottom + height - 0.06
    ax.text(middle, y, heading or TYPE_WORD[card.type], ha="center", va="top", fontsize=size,
            style="italic", color="#333333", gid=f"{gid}:type")  # fmt: skip
    y -= _line(size) + 0.02
    # a word too long for a bold line (Transformation) is set in the regular weight
    bold = max(map(len, card.name.split())) * 0.62 * size / 72 < width - 0.08
    name = _wrap(card.name, width - 0.08, size * (1.08 if bold else 1.0))
    ax.text(middle, y, name, ha="center", va="top", fontsize=size, linespacing=1.0,
            weight="bold" if bold else "normal", gid=gid)  # fmt: skip
    y -= (name.count("\n") + 1) * _line(size) + 0.04
    if card.type == "ware":
        radius = 0.095 * size / TEXT
        rows = [card.wares[:3], card.wares[3:]] if len(card.wares) > 3 else [card.wares]
        for wares in rows:
            y -= radius * 1.2
            for k, ware in enumerate(wares):
                x = middle + (k - (len(wares) - 1) / 2) * radius * 2.4
                _token(ax, x, y, ware, radius, f"{gid}:ware", size=max(TEXT, size * 0.9))
            y -= radius * 1.2
        y -= 0.04
    if text:
        small = size - 1 if size > TEXT else size
        room = int((y - bottom - 0.1 - _line(size)) / _line(small))
        ax.text(middle, y, _fit(text, width - 0.1, small, room), ha="center", va="top",
                fontsize=small, linespacing=1.0, gid=f"{gid}:text")  # fmt: skip
    ax.text(middle, bottom + 0.06, footer, ha="center", va="bottom", fontsize=size,
            gid=f"{gid}:cost")  # fmt: skip


# -- the middle ------------------------------------------------------------------------
def _middle(ax: Axes, state, top: float) -> None:
    """Action markers, card supply, discard stack, and the ware supply with its key."""
    used = 5 - state.actions if state.outcome is None else 0
    y = top - 0.18
    for i in range(5):
        fill = "#444444" if i < used else "#ffffff"
        ax.add_patch(Circle((0.17 + i * 0.27, y), 0.1, facecolor=fill, edgecolor="black"))
    ax.text(1.5, y, f"actions: {used} used, {5 - used} left", fontsize=TEXT, va="center",
            gid="actions")  # fmt: skip
    ax.text(4.0, y, f"card supply: {len(state.deck)}", fontsize=TEXT, va="center", gid="deck")
    top_card = state.discard[-1] if state.discard else "empty"
    y -= 0.3
    ax.text(0.05, y, f"discard stack: {len(state.discard)} (top: {top_card})", fontsize=TEXT,
            va="center", gid="discard")  # fmt: skip
    y -= 0.38
    ax.text(0.05, y, "ware\nsupply", fontsize=TEXT, va="center", linespacing=1.0, gid="supply")
    for w in range(6):
        left, bottom, right, top_ = _supply_box(top, w)
        ax.add_patch(Rectangle((left, bottom), right - left, top_ - bottom, facecolor="#f7f7f7",
                               edgecolor="#999999", lw=0.6))  # fmt: skip
        _token(ax, left + 0.15, y, w, 0.11, "supply:token")
        ax.text(left + 0.3, y, WARES[w], fontsize=TEXT, va="center", gid="supply:ware")
        ax.text(right - 0.05, y, str(state.supply[w]), fontsize=TEXT, va="center", ha="right",
                weight="bold", gid="supply:count")  # fmt: skip


def _supply_box(top: float, w: int) -> tuple[float, float, float, float]:
    """``(left, bottom, right, top)`` of ware ``w`` in the supply row of the middle."""
    y = top - 0.86
    left = SUPPLY_X + w * SUPPLY_PITCH
    return left, y - 0.16, left + SUPPLY_PITCH - 0.06, y + 0.16


def to_png(state, viewer: int | None = None, *, reveal: bool = False, dpi: float = 80) -> bytes:
    """The board as PNG bytes (``State._repr_png_``, the widgets' images)."""
    return board_png(draw, state, viewer, reveal=reveal, dpi=dpi)


# -- the named places --------------------------------------------------------------------
def places(state, viewer: int | None = None) -> list[Place]:
    """Every named place of ``draw(state, viewer=viewer)``, its box in the data coordinates
    of the figure's first axes, named as the moves name it: the cards of ``viewer``'s
    hand ("TTL", "Guard"; a ware card's moves say "ware card TTL (…)"), the card
    ``viewer`` has just drawn ("card drawn": "keep the card drawn"), the cards an
    effect offers ``viewer`` to choose from ("choose Dancer"), the utilities in
    play of both traders ("Well": "Well in play · use", a Crocodile's "choose Well
    (ready)") and the wares of the supply ("tea": "choose tea"). Another trader's hidden
    cards are no place."""
    layout = _layout(state, viewer, False)
    out: list[Place] = []
    for block in layout.blocks:
        p = block.player
        if block.shown:
            for i, (name, kind) in enumerate(_pictures(state, p)[0]):
                out.append((DRAWN_PLACE if kind == "drawn" else name, _card_box(block, i)))
        utilities = _utilities(state, p)
        for k, (name, _) in enumerate(utilities):
            out.append((name, _utility_box(block, k, len(utilities))))
    out += [(WARES[w], _supply_box(layout.middle, w)) for w in range(6)]
    return out


def click_axes(state, viewer: int | None = None) -> tuple[Figure, Axes]:
    """The figure and axes ``locate`` reads clicks in, nothing drawn (``render.clicks``)."""
    fig, ax, _ = _axes(state, viewer)
    return fig, ax


def locate(state, x: float, y: float, viewer: int | None = None) -> str | None:
    """The place under pixel ``(x, y)`` of ``to_png(state, viewer)`` (default dpi; y down
    from the top), as ``places`` names it, or ``None``: so ``PlayPanel`` keeps the moves
    that mention it. Only the axes are made (no drawing), so a click costs milliseconds."""
    fig, ax, _ = _axes(state, viewer)
    try:
        point = board_point(fig, x, y, ax)
    finally:
        release(fig)
    return place_at(point, places(state, viewer))


def click_example(state, viewer: int = 0):
    """The click test's place (``boardlab/games/README.md``): the second card of
    ``viewer``'s hand (a ware card to buy with, for seed 5) with its box, as ``places``
    lists it; in phase 1, a move to play first (go to phase 2, where cards are played)."""
    legal = state.legal_actions()
    if StopDrawing() in legal:
        return StopDrawing()
    pictures = _pictures(state, viewer)[0]
    if not pictures:  # no card to click (late in a game): a move to play first
        return legal[0]
    name, kind = pictures[min(1, len(pictures) - 1)]
    name = DRAWN_PLACE if kind == "drawn" else name
    return next(place for place in places(state, viewer) if place[0] == name)


#: ``tests/test_render.py``'s busy board: 20 random moves in (wares and cards in play).
CONTRAST_SCENE = {"params": {}, "steps": 20, "player_words": True}


# -- single cards and the gallery --------------------------------------------------------
def _card_of(card, game=None) -> Card:
    """A card given by its name ("Well", "TTL") or as a ``Card``."""
    if isinstance(card, Card):
        return card
    table = default_deck().cards if game is None else game.cards
    if card not in table:
        raise ValueError(f"Jambo has no card {card!r}: name one as the game does, e.g. 'TTL' "
                         "or 'Well'")  # fmt: skip
    return table[card]


def _cost(card: Card) -> str:
    """What playing a card costs, in the rulebook's terms, for a single card."""
    if card.type == "ware":
        return f"buy {card.buy} · sell {card.sell}"
    if card.type == "stand":
        return "6 gold (first), then 3"
    if card.name in ("Guard", "Rain Maker"):
        return "reaction: 0 actions"
    if card.type == "utility":
        return "each use: 1 action"
    return "1 action"


def draw_card(card, ax: Axes | None = None, *, seat: int | None = None, game=None) -> Figure:
    """One Jambo card drawn large with its words: its type, name, a ware card's wares and
    prices, what it does (the card list's text) and what playing it costs. ``card`` is a
    name as the moves name it ("TTL", "Well") or a ``Card`` of ``game`` (the shipped deck
    when None). Every seat sees a card alike: ``seat`` changes nothing."""
    face = _card_of(card, game)
    fig, ax = board_axes((0.0, 2.3), (0.0, 3.1), ax, unit=1.0, top=0.05, bottom=0.05)
    _face(ax, 0.05, 0.05, 2.2, 3.0, face, "card", footer=_cost(face), text=face.text, size=11)
    return fig


def gallery(game="jambo") -> Figure:
    """Every kind of Jambo card drawn with its words, by type: the ware card designs with
    their wares and prices, then the utilities, people, animals and the small market
    stand with what each does and costs, and how many of each the deck holds."""
    if isinstance(game, str):
        import boardlab

        game = boardlab.load(game)
    copies = {name: game.deck.count(name) for name in game.cards}
    groups = [
        ("ware", "Ware cards: buy for the left price, sell for the right (1 action)"),
        ("utility", "Utilities: stay in play (3 at most); each use costs 1 action, once a turn"),
        ("people", "People: 1 action, then discarded; Guard and Rain Maker react at 0 actions"),
        ("animal", "Animals: 1 action; the other trader may cancel one with a Guard"),
        ("stand", "Small market stand: 3 more spaces"),
    ]
    per_row = {"ware": 10}
    sizes = {"ware": (0.98, 1.25)}
    width = 10.5
    rows: list[tuple[str, str, list[Card]]] = []
    for kind, heading in groups:
        cards = [c for c in game.cards.values() if c.type == kind and copies[c.name]]
        if cards:
            rows.append((kind, heading, cards))
    height, shapes = 0.0, []
    for kind, _, cards in rows:
        n = per_row.get(kind, 6)
        w, h = sizes.get(kind, (1.68, 2.15))
        shapes.append((n, w, h))
        height += 0.35 + math.ceil(len(cards) / n) * (h + 0.3)
    fig, ax = board_axes((0.0, width), (0.0, height), None, unit=1.0, top=0.4, bottom=0.05)
    title = ax.set_title("Jambo's cards (the number under a card: copies in the deck)",
                         loc="left", fontsize=12)  # fmt: skip
    title.set_x(0.005)
    y = height
    for (kind, heading, cards), (n, w, h) in zip(rows, shapes, strict=True):
        ax.text(0.05, y - 0.18, heading, fontsize=HEAD, weight="bold", va="center",
                gid=f"gallery:{kind}")  # fmt: skip
        y -= 0.35
        pitch = (width - 0.1) / n
        for i, card in enumerate(cards):
            r, k = divmod(i, n)
            left, bottom = 0.05 + k * pitch, y - r * (h + 0.3) - h
            text = "" if kind == "ware" else card.text
            _face(ax, left, bottom, w, h, card, f"gallery:{card.name}", footer=_cost(card)
                  if kind != "ware" else f"buy {card.buy} · sell {card.sell}",
                  text=text)  # fmt: skip
            ax.text(left + w / 2, bottom - 0.04, f"× {copies[card.name]}", ha="center",
                    va="top", fontsize=TEXT, gid="gallery:copies")  # fmt: skip
        y -= math.ceil(len(cards) / n) * (h + 0.3)
    return fig


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
    nx.draw_networkx_labels(g, where, font_size=TEXT, ax=ax)
    counts = {(a, b): str(c) for a, b, c in g.edges(data="count") if c}
    nx.draw_networkx_edge_labels(g, where, counts, font_size=TEXT, ax=ax)
    for p in (0, 1):
        data = g.nodes[f"player {p}"]
        hand = data["hand"]
        text = ", ".join(hand) if hand is not None else f"{data['hand_size']} hidden cards"
        ax.text(5 * p - 0.3, -0.7 - 0.3 * p, textwrap.fill(f"player {p}: {text}", 40),
                fontsize=TEXT, gid=f"graph:player {p}", va="top")  # fmt: skip
    ax.set_axis_off()
    ax.set_title("the markets as a graph", fontsize=HEAD)
    return fig
