"""Matches of bots against random play, for ``tests/test_bots.py`` and ``tests/test_mcts.py``.

- ``smallest_variant``: the variant a bot test plays — the fewest players, then the
  shortest random game (fast, and a seat's share of wins is largest to beat).
- ``BOT_TEST_SETTING``/``bot_test_variant``: a game whose smallest variant nobody wins
  declares here, with the reason, the setting its bot tests play instead.
- ``heuristic``: a game's heuristic bot from its ``bots.py``.
- ``win_share``: a bot against random players, seat-swapped over seeded games.
- ``wilson``: the Wilson 95% interval of a proportion.
"""

from __future__ import annotations

import functools
import math
import statistics
from collections.abc import Callable

import boardlab
from boardlab.core import Game, game_class
from boardlab.sim import RandomAgent, play
from boardlab.sim.lineup import heuristic_agent

Z95 = 1.959963984540054


@functools.cache
def smallest_variant(name: str) -> dict:
    """The variant with the fewest players, then the shortest mean random game
    (ten seeded random games each); ties keep the earlier-listed variant."""

    def size(params: dict) -> tuple[int, float]:
        game = boardlab.load(name, **params)
        agents = [RandomAgent() for _ in range(game.num_players)]
        lengths = [len(play(game, agents, seed).history) for seed in range(10)]
        return game.num_players, statistics.mean(lengths)

    variants = game_class(name).variants()
    return min(variants, key=size)


#: Per-game settings for the bots tests where the smallest variant cannot tell a bot from
#: random play. Tembo is a hard cooperative game: at its default dials a team of two
#: Planners wins about one game in five (12 of 60 with 25 elephants each,
#: figures/tembo_difficulty.csv), too few for a 60-game test to tell a bot from chance;
#: with the easy dials (energy 15, 8 support tokens, 4 lion cards) the same team wins 34
#: of 60 (the same file).
BOT_TEST_SETTING: dict[str, dict] = {
    "tembo": {
        "players": 2,
        "elephants": 25,
        "starting_energy": 15,
        "support_tokens": 8,
        "lion_cards": 4,
    },
}


def bot_test_variant(name: str) -> dict:
    """The parameters a bot test plays ``name`` with: its ``BOT_TEST_SETTING``, else its
    ``smallest_variant``."""
    return BOT_TEST_SETTING.get(name) or smallest_variant(name)


def heuristic(game: Game) -> tuple[Callable[[], object], str]:
    """A maker of ``game``'s heuristic bot and its name, found as ``sim.sweep``'s
    ``"heuristic"`` spec finds it (``boardlab.sim.lineup.heuristic_agent``: the
    ``HEURISTIC`` its bots.py declares).
    A game without one raises that function's error, which says what to add."""
    name = type(heuristic_agent(game)).__name__
    return (lambda: heuristic_agent(game)), name


def wilson(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of ``successes / trials`` (95% by default)."""
    p = successes / trials
    centre = p + z * z / (2 * trials)
    spread = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials))
    scale = 1 + z * z / trials
    return (centre - spread) / scale, (centre + spread) / scale


def win_share(game: Game, bot: Callable[[], object], games: int, seed: int = 0) -> float:
    """The bot's share of the wins in ``games`` games against random players: game
    ``i`` is played from seed ``seed + i // n`` with the bot in seat ``i % n``, so every
    deal is played from every seat; a shared win counts ``1 / len(winners)``."""
    n = game.num_players
    share = 0.0
    for i in range(games):
        seat = i % n
        agents = [RandomAgent() for _ in range(n)]
        agents[seat] = bot()
        winners = play(game, agents, seed + i // n).outcome.winners
        if seat in winners:
            share += 1 / len(winners)
    return share


def team_wins(game: Game, bot: Callable[[], object], games: int, seed: int = 0) -> int:
    """How many of ``games`` seeded games a team of ``bot()`` in every seat wins."""
    won = 0
    for i in range(games):
        state = play(game, [bot() for _ in range(game.num_players)], seed + i)
        won += state.outcome.team == "won"
    return won
