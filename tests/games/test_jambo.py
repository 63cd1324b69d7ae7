"""Rule tests of Jambo's general rules: setup, the two phases, market stands, buying and
selling, utilities, reactions, the end of the game (``jambo.seed.txt``).

Each test builds a situation with ``arrange``, plays, and checks gold, wares, hands,
piles, actions left and who decides next. The cards' own effects are in
``test_jambo_cards.py``; hidden information, data and parameters in ``test_jambo_info.py``.
"""

from __future__ import annotations

import pytest

import boardlab
from boardlab import IllegalAction
from boardlab.games.jambo import (
    ChooseUtility,
    Draw,
    EndTurn,
    KeepDrawn,
    Pass,
    PlayCard,
    PlayWare,
    React,
    StopDrawing,
    UseUtility,
)

K, H, T, L, F, S = range(6)


def situation(params=None, **setup):
    """A turn of player 0 in phase 2 (unless told), the box's other cards in the discard."""
    setup.setdefault("hands", [[], []])
    setup.setdefault("rest", "discard")
    return boardlab.load("jambo", **(params or {})).new_game(0).arrange(**setup)


def play(state, *actions):
    for action in actions:
        state.apply(action)
    return state


def refused(state, action, rule):
    """``action`` is refused citing ``rule``, and the state is unchanged."""
    before = state.to_data()
    with pytest.raises(IllegalAction) as error:
        state.apply(action)
    assert rule in error.value.rule, error.value
    assert state.to_data() == before
    return str(error.value)


# -- Setup ---------------------------------------------------------------------
@pytest.mark.rule("jambo:setup-gold", "jambo:setup-deal", "jambo:deck", "jambo:ware-supply")
def test_setup_deals_five_cards_and_twenty_gold_with_all_wares_in_the_supply():
    state = boardlab.load("jambo").new_game(seed=3)
    assert state.gold == [20, 20]
    assert [len(h) for h in state.hands] == [5, 5]
    assert len(state.deck) == 100 and state.discard == []
    assert state.supply == [6] * 6 and state.market == [[0] * 6, [0] * 6]
    assert state.conservation() == {"cards": (110, 110), "wares": (36, 36)}
    kinds = {}
    for name in state.game.deck:
        kind = state.game.cards[name].type
        kinds[kind] = kinds.get(kind, 0) + 1
    assert kinds == {"ware": 40, "utility": 22, "people": 29, "animal": 14, "stand": 5}
    assert (state.current_player, state.phase, state.actions) == (0, "draw", 5)


@pytest.mark.rule("jambo:setup-stand")
def test_the_large_stand_holds_six_wares_and_no_more():
    state = situation(hands=[["KKK"], []], markets=["HHHT", ""], gold=[20, 20])
    msg = refused(state, PlayWare("KKK", False), "Buying")
    assert "room for 2 wares" in msg
    assert state.capacity(0) == 6


# -- Phase 1 -------------------------------------------------------------------
@pytest.mark.rule("jambo:draw-cost", "jambo:draw-again", "jambo:actions-five")
def test_a_draw_costs_an_action_and_a_discarded_card_lets_you_draw_again():
    state = situation(phase="draw", deck=["Guard", "Well", "KKF"])
    assert state.legal_actions() == [Draw(), StopDrawing()]
    play(state, Draw())
    assert (state.actions, state.phase, state.drawn) == (4, "drawn", "Guard")
    assert state.legal_actions() == [KeepDrawn(True), KeepDrawn(False)]
    play(state, KeepDrawn(False))
    assert state.discard[-1] == "Guard" and state.phase == "draw"
    assert state.legal_actions() == [Draw(), StopDrawing()]
    play(state, Draw())
    assert (state.actions, state.drawn) == (3, "Well")


@pytest.mark.rule("jambo:draw-keep", "jambo:draw-last", "jambo:draw-no-more")
def test_keeping_the_last_card_drawn_ends_phase_one():
    state = situation(phase="draw", deck=["Guard", "Well"])
    play(state, Draw(), KeepDrawn(False), Draw(), KeepDrawn(True))
    assert state.hands[0] == ["Well"] and state.phase == "play" and state.actions == 3
    assert "Guard" not in state.hands[0]  # only the last card drawn can be kept
    assert Draw() not in state.legal_actions()
    refused(state, Draw(), "Phase 1")


@pytest.mark.rule("jambo:draw-all-five")
def test_all_five_actions_may_be_spent_drawing_and_then_there_is_no_phase_two():
    state = situation(phase="draw", deck=["Guard"] * 5, gold=[20, 20])
    for _ in range(4):
        play(state, Draw(), KeepDrawn(False))
    play(state, Draw(), KeepDrawn(True))
    assert state.hands[0] == ["Guard"]
    assert state.active == 1 and state.phase == "draw"  # the turn ended: no phase 2
    assert state.gold == [20, 20]  # no markers left, no bonus


@pytest.mark.rule("jambo:draw-skip", "jambo:play-cost")
def test_phase_one_may_be_skipped_and_every_card_played_costs_one_action():
    state = situation(phase="draw", hands=[["KKF", "Wise Man from Afar"], []])
    play(state, StopDrawing())
    assert state.phase == "play" and state.actions == 5
    play(state, PlayCard("Wise Man from Afar"))
    assert state.actions == 4 and state.discard[-1] == "Wise Man from Afar"


@pytest.mark.rule("jambo:bonus")
def test_two_unused_actions_give_one_gold_at_the_end_of_the_turn():
    state = situation(gold=[10, 10], actions=2)
    play(state, EndTurn())
    assert state.gold == [11, 10] and state.active == 1
    state = situation(gold=[10, 10], actions=1)
    play(state, EndTurn())
    assert state.gold == [10, 10]


# -- Small market stands -------------------------------------------------------
@pytest.mark.rule("jambo:stand-price", "jambo:stand-room")
def test_the_first_small_stand_costs_six_every_later_one_three():
    state = situation(hands=[["small market stand"], ["small market stand"]], gold=[20, 20])
    play(state, PlayCard("small market stand"))
    assert state.gold[0] == 14 and state.stands == [1, 0] and state.capacity(0) == 9
    assert state.hands[0] == [] and state.conservation()["cards"] == (110, 110)
    play(state, EndTurn(), StopDrawing(), PlayCard("small market stand"))
    assert state.gold[1] == 17 and state.stands == [1, 1]


@pytest.mark.rule("jambo:stand-limit", "jambo:no-gold")
def test_a_stand_needs_its_price_in_gold():
    state = situation(hands=[["small market stand"], []], gold=[5, 20])
    assert PlayCard("small market stand") not in state.legal_actions()
    assert "costs 6 gold" in refused(state, PlayCard("small market stand"), "Small Market Stand")
    # only the 5 small stands of the box can ever be built: arrange refuses a sixth
    with pytest.raises(ValueError):
        situation(stands=[3, 2], hands=[["small market stand"], []])


# -- Buying and selling --------------------------------------------------------
@pytest.mark.rule("jambo:buy", "jambo:ware-cards")
def test_buying_pays_the_price_and_takes_every_ware_shown():
    state = situation(hands=[["KKF"], []], gold=[20, 20])
    assert state.legal_actions()[:1] == [PlayWare("KKF", False)]
    assert PlayWare("KKF", True) not in state.legal_actions()
    play(state, PlayWare("KKF", False))
    assert state.gold[0] == 16 and state.market[0] == [2, 0, 0, 0, 1, 0]
    assert state.supply == [4, 6, 6, 6, 5, 6] and state.discard[-1] == "KKF"
    assert state.actions == 4
    assert state.current_player == 1 and state.pending[-1]["step"] == "rain"


@pytest.mark.rule("jambo:buy-room")
def test_a_ware_card_without_room_for_all_its_wares_may_not_buy():
    state = situation(hands=[["KHTLFS"], []], markets=["KK", ""], gold=[30, 20])
    assert "room for 4 wares" in refused(state, PlayWare("KHTLFS", False), "Buying")


@pytest.mark.rule("jambo:buy-gold")
def test_a_ware_card_without_the_gold_may_not_buy():
    state = situation(hands=[["KHTLFS"], []], gold=[9, 20], stands=[1, 0])
    assert "has 9 gold" in refused(state, PlayWare("KHTLFS", False), "Buying")


@pytest.mark.rule("jambo:buy-supply")
def test_a_ware_card_whose_wares_are_not_all_in_the_supply_may_not_buy():
    state = situation(hands=[["KKK"], []], markets=["KKKKK", "KH"], gold=[20, 20], stands=[1, 0])
    assert state.supply[K] == 0
    assert "lacks trinkets" in refused(state, PlayWare("KKK", False), "Buying")


@pytest.mark.rule("jambo:sixth-space")
def test_filling_the_sixth_space_of_the_large_stand_costs_two_gold_each_time():
    state = situation(hands=[["KKK", "KKK"], []], markets=["HHH", ""], gold=[20, 20])
    play(state, PlayWare("KKK", False))
    assert state.gold[0] == 20 - 3 - 2 and state.wares_on(0) == 6
    state = situation(hands=[["KKK"], []], markets=["HHH", ""], gold=[4, 20])
    assert "and 2 for the large stand's 6th space" in refused(
        state, PlayWare("KKK", False), "Buying"
    )
    state = situation(hands=[["KKK"], []], markets=["HHH", ""], gold=[20, 20], stands=[1, 0])
    play(state, PlayWare("KKK", False))
    assert state.gold[0] == 17  # a small stand's room first: no fee


@pytest.mark.rule("jambo:sell")
def test_selling_returns_the_wares_and_takes_the_sell_price():
    state = situation(hands=[["KKF"], []], markets=["KKFH", ""], gold=[20, 20])
    play(state, PlayWare("KKF", True))
    assert state.gold[0] == 31 and state.market[0] == [0, 1, 0, 0, 0, 0]
    assert state.supply == [6, 5, 6, 6, 6, 6]


@pytest.mark.rule("jambo:sell-needs")
def test_selling_needs_every_ware_shown_on_the_card():
    state = situation(hands=[["KKF"], []], markets=["KFH", ""])
    assert "lacks trinkets" in refused(state, PlayWare("KKF", True), "Selling")


# -- Utilities -----------------------------------------------------------------
@pytest.mark.rule("jambo:utility-same-turn", "jambo:utility-cost", "jambo:utility-stays")
def test_a_utility_played_can_be_used_the_same_turn_for_one_action_and_stays():
    state = situation(hands=[["Well"], []], deck=["Guard"], gold=[20, 20])
    play(state, PlayCard("Well"))
    assert state.ready[0] == ["Well"] and state.actions == 4
    play(state, UseUtility("Well"))
    assert state.actions == 3 and state.gold[0] == 19 and state.hands[0] == ["Guard"]
    assert state.spent[0] == ["Well"]
    play(state, EndTurn())
    assert state.ready[0] == ["Well"] and state.spent[0] == []  # turned back, not discarded


@pytest.mark.rule("jambo:utility-once", "jambo:utility-duplicates")
def test_each_utility_once_per_turn_but_two_copies_twice():
    state = situation(utilities=[["Well", "Well"], []], deck=["Guard", "Ape", "KKF"])
    play(state, UseUtility("Well"), UseUtility("Well"))
    assert state.hands[0] == ["Guard", "Ape"] and state.spent[0] == ["Well", "Well"]
    assert "only once per turn" in refused(state, UseUtility("Well"), "Utility Cards")


@pytest.mark.rule("jambo:utility-limit")
def test_a_fourth_utility_makes_you_discard_one_even_a_used_one():
    state = situation(
        hands=[["Boat"], []], utilities=[["Drums", "Kettle"], []], used=[["Well"], []]
    )
    play(state, PlayCard("Boat"))
    assert state.current_player == 0
    assert state.legal_actions() == [
        ChooseUtility("Drums", False),
        ChooseUtility("Kettle", False),
        ChooseUtility("Well", True),
    ]
    play(state, ChooseUtility("Well", True))
    assert sorted(state.ready[0]) == ["Boat", "Drums", "Kettle"] and state.spent[0] == []
    assert state.discard[-1] == "Well" and state.actions == 4


# -- Reactions -----------------------------------------------------------------
@pytest.mark.rule("jambo:guard", "jambo:guard-card", "jambo:current-player")
def test_a_guard_cancels_an_animal_at_no_action_and_both_are_discarded():
    state = situation(hands=[["Cheetah"], ["Guard"]], gold=[20, 20])
    play(state, PlayCard("Cheetah"))
    assert state.current_player == 1 and state.active == 0
    assert state.legal_actions() == [React("Guard"), Pass()]
    play(state, React("Guard"))
    assert state.discard[-2:] == ["Cheetah", "Guard"] and state.hands == [[], []]
    assert state.current_player == 0 and state.actions == 4 and state.gold == [20, 20]


def test_the_guard_step_is_asked_even_without_a_guard_in_hand():
    state = situation(hands=[["Cheetah"], ["Well"]])
    play(state, PlayCard("Cheetah"))
    assert state.current_player == 1 and state.legal_actions() == [Pass()]


# -- The end -------------------------------------------------------------------
@pytest.mark.rule("jambo:end-trigger", "jambo:end-last-turn")
def test_sixty_gold_at_the_end_of_a_turn_gives_the_opponent_one_last_turn():
    state = situation(gold=[61, 40])
    play(state, EndTurn())
    assert state.ender == 0 and state.active == 1 and not state.is_terminal
    assert state.actions == 5
    play(state, StopDrawing(), EndTurn())
    assert state.is_terminal and state.outcome.winners == (0,)


@pytest.mark.rule("jambo:end-tie")
def test_the_opponent_wins_with_as_much_gold_as_the_one_who_ended_it():
    state = situation(gold=[60, 60])
    play(state, EndTurn(), StopDrawing(), EndTurn())  # both end on 61: a tie
    assert state.gold == [61, 61] and state.outcome.winners == (1,)
    assert state.outcome.status == "finished"
    state = situation(gold=[60, 49], hands=[[], ["KKF"]], markets=["", "KKF"])
    play(state, EndTurn(), StopDrawing(), PlayWare("KKF", True), Pass(), EndTurn())
    assert state.gold == [61, 61] and state.outcome.winners == (1,)  # 49 + 11 + 1 bonus
    state = situation(gold=[60, 58])
    play(state, EndTurn(), StopDrawing(), EndTurn())  # 58 + 1 bonus = 59 < 61
    assert state.gold == [61, 59] and state.outcome.winners == (0,)


def texts(state, player=None):
    return [e.text for e in state.visible_events(player)]


@pytest.mark.rule("jambo:end-last-turn", "jambo:end-tie")
def test_the_turn_cap_never_cuts_the_last_turn():
    """ "End of the Game": "His opponent takes one last turn (5 action markers)" — also when
    the target is reached on the capped turn; the game then ends by the rules, and the
    opponent, level on gold after his last turn, wins."""
    state = situation({"max_turns": 1}, gold=[61, 56], hands=[[], ["KKF"]], markets=["", "KKF"])
    play(state, EndTurn())
    assert state.turn == 1 and not state.is_terminal  # the cap is reached: no cut
    assert (state.ender, state.active, state.actions) == (0, 1, 5)
    play(state, StopDrawing(), PlayWare("KKF", True), Pass(), EndTurn())
    assert state.gold == [62, 68] and state.turn == 2  # 56 + 11 + 1 bonus
    assert state.outcome.status == "finished" and state.outcome.winners == (1,)
    assert state.outcome.reason == "the last turn is played"
    assert texts(state)[-4:] == [
        "player 1 sells with ware card KKF for 11 gold",
        "player 1 has 4 actions left: +1 gold bonus",
        "player 1 ends the turn with 68 gold",
        "game over (the last turn is played): player 1 wins",
    ]
    assert "player 0 has 62 gold: player 1 takes one last turn" in texts(state)


def test_the_turn_cap_is_a_safeguard_that_says_the_game_was_cut_short():
    """A game nobody has won by the cap is truncated, ranked by gold, and says that the
    safeguard stopped it, not the rules."""
    state = situation({"max_turns": 2}, gold=[10, 12])
    play(state, EndTurn(), StopDrawing(), EndTurn())
    outcome = state.outcome
    assert outcome.status == "truncated" and outcome.winners == (1,)
    reason = "stopped by the 2-turn safeguard, not won by the rules: ranked by gold"
    assert outcome.reason == reason
    assert outcome.describe() == f"Game cut short: player 1 wins ({reason})"
    assert texts(state)[-1] == f"game cut short ({reason}): player 1 wins"
    assert state.game.params.max_turns == 2
    assert boardlab.load("jambo").params.max_turns == 300


# -- Important rules -----------------------------------------------------------
@pytest.mark.rule("jambo:reshuffle")
def test_an_exhausted_supply_is_replaced_by_the_shuffled_discard_stack():
    state = situation(phase="draw", deck=[], rest="discard")
    assert state.deck == [] and len(state.discard) == 110
    play(state, Draw())
    assert len(state.deck) == 109 and state.discard == [] and state.drawn is not None
    assert state.events[-2].kind == "reshuffle"


def test_with_no_card_anywhere_a_draw_is_not_offered():
    hands = [list(boardlab.load("jambo").deck[:55]), list(boardlab.load("jambo").deck[55:])]
    state = situation(phase="draw", hands=hands, deck=[])
    assert state.legal_actions() == [StopDrawing()]
    assert "empty" in refused(state, Draw(), "Important Rules")


@pytest.mark.rule("jambo:hand-unlimited")
def test_hands_have_no_limit():
    state = situation(utilities=[["Well"], []], hands=[["Guard"] * 6, []], deck=["Ape"])
    play(state, UseUtility("Well"))
    assert len(state.hands[0]) == 7


@pytest.mark.rule("jambo:no-gold")
def test_no_gold_no_gold_costing_action():
    state = situation(hands=[["Basket Maker", "KKK"], []], utilities=[["Well"], []], gold=[0, 5])
    assert state.legal_actions() == [EndTurn()]
    refused(state, UseUtility("Well"), "Utilities")
    refused(state, PlayCard("Basket Maker"), "People")
    refused(state, PlayWare("KKK", False), "Buying")
