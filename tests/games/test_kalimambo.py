"""Rule tests of Kalimambo: build a situation, play one round, check the exact result.

Each test is named after the clause it checks: the French text
(``shared/rules/kalimambo.seed.fr.txt``, English sections Setup, A round, Dung,
Mambo, End in ``kalimambo.en.md``) or the dossier's numbered decisions
(``kalimambo.md``). Situations are built with ``state.arrange``; positions are
on the unbounded line (dossier 2), Kali's deck is listed top card first.

The worked positions are written out in each docstring, by hand, from the rules.
"""

from __future__ import annotations

import json
import random

import pytest

import boardlab
from boardlab import IllegalAction, InvalidParameter
from boardlab.core import View
from boardlab.games.kalimambo import PlayCard


def load(**params):
    return boardlab.load("kalimambo", **params)


def situation(players=3, *, deck=(1, 0), **setup):
    """A fresh game of ``players`` set up by hand; by default no dung and Mambo far back."""
    setup.setdefault("dung", [])
    setup.setdefault("mambo", 5)
    params = setup.pop("params", {})
    state = load(players=players, **params).new_game(0)
    return state.arrange(kali_deck=list(deck), **setup)


def play_round(state, *cards):
    """Every player in seat order chooses their card; returns the round's narration."""
    seen = len(state.events)
    for value in cards:
        state.apply(PlayCard(value))
    return [e.text for e in state.events[seen:]]


# -- setup -------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 5, 7])
def test_setup_mambo_then_the_explorers_in_random_order_then_kali(players):
    """Setup: Mambo on a space, the explorers directly in front in random order, Kali at the
    head; every player has cards 0..11; Kali's deck is a shuffled 0..11 (dossier 2)."""
    state = load(players=players).new_game(seed=3)
    assert state.mambo == 0
    assert sorted(state.positions) == list(range(1, players + 1))
    assert state.kali == players + 1
    assert all(state.hand(p) == list(range(12)) for p in range(players))
    assert sorted(state.kali_deck) == list(range(12))
    assert state.penalties == [0] * players
    assert state.current_player == 0 and state.round == 1


def test_setup_depends_on_the_seed_alone():
    orders = {tuple(load().new_game(seed=s).positions) for s in range(30)}
    assert len(orders) > 10
    assert load().new_game(seed=4) == load().new_game(seed=4)


@pytest.mark.parametrize("seed", range(20))
@pytest.mark.parametrize("players", [3, 7])
def test_setup_dung_heaps_apart_and_off_the_starting_line(seed, players):
    """Six heaps, none on the starting line, at least two empty spaces between two heaps,
    around the loop too (dossier 1, 2)."""
    state = load(players=players).new_game(seed=seed)
    dung = state.dung
    assert len(dung) == 6 and len(set(dung)) == 6
    assert all(players + 2 <= s < 32 for s in dung)
    gaps = [b - a - 1 for a, b in zip(dung, [*dung[1:], dung[0] + 32], strict=True)]
    assert min(gaps) >= 2


def test_setup_dung_even_placement_spreads_the_heaps():
    state = load(players=5, dung_placement="even").new_game(seed=1)
    # 25 free spaces (7..31): offsets i * 24 // 5 = 0, 4, 9, 14, 19, 24 from 7
    assert state.dung == (7, 11, 16, 21, 26, 31)


# -- the order of moves ------------------------------------------------------------------
def test_highest_card_moves_first_to_the_first_free_space_ahead_of_the_group():
    """Players 11, 12, 13, Kali 14; cards 5, 3, 7, Kali 1. Player 2 (7) → 15, player 0 (5)
    → 16, player 1 (3) → 17, Kali (1) → 18 ("la première case inoccupée devant le groupe")."""
    state = situation(explorers=[11, 12, 13], kali=14)
    lines = play_round(state, 5, 3, 7)
    assert state.positions == [16, 17, 15] and state.kali == 18
    assert lines[3:] == [
        "round 1: cards revealed — player 0 5, player 1 3, player 2 7; Kali's top card 1",
        "player 2 (7) moves from 13 to 15, ahead of the group",
        "player 0 (5) moves from 11 to 16, ahead of the group",
        "player 1 (3) moves from 12 to 17, ahead of the group",
        "Kali (1) moves from 14 to 18, ahead of the group",
    ]
    assert state.penalties == [0, 0, 0]


def test_equal_cards_only_the_rearmost_moves():
    """Players 0 and 1 both play 6: player 0 (on 11, further back) moves, player 1 stays.
    Kali (9) leads and stays; player 2 (2) goes last, to 16."""
    state = situation(explorers=[11, 12, 13], kali=14, deck=(9, 0))
    lines = play_round(state, 6, 6, 2)
    assert state.positions == [15, 12, 16] and state.kali == 14
    assert "player 1 (6) stays: player 0, further back, played 6 too and moves" in lines
    assert "Kali (9) is at the head of the group on 14 and does not move" in lines


def test_kali_ties_like_an_explorer_and_the_rearmost_explorer_moves():
    """Kali (on 14) and player 0 (on 11) both show 4: player 0 is further back and moves;
    Kali stays ("Kali se déplace comme un explorateur")."""
    state = situation(explorers=[11, 12, 13], kali=14, deck=(4, 0))
    lines = play_round(state, 4, 8, 1)
    assert state.positions == [16, 15, 17] and state.kali == 14
    assert "Kali (4) stays: player 0, further back, played 4 too and moves" in lines


def test_kali_ties_and_moves_when_she_is_the_rearmost():
    """Kali on 11 behind everybody ties with player 0's 4: Kali moves, player 0 stays; player
    2 is at the head (14) and does not move even with a 9."""
    state = situation(explorers=[12, 13, 14], kali=11, deck=(4, 0))
    lines = play_round(state, 4, 2, 9)
    assert state.positions == [12, 16, 14] and state.kali == 15
    assert "player 2 (9) is at the head of the group on 14 and does not move" in lines
    assert "player 0 (4) stays: Kali, further back, played 4 too and moves" in lines


def test_zero_never_moves():
    """ "Si vous jouez un zéro … vous ne bougez pas": only player 2 (3) moves."""
    state = situation(explorers=[11, 12, 13], kali=14, deck=(0, 1))
    lines = play_round(state, 0, 0, 3)
    assert state.positions == [11, 12, 15] and state.kali == 14
    assert lines.count("player 0 played 0 and does not move") == 1
    assert "Kali played 0 and does not move" in lines


def test_the_leader_does_not_move():
    """Player 2 on 15 heads the group when due to move: stays, whatever the card."""
    state = situation(explorers=[11, 12, 15], kali=14, deck=(1, 0))
    play_round(state, 2, 3, 11)
    assert state.positions == [17, 16, 15] and state.kali == 18


def test_kali_at_the_head_stays_and_the_variant_lets_her_run():
    """Decision ``kali_leader_stays``: Kali leads on 14 with a 9. Printed reading: she stays;
    variant: she runs one space further, to 15."""
    printed = situation(explorers=[11, 12, 13], kali=14, deck=(9, 0))
    play_round(printed, 0, 0, 0)
    assert printed.kali == 14
    variant = situation(
        explorers=[11, 12, 13], kali=14, deck=(9, 0), params={"kali_leader_stays": False}
    )
    lines = play_round(variant, 0, 0, 0)
    assert variant.kali == 15
    assert "Kali (9) moves from 14 to 15, ahead of the group" in lines


# -- dung ----------------------------------------------------------------------------------
def test_an_explorer_landing_on_dung_takes_three_points():
    """Same round as the first test with a heap on 16: player 0 lands there, 3 points."""
    state = situation(explorers=[11, 12, 13], kali=14, dung=[16])
    lines = play_round(state, 5, 3, 7)
    assert state.penalties == [3, 0, 0]
    assert "player 0 lands in the dung on space 16: player 0 takes 3 penalty points" in lines
    assert state.dung == (16,)  # heaps stay


def test_kali_in_the_dung_punishes_the_player_with_the_lowest_card():
    """Kali (1) lands on 18, a heap: the lowest card among the players is player 1's 3 (Kali's
    own 1 does not count; dossier 7)."""
    state = situation(explorers=[11, 12, 13], kali=14, dung=[18])
    lines = play_round(state, 5, 3, 7)
    assert state.penalties == [0, 3, 0]
    assert (
        "Kali lands in the dung on space 18: for Kali, player 1 (lowest card, 3) takes "
        "3 penalty points" in lines
    )


def test_kali_in_the_dung_punishes_every_player_with_the_lowest_card():
    """Players 0 and 1 both play 3 ("le ou les joueurs"): Kali lands on 17, both pay 3."""
    state = situation(explorers=[11, 12, 13], kali=14, dung=[17])
    lines = play_round(state, 3, 3, 7)
    assert state.positions == [16, 12, 15] and state.kali == 17
    assert state.penalties == [3, 3, 0]
    assert (
        "Kali lands in the dung on space 17: for Kali, player 0 and player 1 (lowest card, 3) "
        "take 3 penalty points each" in lines
    )


def test_dung_heaps_stay_and_work_again_a_lap_later():
    """Seven players on a 12-space loop, a heap on loop space 9. Round 1 moves everybody
    but Kali to 19..25: player 2 lands on 21 (= 9 on the loop). Round 2, Kali (11) goes
    first to 26 and the players to 27..33: player 6 lands on 33, the same heap."""
    state = situation(
        7,
        explorers=list(range(11, 18)),
        kali=18,
        dung=[9],
        deck=(0, 11),
        params={"track_length": 12, "dung_heaps": 1},
    )
    play_round(state, *range(11, 4, -1))
    assert state.positions == list(range(19, 26)) and state.kali == 18
    assert state.penalties == [0, 0, 3, 0, 0, 0, 0]
    play_round(state, *range(10, 3, -1))
    assert state.kali == 26 and state.positions == list(range(27, 34))
    assert state.penalties == [0, 0, 3, 0, 0, 0, 3]


# -- Mambo ----------------------------------------------------------------------------------
def test_mambo_charges_when_the_space_in_front_of_him_is_vacated():
    """Mambo 0, players 1, 5, 6, Kali 7. Player 0 (5) leaves space 1: Mambo runs to 4,
    behind player 1 on 5: 4 spaces, 4 points ("autant de points … que le nombre de cases
    parcourues")."""
    state = situation(explorers=[1, 5, 6], kali=7, mambo=0, deck=(0, 1))
    lines = play_round(state, 5, 0, 0)
    assert state.mambo == 4 and state.penalties == [0, 4, 0]
    assert (
        "Mambo charges from 0 to 4, 4 spaces, into player 1: player 1 takes 4 penalty points"
        in (lines)
    )


def test_mambo_does_not_charge_while_the_space_in_front_of_him_stays_occupied():
    state = situation(explorers=[1, 2, 3], kali=4, mambo=0, deck=(0, 1))
    play_round(state, 0, 5, 0)
    assert state.positions == [1, 5, 3] and state.mambo == 0
    assert state.penalties == [0, 0, 0]


def test_mambo_charges_several_times_in_one_round_and_onto_kali():
    """Mambo 0, players 1, 2, 3, Kali 4; cards 9, 8, 7, Kali 2. Each move vacates the space
    in front of Mambo: +1 for player 1, +1 for player 2, +1 for Kali — paid by player 2,
    the lowest card (7) — and, when Kali moves, +1 for player 0."""
    state = situation(explorers=[1, 2, 3], kali=4, mambo=0, deck=(2, 0))
    lines = play_round(state, 9, 8, 7)
    assert state.positions == [5, 6, 7] and state.kali == 8 and state.mambo == 4
    assert state.penalties == [1, 1, 2]
    charges = [line for line in lines if line.startswith("Mambo")]
    assert charges == [
        "Mambo charges from 0 to 1, 1 space, into player 1: player 1 takes 1 penalty point",
        "Mambo charges from 1 to 2, 1 space, into player 2: player 2 takes 1 penalty point",
        "Mambo charges from 2 to 3, 1 space, into Kali: for Kali, player 2 (lowest card, 7) "
        "takes 1 penalty point",
        "Mambo charges from 3 to 4, 1 space, into player 0: player 0 takes 1 penalty point",
    ]


def test_mambo_onto_kali_punishes_the_lowest_card_by_the_spaces_run():
    """Player 0 (3) leaves space 1; Kali on 4 is the rearmost: Mambo runs 3 spaces and player
    1, who played the lowest card (0), takes 3."""
    state = situation(explorers=[1, 6, 7], kali=4, mambo=0, deck=(0, 1))
    play_round(state, 3, 0, 1)
    assert state.positions == [8, 6, 9] and state.kali == 4 and state.mambo == 3
    assert state.penalties == [0, 3, 0]


def test_mambo_end_of_round_variant_charges_once_after_all_moves():
    """The several-charges round with ``mambo_timing="end_of_round"``: nobody is charged
    during the moves; then Mambo runs 0 → 4 behind player 0 on 5: 4 points."""
    state = situation(
        explorers=[1, 2, 3],
        kali=4,
        mambo=0,
        deck=(2, 0),
        params={"mambo_timing": "end_of_round"},
    )
    play_round(state, 9, 8, 7)
    assert state.positions == [5, 6, 7] and state.kali == 8 and state.mambo == 4
    assert state.penalties == [4, 0, 0]


# -- the end -------------------------------------------------------------------------------
def test_the_game_ends_after_twelve_rounds_with_every_card_played():
    state = load(players=4).new_game(seed=9)
    rng = random.Random(9)
    for _ in range(48):
        legal = state.legal_actions()
        assert state.current_player is not None
        state.apply(rng.choice(legal))
    assert state.is_terminal and state.current_player is None
    assert state.legal_actions() == [] and state.kali_deck == []
    assert all(state.hand(p) == [] for p in range(4))
    best = min(state.penalties)
    assert state.outcome.winners == tuple(p for p in range(4) if state.penalties[p] == best)
    assert state.outcome.reason == "12 rounds played"
    with pytest.raises(IllegalAction, match="game is over"):
        state.apply(PlayCard(0))


def test_fewest_points_wins_and_equal_points_share_the_win():
    """A one-round game: Kali's dung costs player 1 three points; players 0 and 2 share the
    win with 0 ("le joueur avec le moins de points gagne")."""
    state = situation(explorers=[11, 12, 13], kali=14, dung=[18], params={"rounds": 1})
    lines = play_round(state, 5, 3, 7)
    assert state.outcome.winners == (0, 2)
    assert state.outcome.ranking == ((0, 2), (1,))
    assert state.scores == [0, 3, 0] and state.returns() == [1.0, -1.0, 1.0]
    assert lines[-1] == "the last round is played; fewest points wins: player 0 and player 2"


# -- hidden commitments ----------------------------------------------------------------
def test_commitments_in_seat_order_then_the_round_resolves():
    state = load(players=3).new_game(seed=2)
    assert state.current_player == 0
    state.apply(PlayCard(7))
    assert state.current_player == 1 and state.pending == [7, -1, -1]
    assert PlayCard(7) in state.legal_actions()  # player 1's own hand
    state.apply(PlayCard(7))
    state.apply(PlayCard(0))
    assert state.round == 2 and state.current_player == 0
    assert state.revealed[:3] == [7, 7, 0]
    assert PlayCard(7) not in state.legal_actions()


def test_observations_hide_pending_picks_and_kalis_next_card():
    """Nobody sees another's pick or the order of Kali's deck; the cards not yet revealed
    are public (dossier 3)."""
    state = load(players=3).new_game(seed=2)
    before = [state.observation(p) for p in (1, 2, None)]
    state.apply(PlayCard(11))
    after = [state.observation(p) for p in (1, 2, None)]
    for old, new in zip(before, after, strict=True):
        assert new["cards_left"] == old["cards_left"]  # still includes player 0's 11
        assert new["chosen"] == [True, False, False]
        assert new["kali_cards_left"] == list(range(12))
        changed = {k for k in new if new[k] != old[k]}
        assert changed == {"chosen", "current_player"}  # nothing else: no trace of the 11
    assert state.observation(0)["my_card"] == 11
    assert state.observation(1)["my_card"] is None


def test_a_pick_is_narrated_to_others_as_a_chosen_card():
    state = load(players=3).new_game(seed=2)
    state.apply(PlayCard(4))
    assert state.visible_events(0)[-1].text == "player 0 chooses card 4"
    assert state.visible_events(1)[-1].text == "player 0 has chosen a card"
    assert state.visible_events(None)[-1].text == "player 0 has chosen a card"


def test_determinize_resamples_picks_and_kalis_deck_but_not_revealed_cards():
    state = load(players=3).new_game(seed=2)
    play_round(state, 11, 10, 9)  # round 1 revealed: those cards are gone for good
    state.apply(PlayCard(5))
    picks, orders = set(), set()
    for k in range(40):
        d = state.determinize(2, random.Random(k))
        assert d.observation(2) == state.observation(2)
        assert 11 not in d.hand(0) and d.pending[0] != 11
        assert d.cards_left(0) == state.cards_left(0)
        assert d.history == []
        picks.add(d.pending[0])
        orders.add(tuple(d.kali_deck))
    assert len(picks) > 3 and len(orders) > 3


def test_a_bot_given_its_view_cannot_read_others_picks():
    state = load(players=3).new_game(seed=2)
    state.apply(PlayCard(9))
    view = View(state, 1)
    assert not hasattr(view, "state") and view.observation()["my_card"] is None
    assert all("9" not in e.text for e in view.visible_events() if "chooses" in e.text)


# -- illegal actions and parameters ----------------------------------------------------
def test_a_card_already_played_is_refused_and_nothing_changes():
    state = load(players=3).new_game(seed=2)
    play_round(state, 4, 4, 4)
    now = state.to_json()
    with pytest.raises(IllegalAction, match="already played card 4") as caught:
        state.apply(PlayCard(4))
    assert "Retirez les cartes" in str(caught.value)
    assert state.to_json() == now


@pytest.mark.parametrize("bad", [PlayCard(12), PlayCard(-1), PlayCard("3"), None, "play card 3"])
def test_things_that_are_no_card_are_refused(bad):
    state = load(players=3).new_game(seed=2)
    now = state.to_json()
    with pytest.raises(IllegalAction):
        state.apply(bad)
    assert state.to_json() == now


def test_players_two_is_a_variant_eight_is_refused():
    spec = next(s for s in load().parameter_specs() if s.name == "players")
    assert 2 not in spec.printed and 3 in spec.printed and 7 in spec.printed
    assert load(players=2).num_players == 2
    with pytest.raises(InvalidParameter):
        load(players=8)


def test_a_loop_too_short_for_the_figures_and_heaps_is_refused():
    """7 players + Mambo + Kali = 9 spaces, 6 heaps with gaps of 2 = 16: 25 is the least."""
    assert load(players=7, track_length=25).params.track_length == 25
    with pytest.raises(InvalidParameter) as caught:
        load(players=7, track_length=24)
    assert caught.value.name == "track_length"


def test_more_rounds_than_cards_is_refused():
    with pytest.raises(InvalidParameter):
        load(max_card=5, rounds=7)
    assert load(max_card=5, rounds=6).max_length == 30


def test_arrange_refuses_impossible_situations():
    with pytest.raises(ValueError):
        situation(explorers=[11, 11, 13], kali=14)
    with pytest.raises(ValueError):
        situation(explorers=[11, 12, 13], kali=14, mambo=12)


# -- records -------------------------------------------------------------------------------
def test_an_arranged_game_replays():
    """The round table built from this replay is tested with the renderer that shows it."""
    state = situation(explorers=[1, 2, 3], kali=4, mambo=0, deck=(2, 0))
    play_round(state, 9, 8, 7)
    play_round(state, 0, 0, 0)
    states = boardlab.replay(json.loads(state.record().to_json()))
    assert states[-1] == state
