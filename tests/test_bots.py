"""Every game's bots beat random play by a margin the statistics vouch for.

In each registered game (none skipped: a game without a heuristic fails, saying what
to add), on its smallest variant (``botmatch.smallest_variant``), or where nobody wins
that one, the setting the game declares in ``botmatch.BOT_TEST_SETTING`` (Tembo):

- competitive: the heuristic of its ``bots.py``, and ``ISMCTSAgent``, each against
  random players, seat-swapped over seeded games (every deal from every seat). The
  Wilson 95% lower bound of the bot's share of the wins must clear ``1/n``, the share
  of a random player.
- cooperative: a team of the bot in every seat must win more often than a team of
  random players — the Wilson lower bound of its win rate above the upper bound of
  random play's.

Seeded, so a run gives the same numbers on any machine. Budget: about 55 s of CPU for
the five games (measured with ``time``: user 54.5 s; most of it the search bot in
Jambo, Kombo Afrika and Kilimanjaro), and about 40 s more for Tembo at its bot-test
setting (its Planner team, and the search team of ``SEARCH_BUDGET``, which grades its
lost playouts by the game's ``progress``: ``SEARCH`` in its bots.py).
"""

from __future__ import annotations

import functools

import pytest
from botmatch import bot_test_variant, heuristic, team_wins, wilson, win_share
from toys.hunch import HunchGame

import boardlab
from boardlab.sim import ISMCTSAgent, RandomAgent
from boardlab.sim.lineup import search_options

#: Games a bot plays against random players (a multiple of every seat count up to 4).
GAMES = 60
#: Games a random team plays to fix its win rate in a cooperative game (they are cheap).
RANDOM_GAMES = 400
#: The search bot's budget: enough to beat random play clearly, small enough to be quick.
ITERATIONS = 30
#: (games, iterations) for games whose search is too slow for the defaults in the suite's
#: time budget: a Tembo game of two ISMCTSAgent of its ``SEARCH`` at 200 iterations
#: costs about 2.5 s of CPU (12 games: user 31 s, measured), so 60 would take minutes.
SEARCH_BUDGET = {"tembo": (12, 200)}


def search_bot(iterations: int = ITERATIONS, **options):
    return lambda: ISMCTSAgent(iterations=iterations, **options)


@functools.cache
def random_team_wins(game) -> int:
    """Wins of a random team in ``RANDOM_GAMES`` games (both bots of a game compare
    against the same)."""
    return team_wins(game, RandomAgent, RANDOM_GAMES)


def assert_beats_random(game, bot, label: str, games: int = GAMES) -> None:
    """``bot()`` (a fresh agent a seat) beats random play in ``game``, by the Wilson bound."""
    if game.cooperative:
        won = team_wins(game, bot, games)
        random_won = random_team_wins(game)
        low, _ = wilson(won, games)
        _, random_high = wilson(random_won, RANDOM_GAMES)
        assert low > random_high, (
            f"{game!r}: a team of {label} won {won}/{games} "
            f"(95% lower bound {low:.3f}), random play {random_won}/{RANDOM_GAMES} "
            f"(upper bound {random_high:.3f})"
        )
        return
    share = win_share(game, bot, games)
    low, _ = wilson(share, games)
    fair = 1 / game.num_players
    assert low > fair, (
        f"{game!r}: {label} won a share of {share / games:.3f} of {games} seat-swapped games "
        f"against random players (95% lower bound {low:.3f}, not above the fair {fair:.3f})"
    )


@pytest.mark.parametrize("name", boardlab.game_names())
def test_the_heuristic_beats_random_play(name):
    game = boardlab.load(name, **bot_test_variant(name))
    bot, label = heuristic(game)
    assert_beats_random(game, bot, label)


@pytest.mark.parametrize("name", boardlab.game_names())
def test_the_search_bot_beats_random_play(name):
    game = boardlab.load(name, **bot_test_variant(name))
    games, iterations = SEARCH_BUDGET.get(name, (GAMES, ITERATIONS))
    bot = search_bot(iterations, **search_options(game))  # the game's bots.py: SEARCH
    assert_beats_random(game, bot, repr(bot()), games)


def test_a_team_of_search_bots_wins_more_often_than_random_play_in_a_cooperative_game():
    """The cooperative branch on a toy whose best play is known (Tembo plays it too):
    two players who each bet on the hidden prize by what their own hand leaves unseen."""
    assert_beats_random(HunchGame.load(players=2), search_bot(), "ISMCTSAgent", games=100)


@pytest.mark.parametrize("name", ["kilimanjaro", "toy_hunch"])
def test_random_play_does_not_pass_for_a_bot(name):
    """The check can fail: random play against random play is no clear win."""
    game = HunchGame.load(players=2) if name == "toy_hunch" else boardlab.load(name, players=2)
    with pytest.raises(AssertionError, match="random"):
        assert_beats_random(game, RandomAgent, "RandomAgent", games=100)


def test_a_game_whose_bots_name_no_heuristic_fails_saying_what_to_add():
    with pytest.raises(ValueError, match="HEURISTIC = <bot class>"):
        heuristic(HunchGame.load())  # a toy: no bots.py at all
