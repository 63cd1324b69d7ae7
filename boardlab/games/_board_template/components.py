"""Achi's board (§1): nine points, 0–8 row by row from the bottom left, named by column
and row ("a1" bottom left, "b2" the centre), joined by lines of three.

# TEMPLATE: your board's places, the one helper that names them (every text that
# names a place uses it: narration, actions, ``render.locate``) and how they connect.
"""

from __future__ import annotations

POINTS = range(9)
#: The eight lines of three points (§1, §4): rows, columns and the two diagonals.
LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))
#: Each point's neighbours: the points next to it along a line (§3 Movement).
STEPS = [(ln[i], ln[j]) for ln in LINES for i, j in ((0, 1), (1, 0), (1, 2), (2, 1))]
NEIGHBOURS = tuple(tuple(sorted(b for a, b in STEPS if a == p)) for p in POINTS)


def name(point: object) -> str:
    """``"b2"``: a point's name (or, for a number that is no point, what a refusal says)."""
    if point not in POINTS:
        return f"point {point!r} (there is none)"
    return "abc"[point % 3] + str(point // 3 + 1)
