"""Kalimambo's speed tricks, tested equal to the plain rules they replace (no timing here:
speed is measured by ``benchmarks/``): the menus of every hand made once per ``max_card``
(``rules._hand_menus``), against the cards of the hand, at every step of random playouts;
the move order of a round, one sort of ints ``(card * 4096 - position) * 16 + figure``,
against the plain sort on (highest card, rearmost figure), read back from the narration of
every round of random playouts of every variant; who pays for Kali (``_kali_pays``: ``count``
and ``index`` when one player has the lowest card) against the plain comprehension."""

from __future__ import annotations

import pytest
from playouts import positions

import boardlab
from boardlab.games.kalimambo import PlayCard
from boardlab.games.kalimambo.rules import KalimamboGame, _cards_of
from boardlab.sim import RandomAgent, play

#: The log entries of a round's figures, one per figure, in the order they are taken.
FIGURE_KINDS = ("zero", "tie", "leader", "move")


@pytest.mark.parametrize("max_card", [2, 4, 11])
def test_every_hand_menu_is_the_hands_cards_lowest_first(max_card):
    game = boardlab.load("kalimambo", max_card=max_card, rounds=min(12, max_card + 1))
    assert len(game.hand_table) == 1 << (max_card + 1)
    assert game.cards == tuple(PlayCard(v) for v in range(max_card + 1))
    for hand, menu in enumerate(game.hand_table):
        assert menu == [PlayCard(v) for v in _cards_of(hand)]
        assert all(a is game.cards[a.value] for a in menu)  # the game's own objects


def test_games_of_one_max_card_share_the_menus_and_hand_out_copies():
    a, b = boardlab.load("kalimambo"), boardlab.load("kalimambo", players=3)
    assert a.hand_table is b.hand_table and a.cards is b.cards
    state = a.new_game(1)
    first = state.legal_actions()
    assert first == list(a.cards) and first is not a.hand_table[a.full_hand]
    first.clear()  # a caller may change its list: the next one is whole
    assert state.legal_actions() == list(a.cards)
    assert a.hand_table[a.full_hand] == list(a.cards)


@pytest.mark.parametrize("params", KalimamboGame.variants())
def test_legal_actions_are_the_hand_of_the_player_to_choose_at_every_step(params):
    game = boardlab.load("kalimambo", **params)
    for seed in range(3):
        for state in positions(game, [seed]):
            p = state.current_player
            plain = [] if p is None else [PlayCard(v) for v in state.hand(p)]
            assert state.legal_actions() == plain


def rounds_of(state):
    """Each round's revealed cards and the figures in the order the narration takes them."""
    log = state._log
    starts = [i for i, entry in enumerate(log) if entry[0] == "reveal"]
    for i, start in enumerate(starts):
        end = starts[i + 1] if i + 1 < len(starts) else len(log)
        cards = list(log[start][2][1:])
        taken = [entry[2][0] for entry in log[start:end] if entry[0] in FIGURE_KINDS]
        yield cards, taken


@pytest.mark.parametrize("params", KalimamboGame.variants())
def test_the_move_order_is_highest_card_first_then_the_rearmost_figure(params):
    """A round's figures are taken in the order of the plain sort (A round; our decision 4),
    from the positions before the round: every figure once, one log entry each."""
    game = boardlab.load("kalimambo", **params)
    n = game.num_players
    for seed in range(4):
        before = None
        for state in positions(game, [seed]):
            if state.current_player == 0 or state.outcome is not None:
                if before is not None:
                    cards, taken = list(rounds_of(state))[before.round - 1]
                    figures = before.figures
                    plain = sorted(range(n + 1), key=lambda f: (-cards[f], figures[f]))
                    assert taken == plain
                    assert state.revealed == cards and state.pending == [-1] * n
                before = state if state.outcome is None else None


@pytest.mark.parametrize("params", KalimamboGame.variants())
def test_kali_penalties_go_to_the_lowest_card_of_the_round(params):
    """Kali's dung and Mambo's charge on Kali are paid by every player of the round's lowest
    card (our decision 7), as the plain comprehension finds them; an explorer pays alone."""
    game = boardlab.load("kalimambo", **params)
    n = game.num_players
    kali_paid = 0
    for seed in range(6):
        state = play(game, [RandomAgent() for _ in range(n)], seed)  # the benchmarks' playout
        cards = None
        for kind, args in ((event.kind, event.args) for event in state.events):
            if kind == "reveal":
                cards = args[1:]
            elif kind in ("dung", "charge"):
                payer = args[0] if kind == "dung" else args[2]
                lowest, who = args[3 if kind == "dung" else 4], args[4 if kind == "dung" else 5 :]
                if payer == n:
                    kali_paid += 1
                    plain = min(cards[:n])
                    assert (lowest, who) == (plain, tuple(p for p in range(n) if cards[p] == plain))
                else:
                    assert (lowest, who) == (-1, (payer,))
    assert kali_paid  # Kali paid in these games: the check above ran
