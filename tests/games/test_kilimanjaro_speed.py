"""Kilimanjaro's speed bookkeeping, tested equal to the plain rules it stands for (no timing
here: speed is measured by ``benchmarks/``). The nested movement table against the flat
one, and the open spaces of Preparation (``free`` and the placement menus
``place_lists``, struck out slice by slice as counters land) against the spaces worked
out from the counters on the board, at every step of random playouts of every variant."""

from __future__ import annotations

from itertools import product

import pytest

import boardlab
from boardlab.games.kilimanjaro.components import CARD_FACES, MOVEMENT, MOVEMENT_BY_CARDS
from boardlab.games.kilimanjaro.rules import KilimanjaroGame
from boardlab.sim import RandomAgent


def test_the_nested_movement_table_is_the_flat_one():
    for a, b, c in product(range(CARD_FACES), repeat=3):
        assert MOVEMENT_BY_CARDS[a][b][c] == MOVEMENT[(a * CARD_FACES + b) * CARD_FACES + c]


def plain_free(state) -> list[int]:
    """Preparation, read off the board: a space is open to a counter if it is on the track,
    no village, and neither it nor a neighbour holds a counter."""
    game = state.game
    at = state.counter_at
    return [
        s
        for s in range(1, game.length)
        if s not in game.villages and at[s - 1] < 0 and at[s] < 0 and at[s + 1] < 0
    ]


@pytest.mark.parametrize("variant", KilimanjaroGame.variants(), ids=str)
def test_the_open_spaces_are_those_of_the_board_at_every_placement(variant):
    game = boardlab.load("kilimanjaro", **variant)
    for seed in range(12):
        state = game.new_game(seed)
        agent = RandomAgent(seed)
        while state.phase_name == "place":
            assert state.free == plain_free(state)
            for kind, menu in enumerate(state.place_lists):
                assert menu == [game.place_table[kind][s] for s in state.free]
            state.apply(agent.choose(state.legal_actions()))
        if game.counters:  # the last placement struck its spaces out as well
            assert state.free == plain_free(state)
