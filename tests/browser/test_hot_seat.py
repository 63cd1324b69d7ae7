"""Two students at one screen play Kombo Afrika to its end in JupyterLab (hot seat).

A cell of the notebook of play panels (``conftest.panels_page``) holds a
``PlayPanel(..., hot_seat=True)`` for two humans, near the end (``arrange``: a
red combo on the board gives player 0 the target). Before each player's turn
the panel is covered: the board is a spectator's, no choices are shown and
the hand's card is nowhere in the panel's text, until "I'm player N" is
clicked; then that player's card is among the choices. The first option of each
step is played until the outcome and the standings show in words.
"""

from __future__ import annotations

import re

from .conftest import PANEL_CELLS, panel_of, shoot
from .test_notebooks_in_browser import REACT_TIMEOUT, choose_whole_move, top

KEY = "hot-seat"
#: Each player's one card in hand: what the cover must hide.
HANDS = ["brown PAPO 3", "green SURI 3"]
PANEL_CELLS[KEY] = f"""game = boardlab.load("kombo_afrika")
start = game.new_game(0).arrange(
    board={{"a1": "red SURI 3", "b1": "red PAPO 3", "c1": "red KONG 5"}},
    hands=[[{HANDS[0]!r}], [{HANDS[1]!r}]],
    scores=[70, 62],
)
PlayPanel(game, [None, None], start=start, hot_seat=True)"""
#: The most moves before the outcome must show (the game ends in 4).
MOVES = 10


class _Run:
    """What ``choose_whole_move`` needs of a run notebook: its name and page."""

    def __init__(self, name, page) -> None:
        self.name, self.page = name, page


def test_two_humans_take_turns_behind_the_cover_to_the_end(panel_page):
    from playwright.sync_api import expect

    page = panel_page
    panel = panel_of(page, KEY)
    top(panel)
    wait = REACT_TIMEOUT * 1000
    status = panel.locator(".boardlab-play-status")
    cover = panel.locator(".boardlab-play-cover")
    take_seat = panel.locator("button.boardlab-play-take-seat")
    image = panel.locator("img.boardlab-play-image")
    steps = panel.locator(".boardlab-play-step")
    run = _Run(KEY, page)
    covers = []
    for _ in range(MOVES):
        if re.search(r"Game over|cut short", status.inner_text()):
            break
        if cover.is_visible():
            player = int(re.search(r"I'm player (\d)", take_seat.inner_text()).group(1))
            covers.append(player)
            # covered: a spectator's board, no choices, the hands nowhere in the text
            expect(image).to_have_attribute("title", re.compile("as a spectator sees it"))
            assert steps.count() == 0
            text = panel.inner_text()
            assert not [card for card in HANDS if card in text], text
            shoot(page, f"hot-seat-cover-{player}")
            take_seat.click()
            expect(cover).to_be_hidden(timeout=wait)
            expect(image).to_have_attribute(
                "title", re.compile(f"as player {player} sees it"), timeout=wait
            )
            expect(steps.first).to_contain_text(HANDS[player], timeout=wait)
            if player == 0:  # (player 0's card is on the board, face up, by player 1's turn)
                assert HANDS[1] not in panel.inner_text()
            continue
        words = panel.locator(".boardlab-play-narration").inner_text()
        choose_whole_move(run, panel).click()
        expect(panel.locator(".boardlab-play-narration")).not_to_have_text(words, timeout=wait)
        # the next decision is shown with nothing chosen: Play is disabled again
        expect(panel.locator("button.boardlab-play-go")).to_be_disabled(timeout=wait)
    assert covers == [0, 1], f"the cover came before the turns of {covers}, not of 0 then 1"
    expect(status).to_contain_text("Game over: player 0 wins", timeout=wait)
    standings = panel.locator(".boardlab-play-standings")
    expect(standings).to_contain_text("Player 0: You finished 1st of 2")
    expect(standings).to_contain_text("Player 1: You finished 2nd of 2")
    expect(standings).to_contain_text("Final places")
    shoot(page, "hot-seat-over")
