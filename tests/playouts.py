"""States along seeded random playouts, for the tests that check a speed table or an
incremental bookkeeping against the plain computation at every step
(``tests/games/test_<game>_speed.py``)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from boardlab.core import Game, State
from boardlab.sim import RandomAgent


def positions(game: Game, seeds: Iterable[int] = range(6)) -> Iterator[State]:
    """Every state along a random playout from each seed (a clone at each step, so a
    test may keep or change it), then the finished state."""
    for seed in seeds:
        state = game.new_game(seed)
        agents = [RandomAgent(seed * 10 + p) for p in range(game.num_players)]
        while state.outcome is None:
            yield state.clone()
            state.apply(agents[state.current_player].choose(state.legal_actions()))
        yield state
