"""Rule tests of Kalimambo: build a situation, play one round, check the exact result.

Each test is named after the clause it checks: the French text
(``kalimambo.seed.fr.txt``, English sections Setup, A round, Dung,
Mambo, End in ``kalimambo.en.md``) or our numbered decisions
(``kalimambo.md``); the ``rule`` marker names the entries of ``rulebook.py`` each
checks. Situations are built with ``state.arrange`` (its own checks are in
``test_kalimambo_arrange.py``); positions are on the unbounded line (our decision 2),
the narration names the board's spaces (the position modulo the loop), Kali's
deck is listed top card first.

The worked positions are written out in each docstring, by hand, from the rules.
"""

from __future__ import annotations

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
@pytest.mark.rule(
    "kalimambo:intro-group",
    "kalimambo:intro-mambo",
    "kalimambo:setup-line",
    "kalimambo:setup-cards",
    "kalimambo:decision-2",
)
@pytest.mark.parametrize("players", [2, 3, 5, 7])
def test_setup_mambo_then_the_explorers_in_random_order_then_kali(players):
    """Setup: Mambo on a space, the explorers directly in front in random order, Kali at the
    head; every player has cards 0..11; Kali's deck is a shuffled 0..11 (our decision 2)."""
    state = load(players=players).new_game(seed=3)
    assert state.mambo == 0
    assert sorted(state.positions) == list(range(1, players + 1))
    assert state.kali == players + 1
    assert all(state.hand(p) == list(range(12)) for p in range(players))
    assert sorted(state.kali_deck) == list(range(12))
    assert state.penalties == [0] * players
    assert state.current_player == 0 and state.round == 1


@pytest.mark.rule("kalimambo:setup-line")
def test_setup_depends_on_the_seed_alone():
    orders = {tuple(load().new_game(seed=s).positions) for s in range(30)}
    assert len(orders) > 10
    assert load().new_game(seed=4) == load().new_game(seed=4)


@pytest.mark.rule(
    "kalimambo:setup-dung", "kalimambo:intro-mambo", "kalimambo:decision-1", "kalimambo:decision-2"
)
@pytest.mark.parametrize("seed", range(20))
@pytest.mark.parametrize("players", [3, 7])
def test_setup_dung_heaps_apart_and_off_the_starting_line(seed, players):
    """Six heaps, none on the starting line, at least two empty spaces between two heaps,
    around the loop too (our decisions 1, 2)."""
    state = load(players=players).new_game(seed=seed)
    dung = state.dung
    assert len(dung) == 6 and len(set(dung)) == 6
    assert all(players + 2 <= s < 32 for s in dung)
    gaps = [b - a - 1 for a, b in zip(dung, [*dung[1:], dung[0] + 32], strict=True)]
    assert min(gaps) >= 2


@pytest.mark.rule("kalimambo:setup-dung")
def test_setup_dung_even_placement_spreads_the_heaps():
    state = load(players=5, dung_placement="even").new_game(seed=1)
    # 25 free spaces (7..31): offsets i * 24 // 5 = 0, 4, 9, 14, 19, 24 from 7
    assert state.dung == (7, 11, 16, 21, 26, 31)


# -- the order of moves ------------------------------------------------------------------
@pytest.mark.rule("kalimambo:round-order", "kalimambo:round-kali-card", "kalimambo:decision-4")
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


@pytest.mark.rule("kalimambo:round-kali-card", "kalimambo:decision-3")
def test_kalis_top_card_is_revealed_with_the_players_cards_and_leaves_her_deck():
    """Kali's deck 6, 2, … (top card first): round 1 reveals her 6 with the players' 5, 3, 7;
    she runs second, 14 → 16; her next card is the 2, and the 6 is gone from her deck."""
    state = situation(explorers=[11, 12, 13], kali=14, deck=(6, 2))
    lines = play_round(state, 5, 3, 7)
    assert lines[3] == (
        "round 1: cards revealed — player 0 5, player 1 3, player 2 7; Kali's top card 6"
    )
    assert lines[5] == "Kali (6) moves from 14 to 16, ahead of the group"
    assert state.revealed == [5, 3, 7, 6] and state.kali == 16
    assert len(state.kali_deck) == 11 and 6 not in state.kali_deck
    assert 6 not in state.observation(None)["kali_cards_left"]
    assert "Kali's top card 2" in play_round(state, 0, 0, 0)[3]


@pytest.mark.rule("kalimambo:round-tie", "kalimambo:decision-4")
def test_equal_cards_only_the_rearmost_moves():
    """Players 0 and 1 both play 6: player 0 (on 11, further back) moves, player 1 stays.
    Kali (9) leads and stays; player 2 (2) goes last, to 16."""
    state = situation(explorers=[11, 12, 13], kali=14, deck=(9, 0))
    lines = play_round(state, 6, 6, 2)
    assert state.positions == [15, 12, 16] and state.kali == 14
    assert "player 1 (6) stays: player 0, further back, played 6 too and moves" in lines
    assert "Kali (9) is at the head of the group on 14 and does not move" in lines


@pytest.mark.rule("kalimambo:round-kali", "kalimambo:round-tie", "kalimambo:decision-4")
def test_kali_ties_like_an_explorer_and_the_rearmost_explorer_moves():
    """Kali (on 14) and player 0 (on 11) both show 4: player 0 is further back and moves;
    Kali stays ("Kali se déplace comme un explorateur")."""
    state = situation(explorers=[11, 12, 13], kali=14, deck=(4, 0))
    lines = play_round(state, 4, 8, 1)
    assert state.positions == [16, 15, 17] and state.kali == 14
    assert "Kali (4) stays: player 0, further back, played 4 too and moves" in lines


@pytest.mark.rule(
    "kalimambo:round-kali",
    "kalimambo:round-tie",
    "kalimambo:round-zero-head",
    "kalimambo:decision-4",
)
def test_kali_ties_and_moves_when_she_is_the_rearmost():
    """Kali on 11 behind everybody ties with player 0's 4: Kali moves, player 0 stays; player
    2 is at the head (14) and does not move even with a 9."""
    state = situation(explorers=[12, 13, 14], kali=11, deck=(4, 0))
    lines = play_round(state, 4, 2, 9)
    assert state.positions == [12, 16, 14] and state.kali == 15
    assert "player 2 (9) is at the head of the group on 14 and does not move" in lines
    assert "player 0 (4) stays: Kali, further back, played 4 too and moves" in lines


@pytest.mark.rule("kalimambo:round-zero-head", "kalimambo:round-kali", "kalimambo:decision-4")
def test_zero_never_moves():
    """ "Si vous jouez un zéro … vous ne bougez pas": only player 2 (3) moves."""
    state = situation(explorers=[11, 12, 13], kali=14, deck=(0, 1))
    lines = play_round(state, 0, 0, 3)
    assert state.positions == [11, 12, 15] and state.kali == 14
    assert lines.count("player 0 played 0 and does not move") == 1
    assert "Kali played 0 and does not move" in lines


@pytest.mark.rule("kalimambo:round-zero-head", "kalimambo:decision-4")
def test_the_leader_does_not_move():
    """Player 2 on 15 heads the group when due to move: stays, whatever the card."""
    state = situation(explorers=[11, 12, 15], kali=14, deck=(1, 0))
    play_round(state, 2, 3, 11)
    assert state.positions == [17, 16, 15] and state.kali == 18


@pytest.mark.rule("kalimambo:round-kali", "kalimambo:round-zero-head")
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
@pytest.mark.rule("kalimambo:dung-explorer", "kalimambo:intro-aim", "kalimambo:decision-5")
def test_an_explorer_landing_on_dung_takes_three_points():
    """Same round as the first test with a heap on 16: player 0 lands there, 3 points."""
    state = situation(explorers=[11, 12, 13], kali=14, dung=[16])
    lines = play_round(state, 5, 3, 7)
    assert state.penalties == [3, 0, 0]
    assert "player 0 lands in the dung on space 16: player 0 takes 3 penalty points" in lines
    assert state.dung == (16,)  # heaps stay


@pytest.mark.rule("kalimambo:dung-kali", "kalimambo:decision-7")
def test_kali_in_the_dung_punishes_the_player_with_the_lowest_card():
    """Kali (1) lands on 18, a heap: the lowest card among the players is player 1's 3 (Kali's
    own 1 does not count; our decision 7)."""
    state = situation(explorers=[11, 12, 13], kali=14, dung=[18])
    lines = play_round(state, 5, 3, 7)
    assert state.penalties == [0, 3, 0]
    assert (
        "Kali lands in the dung on space 18: for Kali, player 1 (lowest card, 3) takes "
        "3 penalty points" in lines
    )


@pytest.mark.rule("kalimambo:dung-kali", "kalimambo:decision-7")
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


@pytest.mark.rule("kalimambo:dung-kali", "kalimambo:decision-7", "kalimambo:round-zero-head")
def test_a_zero_is_the_lowest_card_and_pays_for_kali_though_it_does_not_move():
    """Player 0 plays 0 and stays on 11; player 1 (5) runs to 15, player 2 (3) to 16, Kali (1)
    to 17, a heap: the lowest of the players' cards is player 0's 0, so player 0 pays 3."""
    state = situation(explorers=[11, 12, 13], kali=14, dung=[17])
    lines = play_round(state, 0, 5, 3)
    assert state.positions == [11, 15, 16] and state.kali == 17
    assert state.penalties == [3, 0, 0]
    assert (
        "Kali lands in the dung on space 17: for Kali, player 0 (lowest card, 0) takes 3 "
        "penalty points" in lines
    )


@pytest.mark.rule("kalimambo:dung-explorer", "kalimambo:decision-2", "kalimambo:decision-5")
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
@pytest.mark.rule(
    "kalimambo:mambo-charge",
    "kalimambo:mambo-points",
    "kalimambo:intro-mambo",
    "kalimambo:intro-aim",
    "kalimambo:decision-6",
)
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


@pytest.mark.rule("kalimambo:mambo-charge", "kalimambo:decision-6")
def test_mambo_does_not_charge_while_the_space_in_front_of_him_stays_occupied():
    state = situation(explorers=[1, 2, 3], kali=4, mambo=0, deck=(0, 1))
    play_round(state, 0, 5, 0)
    assert state.positions == [1, 5, 3] and state.mambo == 0
    assert state.penalties == [0, 0, 0]


@pytest.mark.rule(
    "kalimambo:mambo-charge", "kalimambo:mambo-kali", "kalimambo:decision-6", "kalimambo:decision-7"
)
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


@pytest.mark.rule("kalimambo:mambo-kali", "kalimambo:mambo-points", "kalimambo:decision-7")
def test_mambo_onto_kali_punishes_the_lowest_card_by_the_spaces_run():
    """Player 0 (3) leaves space 1; Kali on 4 is the rearmost: Mambo runs 3 spaces and player
    1, who played the lowest card (0), takes 3."""
    state = situation(explorers=[1, 6, 7], kali=4, mambo=0, deck=(0, 1))
    play_round(state, 3, 0, 1)
    assert state.positions == [8, 6, 9] and state.kali == 4 and state.mambo == 3
    assert state.penalties == [0, 3, 0]


@pytest.mark.rule("kalimambo:mambo-kali", "kalimambo:decision-7")
def test_kalis_own_card_is_never_the_lowest_even_a_zero():
    """Mambo 0, player 0 on 1, Kali on 2, players 1 and 2 on 3 and 4; cards 5, 2, 3, Kali 0.
    Player 0 leaves space 1: Mambo runs 1 space into Kali, who played 0 and stays; the
    lowest card is player 1's 2 (Kali's 0 does not count), so player 1 pays."""
    state = situation(explorers=[1, 3, 4], kali=2, mambo=0, deck=(0, 1))
    lines = play_round(state, 5, 2, 3)
    assert state.positions == [5, 7, 6] and state.kali == 2 and state.mambo == 1
    assert state.penalties == [0, 1, 0]
    assert (
        "Mambo charges from 0 to 1, 1 space, into Kali: for Kali, player 1 (lowest card, 2) "
        "takes 1 penalty point" in lines
    )


@pytest.mark.rule("kalimambo:mambo-charge", "kalimambo:decision-6")
def test_with_a_gap_in_front_of_mambo_he_never_charges():
    """Mambo on 0, the group on 3..6 (spaces 1 and 2 empty); cards 9, 8, 7, Kali 2: every
    figure moves, none leaves space 1, so Mambo stays on 0 and nobody pays — the gap grows
    from 2 to 6 empty spaces."""
    state = situation(explorers=[3, 4, 5], kali=6, mambo=0, deck=(2, 0))
    lines = play_round(state, 9, 8, 7)
    assert state.positions == [7, 8, 9] and state.kali == 10 and state.mambo == 0
    assert state.penalties == [0, 0, 0]
    assert [line for line in lines if line.startswith("Mambo")] == []


@pytest.mark.rule("kalimambo:decision-6")
def test_the_end_of_round_variant_closes_a_gap_no_move_vacated():
    """The variant charges once after the moves whenever a gap is left: Mambo on 0, the group
    on 3..6, all play 0 (Kali's 2 leaves her at the head): nobody moves, and Mambo runs 2
    spaces into player 0 on 3."""
    state = situation(
        explorers=[3, 4, 5],
        kali=6,
        mambo=0,
        deck=(2, 0),
        params={"mambo_timing": "end_of_round"},
    )
    lines = play_round(state, 0, 0, 0)
    assert state.positions == [3, 4, 5] and state.kali == 6 and state.mambo == 2
    assert state.penalties == [2, 0, 0]
    assert lines[-1] == (
        "Mambo charges from 0 to 2, 2 spaces, into player 0: player 0 takes 2 penalty points"
    )


@pytest.mark.rule("kalimambo:decision-6")
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


# -- the board's numbers ----------------------------------------------------------------
@pytest.mark.rule("kalimambo:decision-2", "kalimambo:mambo-points")
def test_narration_and_observation_name_the_boards_spaces_across_the_end_of_the_loop():
    """The 32-space loop: Mambo on 28, players on 29, 30, 31, Kali on 32 — space 0 — and a heap
    on space 2. Cards 5, 3, 7, Kali 1: the group runs past space 31 onto spaces 1..4 (line
    positions 33..36), Mambo charges three times, the last from space 31 to space 0. The
    narration and the observation say the board's numbers, the rules count on the line."""
    state = situation(explorers=[29, 30, 31], kali=32, mambo=28, dung=[2])
    lines = play_round(state, 5, 3, 7)
    assert lines[4:] == [
        "player 2 (7) moves from 31 to 1, ahead of the group",
        "player 0 (5) moves from 29 to 2, ahead of the group",
        "player 0 lands in the dung on space 2: player 0 takes 3 penalty points",
        "Mambo charges from 28 to 29, 1 space, into player 1: player 1 takes 1 penalty point",
        "player 1 (3) moves from 30 to 3, ahead of the group",
        "Mambo charges from 29 to 31, 2 spaces, into Kali: for Kali, player 1 (lowest card, 3) "
        "takes 2 penalty points",
        "Kali (1) moves from 0 to 4, ahead of the group",
        "Mambo charges from 31 to 0, 1 space, into player 2: player 2 takes 1 penalty point",
    ]
    assert state.positions == [34, 35, 33] and state.kali == 36 and state.mambo == 32
    assert state.penalties == [3, 3, 1]
    seen = state.observation(None)
    assert (seen["explorers"], seen["kali"], seen["mambo"]) == ([2, 3, 1], 4, 0)
    assert seen["group"] == ["Kali", "player 1", "player 0", "player 2"]


# -- the end -------------------------------------------------------------------------------
@pytest.mark.rule(
    "kalimambo:end-rounds",
    "kalimambo:cards-removed",
    "kalimambo:decision-1",
    "kalimambo:decision-8",
)
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


@pytest.mark.rule("kalimambo:end-fewest", "kalimambo:intro-aim", "kalimambo:decision-8")
def test_fewest_points_wins_and_equal_points_share_the_win():
    """A one-round game: Kali's dung costs player 1 three points; players 0 and 2 share the
    win with 0 ("le joueur avec le moins de points gagne")."""
    state = situation(explorers=[11, 12, 13], kali=14, dung=[18], params={"rounds": 1})
    lines = play_round(state, 5, 3, 7)
    assert state.outcome.winners == (0, 2)
    assert state.outcome.ranking == ((0, 2), (1,))
    assert state.scores == [0, 3, 0] and state.returns() == [1.0, -1.0, 1.0]
    assert lines[-1] == "the last round is played; fewest points wins: player 0 and player 2"
    assert state.outcome.reason == "1 round played"


# -- hidden commitments ----------------------------------------------------------------
@pytest.mark.rule("kalimambo:round-pick", "kalimambo:decision-3")
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


@pytest.mark.rule("kalimambo:round-pick", "kalimambo:round-kali-card", "kalimambo:decision-3")
def test_observations_hide_pending_picks_and_kalis_next_card():
    """Nobody sees another's pick or the order of Kali's deck; the cards not yet revealed
    are public (our decision 3)."""
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


@pytest.mark.rule("kalimambo:round-pick", "kalimambo:decision-3")
def test_a_pick_is_narrated_to_others_as_a_chosen_card():
    state = load(players=3).new_game(seed=2)
    state.apply(PlayCard(4))
    assert state.visible_events(0)[-1].text == "player 0 chooses card 4"
    assert state.visible_events(1)[-1].text == "player 0 has chosen a card"
    assert state.visible_events(None)[-1].text == "player 0 has chosen a card"


@pytest.mark.rule("kalimambo:decision-3", "kalimambo:cards-removed")
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


@pytest.mark.rule("kalimambo:decision-3")
def test_a_bot_given_its_view_cannot_read_others_picks():
    state = load(players=3).new_game(seed=2)
    state.apply(PlayCard(9))
    view = View(state, 1)
    assert not hasattr(view, "state") and view.observation()["my_card"] is None
    assert all("9" not in e.text for e in view.visible_events() if "chooses" in e.text)


# -- illegal actions and parameters ----------------------------------------------------
@pytest.mark.rule("kalimambo:cards-removed")
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


@pytest.mark.rule("kalimambo:decision-1")
def test_players_two_is_a_variant_eight_is_refused():
    spec = next(s for s in load().parameter_specs() if s.name == "players")
    assert 2 not in spec.printed and 3 in spec.printed and 7 in spec.printed
    assert load(players=2).num_players == 2
    with pytest.raises(InvalidParameter):
        load(players=8)


@pytest.mark.rule("kalimambo:decision-1")
def test_a_loop_too_short_for_the_figures_and_heaps_is_refused():
    """7 players + Mambo + Kali = 9 spaces, 6 heaps with gaps of 2 = 16: 25 is the least."""
    assert load(players=7, track_length=25).params.track_length == 25
    with pytest.raises(InvalidParameter) as caught:
        load(players=7, track_length=24)
    assert caught.value.name == "track_length"


@pytest.mark.rule("kalimambo:decision-1", "kalimambo:end-rounds")
def test_more_rounds_than_cards_is_refused():
    with pytest.raises(InvalidParameter):
        load(max_card=5, rounds=7)
    assert load(max_card=5, rounds=6).max_length == 30


def test_candidate_actions_grey_out_the_cards_already_played():
    state = boardlab.load("kalimambo", players=3).new_game(2)
    for _ in range(3):  # a whole round: everyone plays their highest card
        state.apply(state.legal_actions()[-1])
    pairs = state.candidate_actions()
    played = [a.value for a, why in pairs if why]
    assert played == [state.game.max_card]
    assert all("already played" in why.reason for _, why in pairs if why)
