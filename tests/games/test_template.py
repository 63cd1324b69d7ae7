"""Rule tests of Waterhole, the template game: build a situation, play, check the exact result.

Each test is named after the rule it checks and cites the section of the
rulebook in ``boardlab/games/_template/rules.py`` (§1 Setup … §6 Turn cap).
Situations are built with ``state.arrange``; every ``IllegalAction`` has a test
asserting the rule it names. A new game's tests copy this shape.
"""

from __future__ import annotations

import json
import random

import pytest

import boardlab
from boardlab import DataFile, IllegalAction, InvalidParameter, InvalidRecord, Outcome
from boardlab.core import View, game_class
from boardlab.games._template import Chase, PlayCard
from boardlab.games._template.bots import Tracker
from boardlab.games._template.components import (
    CARDS_PATH,
    FACES,
    card_name,
    default_cards_text,
    parse_card,
    parse_cards,
)
from boardlab.games._template.exercises import chase_exercise
from boardlab.sim import RandomAgent, play

# -- helpers ------------------------------------------------------------------

#: Cards the deck deals in a situation unless a test says otherwise (top card first).
DECK_TOP = ["zebra 2", "lion 1", "zebra 4", "zebra 3"]


def load(**params):
    return boardlab.load("template", **params)


def situation(positions, hands=None, deck=None, current_player=0, turn=0, **params):
    """A state at the start of a turn with ``len(positions)`` players.

    Unless told otherwise everyone holds one "zebra 1" and the deck is ``DECK_TOP``.
    """
    n = len(positions)
    state = load(players=n, **params).new_game(seed=0)
    return state.arrange(
        positions=positions,
        hands=hands or [["zebra 1"]] * n,
        deck=DECK_TOP if deck is None else deck,
        current_player=current_player,
        turn=turn,
    )


def narration(state, player=None, since=0) -> list[str]:
    """The narration ``player`` may read (``None``: a spectator), from event ``since`` on."""
    return [event.text for event in state.visible_events(player)][since:]


def assert_illegal(state, action, *, rule: str, says: str = "") -> IllegalAction:
    """``action`` is not offered; applying it raises IllegalAction naming ``rule``, and
    changes nothing."""
    assert action not in state.legal_actions()
    before = state.to_json()
    with pytest.raises(IllegalAction) as error:
        state.apply(action)
    assert state.to_json() == before
    assert error.value.rule == rule
    assert says in error.value.reason
    return error.value


# -- §1 Setup -----------------------------------------------------------------


@pytest.mark.rule("template:setup-deck")
def test_the_deck_is_twenty_cards_zebras_and_lions_two_of_each():
    names = sorted(card_name(c) for c in load().deck)
    assert len(names) == 20
    assert names.count("lion 3") == names.count("zebra 5") == 2
    assert {n.split()[0] for n in names} == {"zebra", "lion"}


@pytest.mark.rule("template:setup-deck")
def test_the_shipped_deck_file_is_the_printed_deck():
    printed = tuple(face for face in range(FACES) for _ in range(2))  # zebra 1 … lion 5, twice
    assert parse_cards(default_cards_text()) == printed
    assert load().deck == printed
    assert load().params["cards"] == DataFile("cards.csv", CARDS_PATH.read_text(encoding="utf-8"))


@pytest.mark.rule("template:setup-deal", "template:setup-camp", "template:setup-order")
def test_setup_deals_hidden_hands_from_the_seed():
    state = load().new_game(seed=1)
    assert state == load().new_game(seed=1)  # the deal depends on the seed alone
    assert state != load().new_game(seed=2)
    assert [len(h) for h in state.hands] == [3, 3, 3]
    assert len(state.deck) == 20 - 9
    assert state.positions == [0, 0, 0]
    assert (state.current_player, state.step) == (0, "play")
    mine = ", ".join(card_name(c) for c in state.hands[0])
    assert narration(state, 0) == [
        f"player 0 is dealt {mine}",
        "player 1 is dealt 3 cards",
        "player 2 is dealt 3 cards",
    ]
    assert narration(state) == [f"player {p} is dealt 3 cards" for p in range(3)]


@pytest.mark.rule("template:setup-deal")
def test_observation_masks_the_others_hands():
    state = situation([0, 0, 0], hands=[["lion 3", "zebra 1"], ["zebra 5"], ["lion 2"]])
    assert state.observation(0)["hand"] == ["zebra 1", "lion 3"]
    assert state.observation(1)["hand"] == ["zebra 5"]
    spectator = state.observation(None)
    assert spectator["hand"] is None
    assert spectator["hand_sizes"] == [2, 1, 1]
    assert "lion 3" not in json.dumps(spectator)


def test_determinize_keeps_what_the_player_knows_and_redraws_the_rest():
    state = load().new_game(seed=3)
    before = state.to_json()
    changed = False
    for k in range(5):
        d = state.determinize(0, random.Random(k))
        assert d.hands[0] == state.hands[0]
        assert d.observation(0) == state.observation(0)
        assert d.history == []
        assert sorted(d.deck + d.hands[1] + d.hands[2]) == sorted(
            state.deck + state.hands[1] + state.hands[2]
        )
        changed |= d.hands[1:] != state.hands[1:] or d.deck != state.deck
    assert changed
    assert state.to_json() == before


# -- §2 Turn ------------------------------------------------------------------


@pytest.mark.rule("template:turn", "template:turn-draw")
def test_a_card_moves_its_value_and_then_the_player_draws():
    state = situation([2, 0, 0], hands=[["zebra 3", "zebra 1"], ["zebra 1"], ["zebra 1"]])
    state.apply(PlayCard.of("zebra 3"))
    assert state.positions == [5, 0, 0]
    assert sorted(card_name(c) for c in state.hands[0]) == ["zebra 1", "zebra 2"]
    assert (state.current_player, state.turn) == (1, 1)
    assert narration(state, since=1) == [
        "player 0 plays zebra 3",
        "player 0 moves 3 spaces, from space 2 to space 5",
        "player 0 draws a card",
    ]
    assert narration(state, 0)[-1] == "player 0 draws zebra 2"


@pytest.mark.rule("template:turn")
def test_two_copies_of_a_card_are_one_action():
    state = situation([0, 0], hands=[["lion 2", "lion 2", "zebra 4"], ["zebra 1"]])
    assert state.legal_actions() == [PlayCard.of("zebra 4"), PlayCard.of("lion 2")]


@pytest.mark.rule("template:turn")
def test_may_only_play_a_card_from_ones_hand():
    state = situation([0, 0], hands=[["zebra 1"], ["zebra 5"]])
    assert_illegal(state, PlayCard.of("zebra 5"), rule="§2 Turn", says="holds no zebra 5")


def test_no_chase_without_a_lion():
    state = situation([0, 4])
    assert_illegal(state, Chase(1), rule="§2 Turn", says="must play a card")


@pytest.mark.parametrize("thing", [None, "play zebra 1", 0, ("PlayCard", "zebra 1")])
def test_what_is_no_action_is_refused_naming_the_games_actions(thing):
    """Core's ``apply`` admits only the game's own action classes, before ``_apply``."""
    error = assert_illegal(
        situation([0, 0]), thing, rule="Waterhole (the template game): the actions of the game"
    )
    assert "PlayCard, Chase" in error.reason


def test_actions_are_written_by_name():
    """Cards (internal ids) are written as words; a seat (a public value) as it is."""
    play_card, chase = PlayCard.of("lion 3"), Chase(2)
    assert play_card.to_json() == {"action": "PlayCard", "card": "lion 3"}
    assert chase.to_json() == {"action": "Chase", "player": 2}
    game = load()
    assert game.action_from_json({"action": "PlayCard", "card": "lion 3"}) == play_card
    assert game.action_from_json(chase.to_json()) == chase
    assert (str(play_card), repr(play_card)) == ("play lion 3", "PlayCard.of('lion 3')")
    for bad in ({"action": "PlayCard", "card": "lion 9"}, {"action": "PlayCard", "card": 3}):
        with pytest.raises(ValueError):
            game.action_from_json(bad)
    assert parse_card("zebra 1") == PlayCard.of("zebra 1").card


@pytest.mark.parametrize("card", [99, -1, 10])
def test_a_card_id_of_no_card_is_refused_when_played(card):
    """An action is built from any values and checked when applied (§2 Turn)."""
    error = assert_illegal(situation([0, 0]), PlayCard(card), rule="§2 Turn", says="no Waterhole")
    assert f"PlayCard(card={card})" in str(error)
    assert repr(PlayCard(card)) == f"PlayCard(card={card})"


# -- §3 The lion --------------------------------------------------------------


@pytest.mark.rule(
    "template:lion-chase", "template:lion-back", "template:lion-before-draw", "template:setup-order"
)
def test_the_lion_chases_a_pawn_as_far_or_further_back_by_its_value():
    state = situation([3, 8, 1], hands=[["lion 4"], ["zebra 1"], ["zebra 1"]])
    state.apply(PlayCard.of("lion 4"))
    assert state.positions == [7, 8, 1]
    assert (state.step, state.current_player) == ("chase", 0)  # the same player decides
    assert state.legal_actions() == [Chase(1)]  # player 2 is behind
    assert state.observation(None)["lion"] == "lion 4"
    state.apply(Chase(1))
    assert state.positions == [7, 4, 1]
    assert (state.step, state.current_player) == ("play", 1)
    assert narration(state, since=1) == [
        "player 0 plays lion 4",
        "player 0 moves 4 spaces, from space 3 to space 7",
        "player 0's lion chases player 1 back from space 8 to space 4",
        "player 0 draws a card",  # the chase comes before the draw
    ]


@pytest.mark.rule("template:lion-chase")
def test_a_pawn_level_with_yours_may_be_chased():
    state = situation([2, 5, 0], hands=[["lion 3"], ["zebra 1"], ["zebra 1"]])
    state.apply(PlayCard.of("lion 3"))
    assert state.legal_actions() == [Chase(1)]


@pytest.mark.rule("template:lion-back")
def test_the_lion_never_chases_past_camp():
    state = situation([0, 3], hands=[["lion 5"], ["zebra 1"]], catch_up=False)
    state.apply(PlayCard.of("lion 5"))
    state.apply(Chase(1))
    assert state.positions == [5, 0]
    assert "player 0's lion chases player 1 back from space 3 to camp" in narration(state)


@pytest.mark.rule("template:lion-nobody")
def test_with_nobody_as_far_the_lion_chases_nobody():
    state = situation([6, 2, 0], hands=[["lion 1"], ["zebra 1"], ["zebra 1"]])
    state.apply(PlayCard.of("lion 1"))
    assert (state.step, state.current_player) == ("play", 1)
    assert narration(state, since=1) == [
        "player 0 plays lion 1",
        "player 0 moves 1 space, from space 6 to space 7",
        "player 0's lion finds nobody to chase",
        "player 0 draws a card",
    ]


@pytest.mark.rule("template:lion-catch-up")
def test_variant_without_catch_up_the_lion_chases_anyone():
    state = situation([6, 2, 0], hands=[["lion 1"], ["zebra 1"], ["zebra 1"]], catch_up=False)
    state.apply(PlayCard.of("lion 1"))
    assert state.legal_actions() == [Chase(1), Chase(2)]


@pytest.mark.rule("template:lion-to-camp")
def test_variant_to_camp_sends_the_pawn_straight_back():
    state = situation([0, 9], hands=[["lion 1"], ["zebra 1"]], lion="to_camp")
    state.apply(PlayCard.of("lion 1"))
    state.apply(Chase(1))
    assert state.positions == [1, 0]


def lion_played(positions, **params):
    """Player 0 has just moved with lion 2 and must choose whom it chases."""
    n = len(positions)
    state = situation(positions, hands=[["lion 2"]] + [["zebra 1"]] * (n - 1), **params)
    state.apply(PlayCard.of("lion 2"))
    assert state.step == "chase"
    return state


@pytest.mark.rule("template:lion-chase")
def test_the_lion_may_not_chase_a_pawn_behind():
    state = lion_played([3, 9, 1])
    assert_illegal(state, Chase(2), rule="§3 The lion", says="player 2 (on 1) is behind")


@pytest.mark.rule("template:lion-chase")
def test_the_lion_never_chases_its_own_pawn():
    assert_illegal(lion_played([3, 9]), Chase(0), rule="§3 The lion", says="never its own")


@pytest.mark.parametrize("seat", [5, -1])
def test_the_lion_chases_only_a_player_of_the_game(seat):
    assert_illegal(lion_played([3, 9]), Chase(seat), rule="§3 The lion")


@pytest.mark.rule("template:lion-chase")
def test_no_card_is_played_while_the_lion_waits():
    state = lion_played([3, 9])
    assert_illegal(state, PlayCard.of("zebra 1"), rule="§3 The lion", says="whom the lion chases")


# -- §4 The waterhole, §5 Cards run out, §6 Turn cap ---------------------------


@pytest.mark.rule("template:waterhole")
def test_reaching_the_waterhole_wins_at_once():
    state = situation([12, 14, 0], hands=[["lion 5"], ["zebra 1"], ["zebra 1"]])
    state.apply(PlayCard.of("lion 5"))  # past the waterhole: onto it, no chase, no draw
    assert state.outcome == Outcome(
        "finished", (0,), ((0,), (1,), (2,)), reason="waterhole reached"
    )
    assert state.positions == [15, 14, 0]
    assert (state.current_player, state.legal_actions()) == (None, [])
    assert narration(state, since=1) == [
        "player 0 plays lion 5",
        "player 0 moves 3 spaces, from space 12 to space 15",
        "player 0 reaches the waterhole and wins",
    ]
    assert state.returns() == [1.0, 0.0, -1.0]


@pytest.mark.rule("template:cards-out")
def test_when_the_cards_run_out_the_furthest_pawn_wins():
    state = situation([9, 7], hands=[["zebra 1"], []], deck=[])
    state.apply(PlayCard.of("zebra 1"))
    assert state.outcome.winners == (0,)
    assert (state.outcome.status, state.outcome.reason) == ("finished", "cards ran out")
    assert narration(state)[-1] == "the cards have run out: player 0 wins"


@pytest.mark.rule("template:cards-out-tie")
def test_a_tie_goes_to_the_tied_player_holding_the_highest_card():
    state = situation([6, 5], hands=[[], ["zebra 1", "zebra 3"]], deck=[], current_player=1)
    state.apply(PlayCard.of("zebra 1"))  # level on 6; player 0, next, holds nothing: the end
    assert state.positions == [6, 6]
    assert state.outcome.ranking == ((1,), (0,))  # player 1 still holds zebra 3
    assert narration(state)[-1] == "the cards have run out: player 1 wins"


@pytest.mark.rule("template:cards-out-tie")
def test_still_tied_players_share_the_win():
    state = situation([6, 5, 0], hands=[[], ["zebra 1"], []], deck=[], current_player=1)
    state.apply(PlayCard.of("zebra 1"))  # 6 and 6, and neither holds a card
    assert state.outcome.winners == (0, 1)
    assert state.outcome.ranking == ((0, 1), (2,))
    assert narration(state)[-1] == "the cards have run out: player 0 and player 1 share the win"
    assert state.returns() == [1.0, 1.0, -1.0]


@pytest.mark.rule("template:turn-cap")
def test_the_turn_cap_cuts_a_game_short():
    state = situation([0, 3], hands=[["zebra 2"], ["zebra 1"]], turn=5, max_turns=6)
    state.apply(PlayCard.of("zebra 2"))  # the sixth turn: the cap
    assert state.outcome == Outcome("truncated", (1,), ((1,), (0,)), reason="turn cap")
    assert narration(state)[-1] == "the game is cut short after 6 turns (turn cap): player 1 wins"
    assert state.outcome.describe() == "Game cut short: player 1 wins (turn cap)"


def test_no_action_after_the_end():
    state = situation([14, 0], hands=[["zebra 1"], ["zebra 1"]])
    state.apply(PlayCard.of("zebra 1"))
    assert state.is_terminal
    with pytest.raises(IllegalAction) as error:
        state.apply(PlayCard.of("zebra 1"))
    assert error.value.rule == "§4–§6 (the game is over)"


# -- parameters and the rest of the contract -------------------------------------


def test_defaults_are_the_rulebooks_and_each_parameter_cites_its_rule():
    game = load()
    assert dict(game.params) == {
        "players": 3,
        "track_length": 15,
        "hand_size": 3,
        "cards": DataFile("cards.csv", default_cards_text()),
        "catch_up": True,
        "lion": "send_back",
        "max_turns": 30,
    }
    rows = {row["name"]: row for row in game.rule_decisions()}
    assert rows["lion"]["rule"] == "§3 The lion" and rows["max_turns"]["rule"] == "§6 Turn cap"
    assert rows["cards"]["rule"] == "§1 Setup" and rows["cards"]["value"] == "cards.csv"
    assert all(row["rule"].startswith("§") for row in rows.values())


@pytest.mark.parametrize(
    ("params", "name"),
    [({"players": 5}, "players"), ({"lion": "eat"}, "lion"), ({"catch_up": 1}, "catch_up")],
)
def test_values_outside_the_declaration_are_refused(params, name):
    with pytest.raises(InvalidParameter) as error:
        load(**params)
    assert error.value.name == name


@pytest.mark.rule("template:setup-deal")
def test_the_deal_must_leave_a_card_in_the_deck():
    load(players=4, hand_size=4)  # 16 of 20 cards dealt
    with pytest.raises(InvalidParameter) as error:
        load(players=4, hand_size=5)
    assert error.value.name == "hand_size"
    assert error.value.allowed == "at most 4 cards each for 4 players"


# -- §1 Setup: the deck file a teacher edits ---------------------------------------

#: A teacher's deck: big lions, few zebras (11 cards; rows in any order).
TEACHERS_DECK = """\
# our class deck: more lions
animal,value,copies
lion,5,4
zebra,1,3
Lion,4,4
zebra,2,0
"""
HEADER = "animal,value,copies\n"


def test_a_teachers_deck_file_loads_plays_and_replays_from_its_record(tmp_path):
    path = tmp_path / "our_cards.csv"
    path.write_text(TEACHERS_DECK, encoding="utf-8")
    game = load(cards=str(path))
    assert sorted(map(card_name, game.deck)) == ["lion 4"] * 4 + ["lion 5"] * 4 + ["zebra 1"] * 3
    assert game.max_length == 2 * 11  # every turn plays one of the 11 cards for good
    state = play(game, [Tracker(), RandomAgent(), RandomAgent()], seed=3)
    assert state.is_terminal
    assert set(state.discard) <= set(game.deck)
    cards = json.loads(state.record().to_json())["params"]["cards"]
    assert cards["name"] == "our_cards.csv" and cards["text"] == TEACHERS_DECK  # embedded
    assert cards["sha256"] == DataFile("x", TEACHERS_DECK).sha256
    assert boardlab.replay(state.record())[-1] == state
    assert boardlab.replay(state.record().to_json())[-1] == state


def test_the_shipped_deck_is_named_by_hash_and_a_changed_one_will_not_replay():
    state = play(load(), [RandomAgent() for _ in range(3)], seed=2)
    record = json.loads(state.record().to_json())
    shipped = record["params"]["cards"]
    assert set(shipped) == {"name", "sha256"}  # the shipped file is named, not embedded
    current = shipped["sha256"]
    record["params"]["cards"]["sha256"] = old = "ab" * 32
    with pytest.raises(InvalidRecord) as error:
        boardlab.replay(record)
    assert old in str(error.value) and current in str(error.value)


@pytest.mark.parametrize(
    ("text", "says"),
    [
        (HEADER + "zebra,1,2\nlino,3,2\n", "line 3: unknown animal 'lino'"),
        (HEADER + "zebra,1,2\nlion,6,2\n", "line 3: value must be from 1 to 5, not 6"),
        (HEADER + "zebra,1,3_0\n", "line 2: copies must be a whole number"),
        (HEADER + "zebra,1,2\nlion,3\n", "line 3: expected 3 fields"),
        ("# my deck\nanimal,value,count\nzebra,1,2\n", "line 2: the header must be"),
        (HEADER + "zebra,1,11\n", "line 2: copies must be from 0 to 10, not 11"),
        (HEADER + "lion,3,2\nzebra,1,9\nLION,3,1\n", "line 4: lion 3 is already listed on line 2"),
        (HEADER + "lion,3,0\n", "the deck has no card"),
    ],
)
def test_a_bad_deck_file_is_refused_at_load_naming_the_line(text, says):
    with pytest.raises(InvalidParameter) as error:
        load(cards=text)
    assert error.value.name == "cards"
    assert says in str(error.value)


def test_a_deck_file_too_small_for_the_deal_is_refused_at_load(tmp_path):
    path = tmp_path / "tiny.csv"
    path.write_text(HEADER + "zebra,1,5\nlion,2,4\n", encoding="utf-8")  # 9 cards
    load(cards=str(path), players=2, hand_size=4)  # 8 dealt, one left to draw
    with pytest.raises(InvalidParameter) as error:
        load(cards=str(path))  # 3 hands of 3 take all 9
    assert error.value.name == "cards"
    assert str(error.value) == (
        "parameter cards: tiny.csv: the deck has 9 cards; §1 Setup needs at least 10 "
        "(3 hands of 3, and one card left to draw)"
    )


def test_variants_start_with_the_defaults_and_every_game_ends_in_time():
    variants = game_class("template").variants()
    assert variants[0] == {}
    assert {"lion": "to_camp"} in variants and {"catch_up": False} in variants
    for variant in variants:
        game = load(**variant)
        state = play(game, [RandomAgent() for _ in range(game.num_players)], seed=4)
        assert len(state.history) <= game.max_length
    assert load(max_turns=6).max_length == 12


def test_rule_help_quotes_the_rule_of_the_variant_played():
    assert load().rule_help(load().new_game(0)).startswith("§2 Turn: play one card")
    printed, variant = lion_played([3, 9]), lion_played([3, 9], catch_up=False, lion="to_camp")
    assert "as far as yours or further" in printed.game.rule_help(printed)
    assert "never past camp" in printed.game.rule_help(printed)
    assert "any other player" in variant.game.rule_help(variant)
    assert "straight back to camp" in variant.game.rule_help(variant)


def test_standing_names_the_pawns_furthest_along():
    game = load()
    assert game.standing(situation([4, 9, 9])) == (1, 2)


def test_an_arranged_game_replays_from_its_record():
    state = lion_played([3, 9])
    state.apply(Chase(1))
    record = state.record()
    assert record.setup["positions"] == [3, 9]
    assert boardlab.replay(record.to_json())[-1] == state
    with pytest.raises(ValueError):
        state.arrange(positions=[0, 0])  # only a fresh game is arranged


def test_the_template_loads_by_name_but_is_never_listed():
    assert "template" not in boardlab.game_names()
    assert load().title == "Waterhole (the template game)"


# -- the bot and the exercise ----------------------------------------------------


def test_tracker_takes_the_waterhole_then_chases_the_leader():
    state = situation([11, 0, 0], hands=[["zebra 4", "lion 3"], ["zebra 1"], ["zebra 1"]])
    assert Tracker().act(View(state, 0)) == PlayCard.of("zebra 4")  # 11 + 4 = 15: wins
    state = lion_played([3, 6, 9])
    assert Tracker().act(View(state, 0)) == Chase(2)


def test_tracker_prefers_a_lion_with_a_prey_to_a_longer_zebra():
    state = situation([2, 8, 0], hands=[["zebra 4", "lion 3"], ["zebra 1"], ["zebra 1"]])
    assert Tracker().act(View(state, 0)) == PlayCard.of("lion 3")  # 3 + 3 lost beats 4


def test_trackers_play_whole_games_from_their_views_alone():
    game = load()
    state = play(game, [Tracker(), Tracker(), RandomAgent()], seed=5)
    assert state.is_terminal
    assert play(game, [Tracker(), Tracker(), RandomAgent()], seed=5) == state


def test_the_chase_exercise_is_answered_by_the_engine():
    game = load()
    for seed in range(6):
        exercise = chase_exercise(game, seed)
        assert exercise.check(exercise.answer).startswith("Correct!")
        assert exercise.check(None).startswith("Your turn:")
    exercise = chase_exercise(game, 1)
    assert "Player 0 plays lion" in exercise.question
    assert isinstance(exercise.answer, list)


@pytest.mark.rule("template:lion-chase")
def test_candidate_actions_grey_out_the_pawns_the_lion_may_not_chase():
    state = situation([3, 8, 1], hands=[["lion 4"], ["zebra 1"], ["zebra 1"]])
    state.apply(PlayCard.of("lion 4"))
    pairs = state.candidate_actions()
    assert [(a, why is None) for a, why in pairs] == [
        (Chase(1), True),
        (Chase(0), False),
        (Chase(2), False),
    ]
    reasons = {a: why for a, why in pairs if why}
    assert reasons[Chase(2)].rule == reasons[Chase(0)].rule == "§3 The lion"
    assert "behind" in reasons[Chase(2)].reason
