"""Issue 28, hole 10: every game's ``arrange`` refuses nonsense clearly and changes nothing.

A table per game: for each argument of its ``arrange``, a few bad values (a wrong type, a
bool for a number, out of range, the wrong length per seat, a name the game does not know,
more copies than the box holds). Each must raise ``ImpossibleScene`` naming that argument
(never a raw ``IndexError``/``TypeError``/``KeyError``/``ValueError``), leave the state as
it was and the caller's lists as they were. NumPy integers are the whole numbers they
are: an arrange given them equals the one given ``int``s.
"""

from __future__ import annotations

import copy
import functools

import numpy as np
import pytest

import boardlab
from boardlab import ImpossibleScene
from boardlab.games._template.rules import WaterholeState

LATE = {"round": 11, "hands": [[0, 1]] * 5}  # Kalimambo: two cards left each

#: game → (arguments, the argument the error must name), bad values of each argument.
BAD: dict[str, list[tuple[dict, str]]] = {
    "jambo": [
        ({"active": 5}, "active"),
        ({"active": True}, "active"),
        ({"active": "0"}, "active"),
        ({"gold": ["a", 3]}, "gold[0]"),
        ({"gold": [-5, 3]}, "gold[0]"),
        ({"gold": [3]}, "gold"),
        ({"gold": 20}, "gold"),
        ({"gold": [20.0, 20]}, "gold[0]"),
        ({"actions": -1}, "actions"),
        ({"actions": 6}, "actions"),
        ({"actions": 0}, "actions"),
        ({"phase": "dance"}, "phase"),
        ({"phase": None}, "phase"),
        ({"rest": "floor"}, "rest"),
        ({"turn": -1}, "turn"),
        ({"turn": 300}, "turn"),
        ({"hands": "KKF"}, "hands"),
        ({"hands": [["KKF"]]}, "hands"),
        ({"hands": [["Unicorn"], []]}, "hands[0]"),
        ({"hands": [[3], []]}, "hands[0]"),
        ({"hands": [None, []]}, "hands[0]"),
        ({"deck": "Guard"}, "deck"),
        ({"deck": ["Unicorn"]}, "deck"),
        ({"deck": ["Guard"] * 9}, "deck"),
        ({"discard": [None]}, "discard"),
        ({"markets": ["Z", ""]}, "markets[0]"),
        ({"markets": ["K"]}, "markets"),
        ({"markets": [3, ""]}, "markets[0]"),
        ({"markets": ["KKKKKKK", ""]}, "markets"),
        ({"markets": ["KKKKKKH", ""]}, "markets[0]"),
        ({"stands": [-1, 0]}, "stands[0]"),
        ({"stands": [True, 0]}, "stands[0]"),
        ({"stands": [9, 0]}, "stands[0]"),
        ({"stands": 1}, "stands"),
        ({"utilities": [["KKF"], []]}, "utilities[0]"),
        ({"utilities": [[]]}, "utilities"),
        ({"used": [["Well", "Small Market Stand"], []]}, "used[0]"),
        ({"used": "Well"}, "used"),
        (
            {"utilities": [["Well", "Weapons"], []], "used": [["Boat", "Kettle"], []]},
            "utilities[0]",
        ),
        ({"nonsense": 1}, "nonsense"),
    ],
    "kilimanjaro": [
        ({"positions": [0, 0]}, "positions"),
        ({"positions": "abc"}, "positions"),
        ({"positions": [0, -1, 0]}, "positions[1]"),
        ({"positions": [0, 100, 0]}, "positions[1]"),
        ({"positions": [True, 0, 0]}, "positions[0]"),
        ({"positions": [0.5, 0, 0]}, "positions[0]"),
        ({"tops": [["jeep 1"]] * 3}, "tops[0]"),
        ({"tops": "jeep 1"}, "tops"),
        ({"tops": [[1, 2, 3]] * 3}, "tops[0]"),
        ({"tops": [["jeep 9", "jeep 1", "jeep 2"]] * 3}, "tops[0]"),
        ({"hands": [["jeep 1"]]}, "hands"),
        ({"hands": [["tiger 1"], [], []]}, "hands[0]"),
        ({"hands": [["jeep ٣"], [], []]}, "hands[0]"),
        ({"hands": [["mule 5"] * 3, [], []]}, "tops, hands, deck"),
        ({"deck": "jeep 1"}, "deck"),
        ({"deck": [5]}, "deck"),
        ({"counters": [["lion"]]}, "counters"),
        ({"counters": {"x": "lion"}}, "counters['x']"),
        ({"counters": {10: "tiger"}}, "counters[10]"),
        ({"counters": {0: "lion"}}, "counters[0]"),
        ({"counters": {10: "lion", 11: "lion"}}, "counters"),
        ({"counters": {True: "lion"}}, "counters"),
        ({"face_up": 5}, "face_up"),
        ({"face_up": ["ten"]}, "face_up[0]"),
        ({"counters": {10: "lion"}, "face_up": [12]}, "face_up"),
        ({"current_player": 3}, "current_player"),
        ({"current_player": True}, "current_player"),
        ({"current_player": "0"}, "current_player"),
        ({"reserve": "lion"}, "reserve"),
        ({"reserve": [["tiger"], [], []]}, "reserve[0]"),
        ({"reserve": [[5], [], []]}, "reserve[0]"),
        ({"reserve": [["lion"], [], []], "current_player": 1}, "current_player"),
        ({"players": 3}, "players"),
    ],
    "tembo": [
        ({"hands": [["I-01"]]}, "hands"),
        ({"hands": "I-01"}, "hands"),
        ({"hands": [["nope"], []]}, "hands[0]"),
        ({"hands": [["I-01"], ["I-01"]]}, "hands, built, deck"),
        ({"deck": 5}, "deck"),
        ({"deck": ["zzz"]}, "deck"),
        ({"elephants": ["b3"]}, "elephants"),
        ({"elephants": {"zz9": 0}}, "elephants"),
        ({"elephants": {"b3": 2}}, "elephants['b3']"),
        ({"elephants": {"b3": True}}, "elephants['b3']"),
        ({"rested": [-1, 3]}, "rested[0]"),
        ({"rested": [3]}, "rested"),
        ({"rested": ["3", 3]}, "rested[0]"),
        ({"rested": [11, 3]}, "rested[0]"),
        ({"rested": [9, 3], "tired": [9, 7]}, "rested, tired, elephants"),
        ({"tired": 7}, "tired"),
        ({"energy": 0}, "energy"),
        ({"energy": 16}, "energy"),
        ({"energy": 2.5}, "energy"),
        ({"energy": True}, "energy"),
        ({"tokens": -1}, "tokens"),
        ({"tokens": 5}, "tokens"),
        ({"tokens": "4"}, "tokens"),
        ({"matriarch": "zz"}, "matriarch"),
        ({"matriarch": 5}, "matriarch"),
        ({"lions": ["a"]}, "lions"),
        ({"lions": ["a", "?"]}, "lions"),
        ({"lions": "a"}, "lions"),
        ({"lying": [1, 0]}, "lying[0]"),
        ({"lying": [True]}, "lying"),
        ({"stands": [True] * 3}, "stands"),
        ({"stands": ["yes"] * 4}, "stands[0]"),
        ({"visited": ["a"]}, "visited"),
        ({"visited": "e"}, "visited"),
        ({"built": [["b", "II-07"]]}, "built[0]"),
        ({"built": [["S", "II-07", 0]]}, "built[0]"),
        ({"built": [["b", "lion 1", 0]]}, "built[0]"),
        ({"built": [["b", "II-07", 4]]}, "built[0] quarters"),
        ({"built": "b"}, "built"),
        ({"built": [["b", "II-07", 0], ["b", "II-08", 0]]}, "built"),
        ({"current_player": 2}, "current_player"),
        ({"turn": -1}, "turn"),
        ({"turn": 120}, "turn"),
    ],
    "kombo_afrika": [
        ({"board": ["a1"]}, "board"),
        ({"board": {"f1": "CHAO"}}, "board"),
        ({"board": {"a٣": "CHAO"}}, "board"),
        ({"board": {"a1": "LION 3"}}, "board"),
        ({"board": {"a1": 3}}, "board"),
        ({"board": {"c3": "CHAO"}}, "board"),
        ({"board": {"a1": "CHAO"}, "hidden": "a1"}, "hidden"),
        ({"board": {"a1": "CHAO"}, "hidden": [5]}, "hidden"),
        ({"hidden": ["a1"]}, "hidden"),
        ({"hands": "CHAO"}, "hands"),
        ({"hands": [["CHAO"]]}, "hands"),
        ({"hands": [5, None]}, "hands[0]"),
        ({"hands": [["LION"], None]}, "hands"),
        ({"deck": "CHAO"}, "deck"),
        ({"deck": [3]}, "deck"),
        ({"discard": 7}, "discard"),
        ({"scores": [-1, 0]}, "scores[0]"),
        ({"scores": ["a", 0]}, "scores[0]"),
        ({"scores": [1]}, "scores"),
        ({"last_points": [1]}, "last_points"),
        ({"last_points": [-2, 0]}, "last_points[0]"),
        ({"turn": True}, "turn"),
        ({"turn": -1}, "turn"),
        ({"turn": "3"}, "turn"),
        ({"turn": 10**6}, "turn"),
        ({"current_player": 2}, "current_player"),
        ({"current_player": 1}, "current_player"),
        ({"final_turn": "x"}, "final_turn"),
        ({"final_turn": -5}, "final_turn"),
        ({"colours": 3}, "colours"),
    ],
    "kalimambo": [
        ({"explorers": "abc"}, "explorers"),
        ({"explorers": [11, 12, 13, 14]}, "explorers"),
        ({"kali": "4"}, "kali"),
        ({"kali": True}, "kali"),
        ({"mambo": 1.5}, "mambo"),
        ({"dung": 5}, "dung"),
        ({"dung": ["a"]}, "dung[0]"),
        ({"hands": 5}, "hands"),
        ({"hands": [[0, 1]] * 4}, "hands"),
        ({"round": "2"}, "round"),
        ({"round": 13}, "round"),
        ({**LATE, "picks": "x"}, "picks"),
        ({**LATE, "picks": [None]}, "picks[0]"),
        ({**LATE, "revealed": 3}, "revealed"),
        ({"kali_deck": [12]}, "kali_deck[0]"),
        ({"penalties": [0, 0, 0, 0, -1]}, "penalties[4]"),
        ({"penalties": [0, 0]}, "penalties"),
        ({"figures": [1]}, "figures"),
    ],
    "template": [
        ({"positions": [0, 0]}, "positions"),
        ({"positions": [0, 15, 0]}, "positions[1]"),
        ({"positions": [0, -1, 0]}, "positions[1]"),
        ({"positions": ["a", 0, 0]}, "positions[0]"),
        ({"hands": [["lion 9"], [], []]}, "hands[0]"),
        ({"hands": "lion 1"}, "hands"),
        ({"hands": [["lion 1"]]}, "hands"),
        ({"deck": [1]}, "deck"),
        ({"current_player": 3}, "current_player"),
        ({"current_player": False}, "current_player"),
        ({"turn": -1}, "turn"),
        ({"turn": 30}, "turn"),
    ],
    "board_template": [
        ({"board": [0] * 8}, "board"),
        ({"board": "abc"}, "board"),
        ({"board": [0, 1, 2] + [None] * 6}, "board[2]"),
        ({"board": [True] + [None] * 8}, "board[0]"),
        ({"board": [0, 0, None, 0, 0, 1, 1, 1, 0]}, "board"),
        ({"board": [0, 0, 0] + [None] * 6}, "board"),
        ({"turn": -1}, "turn"),
        ({"turn": 50}, "turn"),
        ({"current_player": 2}, "current_player"),
        ({"current_player": "1"}, "current_player"),
    ],
}

CASES = [(name, setup, argument) for name, table in BAD.items() for setup, argument in table]


@functools.cache
def loaded(name: str):
    return boardlab.load(name)


def fresh(name: str):
    return loaded(name).new_game(3)


@pytest.mark.parametrize(("name", "setup", "argument"), CASES)
def test_a_bad_argument_is_refused_naming_it_and_changes_nothing(name, setup, argument):
    state = fresh(name)
    before = state.to_data()
    given = copy.deepcopy(setup)
    with pytest.raises(ImpossibleScene) as caught:
        state.arrange(**setup)
    assert caught.value.argument == argument, str(caught.value)
    assert str(caught.value).startswith(f"arrange: {argument}: ")
    assert state.to_data() == before and state.setup is None, "a refused arrange changed the state"
    assert setup == given, "arrange changed the caller's arguments"
    assert state.legal_actions() == fresh(name).legal_actions()


#: game → an arrange with NumPy integers (and arrays) where whole numbers go.
NUMPY = {
    "jambo": {"gold": np.array([10, 12]), "active": np.int64(1), "actions": np.int8(3)},
    "kilimanjaro": {"positions": np.arange(3), "counters": {np.int64(10): "lion"}},
    "tembo": {"energy": np.int64(5), "rested": [np.int32(2), 3], "turn": np.int16(4)},
    "kombo_afrika": {"scores": np.array([3, 4]), "turn": np.int64(2)},
    "kalimambo": {"explorers": np.arange(11, 16), "kali": np.int64(20), "mambo": np.uint8(1)},
    "template": {"positions": np.array([1, 2, 3]), "current_player": np.int64(2)},
    "board_template": {"board": [np.int64(0), 1] + [None] * 7, "turn": np.int64(2)},
}


def plain(value):
    if isinstance(value, np.ndarray):
        return value.tolist()
    if isinstance(value, np.generic):
        return value.item()
    if isinstance(value, dict):
        return {plain(k): plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [plain(v) for v in value]
    return value


@pytest.mark.parametrize("name", list(NUMPY))
def test_numpy_integers_are_the_whole_numbers_they_are(name):
    with_numpy = fresh(name).arrange(**NUMPY[name])
    with_ints = fresh(name).arrange(**plain(NUMPY[name]))
    assert with_numpy.to_data() == with_ints.to_data()
    assert with_numpy.setup == with_ints.setup
    assert boardlab.replay(with_numpy.record())[-1] == with_numpy


def test_the_hole_as_reported_jambo_active_5_and_gold_a_3():
    state = fresh("jambo")
    with pytest.raises(ImpossibleScene, match=r"arrange: active: .*from 0 to 1, not 5"):
        state.arrange(active=5)
    with pytest.raises(ImpossibleScene, match=r"arrange: gold\[0\]: .*whole number.*not 'a'"):
        state.arrange(gold=["a", 3])
    with pytest.raises(ImpossibleScene, match=r"arrange: gold\[0\]: .*0 or more, not -5"):
        state.arrange(gold=[-5, 3])
    with pytest.raises(ImpossibleScene, match=r"arrange: actions: .*from 1 to 5, not -1"):
        state.arrange(actions=-1)


def test_a_value_json_cannot_hold_is_refused_before_the_game_sees_it():
    state = fresh("jambo")
    before = state.to_data()
    with pytest.raises(ImpossibleScene, match=r"arrange: hands\[0\]: .*not a JSON value"):
        state.arrange(hands=[{"KKF"}, []])
    with pytest.raises(ImpossibleScene, match=r"arrange: gold\[0\]: .*not a number JSON"):
        state.arrange(gold=[float("nan"), 3])
    assert state.to_data() == before


def test_a_game_that_fails_half_way_is_put_back_and_its_error_made_clear():
    """Core's net under every game: a raw error from a half-built scene is the game's clear
    error, and every field the scene had changed is back."""

    class HalfWay(WaterholeState):
        def _arrange(self, **setup):
            self.positions = [9, 9, 9]
            self.hands[0].append(0)
            self.rng.random()
            raise KeyError("b99")

    game = boardlab.load("template")
    state = HalfWay(game, 3)
    before = state.to_data()
    with pytest.raises(ImpossibleScene, match=r"template cannot set this up.*KeyError") as caught:
        state.arrange()
    assert caught.value.argument == "arrange"
    assert state.to_data() == before


def test_arrange_after_an_action_is_refused_clearly():
    state = fresh("template")
    state.apply(state.legal_actions()[0])
    with pytest.raises(ImpossibleScene, match="fresh game, before any action"):
        state.arrange(positions=[0, 0, 0])
