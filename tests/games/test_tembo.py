"""Rule tests of Tembo: build a situation with ``arrange``, play, check the exact result.

Sections follow the Russian rulebook and then the reconstruction's decisions. Map
reference (``data/journey.csv``): the Matriarch starts on b2; area a (a3 b3 a4 b4)
all_two, b other_four, c self_five, d self_three_place; landmark e (c5 purple, d5 d6 a
green tree); the red tree c1 d1; landmark g (a9 a10 purple, b9 b10 yellow tree);
landmark q (c17 purple, c18 water, d17 purple, d18 rough); the lioness starts on area l,
the lion on w; destination cells b40 and c40 (the Destination board: columns 39 and 40).
"""

from __future__ import annotations

import random

import pytest

import boardlab
from boardlab import IllegalAction
from boardlab.games.tembo import (
    Build,
    Choose,
    Elephant,
    Footprint,
    OnArea,
    Place,
    Support,
    Turn,
)

ALL_LANDMARKS = ["e", "g", "q", "u", "E", "I"]
DECK = ["II-01", "II-02", "II-03", "II-04", "II-05", "II-06"]


def load(**params):
    return boardlab.load("tembo", **params)


def situation(players=2, hands=None, deck=None, **setup):
    """A start of turn: by default player 0 holds I-01 I-02 I-03, player 1 I-04 I-05 I-06."""
    state = (
        load(players=players).new_game(seed=0)
        if "game" not in setup
        else setup.pop("game").new_game(seed=0)
    )
    default = [
        ["I-01", "I-02", "I-03"],
        ["I-04", "I-05", "I-06"],
        ["I-07", "I-08", "I-09"],
        ["I-10", "I-11", "I-12"],
    ]
    return state.arrange(
        hands=hands or default[:players], deck=DECK if deck is None else deck, **setup
    )


def texts(state, player=None):
    return [e.text for e in state.visible_events(player)]


def assert_illegal(state, action, *, rule: str, says: str = "") -> None:
    assert action not in state.legal_actions()
    before = state.to_json()
    with pytest.raises(IllegalAction) as error:
        state.apply(action)
    assert state.to_json() == before
    assert error.value.rule == rule
    assert says in error.value.reason


# -- Goal and Turn --------------------------------------------------------------------------
@pytest.mark.rule("tembo:goal")
def test_the_team_wins_or_loses_together():
    game = load(players=3)
    assert game.cooperative
    state = situation(players=3, deck=["matriarch 1"], energy=2)
    state.apply(Place("I-01"))
    state.apply(Footprint("b3"))
    assert state.outcome.team == "lost" and state.returns() == [-1.0, -1.0, -1.0]
    assert state.outcome.reason == "the energy token reached zero"


@pytest.mark.rule("tembo:turn", "tembo:turn-refill")
def test_turns_go_round_and_the_player_draws_back_to_three():
    state = situation()
    state.apply(Place("I-01"))
    state.apply(Footprint("b3"))
    assert state.current_player == 1
    assert sorted(state.game.card_names[c] for c in state.hands[0]) == ["I-02", "I-03", "II-01"]
    assert "player 0 draws II-01" in texts(state, 0)
    assert "player 0 draws a card" in texts(state, 1)


@pytest.mark.rule("tembo:turn-build", "tembo:build-where", "tembo:d-build-area")
def test_building_lays_a_card_on_a_free_card_area_and_not_on_a_landmark_or_a_card():
    state = situation(built=[["b", "II-07", 0]])
    state.apply(Build("I-03"))
    assert state.step == "area"
    offered = {a.area for a in state.legal_actions()}
    assert "e" not in offered and "b" not in offered and "a" in offered and "S" not in offered
    assert_illegal(state, OnArea("e"), rule="Build the savanna", says="landmark")
    assert_illegal(state, OnArea("b"), rule="Build the savanna", says="already holds a card")
    assert "l" in offered  # under the lioness is fine
    state.apply(OnArea("l"))
    assert state.covered[state.game.journey.area_of[state.game.cell_ids["c13"]]] >= 0
    assert "I-03" not in [state.game.card_names[c] for c in state.hands[0]]


@pytest.mark.rule("tembo:turn-place", "tembo:place-free", "tembo:place-adjacent")
def test_placing_takes_rested_elephants_next_to_the_matriarch_and_discards_the_card():
    state = situation()
    state.apply(Place("I-01"))  # xx
    anchors = {a.cell for a in state.legal_actions()}
    assert "b3" in anchors and "a1" in anchors and "b5" not in anchors  # b5 c6: far away
    assert "b2" not in anchors and "b1" not in anchors  # the Matriarch's cell is not free
    assert_illegal(state, Footprint("b5"), rule="Place elephants", says="next to an elephant")
    state.apply(Footprint("b3"))
    cells = state.game.cell_ids
    assert state.count[cells["b3"]] == state.count[cells["b4"]] == 1
    assert state.rested[0] == 1 and state.on_savanna[0] == 2
    assert state.game.card_names[state.discard[-1]] == "I-01"
    assert "player 0 places elephants on b3, b4" in texts(state)


@pytest.mark.rule("tembo:hidden-hands")
def test_hands_are_hidden_from_teammates_unless_open_hands():
    state = situation()
    assert state.observation(1)["hand"] == ["I-04", "I-05", "I-06"]
    assert state.observation(1)["hands"] == [None, None]
    sample = state.determinize(1, random.Random(3))
    assert sample.hands[1] == state.hands[1]
    open_state = situation(game=load(open_hands=True))
    assert open_state.observation(1)["hands"][0] == ["I-01", "I-02", "I-03"]
    assert open_state.determinize(1, random.Random(3)).hands == open_state.hands


# -- Play direction ------------------------------------------------------------------------
@pytest.mark.rule("tembo:direction", "tembo:place-pattern")
def test_a_seat_turns_the_cards_and_patterns_it_lays():
    state = situation(hands=[["I-01", "I-02", "I-03"], ["I-04", "I-09", "I-06"]], current_player=1)
    state.apply(Build("I-09"))  # terrain RR.. as printed; player 1 sits north: turned 180°
    state.apply(OnArea("a"))
    cells = state.game.cell_ids
    assert [state.terrain[cells[c]] for c in ("a3", "a4", "b3", "b4")] == [".", ".", "R", "R"]
    # player 1's pattern xx/x. (printed: right and down of the first) is turned 180°:
    # the first footprint's neighbours are then down and down-left
    state = situation(hands=[["I-01", "I-02", "I-03"], ["I-04", "I-08", "I-06"]], current_player=1)
    state.apply(Place("I-08"))
    assert state.step == "footprint"  # no choice of direction without token C
    state.apply(Footprint("a4"))
    assert [state.owner[cells[c]] for c in ("a4", "b3", "b4", "a5")] == [1, 1, 1, -1]


@pytest.mark.rule("tembo:rotation-symbol")
def test_only_a_card_with_the_rotation_symbol_may_be_turned_when_built():
    state = situation()
    state.apply(Build("I-01"))  # rotation symbol
    state.apply(OnArea("a"))
    assert state.step == "build_turn" and len(state.legal_actions()) == 4
    state.apply(Turn(1))
    assert state.step == "turn" and state.current_player == 1
    state = situation()
    state.apply(Build("I-03"))  # no symbol
    state.apply(OnArea("a"))
    assert state.step == "turn" and state.current_player == 1


# -- Build the savanna ----------------------------------------------------------------------
@pytest.mark.rule("tembo:build-action", "tembo:build-all-two", "tembo:d-gain")
def test_the_area_all_two_gives_every_player_two_rested_from_their_tired():
    state = situation(rested=[3, 3], tired=[7, 1])
    state.apply(Build("I-03"))
    state.apply(OnArea("a"))
    assert state.rested == [5, 4] and state.tired == [5, 0]


@pytest.mark.rule("tembo:build-other-four")
def test_another_player_of_your_choice_gains_four():
    state = situation()
    state.apply(Build("I-03"))
    state.apply(OnArea("b"))
    assert state.step == "target" and state.legal_actions() == [Choose(1)]
    assert_illegal(state, Choose(0), rule="Build the savanna", says="another player")
    state.apply(Choose(1))
    assert state.rested == [3, 7]


@pytest.mark.rule("tembo:build-self-five")
def test_you_gain_five_and_another_player_loses_two_even_from_one():
    state = situation(rested=[3, 1], tired=[7, 9])
    state.apply(Build("I-03"))
    state.apply(OnArea("c"))
    state.apply(Choose(1))
    assert state.rested == [8, 0] and state.tired == [2, 10]


@pytest.mark.rule("tembo:build-self-three")
def test_you_gain_three_then_place_one_elephant_ignoring_rough():
    state = situation()
    state.apply(Build("I-03"))
    state.apply(OnArea("d"))
    assert state.step == "elephant" and state.rested[0] == 6
    state = situation(built=[["a", "I-11", 0]])  # r... : a3 is rough
    state.apply(Build("I-03"))
    state.apply(OnArea("d"))
    state.apply(Elephant("a3"))
    assert state.count[state.game.cell_ids["a3"]] == 1 and state.rested[0] == 5


@pytest.mark.rule("tembo:d-solo")
def test_solo_another_player_means_yourself():
    state = situation(players=1, rested=[3], tired=[7])
    state.apply(Build("I-03"))
    state.apply(OnArea("b"))
    assert state.rested == [7] and state.step == "turn"
    state = situation(players=1, rested=[3], tired=[7])
    state.apply(Build("I-03"))
    state.apply(OnArea("c"))
    assert state.rested == [6] and state.tired == [4]


# -- Terrain ---------------------------------------------------------------------------------
@pytest.mark.rule("tembo:open-space", "tembo:rough")
def test_an_open_space_holds_one_elephant_rough_terrain_takes_two():
    state = situation(built=[["a", "III-10", 0]])  # ..r. : b3 rough
    state.apply(Place("I-01"))
    state.apply(Footprint("b3"))  # b3 rough + b4 open: 3 rested
    cells = state.game.cell_ids
    assert state.count[cells["b3"]] == 2 and state.count[cells["b4"]] == 1
    assert state.rested[0] == 0 and state.on_savanna[0] == 3


@pytest.mark.rule("tembo:trees", "tembo:trees-once", "tembo:d-trees")
def test_a_completed_tree_lays_its_stand_down_once_until_the_matriarch_raises_it():
    state = situation(
        hands=[["I-12", "I-02", "I-03"], ["I-04", "I-05", "I-06"]],
        elephants={"b1": 1},
        tired=[7, 6],
        energy=5,
    )
    state.apply(Place("I-12"))  # x/x on c1, d1: the red tree
    state.apply(Footprint("c1"))
    assert state.energy == 6 and state.stands == [True, True, False, True]
    assert "the red tree is reached: its stand lies down, +1 energy (6)" in texts(state)
    state = situation(
        hands=[["I-12", "I-02", "I-03"], ["I-04", "I-05", "I-06"]],
        elephants={"b1": 1},
        tired=[7, 6],
        energy=5,
        stands=[True, True, False, True],
    )
    state.apply(Place("I-12"))
    state.apply(Footprint("c1"))
    assert state.energy == 5
    green = situation(
        hands=[["I-01", "I-02", "I-03"], ["I-04", "I-05", "I-06"]],
        elephants={"c4": 0},
        tired=[6, 7],
        energy=5,
    )
    green.apply(Place("I-01"))
    green.apply(Footprint("d5"))
    assert green.energy == 7  # +2 for the green tree


@pytest.mark.rule("tembo:water")
def test_water_gives_three_rested_that_wait_for_the_next_turn():
    state = situation(built=[["a", "II-11", 0]], tokens=2)  # w... : a3 water
    state.apply(Support("D"))
    state.apply(Elephant("a3"))
    assert state.rested[0] == 2 and state.arriving[0] == 3 and state.tired[0] == 4
    assert state.step == "turn"  # the three are not placeable this turn
    state.apply(Place("I-01"))
    assert all(state.game.cell_names.index(a.cell) >= 0 for a in state.legal_actions())
    state.apply(Footprint("a4"))
    assert state.rested[0] == 3 and state.arriving[0] == 0  # now rested


# -- Place elephants ---------------------------------------------------------------------
@pytest.mark.rule("tembo:place-whole")
def test_the_whole_pattern_or_nothing():
    state = situation(rested=[1, 3], tired=[9, 7])
    assert Place("I-01") not in state.legal_actions()  # two elephants, one rested
    assert_illegal(state, Place("I-01"), rule="Place elephants", says="fits nowhere")
    state = situation()
    state.apply(Place("I-03"))
    assert_illegal(state, Footprint("b40"), rule="Place elephants", says="partial patterns")


@pytest.mark.rule("tembo:place-adjacent", "tembo:d-first-elephant")
def test_only_the_first_elephant_of_a_turn_must_touch_the_herd():
    """Seed "Place elephants": the first elephant placed in a turn goes next to an elephant or
    the Matriarch; the turn's later elephants need not. Token D's elephant on c3 (beside the
    Matriarch on b2) is the first: the pattern of I-01 (xx) may then go on a9 a10, far from
    the herd, and visits landmark g. The next turn's first elephant must touch again."""
    state = situation(tokens=2)
    state.apply(Support("D"))
    assert_illegal(
        state, Elephant("a9"), rule="Support tokens D / Build the savanna", says="first elephant"
    )
    state.apply(Elephant("c3"))
    state.apply(Place("I-01"))
    assert {"a9", "a20", "d37"} <= {a.cell for a in state.legal_actions()}
    state.apply(Footprint("a9"))
    cells = state.game.cell_ids
    assert state.owner[cells["a9"]] == state.owner[cells["a10"]] == 0
    assert state.visited == [False, True, False, False, False, False]
    assert "the landmark of area g is visited" in texts(state)
    assert state.current_player == 1
    state.apply(Place("I-04"))  # x./.x: its first footprint must touch the herd again
    anchors = {a.cell for a in state.legal_actions()}
    assert "a20" not in anchors and "a11" in anchors  # a11: b10 lies next to a9, a10
    assert_illegal(state, Footprint("a20"), rule="Place elephants", says="first elephant")


@pytest.mark.rule("tembo:d-first-elephant")
def test_touch_herd_every_asks_every_placement_of_the_turn_to_touch_the_herd():
    """The variant touch_herd="every" (the Board Game Arena summary's "placement must always
    be adjacent"): after token D's elephant, the pattern must still touch the herd, and a
    second token D's elephant too."""
    state = situation(game=load(touch_herd="every"), tokens=2, rested=[5, 3], tired=[5, 7])
    state.apply(Support("D"))
    state.apply(Elephant("c3"))
    state.apply(Support("D"))
    assert {a.cell for a in state.legal_actions()} == {
        "a1", "a2", "a3", "b1", "b3", "b4", "c1", "c2", "c4", "d2", "d3", "d4"
    }  # fmt: skip
    state.apply(Elephant("d4"))
    state.apply(Place("I-01"))
    assert "a9" not in {a.cell for a in state.legal_actions()}
    assert_illegal(state, Footprint("a9"), rule="Place elephants", says="every placement")
    state.apply(Footprint("b3"))
    assert state.on_savanna[0] == 4


@pytest.mark.rule("tembo:d-token-c")
def test_token_c_lets_the_pattern_turn_this_turn():
    state = situation(tokens=1, hands=[["I-12", "I-02", "I-03"], ["I-04", "I-05", "I-06"]])
    state.apply(Support("C"))
    assert Support("C") not in state.legal_actions()
    state.apply(Place("I-12"))
    assert state.step == "place_turn"
    state.apply(Turn(1))  # x/x turned a quarter: x x
    state.apply(Footprint("b3"))
    cells = state.game.cell_ids
    assert state.count[cells["b3"]] and state.count[cells["b4"]]
