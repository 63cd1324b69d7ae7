"""Waterhole exercises for the notebook, answered by the engine itself.

# TEMPLATE: an exercise asks what a rule does in a situation and lets the
# engine answer (never an answer typed by hand), so it cannot disagree with
# the rules it teaches.
"""

from __future__ import annotations

import random

from boardlab.core import Game
from boardlab.teach import Exercise

from .actions import PlayCard
from .narration import PREY


def chase_exercise(game: Game, seed: int) -> Exercise:
    """ "Player 0 plays this lion: whom may it chase?" for a seeded position (§3 The lion).

    The answer is the engine's: the players of the chase step's legal actions,
    sorted (``[]`` when the lion chases nobody). The reader answers with a list.
    """
    rng = random.Random(seed)
    n, far = game.num_players, game.params.track_length - 6
    positions = [rng.randrange(far) for _ in range(n)]
    value = rng.randint(1, 5)
    state = game.new_game(seed).arrange(
        positions=positions, hands=[[f"lion {value}"]] + [["zebra 1"]] * (n - 1)
    )
    state.apply(PlayCard.of(f"lion {value}"))
    prey = sorted(a.player for a in state.legal_actions()) if state.step == "chase" else []
    landing = state.positions[0]
    where = ", ".join(f"player {p} on {s}" for p, s in enumerate(positions))
    return Exercise(
        question=f"the pawns: {where}. Player 0 plays lion {value}: whom may the lion chase? "
        "(a list such as [1, 2]; [] for nobody)",
        answer=prey,
        explanation=f"Player 0 lands on {landing}; §3: the lion chases "
        f"{PREY[game.params.catch_up]}, so {prey or 'nobody'}.",
    )
