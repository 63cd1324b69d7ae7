"""The skill ladder (``boardlab.sim.ladder``): rungs against the rung below, seats rotated.

On the toy Coin (``tests/toys/coin.py``) the answers are known: with ``luck=0`` the most
gems win, so the gem collector (this module's ``HEURISTIC``) beats random pickers in
all but one game in 9^6 (531,441) — saturated — and a search bot that also takes every gem
only ties it (each tie goes to a fair lottery): one that misses a gem loses.
"""

from __future__ import annotations

import pytest
from toys.coin import CoinGame, GemCollector

from boardlab.sim import metrics
from boardlab.sim.ladder import CLASS_BUDGET, RUNGS, ladder

#: ``"heuristic"`` in a game of this module (``lineup.heuristic_agent`` reads it here).
HEURISTIC = GemCollector


class LadderCoin(CoinGame):
    name = "toy_coin_ladder"


def coin():
    return LadderCoin.load(luck=0, rounds=6, options=9)


def test_a_rung_that_wins_every_game_says_saturated_not_a_zero_width_interval():
    climbed = ladder(coin(), ["random", "heuristic", "mcts:60"], games=40)
    first, second = climbed.rungs
    assert (first.agent, first.below, first.games) == ("heuristic", "random", 40)
    assert first.skill.win_rate == 1.0 and first.skill.saturated
    assert first.verdict == "saturated"
    assert first.skill.win_low < 1.0  # Wilson: never [1, 1]
    # a search of 60 samples misses gems the collector never misses: a tie at best
    assert not second.skill.saturated
    assert second.verdict == "clearly worse"
    assert second.skill.win_high < 0.5
    table = climbed.table()
    assert list(table.index) == ["heuristic", "mcts:60"]
    assert table.loc["heuristic", "skill vs luck"].startswith("saturated: heuristic wins 1.000")
    assert table.loc["heuristic", "fair share"] == 0.5
    assert "Skill ladder of toy_coin_ladder (2 players, seats rotated)" in str(climbed)


def test_every_rung_is_played_from_every_seat_equally_often():
    climbed = ladder(coin(), ["random", "heuristic"], games=40)
    lineups = list(climbed.frames["heuristic"]["lineup"])
    assert lineups.count("heuristic,random") == lineups.count("random,heuristic") == 20
    three = ladder(LadderCoin.load(luck=0, players=3), ["random", "heuristic"], games=9)
    seats = [line.split(",").index("heuristic") for line in three.frames["heuristic"]["lineup"]]
    assert sorted(seats) == [0, 0, 0, 1, 1, 1, 2, 2, 2]
    assert three.rungs[0].fair == pytest.approx(1 / 3)


def test_the_same_seed_gives_the_same_ladder():
    a = ladder(coin(), ["random", "heuristic", "mcts:6"], games=8, seed=3)
    b = ladder(coin(), ["random", "heuristic", "mcts:6"], games=8, seed=3)
    assert a == b
    assert a.table().equals(b.table())


def test_a_real_game_climbs_from_random_play():
    climbed = ladder("kilimanjaro", ["random", "heuristic"], games=12, players=2)
    (rung,) = climbed.rungs
    assert (climbed.game, climbed.players, rung.games) == ("kilimanjaro", 2, 12)
    assert rung.verdict == "saturated"  # the heuristic won all 12: the next rung must tell


def test_a_clear_edge_short_of_saturation_is_clearly_better():
    """With ``luck=40`` the lottery decides 40% of the games: the collector wins about 4/5."""
    (rung,) = ladder(LadderCoin.load(luck=40), ["random", "heuristic"], games=60).rungs
    assert rung.skill.win_low > 0.5 and rung.skill.win_rate < 0.97
    assert rung.verdict == "clearly better"
    assert rung.skill.value == pytest.approx(rung.skill.win_rate - 0.5)


@pytest.mark.parametrize(
    "kwargs, words",
    [
        ({"games": 7}, "games=7: a positive multiple of 2"),
        ({"games": 0}, "games=0: a positive multiple of 2"),
        ({"rungs": ["random"]}, "two or more agent specs"),
        ({"rungs": ["random", "random"]}, "each rung a different agent spec"),
    ],
)
def test_bad_arguments_fail_naming_them_before_any_game(kwargs, words):
    with pytest.raises(ValueError, match=words):
        ladder(coin(), **{"rungs": ["random", "heuristic"], "games": 4, **kwargs})


def test_a_cooperative_game_has_no_ladder():
    with pytest.raises(metrics.MetricNotApplicable, match="cooperative"):
        ladder("tembo", games=4)


def test_the_default_ladder_climbs_to_the_class_budget():
    assert RUNGS[-1] == f"mcts:{CLASS_BUDGET}"
    assert RUNGS[:2] == ("random", "heuristic")
