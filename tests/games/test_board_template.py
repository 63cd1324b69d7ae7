"""Rule tests of Achi, the board template, in its rulebook's order (§1–§5).

Each builds a position with ``arrange`` (core's default: the declared fields), plays,
and checks the exact result; each refusal names its section and changes nothing. A
new board game's tests copy this shape.
"""

from __future__ import annotations

import pytest

import boardlab
import boardlab.core.coverage as cov
from boardlab import IllegalAction
from boardlab.games._board_template import Move, Place
from boardlab.games._board_template.bots import Liner
from boardlab.games._board_template.components import NEIGHBOURS, POINTS, name
from boardlab.games._board_template.exercises import move_exercise
from boardlab.sim import RandomAgent, play


def at(turn=8, player=0, cap=50, **counters):
    """A position: ``a1=0`` puts a counter of player 0 on a1; turn 8: all are placed."""
    board = [counters.get(name(q)) for q in POINTS]
    state = boardlab.load("board_template", max_turns=cap).new_game()
    return state.arrange(board=board, turn=turn, current_player=player)


def refused(state, action, rule, says):
    before = state.to_json()
    with pytest.raises(IllegalAction) as error:
        state.apply(action)
    assert (error.value.rule, error.value.reason, state.to_json()) == (rule, says, before)


def told(state) -> str:
    return state.events[-1].text


@pytest.mark.rule("board_template:the-board")
def test_nine_points_joined_along_rows_columns_and_diagonals_and_player_0_begins():
    assert [name(q) for q in NEIGHBOURS[0]] == ["b1", "a2", "b2"]
    assert [name(q) for q in NEIGHBOURS[1]] == ["a1", "c1", "b2"]
    assert len(NEIGHBOURS[4]) == 8
    state = boardlab.load("board_template").new_game()
    assert (state.board, state.current_player) == ([None] * 9, 0)


@pytest.mark.rule("board_template:placement")
def test_a_counter_is_placed_on_an_empty_point_until_all_are_placed():
    state = at(turn=2, a1=0, b1=1)
    assert state.legal_actions() == [Place(q) for q in range(2, 9)]
    state.apply(Place(4))
    assert (state.board[4], state.current_player, told(state)) == (
        0, 1, "player 0 places a counter on b2",
    )  # fmt: skip
    refused(state, Place(4), "§2 Placement", "b2 is not an empty point")
    refused(state, Place(9), "§2 Placement", "point 9 (there is none) is not an empty point")
    refused(state, Move(1, 2), "§2 Placement", "player 1 has counters left to place")
    assert "§2 Placement: While you have counters" in state.game.rule_help(state)


#: Every counter placed, b2 empty: a1, b1 and a2 of player 0 hem a1 in.
HEMMED = dict(a1=0, b1=0, a2=0, c3=0, c1=1, c2=1, a3=1, b3=1)


@pytest.mark.rule("board_template:movement")
def test_a_counter_moves_along_a_line_to_the_next_point_if_it_is_empty():
    state = at(**HEMMED)
    assert state.legal_actions() == [Move(0, 4), Move(1, 4), Move(3, 4), Move(8, 4)]
    refused(state, Move(0, 1), "§3 Movement", "b1 is not empty")
    refused(state, Move(2, 4), "§3 Movement", "player 0 has no counter on c1")
    refused(state, Place(4), "§3 Movement", "player 0 has placed every counter: move one")
    state = at(player=1, **dict(HEMMED, a1=None, b2=0))
    refused(state, Move(2, 0), "§3 Movement", "a1 is not next to c1 along a line")
    state = at(**HEMMED)
    state.apply(Move(0, 4))  # player 1's counters are nowhere near a1, the empty point
    assert (state.outcome.winners, state.outcome.reason) == ((0,), "blocked")
    assert told(state) == "player 1 cannot move and loses"


@pytest.mark.rule("board_template:three-in-a-row")
def test_three_in_a_row_wins_at_once_whether_placed_or_moved():
    state = at(turn=4, a1=0, b1=0, a2=1, b2=1)
    state.apply(Place(2))
    assert state.outcome.ranking == ((0,), (1,)) and told(state).endswith("a1-b1-c1")
    state = at(**dict(HEMMED, a2=1, c2=0))  # player 0 on a1 and c3: b2 joins them
    state.apply(Move(1, 4))
    assert (state.outcome.winners, state.outcome.reason) == ((0,), "three in a row")
    assert told(state) == "player 0 has three in a row, a1-b2-c3"


@pytest.mark.rule("board_template:turn-cap")
def test_the_turn_cap_cuts_the_game_short_as_a_draw():
    state = at(turn=11, cap=12, a1=0, b2=1)
    state.apply(Place(8))
    assert state.outcome.status == "truncated" and state.outcome.winners == (0, 1)
    assert told(state) == "the game is cut short after 12 turns (turn cap): a draw"


def test_every_section_is_tested_and_quoted_word_for_word():
    assert (cov.coverage("board_template")["tests"] > 0).all()
    assert cov.misquoted(cov.rulebook("board_template"), cov.ROOT) == []


def test_the_bot_beats_random_play_and_the_exercise_is_the_engines():
    game = boardlab.load("board_template")
    wins = [play(game, [Liner(), RandomAgent()], seed=s).outcome.winners for s in range(10)]
    assert wins.count((0,)) >= 8
    exercise = move_exercise(game, 3)
    assert exercise.check(exercise.answer).startswith("Correct")
