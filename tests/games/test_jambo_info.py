"""Jambo's hidden information, card file, parameters and near misses.

Peeks (Psychic, Hyena, Scale) are visible to the looker only, in observations and in
the narration, and what the looker saw stays fixed in their determinized samples.
"""

from __future__ import annotations

import json
import random

import pytest
from test_jambo import play, situation

import boardlab
from boardlab import DataFile, InvalidParameter
from boardlab.core.data import DataFileError
from boardlab.games.jambo import (
    ChooseCard,
    ChooseWare,
    Draw,
    Pass,
    PlayCard,
    PlayWare,
    React,
    UseUtility,
)
from boardlab.games.jambo.components import (
    LETTERS,
    default_cards_text,
    parse_cards,
    ware_count,
    wares_text,
)


def texts(state, player):
    return [e.text for e in state.visible_events(player)]


# -- peeks ----------------------------------------------------------------------------
def test_psychic_shows_the_top_cards_to_its_player_only_and_samples_keep_them():
    deck = ["Ape", "Guard", "Well", "KKF", "Lion", "Drums", "Snake", "Boat"]
    state = situation(hands=[["Psychic"], ["Cheetah"]], deck=deck, rest="deck")
    play(state, PlayCard("Psychic"), ChooseCard("Well"))
    known = ["Ape", "Guard", "KKF", "Lion", "Drums"]
    assert state.observation(0)["deck_top_known"] == known
    assert state.observation(1)["deck_top_known"] == []
    assert any("Ape, Guard, Well" in t for t in texts(state, 0))
    assert not any("Ape" in t for t in texts(state, 1))
    assert "player 0 takes a card (Psychic)" in texts(state, 1)
    for k in range(5):
        sample = state.determinize(0, random.Random(k))
        assert list(reversed(sample.deck[-5:])) == known
        assert sample.hands[0] == state.hands[0]
    tops = {tuple(state.determinize(1, random.Random(k)).deck[-5:]) for k in range(5)}
    assert len(tops) > 1  # the other player's samples redraw the top


def test_hyenas_look_stays_fixed_in_the_lookers_samples():
    state = situation(hands=[["Hyena", "Ape"], ["Guard", "KKF", "Well"]])
    play(state, PlayCard("Hyena"), Pass(), ChooseCard("KKF"), ChooseCard("Ape"))
    assert sorted(state.observation(0)["known"]) == ["Ape", "Guard", "Well"]
    for k in range(5):
        assert sorted(state.determinize(0, random.Random(k)).hands[1]) == ["Ape", "Guard", "Well"]
    assert "player 0's Hyena takes a card from player 1" in texts(state, None)
    assert "player 0's Hyena takes KKF from player 1" in texts(state, 1)


def test_the_scale_cards_are_seen_by_the_looker_only():
    state = situation(utilities=[["Scale"], []], deck=["Ape", "Guard"], rest="deck")
    play(state, UseUtility("Scale"))
    assert state.observation(0)["pending"][0]["cards"] == ["Ape", "Guard"]
    assert state.observation(1)["pending"][0]["cards"] == 2
    assert state.determinize(0, random.Random(1)).pending[0]["cards"] == ["Ape", "Guard"]
    play(state, ChooseCard("Ape"))
    assert "player 0 gives Guard to player 1" in texts(state, 1)
    assert "player 0 gives a card to player 1" in texts(state, None)
    assert state.observation(0)["known"] == ["Guard"]


def test_a_rain_maker_card_taken_is_known_to_the_opponent_in_samples():
    state = situation(hands=[["KKF"], ["Rain Maker", "Ape", "Lion"]])
    play(state, PlayWare("KKF", False), React("Rain Maker"))
    for k in range(4):
        assert "KKF" in state.determinize(0, random.Random(k)).hands[1]


def test_the_card_drawn_in_phase_one_is_hidden_from_the_opponent():
    state = situation(phase="draw", deck=["Ape"], rest="deck")
    play(state, Draw())
    assert state.observation(0)["drawn"] == "Ape" and state.observation(1)["drawn"] == "a card"
    assert "player 0 draws a card (phase 1)" in texts(state, 1)


def test_the_narration_counts_one_trinket_or_one_hide_in_the_singular():
    trinkets, hides, tea = (LETTERS.index(x) for x in "KHT")
    state = situation(hands=[["Parrot"], []], markets=["", "KKH"])
    play(state, PlayCard("Parrot"), Pass(), ChooseWare(trinkets))
    assert "player 0's Parrot takes 1 trinket from player 1" in texts(state, None)
    assert wares_text([trinkets, trinkets, hides, tea]) == "2 trinkets, 1 hide, 1 tea"
    assert [ware_count(1, hides), ware_count(3, tea)] == ["1 hide", "3 tea"]


# -- the card file ----------------------------------------------------------------------
def test_the_shipped_card_file_is_the_110_card_list():
    deck = parse_cards(default_cards_text())
    assert len(deck.deck) == 110 and len(deck.cards) == 51
    assert deck.cards["KHTLFS"].buy == 10 and deck.cards["KHTLFS"].sell == 18
    assert deck.deck.count("Guard") == 6 and deck.deck.count("Crocodile") == 5


@pytest.mark.parametrize(
    "row, message",
    [
        ("KKX,ware,KKX,4,11,2", "3 or 6 wares"),
        ("Wel,utility,,,,2", "knows no card"),
        ("Well,people,,,,2", "is a utility card"),
        ("KKF,ware,KKF,,11,2", "both its buy and its sell"),
        ("Drummer,people,K,,,2", "only ware cards"),
        ("Drummer,animal,,,,2", "is a people card"),
        ("Guard,people,,,,2", "already listed on line 2"),
    ],
)
def test_a_bad_row_names_its_line(row, message):
    text = "card,type,wares,buy,sell,copies\nGuard,people,,,,1\n" + row + "\n"
    line = 3
    with pytest.raises(DataFileError) as error:
        boardlab.load("jambo", cards=DataFile("mine.csv", text))
    assert message in str(error.value) and f"line {line}" in str(error.value)


def test_a_teachers_card_file_is_played_and_embedded_in_records():
    text = "card,type,wares,buy,sell,copies\nKKF,ware,KKF,1,30,12\nGuard,people,,,,2\n"
    game = boardlab.load("jambo", cards=DataFile("mine.csv", text))
    state = game.new_game(1)
    assert state.conservation()["cards"] == (14, 14)
    assert json.loads(state.record().to_json())["params"]["cards"]["text"] == text


def test_parameters_are_checked_at_load_naming_the_allowed_values():
    with pytest.raises(InvalidParameter, match="psychic_cards"):
        boardlab.load("jambo", psychic_cards=7)
    with pytest.raises(InvalidParameter, match="merchant_wares"):
        boardlab.load("jambo", merchant_wares="bank")
    with pytest.raises(InvalidParameter, match="players"):
        boardlab.load("jambo", players=3)
    for variant in boardlab.load("jambo").variants():
        boardlab.load("jambo", **variant)


# -- near misses and refusals ------------------------------------------------------------
def test_candidates_explain_a_ware_card_without_room_a_used_utility_and_a_draw():
    state = situation(hands=[["KHTLFS", "Guard"], []], markets=["KK", ""], used=[["Well"], []])
    reasons = {str(a): why.rule for a, why in state.candidate_actions() if why is not None}
    assert reasons["buy with ware card KHTLFS"] == "Buying"
    assert reasons["sell with ware card KHTLFS"] == "Selling"
    assert reasons["use Well"] == "Utility Cards"
    assert reasons["play Guard"] == "People"
    assert reasons["draw a card (1 action)"] == "Phase 1: Draw Cards"


def test_every_legal_action_reads_differently_and_round_trips_json():
    game = boardlab.load("jambo")
    rng = random.Random(5)
    state = game.new_game(5)
    while not state.is_terminal:
        legal = state.legal_actions()
        names = [str(a) for a in legal]
        assert len(set(names)) == len(names)
        for a in legal:
            assert game.action_from_json(json.loads(json.dumps(state.action_to_json(a)))) == a
        state.apply(legal[rng.randrange(len(legal))])
    assert boardlab.replay(state.record())[-1] == state


def test_choice_path_names_the_card_then_buy_or_sell():
    state = situation(hands=[["KKF"], []], markets=["KKF", ""])
    game = state.game
    paths = [game.choice_path(state, a) for a in state.legal_actions()]
    assert paths[0] == ("ware card KKF (2 trinkets, 1 fruit; buy 4, sell 11)", "buy for 4")
    assert paths[1][1] == "sell for 11"


# -- the bot ----------------------------------------------------------------------------
def test_the_trader_beats_random_play_by_a_wilson_margin():
    from boardlab.games.jambo.bots import Trader
    from boardlab.sim import RandomAgent, play
    from boardlab.sim.metrics import wilson

    game = boardlab.load("jambo")
    wins = 0
    for seed in range(200):
        seat = seed % 2  # the Trader takes both seats in turn
        agents = [Trader(), RandomAgent()] if seat == 0 else [RandomAgent(), Trader()]
        state = play(game, agents, seed=seed)
        wins += state.outcome.winners == (seat,)
    low, _ = wilson(wins, 200)
    assert low > 0.5, f"the Trader won {wins} of 200"


def test_two_traders_finish_their_games_and_the_bot_uses_only_its_view():
    from boardlab.games.jambo.bots import Trader
    from boardlab.sim import play

    game = boardlab.load("jambo")
    finished = sum(
        play(game, [Trader(), Trader()], seed=seed).outcome.status == "finished"
        for seed in range(10)
    )
    assert finished >= 8
    a, b = play(game, [Trader(), Trader()], seed=3), play(game, [Trader(), Trader()], seed=3)
    assert a.history == b.history  # deterministic from the seed alone


def test_the_fast_buy_and_sell_checks_agree_with_the_explained_ones():
    game = boardlab.load("jambo")
    rng = random.Random(2)
    wares = [game.cards[c] for c in sorted(game.cards) if game.cards[c].type == "ware"]
    for seed in range(30):
        state = game.new_game(seed)
        for _ in range(rng.randrange(200)):
            if state.is_terminal:
                break
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
        for p in (0, 1):
            for card in wares:
                assert state.can_buy(p, card) == (state.cannot_buy(p, card) is None)
                assert state.can_sell(p, card) == (state.cannot_sell(p, card) is None)


def test_rule_help_follows_the_decision_asked():
    state = situation(hands=[["Cheetah"], ["Guard"]])
    game = state.game
    assert game.rule_help(state).startswith("Phase 2")
    play(state, PlayCard("Cheetah"))
    assert game.rule_help(state).startswith("Animals: you may play a Guard")
    play(state, Pass())
    assert game.rule_help(state) == (
        "Cheetah: the opponent chooses: give you 2 gold (needs 2 gold) or let you draw 2 cards"
    )
    from boardlab.games.jambo.narration import pending_text

    assert pending_text(state) == "player 1 chooses for the Cheetah"


def test_the_buy_exercise_is_answered_by_the_engine():
    from boardlab.games.jambo.exercises import buy_exercise

    game = boardlab.load("jambo")
    answers = {buy_exercise(game, seed).answer for seed in range(12)}
    assert answers == {True, False}
    exercise = buy_exercise(game, 2)
    assert exercise.explanation.startswith("Buying: ") and "ware card" in exercise.question
