"""What the browser suite checks, kernel-side, for the game of every notebook: a fast signal.

``tests/browser/`` clicks the widgets of every notebook in a real browser;
these tests press the same buttons from Python (``button.click()``) for the
game of every ``notebooks/<game>.ipynb``, in seconds:

- ``GameViewer``: ▶ moves one step on and changes board and narration, and
  rapid clicks on its buttons keep the slider, the board and the narration on
  one step;
- ``PlayPanel``: choosing the first option of each step, then Play, plays a
  legal action and the bots reply; nothing is chosen at first, and choosing
  an option alone never plays it (no accidental end of turn);
- ``GameExplorer``: a changed parameter gives a new game, summed up in one
  line, and a new viewer at its last step;
- the CSS classes the browser suite finds the widgets by are there.
"""

import re
from pathlib import Path

import matplotlib

matplotlib.use("Agg")

import pytest
from conformance import UNLISTED

import boardlab
from boardlab.render import release
from boardlab.sim import RandomAgent, play
from boardlab.widgets import GameExplorer, GameViewer, ParameterPanel, PlayPanel

NOTEBOOKS = sorted((Path(__file__).resolve().parents[1] / "notebooks").glob("*.ipynb"))
#: One notebook per game, named after it (README, "Layout").
GAMES = [path.stem for path in NOTEBOOKS if path.stem in boardlab.game_names()]
#: Notebooks that teach across the games, with no game of their own.
LABS = {"game_design_lab"}


def test_every_notebook_is_named_after_a_game():
    names = boardlab.game_names()
    strays = [p.name for p in NOTEBOOKS if p.stem not in names and p.stem not in LABS]
    assert not strays, (
        f"notebooks not named after a game of {names}: {strays}: a game's notebook is "
        "notebooks/<game>.ipynb; one across the games is listed in LABS here"
    )


def plain(html: str) -> str:
    return re.sub(r"<[^>]+>", "", html)


def classes(widget) -> set[str]:
    return set(widget._dom_classes)


@pytest.fixture(scope="module", params=GAMES)
def game(request):
    return boardlab.load(request.param)


@pytest.fixture(scope="module")
def finished(game):
    return play(game, [RandomAgent() for _ in range(game.num_players)], seed=3)


def test_viewer_next_moves_one_step_and_changes_the_board(finished):
    viewer = GameViewer(finished)
    assert len(viewer.states) >= 2, "a whole game has more than the deal"
    image, narration = viewer.image.value, viewer.narration.value
    viewer.next_button.click()
    assert viewer.step == 1 and viewer.slider.value == 1
    assert viewer.image.value != image
    assert viewer.narration.value != narration
    assert viewer.image.value == viewer.png(1)
    viewer.prev_button.click()
    assert viewer.step == 0 and viewer.image.value == image


def test_viewer_rapid_clicks_stay_on_one_step(finished):
    viewer = GameViewer(finished)
    last = len(viewer.states) - 1
    for button in [viewer.last_button, viewer.prev_button, viewer.prev_button]:
        button.click()
    viewer.play_button.value = True
    viewer.first_button.click()
    viewer.next_button.click()
    viewer.last_button.click()
    viewer.prev_button.click()
    assert viewer.step == viewer.slider.value == last - 1
    assert viewer.image.value == viewer.png(last - 1)
    assert f"Step {last - 1} of {last}" in viewer.narration.value
    assert not viewer.playing and not viewer.play_button.value


def test_viewer_parts_carry_the_browser_suites_classes(finished):
    viewer = GameViewer(finished)
    assert "boardlab-viewer" in classes(viewer)
    assert "boardlab-viewer-next" in classes(viewer.next_button)
    assert "boardlab-viewer-prev" in classes(viewer.prev_button)
    assert "boardlab-viewer-play" in classes(viewer.play_button)
    assert "boardlab-viewer-first" in classes(viewer.first_button)
    assert "boardlab-viewer-last" in classes(viewer.last_button)
    assert "boardlab-viewer-step" in classes(viewer.slider)
    assert "boardlab-viewer-image" in classes(viewer.image)
    assert "boardlab-viewer-narration" in classes(viewer.narration)


def click_first_offer(panel: PlayPanel) -> None:
    """What the browser suite does: the first option of each step (nothing is chosen
    before), each click playing nothing, until Play is enabled; then Play."""
    assert "boardlab-play-go" in classes(panel.play_button)
    assert panel.path == () and panel.play_button.disabled
    history = list(panel.state.history)
    while panel.play_button.disabled:
        level = panel.levels[len(panel.path)]
        assert "boardlab-play-step" in classes(level)
        assert level.value is None
        level.value = level.options[0]
        assert panel.state.history == history  # a choice alone plays nothing
    panel.play_button.click()


def test_no_first_choice_plays_a_move_by_itself(game):
    bots = [RandomAgent() for _ in range(game.num_players - 1)]
    panel = PlayPanel(game, [None, *bots], seed=5)
    for label in list(panel.levels[0].options):
        panel.levels[0].value = label
        assert panel.state.history == [] and panel.levels[0].value == label
    panel.levels[0].value = None
    assert panel.play_button.disabled and panel.selected is None


def test_play_panel_click_plays_a_legal_action_and_the_bots_reply(game):
    bots = [RandomAgent() for _ in range(game.num_players - 1)]
    panel = PlayPanel(game, [None, *bots], seed=5)
    assert "boardlab-play" in classes(panel)
    assert panel.state.current_player == 0 and panel.legal_actions
    # a move may not end the human's turn: click (at most 10 times) until the bots reply
    for _ in range(10):
        firsts = {game.choice_path(panel.state, a)[0] for a in panel.legal_actions}
        assert sorted(panel.levels[0].options) == sorted(firsts)
        offered = sorted(map(str, panel.legal_actions))
        before = len(panel.state.history)
        image = panel.image.value

        click_first_offer(panel)

        history = panel.state.history
        assert str(history[before]) in offered  # the human's action, as offered
        assert panel.image.value != image
        assert "Since your last move" in plain(panel.narration.value)
        if len(history) >= before + 2 or panel.state.outcome is not None:
            break
    else:
        pytest.fail(
            f"{game.name}: ten moves of player 0 and no bot replied: after a turn, "
            "current_player must pass to the other seats"
        )
    if panel.state.outcome is None:
        assert panel.state.current_player == 0  # the bots stop when the human must decide
        # the narration shows the human's move and at least one of the bots'
        assert panel.narration.value.count("<li>") >= 2


def _change(panel: ParameterPanel) -> str:
    """Change one parameter as the browser suite does: players, else a slider, a drop-down,
    a checkbox. Returns its name."""
    kinds = {s.name: s.kind for s in panel.specs}
    order = [n for n in kinds if n == "players" and kinds[n] == "int"]
    order += [n for n in kinds if kinds[n] == "int"]
    order += [n for n in kinds if kinds[n] in ("choice", "bool")]
    for name in order:
        spec = next(s for s in panel.specs if s.name == name)
        control = panel.controls[name]
        if control.disabled:  # a rule with one allowed value: nothing to change
            continue
        if spec.kind == "int":
            control.value = control.value + 1 if control.value < control.max else control.value - 1
        elif spec.kind == "choice":
            control.value = next(o for o in control.options if o != control.value)
        else:
            control.value = not control.value
        if panel.game is not None:
            return name
        panel.reset()
    pytest.fail(
        f"no single control of {panel.game_name} can be changed to a valid game: let one "
        "parameter (players, an int, a choice or a bool) change alone, within what validate "
        "accepts"
    )


def test_explorer_follows_a_changed_parameter(game):
    explorer = GameExplorer(game.name, seed=2)
    assert "boardlab-explorer" in classes(explorer)
    assert "boardlab-params" in classes(explorer.panel)
    assert all("boardlab-param" in classes(c) for c in explorer.panel.controls.values())
    old_viewer, old_game = explorer.viewer, explorer.panel.game
    message = explorer.panel.message.value

    name = _change(explorer.panel)

    assert explorer.panel.game is not None and explorer.panel.game != old_game
    assert explorer.panel.message.value != message and "✓" in explorer.panel.message.value
    assert explorer.viewer is not old_viewer and explorer.viewer in explorer.children
    assert explorer.viewer.game == explorer.panel.game
    final = explorer.viewer.states[-1]
    assert explorer.viewer.step == len(final.history)  # shown at its end
    assert plain(explorer.summary.value).startswith(f"With {name}=")
    assert final.outcome.describe() in plain(explorer.summary.value)
    if name == "players":
        assert explorer.viewer.game.num_players != old_game.num_players
        assert explorer.viewer.image.value != old_viewer.image.value


def test_widget_outputs_carry_a_picture_of_the_board(game, finished):
    """Saved notebooks show the board where no widget can run (GitHub): the output bundle
    holds the board the widget shows, as PNG, beside the live widget; the explorer's board
    under a caption that names the rule and the game it gave."""
    import base64

    from boardlab.render import png_size

    viewer = GameViewer(finished, step=2)
    panel = PlayPanel(game, [None, *[RandomAgent()] * (game.num_players - 1)], seed=1)
    explorer = GameExplorer(game.name, seed=1)
    for widget, image in [(viewer, viewer.image), (panel, panel.image)]:
        bundle = widget._repr_mimebundle_()
        assert "application/vnd.jupyter.widget-view+json" in bundle
        assert bundle["text/plain"] == repr(widget)
        assert base64.b64decode(bundle["image/png"]) == image.value
    assert viewer.image.value == viewer.png(2) != viewer.png(0)  # the step asked, not the deal
    bundle = explorer._repr_mimebundle_()
    assert bundle["text/plain"] == repr(explorer)
    (width, height), board = png_size(base64.b64decode(bundle["image/png"])), explorer.viewer
    assert width == png_size(board.image.value)[0] and height > png_size(board.image.value)[1]


def _pixel(fig, ax, u: float, v: float) -> tuple[float, float]:
    """The pixel of ``to_png`` (default dpi, y down) showing board point ``(u, v)``."""
    ax.apply_aspect()
    x, y = ax.transData.transform((u, v))
    scale = 80 / fig.dpi
    return x * scale, (fig.get_size_inches()[1] * fig.dpi - y) * scale


#: Every game with a board to click: the product's games and the templates.
CLICKABLE = [*boardlab.game_names(), *UNLISTED]
#: At most this many moves a ``click_example`` may ask to play before it names a place.
LEAD_UP = 10
HOOK = (
    "add click_example(state, viewer=0) to {path}, returning a "
    "place a move of the viewer is about as locate lists it, (name, (left, bottom, right, "
    "top)) in the board's data coordinates, or a legal action to play first "
    "(boardlab/games/_template/render.py shows one); a game whose moves are about no "
    "place writes click_example = None there instead"
)


def click_on_example(panel: PlayPanel) -> tuple[tuple[float, float], str]:
    """Ask the renderer's ``click_example`` for a place of player 0's board, playing the
    moves it asks for first (the bots reply in between): a pixel at the place's centre in
    the board the panel shows, and the place's name."""
    render, name = panel._renderer, panel.game.name
    for _ in range(LEAD_UP):
        example = render.click_example(panel.state, 0)
        if isinstance(example, tuple):
            break
        assert example in panel.legal_actions, (
            f"{name}: render.click_example asks to play {example!r} first, which is no legal "
            "move of player 0 here: return one of state.legal_actions(), or a place as "
            "(name, (left, bottom, right, top))"
        )
        panel.choose(example)
    else:
        pytest.fail(f"{name}: render.click_example named no place in {LEAD_UP} moves")
    place, (left, bottom, right, top) = example
    fig = render.draw(panel.state, viewer=0)
    try:
        point = _pixel(fig, fig.axes[0], (left + right) / 2, (bottom + top) / 2)
    finally:
        release(fig)
    return point, place


@pytest.mark.parametrize("name", CLICKABLE)
def test_a_click_on_the_board_narrows_the_choices_to_that_place(name):
    """A click on a place keeps only the moves whose steps mention it, chooses nothing, and
    the move played from what is left is about that place; a click off the board shows
    every move again. The place comes from the game's renderer (``click_example``)."""
    game = boardlab.load(name)
    render = game.renderer()
    if not hasattr(render, "click_example"):
        path = render.__name__.replace(".", "/") + ".py"
        pytest.fail(f"{name}'s renderer shows no place to click: {HOOK.format(path=path)}")
    if render.click_example is None:
        assert getattr(render, "locate", None) is None, (
            f"{name}'s render.py says its board has no places (click_example = None) but "
            "has a locate: give it a click_example instead"
        )
        pytest.skip(f"{name} declares no places on its board (render.click_example = None)")
    assert getattr(render, "locate", None) is not None, (
        f"{name}'s render.py has a click_example but no locate(state, x, y, viewer=None): "
        "add it (boardlab/games/README.md, 'The board's click map')"
    )
    bots = [RandomAgent() for _ in range(game.num_players - 1)]
    panel = PlayPanel(game, [None, *bots], seed=5)
    (x, y), place = click_on_example(panel)
    every = len(steps_of(panel))
    assert "Click the board" in panel.board_hint.value

    assert panel.click_board(x, y) == place and panel.place == place, (
        f"{name}: render.locate does not name {place!r} at the centre of the box "
        "render.click_example gives for it: the two must list the place alike"
    )
    narrowed = steps_of(panel)
    assert 0 < len(narrowed) < every, (
        f"{name}: a click on {place!r} keeps {len(narrowed)} of {every} moves: "
        "click_example must name a place some moves are about, but not every move"
    )
    assert all(place.lower() in " · ".join(c.path).lower() for c in narrowed if c.legal)
    assert panel.path == () and panel.levels[0].value is None  # narrowed, not chosen
    assert f"only: {place}" in panel.place_button.description
    before = len(panel.state.history)
    click_first_offer(panel)
    played = panel.state.history[before]
    assert place.lower() in " · ".join(game.choice_path(panel.state, played)).lower() or (
        place.lower() in str(played).lower()
    )


def steps_of(panel: PlayPanel) -> list:
    """The legal moves the panel offers now (after the filter and the place)."""
    return [c for c in panel._shown if c.legal]


def test_the_narration_comes_last_after_a_move(game):
    """Once the narration of a move shows, everything else of the next decision is there:
    a new board beside a Play still enabled for the move just played made the browser
    suite's next press wait 30 s under load."""
    bots = [RandomAgent() for _ in range(game.num_players - 1)]
    panel = PlayPanel(game, [None, *bots], seed=5)
    changes: list[str] = []
    panel.play_button.observe(
        lambda c: changes.append(f"play {'off' if c['new'] else 'on'}"), names="disabled"
    )
    panel.image.observe(lambda c: changes.append("board"), names="value")
    panel.status.observe(lambda c: changes.append("status"), names="value")
    panel.steps.observe(lambda c: changes.append("steps"), names="children")
    panel.narration.observe(lambda c: changes.append("narration"), names="value")
    while panel.play_button.disabled:  # the first option of each step: a whole move
        panel.levels[-1].value = panel.levels[-1].options[0]
    assert changes[-1] == "play on"
    changes.clear()
    panel.play_button.click()
    # the narration last: once the browser shows what happened, the board, the status, the
    # steps and Play it shows are the next decision's (the browser suite waits on it)
    assert changes[-1] == "narration" and changes.count("narration") == 1, changes
    assert {"play off", "board"} <= set(changes), changes


def test_the_board_picture_says_what_it_shows(game):
    """A screen reader hears the game, whose view and whose turn (the picture's alt text),
    in the play panel and in the viewer, and it follows the game."""
    bots = [RandomAgent() for _ in range(game.num_players - 1)]
    panel = PlayPanel(game, [None, *bots], seed=5)
    assert "player 0" in panel.image.tooltip and game.title.split()[0] in panel.image.tooltip
    viewer = GameViewer(play(game, [RandomAgent() for _ in range(game.num_players)], 3))
    viewer.last_button.click()
    assert "the game is over" in viewer.image.tooltip, viewer.image.tooltip
