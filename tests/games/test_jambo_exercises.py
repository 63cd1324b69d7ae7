"""Jambo's notebook exercises (``exercises.py``): each is answered by the engine, so the
answers are checked here against the rule they teach, worked out from the question."""

from __future__ import annotations

import re

import pytest

import boardlab
from boardlab.games.jambo.exercises import cost_exercise


def worked_out(question: str, game, fee: int) -> int:
    """The buy's cost from the question's own numbers: the price, and ``fee`` when the
    card's wares fill the last free space (the large stand's 6th, "Buying")."""
    on_stand = re.search(r"gold and (.*?) on the large stand", question)[1]
    wares_on = sum(int(k) for k in re.findall(r"(\d+) \w+", on_stand))
    spaces = int(re.search(r"\((\d+) spaces\)", question)[1])
    card = game.cards[re.search(r"ware card (\w+)", question)[1]]
    return card.buy + (fee if wares_on + len(card.wares) == spaces else 0)


@pytest.mark.rule("jambo:sixth-space")
def test_the_cost_exercise_adds_the_fee_when_the_buy_fills_the_sixth_space():
    game = boardlab.load("jambo")
    exercises = [cost_exercise(game, seed) for seed in range(12)]
    for exercise in exercises:
        assert exercise.answer == worked_out(exercise.question, game, 2), exercise.question
        assert exercise.check(exercise.answer).startswith("Correct! Buying: ")
        assert exercise.check(exercise.answer + 2).startswith("Not quite")
    with_fee = [e for e in exercises if "6th space and pays 2 gold" in e.explanation]
    assert 0 < len(with_fee) < len(exercises)  # both cases are asked
    assert any("small one (9 spaces)" in e.question for e in exercises)


@pytest.mark.rule("jambo:sixth-space")
def test_the_cost_exercise_follows_the_fee_parameter():
    game = boardlab.load("jambo", large_stand_fee=5)
    for seed in range(6):
        exercise = cost_exercise(game, seed)
        assert exercise.answer == worked_out(exercise.question, game, 5), exercise.question


def test_the_cost_exercise_is_seeded():
    game = boardlab.load("jambo")
    assert cost_exercise(game, 3) == cost_exercise(game, 3)
