"""Agents that know no game: the random player, the baseline of every metric."""

from __future__ import annotations

from hashlib import blake2b
from struct import Struct

from boardlab.core import View

_MASK = (1 << 64) - 1
#: A block of the stream as its 16 little-endian 32-bit numbers.
_BLOCK = Struct("<16I").unpack
#: The first blocks' counters as bytes, made once (a game rarely needs more).
_COUNTERS = tuple(block.to_bytes(8, "little") for block in range(64))


class RandomAgent:
    """Picks uniformly among the legal actions, from its own seeded stream.

    The stream is BLAKE2b keyed by the seed, in counter mode: 16 uniform
    32-bit numbers a block. ``reset`` — once per seat per game, so that a
    game depends on its seed alone — is one hash call, where re-seeding a
    Mersenne Twister fills 624 words; in a random playout that re-seeding
    cost more than a tenth of the game. An index is ``u * n >> 32`` (bias
    below n / 2³², nothing for a few hundred actions).

    Speed (``act`` runs once per decision of every playout): a block is
    unpacked by one ``struct`` call and kept reversed, so a draw is one
    ``pop``; the counters' bytes are made once; slots, not a ``__dict__``.
    """

    __slots__ = ("_block", "_key", "_pool")

    def __init__(self, seed: int = 0) -> None:
        self.reset(seed)

    def reset(self, seed: int) -> None:
        """Re-seed for a new game, so a game's result depends on its seed alone."""
        self._key = (seed & _MASK).to_bytes(8, "little")
        self._block = 0
        self._refill()

    def _refill(self) -> list[int]:
        block = self._block
        counter = _COUNTERS[block] if block < len(_COUNTERS) else block.to_bytes(8, "little")
        pool = list(_BLOCK(blake2b(counter, key=self._key, digest_size=64).digest()))
        pool.reverse()  # drawn from the end: the block's first number first
        self._pool = pool
        self._block = block + 1
        return pool

    def act(self, view: View):
        return self.choose(view.legal_actions())

    def choose(self, actions: list):
        """One of ``actions``, uniformly: all it needs of the view (so ``play`` may hand
        it the legal actions directly, see ``boardlab.core.agents.Agent``)."""
        pool = self._pool
        if not pool:
            pool = self._refill()
        return actions[pool.pop() * len(actions) >> 32]

    def __repr__(self) -> str:
        return "RandomAgent()"


class FirstActionAgent:
    """Always the first legal action: a deterministic opponent for tests and demos."""

    def reset(self, seed: int) -> None:
        pass

    def act(self, view: View):
        return view.legal_actions()[0]

    def choose(self, actions: list):
        return actions[0]

    def __repr__(self) -> str:
        return "FirstActionAgent()"
