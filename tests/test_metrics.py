"""Design metrics: each estimator checked on a toy whose answer is known (tests/toys/coin.py),
the game-by-game measures on hand-built leader sequences, and cooperative games refused."""

from __future__ import annotations

import math

import pandas as pd
import pytest
from toys import ExpeditionGame
from toys.coin import CoinGame

from boardlab.sim import metrics, sweep
from boardlab.sim.metrics import MetricNotApplicable
from boardlab.sim.sweep import decided_at, time_behind


def coin(games=400, seed=0, agents=None, rotate=False, **params):
    game = CoinGame.load(**params)
    return sweep(game, None, agents, games, seed, progress=False, rotate_seats=rotate)


def covers(interval, truth):
    low, high = interval
    return low <= truth <= high


def test_every_metric_has_a_name_and_a_one_sentence_definition():
    for short, metric in metrics.BY_NAME.items():
        assert metric.name and metric.definition.endswith(".")
        assert metric.definition.count(". ") == 0, short  # one sentence
        if metric.source:  # a Ludii name cites the file it follows
            ludii = metric.source.removeprefix("Ludii ")
            assert "Evaluation/src/metrics/" in metric.definition, short
            assert f"/{ludii}.java" in metric.definition, short
    ludii = {m.source for m in metrics.BY_NAME.values()}
    assert {
        "Ludii AdvantageP1", "Ludii Balance", "Ludii Completion", "Ludii Drawishness",
        "Ludii Timeouts", "Ludii DurationMoves", "Ludii DurationTurns", "Ludii LeadChange",
        "Ludii Drama", "Ludii BranchingFactor",
    } == ludii - {""}  # fmt: skip
    for ours in ("first_player_edge", "sole_leader_changes", "time_behind", "decided_at"):
        assert metrics.BY_NAME[ours].source == "", ours  # not Ludii's: no Ludii name


def test_seat_zero_winning_seven_games_in_ten_is_measured_as_such():
    frame = coin(first_share=70)
    rates = metrics.WIN_RATES(frame)
    assert covers(rates.loc[0, ["ci_low", "ci_high"]], 0.7)
    assert covers(rates.loc[1, ["ci_low", "ci_high"]], 0.3)
    _, low, high = metrics.FIRST_PLAYER_EDGE.estimate(frame)
    assert covers((low, high), 0.2) and not covers((low, high), 0.0)
    assert covers(metrics.BALANCE.estimate(frame)[1:], 1 - (0.7 - 0.3))


def test_wilson_intervals_cover_the_true_rate_about_95_times_in_100():
    hits = 0
    for k in range(40):
        frame = coin(games=100, seed=1000 * k, first_share=70)
        rates = metrics.WIN_RATES(frame)
        hits += covers(rates.loc[0, ["ci_low", "ci_high"]], 0.7)
    assert hits >= 36  # 90%: a 95% interval misses 4 of 40 rarely (p < 0.15)


def test_length_and_branching_factor_are_exact_on_the_toy():
    frame = coin(games=50, rounds=4, options=7, players=3)
    assert metrics.GAME_LENGTH(frame) == (12.0, 12.0, 12.0)
    assert metrics.BRANCHING_FACTOR(frame) == (7.0, 7.0, 7.0)


@pytest.mark.parametrize("luck", [0, 50, 100])
def test_skill_vs_luck_recovers_the_collectors_known_edge(luck):
    frame = coin(games=600, agents=["heuristic", "random"], rotate=True, luck=luck)
    wins = luck / 200 + (1 - luck / 100) * (1 - 1 / 128)  # tests/toys/coin.py
    _, low, high = metrics.SKILL_VS_LUCK(frame)
    assert low <= wins - 0.5 <= high
    assert set(frame["lineup"]) == {"heuristic,random", "random,heuristic"}


def test_skill_vs_luck_needs_to_know_who_played():
    frame = coin(games=10).drop(columns="lineup")
    with pytest.raises(ValueError, match="rotate_seats"):
        metrics.SKILL_VS_LUCK(frame)
    with pytest.raises(ValueError, match="strong="):
        metrics.SKILL_VS_LUCK(coin(games=10, agents=["heuristic", "first"]))


def test_time_behind_counts_the_steps_the_eventual_winner_was_behind():
    leaders = [(0,), (0, 1), (1,), (0,), (1,), (1,)]
    assert time_behind(leaders, (1,)) == 2 / 6
    assert decided_at(leaders, (1,)) == 4 / 6  # led for good from the fifth step
    assert decided_at([(1,), (1,)], (1,)) == 0.0
    assert math.isnan(time_behind(leaders, ())) and math.isnan(decided_at([], (1,)))
    assert decided_at([(0, 1), (0, 1)], (0, 1)) == 0.0  # a shared win: both lead together


def test_a_winner_who_takes_the_lead_at_once_has_no_drama():
    # seat 0 never takes the gem, seat 1 always: the lead is tied after seat 0's pick,
    # then seat 1's for good; with no lottery (luck=0) seat 1 wins every game
    frame = coin(games=20, agents=["first", "heuristic"], luck=0)
    assert (frame["winner"] == 1).all()
    assert metrics.DRAMA(frame)[0] == 0.0 and metrics.TIME_BEHIND(frame)[0] == 0.0
    assert metrics.DECIDED_AT(frame)[0] == pytest.approx(1 / 6)


def test_cooperative_games_get_team_metrics_and_a_clear_refusal_for_seat_metrics():
    frame = sweep(ExpeditionGame.load(), None, games_per_point=30, progress=False)
    for metric in (metrics.ADVANTAGE_P1, metrics.WIN_RATES, metrics.DRAMA, metrics.LEAD_CHANGE):
        with pytest.raises(MetricNotApplicable, match=r"cooperative.*team win rate"):
            metric(frame)
    with pytest.raises(MetricNotApplicable, match="cooperative"):
        metrics.SKILL_VS_LUCK(frame)
    rate, low, high = metrics.TEAM_WIN_RATE(frame)
    assert rate == (frame["team"] == "won").mean() and low <= rate <= high
    reasons = metrics.LOSS_REASONS(frame)
    assert (
        set(reasons.index) <= {"the last storm"}
        and reasons.sum() == (frame["team"] == "lost").sum()
    )
    table = metrics.lab_table(frame)
    assert "team_win_rate" in table and "advantage_p1" not in table
    with pytest.raises(MetricNotApplicable, match="cooperative games only"):
        metrics.TEAM_WIN_RATE(coin(games=5))


def test_lab_table_has_a_row_per_group_with_intervals():
    frame = sweep(CoinGame.load(), {"first_share": [30, 70]}, games_per_point=100, progress=False)
    table = metrics.lab_table(frame, by="first_share")
    assert list(table.index) == [30, 70] and (table["games"] == 100).all()
    assert (table["first_player_edge_low"] <= table["first_player_edge"]).all()
    assert table.loc[30, "first_player_edge"] < 0 < table.loc[70, "first_player_edge"]
    assert table.loc[30, "advantage_p1"] < 0.5 < table.loc[70, "advantage_p1"]


def test_unknown_metric_names_the_known_ones():
    with pytest.raises(ValueError, match="advantage_p1, first_player_edge"):
        metrics.by_name("fun")
    with pytest.raises(ValueError, match="empty"):
        metrics.GAME_LENGTH(pd.DataFrame({"actions": []}))
