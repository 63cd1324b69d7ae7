"""Keyboard and screen readers, kernel-side (the browser side: tests/browser/test_keyboard.py).

- A board picture's text alternative (``board_alt``) tells the position in words: the
  game, whose view, whose turn, the scores, the viewer's hand (never another's) and the
  latest line of the narration the viewer may read; no Python reprs.
- Every icon button (no text) of the play panel and the viewer has a tooltip, which the
  front end (``Access``) makes its ``aria-label``.
- The status and the narration are the parts read out when they change
  (``aria-live``), and each panel carries its ``Access`` for its own CSS class.
- After Play (and the bots' replies) the focus is sent to the next decision's first
  step, or to New game when the game is over; a ``choose()`` from code moves no focus.
"""

from __future__ import annotations

import re

import ipywidgets
import matplotlib

matplotlib.use("Agg")

import pytest

import boardlab
from boardlab.render import release
from boardlab.sim import RandomAgent, play
from boardlab.widgets import GameViewer, PlayPanel
from boardlab.widgets.layout import ACCESS_JS, LIVE, Access, board_alt

GAMES = ["template", "kalimambo", "jambo", "kilimanjaro", "kombo_afrika", "tembo"]
#: Kalimambo short enough for a test: two rounds of cards 0-6, against one bot.
SHORT = {"players": 2, "rounds": 2, "max_card": 6}


def _alt_checks(state, viewer) -> str:
    said = board_alt(state, viewer)
    game = state.game
    assert said.startswith(f"{getattr(game, 'title', game.name)}: the board as "), said
    assert not re.search(r"[\[\]{}<>]|\bNone\b|\w+_\w+=", said), f"a repr: {said}"
    scores = ", ".join(f"player {p} has {x:g} " for p, x in enumerate(state.scores))
    assert all(part in said for part in scores.split(", ")), said
    events = state.visible_events(viewer)
    assert said.endswith(f"Latest: {events[-1].text.rstrip('.')}."), said
    return said


@pytest.mark.parametrize("name", GAMES)
def test_a_boards_alt_text_tells_the_position_in_words(name):
    game = boardlab.load(name)
    state = game.new_game(5)
    for _ in range(6):  # a few moves in: a narration, maybe scores
        if state.outcome is not None:
            break
        state.apply(sorted(state.legal_actions(), key=str)[0])
    mover = state.current_player
    said = _alt_checks(state, mover)
    assert f"the board as player {mover} sees it; player {mover} to play." in said
    hand = state.observation(mover).get("hand")
    if isinstance(hand, list) and hand:
        assert f"Your hand: {', '.join(map(str, hand[:12]))}" in said
    spectator = _alt_checks(state, None)
    assert "the board as a spectator sees it" in spectator and "Your hand" not in spectator


def test_the_alt_text_tells_only_what_the_viewer_may_read():
    """Jambo's draws are told to the drawer alone: the other's alt says only that a card
    was drawn, and never their hand."""
    game = boardlab.load("jambo")
    state = game.new_game(3)
    secret = None
    for _ in range(200):
        if state.outcome is not None:
            break
        last = state.events[-1]
        if last.visible_to is not None and len(last.visible_to) == 1:
            secret = last
            break
        state.apply(sorted(state.legal_actions(), key=str)[0])
    assert secret is not None, "no event told to one player alone in 200 moves"
    reader = secret.visible_to[0]
    other = 1 - reader
    assert f"Latest: {secret.text.rstrip('.')}." in board_alt(state, reader)
    theirs = board_alt(state, other)
    assert secret.text not in theirs
    hand = state.observation(reader)["hand"]
    assert f"Your hand: {', '.join(hand)}" not in theirs


def test_the_alt_text_says_how_the_game_ended():
    game = boardlab.load("kalimambo", **SHORT)
    final = play(game, [RandomAgent(), RandomAgent()], seed=2)
    said = board_alt(final, 0)
    winners = " and ".join(f"player {p}" for p in final.outcome.winners)
    assert f"the game is over: {winners} win" in said
    assert "penalty points" in said  # the game's own word for its scores


def _widgets(widget) -> list:
    """The widgets shown (a hidden box's parts are not)."""
    if isinstance(widget, ipywidgets.DOMWidget) and widget.layout.display == "none":
        return []
    out = [widget]
    for child in getattr(widget, "children", ()):
        out += _widgets(child)
    return out


def _icon_buttons(widget) -> list:
    return [
        w
        for w in _widgets(widget)
        if isinstance(w, ipywidgets.Button | ipywidgets.ToggleButton) and not w.description
    ]


def test_every_icon_button_has_a_label_to_read():
    game = boardlab.load("kalimambo", **SHORT)
    viewer = GameViewer(play(game, [RandomAgent(), RandomAgent()], seed=0), viewer=0)
    icons = _icon_buttons(viewer)
    assert len(icons) == 5  # ⏮ ◀ ▶/⏸ ▶ ⏭
    assert [b.tooltip for b in icons] == [
        "first step: the deal",
        "previous step",
        "play the game step by step",
        "next step",
        "last step: the end",
    ]
    viewer.play_button.value = True  # ⏸: the label follows
    assert viewer.play_button.tooltip == "pause"
    viewer.play_button.value = False
    panel = PlayPanel("template", [None, RandomAgent(), RandomAgent()], seed=11)
    panel.click_board(*_a_place(panel))
    assert panel.place is not None
    for button in _widgets(panel):
        if isinstance(button, ipywidgets.Button):
            assert (button.description or button.tooltip or "").strip(), button
    # the front end copies an icon button's tooltip (its title) to its aria-label
    assert 'setAttribute("aria-label", text)' in ACCESS_JS


def _a_place(panel) -> tuple[float, float]:
    """A pixel of a place with moves on the template game's board (``click_example``)."""
    render = panel.game.renderer()
    _, (left, bottom, right, top) = render.click_example(panel.state, 0)
    fig = render.draw(panel.state, viewer=0)
    try:
        ax = fig.axes[0]
        ax.apply_aspect()
        x, y = ax.transData.transform(((left + right) / 2, (bottom + top) / 2))
        scale = 80 / fig.dpi
        return x * scale, (fig.get_size_inches()[1] * fig.dpi - y) * scale
    finally:
        release(fig)


def test_status_and_narration_are_read_out_and_each_panel_has_its_access():
    panel = PlayPanel(boardlab.load("kalimambo", **SHORT), [None, RandomAgent()], seed=0)
    assert LIVE in panel.status._dom_classes and LIVE in panel.narration._dom_classes
    assert isinstance(panel.access, Access) and panel.access in panel.children
    assert panel.access.host == "boardlab-play" and "boardlab-play" in panel._dom_classes
    assert panel.access.layout.display == "none"  # nothing to see
    viewer = GameViewer(panel.state)
    assert viewer.access.host == "boardlab-viewer" and viewer.access in viewer.children
    assert LIVE in viewer.narration._dom_classes
    assert "boardlab-viewer" in viewer._dom_classes
    # the live parts' stable inner element carries aria-live (an HTML widget's value is
    # replaced whole; a region made afresh is not read out)
    assert ".boardlab-live > .widget-html-content" in ACCESS_JS
    assert 'setAttribute("aria-live", "polite")' in ACCESS_JS
    assert "data-lm-suppress-shortcuts" in ACCESS_JS


def test_the_focus_returns_to_the_choices_after_play():
    panel = PlayPanel(boardlab.load("kalimambo", **SHORT), [None, RandomAgent()], seed=0)
    sent: list[dict] = []
    panel.access.send = sent.append
    panel.choose(panel.legal_actions[0])  # from code: no focus moved
    assert sent == []
    panel.new_game(0)
    panel.pick("play card 2")
    panel.play_button.click()
    first = panel.levels[0]
    assert sent == [{"focus": f".boardlab-focus-{first.model_id}"}]
    assert f"boardlab-focus-{first.model_id}" in first._dom_classes
    assert panel.state.outcome is None and panel.legal_actions
    panel.pick(panel.levels[0].options[0])
    panel.play_button.click()  # the last round: the game is over
    assert panel.state.outcome is not None and not panel.levels
    new = panel.new_game_button
    assert sent[-1] == {"focus": f".boardlab-focus-{new.model_id}"}
    assert f"boardlab-focus-{new.model_id}" in new._dom_classes


def test_in_hot_seat_play_the_focus_goes_to_the_seat_then_to_the_hand():
    """Between two students' turns the focus is on "I'm player N"; once pressed, on the
    choices of the hand it shows."""
    game = boardlab.load("kalimambo", **SHORT)
    panel = PlayPanel(game, [None, None], seed=0, hot_seat=True)
    sent: list[dict] = []
    panel.access.send = sent.append
    panel.seat_button.click()  # player 0 takes the seat
    assert not panel.covered and panel.levels
    assert sent[-1] == {"focus": f".boardlab-focus-{panel.levels[0].model_id}"}
    panel.pick(panel.levels[0].options[0])
    panel.play_button.click()  # player 1's turn: the screen is covered
    assert panel.covered and not panel.levels
    assert sent[-1] == {"focus": f".boardlab-focus-{panel.seat_button.model_id}"}
    panel.seat_button.click()
    assert not panel.covered and panel.state.current_player == 1
    assert sent[-1] == {"focus": f".boardlab-focus-{panel.levels[0].model_id}"}


def test_without_anywidget_the_panels_work_without_this_help():
    """The no-install site has no anywidget: the panels play and the viewer steps, with a
    stand-in that moves no focus."""
    import subprocess
    import sys

    code = """
import sys
sys.modules["anywidget"] = None  # import anywidget fails
import boardlab
from boardlab.sim import RandomAgent, play
from boardlab.widgets import GameViewer, PlayPanel
from boardlab.widgets.layout import Access
import ipywidgets
assert issubclass(Access, ipywidgets.HTML)
game = boardlab.load("kalimambo", players=2, rounds=2, max_card=6)
panel = PlayPanel(game, [None, RandomAgent()], seed=0)
while panel.state.outcome is None:
    panel.pick(panel.levels[0].options[0])
    panel.play_button.click()
viewer = GameViewer(panel.state)
viewer.next_button.click()
print("played", viewer.step)
"""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "played 1"
