"""Achi's board (§1 The board): nine points in a 3×3 grid, joined by its lines.

A point is an int, 0–8, row by row from the bottom left; players read its name,
the column's letter and the row's number: ``"a1"`` bottom left, ``"b2"`` the centre.

# TEMPLATE: your board's places, the one helper that names them (every text that
# names a place uses it: narration, actions, ``render.locate``) and how they connect.
"""

from __future__ import annotations

POINTS = range(9)
#: The eight lines of three points: rows, columns and the two diagonals (§1, §4).
LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))
#: Each point's neighbours: the points next to it along a line (§3 Movement).
NEIGHBOURS = tuple(
    tuple(sorted({ln[i] for ln in LINES if p in ln for i in range(3) if abs(i - ln.index(p)) == 1}))
    for p in POINTS
)


def name(point: int) -> str:
    """``"b2"``: the point's name; a ``ValueError`` for no point."""
    if point not in POINTS:
        raise ValueError(f"there is no point {point!r}")
    return "abc"[point % 3] + str(point // 3 + 1)


def spot(point: object) -> str:
    """A point's name, or what a refusal says of a number that is no point."""
    return name(point) if point in POINTS else f"point {point!r} (there is none)"
