"""``boardlab bench --ui`` runs in the browser: two clicks of each kind on the template game,
in the suite's JupyterLab and Chromium (the bench's own servers aside). No figure is
checked against a limit: timings are the bench's to report, not a test's."""

from __future__ import annotations

from boardlab import bench_ui


def test_bench_ui_times_a_step_a_move_and_a_reply_of_the_template_game(
    browser, lab_server, browser_home
):
    rows = bench_ui.time_games(
        browser, lab_server, browser_home / "lab-notebooks", ["template"], repeats=2, pause=0
    )
    assert [(row["game"], row["kind"]) for row in rows] == [
        ("template", "step"),
        ("template", "move"),
        ("template", "reply"),
    ]
    sides = {row["kind"]: row["sides"][0] for row in rows}
    assert sides["step"]["count"] == sides["move"]["count"] == 2
    assert 1 <= sides["reply"]["count"] <= 2  # a press the bots answered (not every one)
    for kind in ("step", "move"):
        median, low, high = sides[kind]["browser"]
        assert 0 < low <= median <= high, (kind, sides[kind])
        assert sides[kind]["kernel"] is not None
    table = bench_ui.format_table(rows, ["this"]).splitlines()
    assert len(table) == 4 and table[1].split()[:3] == ["template", "step", "this"]
