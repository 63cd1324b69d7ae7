"""Kalimambo drawn: the loop, the dung heaps, Mambo, Kali, the explorers and the cards.

``draw`` shows the path around the board as a ring of ``track_length``
spaces (space 0 at the top, clockwise), the dung heaps (brown), Mambo (the
grey rhino, "M"), Kali (black, "K") and each explorer in its player's colour,
and beside the ring a table: each player's penalty points, the card they
played in the last round (face up once the round is resolved) or a face-down
card for a pick still secret, and the cards they have not revealed yet.

``race_line`` draws the positions over the rounds (a "race line" per figure,
Mambo dashed) and ``penalty_table`` gives the penalty points after each round
as a DataFrame, both from ``rounds_table``. ``graph`` gives the loop as a
``networkx`` cycle graph.

Positions are on an unbounded line (dossier decision 2); the ring shows
``position % track_length``. Only public fields are read unless ``viewer``
may know a pick or ``reveal`` is set; nothing here changes a state.
"""

from __future__ import annotations

from itertools import pairwise
from math import cos, pi, sin

import networkx as nx
from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.patches import Circle, FancyBboxPatch, Patch

from boardlab.render import (
    Place,
    board_axes,
    board_png,
    board_point,
    new_axes,
    place_at,
    player_colour,
    release,
)

from .components import figure_name

#: Colours: the path, the dung, Mambo, Kali (Kali's deck is black in the box).
PATH_FILL, PATH_EDGE = "#efe3c2", "#a58d5a"
DUNG_FILL, DUNG_EDGE = "#7a4a1d", "#4a2a0d"
MAMBO_COLOUR = "#8d8d8d"
KALI_COLOUR = "#111111"
CARD_FACE, CARD_BACK = "#fffdf5", "#3d5a6c"
RADIUS = 4.0
#: The table's right edge, and where (and how far apart at most) the cards not yet
#: revealed are written in a row.
RIGHT, LEFT_X, LEFT_STEP = 15.2, RADIUS + 1.6 + 4.75, 0.4


def ring_xy(space: int, length: int, radius: float = RADIUS) -> tuple[float, float]:
    """Where loop space ``space`` is drawn: space 0 at the top, then clockwise."""
    angle = pi / 2 - 2 * pi * space / length
    return radius * cos(angle), radius * sin(angle)


def draw(
    state, ax: Axes | None = None, *, viewer: int | None = None, reveal: bool = False
) -> Figure:
    """Draw ``state`` as ``viewer`` sees it (``None``: a spectator); ``reveal`` shows every
    secret pick. Returns the figure (a new pyplot-free one when ``ax`` is None)."""
    game = state.game
    fig, ax, panel_top = _axes(state, ax)
    size = min(0.42, 0.45 * (2 * pi * RADIUS / game.length))  # a space's radius on the ring
    _draw_loop(ax, state, size)
    ax.text(0, 0.35, game.title, ha="center", va="center", fontsize=14, weight="bold")
    ax.text(0, -0.35, _status(state), ha="center", va="center", fontsize=8.5)
    _draw_figures(ax, state, size)
    _draw_table(ax, state, viewer, reveal, panel_top)
    _draw_legend(ax)
    return fig


def _axes(state, ax: Axes | None = None) -> tuple[Figure, Axes, float]:
    """The board's axes (the ring on the left, the table on its right) and the table's top."""
    rows = state.game.num_players + 1
    top = max(RADIUS + 0.6, 0.5 * rows)
    ylim = (min(-RADIUS - 1.0, top - 0.75 * (rows + 2)), top + 0.4)
    fig, ax = board_axes((-RADIUS - 1.0, RIGHT), ylim, ax, unit=0.55, top=0.6, bottom=0.6)
    return fig, ax, top


def _left_x(i: int, count: int) -> float:
    """Where the ``i``-th of ``count`` cards not yet revealed is written in a table row."""
    return LEFT_X + i * min(LEFT_STEP, (RIGHT - 0.3 - LEFT_X) / max(count, 1))


def locate(state, x: float, y: float, viewer: int | None = None) -> str | None:
    """The card under pixel ``(x, y)`` of ``to_png(state, viewer)`` (default dpi, y down):
    one of ``viewer``'s cards not yet revealed, in their row of the table ("card 7", as the
    move "play card 7" names it), or ``None``. Kalimambo is about cards, not places: the
    ring's spaces are no move's choice, so a click there is ``None``. Nothing is drawn."""
    if viewer is None or not 0 <= viewer < state.game.num_players:
        return None
    fig, ax, top = _axes(state)
    try:
        point = board_point(fig, x, y, ax)
    finally:
        release(fig)
    row = top - 0.75 * (viewer + 1)
    left = state.cards_left(viewer)
    places: list[Place] = []
    for i, card in enumerate(left):  # a card's box reaches to the next card's number
        start, end = _left_x(i, len(left)) - 0.05, _left_x(i + 1, len(left)) - 0.05
        places.append((f"card {card}", (start, row - 0.3, end, row + 0.3)))
    return place_at(point, places)


def click_example(state, viewer: int = 0) -> Place:
    """The click test's place (``boardlab/games/README.md``): the third card ``viewer``
    has not revealed yet, with its box in their row of the table as ``locate`` lists it."""
    top = _axes(state)[2]
    row, left = top - 0.75 * (viewer + 1), state.cards_left(viewer)
    start, end = _left_x(2, len(left)) - 0.05, _left_x(3, len(left)) - 0.05
    return f"card {left[2]}", (start, row - 0.3, end, row + 0.3)


#: ``tests/test_render.py``'s busy board: 7 players, 9 random moves in. Kalimambo writes
#: no words in a player's colour (``player_words``): the test checks there are none unreadable.
CONTRAST_SCENE = {"params": {"players": 7}, "steps": 9, "player_words": False}


def _draw_loop(ax: Axes, state, size: float) -> None:
    """The path around the board: one circle per loop space, dung heaps brown, numbered."""
    length = state.game.length
    for s in range(length):
        x, y = ring_xy(s, length)
        dung = state.dung_at[s]
        ax.add_patch(
            Circle(
                (x, y),
                size,
                facecolor=DUNG_FILL if dung else PATH_FILL,
                edgecolor=DUNG_EDGE if dung else PATH_EDGE,
                lw=1,
                zorder=1,
            )
        )
        label_x, label_y = ring_xy(s, length, RADIUS + 0.75)
        ax.text(label_x, label_y, str(s), ha="center", va="center", fontsize=6.5, color="#6b5a3a")


def _draw_figures(ax: Axes, state, size: float) -> None:
    """Mambo, Kali and the explorers on their spaces; a figure a lap ahead of another on
    the same space is drawn inside it (positions are on an unbounded line, dossier 2)."""
    n = state.game.num_players
    length = state.game.length
    taken: dict[int, int] = {}
    figures = [(f, state.figures[f]) for f in range(n + 1)] + [(-1, state.mambo)]
    for f, position in sorted(figures, key=lambda t: t[1]):
        space = position % length
        lap = taken.get(space, 0)
        taken[space] = lap + 1
        x, y = ring_xy(space, length, RADIUS - 0.8 * lap)
        if f == -1:
            colour, label, ink = MAMBO_COLOUR, "M", "white"
        elif f == n:
            colour, label, ink = KALI_COLOUR, "K", "white"
        else:
            colour, label, ink = player_colour(f), str(f), "black" if f == 6 else "white"
        ax.add_patch(
            Circle((x, y), size * 0.78, facecolor=colour, edgecolor="black", lw=1.2, zorder=3)
        )
        ax.text(
            x,
            y,
            label,
            ha="center",
            va="center",
            fontsize=8,
            color=ink,
            weight="bold",
            zorder=4,
            gid="figure",
        )


def _draw_legend(ax: Axes) -> None:
    """What the dung and the two black-and-grey figures are."""
    ax.legend(
        handles=[
            Patch(facecolor=DUNG_FILL, edgecolor=DUNG_EDGE, label="dung heap"),
            Patch(facecolor=MAMBO_COLOUR, edgecolor="black", label="M: Mambo the rhino"),
            Patch(facecolor=KALI_COLOUR, edgecolor="black", label="K: Kali"),
        ],
        loc="lower left",
        fontsize=7.5,
        ncol=3,
        frameon=False,
        bbox_to_anchor=(0.45, -0.02),
    )


def _status(state) -> str:
    if state.outcome is not None:
        names = " and ".join(f"player {w}" for w in state.outcome.winners)
        verb = "wins" if len(state.outcome.winners) == 1 else "share the win"
        return f"game over: {names} {verb}"
    return f"round {state.round} of {state.game.rounds} · player {state.current_player} chooses"


def _card(ax: Axes, x: float, y: float, text: str | None, edge: str) -> None:
    """A small card: face up with ``text``, or a back when ``text`` is None."""
    face = CARD_BACK if text is None else CARD_FACE
    ax.add_patch(
        FancyBboxPatch(
            (x - 0.3, y - 0.32),
            0.6,
            0.64,
            boxstyle="round,pad=0.02,rounding_size=0.08",
            facecolor=face,
            edgecolor=edge,
            lw=1.4,
            zorder=2,
        )
    )
    if text is not None:
        ax.text(x, y, text, ha="center", va="center", fontsize=9, weight="bold", gid="card")


def _draw_table(ax: Axes, state, viewer, reveal: bool, top: float) -> None:
    """One row per player and one for Kali: points, last/secret card, cards not revealed.

    What the cards left are is public (everybody saw the cards played); a pick of this
    round and the order of Kali's deck are not (dossier 3)."""
    n = state.game.num_players
    x0 = RADIUS + 1.6
    ax.text(x0, top, "figure", fontsize=8, weight="bold", va="center")
    ax.text(x0 + 3.2, top, "points", fontsize=8, weight="bold", va="center", ha="center")
    ax.text(x0 + 4.1, top, "card", fontsize=8, weight="bold", va="center", ha="center")
    ax.text(LEFT_X, top, "cards not yet revealed", fontsize=8, weight="bold", va="center")
    last_round = state.revealed
    for f in range(n + 1):
        y = top - 0.75 * (f + 1)
        kali = f == n
        colour = KALI_COLOUR if kali else player_colour(f)
        ax.add_patch(Circle((x0 + 0.15, y), 0.16, facecolor=colour, edgecolor="black", zorder=2))
        name = figure_name(f, n)
        position = state.figures[f]
        length = state.game.length
        where = f"{name} on {position % length}" + (
            f" (lap {position // length + 1})" if position >= length else ""
        )
        ax.text(x0 + 0.45, y, where, fontsize=8, va="center")
        if not kali:
            ax.text(
                x0 + 3.2,
                y,
                str(state.penalties[f]),
                fontsize=10,
                ha="center",
                va="center",
                weight="bold",
                gid="points",
            )
            pick = state.pending[f]
            if pick >= 0:  # a secret pick: face up only to its owner, or when revealed
                shown = reveal or viewer == f
                _card(ax, x0 + 4.1, y, str(pick) if shown else None, colour)
            elif last_round is not None:
                _card(ax, x0 + 4.1, y, str(last_round[f]), colour)
            left = state.cards_left(f)
        else:
            if last_round is not None:
                _card(ax, x0 + 4.1, y, str(last_round[f]), colour)
            left = sorted(state.kali_deck)  # which cards Kali has left, never their order
        if not left:
            ax.text(LEFT_X, y, "—", fontsize=7.5, va="center")
        for i, c in enumerate(left):  # one text each: a click on one picks it (``locate``)
            style = {"fontsize": 7.5, "va": "center", "family": "monospace", "gid": f"left:{f}"}
            ax.text(_left_x(i, len(left)), y, str(c), **style)
    note = "card: last round's, face up; a back is a secret pick of this round"
    ax.text(x0, top - 0.75 * (n + 2), note, fontsize=7, style="italic", va="center")


def to_png(state, viewer: int | None = None, *, reveal: bool = False, dpi: float = 80) -> bytes:
    """The board as PNG bytes (``State._repr_png_``, ``Image`` widgets)."""
    return board_png(draw, state, viewer, reveal=reveal, dpi=dpi)


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

    The y axis is the distance run on the unbounded line (dossier 2), which keeps rising
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
            x, y = ring_xy(s, length, RADIUS * 1.22)
            ax.text(x, y, "\n".join(names), ha="center", va="center", fontsize=6.5)
    ax.set_aspect("equal")
    ax.set_axis_off()
    ax.set_title("the loop as a graph", fontsize=10)
    return fig
