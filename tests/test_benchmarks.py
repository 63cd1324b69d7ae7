"""The bare-bones yardsticks in ``benchmarks/`` must play the same game as the engine.

``benchmarks/versus_bare.py`` reports the contract's speed as a fraction of a
bare-bones simulator; the fraction means something only if both play the
same random game. Random games of either are compared in distribution:
their mean length must agree within four standard errors (fixed seeds, so
the test is deterministic). A yardstick that left out a rule that shapes a
game — claims, CROC's flips, placing one card a turn, Mambo's charge, a lion — plays
longer or shorter games, or scores differently.
"""

from __future__ import annotations

import statistics
import sys
from pathlib import Path

import boardlab
from boardlab.sim import RandomAgent, play

sys.path.insert(0, str(Path(__file__).parent.parent / "benchmarks"))

import bare_kalimambo
import bare_kilimanjaro
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


def test_bare_kalimambo_plays_the_engines_game():
    game = boardlab.load("kalimambo", players=5)
    agents = [RandomAgent() for _ in range(5)]
    ours = [play(game, agents, seed).penalties for seed in range(400)]
    bare = [bare_kalimambo.game(seed) for seed in range(400)]
    total = [sum(s) for s in ours], [sum(b) for b in bare]
    worst = [max(s) for s in ours], [max(b) for b in bare]
    first = [s[0] for s in ours], [b[0] for b in bare]
    assert agree(*total), [statistics.mean(x) for x in total]
    assert agree(*worst), [statistics.mean(x) for x in worst]
    assert agree(*first), [statistics.mean(x) for x in first]
    # and it is a game: dung and Mambo cost points, more to the unluckiest
    assert 60 < statistics.mean(total[1]) < 110 and statistics.mean(worst[1]) > 20


def test_bare_kilimanjaro_plays_the_engines_game():
    game = boardlab.load("kilimanjaro")
    agents = [RandomAgent() for _ in range(3)]
    ours = [play(game, agents, seed) for seed in range(400)]
    bare = [bare_kilimanjaro.game(seed) for seed in range(400)]
    decisions = [len(s.history) for s in ours], [b[2] for b in bare]
    turns = [s.turn for s in ours], [b[3] for b in bare]
    seat0 = [0 in s.outcome.winners for s in ours], [b[0] == 0 for b in bare]
    far = [sum(s.positions) for s in ours], [sum(b[1]) for b in bare]
    assert agree(*decisions), [statistics.mean(x) for x in decisions]
    assert agree(*turns), [statistics.mean(x) for x in turns]
    assert agree(*seat0), [statistics.mean(x) for x in seat0]
    assert agree(*far), [statistics.mean(x) for x in far]
    # and it is a game: almost every one ends at the base camp, after the 16 placements
    assert sum(b[0] >= 0 for b in bare) > 0.9 * len(bare) and min(d for d in decisions[1]) > 16
