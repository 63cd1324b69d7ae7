"""Kombo Afrika's playout bookkeeping, tested equal to the plain computation it replaces (no
timing here: speed is measured by ``benchmarks/``).

The state keeps each colour's combos and looks again only at the colours a move marked
(``Board._touched``: a lone card marks none); ``legal_actions`` keeps the ``Place`` actions
of the free cells (``_free_picker``) while the occupied cells stay the same. At every step of
random playouts, with several moves between two searches (the actions are chosen on a
copy, so the state's own caches are not refreshed every step), these must equal a search
from nothing, networkx's combos and the rules' text read cell by cell.
"""

from __future__ import annotations

import random

import pytest
from test_kombo_afrika import load, place, situation
from test_kombo_afrika_setup import combos_networkx

from boardlab.games.kombo_afrika import Done, SkipEffect, Target
from boardlab.games.kombo_afrika.components import BOARD, CELLS, MAIN, NEIGHBOURS

VARIANTS = (
    {},
    {"colours": 3, "min_combo": 2, "hand_size": 3},
    {"colours": 2},
    {"players": 3, "target": 40},
    {"partial_combos": True, "target": 40},
)


def positions(params, seeds=range(4)):
    """Every state along a few random playouts. The moves are chosen from a clone's
    legal actions, and the state's own ``legal_actions`` runs only now and then, so
    several moves may pass between two of its combo searches."""
    game = load(**params)
    for seed in seeds:
        rng = random.Random(seed)
        state = game.new_game(seed)
        while state.outcome is None:
            yield state
            if rng.random() < 0.3:
                state.legal_actions()
            state.apply(rng.choice(state.clone().legal_actions()))
        yield state


def fresh_claims(state) -> tuple:
    """The combos searched from nothing: a copy that forgot every cache."""
    fresh = state.clone()
    fresh._forget()
    return fresh._claims()


def plain_placements(state) -> list:
    """The Player's Turn, cell by cell: every distinct hand card on every free cell beside
    a card or the deck, then each HYPNO of the hand onto every face-up card that is no
    HYPNO (in the order of ``hypno_faces``)."""
    g = state.game
    hand = state.hands[state.current_player]
    free = [
        c
        for c in range(CELLS)
        if BOARD >> c & 1 and not state.occupied >> c & 1 and NEIGHBOURS[c] & state.occupied
    ]
    out = [g.place_table[face][c] for face in dict.fromkeys(hand) for c in free]
    swappable = [
        c for c in range(CELLS) if state.face_up >> c & 1 and state.board[c] not in g.hypno_faces
    ]
    for face in g.hypno_faces:
        if face in hand:
            out += [g.place_table[face][c] for c in swappable]
    return out


@pytest.mark.parametrize("params", VARIANTS, ids=str)
def test_kept_combos_equal_a_search_from_nothing_and_networkx_at_every_step(params):
    steps = 0
    for state in positions(params):
        kept = state.clone()._claims()  # the copy keeps the state's caches
        assert kept == fresh_claims(state), params
        assert {a.cells: state.combo_value(a.cells) for a in kept} == combos_networkx(state)
        steps += 1
    assert steps > 200


@pytest.mark.parametrize("params", VARIANTS[:4], ids=str)
def test_the_main_choice_equals_the_rules_read_cell_by_cell_at_every_step(params):
    mains = 0
    for state in positions(params):
        if state.phase != MAIN:
            continue
        legal = state.clone().legal_actions()
        claims = [] if state.claimed else list(fresh_claims(state))
        assert legal == [*claims, *plain_placements(state), state.game.end], params
        mains += 1
    assert mains > 100


def test_a_lone_card_marks_no_colour_and_a_card_beside_its_colour_or_a_chao_does():
    """``Board._touched``: what a move marks for the next combo search."""
    s = situation({"a1": "red SURI 3", "c1": "CHAO"}, hands=[["red PAPO 3", "red CROC 2"], []])
    s._claims()
    assert s._changed_colours == 0
    s.apply(place(s, "red PAPO 3", "b3"))  # beside the deck only
    assert s._changed_colours == 0
    s.apply(SkipEffect())
    s.apply(place(s, "red CROC 2", "b1"))  # beside a1 (red) and c1 (CHAO)
    red = s.game.face_class[s.game.label_index["red CROC 2"]]
    assert s._changed_colours == 1 << red


def test_a_chao_that_goes_marks_the_colours_beside_it():
    """A CHAO that goes marks the colours beside it, whose combo it may have joined."""
    s = situation(
        {"a1": "red SURI 3", "b1": "red PAPO 3", "c1": "CHAO"},
        hands=[["yellow CROC 2"], []],
    )
    assert [a.cells for a in s._claims()] == [0b111]
    s.apply(place(s, "yellow CROC 2", "c2"))
    s.apply(Target(2))  # CROC flips the CHAO on c1
    s.apply(Done())
    assert s._claims() == () == fresh_claims(s)


# -- the State's fields: within CPython 3.11's compact layout ----------------------------------
#: CPython 3.11 keeps an instance's fields in a compact array for at most 29 of them; past
#: that, every field read is a dict look-up (components.NO_PENDING).
COMPACT_FIELDS = 29


def test_the_state_keeps_at_most_29_fields_through_a_game_and_its_copies():
    state = load().new_game(seed=3)
    assert len(vars(state)) <= COMPACT_FIELDS
    rng = random.Random(3)
    while state.outcome is None:
        state.apply(rng.choice(state.legal_actions()))
        assert len(vars(state)) <= COMPACT_FIELDS
        assert len(vars(state.clone())) <= COMPACT_FIELDS


@pytest.mark.parametrize("params", VARIANTS, ids=str)
def test_the_pending_decision_and_filled_are_what_the_phase_says_at_every_step(params):
    """``pending`` holds the effect being decided (EFFECT) or a claim's cells (CLAIM), and
    nothing otherwise; ``filled`` (derived) is true exactly while the effect of a card
    placed on a free cell is decided; and the JSON form stores each part by its name and
    loads back the same state."""
    from boardlab.games.kombo_afrika.components import CLAIM, EFFECT, NO_PENDING

    effects = claims = 0
    placed_on_free = False
    game = load(**params)
    for seed in range(3):
        rng = random.Random(seed)
        state = game.new_game(seed)
        while state.outcome is None:
            action = rng.choice(state.legal_actions())
            if state.phase == MAIN and type(action).__name__ == "Place":
                placed_on_free = not state.occupied >> action.cell & 1
            state.apply(action)
            rules = state.to_data()["rules"]
            if state.phase == EFFECT:
                effects += 1
                assert placed_on_free and state.filled and rules["filled"] is True
                assert state.effect >= 0 and state.board[state.effect_cell] >= 0
                assert state.pending[4] == 0
            elif state.phase == CLAIM:
                claims += 1
                assert state.selection and not state.filled
                assert state.pending[:4] == NO_PENDING[:4]
            else:
                assert state.pending == NO_PENDING and rules["filled"] is False
            parts = ("effect", "effect_cell", "effect_step", "effect_picked", "selection")
            assert tuple(rules[name] for name in parts) == state.pending
            assert game.state_from_json(state.to_json()) == state
    assert effects > 20
    if params.get("partial_combos"):
        assert claims > 5
