"""Tembo's hidden information: what a sample (``determinize``, ``_resample``) redraws.

Hidden: the teammates' hands and the order of the deck. On the table: every card's
back (deck I, II or III), in the draw pile and in the teammates' hands. The decks are
stacked, I on top, so while deck I is drawn a teammate holds deck I cards and the next
draws are deck I cards (or deck I's Lion and Matriarch cards, resolved when drawn and
never held). A sample redraws each hidden card among the hidden cards with its back.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from test_tembo import load, situation

from boardlab.games.tembo.components import split_events

SAMPLES = 100


def piles(game) -> list[set[int]]:
    """Each deck's cards with its back: its savanna cards and its share of the events."""
    lions = split_events(list(game.lion_ids))
    matriarchs = split_events(list(game.matriarch_ids))
    return [set(game.decks[d]) | set(lions[d]) | set(matriarchs[d]) for d in range(3)]


@pytest.mark.parametrize("players", [2, 4])
def test_samples_at_the_start_hold_only_cards_that_could_be_there(players):
    """At the start every teammate holds three deck I cards and deck I lies on top: in every
    sample each teammate's hand is three deck I cards the player does not hold, and the deck
    is deck I's rest (with its events) on deck II on deck III, each pile whole. Every deck I
    card the player cannot see turns up in some teammate's sampled hand."""
    game = load(players=players)
    pile = piles(game)
    for seed in range(3):
        state = game.new_game(seed)
        own = set(state.hands[0])
        could_hold = set(game.decks[0]) - own
        top = len(pile[0]) - players * 3  # deck I's cards left after the deal
        held = Counter()
        for k in range(SAMPLES):
            sample = state.determinize(0, random.Random(k))
            assert sample.hands[0] == state.hands[0]
            for q in range(1, players):
                assert len(sample.hands[q]) == 3 and set(sample.hands[q]) <= could_hold
                held.update(sample.hands[q])
            deck = sample.deck  # the top card last
            assert set(deck[-top:]) == (pile[0] - own - {c for h in sample.hands for c in h})
            assert set(deck[len(pile[2]) : -top]) == pile[1]
            assert set(deck[: len(pile[2])]) == pile[2]
            hidden = [c for h in sample.hands[1:] for c in h] + deck
            assert sorted(hidden) == sorted([c for h in state.hands[1:] for c in h] + state.deck)
        assert set(held) == could_hold, "every card that could be held is sometimes sampled"


def test_the_next_cards_sampled_are_deck_one_while_deck_one_lasts():
    """The cards a search bot's sample will draw next come from deck I until deck I is out,
    as at the table: no deck II or III card is ever the next draw at the start."""
    game = load()
    state = game.new_game(5)
    first = piles(game)[0]
    left = len(first) - 6
    for k in range(SAMPLES):
        sample = state.determinize(1, random.Random(k))
        assert all(c in first for c in sample.deck[-left:])
        assert sample.deck[-left - 1] not in first


def test_a_teammates_hand_keeps_the_backs_it_shows():
    """Mid-game, deck I drawn out: player 1 holds a deck I, a deck II and a deck III card.
    Player 0 sees their backs, so in every sample player 1 holds one card of each deck; the
    deck I card is the only one left unseen (the others are in the discard pile), so it is
    known; the other two are redrawn among the hidden cards of their decks, never a Lion
    or Matriarch card."""
    state = situation(
        hands=[["II-01", "II-02", "II-03"], ["I-04", "II-05", "III-06"]],
        deck=["II-07", "lion 4", "II-08", "matriarch 2", "III-01", "III-02", "lion 7"],
    )
    game = state.game
    names = game.card_names
    seen = {1: set(), 2: set()}
    for k in range(SAMPLES):
        sample = state.determinize(0, random.Random(k))
        hand = [names[c] for c in sample.hands[1]]
        assert hand[0] == "I-04"
        assert hand[1] in {"II-05", "II-07", "II-08"} and hand[2] in {"III-06", "III-01", "III-02"}
        seen[1].add(hand[1])
        seen[2].add(hand[2])
        deck = [names[c] for c in sample.deck]
        assert sorted(deck + hand) == sorted(
            [names[c] for c in state.deck] + ["I-04", "II-05", "III-06"]
        )
        assert {deck[i][:3] for i in range(len(deck))} >= {"lio", "mat"}
    assert seen == {1: {"II-05", "II-07", "II-08"}, 2: {"III-06", "III-01", "III-02"}}


def test_a_sample_keeps_each_back_in_its_place_in_the_deck():
    """The draw pile's backs are on the table: position by position, a sample's deck shows
    the same backs as the true deck (a lion card of deck II stays among deck II's)."""
    state = situation(
        deck=["II-07", "lion 4", "II-08", "matriarch 2", "III-01", "III-02", "lion 7"],
    )
    backs = state.game.backs
    truth = [backs[c] for c in state.deck]
    orders = set()
    for k in range(SAMPLES):
        sample = state.determinize(1, random.Random(k))
        assert [backs[c] for c in sample.deck] == truth
        orders.add(tuple(sample.deck))
    assert len(orders) > 10, "the deck's order is redrawn"


def test_with_the_decks_shuffled_together_the_backs_say_nothing():
    """deck_order="shuffled": every savanna card was dealt from one mixed pile, so a
    teammate's sampled hand may hold a card of any deck — never a Lion or Matriarch card."""
    game = load(deck_order="shuffled")
    state = game.new_game(2)
    decks = Counter()
    for k in range(SAMPLES):
        sample = state.determinize(0, random.Random(k))
        assert all(c < game.savanna_count for c in sample.hands[1])
        decks.update(game.cards[c].deck for c in sample.hands[1])
    assert set(decks) == {0, 1, 2}
