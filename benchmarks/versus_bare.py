"""Contract vs bare-bones: ``python benchmarks/versus_bare.py [--game G] [--rounds N]``.

Times random playouts through boardlab's contract and through a bare-bones
simulator of the same rules (``bare_<game>.py``) in alternating rounds, and
prints the ratio: issue 15 asks the contract for at least half the speed of
the fastest bare-bones simulator we can write, for every game (the medians
of at least 10 rounds: single rounds on a shared machine swing by +-40%).
Absolute games/s drift by a factor of two within minutes; the ratio of
interleaved rounds drifts far less. For a noise-free figure count
instructions instead: ``PYTHONHASHSEED=0 valgrind --tool=callgrind`` on a
script that plays N and 4N games after a warm-up, per game the difference.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

import bare_jambo
import bare_kalimambo
import bare_kilimanjaro
import bare_kombo_afrika
import bare_tembo

import boardlab
from boardlab.sim import RandomAgent, play

#: game → (bare-bones playout, players, the issue's ratio)
BARE = {
    "kilimanjaro": (bare_kilimanjaro.game, 3, 0.5),
    "kalimambo": (bare_kalimambo.game, 5, 0.5),
    "kombo_afrika": (bare_kombo_afrika.game, 2, 0.5),
    "jambo": (bare_jambo.game, 2, 0.5),
    "tembo": (bare_tembo.game, 2, 0.5),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=sorted(BARE), default="kilimanjaro")
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--games", type=int, default=300, help="games per round and side")
    args = parser.parse_args()
    bare_game, players, target = BARE[args.game]
    game = boardlab.load(args.game, players=players)
    agents = [RandomAgent() for _ in range(players)]
    ratios = []
    for r in range(args.rounds):
        seeds = range(r * args.games, (r + 1) * args.games)
        start = time.perf_counter()
        for seed in seeds:
            bare_game(seed)
        bare = args.games / (time.perf_counter() - start)
        start = time.perf_counter()
        for seed in seeds:
            play(game, agents, seed)
        ours = args.games / (time.perf_counter() - start)
        ratios.append(ours / bare)
        print(f"bare {bare:7.0f} games/s   contract {ours:7.0f} games/s   ratio {ours / bare:.2f}")
    print(f"median ratio {statistics.median(ratios):.2f} (the issue asks for at least {target})")


if __name__ == "__main__":
    main()
