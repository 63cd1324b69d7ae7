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
from matplotlib.patches import FancyBboxPatch, Patch, Rectangle
from matplotlib.spines import Spine
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


# -- the layout: every text inside the figure, in every extreme state ------------------
def extreme(g=None):
    """3 utilities each, all 5 small stands built, a hand of 17, a decision pending."""
    hand = ["Mask of Transformation", "Wise Man from Afar", "Traveling Merchant",
            "Arabian Merchant", "Leopard Statue", "Tribal Elder", "Basket Maker", "Crocodile",
            "KHTLFS", "Portuguese", "Rain Maker", "Shaman", "Psychic", "Carrier", "Drummer",
            "Dancer", "Ape"]  # fmt: skip
    s = (
        (g or boardlab.load("jambo"))
        .new_game(0)
        .arrange(
            hands=[hand, ["Guard"] * 6],
            markets=["KKKHHHTTTLLLFFFSSS", "KHTLFS"],
            stands=[4, 1],
            utilities=[["Mask of Transformation", "Leopard Statue"], ["Supplies", "Kettle"]],
            used=[["Well"], ["Weapons"]],
            gold=[59, 123],
            actions=5,
            rest="discard",
        )
    )
    s.apply(PlayCard("Crocodile"))
    return s


def outside(fig: Figure, margin: float = 1.0) -> list[str]:
    """The texts and cards whose drawn box comes nearer than ``margin`` pixels to the
    figure's edge (a glyph's overhang at the edge itself is cut off)."""
    fig.canvas.draw()  # lays out the legend and the title as saving does
    renderer = fig.canvas.get_renderer()
    width, height = fig.bbox.width, fig.bbox.height
    undrawn = {id(t) for ax in fig.axes if not ax.axison
               for axis in (ax.xaxis, ax.yaxis) for t in axis.findobj(Text)}  # fmt: skip
    bad = []
    for a in fig.findobj(lambda a: isinstance(a, Text | Patch)):
        if isinstance(a, Text) and (not a.get_visible() or not a.get_text() or id(a) in undrawn):
            continue
        if not a.get_visible() or isinstance(a, Spine) or a is fig.patch:
            continue
        if any(a is ax.patch for ax in fig.axes):
            continue
        box = a.get_window_extent(renderer)
        if (
            box.x0 < margin
            or box.y0 < margin
            or box.x1 > width - margin
            or box.y1 > height - margin
        ):
            bad.append(a.get_text() if isinstance(a, Text) else f"{type(a).__name__} {a.get_gid()}")
    return bad


@pytest.mark.parametrize("viewer, reveal", [(0, False), (1, False), (None, True)])
def test_every_text_lies_inside_the_figure_in_the_extreme_states(viewer, reveal):
    s = extreme()
    fig = render.draw(s, viewer=viewer, reveal=reveal)
    assert len(texts(fig, "utility:0")) == 3 and len(texts(fig, "utility:1")) == 3
    assert outside(fig) == []
    mine = texts(fig, "hand:0") if viewer != 1 else []
    assert mine == [] or mine[-1] == f"+{16 - render.HAND_SHOWN} more"  # the Crocodile is played


def test_the_text_check_catches_a_text_off_the_edge(state):
    fig = render.draw(state)
    fig.axes[0].text(render.WIDTH - 0.2, 1.0, "Kettle (ready)", fontsize=9)
    fig.axes[0].add_patch(FancyBboxPatch((render.WIDTH - 1, 1), 3, 0.9, gid="utility:0"))
    assert sorted(outside(fig)) == ["FancyBboxPatch utility:0", "Kettle (ready)"]


def test_a_long_decision_text_wraps_inside_the_figure(state, monkeypatch):
    long = "player 0 chooses " + "which wares of the pool to take back " * 6
    monkeypatch.setattr(render, "pending_text", lambda s: long)
    fig = render.draw(state)
    assert outside(fig) == [] and "\n" in texts(fig, "pending")[0]


def test_extreme_states_render_to_png():
    assert render.to_png(extreme(), viewer=0).startswith(PNG_SIGNATURE)


# -- clicks on the board: locate --------------------------------------------------------
def pixel_of(fig: Figure, text: Text) -> tuple[float, float]:
    """The PNG pixel (default dpi, y down) at the middle of a drawn text."""
    fig.canvas.draw()
    box = text.get_window_extent(fig.canvas.get_renderer())
    scale = 80 / fig.dpi
    return (box.x0 + box.x1) / 2 * scale, (fig.bbox.height - (box.y0 + box.y1) / 2) * scale


def test_a_click_on_a_hand_card_names_it_as_the_choices_do(state):
    fig = render.draw(state, viewer=0)
    found = {t.get_text(): pixel_of(fig, t) for t in fig.findobj(Text) if t.get_gid() == "hand:0"}
    crocodile = render.locate(state, *found["Crocodile"], viewer=0)
    ware = render.locate(state, *found["KKF"], viewer=0)
    assert crocodile == "Crocodile"
    assert ware == "ware card KKF (2 trinkets, 1 fruit; buy 4, sell 11)"
    game = state.game
    firsts = {game.choice_path(state, a)[0] for a in state.legal_actions()}
    assert {crocodile, ware} <= firsts
    well = next(t for t in fig.findobj(Text) if t.get_text() == "Well (ready)")
    assert render.locate(state, *pixel_of(fig, well), viewer=0) == "Well in play"
    assert "Well in play" in firsts


def test_a_click_narrows_the_choices_to_the_card(state):
    from boardlab.widgets.choices import choices_of, narrow

    fig = render.draw(state, viewer=0)
    kkf = next(t for t in fig.findobj(Text) if t.get_text() == "KKF")
    place = render.locate(state, *pixel_of(fig, kkf), viewer=0)
    kept = [c.path for c in narrow(choices_of(state), [], place) if c.legal]
    assert kept and all(path[0] == place for path in kept)
    assert {path[1] for path in kept} == {"buy for 4"}  # 2 K on the stand, no F: no sale
    assert all("Crocodile" not in " ".join(path) for path in kept)


def test_hidden_cards_and_empty_places_are_no_place(state):
    spectator = render.draw(state, reveal=True)
    guard = next(t for t in spectator.findobj(Text) if t.get_text() == "Guard")
    at = pixel_of(spectator, guard)
    assert render.locate(state, *at, viewer=1) == "Guard"
    assert render.locate(state, *at, viewer=0) is None  # player 1's hand, hidden from 0
    assert render.locate(state, *at) is None  # a spectator plays nothing
    assert render.locate(state, 1, 1, viewer=0) is None  # the title's margin


def test_all_five_small_stands_and_a_long_hand_stay_left_of_the_utilities():
    s = (
        boardlab.load("jambo")
        .new_game(0)
        .arrange(
            hands=[["Guard"] * 6 + ["Crocodile"] * 5 + ["Well"] * 3, []],
            stands=[5, 0],
            utilities=[["Kettle", "Drums", "Supplies"], []],
            rest="discard",
        )
    )
    fig = render.draw(s, viewer=0)
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()

    spaces = [p.get_window_extent(renderer).x1 for p in fig.axes[0].patches if type(p) is Rectangle]
    utilities = [
        p.get_window_extent(renderer).x0
        for p in fig.findobj(FancyBboxPatch)
        if p.get_gid() == "utility:0"
    ]
    hand = [t for t in fig.findobj(Text) if t.get_gid() == "hand:0"]
    assert len(spaces) == 6 + 15 + 6 and len(utilities) == 3  # player 1: a large stand
    assert max(spaces) < min(utilities)
    assert max(t.get_window_extent(renderer).x1 for t in hand) < min(utilities)
    assert hand[-1].get_text() == f"+{14 - render.HAND_SHOWN} more"
