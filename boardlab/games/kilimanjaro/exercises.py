"""Kilimanjaro exercises for the notebook, answered by the engine itself."""

from __future__ import annotations

import random

from boardlab.teach import Exercise

from .components import CARD_FACES, card_name, movement, transport_of


def movement_clause(cards: list[int]) -> str:
    """Which clause of the movement rule ("Course of play" a–c) decides these top cards."""
    kinds = len({transport_of(c) for c in cards})
    return {
        1: "a: all three of one type, add all three",
        2: "b: the majority rules, add the pair",
    }.get(kinds, "c: all different, the highest card counts")


def movement_exercise(seed: int) -> Exercise:
    """ "How far do these three top cards move you?" for a seeded set of cards."""
    rng = random.Random(seed)
    cards = [rng.randrange(CARD_FACES) for _ in range(3)]
    names = ", ".join(card_name(c) for c in cards)
    return Exercise(
        question=f"your top cards are {names}: how many spaces do you move?",
        answer=movement(cards),
        explanation=f"Rule {movement_clause(cards)} → {movement(cards)} spaces.",
    )
