"""Jambo's fast menus against the plain rules, at every step of random playouts.

``State.legal_actions`` builds the turn's menus with speed tricks (``rules.py``): the
game's per-card ``menu`` entries and per-utility ``uses`` table, copies of a card or
utility skipped in a sorted list instead of a ``set``, the wares a card shows tested
pair by pair. Here the same menus are made the plain way — each candidate asked of
the rule that explains a refusal (``cannot_buy``, ``cannot_sell``, ``cannot_play_card``,
``cannot_use`` and the Mask's variant) — and compared, order included, after every
action.
"""

from __future__ import annotations

import random

import pytest

import boardlab
from boardlab.games.jambo import PlayCard, PlayWare, UseUtility
from boardlab.games.jambo.actions import Draw, EndTurn, StopDrawing
from boardlab.games.jambo.effects import REACTIONS


def usable_now(state, p: int, c: str) -> bool:
    """The utility's function can run (``cannot_use``) and the Mask's variant allows it."""
    variant = state.game.params.mask_before_draw_only
    if c == "Mask of Transformation" and variant and (state.phase != "draw" or state.drew):
        return False
    return state.cannot_use(p, c) is None


def plain_menu(state) -> list:
    """The phase's menu from the explained checks, in the engine's order."""
    p, game = state.active, state.game
    out: list = []
    if state.phase == "play":
        for c in sorted(set(state.hands[p])):
            card = game.cards[c]
            if card.type == "ware":
                if state.cannot_buy(p, card) is None:
                    out.append(PlayWare(c, False))
                if state.cannot_sell(p, card) is None:
                    out.append(PlayWare(c, True))
            elif c not in REACTIONS and state.cannot_play_card(p, c) is None:
                out.append(PlayCard(c))
    else:
        out += [Draw(), StopDrawing()] if state.deck or state.discard else [StopDrawing()]
    for c in sorted(set(state.ready[p])):
        if usable_now(state, p, c):
            out.append(UseUtility(c))
    if state.phase == "play":
        out.append(EndTurn())
    return out


@pytest.mark.parametrize(
    "params", [{}, {"mask_before_draw_only": True}, {"merchant_wares": "own_market"}]
)
def test_the_turn_menus_equal_the_plain_rules_along_random_games(params):
    game = boardlab.load("jambo", **params)
    rng = random.Random(5)
    checked = 0
    for seed in range(12):
        state = game.new_game(seed)
        while not state.is_terminal:
            legal = state.legal_actions()
            if not state.pending and state.phase in ("draw", "play"):
                assert legal == plain_menu(state), (seed, len(state.history))
                checked += 1
            legal.append("scribble")  # a fresh list: the state's own is untouched
            assert "scribble" not in state.legal_actions()
            state.apply(legal[rng.randrange(len(legal) - 1)])
    assert checked > 1000


def test_a_refused_action_changes_nothing_and_the_menu_stays():
    game = boardlab.load("jambo")
    state = game.new_game(3)
    before = state.legal_actions()
    with pytest.raises(boardlab.IllegalAction):
        state.apply(PlayCard("Guard"))
    assert state.legal_actions() == before
    assert state.history == []


@pytest.mark.parametrize(
    "params",
    [
        {},
        {"dancer_six_ware": False, "merchant_wares": "own_market", "psychic_cards": 5},
        {"psychic_short_supply": "what_is_left", "wise_man_stacks": False,
         "wise_man_portuguese": "per_ware"},
    ],
)  # fmt: skip
def test_the_readings_bound_on_the_game_are_the_parameters(params):
    """The readings bound on the game are the parameters' values."""
    game = boardlab.load("jambo", **params)
    for name in ("dancer_six_ware", "merchant_wares", "psychic_cards", "crocodile"):
        assert getattr(game, name) == game.params[name]
    assert game.wise_man_all_sales == game.params["wise_man_all_sales"]
    assert game.wise_man_stacks == game.params["wise_man_stacks"]
    assert game.psychic_reshuffles == (game.params["psychic_short_supply"] == "reshuffle")
    assert game.wise_man_per_ware == (game.params["wise_man_portuguese"] == "per_ware")
    assert game.max_length == (game.params["max_turns"] + 1) * 5 * 400  # and a last turn


def test_the_short_asks_push_the_frames_ask_pushes():
    """``ask_ware`` and ``ask_hand_card`` build ``ask``'s frames: same keys, same order."""
    state = boardlab.load("jambo").new_game(2)
    state.ask_ware(1, "drums", [0, 3], "Drums")
    state.ask("ware", 1, "drums", options=[0, 3], card="Drums")
    state.ask_hand_card(0, "kettle", "Kettle")
    state.ask("card", 0, "kettle", source="hand", card="Kettle")
    short_ware, long_ware, short_card, long_card = state.pending[-4:]
    assert list(short_ware.items()) == list(long_ware.items())
    assert list(short_card.items()) == list(long_card.items())
