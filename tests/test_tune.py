"""tune: the value of one parameter that brings a metric to a target, with an interval
that covers the known optimum of a toy (tests/toys/coin.py) in at least 9 repeats of 10."""

from __future__ import annotations

import pandas as pd
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


def test_an_interval_past_the_allowed_range_is_cut_there_and_says_so():
    """Kombo Afrika's target (allowed 10 to 300) for first-player advantage 0 with random
    players, who have no such advantage: few games make the resampled lines nearly flat and
    their roots wild (the issue's -445 to 791); the interval is cut at 10 and says so."""
    result = tune("kombo_afrika", "target", "first_player_advantage", 0.0,
                  values=[10, 50, 100], games_per_point=16, seed=0)  # fmt: skip
    assert result.allowed == (10, 300) and result.tried == (10, 100)
    assert result.root == pytest.approx(47.08, abs=0.01)
    raw_low, raw_high = result.raw_interval
    assert raw_low == pytest.approx(-28.0) and raw_high == pytest.approx(138.95, abs=0.01)
    assert result.interval == (10, raw_high)
    assert result.extrapolated and not result.within_range
    text = result.describe()
    assert "95% bootstrap interval 10.00 to 138.95" in text
    assert "cut at the allowed range 10 to 300" in text and "reached -28.00 to 138.95" in text
    assert "beyond the values tried (10 to 100)" in text and "more games per point" in text


def test_an_interval_past_the_values_tried_is_called_extrapolated():
    result = tune(CoinGame.load(), "first_share", "first_player_advantage", 0.0,
                  values=[40, 50, 60], games_per_point=100, seed=0)  # fmt: skip
    assert result.interval == result.raw_interval  # inside 0 to 100: nothing cut
    assert result.interval[1] > 60 and result.extrapolated and result.within_range
    assert "reaches beyond the values tried (40 to 60)" in result.describe()
    assert "cut" not in result.describe()


def test_a_root_inside_the_values_tried_is_not_flagged():
    result = tune(CoinGame.load(), "first_share", "first_player_advantage", 0.0,
                  values=[20, 40, 60, 80], games_per_point=200, seed=3)  # fmt: skip
    low, high = result.interval
    assert 20 <= low <= result.root <= high <= 80
    assert not result.extrapolated and result.within_range
    assert result.describe().endswith(f"interval {low:.2f} to {high:.2f}).")


def test_a_root_outside_the_allowed_range_is_flagged_not_moved():
    """A line fitted to noisy, non-monotone points can reach the target past the last value
    tried and past the allowed range: the value is kept and called what it is."""
    from boardlab.sim.tune import TuneResult, _bound

    points = [(80, 0.05), (90, -0.01), (100, 0.04)]
    table = pd.DataFrame([{"value": v, "metric": m, "low": m - 0.1, "high": m + 0.1,
                           "games": 50} for v, m in points])  # fmt: skip
    result = TuneResult("toy_coin", "first_share", "first player advantage", 0.0, table, 90,
                        root=104.0, interval=(95.0, 130.0))  # fmt: skip
    _bound(result, [80.0, 90.0, 100.0], (0.0, 100.0))
    assert result.root == 104.0 and result.interval == (95.0, 130.0)
    assert result.extrapolated and not result.within_range
    text = result.describe()
    assert "first_share=104.00" in text and "outside the allowed range 0 to 100" in text
    assert "no allowed value of first_share is shown to reach 0" in text
