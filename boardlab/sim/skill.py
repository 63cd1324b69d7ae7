"""Skill vs luck along a ladder of bots: how much a stronger agent wins beyond its fair
share, with a Wilson interval, and "saturated" when it nearly always wins (``metrics``
re-exports it; ``SKILL_VS_LUCK`` is the metric)."""

from __future__ import annotations

from dataclasses import dataclass

from .outcomes import share, wilson


def lineups(frame) -> list[list[str]]:
    """The agents of each game, seat by seat (the ``lineup`` column of ``sweep``)."""
    if "lineup" not in frame.columns:
        raise ValueError(
            "skill vs luck needs the agents of every game: run the games with "
            "boardlab.sim.sweep(..., agents=['heuristic', 'random'], rotate_seats=True)"
        )
    return [str(line).split(",") for line in frame["lineup"]]


def strong_agent(frame, strong: str | None) -> str:
    names = {name for line in lineups(frame) for name in line}
    if strong is not None:
        if strong not in names:
            raise ValueError(f"no {strong!r} agent in these games: they have {sorted(names)}")
        return strong
    others = sorted(names - {"random"})
    if len(others) != 1:
        raise ValueError(
            f"say which agent is the strong one (strong=...): the games have {sorted(names)}"
        )
    return others[0]


def skill_per_game(frame, strong: str | None = None):
    """The strong agent's win share in each game less the fair share 1/players."""
    import pandas as pd

    name = strong_agent(frame, strong)
    values = []
    for line, winners in zip(lineups(frame), frame["winners"], strict=True):
        seats = [s for s, agent in enumerate(line) if agent == name]
        if len(seats) != 1:
            raise ValueError(
                f"skill vs luck needs exactly one {name!r} per game; a game has {len(seats)}"
            )
        values.append(share(winners, seats[0]) - 1 / len(line))
    return pd.Series(values, index=frame.index, dtype=float)


#: A stronger agent that wins at least this share of its games is "saturated".
SATURATED = 0.97


@dataclass(frozen=True)
class SkillEstimate:
    """Skill vs luck of one rung of a ladder: ``strong`` against the other agents.

    ``value`` (with its 95% interval ``low``..``high``): the strong agent's win share less
    the fair share 1/players; ``win_rate`` (``win_low``..``win_high``, Wilson): its win
    share itself. ``saturated``: it won at least ``SATURATED`` (97%) of these games, so
    the number says only "it nearly always wins" — more games would not change that; a
    stronger opponent (the next rung: random → heuristic → mcts:N) would. Unpacks as
    ``(value, low, high)``, like the other metrics.
    """

    strong: str
    games: int
    value: float
    low: float
    high: float
    win_rate: float
    win_low: float
    win_high: float
    saturated: bool

    def __iter__(self):
        return iter((self.value, self.low, self.high))

    def __str__(self) -> str:
        if self.saturated:
            return (
                f"saturated: {self.strong} wins {self.win_rate:.3f} "
                f"[{self.win_low:.3f}, {self.win_high:.3f}] of {self.games} games"
            )
        return f"{self.value:.3f} [{self.low:.3f}, {self.high:.3f}]"


def skill_vs_luck_estimate(frame, strong: str | None = None) -> SkillEstimate:
    """How much ``strong`` (by default the one agent that is not "random") wins beyond its
    fair share, with Wilson intervals (never zero-width at 0% or 100%) and the saturated
    flag: what a ladder of bots reads rung by rung.

    Each game needs exactly one ``strong`` agent; seats rotated (``sweep``'s default for an
    uneven line-up), so that its wins are its skill and not its seat's edge.
    """
    name = strong_agent(frame, strong)
    shares = skill_per_game(frame, name) + _fair_shares(frame)
    wins, n = float(shares.sum()), len(shares)
    fair = float(_fair_shares(frame).mean())
    low, high = wilson(wins, n)
    rate = wins / n
    return SkillEstimate(
        strong=name,
        games=n,
        value=rate - fair,
        low=low - fair,
        high=high - fair,
        win_rate=rate,
        win_low=low,
        win_high=high,
        saturated=rate >= SATURATED,
    )


def _fair_shares(frame):
    """1/players of each game, from its line-up."""
    import pandas as pd

    return pd.Series([1 / len(line) for line in lineups(frame)], index=frame.index, dtype=float)
