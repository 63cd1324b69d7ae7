"""Kalimambo's guided first game (``boardlab/games/kalimambo/guided.toml``): what its words
say happens does happen.

``tests/test_guide.py`` plays every game's scenario to its end. Here the three scripted
rounds are checked against the sentences that explain them: the spaces, the points and
who pays, read from the state the learner sees after each round. A rule change that
makes a sentence of the lesson false fails here, naming the round.
"""

from __future__ import annotations

import pytest

from boardlab.games.kalimambo import PlayCard

guide = pytest.importorskip("boardlab.guide")


def lesson_at_round(after: int):
    """The lesson played (as its steps ask) until ``after`` rounds are resolved."""
    lesson = guide.Lesson(guide.Scenario.load("kalimambo"))
    for _ in range(60):
        if lesson.state.round > after or lesson.state.outcome is not None:
            return lesson
        step = lesson.step
        if step.kind == "next":
            assert lesson.next().accepted
        elif step.kind == "ask":
            assert lesson.answer(step.answer).accepted
        else:
            assert lesson.try_move(lesson.accepted()[0]).accepted
    raise AssertionError(f"round {after} was never resolved")


def board(lesson) -> tuple[dict[str, int], int, list[int]]:
    """Where the figures stand (loop spaces), Mambo's space, and the penalty points."""
    state = lesson.state
    seen = state.observation(0)
    where = {f"player {p}": s for p, s in enumerate(seen["explorers"])}
    where["Kali"] = seen["kali"]
    return where, seen["mambo"], seen["penalties"]


def test_the_deal_puts_you_at_the_back_in_front_of_mambo():
    lesson = guide.Lesson(guide.Scenario.load("kalimambo"))
    where, mambo, _ = board(lesson)
    assert mambo == 0 and where == {"player 0": 1, "player 1": 2, "player 2": 3, "Kali": 4}
    assert lesson.state.dung == (11, 15, 18, 24, 27, 30)
    assert lesson.state.game.num_players == 3 and lesson.state.game.rounds == 12


def test_round_1_your_11_leaps_ahead_and_mambo_charges_player_1():
    """Step: 'your 11 took you to space 5, then player 2's 5 and Kali's 2 did the same.
    Player 1 played 0 and stayed'; 'Mambo ran from space 0 to space 1, into player 1'."""
    lesson = lesson_at_round(1)
    assert lesson.state.revealed == [11, 0, 5, 2]
    where, mambo, points = board(lesson)
    assert where == {"player 0": 5, "player 1": 2, "player 2": 6, "Kali": 7}
    assert mambo == 1 and points == [0, 1, 0]


def test_round_2_equal_nines_and_mambo_runs_4_spaces_into_player_2():
    """Step: 'Player 2 played a 9 too ... you moved to space 8 and player 2 stayed. Then
    player 1 left the space in front of Mambo, and he ran 4 spaces into player 2'."""
    lesson = lesson_at_round(2)
    assert lesson.state.revealed == [9, 3, 9, 0]
    where, mambo, points = board(lesson)
    assert where == {"player 0": 8, "player 1": 9, "player 2": 6, "Kali": 7}
    assert mambo == 5 and points == [0, 1, 4]


def test_round_3_the_head_stays_dung_and_the_lowest_card_pays_for_kali():
    """Steps: 'Player 1 is at the head ... on space 9'; 'play your 8 to move first and land
    on 10'; 'Player 2 landed on the dung heap on space 11'; 'Mambo ran 1 space into Kali,
    and player 2's 7 was the lowest card'."""
    before = lesson_at_round(2)
    assert max(before.state.figures) == before.state.figures[1] == 9  # player 1 at the head
    lesson = lesson_at_round(3)
    assert lesson.state.revealed == [8, 11, 7, 1]
    where, _, points = board(lesson)
    assert where["player 0"] == 10 and where["player 1"] == 9 and where["player 2"] == 11
    assert 11 in lesson.state.dung
    kali = [e.text for e in lesson.state.events if e.kind == "charge" and "into Kali" in e.text]
    assert kali == [
        "Mambo charges from 5 to 6, 1 space, into Kali: for Kali, player 2 (lowest card, 7) "
        "takes 1 penalty point"
    ]
    assert points[2] == 4 + 3 + 1  # round 2's charge, the dung, the charge into Kali


def test_a_card_the_step_does_not_ask_for_is_answered_and_changes_nothing():
    lesson = guide.Lesson(guide.Scenario.load("kalimambo"))
    lesson.next()  # the theme and the goal
    before = lesson.state.to_json()
    reply = lesson.try_move(PlayCard(3))
    assert not reply.accepted and "play your 11" in reply.text
    assert lesson.state.to_json() == before


def test_the_guided_game_is_played_to_its_end_and_says_how_you_did():
    for choose in ("first", "last"):
        lesson = guide.play_scenario("kalimambo", choose)
        assert lesson.finished and lesson.state.outcome.status == "finished"
        summary = lesson.summary()
        assert "12 rounds played" in summary and "What you now know" in summary
