"""Agents that know no game: the random player, the baseline of every metric."""

from __future__ import annotations

import random

from boardlab.core import View


class RandomAgent:
    """Picks uniformly among the legal actions, from its own seeded generator."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)
        self._random = self.rng.random

    def reset(self, seed: int) -> None:
        """Re-seed for a new game, so a game's result depends on its seed alone."""
        self.rng.seed(seed)

    def act(self, view: View):
        actions = view.legal_actions()
        return actions[int(self._random() * len(actions))]

    def __repr__(self) -> str:
        return "RandomAgent()"


class FirstActionAgent:
    """Always the first legal action: a deterministic opponent for tests and demos."""

    def reset(self, seed: int) -> None:
        pass

    def act(self, view: View):
        return view.legal_actions()[0]

    def __repr__(self) -> str:
        return "FirstActionAgent()"
