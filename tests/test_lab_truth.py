"""The lab tells the truth (issue 29): how each game ended is in every frame and table,
Ludii's names mean Ludii's metrics (each checked against a hand computation), intervals
cover, and a saturated skill measure says so."""

from __future__ import annotations

import itertools
import math
import random

import pandas as pd
import pytest
from toys import ExpeditionGame
from toys.coin import CoinGame

import boardlab
from boardlab.sim import RandomAgent, metrics, play, sole_leader_changes, summarize, sweep
from boardlab.sim.sweep import drama, evaluations, lead_change


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


# -- 2. a warning wherever results are shown -------------------------------------------


def capped(cut: int, of: int, **columns):
    return games(*[((0,), "cap")] * cut, *[((1,), "rules")] * (of - cut), **columns)


def test_more_than_five_percent_cut_short_warns_and_counts_them():
    assert metrics.cut_short_warning(capped(5, 100)) is None  # 5%: not more than 5%
    assert metrics.cut_short_warning(capped(0, 100)) is None
    message = metrics.cut_short_warning(capped(6, 100))
    assert message.startswith(
        "6 of 100 games (6%) were cut short by a safeguard cap (turn cap) instead of ending "
        "by the rules."
    )
    assert "lengths are the cap's and winners are whoever led when play stopped" in message
    assert message.count(". ") == 1  # two sentences
    assert "(5.5%)" in metrics.cut_short_warning(capped(11, 200))


def test_the_warning_looks_at_every_group_and_names_the_ones_cut_short():
    frame = pd.concat([capped(2, 100), capped(6, 100), capped(50, 100)], ignore_index=True)
    frame["variant"] = ["a"] * 100 + ["b"] * 100 + ["c"] * 100
    assert metrics.cut_short_warning(frame.iloc[:100]) is None
    message = metrics.cut_short_warning(frame)  # 58 of 300 over all, but it says by variant
    assert "6 of 100 (6%) at variant 'b', 50 of 100 (50%) at variant 'c'." in message
    assert "variant 'a'" not in message
    table = metrics.lab_table(frame, by="variant", names=["timeouts"])
    assert table.attrs["warning"] == message
    assert metrics.lab_table(frame.iloc[:100], names=["timeouts"]).attrs["warning"] is None


def test_a_cooperative_game_cut_short_says_the_result_is_the_caps():
    frame = games(
        *[{"winners": (), "ended_by": "cap", "team": "lost"}] * 2,
        *[{"winners": (0, 1), "ended_by": "rules", "team": "won"}] * 8,
    )
    assert "the team's result is the one the cap declares" in metrics.cut_short_warning(frame)


def test_jambo_with_random_players_at_a_small_cap_warns_everywhere(capsys):
    game = boardlab.load("jambo", max_turns=20)
    with pytest.warns(metrics.CutShortWarning, match=r"20 of 20 games \(100%\)") as caught:
        frame = sweep(game, None, None, 20, 0, progress=False)
    assert "the 20-turn safeguard" in str(caught[0].message)
    assert (frame["ended_by"] == "cap").all()
    table = metrics.lab_table(frame)
    assert table.attrs["warning"].startswith("20 of 20 games (100%) were cut short")
    shown = metrics.readable(table).T  # the warning goes with the table it describes
    assert repr(shown).startswith("Warning: 20 of 20 games") and "Warning:" in shown._repr_html_()
    assert repr(metrics.summary(frame)).startswith("Warning: 20 of 20 games")
    from boardlab.cli import main

    status = main(["simulate", "jambo", "--set", "max_turns=20", "--games", "20", "--quiet"])
    out, err = capsys.readouterr()
    assert status == 0 and "Warning" not in out
    lines = [line for line in err.splitlines() if "cut short" in line]
    assert len(lines) == 1 and lines[0].startswith("boardlab: warning: 20 of 20 games (100%)")


def test_run_and_compare_warn_by_variant():
    from boardlab.sim import compare, run

    with pytest.warns(metrics.CutShortWarning, match="at variant 'short'"):
        compare("jambo", {"short": {"max_turns": 10}, "long": {}}, games=6)
    game = boardlab.load("jambo", max_turns=10)
    with pytest.warns(metrics.CutShortWarning, match="6 of 6 games"):
        run(game, [RandomAgent(), RandomAgent()], games=6)


# -- 3. Ludii's names mean Ludii's metrics ----------------------------------------------


def track_of(*blocks):
    """A game's evaluations state by state: ``(scores, how many states)`` blocks."""
    return [scores for scores, count in blocks for _ in range(count)]


def test_seventeen_sole_leader_changes_are_ludiis_lead_change_of_one_third():
    # 61 states (before each of 60 moves, and the last); in the 60 states before a move
    # the set of leaders changes 20 times: the first state (Ludii starts from an empty set),
    # the tie opening into player 0's lead, 16 direct hand-overs, and one hand-over through
    # a tie (two changes); the sole leader changes hands 17 times (the tie is no change)
    p0, p1, tie = (1, 0), (0, 1), (0, 0)
    flips = [(p1 if k % 2 == 0 else p0, 3) for k in range(16)]  # p1, p0, ... 16 hand-overs
    track = track_of((tie, 1), (p0, 3), *flips, (tie, 3), (p1, 6))
    assert len(track) == 61 and flips[-1][0] == p0
    leaders_after_each_move = [
        tuple(p for p, s in enumerate(scores) if s == max(scores)) for scores in track[1:]
    ]
    assert sole_leader_changes(leaders_after_each_move) == 17
    assert lead_change(track) == 20 / 60  # 0.33


def test_lead_change_counts_the_first_state_and_ties_and_not_the_last_state():
    assert lead_change([(0, 0), (1, 0)]) == 1.0  # one move: the first state is a change
    assert lead_change([(0, 0), (0, 0), (0, 0), (5, 0)]) == 1 / 3  # the last state unread
    assert lead_change([(2, 0), (2, 2), (2, 3), (9, 3)]) == 3 / 3  # {0}, {0, 1}, {1}


def test_drama_is_how_far_the_winners_trail_in_the_states_before_each_move():
    track = [(5, 3, 1), (5, 3, 6), (2, 8, 6), (0, 0, 9)]  # the last state is not read
    assert drama(track, (2,)) == (4 + 0 + 2) / 3
    assert drama(track, (1, 2)) == ((2 + 4) / 2 + (3 + 0) / 2 + (0 + 2) / 2) / 3
    assert math.isnan(drama(track, ()))
    penalties = [(3, 5), (6, 5), (6, 9)]  # fewest is best: the evaluation is minus
    assert drama(evaluations(penalties, "low"), (0,)) == (0 + 1) / 2


def test_a_sweep_measures_turns_lead_change_and_drama_as_computed_by_hand():
    # seat 0 never takes the gem, seat 1 always; no lottery: seat 1 wins every game.
    # Scores before each of the 6 moves: (0,0) (0,0) (0,1) (0,1) (0,2) (0,2): the leaders
    # {0,1} {0,1} {1} {1} {1} {1} change twice (the first state counts): 2/6
    frame = sweep(CoinGame.load(), None, ["first", "heuristic"], 4, 0, progress=False)
    assert frame.attrs["sweep"]["rotate_seats"] is True  # an uneven line-up turns
    plain = frame[frame["lineup"] == "first,heuristic"]
    assert list(plain["turns"]) == [6, 6] and list(plain["lead_change"]) == [2 / 6, 2 / 6]
    assert list(plain["drama"]) == [0.0, 0.0] and list(plain["sole_leader_changes"]) == [0, 0]
    assert metrics.DURATION_TURNS(frame)[0] == 6.0


def test_turns_count_the_changes_of_the_player_to_move():
    game = boardlab.load("jambo")
    state = play(game, [RandomAgent(), RandomAgent()], seed=5, track=True)
    replay, movers = game.new_game(5), []
    for action in state.history:
        movers.append(replay.current_player)
        replay.apply(action)
    runs = 1 + sum(1 for a, b in itertools.pairwise(movers) if a != b)
    assert state.turns == runs < len(state.history)  # a Jambo turn is several decisions
    assert len(state.score_track) == len(state.history) + 1


def test_advantage_p1_balance_and_the_first_player_edge_on_ten_hand_counted_games():
    frame = games(
        *[((0,), "rules")] * 3,  # seat 0 alone: 3 wins
        ((0, 1), "rules"),  # a shared first place: half a win for AdvantageP1
        *[((0,), "cap")] * 2,  # seat 0 led when the cap struck: no win (a timeout)
        *[((1,), "rules")] * 4,
    )
    assert metrics.ADVANTAGE_P1(frame) == (0.35, *metrics.wilson(3.5, 10))
    assert metrics.FIRST_PLAYER_EDGE(frame) == pytest.approx((3 + 0.5 + 2) / 10 - 1 / 2)
    assert metrics.BALANCE(frame) == pytest.approx(1 - (0.4 - 0.3))  # sole wins by the rules
    three = games(
        *[((0,), "rules")] * 4, *[((1,), "rules")] * 2, ((2,), "rules"), ((0, 2), "rules"),
        *[((0,), "cap")] * 2, players=3,
    )  # fmt: skip
    assert metrics.BALANCE(three) == pytest.approx(1 - (0.4 - 0.1))


def test_old_names_give_the_renamed_metrics_and_old_frames_are_not_misread():
    assert metrics.by_name("first_player_advantage") is metrics.FIRST_PLAYER_EDGE
    assert metrics.by_name("lead_changes") is metrics.SOLE_LEADER_CHANGES
    assert metrics.by_name("decisiveness") is metrics.DECIDED_AT
    frame = games(((0,), "rules"), ((1,), "rules"))
    frame["lead_changes"], frame["drama"] = [3, 5], [0.25, 0.75]  # saved before the renames
    table = metrics.lab_table(frame, names=["lead_changes", "first_player_advantage"])
    assert table.loc[0, "sole_leader_changes"] == 4.0 and "first_player_edge" in table
    assert metrics.TIME_BEHIND(frame)[0] == 0.5
    with pytest.raises(ValueError, match="time_behind"):
        metrics.DRAMA(frame)


# -- 4. intervals that cover -----------------------------------------------------------


def drawn_at_random(seats: int, n: int, rng: random.Random, odds=None) -> pd.DataFrame:
    """``n`` games whose winner is drawn at random: uniformly (a perfectly fair game, true
    balance 1) or with the seats' ``odds``."""
    winners = rng.choices(range(seats), odds or [1] * seats, k=n)
    return games(*[((w,), "rules") for w in winners], players=seats)


@pytest.mark.parametrize(
    ("seats", "odds", "truth"),
    [(2, None, 1.0), (3, None, 1.0), (3, [5, 3, 2], 1 - (0.5 - 0.2))],
)
def test_the_balance_interval_holds_the_true_balance_at_least_93_times_in_100(seats, odds, truth):
    # the old interval, a bootstrap of the observed balance (biased low for a fair game),
    # held the truth in 77 of the first 100 of these 2-seat draws and 0 of 100 3-seat ones;
    # this one in 197, 198 and 200 of 200
    rng = random.Random(29 + seats)
    repeats, held, widths = 200, 0, []
    for _ in range(repeats):
        _, low, high = metrics.BALANCE.estimate(drawn_at_random(seats, 200, rng, odds))
        held += low <= truth <= high
        widths.append(high - low)
    assert held >= 0.93 * repeats
    assert max(widths) < 0.45  # and says something: not [0, 1]


def test_no_interval_of_a_share_is_zero_wide_at_0_or_100_percent():
    always = games(*[((0,), "rules")] * 50)  # seat 0 wins every game
    for metric, truth in [
        (metrics.BALANCE, 0.0), (metrics.ADVANTAGE_P1, 1.0), (metrics.FIRST_PLAYER_EDGE, 0.5),
        (metrics.COMPLETION, 1.0), (metrics.TIMEOUTS, 0.0),
    ]:  # fmt: skip
        value, low, high = metric.estimate(always)
        assert value == pytest.approx(truth) and high - low > 0.01, metric.name
    rates = metrics.WIN_RATES(always)
    assert rates.loc[1, "win_rate"] == 0.0 and rates.loc[1, "ci_high"] > 0.05
    team = games(*[{"winners": (), "ended_by": "rules", "team": "lost"}] * 50)
    assert metrics.TEAM_WIN_RATE(team)[0] == 0.0 and metrics.TEAM_WIN_RATE(team)[2] > 0.05


# -- 5. skill vs luck says "saturated" -------------------------------------------------


def ladder_rung(wins: int, of: int) -> pd.DataFrame:
    """``of`` two-player games, seats rotated, the heuristic bot winning ``wins``."""
    rows = []
    for k in range(of):
        seat = k % 2
        winner = seat if k < wins else 1 - seat
        line = "heuristic,random" if seat == 0 else "random,heuristic"
        rows.append({"winners": (winner,), "ended_by": "rules", "lineup": line})
    return games(*rows)


def test_a_bot_winning_97_percent_or_more_is_saturated_not_zero_wide():
    top = metrics.skill_vs_luck_estimate(ladder_rung(100, 100))
    assert (top.strong, top.games, top.win_rate, top.value) == ("heuristic", 100, 1.0, 0.5)
    assert top.saturated and top.low < 0.5 == top.high  # Wilson: not 0.500 [0.500, 0.500]
    assert (top.win_low, top.win_high) == metrics.wilson(100, 100)
    assert metrics.skill_vs_luck_estimate(ladder_rung(97, 100)).saturated
    below = metrics.skill_vs_luck_estimate(ladder_rung(96, 100))
    assert not below.saturated and below.value == pytest.approx(0.46)
    below_interval = (below.low, below.high)
    assert tuple(metrics.SKILL_VS_LUCK(ladder_rung(96, 100))) == (below.value, *below_interval)
    assert str(top).startswith("saturated: heuristic wins 1.000 [0.963, 1.000] of 100 games")


def test_lab_table_and_readable_say_saturated_instead_of_a_number():
    frame = pd.concat([ladder_rung(100, 100), ladder_rung(60, 100)], ignore_index=True)
    frame["variant"] = ["easy"] * 100 + ["hard"] * 100
    table = metrics.lab_table(frame, by="variant", names=["skill_vs_luck"])
    assert list(table["skill_vs_luck_saturated"]) == [True, False]
    assert list(table["skill_vs_luck_wins"]) == [1.0, 0.6]
    shown = metrics.readable(table)
    low = metrics.wilson(100, 100)[0]
    assert shown.loc["easy", "skill_vs_luck"] == f"saturated: wins 1.000 [{low:.3f}, 1.000]"
    assert shown.loc["hard", "skill_vs_luck"].startswith("0.100 [")
    assert "skill_vs_luck_saturated" not in shown


def test_the_coin_toys_gem_collector_saturates_when_luck_is_out_of_the_game():
    frame = sweep(CoinGame.load(luck=0), None, ["heuristic", "random"], 60, 0, progress=False)
    skill = metrics.skill_vs_luck_estimate(frame)
    assert skill.saturated and skill.win_rate >= 0.97  # it wins all but 1/128 of games
    lucky = sweep(CoinGame.load(luck=100), None, ["heuristic", "random"], 60, 0, progress=False)
    assert not metrics.skill_vs_luck_estimate(lucky).saturated


def test_a_group_of_a_sweep_over_the_player_count_has_only_its_own_seats():
    # the 2-player games of a sweep over players=[2, 4] carry empty score_2 and score_3
    two = games(*[((0,), "rules"), ((1,), "rules")] * 5)
    four = games(*[((s,), "rules") for s in range(4)] * 5, players=4)
    frame = pd.concat([two, four], ignore_index=True)
    table = metrics.lab_table(frame, by="num_players", names=["balance", "first_player_edge"])
    assert list(table["balance"]) == [1.0, 1.0]  # seats 2 and 3 of a 2-player game: none
    assert list(metrics.WIN_RATES(frame[frame["num_players"] == 2]).index) == [0, 1]
