"""The lab tells the truth (issue 29): how each game ended is in every frame and table,
Ludii's names mean Ludii's metrics (each checked against a hand computation), intervals
cover, and a saturated skill measure says so."""

from __future__ import annotations

import pandas as pd
import pytest
from toys import ExpeditionGame
from toys.coin import CoinGame

import boardlab
from boardlab.sim import RandomAgent, metrics, play, summarize, sweep


def games(*rows, players=2):
    """A frame of hand-made games: each row ``(winners, ended_by)`` or a dict of columns."""
    out = []
    for row in rows:
        if not isinstance(row, dict):
            winners, ended_by = row
            row = {"winners": tuple(winners), "ended_by": ended_by}
        row.setdefault("status", "finished" if row["ended_by"] == "rules" else "truncated")
        row.setdefault("reason", "rules" if row["ended_by"] == "rules" else "turn cap")
        row.setdefault("num_players", players)
        for seat in range(players):
            row.setdefault(f"score_{seat}", 0)
        out.append(row)
    return pd.DataFrame(out)


# -- 1. how each game ended ------------------------------------------------------------


def test_a_row_says_whether_the_rules_or_a_cap_ended_the_game():
    capped = play(boardlab.load("jambo", max_turns=4), [RandomAgent(), RandomAgent()], seed=3)
    row = summarize(capped, 3)
    assert (row["status"], row["ended_by"]) == ("truncated", "cap")
    assert row["reason"].startswith("stopped by the 4-turn safeguard")
    finished = summarize(play(CoinGame.load(), [RandomAgent(), RandomAgent()], seed=1), 1)
    assert (finished["ended_by"], finished["reason"]) == ("rules", "fate")


def test_completion_drawishness_and_timeouts_split_the_games_with_wilson_intervals():
    frame = games(
        *[((0,), "rules")] * 4, *[((1,), "rules")] * 2, ((0, 1), "rules"), *[((0,), "cap")] * 3
    )
    assert metrics.COMPLETION(frame) == (0.6, *metrics.wilson(6, 10))
    assert metrics.DRAWISHNESS(frame) == (0.1, *metrics.wilson(1, 10))
    assert metrics.TIMEOUTS(frame) == (0.3, *metrics.wilson(3, 10))
    assert metrics.by_name("truncated") is metrics.TIMEOUTS  # the old name still works
    everything = metrics.TIMEOUTS(games(*[((0,), "cap")] * 5))
    assert everything[0] == 1.0 and everything[1] < 1.0  # 100%: not a zero-width interval
    nothing = metrics.TIMEOUTS(games(*[((0,), "rules")] * 5))
    assert nothing[0] == 0.0 and nothing[2] > 0.0


def test_a_frame_saved_before_ended_by_reads_the_status():
    frame = games(((0,), "rules"), ((1,), "cap")).drop(columns="ended_by")
    assert metrics.TIMEOUTS.value(frame) == 0.5 and metrics.COMPLETION.value(frame) == 0.5


def test_a_cooperative_game_ended_by_the_rules_is_complete_won_or_lost():
    frame = games(
        {"winners": (0, 1), "ended_by": "rules", "team": "won"},
        {"winners": (), "ended_by": "rules", "team": "lost"},
        {"winners": (), "ended_by": "cap", "team": "lost"},
    )
    assert metrics.COMPLETION.value(frame) == pytest.approx(2 / 3)
    assert metrics.TIMEOUTS.value(frame) == pytest.approx(1 / 3)
    assert metrics.DRAWISHNESS.value(frame) == 0.0


def test_lab_table_shows_completion_and_timeouts_for_every_game():
    coin = sweep(CoinGame.load(), None, None, 20, 0, progress=False)
    table = metrics.lab_table(coin)
    assert table.loc[0, "completion"] == 1.0 and table.loc[0, "timeouts"] == 0.0
    assert 0 < table.loc[0, "timeouts_high"] < 0.2  # Wilson: 0 of 20 is not certainly 0
    team = metrics.lab_table(sweep(ExpeditionGame.load(), None, None, 10, 0, progress=False))
    assert {"team_win_rate", "completion", "timeouts"} <= set(team.columns)
    assert team.loc[0, "completion"] == 1.0


def test_endings_count_the_games_of_each_way_they_ended():
    frame = games(
        {"winners": (0,), "ended_by": "rules", "reason": "summit"},
        {"winners": (1,), "ended_by": "rules", "reason": "all cards played"},
        {"winners": (1,), "ended_by": "rules", "reason": "all cards played"},
        {"winners": (0,), "ended_by": "cap", "reason": "turn cap"},
    )
    view = metrics.endings(frame)
    assert list(view["reason"]) == ["all cards played", "summit", "turn cap"]
    assert list(view["ended_by"]) == ["rules", "rules", "cap"]
    assert list(view["games"]) == [2, 1, 1] and list(view["share"]) == [0.5, 0.25, 0.25]
    low, high = metrics.wilson(2, 4)
    assert (view.loc[0, "share_low"], view.loc[0, "share_high"]) == (low, high)
    frame["variant"] = ["a", "a", "b", "b"]
    split = metrics.endings(frame, by="variant")
    assert list(zip(split["variant"], split["games"], split["share"], strict=True)) == [
        ("a", 1, 0.5), ("a", 1, 0.5), ("b", 1, 0.5), ("b", 1, 0.5)
    ]  # fmt: skip
