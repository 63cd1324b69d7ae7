"""Every registered game, in every declared variant, obeys the Game/State contract.

A new game joins by being registered and listing ``variants()``; nothing
here names a game. The toy games of ``tests/toys`` (unregistered) are played
alongside, through ``conformance.suite_games()``. The checks themselves live
in ``conformance.py``; the number of seeds comes from
``BOARDLAB_CONFORMANCE_SEEDS`` (shown in the report header).
"""

from __future__ import annotations

import random
from dataclasses import fields, replace

import numpy
import pytest
from conformance import (
    Playout,
    case_id,
    cases,
    example_count,
    fingerprint,
    load_game,
    random_chooser,
    seed_count,
    suite_games,
)
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from toys import TOYS

from boardlab.core import Game, InvalidParameter

CASES = cases()
GAMES = list(suite_games())
SEEDS = range(seed_count())


def load(name: str, variant: dict) -> Game:
    return load_game(name, **variant)


def test_every_game_declares_loadable_variants():
    assert any(cls not in TOYS for cls in suite_games().values()), "no game is registered"
    for name in GAMES:
        variants = suite_games()[name].variants()
        assert variants and variants[0] == {}, (
            f"{name}: variants() must list the defaults first, {{}}, then the fewest and most "
            "players, each choice and the edge cases"
        )
        keys = [tuple(sorted(v.items())) for v in variants]
        assert len(set(keys)) == len(keys), f"{name}: a variant is listed twice in variants()"
        for variant in variants:
            game = load(name, variant)
            assert game.max_length > 0, f"{name} {variant}: max_length bounds a game's actions"


@pytest.mark.parametrize(
    ("name", "variant", "seed"),
    [(name, variant, seed) for name, _, variant in CASES for seed in SEEDS],
    ids=[f"{case_id(name, variant)}-seed{seed}" for name, _, variant in CASES for seed in SEEDS],
)
def test_random_playout(name, variant, seed):
    """A random game, checked at every step (see ``conformance.Playout``)."""
    game = load(name, variant)
    Playout(game, seed, random_chooser(seed), check_seed=seed).run()


@pytest.mark.parametrize(
    ("name", "variant"), [(n, v) for n, _, v in CASES], ids=[case_id(n, v) for n, _, v in CASES]
)
def test_first_action_playout(name, variant):
    """Always the first legal action: a systematic, not random, path through the rules."""
    Playout(load(name, variant), 12345, lambda step, legal: 0).run()


@pytest.mark.parametrize(
    ("name", "variant"), [(n, v) for n, _, v in CASES], ids=[case_id(n, v) for n, _, v in CASES]
)
def test_same_seed_same_choices_same_game(name, variant):
    game = load(name, variant)

    def play(seed: int) -> str:
        rng = random.Random(seed)
        state = game.new_game(seed)
        while not state.is_terminal:
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
        return state.to_json()

    chance = "every shuffle and draw comes from the state's own generator, seeded by new_game"
    assert play(4) == play(4), f"the same seed and choices gave two games: {chance}"
    assert game.new_game(4) == load(name, variant).new_game(4), f"two deals of one seed: {chance}"
    assert game.new_game(4) != game.new_game(5), f"the seed does not change the deal: {chance}"


@pytest.mark.parametrize("name", GAMES)
def test_unknown_parameter_is_refused(name):
    with pytest.raises(InvalidParameter) as caught:
        load_game(name, no_such_parameter=1)
    assert caught.value.name == "no_such_parameter", "InvalidParameter names the parameter"


@pytest.mark.parametrize("name", GAMES)
def test_hypothesis_playouts(name):
    """Hypothesis drives seed, variant and the first moves; then a random game to the end."""
    variants = suite_games()[name].variants()

    @settings(
        max_examples=example_count(),
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow],
    )
    @given(
        seed=st.integers(0, 2**32 - 1),
        index=st.integers(0, len(variants) - 1),
        choices=st.lists(st.integers(0, 2**16), max_size=60),
    )
    def check(seed, index, choices):
        fallback = random.Random(seed)

        def choose(step: int, legal: list) -> int:
            if step < len(choices):
                return choices[step] % len(legal)
            return fallback.randrange(len(legal))

        Playout(load(name, variants[index]), seed, choose, check_seed=seed, hidden_every=5).run()

    check()


def test_a_legal_action_that_is_not_well_typed_fails_the_suite():
    """``play()``'s random playouts apply legal actions without admitting them (no type
    check): the suite is what checks they need none. A game whose legal actions carry
    numpy integers (``admit`` would have to convert them) must fail its check of a turn."""
    plain = load_game("kilimanjaro")

    def numpy_fields(action):
        values = {f.name: getattr(action, f.name) for f in fields(action)}
        return replace(action, **{k: numpy.int64(v) for k, v in values.items()})

    class NumpyState(plain.state_class):
        def legal_actions(self) -> list:
            return [numpy_fields(a) for a in super().legal_actions()]

    class NumpyGame(type(plain)):
        state_class = NumpyState

    game = NumpyGame.load()
    state = game.new_game(0)
    assert all(game.admit(a) == a and game.admit(a) is not a for a in state.legal_actions())
    with pytest.raises(AssertionError, match="not a well-typed action"):
        Playout(game, 0, lambda step, legal: 0).check_turn(state)
    assert Playout(plain, 0, lambda step, legal: 0).check_turn(plain.new_game(0))


def test_a_refusal_that_changes_the_state_fails_the_suite_naming_the_action():
    """The illegal actions of a step are tried one after another and the state looked at
    once after them all; a refusal that changed something is then found and named."""
    plain = load_game("kilimanjaro")

    class Careless(plain.state_class):
        def _apply(self, action):
            if action not in self.legal_actions():  # a change before the check that refuses
                self.turn += 1
            return super()._apply(action)

    class Game(type(plain)):
        pass

    Game.state_class = Careless
    state = Game.load().new_game(0)
    playout = Playout(state.game, 0, lambda step, legal: 0)
    stale = plain.new_game(1).legal_actions()  # another deal's moves: some are not legal here
    with pytest.raises(AssertionError, match=r"the refused .+ changed the state"):
        playout.check_illegal(state, state.legal_actions(), stale, fingerprint(state))
    state = plain.new_game(0)
    before = fingerprint(state)
    Playout(plain, 0, lambda step, legal: 0).check_illegal(state, state.legal_actions(), [], before)
    assert fingerprint(state) == before


def test_a_pick_that_disagrees_with_the_legal_actions_fails_the_suite():
    """``play()``'s random playouts take Kilimanjaro's action from ``State._pick``, not from
    the legal actions: the suite is what checks the two agree, index by index. A pick
    that draws the next action along (one index off) fails, as does one that changes
    the state; the game's own passes."""
    plain = load_game("kilimanjaro")

    class OffByOne(plain.state_class):
        def _pick(self, u: int):
            legal = self.legal_actions()
            return legal[(u * len(legal) >> 32) - 1]

    class Meddling(plain.state_class):
        def _pick(self, u: int):
            self.turn += 1
            return super()._pick(u)

    for state_class, message in [
        (OffByOne, "is not legal action"),
        (Meddling, "changed the state"),
    ]:

        class Game(type(plain)):
            pass

        Game.state_class = state_class
        state = Game.load().new_game(0)
        with pytest.raises(AssertionError, match=message):
            Playout(state.game, 0, lambda step, legal: 0).check_pick(
                state, state.legal_actions(), fingerprint(state)
            )
    state = plain.new_game(0)
    assert state._pick is not None
    Playout(plain, 0, lambda step, legal: 0).check_pick(
        state, state.legal_actions(), fingerprint(state)
    )
