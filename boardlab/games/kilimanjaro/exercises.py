"""Kilimanjaro exercises for the notebook, answered by the engine itself."""

from __future__ import annotations

import random

from boardlab.teach import Exercise

from .components import CARD_FACES, card_name, movement_rule


def movement_exercise(seed: int) -> Exercise:
    """ "How far do these three top cards move you?" for a seeded set of cards
    ("Course of play" a–c, answered and explained by ``movement_rule``)."""
    rng = random.Random(seed)
    cards = [rng.randrange(CARD_FACES) for _ in range(3)]
    names = ", ".join(card_name(c) for c in cards)
    moved = movement_rule(cards)
    return Exercise(
        question=f"your top cards are {names}: how many spaces do you move?",
        answer=moved.distance,
        explanation=f"Rule {moved} → {moved.distance} spaces.",
    )
