"""``core.chance.SeededOnUse``: a generator seeded at its first use draws exactly as
``random.Random(seed)`` does, whatever is asked of it first (a search bot's sample gets
one per iteration, ``State.determinize``)."""

from __future__ import annotations

import copy
import pickle
import random

import pytest

import boardlab
from boardlab.core.chance import SeededOnUse

SEED = 2**63 + 12345


def _shuffled(generator):
    items = list(range(20))
    generator.shuffle(items)
    return items


FIRST_USES = {
    "random": lambda g: g.random(),
    "getrandbits": lambda g: g.getrandbits(64),
    "shuffle": _shuffled,
    "randrange": lambda g: g.randrange(1000),
    "choice": lambda g: g.choice("abcdef"),
    "sample": lambda g: g.sample(range(100), 5),
    "gauss": lambda g: g.gauss(0, 1),
    "randbytes": lambda g: g.randbytes(5),
    "uniform": lambda g: g.uniform(0, 3),
    "getstate": lambda g: g.getstate(),
    "pickled": lambda g: pickle.loads(pickle.dumps(g)).random(),
    "deepcopy": lambda g: copy.deepcopy(g).random(),
    "copy": lambda g: copy.copy(g).random(),
    "seed": lambda g: (g.seed(5), g.random())[1],
    "setstate": lambda g: (g.setstate(random.Random(9).getstate()), g.random())[1],
}


@pytest.mark.parametrize("use", sorted(FIRST_USES))
def test_seeded_on_use_draws_as_a_seeded_generator(use):
    plain, lazy = random.Random(SEED), SeededOnUse(SEED)
    draw = FIRST_USES[use]
    assert [draw(lazy) for _ in range(3)] == [draw(plain) for _ in range(3)]
    assert type(lazy) is random.Random  # woken: a plain generator from here on
    assert lazy.getstate() == plain.getstate()


def test_an_unused_generator_is_not_seeded_yet():
    lazy = SeededOnUse(SEED)
    assert type(lazy) is SeededOnUse and isinstance(lazy, random.Random)
    assert lazy.getstate() == random.Random(SEED).getstate()  # reading it seeds it


@pytest.mark.parametrize("name", boardlab.game_names())
def test_a_sample_draws_as_the_seed_it_records(name):
    """``determinize`` gives its copy a generator of its drawn ``seed``: untouched, it
    draws as ``random.Random(seed)`` would."""
    state = boardlab.load(name).new_game(seed=4)
    sample = state.determinize(0, random.Random(1))
    assert type(sample.rng) is SeededOnUse
    assert sample.rng.getstate() == random.Random(sample.seed).getstate()
