"""Kilimanjaro's renderer: what a figure shows, to whom, and the track as a graph."""

import io

import matplotlib

matplotlib.use("Agg")

import matplotlib.image
import matplotlib.pyplot as plt
import pytest
from matplotlib.figure import Figure
from matplotlib.patches import Circle, FancyBboxPatch
from matplotlib.text import Text

import boardlab
from boardlab.games.kilimanjaro import PlaceCounter, PlayCard, render
from boardlab.games.kilimanjaro.components import LION, card

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
#: Top cards of players 1 and 2 in a scene about player 0's: they move 3 and 4.
OTHER_TOPS = [["canoe 1", "canoe 2", "mule 1"], ["on foot 1", "on foot 3", "mule 2"]]


def texts(fig: Figure, gid: str | None = None) -> list[str]:
    """Every string the figure shows (or those of the artists tagged ``gid``)."""
    found = [t for t in fig.findobj(Text) if t.get_visible() and t.get_text()]
    return [t.get_text() for t in found if gid is None or t.get_gid() == gid]


@pytest.fixture
def game():
    return boardlab.load("kilimanjaro")


def lion_ahead(game):
    """Player 0 on 25 with a face-down lion on 32; playing on foot 7 on pile A moves 7."""
    return game.new_game(0).arrange(
        positions=[25, 30, 30],
        tops=[
            ["canoe 1", "jeep 2", "mule 3"],
            ["canoe 2", "jeep 3", "mule 4"],
            ["jeep 1", "jeep 4", "on foot 1"],
        ],
        hands=[["on foot 7", "canoe 5", "canoe 6"], ["jeep 5"], ["mule 5"]],
        counters={32: "lion", 50: "banana"},
        face_up=(50,),
    )


def test_draw_returns_a_titled_figure_without_pyplot(game):
    before = plt.get_fignums()
    fig = render.draw(game.new_game(3))
    assert isinstance(fig, Figure)
    title = fig.axes[0].get_title(loc="left")
    assert "place phase" in title and "player 0 places a chance counter" in title
    assert "cards not dealt yet" in title  # Preparation: dealt after the placement
    assert fig.axes[0].get_legend() is not None
    played = render.draw(game.new_game(3).arrange()).axes[0].get_title(loc="left")
    assert "play phase" in played and "deck: 38 cards" in played
    assert plt.get_fignums() == before  # nothing left in pyplot's global list


@pytest.mark.rule("kilimanjaro:prep-deal-cards")
def test_before_the_deal_the_panels_show_no_cards(game):
    """While the counters are placed nobody holds a card, not even in a revealed picture."""
    state = game.new_game(3)
    fig = render.draw(state, reveal=True)
    for p in range(3):
        assert texts(fig, f"hand:{p}") == []
        assert not [a for a in fig.findobj(FancyBboxPatch) if str(a.get_gid()).startswith("pile:")]
    shown = texts(fig)
    assert shown.count("no cards yet") == 3 and shown.count("hand · not dealt yet") == 3
    assert not any(t.startswith("moves ") for t in shown)


def test_draw_into_a_given_axes_uses_that_figure(game):
    fig = Figure()
    ax = fig.add_subplot()
    assert render.draw(game.new_game(0), ax=ax) is fig
    assert "Kilimandscharo" in ax.get_title(loc="left")


def test_png_is_a_valid_png_of_the_figure(game):
    png = render.to_png(game.new_game(1))
    assert png.startswith(PNG_SIGNATURE)
    pixels = matplotlib.image.imread(io.BytesIO(png), format="png")
    height, width = pixels.shape[:2]
    assert width > 600 and height > 300


def test_a_drawn_figure_shows_itself_in_a_notebook(game):
    fig = render.draw(game.new_game(0))
    assert fig._repr_png_().startswith(PNG_SIGNATURE)  # no pyplot needed to display it


def test_repr_png_draws_the_state(game):
    state = game.new_game(2)
    png = state._repr_png_()
    assert png.startswith(PNG_SIGNATURE)
    assert png == render.to_png(state)  # the spectator's view, deterministic


def test_hidden_counter_is_a_question_mark_unless_revealed(game):
    state = lion_ahead(game)
    for viewer in (None, 0, 1):
        fig = render.draw(state, viewer=viewer)
        assert texts(fig, "counter:32") == ["?"]
        assert texts(fig, "counter:50") == ["B"]  # face up: everybody sees it
    assert texts(render.draw(state, reveal=True), "counter:32") == ["L"]


@pytest.mark.rule("kilimanjaro:decision-2")
def test_a_placed_counter_is_known_to_its_placer_only(game):
    state = game.new_game(5)
    place = next(a for a in state.legal_actions() if a.counter == LION)
    state.apply(place)
    gid = f"counter:{place.space}"
    assert texts(render.draw(state, viewer=0), gid) == ["L"]
    assert texts(render.draw(state, viewer=1), gid) == ["?"]
    assert texts(render.draw(state), gid) == ["?"]


def test_hand_names_only_for_its_owner(game):
    state = lion_ahead(game)
    mine = render.draw(state, viewer=0)
    assert sorted(texts(mine, "hand:0")) == sorted(["on foot", "7", "canoe", "5", "canoe", "6"])
    assert texts(mine, "hand:1") == []  # player 1's card is a back
    theirs = render.draw(state, viewer=1)
    assert texts(theirs, "hand:0") == []
    assert sorted(texts(theirs, "hand:1")) == ["5", "jeep"]
    shown = texts(render.draw(state, reveal=True))
    assert "on foot" in shown and "mule" in shown


def test_unplaced_counters_are_backs_for_the_others(game):
    state = game.new_game(4)
    kinds = {"banana": "B", "lion": "L", "change position": "C"}
    own = sorted(kinds[k] for k in state.observation(0)["my_counters"])
    assert sorted(texts(render.draw(state, viewer=0), "reserve:0")) == own
    assert set(texts(render.draw(state, viewer=1), "reserve:0")) == {"?"}


@pytest.mark.rule("kilimanjaro:example-b", "kilimanjaro:course-b")
def test_panel_explains_the_movement(game):
    state = game.new_game(0).arrange(tops=[["jeep 1", "jeep 5", "mule 7"], *OTHER_TOPS])
    shown = texts(render.draw(state))
    assert "moves 6" in shown  # rulebook example b: the majority rules
    assert "(rule b: the majority rules, add the pair)" in shown


@pytest.mark.rule("kilimanjaro:example-c")
def test_the_cards_that_count_for_the_move_are_drawn_bold(game):
    """Rulebook example c: all different, only the canoe 6 on pile B counts."""
    state = game.new_game(0).arrange(tops=[["jeep 4", "canoe 6", "mule 3"], *OTHER_TOPS])
    fig = render.draw(state)
    widths = {
        pile: {a.get_linewidth() for a in fig.findobj(FancyBboxPatch) if a.get_gid() == pile}
        for pile in ("pile:0:A", "pile:0:B", "pile:0:C")
    }
    assert widths == {"pile:0:A": {0.8}, "pile:0:B": {2.2}, "pile:0:C": {0.8}}


def test_game_over_is_in_the_title(game):
    state = lion_ahead(game)
    state.arrange(positions=[95, 30, 30])
    state.apply(PlayCard(card("on foot", 7), 0, 0))
    assert state.is_terminal
    title = render.draw(state).axes[0].get_title(loc="left")
    assert "Game over: player 0 wins" in title


def test_graph_has_a_node_per_space_and_step_edges(game):
    state = lion_ahead(game)
    g = render.graph(state)
    assert g.number_of_nodes() == 101
    assert sorted(g.nodes) == list(range(101))
    steps = [(u, v) for u, v, k in g.edges(data="kind") if k == "step"]
    assert steps == [(i, i + 1) for i in range(100)]
    assert g.nodes[0]["village"] and g.nodes[20]["village"] and not g.nodes[21]["village"]
    assert g.nodes[100]["base_camp"]
    assert g.nodes[32]["counter"] == "hidden"
    assert g.nodes[50]["counter"] == "banana"
    assert g.nodes[25]["expeditions"] == [0] and g.nodes[30]["expeditions"] == [1, 2]
    assert not [e for e in g.edges(data="kind") if e[2] == "lion"]


def test_graph_gets_a_lion_edge_once_the_lion_is_revealed(game):
    state = lion_ahead(game)
    state.apply(PlayCard(card("on foot", 7), 0, 0))  # 25 + 7 = 32: the lion
    assert state.positions[0] == 20
    g = render.graph(state)
    lions = [(u, v) for u, v, k in g.edges(data="kind") if k == "lion"]
    assert lions == [(32, 20)]
    assert g.nodes[32]["counter"] == "lion" and g.nodes[32]["face_up"]
    assert g.nodes[20]["expeditions"] == [0]
    fig = render.draw_graph(state)
    assert "1 lion edge" in fig.axes[0].get_title()


def test_draw_graph_shows_what_the_viewer_may_know(game):
    """A face-down lion is grey for the spectator, lion-coloured for its placer or when revealed."""
    state = game.new_game(5)
    place = next(a for a in state.legal_actions() if a.counter == LION)
    state.apply(place)
    lion = matplotlib.colors.to_rgba(render.COUNTER_COLOUR[LION])
    hidden = matplotlib.colors.to_rgba(render.HIDDEN_COLOUR)

    def fills(fig):
        return {tuple(c) for coll in fig.axes[0].collections for c in coll.get_facecolors()}

    assert hidden in fills(render.draw_graph(state)) and lion not in fills(render.draw_graph(state))
    assert lion in fills(render.draw_graph(state, viewer=0))
    assert lion in fills(render.draw_graph(state, reveal=True))
    assert render.graph(state, reveal=True).nodes[place.space]["counter"] == "lion"


def test_last_move_and_lion_are_drawn_as_arrows(game):
    from matplotlib.patches import FancyArrowPatch

    state = lion_ahead(game)
    before = len(render.draw(state).findobj(FancyArrowPatch))
    state.apply(PlayCard(card("on foot", 7), 0, 0))
    # the move 25 → 32 and the lion's way back 32 → 20
    assert len(render.draw(state).findobj(FancyArrowPatch)) == before + 2


def test_placement_counter_letters_do_not_leak_through_colour(game):
    state = game.new_game(6)
    place = next(a for a in state.legal_actions() if isinstance(a, PlaceCounter))
    state.apply(place)
    fig = render.draw(state, viewer=1)
    gid = f"counter:{place.space}"
    discs = fig.findobj(lambda a: isinstance(a, Circle) and a.get_gid() == gid)
    assert len(discs) == 1
    assert matplotlib.colors.to_hex(discs[0].get_facecolor()) == render.HIDDEN_COLOUR.lower()
    mine = render.draw(state, viewer=0).findobj(
        lambda a: isinstance(a, Circle) and a.get_gid() == gid
    )
    assert matplotlib.colors.to_hex(mine[0].get_facecolor()) != render.HIDDEN_COLOUR.lower()


# -- clicks on the board: locate ------------------------------------------------------------
def pixel(state, u: float, v: float) -> tuple[float, float]:
    """The pixel of ``to_png(state)`` (default dpi, y down) showing board point ``(u, v)``,
    from the figure's own transform: what a click there sends to ``locate``."""
    fig, ax, _, _ = render._axes(state)
    ax.apply_aspect()
    x, y = ax.transData.transform((u, v))
    scale = 80 / fig.dpi
    return x * scale, (fig.get_size_inches()[1] * fig.dpi - y) * scale


def test_a_click_on_a_space_names_it_as_the_counter_placements_do(game):
    state = game.new_game(0)
    where = render.layout(game.params["track_length"])
    for space in (1, 7, 10, 11, 55, 100):
        assert render.locate(state, *pixel(state, *where[space]), viewer=0) == f"space {space}"
    x, y = where[7]
    assert render.locate(state, *pixel(state, x + 0.4, y - 0.4)) == "space 7"  # its corner
    paths = [game.choice_path(state, a) for a in state.legal_actions()]
    assert ("your banana counter", "space 7") in paths  # the label the click matches
    assert render.locate(state, *pixel(state, *where[0])) is None  # the start village
    assert render.locate(state, 1, 1) is None  # the title's margin, off the board
    assert render.locate(state, *pixel(state, -2.1, -0.6)) is None  # a board corner


def test_a_click_names_the_viewers_cards_counters_and_every_pile(game):
    state = lion_ahead(game)
    _, _, panel_x, top = render._axes(state)
    y_card = top - 0.72 - render.CARD_HEIGHT
    hand = sorted(state.hands[0])  # canoe 5, canoe 6, on foot 7
    width = min(0.72, 3.3 / len(hand) - 0.08)
    second = pixel(state, panel_x + render.HAND_X + width + 0.08 + width / 2, y_card + 0.5)
    assert render.locate(state, *second, viewer=0) == "canoe 6"
    assert render.locate(state, *second, viewer=1) is None  # player 0's hidden hand
    pile_b = pixel(state, panel_x + 0.2 + 1.12 + 0.4, y_card + 0.5)
    assert render.locate(state, *pile_b, viewer=0) == "your pile B"
    theirs = pixel(state, panel_x + 0.2 + 0.4, y_card - render.PANEL_HEIGHT + 0.5)
    assert render.locate(state, *theirs, viewer=0) == "player 1's pile A"
    labels = {part for a in state.legal_actions() for part in game.choice_path(state, a)}
    assert "canoe 6" in labels and any(label.startswith("your pile B") for label in labels)
    # a counter still to place (Preparation), in the viewer's own panel
    fresh = game.new_game(0)
    counter = pixel(fresh, panel_x + render.HAND_X + 0.85 + 2 * 0.3, y_card - 0.3)
    kind = render.COUNTER_NAMES[fresh.reserve[0][2]]
    assert render.locate(fresh, *counter, viewer=0) == f"{kind} counter"
    assert f"your {kind} counter" in {game.choice_path(fresh, a)[0] for a in fresh.legal_actions()}
