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


class MetricNotApplicable(ValueError):
    """A metric asked of games it does not describe (a seat metric of a cooperative game)."""


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
    low = 0.0 if successes <= 0 else max(0.0, centre - half)  # exact at 0% and 100%,
    high = 1.0 if successes >= trials else min(1.0, centre + half)  # not 1 - 1e-16
    return (low, high)


def is_cooperative(frame) -> bool:
    """Games with a team outcome (``team`` is "won" or "lost"), as a cooperative game ends."""
    return "team" in frame.columns and bool(frame["team"].notna().any())


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


def _share(winners, seat: int) -> float:
    return 1 / len(winners) if seat in winners else 0.0


def _win_rates(frame):
    """Win share per seat (a shared win counts 1/k to each of k winners), with 95% CIs."""
    import pandas as pd

    n = len(frame)
    rows = []
    for seat in range(_players(frame)):
        wins = sum(_share(w, seat) for w in frame["winners"])
        low, high = wilson(wins, n)
        rows.append({"seat": seat, "win_rate": wins / n, "ci_low": low, "ci_high": high})
    return pd.DataFrame(rows).set_index("seat")


def _seat0_share(frame):
    return frame["winners"].map(lambda w: _share(w, 0)).astype(float)


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
    won = frame["winners"].map(lambda w: _share(w, 0)).astype(float)
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


def lineups(frame) -> list[list[str]]:
    """The agents of each game, seat by seat (the ``lineup`` column of ``sweep``)."""
    if "lineup" not in frame.columns:
        raise ValueError(
            "skill vs luck needs the agents of every game: run the games with "
            "boardlab.sim.sweep(..., agents=['heuristic', 'random'], rotate_seats=True)"
        )
    return [str(line).split(",") for line in frame["lineup"]]


def _strong_agent(frame, strong: str | None) -> str:
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


def _skill_per_game(frame, strong: str | None = None):
    """The strong agent's win share in each game less the fair share 1/players."""
    import pandas as pd

    name = _strong_agent(frame, strong)
    values = []
    for line, winners in zip(lineups(frame), frame["winners"], strict=True):
        seats = [s for s, agent in enumerate(line) if agent == name]
        if len(seats) != 1:
            raise ValueError(
                f"skill vs luck needs exactly one {name!r} per game; a game has {len(seats)}"
            )
        values.append(_share(winners, seats[0]) - 1 / len(line))
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
    name = _strong_agent(frame, strong)
    shares = _skill_per_game(frame, name) + _fair_shares(frame)
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


def cut_short(frame):
    """Whether each game was stopped by a safeguard cap rather than ended by the rules
    (``ended_by`` "cap"; in a frame saved before that column, ``status`` "truncated")."""
    if "ended_by" in frame.columns:
        return frame["ended_by"] == "cap"
    return frame["status"] == "truncated"


def _team_rows(frame):
    import pandas as pd

    if "team" not in frame.columns:
        return pd.Series(False, index=frame.index)
    return frame["team"].notna()


def _sole_winner(frame):
    return frame["winners"].map(len) == 1


def _completed(frame):
    """1 for a game the rules ended with a result: a sole winner, or a team outcome."""
    return (~cut_short(frame) & (_team_rows(frame) | _sole_winner(frame))).astype(float)


def _drawn(frame):
    """1 for a competitive game the rules ended without a sole winner (a shared first place)."""
    return (~cut_short(frame) & ~_team_rows(frame) & ~_sole_winner(frame)).astype(float)


def _timed_out(frame):
    return cut_short(frame).astype(float)


def _proportion(per_game: Callable) -> Callable:
    """A share of games with its Wilson 95% interval: never zero-width at 0% or 100%."""

    def compute(frame) -> tuple[float, float, float]:
        values = per_game(frame)
        hits, n = float(values.sum()), len(values)
        return (hits / n, *wilson(hits, n))

    return compute


def endings(frame, by: str | list[str] | None = None):
    """How the games ended, one row per way: ``ended_by`` ("rules" or "cap"), the rules'
    ``reason``, the games and their share with a Wilson 95% interval, most common first.

    A length or a win rate is an average over these endings: Kilimanjaro's games that end
    by "all cards played" are not races won at the summit, and capped games not games
    at all (``cut_short_warning``).
    """
    import pandas as pd

    if len(frame) == 0:
        raise ValueError("no games to count: the frame is empty (run at least one game)")
    keys = [] if by is None else [by] if isinstance(by, str) else list(by)
    ways = frame.assign(ended_by=cut_short(frame).map({True: "cap", False: "rules"}))
    rows = []
    groups = [((), ways)] if not keys else ways.groupby(keys, sort=False)
    for key, group in groups:
        counts = group.groupby(["ended_by", "reason"], sort=False).size()
        for (ended_by, reason), games in counts.sort_values(ascending=False).items():
            low, high = wilson(games, len(group))
            row = dict(zip(keys, _key(key), strict=False))
            row.update(ended_by=ended_by, reason=reason, games=int(games))
            row.update(share=games / len(group), share_low=low, share_high=high)
            rows.append(row)
    return pd.DataFrame(rows)


#: Warn when more than this share of a group's games were cut short by a cap.
CUT_SHORT_LIMIT = 0.05


class CutShortWarning(UserWarning):
    """More than ``CUT_SHORT_LIMIT`` of some group's games were cut short by a safeguard cap:
    the numbers then describe games stopped at the cap, not games the rules ended."""


def cut_short_warning(frame, by: str | list[str] | None = None) -> str | None:
    """One or two sentences when more than 5% of the games of any group were cut short by a
    safeguard cap (how many of how many, which cap, what the other numbers then describe),
    else None.

    The groups: ``by``, else the ``variant`` of ``compare``, else the grid points of
    ``sweep`` (named by their parameters), else the whole frame. A what-if whose games
    mostly hit the cap compares the cap with itself: its length change is the cap's.
    """
    if len(frame) == 0:
        return None
    capped = cut_short(frame)
    if not capped.any():
        return None
    keys = _warning_keys(frame, by)
    groups = [((), frame)] if not keys else list(frame.groupby(keys, sort=False))
    flagged, reasons = [], {}
    for key, group in groups:
        cut = int(capped[group.index].sum())
        if cut / len(group) > CUT_SHORT_LIMIT:  # more than 5%: 6 of 100 warns, 5 of 100 not
            flagged.append((_group_label(frame, keys, key), cut, len(group)))
            for reason in frame.loc[group.index[capped[group.index]], "reason"]:
                reasons[reason] = reasons.get(reason, 0) + 1
    if not flagged:
        return None
    caps = "; ".join(sorted(reasons, key=reasons.get, reverse=True)[:3])
    result = (
        "the team's result is the one the cap declares"
        if is_cooperative(frame)
        else "winners are whoever led when play stopped"
    )
    after = (
        "The numbers then describe games stopped at the cap, not finished games: lengths "
        f"are the cap's and {result}."
    )
    if len(flagged) == 1 and not flagged[0][0]:
        _, cut, n = flagged[0]
        return (
            f"{cut} of {n} games ({_percent(cut, n)}) were cut short by a safeguard cap ({caps}) "
            f"instead of ending by the rules. {after}"
        )
    counts = ", ".join(f"{cut} of {n} ({_percent(cut, n)}) at {label}" for label, cut, n in flagged)
    return (
        f"Games were cut short by a safeguard cap ({caps}) instead of ending by the rules: "
        f"{counts}. {after}"
    )


def _percent(part: int, whole: int) -> str:
    """``6%``, or ``5.5%`` where a whole number would hide that it is over 5%."""
    share = 100 * part / whole
    return f"{share:.0f}%" if share == round(share) else f"{share:.1f}%"


def _warning_keys(frame, by) -> list[str]:
    if by is not None:
        return [by] if isinstance(by, str) else list(by)
    for column in ("variant", "point"):
        if column in frame.columns and frame[column].nunique() > 1:
            return [column]
    return []


def _group_label(frame, keys: list[str], key) -> str:
    """A group in words: ``target_gold=50``, ``variant 'b'``."""
    if not keys:
        return ""
    values = _key(key)
    if keys == ["point"]:
        points = frame.attrs.get("sweep", {}).get("points")
        if points and 0 <= values[0] < len(points) and points[values[0]]:
            return ", ".join(f"{n}={v}" for n, v in points[values[0]].items())
        return f"point {values[0]}"
    if keys == ["variant"]:
        return f"variant {values[0]!r}"
    return ", ".join(f"{n}={v}" for n, v in zip(keys, values, strict=True))


def warn_if_cut_short(frame, stacklevel: int = 3) -> None:
    """``warnings.warn`` the frame's ``cut_short_warning`` as a ``CutShortWarning``."""
    message = cut_short_warning(frame)
    if message is not None:
        import warnings

        warnings.warn(message, CutShortWarning, stacklevel=stacklevel)


def _shown(table, warning: str | None):
    """``table`` as a ``Shown`` frame with ``attrs["warning"]``: printed above the table."""
    table = _shown_class()(table)
    table.attrs["warning"] = warning
    return table


def _shown_class():
    """``Shown``, made when first needed: importing the metrics does not import pandas."""
    made = globals().get("Shown")
    if made is not None:
        return made
    import pandas as pd

    class Shown(pd.DataFrame):
        """A table that shows its ``attrs["warning"]`` (games cut short) above itself, in a
        notebook and in text, wherever it goes (``.T``, ``.round``, a slice)."""

        @property
        def _constructor(self):
            return Shown

        def __repr__(self) -> str:
            text = super().__repr__()
            warning = self.attrs.get("warning")
            return f"Warning: {warning}\n{text}" if warning else text

        def _repr_html_(self):
            html = super()._repr_html_()
            warning = self.attrs.get("warning")
            if not warning or html is None:
                return html
            from html import escape

            note = f'<p style="color:#a0522d"><b>Warning:</b> {escape(warning)}</p>'
            return note + html

    Shown.__module__, Shown.__qualname__ = __name__, "Shown"
    globals()["Shown"] = Shown
    return Shown


def __getattr__(name: str):
    """``metrics.Shown`` (what ``lab_table``, ``readable`` and ``summary`` return), made on
    first use, so that a pickled table finds its class."""
    if name == "Shown":
        return _shown_class()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


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
    _proportion(_p1_credit),
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
    _proportion(_completed),
    per_game=_completed,
    source="Ludii Completion",
)
TIMEOUTS = Metric(
    "timeouts",
    "Share of games cut short by a safeguard cap (a turn or action limit) instead of ended "
    "by the rules, with a Wilson 95% interval, as Ludii's "
    "Evaluation/src/metrics/single/outcome/Timeouts.java.",
    _proportion(_timed_out),
    per_game=_timed_out,
    source="Ludii Timeouts",
)
DRAWISHNESS = Metric(
    "drawishness",
    "Share of games the rules ended without a sole winner (a shared first place), with a "
    "Wilson 95% interval, as Ludii's Evaluation/src/metrics/single/outcome/Drawishness.java "
    "(natural draws: a game cut short is a timeout, not a draw).",
    _proportion(_drawn),
    per_game=_drawn,
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
    per_game=_skill_per_game,
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
        return _shown(pd.DataFrame([_summary_row(frame)]), cut_short_warning(frame, by))
    rows = {key: _summary_row(group) for key, group in frame.groupby(by, sort=False)}
    table = pd.DataFrame.from_dict(rows, orient="index")
    table.index.name = by
    return _shown(table, cut_short_warning(frame, by))


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
        row = dict(zip([by] if isinstance(by, str) else (by or []), _key(key), strict=False))
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
    return _shown(table, cut_short_warning(frame, by))


def _key(key) -> tuple:
    return key if isinstance(key, tuple) else (key,)


def _default_names(frame) -> tuple:
    if is_cooperative(frame):
        return LAB_COOPERATIVE
    names = tuple(n for n in LAB_COMPETITIVE if n != "skill_vs_luck")
    if "lineup" in frame.columns:
        try:
            strong = _strong_agent(frame, None)
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
    return _shown(out, table.attrs.get("warning"))
