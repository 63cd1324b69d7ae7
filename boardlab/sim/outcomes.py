"""How games ended, shares of games with intervals that cover, and the warning every
table carries when a cap cut games short (``metrics`` re-exports all of it).

A game ends by the rules or is cut short by a safeguard cap (``ended_by``: "rules" or
"cap"; ``reason`` in the rules' words). Shares of games get Wilson intervals, never
zero-wide at 0% or 100%.
"""

from __future__ import annotations

import math
from collections.abc import Callable


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


def share(winners, seat: int) -> float:
    return 1 / len(winners) if seat in winners else 0.0


def group_key(key) -> tuple:
    return key if isinstance(key, tuple) else (key,)


def cut_short(frame):
    """Whether each game was stopped by a safeguard cap rather than ended by the rules
    (``ended_by`` "cap"; in a frame saved before that column, ``status`` "truncated")."""
    if "ended_by" in frame.columns:
        return frame["ended_by"] == "cap"
    return frame["status"] == "truncated"


def team_rows(frame):
    import pandas as pd

    if "team" not in frame.columns:
        return pd.Series(False, index=frame.index)
    return frame["team"].notna()


def sole_winner(frame):
    return frame["winners"].map(len) == 1


def completed(frame):
    """1 for a game the rules ended with a result: a sole winner, or a team outcome."""
    return (~cut_short(frame) & (team_rows(frame) | sole_winner(frame))).astype(float)


def drawn(frame):
    """1 for a competitive game the rules ended without a sole winner (a shared first place)."""
    return (~cut_short(frame) & ~team_rows(frame) & ~sole_winner(frame)).astype(float)


def timed_out(frame):
    return cut_short(frame).astype(float)


def proportion(per_game: Callable) -> Callable:
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
            row = dict(zip(keys, group_key(key), strict=False))
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
    values = group_key(key)
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


def shown(table, warning: str | None):
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
