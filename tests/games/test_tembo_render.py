"""Tembo's renderer: what a figure shows to whom, the named places (cells, areas, cards),
the card pictures and the gallery, the graphs, the PNG, a click's place."""

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
from boardlab.games.tembo import Build, OnArea, Place, Support, render
from boardlab.widgets.choices import choices_of, mentions

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def texts(fig: Figure, gid: str | None = None) -> list[str]:
    found = [t for t in fig.findobj(Text) if t.get_visible() and t.get_text()]
    return [t.get_text() for t in found if gid is None or t.get_gid() == gid]


def gids(fig: Figure, prefix: str) -> set[str]:
    return {t.get_gid() for t in fig.findobj(Text) if (t.get_gid() or "").startswith(prefix)}


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


def pixel(state, u: float, v: float, viewer=None) -> tuple[float, float]:
    """The pixel of ``to_png(state, viewer)`` (80 dpi, y down) at data point ``(u, v)``."""
    fig = render.draw(state, viewer=viewer)
    ax = fig.axes[0]
    ax.apply_aspect()
    x, y = ax.transData.transform((u, v))
    total = fig.get_size_inches()[1] * fig.dpi
    scale = 80 / fig.dpi
    return x * scale, (total - y) * scale


def test_draw_returns_a_titled_figure_without_pyplot(state):
    before = plt.get_fignums()
    fig = render.draw(state)
    assert fig.axes[0].get_title(loc="left") == "Tembo · turn 1 · player 0 · turn"
    assert plt.get_fignums() == before


def test_a_hand_is_named_only_for_its_owner_or_with_reveal(state):
    assert texts(render.draw(state, viewer=0), "hand:0") == ["hand: I-01, I-02, I-03"]
    assert texts(render.draw(state, viewer=0), "hand:1") == ["3 cards (backs I I I)"]
    assert "I-04" not in " ".join(texts(render.draw(state)))
    assert texts(render.draw(state, reveal=True), "hand:1") == ["hand: I-04, I-05, I-06"]


def test_the_viewer_sees_their_own_hand_as_card_pictures(state):
    fig = render.draw(state, viewer=0)
    assert gids(fig, "card-name:") == {"card-name:I-01", "card-name:I-02", "card-name:I-03"}
    assert "seated south" in texts(fig, "hand-title")[0]
    assert not gids(render.draw(state), "card-name:")  # a spectator sees no hand
    north = render.draw(state, viewer=1)
    assert gids(north, "card-name:") == {"card-name:I-04", "card-name:I-05", "card-name:I-06"}
    # I-06 (rotation symbol) as it lands for player 1, seated north: its arrow points south
    assert texts(north, "card-arrow:I-06") == ["↓ ↻"]
    assert texts(fig, "card-arrow:I-01") == ["↑ ↻"] and texts(fig, "card-arrow:I-02") == ["↑"]


def test_the_table_is_public(state):
    fig = render.draw(state, viewer=1)
    assert texts(fig, "energy") == ["energy 10/15"]
    assert texts(fig, "tokens") == ["tokens 4"]
    assert texts(fig, "token:A") == ["A: +1 energy"]
    assert texts(fig, "lion:0") == ["lioness\nlying"] and texts(fig, "lion:1") == ["lion"]
    assert texts(fig, "matriarch") == ["M"]
    assert texts(fig, "player:0") == ["player 0 (south): 3 rested, 6 tired, 1 out, 0 lost"]
    assert texts(fig, "player:1")[0].startswith("player 1 (north):")
    assert texts(fig, "cell:b3") == ["0"]  # the owner's number, not only the colour


def test_every_cell_reads_as_its_name_by_the_margins(state):
    """Row letters beside each band and column numbers above it: "b14" is row b, column 14."""
    fig = render.draw(state)
    columns = state.game.journey.columns
    assert sorted(map(int, texts(fig, "column"))) == list(range(1, columns + 1))
    assert sorted(set(texts(fig, "row"))) == ["a", "b", "c", "d"]
    assert len(texts(fig, "row")) == 8  # two bands of 20 columns


def outlined(fig) -> int:
    return len(fig.findobj(lambda a: isinstance(a, Rectangle) and a.get_gid() == "choice"))


def test_every_free_cell_carries_its_name_and_the_cells_to_choose_are_outlined(state):
    state.apply(Place("I-01"))
    fig = render.draw(state, viewer=0)
    named = {a.cell for a in state.legal_actions()}
    assert named and {t for t in texts(fig) if t in named} == named
    free = {n for c, n in enumerate(state.game.cell_names) if render._named(state, c)}
    assert gids(fig, "name:") == {f"name:{n}" for n in free}
    assert "b3" not in free and "b2" not in free  # an elephant, the Matriarch
    assert outlined(fig) == len(named)
    assert outlined(render.draw(state, viewer=1)) == 0  # not player 1's decision


def test_terrain_is_told_by_a_pattern_as_well_as_a_colour():
    state = (
        boardlab.load("tembo")
        .new_game(0)
        .arrange(
            hands=[["I-01", "I-03", "I-04"], ["I-06", "I-07", "I-08"]],
            built=[["a", "I-02", 0], ["b", "I-05", 0]],
        )
    )
    fig = render.draw(state)
    water, rough = render.TERRAIN_FILL["w"], render.TERRAIN_FILL["r"]
    patches = fig.axes[0].patches
    from matplotlib.colors import to_hex

    hatch = {to_hex(p.get_facecolor()): p.get_hatch() for p in patches}
    assert hatch[water] and hatch[rough] and hatch[water] != hatch[rough]
    assert "water: lines" in texts(fig, "key")[0]


def test_board_text_is_at_least_nine_points(state):
    """No word smaller than 9 pt (10 px at the 80 dpi ``to_png`` draws at)."""
    state.apply(Place("I-01"))
    fig = render.draw(state, viewer=0)
    small = [t.get_text() for t in fig.findobj(Text) if t.get_text() and t.get_fontsize() < 9]
    assert not small


def test_a_place_named_in_a_choice_is_found_by_locate_at_its_boxs_centre(state):
    """Cells, areas, the viewer's cards, the support tokens and the players: each place a
    legal choice names is listed by ``places``, and ``locate`` names it at its box's centre
    in the PNG."""
    checked = set()

    def check(viewer=0):
        listed = dict(render.places(state, viewer))
        for choice in choices_of(state):
            if not choice.legal:
                continue
            for name, box in listed.items():
                if name in checked or not mentions(name, choice.text):
                    continue
                left, bottom, right, top = box
                x, y = pixel(state, (left + right) / 2, (bottom + top) / 2, viewer)
                assert render.locate(state, x, y, viewer) == name
                checked.add(name)

    check()  # the hand's cards and the support tokens
    assert {"I-01", "support token A"} <= checked
    state.apply(Build("I-03"))
    check()  # the areas (a click inside an area names the area while one is chosen)
    assert "area b" in checked
    state.apply(OnArea("b"))
    check()  # "choose player 1"
    assert "player 1" in checked
    state = boardlab.load("tembo").new_game(0)
    state.apply(next(a for a in state.legal_actions() if isinstance(a, Place)))
    check()  # the cells of the first footprint
    assert any(name[0] in "abcd" and name[1:].isdigit() for name in checked)


def test_locate_names_nothing_off_the_board(state):
    assert render.locate(state, 1, 1) is None


def test_click_example_asks_for_token_d_then_names_a_cell(state):
    assert render.click_example(state) == Support("D")
    state.apply(Support("D"))
    name, box = render.click_example(state)
    assert name in {a.cell for a in state.legal_actions()}
    assert dict(render.places(state, 0))[name] == box


def test_the_legal_placements_of_a_pattern_are_outlined(state):
    fig = render.draw_placements(state, "I-01", viewer=0)
    boxes = fig.findobj(lambda a: isinstance(a, Rectangle) and a.get_gid() == "highlight")
    cells = {c for _, cs in state.placements(state.game.card_ids["I-01"], 0, 0) for c in cs}
    assert len(boxes) == sum(len(cs) for _, cs in state.placements(0, 0, 0)) and cells


def test_png_is_a_board_the_play_panel_shows_unscaled(state):
    png = render.to_png(state, viewer=0)
    assert png.startswith(PNG_SIGNATURE)
    height, width = matplotlib.image.imread(io.BytesIO(png), format="png").shape[:2]
    assert 500 < width <= 600 and height <= 578  # 1366×768: the board column and the window


def test_draw_card_writes_the_cards_words():
    fig = render.draw_card("II-07")
    words = " ".join(texts(fig))
    assert "II-07" in words and "deck II, as printed" in words and "no rotation symbol" in words
    turned = render.draw_card("I-06", seat=1)
    assert "for player 1, seated north" in " ".join(texts(turned))
    assert texts(turned, "card-arrow:I-06") == ["↓ ↻"]
    assert "Lion card" in texts(render.draw_card("lion 1"))
    assert "Matriarch card" in texts(render.draw_card("matriarch 2"))
    with pytest.raises(ValueError, match="no card 'I-99'"):
        render.draw_card("I-99")


def test_the_gallery_shows_every_kind_of_card():
    fig = render.gallery("tembo")
    game = boardlab.load("tembo")
    assert gids(fig, "card-name:") == {f"card-name:{card.name}" for card in game.cards}
    words = " ".join(texts(fig))
    assert "Lion card" in words and "Matriarch card" in words
    assert all(f"support token {token}" in words for token in "ABCD")


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
    fig = render.draw(state)
    assert texts(fig, "area:f") == ["f"] and texts(fig, "action:f") == ["all +2"]
    state.apply(Build("I-03"))
    state.apply(OnArea("f"))
    fig = render.draw(state)
    assert texts(fig, "area:f") == ["f"] and texts(fig, "card:f") == ["I-03"]
    assert not texts(fig, "action:f")
