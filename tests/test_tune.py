"""tune: the value of one parameter that brings a metric to a target, with an interval
that covers the known optimum of a toy (tests/toys/coin.py) in at least 9 repeats of 10."""

from __future__ import annotations

import pytest
from toys.coin import CoinGame

from boardlab.sim import tune
from boardlab.sim.tune import default_values


def test_the_interval_covers_the_known_optimum_in_nine_repeats_of_ten():
    # with luck=100 seat 0 wins first_share% of games: no advantage at first_share=50
    covered = 0
    for repeat in range(20):
        result = tune(CoinGame.load(), "first_share", "first_player_advantage", 0.0,
                      values=range(30, 71, 10), games_per_point=100, seed=1000 * repeat,
                      bootstrap=200)  # fmt: skip
        low, high = result.interval
        assert low <= result.root <= high
        covered += low <= 50 <= high
    assert covered >= 18


def test_the_result_says_what_it_found():
    result = tune(CoinGame.load(), "first_share", "first_player_advantage", 0.0,
                  values=[20, 40, 60, 80], games_per_point=200, seed=3)  # fmt: skip
    assert list(result.table.columns) == ["value", "metric", "low", "high", "games"]
    assert result.best in (40, 60) and 40 < result.root < 60
    text = result.describe()
    assert f"first_share={result.root:.2f}" in text and "95% bootstrap interval" in text
    assert len(result.frame) == 4 * 200


def test_a_target_out_of_reach_gives_the_nearest_value_and_no_root():
    result = tune(CoinGame.load(), "first_share", "first_player_advantage", 0.9,
                  values=[20, 50], games_per_point=50)  # fmt: skip
    assert result.best == 50 and result.root is None and result.interval is None
    assert "does not cross 0.9" in result.describe()


def test_default_values_span_the_parameters_range():
    assert default_values(CoinGame.load(), "luck") == [0, 12, 25, 38, 50, 62, 75, 88, 100]
    assert (
        default_values(CoinGame.load(), "rounds") == list(range(1, 10))
        or len(default_values(CoinGame.load(), "rounds")) <= 9
    )
    assert default_values("kilimanjaro", "exact_finish") == [False, True]
    with pytest.raises(ValueError, match="no parameter 'speed'"):
        default_values("kilimanjaro", "speed")
    with pytest.raises(ValueError, match="no metric"):
        tune(CoinGame.load(), "luck", "fun", 0.0)


def test_tune_on_a_choice_parameter_reports_the_nearest_choice():
    result = tune("kilimanjaro", "exact_finish", "length", 0.0, games_per_point=5)
    assert result.best in (False, True) and result.root is None
