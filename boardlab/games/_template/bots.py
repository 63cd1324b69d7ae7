"""Waterhole bots: they know the game, and see only their own view.

``Tracker`` is the heuristic opponent of the notebook's play panel. It plays
the card that gains it most: the spaces the card moves it, plus, for a lion,
the spaces the lion would take from the best prey it could chase from where
it lands (§3); a card that reaches the waterhole wins and beats everything
(§4). When its lion chases, it chases the pawn furthest along. Ties are
broken by its own generator, re-seeded by ``reset`` for every game, so a
game depends on its seed alone. It reads only ``view.observation()``,
``view.legal_actions()`` and the game's public parameters: a bot handed a
``View`` cannot cheat.

# TEMPLATE: write one bot that plays like a sensible beginner, and say in
# this docstring how it plays. A stronger bot searches on
# ``view.sample_state(rng)`` (determinized states), never on the true state.
# Declare it as ``HEURISTIC`` at the end of the file (required).
"""

from __future__ import annotations

import random

from boardlab.core import View

from .actions import Chase, PlayCard
from .components import CAMP, is_lion, value_of


class Tracker:
    """A one-step greedy heuristic for Waterhole (no search, no cheating)."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def reset(self, seed: int) -> None:
        self.rng.seed(seed)

    def __repr__(self) -> str:
        return "Tracker()"

    def act(self, view: View) -> PlayCard | Chase:
        actions = view.legal_actions()
        obs = view.observation()
        if isinstance(actions[0], Chase):  # §3: the pawn furthest along costs us most
            return max(actions, key=lambda a: (obs["positions"][a.player], self.rng.random()))
        params = view.game.params
        return max(actions, key=lambda a: (self._gain(a, obs, params), self.rng.random()))

    def _gain(self, action: PlayCard, obs: dict, params) -> float:
        """Spaces gained by ``action`` now, plus what its lion would take from a rival."""
        me = obs["player"]
        positions = obs["positions"]
        value = value_of(action.card)
        landing = positions[me] + value
        if landing >= obs["track_length"]:
            return float("inf")  # §4: the waterhole wins at once
        if not is_lion(action.card):
            return value
        prey = [
            there
            for q, there in enumerate(positions)
            if q != me and (there >= landing or not params.catch_up)
        ]
        if not prey:
            return value
        lost = max(prey) - CAMP if params.lion == "to_camp" else min(value, max(prey) - CAMP)
        return value + lost


# TEMPLATE: required: ``HEURISTIC`` names your game's heuristic bot, a class made with no
# arguments. It is what the ``"heuristic"`` agent spec plays (``boardlab.sim.lineup``:
# sweeps, the what-if panel, the game-design lab's ``figures/<game>_lab.csv``) and what
# ``tests/test_bots.py`` checks beats random play; a game without it fails there, saying so.
#: The heuristic opponent (``boardlab.sim.lineup.heuristic_agent``: the ``"heuristic"`` spec).
HEURISTIC = Tracker


def tracker_agents(game) -> list[Tracker]:
    """A Tracker in every seat (as ``boardlab.sim.random_agents`` for random play)."""
    return [Tracker() for _ in range(game.num_players)]
