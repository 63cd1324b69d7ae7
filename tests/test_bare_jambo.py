"""``benchmarks/bare_jambo.py`` must play the engine's random game of Jambo.

The ratio ``versus_bare.py`` reports means something only if the bare-bones
playout plays the same game, decision for decision, as
``sim.play(load("jambo"), [RandomAgent(), RandomAgent()], seed)``. Random games
of both are compared in distribution (fixed seeds, so the test is deterministic):
mean decisions per game, and per *kind* of decision step — the phase menus,
keep-or-discard, the Rain Maker and Guard steps, and each effect's card, ware,
utility, option and bid steps (wares that don't all fit among them) — seat wins,
truncation at the turn cap (a safeguard that never cuts a last turn) and final
gold, each within four standard errors. A yardstick that left out one
card's effect, a reaction step or an auction asks a different number of some
kind of decision (checked by breaking one effect at a time: Portuguese's sales,
the Rain Maker step, the Lion's draft).
"""

from __future__ import annotations

import statistics
import sys
from pathlib import Path

import pytest

import boardlab
from boardlab.sim import RandomAgent, play

sys.path.insert(0, str(Path(__file__).parent.parent / "benchmarks"))

import bare_jambo

ENGINE_GAMES = 300
BARE_GAMES = 1500


def agree(a: list[float], b: list[float]) -> bool:
    """Means within four standard errors of their difference."""
    se = (statistics.variance(a) / len(a) + statistics.variance(b) / len(b)) ** 0.5
    return abs(statistics.mean(a) - statistics.mean(b)) <= 4 * se


class CountingAgent(RandomAgent):
    """A ``RandomAgent`` (same choices) that counts each decision by its kind: the phase
    menu, or the effect of the decision frame it answers."""

    def __init__(self, counts: list[int]) -> None:
        super().__init__()
        self.counts = counts

    def act(self, view):
        seen = view.observation()
        if seen["pending"]:
            step = seen["pending"][-1]["effect"]
        else:
            step = "drawn" if seen["phase"] == "drawn" else "menu"
        self.counts[bare_jambo.STEPS.index(step)] += 1
        return super().act(view)


@pytest.fixture(scope="module")
def both():
    game = boardlab.load("jambo")
    ours = []
    for seed in range(ENGINE_GAMES):
        counts = [0] * len(bare_jambo.STEPS)
        state = play(game, [CountingAgent(counts), CountingAgent(counts)], seed)
        assert sum(counts) == len(state.history)
        ours.append(
            bare_jambo.Summary(
                list(state.gold),
                state.turn,
                len(state.history),
                tuple(state.outcome.winners),
                state.outcome.status == "truncated",
                counts,
            )
        )
    return ours, [bare_jambo.game(seed) for seed in range(BARE_GAMES)]


def test_the_games_have_the_same_length(both):
    for name in ("decisions", "turns"):
        a, b = ([getattr(s, name) for s in side] for side in both)
        assert agree(a, b), (name, statistics.mean(a), statistics.mean(b))
    assert all(s.decisions == sum(s.asked) for s in both[1])


@pytest.mark.parametrize("step", bare_jambo.STEPS)
def test_each_kind_of_decision_is_asked_as_often(both, step):
    k = bare_jambo.STEPS.index(step)
    a, b = ([s.asked[k] for s in side] for side in both)
    assert statistics.mean(b) > 0, f"the bare playout never asks a {step} decision"
    assert agree(a, b), (step, statistics.mean(a), statistics.mean(b))


def test_the_same_seats_win_as_often_with_the_same_gold(both):
    for seat in (0, 1):
        a, b = ([s.winners == (seat,) for s in side] for side in both)
        assert agree(a, b), (seat, statistics.mean(a), statistics.mean(b))
        a, b = ([s.gold[seat] for s in side] for side in both)
        assert agree(a, b), (seat, statistics.mean(a), statistics.mean(b))
    a, b = ([s.truncated for s in side] for side in both)
    assert agree(a, b), ("truncated", statistics.mean(a), statistics.mean(b))
    # the 300-turn cap is a safeguard: it cuts a few random games short (about 1 in 40),
    # never the last turn, and the rules end the rest
    assert 0 < statistics.mean(b) < 0.05


def test_a_game_depends_on_its_seed_alone():
    assert bare_jambo.game(5) == bare_jambo.game(5)
    assert bare_jambo.game(5) != bare_jambo.game(6)
