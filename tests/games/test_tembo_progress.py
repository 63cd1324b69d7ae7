"""Tembo's ``progress``: how far the herd has come toward the win, for search bots.

Arranged journeys (``state.arrange``): more of the journey done is more progress; a won
game is 1 and beats the best position short of the win; the measure reads the table
alone (a sample of a player's view measures the same).
"""

from __future__ import annotations

import random

import pytest

import boardlab
from boardlab.core import View
from boardlab.games.tembo import Elephant, Support
from boardlab.games.tembo.bots import planner_agents
from boardlab.sim import play

GAME = boardlab.load("tembo", elephants=30)
ALL_LANDMARKS = ["e", "g", "q", "u", "E", "I"]
#: Landmark e is the one purple cell c5; g is a9 and a10; the Destination b40 and c40.
TOWARD_E = ["b3", "b4"]
#: Elephants along row a from the Matriarch's b2 to the Destination's column, and b39.
ROW_A = [f"a{column}" for column in range(3, 41)]


def journey(elephants, *, visited=(), matriarch="b2", rested=(0, 0), **setup):
    """A start of turn with ``elephants`` (cells, the players' in turn: 30 each) and
    ``visited`` landmarks; every other elephant in the box."""
    state = GAME.new_game(seed=0)
    return state.arrange(
        elephants={cell: i % 2 for i, cell in enumerate(elephants)},
        visited=list(visited),
        matriarch=matriarch,
        rested=list(rested),
        tired=[0, 0],
        **setup,
    )


def test_more_of_the_journey_done_is_more_progress():
    """Toward landmark e, on it (visited), halfway into landmark g, further east."""
    steps = [
        journey([]),
        journey(TOWARD_E[:1]),
        journey(TOWARD_E),  # next to e's purple cell: the approach is whole
        journey([*TOWARD_E, "c5"], visited=["e"]),
        journey([*TOWARD_E, "c5", "b6", "b7", "b8"], visited=["e"]),  # a step from g
        journey([*TOWARD_E, "c5", "b6", "b7", "b8", "a9"], visited=["e"]),  # half of g
    ]
    values = [state.progress() for state in steps]
    assert values == sorted(values) and len(set(values)) == len(values), values
    assert values[0] >= 0 and values[-1] < 1


def test_reaching_a_goal_cell_never_lowers_it_though_the_next_goal_is_further():
    """Landmark e done leaves g four steps away: the landmark's share outweighs the
    approach it loses."""
    before = journey(TOWARD_E).progress()
    after = journey([*TOWARD_E, "c5"], visited=["e"]).progress()
    assert after > before


def test_a_won_game_is_1_above_the_best_position_short_of_the_win():
    """All landmarks visited, an elephant on b40, the herd next to c40: the most a game
    not won can measure; token D then puts an elephant on c40 and wins."""
    elephants = [*ROW_A[:37], "b40"]  # a3..a39 and b40: the herd beside c40
    state = journey(elephants, visited=ALL_LANDMARKS, rested=(1, 0), tokens=1)
    best_loss = state.progress()
    assert best_loss == pytest.approx((6 + 0.5 + 1 + 0.25) / 8.25)
    state.apply(Support("D"))
    state.apply(Elephant("c40"))
    assert state.outcome is not None and state.outcome.team == "won"
    assert state.progress() == 1.0 > best_loss
    # the value a search backs up: +1 for the win, -1 + w·progress < 1 for any loss (w < 2)
    assert -1 + 1.99 * best_loss < 1.0


def test_the_matriarch_on_the_destination_is_no_elephant_there():
    """The win needs elephants on both destination cells (seed "Winning"): the Matriarch
    on c40 blocks it, and counts for less than an elephant there."""
    elephants = [*ROW_A[:37], "b40"]
    blocked = journey(elephants, visited=ALL_LANDMARKS, matriarch="c40")
    free = journey(elephants, visited=ALL_LANDMARKS, matriarch="b2")
    assert blocked.progress() < free.progress()


def test_it_reads_the_table_alone_and_stays_in_0_1_through_real_games():
    """Along Planner games (some won): every position measures in [0, 1), 1 only once
    won; a sample of the mover's view (other hands, the deck redrawn) measures the same."""
    game = boardlab.load(
        "tembo", players=2, elephants=25, starting_energy=15, support_tokens=8, lion_cards=4
    )
    rng = random.Random(0)
    won = 0
    for seed in range(3):
        final = play(game, planner_agents(game), seed)
        won += final.outcome.team == "won"
        state = game.new_game(seed)
        for action in final.history:
            value = state.progress()
            assert 0 <= value < 1
            assert View(state, state.current_player).sample_state(rng).progress() == value
            state.apply(action)
        assert (state.progress() == 1.0) == (state.outcome.team == "won")
    assert won  # the check of a won end ran
