"""The bare-bones yardsticks in ``benchmarks/`` must play the same game as the engine.

``benchmarks/versus_bare.py`` reports the contract's speed as a fraction of a
bare-bones simulator; the fraction means something only if both play the
same random game. Random games of either are compared in distribution:
their mean length must agree within four standard errors (fixed seeds, so
the test is deterministic). A yardstick that left out a rule that shapes a
game — claims, CROC's flips, placing one card a turn — plays longer or shorter games.
"""

from __future__ import annotations

import statistics
import sys
from pathlib import Path

import boardlab
from boardlab.sim import RandomAgent, play

sys.path.insert(0, str(Path(__file__).parent.parent / "benchmarks"))

import bare_kombo_afrika


def agree(a: list[float], b: list[float]) -> bool:
    """Means within four standard errors of their difference."""
    se = (statistics.variance(a) / len(a) + statistics.variance(b) / len(b)) ** 0.5
    return abs(statistics.mean(a) - statistics.mean(b)) <= 4 * se


def test_bare_kombo_afrika_plays_the_engines_game():
    game = boardlab.load("kombo_afrika")
    agents = [RandomAgent(), RandomAgent()]
    ours = [play(game, agents, seed) for seed in range(300)]
    bare = [bare_kombo_afrika.game(seed) for seed in range(300)]
    turns = [s.turn for s in ours], [b[1] for b in bare]
    decisions = [len(s.history) for s in ours], [b[2] for b in bare]
    top = [max(s.scores) for s in ours], [max(b[0]) for b in bare]
    assert agree(*turns), [statistics.mean(x) for x in turns]
    assert agree(*decisions), [statistics.mean(x) for x in decisions]
    assert agree(*top), [statistics.mean(x) for x in top]
    # and it is a game: turns run to the target, not to the cap
    assert statistics.mean(turns[1]) < 40 and min(max(b[0]) for b in bare) >= 77
