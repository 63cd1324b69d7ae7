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
    assert shown.count("no cards yet") == 3
    assert not any(t.startswith("moves ") for t in shown)
    for p in range(3):  # revealed, each player's counters still to place, and no card
        (line,) = texts(fig, f"reserve:{p}")
        assert line.startswith(f"player {p}: to place ")


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
    assert width >= 590 and height > 300  # about the play panel's board column


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
    assert "player 0: canoe 5, canoe 6, on foot 7" in shown  # every hand, in words
    assert "player 1: jeep 5" in shown and "player 2: mule 5" in shown
    assert "a spectator sees no hand" in texts(render.draw(state))


def test_unplaced_counters_are_shown_to_their_owner_only(game):
    """Your counters still to place, one disc per kind with its letter, name and count;
    the others see only how many you hold."""
    state = game.new_game(4)
    kinds = {"banana": "B", "lion": "L", "change position": "C"}
    mine = state.observation(0)["my_counters"]
    shown = texts(render.draw(state, viewer=0), "reserve:0")
    for kind in set(mine):
        assert kinds[kind] in shown and kind in shown
        assert f"×{mine.count(kind)} to place" in shown
    assert texts(render.draw(state, viewer=1), "reserve:0") == []
    theirs = len(state.reserve[1])  # player 0 is to move: their panel says so instead
    assert texts(render.draw(state, viewer=0), "holds:1") == [f"to place {theirs}"]
    assert texts(render.draw(state, viewer=1), "holds:0") == ["◀ to move"]


@pytest.mark.rule("kilimanjaro:example-b", "kilimanjaro:course-b")
def test_panel_explains_the_movement(game):
    state = game.new_game(0).arrange(tops=[["jeep 1", "jeep 5", "mule 7"], *OTHER_TOPS])
    fig = render.draw(state)
    assert texts(fig, "moves:0") == ["moves 6 · rule b"]  # rulebook example b
    legend = [text.get_text() for text in fig.axes[0].get_legend().texts]
    assert "rule b: two alike, add the pair" in legend  # the key under the board


@pytest.mark.rule("kilimanjaro:example-c")
def test_the_cards_that_count_for_the_move_are_drawn_bold(game):
    """Rulebook example c: all different, only the canoe 6 on pile B counts."""
    state = game.new_game(0).arrange(tops=[["jeep 4", "canoe 6", "mule 3"], *OTHER_TOPS])
    fig = render.draw(state)
    widths = {
        pile: {a.get_linewidth() for a in fig.findobj(FancyBboxPatch) if a.get_gid() == pile}
        for pile in ("pile:0:A", "pile:0:B", "pile:0:C")
    }
    thin, thick = render.PLAIN_LW, render.COUNTS_LW
    assert widths == {"pile:0:A": {thin}, "pile:0:B": {thick}, "pile:0:C": {thin}}


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


# -- places on the board: places, locate ----------------------------------------------------
def pixel(state, u: float, v: float) -> tuple[float, float]:
    """The pixel of ``to_png(state)`` (default dpi, y down) showing board point ``(u, v)``,
    from the figure's own transform: what a click there sends to ``locate``."""
    fig, ax, _ = render._axes(state)
    ax.apply_aspect()
    x, y = ax.transData.transform((u, v))
    scale = 80 / fig.dpi
    return x * scale, (fig.get_size_inches()[1] * fig.dpi - y) * scale


def centre(box) -> tuple[float, float]:
    left, bottom, right, top = box
    return (left + right) / 2, (bottom + top) / 2


def place_box(state, name: str, viewer=None):
    return dict(render.places(state, viewer))[name]


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


@pytest.mark.parametrize("phase", ["place", "play"])
def test_every_place_is_found_by_locate_at_its_centre(game, phase):
    """``locate`` reads ``places``: a click at the centre of each place's box names it."""
    state = game.new_game(0) if phase == "place" else lion_ahead(game)
    found = render.places(state, viewer=0)
    names = [name for name, _ in found]
    assert len(names) == len(set(names))  # one box per name
    for name, box in found:
        assert render.locate(state, *pixel(state, *centre(box)), viewer=0) == name


def test_a_click_names_the_viewers_cards_counters_and_every_pile(game):
    state = lion_ahead(game)
    canoe_6 = place_box(state, "canoe 6", viewer=0)
    assert render.locate(state, *pixel(state, *centre(canoe_6)), viewer=0) == "canoe 6"
    assert "canoe 6" not in dict(render.places(state, viewer=1))  # player 0's hidden hand
    pile_b = place_box(state, "your pile B", viewer=0)
    assert render.locate(state, *pixel(state, *centre(pile_b)), viewer=0) == "your pile B"
    theirs = place_box(state, "player 1's pile A", viewer=0)
    assert render.locate(state, *pixel(state, *centre(theirs)), viewer=0) == "player 1's pile A"
    labels = {part for a in state.legal_actions() for part in game.choice_path(state, a)}
    assert "canoe 6" in labels and any(label.startswith("your pile B") for label in labels)
    # a counter still to place (Preparation), under the viewer's track
    fresh = game.new_game(0)
    kind = render.COUNTER_NAMES[fresh.reserve[0][-1]]
    box = place_box(fresh, f"{kind} counter", viewer=0)
    assert render.locate(fresh, *pixel(fresh, *centre(box)), viewer=0) == f"{kind} counter"
    assert f"your {kind} counter" in {game.choice_path(fresh, a)[0] for a in fresh.legal_actions()}


@pytest.mark.parametrize("phase", ["place", "play", "choose"])
def test_every_place_a_move_names_is_a_place_of_the_board(game, phase):
    """The first step of every legal move (a counter, a card, or a swap's target) and the
    pile of every card play name places of the board, so a click can choose them and the
    guided game can mark them."""
    from boardlab.widgets.choices import mentions

    state = game.new_game(0) if phase == "place" else lion_ahead(game)
    if phase == "choose":
        state = game.new_game(0).arrange(
            positions=[10, 30, 20],
            counters={13: "change position"},
            tops=[["canoe 1", "jeep 3", "mule 2"], *OTHER_TOPS],
        )
        state.apply(
            next(
                a
                for a in state.legal_actions()
                if a.player == 0
                and a.pile == 0
                and render.movement_rule([a.card, *state.tops[0][1:]]).distance == 3
            )
        )
        assert state.phase_name == "choose"
    names = [name for name, _ in render.places(state, viewer=state.current_player)]
    for action in state.legal_actions():
        text = " · ".join(game.choice_path(state, action)).lower()
        assert any(mentions(name, text) for name in names), text


def test_every_place_name_is_written_on_the_board(game):
    """What a move names is written where it lies: a space's number, "pile A" in the panel
    headed "player 1", a card's transport and value, a counter's name."""
    state = lion_ahead(game)
    fig = render.draw(state, viewer=0)
    assert texts(fig, "space:32") == ["32"]
    assert texts(fig, "pile-name:1:B") == ["pile B"]
    assert texts(fig, "player:1") == ["player 1 · on 30"]
    assert texts(fig, "player:0") == ["player 0 (you) · on 25"]
    assert sorted(texts(fig, "hand:0")) == sorted(["canoe", "5", "canoe", "6", "on foot", "7"])
    fresh = game.new_game(0)
    shown = texts(render.draw(fresh, viewer=0), "reserve:0")
    for kind in set(fresh.reserve[0]):
        assert render.COUNTER_NAMES[kind] in shown


@pytest.mark.parametrize("players", [2, 4])
def test_board_text_is_never_smaller_than_small_and_stays_on_the_figure(game, players):
    """No text under ``SMALL`` points (9 px or more in the play panel's board column), and
    none cut off at the figure's edge, on a busy board as each player sees it."""
    import random

    state = boardlab.load("kilimanjaro", players=players).new_game(4)
    rng = random.Random(4)
    for _ in range(40):
        state.apply(rng.choice(state.legal_actions()))
    for viewer in (None, *range(players)):
        fig = render.draw(state, viewer=viewer, reveal=viewer is None)
        fig.canvas.draw()
        width = fig.bbox.width
        for text in fig.findobj(Text):
            if not text.get_text() or not text.get_visible() or text.axes is None:
                continue
            if text in text.axes.xaxis.get_ticklabels() + text.axes.yaxis.get_ticklabels():
                continue
            assert text.get_fontsize() >= render.SMALL, text.get_text()
            box = text.get_window_extent()
            assert box.x0 >= -1 and box.x1 <= width + 1, text.get_text()
    assert fig.get_size_inches()[0] * 80 <= 610  # about the board column's 590 px


# -- cards you can see: draw_card, gallery ----------------------------------------------------
def test_draw_card_writes_the_transport_and_the_value():
    fig = render.draw_card("on foot 7")
    assert sorted(texts(fig, "card")) == ["7", "on foot"]
    assert sorted(texts(render.draw_card(card("jeep", 2)), "card")) == ["2", "jeep"]
    assert render.draw_card("mule 1", seat=2) is not None  # the same card from every seat


def test_draw_card_shows_a_chance_counter_with_its_letter_and_name():
    shown = texts(render.draw_card("lion"), "card")
    assert "L" in shown and "lion" in shown


@pytest.mark.parametrize("wrong", ["jeep 8", "bicycle 3", "tiger", 56, True, None])
def test_draw_card_refuses_what_is_no_card(wrong):
    with pytest.raises(ValueError, match="not a Kilimanjaro card"):
        render.draw_card(wrong)


def test_the_gallery_shows_every_card_and_every_counter(game):
    from boardlab.games.kilimanjaro.components import CARD_FACES, card_name

    fig = render.gallery(boardlab.load("kilimanjaro", bananas=5))
    for face in range(CARD_FACES):
        name = card_name(face)
        transport, value = name.rsplit(" ", 1)
        assert sorted(texts(fig, f"gallery:{name}")) == sorted([transport, value])
    shown = texts(fig)
    assert "banana ×5: move the same distance again" in shown  # the game's own counts
    assert "lion ×4: back to the last village" in shown
    assert "change position ×4: swap places with an expedition" in shown
    assert "56 movement cards" in fig.axes[0].get_title(loc="left")
