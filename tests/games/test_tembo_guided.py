"""Tembo's guided first game (``boardlab/games/tembo/guided.toml``): what the learner meets.

``tests/test_guide.py`` plays every game's scenario to its end; here we check that this one
teaches what it promises on its short journey: both landmarks visited, the Destination
opened and reached, a build, support tokens, a Matriarch card gathering the herd, lions
chasing elephants and lying down — and that every move the coach asks for is marked on
the board the learner sees.
"""

from __future__ import annotations

from collections import Counter

import matplotlib

matplotlib.use("Agg")

import pytest

from boardlab.games.tembo import render
from boardlab.guide import Scenario, play_scenario


@pytest.fixture(scope="module")
def scenario():
    return Scenario.load("tembo")


@pytest.mark.parametrize("choose", ["first", "last"])
def test_the_guided_game_is_a_short_journey_won_to_its_end(scenario, choose):
    lesson = play_scenario(scenario, choose)
    game = lesson.game
    assert lesson.finished and lesson.state.outcome.team == "won"
    assert (game.journey.columns, len(game.journey.landmarks)) == (16, 2)  # 40 and 6 in full
    assert lesson.state.turn <= 10
    assert "Your team won." in lesson.summary()


@pytest.mark.rule("tembo:d-matriarch", "tembo:lions-lie", "tembo:destination-locked")
def test_the_learner_meets_every_part_of_a_turn_and_both_event_cards(scenario):
    lesson = play_scenario(scenario)
    kinds = Counter(event.kind for event in lesson.state.visible_events(0))
    assert kinds["landmark"] == 2 and kinds["destination_open"] == 1 and kinds["won"] == 1
    assert kinds["matriarch_gathers"] == 1 and kinds["tree"] == 1
    assert kinds["lion_card"] >= 2 and kinds["chased"] >= 1 and kinds["lion_lies"] >= 1
    mine = [a for a, p in zip(lesson.state.history, players(lesson), strict=True) if p == 0]
    words = " ".join(map(str, mine))
    assert "support token B" in words and "build the savanna" in words
    assert "place elephants" in words and "first footprint on b16" in words


def players(lesson) -> list[int]:
    """Who made each move of the lesson's game, replayed from its start."""
    state = lesson.scenario.start()
    out = []
    for action in lesson.state.history:
        out.append(state.current_player)
        state.apply(action)
    return out


def test_every_move_the_coach_asks_for_is_marked_on_the_learners_board(scenario):
    """The places the accepted move mentions (a hand card, a cell, an area, a token) are
    places of the board the learner sees: the guided game outlines them."""
    unmarked = []

    def check(lesson):
        step = lesson.step
        if step.kind != "move":
            return
        names = [name for name, _ in render.places(lesson.state, viewer=lesson.learner)]
        if not lesson.highlights(names):
            unmarked.append((step.number, step.do))

    play_scenario(scenario, on_step=check)
    assert not unmarked


def test_the_short_journey_is_a_map_the_rules_accept(scenario):
    """The scenario's journey and areas are ordinary map files: the first two Savanna
    boards of the full journey, the lioness and the lion on them."""
    game = scenario.make_game()
    names = [area.name for area in game.journey.areas]
    assert names[:3] == ["S", "a", "b"] and names[-1] == "D"
    lions = [game.journey.areas[a].name for a in game.journey.lion_starts]
    assert lions == ["l", "i"]
    assert [game.cell_names[c] for c in game.journey.destination] == ["b16", "c16"]
