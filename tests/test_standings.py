"""The end of a game in words: each player's place, how far from the winner, the table.

``boardlab.core.outcome.standings`` ranks from the outcome (tied players share a
place, competition style: two 2nds, then a 4th) and measures the distance from
the winners in the game's scores, in the direction the game ranks (fewer
penalty points are ahead in Kalimambo); ``how_you_did`` and ``standings_rows``
say it in plain words with the game's ``score_words``. Each game's texts are
pinned for one seeded game played to its end by random players.
"""

import pytest

import boardlab
from boardlab.core.outcome import (
    Outcome,
    Standing,
    how_you_did,
    ordinal,
    standings,
    standings_rows,
)
from boardlab.sim import RandomAgent, play


def finished(name: str, seed: int = 1):
    game = boardlab.load(name)
    return play(game, [RandomAgent() for _ in range(game.num_players)], seed)


def said(state) -> list[str]:
    words = state.game.score_words
    return [
        how_you_did(state.outcome, state.scores, p, words) for p in range(state.game.num_players)
    ]


def test_jambo_seed_1():
    state = finished("jambo")
    assert state.scores == [36, 61]
    assert said(state) == [
        "You finished 2nd of 2, 25 gold behind the winner.",
        "You finished 1st of 2, 25 gold ahead of the next player.",
    ]
    assert standings_rows(state.outcome, state.scores, state.game.score_words) == [
        ("1st", "player 1", "61 gold"),
        ("2nd", "player 0", "36 gold"),
    ]


def test_kalimambo_seed_1_fewest_penalty_points_win_and_a_tie_shares_third():
    state = finished("kalimambo")
    assert state.scores == [27, 18, 18, 17, 12]
    assert said(state) == [
        "You finished 5th of 5, 15 penalty points more than the winner.",
        "You finished 3rd of 5, tied with player 2, 6 penalty points more than the winner.",
        "You finished 3rd of 5, tied with player 1, 6 penalty points more than the winner.",
        "You finished 2nd of 5, 5 penalty points more than the winner.",
        "You finished 1st of 5, 5 penalty points fewer than the next player.",
    ]
    assert standings_rows(state.outcome, state.scores, state.game.score_words) == [
        ("1st", "player 4", "12 penalty points"),
        ("2nd", "player 3", "17 penalty points"),
        ("3rd (tied)", "player 1", "18 penalty points"),
        ("3rd (tied)", "player 2", "18 penalty points"),
        ("5th", "player 0", "27 penalty points"),
    ]


def test_kilimanjaro_seed_1():
    state = finished("kilimanjaro")
    assert state.scores == [36, 100, 87]
    assert said(state) == [
        "You finished 3rd of 3, 64 spaces behind the winner.",
        "You finished 1st of 3, 13 spaces ahead of the next player.",
        "You finished 2nd of 3, 13 spaces behind the winner.",
    ]
    assert standings_rows(state.outcome, state.scores, state.game.score_words) == [
        ("1st", "player 1", "100 spaces"),
        ("2nd", "player 2", "87 spaces"),
        ("3rd", "player 0", "36 spaces"),
    ]


def test_kombo_afrika_seed_1():
    state = finished("kombo_afrika")
    assert state.scores == [33, 82]
    assert said(state) == [
        "You finished 2nd of 2, 49 points behind the winner.",
        "You finished 1st of 2, 49 points ahead of the next player.",
    ]
    assert standings_rows(state.outcome, state.scores, state.game.score_words) == [
        ("1st", "player 1", "82 points"),
        ("2nd", "player 0", "33 points"),
    ]


def test_tembo_seed_1_the_team_lost():
    state = finished("tembo")
    assert state.outcome.team == "lost" and state.scores == [0, 0]
    assert said(state) == ["You and your team lost, with 0 of 6 landmarks visited."] * 2
    assert standings_rows(state.outcome, state.scores, state.game.score_words) == [
        ("the team lost", "player 0 and player 1", "0 of 6 landmarks visited")
    ]
    assert {s.place for s in standings(state.outcome, state.scores)} == {1}


def test_a_team_that_won_says_so_with_its_measure():
    won = Outcome("finished", (0, 1, 2), ((0, 1, 2),), team="won", reason="arrived")
    words = boardlab.load("tembo").score_words
    said_to_1 = how_you_did(won, [2, 2, 2], 1, words)
    assert said_to_1 == "You and your team won, with 2 of 6 landmarks visited."
    assert standings_rows(won, [2, 2, 2], words) == [
        ("the team won", "player 0, player 1 and player 2", "2 of 6 landmarks visited")
    ]


def test_ties_share_a_place_and_the_next_place_skips():
    outcome = Outcome("finished", (1, 3), ((1, 3), (0,), (2, 4)))
    scores = [7, 9, 4, 9, 4]
    assert standings(outcome, scores) == (
        Standing(1, 1, (3,), 9, 0),
        Standing(3, 1, (1,), 9, 0),
        Standing(0, 3, (), 7, 2),
        Standing(2, 4, (4,), 4, 5),
        Standing(4, 4, (2,), 4, 5),
    )
    assert how_you_did(outcome, scores, 3) == (
        "You finished 1st of 5, tied with player 1, 2 points ahead of the next player."
    )
    assert how_you_did(outcome, scores, 0) == "You finished 3rd of 5, 2 points behind the winner."
    assert how_you_did(outcome, scores, 4) == (
        "You finished 4th of 5, tied with player 2, 5 points behind the winner."
    )
    assert [row[0] for row in standings_rows(outcome, scores)] == [
        "1st (tied)",
        "1st (tied)",
        "3rd",
        "4th (tied)",
        "4th (tied)",
    ]


def test_level_on_score_but_placed_lower_by_a_tie_break():
    # Kilimanjaro: both at the base camp, the tie-break (the played cards) decides
    outcome = Outcome("finished", (1,), ((1,), (0,)), reason="base camp reached")
    assert how_you_did(outcome, [100, 100], 0, ("space", "spaces")) == (
        "You finished 2nd of 2: level with the winner, placed lower by the rules' tie-break."
    )
    assert how_you_did(outcome, [100, 100], 1, ("space", "spaces")) == "You finished 1st of 2."


def test_a_game_cut_short_says_so_and_one_unit_is_singular():
    outcome = Outcome("truncated", (0,), ((0,), (1,)), reason="turn cap")
    assert how_you_did(outcome, [5, 4], 1) == (
        "You were 2nd of 2 when the game was cut short, 1 point behind the winner."
    )


def test_without_scores_only_places():
    outcome = Outcome("finished", (2,), ((2,), (0, 1)))
    assert how_you_did(outcome, None, 1) == "You finished 2nd of 3, tied with player 0."
    assert standings_rows(outcome, None)[0] == ("1st", "player 2", "")


def test_scores_for_the_wrong_number_of_players_are_refused():
    with pytest.raises(ValueError, match="scores has 2 entries for 3 players"):
        standings(Outcome("finished", (2,), ((2,), (0, 1))), [1, 2])


@pytest.mark.parametrize(
    ("place", "word"), [(1, "1st"), (2, "2nd"), (3, "3rd"), (4, "4th"), (11, "11th"), (22, "22nd")]
)
def test_ordinals(place, word):
    assert ordinal(place) == word
