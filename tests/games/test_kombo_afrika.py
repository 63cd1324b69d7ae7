"""Rule tests of Kombo Afrika: build a situation, apply actions, check the exact result.

Each test is named after the rule it checks and carries the rulebook entries it checks
(``@pytest.mark.rule``; ``boardlab/games/kombo_afrika/rulebook.py``): the rulebook's
sections (``kombo_afrika.seed.txt``), in its order, and our
numbered decisions (``kombo_afrika.md``). Situations are built with
``state.arrange``: cells by name (``"a1"`` top left, ``"c3"`` the deck), cards by label
(``"red SURI 3"``, ``"CHAO"``); every card lies in one place (the deal fills the rest).
The arranged-situation law, the handicap and the tips: ``test_kombo_afrika_setup.py``.
"""

from __future__ import annotations

import json
import random

import pytest

import boardlab
from boardlab import IllegalAction
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


def load(**params):
    return boardlab.load("kombo_afrika", **params)


def situation(board, hands=None, deck=None, hidden=(), players=2, **kw):
    """A main-phase state: ``board`` {cell: label}, player 0 to move; hands, deck and
    discard as given, the rest filled from the cards left (``arrange``)."""
    params = {k: kw.pop(k) for k in list(kw) if k in {s.name for s in load().specs}}
    state = load(players=players, **params).new_game(seed=0)
    return state.arrange(board=board, hidden=list(hidden), hands=hands, deck=deck, **kw)


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


def labels(state, faces):
    return [state.game.labels[f] for f in faces]


def targets(state):
    return {cell_name(a.cell) for a in state.legal_actions() if isinstance(a, Target)}


FULL = [cell_name(c) for c in range(25) if c != 12]


def full_board(*keep: str) -> dict[str, str]:
    """23 distinct cards of the deck on every cell but e5 (none of ``keep``)."""
    faces = [f.label for f in parse_deck(DEFAULT_DECK_PATH.read_text()).faces]
    pool = [label for label in faces if label not in keep and label != "CHAO"]
    return dict(zip(FULL[:-1], pool, strict=False))


# -- Goal of the Game; Preparation --------------------------------------------------------------
@pytest.mark.rule("kombo_afrika:goal", "kombo_afrika:end-winner")
def test_random_games_end_and_the_most_points_win():
    game = load()
    for seed in range(5):
        state = play(game, [RandomAgent(), RandomAgent()], seed=seed)
        assert state.outcome.status in ("finished", "truncated")
        top = max(state.scores)
        assert set(state.outcome.winners) <= {p for p, s in enumerate(state.scores) if s == top}
        if state.outcome.status == "finished":
            assert top >= 77
            assert state.turn % 2 == 0  # equal turns


@pytest.mark.rule("kombo_afrika:prep-deal", "kombo_afrika:prep-counters")
def test_the_deal_gives_five_cards_each_and_the_counters_start_at_zero():
    s = load(players=3).new_game(seed=2)
    assert [len(h) for h in s.hands] == [5, 5, 5]
    assert s.scores == [0, 0, 0] and s.observation(None)["scores"] == [0, 0, 0]
    assert len(s.deck) == 48 - 15


@pytest.mark.rule(
    "kombo_afrika:prep-mulligan",
    "kombo_afrika:prep-corners",
    "kombo_afrika:decision-1",
    "kombo_afrika:progress-start",
)
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


@pytest.mark.rule("kombo_afrika:prep-corners", "kombo_afrika:prep-draw-deck")
def test_without_mulligan_the_game_starts_at_once_and_the_rest_is_the_draw_deck():
    s = load(mulligan=False).new_game(seed=1)
    assert s.phase_name == "main" and len(s.deck) == 48 - 10 - 4
    corners = [s.board[c] for c in (0, 4, 20, 24)]
    assert sorted(s.deck + corners + s.hands[0] + s.hands[1]) == sorted(s.game.cards)


@pytest.mark.rule(
    "kombo_afrika:prep-deck", "kombo_afrika:board-centre", "kombo_afrika:prep-picture"
)
def test_the_draw_deck_sits_on_the_centre_cell_and_the_first_card_may_go_beside_it():
    s = load(mulligan=False).new_game(seed=1)
    assert s.observation(0)["board"][parse_cell("c3")] == "deck"
    free = {cell_name(c) for c in range(25) if s.free_cells() >> c & 1}
    assert {"c2", "b3", "d3", "c4"} <= free  # beside the deck
    assert {"b1", "a2", "d1", "e2", "a4", "b5", "e4", "d5"} <= free  # beside a corner
    assert len(free) == 12 and "c3" not in free
    with pytest.raises(IllegalAction, match="no such cell"):
        s.apply(s.game.place_table[s.hands[0][0]][parse_cell("c3")])


# -- Game Progress; The Player's Turn --------------------------------------------------------
@pytest.mark.rule("kombo_afrika:progress-order", "kombo_afrika:turn-next")
def test_players_take_whole_turns_in_seat_order():
    s = situation({}, hands=[["CHAO", "CHAO"], ["CHAO"], ["CHAO"]], players=3)
    s.apply(place(s, "CHAO", "c2"))
    assert s.current_player == 0  # player 0 plays the whole turn first
    s.apply(place(s, "CHAO", "c4"))
    order = [0]
    for cell in ("b3", "d3"):
        s.apply(EndTurn())
        order.append(s.current_player)
        s.apply(place(s, "CHAO", cell))
    s.apply(EndTurn())
    assert [*order, s.current_player] == [0, 1, 2, 0]


@pytest.mark.rule("kombo_afrika:turn-place", "kombo_afrika:turn-active", "kombo_afrika:decision-2")
def test_a_turn_may_place_any_number_of_cards_face_up():
    s = situation({}, hands=[["CHAO", "CHAO", "CHAO"], []])
    for cell in ("c2", "b3", "d3"):
        s.apply(place(s, "CHAO", cell))
        assert s.current_player == 0 and s.phase_name == "main"
    assert [s.observation(1)["board"][parse_cell(c)] for c in ("c2", "b3", "d3")] == ["CHAO"] * 3
    assert s.hands[0] == [] and EndTurn() in s.legal_actions()


@pytest.mark.rule("kombo_afrika:turn-adjacent", "kombo_afrika:turn-sides")
def test_placement_next_to_the_deck_or_a_card_only():
    s = situation({"a1": "red SURI 3"}, hands=[["CHAO"], []])
    assert s.free_cells() == sum(1 << parse_cell(c) for c in ("b1", "a2", "c2", "b3", "d3", "c4"))
    with pytest.raises(IllegalAction, match="touches no card"):
        s.apply(place(s, "CHAO", "b2"))  # touches a1 only at a corner
    with pytest.raises(IllegalAction):
        s.apply(place(s, "CHAO", "c3"))  # the deck's cell
    s.apply(place(s, "CHAO", "d3"))  # beside the deck
    assert s.observation(0)["board"][parse_cell("d3")] == "CHAO"


@pytest.mark.rule("kombo_afrika:turn-adjacent")
def test_placement_beside_a_hidden_card_is_allowed():
    s = situation({"a1": "red SURI 3"}, hidden=["a1"], hands=[["CHAO"], []])
    s.apply(place(s, "CHAO", "b1"))
    assert s.board[1] >= 0


@pytest.mark.rule("kombo_afrika:turn-place")
def test_a_card_not_in_hand_cannot_be_placed():
    s = situation({}, hands=[["CHAO"], []])
    with pytest.raises(IllegalAction, match="not in player 0's hand"):
        s.apply(place(s, "red SURI 3", "c2"))


@pytest.mark.rule("kombo_afrika:turn-effect", "kombo_afrika:turn-effect-now")
def test_an_effect_is_used_at_placement_or_never():
    s = situation({}, hands=[["red SURI 3", "CHAO"], []])
    s.apply(place(s, "red SURI 3", "c2"))
    assert s.legal_actions() == [UseEffect(), SkipEffect()]
    with pytest.raises(IllegalAction, match="effect"):
        s.apply(place(s, "CHAO", "c4"))
    s.apply(SkipEffect())
    assert UseEffect() not in s.legal_actions()


@pytest.mark.rule("kombo_afrika:turn-chao", "kombo_afrika:chao-no-effect")
def test_chao_has_no_effect_to_decide_its_wildcard_lasts():
    s = situation({"a1": "red SURI 3", "b1": "red KONG 5"}, hands=[["CHAO"], []])
    s.apply(place(s, "CHAO", "c1"))
    assert s.phase_name == "main" and s.effect == -1  # nothing to decide
    s.apply(EndTurn())
    s.apply(EndTurn())  # two turns later the CHAO still joins red
    assert named(s.combos()) == {("a1", "b1", "c1"): 13}


@pytest.mark.rule(
    "kombo_afrika:turn-one-combo",
    "kombo_afrika:combo-one",
    "kombo_afrika:combo-after",
    "kombo_afrika:faq-before-after",
)
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
        hands=[["CHAO", "yellow SURI 3"], []],
    )
    s.apply(claim("a1", "b1", "c1"))
    assert not any(isinstance(a, Claim) for a in s.legal_actions())
    with pytest.raises(IllegalAction, match="only one combo"):
        s.apply(claim("a5", "b5", "c5"))
    s.apply(place(s, "CHAO", "c2"))  # "you can still place more cards"
    s.apply(place(s, "yellow SURI 3", "c4"))  # "... and activate their effects"
    s.apply(UseEffect())
    assert s.current_player == 0 and s.phase_name == "main" and len(s.hands[0]) == 1
    s.apply(EndTurn())
    assert s.current_player == 1
    s.apply(claim("a5", "b5", "c5"))
    assert s.scores == [11, 11]


@pytest.mark.rule(
    "kombo_afrika:turn-hide",
    "kombo_afrika:turn-hide-now",
    "kombo_afrika:combo",
    "kombo_afrika:combo-hide",
    "kombo_afrika:combo-counters",
    "kombo_afrika:decision-3",
)
def test_claim_scores_the_sum_and_hides_the_cards_at_once():
    s = situation({"a1": "red SURI 3", "b1": "red PAPO 3", "c1": "red KONG 5"})
    s.apply(claim("a1", "b1", "c1"))
    assert s.scores == [11, 0] and s.observation(1)["scores"] == [11, 0]
    assert all(s.is_hidden(parse_cell(c)) for c in ("a1", "b1", "c1"))
    assert s.combos() == {}


@pytest.mark.rule("kombo_afrika:turn-hidden", "kombo_afrika:decision-8")
def test_observation_masks_hidden_cards_and_others_hands():
    s = situation({"a1": "red SURI 3"}, hidden=["a1"], hands=[["CHAO"], ["red KONG 5"]])
    obs = s.observation(0)
    assert obs["board"][0] == "hidden" and obs["board"][12] == "deck"
    assert obs["hand"] == ["CHAO"] and obs["hand_sizes"] == [1, 1]
    assert "red KONG 5" not in json.dumps(obs) and "red SURI 3" not in json.dumps(obs)


@pytest.mark.rule("kombo_afrika:turn-refill", "kombo_afrika:decision-2")
def test_end_of_turn_refills_to_five_from_the_top_of_the_deck():
    s = situation({}, hands=[["red SURI 3"], []])
    top = labels(s, s.deck[::-1][:4])
    before = len(s.deck)
    s.apply(EndTurn())
    assert len(s.hands[0]) == 5 and len(s.deck) == before - 4
    assert hand_labels(s, 0) == sorted(["red SURI 3", *top])


@pytest.mark.rule("kombo_afrika:turn-refill")
def test_a_hand_of_five_or_more_draws_nothing_at_the_end_of_the_turn():
    six = ["CHAO"] * 6
    s = situation({}, hands=[six, []])
    before = len(s.deck)
    s.apply(EndTurn())
    assert len(s.hands[0]) == 6 and len(s.deck) == before


@pytest.mark.rule("kombo_afrika:counters", "kombo_afrika:counters-example")
def test_the_counters_show_each_players_points():
    s = situation({}, scores=[15, 0])
    assert s.scores == [15, 0] and s.observation(1)["scores"] == [15, 0]


# -- Combos and Scoring ----------------------------------------------------------------------
@pytest.mark.rule("kombo_afrika:combo-picture", "kombo_afrika:combo-shape")
def test_picture_line_of_three_plus_one_attached_card_is_one_combo():
    s = situation({"a1": "red SURI 3", "b1": "red PAPO 3", "c1": "red KONG 5", "b2": "red VULT 4"})
    assert named(s.combos()) == {("a1", "b1", "c1", "b2"): 15}


@pytest.mark.rule("kombo_afrika:combo-picture", "kombo_afrika:combo-shape")
def test_picture_cards_touching_only_at_corners_are_no_combo():
    s = situation({"a1": "red SURI 3", "b2": "red PAPO 3", "a3": "red KONG 5"})
    assert s.combos() == {}
    with pytest.raises(IllegalAction):
        s.apply(claim("a1", "b2", "a3"))


@pytest.mark.rule("kombo_afrika:combo-shape")
def test_a_combo_may_have_any_shape():
    s = situation(
        {"a1": "red SURI 3", "a2": "red PAPO 3", "b2": "red KONG 5", "b3": "red CROC 2"}
    )  # a zigzag
    assert named(s.combos()) == {("a1", "a2", "b2", "b3"): 13}


@pytest.mark.rule("kombo_afrika:combo")
def test_two_cards_are_no_combo_and_colours_do_not_mix():
    s = situation({"a1": "red SURI 3", "b1": "red PAPO 3", "c1": "blue KONG 5"})
    assert s.combos() == {}


@pytest.mark.rule("kombo_afrika:combo", "kombo_afrika:vult-no-effect")
def test_hidden_cards_do_not_count_for_combos():
    s = situation({"a1": "red SURI 3", "b1": "red PAPO 3", "c1": "red KONG 5"}, hidden=["c1"])
    assert s.combos() == {}


@pytest.mark.rule("kombo_afrika:combo-end", "kombo_afrika:faq-anytime")
def test_a_combo_may_be_claimed_before_placing_and_the_turn_ended_right_after():
    s = situation({"a1": "red SURI 3", "b1": "red PAPO 3", "c1": "red KONG 5"})
    assert claim("a1", "b1", "c1") in s.legal_actions()  # first thing in the turn
    s.apply(claim("a1", "b1", "c1"))
    assert EndTurn() in s.legal_actions()
    s.apply(EndTurn())
    assert s.current_player == 1 and s.scores == [11, 0]


@pytest.mark.rule("kombo_afrika:faq-anytime")
def test_no_claim_while_an_effect_is_being_decided():
    s = situation(
        {"a1": "red SURI 3", "b1": "red PAPO 3", "c1": "red KONG 5"},
        hands=[["blue SURI 3"], []],
    )
    s.apply(place(s, "blue SURI 3", "c2"))
    assert claim("a1", "b1", "c1") not in s.legal_actions()
    with pytest.raises(IllegalAction, match="use or skip SURI's effect"):
        s.apply(claim("a1", "b1", "c1"))
    s.apply(SkipEffect())
    assert claim("a1", "b1", "c1") in s.legal_actions()


@pytest.mark.rule("kombo_afrika:faq-anyones")
def test_any_combo_on_the_board_counts_with_the_opponents_cards():
    """Player 0 lays two reds, player 1 a third: player 1 claims all three, though the combo
    does not hold the card player 1 just placed last (a blue one far away)."""
    s = situation({"a1": "red SURI 3"}, hands=[["red PAPO 3"], ["red KONG 5", "blue SURI 3"]])
    s.apply(place(s, "red PAPO 3", "b1"))
    s.apply(SkipEffect())
    s.apply(EndTurn())
    s.apply(place(s, "red KONG 5", "c1"))
    s.apply(SkipEffect())
    s.apply(place(s, "blue SURI 3", "c4"))
    s.apply(SkipEffect())
    assert claim("a1", "b1", "c1") in s.legal_actions()
    s.apply(claim("a1", "b1", "c1"))
    assert s.scores == [0, 11]


@pytest.mark.rule("kombo_afrika:combo")
def test_min_combo_parameter():
    s = situation({"a1": "red SURI 3", "b1": "red PAPO 3"}, min_combo=2)
    assert named(s.combos()) == {("a1", "b1"): 6}


# -- CHAO --------------------------------------------------------------------------------------
@pytest.mark.rule("kombo_afrika:chao", "kombo_afrika:decision-3")
def test_chao_joins_as_wildcard_worth_the_highest_card():
    s = situation({"a1": "red SURI 3", "b1": "red KONG 5", "c1": "CHAO"})
    assert named(s.combos()) == {("a1", "b1", "c1"): 13}


@pytest.mark.rule("kombo_afrika:chao", "kombo_afrika:decision-3")
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


@pytest.mark.rule("kombo_afrika:chao")
def test_a_group_of_three_may_be_claimed_with_or_without_its_chao():
    s = situation({"a1": "red SURI 3", "b1": "red PAPO 3", "c1": "red KONG 5", "d1": "CHAO"})
    assert named(s.combos()) == {("a1", "b1", "c1"): 11, ("a1", "b1", "c1", "d1"): 16}


@pytest.mark.rule("kombo_afrika:faq-one-chao")
def test_at_most_one_chao_in_a_coloured_combo():
    s = situation({"a1": "red SURI 3", "b1": "CHAO", "c1": "CHAO", "d1": "red KONG 5"})
    # each CHAO joins only the red card beside it: two cards, no combo; the two CHAOs
    # alone are two cards, no combo either
    assert s.combos() == {}
    s = situation({"a1": "red SURI 3", "b1": "red PAPO 3", "c1": "CHAO", "c2": "CHAO"})
    assert named(s.combos()) == {("a1", "b1", "c1"): 9}


@pytest.mark.rule(
    "kombo_afrika:chao-own", "kombo_afrika:chao-own-value", "kombo_afrika:decision-3-chaos"
)
def test_chaos_alone_make_a_combo_worth_one_per_card():
    s = situation({"a2": "CHAO", "b2": "CHAO", "b3": "CHAO"})
    assert named(s.combos()) == {("a2", "b2", "b3"): 3}
    s.apply(claim("a2", "b2", "b3"))
    assert s.scores == [3, 0] and all(s.is_hidden(parse_cell(c)) for c in ("a2", "b2", "b3"))


@pytest.mark.rule("kombo_afrika:chao")
def test_a_chao_can_serve_two_colours_as_two_different_combos():
    s = situation(
        {
            "a1": "red SURI 3",
            "b1": "red PAPO 3",
            "c1": "CHAO",
            "c2": "blue SURI 3",
            "d2": "blue KONG 5",
        }
    )
    assert named(s.combos()) == {("a1", "b1", "c1"): 9, ("c1", "c2", "d2"): 13}


# -- Card effects ------------------------------------------------------------------------------
@pytest.mark.rule("kombo_afrika:suri", "kombo_afrika:decision-4")
def test_suri_draws_one_card_from_the_top_and_discards_nothing():
    s = situation({}, hands=[["red SURI 3", "yellow SURI 3"], []])
    top = labels(s, s.deck[-1:])
    s.apply(place(s, "red SURI 3", "c2"))
    assert s.legal_actions() == [UseEffect(), SkipEffect()]
    s.apply(UseEffect())
    assert hand_labels(s, 0) == sorted(["yellow SURI 3", *top]) and s.discard == []
    s.apply(place(s, "yellow SURI 3", "c4"))
    s.apply(SkipEffect())
    assert hand_labels(s, 0) == top


@pytest.mark.rule("kombo_afrika:hypno", "kombo_afrika:decision-4")
def test_hypno_swaps_with_a_face_up_card_which_goes_to_hand():
    s = situation(
        {"a1": "blue KONG 5", "e5": "red SURI 3"}, hands=[["green HYPNO 2"], []], deck=None
    )
    s.apply(place(s, "green HYPNO 2", "e5"))  # far from everything: any face-up card
    assert hand_labels(s, 0) == ["red SURI 3"]
    assert s.observation(1)["board"][parse_cell("e5")] == "green HYPNO 2"
    assert s.phase_name == "main"  # no effect step: the swap is the effect


@pytest.mark.rule("kombo_afrika:hypno-not-hypno")
def test_hypno_cannot_take_another_hypno_nor_a_hidden_card():
    s = situation(
        {"a1": "blue KONG 5", "b1": "red HYPNO 2"}, hidden=["a1"], hands=[["green HYPNO 2"], []]
    )
    with pytest.raises(IllegalAction, match="another HYPNO"):
        s.apply(place(s, "green HYPNO 2", "b1"))
    with pytest.raises(IllegalAction, match="face-up"):
        s.apply(place(s, "green HYPNO 2", "a1"))
    assert not any(a.cell in (0, 1) for a in s.legal_actions() if hasattr(a, "card"))


@pytest.mark.rule("kombo_afrika:hypno-empty")
def test_hypno_on_an_empty_cell_has_no_effect():
    s = situation({"a1": "blue KONG 5"}, hands=[["green HYPNO 2", "CHAO"], []])
    s.apply(place(s, "green HYPNO 2", "c2"))
    assert s.phase_name == "main" and hand_labels(s, 0) == ["CHAO"]


@pytest.mark.rule("kombo_afrika:papo")
def test_papo_gains_a_point_per_card_left_in_hand():
    s = situation({}, hands=[["red PAPO 3", "CHAO", "CHAO", "blue SURI 3"], []])
    s.apply(place(s, "red PAPO 3", "c2"))
    s.apply(UseEffect())
    assert s.scores == [3, 0]


@pytest.mark.rule("kombo_afrika:croc", "kombo_afrika:croc-points", "kombo_afrika:croc-not-itself")
def test_croc_flips_one_or_two_other_cards_anywhere_for_a_point_each():
    s = situation(
        {"a1": "blue KONG 5", "e1": "red CROC 2", "a5": "green VULT 4"},
        hands=[["yellow CROC 2", "brown CROC 2"], []],
    )
    s.apply(place(s, "yellow CROC 2", "c2"))
    assert targets(s) == {"a1", "e1", "a5"}  # any face-up card, far too; not itself
    s.apply(Target(parse_cell("e1")))  # another CROC may be flipped
    assert s.legal_actions()[-1] == Done()
    s.apply(Target(parse_cell("a1")))
    assert s.scores == [2, 0] and s.phase_name == "main"
    assert s.is_hidden(parse_cell("a1")) and s.is_hidden(parse_cell("e1"))
    s.apply(place(s, "brown CROC 2", "c4"))
    assert targets(s) == {"a5", "c2"}  # the other CROC on c2 is still face up
    s.apply(Target(parse_cell("a5")))
    s.apply(Done())
    assert s.scores == [3, 0]


@pytest.mark.rule("kombo_afrika:vult", "kombo_afrika:vult-no-effect")
def test_vult_revives_any_hidden_card_without_its_effect():
    s = situation(
        {"a1": "red SURI 3", "b1": "red PAPO 3", "c1": "red KONG 5", "e5": "blue SURI 3"},
        hidden=["c1", "e5"],
        hands=[["red VULT 4"], []],
    )
    s.apply(place(s, "red VULT 4", "c2"))
    assert targets(s) == {"c1", "e5"}  # any hidden card: e5 touches nothing
    s.apply(Target(parse_cell("c1")))
    assert s.phase_name == "main"  # KONG's effect is not activated again
    assert named(s.combos()) == {("a1", "b1", "c1", "c2"): 15}  # ... but it combos


@pytest.mark.rule("kombo_afrika:vult", "kombo_afrika:decision-4")
def test_vult_without_a_hidden_card_has_nothing_to_decide():
    s = situation({"a1": "red SURI 3"}, hands=[["red VULT 4"], []])
    s.apply(place(s, "red VULT 4", "c2"))
    assert s.phase_name == "main"
    assert "no card to act on" in s.visible_events(1)[-1].text


@pytest.mark.rule(
    "kombo_afrika:giffe", "kombo_afrika:giffe-not-itself", "kombo_afrika:decision-4-giffe"
)
def test_giffe_moves_another_card_face_up_or_down_to_an_adjacent_free_cell():
    s = situation(
        {"a1": "red SURI 3", "b1": "blue GIFFE 4"}, hidden=["a1"], hands=[["red GIFFE 4"], []]
    )
    s.apply(place(s, "red GIFFE 4", "c2"))
    assert targets(s) == {"a1", "b1"}  # face down too, another GIFFE too; not itself
    s.apply(Target(parse_cell("a1")))
    assert {cell_name(a.cell) for a in s.legal_actions()} == {"a2"}  # b1 is taken
    with pytest.raises(IllegalAction):
        s.apply(MoveTo(parse_cell("e5")))
    s.apply(MoveTo(parse_cell("a2")))
    assert s.is_hidden(parse_cell("a2")) and s.board[0] == -1  # still face down
    assert s.game.labels[s.board[parse_cell("a2")]] == "red SURI 3"


@pytest.mark.rule("kombo_afrika:kong", "kombo_afrika:kong-continue")
def test_kong_discards_the_rest_of_the_hand_first_and_draws_as_many():
    s = situation({}, hands=[["red KONG 5", "CHAO", "CHAO"], []])
    top = labels(s, s.deck[::-1][:2])
    s.apply(place(s, "red KONG 5", "c2"))
    s.apply(UseEffect())
    assert hand_labels(s, 0) == sorted(top)  # two new cards for the two left
    assert labels(s, s.discard) == ["CHAO", "CHAO"]  # discarded, not kept
    first = s.game.labels[s.hands[0][0]]
    s.apply(place(s, first, "c4"))  # "continue your turn with the new cards"
    assert s.current_player == 0


@pytest.mark.rule("kombo_afrika:kong")
def test_kong_with_an_empty_hand_draws_nothing():
    s = situation({}, hands=[["red KONG 5"], []])
    before = len(s.deck)
    s.apply(place(s, "red KONG 5", "c2"))
    s.apply(UseEffect())
    assert s.hands[0] == [] and len(s.deck) == before and s.discard == []


def test_each_animal_with_an_effect_has_its_own_function_quoting_its_card():
    """Card Effects: one function per animal, its docstring the card's own text."""
    from boardlab.games.kombo_afrika.components import ANIMALS, CHAO, HYPNO
    from boardlab.games.kombo_afrika.effects import ANIMAL_EFFECTS, Effects

    assert set(ANIMAL_EFFECTS) == set(range(len(ANIMALS))) - {HYPNO, CHAO}
    for animal, resolve in [*ANIMAL_EFFECTS.items(), (HYPNO, Effects._hypno)]:
        assert resolve.__doc__.startswith(ANIMALS[animal] + " — "), ANIMALS[animal]
        assert "(Card Effects)" in resolve.__doc__


# -- When the board is full --------------------------------------------------------------------
@pytest.mark.rule(
    "kombo_afrika:full-hidden",
    "kombo_afrika:full-active-stay",
    "kombo_afrika:full-continue",
    "kombo_afrika:decision-5",
)
def test_board_full_with_hidden_cards_discards_only_the_hidden():
    board = full_board("red PAPO 3")
    s = situation(board, hidden=["a1", "b1"], hands=[["red PAPO 3", "CHAO"], []])
    s.apply(place(s, "red PAPO 3", "e5"))
    s.apply(SkipEffect())
    assert s.board[0] == -1 and s.board[1] == -1
    assert sorted(labels(s, s.discard)) == sorted([board["a1"], board["b1"]])
    assert sum(1 for c in range(25) if s.board[c] >= 0) == 22
    assert s.current_player == 0 and s.phase_name == "main"  # the turn continues


@pytest.mark.rule("kombo_afrika:full-active", "kombo_afrika:full-continue")
def test_board_full_with_only_active_cards_keeps_the_corners():
    s = situation(full_board(), hands=[["CHAO", "CHAO"], []])
    s.apply(place(s, "CHAO", "e5"))
    left = {cell_name(c) for c in range(25) if s.board[c] >= 0}
    assert left == {"a1", "e1", "a5", "e5"}
    assert len(s.discard) == 20
    assert s.current_player == 0 and place(s, "CHAO", "d5") in s.legal_actions()


@pytest.mark.rule("kombo_afrika:full-active", "kombo_afrika:faq-anytime")
def test_a_combo_not_claimed_before_the_board_fills_with_active_cards_is_lost():
    board = full_board("red SURI 3", "red PAPO 3", "red KONG 5")
    board.update({"b2": "red SURI 3", "b3": "red PAPO 3", "b4": "red KONG 5"})
    s = situation(board, hands=[["CHAO"], []])
    red = [cells for cells in named(s.combos()) if {"b2", "b3", "b4"} <= set(cells)]
    assert red and any(isinstance(a, Claim) for a in s.legal_actions())  # claim it now...
    s.apply(place(s, "CHAO", "e5"))  # ... or never: the board fills with active cards
    assert s.combos() == {} and not any(isinstance(a, Claim) for a in s.legal_actions())
    assert all(s.board[parse_cell(c)] < 0 for c in ("b2", "b3", "b4"))


@pytest.mark.rule("kombo_afrika:full-hidden", "kombo_afrika:decision-5")
def test_board_full_is_checked_after_the_effect():
    # CROC takes the last free cell and flips two cards: now the board holds hidden
    # cards, so only those two go (not everything but the corners)
    s = situation(full_board("red CROC 2"), hands=[["red CROC 2"], []])
    s.apply(place(s, "red CROC 2", "e5"))
    s.apply(Target(parse_cell("b1")))
    s.apply(Target(parse_cell("c1")))
    gone = {cell_name(c) for c in range(25) if c != 12 and s.board[c] < 0}
    assert gone == {"b1", "c1"} and s.scores == [2, 0]


# -- Deck ----------------------------------------------------------------------------------------
@pytest.mark.rule("kombo_afrika:deck-out", "kombo_afrika:decision-6")
def test_an_empty_deck_is_refilled_from_the_discard_pile():
    s = situation({}, hands=[["red SURI 3"], []], deck=[])  # the rest lies on the discard pile
    pile = len(s.discard)
    assert pile == 47
    s.apply(place(s, "red SURI 3", "c2"))
    s.apply(UseEffect())
    assert len(s.hands[0]) == 1 and s.discard == [] and len(s.deck) == pile - 1
    assert [e.text for e in s.events if e.kind == "reshuffle"] == [
        "the draw deck is empty: the discard pile (47 cards) is shuffled"
    ]


#: A teacher's deck of 14 cards: just enough for two hands and four corners.
SMALL_DECK = "name,colour,points\n" + "SURI,red,3\n" + "KONG,blue,5\n" * 7 + "CHAO,,0\n" * 6


@pytest.mark.rule("kombo_afrika:decision-6")
def test_drawing_stops_when_deck_and_discard_are_empty():
    board = {c: "blue KONG 5" for c in ("a1", "b1", "c1", "d1", "e1", "a2", "b2")}
    board.update({c: "CHAO" for c in ("a3", "a4", "a5", "b5", "c5", "d5")})
    game = load(deck=SMALL_DECK, colours=2)  # its two colours
    s = game.new_game(0).arrange(board=board, hands=[["red SURI 3"], []], deck=[], discard=[])
    s.apply(place(s, "red SURI 3", "c2"))
    s.apply(UseEffect())
    s.apply(EndTurn())
    assert s.hands[0] == [] and s.current_player == 1


# -- End of the game -------------------------------------------------------------------------------
@pytest.mark.rule(
    "kombo_afrika:end-target", "kombo_afrika:end-equal-turns", "kombo_afrika:decision-7"
)
def test_reaching_the_target_finishes_the_round():
    s = situation({"a1": "red SURI 3", "b1": "red PAPO 3", "c1": "red KONG 5"}, scores=[70, 0])
    s.apply(claim("a1", "b1", "c1"))
    assert s.final_turn == 2
    s.apply(EndTurn())
    assert not s.is_terminal and s.current_player == 1  # player 1 gets the same turns
    s.apply(EndTurn())
    assert s.outcome.status == "finished" and s.outcome.winners == (0,)


@pytest.mark.rule("kombo_afrika:end-equal-turns")
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


@pytest.mark.rule("kombo_afrika:decision-7")
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


@pytest.mark.rule("kombo_afrika:end-tie", "kombo_afrika:end-winner", "kombo_afrika:decision-7")
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


@pytest.mark.rule("kombo_afrika:end-tie", "kombo_afrika:decision-7")
def test_a_complete_tie_is_shared():
    s = situation({}, scores=[80, 80], turn=1, final_turn=2, last_points=[0, 0])
    s.apply(EndTurn())
    assert s.outcome.winners == (0, 1)


@pytest.mark.rule("kombo_afrika:decision-9")
def test_turn_cap_truncates():
    s = situation({}, max_turns=4, turn=3)
    s.apply(EndTurn())
    assert s.outcome.status == "truncated" and s.outcome.reason == "turn cap"


# -- Partial combos (variant) --------------------------------------------------------------------
@pytest.mark.rule("kombo_afrika:decision-3-partial")
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
@pytest.mark.rule("kombo_afrika:decision-8")
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


def test_candidate_actions_say_why_a_card_may_not_go_on_a_cell():
    state = boardlab.load("kombo_afrika").new_game(1)
    while state.phase_name != "main":
        state.apply(state.legal_actions()[0])
    pairs = state.candidate_actions()
    assert [a for a, why in pairs if why is None] == state.legal_actions()
    refused = [why for _, why in pairs if why]
    assert refused and all(
        why.rule.startswith(("The Player's Turn", "Card Effects")) for why in refused
    )
    assert any("touches no card" in why.reason for why in refused)


def test_the_play_panel_chooses_a_card_then_a_cell():
    game = boardlab.load("kombo_afrika")
    state = game.new_game(1)
    while state.phase_name != "main":
        state.apply(state.legal_actions()[0])
    paths = [game.choice_path(state, a) for a in state.legal_actions()]
    places = [p for p in paths if len(p) == 2 and p[1].startswith("cell ")]
    assert places and all(p[0] in game.labels for p in places)
    assert ("end your turn",) in paths
    assert len(set(paths)) == len(paths)
