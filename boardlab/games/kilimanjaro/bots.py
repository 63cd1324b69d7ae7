"""Kilimanjaro bots that know the game but see only their own view.

``GreedyClimber`` is the heuristic opponent of the notebook's play panel and
the "strong bot" of skill-vs-luck metrics: it plays the card that moves it
furthest now (counting the counters it knows), slows the leader when that
costs it little, places lions just short of villages and bananas where it
will land soon, and swaps with the expedition furthest ahead.
"""

from __future__ import annotations

import random

from boardlab.core import View

from .actions import ChangePlaces, PlaceCounter, PlayCard, SendBack
from .components import BANANA, LION, last_village, parse_card, tabulated_movement


class GreedyClimber:
    """A one-step greedy heuristic for Kilimanjaro (no search, no cheating)."""

    def __init__(self, seed: int = 0, spite: float = 0.5) -> None:
        self.rng = random.Random(seed)
        #: How much a point of the leader's lost movement is worth against our own.
        self.spite = spite

    def reset(self, seed: int) -> None:
        self.rng.seed(seed)

    def __repr__(self) -> str:
        return f"GreedyClimber(spite={self.spite})"

    def act(self, view: View):
        actions = view.legal_actions()
        obs = view.observation()
        first = actions[0]
        if isinstance(first, PlayCard):
            board = _Board(obs, view.player)
            return max(actions, key=lambda a: (self._value(a, board), self.rng.random()))
        if isinstance(first, PlaceCounter):
            return max(actions, key=lambda a: (self._placement(a, obs), self.rng.random()))
        if isinstance(first, ChangePlaces | SendBack):
            positions = obs["positions"]
            return max(actions, key=lambda a: (positions[a.player], self.rng.random()))
        return self.rng.choice(actions)

    def _value(self, action: PlayCard, board: _Board) -> float:
        """Where this card leaves us (known counters included) minus spite for the leader."""
        me = board.me
        tops = [list(t) for t in board.tops]
        tops[action.player][action.pile] = action.card
        distance = tabulated_movement(tops[me])
        target = board.positions[me] + distance
        kind = board.counters.get(target)
        if kind == "banana":
            target += distance
        elif kind == "lion":
            target = last_village(target, board.villages)
        value = float(target)
        if action.player != me:
            before = tabulated_movement(board.tops[action.player])
            value += self.spite * (before - tabulated_movement(tops[action.player]))
        return value

    def _placement(self, action: PlaceCounter, obs: dict) -> float:
        """Lions just short of a village hurt most; bananas pay soonest near the start."""
        villages = [*obs["villages"], obs["track_length"]]
        space = action.space
        if action.counter == LION:
            ahead = min((v - space for v in villages if v > space), default=99)
            return 100 - ahead
        if action.counter == BANANA:
            return 100 - abs(space - 12)
        return self.rng.random()


#: The heuristic opponent (``boardlab.sim.lineup.heuristic_agent``: the ``"heuristic"`` spec).
HEURISTIC = GreedyClimber


def greedy_agents(game) -> list[GreedyClimber]:
    """A GreedyClimber in every seat (as ``boardlab.sim.random_agents`` for random play)."""
    return [GreedyClimber() for _ in range(game.num_players)]


class _Board:
    """What the bot reads off its observation once per decision, as card ids."""

    def __init__(self, obs: dict, me: int) -> None:
        self.me = me
        self.tops = [[parse_card(pile[-1]) for pile in piles] for piles in obs["piles"]]
        self.positions = obs["positions"]
        self.counters = {space: name for space, name, _ in obs["counters"]}
        self.villages = tuple(obs["villages"])
