"""The app for a class (``make app``): the rules in players' words (each game's
``words.py``), the app's widget, the
Voilà command both ``make app`` and the browser suite run, and the port it prints."""

from __future__ import annotations

import html
import importlib
import re
import socket
import sys

import ipywidgets as widgets
import pytest

import boardlab
from boardlab.core import Param
from boardlab.core.params import GROUPS
from boardlab.widgets import GuidedGame, ParameterPanel, PlayPanel, app

#: Every game's parameter declarations, the two templates' included.
SPECS = {name: boardlab.load(name).parameter_specs() for name in boardlab.game_names()} | {
    template: importlib.import_module(f"boardlab.games.{template}.rules").SPECS
    for template in ("_template", "_board_template")
}
ALL = [(game, spec) for game, specs in SPECS.items() for spec in specs]


@pytest.mark.parametrize("game, spec", ALL, ids=[f"{g}-{s.name}" for g, s in ALL])
def test_every_parameter_has_a_label_in_words_a_group_and_an_explanation(game, spec):
    assert spec.label, f"{game}: {spec.name} has no label"
    assert "_" not in spec.label and spec.label != spec.name
    assert spec.label[0].isupper(), spec.label
    assert spec.group in GROUPS
    assert spec.explain.endswith(".") and spec.explain.count(". ") == 0, spec.explain
    assert "_" not in spec.explain  # no parameter name of two words or more
    for value, words in spec.words:  # a choice's words name a value it has
        assert value in spec.choices and "_" not in words
    if spec.kind == "choice":
        assert {value for value, _ in spec.words} == set(spec.choices), "every choice in words"


def test_the_fallbacks_say_a_parameter_in_words():
    bare = Param("first_stand_price", 6, "int", "The first stand costs this. More.", low=0, high=9)
    assert bare.title == "First stand price"
    assert bare.section == "printed"
    assert bare.explanation == "The first stand costs this."
    choice = Param("crocodile", "use_then_discard", "choice", "d", choices=("use_then_discard",))
    assert choice.say("use_then_discard") == "use then discard"
    assert Param("open", False, "bool", "d", printed=(False,)).section == "variant"
    assert Param("max_turns", 9, "int", "d", low=1, high=9).section == "advanced"
    assert Param("open", False, "bool", "d").say(True) == "yes"
    with pytest.raises(ValueError, match="group must be one of printed, variant, advanced"):
        Param("x", 1, "int", "d", low=0, high=1, group="rules")


def _texts(widget) -> list[str]:
    """Every text the widget tree shows: labels, descriptions, options, titles, tooltips."""
    out = []
    shown = ("label",) if hasattr(widget, "options") else ("value",)  # a choice shows its label
    for name in (*shown, "description", "tooltip", "placeholder"):
        value = getattr(widget, name, None)
        if isinstance(value, str):
            out.append(value)
    out += [str(label) for label in getattr(widget, "_options_labels", ())]
    out += [str(title) for title in getattr(widget, "titles", ())]
    for child in getattr(widget, "children", ()):
        out += _texts(child)
    return out


def _widgets(widget) -> list:
    return [widget] + [w for child in getattr(widget, "children", ()) for w in _widgets(child)]


@pytest.mark.parametrize("game", boardlab.game_names())
def test_the_players_panel_shows_labels_groups_and_no_parameter_name(game):
    panel = ParameterPanel(game, for_players=True)
    shown = "\n".join(_texts(panel))
    for spec in panel.specs:
        assert html.escape(spec.title) in shown
    # no name of two words or more anywhere (a one-word name, "players", is a plain word)
    assert "_" not in shown
    for spec in panel.specs:  # no rule citation (the notebook's panel cites the rule section)
        assert not spec.rule or f"(rule: {spec.rule})" not in shown
        assert not re.search("[:;]", spec.rule) or spec.rule not in shown, spec.rule
    labels = {getattr(w, "description", "") for w in _widgets(panel)}
    assert not labels & {spec.name for spec in panel.specs}, "a control named by its name"
    assert "load(" not in shown and "rule:" not in shown
    assert "Printed rules" in shown
    advanced = [s for s in panel.specs if s.section == "advanced"]
    if advanced:  # folded away, closed
        assert panel.advanced.selected_index is None
        assert panel.advanced.titles == ("Advanced settings",)
    assert panel.message.value.endswith("✓ The printed rules.</span>")


def test_the_players_panel_says_choices_changes_and_errors_in_words():
    panel = ParameterPanel("jambo", for_players=True)
    crocodile = panel.controls["crocodile"]
    assert crocodile.options == (
        ("use it once, then discard it", "use_then_discard"),
        ("only discard it", "discard_only"),
    )
    crocodile.value = "discard_only"
    assert panel.game.params["crocodile"] == "discard_only"
    assert "Changed from the printed rules: What the Crocodile does: only discard it." in (
        panel.message.value
    )
    kalimambo = ParameterPanel("kalimambo", for_players=True)
    kalimambo.set(players=7, track_length=12)
    assert kalimambo.game is None
    assert kalimambo.message.value == (
        '<span style="color:#b00020">⚠ Spaces around the track cannot be 12; it must be at '
        "least 25 spaces for 7 explorers, 6 heaps and gaps of 2.</span>"
    )
    kalimambo.controls["dung_heaps"].value = 16
    assert "⚠ With dung heaps at 16: Spaces around the track cannot be 12" in (
        kalimambo.message.value
    )
    # the notebook's panel is unchanged: names, and the game's repr
    assert ParameterPanel("jambo").controls["crocodile"].description == "crocodile"


def test_the_class_app_opens_on_a_fresh_game_with_the_guided_game_one_click_away():
    from boardlab.games.kalimambo.bots import Cautious

    made = app.ClassApp("kalimambo", lambda: Cautious(samples=4))
    assert isinstance(made, widgets.VBox)
    assert made.tabs.titles == ("Play", "Guided first game", "Change the rules")
    assert made.tabs.selected_index == 0
    assert isinstance(made.play, PlayPanel) and made.play.state.history == []
    assert made.play.agents[0] is None and len(made.play.agents) == 5
    assert made.guided is None  # made when first opened
    made.tabs.selected_index = 1  # the one click
    assert isinstance(made.guided, GuidedGame)
    assert made._guided_box.children == (made.guided,)
    made.rules.set(players=3)  # a change of rules: a new game under them
    assert made.play.game.num_players == 3 and len(made.play.agents) == 3
    assert made._play_box.children == (made.people, made.play)
    with pytest.raises(ValueError, match="do not make a game"):
        app.ClassApp("kalimambo", lambda: Cautious(samples=4), players=7, track_length=12)


def test_the_voila_command_culls_idle_kernels_on_exactly_its_port(tmp_path):
    command = app.voila_command(tmp_path / "a.ipynb", 8871, cull_idle_timeout=5, cull_interval=1)
    assert command[:4] == [sys.executable, "-m", "voila", str(tmp_path / "a.ipynb")]
    assert "--port=8871" in command and "--Voila.port_retries=0" in command
    assert "--MappingKernelManager.cull_idle_timeout=5" in command
    assert "--MappingKernelManager.cull_interval=1" in command
    assert "--MappingKernelManager.cull_connected=False" in command
    default = app.voila_command(tmp_path, 8866)
    assert f"--MappingKernelManager.cull_idle_timeout={app.CULL_IDLE_TIMEOUT}" in default


def test_a_busy_port_is_skipped():
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        assert app.free_port(port) > port
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        with pytest.raises(OSError, match="no free port"):
            app.free_port(busy.getsockname()[1], tries=1)


def test_serve_refuses_unknown_options_without_serve(tmp_path, capsys):
    with pytest.raises(SystemExit):
        app.main(["a.ipynb", str(tmp_path), "--strip_sources=False"])
    assert "unknown arguments" in capsys.readouterr().err


def test_the_url_given_to_a_class_names_a_reachable_host():
    assert app.app_url("127.0.0.1", 8867) == "http://127.0.0.1:8867/"
    assert app.app_url("0.0.0.0", 8866) == f"http://{socket.gethostname()}:8866/"


def test_the_app_seats_people_at_one_screen_against_each_other_and_bots():
    """ "People at this screen": 2 seats two students taking turns (the hot seat) and bots in
    the other seats; a rule change to fewer seats keeps at most as many people as seats."""
    from boardlab.games.kalimambo.bots import Cautious

    made = app.ClassApp("kalimambo", lambda: Cautious(samples=4))
    assert made.people.value == 1 and not made.play.hot_seat
    assert [label for label, _ in made.people.options] == [
        "1, against bots",
        "2, taking turns, 3 bots",
        "3, taking turns, 2 bots",
        "4, taking turns, 1 bot",
        "5, taking turns",
    ]
    first = made.play
    inside = _descendants(first)
    assert len(inside) > 10 and all(w.comm is not None for w in inside)
    made.people.value = 2
    assert made.play is not first and made.play.hot_seat
    assert all(w.comm is None for w in [first, *inside])  # the old panel left the kernel whole
    assert made.play.agents[:2] == [None, None]
    assert all(a is not None for a in made.play.agents[2:])
    assert made._play_box.children == (made.people, made.play)
    made.people.value = 5
    made.rules.set(players=3)
    assert made.rules.game.num_players == 3
    assert made.people.value == 3 and len(made.people.options) == 3
    assert made.play.agents == [None, None, None] and made.play.hot_seat
    made.people.value = 1
    assert made.play.humans == [0] and not made.play.hot_seat


def _descendants(widget) -> list:
    """Every widget inside ``widget`` (its children, theirs, ...)."""
    out = []
    for child in getattr(widget, "children", ()):
        out += [child, *_descendants(child)]
    return out
