"""Clicks that help (issue 30, part 5): the play panel names and outlines the places of
the board a legal move is about, and a click anywhere else says why nothing is there.

Kernel-side: each test builds a seeded position, clicks with ``panel.click_board(x, y)``
at a pixel from the renderer's own ``places`` (``place_boxes_px``), and checks the exact
words, and that the picture shown differs from the renderer's plain board only along
the outlined places.
"""

from __future__ import annotations

import io
import re

import numpy as np
import pytest
from matplotlib.image import imread

import boardlab
from boardlab.render.clicks import OUTLINE, outlined, place_boxes_px, place_under
from boardlab.sim import RandomAgent
from boardlab.widgets import PlayPanel
from boardlab.widgets.layout import SHARP_DPI, place_words


def plain(html_text: str) -> str:
    return re.sub(r"<[^>]+>", "", html_text).strip()


def panel_of(name: str, seed: int = 1) -> PlayPanel:
    game = boardlab.load(name)
    return PlayPanel(game, [None] + [RandomAgent() for _ in range(game.num_players - 1)], seed)


def centre(panel: PlayPanel, place: str) -> tuple[float, float]:
    """The middle of ``place`` in the pixels ``click_board`` reads (``to_png``'s default dpi)."""
    boxes = dict(place_boxes_px(panel.game.renderer(), panel.state, panel.seat))
    left, top, right, bottom = boxes[place]
    return (left + right) / 2, (top + bottom) / 2


def options(panel: PlayPanel) -> list[str]:
    return list(panel.levels[0].options) if panel.levels else []


def hint(panel: PlayPanel, places: str) -> str:
    return f"Click the board to keep only the moves about that place (outlined): {places}."


# -- Kalimambo: the cards of the hand -------------------------------------------------
def test_kalimambo_names_and_outlines_the_cards_of_the_hand():
    panel = panel_of("kalimambo")
    hand = panel.state.hand(0)
    assert sorted(a.value for a in panel.state.legal_actions()) == sorted(hand)
    assert panel.move_places == [f"card {c}" for c in hand]
    assert plain(panel.board_hint.value) == hint(panel, "cards " + ", ".join(map(str, hand)))


def test_kalimambo_a_click_on_a_space_says_the_decision_is_about_the_cards():
    panel = panel_of("kalimambo")
    every = options(panel)
    cards = "cards " + ", ".join(map(str, panel.state.hand(0)))
    assert panel.click_board(*centre(panel, "space 5")) is None
    assert plain(panel.message.value) == (
        f"Nothing is played at space 5: this decision is about {cards}."
    )
    assert options(panel) == every  # every move still offered: the click narrowed nothing
    assert panel.click_board(1, 1) is None  # the corner: no place at all
    assert plain(panel.message.value) == f"No place there: this decision is about {cards}."
    card = panel.move_places[2]
    assert panel.click_board(*centre(panel, card)) == card  # a card: its move, no message
    assert options(panel) == [f"play {card}"] and panel.message.value == ""


# -- Tembo: its places ----------------------------------------------------------------
def test_tembo_names_the_support_tokens_and_cards_it_may_play():
    panel = panel_of("tembo")
    state, game = panel.state, panel.game
    tokens = [a.token for a in state.legal_actions() if type(a).__name__ == "Support"]
    cards = sorted(game.card_names[c] for c in state.hands[0])
    assert tokens == ["A", "B", "C", "D"] and cards == ["I-01", "I-09", "I-10"]
    assert panel.move_places == [f"support token {t}" for t in tokens] + cards
    assert plain(panel.board_hint.value) == hint(
        panel, "support tokens A, B, C, D; I-01, I-09, I-10"
    )


def test_tembo_a_click_on_a_cell_says_what_the_decision_is_about():
    panel = panel_of("tembo")
    assert panel.click_board(*centre(panel, "a1")) == "a1"
    assert panel.levels == []
    assert plain(panel.message.value) == (
        "Nothing is played at a1: this decision is about support tokens A, B, C, D; "
        "I-01, I-09, I-10."
    )
    panel.set_place(None)
    assert panel.message.value == "" and len(options(panel)) == len(panel.legal_actions)


# -- refused moves: the rule's own words ------------------------------------------------
def test_kilimanjaro_a_village_space_says_the_rule_that_refuses_it():
    panel = panel_of("kilimanjaro")
    assert panel.click_board(*centre(panel, "space 20")) == "space 20"
    assert plain(panel.message.value) == (
        "Nothing can be played at space 20 now: space 20 is a village: no counter may be "
        "placed on a village space (rule: Preparation)."
    )
    # the same words as the list of refused moves under the choices
    assert "no counter may be placed on a village space (rule: Preparation)" in plain(
        panel.not_allowed.value
    )


def test_jambo_a_card_in_phase_one_says_phase_one_comes_first():
    panel = panel_of("jambo")
    assert panel.move_places == []  # drawing a card, going to phase 2: no place
    assert plain(panel.board_hint.value) == (
        "Click the board to keep only the moves about that place."
    )
    assert panel.click_board(*centre(panel, "Crocodile")) == "Crocodile"
    assert plain(panel.message.value) == (
        "Nothing can be played at Crocodile now: phase 1 comes first: draw a card, or go "
        "to phase 2 (rule: Phase 1: Draw Cards)."
    )
    assert panel.click_board(1, 1) is None
    assert plain(panel.message.value) == (
        "No place there: this decision is about no place of the board (draw a card "
        "(1 action); go to phase 2 (play cards))."
    )


# -- the outline: only along the places named -------------------------------------------
def pixels(png) -> np.ndarray:
    return (imread(io.BytesIO(bytes(png)), format="png")[..., :3] * 255).round().astype(int)


@pytest.mark.parametrize("name", ["kalimambo", "tembo"])
def test_the_board_differs_from_the_plain_one_only_along_the_places_named(name):
    panel = panel_of(name)
    render = panel.game.renderer()
    plain_board = pixels(render.to_png(panel.state, viewer=0, dpi=SHARP_DPI))
    shown = pixels(panel.image.value)
    assert shown.shape == plain_board.shape
    changed = (shown != plain_board).any(axis=2)
    boxes = dict(place_boxes_px(render, panel.state, 0, SHARP_DPI))
    band = np.zeros_like(changed)
    for place in panel.move_places:
        left, top, right, bottom = (round(v) for v in boxes[place])
        # 8 px outside the box at this dpi (4 inside, by a close neighbour), 1 px of slack
        ring = np.zeros_like(changed)
        ring[top - 9 : bottom + 10, left - 9 : right + 10] = True
        ring[top + 5 : bottom - 4, left + 5 : right - 4] = False
        assert changed[ring].sum() > 2 * ((right - left) + (bottom - top)), place
        # the ink across the middle of its top edge: 4 px, outside it or just inside
        column = [tuple(shown[y, (left + right) // 2]) for y in range(top - 7, top + 5)]
        assert column.count(OUTLINE[:3]) == 4, (place, column)
        band |= ring
    assert changed.any() and not (changed & ~band).any()  # nothing else touched
    with outlined(panel.move_boxes):  # the same picture, made again
        assert panel.image.value == render.to_png(panel.state, viewer=0, dpi=SHARP_DPI)


def test_no_outline_without_a_decision_and_without_the_with():
    panel = panel_of("kalimambo")
    render = panel.game.renderer()
    state = panel.state
    with outlined([]):
        assert render.to_png(state, viewer=0) == render.to_png(state, viewer=0)
    covered = PlayPanel("tembo", [None, None], seed=1, hot_seat=True)
    assert covered.covered and covered.move_places == [] and covered.move_boxes == []
    assert covered.image.value == covered.game.renderer().to_png(
        covered.state, viewer=None, dpi=SHARP_DPI
    )


def test_place_words_gather_names_of_one_kind():
    assert place_words(["card 3", "card 7", "b14", "b15"]) == "cards 3, 7; b14, b15"
    assert place_words(["green CROC 2", "green CROC 4"]) == "green CROC 2, green CROC 4"
    assert place_words(["space 1"]) == "space 1"
    assert place_words([f"space {i}" for i in range(20)], most=3) == "spaces 0, 1, 2 and 17 more"


def test_place_under_finds_the_first_box_holding_the_pixel():
    boxes = [("a", (0.0, 0.0, 10.0, 10.0)), ("b", (5.0, 5.0, 20.0, 20.0))]
    assert place_under(boxes, 7, 7) == "a" and place_under(boxes, 15, 15) == "b"
    assert place_under(boxes, 30, 1) is None


@pytest.mark.parametrize(
    "name", ["template", "jambo", "kalimambo", "kilimanjaro", "kombo_afrika", "tembo"]
)
def test_place_boxes_in_pixels_agree_with_locate(name):
    """``click_axes`` + ``places`` (``place_boxes_px``) find, at the centre of every place,
    the place the renderer's own ``locate`` reads there."""
    game = boardlab.load(name)
    render, state = game.renderer(), game.new_game(1)
    boxes = place_boxes_px(render, state, 0)
    assert boxes and len(boxes) == len(render.places(state, 0))
    agreed = 0
    for _, (left, top, right, bottom) in boxes:
        x, y = (left + right) / 2, (top + bottom) / 2
        near = {place_under(boxes, x + dx, y + dy) for dx in (-0.5, 0.5) for dy in (-0.5, 0.5)}
        if len(near) > 1:  # on the edge between two places (Tembo's cells touch)
            continue
        found = render.locate(state, x, y, viewer=0)
        if found is not None:  # Kalimambo's locate names only the cards of the hand
            assert place_under(boxes, x, y) == found, (x, y)
            agreed += 1
    assert agreed >= 3
