"""Design metrics: each a named function with a one-sentence definition.

Where a metric carries a Ludii name (``source="Ludii X"``) it computes X as Ludii's
evaluation code defines it (``Evaluation/src/metrics/`` of github.com/Ludeme/Ludii; the
file is cited in the definition), with the game's scores as Ludii's state evaluation;
where our measure differs it has its own name and no source (``first_player_edge``
beside Ludii's ``advantage_p1``, ``sole_leader_changes`` beside ``lead_change``,
``time_behind`` beside ``drama``, ``decided_at``). A notebook prints the ``definition``
next to the number. Every metric takes the DataFrame of ``boardlab.sim.run``/``sweep``
(one row per game); the per-game inputs (``turns``, ``branching``, ``lead_change``,
``drama``, ``time_behind``, ``decided_at``, ``sole_leader_changes``, ``lineup``) are
columns ``sweep`` adds from ``play(..., track=True)``.

How each game ended is in every frame (``ended_by``: "rules" or "cap"; ``reason``):
``COMPLETION``, ``TIMEOUTS``, ``endings``, and ``cut_short_warning``, which every table
here carries when more than 5% of a group's games were cut short by a cap.

Cooperative games (the team wins or loses together: a ``team`` column) have
no seats to compare and no leader: ``TEAM_WIN_RATE``, ``LOSS_REASONS``,
``GAME_LENGTH``, ``DURATION_TURNS``, ``BRANCHING_FACTOR``, ``COMPLETION`` and
``TIMEOUTS`` apply; the others raise ``MetricNotApplicable`` saying which to use instead.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from .outcomes import (
    CUT_SHORT_LIMIT,
    CutShortWarning,
    completed,
    cut_short,
    cut_short_warning,
    drawn,
    endings,
    group_key,
    is_cooperative,
    proportion,
    share,
    shown,
    timed_out,
    warn_if_cut_short,
    wilson,
)
from .skill import (
    SATURATED,
    SkillEstimate,
    lineups,
    skill_per_game,
    skill_vs_luck_estimate,
    strong_agent,
)

__all__ = [  # the lab's names, those of outcomes.py and skill.py included
    "ADVANTAGE_P1", "ALL", "BALANCE", "BRANCHING_FACTOR", "BY_NAME", "COMPLETION",
    "CUT_SHORT_LIMIT", "DECIDED_AT", "DECISIVENESS", "DRAMA", "DRAWISHNESS",
    "DURATION_TURNS", "FIRST_PLAYER_ADVANTAGE", "FIRST_PLAYER_EDGE", "GAME_LENGTH",
    "LAB_COMPETITIVE", "LAB_COOPERATIVE", "LEAD_CHANGE", "LEAD_CHANGES", "LOSS_REASONS",
    "MARGIN", "OLD_NAMES", "SATURATED", "SKILL_VS_LUCK", "SOLE_LEADER_CHANGES",
    "TEAM_WIN_RATE", "TIMEOUTS", "TIME_BEHIND", "TRUNCATED", "WIN_RATES", "CutShortWarning",
    "Metric", "MetricNotApplicable", "SkillEstimate", "by_name", "cut_short",
    "cut_short_warning", "endings", "is_cooperative", "lab_table", "lineups",
    "paired_difference", "readable", "short_name", "skill_vs_luck_estimate", "summary",
    "warn_if_cut_short", "wilson",
]  # fmt: skip


class MetricNotApplicable(ValueError):
    """A metric asked of games it does not describe (a seat metric of a cooperative game)."""


@dataclass(frozen=True)
class Metric:
    """A named measure of a batch of games.

    ``per_game`` (when the metric is a mean over games, up to a constant) gives each
    game's value, so ``tune`` can bootstrap it cheaply; ``interval`` the 95% interval
    ``(low, high)`` of a metric whose ``compute`` gives the value alone; ``applies`` says
    which games it describes ("competitive", "cooperative" or "both"); ``source`` names
    the Ludii metric it computes, if any (its definition cites Ludii's file).
    """

    name: str
    definition: str
    compute: Callable
    per_game: Callable | None = None
    applies: Literal["competitive", "cooperative", "both"] = "both"
    source: str = ""
    instead: str = ""
    interval: Callable | None = None

    def __call__(self, frame, **kwargs):
        self.check(frame)
        return self.compute(frame, **kwargs)

    def check(self, frame) -> None:
        """Raise ``MetricNotApplicable`` (why, and what to use) for games it can't describe."""
        if len(frame) == 0:
            raise ValueError(f"{self.name}: no games to measure (the frame is empty)")
        cooperative = is_cooperative(frame)
        if self.applies == "competitive" and cooperative:
            raise MetricNotApplicable(
                f"{self.name} does not apply to a cooperative game (the team wins or loses "
                f"together, nobody leads alone){self.instead or '; use team win rate'}"
            )
        if self.applies == "cooperative" and not cooperative:
            raise MetricNotApplicable(
                f"{self.name} applies to cooperative games only (these games have no team "
                "outcome); use win rate by seat"
            )

    def value(self, frame, **kwargs) -> float:
        """The headline number: the metric itself, or the mean of a ``(mean, low, high)``."""
        result = self(frame, **kwargs)
        if isinstance(result, tuple | SkillEstimate):
            return float(next(iter(result)))
        return float(result)

    def estimate(self, frame, **kwargs) -> tuple[float, float, float]:
        """``(value, low, high)``: the value with a 95% interval (a deterministic bootstrap
        over games when the metric has no closed form)."""
        result = self(frame, **kwargs)
        if isinstance(result, tuple | SkillEstimate):
            return tuple(float(x) for x in result)
        value = float(result)
        if self.interval is not None:
            low, high = self.interval(frame, **kwargs)
            return (value, float(low), float(high))
        if self.per_game is not None:
            _, low, high = _mean_ci(list(self.per_game(frame, **kwargs)))
            return (value, low, high)
        rng = random.Random(0)
        n = len(frame)
        draws = sorted(
            self.compute(frame.iloc[[rng.randrange(n) for _ in range(n)]], **kwargs)
            for _ in range(200)
        )
        return (value, float(draws[4]), float(draws[194]))


def _players(frame) -> int:
    """The seats of these games: a sweep over the player count leaves every group the
    score columns of the largest game, empty beyond its own seats."""
    if "num_players" in frame.columns:
        return int(frame["num_players"].max())
    return sum(1 for c in frame.columns if c.startswith("score_") and frame[c].notna().any())


def _seat_counts(frame):
    """Players in each game: ``num_players`` (from ``sweep``) or the score columns filled."""
    if "num_players" in frame.columns:
        return frame["num_players"].astype(float)
    scores = frame[[c for c in frame.columns if c.startswith("score_")]]
    return scores.notna().sum(axis=1).astype(float)


def _win_rates(frame):
    """Win share per seat (a shared win counts 1/k to each of k winners), with 95% CIs."""
    import pandas as pd

    n = len(frame)
    rows = []
    for seat in range(_players(frame)):
        wins = sum(share(w, seat) for w in frame["winners"])
        low, high = wilson(wins, n)
        rows.append({"seat": seat, "win_rate": wins / n, "ci_low": low, "ci_high": high})
    return pd.DataFrame(rows).set_index("seat")


def _seat0_share(frame):
    return frame["winners"].map(lambda w: share(w, 0)).astype(float)


def _fair_share(frame):
    if "num_players" in frame.columns:
        return 1 / _seat_counts(frame)
    return 1 / _players(frame)


def _first_player_edge_per_game(frame):
    return _seat0_share(frame) - _fair_share(frame)


def _first_player_edge(frame) -> float:
    fair = _fair_share(frame)
    return float(_seat0_share(frame).mean() - (fair.mean() if hasattr(fair, "mean") else fair))


def _first_player_edge_interval(frame) -> tuple[float, float]:
    """Seat 0's win share's Wilson interval, less the fair share."""
    fair = _fair_share(frame)
    fair = float(fair.mean()) if hasattr(fair, "mean") else fair
    low, high = wilson(float(_seat0_share(frame).sum()), len(frame))
    return (low - fair, high - fair)


def _p1_credit(frame):
    """Seat 0's credit in each game for Ludii's AdvantageP1: 1 for a sole win, 1/k for a
    first place shared by k (a draw, a partial win as the file counts it), 0 for a loss or a
    game cut short (a timeout: nobody won)."""
    won = frame["winners"].map(lambda w: share(w, 0)).astype(float)
    return won.where(~cut_short(frame), 0.0)


def _sole_wins(frame) -> list[float]:
    """Games each seat won alone by the rules: Ludii's ``winner()`` (a draw or a timeout
    has none)."""
    counts = [0.0] * _players(frame)
    for winners, capped in zip(frame["winners"], cut_short(frame), strict=True):
        if len(winners) == 1 and not capped and winners[0] < len(counts):
            counts[winners[0]] += 1
    return counts


def _mean_ci(values) -> tuple[float, float, float]:
    values = [v for v in values if v == v]  # NaN (a game with no such value) left out
    n = len(values)
    if n == 0:
        return (math.nan, math.nan, math.nan)
    mean = sum(values) / n
    if n < 2:
        return (mean, mean, mean)
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = 1.96 * math.sqrt(var / n)
    return (mean, mean - half, mean + half)


def _column(name: str, metric: str, old: str = "") -> Callable:
    """The per-game column ``name`` (in a frame saved before it was renamed, ``old``)."""

    def values(frame):
        if name not in frame.columns and old in frame.columns and _before_renames(frame):
            return frame[old].astype(float)
        if name not in frame.columns:
            raise ValueError(
                f"{metric} needs the {name!r} column: run the games with boardlab.sim.sweep "
                "(or run/compare), which measure it"
            )
        return frame[name].astype(float)

    return values


def _before_renames(frame) -> bool:
    """A frame saved before Ludii's names meant Ludii's metrics: its ``drama`` column is
    today's ``time_behind``, its ``lead_changes`` today's ``sole_leader_changes``."""
    return "lead_changes" in frame.columns and "sole_leader_changes" not in frame.columns


def _ludii_drama(frame):
    if _before_renames(frame):
        raise ValueError(
            "these games were measured before drama meant Ludii's Drama: their 'drama' column "
            "is the share of the game the winner trailed (metric time_behind); play them "
            "again with boardlab.sim.sweep to measure Ludii's"
        )
    return _column("drama", "drama")(frame)


def _mean_of(per_game: Callable) -> Callable:
    return lambda frame: _mean_ci(list(per_game(frame)))


def _balance(frame) -> float:
    """Ludii's Balance: 1 minus the largest gap between two seats' rates of sole wins."""
    n = len(frame)
    rates = [wins / n for wins in _sole_wins(frame)]
    return 1.0 - (max(rates) - min(rates)) if len(rates) > 1 else 1.0


def _balance_interval(frame) -> tuple[float, float]:
    """A 95% interval for the game's true balance, not for the observed one.

    The observed balance of a perfectly fair game is below 1 almost always (noise only
    widens the gaps), so an interval around it (a bootstrap's) misses the truth. Here each
    seat's rate of sole wins gets a Wilson interval at 1 − 5%/seats (Bonferroni: all of
    them hold together 95% of the time), and the interval is every balance those rates
    allow: from the widest gap the intervals permit to the narrowest (1 when they all
    overlap). It holds the truth whenever the rates' intervals do: at least 95%.
    """
    from statistics import NormalDist

    n, wins = len(frame), _sole_wins(frame)
    if len(wins) < 2:
        return (1.0, 1.0)
    z = NormalDist().inv_cdf(1 - 0.025 / len(wins))
    bounds = [wilson(w, n, z) for w in wins]
    widest = narrowest = 0.0
    for i, (low_i, high_i) in enumerate(bounds):
        for low_j, high_j in bounds[i + 1 :]:
            widest = max(widest, high_i - low_j, high_j - low_i)
            narrowest = max(narrowest, low_i - high_j, low_j - high_i)
    return (max(0.0, 1.0 - widest), min(1.0, 1.0 - narrowest))


def _team_win_rate(frame) -> tuple[float, float, float]:
    won = float((frame["team"] == "won").sum())
    low, high = wilson(won, len(frame))
    return (won / len(frame), low, high)


def _loss_reasons(frame):
    lost = frame[frame["team"] == "lost"]
    return lost["reason"].value_counts().rename("games").rename_axis("reason")


WIN_RATES = Metric(
    "win rate by seat",
    "Share of games each seat wins (shared wins split, a game cut short awarded to its "
    "leaders), with Wilson 95% intervals.",
    _win_rates,
    applies="competitive",
)
ADVANTAGE_P1 = Metric(
    "advantage P1",
    "Seat 0's win rate, a first place shared by k counting 1/k and a game cut short none, "
    "with a Wilson 95% interval, as Ludii's "
    "Evaluation/src/metrics/single/outcome/AdvantageP1.java (a fair game: 1/players).",
    proportion(_p1_credit),
    per_game=_p1_credit,
    applies="competitive",
    source="Ludii AdvantageP1",
)
FIRST_PLAYER_EDGE = Metric(
    "first-player edge",
    "Seat 0's win share (shared wins split, a game cut short awarded to its leaders) minus "
    "the fair share 1/players, with the share's Wilson 95% interval: 0 = no edge (not "
    "Ludii's AdvantageP1, which is the win rate itself: advantage_p1).",
    _first_player_edge,
    per_game=_first_player_edge_per_game,
    applies="competitive",
    interval=_first_player_edge_interval,
)
#: The old name of ``FIRST_PLAYER_EDGE``.
FIRST_PLAYER_ADVANTAGE = FIRST_PLAYER_EDGE
BALANCE = Metric(
    "balance",
    "1 minus the largest gap between two seats' rates of sole wins by the rules (1 = every "
    "seat wins equally often), as Ludii's Evaluation/src/metrics/single/outcome/Balance.java, "
    "with an interval for the game's true balance that reaches 1 when the seats' rates are "
    "within the noise.",
    _balance,
    applies="competitive",
    source="Ludii Balance",
    interval=_balance_interval,
)
GAME_LENGTH = Metric(
    "game length",
    "Mean number of decisions (moves) per game, with a 95% confidence interval, as Ludii's "
    "Evaluation/src/metrics/single/duration/DurationMoves.java.",
    _mean_of(_column("actions", "game length")),
    per_game=_column("actions", "game length"),
    source="Ludii DurationMoves",
)
DURATION_TURNS = Metric(
    "duration in turns",
    "Mean number of turns per game, a turn being a run of decisions by one player (counted "
    "each time the player to move changes, reactions included), with a 95% confidence "
    "interval, as Ludii's Evaluation/src/metrics/single/duration/DurationTurns.java.",
    _mean_of(_column("turns", "duration in turns")),
    per_game=_column("turns", "duration in turns"),
    source="Ludii DurationTurns",
)
SOLE_LEADER_CHANGES = Metric(
    "sole leader changes",
    "Mean number of times the sole leader changed during a game, ties not counted (95% "
    "CI): a count per game, not Ludii's LeadChange (lead_change, a rate per move).",
    _mean_of(_column("sole_leader_changes", "sole leader changes", old="lead_changes")),
    per_game=_column("sole_leader_changes", "sole leader changes", old="lead_changes"),
    applies="competitive",
)
#: The old name of ``SOLE_LEADER_CHANGES``.
LEAD_CHANGES = SOLE_LEADER_CHANGES
LEAD_CHANGE = Metric(
    "lead change",
    "Mean per game of the changes of the set of leaders (the best scores; the first state "
    "counts as one) divided by the moves (95% CI), as Ludii's "
    "Evaluation/src/metrics/single/stateEvaluation/LeadChange.java with the scores as the "
    "evaluation.",
    _mean_of(_column("lead_change", "lead change")),
    per_game=_column("lead_change", "lead change"),
    applies="competitive",
    source="Ludii LeadChange",
)
MARGIN = Metric(
    "winning margin",
    "Mean gap between the best and the second-best score at the end (95% CI): "
    "the spread of a finish — small means close races.",
    _mean_of(_column("margin", "winning margin")),
    per_game=_column("margin", "winning margin"),
    applies="competitive",
)
COMPLETION = Metric(
    "completion",
    "Share of games the rules ended with a result, neither cut short by a cap nor drawn "
    "(a shared first place), with a Wilson 95% interval, as Ludii's "
    "Evaluation/src/metrics/single/outcome/Completion.java (a cooperative game ended by the "
    "rules counts: the team or the game won).",
    proportion(completed),
    per_game=completed,
    source="Ludii Completion",
)
TIMEOUTS = Metric(
    "timeouts",
    "Share of games cut short by a safeguard cap (a turn or action limit) instead of ended "
    "by the rules, with a Wilson 95% interval, as Ludii's "
    "Evaluation/src/metrics/single/outcome/Timeouts.java.",
    proportion(timed_out),
    per_game=timed_out,
    source="Ludii Timeouts",
)
DRAWISHNESS = Metric(
    "drawishness",
    "Share of games the rules ended without a sole winner (a shared first place), with a "
    "Wilson 95% interval, as Ludii's Evaluation/src/metrics/single/outcome/Drawishness.java "
    "(natural draws: a game cut short is a timeout, not a draw).",
    proportion(drawn),
    per_game=drawn,
    source="Ludii Drawishness",
)
#: The old name of ``TIMEOUTS``.
TRUNCATED = TIMEOUTS
DRAMA = Metric(
    "drama",
    "Mean per game of how far the eventual winners' score lies below the best score in the "
    "state before each move, in the game's score units (95% CI), as Ludii's "
    "Evaluation/src/metrics/multiple/metrics/Drama.java averaged over moves with the scores "
    "as the evaluation: 0 = the winner never trailed.",
    _mean_of(_ludii_drama),
    per_game=_ludii_drama,
    applies="competitive",
    source="Ludii Drama",
)
TIME_BEHIND = Metric(
    "time behind",
    "Mean share of a game's steps after which its eventual winner was not among the leaders "
    "(95% CI): how long, not how far, the winner trailed (Ludii's Drama is how far: drama).",
    _mean_of(_column("time_behind", "time behind", old="drama")),
    per_game=_column("time_behind", "time behind", old="drama"),
    applies="competitive",
)
DECIDED_AT = Metric(
    "decided at",
    "Mean share of a game played before its eventual winner led for good (95% CI): small "
    "means decided early (not Ludii's DecisivenessMoves, which waits for an evaluation "
    "above a threshold, once).",
    _mean_of(_column("decided_at", "decided at")),
    per_game=_column("decided_at", "decided at"),
    applies="competitive",
)
#: The old name of ``DECIDED_AT``.
DECISIVENESS = DECIDED_AT
BRANCHING_FACTOR = Metric(
    "branching factor",
    "Mean number of legal actions at a decision, averaged per game (95% CI), as Ludii's "
    "Evaluation/src/metrics/multiple/metrics/BranchingFactor.java averaged over moves.",
    _mean_of(_column("branching", "branching factor")),
    per_game=_column("branching", "branching factor"),
    source="Ludii BranchingFactor",
)
SKILL_VS_LUCK = Metric(
    "skill vs luck",
    "How much one stronger bot's win share exceeds the fair share 1/players against "
    "weaker players, seats rotated, with the share's Wilson 95% interval: 0 = pure luck, "
    "1 − 1/players = pure skill, and 'saturated' when the bot wins 97% of games or more "
    "(then only a stronger opponent can tell more).",
    skill_vs_luck_estimate,
    per_game=skill_per_game,
    applies="competitive",
    instead="; compare team win rate between sweeps with stronger and random agents",
)
TEAM_WIN_RATE = Metric(
    "team win rate",
    "Share of games the team wins together, with a Wilson 95% interval.",
    _team_win_rate,
    per_game=lambda frame: (frame["team"] == "won").astype(float),
    applies="cooperative",
)
LOSS_REASONS = Metric(
    "loss reasons",
    "How many lost games ended for each reason the rules give.",
    _loss_reasons,
    applies="cooperative",
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


ALL = (WIN_RATES, FIRST_PLAYER_EDGE, GAME_LENGTH, SOLE_LEADER_CHANGES, MARGIN, TIMEOUTS)
#: Every metric, by the name ``lab_table``, ``tune`` and the command line know it by.
BY_NAME = {
    "completion": COMPLETION,
    "timeouts": TIMEOUTS,
    "drawishness": DRAWISHNESS,
    "length": GAME_LENGTH,
    "duration_turns": DURATION_TURNS,
    "advantage_p1": ADVANTAGE_P1,
    "first_player_edge": FIRST_PLAYER_EDGE,
    "balance": BALANCE,
    "lead_change": LEAD_CHANGE,
    "sole_leader_changes": SOLE_LEADER_CHANGES,
    "margin": MARGIN,
    "drama": DRAMA,
    "time_behind": TIME_BEHIND,
    "decided_at": DECIDED_AT,
    "branching": BRANCHING_FACTOR,
    "skill_vs_luck": SKILL_VS_LUCK,
    "team_win_rate": TEAM_WIN_RATE,
}
#: Names metrics had before Ludii's names meant Ludii's metrics: ``by_name`` still knows
#: them, and gives the metric under its new name.
OLD_NAMES = {
    "truncated": "timeouts",
    "first_player_advantage": "first_player_edge",
    "lead_changes": "sole_leader_changes",
    "decisiveness": "decided_at",
}


def by_name(name) -> Metric:
    """A metric by its short name (``"advantage_p1"``; an old name such as
    ``"first_player_advantage"`` gives the renamed metric) or the Metric itself."""
    if isinstance(name, Metric):
        return name
    try:
        return BY_NAME[OLD_NAMES.get(name, name)]
    except (KeyError, TypeError):
        raise ValueError(f"no metric {name!r}: one of {', '.join(BY_NAME)}") from None


def short_name(name) -> str:
    """The name ``lab_table`` gives a metric's column: its key in ``BY_NAME`` (an old name
    gives the new one)."""
    metric = by_name(name)
    return next((key for key, known in BY_NAME.items() if known is metric), metric.name)


def summary(frame, by: str | None = None):
    """Headline numbers of a batch, one row per group of ``by`` (e.g. ``"variant"``).

    Columns: games, seat-0 win rate with its 95% interval, first-player edge, mean
    decisions, mean sole leader changes with its 95% interval, margin, the shares
    completed and truncated (cut short by a cap); ``attrs["warning"]`` as ``lab_table``.
    """
    import pandas as pd

    if len(frame) == 0:
        raise ValueError("no games to summarise: the frame is empty (run at least one game)")
    if by is None:
        return shown(pd.DataFrame([_summary_row(frame)]), cut_short_warning(frame, by))
    rows = {key: _summary_row(group) for key, group in frame.groupby(by, sort=False)}
    table = pd.DataFrame.from_dict(rows, orient="index")
    table.index.name = by
    return shown(table, cut_short_warning(frame, by))


def _summary_row(frame) -> dict:
    rates = WIN_RATES(frame)
    length = GAME_LENGTH(frame)[0]
    leads, leads_low, leads_high = SOLE_LEADER_CHANGES(frame)
    margin = MARGIN(frame)[0]
    return {
        "games": len(frame),
        "seat0_win": rates["win_rate"].iloc[0],
        "seat0_ci": f"{rates['ci_low'].iloc[0]:.3f}–{rates['ci_high'].iloc[0]:.3f}",
        "first_player_edge": FIRST_PLAYER_EDGE.value(frame),
        "mean_actions": length,
        "sole_leader_changes": leads,
        "sole_leader_changes_ci": f"{leads_low:.2f}–{leads_high:.2f}",
        "margin": margin,
        "completion": COMPLETION.value(frame),
        "truncated": TIMEOUTS.value(frame),
    }


#: The lab's headline metrics of a competitive and of a cooperative game, in table order:
#: Ludii's beside ours where the two differ (advantage_p1 and first_player_edge,
#: lead_change and sole_leader_changes, drama and time_behind).
LAB_COMPETITIVE = (
    "completion",
    "timeouts",
    "length",
    "duration_turns",
    "advantage_p1",
    "first_player_edge",
    "balance",
    "lead_change",
    "sole_leader_changes",
    "drama",
    "time_behind",
    "decided_at",
    "branching",
    "skill_vs_luck",
)
LAB_COOPERATIVE = ("team_win_rate", "completion", "timeouts", "length", "branching")


def lab_table(frame, by: str | list[str] | None = None, names=None):
    """The design metrics of a batch, one row per group of ``by``: each metric's value and
    its 95% interval (``<name>_low``/``<name>_high``). By default the metrics that apply
    (every game gets completion and timeouts: how many games the rules ended and how many
    a cap cut short; a cooperative game team win rate, length and branching); skill vs
    luck only where one non-random agent sat in every seat in turn (``rotate_seats``), as
    a bot always in seat 0 would mix its skill with the seat's advantage."""
    import pandas as pd

    if len(frame) == 0:
        raise ValueError("no games to tabulate: the frame is empty (run at least one game)")
    groups = [((), frame)] if by is None else list(frame.groupby(by, sort=False))
    rows = []
    for key, group in groups:
        row = dict(zip([by] if isinstance(by, str) else (by or []), group_key(key), strict=False))
        row["games"] = len(group)
        for name in names or _default_names(group):
            metric, name = by_name(name), short_name(name)
            value, low, high = metric.estimate(group)
            row.update({name: value, f"{name}_low": low, f"{name}_high": high})
            if metric is SKILL_VS_LUCK:  # the strong bot's win share, and whether saturated
                skill = skill_vs_luck_estimate(group)
                row.update({f"{name}_wins": skill.win_rate, f"{name}_saturated": skill.saturated})
        rows.append(row)
    table = pd.DataFrame(rows)
    table = table.set_index(by) if by is not None else table
    return shown(table, cut_short_warning(frame, by))


def _default_names(frame) -> tuple:
    if is_cooperative(frame):
        return LAB_COOPERATIVE
    names = tuple(n for n in LAB_COMPETITIVE if n != "skill_vs_luck")
    if "lineup" in frame.columns:
        try:
            strong = strong_agent(frame, None)
        except ValueError:
            return names
        seats = {line.index(strong) for line in lineups(frame) if strong in line}
        if seats == set(range(int(_seat_counts(frame).max()))):  # rotated: every seat
            return (*names, "skill_vs_luck")
    return names


def readable(table):
    """A ``lab_table`` for reading: each metric as ``value [low, high]`` (3 decimals), skill
    vs luck as ``saturated: wins 0.995 [0.982, 0.999]`` when the bot nearly always won,
    and the table's warning (games cut short) above it."""
    import pandas as pd

    out = pd.DataFrame(index=table.index)
    if "games" in table:
        out["games"] = table["games"]
    for name in table.columns:
        if name == "games" or name.endswith(("_low", "_high", "_wins", "_saturated")):
            continue
        if f"{name}_low" in table:
            values = zip(table[name], table[f"{name}_low"], table[f"{name}_high"], strict=True)
            out[name] = [f"{v:.3f} [{lo:.3f}, {hi:.3f}]" for v, lo, hi in values]
        else:
            out[name] = table[name]
        if f"{name}_saturated" in table:  # the bot nearly always wins: say so, not a number
            for index, row in table[table[f"{name}_saturated"].eq(True)].iterrows():
                fair = row[f"{name}_wins"] - row[name]
                out.loc[index, name] = (
                    f"saturated: wins {row[f'{name}_wins']:.3f} "
                    f"[{row[f'{name}_low'] + fair:.3f}, {row[f'{name}_high'] + fair:.3f}]"
                )
    return shown(out, table.attrs.get("warning"))
