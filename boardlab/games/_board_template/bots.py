"""Achi's bot: ``Liner`` wins when it can (§4), else avoids leaving the other player a
winning reply, else likes the centre; ties go to its own generator (``reset`` re-seeds
it). Nothing is hidden, so ``view.sample_state`` is the position itself: it tries each
move on it.

# TEMPLATE: one bot that plays like a sensible beginner, said in this docstring, and
# declared as ``HEURISTIC`` (required: the ``"heuristic"`` agent spec plays it).
"""

from __future__ import annotations

import random

from boardlab.core import State, View

from .actions import Place

CENTRE = 4  # b2


class Liner:
    """One move ahead, and the other player's reply (no deeper search)."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def reset(self, seed: int) -> None:
        self.rng.seed(seed)

    def __repr__(self) -> str:
        return "Liner()"

    def act(self, view: View):
        now = view.sample_state(self.rng)
        return max(view.legal_actions(), key=lambda a: (self._value(now, a), self.rng.random()))

    def _value(self, now: State, action) -> int:
        me, after = now.current_player, now.clone()
        after.apply(action)
        if after.outcome is not None:
            return 3 if after.outcome.winners == (me,) else 0
        for reply in after.legal_actions():
            then = after.clone()
            then.apply(reply)
            if then.outcome is not None and then.outcome.winners == (1 - me,):
                return -1
        return int((action.point if type(action) is Place else action.end) == CENTRE)


#: The heuristic opponent (``boardlab.sim.lineup.heuristic_agent``: the ``"heuristic"`` spec).
HEURISTIC = Liner
