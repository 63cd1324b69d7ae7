"""Tembo rule tests, part 2: lions, the Matriarch, landmarks, the end, support tokens, and
the reconstruction's setup and data files (map reference in ``test_tembo.py``)."""

from __future__ import annotations

import networkx as nx
import pytest
from test_tembo import ALL_LANDMARKS, assert_illegal, load, situation, texts

import boardlab
from boardlab import DataFile, InvalidParameter
from boardlab.games.tembo import Build, Choose, Elephant, Footprint, OnArea, Place, Support
from boardlab.games.tembo.components import (
    AREAS_PATH,
    JOURNEY_PATH,
    footprint,
    make_tables,
    turn_offsets,
)


def build_on_f(state):
    """Player 0's quiet action: build I-03 on area f (every player +2 rested)."""
    state.apply(Build("I-03"))
    state.apply(OnArea("f"))


# -- Lions ---------------------------------------------------------------------------
@pytest.mark.rule("tembo:lions-move", "tembo:d-lion-path")
def test_a_lion_card_moves_each_lion_one_area_toward_the_nearest_elephants():
    state = situation(deck=["lion 1", "II-01"], elephants={"b3": 0}, tired=[6, 7])
    build_on_f(state)
    names = [state.area_name(a) for a in state.lions]
    assert names[0] == "i"  # from l, one area toward area a (ties: the journey's order)
    assert state.game.journey.area_distance[state.lions[0]][1] == 5
    assert "the lioness moves from l to i" in texts(state)


@pytest.mark.rule("tembo:lions-chase", "tembo:lions-lie", "tembo:lions-order")
def test_the_lioness_chases_the_elephants_of_her_area_to_the_box_and_lies_down_first():
    state = situation(
        deck=["lion 1", "II-01"], elephants={"b3": 0, "a5": 1}, tired=[6, 6], lions=["a", "w"]
    )
    build_on_f(state)
    cells = state.game.cell_ids
    assert state.count[cells["b3"]] == 0 and state.box[0] == 1 and state.on_savanna[0] == 0
    assert state.count[cells["a5"]] == 1  # area b: not hers
    assert state.lying == [True, False]
    events = texts(state)
    first = events.index("the lioness chases 1 of player 0's elephants off b3 (to the box)")
    assert first < next(i for i, e in enumerate(events) if e.startswith("the lion moves"))


@pytest.mark.rule("tembo:lions-matriarch")
def test_a_lion_with_the_matriarch_takes_a_rested_else_a_tired_elephant_of_everyone():
    state = situation(deck=["lion 1", "II-01"], lions=["S", "w"], rested=[3, 0], tired=[7, 10])
    build_on_f(state)  # +2 rested each; then the lioness, with the Matriarch, takes one each
    assert state.box == [1, 1] and state.rested == [4, 1]
    state = situation(deck=["lion 1", "II-01"], lions=["S", "w"], rested=[3, 0], tired=[7, 10])
    state.apply(Build("I-03"))
    state.apply(OnArea("c"))  # you +5, player 1 -2 (he has none)
    state.apply(Choose(1))
    assert state.box == [1, 1] and state.rested == [7, 0] and state.tired == [2, 9]


@pytest.mark.rule("tembo:d-lion-rests")
def test_a_lying_lion_skips_its_next_activation_unless_lions_never_rest():
    state = situation(
        deck=["lion 1", "II-01"],
        lions=["a", "w"],
        lying=[True, False],
        elephants={"b3": 0},
        tired=[6, 7],
    )
    build_on_f(state)
    assert state.lying[0] is False and state.box[0] == 0  # she only got up
    restless = situation(
        game=load(lion_rests=False),
        deck=["lion 1", "II-01"],
        lions=["a", "w"],
        lying=[True, False],
        elephants={"b3": 0},
        tired=[6, 7],
    )
    build_on_f(restless)
    assert restless.box[0] == 1


# -- Landmarks and the end ----------------------------------------------------------------
@pytest.mark.rule("tembo:landmarks")
def test_a_landmark_is_visited_when_elephants_or_the_matriarch_fill_its_purple_cells():
    state = situation(tokens=1, elephants={"c4": 0}, tired=[6, 7])
    state.apply(Support("D"))
    state.apply(Elephant("c5"))
    assert state.visited[0] and "the landmark of area e is visited" in texts(state)
    state = situation(matriarch="c5")
    state.apply(Place("I-01"))
    state.apply(Footprint("b4"))
    assert state.visited[0]


@pytest.mark.rule("tembo:destination-locked", "tembo:d-landmarks-six")
def test_the_destination_is_locked_until_all_six_landmarks_are_visited():
    assert len(load().journey.landmarks) == 6
    hands = [["I-12", "I-02", "I-03"], ["I-04", "I-05", "I-06"]]
    state = situation(hands=hands, elephants={"b39": 0}, tired=[6, 7], visited=ALL_LANDMARKS[:5])
    state.apply(Place("I-12"))
    assert_illegal(state, Footprint("b40"), rule="Place elephants", says="locked")


@pytest.mark.rule("tembo:destination-locked")
def test_every_cell_of_the_destination_board_is_locked_not_only_its_purple_cells():
    """Seed "Landmarks": no elephant on the Destination board until it opens — its open cells
    a39…d39 (beside the Matriarch on b38) take neither token D's elephant nor a pattern."""
    hands = [["I-01", "I-02", "I-03"], ["I-04", "I-05", "I-06"]]  # I-01: xx
    setup = {"hands": hands, "matriarch": "b38", "tokens": 1}
    state = situation(visited=ALL_LANDMARKS[:5], **setup)
    state.apply(Support("D"))
    cells = {a.cell for a in state.legal_actions()}
    assert cells == {"a37", "a38", "b37", "c37", "c38"}  # not a39, b39, c39
    for cell in ("a39", "b39", "c39"):
        assert_illegal(
            state, Elephant(cell), rule="Support tokens D / Build the savanna", says="locked"
        )
    state = situation(visited=ALL_LANDMARKS[:5], **setup)
    state.apply(Place("I-01"))
    anchors = {a.cell for a in state.legal_actions()}
    assert anchors == {"a36", "a37", "b36", "c36", "c37"}  # a38 (a38 a39): locked
    assert_illegal(state, Footprint("a38"), rule="Place elephants", says="Destination board")
    assert_illegal(state, Footprint("c39"), rule="Place elephants", says="Destination board")
    opened = situation(visited=ALL_LANDMARKS, **setup)
    opened.apply(Place("I-01"))
    assert {"a38", "a39", "b39", "c38", "c39"} <= {a.cell for a in opened.legal_actions()}
    opened.apply(Footprint("c39"))
    assert opened.on_savanna[0] == 2 and opened.outcome is None


@pytest.mark.rule("tembo:win")
def test_elephants_on_both_destination_cells_after_all_landmarks_win():
    hands = [["I-12", "I-02", "I-03"], ["I-04", "I-05", "I-06"]]
    state = situation(hands=hands, elephants={"b39": 0}, tired=[6, 7], visited=ALL_LANDMARKS)
    state.apply(Place("I-12"))
    state.apply(Footprint("b40"))
    assert state.outcome.team == "won" and state.returns() == [1.0, 1.0]
    assert state.is_terminal and state.legal_actions() == []


@pytest.mark.rule("tembo:lose-deck")
def test_a_draw_from_an_empty_deck_loses():
    state = situation(deck=[])
    build_on_f(state)
    assert state.outcome.team == "lost"
    assert state.outcome.reason == "a card had to be drawn from an empty deck"


@pytest.mark.rule("tembo:lose-energy")
def test_energy_at_zero_loses():
    state = situation(deck=["matriarch 1", "II-01"], energy=2)
    build_on_f(state)
    assert state.energy == 0 and state.outcome.reason == "the energy token reached zero"


@pytest.mark.rule("tembo:lose-lions")
def test_both_lions_in_the_matriarchs_area_lose():
    state = situation(deck=["lion 1", "II-01"], lions=["a", "S"])
    build_on_f(state)
    assert state.outcome.reason == "both lions are in the Matriarch's area"


@pytest.mark.rule("tembo:lose-elephants")
def test_a_player_without_any_elephant_loses():
    state = situation(
        deck=["lion 1", "II-01"], lions=["a", "w"], elephants={"b3": 1}, rested=[3, 0], tired=[7, 0]
    )
    state.apply(Build("I-03"))
    state.apply(OnArea("b"))  # another player +4: player 1 has no tired elephant to rest
    state.apply(Choose(1))
    assert state.outcome.reason == "player 1 has no elephants left"


# -- the Matriarch -----------------------------------------------------------------------
@pytest.mark.rule("tembo:d-matriarch")
def test_the_matriarch_card_moves_her_to_the_front_gathers_the_herd_and_raises_the_stands():
    """Reconstruction "Matriarch card": she moves onto the elephant furthest along, then every
    elephant on the savanna goes back to its owner, tired (two from a rough cell); rested
    elephants tire, energy -2, the stands are raised."""
    state = situation(
        deck=["matriarch 1", "II-01"],
        elephants={"b3": 0, "c4": 0, "a5": 1, "c7": 1},
        tired=[5, 5],
        stands=[False, True, False, True],
        built=[["c", "III-01", 0]],  # rr.. : a7 a8 rough; c7 is open
    )
    build_on_f(state)
    cells = state.game.cell_ids
    assert state.matriarch == cells["c7"]
    assert state.count == [0] * state.game.journey.cells and state.herd == 0
    assert state.on_savanna == [0, 0] and state.rested == [0, 0] and state.tired == [10, 10]
    assert state.energy == 8 and state.stands == [True] * 4
    assert (
        "the Matriarch moves to c7 and gathers the herd: player 0 takes back 2 elephants, "
        "tired, player 1 takes back 2 elephants, tired"
    ) in texts(state)


@pytest.mark.rule("tembo:d-gather-furthest")
def test_gather_furthest_brings_back_only_the_elephants_of_her_cell():
    """The earlier reading (gather="furthest"): only the elephant she lands on comes back."""
    state = situation(
        game=load(gather="furthest"),
        deck=["matriarch 1", "II-01"],
        elephants={"b3": 0, "a5": 1},
        tired=[6, 6],
        stands=[False, True, False, True],
    )
    build_on_f(state)
    cells = state.game.cell_ids
    assert state.matriarch == cells["a5"] and state.count[cells["a5"]] == 0
    assert state.count[cells["b3"]] == 1 and state.on_savanna == [1, 0]
    assert state.rested == [0, 0] and state.tired == [10 - 1, 10 - 0]
    assert state.energy == 8 and state.stands == [True] * 4
    assert "the Matriarch moves to a5; player 1 takes back 1 tired elephant(s)" in texts(state)


@pytest.mark.rule("tembo:d-double-matriarch")
def test_two_matriarch_cards_in_one_refill_cost_five_more():
    state = situation(deck=["matriarch 1", "matriarch 2", "II-01"])
    build_on_f(state)
    assert state.energy == 10 - 2 - 2 - 5
    cheap = situation(
        game=load(double_matriarch_penalty=0), deck=["matriarch 1", "matriarch 2", "II-01"]
    )
    build_on_f(cheap)
    assert cheap.energy == 6


# -- Support tokens -----------------------------------------------------------------------
@pytest.mark.rule("tembo:support", "tembo:support-a", "tembo:support-b")
def test_any_number_of_support_tokens_before_the_action():
    state = situation(tokens=3, energy=13)
    state.apply(Support("A"))
    state.apply(Support("A"))  # the track tops out at 15
    state.apply(Support("B"))
    assert state.energy == 15 and state.rested[0] == 5 and state.tokens == 0
    assert not any(type(a) is Support for a in state.legal_actions())
    assert_illegal(state, Support("A"), rule="Support tokens", says="no support token")


@pytest.mark.rule("tembo:support-benefit", "tembo:support-a", "tembo:support-b")
def test_a_support_token_is_offered_only_where_it_does_something():
    """Seed "Support tokens": each spent token gives one of the benefits — so A is not offered
    at the top of the energy track, nor B to a player with no tired elephant to rest."""
    state = situation(tokens=2, energy=15, rested=[3, 3], tired=[0, 7])
    tokens = {a.token for a in state.legal_actions() if type(a) is Support}
    assert tokens == {"C", "D"}
    assert_illegal(state, Support("A"), rule="Support tokens", says="energy is at the top")
    assert_illegal(state, Support("B"), rule="Support tokens", says="no tired elephant")
    state = situation(tokens=2, energy=14, rested=[3, 3], tired=[1, 7])
    assert {a.token for a in state.legal_actions() if type(a) is Support} == {"A", "B", "C", "D"}
    state.apply(Support("B"))  # one tired elephant: +1 is still a benefit
    assert state.rested[0] == 4 and state.tired[0] == 0
    assert {a.token for a in state.legal_actions() if type(a) is Support} == {"A", "C", "D"}


@pytest.mark.rule("tembo:support-c")
def test_token_c_lets_a_card_without_the_symbol_turn_when_built():
    state = situation(tokens=1)
    state.apply(Support("C"))
    state.apply(Build("I-03"))
    state.apply(OnArea("a"))
    assert state.step == "build_turn"


@pytest.mark.rule("tembo:support-d", "tembo:d-token-d")
def test_token_d_places_one_elephant_next_to_the_herd_ignoring_rough():
    state = situation(tokens=1, built=[["a", "III-01", 0]])  # rr.. : a3 a4 rough
    state.apply(Support("D"))
    assert_illegal(
        state,
        Elephant("c7"),
        rule="Support tokens D / Build the savanna",
        says="next to an elephant",
    )
    state.apply(Elephant("a3"))
    assert state.count[state.game.cell_ids["a3"]] == 1 and state.rested[0] == 2
    assert state.step == "turn" and state.current_player == 0


# -- the reconstruction's setup and data-----------------------------------------------------
@pytest.mark.rule("tembo:d-players")
def test_setup_three_rested_seven_tired_energy_ten_four_tokens():
    state = load().new_game(5)
    assert state.rested == [3, 3] and state.tired == [7, 7]
    assert state.energy == 10 and state.tokens == 4
    assert all(len(h) == 3 for h in state.hands)


@pytest.mark.rule("tembo:d-deck")
def test_the_decks_are_stacked_deck_one_on_top():
    game = load()
    state = game.new_game(3)
    top_share = len(game.decks[0]) - 6 + 3 + 1  # deck I's rest, 3 lions, 1 matriarch
    top = state.deck[-top_share:]
    assert all(c in game.decks[0] or c >= game.savanna_count for c in top)
    assert len(state.deck) + 6 == game.total_cards == 36 + 14


@pytest.mark.rule("tembo:d-grid", "tembo:d-areas")
def test_the_journey_and_its_graphs_match_networkx():
    game = load()
    journey = game.journey
    assert (journey.rows, journey.columns) == (4, 40)
    assert len(journey.areas) == 38 and sum(a.kind == "card" for a in journey.areas) == 30
    cells = journey.cell_graph()
    assert all(set(cells[c]) == set(journey.neighbours[c]) for c in cells)
    areas = journey.area_graph()
    lengths = dict(nx.all_pairs_shortest_path_length(areas))
    assert all(journey.area_distance[a][b] == lengths[a][b] for a in lengths for b in lengths[a])
    tables = make_tables(journey, game.cards)
    card = game.card_ids["II-07"]
    for q in range(4):
        plain = [
            (a, footprint(journey, turn_offsets(game.cards[card].pattern, q), a))
            for a in range(journey.cells)
        ]
        assert tables.placements[card][q] == [(a, c) for a, c in plain if c is not None]


def test_legal_placements_equal_the_plain_checks():
    state = situation(elephants={"b3": 0, "c4": 1}, tired=[6, 6], built=[["a", "III-01", 0]])
    game = state.game
    for card in range(len(game.cards)):
        for q in range(4):
            fast = state.placements(card, q, 0)
            plain = [(a, c) for a, c in game.tables.placements[card][q] if not state.why_not(c, 0)]
            assert fast == plain


def test_a_teachers_map_with_a_typo_names_its_line():
    text = JOURNEY_PATH.read_text().replace("2,.M", "2,ZM", 1)
    with pytest.raises(InvalidParameter, match="line 10"):
        boardlab.load("tembo", journey=DataFile("my.csv", text))
    areas = AREAS_PATH.read_text().replace("a,card,all_two", "a,card,all_tow")
    with pytest.raises(InvalidParameter, match="all_tow"):
        boardlab.load("tembo", areas=DataFile("areas.csv", areas))


def test_bad_parameters_name_the_parameter():
    with pytest.raises(InvalidParameter, match="starting_rested"):
        load(starting_rested=12)
    with pytest.raises(InvalidParameter, match="players"):
        load(players=5)


@pytest.mark.rule("tembo:d-deck")
def test_deck_size_is_at_most_what_the_cards_file_holds():
    """A deck_size beyond the cards in a deck would play the same games as the largest one:
    refused at load, naming the parameter, its value and the largest allowed — for the
    shipped file (12 cards a deck) and for a teacher's file with a longer deck I."""
    assert len(load(deck_size=12).decks[0]) == 12
    for size in (13, 24, 36):
        with pytest.raises(InvalidParameter, match=f"deck_size={size}.*at most 12") as error:
            load(deck_size=size)
        assert error.value.name == "deck_size" and error.value.value == size
    from boardlab.games.tembo.components import CARDS_PATH

    longer = CARDS_PATH.read_text() + "I-13,I,....,xx,no\nI-14,I,....,x/x,no\nI-15,I,....,xx,no\n"
    teachers = DataFile("our_cards.csv", longer)
    assert [len(d) for d in load(cards=teachers, deck_size=15).decks] == [15, 12, 12]
    with pytest.raises(InvalidParameter, match=r"deck_size=16.*at most 15.*our_cards\.csv"):
        load(cards=teachers, deck_size=16)


def test_an_action_of_another_step_is_refused_and_changes_nothing():
    state = situation()
    assert_illegal(state, OnArea("a"), rule="Turn", says="choose your action")
    assert_illegal(state, Build("II-09"), rule="Build the savanna", says="holds no card")


# -- the contract's teaching hooks --------------------------------------------------------
def test_near_misses_name_their_refusing_rule():
    state = situation(visited=[])
    state.apply(Build("I-03"))
    refused = {a.area: why for a, why in state.candidate_actions() if why is not None}
    assert "landmark" in refused["e"].reason and refused["e"].rule == "Build the savanna"
    state = situation(tokens=1)
    state.apply(Support("D"))
    refused = {a.cell: why for a, why in state.candidate_actions() if why is not None}
    assert "locked" in refused["b40"].reason


def test_choice_path_says_what_a_build_area_does_and_rule_help_the_step():
    game = load()
    state = situation()
    state.apply(Build("I-03"))
    assert game.choice_path(state, OnArea("b")) == ("area b → another player +4 rested",)
    assert game.rule_help(state).startswith("choose a free card area")


def test_elephants_and_cards_are_conserved():
    state = situation(elephants={"b3": 0}, tired=[6, 7], deck=["lion 1", "II-01"], lions=["a", "w"])
    build_on_f(state)
    laws = state.conservation()
    assert laws["elephants of player 0"] == (10, 10) and state.box[0] == 1
    assert laws["cards"][0] == laws["cards"][1] == 50


def test_a_sample_keeps_the_card_on_the_table_in_its_players_hand():
    import random

    state = situation()
    state.apply(Build("I-03"))
    sample = state.determinize(1, random.Random(2))
    assert state.game.card_ids["I-03"] in sample.hands[0]
    sample.apply(OnArea("f"))


def test_discarding_only_when_no_build_and_no_placement():
    from boardlab.games.tembo import Discard

    state = situation()
    assert_illegal(state, Discard("I-01"), rule="Turn", says="neither build nor place")


def test_seats_must_name_one_direction_per_player():
    with pytest.raises(InvalidParameter, match="seats"):
        load(seats=(0, 1, 2))
    assert load(seats=(1, 3)).seat_turns == (1, 3)


def test_the_exercise_is_answered_by_the_engine():
    from boardlab.games.tembo.exercises import placements_exercise

    exercise = placements_exercise(load())
    state = situation(hands=[["I-08", "I-01", "I-02"], ["I-03", "I-04", "I-05"]])
    state.apply(Place("I-08"))
    assert exercise.answer == len(state.legal_actions()) > 0


def test_the_turn_cap_cuts_the_game_short():
    state = situation(game=load(max_turns=1))
    build_on_f(state)
    assert state.outcome.status == "truncated" and state.outcome.reason == "turn cap"
    assert "the game is cut short after 1 turns (turn cap)" in texts(state)


def test_a_west_seat_turns_the_pattern_a_quarter():
    state = situation(
        game=load(seats=(1, 2)), hands=[["I-12", "I-02", "I-03"], ["I-04", "I-05", "I-06"]]
    )
    state.apply(Place("I-12"))  # x/x, seen from the west: the arrow points east → x x
    state.apply(Footprint("b3"))
    cells = state.game.cell_ids
    assert state.count[cells["b3"]] and state.count[cells["b4"]] and not state.count[cells["c3"]]


def test_a_teachers_card_file_with_a_bad_pattern_names_its_line():
    from boardlab.games.tembo.components import CARDS_PATH

    text = CARDS_PATH.read_text().replace("I-02,I,w...,x/x,no", "I-02,I,w...,x/y,no")
    with pytest.raises(InvalidParameter, match="line 11"):
        boardlab.load("tembo", cards=DataFile("my_cards.csv", text))
