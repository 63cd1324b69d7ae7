"""Chance from a state's own seeded generator: shuffles and draws.

Every game shuffles with ``shuffle`` so a record (game, params, seed,
actions) replays the same deal everywhere.
"""

from __future__ import annotations

import random


def shuffle(rng: random.Random, items: list) -> None:
    """Shuffle ``items`` in place, uniformly, from ``rng``.

    Sorting by independent uniform keys gives every order the same chance
    (ties have probability ~2⁻⁵³). Measured with callgrind, it costs half
    of ``random.shuffle`` (and less than bulk-random-bytes keys), which
    matters when a benchmark deals thousands of games a second.
    """
    key = rng.random
    items.sort(key=lambda _: key())


_Random = random.Random


def _wake(generator: random.Random) -> None:
    """Seed a ``SeededOnUse`` now and make it a plain ``random.Random`` from here on."""
    if type(generator) is SeededOnUse:
        generator.__class__ = _Random
        generator.seed(generator.__dict__.pop("_later"))


class SeededOnUse(_Random):
    """``random.Random(seed)``, seeded only when first drawn from (or copied, pickled,
    read or re-seeded); from then on a plain ``random.Random``, with the very same draws.

    Why: seeding a Mersenne Twister costs about 4.5 µs, a twentieth of a search bot's
    iteration, and each iteration gives its sample a generator of its own
    (``State.determinize``) that a short playout mostly never draws from. Every
    drawing method of ``random.Random`` goes through ``random`` or ``getrandbits``
    (``tests/test_chance.py`` checks them all against a plain generator).
    """

    def __init__(self, seed: int) -> None:
        self._later = seed
        self.gauss_next = None

    def random(self) -> float:
        _wake(self)
        return _Random.random(self)

    def getrandbits(self, k: int) -> int:
        _wake(self)
        return _Random.getrandbits(self, k)

    def getstate(self) -> tuple:
        _wake(self)
        return _Random.getstate(self)

    def setstate(self, state: tuple) -> None:
        _wake(self)
        _Random.setstate(self, state)

    def seed(self, *args, **kwargs) -> None:
        _wake(self)
        _Random.seed(self, *args, **kwargs)

    def __reduce__(self) -> tuple:
        _wake(self)
        return _Random.__reduce__(self)
