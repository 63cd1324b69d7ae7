"""sweep: a tidy frame over a parameter grid, the same numbers whatever the workers or
the backend (local processes, Dask), parameters checked before any game, results saved
with how they were made."""

from __future__ import annotations

import importlib
import json
import os
import sys

import pandas as pd
import pytest
from toys import ExpeditionGame
from toys.coin import CoinGame

import boardlab
from boardlab import InvalidParameter
from boardlab.sim import (
    AGENT_SPECS,
    load_results,
    register_agent,
    resolve_agents,
    save_results,
    sweep,
)
from boardlab.sim.sweep import SimulationError

SWEEP = sys.modules["boardlab.sim.sweep"]


def small(n_jobs=1, backend="local", **kwargs):
    grid = {"players": [2, 3], "exact_finish": [False, True]}
    return sweep(
        "kilimanjaro",
        grid,
        ["heuristic", "random"],
        6,
        3,
        n_jobs,
        backend,
        progress=False,
        **kwargs,
    )


@pytest.fixture(scope="module")
def serial():
    return small()


def test_a_grid_is_every_combination_with_the_parameters_beside_the_results(serial):
    assert len(serial) == 4 * 6
    assert list(serial.columns[:3]) == ["players", "exact_finish", "point"]
    points = serial.groupby("point")[["players", "exact_finish"]].first()
    assert points.values.tolist() == [[2, False], [2, True], [3, False], [3, True]]
    paired = [SWEEP.game_seed(3, 0, i, paired=True) for i in range(6)]  # every point deals them
    assert list(serial[serial["point"] == 3]["seed"]) == paired
    assert set(serial["lineup"]) == {"heuristic,random", "heuristic,random,random"}
    assert {"branching", "drama", "decided_at", "num_players", "lead_changes"} <= set(serial)
    assert serial.attrs["sweep"]["seed"] == 3
    assert serial.attrs["sweep"]["version"] == boardlab.__version__


def test_two_processes_give_the_same_frame_as_one(serial):
    pd.testing.assert_frame_equal(serial, small(n_jobs=2))


def _dask_available() -> bool:
    try:
        importlib.import_module("distributed")
    except ImportError:
        if os.environ.get("CI") == "true":
            pytest.fail("dask.distributed is missing under CI: install boardlab[dask]")
        return False
    return True


def test_dask_gives_the_same_frame_as_local_processes(serial):
    if not _dask_available():
        pytest.skip("dask.distributed is not installed (pip install 'boardlab[dask]')")
    from distributed import Client, LocalCluster

    with LocalCluster(n_workers=1, threads_per_worker=2, processes=False,
                      dashboard_address=":0") as cluster, Client(cluster) as client:  # fmt: skip
        on_dask = small(backend="dask")
        by_address = small(backend="dask", scheduler=cluster.scheduler_address)
        assert client.status == "running"
    pd.testing.assert_frame_equal(serial, on_dask)
    pd.testing.assert_frame_equal(serial, by_address)


def test_dask_without_a_client_says_how_to_start_one():
    if not _dask_available():
        pytest.skip("dask.distributed is not installed")
    with pytest.raises(RuntimeError, match="LocalCluster"):
        small(backend="dask")


def test_unpaired_seeds_come_from_seed_point_and_index():
    frame = sweep(CoinGame.load(), {"luck": [0, 100]}, games_per_point=5, seed=1,
                  paired=False, progress=False)  # fmt: skip
    again = sweep(CoinGame.load(), {"luck": [0, 100]}, games_per_point=5, seed=1,
                  paired=False, progress=False)  # fmt: skip
    pd.testing.assert_frame_equal(frame, again)
    first, second = (list(frame[frame["point"] == k]["seed"]) for k in (0, 1))
    assert len(set(first) | set(second)) == 10


def test_a_list_of_points_and_a_game_object():
    game = CoinGame.load(rounds=2)
    frame = sweep(game, [{"options": 2}, {"options": 5, "players": 3}], games_per_point=4,
                  progress=False)  # fmt: skip
    assert list(frame.groupby("point")["branching"].first()) == [2.0, 5.0]
    assert list(frame.groupby("point")["players"].first()) == [2, 3]
    assert (frame["actions"] == frame["num_players"] * 2).all()  # rounds=2 kept from game


def test_bad_parameters_fail_before_any_game_is_played(monkeypatch):
    played = []
    monkeypatch.setattr(SWEEP, "measure", lambda *a: played.append(a))
    with pytest.raises(InvalidParameter, match="players=9 is not allowed: an integer from 2"):
        sweep("kilimanjaro", {"exact_finish": [True], "players": [3, 9]}, progress=False)
    with pytest.raises(InvalidParameter, match=r"no_such_rule.*one of the parameters players"):
        sweep("kilimanjaro", {"no_such_rule": [1]}, progress=False)
    with pytest.raises(InvalidParameter, match=r"game.*kilimanjaro"):
        sweep("no_such_game", None, progress=False)
    with pytest.raises(ValueError, match=r"param_grid\['players'\] must be a list"):
        sweep("kilimanjaro", {"players": 3}, progress=False)
    with pytest.raises(ValueError, match="no agent 'genius': one of random"):
        sweep("kilimanjaro", None, ["genius"], progress=False)
    with pytest.raises(ValueError, match="backend"):
        sweep("kilimanjaro", None, backend="spark", progress=False)
    assert played == []


def test_the_heuristic_spec_finds_every_games_own_bot():
    for name in boardlab.game_names():
        game = boardlab.load(name)
        agents, names = resolve_agents(game, "heuristic,random")
        assert names == ["heuristic"] + ["random"] * (game.num_players - 1)
        assert callable(agents[0].act) and type(agents[0]).__module__.endswith(".bots")
        assert agents[1] is not agents[2] if game.num_players > 2 else True


def test_agent_specs_are_extensible():
    from boardlab.sim import FirstActionAgent

    register_agent("stubborn", lambda game, arg: FirstActionAgent())
    try:
        frame = sweep(CoinGame.load(), None, ["stubborn"], 3, progress=False)
        assert set(frame["lineup"]) == {"stubborn,stubborn"} and (frame["branching"] == 4).all()
    finally:
        del AGENT_SPECS["stubborn"]
    with pytest.raises(ValueError, match="a word"):
        register_agent("two words", lambda game, arg: None)


def test_rotating_seats_puts_the_bot_in_every_seat():
    frame = sweep(CoinGame.load(players=3), None, ["heuristic", "random"], 6,
                  rotate_seats=True, progress=False)  # fmt: skip
    assert list(frame["lineup"][:3]) == [
        "heuristic,random,random", "random,heuristic,random", "random,random,heuristic"
    ]  # fmt: skip


def test_a_failing_game_names_its_seed():
    class Cheat:
        def reset(self, seed):
            pass

        def act(self, view):
            return "take every gem"

    first = SWEEP.game_seed(4, 0, 0, paired=True)
    with pytest.raises(SimulationError, match=f"game seed {first}:"):
        sweep(CoinGame.load(), None, [Cheat()], 1, seed=4, progress=False)


def test_a_progress_bar_unless_told_not_to(capsys):
    sweep(CoinGame.load(), None, games_per_point=3)
    assert "3/3" in capsys.readouterr().err
    sweep(CoinGame.load(), None, games_per_point=3, progress=False)
    assert capsys.readouterr().err == ""


def test_results_round_trip_with_how_they_were_made(tmp_path, serial):
    path = save_results(serial, tmp_path / "lab.csv", note="test")
    meta = json.loads((tmp_path / "lab.csv.json").read_text())
    assert (
        meta["seed"] == 3 and meta["agents"] == ["heuristic", "random"] and meta["note"] == "test"
    )
    assert meta["points"][1] == {"players": 2, "exact_finish": True}
    back = load_results(path)
    assert back.attrs["sweep"]["version"] == boardlab.__version__
    assert list(back["winners"]) == list(serial["winners"])
    pd.testing.assert_frame_equal(
        back[["seed", "actions", "lineup"]], serial[["seed", "actions", "lineup"]]
    )
    with pytest.raises(ValueError, match=r"\.csv or \.parquet"):
        save_results(serial, tmp_path / "lab.xlsx")
    (tmp_path / "bad.csv").write_text("seed\n1\n")
    (tmp_path / "bad.csv.json").write_text("{\n oops")
    with pytest.raises(ValueError, match="line 2"):
        load_results(tmp_path / "bad.csv")


def test_results_round_trip_through_parquet(tmp_path, serial):
    try:
        importlib.import_module("pyarrow")
    except ImportError:
        if os.environ.get("CI") == "true":
            pytest.fail("pyarrow is missing under CI: install boardlab[parquet]")
        pytest.skip("pyarrow is not installed (pip install 'boardlab[parquet]')")
    back = load_results(save_results(serial, tmp_path / "lab.parquet", note="test"))
    assert back.attrs["sweep"]["seed"] == 3 and back.attrs["sweep"]["note"] == "test"
    assert back.attrs["sweep"]["points"] == serial.attrs["sweep"]["points"]
    assert list(back["winners"]) == list(serial["winners"])
    assert list(back.columns) == list(serial.columns)
    pd.testing.assert_frame_equal(back.drop(columns="winners"), serial.drop(columns="winners"))


def test_cooperative_games_sweep_too():
    frame = sweep(ExpeditionGame.load(), {"storms": [1, 6]}, games_per_point=10, progress=False)
    assert set(frame["team"]) <= {"won", "lost"} and frame["drama"].isna().all()


def test_the_mcts_spec_takes_its_iterations():
    from boardlab.sim import ISMCTSAgent

    agents, names = resolve_agents(CoinGame.load(), "mcts:7,random")
    assert isinstance(agents[0], ISMCTSAgent) and agents[0].iterations == 7
    assert names == ["mcts:7", "random"]
    frame = sweep(CoinGame.load(rounds=1), None, "mcts:3,random", 2, progress=False)
    assert list(frame["lineup"]) == ["mcts:3,random"] * 2
    with pytest.raises(ValueError, match="whole number"):
        resolve_agents(CoinGame.load(), "mcts:many")


def test_the_mcts_spec_searches_as_the_game_declares():
    """Tembo's bots.py says how its search must play (``SEARCH``: graded losses, judged at
    the leaves); a game that declares nothing gets the plain defaults."""
    from boardlab.games.tembo.bots import SEARCH

    (tembo, *_), _ = resolve_agents(boardlab.load("tembo"), "mcts:50")
    assert (tembo.iterations, tembo.playout_cap) == (50, SEARCH["playout_cap"])
    assert tembo.progress_weight == SEARCH["progress_weight"] > 0
    (plain, *_), _ = resolve_agents(boardlab.load("kalimambo"), "mcts")
    assert (plain.progress_weight, plain.playout_cap, plain.iterations) == (0.0, None, 200)


def test_the_bench_reports_the_speed_up_of_a_sweep_on_two_processes():
    """``python -m boardlab.bench --sweep``: a report, not a timed test — its numbers only
    have to exist and be rates (the issue's 1.6x is read off a quiet machine)."""
    from boardlab.bench import sweep_scaling

    report = sweep_scaling("kalimambo", games=8, rounds=1, jobs=2)
    assert report["games"] == 8 and report["jobs"] == 2 and report["players"] == 5
    assert report["games_per_s_1"] > 0 and report["games_per_s_jobs"] > 0
    assert report["speedup"] > 0 and isinstance(report["overhead_s"], float)
