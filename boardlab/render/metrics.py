"""Design metrics drawn: one panel per metric, one bar per variant, with 95% intervals.

The numbers come from ``boardlab.sim.metrics`` (each ``Metric`` on a
slice of a ``compare`` frame estimates ``(value, low, high)``); this module
only draws them, so ``boardlab.sim`` never imports matplotlib.
"""

from __future__ import annotations

from collections.abc import Sequence

from matplotlib.backends.backend_agg import FigureCanvasAgg

from . import OKABE_ITO, BoardFigure


def plot_variants(
    frame,
    metrics: Sequence,
    by: str = "variant",
    *,
    labels: Sequence[str] | None = None,
    title: str | None = None,
) -> BoardFigure:
    """Horizontal bars of each metric's mean per group of ``by``, with its 95% CI as whiskers.

    ``metrics`` are ``boardlab.sim.metrics.Metric`` objects, drawn by their
    ``estimate``: ``(value, low, high)`` (e.g. ``LEAD_CHANGES``, ``GAME_LENGTH``); ``labels``
    name their x axes (default: the metric's name). Groups keep the order
    in which they first appear in ``frame`` (the order given to ``compare``).
    Returns a pyplot-free figure that shows itself in a notebook.
    """
    groups = list(dict.fromkeys(frame[by]))
    labels = list(labels) if labels is not None else [m.name for m in metrics]
    if len(labels) != len(metrics):
        raise ValueError("give one label per metric")
    fig = BoardFigure(figsize=(4.6 * len(metrics), 0.55 * len(groups) + 1.6))
    FigureCanvasAgg(fig)
    axes = fig.subplots(1, len(metrics), squeeze=False)[0]
    for ax, metric, label in zip(axes, metrics, labels, strict=True):
        stats = [metric.estimate(frame[frame[by] == group]) for group in groups]
        means = [s[0] for s in stats]
        errors = [[s[0] - s[1] for s in stats], [s[2] - s[0] for s in stats]]
        ax.barh(groups, means, xerr=errors, color=OKABE_ITO["sky blue"], capsize=4)
        ax.invert_yaxis()
        ax.set_xlabel(f"{label} (mean, 95% CI)")
        ax.set_title(metric.name)
        if ax is not axes[0]:
            ax.set_yticklabels([])
    games = frame.groupby(by, sort=False).size()
    count = f"{games.iloc[0]:,} games per {by}" if games.nunique() == 1 else "games per group vary"
    fig.suptitle(f"{title} · {count}" if title else count)
    fig.tight_layout()
    return fig


__all__ = ["plot_variants"]
