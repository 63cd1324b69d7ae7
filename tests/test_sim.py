"""Simulation: agents, play/run/compare, and the design metrics' arithmetic."""

from __future__ import annotations

import math

import pandas as pd
import pytest

import boardlab
from boardlab import IllegalAction
from boardlab.sim import FirstActionAgent, RandomAgent, compare, lead_changes, metrics, play, run
from boardlab.sim.metrics import wilson
from boardlab.sim.sweep import game_seed


@pytest.fixture(scope="module")
def game():
    return boardlab.load("kilimanjaro")


def test_play_is_determined_by_the_seed(game):
    agents = [RandomAgent() for _ in range(3)]
    first = play(game, agents, seed=11)
    again = play(game, agents, seed=11)
    other = play(game, agents, seed=12)
    assert first.is_terminal and first == again
    assert first.record() == again.record() != other.record()


def test_play_replays_from_its_record(game):
    final = play(game, [RandomAgent() for _ in range(3)], seed=4)
    assert boardlab.replay(final.record())[-1] == final


def test_play_needs_one_agent_per_seat(game):
    with pytest.raises(ValueError, match="3 players"):
        play(game, [RandomAgent()], seed=0)


def test_an_agent_that_cheats_the_rules_is_named(game):
    class Stubborn:
        def act(self, view):
            return "fly to the base camp"

    with pytest.raises(IllegalAction, match="Stubborn"):
        play(game, [Stubborn(), RandomAgent(), RandomAgent()], seed=0)


def test_run_gives_one_row_per_game_and_is_the_same_in_parallel(game):
    agents = [RandomAgent(), RandomAgent(), FirstActionAgent()]
    serial = run(game, agents, games=24, seed=5)
    parallel = run(game, agents, games=24, seed=5, n_jobs=2)
    assert list(serial["seed"]) == [game_seed(5, 0, i, paired=True) for i in range(24)]
    assert (serial["status"] == "finished").all()
    assert {"winner", "score_0", "score_2", "sole_leader_changes", "margin", "actions"} <= set(
        serial
    )
    pd.testing.assert_frame_equal(serial, parallel)


def test_compare_runs_the_same_seeds_under_each_variant():
    frame = compare("kilimanjaro", {"printed": {}, "two": {"players": 2}}, games=10, seed=3)
    assert list(frame["variant"].unique()) == ["printed", "two"]
    seeds = [game_seed(3, 0, i, paired=True) for i in range(10)]
    assert list(frame[frame["variant"] == "printed"]["seed"]) == seeds
    assert list(frame[frame["variant"] == "two"]["seed"]) == seeds
    assert frame[frame["variant"] == "two"]["score_2"].isna().all()


def test_lead_changes_count_only_changes_of_a_sole_leader():
    assert lead_changes([(0,), (0, 1), (1,), (1,), (0, 1, 2), (0,), (2,)]) == 3
    assert lead_changes([(0, 1), (0, 1)]) == 0


def test_wilson_interval_matches_the_textbook_values():
    low, high = wilson(8, 10)
    assert math.isclose(low, 0.4902, abs_tol=1e-4) and math.isclose(high, 0.9433, abs_tol=1e-4)
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0
    assert wilson(0, 0) == (0.0, 1.0)


def test_win_rates_split_shared_wins():
    frame = pd.DataFrame(
        {"winners": [(0,), (0, 1), (1,), (2,)], "score_0": 0, "score_1": 0, "score_2": 0}
    )
    rates = metrics.WIN_RATES(frame)["win_rate"]
    assert list(rates) == [0.375, 0.375, 0.25]
    assert math.isclose(metrics.FIRST_PLAYER_ADVANTAGE(frame), 0.375 - 1 / 3)


def test_summary_has_a_row_per_variant():
    frame = compare("kilimanjaro", {"a": {}, "b": {"change_position": "send_back"}}, games=8)
    table = metrics.summary(frame, by="variant")
    assert list(table.index) == ["a", "b"] and (table["games"] == 8).all()
    assert table.loc["a", "truncated"] == 0.0


def test_paired_difference_compares_game_by_game():
    frame = pd.DataFrame(
        {
            "variant": ["a"] * 3 + ["b"] * 3,
            "seed": [0, 1, 2] * 2,
            "lead_changes": [5, 7, 9, 4, 6, 8],
        }
    )
    mean, low, high = metrics.paired_difference(frame, "lead_changes", "a", "b")
    assert (mean, low, high) == (1.0, 1.0, 1.0)  # every pair differs by exactly 1
    with pytest.raises(ValueError, match="no seeds in common"):
        metrics.paired_difference(frame, "lead_changes", "a", "c")


def test_a_tracked_game_counts_the_legal_actions_of_every_decision():
    """``play(track=True)``: ``options[i]`` is how many actions were legal before action
    ``i``, for an agent that decides through its view (the heuristic) and for one that
    is handed the actions (random) alike; tracking changes no choice."""
    from boardlab.sim.lineup import heuristic_agent

    game = boardlab.load("kilimanjaro", players=3)

    def agents():
        return [heuristic_agent(game), RandomAgent(), RandomAgent()]

    tracked = play(game, agents(), seed=5, track=True)
    assert tracked.history == play(game, agents(), seed=5).history
    replay = game.new_game(5)
    expected = []
    for action in tracked.history:
        expected.append(len(replay.legal_actions()))
        replay.apply(action)
    assert tracked.options == expected and len(set(expected)) > 1
