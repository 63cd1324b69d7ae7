"""Kilimanjaro's guided first game (``guided.toml``): what the learner meets on the way.

``tests/test_guide.py`` plays every game's scenario to its end; here we check that this one
teaches what it promises: the learner moves by each of the three movement rules, meets every
chance counter, is spoiled and spoils in turn, and is answered by the rules when wrong.
"""

import pytest

from boardlab.games.kilimanjaro import PlayCard
from boardlab.games.kilimanjaro.components import COUNTER_NAMES, movement_rule, parse_card
from boardlab.guide import Lesson, Scenario, play_scenario


@pytest.fixture(scope="module")
def scenario():
    return Scenario.load("kilimanjaro")


def replayed(lesson):
    """Every (state before, action) of the lesson's game, replayed from its start."""
    state = lesson.scenario.start()
    for action in lesson.state.history:
        before = state.clone()
        state.apply(action)
        yield before, action, state


@pytest.mark.parametrize("choose", ["first", "last"])
def test_the_guided_game_is_a_short_game_played_to_its_end(scenario, choose):
    lesson = play_scenario(scenario, choose)
    assert lesson.finished and lesson.state.outcome.status == "finished"
    assert lesson.game.num_players == 2 and lesson.game.length == 40  # a short first climb
    assert "base camp" in lesson.state.outcome.reason
    summary = lesson.summary()
    assert "What you now know:" in summary and "(you are player 0)" in summary


@pytest.mark.rule(
    "kilimanjaro:course-a", "kilimanjaro:course-b", "kilimanjaro:course-c", "kilimanjaro:banana"
)
def test_the_learner_moves_by_every_movement_rule_and_meets_every_counter(scenario):
    """Rules a, b and c each move the learner once; banana, lion and change position are
    each turned over under the learner's own expedition, and the rival spoils a pile of the
    learner's before the learner spoils one of theirs."""
    lesson = play_scenario(scenario, "first")
    clauses, spoiled_by, counters = [], [], set()
    for before, action, after in replayed(lesson):
        if isinstance(action, PlayCard) and action.player != before.current_player:
            spoiled_by.append(before.current_player)
        if isinstance(action, PlayCard) and before.current_player == 0:
            clauses.append(movement_rule(after.tops[0]).clause)
    for event in lesson.state.visible_events(0):
        if event.kind == "counter" and event.args[0] == 0:
            counters.add(COUNTER_NAMES[event.args[1]])
    assert {"a", "b", "c"} <= set(clauses[:4])  # in the guided part, before free play
    assert counters == {"banana", "lion", "change position"}
    assert spoiled_by[:2] == [1, 0]  # first the rival spoils the learner, then the reverse


def test_the_first_question_is_answered_by_rule_c(scenario):
    """The check question on the first deal: all different, the highest card counts."""
    lesson = Lesson(scenario)
    while lesson.step.kind != "ask" or "top cards" not in lesson.step.ask:
        lesson.play_as_written()
    tops = lesson.state.tops[0]
    moved = movement_rule(tops)
    assert moved.clause == "c" and str(moved.distance) == lesson.step.answer
    assert not lesson.answer("12").accepted  # the sum of all three is wrong, nothing changes
    assert lesson.state.tops[0] == tops
    assert lesson.answer(lesson.step.answer).accepted


@pytest.mark.rule("kilimanjaro:play-as-far")
def test_a_wrong_move_is_answered_by_its_rule_and_changes_nothing(scenario):
    """At the lion step the learner (on 14) may not spoil the rival (on 11): the rules
    refuse it with the catch-up rule; a legal move the step does not ask for gets the step's
    own words; neither changes the position."""
    lesson = Lesson(scenario)
    while lesson.step.rule != "counter-trigger":
        lesson.play_as_written()
    assert lesson.state.positions == [14, 11]
    before = lesson.state.to_json()
    spoil = PlayCard(parse_card("canoe 1"), 1, 0)
    refused = lesson.try_move(spoil)
    assert not refused.accepted and "as far, or further" in refused.text
    assert "Course of play, action 2" in refused.text
    other = next(a for a in lesson.state.legal_actions() if a not in lesson.accepted())
    wrong = lesson.try_move(other)
    assert not wrong.accepted and wrong.text == lesson.step.wrong
    assert lesson.state.to_json() == before
