"""Tembo's renderer: what a figure shows to whom, the graphs, the PNG, a click's cell."""

from __future__ import annotations

import io

import matplotlib

matplotlib.use("Agg")

import matplotlib.image
import matplotlib.pyplot as plt
import networkx as nx
import pytest
from matplotlib.figure import Figure
from matplotlib.patches import Rectangle
from matplotlib.text import Text

import boardlab
from boardlab.games.tembo import Build, OnArea, render

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def texts(fig: Figure, gid: str | None = None) -> list[str]:
    found = [t for t in fig.findobj(Text) if t.get_visible() and t.get_text()]
    return [t.get_text() for t in found if gid is None or t.get_gid() == gid]


@pytest.fixture
def state():
    return (
        boardlab.load("tembo")
        .new_game(0)
        .arrange(
            hands=[["I-01", "I-02", "I-03"], ["I-04", "I-05", "I-06"]],
            deck=["II-01", "II-02"],
            elephants={"b3": 0},
            tired=[6, 7],
            lying=[True, False],
        )
    )


def test_draw_returns_a_titled_figure_without_pyplot(state):
    before = plt.get_fignums()
    fig = render.draw(state)
    assert fig.axes[0].get_title(loc="left") == "Tembo · turn 1 · player 0 · turn"
    assert plt.get_fignums() == before


def test_a_hand_is_named_only_for_its_owner_or_with_reveal(state):
    assert texts(render.draw(state, viewer=0), "hand:0") == ["hand: I-01, I-02, I-03"]
    assert texts(render.draw(state, viewer=0), "hand:1") == ["hand: 3 hidden cards"]
    assert "I-04" not in " ".join(texts(render.draw(state)))
    assert texts(render.draw(state, reveal=True), "hand:1") == ["hand: I-04, I-05, I-06"]


def test_the_table_is_public(state):
    fig = render.draw(state, viewer=1)
    assert texts(fig, "energy") == ["energy 10/15"]
    assert texts(fig, "tokens") == ["support tokens 4"]
    assert texts(fig, "lion:0") == ["lio lying"] and texts(fig, "lion:1") == ["lio"]
    assert texts(fig, "matriarch") == ["M"]
    assert texts(fig, "player:0") == ["player 0: 3 rested, 6 tired, 1 out, 0 lost"]


def test_the_legal_placements_of_a_pattern_are_outlined(state):
    fig = render.draw_placements(state, "I-01", viewer=0)
    boxes = fig.findobj(lambda a: isinstance(a, Rectangle) and a.get_gid() == "highlight")
    cells = {c for _, cs in state.placements(state.game.card_ids["I-01"], 0, 0) for c in cs}
    assert len(boxes) == sum(len(cs) for _, cs in state.placements(0, 0, 0)) and cells


def test_png_and_locate_name_the_cell_clicked(state):
    png = render.to_png(state)
    assert png.startswith(PNG_SIGNATURE)
    height, width = matplotlib.image.imread(io.BytesIO(png), format="png").shape[:2]
    assert width > 500 and height > 100
    fig = render.draw(state)
    ax = fig.axes[0]
    x, y = ax.transData.transform((2.5, 2.5))  # the middle of b3 (column 3, row b)
    total = fig.get_size_inches()[1] * fig.dpi
    scale = 80 / fig.dpi
    assert render.locate(state, x * scale, (total - y) * scale) == "b3"


def test_graph_is_the_area_graph_with_hands_by_the_viewers_rule(state):
    g = render.graph(state)
    assert nx.is_connected(g) and g.number_of_nodes() == 38
    assert g.graph["hands"] == [None, None]
    assert render.graph(state, 0).graph["hands"][0] == ["I-01", "I-02", "I-03"]
    a = next(i for i in g if g.nodes[i]["name"] == "a")
    assert g.nodes[a]["elephants"] == 1
    assert render.cell_graph(state).number_of_nodes() == 160
    assert render.draw_graph(state).axes[0].get_title().startswith("the area graph")


def test_a_built_card_shows_on_its_area(state):
    assert texts(render.draw(state), "area:f") == ["f"]
    state.apply(Build("I-03"))
    state.apply(OnArea("f"))
    assert texts(render.draw(state), "area:f") == ["I-03"]
