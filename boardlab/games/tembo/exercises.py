"""Tembo exercises for the notebook, answered by the engine itself.

An exercise asks what a rule does in a situation; the answer is the engine's.
"""

from __future__ import annotations

from boardlab.core import Game
from boardlab.teach import Exercise

from .actions import Place


def placements_exercise(game: Game, card: str = "I-08") -> Exercise:
    """ "Player 0 (seated south) holds this card at the start: how many legal placements
    has its pattern?" (seed "Place elephants": free spaces, next to the Matriarch)."""
    state = game.new_game(0)
    hands = [[card, *[c for c in ("I-01", "I-02", "I-03") if c != card][:2]]]
    others = [c for c in game.card_names[: game.savanna_count] if c not in hands[0]]
    hands += [others[3 * i : 3 * i + 3] for i in range(game.num_players - 1)]
    state.arrange(hands=hands)
    state.apply(Place(card))
    answer = len(state.legal_actions())
    return Exercise(
        question=f"At the start, with only the Matriarch on the savanna, how many legal "
        f"placements has the pattern of {card} for player 0?",
        answer=answer,
        explanation=f"Every elephant on a free space, one of them next to the Matriarch "
        f"(diagonals count), the pattern unturned: {answer} anchors.",
    )
