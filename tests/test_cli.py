"""The command line, in-process (``boardlab.cli.main``) and as a subprocess
(``python -m boardlab``): a metric table, a results file, one-line errors with exit 2."""

from __future__ import annotations

import subprocess
import sys

import pytest

import boardlab
from boardlab.cli import main
from boardlab.sim import load_results


def run_main(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_simulate_prints_a_metric_table_per_swept_value_and_saves_the_games(capsys, tmp_path):
    out_file = tmp_path / "lab.csv"
    code, out, err = run_main(
        capsys, "simulate", "kilimanjaro", "--games", "6", "--agents", "heuristic,random",
        "--set", "exact_finish=true", "--sweep", "players=2,3", "--out", str(out_file),
        "--quiet",
    )  # fmt: skip
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[1].split() == ["players", "2", "3"]
    assert any(line.startswith("advantage_p1") for line in lines)
    assert any(line.startswith("branching") for line in lines)
    frame = load_results(out_file)
    assert len(frame) == 12 and set(frame["players"]) == {2, 3}
    assert frame.attrs["sweep"]["agents"] == ["heuristic", "random"]
    assert frame.attrs["sweep"]["fixed"] == {"exact_finish": True}
    assert f"wrote {out_file}" in out


def test_an_uneven_lineup_is_rotated_unless_told_not_to(capsys, tmp_path):
    argv = ["simulate", "kilimanjaro", "--games", "3", "--agents", "heuristic,random",
            "--quiet", "--out"]  # fmt: skip
    code, out, err = run_main(capsys, *argv, str(tmp_path / "auto.csv"))
    assert code == 0 and "seats rotated" in out.splitlines()[0] and "seat edge" not in err
    assert list(load_results(tmp_path / "auto.csv")["lineup"]) == [
        "heuristic,random,random", "random,heuristic,random", "random,random,heuristic"
    ]  # fmt: skip
    code, out, err = run_main(capsys, *argv, str(tmp_path / "fixed.csv"), "--no-rotate")
    assert code == 0 and "seats rotated" not in out
    assert "Seats were not rotated" in err and "seat edge" in err
    assert set(load_results(tmp_path / "fixed.csv")["lineup"]) == {"heuristic,random,random"}
    code, out, err = run_main(capsys, "simulate", "kilimanjaro", "--games", "2", "--quiet")
    assert code == 0 and "seats rotated" not in out and err == ""  # random players: even


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["nowhere"], "unknown game 'nowhere': one of " + ", ".join(boardlab.game_names())),
        (
            ["kilimanjaro", "--set", "speed=3"],
            "kilimanjaro has no parameter 'speed': one of players",
        ),
        (
            ["kilimanjaro", "--sweep", "players=2,9"],
            "players=9 is not allowed: an integer from 2 to",
        ),
        (["kilimanjaro", "--set", "players=two"], "players='two' is not allowed: an integer"),
        (["kilimanjaro", "--set", "change_position=x"], "one of 'swap', 'send_back'"),
        (["kilimanjaro", "--set", "exact_finish=maybe"], "True or False"),
        (["kilimanjaro", "--set", "players"], "write --set name=value"),
        (["kilimanjaro", "--agents", "genius"], "no agent 'genius': one of random"),
    ],
)
def test_mistakes_get_one_line_and_exit_status_2(capsys, argv, message):
    code, out, err = run_main(capsys, "simulate", *argv, "--games", "1", "--quiet")
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("boardlab: ") and message in err


def test_bench_and_figures_delegate(monkeypatch):
    calls = []
    monkeypatch.setattr("boardlab.bench.main", lambda argv: calls.append(("bench", argv)))
    monkeypatch.setattr("boardlab.figures.main", lambda argv: calls.append(("figures", argv)))
    assert main(["bench", "--seconds", "1"]) == 0
    assert main(["figures", "--only", "kilimanjaro"]) == 0
    assert calls == [("bench", ["--seconds", "1"]), ("figures", ["--only", "kilimanjaro"])]


def test_python_dash_m_boardlab_runs_as_a_subprocess():
    done = subprocess.run(
        [sys.executable, "-m", "boardlab", "simulate", "kombo_afrika", "--games", "2", "--quiet"],
        capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "length" in done.stdout and "advantage_p1" in done.stdout
    bad = subprocess.run(
        [sys.executable, "-m", "boardlab", "simulate", "nowhere"],
        capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    assert bad.returncode == 2 and bad.stderr.startswith("boardlab: unknown game")
