"""``boardlab bench --ui`` without a browser: its options and its table (the browser run
itself is ``tests/browser/test_bench_ui_smoke.py``)."""

from __future__ import annotations

import pytest

from boardlab import bench, bench_ui


@pytest.fixture
def asked(monkeypatch) -> list:
    """What ``bench --ui`` would hand the browser run (no browser started)."""
    calls = []
    monkeypatch.setattr(bench_ui, "main", lambda *args: calls.append(args))
    return calls


def test_games_by_name_comma_separated_and_repeats(asked):
    bench.main(["--ui", "--games", "template,jambo", "--repeats", "2"])
    assert asked == [(["template", "jambo"], 2, None, bench.BENCH_PLAYERS, 0.5)]


def test_every_game_and_twenty_clicks_by_default(asked):
    bench.main(["--ui", "--against", "/tmp/base", "--pause", "0"])
    names, repeats, against, _, pause = asked[0]
    assert names == ["jambo", "kalimambo", "kilimanjaro", "kombo_afrika", "tembo"]
    assert (repeats, against, pause) == (20, "/tmp/base", 0.0)


def test_game_option_adds_and_a_name_counts_once(asked):
    bench.main(["--ui", "--games", "tembo", "--game", "tembo", "--game", "jambo"])
    assert asked[0][0] == ["tembo", "jambo"]


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["--ui", "--games", "chess"], "--games: no game 'chess'"),
        (["--ui", "--repeats", "0"], "--repeats: at least 1 click"),
        (["--ui", "--pause", "-1"], "--pause: seconds, 0 or more"),
        (["--sweep", "--games", "many"], "--games: a number of games"),
        (["--mcts", "--games", "0"], "--games: a number of games"),
    ],
)
def test_bad_options_are_one_line_and_exit_2(argv, says, asked, capsys):
    with pytest.raises(SystemExit) as stop:
        bench.main(argv)
    assert stop.value.code == 2
    assert says in capsys.readouterr().err
    assert asked == []


def side(median, low, high, kernel, png, count):
    return {
        "browser": (median, low, high),
        "kernel": (kernel, kernel, kernel),
        "png": (png, png, png),
        "cpu": (png / 2, png / 2, png / 2),
        "count": count,
    }


def test_table_has_a_line_per_side_with_the_ratio_to_this_checkout():
    rows = [
        {
            "game": "tembo",
            "kind": "step",
            "sides": [side(120.4, 80, 300, 90, 70, 20), side(240.8, 200, 400, 180, 160, 20)],
        },
        {"game": "tembo", "kind": "reply", "sides": [side(200, 150, 260, 170, 60, 7), None]},
    ]
    rows[1]["sides"][1] = {"browser": None, "kernel": None, "png": None, "count": 0}
    lines = [
        " ".join(line.split())
        for line in bench_ui.format_table(rows, ["this", "base"]).splitlines()
    ]
    assert lines == [
        "game kind side median min max kernel png cpu n /this",
        "tembo step this 120 80 300 90 70 35 20 1.00",
        "base 241 200 400 180 160 80 20 2.00",
        "tembo reply this 200 150 260 170 60 30 7 1.00",
        "base - (no click measured)",
    ]


def test_summary_is_median_min_max():
    assert bench_ui.summary([0.3, 0.1, 0.2, 0.9]) == (0.25, 0.1, 0.9)
    assert bench_ui.summary([]) is None


def test_the_bench_notebook_is_python_for_the_game_and_checkout():
    cell = bench_ui.notebook_for("kalimambo", 5, "/tmp/base").cells[0].source
    compile(cell, "bench cell", "exec")
    assert "boardlab.load('kalimambo', players=5)" in cell
    assert "_root = '/tmp/base'" in cell
    assert (
        "boardlab.load('template')" in bench_ui.notebook_for("template", None, None).cells[0].source
    )
