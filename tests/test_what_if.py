"""WhatIfPanel driven from Python (no browser): set the values, click Run, read the table
and the plot; bad values are a message, not an exception; every game gets one."""

from __future__ import annotations

import threading

import matplotlib

matplotlib.use("Agg")

import pytest

import boardlab
from boardlab.render import png_size
from boardlab.sim import sweep
from boardlab.widgets import WhatIfPanel
from boardlab.widgets.what_if import (
    FIGURE_ALT,
    figure_alt,
    offered_values,
    parse_values,
    plot_what_if,
    seated,
    warning_html,
)


def test_run_fills_the_table_a_row_per_value_and_draws_the_plot():
    panel = WhatIfPanel("kilimanjaro", "players", agents="heuristic,random", games=8, seed=2)
    panel.values.value = "2, 3"
    panel.run_button.click()
    assert list(panel.results.index) == [2, 3] and (panel.results["games"] == 8).all()
    assert "advantage_p1" in panel.results and "drama" in panel.results
    assert panel.table.value.count(">2</th>") == 1 and ">branching</th>" in panel.table.value
    width, height = png_size(panel.figure_png)
    assert panel.image.value == panel.figure_png and width > 2 * height > 0
    assert panel.image.layout.display is None  # shown once there is a picture
    assert panel.warning.value == ""  # every game ended by the rules
    assert (panel.progress.value, panel.progress.max) == (16, 16)
    assert "16 games" in panel.message.value
    first = panel.results.copy()
    panel.run_button.click()  # the same settings: the same numbers
    assert panel.results.equals(first)


def cleared(panel) -> bool:
    """Nothing of a last run left, on screen or in the panel's attributes."""
    return (
        panel.results is None and panel.frame is None and panel.figure_png is None
        and panel.table.value == "" and panel.warning.value == ""
        and panel.image.layout.display == "none" and panel.image.value == b""
        and "image/png" not in (panel._repr_mimebundle_() or {})
    )  # fmt: skip


def test_no_picture_before_the_first_run():
    panel = WhatIfPanel("tembo")
    assert cleared(panel) and panel.progress.value == 0


def test_a_bad_value_is_shown_naming_the_parameter_and_clears_the_last_results():
    panel = WhatIfPanel("kilimanjaro", "players", games=4)
    panel.run_button.click()
    assert panel.results is not None and not cleared(panel)
    panel.values.value = "2, 9"
    panel.run_button.click()
    assert "players=9 is not allowed: an integer from 2 to" in panel.message.value
    assert cleared(panel)  # no answer left under settings it does not belong to
    panel.values.value = " "
    panel.run_button.click()
    assert "give at least one value of players" in panel.message.value and cleared(panel)


def test_another_game_takes_the_last_results_away():
    panel = WhatIfPanel("kilimanjaro", "exact_finish", games=2)
    panel.run_button.click()
    assert not cleared(panel)
    panel.game.value = "tembo"
    assert cleared(panel) and panel.message.value == ""


def test_a_lineup_is_seated_at_every_table_size():
    assert seated("heuristic,random", 1) == ["heuristic"]
    assert seated("heuristic,random", 3) == ["heuristic", "random", "random"]
    assert seated(" heuristic ", 2) == ["heuristic", "heuristic"]
    with pytest.raises(ValueError, match="at least one agent spec"):
        seated(" , ", 2)


@pytest.mark.parametrize("name", boardlab.game_names())
def test_seats_follow_each_games_player_counts(name):
    """Switched to each game (from another one): the player counts it allows, one bot (the
    first-action player: quick) and random players seated at each (Tembo's one-player game:
    the bot alone), seats turned a place each game, a table row per count; then a bad count
    clears it all."""
    other = next(n for n in boardlab.game_names() if n != name)
    panel = WhatIfPanel(other, agents="first,random", games=2)
    panel.game.value = name
    panel.param.value = "players"
    spec = {s.name: s for s in boardlab.load(name).parameter_specs()}["players"]
    counts = parse_values(name, "players", panel.values.value)
    assert counts[0] == spec.low and counts[-1] == spec.high
    for count in counts:
        assert f"{count} player{'s' * (count != 1)}: first" in panel.seats.value
    panel.run_button.click()
    assert panel.results is not None, panel.message.value
    assert list(panel.results.index) == counts and (panel.results["games"] == 2).all()
    for count, group in panel.frame.groupby("players"):
        seats = [line.split(",") for line in group["lineup"]]
        assert [len(line) for line in seats] == [count, count]
        assert [line.count("first") for line in seats] == [1, 1]
        assert [line.index("first") for line in seats] == [0, 1 % count]  # turned
    assert "seats turned one place each game" in panel.message.value
    panel.values.value = f"{spec.high + 1}"
    panel.run_button.click()
    assert f"players={spec.high + 1} is not allowed" in panel.message.value
    assert cleared(panel)


def test_games_cut_short_are_said_above_the_results_and_not_printed():
    """Jambo with random players under a 20-turn safeguard: every game stops at the cap, so
    the panel says so above its plots (the warning ``sweep`` would raise is not printed by
    a widget's callback)."""
    import warnings

    from boardlab.sim import metrics

    panel = WhatIfPanel("jambo", "max_turns", values="20", games=2)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        panel.run_button.click()
    assert not [w for w in caught if issubclass(w.category, metrics.CutShortWarning)]
    shown = panel.warning.value
    assert "Games cut short." in shown and "2 of 2 (100%) at max_turns=20" in shown
    assert "20-turn safeguard" in shown and "lengths are the cap&#x27;s" in shown
    order = list(panel.children)
    assert order.index(panel.warning) < order.index(panel.image) < order.index(panel.table)
    panel.values.value = "0"
    panel.run_button.click()
    assert "max_turns=0 is not allowed" in panel.message.value and cleared(panel)


def test_tembo_for_one_player_seats_the_bot_alone():
    """The issue's case: switched to Tembo with one heuristic bot and random players, one
    player used to fail ("tembo with 1 players has 1 seats, not 2 agents")."""
    panel = WhatIfPanel("kilimanjaro", "players", agents="heuristic,random", games=1)
    panel.game.value = "tembo"
    panel.values.value = "1, 2"
    panel.run_button.click()
    assert list(panel.frame["lineup"]) == ["heuristic", "heuristic,random"], panel.message.value
    assert list(panel.results.index) == [1, 2]


def test_plot_and_table_are_readable_on_a_1366_by_768_laptop():
    """Shown at ``1 / SHARP`` of its pixels the figure fits a notebook column on a 1366 px
    screen with room above it for the controls (768 px high), and its smallest letters
    are 11 points (12 px at 80 dpi); the table's type is 14 px."""
    from matplotlib.text import Text

    from boardlab.render import SHARP
    from boardlab.widgets.what_if import TEXT_PT

    panel = WhatIfPanel("kilimanjaro", "players", games=2)
    panel.run_button.click()
    width, height = (side // SHARP for side in png_size(panel.figure_png))
    assert width <= 900 and height <= 768 - 190
    fig = plot_what_if(panel.frame, "players", title="Kilimanjaro")
    sizes = [t.get_fontsize() for t in fig.findobj(Text) if t.get_text().strip()]
    assert len(sizes) > 20 and min(sizes) >= TEXT_PT == 11
    assert "font-size:14px" in panel.table.value and "font-size:12px" in panel.table.value


def test_picking_a_game_offers_its_parameters_and_some_values():
    panel = WhatIfPanel("kilimanjaro")
    panel.game.value = "kombo_afrika"
    assert "target" in panel.param.options and "deck" not in panel.param.options
    panel.param.value = "target"
    assert panel.values.value == offered_values("kombo_afrika", "target")
    assert len(parse_values("kombo_afrika", "target", panel.values.value)) <= 4
    with pytest.raises(ValueError, match="no parameter 'speed'"):
        WhatIfPanel("kilimanjaro", "speed")


def _changed(spec, players: int) -> list:
    """Values of ``spec`` other than its default, among those it allows (any kind)."""
    if spec.kind == "bool":
        return [not spec.default]
    if spec.kind == "choice":
        return [c for c in spec.choices if c != spec.default]
    if spec.kind == "int":
        return [v for v in (spec.default + 1, spec.default - 1) if spec.low <= v <= spec.high]
    if spec.kind == "ints":
        default = tuple(spec.default)
        grown = [(*default, v) for v in range(spec.low, spec.high + 1) if v not in default][:1]
        return [default[:-1]] * bool(default) + grown
    if spec.kind == "per_player":
        return [(v,) * players for v in (spec.low, spec.high)]
    return []  # a data file: no value to type


def _text(spec, value) -> str:
    """``value`` as the panel's values box takes it (a list's items joined by commas)."""
    return ",".join(map(str, value)) if spec.kind in ("ints", "per_player") else str(value)


def a_changed_rule(name: str) -> tuple[str, str]:
    """The first declared parameter of ``name`` (of any kind) with a changed value the game
    loads with, and the values box's text for its default and that value."""
    game = boardlab.load(name)
    for spec in game.parameter_specs():
        for value in _changed(spec, game.num_players):
            try:
                boardlab.load(name, **{spec.name: value})
            except boardlab.InvalidParameter:
                continue
            separator = "; " if spec.kind in ("ints", "per_player") else ", "
            return spec.name, separator.join([_text(spec, spec.default), _text(spec, value)])
    raise AssertionError(f"{name}: no declared parameter can be changed to a valid game")


@pytest.mark.parametrize("name", boardlab.game_names())
def test_every_game_gets_a_what_if(name):
    """Whatever kinds of parameters a game declares: one of them, its default and a
    changed value, two games each."""
    param, values = a_changed_rule(name)
    panel = WhatIfPanel(name, param, values=values, games=2)
    panel.run_button.click()
    assert panel.results is not None, panel.message.value
    assert len(panel.results) == len(parse_values(name, param, panel.values.value))


def test_a_game_with_only_integer_parameters_gets_a_changed_rule():
    """The board template (Achi) declares ints alone: the what-if picks one of them."""
    kinds = {s.kind for s in boardlab.load("board_template").parameter_specs()}
    param, values = a_changed_rule("board_template")
    assert kinds == {"int"} and len(parse_values("board_template", param, values)) == 2


def test_clicks_from_two_threads_are_handled_one_at_a_time():
    panel = WhatIfPanel("kilimanjaro", "exact_finish", games=3)
    threads = [threading.Thread(target=panel.run_button.click) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(panel.frame) == 6 and panel.progress.value == 6


def test_a_cooperative_game_is_plotted_by_its_team_win_rate():
    from toys import ExpeditionGame

    frame = sweep(ExpeditionGame.load(), {"storms": [1, 6]}, games_per_point=10, progress=False)
    fig = plot_what_if(frame, "storms")
    rates = fig.axes[0]
    assert rates.get_ylabel() == "team win rate (95% CI)"
    assert [t.get_text() for t in rates.get_legend().get_texts()] == ["team"]
    assert [t.get_text() for t in fig.axes[1].get_xticklabels()] == ["1", "6"]
    alt = figure_alt(frame, "storms")
    assert alt.startswith("The team's win rate") and "storms: 1, 6;" in alt


def test_keyboard_and_screen_reader_help():
    """As ``PlayPanel``: an ``Access`` of the panel's class among its children (JupyterLab's
    shortcuts kept out of its controls), the plots named in words after a run (their
    ``alt``, naming the rule), and the message line, where the outcome of a run or what
    was wrong appears, an ``aria-live`` part; the cut-short box is an alert of its own.
    (tests/browser/test_what_if_keyboard.py checks the same in a browser.)"""
    from boardlab.widgets.layout import LIVE, Access

    panel = WhatIfPanel("kilimanjaro", "players", agents="heuristic,random", games=2)
    helpers = [child for child in panel.children if isinstance(child, Access)]
    assert [h.host for h in helpers] == ["boardlab-what-if"]
    assert "boardlab-what-if" in panel._dom_classes and LIVE in panel.message._dom_classes
    panel.values.value = "2, 3"
    panel.run_button.click()
    alt = panel.image.tooltip
    assert "Expeditions (players): 2, 3;" in alt and "95% intervals" in alt, alt
    assert alt.startswith("Am Fuß des Kilimandscharo, bots: heuristic,random: Each seat's win rate")
    assert "4 games" in panel.message.value  # what the live line reads out
    panel.values.value = "2, 9"
    panel.run_button.click()
    assert "players=9 is not allowed" in panel.message.value
    assert panel.image.tooltip == FIGURE_ALT  # no words left for plots no longer there
    assert 'role="alert"' in warning_html("2 of 2 games were cut short.")
