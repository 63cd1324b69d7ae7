"""Tuning one rule: the value of a parameter that brings a design metric nearest a target.

``tune("kombo_afrika", "target", "first_player_edge", 0.0)`` sweeps the
parameter's values, measures the metric at each, and where the metric crosses
the target fits a line through the points around the crossing: its root is the
tuned value. The 95% interval of the root is a bootstrap: the games of every
point are resampled (the same game indices at every point when the sweep is
paired, as the points then share their deals), the line refitted, the root
found again; the 2.5% and 97.5% quantiles of those roots bound it.

The line is only measured between the values tried, and the parameter only exists
inside its allowed range: a root or an interval that reaches past the values tried
is flagged ``extrapolated``, and an interval that reaches past the allowed range is
cut there (``within_range`` False, the bootstrap's own ends kept in
``raw_interval``), and ``describe`` says so in words. Few games make the resampled
lines nearly flat and their roots wild (Kombo Afrika's target once read -445 to 791,
allowed 10 to 300): the remedy is more games per point, not a wider axis.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from typing import Any

from boardlab.core import Game
from boardlab.core.registry import game_class

from . import metrics as _metrics
from .sweep import sweep

#: At most this many values tried when ``values`` is None (evenly spread over the range).
DEFAULT_POINTS = 9


@dataclass
class TuneResult:
    """What ``tune`` found: the table of points, the grid value nearest the target, and
    (numeric parameters whose metric crosses the target) the fitted root and its interval."""

    game: str
    param: str
    metric: str
    target: float
    table: Any  # DataFrame: value, metric, low, high, games
    best: Any
    root: float | None = None
    #: The root's 95% interval, cut to the allowed range (``raw_interval``: as found).
    interval: tuple[float, float] | None = None
    frame: Any = field(default=None, repr=False)
    #: The lowest and the highest value tried (numeric parameters).
    tried: tuple[float, float] | None = None
    #: The parameter's allowed range (an int parameter's ``low`` and ``high``), if any.
    allowed: tuple[float, float] | None = None
    #: The bootstrap interval before it was cut to the allowed range.
    raw_interval: tuple[float, float] | None = None
    #: The root or its interval reach beyond the values tried: the line, not the games.
    extrapolated: bool = False
    #: The root and its bootstrap interval lie inside the allowed range.
    within_range: bool = True

    def describe(self) -> str:
        """The finding in a few sentences, numbers rounded for reading; where the line was
        extrapolated or its interval cut at the allowed range, in so many words."""
        best_row = self.table.loc[self.table["value"] == self.best].iloc[0]
        text = (
            f"{self.game}: {self.metric} is nearest {self.target:g} at {self.param}="
            f"{self.best!r} of the values tried ({best_row['metric']:+.3f}, 95% CI "
            f"{best_row['low']:+.3f} to {best_row['high']:+.3f}, {int(best_row['games'])} games)."
        )
        if self.root is None:
            return text + f" The metric does not cross {self.target:g} between the values tried."
        low, high = self.interval
        text += (
            f" A line through the points around the crossing reaches {self.target:g} at "
            f"{self.param}={self.root:.2f} (95% bootstrap interval {low:.2f} to {high:.2f})."
        )
        return text + self._caveats()

    def _caveats(self) -> str:
        """What the numbers above are not: measured only between the values tried, and
        only meaningful inside the allowed range."""
        tried = f"{_num(self.tried[0])} to {_num(self.tried[1])}" if self.tried else ""
        allowed = f"{_num(self.allowed[0])} to {_num(self.allowed[1])}" if self.allowed else ""
        raw_low, raw_high = self.raw_interval or self.interval
        if self.allowed and not self.allowed[0] <= self.root <= self.allowed[1]:
            return (
                f" That value lies outside the allowed range {allowed}: the line is "
                f"extrapolated beyond the values tried ({tried}), and no allowed value of "
                f"{self.param} is shown to reach {self.target:g}."
            )
        if not self.within_range:
            return (
                f" The interval was cut at the allowed range {allowed}: the resampled lines "
                f"reached {raw_low:.2f} to {raw_high:.2f}, extrapolated far beyond the values "
                f"tried ({tried}), so these games cannot place the crossing more closely; "
                "play more games per point."
            )
        if self.extrapolated:
            return (
                f" The interval reaches beyond the values tried ({tried}): there it is the "
                "line extrapolated, not games measured."
            )
        return ""


def _num(value: float) -> str:
    """A bound for reading: 10, not 10.0."""
    return f"{value:g}" if float(value).is_integer() else f"{value:.2f}"


def _range(game: Game | str, param: str) -> tuple[float, float] | None:
    """The allowed range of ``param`` (an int parameter's ``low`` and ``high``), else None."""
    cls = type(game) if isinstance(game, Game) else game_class(game)
    spec = {spec.name: spec for spec in cls.specs}.get(param)
    if spec is None or spec.low is None or spec.high is None:
        return None
    return (float(spec.low), float(spec.high))


def default_values(game: Game | str, param: str) -> list:
    """Values to try: a bool's two, a choice's choices, up to ``DEFAULT_POINTS`` integers
    spread evenly over an int parameter's range."""
    cls = type(game) if isinstance(game, Game) else game_class(game)
    specs = {spec.name: spec for spec in cls.specs}
    if param not in specs:
        raise ValueError(f"{cls.name} has no parameter {param!r}: one of {', '.join(specs)}")
    spec = specs[param]
    if spec.kind == "bool":
        return [False, True]
    if spec.kind == "choice":
        return list(spec.choices)
    if spec.kind == "int":
        span = spec.high - spec.low
        count = min(DEFAULT_POINTS, span + 1)
        return sorted({spec.low + round(i * span / max(1, count - 1)) for i in range(count)})
    raise ValueError(f"give values=[...] to tune {param!r} (a {spec.kind} parameter)")


def _fit_root(xs: list[float], ys: list[float], target: float) -> float | None:
    """Where the least-squares line through (xs, ys) reaches ``target`` (None if flat)."""
    n = len(xs)
    mx, my = sum(xs) / n, sum(ys) / n
    sxx = sum((x - mx) ** 2 for x in xs)
    if sxx == 0:
        return None
    slope = sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True)) / sxx
    if slope == 0:
        return None
    return mx + (target - my) / slope


def _window(ys: list[float], target: float) -> tuple[int, int] | None:
    """The points around the first crossing of ``target``: the two that bracket it and
    one more on each side (when there is one), as ``(start, stop)``."""
    for k in range(len(ys) - 1):
        a, b = ys[k] - target, ys[k + 1] - target
        if a == 0 or a * b < 0 or (b == 0 and k + 1 == len(ys) - 1):
            return max(0, k - 1), min(len(ys), k + 3)
    return None


def tune(
    game: Game | str,
    param: str,
    metric: Any,
    target: float = 0.0,
    values: Any = None,
    games_per_point: int = 200,
    seed: int = 0,
    *,
    agents: Any = None,
    n_jobs: int = 1,
    backend: str = "local",
    scheduler: Any = None,
    bootstrap: int = 400,
    progress: bool = False,
    rotate_seats: bool | None = None,
    fixed: dict | None = None,
) -> TuneResult:
    """Find the value of ``param`` that brings ``metric`` nearest ``target``.

    ``metric``: a ``boardlab.sim.metrics`` Metric or its short name
    (``"first_player_edge"``, ``"length"``, …; ``metrics.BY_NAME``; an old name such as
    ``"first_player_advantage"`` gives the renamed metric).
    ``values``: a list or range of values (None: ``default_values``). ``fixed``:
    other parameters held at these values. The rest as ``sweep``.
    """
    measure = _metrics.by_name(metric)
    values = list(values) if values is not None else default_values(game, param)
    if not values:
        raise ValueError("values: give at least one value to try")
    grid = [{**(fixed or {}), param: v} for v in values]
    frame = sweep(
        game, grid, agents, games_per_point, seed, n_jobs, backend,
        scheduler=scheduler, progress=progress, rotate_seats=rotate_seats,
    )  # fmt: skip
    groups = [group for _, group in frame.groupby("point", sort=True)]
    import pandas as pd

    rows = []
    for value, group in zip(values, groups, strict=True):
        mean, low, high = measure.estimate(group)
        rows.append({"value": value, "metric": mean, "low": low, "high": high, "games": len(group)})
    table = pd.DataFrame(rows)
    ys = list(table["metric"])
    best = values[min(range(len(values)), key=lambda k: abs(ys[k] - target))]
    result = TuneResult(frame.attrs["sweep"]["game"], param, measure.name, target, table, best)
    result.frame = frame
    numeric = all(isinstance(v, int | float) and not isinstance(v, bool) for v in values)
    window = _window(ys, target) if numeric and len(values) > 1 else None
    if window is None:
        return result
    start, stop = window
    xs = [float(v) for v in values[start:stop]]
    result.root = _fit_root(xs, ys[start:stop], target)
    if result.root is not None:
        roots = _bootstrap(measure, groups[start:stop], xs, target, bootstrap, seed)
        roots.sort()
        if roots:
            lo = roots[int(0.025 * (len(roots) - 1))]
            hi = roots[math.ceil(0.975 * (len(roots) - 1))]
            result.interval = (float(lo), float(hi))
        else:
            result.interval = (math.nan, math.nan)
        _bound(result, [float(v) for v in values], _range(game, param))
    return result


def _bound(result: TuneResult, values: list[float], allowed) -> None:
    """Flag a root or interval beyond the values tried, and cut an interval that reaches past
    the allowed range at its ends (a root itself outside is flagged, never moved)."""
    root, (low, high) = result.root, result.interval
    result.tried, result.allowed = (min(values), max(values)), allowed
    result.raw_interval = (low, high)
    reach = [root] + [x for x in (low, high) if not math.isnan(x)]
    result.extrapolated = any(not result.tried[0] <= x <= result.tried[1] for x in reach)
    if allowed is None:
        return
    result.within_range = all(allowed[0] <= x <= allowed[1] for x in reach)
    if allowed[0] <= root <= allowed[1]:
        result.interval = (max(low, allowed[0]), min(high, allowed[1]))


def _bootstrap(measure, groups, xs, target, rounds: int, seed: int) -> list[float]:
    """Roots of the line refitted to resampled games (paired: the same indices everywhere)."""
    import numpy as np

    rng = random.Random(f"tune/{seed}")
    n = min(len(g) for g in groups)
    per_game = None
    if measure.per_game is not None:
        per_game = np.array([measure.per_game(g).to_numpy(dtype=float)[:n] for g in groups])
    roots = []
    for _ in range(rounds):
        picks = [rng.randrange(n) for _ in range(n)]
        if per_game is not None:
            ys = list(np.nanmean(per_game[:, picks], axis=1))
        else:
            ys = [measure.value(g.iloc[picks]) for g in groups]
        root = _fit_root(xs, ys, target)
        if root is not None and math.isfinite(root):
            roots.append(root)
    return roots
