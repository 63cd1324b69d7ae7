"""Jambo's renderer: what a figure shows to whom, the markets as a graph, the PNG.

Texts are found by their ``gid`` (``hand:1``, ``ware:0``, ``gold:0``, ``pending``…);
a hidden card is drawn only for its owner or with ``reveal``.
"""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt
import pytest
from matplotlib.figure import Figure
from matplotlib.patches import FancyBboxPatch
from matplotlib.text import Text

import boardlab
from boardlab.games.jambo import PlayCard, render

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def texts(fig: Figure, gid: str | None = None) -> list[str]:
    found = [t for t in fig.findobj(Text) if t.get_visible() and t.get_text()]
    return [t.get_text() for t in found if gid is None or t.get_gid() == gid]


def cards(fig: Figure, gid: str) -> int:
    return len(fig.findobj(lambda a: isinstance(a, FancyBboxPatch) and a.get_gid() == gid))


@pytest.fixture
def state():
    return (
        boardlab.load("jambo")
        .new_game(0)
        .arrange(
            hands=[["Crocodile", "KKF"], ["Guard"]],
            markets=["KKTS", "HH"],
            stands=[1, 0],
            utilities=[["Well"], ["Drums"]],
            used=[["Boat"], []],
            gold=[17, 23],
            actions=4,
            rest="discard",
        )
    )


def test_draw_shows_gold_wares_stands_utilities_and_actions_without_pyplot(state):
    before = plt.get_fignums()
    fig = render.draw(state)
    assert plt.get_fignums() == before
    assert texts(fig, "gold:0") == ["player 0 · 17 gold"]
    assert texts(fig, "gold:1") == ["player 1 · 23 gold"]
    assert texts(fig, "ware:0") == ["K", "K", "T", "S"] and texts(fig, "ware:1") == ["H", "H"]
    assert texts(fig, "utility:0") == ["Well (ready)", "Boat (used)"]
    assert texts(fig, "actions") == ["actions: 1 used, 4 left"]
    assert "large stand + 1 small" in texts(fig)
    assert texts(fig, "supply") == ["ware supply: K 4  H 4  T 5  L 6  F 6  S 5"]


def test_a_hand_is_named_only_for_its_owner_or_with_reveal(state):
    mine = render.draw(state, viewer=0)
    assert texts(mine, "hand:0") == ["Crocodile", "KKF"]
    assert texts(mine, "hand:1") == [] and cards(mine, "hand:1") == 1
    spectator = render.draw(state)
    assert texts(spectator, "hand:0") == texts(spectator, "hand:1") == []
    assert texts(render.draw(state, reveal=True), "hand:1") == ["Guard"]


def test_the_pending_decision_is_written_out(state):
    state.apply(PlayCard("Crocodile"))
    fig = render.draw(state, viewer=1)
    assert texts(fig, "pending") == ["player 1 may cancel the Crocodile with a Guard"]
    assert "player 1 may cancel the Crocodile with a Guard" in fig.axes[0].get_title(loc="left")


def test_the_graph_holds_the_markets_and_hides_hands(state):
    g = render.graph(state)
    assert g.edges["player 0's market", "trinkets"]["count"] == 2
    assert g.nodes["player 1"]["hand"] is None and g.nodes["player 1"]["hand_size"] == 1
    assert render.graph(state, viewer=1).nodes["player 1"]["hand"] == ["Guard"]
    fig = render.draw_graph(state, viewer=0)
    assert texts(fig, "graph:player 1") == ["player 1: 1 hidden cards"]


def test_to_png_is_a_png(state):
    assert render.to_png(state, viewer=0).startswith(PNG_SIGNATURE)
