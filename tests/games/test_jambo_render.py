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
from boardlab.games.jambo.components import LETTERS

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
    assert texts(fig, "stands:0") == ["large stand + 1 small · 2 cards in hand"]
    assert texts(fig, "ware:0") == ["K", "K", "T", "S"] and texts(fig, "ware:1") == ["H", "H"]
    assert texts(fig, "utility:0") == ["Well", "Boat"]
    assert texts(fig, "utility-state:0") == ["ready", "used"]
    assert texts(fig, "actions") == ["actions: 1 used, 4 left"]
    assert texts(fig, "supply:ware") == ["trinkets", "hides", "tea", "silk", "fruit", "salt"]
    assert texts(fig, "supply:count") == ["4", "4", "5", "6", "6", "5"]


def test_the_sixth_space_shows_its_fee_and_fills_last(state):
    """The large stand's 6th space says "+2" while empty; wares fill the small stands
    before it, as a trader spares the fee ("Buying")."""
    fig = render.draw(state)
    assert texts(fig, "fee:0") == ["+2"] and texts(fig, "fee:1") == ["+2"]
    seven = state.game.new_game(0).arrange(markets=["KKKHHHT", ""], stands=[1, 0])
    assert render._filled(seven, 0) == [0, 0, 0, 1, 1, None, 1, 2, None]
    assert texts(render.draw(seven), "fee:0") == ["+2"]
    full = state.game.new_game(0).arrange(markets=["KKKHHH", ""])
    assert texts(render.draw(full), "fee:0") == []


def test_a_hand_is_drawn_as_cards_only_for_its_owner_or_with_reveal(state):
    mine = render.draw(state, viewer=0)
    assert texts(mine, "hand:0") == ["Crocodile", "KKF"]
    assert texts(mine, "hand:0:type") == ["animal", "ware card"]
    assert texts(mine, "hand:0:cost") == ["1 action", "buy 4 · sell 11"]
    assert texts(mine, "hand:0:ware") == ["K", "K", "F"]
    assert texts(mine, "hand:0:text")[0].startswith("use one of")  # the card's words
    assert texts(mine, "hand:1") == [] and cards(mine, "hand:1") == 1
    assert texts(mine, "backs:1") == ["1 hidden card"]
    spectator = render.draw(state)
    assert texts(spectator, "hand:0") == texts(spectator, "hand:1") == []
    assert texts(render.draw(state, reveal=True), "hand:1") == ["Guard"]


def test_the_pending_decision_is_the_title(state):
    state.apply(PlayCard("Crocodile"))
    fig = render.draw(state, viewer=1)
    assert "player 1 may cancel the Crocodile with a Guard" in texts(fig, "pending")[0]
    assert texts(fig, "pending")[0] == fig.axes[0].get_title(loc="left")


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
    from boardlab.widgets.choices import mentions

    fig = render.draw(state, viewer=0)
    found = {t.get_text(): pixel_of(fig, t) for t in fig.findobj(Text) if t.get_gid() == "hand:0"}
    crocodile = render.locate(state, *found["Crocodile"], viewer=0)
    ware = render.locate(state, *found["KKF"], viewer=0)
    assert (crocodile, ware) == ("Crocodile", "KKF")
    game = state.game
    firsts = [game.choice_path(state, a)[0] for a in state.legal_actions()]
    assert "ware card KKF (2 trinkets, 1 fruit; buy 4, sell 11)" in firsts
    assert all(any(mentions(place, first) for first in firsts) for place in (crocodile, ware))
    well = next(t for t in fig.findobj(Text) if t.get_text() == "Well")
    assert render.locate(state, *pixel_of(fig, well), viewer=0) == "Well"
    assert "Well in play" in firsts


def test_a_click_narrows_the_choices_to_the_card(state):
    from boardlab.widgets.choices import choices_of, narrow

    fig = render.draw(state, viewer=0)
    kkf = next(t for t in fig.findobj(Text) if t.get_text() == "KKF")
    place = render.locate(state, *pixel_of(fig, kkf), viewer=0)
    kept = [c.path for c in narrow(choices_of(state), [], place) if c.legal]
    assert kept and all(path[0].startswith("ware card KKF (") for path in kept)
    assert {path[1] for path in kept} == {"buy for 4"}  # 2 K on the stand, no F: no sale
    assert all("Crocodile" not in " ".join(path) for path in kept)


def test_hidden_cards_and_empty_places_are_no_place(state):
    theirs = render.draw(state, viewer=1)
    guard = next(t for t in theirs.findobj(Text) if t.get_text() == "Guard")
    assert render.locate(state, *pixel_of(theirs, guard), viewer=1) == "Guard"
    mine = render.draw(state, viewer=0)
    back = next(t for t in mine.findobj(Text) if t.get_gid() == "backs:1")
    assert render.locate(state, *pixel_of(mine, back), viewer=0) is None  # hidden from 0
    spectator = render.draw(state)
    back = next(t for t in spectator.findobj(Text) if t.get_gid() == "backs:0")
    assert render.locate(state, *pixel_of(spectator, back)) is None
    assert render.locate(state, 1, 1, viewer=0) is None  # the title's margin


@pytest.mark.parametrize("viewer", [0, 1, None])
def test_every_place_is_found_at_its_centre_and_written_on_the_board(state, viewer):
    """``places`` lists what ``draw`` shows: ``locate`` names each place at its box's
    centre, and each name is a text drawn inside that box."""
    fig = render.draw(state, viewer=viewer)
    ax = fig.axes[0]
    places = render.places(state, viewer)
    names = [name for name, _ in places]
    assert {"tea", "Well", "Boat", "Drums"} <= set(names)
    assert ("KKF" in names) == (viewer == 0) and ("Guard" in names) == (viewer == 1)
    drawn = [(" ".join(t.get_text().split()), t.get_position()) for t in ax.texts]
    for name, (left, bottom, right, top) in places:
        centre = _pixel(fig, ax, (left + right) / 2, (bottom + top) / 2)
        assert render.locate(state, *centre, viewer=viewer) == name
        assert any(
            text == name and left <= x <= right and bottom <= y <= top for text, (x, y) in drawn
        ), f"{name!r} is not written in its place"


def test_a_place_a_move_names_is_a_place_of_the_board():
    """Every card of the hand, utility in play and ware of the supply a legal move is
    about is a place: mid-game positions of random play, as player 0 sees them."""
    import random

    from boardlab.widgets.choices import mentions

    game = boardlab.load("jambo")
    rng = random.Random(2)
    state, seen = game.new_game(2), set()
    for _ in range(300):
        if state.outcome is not None:
            break
        if state.current_player == 0:
            names = [name for name, _ in render.places(state, 0)]
            for action in state.legal_actions():
                text = " · ".join(game.choice_path(state, action))
                about = [n for n in names if mentions(n, text)]
                seen.update(about)
                if type(action).__name__ in ("PlayWare", "PlayCard", "UseUtility"):
                    assert about, f"{text!r} names no place of the board"
        state.apply(rng.choice(state.legal_actions()))
    assert len(seen) > 10


def test_the_cards_an_effect_offers_are_drawn_for_the_chooser_alone():
    """A Scale draws two cards for player 0 to choose from: drawn after the hand, marked
    "to choose", places named as the choices name them; hidden from player 1."""
    from boardlab.games.jambo import UseUtility

    s = (
        boardlab.load("jambo")
        .new_game(0)
        .arrange(
            hands=[["SSK"], ["Guard"]],
            utilities=[["Scale"], []],
            deck=["Dancer", "FFH"],
            rest="discard",
        )
    )
    s.apply(UseUtility("Scale"))
    offered = sorted(str(a).removeprefix("choose ") for a in s.legal_actions())
    assert offered == ["Dancer", "FFH"]
    mine = render.draw(s, viewer=0)
    assert texts(mine, "offered:0") == offered and texts(mine, "hand:0") == ["SSK"]
    assert texts(mine, "offered:0:cost") == ["to choose", "to choose"]
    places = dict(render.places(s, 0))
    for name in offered:
        left, bottom, right, top = places[name]
        centre = _pixel(mine, mine.axes[0], (left + right) / 2, (bottom + top) / 2)
        assert render.locate(s, *centre, viewer=0) == name
    theirs = render.draw(s, viewer=1)
    assert texts(theirs, "offered:0") == [] and "Dancer" not in dict(render.places(s, 1))
    assert outside(mine) == []


def _pixel(fig, ax, u, v):
    """The PNG pixel (default dpi, y down) of data point ``(u, v)``."""
    ax.apply_aspect()
    x, y = ax.transData.transform((u, v))
    scale = 80 / fig.dpi
    return x * scale, (fig.get_size_inches()[1] * fig.dpi - y) * scale


@pytest.mark.parametrize("size, shown", [(14, 14), (15, 13)])
def test_a_hand_shows_two_rows_of_cards_then_counts_the_rest(size, shown):
    s = (
        boardlab.load("jambo")
        .new_game(0)
        .arrange(
            hands=[(["Guard"] * 6 + ["Crocodile"] * 5 + ["Well"] * 3 + ["Ape"])[:size], []],
            stands=[5, 0],
            rest="discard",
        )
    )
    fig = render.draw(s, viewer=0)
    hand = texts(fig, "hand:0")
    assert len([t for t in hand if not t.startswith("+")]) == shown
    assert (hand[-1] == f"+{size - shown} more") == (size > shown)
    assert len([p for p in fig.axes[0].patches if type(p) is Rectangle]) == 6 + 15 + 6 + 6
    assert outside(fig) == []


@pytest.mark.parametrize("viewer", [0, None])
def test_no_text_on_the_board_is_smaller_than_nine_points(viewer):
    """At the play panel's 80 dpi and the board's width (fits a 590-pixel column), 9
    points are 10 pixels: every text of a busy board is at least that."""
    fig = render.draw(extreme(), viewer=viewer)
    assert fig.get_size_inches()[0] <= 7.4
    sizes = [t.get_fontsize() for t in fig.findobj(Text) if t.get_visible() and t.get_text()]
    assert min(sizes) >= render.TEXT == 9


# -- single cards and the gallery ---------------------------------------------------------
def words(fig: Figure) -> str:
    return " ".join(" ".join(t.split()) for t in texts(fig))


@pytest.mark.parametrize("name", ["TTL", "KHTLFS", "Well", "Traveling Merchant", "Guard",
                                  "Crocodile", "small market stand"])  # fmt: skip
def test_draw_card_writes_the_cards_words(name):
    from boardlab.games.jambo.components import card_text

    fig = render.draw_card(name)
    shown = words(fig)
    assert name in texts(fig, "card") or name in shown
    assert " ".join(card_text(name).split()) in shown  # what it does, whole
    card = boardlab.load("jambo").cards[name]
    if card.type == "ware":
        assert f"buy {card.buy} · sell {card.sell}" in shown
        assert texts(fig, "card:ware") == [LETTERS[w] for w in card.wares]
    else:
        assert render.TYPE_WORD[card.type] in shown
    assert outside(fig) == []


def test_draw_card_refuses_a_card_the_game_has_not():
    with pytest.raises(ValueError, match="no card 'Unicorn'"):
        render.draw_card("Unicorn")


def test_the_gallery_shows_every_card_with_its_words():
    game = boardlab.load("jambo")
    fig = render.gallery()
    shown = words(fig)
    for card in game.cards.values():
        assert [" ".join(t.split()) for t in texts(fig, f"gallery:{card.name}")] == [card.name]
        if card.type != "ware":
            assert " ".join(card.text.split()) in shown, card.name
    assert outside(fig) == []
    assert texts(fig, "gallery:copies").count("× 2") >= 20


# -- phase 1: the card just drawn ---------------------------------------------------------
@pytest.fixture
def drawing():
    """Player 0 has drawn TTT in phase 1 and must keep or discard it; the deck holds Guard."""
    from boardlab.games.jambo import Draw

    game = boardlab.load("jambo")
    s = game.new_game(0).arrange(hands=[["KKF"], ["Well"]], markets=["", ""],
                                 deck=["TTT", "Guard"], phase="draw", rest="discard")  # fmt: skip
    s.apply(Draw())
    assert s.drawn == "TTT" and s.phase == "drawn"
    return s


def test_the_card_just_drawn_is_pictured_face_up_for_its_drawer_only(drawing):
    mine = render.draw(drawing, viewer=0)
    assert texts(mine, "hand:0") == ["KKF"]  # still not in the hand: keep or discard
    assert texts(mine, "drawn:0") == ["TTT"] and texts(mine, "drawn:0:type") == ["card drawn"]
    assert texts(mine, "drawn:0:cost") == ["buy 3 · sell 10"]  # to weigh keeping it
    assert texts(mine, "drawn:0:ware") == ["T", "T", "T"]
    for viewer in (1, None):  # the other trader and a spectator: its back, never its name
        theirs = render.draw(drawing, viewer=viewer)
        assert not [t for t in texts(theirs) if "TTT" in t]
        assert cards(theirs, "drawn:0") == 1
        assert texts(theirs, "drawn:0") == ["1 card drawn: keep or discard?"]
    assert texts(render.draw(drawing, reveal=True), "drawn:0") == ["TTT"]


def test_a_click_on_the_card_drawn_keeps_the_moves_about_it(drawing):
    from boardlab.widgets.choices import choices_of, narrow

    fig = render.draw(drawing, viewer=0)
    face = next(t for t in fig.findobj(Text) if t.get_gid() == "drawn:0")
    place = render.locate(drawing, *pixel_of(fig, face), viewer=0)
    assert place == "card drawn"
    kept = {c.path[-1] for c in narrow(choices_of(drawing), [], place) if c.legal}
    assert kept == {"keep the card drawn", "discard the card drawn"}
    assert "card drawn" not in [name for name, _ in render.places(drawing, viewer=1)]
    drawing.apply(next(a for a in drawing.legal_actions() if str(a) == "keep the card drawn"))
    after = render.draw(drawing, viewer=0)
    assert texts(after, "drawn:0") == [] and texts(after, "hand:0") == ["KKF", "TTT"]
