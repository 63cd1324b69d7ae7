"""Hot-seat play: two or more humans at one screen (``PlayPanel(..., hot_seat=True)``).

Between two different humans' turns the panel covers the hand: the board is drawn
for nobody's hidden cards, there are no choices, no rule text and no narration of
the moves, until the next player presses "I'm player N". Every string the widget
shows while covered, and the board it draws, are checked against each human's
hidden cards and private narration, in every game. Bots between the humans play
on; one human with bots is never covered; cooperative Tembo covers a team of
humans only when hands are hidden. At the end each human reads how they did.
"""

import random
import re

import matplotlib

matplotlib.use("Agg")

import ipywidgets as widgets
import pytest

import boardlab
from boardlab.core import IllegalAction
from boardlab.sim import RandomAgent
from boardlab.widgets import PlayPanel
from boardlab.widgets.layout import SHARP_DPI

GAMES = ["jambo", "kalimambo", "kilimanjaro", "kombo_afrika", "tembo"]


def plain(text: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", text))


def shown_strings(widget) -> list[str]:
    """Every string the widget and its parts show (hidden parts too): values, labels,
    tooltips, placeholders, the options of lists, the titles of folded panels."""
    out = []
    for name in ("value", "description", "tooltip", "placeholder"):
        value = getattr(widget, name, None)
        if isinstance(value, str):
            out.append(plain(value))
    if isinstance(widget, widgets.RadioButtons | widgets.Select):
        out.extend(str(option) for option in widget.options)
    if isinstance(widget, widgets.Accordion):
        out.extend(widget.get_title(k) or "" for k in range(len(widget.children)))
    for child in getattr(widget, "children", ()):
        out.extend(shown_strings(child))
    return out


def leaves(x):
    if isinstance(x, str):
        yield x
    elif isinstance(x, dict):
        for value in x.values():
            yield from leaves(value)
    elif isinstance(x, list | tuple):
        for value in x:
            yield from leaves(value)


def secrets(state, player: int) -> tuple[set[str], set[str]]:
    """What ``player`` knows and a spectator does not: the names in their observation
    (their hand…) and the narration lines only they may read."""
    public = set(leaves(state.observation(None)))
    names = {s for s in leaves(state.observation(player)) if s not in public}
    told = {e.text for e in state.visible_events(None)}
    lines = {e.text for e in state.visible_events(player)} - told
    return names, lines


def humans_and_bots(game) -> list:
    """Two humans (seats 0 and 1), bots in the other seats."""
    return [None, None] + [RandomAgent() for _ in range(game.num_players - 2)]


def play_until_covered(panel: PlayPanel, rng: random.Random, handovers: int) -> None:
    """Play random moves for whoever has the seat until the screen has been covered
    ``handovers`` times (it is covered when this returns)."""
    covers = 0
    for _ in range(500):
        if panel.covered:
            covers += 1
            if covers == handovers:
                return
            panel.take_seat()
        panel.choose(rng.choice(panel.legal_actions))
    raise AssertionError("the screen was never covered")


@pytest.mark.parametrize("name", GAMES)
def test_the_cover_shows_no_secret_of_either_human(name):
    game = boardlab.load(name)
    panel = PlayPanel(game, humans_and_bots(game), seed=2, hot_seat=True)
    play_until_covered(panel, random.Random(0), handovers=3)
    state = panel.state
    assert panel.covered and panel.seat is None and state.current_player in (0, 1)
    assert panel.image.value == game.renderer().to_png(state, viewer=None, dpi=SHARP_DPI)
    assert "the board as a spectator sees it" in panel.image.tooltip
    assert panel.levels == [] and panel.legal_actions == [] and panel.selected is None
    assert panel.not_allowed.value == "" and panel.rule.layout.display == "none"
    # the filter's example (``game.choice_hint``) is the same in every game of it: it
    # may name a card by chance ("e.g. Guard"), never the hand
    text = " | ".join(shown_strings(panel)).replace(game.choice_hint, "")
    checked = 0
    for player in (0, 1):
        names, lines = secrets(state, player)
        checked += len(names) + len(lines)
        for secret in names:
            assert not re.search(rf"(?<!\w){re.escape(secret)}(?!\w)", text), (player, secret)
        for line in lines:
            assert line not in text, (player, line)
    assert checked, f"{name}: nothing hidden to check against"
    who = state.current_player
    assert f"I'm player {who}" in text and panel.seat_button.layout.display != "none"


def test_jambo_two_humans_take_turns_behind_the_cover():
    game = boardlab.load("jambo")
    panel = PlayPanel(game, [None, None], seed=5, hot_seat=True)
    render = game.renderer()
    assert panel.covered and panel.state.current_player == 0  # nobody has the seat yet
    assert plain(panel.status.value).strip() == "Waiting for player 0"
    assert panel.seat_button.description == "I'm player 0"
    with pytest.raises(IllegalAction, match="player 0 has not taken the seat"):
        panel.choose(panel.state.legal_actions()[0])
    panel.seat_button.click()
    assert not panel.covered and panel.seat == 0
    assert panel.cover_box.layout.display == "none"
    assert panel.image.value == render.to_png(panel.state, viewer=0, dpi=SHARP_DPI)
    assert plain(panel.narration.value).startswith(" What happened:")
    assert panel.levels  # player 0's choices
    while panel.state.current_player == 0:  # a Jambo turn is several actions
        panel.choose(panel.legal_actions[-1])
    assert panel.covered and panel.seat_button.description == "I'm player 1"
    assert panel.image.value == render.to_png(panel.state, viewer=None, dpi=SHARP_DPI)
    panel.take_seat()
    assert panel.seat == 1
    assert panel.image.value == render.to_png(panel.state, viewer=1, dpi=SHARP_DPI)
    # player 1 has not moved yet: their narration runs from the deal, in their words
    told = [e.text for e in panel.state.visible_events(1)]
    assert all(line in plain(panel.narration.value) for line in told[-3:])
    while panel.state.current_player == 1:
        panel.choose(panel.legal_actions[-1])
    panel.take_seat()
    assert plain(panel.narration.value).startswith(" Since your last move:")


def test_a_bot_between_two_humans_plays_on():
    game = boardlab.load("kilimanjaro")
    panel = PlayPanel(game, [None, RandomAgent(), None], seed=3, hot_seat=True)
    panel.take_seat()
    panel.choose(panel.legal_actions[0])
    assert panel.state.current_player == 2 and panel.covered  # the bot (1) has played
    assert panel.state.history[-1] != panel.state.history[-2]
    assert panel.seat_button.description == "I'm player 2"


def test_the_same_human_again_is_not_covered():
    # Kombo Afrika: a turn of several steps is one human's; the cover comes once
    game = boardlab.load("kombo_afrika")
    panel = PlayPanel(game, [None, None], seed=1, hot_seat=True)
    panel.take_seat()
    rng = random.Random(4)
    while panel.state.current_player == 0 and panel.state.outcome is None:
        assert not panel.covered
        panel.choose(rng.choice(panel.legal_actions))
    assert panel.covered


def test_one_human_with_bots_is_never_covered():
    game = boardlab.load("jambo")
    panel = PlayPanel(game, [None, RandomAgent()], seed=5)
    assert not panel.covered and panel.cover_box.layout.display == "none"
    with pytest.raises(ValueError, match="hot_seat needs two or more human seats"):
        PlayPanel(game, [None, RandomAgent()], hot_seat=True)
    with pytest.raises(ValueError, match="give no viewer"):
        PlayPanel(game, [None, None], viewer=0, hot_seat=True)


def test_tembo_a_team_of_humans_is_covered_only_when_hands_are_hidden():
    hidden = PlayPanel(boardlab.load("tembo", players=3), [None] * 3, seed=1, hot_seat=True)
    assert hidden.hides_hands and hidden.covered
    open_hands = boardlab.load("tembo", players=2, open_hands=True)
    panel = PlayPanel(open_hands, [None, None], seed=1, hot_seat=True)
    assert not panel.hides_hands
    rng = random.Random(2)
    movers = []
    while movers[-1:] != [0] or 1 not in movers:  # player 0, player 1, player 0 again
        assert panel.state.outcome is None
        assert not panel.covered and panel.seat == panel.state.current_player
        movers.append(panel.state.current_player)
        panel.choose(rng.choice(panel.legal_actions))
    assert movers[0] == 0 and not panel.covered


KOMBO_END = dict(
    board={"a1": "red SURI 3", "b1": "red PAPO 3", "c1": "red KONG 5"},
    hands=[[], []],
    scores=[70, 62],
)


def finish(panel: PlayPanel) -> None:
    for _ in range(200):
        if panel.state.outcome is not None:
            return
        panel.take_seat()
        panel.choose(panel.legal_actions[0])
    raise AssertionError("the game did not end")


def words(html: str) -> str:
    """The text of an HTML value, its spaces squeezed."""
    return " ".join(plain(html).split())


def test_the_end_shows_each_human_how_they_did():
    game = boardlab.load("kombo_afrika")
    start = game.new_game(0).arrange(**KOMBO_END)
    panel = PlayPanel(game, [None, None], hot_seat=True, start=start)
    finish(panel)
    assert panel.state.scores == [81, 62]
    assert words(panel.status.value) == "Game over: player 0 wins (target reached)"
    assert words(panel.standings.value) == (
        "Player 0: You finished 1st of 2, 19 points ahead of the next player. "
        "Player 1: You finished 2nd of 2, 19 points behind the winner. "
        "Final places Place Player Score 1st player 0 81 points 2nd player 1 62 points"
    )
    assert panel.standings.layout.display != "none"
    assert panel.seat is None and not panel.covered  # the end: nobody's hidden cards
    panel.new_game()
    assert panel.standings.value == "" and panel.standings.layout.display == "none"


def test_one_human_reads_you_and_the_table():
    game = boardlab.load("kombo_afrika")
    start = game.new_game(0).arrange(**KOMBO_END)
    panel = PlayPanel(game, [RandomAgent(), None], start=start)
    finish(panel)
    assert not panel.hot_seat and panel.state.scores == [81, 62]  # the bot claimed it
    assert words(panel.standings.value) == (
        "You finished 2nd of 2, 19 points behind the winner. "
        "Final places Place Player Score 1st player 0 81 points 2nd player 1 62 points"
    )


def test_tembo_team_result():
    game = boardlab.load("tembo", players=2)
    start = game.new_game(7).arrange(deck=[])
    panel = PlayPanel(game, [None, None], hot_seat=True, start=start)
    finish(panel)
    assert panel.state.outcome.team == "lost"
    assert words(panel.standings.value) == (
        "Player 0: You and your team lost, with 0 of 6 landmarks visited. "
        "Player 1: You and your team lost, with 0 of 6 landmarks visited. "
        "Final places Result Players Score the team lost player 0 and player 1 "
        "0 of 6 landmarks visited"
    )
