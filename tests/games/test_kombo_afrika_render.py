"""Kombo Afrika's render: the board, hidden cards, hands and the colour graph."""

import matplotlib
import pytest

matplotlib.use("Agg")

import boardlab
from boardlab.games.kombo_afrika import render


def texts(fig, gid=None):
    ax = fig.axes[0]
    return [t.get_text() for t in ax.texts if gid is None or t.get_gid() == gid]


def situation():
    game = boardlab.load("kombo_afrika")
    return game.new_game(0).arrange(
        board={"a1": "red SURI 3", "b1": "red PAPO 3", "c1": "red KONG 5", "d1": "CHAO"},
        hidden=["c1"],
        hands=[["blue VULT 4"], ["green CROC 2"]],
    )


def test_hidden_card_is_face_down_unless_revealed():
    s = situation()
    assert "KONG" in texts(render.draw(s, reveal=True), "cell:c1")
    assert texts(render.draw(s), "cell:a1") == ["R", "3", "SURI", "a1"]  # colour mark, cell name
    assert texts(render.draw(s), "cell:c1") == ["c1"]  # a hidden card: only where it lies


def test_hand_names_only_for_its_owner():
    s = situation()
    fig = render.draw(s, viewer=0)
    assert "VULT" in texts(fig, "hand:0") and texts(fig, "hand:1") == []
    shown = " ".join(texts(render.draw(s)))
    assert "VULT" not in shown and "CROC" not in shown  # a spectator sees no hand


def test_the_viewers_hand_is_drawn_as_cards_with_their_words():
    """Every card of the viewer's hand is a card picture: its colour's mark and word, its
    points and its animal, under the board."""
    game = boardlab.load("kombo_afrika")
    s = game.new_game(0).arrange(
        board={"a1": "red SURI 3"}, hands=[["blue VULT 4", "CHAO", "brown GIFFE 4"], []]
    )
    words = texts(render.draw(s, viewer=0), "hand:0")
    for word in ("Bl", "blue", "4", "VULT", "*", "CHAO", "Br", "brown", "GIFFE"):
        assert word in words
    assert "your hand (player 0): 3 cards" in words
    assert "player 0's hand: 3 cards" in texts(render.draw(s, reveal=True), "hand:0")  # to move
    cards = [p for p in render.places(s, viewer=0) if not p[0].startswith("cell ")]
    assert [name for name, _ in cards] == ["blue VULT 4", "brown GIFFE 4", "CHAO"]
    assert all(box[3] <= 0 for _, box in cards)  # below the board's bottom row


def test_png_and_graph():
    s = situation()
    assert render.to_png(s).startswith(b"\x89PNG")
    g = render.graph(s)
    assert set(g) == {"a1", "b1", "d1"}  # hidden c1 is not in the graph
    assert g.edges["a1", "b1"]["kind"] == "colour"
    assert all(up for _, up in g.nodes(data="face_up"))
    fig = render.draw_graph(s)
    assert "no combo" in fig.axes[0].get_title()


def test_graph_shows_hidden_faces_to_nobody_unless_revealed():
    """Nobody remembers a hidden card, not even who hid it (a design decision); the teacher's
    view does."""
    s = situation()
    for viewer in (None, 0, 1):
        assert "c1" not in render.graph(s, viewer)
        assert "R5" not in texts(render.draw_graph(s, viewer=viewer))  # c1: red KONG 5
    g = render.graph(s, reveal=True)
    assert set(g) == {"a1", "b1", "c1", "d1"}
    assert g.nodes["c1"]["card"] == "red KONG 5" and g.nodes["c1"]["face_up"] is False
    assert list(g.neighbors("c1")) == []  # a hidden card takes no part in combos
    assert set(g.edges) == set(render.graph(s).edges)
    fig = render.draw_graph(s, reveal=True)
    assert "R5" in texts(fig) and "1 hidden (faded)" in fig.axes[0].get_title()


def test_every_colour_has_its_own_mark():
    """Colour-blind players read the mark: blue and brown must not both print "B"."""
    from boardlab.games.kombo_afrika.render import PALETTE, colour_mark

    marks = [colour_mark(c) for c in PALETTE]
    assert len(set(marks)) == len(marks)
    assert colour_mark("blue") == "Bl" and colour_mark("brown") == "Br"
    assert colour_mark("") == "*"


@pytest.mark.rule("kombo_afrika:card-example", "kombo_afrika:turn-active")
def test_a_card_shows_its_points_top_right_and_its_name_at_the_bottom():
    s = situation()
    ax = render.draw(s).axes[0]
    where = {t.get_text(): t.get_position() for t in ax.texts if t.get_gid() == "cell:a1"}
    (mx, my), (px, py), (nx, ny) = where["R"], where["3"], where["SURI"]
    assert px > nx > mx  # colour mark left, points right, name between them
    assert py == my > ny  # mark and points at the top, the name below


@pytest.mark.rule("kombo_afrika:counters", "kombo_afrika:counters-example")
def test_each_players_panel_shows_the_points_on_their_counters():
    game = boardlab.load("kombo_afrika")
    s = game.new_game(0).arrange(board={"a1": "red SURI 3"}, scores=[15, 0])
    shown = texts(render.draw(s))
    assert "player 0: 15 points" in shown and "player 1: 0 points" in shown


# -- clicks on the board: locate ------------------------------------------------------------
def pixel(state, u, v):
    """The pixel of ``to_png(state)`` (default dpi, y down) showing board point ``(u, v)``,
    from the figure's own transform: what a click there sends to ``locate``."""
    fig, ax, _ = render._axes(state)
    ax.apply_aspect()
    x, y = ax.transData.transform((u, v))
    scale = 80 / fig.dpi
    return x * scale, (fig.get_size_inches()[1] * fig.dpi - y) * scale


def centre(state, cell_name_):
    from boardlab.games.kombo_afrika.components import CELL_NAMES

    u, v = render._xy(CELL_NAMES.index(cell_name_))
    return pixel(state, u + 0.5, v + 0.5)


def test_a_click_on_a_cell_names_it_as_the_placements_do():
    s = situation()
    for name in ("a1", "c1", "e1", "b4", "e5"):
        assert render.locate(s, *centre(s, name), viewer=0) == f"cell {name}"
    assert render.locate(s, *centre(s, "c3")) is None  # the draw deck: no move is about it
    assert render.locate(s, 1, 1) is None  # the title's margin
    assert render.locate(s, *pixel(s, -0.45, -0.15)) is None  # left of the grid
    game = s.game
    while s.phase_name != "main":
        s.apply(s.legal_actions()[0])
    labels = {part for a in s.legal_actions() for part in game.choice_path(s, a)}
    assert "cell e1" in labels


def test_a_click_names_a_card_of_the_viewers_hand_only():
    s = situation()
    ((name, (left, bottom, right, top)),) = [
        p for p in render.places(s, viewer=1) if not p[0].startswith("cell ")
    ]
    card = pixel(s, (left + right) / 2, (bottom + top) / 2)
    assert render.locate(s, *card, viewer=1) == name == "green CROC 2"
    assert render.locate(s, *card, viewer=0) == "blue VULT 4"  # player 0's own card there
    assert render.locate(s, *card) is None  # a spectator has no hand


def test_every_place_is_found_by_locate_at_its_centre_and_written_on_the_board():
    """``places`` is what ``locate`` reads: a click at the centre of each box names it. Each
    cell's name is written in it; each hand card writes every word of its label."""
    s = situation()
    fig = render.draw(s, viewer=0)
    for name, (left, bottom, right, top) in render.places(s, viewer=0):
        centre_ = pixel(s, (left + right) / 2, (bottom + top) / 2)
        assert render.locate(s, *centre_, viewer=0) == name
        if name.startswith("cell "):
            assert name.split()[1] in texts(fig, f"cell:{name.split()[1]}")
        else:
            assert set(name.split()) <= set(texts(fig, "hand:0"))


def test_every_name_a_choice_uses_is_a_place_of_the_board():
    """The cells and hand cards the moves name (``choice_path``) are all places."""
    game = boardlab.load("kombo_afrika", players=3)
    s = game.new_game(3)
    while s.phase_name != "main":
        s.apply(s.legal_actions()[0])
    named = {name for name, _ in render.places(s, viewer=0)}
    labels = {part for a in s.legal_actions() for part in game.choice_path(s, a)}
    assert labels - named == {"end your turn"}
    assert {"brown SURI 3", "cell c2", "cell d5"} <= labels


def test_the_click_example_is_a_place_as_places_lists_it():
    game = boardlab.load("kombo_afrika")
    s = game.new_game(1)
    assert render.click_example(s) == game.keep  # the mulligan first: no place yet
    s.apply(game.keep)
    s.apply(game.keep)
    example = render.click_example(s, 0)
    assert example in render.places(s, viewer=0) and example[0].startswith("cell ")


def test_the_layout_is_the_same_for_every_viewer():
    """A click is read on the board drawn: same figure size and limits whoever looks."""
    s = situation()
    shapes = set()
    for viewer in (None, 0, 1):
        fig = render.draw(s, viewer=viewer)
        ax = fig.axes[0]
        shapes.add((tuple(fig.get_size_inches()), ax.get_xlim(), ax.get_ylim()))
    assert len(shapes) == 1


def test_no_board_text_is_smaller_than_the_readable_size():
    """Every word of the board is at least ``SMALL`` points, on a figure no larger than
    the play panel shows unshrunk (about 600 × 500 px at 80 dpi), so ≥ 9 px as shown."""
    from matplotlib.text import Text

    game = boardlab.load("kombo_afrika", players=4)
    s = game.new_game(4)
    for _ in range(30):
        s.apply(s.legal_actions()[-2 if len(s.legal_actions()) > 1 else 0])
    for viewer in (None, 0, 3):
        fig = render.draw(s, viewer=viewer)
        width, height = fig.get_size_inches() * 80
        assert width <= 600 and height <= 500
        sizes = [t.get_fontsize() for t in fig.findobj(Text) if t.get_text().strip()]
        assert min(sizes) >= render.SMALL >= 9


# -- single cards and the gallery -------------------------------------------------------------
@pytest.mark.rule("kombo_afrika:card-example")
def test_a_card_drawn_alone_shows_its_colour_points_animal_and_skill():
    fig = render.draw_card("brown GIFFE 4")
    words = texts(fig)
    for word in ("Br", "brown", "4", "GIFFE", "Shift a Card"):
        assert word in words
    assert any("adjacent free" in w for w in words)
    assert "any colour" in texts(render.draw_card("CHAO"))
    with pytest.raises(ValueError, match="no card 'pink SURI 9'"):
        render.draw_card("pink SURI 9")


def test_the_gallery_draws_every_animal_and_every_colour():
    game = boardlab.load("kombo_afrika")
    fig = render.gallery(game)
    words = texts(fig)
    from boardlab.games.kombo_afrika.components import ANIMALS

    for animal in ANIMALS:
        assert animal in words and render.SKILLS[animal] in words
    for colour in game.colour_names:
        assert colour in words and render.colour_mark(colour) in words
    assert "48 cards" in fig.axes[0].get_title(loc="left")
    three = render.gallery(boardlab.load("kombo_afrika", colours=3))
    assert "brown" not in texts(three) and "in each of 3 colours" in three.axes[0].get_title(
        loc="left"
    )


def test_every_cell_an_effect_chooses_is_labelled_as_the_board_names_it():
    """Effects and claims name cells "cell b3" too, so a click narrows them as well."""
    from boardlab.games.kombo_afrika.actions import Claim, MoveTo, Target

    game = boardlab.load("kombo_afrika")
    state = game.new_game(0)
    assert game.choice_path(state, Target(7)) == ("choose the card on cell c2",)
    assert game.choice_path(state, MoveTo(0)) == ("move it to cell a1",)
    assert game.choice_path(state, Claim(0b111)) == (
        "claim a combo",
        "the combo on cell a1, cell b1, cell c1",
    )
