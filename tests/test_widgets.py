"""The notebook widgets, driven kernel-side (no browser): clicks, choices, parameters."""

import re

import matplotlib

matplotlib.use("Agg")

import pytest

import boardlab
from boardlab import IllegalAction, InvalidParameter
from boardlab.games.kilimanjaro import render
from boardlab.sim import RandomAgent, play
from boardlab.widgets import GameExplorer, GameViewer, ParameterPanel, PlayPanel
from boardlab.widgets.play_panel import MAX_BUTTONS, matches, natural_key


def plain(html: str) -> str:
    """The text of an HTML value, tags removed (player names are coloured <b> tags)."""
    return re.sub(r"<[^>]+>", "", html)


@pytest.fixture(scope="module")
def game():
    return boardlab.load("kilimanjaro")


@pytest.fixture(scope="module")
def finished(game):
    return play(game, [RandomAgent() for _ in range(3)], seed=11)


# -- GameViewer ---------------------------------------------------------------------------
def test_viewer_slider_covers_every_action(finished):
    viewer = GameViewer(finished)
    assert viewer.slider.min == 0
    assert viewer.slider.max == len(finished.history)
    assert viewer.player.max == viewer.slider.max
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
def offered(panel: PlayPanel) -> list[str]:
    """The action texts the human can pick now."""
    if panel.select is not None:
        return [label for label, _ in panel.select.options]
    return [b.description for b in panel.buttons]


def pick_first(panel: PlayPanel) -> None:
    """Click the first option, as a person would."""
    if panel.select is not None:
        panel.select.value = panel.select.options[0][1]
        panel.play_button.click()
    else:
        panel.buttons[0].click()


def test_panel_offers_exactly_the_legal_actions(game):
    panel = PlayPanel(game, [None, RandomAgent(), RandomAgent()], seed=3)
    assert panel.state.current_player == 0
    legal = panel.state.legal_actions()
    assert len(legal) > MAX_BUTTONS  # counter placement: a list, not buttons
    assert panel.buttons == [] and panel.select is not None
    assert sorted(offered(panel)) == sorted(str(a) for a in legal)
    assert offered(panel) == sorted(offered(panel), key=natural_key)
    assert "Preparation" in panel.rule.value
    assert "Your move" in panel.status.value
    # the board is drawn as the human sees it: their own hand and counters named
    assert panel.image.value == render.to_png(panel.state, viewer=0)


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


def test_illegal_choice_is_refused_and_changes_nothing(game):
    panel = PlayPanel(game, [None, RandomAgent(), RandomAgent()], seed=3)
    legal = panel.state.legal_actions()
    taken = legal[0]
    panel.choose(taken)
    before = panel.state.clone()
    with pytest.raises(IllegalAction):
        panel.choose(taken)  # that space is taken now
    assert panel.state == before


def test_few_actions_are_buttons_and_clicking_one_plays_it():
    game = boardlab.load("kilimanjaro", players=2, bananas=0, lions=0, changes=0)
    panel = PlayPanel(game, [None, RandomAgent()], seed=1)
    legal = panel.state.legal_actions()
    assert len(legal) <= MAX_BUTTONS and panel.select is None
    assert sorted(offered(panel)) == sorted(str(a) for a in legal)
    assert "Course of play" in panel.rule.value
    chosen = next(a for a in legal if str(a) == panel.buttons[-1].description)
    panel.buttons[-1].click()
    assert panel.state.history[0] == chosen
    assert panel.state.is_terminal or panel.state.current_player == 0
    assert "player 1 plays" in plain(panel.narration.value)


def test_a_whole_game_by_always_taking_the_first_option(game):
    panel = PlayPanel(game, [None, RandomAgent(), RandomAgent()], seed=5)
    for _ in range(game.max_length):
        if panel.state.is_terminal:
            break
        pick_first(panel)
    assert panel.state.is_terminal
    assert "Game over" in panel.status.value
    assert panel.buttons == [] and panel.select is None
    assert "Game end" in panel.rule.value
    assert panel.state.record().actions  # a real game was played


def test_filter_narrows_the_list(game):
    panel = PlayPanel(game, [None, RandomAgent(), RandomAgent()], seed=3)
    panel.filter.value = "37"
    labels = offered(panel)
    assert labels and all("space 37" in label for label in labels)
    panel.filter.value = "no such thing"
    assert offered(panel) == [] and panel.play_button.disabled
    assert matches(["7"], "space 7") and not matches(["7"], "space 17")


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
    assert panel.image.value == render.to_png(panel.state, viewer=1)
    text = plain(panel.narration.value)
    assert "Since player 0's move" in text
    assert f"player 0 places a face-down counter on space {placed.space}" in text
    assert "places their" not in text


def test_panel_needs_one_agent_per_seat(game):
    with pytest.raises(ValueError):
        PlayPanel(game, [None, RandomAgent()])


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


def test_setting_players_changes_the_game():
    seen = []
    panel = ParameterPanel("kilimanjaro", on_change=seen.append)
    panel.controls["players"].value = 2
    assert panel.game.num_players == 2
    assert seen == [panel.game]
    assert panel.params["players"] == 2


def test_invalid_villages_show_an_error_and_no_game():
    seen = []
    panel = ParameterPanel("kilimanjaro", on_change=seen.append)
    panel.controls["villages"].value = "20, x"
    assert panel.game is None
    assert isinstance(panel.error, InvalidParameter) and panel.error.name == "villages"
    assert "villages" in panel.message.value and "⚠" in panel.message.value
    assert seen == []
    panel.controls["villages"].value = "150"  # a whole number, but past the base camp
    assert panel.game is None and "spaces below 100" in panel.message.value
    panel.controls["villages"].value = "30, 10"
    assert panel.game.params["villages"] == (10, 30)
    assert panel.error is None and "✓" in panel.message.value
    assert seen == [panel.game]


def test_reset_restores_the_rulebook():
    panel = ParameterPanel("kilimanjaro", players=4, exact_finish=True)
    assert panel.game.num_players == 4 and panel.game.params["exact_finish"]
    panel.reset_button.click()
    assert panel.game == boardlab.load("kilimanjaro")


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
    explorer.seed.value = 3
    assert explorer.viewer is shown  # still invalid: nothing to rebuild
    explorer.panel.controls["villages"].value = "20, 40, 60, 80"
    assert explorer.viewer is not shown and explorer.viewer.states[0].seed == 3


def test_reprs_are_short_and_stable(game):
    assert repr(ParameterPanel("kilimanjaro")) == "ParameterPanel('kilimanjaro')"
    assert repr(PlayPanel(game, [None, RandomAgent(), RandomAgent()])) == (
        "PlayPanel(boardlab.load('kilimanjaro'), [human, RandomAgent(), RandomAgent()])"
    )
