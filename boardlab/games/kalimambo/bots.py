"""Kalimambo bots that see only their own view, and play by what we teach: which card to play.

``HighCard`` and ``LowCard`` are the two simple policies of the notebook's
game-theory study (always the highest, always the lowest card left);
``Cautious`` is the heuristic opponent of the play panel: for each card it
samples the hidden facts (``view.sample_state``: the others' picks and Kali's
deck), finishes the round with random picks for the players still to choose,
and plays the card with the fewest expected penalty points this round.
"""

from __future__ import annotations

import random

from boardlab.core import View


class HighCard:
    """Always the highest card left: run ahead of the herd (and of Mambo)."""

    def reset(self, seed: int) -> None:
        pass

    def act(self, view: View):
        return view.legal_actions()[-1]  # the hand is listed lowest card first

    def __repr__(self) -> str:
        return "HighCard()"


class LowCard:
    """Always the lowest card left: keep the high cards for later."""

    def reset(self, seed: int) -> None:
        pass

    def act(self, view: View):
        return view.legal_actions()[0]

    def __repr__(self) -> str:
        return "LowCard()"


class Cautious:
    """One-round lookahead on sampled hidden facts: the card with the fewest expected points.

    ``samples`` determinizations per card; ties between cards go to the lower card
    (keep the high ones), then to chance.
    """

    def __init__(self, seed: int = 0, samples: int = 12) -> None:
        self.rng = random.Random(seed)
        self.samples = samples

    def reset(self, seed: int) -> None:
        self.rng.seed(seed)

    def __repr__(self) -> str:
        return f"Cautious(samples={self.samples})"

    def act(self, view: View):
        actions = view.legal_actions()
        if len(actions) == 1:
            return actions[0]
        me = view.player
        rng = self.rng
        cost = [0.0] * len(actions)
        for _ in range(self.samples):
            base = view.sample_state(rng)
            for i, action in enumerate(actions):
                state = base.clone()
                before = state.penalties[me]
                state.apply(action)
                # until the last seat's pick resolves the round (back to seat 0, or the end)
                while state.current_player not in (None, 0):
                    legal = state.legal_actions()  # the others still to choose: at random
                    state.apply(legal[rng.randrange(len(legal))])
                cost[i] += state.penalties[me] - before
        best = min(cost)
        return next(a for a, c in zip(actions, cost, strict=True) if c == best)


#: The heuristic opponent (``boardlab.sim.lineup.heuristic_agent``: the ``"heuristic"`` spec).
HEURISTIC = Cautious
