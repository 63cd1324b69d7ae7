"""GreedyClimber: a heuristic that sees only its view and beats random play."""

from __future__ import annotations

import boardlab
from boardlab.core import View
from boardlab.games.kilimanjaro import ChangePlaces, PlayCard
from boardlab.games.kilimanjaro.bots import GreedyClimber
from boardlab.games.kilimanjaro.components import card
from boardlab.sim import RandomAgent, metrics, run

#: Players 1 and 2 in scenes about player 0's choice: cards that take no part in it.
OTHER_TOPS = [["mule 1", "mule 2", "jeep 4"], ["on foot 1", "on foot 3", "jeep 5"]]
OTHER_HANDS = [["mule 3", "mule 4", "on foot 5"], ["mule 5", "on foot 6", "canoe 3"]]


def test_greedy_plays_the_card_that_moves_it_furthest():
    state = boardlab.load("kilimanjaro").new_game(0)
    state.arrange(
        positions=[10, 0, 0],
        tops=[["canoe 2", "canoe 4", "jeep 1"], ["mule 1", "mule 2", "jeep 3"], OTHER_TOPS[1]],
        hands=[["canoe 7", "jeep 2", "mule 6"], *OTHER_HANDS],
        deck=[],
    )
    action = GreedyClimber().act(View(state, 0))
    # canoe 7 on pile C makes three canoes: 2 + 4 + 7 = 13, the longest move on offer.
    assert action == PlayCard(card("canoe", 7), 0, 2)


def test_greedy_avoids_a_lion_it_knows_about():
    state = boardlab.load("kilimanjaro").new_game(0)
    state.arrange(
        positions=[30, 0, 0],
        tops=[["canoe 2", "canoe 4", "jeep 1"], *OTHER_TOPS],
        hands=[["canoe 1", "jeep 3", "mule 6"], *OTHER_HANDS],
        deck=[],
        counters={36: "lion"},
        face_up=(36,),
    )
    action = GreedyClimber().act(View(state, 0))
    # canoe 1 on pile C would make 2 + 4 + 1 = 7 → 37; but jeep 3 there gives 6 → the lion on 36.
    assert state.positions[0] + 6 == 36
    state.apply(action)
    assert state.positions[0] != 20


def test_greedy_swaps_with_the_leader():
    state = boardlab.load("kilimanjaro").new_game(0)
    state.arrange(
        positions=[40, 70, 55],
        tops=[["canoe 1", "jeep 2", "mule 3"], *OTHER_TOPS],
        hands=[["on foot 2"], ["mule 4"], ["mule 5"]],
        deck=[],
        counters={43: "change position"},
    )
    state.apply(PlayCard(card("on foot", 2), 0, 0))  # tops now on foot 2, jeep 2, mule 3 → 3
    assert state.phase_name == "choose"
    assert GreedyClimber().act(View(state, 0)) == ChangePlaces(1)


def test_greedy_beats_random_players():
    game = boardlab.load("kilimanjaro")
    frame = run(game, [GreedyClimber(), RandomAgent(), RandomAgent()], games=60, seed=0,
                rotate_seats=False)  # fmt: skip
    rates = metrics.WIN_RATES(frame)
    assert rates.loc[0, "ci_low"] > 1 / 3  # clearly better than a fair share
