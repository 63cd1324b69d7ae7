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
    """A pending pick and the order of Kali's deck are not in the graph (dossier 3): the
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


# -- clicks on the board: locate ------------------------------------------------------------
def pixel(state, u, v):
    """The pixel of ``to_png(state)`` (default dpi, y down) showing board point ``(u, v)``,
    from the figure's own transform: what a click there sends to ``locate``."""
    fig, ax, _ = render._axes(state)
    ax.apply_aspect()
    x, y = ax.transData.transform((u, v))
    scale = 80 / fig.dpi
    return x * scale, (fig.get_size_inches()[1] * fig.dpi - y) * scale


def test_a_click_on_a_card_not_yet_revealed_names_the_move_that_plays_it():
    state = boardlab.load("kalimambo", players=3).new_game(0)
    _, _, top = render._axes(state)
    left = state.cards_left(0)
    for i in (0, 4, len(left) - 1):
        where = pixel(state, render._left_x(i, len(left)) + 0.08, top - 0.75)
        assert render.locate(state, *where, viewer=0) == f"card {left[i]}"
    assert str(PlayCard(left[4])) == f"play card {left[4]}"  # the label the click matches
    row_1 = pixel(state, render._left_x(2, len(left)) + 0.08, top - 1.5)
    assert render.locate(state, *row_1, viewer=0) is None  # another player's row
    assert render.locate(state, *row_1, viewer=1) == f"card {state.cards_left(1)[2]}"
    assert render.locate(state, *pixel(state, 0.0, render.RADIUS), viewer=0) is None  # ring
    assert render.locate(state, 1, 1, viewer=0) is None
    assert render.locate(state, *pixel(state, 11, top - 0.75)) is None  # a spectator
    assert texts(render.draw(state), "left:0") == list(map(str, left))
