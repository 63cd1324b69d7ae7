"""The notebook widgets, driven kernel-side (no browser): clicks, choices, parameters."""

import json
import re
from pathlib import Path

import matplotlib

matplotlib.use("Agg")

import ipywidgets
import pytest
from ipyevents import Event

import boardlab
from boardlab import IllegalAction, InvalidParameter
from boardlab.core import Game
from boardlab.games._template import Chase, PlayCard
from boardlab.games._template import render as template_render
from boardlab.games.kilimanjaro import render
from boardlab.games.kilimanjaro.actions import PlaceCounter
from boardlab.render import SHARP, png_size
from boardlab.render.clicks import outlined
from boardlab.sim import RandomAgent, play
from boardlab.widgets import GameExplorer, GameViewer, ParameterPanel, PlayPanel, app
from boardlab.widgets.choices import Choice, choices_of, mentions
from boardlab.widgets.explorer import margin_of, summary
from boardlab.widgets.layout import SHARP_DPI
from boardlab.widgets.parameter_panel import CONTROL_WIDTH
from boardlab.widgets.play_panel import matches, natural_key


def plain(html: str) -> str:
    """The text of an HTML value, tags removed (player names are coloured <b> tags)."""
    return re.sub(r"<[^>]+>", "", html)


@pytest.fixture(scope="module")
def game():
    return boardlab.load("kilimanjaro")


@pytest.fixture(scope="module")
def finished(game):
    return play(game, [RandomAgent() for _ in range(3)], seed=11)


def pixel(state, u: float, v: float, draw_axes=template_render._axes) -> tuple[float, float]:
    """The pixel of ``to_png`` (default dpi, y down) showing data point ``(u, v)`` of the
    template's board: what a click there sends to ``locate``."""
    fig, ax = draw_axes(state)
    ax.apply_aspect()
    x, y = ax.transData.transform((u, v))
    scale = 80 / fig.dpi
    return x * scale, (fig.get_size_inches()[1] * fig.dpi - y) * scale


# -- GameViewer ---------------------------------------------------------------------------
def test_viewer_slider_covers_every_action(finished):
    viewer = GameViewer(finished)
    assert viewer.slider.min == 0
    assert viewer.slider.max == len(finished.history)
    assert viewer.step == 0
    assert (
        repr(viewer) == f"GameViewer(boardlab.load('kilimanjaro'), steps={len(finished.history)})"
    )


def test_viewer_next_button_moves_one_step(finished):
    viewer = GameViewer(finished)
    image, narration = viewer.image.value, viewer.narration.value
    assert "The deal" in narration and "is dealt counters" in narration
    viewer.next_button.click()
    assert viewer.step == 1
    assert viewer.image.value != image
    assert viewer.narration.value != narration
    assert "Step 1 of" in viewer.narration.value
    first = finished.history[0]  # a counter placement by player 0, revealed
    assert f"counter on space {first.space}" in viewer.narration.value
    assert "is dealt" not in viewer.narration.value  # only this step's events
    viewer.prev_button.click()
    assert viewer.step == 0 and viewer.image.value == image


def test_viewer_first_last_and_step_setter(finished):
    viewer = GameViewer(finished)
    viewer.last_button.click()
    assert viewer.step == len(finished.history)
    assert viewer.next_button.disabled and not viewer.prev_button.disabled
    assert "Game over" in viewer.narration.value
    viewer.first_button.click()
    assert viewer.step == 0 and viewer.prev_button.disabled
    viewer.step = 5
    assert viewer.slider.value == 5 and viewer.state == viewer.states[5]
    viewer.step = 10_000
    assert viewer.step == len(finished.history)


def test_viewer_buttons_are_icons_and_one_play_pause_toggle(finished):
    viewer = GameViewer(finished)
    icons = [b.icon for b in (viewer.first_button, viewer.prev_button, viewer.play_button)]
    icons += [b.icon for b in (viewer.next_button, viewer.last_button)]
    assert icons == ["fast-backward", "step-backward", "play", "step-forward", "fast-forward"]
    assert all(not b.description for b in (viewer.first_button, viewer.next_button))
    assert isinstance(viewer.play_button, ipywidgets.ToggleButton)
    # no clock in the browser (no ■ that jumps to 0): the kernel keeps the time
    buttons = [w for w in viewer.children[0].children[1].children[0].children]
    assert not any(isinstance(w, ipywidgets.Play) for w in buttons)

    viewer.play_button.value = True  # ▶ pressed
    assert viewer.playing and viewer.play_button.icon == "pause"
    assert viewer.play_button.tooltip == "pause"
    viewer.next_button.click()  # a step button pauses
    assert not viewer.playing and viewer.play_button.icon == "play"
    assert not viewer.play_button.value and viewer.step == 1


def test_viewer_plays_in_the_kernel_to_the_end_and_again_from_the_deal(finished):
    """▶ starts the kernel's clock: the step moves on every ``interval``, slider, board and
    narration with it, and the animation stops at the end; ▶ at the end starts from the
    deal. A tick of an animation since paused does nothing."""
    import time

    states = boardlab.replay(finished.record())[:5]
    viewer = GameViewer(states, interval=20)
    seen = []
    viewer.slider.observe(lambda c: seen.append((c["new"], viewer.image.value)), names="value")
    viewer.step = 2
    viewer.play_button.value = True
    deadline = time.monotonic() + 30
    while viewer.playing and time.monotonic() < deadline:
        time.sleep(0.01)
    assert not viewer.playing and not viewer.play_button.value
    assert viewer.play_button.icon == "play"
    assert viewer.step == viewer.slider.value == 4 and viewer.image.value == viewer.png(4)
    assert [step for step, _ in seen] == [2, 3, 4]
    assert all(image == viewer.png(step) for step, image in seen)  # never ahead of its board

    viewer.play_button.value = True  # at the end: from the deal again
    assert viewer.step == 0 and viewer.image.value == viewer.png(0)
    run = viewer._run
    viewer.play_button.value = False  # ⏸
    viewer._tick(run)  # the tick on its way when ⏸ was pressed
    assert viewer.step == 0 and not viewer.playing


def test_viewer_slider_drag_pauses_and_shows_that_step(finished):
    viewer = GameViewer(finished)
    viewer.play_button.value = True
    viewer.slider.value = 4  # a drag on the slider
    assert viewer.step == 4 and not viewer.playing
    assert viewer.image.value == viewer.png(4) and "Step 4 of" in viewer.narration.value
    viewer.prev_button.click()  # ◀ still works
    assert viewer.step == viewer.slider.value == 3


def test_viewer_rapid_clicks_keep_slider_board_and_narration_in_step(finished):
    viewer = GameViewer(finished)
    last = len(finished.history)
    clicks = "L P P F N N N L P F F N P L L P"
    expected = 0
    moves = {
        "F": lambda s: 0,
        "P": lambda s: max(0, s - 1),
        "N": lambda s: min(last, s + 1),
        "L": lambda s: last,
    }
    buttons = {
        "F": viewer.first_button,
        "P": viewer.prev_button,
        "N": viewer.next_button,
        "L": viewer.last_button,
    }
    for key in clicks.split():
        buttons[key].click()
        expected = moves[key](expected)
        assert viewer.step == viewer.slider.value == expected
        assert viewer.image.value == viewer.png(expected)
        head = "The deal" if expected == 0 else f"Step {expected} of {last}"
        assert head in viewer.narration.value


def test_viewer_clicks_handled_on_two_threads_at_once_still_add_up(finished):
    """JupyterLab may handle one widget's clicks on two kernel threads (comms over
    subshells): each click is handled whole, and the board follows the last one."""
    import threading

    viewer = GameViewer(finished)
    viewer.step = 10
    start = threading.Barrier(2)

    def clicks(button, times):
        start.wait()
        for _ in range(times):
            button.click()

    threads = [
        threading.Thread(target=clicks, args=(viewer.next_button, 12)),
        threading.Thread(target=clicks, args=(viewer.prev_button, 5)),
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert viewer.step == viewer.slider.value == 17
    assert viewer.image.value == viewer.png(17)
    assert f"Step 17 of {len(finished.history)}" in viewer.narration.value


def test_viewer_board_is_drawn_sharp_and_shown_unstretched(finished):
    viewer = GameViewer(finished)
    width = png_size(viewer.image.value)[0]
    plain_width = png_size(render.to_png(finished, reveal=True))[0]
    assert abs(width - SHARP * plain_width) <= SHARP
    assert viewer.image.layout.max_width == f"min(100%, {width // SHARP}px)"
    assert viewer.image.layout.width == "auto" and "100vh" in viewer.image.layout.max_height


def test_viewer_accepts_a_record_and_a_list_of_states(finished):
    states = boardlab.replay(finished.record())
    from_record = GameViewer(finished.record())
    from_list = GameViewer(states)
    assert len(from_record.states) == len(from_list.states) == len(finished.history) + 1
    assert from_record.states[-1] == finished
    with pytest.raises(TypeError):
        GameViewer([])


def test_viewer_for_a_player_hides_what_they_cannot_see(finished):
    secret = GameViewer(finished, viewer=1, reveal=False)
    secret.step = 1  # player 0 placed a counter: player 1 sees only that it is face down
    assert "places a face-down counter" in secret.narration.value
    assert "places their" not in secret.narration.value
    everything = GameViewer(finished)
    everything.step = 1
    assert "places their" in everything.narration.value
    assert secret.image.value != everything.image.value


# -- PlayPanel ------------------------------------------------------------------------------
def offered(panel: PlayPanel) -> list[tuple[str, ...]]:
    """Every whole path the human can choose now (walking the steps as a person would)."""
    paths = []

    def walk(prefix):
        panel._set_path(prefix)
        if panel.selected is not None:
            paths.append(panel.path)
            return
        k = len(panel.path)
        for label in list(panel.levels[k].options):
            walk((*panel.path[:k], label))

    walk(())
    panel._set_path(())
    return paths


def pick_first(panel: PlayPanel) -> None:
    """Choose the first option of every step, then press Play, as a person would."""
    while panel.play_button.disabled:
        level = panel.levels[len(panel.path)]
        level.value = level.options[0]
    panel.play_button.click()


def by_counter(state, action):
    """A choice path in two steps for Kilimanjaro's counter placement: counter, then space."""
    if type(action) is PlaceCounter:
        counter = str(action).removeprefix("place your ").split(" counter")[0]
        return (f"{counter} counter", f"space {action.space}")
    return (str(action),)


@pytest.fixture
def stepwise(monkeypatch):
    """Kilimanjaro whose counter placement is chosen in two steps."""
    game = boardlab.load("kilimanjaro")
    monkeypatch.setattr(game, "choice_path", lambda state, action: by_counter(state, action))
    return game


def test_panel_offers_exactly_the_legal_actions_with_nothing_chosen(game):
    panel = PlayPanel(game, [None, RandomAgent(), RandomAgent()], seed=3)
    assert panel.state.current_player == 0
    legal = panel.state.legal_actions()
    assert [level.value for level in panel.levels] == [None]  # nothing chosen
    assert panel.play_button.disabled and panel.selected is None
    paths = offered(panel)
    assert sorted(paths) == sorted(game.choice_path(panel.state, a) for a in legal)
    assert all(len(path) == 2 for path in paths)  # the counter, then the space
    labels = list(panel.levels[0].options)
    assert labels == sorted(labels, key=natural_key)
    assert "Preparation" in panel.rule_text.value and "Preparation" in panel.rule.titles[0]
    assert panel.rule.selected_index is None  # the rule is collapsed
    assert "Your move" in panel.status.value
    # the board is drawn as the human sees it, sharp: their own hand and counters named
    # (and the places a click would choose outlined: tests/test_clicks_help.py)
    with outlined(panel.move_boxes):
        assert panel.image.value == render.to_png(panel.state, viewer=0, dpi=SHARP_DPI)


def test_one_click_never_plays_a_move_not_even_end_your_turn():
    game = boardlab.load("kombo_afrika")
    panel = PlayPanel(game, [None, RandomAgent()], seed=11)
    pick_first(panel)  # keep the hand or mulligan
    for _ in range(6):  # until "end your turn" is on offer
        ends = [label for label in panel.levels[0].options if "end your turn" in label]
        if ends:
            break
        pick_first(panel)
    assert ends, "kombo offers an end of turn"
    assert panel.levels[0].value is None and panel.play_button.disabled
    before = list(panel.state.history)
    panel.levels[0].value = ends[0]  # one click on "end your turn"
    assert panel.state.history == before  # nothing played
    assert not panel.play_button.disabled and "end your turn" in panel.chosen.value
    panel.levels[0].value = None  # changed their mind
    assert panel.play_button.disabled and panel.state.history == before
    panel.levels[0].value = ends[0]
    panel.play_button.click()
    assert type(panel.state.history[len(before)]).__name__ == "EndTurn"


def test_choosing_makes_the_bots_reply(game):
    panel = PlayPanel(game, [None, RandomAgent(), RandomAgent()], seed=3)
    image = panel.image.value
    action = panel.state.legal_actions()[0]
    panel.choose(action)
    assert panel.state.history[0] == action
    assert len(panel.state.history) == 3  # the two bots placed a counter each
    assert panel.state.current_player == 0
    text = plain(panel.narration.value)
    assert "Since your last move" in text
    assert f"counter on space {action.space}" in text
    assert "player 1" in text and "player 2" in text
    assert "places a face-down counter" in text  # the bots' counters stay hidden
    assert text.count("places their") == 1  # only the human's own
    assert panel.image.value != image


def test_stepwise_choice_builds_the_right_action(stepwise):
    panel = PlayPanel(stepwise, [None, RandomAgent(), RandomAgent()], seed=3)
    first = list(panel.levels[0].options)
    assert first == sorted({by_counter(panel.state, a)[0] for a in panel.legal_actions})
    assert isinstance(panel.levels[0], ipywidgets.RadioButtons) and len(panel.levels) == 1
    counter = first[0]
    panel.levels[0].value = counter  # the counter: a second step appears, nothing chosen
    assert len(panel.levels) == 2 and panel.levels[1].value is None
    assert isinstance(panel.levels[1], ipywidgets.Select)  # many spaces: a list box
    assert panel.play_button.disabled and "…" in panel.chosen.value
    spaces = list(panel.levels[1].options)
    assert spaces[:2] == ["space 1", "space 2"] and "space 20" not in spaces  # a village
    panel.pick("space 7")
    wanted = next(
        a for a in panel.legal_actions if by_counter(panel.state, a) == (counter, "space 7")
    )
    assert panel.selected == wanted and not panel.play_button.disabled
    panel.levels[0].value = None  # back to the first step: the second goes
    assert len(panel.levels) == 1 and panel.selected is None
    panel.pick(counter, "space 7")
    panel.play_button.click()
    assert panel.state.history[0] == wanted
    with pytest.raises(ValueError, match="not on offer"):
        panel.pick("no such counter")


def test_refused_moves_are_greyed_with_their_rule():
    game = boardlab.load("template")
    start = game.new_game(0).arrange(
        positions=[3, 8, 1], hands=[["lion 4"], ["zebra 1"], ["zebra 2"]], deck=["zebra 3"] * 4
    )
    panel = PlayPanel(game, [None, RandomAgent(), RandomAgent()], start=start)
    assert panel.refused == []  # every card of the hand may be played
    panel.pick("lion 4 → moves 4, to space 7")
    panel.play_button.click()
    assert panel.state.step == "chase" and panel.state.current_player == 0
    assert list(panel.levels[0].options) == ["chase player 1, on space 8 → back to space 4"]
    refused = {c.action: c for c in panel.refused}
    assert set(refused) == {Chase(0), Chase(2)}
    assert all(not c.legal and c.error.rule == "§3 The lion" for c in refused.values())
    assert "never its own" in refused[Chase(0)].why()
    text = plain(panel.not_allowed.value)
    assert "Not allowed now (2)" in text
    assert "chase player 2, on space 1 → back to camp — player 2 (on 1) is behind" in text
    assert "(rule: §3 The lion)" in text
    assert 'class="boardlab-play-refused"' in panel.not_allowed.value
    assert "color:#6b6b6b" in panel.not_allowed.value  # greyed


def test_few_options_are_radio_buttons_many_a_list_and_play_plays_the_one_chosen():
    panel = PlayPanel("template", [None, RandomAgent(), RandomAgent()], seed=1)
    legal = panel.state.legal_actions()
    level = panel.levels[0]
    assert isinstance(level, ipywidgets.RadioButtons) and level.value is None
    assert "§2 Turn" in panel.rule_text.value
    chosen = next(
        a for a in legal if panel.game.choice_path(panel.state, a)[-1] == level.options[-1]
    )
    level.value = level.options[-1]
    panel.play_button.click()
    assert panel.state.history[0] == chosen
    assert panel.state.is_terminal or panel.state.current_player == 0
    assert "player 1 plays" in plain(panel.narration.value)
    game = boardlab.load("kilimanjaro", players=2)
    many = PlayPanel(game, [None, RandomAgent()], seed=1)  # a counter, then one of ~90 spaces
    assert isinstance(many.levels[0], ipywidgets.RadioButtons)
    many.levels[0].value = many.levels[0].options[0]
    assert isinstance(many.levels[1], ipywidgets.Select)
    assert many.levels[1].value is None and many.levels[1].rows == 7
    assert "Preparation" in many.rule_text.value


def test_illegal_choice_is_refused_and_changes_nothing(game):
    panel = PlayPanel(game, [None, RandomAgent(), RandomAgent()], seed=3)
    legal = panel.state.legal_actions()
    taken = legal[0]
    panel.choose(taken)
    before = panel.state.clone()
    with pytest.raises(IllegalAction):
        panel.choose(taken)  # that space is taken now
    assert panel.state == before


def test_a_whole_game_by_always_taking_the_first_option(game):
    panel = PlayPanel(game, [None, RandomAgent(), RandomAgent()], seed=5)
    for _ in range(game.max_length):
        if panel.state.is_terminal:
            break
        pick_first(panel)
    assert panel.state.is_terminal
    assert "Game over" in panel.status.value
    assert panel.levels == [] and panel.play_button.disabled
    assert "Game end" in panel.rule_text.value
    assert panel.state.record().actions  # a real game was played


def test_filter_has_the_games_hint_and_says_when_nothing_matches(game):
    panel = PlayPanel(game, [None, RandomAgent(), RandomAgent()], seed=3)
    assert panel.filter.layout.display is None  # many moves: a filter
    assert panel.filter.placeholder == type(game).choice_hint
    panel.filter.value = "37"
    kept = offered(panel)
    assert kept and all(path[-1] == "space 37" for path in kept)
    assert panel.message.value == ""
    panel.filter.value = "no such thing"
    assert panel.levels == [] and panel.play_button.disabled
    assert "No move matches “no such thing”" in plain(panel.message.value)
    panel.filter.value = ""
    assert len(offered(panel)) == len(panel.legal_actions)
    assert matches(["7"], "space 7") and not matches(["7"], "space 17")
    template = PlayPanel("template", [None, RandomAgent(), RandomAgent()])
    assert template.filter.placeholder == "e.g. lion or 7"
    assert template.filter.layout.display == "none"  # three cards: no filter needed


def test_a_click_on_the_board_keeps_the_moves_about_that_place():
    panel = PlayPanel("template", [None, RandomAgent(), RandomAgent()], seed=11)
    assert isinstance(panel._events, Event) and panel._events.source is panel.image
    assert panel._events.watched_events == ["click"]
    assert "Click the board" in panel.board_hint.value
    state = panel.state
    card = sorted(state.hands[0])[1]
    path = panel.game.choice_path(state, PlayCard(card))[0]  # "lion 2 → moves 2, to space 2"
    target = re.search(r"to (space \d+)", path).group(1)
    x, y = pixel(state, int(target.split()[1]), 0.0)
    assert panel.click_board(x, y) == target and panel.place == target
    assert list(panel.levels[0].options) == [path]
    assert panel.levels[0].value is None  # narrowed, still not chosen
    assert "only: " + target in panel.place_button.description
    # the front end's ipyevents click, in the sharp picture's pixels
    panel._on_board_event({"type": "click", "dataX": 2 * x, "dataY": 2 * y})
    assert panel.place == target
    # a card of the viewer's own hand
    x, y = pixel(state, template_render.CARDS_X + 1 + (template_render.CARD_WIDTH + 0.2), -1.9)
    assert panel.click_board(x, y) == path.split(" →")[0]
    assert list(panel.levels[0].options) == [path]
    # a space no move reaches: said so; the cross clears the place
    x, y = pixel(state, 12, 0.0)
    assert panel.click_board(x, y) == "space 12"
    assert panel.levels == [] and plain(panel.message.value) == (
        "Nothing is played at space 12: this decision is about spaces 1, 2, 3; lions 1, 2, 3."
    )
    panel.place_button.click()
    assert panel.place is None and len(panel.levels[0].options) == len(panel.legal_actions)
    assert panel.click_board(1, 1) is None  # off the board: every move again
    assert mentions("space 3", "to space 3") and not mentions("space 3", "to space 37")


def test_widgets_work_for_a_game_without_the_hooks(monkeypatch):
    """No choice_path, choice_hint or locate: one flat step, the generic hint, no clicks."""
    from boardlab.games._template.rules import WaterholeGame

    monkeypatch.setattr(WaterholeGame, "choice_path", Game.choice_path)
    monkeypatch.setattr(WaterholeGame, "choice_hint", Game.choice_hint)
    monkeypatch.delattr(template_render, "locate")
    panel = PlayPanel("template", [None, RandomAgent(), RandomAgent()], seed=11)
    assert panel._events is None and panel.board_hint.value == ""
    assert panel.click_board(10, 10) is None
    assert panel.filter.placeholder == "filter the moves"
    assert sorted(panel.levels[0].options) == sorted(map(str, panel.legal_actions))
    pick_first(panel)
    assert panel.state.history


def test_paths_that_are_prefixes_of_others_get_the_action_as_last_step(monkeypatch):
    game = boardlab.load("template")
    state = game.new_game(11)
    cards = [a.card for a in state.legal_actions()]
    paths = {cards[0]: ("lion",), cards[1]: ("lion", "big"), cards[2]: ("zebra",)}
    monkeypatch.setattr(game, "choice_path", lambda s, a: paths[a.card])
    made = {c.action.card: c.path for c in choices_of(state)}
    assert made[cards[0]] == ("lion", str(PlayCard(cards[0])))
    assert made[cards[1]] == ("lion", "big") and made[cards[2]] == ("zebra",)
    assert Choice(PlayCard(cards[0]), ("x",)).legal


def test_new_game_uses_the_next_seed(game):
    panel = PlayPanel(game, [None, RandomAgent(), RandomAgent()], seed=3)
    panel.choose(panel.state.legal_actions()[0])
    panel.new_game_button.click()
    assert panel.seed == 4
    assert panel.state.history == []
    assert panel.state == game.new_game(4)
    assert "What happened" in panel.narration.value


def test_hot_seat_shows_each_human_only_their_own_secrets(game):
    panel = PlayPanel(game, [None, None, RandomAgent()], seed=3)
    assert panel.seat == 0
    placed = panel.state.legal_actions()[0]
    panel.choose(placed)
    assert panel.state.current_player == 1 and panel.seat == 1
    with outlined(panel.move_boxes):
        assert panel.image.value == render.to_png(panel.state, viewer=1, dpi=SHARP_DPI)
    text = plain(panel.narration.value)
    assert "Since player 0's move" in text
    assert f"player 0 places a face-down counter on space {placed.space}" in text
    assert "places their" not in text


def test_panel_needs_one_agent_per_seat(game):
    with pytest.raises(ValueError):
        PlayPanel(game, [None, RandomAgent()])
    with pytest.raises(ValueError, match="start is a state of"):
        PlayPanel(
            game, [None, RandomAgent(), RandomAgent()], start=boardlab.load("template").new_game()
        )


# -- ParameterPanel and GameExplorer ------------------------------------------------------------
def test_parameter_panel_builds_a_control_per_parameter():
    panel = ParameterPanel("kilimanjaro")
    specs = boardlab.load("kilimanjaro").parameter_specs()
    assert list(panel.controls) == [s.name for s in specs]
    assert panel.controls["players"].min == 2 and panel.controls["players"].max == 4
    assert panel.controls["change_position"].options == ("swap", "send_back")
    assert panel.controls["villages"].value == "20, 40, 60, 80"
    assert "Contents" in panel.controls["players"].tooltip
    assert panel.game == boardlab.load("kilimanjaro")
    assert panel.params["villages"] == (20, 40, 60, 80)


def test_parameter_controls_keep_their_width_and_labels_whole():
    panel = ParameterPanel("kombo_afrika")
    for name, control in panel.controls.items():
        assert control.layout.width == control.layout.min_width == CONTROL_WIDTH, name
        assert control.layout.flex == "0 0 auto", name  # a slider never collapses
        assert control.style.description_width == "10em", name
        assert control.tooltip, name  # the help, also as a tooltip
    upload = panel._uploads["deck"]
    assert upload.description == "Upload" and upload.layout.width == "auto"
    assert panel.reset_button.layout.width == "auto"  # "Rulebook defaults", whole
    row = next(r for r in panel.children if panel.controls["colours"] in r.children)
    assert row.layout.flex_flow == "row wrap"  # the help wraps onto its own line


def test_setting_players_changes_the_game():
    seen = []
    panel = ParameterPanel("kilimanjaro", on_change=seen.append)
    panel.controls["players"].value = 2
    assert panel.game.num_players == 2
    assert seen == [panel.game]
    assert panel.params["players"] == 2 and panel.changed == "players"


def test_invalid_villages_show_an_error_and_no_game():
    seen = []
    panel = ParameterPanel("kilimanjaro", on_change=seen.append)
    panel.controls["villages"].value = "20, x"
    assert panel.game is None
    assert isinstance(panel.error, InvalidParameter) and panel.error.name == "villages"
    assert "villages" in panel.message.value and "⚠" in panel.message.value
    assert "does not fit" not in panel.message.value  # the parameter changed is the one blamed
    assert seen == []
    panel.controls["villages"].value = "150"  # a whole number, but past the base camp
    assert panel.game is None and "spaces below 100" in panel.message.value
    panel.controls["villages"].value = "30, 10"
    assert panel.game.params["villages"] == (10, 30)
    assert panel.error is None and "✓" in panel.message.value
    assert seen == [panel.game]


def test_an_error_names_the_parameter_changed_and_the_one_blamed():
    panel = ParameterPanel("kombo_afrika")
    panel.controls["colours"].value = 1
    assert panel.game is None and panel.changed == "colours"
    assert panel.error.name == "deck"  # what load() blames…
    text = plain(panel.message.value)
    assert text.startswith("⚠ colours=1 does not fit the other rules: parameter deck=")
    panel.set(colours=6)
    assert panel.game is not None and panel.changed == "colours"


def test_reset_restores_the_rulebook():
    panel = ParameterPanel("kilimanjaro", players=4, exact_finish=True)
    assert panel.game.num_players == 4 and panel.game.params["exact_finish"]
    panel.reset_button.click()
    assert panel.game == boardlab.load("kilimanjaro") and panel.changed is None


def test_explorer_follows_the_parameters():
    explorer = GameExplorer("kilimanjaro", seed=2)
    first = explorer.viewer
    assert first in explorer.children and first.game.num_players == 3
    explorer.panel.controls["players"].value = 2
    assert explorer.viewer is not first
    assert explorer.viewer.game.num_players == 2
    assert explorer.viewer in explorer.children and first not in explorer.children
    assert explorer.viewer.states[-1].is_terminal
    shown = explorer.viewer
    explorer.panel.controls["villages"].value = "oops"
    assert explorer.viewer is shown  # invalid: the last game stays on show
    assert "Not played again" in explorer.summary.value
    explorer.seed.value = 3
    assert explorer.viewer is shown  # still invalid: nothing to rebuild
    explorer.panel.controls["villages"].value = "20, 40, 60, 80"
    assert explorer.viewer is not shown and explorer.viewer.states[0].seed == 3


def test_explorer_sums_up_the_new_game_and_shows_its_end():
    explorer = GameExplorer("kilimanjaro", seed=2)
    final = explorer.viewer.states[-1]
    assert explorer.viewer.step == len(final.history)  # at the last step
    assert plain(explorer.summary.value) == summary(final)
    explorer.panel.controls["players"].value = 2
    final = explorer.viewer.states[-1]
    assert explorer.viewer.step == len(final.history)
    text = plain(explorer.summary.value)
    assert text.startswith("With players=2: ")
    assert final.outcome.describe() in text and f"{len(final.history)} steps" in text
    assert "Outcome(" not in text
    explorer.seed.value = 5
    assert plain(explorer.summary.value).startswith("With seed=5: ")


def test_summary_and_margin_of_a_finished_game():
    final = play(boardlab.load("template"), [RandomAgent() for _ in range(3)], seed=7)
    winner = final.outcome.winners[0]
    rival = max(s for p, s in enumerate(final.scores) if p != winner)
    assert margin_of(final) == final.scores[winner] - rival
    assert summary(final) == (
        f"{final.outcome.describe()} · {len(final.history)} steps · margin {margin_of(final)}"
    )
    low = play(boardlab.load("kalimambo"), [RandomAgent() for _ in range(5)], seed=7)
    assert low.game.score_order == "low" and margin_of(low) >= 0


def test_hooks_have_generic_defaults(game):
    state = game.new_game(0)
    action = state.legal_actions()[0]
    assert Game.choice_hint == "filter the moves"
    assert Game.choice_path(game, state, action) == (str(action),)


def test_reprs_are_short_and_stable(game):
    assert repr(ParameterPanel("kilimanjaro")) == "ParameterPanel('kilimanjaro')"
    assert repr(PlayPanel(game, [None, RandomAgent(), RandomAgent()])) == (
        "PlayPanel(boardlab.load('kilimanjaro'), [human, RandomAgent(), RandomAgent()])"
    )
    assert repr(GameExplorer("template")) == "GameExplorer('template')"


# -- app mode (make app) ------------------------------------------------------------------
APP_NOTEBOOKS = sorted(
    path
    for path in (Path(__file__).resolve().parents[1] / "notebooks").glob("*.ipynb")
    if path.stem in boardlab.game_names()
)


@pytest.mark.parametrize("path", APP_NOTEBOOKS, ids=lambda p: p.stem)
def test_the_app_of_every_notebook_opens_on_its_play_panel_and_runs_alone(path, tmp_path):
    """``make app`` serves the cells tagged ``app``: the title, then the game's ``ClassApp``
    (a fresh game, the guided game, the rules in players' words); no explorer (its random
    game opens at its end), no exercise to edit, no sweep; it runs in a fresh namespace."""
    notebook = json.loads(path.read_text(encoding="utf-8"))
    target = app.write_app(path, tmp_path)
    assert target == tmp_path / path.name
    made = json.loads(target.read_text(encoding="utf-8"))
    assert made == app.app_notebook(notebook, path.name)  # what make app serves, afresh
    cells = made["cells"]
    assert cells[0]["cell_type"] == "markdown" and "".join(cells[0]["source"]).startswith("# ")
    code = ["".join(c["source"]) for c in cells if c["cell_type"] == "code"]
    assert len(code) == 1 and "ClassApp(" in code[0], "the app must be the game's ClassApp"
    assert all(c.get("outputs") == [] for c in cells if c["cell_type"] == "code")
    assert "app" not in json.dumps([c["metadata"] for c in cells])
    namespace: dict = {}  # stands alone: imports what it uses
    *body, last = code[0].strip().splitlines()
    exec("\n".join(body), namespace)
    shown = eval(last, namespace)
    assert isinstance(shown, app.ClassApp) and shown.game_name == path.stem
    assert shown.play.state.history == [] and shown.play.state.outcome is None  # fresh
    assert len(notebook["cells"]) > 3 * len(cells)  # much shorter than the notebook


def test_a_notebook_without_app_cells_is_refused_with_what_to_tag(tmp_path, capsys):
    untagged = {"cells": [{"cell_type": "code", "metadata": {}, "source": ["1"]}]}
    source = tmp_path / "new.ipynb"
    source.write_text(json.dumps(untagged), encoding="utf-8")
    with pytest.raises(ValueError, match="no code cell tagged 'app'"):
        app.app_notebook(untagged, "new.ipynb")
    assert app.main([str(source), str(tmp_path / "out")]) == 1
    assert "tag the cells the app shows" in capsys.readouterr().err
    assert not (tmp_path / "out" / "new.ipynb").exists()
    with pytest.raises(SystemExit) as usage:
        app.main([])
    assert usage.value.code == 2


def test_the_explorer_names_the_rule_it_opens_with_and_its_picture_says_so():
    import base64

    explorer = GameExplorer("kalimambo", seed=7, players=3)
    assert plain(explorer.summary.value).startswith("With players=3: Game over")
    png = base64.b64decode(explorer._repr_mimebundle_()["image/png"])
    width, height = png_size(png)
    board_width, board_height = png_size(explorer.viewer.image.value)
    assert width == board_width and height > board_height  # the board under a caption band
    assert GameExplorer("kalimambo", seed=7).summary.value.startswith("<div")
    assert "With" not in plain(GameExplorer("kalimambo", seed=7).summary.value)


def test_the_viewer_opens_at_the_step_asked(finished):
    viewer = GameViewer(finished, step=5)
    assert viewer.step == 5 == viewer.slider.value
    assert "Step 5 of" in plain(viewer.narration.value)
    assert viewer.image.value == viewer.png(5)
    assert GameViewer(finished, step=10**6).step == len(finished.history)  # clamped


def test_a_rule_with_one_allowed_value_is_shown_but_not_offered():
    """Jambo is for two: its players slider shows 2 and cannot be moved."""
    from boardlab.widgets import ParameterPanel

    panel = ParameterPanel("jambo")
    players = panel.controls["players"]
    assert players.disabled and players.value == 2
    assert "boardlab-param-fixed" in players._dom_classes
    assert not ParameterPanel("kilimanjaro").controls["players"].disabled
