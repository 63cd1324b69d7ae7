"""Kalimambo's renderer: what the ring and the table show, to whom; race line and tables."""

import matplotlib

matplotlib.use("Agg")

from matplotlib.figure import Figure
from matplotlib.text import Text

import boardlab
from boardlab.games.kalimambo import PlayCard, render

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def texts(fig: Figure, gid: str) -> list[str]:
    return [t.get_text() for t in fig.findobj(Text) if t.get_gid() == gid]


def one_round():
    """3 players 11, 12, 13, Kali 14, heap on 16: cards 5, 3, 7, Kali 1 (player 0 pays 3)."""
    state = boardlab.load("kalimambo", players=3).new_game(0)
    state.arrange(explorers=[11, 12, 13], kali=14, mambo=5, dung=[16], kali_deck=[1, 0])
    for value in (5, 3, 7):
        state.apply(PlayCard(value))
    return state


def test_the_ring_shows_every_figure_and_the_table_the_points():
    state = one_round()
    fig = render.draw(state)
    assert sorted(texts(fig, "figure")) == ["0", "1", "2", "K", "M"]
    assert texts(fig, "points") == ["3", "0", "0"]
    assert texts(fig, "card") == ["5", "3", "7", "1"]  # the round's cards, face up
    assert render.to_png(state).startswith(PNG_SIGNATURE)


def test_a_secret_pick_is_a_card_back_except_for_its_owner_or_when_revealed():
    state = one_round()
    state.apply(PlayCard(11))  # player 0's pick of round 2
    spectator = texts(render.draw(state), "card")
    assert spectator == ["3", "7", "1"]  # player 0's card is a back; others last round's
    assert texts(render.draw(state, viewer=0), "card")[0] == "11"
    assert texts(render.draw(state, viewer=1), "card")[0] == "3"
    assert texts(render.draw(state, reveal=True), "card")[0] == "11"


def test_an_arranged_game_reports_its_rounds():
    """Mambo on 0, explorers on 1, 2, 3, Kali on 4; cards 9, 8, 7, Kali 2: everybody leaps
    ahead (5, 6, 7; Kali 8) and Mambo charges a space each time; player 2 also pays for
    Kali, with the lowest card (1, 1, 2 points); round 2 is all zeros."""
    state = boardlab.load("kalimambo", players=3).new_game(0)
    state.arrange(explorers=[1, 2, 3], kali=4, mambo=0, dung=[], kali_deck=[2, 0])
    for value in (9, 8, 7, 0, 0, 0):
        state.apply(PlayCard(value))
    rows = render.rounds_table(state)
    assert [r["round"] for r in rows] == [0, 1, 2]
    assert rows[1]["explorers"] == [5, 6, 7] and rows[1]["penalties"] == [1, 1, 2]
    assert rows[1]["cards"] == [9, 8, 7, 2]


def test_race_line_and_penalty_table_follow_the_rounds():
    state = one_round()
    table = render.penalty_table(state)
    assert table.to_dict("list") == {"player 0": [3], "player 1": [0], "player 2": [0]}
    fig = render.race_line(state)
    ax = fig.axes[0]
    player0 = ax.get_lines()[0]
    assert list(player0.get_ydata()) == [11, 16]
    assert len(ax.get_lines()) == 3 + 2  # explorers, Kali, Mambo


def test_the_loop_as_a_graph():
    state = one_round()
    g = render.graph(state)
    assert g.number_of_nodes() == 32 and g.number_of_edges() == 32
    assert [s for s, d in g.nodes(data="dung") if d] == [16]
    assert g.nodes[16]["figures"] == ["player 0"] and g.nodes[5]["figures"] == ["Mambo"]
    assert isinstance(render.draw_graph(state), Figure)


def test_the_graph_carries_no_secret_whoever_looks():
    """A pending pick and the order of Kali's deck are not in the graph (our decision 3): the
    spectator's, the picker's and the revealed graph are the same public loop."""
    state = one_round()
    state.apply(PlayCard(11))  # player 0's secret pick of round 2
    views = [render.graph(state), render.graph(state, 0), render.graph(state, reveal=True)]
    for g in views:
        assert set(g.graph) == set()
        assert all(set(data) == {"dung", "figures"} for _, data in g.nodes(data=True))
        assert all(set(data) == {"kind"} for *_, data in g.edges(data=True))
    assert [list(g.nodes(data=True)) for g in views[1:]] == [list(views[0].nodes(data=True))] * 2
    fig = render.draw_graph(state, viewer=0, reveal=True)
    assert isinstance(fig, Figure)


# -- the places of the board: places, locate, click_example --------------------------------
def pixel(state, u, v):
    """The pixel of ``to_png(state)`` (default dpi, y down) showing board point ``(u, v)``,
    from the figure's own transform: what a click there sends to ``locate``."""
    fig, ax, _ = render._axes(state)
    ax.apply_aspect()
    x, y = ax.transData.transform((u, v))
    scale = 80 / fig.dpi
    return x * scale, (fig.get_size_inches()[1] * fig.dpi - y) * scale


def centre(box):
    left, bottom, right, top = box
    return (left + right) / 2, (bottom + top) / 2


def test_the_places_are_every_space_of_the_ring_and_the_viewers_own_cards():
    state = one_round()
    state.apply(PlayCard(11))  # player 0's secret choice of round 2: out of the hand
    names = [name for name, _ in render.places(state, viewer=0)]
    assert names[:32] == [f"space {s}" for s in range(32)]
    assert names[32:] == [f"card {c}" for c in state.hand(0)] and "card 11" not in names
    assert [n for n, _ in render.places(state)] == names[:32]  # a spectator has no hand
    assert [n for n, _ in render.places(state, viewer=1)][32:] == [
        f"card {c}" for c in state.hand(1)
    ]


def test_a_click_on_a_card_of_the_hand_names_the_move_that_plays_it():
    state = boardlab.load("kalimambo", players=3).new_game(0)
    cards = dict(render.places(state, viewer=0))
    for value in (0, 4, 11):
        where = pixel(state, *centre(cards[f"card {value}"]))
        assert render.locate(state, *where, viewer=0) == f"card {value}"
        assert render.locate(state, *where, viewer=None) is None  # a spectator holds none
    assert str(PlayCard(4)) == "play card 4"  # the label the click matches
    space = pixel(state, *centre(cards["space 7"]))
    assert render.locate(state, *space, viewer=0) is None  # a space: no move names it
    assert render.locate(state, 1, 1, viewer=0) is None
    name, box = render.click_example(state, 0)
    assert name == "card 2" and render.locate(state, *pixel(state, *centre(box))) is None
    assert render.locate(state, *pixel(state, *centre(box)), viewer=0) == "card 2"


def test_every_place_is_written_on_the_board_where_its_box_is():
    """A space's number stands beside its circle and a card's number on its picture, so a
    highlight of a place marks something the learner can read."""
    state = one_round()
    fig = render.draw(state, viewer=0)
    numbers = {t.get_text() for t in fig.findobj(Text) if t.get_gid() == "space"}
    assert numbers == {str(s) for s in range(32)}
    hand = texts(fig, "hand")
    assert hand == [str(c) for c in state.hand(0)]
    for name, (left, bottom, right, top) in render.places(state, viewer=0):
        if name.startswith("card "):
            (text,) = [
                t for t in fig.findobj(Text) if t.get_gid() == "hand" and t.get_text() == name[5:]
            ]
            x, y = text.get_position()
            assert left <= x <= right and bottom <= y <= top


def test_the_hand_is_drawn_as_cards_for_its_owner_only():
    state = one_round()
    state.apply(PlayCard(11))  # player 0's secret choice: out of the hand, face down
    assert texts(render.draw(state, viewer=0), "hand") == [str(c) for c in state.hand(0)]
    assert texts(render.draw(state, viewer=1), "hand") == [str(c) for c in state.hand(1)]
    assert texts(render.draw(state), "hand") == []
    assert texts(render.draw(state, reveal=True), "hand") == []


def test_no_figure_and_no_heap_is_told_by_colour_alone():
    """Explorers carry their number, Mambo "M", Kali "K"; the heaps are hatched and their
    numbers bold; a card carries its colour's letter."""
    from matplotlib.patches import Circle

    state = one_round()
    fig = render.draw(state, viewer=0)
    assert sorted(texts(fig, "figure")) == ["0", "1", "2", "K", "M"]
    hatched = [p for p in fig.findobj(Circle) if p.get_hatch()]
    assert len(hatched) == 1 + 1  # the heap on 16, and the key's
    letters = [t.get_text() for t in fig.findobj(Text) if t.get_text() == "B"]
    assert len(letters) == len(state.hand(0))  # player 0's cards are blue: "B"


def test_board_text_is_large_enough_to_read_in_the_play_panel():
    """No text under 9.5 pt on a board at most 7.2 inches wide (576 px at 80 dpi, the width
    the play panel shows it at): about 10.5 px as displayed, for every viewer."""
    state = boardlab.load("kalimambo", players=7).new_game(4)
    for value in (3, 5, 7, 1, 0, 2, 4, 9, 8):
        state.apply(PlayCard(value))
    for viewer in (None, 0, 3):
        fig = render.draw(state, viewer=viewer)
        assert fig.get_size_inches()[0] <= 7.2
        small = [
            (t.get_text(), t.get_fontsize())
            for t in fig.findobj(Text)
            if t.get_text() and t.get_fontsize() < render.SMALL
        ]
        assert not small


# -- the cards ------------------------------------------------------------------------------
def test_a_card_is_drawn_with_its_number_its_colour_and_whose_deck_it_is():
    fig = render.draw_card(7, seat=2)
    words = [t.get_text() for t in fig.findobj(Text)]
    assert "7" in words and "G" in words  # player 2's cards are green
    assert "player 2's deck · green" in words and "movement card 7" in words
    kali = [t.get_text() for t in render.draw_card(0).findobj(Text)]
    assert "0" in kali and "K" in kali and "Kali's deck · black" in kali


def test_a_card_that_does_not_exist_is_refused():
    for card, seat in ((-1, 0), (3, 9), ("7", 0)):
        try:
            render.draw_card(card, seat=seat)
        except ValueError as error:
            assert str(card) in str(error) or str(seat) in str(error)
        else:
            raise AssertionError(f"draw_card({card!r}, seat={seat}) drew a card")


def test_the_gallery_shows_every_number_and_every_colour():
    fig = render.gallery("kalimambo")
    numbers = texts(fig, "card")
    assert numbers[:12] == [str(v) for v in range(12)]
    assert texts(fig, "owner") == [f"player {p}" for p in range(7)] + ["Kali", "back"]
    assert texts(fig, "colour") == [*render.COLOUR_NAMES, "black"]
    short = render.gallery(boardlab.load("kalimambo", max_card=4, rounds=3))
    assert texts(short, "card")[:5] == ["0", "1", "2", "3", "4"]


def test_the_click_example_is_a_card_of_the_hand_even_late_in_the_game():
    state = boardlab.load("kalimambo", players=2).new_game(3)
    for value in (0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10):
        state.apply(PlayCard(value))
    assert state.hand(0) == [11]
    name, box = render.click_example(state, 0)
    assert name == "card 11" and (name, box) in render.places(state, viewer=0)
