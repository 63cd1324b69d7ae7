"""``benchmarks/bare_tembo.py`` must play the engine's random game of Tembo.

The ratio ``versus_bare.py`` reports means something only if the bare-bones
playout plays the same game, decision for decision, as
``sim.play(load("tembo", players=2), [RandomAgent(), RandomAgent()], seed)``.
Random games of both are compared in distribution (fixed seeds, so the test is
deterministic): mean decisions per game and per kind of decision step (the turn's
menu, the build area, the card's turn, the other player, a placement's turn and
footprint, a single elephant), turns, the team's win rate, each way of losing,
and where the game ends — energy left, elephants the lions took, landmarks
visited, cards built, elephants rested and on the savanna, cells holding two
elephants, elephants rested by water — each within four standard errors. A
yardstick that left out a rule asks a different number of some decisions or
ends differently; checked by breaking one rule at a time in a copy: no Lion
cards, lions that never rest, no lion taking elephants beside the Matriarch,
a Matriarch that does not move, no double-Matriarch penalty, no trees, no
token C all fail. Water and rough terrain touch a random game too rarely (a
tenth of an elephant a game) for 300 engine games to tell them apart, so
``test_it_is_a_game`` checks only that the yardstick's water and rough terrain do
something.
"""

from __future__ import annotations

import statistics
import sys
from pathlib import Path

import pytest

import boardlab
from boardlab.sim import RandomAgent, play

sys.path.insert(0, str(Path(__file__).parent.parent / "benchmarks"))

import bare_tembo

ENGINE_GAMES = 300
BARE_GAMES = 1500
#: The engine's ``Outcome.reason`` → the bare playout's word for it.
REASONS = {
    "the herd reached the Destination": "destination",
    "a card had to be drawn from an empty deck": "deck",
    "the energy token reached zero": "energy",
    "both lions are in the Matriarch's area": "lions",
    "turn cap": "turn cap",
}


def agree(a: list[float], b: list[float]) -> bool:
    """Means within four standard errors of their difference (equal constants agree)."""
    se = (statistics.variance(a) / len(a) + statistics.variance(b) / len(b)) ** 0.5
    return abs(statistics.mean(a) - statistics.mean(b)) <= 4 * se


class CountingAgent(RandomAgent):
    """A ``RandomAgent`` (same choices) that counts each decision by its step."""

    def __init__(self, counts: list[int]) -> None:
        super().__init__()
        self.counts = counts

    def act(self, view):
        self.counts[bare_tembo.STEPS.index(view.observation()["step"])] += 1
        return super().act(view)


def engine_summary(seed: int, game) -> bare_tembo.Summary:
    counts = [0] * len(bare_tembo.STEPS)
    state = play(game, [CountingAgent(counts), CountingAgent(counts)], seed)
    assert sum(counts) == len(state.history)
    outcome = state.outcome
    reason = outcome.reason
    reason = "elephants" if reason.endswith("has no elephants left") else REASONS[reason]
    return bare_tembo.Summary(
        len(state.history),
        state.turn,
        "truncated" if outcome.status == "truncated" else outcome.team,
        reason,
        counts,
        state.energy,
        sum(state.box),
        sum(state.visited),
        sum(1 for c in state.covered if c >= 0),
        sum(state.rested) + sum(state.arriving),
        sum(state.on_savanna),
        sum(1 for k in state.count if k == 2),
        sum(e.args[1] for e in state.events if e.kind == "water"),
    )


@pytest.fixture(scope="module")
def both():
    game = boardlab.load("tembo", players=2)
    ours = [engine_summary(seed, game) for seed in range(ENGINE_GAMES)]
    return ours, [bare_tembo.game(seed) for seed in range(BARE_GAMES)]


def test_the_same_number_of_decisions_of_each_kind(both):
    ours, bare = both
    assert agree([g.decisions for g in ours], [g.decisions for g in bare])
    assert agree([g.turns for g in ours], [g.turns for g in bare])
    for k, step in enumerate(bare_tembo.STEPS):
        a, b = [g.steps[k] for g in ours], [g.steps[k] for g in bare]
        assert agree(a, b), (step, statistics.mean(a), statistics.mean(b))


@pytest.mark.parametrize("reason", ["destination", "deck", "energy", "lions", "elephants"])
def test_the_team_wins_and_loses_the_same_ways(both, reason):
    ours, bare = both
    a = [g.reason == reason for g in ours]
    b = [g.reason == reason for g in bare]
    assert agree(a, b), (reason, statistics.mean(a), statistics.mean(b))
    assert agree([g.team == "won" for g in ours], [g.team == "won" for g in bare])


@pytest.mark.parametrize(
    "field", ["energy", "boxed", "visited", "built", "rested", "on_savanna", "doubled", "watered"]
)
def test_the_games_end_in_the_same_place(both, field):
    ours, bare = both
    a, b = [getattr(g, field) for g in ours], [getattr(g, field) for g in bare]
    assert agree(a, b), (field, statistics.mean(a), statistics.mean(b))


def test_it_is_a_game(both):
    """The yardstick plays whole games: they end by the rules, not by the turn cap, and
    the lions and the Matriarch do take elephants and energy."""
    _, bare = both
    assert all(g.team in ("won", "lost") for g in bare)
    assert statistics.mean(g.boxed for g in bare) > 0
    assert statistics.mean(g.watered for g in bare) > 0  # water and rough terrain are rare
    assert statistics.mean(g.doubled for g in bare) > 0  # in random games, but there
    assert {"deck", "energy", "lions"} <= {g.reason for g in bare}
