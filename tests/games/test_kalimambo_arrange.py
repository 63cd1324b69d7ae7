"""Kalimambo's ``arrange``: a situation set up by hand must be one that could happen.

Every card is conserved — a player holds the cards not yet revealed, one fewer for
every round over; a pick this round is one of them; a card revealed last round is
in no hand and no longer in Kali's deck, which loses a card a round too — and the
figures stand on distinct positions ahead of Mambo. An impossible situation is a
``ValueError`` naming what is wrong, and leaves the state as it was.
"""

from __future__ import annotations

import json

import pytest

import boardlab
from boardlab.games.kalimambo import PlayCard

#: A late-round scene of three players that could happen: round 11, two cards each left.
LATE = {
    "explorers": [20, 22, 21],
    "kali": 23,
    "mambo": 19,
    "dung": [],
    "round": 11,
    "hands": [[3, 9], [0, 11], [5, 6]],
    "revealed": [2, 1, 7, 8],
    "kali_deck": [4],
}


def fresh(players=3, **params):
    return boardlab.load("kalimambo", players=players, **params).new_game(0)


def test_a_late_round_scene_conserves_every_card():
    """Round 11 of 12: each player has revealed 10 cards and holds 2; player 0 has chosen 9,
    so player 1 is to choose; Kali revealed 8 last round, her deck holds 2 with the 4 on
    top."""
    state = fresh().arrange(**LATE, picks=[9])
    assert state.round == 11 and state.current_player == 1
    assert state.hand(0) == [3] and state.pending == [9, -1, -1]
    assert [state.cards_left(p) for p in range(3)] == [[3, 9], [0, 11], [5, 6]]
    assert len(state.kali_deck) == 2 and state.kali_deck[-1] == 4
    assert 8 not in state.kali_deck
    seen = state.observation(1)
    assert seen["last_round"] == [2, 1, 7, 8] and seen["my_card"] is None
    assert seen["chosen"] == [True, False, False]
    state.apply(PlayCard(11))
    state.apply(PlayCard(5))  # the round resolves: Kali shows her 4
    assert state.revealed == [9, 11, 5, 4] and state.round == 12
    assert [state.cards_left(p) for p in range(3)] == [[3], [0], [6]]
    assert len(state.kali_deck) == 1


def test_an_arranged_round_deals_kali_a_deck_of_the_right_size():
    """Round 5 with no ``kali_deck``: Kali has revealed four cards (the top ones of her dealt
    deck), so eight are left, the rest of the dealt deck in its order."""
    dealt = fresh()
    hands = [list(range(4, 12))] * 3
    state = fresh().arrange(round=5, hands=hands)
    assert state.kali_deck == dealt.kali_deck[:8]
    assert all(state.hand(p) == list(range(4, 12)) for p in range(3))


def test_a_mid_round_scene_replays():
    state = fresh().arrange(**LATE, picks=[9])
    state.apply(PlayCard(0))
    state.apply(PlayCard(6))
    states = boardlab.replay(json.loads(state.record().to_json()))
    assert states[0].pending == [9, -1, -1] and states[-1] == state


def test_an_arranged_game_replays():
    """The round table built from this replay is tested with the renderer that shows it."""
    state = fresh().arrange(explorers=[1, 2, 3], kali=4, mambo=0, dung=[], kali_deck=[2, 0])
    for value in (9, 8, 7, 0, 0, 0):
        state.apply(PlayCard(value))
    states = boardlab.replay(json.loads(state.record().to_json()))
    assert states[-1] == state


IMPOSSIBLE = [
    # the figures
    ({"explorers": [11, 11, 13], "kali": 14}, "player 0 and player 1 both on 11"),
    ({"explorers": [11, 12, 13], "kali": 13}, "player 2 and Kali both on 13"),
    ({"explorers": [11, 12, 13], "kali": 14, "mambo": 12}, "player 0 on 11: the figures stand"),
    ({"explorers": [11, 12], "kali": 14}, "explorers: one position per player, 3 in all"),
    ({"explorers": [11.0, 12, 13]}, r"explorers\[0\]: must be a whole number 0 or more, not 11.0"),
    ({"explorers": [11, 12, True]}, r"explorers\[2\]: must be a whole number 0 or more, not True"),
    ({"mambo": -1}, "mambo: must be a whole number 0 or more, not -1"),
    ({"explorers": [11, 12, 5000], "kali": 14}, "below position 2048"),
    # the heaps
    ({"dung": [32]}, r"dung\[0\]: must be a whole number from 0 to 31, not 32"),
    ({"dung": [16, 16]}, "dung: 16 given twice: loop spaces are distinct"),
    # the players' cards
    (
        {"hands": [[*range(11), 12]] * 3},
        r"hands\[0\]\[11\]: must be a whole number from 0 to 11, not 12",
    ),
    (
        {"hands": [list(range(12)), [3, 3, 0, 1, 2, *range(4, 11)], list(range(12))]},
        r"hands\[1\]: 3 given twice: cards are distinct",
    ),
    ({"hands": [[0, 1]] * 3}, r"holds 12, but hands\[0\] lists 2"),
    ({"hands": [list(range(12))] * 2}, "hands: one hand per player, 3 in all"),
    ({"round": 3}, "round 3: each player has revealed 2 cards and holds 10: give hands"),
    ({"round": 13}, "round: must be a whole number from 1 to 12, not 13"),
    ({"round": 0}, "round: must be a whole number from 1 to 12, not 0"),
    ({**LATE, "picks": [5]}, r"picks\[0\]: card 5 is not among player 0's cards not yet revealed"),
    ({**LATE, "picks": [2]}, r"picks\[0\]: card 2 is not among"),  # revealed last round
    ({**LATE, "picks": [9, 0, 5]}, "picks: at most 2"),
    # what was revealed last round
    ({"revealed": [1, 2, 3, 4]}, "revealed: in round 1 no round is over"),
    ({**LATE, "revealed": [3, 1, 7, 8]}, r"player 0 revealed card 3 last round, but hands\[0\]"),
    ({**LATE, "revealed": [2, 1, 7]}, "revealed: one card per player, then Kali's: 4 in all"),
    ({**LATE, "revealed": [2, 1, 7, 4]}, "Kali revealed card 4 last round, it left her deck"),
    # Kali's deck
    ({"kali_deck": [5, 1, 5]}, "kali_deck: 5 given twice"),
    ({"kali_deck": [12]}, r"kali_deck\[0\]: must be a whole number from 0 to 11, not 12"),
    ({**LATE, "kali_deck": [4, 0, 1]}, "kali_deck: 3 cards given, but in round 11 Kali's deck"),
    # the points
    ({"penalties": [0, -3, 0]}, r"penalties\[1\]: must be a whole number 0 or more, not -3"),
    ({"penalties": [0, 0]}, "penalties: one number per player, 3 in all"),
]


@pytest.mark.rule("kalimambo:cards-removed")
@pytest.mark.parametrize(("setup", "problem"), IMPOSSIBLE)
def test_an_impossible_situation_is_refused_and_nothing_changes(setup, problem):
    state = fresh()
    before = state.to_json()
    with pytest.raises(ValueError, match=problem) as caught:
        state.arrange(**setup)
    assert str(caught.value).startswith("arrange: ")
    assert state.to_json() == before and state.setup is None


def test_an_impossible_setup_in_a_record_is_refused_on_replay():
    state = fresh().arrange(explorers=[11, 12, 13], kali=14, dung=[])
    data = json.loads(state.record().to_json())
    data["setup"]["explorers"] = [11, 11, 13]
    with pytest.raises(boardlab.InvalidRecord, match="both on 11"):
        boardlab.replay(data)
