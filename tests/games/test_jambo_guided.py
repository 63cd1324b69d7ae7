"""Jambo's guided first game (``guided.toml``): what the learner meets on the way.

``tests/test_guide.py`` plays every game's scenario to its end; here we check that this one
teaches what it promises: a short game to 40 gold played to its end, a buy and a sale with
one pair of ware cards, a utility played and used, the first stand's price, the bonus, the
reaction questions the rules ask whether or not a Guard or Rain Maker is held, and that each
check question's answer is what the rules do.
"""

import pytest

from boardlab.games.jambo import EndTurn, Pass, PlayWare, React
from boardlab.guide import Lesson, Scenario, play_scenario

RAIN_MAKER, GUARD = "Rain Maker", "Guard"


@pytest.fixture(scope="module")
def scenario():
    return Scenario.load("jambo")


def until(lesson: Lesson, found) -> Lesson:
    """Play the lesson as written (first accepted move, right answers) until ``found(step)``."""
    while not found(lesson.step):
        lesson.play_as_written()
    return lesson


def asking(words: str):
    return lambda step: step.kind == "ask" and words in step.ask


def doing(words: str, after: int = 0):
    return lambda step: step.kind == "move" and step.do == words and step.number > after


@pytest.mark.parametrize("choose", ["first", "last"])
def test_the_guided_game_is_a_short_game_played_to_its_end(scenario, choose):
    lesson = play_scenario(scenario, choose)
    assert lesson.finished and lesson.state.outcome.status == "finished"
    assert lesson.game.params.target_gold == 40 and "40" in scenario.steps[0].say
    assert max(lesson.state.gold) >= 40
    summary = lesson.summary()
    assert "What you now know:" in summary and "(you are player 0)" in summary


def test_the_learner_moves_first_at_the_second_step(scenario):
    """The theme and the goal, then at once the learner's first move."""
    assert [s.kind for s in scenario.steps[:2]] == ["next", "move"]
    lesson = until(Lesson(scenario), lambda step: step.kind == "move")
    assert lesson.state.current_player == 0 and lesson.state.turn == 0


@pytest.mark.rule("jambo:buy", "jambo:sell", "jambo:play-cost")
def test_one_pair_of_ware_cards_buys_and_sells_the_same_wares(scenario):
    lesson = until(Lesson(scenario), doing("buy with ware card TTL"))
    gold = lesson.state.gold[0]
    assert lesson.try_move(PlayWare("TTL", sell=False)).accepted
    assert lesson.state.gold[0] == gold - 4 and lesson.state.market[0][2] == 2  # 2 tea
    assert lesson.try_move(PlayWare("TTL", sell=True)).accepted
    assert lesson.state.gold[0] == gold + 7 and sum(lesson.state.market[0]) == 0


def test_a_move_the_step_does_not_ask_for_is_answered_and_changes_nothing(scenario):
    lesson = until(Lesson(scenario), doing("buy with ware card TTL"))
    before = lesson.state.to_json()
    other = lesson.try_move(PlayWare("SLK", sell=False))  # legal, but not this lesson
    assert not other.accepted and other.text == lesson.step.wrong
    refused = lesson.try_move(PlayWare("TTL", sell=True))  # no tea on the stand yet
    assert not refused.accepted and "(rule: Selling)" in refused.text
    assert lesson.state.to_json() == before


def test_the_check_questions_are_answered_by_the_rules(scenario):
    """Each question's right answer is what the engine does at that moment."""
    lesson = until(Lesson(scenario), asking("actions are left"))
    assert str(lesson.state.actions) == lesson.step.answer
    sixth = lesson.state.game.new_game(0).arrange(hands=[["SLK"], []], markets=["KKK", ""])
    gold = sixth.gold[0]
    sixth.apply(PlayWare("SLK", sell=False))
    answer = until(lesson, asking("6 spaces")).step.answer
    assert answer == f"{gold - sixth.gold[0]} gold"
    until(lesson, asking("If you end your turn now"))
    ended = lesson.state.clone()
    gold = ended.gold[0]
    ended.apply(EndTurn())
    bonus = ended.gold[0] - gold
    assert lesson.step.answer == (f"{bonus} gold" if bonus else "nothing")


@pytest.mark.rule("jambo:guard", "jambo:rain-maker", "jambo:current-player")
def test_the_reaction_questions_come_whether_or_not_the_card_is_held(scenario):
    """After the opponent's ware card the learner, holding no Rain Maker, is asked all the
    same (pass only); after its Cheetah the learner's Guard cancels it; after its
    Crocodile, with no Guard left, the question comes again."""
    lesson = until(Lesson(scenario), doing("pass"))
    assert RAIN_MAKER not in lesson.state.hands[0] and lesson.accepted() == [Pass()]
    assert lesson.state.legal_actions() == [Pass()]
    lesson.try_move(Pass())
    assert lesson.step.do == "react with Guard"
    assert set(lesson.state.legal_actions()) == {React(GUARD), Pass()}
    lesson.try_move(React(GUARD))
    assert "the Cheetah is cancelled" in " ".join(e.text for e in lesson.state.visible_events(0))
    assert GUARD not in lesson.state.hands[0] and lesson.state.legal_actions() == [Pass()]
    assert "Crocodile" in lesson.step.say


@pytest.mark.rule("jambo:utility-cost", "jambo:stand-price", "jambo:utility-same-turn")
def test_the_second_turn_plays_and_uses_a_utility_and_builds_the_first_stand(scenario):
    lesson = until(Lesson(scenario), doing("play Well"))
    actions, gold = lesson.state.actions, lesson.state.gold[0]
    assert actions == 4  # one card drawn and kept
    lesson.try_move(lesson.accepted()[0])
    lesson.try_move(lesson.accepted()[0])  # use the Well at once: 1 gold, a card
    assert lesson.state.actions == 2 and lesson.state.gold[0] == gold - 1
    assert "Dancer" in lesson.state.hands[0]  # for the free play that follows
    assert lesson.step.do == "play small market stand" and lesson.state.stand_price() == 6
    lesson.try_move(lesson.accepted()[0])
    assert lesson.state.stands[0] == 1 and lesson.state.gold[0] == gold - 7


def test_every_move_step_names_a_rulebook_entry_or_ends_a_turn(scenario):
    taught = [s for s in scenario.steps if s.kind == "move" and s.repeat != "end"]
    assert all(s.rule or s.do == "end the turn" for s in taught)
    assert scenario.steps[-1].repeat == "end"
