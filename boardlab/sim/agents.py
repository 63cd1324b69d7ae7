"""Agents that know no game: the random player, the baseline of every metric."""

from __future__ import annotations

from array import array
from hashlib import blake2b

from boardlab.core import View

_MASK = (1 << 64) - 1


class RandomAgent:
    """Picks uniformly among the legal actions, from its own seeded stream.

    The stream is BLAKE2b keyed by the seed, in counter mode: 16 uniform
    32-bit numbers a block. ``reset`` — once per seat per game, so that a
    game depends on its seed alone — is one hash call, where re-seeding a
    Mersenne Twister fills 624 words; in a random playout that re-seeding
    cost more than a tenth of the game. An index is ``u * n >> 32`` (bias
    below n / 2³², nothing for a few hundred actions).
    """

    def __init__(self, seed: int = 0) -> None:
        self.reset(seed)

    def reset(self, seed: int) -> None:
        """Re-seed for a new game, so a game's result depends on its seed alone."""
        self._key = (seed & _MASK).to_bytes(8, "little")
        self._block = 0
        self._refill()

    def _refill(self) -> None:
        block = blake2b(self._block.to_bytes(8, "little"), key=self._key, digest_size=64)
        self._pool = array("I", block.digest()).tolist()
        self._block += 1
        self._next = 0

    def act(self, view: View):
        actions = view.legal_actions()
        i = self._next
        if i == 16:
            self._refill()
            i = 0
        self._next = i + 1
        return actions[self._pool[i] * len(actions) >> 32]

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
