"""Benchmark: random playouts per second through the contract, per game.

``python -m boardlab.bench [--seconds S] [--game NAME]``. A benchmark, not
a test: numbers depend on the machine. It times the same loop as
``boardlab.sim.play`` (agents on views, legality checked by ``apply``).
"""

from __future__ import annotations

import argparse
import time

import boardlab
from boardlab.sim import RandomAgent, play

#: The table sizes the issues measure against (players per game).
BENCH_PLAYERS = {"kilimanjaro": 3, "kombo_afrika": 2, "kalimambo": 5}


def bench(name: str, seconds: float = 3.0) -> dict:
    """Play random games of ``name`` for about ``seconds``; return the rates."""
    players = BENCH_PLAYERS.get(name)
    game = boardlab.load(name, players=players) if players else boardlab.load(name)
    agents = [RandomAgent() for _ in range(game.num_players)]
    games = steps = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        for _ in range(50):
            state = play(game, agents, seed=games)
            steps += len(state.history)
            games += 1
    elapsed = time.perf_counter() - start
    return {
        "game": name,
        "players": game.num_players,
        "games": games,
        "games_per_s": games / elapsed,
        "steps_per_s": steps / elapsed,
        "steps_per_game": steps / games,
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per game")
    parser.add_argument("--game", action="append", help="only this game (repeatable)")
    args = parser.parse_args(argv)
    print(f"{'game':<14}{'players':>8}{'games/s':>10}{'steps/s':>11}{'steps/game':>12}")
    for name in args.game or boardlab.games():
        r = bench(name, args.seconds)
        print(
            f"{r['game']:<14}{r['players']:>8}{r['games_per_s']:>10.0f}"
            f"{r['steps_per_s']:>11.0f}{r['steps_per_game']:>12.1f}"
        )


if __name__ == "__main__":
    main()
