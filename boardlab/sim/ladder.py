"""The skill ladder: each bot against the one below it, seats rotated.

A class asks "how much of this game is skill?" by climbing rungs — random play, the
game's heuristic, a search bot at a class budget (``mcts:200``). Each rung plays one of
its agent against the rung below in every other seat, the seats turned one a game
(``sweep(..., rotate_seats=True)``), so its wins are its skill and not its seat's edge.
Each rung reads skill vs luck (``metrics.skill_vs_luck_estimate``: the win share over
the fair share 1/players, Wilson intervals), and says "saturated" when the agent won
97% or more: the rung below can no longer tell how strong it is, only a stronger
opponent can. Deterministic: the same game, rungs, games and seed give the same table.
"""

from __future__ import annotations

import argparse
import itertools
import sys
from dataclasses import dataclass, field
from typing import Any

from boardlab.core import Game

from . import metrics
from .lineup import resolve_agents
from .sweep import parse_value, sweep

#: The search bot's class budget: iterations a decision that a class can wait for (a
#: game against the heuristic in seconds: ``python -m boardlab.bench --mcts``) and that
#: beats the heuristic in every competitive game (``figures/mcts_ladder.csv``).
CLASS_BUDGET = 200
#: The rungs a ladder climbs unless told otherwise, weakest first.
RUNGS = ("random", "heuristic", f"mcts:{CLASS_BUDGET}")


@dataclass(frozen=True)
class Rung:
    """One rung: ``agent`` in one seat against ``below`` in every other, ``games`` games.

    ``skill`` is the metric's estimate (value, interval, win share, ``saturated``)."""

    agent: str
    below: str
    games: int
    players: int
    skill: metrics.SkillEstimate

    @property
    def fair(self) -> float:
        return 1 / self.players

    @property
    def verdict(self) -> str:
        """In words: saturated, clearly better (the win share's interval above the fair
        share), clearly worse, or no clear difference."""
        skill = self.skill
        if skill.saturated:
            return "saturated"
        if skill.win_low > self.fair:
            return "clearly better"
        if skill.win_high < self.fair:
            return "clearly worse"
        return "no clear difference"


@dataclass(frozen=True)
class Ladder:
    """A game's rungs, weakest first; ``table()`` reads them for a notebook, and
    ``frames`` holds each rung's games (one row a game, ``sweep``'s frame) by agent."""

    game: str
    players: int
    rungs: tuple[Rung, ...]
    frames: dict = field(default_factory=dict, compare=False, repr=False)

    def table(self):
        """One row a rung: who played whom, the games, the win share with its interval
        beside the fair share, skill vs luck (or "saturated") and the verdict."""
        import pandas as pd

        rows = []
        for rung in self.rungs:
            s = rung.skill
            rows.append(
                {
                    "rung": rung.agent,
                    "against": rung.below,
                    "games": rung.games,
                    "win share": round(s.win_rate, 3),
                    "95% interval": f"[{s.win_low:.3f}, {s.win_high:.3f}]",
                    "fair share": round(rung.fair, 3),
                    "skill vs luck": str(s),
                    "verdict": rung.verdict,
                }
            )
        return pd.DataFrame(rows).set_index("rung")

    def __str__(self) -> str:
        head = f"Skill ladder of {self.game} ({self.players} players, seats rotated)"
        return f"{head}\n{self.table().to_string()}"

    def _repr_html_(self) -> str:
        head = f"<p>Skill ladder of {self.game} ({self.players} players, seats rotated)</p>"
        return head + self.table().to_html()


def ladder(
    game: Game | str,
    rungs: tuple[str, ...] | list[str] = RUNGS,
    games: int = 60,
    seed: int = 0,
    n_jobs: int = 1,
    progress: Any = False,
    **params: Any,
) -> Ladder:
    """Climb ``rungs`` (agent specs, weakest first) in ``game``: every rung after the first
    plays ``games`` games, one of it against the rung below in every other seat, seats
    rotated. ``params``: the game's parameters (``players=3``). ``games`` must be a
    multiple of the players, so every agent sits in every seat equally often; the same
    ``seed`` deals the same games to every rung."""
    import boardlab

    if isinstance(game, str):
        game = boardlab.load(game, **params)
    elif params:
        game = type(game).load(**{**dict(game.params.items()), **params})
    if game.cooperative:
        raise metrics.MetricNotApplicable(
            f"{game.name} is cooperative: the team wins or loses together, so no bot beats "
            "another at the table; compare teams by their team win rate instead"
        )
    rungs = list(rungs) if not isinstance(rungs, str) else rungs.split(",")
    if len(rungs) < 2 or not all(isinstance(r, str) and r.strip() for r in rungs):
        raise ValueError(
            f"rungs={rungs!r}: two or more agent specs, weakest first, e.g. {list(RUNGS)}"
        )
    rungs = [r.strip() for r in rungs]
    if len(set(rungs)) != len(rungs):
        raise ValueError(f"rungs={rungs!r}: each rung a different agent spec")
    for spec in rungs:  # every spec checked before the first game (a typo in the last
        resolve_agents(game, [spec])  # rung must not cost the minutes of the first)
    players = game.num_players
    if isinstance(games, bool) or not isinstance(games, int) or games <= 0 or games % players:
        raise ValueError(
            f"games={games!r}: a positive multiple of {players} (the players: seats rotate "
            "one a game, so every agent sits in every seat equally often)"
        )
    made, frames = [], {}
    for below, agent in itertools.pairwise(rungs):
        frame = sweep(
            game,
            None,
            [agent, below],
            games,
            seed=seed,
            n_jobs=n_jobs,
            progress=progress,
            rotate_seats=True,
        )
        frames[agent] = frame
        skill = metrics.skill_vs_luck_estimate(frame, strong=agent)
        made.append(Rung(agent, below, games, players, skill))
    return Ladder(game.name, players, tuple(made), frames)


#: The class-budget strength check (``figures/mcts_ladder.csv``): the competitive games at
#: their default tables, 240 games each (a multiple of 2, 3 and 5 players; at 120,
#: Kalimambo's 0.271 [0.199, 0.357] could not tell a win share of 0.27 from the fair 0.2).
STRENGTH_GAMES = {"jambo": 240, "kilimanjaro": 240, "kombo_afrika": 240, "kalimambo": 240}
#: Its seed, and the games at the start of each rung whose wins the file also records, so
#: a quick test can replay them (a sweep's game ``i`` is the same in any number of games).
STRENGTH_SEED = 0
CHECK_GAMES = 5


def strength(
    games: dict[str, int] | None = None,
    seed: int = STRENGTH_SEED,
    check: int = CHECK_GAMES,
    n_jobs: int = 1,
):
    """``mcts:CLASS_BUDGET`` against the heuristic in each game of ``games`` (name: games),
    seats rotated: one row a game with the search bot's wins, win share and Wilson
    interval beside the fair share, the verdict, and its wins in the first ``check``
    games (``check wins``). ``n_jobs``: processes (the games are the same in any)."""
    import pandas as pd

    import boardlab

    rows = []
    for name, count in (STRENGTH_GAMES if games is None else games).items():
        climbed = ladder(
            name, ("heuristic", f"mcts:{CLASS_BUDGET}"), count, seed=seed, n_jobs=n_jobs
        )
        (rung,) = climbed.rungs
        first = climbed.frames[rung.agent].iloc[:check]
        early = metrics.skill_vs_luck_estimate(first, strong=rung.agent)
        s = rung.skill
        rows.append(
            {
                "study": "mcts ladder",
                "game": name,
                "players": rung.players,
                "agent": rung.agent,
                "against": rung.below,
                "games": rung.games,
                "wins": round(s.win_rate * rung.games, 6),
                "win share": s.win_rate,
                "ci low": s.win_low,
                "ci high": s.win_high,
                "fair share": rung.fair,
                "verdict": rung.verdict,
                "check games": len(first),
                "check wins": round(early.win_rate * len(first), 6),
                "agents": f"{rung.agent} vs {rung.below}",
                "params": "{}",
                "seed": seed,
                "version": boardlab.__version__,
            }
        )
    return pd.DataFrame(rows)


def remake_strength(names: list[str], path=None, n_jobs: int = 1):
    """Play again the rows ``names`` of the strength file (``figures/mcts_ladder.csv``,
    ``STRENGTH_GAMES`` games each) and write it with the other rows as they were — for a
    change that touches one game's search only (a game's ``SEARCH`` in its ``bots.py``),
    where remaking every row costs an hour of CPU for the same numbers. ``python -m
    boardlab.figures mcts_ladder.csv`` remakes them all; ``tests/test_ladder.py`` replays
    the first games of a row kept. Returns the file's table."""
    from pathlib import Path

    import pandas as pd

    # the source checkout's figures/ (boardlab.figures.FOLDER, which draws: sim imports no
    # matplotlib)
    folder = Path(__file__).resolve().parents[2] / "figures"
    path = Path(path) if path is not None else folder / "mcts_ladder.csv"
    table = pd.read_csv(path)
    unknown = [n for n in names if n not in STRENGTH_GAMES]
    if not names or unknown:
        raise ValueError(f"names={names!r}: one or more of {', '.join(STRENGTH_GAMES)}")
    fresh = strength({n: STRENGTH_GAMES[n] for n in names}, n_jobs=n_jobs).set_index("game")
    rows = [
        fresh.loc[[name]].reset_index() if name in fresh.index else table[table["game"] == name]
        for name in table["game"]
    ]
    table = pd.concat(rows, ignore_index=True)[list(table.columns)]
    table.to_csv(path, index=False, float_format="%.6f", lineterminator="\n")
    return table


class _Parser(argparse.ArgumentParser):
    """argparse, but a mistake is a ``ValueError`` (one line) rather than usage text."""

    def error(self, message: str):
        raise ValueError(f"{message} (see: {self.prog} --help)")


def _game(name: str, settings: list[str]) -> Game:
    """The game ``name`` with ``--set key=value`` parameters, each checked by its spec."""
    import boardlab
    from boardlab.core.registry import game_class

    if name not in boardlab.game_names():
        raise ValueError(f"unknown game {name!r}: one of {', '.join(boardlab.game_names())}")
    cls = game_class(name)
    specs = {spec.name: spec for spec in cls.specs}
    fixed: dict[str, Any] = {}
    for text in settings:
        key, sep, value = text.partition("=")
        key = key.strip()
        if not sep or key not in specs:
            raise ValueError(
                f"--set {text!r}: write --set name=value, name one of {', '.join(specs)}"
            )
        fixed[key] = specs[key].check(parse_value(specs[key], value.strip()))
    return cls.load(**fixed)


def main(argv: list[str] | None = None) -> int:
    """``boardlab ladder GAME [--rungs random,heuristic,mcts:200] [--games N] [--seed S]
    [--set key=value]``: print the ladder's table. A mistake (an unknown game, parameter
    or agent, games not a multiple of the players, a cooperative game) is one line on
    stderr and exit status 2, before any game is played."""
    from boardlab.core import InvalidParameter

    parser = _Parser(prog="boardlab ladder", description=__doc__.splitlines()[0])
    parser.add_argument("game", help="a competitive game's name")
    parser.add_argument("--rungs", default=",".join(RUNGS), help="agent specs, weakest first")
    parser.add_argument("--games", type=int, default=60, help="games a rung")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--set", action="append", metavar="KEY=VALUE", help="a game parameter")
    try:
        args = parser.parse_args(argv)
        game = _game(args.game, args.set or [])
        climbed = ladder(game, args.rungs.split(","), args.games, seed=args.seed)
    except (InvalidParameter, ValueError) as error:
        print(f"boardlab: {' '.join(str(error).split())}", file=sys.stderr)
        return 2
    print(climbed)
    return 0


__all__ = [
    "CLASS_BUDGET",
    "RUNGS",
    "Ladder",
    "Rung",
    "ladder",
    "main",
    "remake_strength",
    "strength",
]


if __name__ == "__main__":  # python -m boardlab.sim.ladder jambo: remake the file's rows
    remake_strength(sys.argv[1:], n_jobs=2)
