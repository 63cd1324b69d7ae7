"""Kombo Afrika's guided first game (``guided.toml``): what the learner meets on the way.

``tests/test_guide.py`` plays every game's scenario to its end; here we check that this one
teaches what it promises and that the numbers its steps quote are the rules' own: three
players, a first combo of 9 points, a grown purple combo of 14 whose cards the bots laid,
the bots' turns as the words steps tell them, and the target reached with a last round.
"""

import pytest

from boardlab.games.kombo_afrika import Claim, Place
from boardlab.games.kombo_afrika import render as kombo_render
from boardlab.games.kombo_afrika.components import parse_cell
from boardlab.guide import Lesson, Scenario, play_scenario


@pytest.fixture(scope="module")
def scenario():
    return Scenario.load("kombo_afrika")


def mask(*cells: str) -> int:
    return sum(1 << parse_cell(c) for c in cells)


def play_until(lesson: Lesson, words: str) -> Lesson:
    """Play the lesson as written (first accepted move, right answers) until the current
    step's words hold ``words``."""
    while words not in lesson.step.text:
        step = lesson.step
        if step.kind == "next":
            assert lesson.next().accepted
        elif step.kind == "ask":
            assert lesson.answer(step.answer).accepted
        else:
            assert lesson.try_move(lesson.accepted()[0]).accepted
    return lesson


def events(lesson: Lesson, kind: str, seen_by: int = 0) -> list:
    return [e for e in lesson.state.visible_events(seen_by) if e.kind == kind]


@pytest.mark.parametrize("choose", ["first", "last"])
def test_the_guided_game_is_a_short_three_player_game_played_to_its_end(scenario, choose):
    lesson = play_scenario(scenario, choose)
    assert lesson.finished and lesson.state.outcome.status == "finished"
    assert lesson.game.num_players == 3 and lesson.game.target == 30
    assert lesson.state.outcome.reason == "target reached"
    assert lesson.state.turn == 9  # three rounds: everybody played as many turns
    summary = lesson.summary()
    assert "What you now know:" in summary and "(you are player 0)" in summary


@pytest.mark.rule("kombo_afrika:combo", "kombo_afrika:faq-anyones", "kombo_afrika:croc-points")
def test_the_points_the_steps_quote_are_the_rules_own(scenario):
    """9 for the browns, 14 for the five purples (+2 for CROC's two flips), 3 and 3 for
    the PAPOs: 31 points, past the target of 30, in the learner's third turn."""
    lesson = play_scenario(scenario, "first")
    claims = [e.args for e in events(lesson, "claim") if e.args[0] == 0]
    assert claims[:2] == [
        (0, mask("b2", "c2", "d2"), 9),
        (0, mask("a3", "b3", "a4", "b4", "a5"), 14),
    ]
    assert [e.args for e in events(lesson, "papo") if e.args[0] == 0][:2] == [(0, 3), (0, 3)]
    crocs = [e.args[1] for e in events(lesson, "croc") if e.args[0] == 0]
    assert crocs[:2] == [parse_cell("b5"), parse_cell("e5")]
    reached = events(lesson, "target")[0].args
    assert reached == (0, 31, 9)  # player 0, 31 points, the game ends after turn 9


@pytest.mark.rule("kombo_afrika:hypno", "kombo_afrika:faq-anyones")
def test_the_bots_turns_are_as_the_words_steps_tell(scenario):
    lesson = play_until(Lesson(scenario), "Player 1's CROC flipped")
    flips = [(e.args[0], e.args[1]) for e in events(lesson, "croc")]
    assert flips == [(1, parse_cell("a1")), (1, parse_cell("e1"))]
    (swap,) = [e.args for e in events(lesson, "swap") if e.args[0] == 1]
    game = lesson.game
    assert swap[0] == 1 and swap[2] == parse_cell("a5") and game.labels[swap[3]] == "green PAPO 3"
    claimed = [e.args for e in events(lesson, "claim") if e.args[0] == 2]
    assert claimed == [(2, mask("b1", "c1", "d1"), 9)]
    purples = {cell for cell in ("a3", "a4", "b4", "a5")
               if game.faces[lesson.state.board[parse_cell(cell)]].colour == "purple"}  # fmt: skip
    assert purples == {"a3", "a4", "b4", "a5"}
    assert lesson.state.combos() == {mask("a3", "a4", "b4", "a5"): 12}

    play_until(lesson, "Player 1's red HYPNO took your PAPO")
    assert lesson.state.scores == [28, 5, 23]
    assert (2, mask("c4", "c5", "d5"), 12) in [e.args for e in events(lesson, "claim")]


@pytest.mark.rule("kombo_afrika:turn-adjacent", "kombo_afrika:turn-sides")
def test_a_wrong_move_is_answered_and_changes_nothing(scenario):
    lesson = play_until(Lesson(scenario), "put your brown SURI on")
    before = lesson.state.to_json()
    game = lesson.game
    suri = game.label_index["brown SURI 3"]
    reply = lesson.try_move(game.place_table[suri][parse_cell("b2")])  # touches no card
    assert not reply.accepted and "touches no card" in reply.text and "rule:" in reply.text
    reply = lesson.try_move(game.place_table[suri][parse_cell("d3")])  # legal, not this lesson's
    assert not reply.accepted and reply.text == lesson.step.wrong
    assert lesson.state.to_json() == before
    assert lesson.try_move(game.place_table[suri][parse_cell("c2")]).accepted


def test_each_question_is_answered_by_the_position(scenario):
    """The combo questions' answers are the engine's combo values, and the last round's
    answer is the engine's last turn: players 1 and 2 each play once more."""
    lesson = play_until(Lesson(scenario), "How many points is this combo worth?")
    assert str(lesson.state.combos()[mask("b2", "c2", "d2")]) == lesson.step.answer
    assert not lesson.answer("12").accepted and lesson.step.ask.startswith("Your browns")

    play_until(lesson, "Claim the five purples")
    assert lesson.state.combos()[mask("a3", "b3", "a4", "b4", "a5")] == 14

    play_until(lesson, "When does the game end?")
    state = lesson.state
    assert state.final_turn == state.turn + 3 and state.current_player == 0
    assert "players 1 and 2" in lesson.step.answer


def test_each_placement_step_marks_its_card_and_its_cell_on_the_board(scenario):
    """The board marks the places the accepted moves mention (``Lesson.highlights`` over
    the renderer's ``places``): for a placement, the hand card and the cell."""
    lesson = play_until(Lesson(scenario), "put your brown SURI on")
    named = [name for name, _ in kombo_render.places(lesson.state, viewer=0)]
    assert lesson.highlights(named) == ["cell c2", "brown SURI 3"]
    play_until(lesson, "Claim it:")
    named = [name for name, _ in kombo_render.places(lesson.state, viewer=0)]
    assert lesson.highlights(named) == ["cell b2", "cell c2", "cell d2"]


def test_the_scripted_moves_place_and_claim_as_the_steps_say(scenario):
    """Every ``do`` of the learner is a placement, an effect, a claim or the end of a turn
    that the steps' words name: the claims are the two combos the steps count."""
    lesson = play_scenario(scenario, "last")
    played = [a for a in lesson.state.history if isinstance(a, Claim | Place)]
    claims = [a for a in played if isinstance(a, Claim)]
    assert Claim(mask("b2", "c2", "d2")) in claims
    assert Claim(mask("a3", "b3", "a4", "b4", "a5")) in claims
