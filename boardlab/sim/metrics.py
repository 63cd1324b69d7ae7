"""Design metrics: each a named function with a one-sentence definition.

As in Ludii's evaluation metrics, a metric states what it measures so a
notebook can print the definition next to the number. Every metric takes
the DataFrame of ``boardlab.sim.run`` (one row per game).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass


def wilson(successes: float, trials: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson score interval for a proportion (95% by default).

    Better than ``p ± z·√(p(1−p)/n)`` near 0 and 1 and for small samples,
    which is where win rates of lopsided variants live.
    """
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass(frozen=True)
class Metric:
    """A named measure of a batch of games."""

    name: str
    definition: str
    compute: Callable

    def __call__(self, frame, **kwargs):
        return self.compute(frame, **kwargs)


def _players(frame) -> int:
    return sum(1 for column in frame.columns if column.startswith("score_"))


def _win_rates(frame):
    """Win share per seat (a shared win counts 1/k to each of k winners), with 95% CIs."""
    import pandas as pd

    n = len(frame)
    rows = []
    for seat in range(_players(frame)):
        wins = sum(1 / len(w) for w in frame["winners"] if seat in w)
        low, high = wilson(wins, n)
        rows.append({"seat": seat, "win_rate": wins / n, "ci_low": low, "ci_high": high})
    return pd.DataFrame(rows).set_index("seat")


def _first_player_advantage(frame) -> float:
    players = _players(frame)
    rate = _win_rates(frame)["win_rate"].iloc[0]
    return rate - 1 / players


def _mean_ci(values) -> tuple[float, float, float]:
    values = list(values)
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return (mean, mean, mean)
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = 1.96 * math.sqrt(var / n)
    return (mean, mean - half, mean + half)


WIN_RATES = Metric(
    "win rate by seat",
    "Share of games each seat wins (shared wins split), with Wilson 95% intervals.",
    _win_rates,
)
FIRST_PLAYER_ADVANTAGE = Metric(
    "first-player advantage",
    "Seat 0's win rate minus the fair share 1/players (0 = no advantage).",
    _first_player_advantage,
)
GAME_LENGTH = Metric(
    "game length",
    "Mean number of decisions per game, with a 95% confidence interval.",
    lambda frame: _mean_ci(frame["actions"]),
)
LEAD_CHANGES = Metric(
    "lead changes",
    "Mean number of times the sole leader changed during a game (95% CI): "
    "more means a closer, less predictable race.",
    lambda frame: _mean_ci(frame["lead_changes"]),
)
MARGIN = Metric(
    "winning margin",
    "Mean gap between the best and the second-best score at the end (95% CI): "
    "the spread of a finish — small means close races.",
    lambda frame: _mean_ci(frame["margin"]),
)
TRUNCATED = Metric(
    "truncated games",
    "Share of games cut off by the turn cap instead of finishing by the rules.",
    lambda frame: float((frame["status"] == "truncated").mean()),
)


def paired_difference(frame, column: str, a: str, b: str, by: str = "variant"):
    """Mean of ``column`` in variant ``a`` minus variant ``b``, game by game, with a 95% CI.

    ``compare`` plays the same seeds under every variant, so the games pair
    up: the difference of each pair cancels the luck of the deal, and the
    interval is much narrower than comparing two separate intervals.
    Returns ``(mean, low, high)``; an interval that excludes 0 is a real
    difference at the 5% level.
    """
    left = frame[frame[by] == a].set_index("seed")[column]
    right = frame[frame[by] == b].set_index("seed")[column]
    paired = (left - right).dropna()
    if paired.empty:
        raise ValueError(f"no seeds in common between {a!r} and {b!r}")
    return _mean_ci(paired)


ALL = (WIN_RATES, FIRST_PLAYER_ADVANTAGE, GAME_LENGTH, LEAD_CHANGES, MARGIN, TRUNCATED)


def summary(frame, by: str | None = None):
    """Headline numbers of a batch, one row per group of ``by`` (e.g. ``"variant"``).

    Columns: games, seat-0 win rate with its 95% interval, first-player
    advantage, mean decisions, mean lead changes with its 95% interval,
    share truncated.
    """
    import pandas as pd

    if len(frame) == 0:
        raise ValueError("no games to summarise: the frame is empty (run at least one game)")
    if by is None:
        return pd.DataFrame([_summary_row(frame)])
    rows = {key: _summary_row(group) for key, group in frame.groupby(by, sort=False)}
    table = pd.DataFrame.from_dict(rows, orient="index")
    table.index.name = by
    return table


def _summary_row(frame) -> dict:
    rates = WIN_RATES(frame)
    length = GAME_LENGTH(frame)[0]
    leads, leads_low, leads_high = LEAD_CHANGES(frame)
    margin = MARGIN(frame)[0]
    return {
        "games": len(frame),
        "seat0_win": rates["win_rate"].iloc[0],
        "seat0_ci": f"{rates['ci_low'].iloc[0]:.3f}–{rates['ci_high'].iloc[0]:.3f}",
        "first_player_advantage": FIRST_PLAYER_ADVANTAGE(frame),
        "mean_actions": length,
        "lead_changes": leads,
        "lead_changes_ci": f"{leads_low:.2f}–{leads_high:.2f}",
        "margin": margin,
        "truncated": TRUNCATED(frame),
    }
