"""Tembo's planning bot: it sees only its view, and the team of planners wins clearly more
often than random play (a two-proportion test over seeded games)."""

from __future__ import annotations

import math

import boardlab
from boardlab.core import View
from boardlab.games.tembo.bots import Planner, planner_agents
from boardlab.sim import play, random_agents

#: An easy dial setting (more elephants and energy, fewer lions), where wins happen.
EASY = {"elephants": 25, "starting_energy": 15, "support_tokens": 8, "lion_cards": 4}
GAMES = 30


def wins(game, agents_of) -> int:
    return sum(play(game, agents_of(game), seed=s).outcome.team == "won" for s in range(GAMES))


def test_the_planning_team_wins_clearly_more_often_than_random_play():
    game = boardlab.load("tembo", **EASY)
    planned, random_ = wins(game, planner_agents), wins(game, random_agents)
    pooled = (planned + random_) / (2 * GAMES)
    spread = math.sqrt(pooled * (1 - pooled) * 2 / GAMES) or 1.0
    z = (planned - random_) / GAMES / spread
    assert planned >= 5 and z > 2.0, (planned, random_, z)


def test_the_planner_decides_from_its_view_alone_and_replays():
    game = boardlab.load("tembo")
    state = game.new_game(4)
    bot = Planner(1)
    action = bot.act(View(state, 0))
    assert action in state.legal_actions()
    again = Planner(1).act(View(state, 0))
    assert again == action
