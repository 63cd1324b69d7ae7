"""The Game/State contract fits the roadmap's kinds of game, shown on toys (``tests/toys``).

- mid-turn decisions by the other player (Jambo's Guard, Traveling Merchant,
  Elephant): ``toys.market``;
- a cooperative game with one team outcome: ``toys.expedition``.

The conformance suite plays both in every variant; here each mechanism is
checked on a concrete situation with its exact outcome.
"""

from __future__ import annotations

import random

import pytest
from conformance import findable
from toys import TOYS
from toys.expedition import Discard, ExpeditionGame, Lay
from toys.market import Bid, Draw, EndTurn, Guard, MarketGame, Pass, Play, Take

import boardlab
from boardlab.core import IllegalAction, InvalidParameter, InvalidRecord, View
from boardlab.core.registry import register, unregister
from boardlab.sim import RandomAgent, play


def market(hands, *, goods=(3, 2, 1, 1), gold=(3, 3), active=0, **params):
    """A market game in its main phase, from a hand-set situation."""
    state = MarketGame.load(**params).new_game(1)
    deck = ["coin", "coin", "animal"]
    return state.arrange(hands=hands, deck=deck, goods=list(goods), gold=list(gold), active=active)


def refused(state, action, match: str) -> None:
    """``action`` raises ``IllegalAction`` and leaves ``state`` exactly as it was."""
    before = state.to_json()
    with pytest.raises(IllegalAction, match=match):
        state.apply(action)
    assert state.to_json() == before


# -- the toys stay out of the product ---------------------------------------------------


def test_toys_are_not_registered():
    names = {cls.name for cls in TOYS}
    assert not names & set(boardlab.game_names())
    with pytest.raises(InvalidParameter):
        boardlab.load("toy_market")


def test_a_toy_is_findable_only_inside_the_block_that_replays_it():
    state = MarketGame.load().new_game(3)
    while not state.is_terminal:
        state.apply(state.legal_actions()[0])
    with findable(MarketGame):
        assert boardlab.load("toy_market") == state.game
        assert boardlab.replay(state.record())[-1] == state
        assert "toy_market" not in boardlab.game_names(), "a game outside boardlab.games is listed"
    with pytest.raises(InvalidRecord, match="game"):
        boardlab.replay(state.record())


def test_unregister_forgets_a_game_and_ignores_an_unknown_name():
    register(state=ExpeditionGame.state_class)(ExpeditionGame)
    try:
        assert boardlab.load("toy_expedition").cooperative
        assert "toy_expedition" not in boardlab.game_names()
    finally:
        unregister("toy_expedition")
    unregister("toy_expedition")  # twice: nothing to forget, no error
    assert "toy_expedition" not in boardlab.game_names()


# -- a reaction in the middle of a turn (Jambo's Guard) -------------------------------


def test_the_reactor_decides_mid_turn_then_the_active_player_goes_on():
    state = market([["animal", "coin"], ["coin", "guard"]])
    state.apply(Play("animal"))
    assert (state.current_player, state.phase, state.active) == (1, "react", 0)
    assert state.legal_actions() == [Pass(), Guard()]
    state.apply(Guard())
    assert (state.current_player, state.phase, state.actions_left) == (0, "main", 1)
    assert state.hands == [["coin"], ["coin"]] and state.gold == [3, 3]
    assert state.discard == ["animal", "guard"]
    assert state.legal_actions() == [Play("coin"), Draw(), EndTurn()]


def test_passing_lets_the_animal_take_two_gold():
    state = market([["animal", "coin"], ["coin", "guard"]], gold=(3, 1))
    state.apply(Play("animal"))
    state.apply(Pass())
    assert state.gold == [4, 0]  # only what the reactor has
    assert state.hands[1] == ["coin", "guard"] and state.current_player == 0


def test_the_reaction_is_offered_without_a_guard_with_pass_alone():
    """The step exists on every animal, so its existence says nothing of the hand."""
    state = market([["animal", "coin"], ["coin", "merchant"]])
    state.apply(Play("animal"))
    assert state.current_player == 1 and state.legal_actions() == [Pass()]


def test_a_reaction_on_the_last_step_of_a_turn_hands_the_turn_over_after_it():
    state = market([["animal"], ["coin", "guard"]], actions=1)
    state.apply(Play("animal"))
    assert state.current_player == 1 and state.active == 0
    state.apply(Pass())
    assert (state.active, state.current_player, state.turn, state.actions_left) == (1, 1, 1, 1)


def test_illegal_reactions_are_refused_and_nothing_changes():
    state = market([["animal", "coin"], ["coin", "merchant"]])
    state.apply(Play("animal"))
    refused(state, Guard(), "player 1 holds no guard")
    refused(state, Play("coin"), "player 1 must pass or cancel with a guard")
    refused(state, EndTurn(), "must pass or cancel")
    refused(state, Bid(1), "must pass or cancel")
    refused(state, "pass", "'pass' is not a Market")


def test_a_guard_is_no_card_to_play_on_your_own_turn():
    refused(market([["guard", "coin"], ["coin"]]), Play("guard"), "only to cancel")


def test_the_active_player_cannot_tell_whether_the_reactor_holds_a_guard():
    """Observation and narration of player 0 are the same with or without a guard."""
    with_guard = market([["animal", "coin"], ["coin", "guard"]])
    without = market([["animal", "coin"], ["coin", "elephant"]])
    for state in (with_guard, without):
        state.apply(Play("animal"))
    assert with_guard.observation(0) == without.observation(0)
    assert [e.text for e in with_guard.visible_events(0)] == [
        e.text for e in without.visible_events(0)
    ]
    assert with_guard.observation(0)["hand"] == ["coin"]
    assert "guard" not in str(with_guard.observation(0)) + str(with_guard.observation(None))
    assert with_guard.observation(1)["hand"] == ["coin", "guard"]  # the reactor's own view


def test_determinizing_for_the_active_player_resamples_the_reactors_hand():
    state = market([["animal", "coin"], ["coin", "guard"]])
    state.apply(Play("animal"))
    hands = {tuple(state.determinize(0, random.Random(k)).hands[1]) for k in range(20)}
    assert len(hands) > 1 and ("coin", "guard") in hands
    assert any("guard" not in h for h in hands)  # worlds where only "pass" is legal


def test_a_view_shows_no_moves_to_a_player_whose_turn_it_is_not():
    state = market([["animal", "coin"], ["coin", "guard"]])
    state.apply(Play("animal"))
    assert View(state, 0).legal_actions() == []


# -- an auction in the middle of a turn (Traveling Merchant) --------------------------


def test_the_auction_alternates_rising_bids_and_the_first_pass_ends_it():
    state = market([["merchant", "coin"], ["coin"]], goods=(3, 1), gold=(4, 4))
    state.apply(Play("merchant"))
    assert (state.phase, state.lot, state.current_player) == ("auction", [3], 0)
    assert state.legal_actions() == [Pass(), Bid(1), Bid(2), Bid(3), Bid(4)]
    state.apply(Bid(1))
    assert state.current_player == 1
    state.apply(Bid(2))
    assert state.current_player == 0
    refused(state, Bid(2), "a bid must beat 2 and be at most your 4 gold")
    refused(state, Bid(5), "a bid must beat 2")
    state.apply(Bid(3))
    assert state.current_player == 1 and state.legal_actions() == [Pass(), Bid(4)]
    state.apply(Pass())
    assert (state.phase, state.current_player, state.actions_left) == ("main", 0, 1)
    assert state.gold == [1, 4] and state.stalls == [[3], []] and state.lot == []
    assert state.events[-1].text == "player 0 buys the lot for 3 gold"


def test_an_auction_nobody_bids_in_ends_at_the_first_pass():
    state = market([["merchant", "coin"], ["coin"]], goods=(3, 1))
    state.apply(Play("merchant"))
    state.apply(Pass())
    assert (state.phase, state.current_player) == ("main", 0)
    assert state.gold == [3, 3] and state.stalls == [[], []] and state.goods == [1]


def test_a_player_without_gold_can_only_pass():
    state = market([["merchant"], ["coin"]], gold=(0, 2))
    state.apply(Play("merchant"))
    assert state.legal_actions() == [Pass()]


# -- a draft (Elephant) --------------------------------------------------------------------


def test_the_draft_alternates_from_the_active_player():
    state = market([["coin"], ["elephant", "coin"]], goods=(1, 3, 2, 2), active=1, pool_size=3)
    state.apply(Play("elephant"))
    assert (state.phase, sorted(state.lot), state.current_player) == ("draft", [1, 2, 3], 1)
    state.apply(Take(3))
    assert state.current_player == 0 and state.legal_actions() == [Take(1), Take(2)]
    refused(state, Take(3), "player 0 must take a good from the pool")
    state.apply(Take(2))
    assert state.current_player == 1
    state.apply(Take(1))
    assert (state.phase, state.current_player, state.lot) == ("main", 1, [])
    assert state.stalls == [[2], [3, 1]] and state.goods == [2]


def test_equal_goods_are_one_choice():
    state = market([["elephant"], ["coin"]], goods=(2, 2, 1), pool_size=3)
    state.apply(Play("elephant"))
    assert state.legal_actions() == [Take(1), Take(2)]


# -- a cooperative game ------------------------------------------------------------------


def expedition(hands, deck, routes, **params):
    game = ExpeditionGame.load(colors=1, ranks=4, storms=2, hand_size=1, **params)
    return game.new_game(0).arrange(hands=hands, deck=deck, routes=routes)


def test_the_team_wins_together():
    state = expedition([[[0, 3]], [[0, 4]]], deck=[[0, 1], "storm", "storm"], routes=[2])
    state.apply(Lay("red", 3))
    assert state.current_player == 1 and state.hands[0] == [0]  # drew red 1
    state.apply(Lay("red", 4))
    outcome = state.outcome
    assert outcome.team == "won" and outcome.winners == (0, 1) and outcome.ranking == ((0, 1),)
    assert state.returns() == [1.0, 1.0] and state.scores == [4, 4]
    assert outcome.describe() == "Game over: the team won (every route complete)"


def test_the_last_storm_loses_for_everybody():
    state = expedition([[[0, 3]], [[0, 4]]], deck=["storm", "storm", [0, 1]], routes=[2])
    state.apply(Lay("red", 3))
    outcome = state.outcome
    assert outcome.team == "lost" and outcome.winners == () and outcome.ranking == ((0, 1),)
    assert state.returns() == [-1.0, -1.0] and state.current_player is None
    assert [e.text for e in state.events[-3:]] == [
        "player 0 draws a storm (1 of 2)",
        "player 0 draws a storm (2 of 2)",
        "the last storm: the team loses",
    ]


def test_a_storm_before_the_last_is_set_aside_and_the_drawer_draws_again():
    state = expedition([[[0, 3]], [[0, 4]]], deck=["storm", [0, 1], "storm"], routes=[2])
    state.apply(Discard("red", 3))
    assert state.storms_drawn == 1 and state.hands[0] == [0] and state.deck == [-1]
    assert state.current_player == 1 and state.outcome is None


def test_a_card_out_of_turn_on_its_route_is_refused():
    state = expedition([[[0, 4]], [[0, 3]]], deck=[[0, 1], "storm", "storm"], routes=[2])
    assert state.legal_actions() == [Discard("red", 4)]
    refused(state, Lay("red", 4), "the red route needs red 3 next")
    refused(state, Lay("red", 3), "player 0 holds no such card")
    refused(state, Lay("blue", 1), "holds no such card")  # no blue route in this game


def test_teammates_see_each_others_hands_only_through_observations():
    a = expedition([[[0, 3]], [[0, 4]]], deck=[[0, 1], "storm", "storm"], routes=[2])
    b = expedition([[[0, 1]], [[0, 4]]], deck=[[0, 3], "storm", "storm"], routes=[2])
    assert a.observation(1) == b.observation(1)
    assert a.observation(1)["hand"] == ["red 4"] and a.observation(0)["hand"] == ["red 3"]
    assert a.observation(None)["hand"] is None


# -- the runner drives every mid-turn decision -----------------------------------------


class Recorder(RandomAgent):
    """A random agent that notes, each time it is asked, what its view says of the turn."""

    def __init__(self, log: list, seat: int) -> None:
        super().__init__()
        self.log, self.seat = log, seat

    def act(self, view):
        seen = view.observation()
        self.log.append((self.seat, view.player, seen["current_player"], seen.get("active")))
        return super().act(view)


@pytest.mark.parametrize("game", [MarketGame.load(), ExpeditionGame.load(players=3)])
def test_the_runner_asks_each_decision_of_the_player_who_decides(game):
    for seed in range(5):
        asked: list = []
        agents = [Recorder(asked, seat) for seat in range(game.num_players)]
        state = play(game, agents, seed)
        assert state.is_terminal and len(asked) == len(state.history)
        assert all(seat == player == current for seat, player, current, _ in asked)
        if game.name == "toy_market":  # reactions, bids, picks: asked on the other's turn
            assert any(active is not None and seat != active for seat, _, _, active in asked)
