"""Rule tests of Kombo Afrika: build a situation, apply actions, check the exact result.

Each test is named after the rule it checks: the rulebook's sections
(``shared/rules/kombo_afrika.seed.txt``) or the dossier's numbered decisions
(``shared/rules/kombo_afrika.md``). Situations are built with
``state.arrange``: cells by name (``"a1"`` top left, ``"c3"`` the deck),
cards by label (``"red SURI 3"``, ``"CHAO"``).
"""

from __future__ import annotations

import json
import random

import pytest

import boardlab
from boardlab import IllegalAction, InvalidParameter
from boardlab.games.kombo_afrika import (
    Claim,
    ClaimCancel,
    ClaimCard,
    ClaimDone,
    Done,
    EndTurn,
    KeepHand,
    MoveTo,
    Mulligan,
    SkipEffect,
    Target,
    UseEffect,
)
from boardlab.games.kombo_afrika.components import (
    DEFAULT_DECK_PATH,
    cell_name,
    parse_cell,
    parse_deck,
)
from boardlab.sim import RandomAgent, play

DECK = ["blue SURI 3", "blue PAPO 3", "green KONG 5", "yellow VULT 4", "brown CROC 2"] * 3


def load(**params):
    return boardlab.load("kombo_afrika", **params)


def situation(board, hands=None, deck=None, hidden=(), players=2, **kw):
    """A main-phase state: ``board`` {cell: label}, player 0 to move."""
    params = {k: kw.pop(k) for k in list(kw) if k in {s.name for s in load().specs}}
    state = load(players=players, **params).new_game(seed=0)
    hands = hands if hands is not None else [["yellow SURI 3"]] * players
    return state.arrange(
        board=board,
        hidden=list(hidden),
        hands=hands,
        deck=list(DECK) if deck is None else deck,
        **kw,
    )


def place(state, label, cell):
    g = state.game
    return g.place_table[g.label_index[label]][parse_cell(cell)]


def claim(*cells):
    mask = 0
    for c in cells:
        mask |= 1 << parse_cell(c)
    return Claim(mask)


def named(combos: dict) -> dict:
    """``{mask: points}`` → ``{("a1", "a2", "a3"): points}``."""
    out = {}
    for mask, value in combos.items():
        out[tuple(cell_name(c) for c in range(25) if mask >> c & 1)] = value
    return out


def hand_labels(state, p):
    return sorted(state.game.labels[f] for f in state.hands[p])


# -- Combos and Scoring: the rulebook's picture ---------------------------------------
def test_picture_line_of_three_plus_one_attached_card_is_one_combo():
    s = situation({"a1": "red SURI 3", "b1": "red PAPO 3", "c1": "red KONG 5", "b2": "red VULT 4"})
    assert named(s.combos()) == {("a1", "b1", "c1", "b2"): 15}


def test_picture_cards_touching_only_at_corners_are_no_combo():
    s = situation({"a1": "red SURI 3", "b2": "red PAPO 3", "a3": "red KONG 5"})
    assert s.combos() == {}
    with pytest.raises(IllegalAction):
        s.apply(claim("a1", "b2", "a3"))


def test_two_cards_are_no_combo_and_colours_do_not_mix():
    s = situation({"a1": "red SURI 3", "b1": "red PAPO 3", "c1": "blue KONG 5"})
    assert s.combos() == {}


def test_hidden_cards_do_not_count_for_combos():
    s = situation({"a1": "red SURI 3", "b1": "red PAPO 3", "c1": "red KONG 5"}, hidden=["c1"])
    assert s.combos() == {}


def test_claim_scores_the_sum_and_hides_the_cards():
    s = situation({"a1": "red SURI 3", "b1": "red PAPO 3", "c1": "red KONG 5"})
    s.apply(claim("a1", "b1", "c1"))
    assert s.scores == [11, 0]
    assert all(s.is_hidden(parse_cell(c)) for c in ("a1", "b1", "c1"))
    assert s.observation(1)["board"][0] == "hidden"
    assert s.combos() == {}


def test_only_one_combo_per_turn_but_placing_goes_on():
    s = situation(
        {
            "a1": "red SURI 3",
            "b1": "red PAPO 3",
            "c1": "red KONG 5",
            "a5": "blue SURI 3",
            "b5": "blue PAPO 3",
            "c5": "blue KONG 5",
        },
        hands=[["green CHAO"[6:]], []],
    )
    s.apply(claim("a1", "b1", "c1"))
    assert not any(isinstance(a, Claim) for a in s.legal_actions())
    with pytest.raises(IllegalAction, match="only one combo"):
        s.apply(claim("a5", "b5", "c5"))
    s.apply(place(s, "CHAO", "c2"))  # "you can still place more cards"
    assert s.current_player == 0 and s.phase_name == "main"
    s.apply(EndTurn())
    assert s.current_player == 1
    s.apply(claim("a5", "b5", "c5"))  # the opponents' cards count too (FAQ)
    assert s.scores == [11, 11]


def test_min_combo_parameter():
    s = situation({"a1": "red SURI 3", "b1": "red PAPO 3"}, min_combo=2)
    assert named(s.combos()) == {("a1", "b1"): 6}


# -- CHAO --------------------------------------------------------------------------------
def test_chao_joins_as_wildcard_worth_the_highest_card():
    s = situation({"a1": "red SURI 3", "b1": "red KONG 5", "c1": "CHAO"})
    assert named(s.combos()) == {("a1", "b1", "c1"): 13}


def test_chao_bridges_two_groups_of_its_colour():
    s = situation(
        {
            "a1": "red SURI 3",
            "b1": "red PAPO 3",
            "c1": "CHAO",
            "d1": "red KONG 5",
            "e1": "red CROC 2",
        }
    )
    assert named(s.combos()) == {("a1", "b1", "c1", "d1", "e1"): 13 + 5}


def test_a_group_of_three_may_be_claimed_with_or_without_its_chao():
    s = situation({"a1": "red SURI 3", "b1": "red PAPO 3", "c1": "red KONG 5", "d1": "CHAO"})
    assert named(s.combos()) == {("a1", "b1", "c1"): 11, ("a1", "b1", "c1", "d1"): 16}


def test_at_most_one_chao_in_a_coloured_combo():
    s = situation({"a1": "red SURI 3", "b1": "CHAO", "c1": "CHAO", "d1": "red KONG 5"})
    # each CHAO joins only the red card beside it: two cards, no combo; the two CHAOs
    # alone are two cards, no combo either
    assert s.combos() == {}
    s = situation({"a1": "red SURI 3", "b1": "red PAPO 3", "c1": "CHAO", "c2": "CHAO"})
    assert named(s.combos()) == {("a1", "b1", "c1"): 9}


def test_chaos_alone_make_a_combo_worth_one_per_card():
    s = situation({"a2": "CHAO", "b2": "CHAO", "b3": "CHAO"})
    assert named(s.combos()) == {("a2", "b2", "b3"): 3}
    s.apply(claim("a2", "b2", "b3"))
    assert s.scores == [3, 0]


def test_a_chao_can_serve_two_colours_as_two_different_combos():
    s = situation(
        {
            "a1": "red SURI 3",
            "b1": "red PAPO 3",
            "c1": "CHAO",
            "c2": "blue SURI 3",
            "c3": "blue KONG 5",
        }
    )
    assert named(s.combos()) == {("a1", "b1", "c1"): 9, ("c1", "c2", "c3"): 13}


# -- Placement -----------------------------------------------------------------------------
def test_placement_next_to_the_deck_or_a_card_only():
    s = situation({"a1": "red SURI 3"}, hands=[["CHAO"], []])
    assert s.free_cells() == sum(1 << parse_cell(c) for c in ("b1", "a2", "c2", "b3", "d3", "c4"))
    with pytest.raises(IllegalAction, match="touches no card"):
        s.apply(place(s, "CHAO", "b2"))  # touches a1 only at a corner
    with pytest.raises(IllegalAction):
        s.apply(place(s, "CHAO", "c3"))  # the deck's cell
    s.apply(place(s, "CHAO", "d3"))  # beside the deck
    assert s.observation(0)["board"][parse_cell("d3")] == "CHAO"


def test_placement_beside_a_hidden_card_is_allowed():
    s = situation({"a1": "red SURI 3"}, hidden=["a1"], hands=[["CHAO"], []])
    s.apply(place(s, "CHAO", "b1"))
    assert s.board[parse_cell("b1")] >= 0


def test_a_card_not_in_hand_cannot_be_placed():
    s = situation({}, hands=[["CHAO"], []])
    with pytest.raises(IllegalAction, match="not in player 0's hand"):
        s.apply(place(s, "red SURI 3", "c2"))


# -- Card effects ---------------------------------------------------------------------------
def test_suri_draws_one_card_or_is_skipped():
    s = situation({}, hands=[["red SURI 3", "red SURI 3"], []])
    s.apply(place(s, "red SURI 3", "c2"))
    assert s.legal_actions() == [UseEffect(), SkipEffect()]
    s.apply(UseEffect())
    assert hand_labels(s, 0) == ["blue SURI 3", "red SURI 3"]
    s.apply(place(s, "red SURI 3", "c4"))
    s.apply(SkipEffect())
    assert hand_labels(s, 0) == ["blue SURI 3"]


def test_hypno_swaps_with_a_face_up_card_which_goes_to_hand():
    s = situation({"a1": "blue KONG 5", "b1": "red HYPNO 2"}, hands=[["green HYPNO 2"], []])
    s.apply(place(s, "green HYPNO 2", "a1"))
    assert hand_labels(s, 0) == ["blue KONG 5"]
    assert s.observation(1)["board"][0] == "green HYPNO 2"
    assert s.phase_name == "main"  # no effect step: the swap is the effect


def test_hypno_cannot_take_another_hypno_nor_a_hidden_card():
    s = situation(
        {"a1": "blue KONG 5", "b1": "red HYPNO 2"}, hidden=["a1"], hands=[["green HYPNO 2"], []]
    )
    with pytest.raises(IllegalAction, match="another HYPNO"):
        s.apply(place(s, "green HYPNO 2", "b1"))
    with pytest.raises(IllegalAction, match="face-up"):
        s.apply(place(s, "green HYPNO 2", "a1"))


def test_hypno_on_an_empty_cell_has_no_effect():
    s = situation({"a1": "blue KONG 5"}, hands=[["green HYPNO 2", "CHAO"], []])
    s.apply(place(s, "green HYPNO 2", "c2"))
    assert s.phase_name == "main" and hand_labels(s, 0) == ["CHAO"]


def test_papo_gains_a_point_per_card_left_in_hand():
    s = situation({}, hands=[["red PAPO 3", "CHAO", "CHAO", "blue SURI 3"], []])
    s.apply(place(s, "red PAPO 3", "c2"))
    s.apply(UseEffect())
    assert s.scores == [3, 0]


def test_croc_flips_one_or_two_other_cards_for_a_point_each():
    s = situation(
        {"a1": "blue KONG 5", "e1": "red CROC 2", "a5": "green VULT 4"},
        hands=[["yellow CROC 2", "yellow CROC 2"], []],
    )
    s.apply(place(s, "yellow CROC 2", "c2"))
    targets = {a.cell for a in s.legal_actions() if isinstance(a, Target)}
    assert targets == {parse_cell(c) for c in ("a1", "e1", "a5")}  # not itself
    s.apply(Target(parse_cell("e1")))  # another CROC may be flipped
    assert s.legal_actions()[-1] == Done()
    s.apply(Target(parse_cell("a1")))
    assert s.scores == [2, 0] and s.phase_name == "main"
    assert s.is_hidden(parse_cell("a1")) and s.is_hidden(parse_cell("e1"))
    s.apply(place(s, "yellow CROC 2", "c4"))
    s.apply(Target(parse_cell("a5")))  # the other CROC on c2 is still face up
    s.apply(Done())
    assert s.scores == [3, 0]


def test_vult_revives_a_hidden_card_without_its_effect():
    s = situation(
        {"a1": "red SURI 3", "b1": "red PAPO 3", "c1": "red KONG 5"},
        hidden=["c1"],
        hands=[["red VULT 4"], []],
    )
    s.apply(place(s, "red VULT 4", "c2"))
    assert [a for a in s.legal_actions() if isinstance(a, Target)] == [Target(parse_cell("c1"))]
    s.apply(Target(parse_cell("c1")))
    assert s.phase_name == "main"  # KONG's effect is not activated again
    assert named(s.combos()) == {("a1", "b1", "c1", "c2"): 15}


def test_vult_without_a_hidden_card_has_nothing_to_decide():
    s = situation({"a1": "red SURI 3"}, hands=[["red VULT 4"], []])
    s.apply(place(s, "red VULT 4", "c2"))
    assert s.phase_name == "main"
    assert "no card to act on" in s.visible_events(1)[-1].text


def test_giffe_moves_another_card_face_up_or_down_to_an_adjacent_free_cell():
    s = situation(
        {"a1": "red SURI 3", "b1": "blue SURI 3"}, hidden=["a1"], hands=[["red GIFFE 4"], []]
    )
    s.apply(place(s, "red GIFFE 4", "c2"))
    picks = {cell_name(a.cell) for a in s.legal_actions() if isinstance(a, Target)}
    assert picks == {"a1", "b1"}  # not itself
    s.apply(Target(parse_cell("a1")))
    assert {cell_name(a.cell) for a in s.legal_actions()} == {"a2"}  # b1 is taken
    with pytest.raises(IllegalAction):
        s.apply(MoveTo(parse_cell("e5")))
    s.apply(MoveTo(parse_cell("a2")))
    assert s.is_hidden(parse_cell("a2")) and s.board[0] == -1
    assert s.game.labels[s.board[parse_cell("a2")]] == "red SURI 3"


def test_kong_discards_the_hand_and_draws_as_many():
    s = situation(
        {}, hands=[["red KONG 5", "CHAO", "CHAO"], []], deck=["blue SURI 3", "green KONG 5"]
    )
    s.apply(place(s, "red KONG 5", "c2"))
    s.apply(UseEffect())
    assert hand_labels(s, 0) == ["blue SURI 3", "green KONG 5"]
    assert [s.game.labels[f] for f in s.discard] == ["CHAO", "CHAO"]


def test_an_effect_is_used_at_placement_or_never():
    s = situation({}, hands=[["red SURI 3", "CHAO"], []])
    s.apply(place(s, "red SURI 3", "c2"))
    with pytest.raises(IllegalAction, match="effect"):
        s.apply(place(s, "CHAO", "c4"))
    s.apply(SkipEffect())
    assert UseEffect() not in s.legal_actions()


def test_each_animal_with_an_effect_has_its_own_function_quoting_its_card():
    """Card Effects: one function per animal, its docstring the card's own text."""
    from boardlab.games.kombo_afrika.components import ANIMALS, CHAO, HYPNO
    from boardlab.games.kombo_afrika.effects import ANIMAL_EFFECTS, Effects

    assert set(ANIMAL_EFFECTS) == set(range(len(ANIMALS))) - {HYPNO, CHAO}
    for animal, resolve in [*ANIMAL_EFFECTS.items(), (HYPNO, Effects._hypno)]:
        assert resolve.__doc__.startswith(ANIMALS[animal] + " — "), ANIMALS[animal]
        assert "(Card Effects)" in resolve.__doc__


# -- When the board is full -----------------------------------------------------------------
FULL = [cell_name(c) for c in range(25) if c != 12]


def test_board_full_with_hidden_cards_discards_only_the_hidden():
    board = {c: "blue SURI 3" if i % 2 else "red PAPO 3" for i, c in enumerate(FULL)}
    last = board.pop("e5")
    s = situation(board, hidden=["a1", "b1"], hands=[[last, "CHAO"], []])
    s.apply(place(s, last, "e5"))
    s.apply(SkipEffect())
    assert s.board[0] == -1 and s.board[1] == -1
    assert len(s.discard) == 2
    assert sum(1 for c in range(25) if s.board[c] >= 0) == 22
    assert s.current_player == 0 and s.phase_name == "main"  # the turn continues


def test_board_full_with_only_active_cards_keeps_the_corners():
    board = {c: "blue SURI 3" if i % 2 else "red PAPO 3" for i, c in enumerate(FULL)}
    board.pop("e5")
    s = situation(board, hands=[["CHAO", "CHAO"], []])
    s.apply(place(s, "CHAO", "e5"))
    left = {cell_name(c) for c in range(25) if s.board[c] >= 0}
    assert left == {"a1", "e1", "a5", "e5"}
    assert len(s.discard) == 20
    assert s.current_player == 0


def test_board_full_is_checked_after_the_effect():
    # CROC takes the last free cell and flips two cards: now the board holds hidden
    # cards, so only those two go (not everything but the corners)
    board = {c: "blue SURI 3" for c in FULL}
    board.pop("e5")
    s = situation(board, hands=[["red CROC 2"], []])
    s.apply(place(s, "red CROC 2", "e5"))
    s.apply(Target(parse_cell("b1")))
    s.apply(Target(parse_cell("c1")))
    gone = {cell_name(c) for c in range(25) if c != 12 and s.board[c] < 0}
    assert gone == {"b1", "c1"} and s.scores == [2, 0]


# -- Deck --------------------------------------------------------------------------------------
def test_an_empty_deck_is_refilled_from_the_discard_pile():
    s = situation({}, hands=[["red SURI 3"], []], deck=[])
    s.discard = [s.game.label_index["CHAO"]]
    s.apply(place(s, "red SURI 3", "c2"))
    s.apply(UseEffect())
    assert hand_labels(s, 0) == ["CHAO"] and s.discard == [] and s.deck == []
    assert any(e.kind == "reshuffle" for e in s.events)


def test_drawing_stops_when_deck_and_discard_are_empty():
    s = situation({}, hands=[["red SURI 3"], []], deck=[])
    s.apply(place(s, "red SURI 3", "c2"))
    s.apply(UseEffect())
    s.apply(EndTurn())
    assert s.hands[0] == [] and s.current_player == 1


def test_end_of_turn_refills_to_five():
    s = situation({}, hands=[["red SURI 3"], []])
    s.apply(EndTurn())
    assert len(s.hands[0]) == 5 and len(s.deck) == len(DECK) - 4


# -- Preparation -------------------------------------------------------------------------------
def test_mulligan_in_seat_order_then_the_corners():
    s = load(players=3).new_game(seed=5)
    before = list(s.hands[1])
    assert s.phase_name == "mulligan" and s.current_player == 0
    assert all(s.board[c] == -1 for c in (0, 4, 20, 24))
    s.apply(KeepHand())
    s.apply(Mulligan())
    assert len(s.hands[1]) == 5 and sorted(s.discard) == sorted(before)
    assert s.current_player == 2
    s.apply(KeepHand())
    assert s.phase_name == "main" and s.current_player == 0
    assert all(s.board[c] >= 0 and not s.is_hidden(c) for c in (0, 4, 20, 24))
    assert s.game.new_game(5).deck[-15:] != s.deck[-15:]


def test_without_mulligan_the_game_starts_at_once():
    s = load(mulligan=False).new_game(seed=1)
    assert s.phase_name == "main" and len(s.deck) == 48 - 10 - 4


# -- End of the game ---------------------------------------------------------------------------
def test_reaching_the_target_finishes_the_round():
    s = situation({"a1": "red SURI 3", "b1": "red PAPO 3", "c1": "red KONG 5"}, scores=[70, 0])
    s.apply(claim("a1", "b1", "c1"))
    assert s.final_turn == 2
    s.apply(EndTurn())
    assert not s.is_terminal and s.current_player == 1  # player 1 gets the same turns
    s.apply(EndTurn())
    assert s.outcome.status == "finished" and s.outcome.winners == (0,)


def test_the_last_player_reaching_the_target_ends_the_game_at_once():
    s = situation(
        {"a1": "red SURI 3", "b1": "red PAPO 3", "c1": "red KONG 5"},
        scores=[0, 70],
        turn=1,
    )
    assert s.current_player == 1
    s.apply(claim("a1", "b1", "c1"))
    s.apply(EndTurn())
    assert s.outcome.winners == (1,)


def test_extra_round_variant():
    s = situation(
        {"a1": "red SURI 3", "b1": "red PAPO 3", "c1": "red KONG 5"},
        scores=[70, 0],
        last_round="extra",
    )
    s.apply(claim("a1", "b1", "c1"))
    assert s.final_turn == 4
    for _ in range(3):
        s.apply(EndTurn())
    assert not s.is_terminal
    s.apply(EndTurn())
    assert s.is_terminal


def test_tie_goes_to_more_points_in_the_last_turn():
    s = situation(
        {"a1": "red SURI 3", "b1": "red PAPO 3", "c1": "red KONG 5"},
        scores=[77, 70],
        turn=1,
        final_turn=2,
        last_points=[20, 0],
    )
    s.apply(claim("a1", "b1", "c1"))  # player 1: 81 against 77
    s.apply(EndTurn())
    assert s.outcome.winners == (1,)
    s = situation(
        {"a1": "red SURI 3", "b1": "red PAPO 3", "c1": "red CROC 2"},
        scores=[78, 70],
        turn=1,
        final_turn=2,
        last_points=[20, 0],
    )
    s.apply(claim("a1", "b1", "c1"))  # 78 each: player 0 scored 20 last turn, player 1 8
    s.apply(EndTurn())
    assert s.outcome.winners == (0,) and s.outcome.ranking == ((0,), (1,))


def test_a_complete_tie_is_shared():
    s = situation({}, scores=[80, 80], turn=1, final_turn=2, last_points=[0, 0])
    s.apply(EndTurn())
    assert s.outcome.winners == (0, 1)


def test_turn_cap_truncates():
    s = situation({}, max_turns=4, turn=3)
    s.apply(EndTurn())
    assert s.outcome.status == "truncated" and s.outcome.reason == "turn cap"


def test_random_games_end_and_say_how():
    game = load()
    for seed in range(5):
        state = play(game, [RandomAgent(), RandomAgent()], seed=seed)
        assert state.outcome.status in ("finished", "truncated")
        if state.outcome.status == "finished":
            assert max(state.scores) >= 77
            assert state.turn % 2 == 0  # equal turns


# -- Partial combos (variant) --------------------------------------------------------------------
def test_partial_combo_chosen_card_by_card():
    s = situation(
        {"a1": "red SURI 3", "b1": "red PAPO 3", "c1": "red KONG 5", "d1": "red CROC 2"},
        partial_combos=True,
    )
    assert not any(isinstance(a, Claim) for a in s.legal_actions())
    s.apply(ClaimCard(parse_cell("b1")))
    assert s.phase_name == "claim"
    assert {cell_name(a.cell) for a in s.legal_actions() if isinstance(a, ClaimCard)} == {
        "a1",
        "c1",
    }
    s.apply(ClaimCard(parse_cell("c1")))
    with pytest.raises(IllegalAction):
        s.apply(ClaimDone())
    s.apply(ClaimCard(parse_cell("d1")))
    s.apply(ClaimDone())
    assert s.scores == [10, 0] and not s.is_hidden(0)
    s2 = situation(
        {"a1": "red SURI 3", "b1": "red PAPO 3", "c1": "red KONG 5"}, partial_combos=True
    )
    s2.apply(ClaimCard(0))
    s2.apply(ClaimCancel())
    assert s2.phase_name == "main" and not s2.claimed


# -- Hidden information ---------------------------------------------------------------------------
def test_observation_masks_hidden_cards_and_others_hands():
    s = situation({"a1": "red SURI 3"}, hidden=["a1"], hands=[["CHAO"], ["red KONG 5"]])
    obs = s.observation(0)
    assert obs["board"][0] == "hidden" and obs["board"][12] == "deck"
    assert obs["hand"] == ["CHAO"] and obs["hand_sizes"] == [1, 1]
    assert "red KONG 5" not in json.dumps(obs)


def test_determinize_resamples_hidden_cards_others_hands_and_deck():
    s = situation(
        {"a1": "red SURI 3", "b1": "blue SURI 3"}, hidden=["a1"], hands=[["CHAO"], ["red KONG 5"]]
    )
    changed = set()
    for k in range(20):
        d = s.determinize(0, random.Random(k))
        assert d.hands[0] == s.hands[0] and d.observation(0) == s.observation(0)
        if d.board[0] != s.board[0]:
            changed.add("hidden")
        if d.hands[1] != s.hands[1]:
            changed.add("hand")
        assert d.board[1] == s.board[1]
    assert changed == {"hidden", "hand"}


# -- The deck file ---------------------------------------------------------------------------------
def test_default_deck_is_the_dossier_reconstruction():
    deck = parse_deck(DEFAULT_DECK_PATH.read_text())
    assert len(deck.cards) == 48 and len(deck.colours) == 6
    assert sum(1 for c in deck.cards if deck.faces[c].animal == "CHAO") == 6
    points = {f.animal: f.points for f in deck.faces}
    assert points == {
        "HYPNO": 2, "CROC": 2, "SURI": 3, "PAPO": 3, "VULT": 4, "GIFFE": 4, "KONG": 5, "CHAO": 0
    }  # fmt: skip


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "lists no cards"),
        ("animal,colour,points\nSURI,red,3\n", "line 1: the header"),
        ("name,colour,points\nSURI,red,3\nSURI,red\n", "line 3: expected 3 fields"),
        ("name,colour,points\nSURI,red,3\nLION,red,3\n", "line 3: unknown animal 'LION'"),
        ("name,colour,points\nSURI,red,x\n", "line 2: points must be a whole number"),
        ("name,colour,points\nSURI,,3\n", "line 2: SURI needs a colour"),
        ("name,colour,points\nCHAO,red,0\n", "line 2: CHAO has no colour"),
        ("name,colour,points\nSURI,red,-1\n", "line 2: points must be from 0 to 99"),
        ("name,colour,points\nSURI,red,3\n", "at least 14 cards"),
        ("name,colour,points\nSURI,red,3\nSURI,rde,3\n", "line 3: unknown colour 'rde'"),
        ("name,colour,points\nSURI,red,3_0\n", "line 2: points must be a whole number"),
        ("name,colour,points\nSURI,red,\u0663\n", "line 2: points must be a whole number"),
        ("name,colour,points\nSURI,red," + "1" + "0" * 30 + "\n", "line 2: points must be"),
        ('name,colour,points\n"SURI\n",red,3\nSURI,rde,3\n', "line 4: unknown colour"),
        ('name,colour,points\nSURI,"r\ned",3\nSURI,rde,3\n', "line 2: unknown colour"),
        ('name,colour,points\nSURI,"red",3\n"KONG",blue,"5\n"\nSURI,rde,3\n', "line 5:"),
    ],
)
def test_a_malformed_deck_file_is_refused_with_its_line(text, message):
    with pytest.raises(InvalidParameter, match=message) as caught:
        load(deck=text if text else "name,colour,points\n\n")
    assert caught.value.name == "deck"


def test_a_teachers_deck_file_loads_and_replays(tmp_path):
    rows = ["name,colour,points"] + [f"SURI,{c},1" for c in ("red", "blue") for _ in range(8)]
    path = tmp_path / "mine.csv"
    path.write_text("\n".join(rows) + "\n")
    game = load(deck=str(path))
    assert game.labels == ("red SURI 1", "blue SURI 1")
    state = play(game, [RandomAgent(), RandomAgent()], seed=3)
    record = json.loads(state.record().to_json())
    assert record["params"]["deck"]["sha256"] == game.params["deck"].sha256
    assert boardlab.replay(record)[-1] == state


def test_colours_in_play():
    game = load(colours=3)
    assert len(game.cards) == 3 * 7 + 6
    assert {game.faces[c].colour for c in game.cards} == {"red", "yellow", "green", ""}


# -- The incremental combo search equals networkx --------------------------------------------------
def combos_networkx(state) -> dict[int, int]:
    """The claimable combos ``{cells mask: points}`` found with networkx (dossier 3): the
    oracle of the engine's bit-mask search, on the renderer's colour graph.

    For each colour: the connected components of that colour's subgraph; then for each
    CHAO beside that colour, the CHAO plus every component it touches; finally the
    connected components of the CHAOs alone, 1 point per card.
    """
    nx = pytest.importorskip("networkx")
    render = pytest.importorskip("boardlab.games.kombo_afrika.render")
    g = render.graph(state)
    least = state.game.min_combo
    out: dict[int, int] = {}

    def mask(nodes) -> int:
        return sum(1 << g.nodes[v]["cell"] for v in nodes)

    colours = {d["colour"] for _, d in g.nodes(data=True) if d["colour"]}
    chaos = [v for v, d in g.nodes(data=True) if not d["colour"]]
    for colour in colours:
        sub = g.subgraph(v for v, d in g.nodes(data=True) if d["colour"] == colour)
        for group in nx.connected_components(sub):
            points = [g.nodes[v]["points"] for v in group]
            if len(group) >= least:
                out[mask(group)] = sum(points)
        for chao in chaos:
            touched = [v for v in g.neighbors(chao) if g.nodes[v]["colour"] == colour]
            if not touched:
                continue
            group = set().union(*(nx.node_connected_component(sub, v) for v in touched))
            if len(group) + 1 >= least:
                points = [g.nodes[v]["points"] for v in group]
                out[mask(group | {chao})] = sum(points) + max(points)
    for group in nx.connected_components(g.subgraph(chaos)):
        if len(group) >= least:
            out[mask(group)] = len(group)
    return out


def test_combo_search_equals_networkx_on_random_boards():
    rng = random.Random(0)
    for colours, least in ((6, 3), (2, 3), (3, 2), (4, 4)):
        game = load(colours=colours, min_combo=least)
        labels = [game.labels[c] for c in game.cards]
        for _ in range(800):
            cells = [c for c in range(25) if c != 12 and rng.random() < 0.75]
            board = {cell_name(c): rng.choice(labels) for c in cells}
            hidden = [cell_name(c) for c in cells if rng.random() < 0.15]
            s = game.new_game(0).arrange(board=board, hidden=hidden)
            assert s.combos() == combos_networkx(s), board


def test_caches_kept_across_moves_match_a_rebuilt_state_in_random_games():
    """Each colour's combos, the HYPNOs' cells and the free cells are kept up to date move
    by move (the playout path); at every step they must give the legal actions of a state
    rebuilt from JSON, and the combos networkx finds."""
    for params in ({}, {"colours": 2}, {"colours": 3, "min_combo": 2, "hand_size": 3}):
        game = load(target=40, **params)
        for seed in range(5):
            rng = random.Random(seed)
            state = game.new_game(seed)
            while state.outcome is None:
                fresh = game.state_from_json(state.to_json())
                assert state.legal_actions() == fresh.legal_actions(), (params, seed)
                if state.phase_name == "main":
                    assert state.combos() == combos_networkx(state), (params, seed)
                state.apply(rng.choice(state.legal_actions()))


def test_the_state_json_names_its_fields_in_words():
    """The board's bit masks and the pending effect are stored under their names."""
    s = situation({"a1": "red SURI 3", "b1": "red PAPO 3"}, hidden=["b1"])
    rules = json.loads(s.to_json())["rules"]
    assert rules["occupied"] == (1 << 0) | (1 << 1) | (1 << 12)
    assert rules["face_up"] == 1 << 0
    assert {"counters", "effect", "effect_cell", "effect_step", "selection"} <= set(rules)
