"""Waterhole's renderer: what a figure shows to whom, the track as a graph, the PNG.

Texts are found by their ``gid`` (``hand:1``, ``pawn:0``, ``deck``, ``discard``),
so the tests read what a figure says, not its pixels. A new game's render
tests copy this shape: above all, a hidden card is drawn only for its owner
or with ``reveal``.
"""

from __future__ import annotations

import io

import matplotlib

matplotlib.use("Agg")

import matplotlib.image
import matplotlib.pyplot as plt
import pytest
from matplotlib.figure import Figure
from matplotlib.patches import FancyBboxPatch
from matplotlib.text import Text

import boardlab
from boardlab.games._template import Chase, PlayCard, render

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def texts(fig: Figure, gid: str | None = None) -> list[str]:
    """Every string the figure shows (or those of the artists tagged ``gid``)."""
    found = [t for t in fig.findobj(Text) if t.get_visible() and t.get_text()]
    return [t.get_text() for t in found if gid is None or t.get_gid() == gid]


def cards(fig: Figure, gid: str) -> int:
    """How many cards (faces or backs) are drawn under ``gid``."""
    return len(fig.findobj(lambda a: isinstance(a, FancyBboxPatch) and a.get_gid() == gid))


@pytest.fixture
def state():
    """Three players: player 0 holds lion 3 and zebra 5, the others one card each."""
    return (
        boardlab.load("template")
        .new_game(0)
        .arrange(
            positions=[4, 9, 0],
            hands=[["lion 3", "zebra 5"], ["zebra 2"], ["lion 1"]],
            deck=["zebra 1", "zebra 4"],
        )
    )


def title(fig: Figure) -> str:
    return fig.axes[0].get_title(loc="left")


def test_draw_returns_a_titled_figure_without_pyplot(state):
    before = plt.get_fignums()
    fig = render.draw(state)
    assert isinstance(fig, Figure)
    assert title(fig) == "Waterhole (the template game) · turn 1 · player 0 plays a card"
    assert fig.axes[0].get_legend() is not None
    assert plt.get_fignums() == before  # nothing left in pyplot's global list


def test_draw_into_a_given_axes_uses_that_figure(state):
    fig = Figure()
    ax = fig.add_subplot()
    assert render.draw(state, ax=ax) is fig
    assert "Waterhole" in ax.get_title(loc="left")


def test_a_hand_is_named_only_for_its_owner(state):
    mine = render.draw(state, viewer=0)
    assert texts(mine, "hand:0") == ["zebra 5", "lion 3"]
    assert texts(mine, "hand:1") == texts(mine, "hand:2") == []
    assert (cards(mine, "hand:1"), cards(mine, "hand:2")) == (1, 1)  # backs, counted
    theirs = render.draw(state, viewer=1)
    assert texts(theirs, "hand:0") == [] and cards(theirs, "hand:0") == 2
    assert texts(theirs, "hand:1") == ["zebra 2"]


def test_the_places_are_the_spaces_and_only_the_viewers_own_cards(state):
    names = [name for name, _ in render.places(state, viewer=0)]
    assert names[:2] == ["camp", "space 1"] and names[15] == "space 15"
    assert names[16:] == ["zebra 5", "lion 3"]  # player 0's hand, in the order drawn
    assert [name for name, _ in render.places(state, viewer=1)][16:] == ["zebra 2"]
    assert len(render.places(state)) == 16  # a spectator: the track only


def test_a_spectator_sees_no_hand_and_reveal_shows_every_hand(state):
    spectator = texts(render.draw(state))
    assert not {"lion 3", "zebra 5", "zebra 2", "lion 1"} & set(spectator)
    shown = render.draw(state, reveal=True)
    assert [texts(shown, f"hand:{p}") for p in range(3)] == [
        ["zebra 5", "lion 3"],
        ["zebra 2"],
        ["lion 1"],
    ]


def test_pawns_deck_and_last_card_are_public(state):
    state.apply(PlayCard.of("lion 3"))
    fig = render.draw(state, viewer=2)
    assert [texts(fig, f"pawn:{p}") for p in range(3)] == [["0"], ["1"], ["2"]]
    assert texts(fig, "discard") == ["lion 3"]
    assert texts(fig, "deck") == ["2"]
    assert "player 0 · space 7" in texts(fig) and "player 2 · camp" in texts(fig)
    assert title(fig).endswith("player 0 chooses whom their lion 3 chases")


def test_game_over_is_in_the_title(state):
    state.arrange(positions=[12, 9, 0])
    state.apply(PlayCard.of("zebra 5"))
    assert title(render.draw(state)).endswith("Game over: player 0 wins (waterhole reached)")


def test_png_is_a_valid_png_of_the_figure(state):
    png = render.to_png(state)
    assert png.startswith(PNG_SIGNATURE)
    height, width = matplotlib.image.imread(io.BytesIO(png), format="png").shape[:2]
    assert width > 500 and height > 300
    assert render.to_png(state, dpi=40) != png
    assert state._repr_png_() == png  # a notebook shows the spectator's view


def test_graph_is_the_track_with_a_node_per_pawn(state):
    g = render.graph(state)
    spaces = [v for v, kind in g.nodes(data="kind") if kind == "space"]
    assert spaces == list(range(16))
    steps = [(u, v) for u, v, kind in g.edges(data="kind") if kind == "step"]
    assert steps == [(s, s + 1) for s in range(15)]
    assert g.nodes[0]["camp"] and g.nodes[15]["waterhole"] and not g.nodes[7]["waterhole"]
    standing = {u: v for u, v, kind in g.edges(data="kind") if kind == "stands on"}
    assert standing == {"player 0": 4, "player 1": 9, "player 2": 0}
    assert g.nodes["player 1"]["hand_size"] == 1


def test_graph_carries_a_hand_only_for_its_owner_or_reveal(state):
    assert [render.graph(state).nodes[f"player {p}"]["hand"] for p in range(3)] == [None] * 3
    mine = render.graph(state, 0)
    assert mine.nodes["player 0"]["hand"] == ["zebra 5", "lion 3"]
    assert mine.nodes["player 1"]["hand"] is None
    revealed = render.graph(state, reveal=True)
    assert revealed.nodes["player 2"]["hand"] == ["lion 1"]


def test_draw_graph_shows_what_the_viewer_may_know(state):
    state.apply(PlayCard.of("lion 3"))
    state.apply(Chase(1))
    fig = render.draw_graph(state, viewer=0)
    assert fig.axes[0].get_title() == "the track as a graph"
    assert texts(fig, "graph:player 0") == ["player 0: zebra 1, zebra 5"]
    assert texts(fig, "graph:player 1") == ["player 1: 1 hidden card"]
    assert "zebra 2" in texts(render.draw_graph(state, reveal=True), "graph:player 1")[0]
