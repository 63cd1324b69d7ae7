"""Rule tests of Kilimanjaro: build a situation, apply actions, check the exact result.

Each test is named after the rule it checks: the rulebook's sections
(``kilimanjaro.seed.txt``: Preparation, Course of play, Chance
counters, Game end, Variant) or our numbered decisions
(``kilimanjaro.md``).

Situations are built with ``state.arrange``, which accepts only possible ones
(each card at most twice). A convention keeps them short: ``tops_for(5, 3, 3)``
gives the players top cards that move them 5, 3 and 3 spaces, and playing
one's ``neutral`` card (an on-foot card) on one's own pile A (what
``play(state)`` does by default) keeps that distance, so a test can say
"player 0 moves 3" without working out card arithmetic.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from itertools import pairwise, permutations, product

import pytest

import boardlab
from boardlab import IllegalAction, InvalidParameter, Record
from boardlab.core import View
from boardlab.games.kilimanjaro import ChangePlaces, PlaceCounter, PlayCard, SendBack
from boardlab.games.kilimanjaro.components import (
    BANANA,
    CARD_FACES,
    CHANGE,
    CLAUSES,
    FULL_DECK,
    LION,
    MOVEMENT,
    PILE_NAMES,
    Movement,
    card,
    card_name,
    movement_rule,
    parse_card,
    tabulated_movement,
)

# -- helpers ------------------------------------------------------------------

#: Player 0's neutral card: played on their own pile A, it keeps a ``tops_for`` player
#: moving the same distance (see ``neutral``).
NEUTRAL = "on foot 1"
#: Cards the deck deals in a situation unless a test says otherwise (top card first).
DECK = ["jeep 7", "mule 2", "canoe 5", "on foot 6", "jeep 3", "mule 4"]
VILLAGES = (20, 40, 60, 80)
#: The type of each player's pair in ``tops_for``, and the odd card on their pile A.
PAIR_TYPES = ("canoe", "jeep", "mule")
ODD_CARDS = ("mule 7", "canoe 7", "jeep 6")


def neutral(player: int) -> str:
    """Player ``player``'s neutral card, ``"on foot <player + 1>"``: an on-foot card on
    pile A leaves a ``tops_for`` pair as it was, so the distance stays."""
    return f"on foot {player + 1}"


#: Everyone's hand unless a test says otherwise: two neutral cards and one more on-foot
#: card (neutral too). Every card at most twice, as in the box.
HANDS = [[neutral(p), neutral(p), f"on foot {p + 4}"] for p in range(3)]


def tops_moving(distance: int, player: int = 0) -> list[str]:
    """Top cards (piles A, B, C) that move ``player`` ``distance`` (1–14) spaces.

    A pair of the player's own type on piles B and C adds up to the distance
    (rule b), beside an odd card on pile A; any on-foot card played on pile A
    keeps the pair. Each player's pair is of another type, so the three fit in
    the box together. Distance 1 (player 0 only) is three ones (rule c).
    """
    if distance == 1:
        assert player == 0, "only player 0 moves 1"
        return ["canoe 1", "jeep 1", "mule 1"]
    kind = PAIR_TYPES[player]
    low, high = (1, distance - 1) if distance <= 8 else (distance - 7, 7)
    return [ODD_CARDS[player], f"{kind} {low}", f"{kind} {high}"]


def tops_for(*distances: int) -> list[list[str]]:
    """Everyone's top cards: player p moves ``distances[p]``."""
    return [tops_moving(d, p) for p, d in enumerate(distances)]


def load(**params):
    return boardlab.load("kilimanjaro", **params)


def situation(
    positions: list[int],
    *,
    tops: list[list[str]] | None = None,
    hands: list[list[str]] | None = None,
    deck: list[str] | None = None,
    counters: dict[int, str] | None = None,
    face_up: tuple[int, ...] = (),
    current_player: int = 0,
    **params,
):
    """A play-phase state with ``len(positions)`` players.

    Unless told otherwise everyone moves 3, holds ``HANDS`` (neutral cards),
    the deck is ``DECK`` and there are no counters on the track. Every other card
    lies under the piles, played earlier (``arrange`` puts all 56 somewhere).
    """
    n = len(positions)
    state = load(players=n, **params).new_game(seed=0)
    return state.arrange(
        positions=positions,
        tops=tops or tops_for(*[3] * n),
        hands=hands or HANDS[:n],
        deck=DECK if deck is None else deck,
        counters=counters or {},
        face_up=face_up,
        current_player=current_player,
    )


def play(state, card: str | None = None, on: int | None = None, pile: str = "A") -> PlayCard:
    """The current player plays ``card`` (their neutral card by default) on ``on``'s pile
    (their own by default)."""
    p = state.current_player
    card = neutral(p) if card is None else card
    action = PlayCard(parse_card(card), p if on is None else on, PILE_NAMES.index(pile))
    state.apply(action)
    return action


def narration(state, player: int | None = None) -> list[str]:
    """The narration ``player`` may read (``None``: a spectator)."""
    return [event.text for event in state.visible_events(player)]


def names(cards) -> list[str]:
    return [card_name(c) for c in cards]


def assert_illegal(state, action, *, rule: str = "", says: str = "") -> IllegalAction:
    """``action`` is not offered, and applying it raises IllegalAction, changing nothing."""
    assert action not in state.legal_actions()
    before = state.to_json()
    with pytest.raises(IllegalAction) as error:
        state.apply(action)
    assert state.to_json() == before
    assert rule in error.value.rule
    assert says in error.value.reason
    return error.value


def placing(reserve: list[list[str]], counters: dict[int, str] | None = None, **params):
    """A placement-phase state: ``reserve[p]`` are the counters player p has yet to place."""
    state = load(players=len(reserve), **params).new_game(seed=0)
    return state.arrange(counters=counters or {}, reserve=reserve)


def counter_spaces(state) -> dict[int, str]:
    """Where the counters lie, as the full state knows them."""
    kinds = ("banana", "lion", "change position")
    return {s: kinds[k] for s, k in enumerate(state.counter_at) if k >= 0}


COUNTER_FREE = [s for s in range(1, 100) if s not in VILLAGES]


def place_every_counter(state):
    """Play the placement through (each time the first legal placement); returns ``state``."""
    while state.phase_name == "place":
        state.apply(state.legal_actions()[0])
    return state


# -- Course of play: how far the top cards move an expedition ----------------------

#: (the three top cards, how far they move, the clause that decides, the cards that count)
RULEBOOK_EXAMPLES = [
    (("canoe 2", "canoe 4", "canoe 7"), 13, "a", ("canoe 2", "canoe 4", "canoe 7")),
    (("jeep 1", "jeep 5", "mule 7"), 6, "b", ("jeep 1", "jeep 5")),
    (("jeep 4", "canoe 6", "mule 3"), 6, "c", ("canoe 6",)),
]
SAME_TYPE = [
    (("mule 1", "mule 1", "mule 1"), 3, "a", ("mule 1", "mule 1", "mule 1")),
    (("on foot 7", "on foot 7", "on foot 6"), 20, "a", ("on foot 7", "on foot 7", "on foot 6")),
    (("jeep 3", "jeep 5", "jeep 1"), 9, "a", ("jeep 3", "jeep 5", "jeep 1")),
]
TWO_OF_A_KIND = [  # the odd card is the highest, and still does not count
    (("canoe 1", "mule 7", "canoe 2"), 3, "b", ("canoe 1", "canoe 2")),
    (("jeep 6", "on foot 7", "jeep 1"), 7, "b", ("jeep 6", "jeep 1")),
    (("mule 2", "mule 2", "canoe 7"), 4, "b", ("mule 2", "mule 2")),
    (("on foot 1", "jeep 1", "on foot 1"), 2, "b", ("on foot 1", "on foot 1")),
]
ALL_DIFFERENT = [
    (("canoe 7", "jeep 2", "on foot 5"), 7, "c", ("canoe 7",)),
    (("mule 3", "on foot 4", "jeep 2"), 4, "c", ("on foot 4",)),
    # equal highest: either may count (the first does, as the test below shows)
    (("mule 3", "on foot 3", "jeep 2"), 3, "c", ()),
    (("canoe 1", "jeep 1", "mule 1"), 1, "c", ()),
]


def every_order(cases):
    """Each case in all orders of its three piles: the order must not matter."""
    return [
        pytest.param(order, *rest, id=" + ".join(order))
        for cards, *rest in cases
        for order in sorted(set(permutations(cards)))
    ]


def assert_moves(cards, distance, clause, counted):
    """``movement_rule`` gives the distance, the clause and the cards that count (and the
    playouts' table agrees)."""
    moved = movement_rule([parse_card(c) for c in cards])
    assert moved.distance == distance == tabulated_movement([parse_card(c) for c in cards])
    assert moved.clause == clause
    if counted:
        assert sorted(cards[i] for i in moved.counted) == sorted(counted)


CASE = ("cards", "distance", "clause", "counted")


@pytest.mark.rule(
    "kilimanjaro:example-a",
    "kilimanjaro:example-b",
    "kilimanjaro:example-c",
    "kilimanjaro:examples",
)
@pytest.mark.parametrize(CASE, every_order(RULEBOOK_EXAMPLES))
def test_movement_rulebook_examples(cards, distance, clause, counted):
    assert_moves(cards, distance, clause, counted)


@pytest.mark.rule("kilimanjaro:course-a", "kilimanjaro:side-sum", "kilimanjaro:decision-4")
@pytest.mark.parametrize(CASE, every_order(SAME_TYPE))
def test_movement_all_one_type_adds_the_three_cards(cards, distance, clause, counted):
    assert_moves(cards, distance, clause, counted)


@pytest.mark.rule("kilimanjaro:course-b", "kilimanjaro:side-majority", "kilimanjaro:decision-4")
@pytest.mark.parametrize(CASE, every_order(TWO_OF_A_KIND))
def test_movement_two_of_one_type_adds_the_pair_only(cards, distance, clause, counted):
    assert_moves(cards, distance, clause, counted)


@pytest.mark.rule("kilimanjaro:course-c", "kilimanjaro:side-highest", "kilimanjaro:decision-4")
@pytest.mark.parametrize(CASE, every_order(ALL_DIFFERENT))
def test_movement_all_different_takes_the_highest_card(cards, distance, clause, counted):
    assert_moves(cards, distance, clause, counted)


@pytest.mark.rule("kilimanjaro:course-c")
def test_movement_all_different_with_equal_highest_cards_counts_the_first():
    """Rule c: the highest card gives the distance; of equal highest, the first pile's is bold."""
    moved = movement_rule([card("jeep", 2), card("canoe", 6), card("mule", 6)])
    assert moved == Movement(distance=6, clause="c", counted=(1,))


def test_movement_names_the_clause_in_the_rulebooks_words():
    """One rule, one place: the exercise, the panel and the rule help all read these words."""
    said = [str(movement_rule([parse_card(c) for c in cards])) for cards, *_ in RULEBOOK_EXAMPLES]
    assert said == [
        "a: all three of one type, add all three",
        "b: the majority rules, add the pair",
        "c: all different, the highest card counts",
    ]
    first = movement_rule([card("jeep", 1), card("jeep", 5), card("mule", 7)])
    assert first == Movement(distance=6, clause="b", counted=(0, 1))
    assert first.words == CLAUSES["b"]


def test_the_movement_table_is_the_movement_rule_tabulated():
    """``MOVEMENT`` is the playouts' and bots' speed trick: it agrees with the rule everywhere."""
    assert len(MOVEMENT) == CARD_FACES**3
    for tops in product(range(CARD_FACES), repeat=3):
        assert tabulated_movement(tops) == movement_rule(tops).distance


@pytest.mark.rule("kilimanjaro:movement")
@pytest.mark.parametrize(CASE, every_order(RULEBOOK_EXAMPLES + TWO_OF_A_KIND))
def test_state_movement_reads_the_same_rule(cards, distance, clause, counted):
    state = situation([0, 0], tops=[list(cards), tops_moving(5, 1)], hands=HANDS[1:3], deck=[])
    assert state.movement(0) == distance
    assert state.observation(None)["movement"] == [distance, 5]


@pytest.mark.rule(
    "kilimanjaro:example-a",
    "kilimanjaro:example-b",
    "kilimanjaro:example-c",
    "kilimanjaro:examples",
    "kilimanjaro:play-move",
)
@pytest.mark.parametrize(CASE, RULEBOOK_EXAMPLES, ids=["a", "b", "c"])
def test_movement_rulebook_examples_in_a_played_turn(cards, distance, clause, counted):
    """The third example card, played on pile C, completes the example: player 0 moves that far."""
    first, second, third = cards
    state = situation(
        [10, 0, 0],
        tops=[[first, second, "on foot 1"], *tops_for(3, 3, 3)[1:]],
        hands=[[third, "on foot 4", "on foot 7"], *HANDS[1:]],
    )
    play(state, third, pile="C")
    assert names(state.tops[0]) == list(cards)
    assert state.positions == [10 + distance, 0, 0]
    assert f"player 0 moves {distance} spaces, from 10 to {10 + distance}" in narration(state)


@pytest.mark.rule(
    "kilimanjaro:play-top-cards",
    "kilimanjaro:side-top",
    "kilimanjaro:play-own-pile",
    "kilimanjaro:decision-4",
)
def test_only_the_top_cards_count():
    """Course of play: a card played on a pile covers the one below, which stops counting."""
    state = situation(
        [10, 0, 0],
        tops=[["canoe 7", "jeep 2", "mule 3"], *tops_for(3, 3, 3)[1:]],
        hands=[["jeep 1", NEUTRAL, NEUTRAL], *HANDS[1:]],
    )
    assert state.movement(0) == 7  # all different: the canoe 7
    play(state, "jeep 1", pile="A")
    assert names(state.piles[0][0])[-2:] == ["canoe 7", "jeep 1"]  # on top of pile A
    assert names(state.tops[0]) == ["jeep 1", "jeep 2", "mule 3"]
    assert state.positions[0] == 13  # two jeeps: 1 + 2; the buried canoe 7 no longer counts


@pytest.mark.rule("kilimanjaro:play-other-pile", "kilimanjaro:play-move", "kilimanjaro:decision-4")
def test_a_card_on_anothers_pile_still_moves_you_by_your_own_top_cards():
    """Our decision 4: the player moves after every card played, wherever the card went."""
    state = situation(
        [10, 15, 0],
        tops=[tops_moving(5), ["jeep 1", "jeep 2", "jeep 3"], tops_moving(3, 2)],
        hands=[["canoe 7", NEUTRAL, NEUTRAL], *HANDS[1:]],
    )
    play(state, "canoe 7", on=1, pile="B")
    assert names(state.tops[1]) == ["jeep 1", "canoe 7", "jeep 3"]
    assert state.movement(1) == 4  # was 6 (three jeeps); now the pair of jeeps: 1 + 3
    assert state.positions == [15, 15, 0]  # player 0 moved 5, by their own cards; 1 stays
    assert names(state.tops[0]) == tops_moving(5)
    assert narration(state)[-3:-1] == [
        "player 0 plays canoe 7 on player 1's pile B",
        "player 0 moves 5 spaces, from 10 to 15",
    ]


# -- Preparation --------------------------------------------------------------------


@pytest.mark.rule("kilimanjaro:prep-figures", "kilimanjaro:decision-1")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_expeditions_start_in_the_start_village(players):
    state = load(players=players).new_game(seed=5)
    assert state.positions == [0] * players
    assert state.phase_name == "place"
    assert state.current_player == 0


@pytest.mark.rule(
    "kilimanjaro:prep-counters-deal", "kilimanjaro:contents-counters", "kilimanjaro:decision-2"
)
@pytest.mark.parametrize(("players", "counts"), [(2, [8, 8]), (3, [6, 5, 5]), (4, [4, 4, 4, 4])])
def test_setup_counters_are_dealt_round_robin_from_player_0(players, counts):
    """Our decision 2: 16 counters dealt in turn, so with 3 players player 0 gets the extra one."""
    state = load(players=players).new_game(seed=11)
    assert state.observation(None)["counters_left"] == counts
    held = [state.observation(p)["my_counters"] for p in range(players)]
    assert [len(h) for h in held] == counts
    assert Counter(k for h in held for k in h) == {"banana": 8, "lion": 4, "change position": 4}


@pytest.mark.rule(
    "kilimanjaro:prep-deal-cards", "kilimanjaro:prep-deck", "kilimanjaro:contents-cards"
)
@pytest.mark.parametrize(
    ("players", "hand_size", "deck_size"),
    [(2, 3, 44), (3, 3, 38), (4, 3, 32), (4, 6, 20), (3, 1, 44)],
)
def test_setup_deals_three_face_up_piles_and_a_hand(players, hand_size, deck_size):
    """Preparation: 3 cards face up each, hand_size in hand, the rest is the deck — once
    every counter is placed."""
    state = load(players=players, hand_size=hand_size).new_game(seed=2)
    place_every_counter(state)
    assert deck_size == 56 - players * (3 + hand_size)
    assert len(state.deck) == deck_size
    for p in range(players):
        assert [len(pile) for pile in state.piles[p]] == [1, 1, 1]
        assert state.tops[p] == [pile[-1] for pile in state.piles[p]]
        assert len(state.hands[p]) == hand_size
    dealt = [c for piles in state.piles for pile in piles for c in pile]
    dealt += [c for hand in state.hands for c in hand] + state.deck
    assert Counter(dealt) == Counter(FULL_DECK)  # every card once, none invented


@pytest.mark.rule("kilimanjaro:prep-counters-deal", "kilimanjaro:prep-deal-cards")
def test_setup_is_deterministic_from_the_seed():
    game = load()
    assert game.new_game(seed=7).to_json() == game.new_game(seed=7).to_json()
    one, other = game.new_game(seed=7).to_data(), game.new_game(seed=8).to_data()
    assert one["rules"]["reserve"] != other["rules"]["reserve"]
    one, other = place_every_counter(game.new_game(seed=7)), place_every_counter(game.new_game(8))
    assert one.deck != other.deck
    assert place_every_counter(game.new_game(seed=7)).to_json() == one.to_json()


@pytest.mark.rule("kilimanjaro:contents-figures", "kilimanjaro:decision-0")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_contents_a_figure_per_expedition_and_four_at_most(players):
    """Contents: 4 player figures, one per expedition: 2 to 4 players (our decision 0)."""
    state = load(players=players).new_game(seed=1)
    assert len(state.positions) == len(state.reserve) == players
    with pytest.raises(InvalidParameter) as error:
        load(players=5)
    assert error.value.name == "players"


@pytest.mark.rule("kilimanjaro:contents-board", "kilimanjaro:decision-1")
def test_contents_the_board_is_a_track_to_space_100_with_villages():
    observed = load().new_game(seed=1).observation(None)
    assert observed["track_length"] == 100  # the base camp
    assert observed["villages"] == list(VILLAGES)  # plus the start village, position 0
    assert observed["positions"] == [0, 0, 0]


@pytest.mark.rule("kilimanjaro:prep-deal-cards")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_no_cards_are_dealt_while_the_counters_are_placed(players):
    """Preparation deals the cards "now", after the counters: while placing, nobody holds
    a card or sees a movement value, so no lion can be aimed where another will land."""
    state = load(players=players).new_game(seed=4)
    steps = 0
    while state.phase_name == "place":
        assert not state.dealt
        assert state.deck == [] and state.tops == [] and state.piles == []
        assert state.hands == [[] for _ in range(players)]
        for viewer in (*range(players), None):
            seen = state.observation(viewer)
            assert seen["cards_dealt"] is False
            assert seen["hand"] == ([] if viewer is not None else None)
            assert seen["hand_sizes"] == [0] * players and seen["deck_size"] == 0
            assert seen["movement"] == [None] * players
            assert seen["piles"] == [[[], [], []]] * players
            text = json.dumps(seen)
            assert not any(t in text for t in ("canoe", "jeep", "on foot", "mule"))
        assert not [
            e for e in state.events if e.kind.startswith("deal_") and "counters" not in e.kind
        ]
        state.apply(state.legal_actions()[steps % len(state.legal_actions())])
        steps += 1
    assert steps == 16


@pytest.mark.rule("kilimanjaro:prep-deal-cards", "kilimanjaro:prep-deck", "kilimanjaro:play-start")
def test_the_cards_are_dealt_once_the_last_counter_is_placed():
    """After the 16th placement: the shuffle, then per player three face-up cards (public) and
    a hand (its owner's only), the rest the deck; player 0 plays first."""
    state = load().new_game(seed=4)
    place_every_counter(state)
    assert state.phase_name == "play" and state.current_player == 0 and state.dealt
    assert [len(h) for h in state.hands] == [3, 3, 3] and len(state.deck) == 38
    assert all([len(pile) for pile in piles] == [1, 1, 1] for piles in state.piles)
    kinds = [e.kind for e in state.events]
    last_place = max(i for i, k in enumerate(kinds) if k == "place")
    assert kinds[last_place:] == [
        "place",
        "deal_cards",
        *["deal_piles", "deal_hand"] * 3,
    ]
    tops = [", ".join(names(t)) for t in state.tops]
    hand = ", ".join(names(state.hands[1]))
    assert narration(state, 1)[-7:] == [
        "the movement cards are shuffled and dealt",
        f"player 0 lays out face up: {tops[0]}",
        "player 0 takes 3 cards into hand",
        f"player 1 lays out face up: {tops[1]}",
        f"player 1 takes into hand: {hand}",
        f"player 2 lays out face up: {tops[2]}",
        "player 2 takes 3 cards into hand",
    ]
    assert state.observation(1)["hand"] == sorted(names(state.hands[1]))
    assert state.observation(1)["movement"] == [state.movement(p) for p in range(3)]


@pytest.mark.rule("kilimanjaro:prep-deal-cards")
def test_what_a_placer_knows_does_not_decide_the_deal():
    """The deal comes after the placement from the seed alone: a state sampled from player 0's
    view before the last placement deals other cards, so placing cannot aim at them."""
    state = load().new_game(seed=4)
    while len(state.history) < 15:
        state.apply(state.legal_actions()[0])
    last = state.legal_actions()[0]
    deals = set()
    for k in range(6):
        sample = View(state, state.current_player).sample_state(random.Random(k))
        assert sample.observation(0) == state.observation(0)
        sample.apply(last)
        deals.add(tuple(map(tuple, sample.tops)))
    state.apply(last)
    assert len(deals | {tuple(map(tuple, state.tops))}) > 1


@pytest.mark.rule("kilimanjaro:prep-deal-cards")
def test_without_counters_the_cards_are_dealt_at_once():
    state = load(bananas=0, lions=0, changes=0).new_game(seed=4)
    assert state.phase_name == "play" and state.dealt and len(state.deck) == 38
    assert [e.kind for e in state.events][:3] == ["deal_cards", "deal_piles", "deal_hand"]


# -- Preparation: placing the counters ------------------------------------------------


@pytest.mark.rule(
    "kilimanjaro:prep-one-at-a-time",
    "kilimanjaro:prep-counters-place",
    "kilimanjaro:play-start",
    "kilimanjaro:decision-2",
)
def test_placement_one_counter_per_turn_in_seat_order_then_player_0_plays():
    """Preparation: each player places one counter at a time until all are placed."""
    state = load().new_game(seed=3)
    placers = []
    while state.phase_name == "place":
        placers.append(state.current_player)
        state.apply(state.legal_actions()[0])  # the lowest free space
    assert placers == [0, 1, 2] * 5 + [0]  # 6/5/5 counters
    assert state.phase_name == "play"
    assert state.current_player == 0
    assert all(isinstance(a, PlayCard) for a in state.legal_actions())
    # Lowest free space each time: every other space, villages and neighbours left out.
    assert sorted(counter_spaces(state)) == list(range(1, 33, 2))


@pytest.mark.rule("kilimanjaro:prep-one-at-a-time")
def test_placement_skips_players_with_no_counters_left():
    state = placing([["lion"], [], ["banana", "banana"]])
    state.apply(PlaceCounter(LION, 30))
    assert state.current_player == 2  # player 1 has none
    state.apply(PlaceCounter(BANANA, 50))
    assert state.current_player == 2  # players 0 and 1 have none: 2 again
    state.apply(PlaceCounter(BANANA, 70))
    assert state.phase_name == "play"
    assert state.current_player == 0
    assert counter_spaces(state) == {30: "lion", 50: "banana", 70: "banana"}


FORBIDDEN_SPACES = {
    "a village": [20, 40, 60, 80],
    "the start village": [0],
    "the base camp": [100],
    "off the track": [-1, 101],
    "taken": [30],
    "next to a counter": [29, 31],
}


@pytest.mark.rule("kilimanjaro:prep-forbidden-spaces", "kilimanjaro:decision-2")
@pytest.mark.parametrize(
    "space",
    [pytest.param(s, id=f"{s} is {why}") for why, ss in FORBIDDEN_SPACES.items() for s in ss],
)
def test_placement_forbidden_spaces(space):
    """Preparation: no counter on a village or next to another counter; our decision 2: 1..99."""
    state = placing([["banana"], ["banana"], []], counters={30: "lion"})
    assert_illegal(state, PlaceCounter(BANANA, space), rule="Preparation")


@pytest.mark.rule("kilimanjaro:prep-forbidden-spaces")
def test_placement_errors_say_which_rule_applies():
    state = placing([["banana"], ["banana"], []], counters={30: "lion"})
    reasons = {
        space: assert_illegal(state, PlaceCounter(BANANA, space)).reason
        for space in (20, 30, 31, 100)
    }
    assert reasons == {
        20: "space 20 is a village: no counter may be placed on a village space",
        30: "space 30 already holds a counter: counters go on empty spaces",
        31: "space 31 is next to the counter on 30: no two counters may be placed next to "
        "each other",
        100: "space 100 is off the track: counters go on spaces 1 to 99",
    }


@pytest.mark.rule("kilimanjaro:prep-forbidden-spaces")
def test_placement_not_next_to_a_counter_another_player_placed():
    state = placing([["banana"], ["lion", "banana"], []])
    state.apply(PlaceCounter(BANANA, 50))
    assert state.current_player == 1
    for space in (49, 50, 51):
        assert_illegal(state, PlaceCounter(LION, space), rule="Preparation")
    state.apply(PlaceCounter(LION, 52))  # two apart is fine
    assert counter_spaces(state) == {50: "banana", 52: "lion"}


@pytest.mark.rule("kilimanjaro:prep-counters-place", "kilimanjaro:decision-2")
def test_placement_needs_a_counter_of_that_kind():
    state = placing([["banana", "change position"], ["lion"], []])
    error = assert_illegal(state, PlaceCounter(LION, 10), rule="Preparation")
    assert "lion" in error.reason


@pytest.mark.rule("kilimanjaro:prep-counters-place", "kilimanjaro:decision-2")
def test_placement_legal_actions_are_the_free_spaces_for_each_kind_held():
    state = placing([["banana", "banana", "lion"], ["change position"], []], counters={30: "lion"})
    free = [s for s in COUNTER_FREE if s not in (29, 30, 31)]
    legal = state.legal_actions()
    assert len(legal) == len(set(legal))  # two bananas: one set of actions
    assert set(legal) == {PlaceCounter(k, s) for k in (BANANA, LION) for s in free}
    state.apply(PlaceCounter(BANANA, 50))
    free = [s for s in free if s not in (49, 50, 51)]
    assert state.legal_actions() == [PlaceCounter(CHANGE, s) for s in free]


@pytest.mark.rule("kilimanjaro:prep-counters-place")
def test_placement_legal_actions_in_a_new_game():
    state = load().new_game(seed=1)
    kinds = set(state.reserve[0])
    assert set(state.legal_actions()) == {PlaceCounter(k, s) for k in kinds for s in COUNTER_FREE}
    assert len(state.legal_actions()) == len(kinds) * 95


@pytest.mark.parametrize("seed", range(3))
def test_placement_as_many_counters_as_validation_allows_always_fit(seed):
    """32 counters fit 95 free spaces however they are placed (InvalidParameter at 33)."""
    state = load(bananas=20, lions=12, changes=0).new_game(seed=seed)
    rng = random.Random(seed)
    while state.phase_name == "place":
        legal = state.legal_actions()
        assert legal
        state.apply(rng.choice(legal))
    spaces = sorted(counter_spaces(state))
    assert len(spaces) == 32
    assert not set(spaces) & set(VILLAGES)
    assert all(b - a >= 2 for a, b in pairwise(spaces))


# -- Course of play, action 2: playing on another expedition's piles -------------------


@pytest.mark.rule(
    "kilimanjaro:play-other-pile", "kilimanjaro:play-as-far", "kilimanjaro:decision-3"
)
def test_may_play_on_an_expedition_further_ahead():
    state = situation([10, 15, 5])
    assert {a.player for a in state.legal_actions()} == {0, 1}
    play(state, NEUTRAL, on=1, pile="C")
    assert names(state.tops[1]) == [*tops_moving(3, 1)[:2], NEUTRAL]
    assert state.positions == [13, 15, 5]


@pytest.mark.rule("kilimanjaro:play-as-far", "kilimanjaro:decision-3")
def test_may_play_on_an_expedition_as_far_as_yours():
    state = situation([10, 10, 5])
    assert {a.player for a in state.legal_actions()} == {0, 1}
    play(state, NEUTRAL, on=1, pile="C")
    assert names(state.tops[1])[2] == "on foot 1"


@pytest.mark.rule("kilimanjaro:play-as-far", "kilimanjaro:decision-3")
def test_may_not_play_on_an_expedition_behind():
    state = situation([10, 10, 5])
    assert_illegal(
        state,
        PlayCard(parse_card(NEUTRAL), 2, 0),
        rule="Course of play, action 2",
        says="as far, or further",
    )


def test_variant_play_on_anyone():
    state = situation([10, 15, 5], play_on_others="anyone")
    assert {a.player for a in state.legal_actions()} == {0, 1, 2}
    play(state, NEUTRAL, on=2, pile="C")
    assert names(state.tops[2]) == [*tops_moving(3, 2)[:2], NEUTRAL]
    assert state.positions == [13, 15, 5]


def test_variant_play_only_on_your_own_piles():
    state = situation([10, 15, 5], play_on_others="never")
    assert {a.player for a in state.legal_actions()} == {0}
    assert_illegal(state, PlayCard(parse_card(NEUTRAL), 1, 0), rule="play_on_others")


@pytest.mark.rule("kilimanjaro:play-one-card")
def test_a_card_not_in_hand_cannot_be_played():
    state = situation([0, 0, 0])
    assert_illegal(state, PlayCard(parse_card("jeep 7"), 0, 0), rule="Course of play")


@pytest.mark.parametrize(
    "action",
    [
        PlayCard(28, 0, 0),
        PlayCard(-1, 0, 0),
        PlayCard(0, 0, 3),
        PlayCard(0, 3, 0),
        PlayCard(0, -1, 0),
    ],
    ids=repr,
)
def test_an_action_naming_no_card_player_or_pile_is_illegal(action):
    """Not an IndexError: the contract says illegal actions raise IllegalAction."""
    hands = [["canoe 1", "mule 7", "mule 5"], *HANDS[1:]]  # card 0: canoe 1
    state = situation([0, 0, 0], hands=hands)
    assert_illegal(state, action, rule="Course of play")


@pytest.mark.parametrize("action", [PlaceCounter(3, 10), PlaceCounter(-1, 10)], ids=repr)
def test_a_placement_naming_no_counter_kind_is_illegal(action):
    state = placing([["banana", "lion", "change position"], [], []])
    assert_illegal(state, action)


def test_an_action_out_of_its_phase_names_the_rule_of_that_phase():
    state = placing([["banana"], [], []])
    assert_illegal(state, PlayCard(parse_card(NEUTRAL), 0, 0), rule="Preparation")
    state = situation([0, 0, 0])
    assert_illegal(state, PlaceCounter(BANANA, 10), rule="Course of play")
    assert_illegal(state, ChangePlaces(1), rule="Course of play")
    state = situation([10, 0, 0], counters={13: "change position"})
    play(state)
    assert_illegal(state, PlayCard(parse_card(NEUTRAL), 0, 0), rule="Chance counters")


@pytest.mark.rule("kilimanjaro:decision-9", "kilimanjaro:play-one-card")
def test_two_copies_of_a_card_are_one_set_of_actions():
    """Our decision 9: actions name what the player sees, not physical copies."""
    hands = [["jeep 5", "jeep 5", "mule 5"], *HANDS[1:]]
    state = situation([10, 5, 5], hands=hands)  # the others are behind: own piles only
    jeep5, mule5 = parse_card("jeep 5"), parse_card("mule 5")
    assert state.legal_actions() == [PlayCard(jeep5, 0, i) for i in range(3)] + [
        PlayCard(mule5, 0, i) for i in range(3)
    ]
    play(state, "jeep 5", pile="B")
    assert sorted(names(state.hands[0])) == ["jeep 5", "jeep 7", "mule 5"]  # one copy left
    ahead = situation([0, 5, 5], hands=hands)
    legal = ahead.legal_actions()
    assert len(legal) == len(set(legal)) == 2 * 3 * 3  # 2 cards × 3 players × 3 piles


# -- Chance counters ------------------------------------------------------------------


@pytest.mark.rule(
    "kilimanjaro:banana",
    "kilimanjaro:side-banana",
    "kilimanjaro:counter-trigger",
    "kilimanjaro:decision-5",
)
def test_banana_moves_again_the_same_distance():
    state = situation([10, 0, 0], counters={13: "banana"})
    play(state)
    assert state.positions[0] == 16
    assert state.observation(None)["counters"] == [[13, "banana", True]]  # face up now
    assert narration(state)[-5:-1] == [
        "player 0 plays on foot 1 on their own pile A",
        "player 0 moves 3 spaces, from 10 to 13",
        "player 0 turns over a banana counter on space 13",
        "player 0 moves 3 spaces, from 13 to 16",
    ]
    assert state.current_player == 1


@pytest.mark.rule("kilimanjaro:banana", "kilimanjaro:decision-5")
def test_banana_chain_of_two():
    """Our decision 5: a counter where the banana's move ends triggers too."""
    state = situation([10, 0, 0], counters={13: "banana", 16: "banana"})
    play(state)
    assert state.positions[0] == 19
    assert state.observation(None)["counters"] == [[13, "banana", True], [16, "banana", True]]


@pytest.mark.rule("kilimanjaro:decision-5")
def test_banana_then_lion():
    state = situation([30, 0, 0], counters={33: "banana", 36: "lion"})
    play(state)
    assert state.positions[0] == 20


@pytest.mark.rule("kilimanjaro:counters-stay")
def test_banana_stays_face_up_and_sends_a_later_visitor_on_too():
    state = situation(
        [10, 8, 0],
        tops=tops_for(3, 5, 3),
        counters={13: "banana"},
    )
    play(state)  # player 0: 10 → 13 → 16
    start = len(narration(state))
    play(state)  # player 1: 8 → 13 → 18
    assert state.positions == [16, 18, 0]
    assert state.observation(None)["counters"] == [[13, "banana", True]]
    assert "player 1 lands on a banana counter on space 13" in narration(state)[start:]


@pytest.mark.rule(
    "kilimanjaro:lion", "kilimanjaro:side-lion", "kilimanjaro:decision-1", "kilimanjaro:decision-5"
)
@pytest.mark.parametrize(
    ("start", "distance", "lion", "village"),
    [(30, 3, 33, 20), (10, 5, 15, 0), (75, 4, 79, 60), (40, 1, 41, 40), (90, 9, 99, 80)],
)
def test_lion_sends_back_to_the_last_village_behind(start, distance, lion, village):
    state = situation(
        [start, 0, 0],
        tops=tops_for(distance, 3, 3),
        counters={lion: "lion"},
    )
    play(state)
    assert state.positions[0] == village
    assert state.observation(None)["counters"] == [[lion, "lion", True]]
    where = "the start village" if village == 0 else f"the village on {village}"
    assert f"the lion sends player 0 back from {lion} to {where}" in narration(state)


@pytest.mark.rule("kilimanjaro:counters-stay")
def test_lion_stays_face_up_for_later_visitors():
    state = situation([30, 30, 0], counters={33: "lion"})
    play(state)
    play(state)
    assert state.positions == [20, 20, 0]
    assert state.observation(None)["counters"] == [[33, "lion", True]]
    assert "player 1 lands on a lion counter on space 33" in narration(state)


@pytest.mark.rule("kilimanjaro:counter-trigger", "kilimanjaro:decision-5")
def test_counters_trigger_only_where_a_move_ends():
    """Chance counters: 'ends their turn on a space with a counter'; passing does nothing."""
    state = situation(
        [10, 0, 0],
        tops=tops_for(5, 3, 3),
        counters={12: "lion", 14: "banana"},
    )
    start = len(narration(state))
    play(state)
    assert state.positions[0] == 15
    assert state.observation(None)["counters"] == [[12, "hidden", False], [14, "hidden", False]]
    assert narration(state)[start:] == [
        "player 0 plays on foot 1 on their own pile A",
        "player 0 moves 5 spaces, from 10 to 15",
        "player 0 draws a card",
    ]


@pytest.mark.rule(
    "kilimanjaro:change",
    "kilimanjaro:side-swap",
    "kilimanjaro:change-removed",
    "kilimanjaro:side-swap-removed",
    "kilimanjaro:decision-5",
)
def test_change_position_the_player_chooses_whom_to_swap_with():
    state = situation([10, 25, 5], counters={13: "change position", 25: "lion"})
    play(state)
    assert state.positions == [13, 25, 5]
    assert state.phase_name == "choose"
    assert state.current_player == 0  # the same player decides
    assert state.legal_actions() == [ChangePlaces(1), ChangePlaces(2)]
    assert 13 not in counter_spaces(state)  # removed from play once turned over
    assert len(state.hands[0]) == 2  # the draw comes after the whole turn
    state.apply(ChangePlaces(1))
    assert state.positions == [25, 13, 5]
    assert counter_spaces(state) == {25: "lion"}  # not triggered by arriving through a swap
    assert state.observation(None)["counters"] == [[25, "hidden", False]]
    assert "player 0 (on 13) and player 1 (on 25) change places" in narration(state)
    assert len(state.hands[0]) == 3
    assert state.phase_name == "play"
    assert state.current_player == 1


@pytest.mark.rule("kilimanjaro:change")
def test_change_position_may_swap_with_an_expedition_behind():
    state = situation([10, 25, 5], counters={13: "change position"})
    play(state)
    state.apply(ChangePlaces(2))
    assert state.positions == [5, 25, 13]


@pytest.mark.rule("kilimanjaro:change")
@pytest.mark.parametrize(
    "action",
    [
        ChangePlaces(0),  # yourself
        ChangePlaces(3),  # nobody: 3 players
        SendBack(1),  # the variant's action in a swap game
        PlayCard(parse_card(NEUTRAL), 0, 0),  # the swap comes first
    ],
    ids=str,
)
def test_change_position_wrong_choices_are_illegal(action):
    state = situation([10, 25, 5], counters={13: "change position"})
    play(state)
    assert_illegal(state, action)


@pytest.mark.rule(
    "kilimanjaro:change-variant",
    "kilimanjaro:variant-send-back",
    "kilimanjaro:variant-luck",
    "kilimanjaro:decision-5",
)
@pytest.mark.parametrize(
    ("target", "back"), [(47, 40), (40, 40), (15, 0), (0, 0), (99, 80), (61, 60)]
)
def test_variant_send_back_to_the_last_village(target, back):
    """Variant: send another expedition back to the last village behind it; on a village, stay."""
    state = situation(
        [10, target, 5], counters={13: "change position"}, change_position="send_back"
    )
    play(state)
    assert state.phase_name == "choose"
    assert state.legal_actions() == [SendBack(1), SendBack(2)]
    state.apply(SendBack(1))
    assert state.positions == [13, back, 5]
    assert f"player 0 sends player 1 back from {target} to {back}" in narration(state)
    assert state.current_player == 1


@pytest.mark.rule("kilimanjaro:change-variant")
def test_variant_send_back_rejects_a_swap():
    state = situation([10, 47, 5], counters={13: "change position"}, change_position="send_back")
    play(state)
    assert_illegal(state, ChangePlaces(1), rule="Variant")
    assert_illegal(state, SendBack(0))


# -- Game end ---------------------------------------------------------------------


def assert_finished(state, winners, ranking):
    assert state.is_terminal
    assert state.outcome.status == "finished"
    assert state.outcome.winners == winners
    assert state.outcome.ranking == ranking
    assert state.current_player is None
    assert state.legal_actions() == []
    assert state.phase_name == "end"


@pytest.mark.rule(
    "kilimanjaro:end-base-camp",
    "kilimanjaro:aim",
    "kilimanjaro:end-two",
    "kilimanjaro:end-sidebar",
    "kilimanjaro:decision-6",
)
def test_reaching_the_base_camp_wins_at_once():
    state = situation([95, 50, 60], tops=tops_for(5, 3, 3))
    deck = list(state.deck)
    play(state)
    assert state.positions == [100, 50, 60]
    assert_finished(state, (0,), ((0,), (2,), (1,)))
    assert state.returns() == [1.0, -1.0, 0.0]
    assert state.deck == deck  # no draw: the game is over
    assert narration(state)[-1] == "player 0 reaches the base camp and wins"
    assert_illegal(state, PlayCard(parse_card(NEUTRAL), 1, 0), rule="Game end", says="over")


@pytest.mark.rule("kilimanjaro:end-base-camp", "kilimanjaro:decision-6")
def test_passing_the_base_camp_wins_too():
    state = situation([97, 50, 60], tops=tops_for(13, 3, 3))
    play(state)
    assert state.positions == [100, 50, 60]
    assert_finished(state, (0,), ((0,), (2,), (1,)))


@pytest.mark.rule("kilimanjaro:end-base-camp")
def test_a_banana_carries_to_the_base_camp():
    state = situation(
        [90, 50, 60],
        tops=tops_for(6, 3, 3),
        counters={96: "banana"},
    )
    play(state)  # 90 → 96, banana: 96 → past 100
    assert state.positions[0] == 100
    assert_finished(state, (0,), ((0,), (2,), (1,)))


@pytest.mark.rule("kilimanjaro:decision-6")
def test_exact_finish_an_overshooting_move_is_not_made():
    """Our decision 6, exact_finish=True: the figure stays and no counter is triggered.

    Player 0 stands on a face-down lion (arrived by a swap), so "ending the
    turn on a counter" would send them back if staying put counted as a move.
    """
    state = situation([98, 50, 60], counters={98: "lion"}, exact_finish=True)
    play(state)  # 98 + 3 > 100
    assert state.positions == [98, 50, 60]
    assert counter_spaces(state) == {98: "lion"}
    assert state.observation(None)["counters"] == [[98, "hidden", False]]
    assert "player 0 would move 3 spaces past the base camp and stays on 98 (exact finish)" in (
        narration(state)
    )
    assert state.outcome is None
    assert state.current_player == 1
    assert len(state.hands[0]) == 3  # the turn ends as usual, with a draw


@pytest.mark.rule("kilimanjaro:decision-6")
def test_exact_finish_exact_landing_wins():
    state = situation([97, 50, 60], exact_finish=True)
    play(state)
    assert state.positions == [100, 50, 60]
    assert_finished(state, (0,), ((0,), (2,), (1,)))


@pytest.mark.rule("kilimanjaro:decision-6")
def test_exact_finish_a_banana_move_past_the_base_camp_is_not_made():
    state = situation(
        [90, 50, 60],
        tops=tops_for(6, 3, 3),
        counters={96: "banana"},
        exact_finish=True,
    )
    play(state)  # 90 → 96, the banana's 96 → 102 is not made
    assert state.positions == [96, 50, 60]
    assert state.outcome is None
    assert state.current_player == 1


@pytest.mark.rule("kilimanjaro:play-share", "kilimanjaro:decision-8")
def test_any_number_of_expeditions_may_share_a_space():
    state = situation([10, 10, 10])
    for _ in range(3):
        play(state)  # each moves 3
    assert state.positions == [13, 13, 13]
    assert state.outcome is None and state.current_player == 0


# -- Drawing, and the end when all cards are played ------------------------------------


@pytest.mark.rule("kilimanjaro:play-draw", "kilimanjaro:side-draw", "kilimanjaro:play-next")
def test_after_the_turn_the_player_draws_back_to_the_hand_size():
    hands = [[NEUTRAL, "canoe 3", "canoe 4"], *HANDS[1:]]
    state = situation([0, 0, 0], hands=hands, deck=["jeep 7", "mule 2"])
    play(state)
    assert sorted(names(state.hands[0])) == ["canoe 3", "canoe 4", "jeep 7"]  # the top card
    assert names(state.deck) == ["mule 2"]
    assert state.current_player == 1
    play(state)
    assert sorted(names(state.hands[1])) == sorted([neutral(1), "on foot 5", "mule 2"])
    assert state.deck == []
    play(state)  # deck exhausted: no draw
    assert names(state.hands[2]) == [neutral(2), "on foot 6"]
    assert state.current_player == 0


@pytest.mark.rule("kilimanjaro:decision-7")
def test_with_the_deck_exhausted_players_with_empty_hands_are_skipped():
    """Our decision 7: a player with an empty hand is skipped."""
    hands = [[NEUTRAL], [], [neutral(2), neutral(2)]]
    state = situation([0, 0, 0], hands=hands, deck=[])
    play(state)
    assert state.current_player == 2
    assert "player 1 has no cards left and is skipped" in narration(state)
    play(state)
    assert state.current_player == 2  # 0 and 1 have no cards: 2 plays again
    assert state.outcome is None


@pytest.mark.rule(
    "kilimanjaro:end-cards-out",
    "kilimanjaro:aim",
    "kilimanjaro:end-two",
    "kilimanjaro:end-sidebar",
    "kilimanjaro:decision-7",
)
def test_when_every_hand_is_empty_the_furthest_wins():
    """Game end 2: all cards of the deck and the hands are played: furthest wins."""
    state = situation([30, 40, 20], hands=[[NEUTRAL], [], []], deck=[])
    play(state)  # 30 → 33, and no cards are left anywhere
    assert state.positions == [33, 40, 20]
    assert_finished(state, (1,), ((1,), (0,), (2,)))
    assert narration(state)[-1] == "all cards are played; furthest wins: player 1"


@pytest.mark.rule("kilimanjaro:end-tie", "kilimanjaro:decision-7")
def test_a_tie_goes_to_who_would_move_furthest_next_round():
    """Game end 2: tied players are ranked by what their top cards would move them next.

    Player 0's last card lowers player 1's movement from 13 to 6, below player 0's 7.
    """
    state = situation(
        [33, 40, 20],
        tops=[tops_moving(7), ["jeep 7", "jeep 6", "canoe 1"], tops_moving(3, 2)],
        hands=[["mule 1"], [], []],
        deck=[],
    )
    assert state.movement(1) == 13
    play(state, "mule 1", on=1, pile="A")
    assert state.positions == [40, 40, 20]
    assert (state.movement(0), state.movement(1)) == (7, 6)
    assert_finished(state, (0,), ((0,), (1,), (2,)))


@pytest.mark.rule("kilimanjaro:end-tie", "kilimanjaro:decision-7")
def test_still_tied_is_a_shared_win():
    state = situation([37, 40, 10], hands=[[NEUTRAL], [], []], deck=[])
    play(state)  # 37 → 40: both on 40, both would move 3
    assert_finished(state, (0, 1), ((0, 1), (2,)))
    assert state.returns() == [1.0, 1.0, -1.0]
    assert narration(state)[-1] == "all cards are played; furthest wins: player 0 and player 1"


# -- What each player may see --------------------------------------------------------------


def test_a_draw_is_shown_to_the_drawer_only():
    state = situation([0, 0, 0], deck=["jeep 7", "mule 2"])
    start = len(narration(state))  # the same for everyone before the turn: the deal
    play(state)
    assert narration(state, 0)[start:] == [
        "player 0 plays on foot 1 on their own pile A",
        "player 0 moves 3 spaces, from 0 to 3",
        "player 0 draws jeep 7",
    ]
    for other in (1, 2, None):
        assert narration(state, other)[start:] == [
            "player 0 plays on foot 1 on their own pile A",
            "player 0 moves 3 spaces, from 0 to 3",
            "player 0 draws a card",
        ]


@pytest.mark.rule("kilimanjaro:prep-counters-place", "kilimanjaro:decision-2")
def test_a_placed_counter_is_shown_to_its_placer_only():
    state = placing([["lion"], ["banana"], []])
    state.apply(PlaceCounter(LION, 33))
    assert narration(state, 0)[-1] == "player 0 places their lion counter on space 33"
    for other in (1, 2, None):
        assert narration(state, other)[-1] == "player 0 places a face-down counter on space 33"
    assert state.observation(0)["counters"] == [[33, "lion", False]]
    for other in (1, 2, None):
        assert state.observation(other)["counters"] == [[33, "hidden", False]]
    assert state.observation(0)["my_counters"] == []
    assert state.observation(1)["my_counters"] == ["banana"]
    assert state.observation(None)["my_counters"] is None


def test_observation_shows_the_own_hand_only():
    hands = [["canoe 7", "jeep 6", "mule 5"], ["mule 3", "mule 3", "jeep 2"], HANDS[2]]
    tops = [
        ["canoe 1", "canoe 2", "jeep 1"],
        ["mule 1", "mule 2", "jeep 3"],
        ["jeep 4", "jeep 5", "on foot 1"],
    ]
    # The deck not given: the other copies of canoe 7 and jeep 6 lie hidden in it.
    state = load().new_game(seed=0).arrange(positions=[0, 0, 0], tops=tops, hands=hands)
    assert state.observation(0)["hand"] == ["canoe 7", "jeep 6", "mule 5"]
    assert state.observation(1)["hand"] == ["jeep 2", "mule 3", "mule 3"]
    assert state.observation(None)["hand"] is None
    assert state.observation(2)["hand_sizes"] == [3, 3, 3]
    for viewer in (1, 2, None):
        text = json.dumps(state.observation(viewer))
        assert "canoe 7" not in text and "jeep 6" not in text


# -- Parameters -------------------------------------------------------------------------


@pytest.mark.rule("kilimanjaro:decision-0", "kilimanjaro:contents-figures")
@pytest.mark.parametrize(
    ("params", "name"),
    [
        ({"players": 5}, "players"),
        ({"players": 1}, "players"),
        ({"villages": (20, 100)}, "villages"),
        ({"track_length": 50}, "villages"),  # the default villages 60 and 80 lie past it
        ({"players": 4, "hand_size": 12}, "hand_size"),
        ({"change_position": "teleport"}, "change_position"),
        ({"exact_finish": "yes"}, "exact_finish"),
        ({"colour": "red"}, "colour"),
    ],
    ids=str,
)
def test_bad_parameters_are_refused_by_name(params, name):
    with pytest.raises(InvalidParameter) as error:
        load(**params)
    assert error.value.name == name


def test_too_many_counters_for_the_track():
    """Each placement blocks at most 3 of the 95 free spaces: 32 counters fit, 33 may not."""
    load(bananas=20, lions=12, changes=0)
    with pytest.raises(InvalidParameter) as error:
        load(bananas=20, lions=13, changes=0)
    specs = {spec.name for spec in load().parameter_specs()}
    named = set(error.value.name.split("+"))
    assert named and named <= specs
    assert "bananas" in named


@pytest.mark.rule(
    "kilimanjaro:decision-0", "kilimanjaro:decision-1", "kilimanjaro:contents-counters"
)
def test_defaults_are_our_decisions():
    assert dict(load().params) == {
        "players": 3,
        "track_length": 100,
        "villages": VILLAGES,
        "bananas": 8,
        "lions": 4,
        "changes": 4,
        "change_position": "swap",
        "play_on_others": "as_far_or_further",
        "exact_finish": False,
        "hand_size": 3,
    }


# -- Records and replays --------------------------------------------------------------


def scripted_game(params: dict, seed: int):
    """A whole game, with moves chosen by a generator seeded from ``seed``."""
    state = load(**params).new_game(seed=seed)
    rng = random.Random(seed)
    while not state.is_terminal:
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    return state


@pytest.mark.parametrize(
    "params",
    [{}, {"players": 4, "change_position": "send_back"}, {"players": 2, "exact_finish": True}],
    ids=str,
)
def test_a_record_round_trips_through_json_and_replays_the_game(params):
    # A game that includes a change-position decision, so every action kind is recorded.
    for seed in range(50):
        state = scripted_game(params, seed)
        if any(isinstance(a, ChangePlaces | SendBack) for a in state.history):
            break
    else:
        pytest.fail("no scripted game turned over a change-position counter")
    record = state.record()
    text = record.to_json()
    assert Record.from_json(text) == record
    states = boardlab.replay(json.loads(text))
    assert len(states) == len(state.history) + 1
    assert states[-1] == state
    assert states[-1].outcome == state.outcome
    assert load(**params).state_from_json(state.to_json()) == state


def test_a_state_from_json_plays_on_like_the_original():
    game = load()
    state = game.new_game(seed=9)
    state.apply(PlaceCounter(state.reserve[0][0], 50))  # mid-placement: the free spaces
    copy = game.state_from_json(state.to_json())  # must survive the round trip
    assert copy.legal_actions() == state.legal_actions()
    rng = random.Random(9)
    while not state.is_terminal:
        action = rng.choice(state.legal_actions())
        state.apply(action)
        copy.apply(action)
    assert copy == state


def test_an_arranged_situation_replays_from_its_record():
    state = situation([10, 12, 0], counters={23: "banana", 36: "lion"})
    for _ in range(4):
        state.apply(state.legal_actions()[0])
    record = Record.from_json(state.record().to_json())
    assert record.setup is not None
    assert boardlab.replay(record)[-1] == state
    assert state.events[0].text == "the situation is set up by hand (arrange)"


@pytest.mark.rule("kilimanjaro:contents-cards")
def test_arrange_refuses_more_copies_of_a_card_than_the_box_holds():
    """Contents: two cards of each value and type; a scene that needs a third is refused."""
    game = load()
    with pytest.raises(ValueError, match="jeep 1: 9 copies, the game has 2"):
        game.new_game(0).arrange(tops=[["jeep 1"] * 3] * 3)
    hands = [["mule 5", "mule 5"], [], []]
    with pytest.raises(ValueError, match="mule 5: 3 copies, the game has 2"):
        game.new_game(0).arrange(hands=hands, deck=["mule 5"])
    with pytest.raises(ValueError, match="hands\\[1\\]: not a movement card: 'jeep 8'"):
        game.new_game(0).arrange(hands=[[], ["jeep 8"], []])
    game.new_game(0).arrange(hands=hands, deck=["mule 4"])  # two copies are fine


def every_card(state) -> Counter:
    dealt = [c for piles in state.piles for pile in piles for c in pile]
    return Counter(dealt + [c for hand in state.hands for c in hand] + state.deck)


@pytest.mark.rule("kilimanjaro:contents-cards", "kilimanjaro:prep-deck")
def test_arrange_fills_the_cards_not_given_from_the_rest_of_the_box():
    """Not given: piles and hands dealt from what is left, the deck the rest; a given deck
    leaves the rest under the piles, as cards played earlier. All 56 are somewhere."""
    game = load()
    hands = [["canoe 7", "canoe 7", "jeep 1"], ["mule 2"], []]
    state = game.new_game(3).arrange(hands=hands)
    assert names(state.hands[0]) == hands[0] and [len(h) for h in state.hands] == [3, 1, 0]
    assert len(state.deck) == 56 - 9 - 4  # the piles' top cards and the hands given
    assert every_card(state) == Counter(FULL_DECK)
    assert parse_card("canoe 7") not in state.deck  # both copies are in player 0's hand
    given = game.new_game(3).arrange(hands=hands, deck=["jeep 2", "jeep 3"])
    assert names(given.deck) == ["jeep 3", "jeep 2"]  # drawn from the end: jeep 2 is on top
    assert sum(len(pile) for piles in given.piles for pile in piles) == 56 - 4 - 2
    assert every_card(given) == Counter(FULL_DECK)
    shuffled = [game.new_game(seed).arrange(hands=hands).deck for seed in (3, 4)]
    assert shuffled[0] != shuffled[1]  # the rest is shuffled from the seed


@pytest.mark.rule("kilimanjaro:prep-deal-cards")
def test_arrange_with_no_cards_given_deals_as_the_game_would():
    game = load()
    arranged = game.new_game(7).arrange()
    played = place_every_counter(game.new_game(7))
    assert (arranged.tops, arranged.hands, arranged.deck) == (
        played.tops,
        played.hands,
        played.deck,
    )


@pytest.mark.rule("kilimanjaro:contents-counters")
def test_arrange_refuses_more_counters_than_the_box_holds():
    game = load()
    lions = {10: "lion", 12: "lion", 14: "lion", 16: "lion", 18: "lion"}
    with pytest.raises(ValueError, match="lion: 5 counters, the game has 4"):
        game.new_game(0).arrange(counters=lions)
    with pytest.raises(ValueError, match="banana: 9 counters, the game has 8"):
        game.new_game(0).arrange(counters={10: "banana"}, reserve=[["banana"] * 4] * 2 + [[]])
    with pytest.raises(ValueError, match="change position: 1 counters, the game has 0"):
        load(changes=0).new_game(0).arrange(counters={10: "change position"})
    with pytest.raises(ValueError, match="not a chance counter: 'tiger'"):
        game.new_game(0).arrange(counters={10: "tiger"})


@pytest.mark.rule("kilimanjaro:prep-forbidden-spaces", "kilimanjaro:change-removed")
@pytest.mark.parametrize(
    ("counters", "face_up", "says"),
    [
        ({20: "lion"}, (), "a village"),
        ({30: "lion", 31: "banana"}, (), "next to each other"),
        ({0: "banana"}, (), "spaces 1 to 99"),
        ({100: "banana"}, (), "spaces 1 to 99"),
        ({30: "change position"}, (30,), "removed from play once turned over"),
        ({30: "lion"}, (31,), "holds no counter"),
    ],
    ids=["village", "neighbours", "start", "base camp", "face-up change", "face-up nothing"],
)
def test_arrange_refuses_counters_where_no_game_can_have_them(counters, face_up, says):
    with pytest.raises(ValueError, match=says):
        load().new_game(0).arrange(counters=counters, face_up=face_up)


def test_arrange_a_placement_scene_comes_before_the_deal():
    """Preparation: while counters are placed there are no cards, and everyone is at the start."""
    state = placing([[], ["lion"], []])
    assert state.phase_name == "place" and state.current_player == 1  # the one with counters
    assert not state.dealt and state.hands == [[], [], []]
    with pytest.raises(ValueError, match="no tops, hands or deck"):
        load().new_game(0).arrange(reserve=[["lion"], [], []], hands=[["jeep 1"], [], []])
    with pytest.raises(ValueError, match="at the start"):
        load().new_game(0).arrange(reserve=[["lion"], [], []], positions=[5, 0, 0])
    with pytest.raises(ValueError, match="cannot be the player to decide"):
        load().new_game(0).arrange(reserve=[["lion"], [], []], current_player=2)
    state.apply(PlaceCounter(LION, 30))
    assert state.phase_name == "play" and state.dealt and len(state.deck) == 38


@pytest.mark.parametrize("positions", [[100, 0, 0], [-1, 0, 0], [0, 0], [0, "5", 0]], ids=str)
def test_arrange_refuses_expeditions_off_the_track(positions):
    """An expedition on the base camp has ended the game: a scene stands short of it."""
    with pytest.raises(ValueError, match="positions"):
        load().new_game(0).arrange(positions=positions)


def test_arrange_is_only_for_a_fresh_game():
    state = load().new_game(seed=0)
    state.apply(state.legal_actions()[0])
    with pytest.raises(ValueError, match="fresh game"):
        state.arrange(positions=[1, 2, 3])


def test_actions_read_and_construct_by_the_rulebook_names():
    action = PlayCard.of("jeep 5", player=1, pile="B")
    assert action == PlayCard(parse_card("jeep 5"), 1, 1)
    assert repr(action) == "PlayCard.of('jeep 5', player=1, pile='B')"
    assert eval(repr(action)) == action
    assert repr(PlaceCounter.of("lion", space=19)) == "PlaceCounter.of('lion', space=19)"


@pytest.mark.rule("kilimanjaro:play-as-far", "kilimanjaro:decision-3")
def test_candidate_actions_show_the_piles_one_may_not_play_on_and_why():
    game = boardlab.load("kilimanjaro", bananas=0, lions=0, changes=0)
    state = game.new_game(4).arrange(positions=[10, 5, 12])
    pairs = state.candidate_actions()
    refused = {a for a, why in pairs if why}
    assert refused and all(a.player == 1 for a in refused)  # player 1 is behind player 0
    reasons = {why.rule for a, why in pairs if why}
    assert reasons == {"Course of play, action 2"}
    assert {a for a, why in pairs if not why} == set(state.legal_actions())


def test_the_play_panel_chooses_a_card_then_a_pile_that_says_how_far():
    game = boardlab.load("kilimanjaro", bananas=0, lions=0, changes=0)
    state = game.new_game(4).arrange(
        positions=[10, 12, 0],
        tops=[
            ["canoe 2", "canoe 4", "jeep 1"],
            ["jeep 2", "mule 3", "on foot 4"],
            ["mule 4", "mule 5", "jeep 6"],
        ],
        hands=[
            ["canoe 7", "jeep 5", "mule 1"],
            ["on foot 1", "on foot 2", "on foot 3"],
            ["mule 6", "mule 7", "jeep 7"],
        ],
    )
    paths = {a: game.choice_path(state, a) for a in state.legal_actions()}
    assert paths[PlayCard.of("canoe 7", player=0, pile="C")] == (
        "canoe 7",
        "your pile C → you move 13",
    )
    assert paths[PlayCard.of("jeep 5", player=1, pile="B")] == (
        "jeep 5",
        "player 1's pile B → you move 6, they would move 7",
    )
    assert len(set(paths.values())) == len(paths)
