"""Kilimanjaro's look shared by the board (``render``) and the track's graph (``analysis``):
the counters' letters and colours, the villages' and camp's colours, where each space of
the track lies. One module below both, so neither imports the other;
no drawing library (simulation workers may load the game's folder)."""

from __future__ import annotations

from math import ceil

from .components import BANANA, CHANGE, LION

#: Letters and colours of the counter kinds; ink is the letter's colour.
COUNTER_LETTER = {BANANA: "B", LION: "L", CHANGE: "C"}
COUNTER_COLOUR = {BANANA: "#F0E442", LION: "#D55E00", CHANGE: "#56B4E9"}
COUNTER_INK = {BANANA: "black", LION: "white", CHANGE: "black"}
COUNTER_MEANING = {
    BANANA: "move the same distance again",
    LION: "back to the last village",
    CHANGE: "swap places with an expedition",
}
HIDDEN_COLOUR = "#8f8f8f"
VILLAGE_FILL, VILLAGE_EDGE = "#f3d9a4", "#8c5a2b"
CAMP_FILL, CAMP_EDGE = "#ffffff", "#2f4b7c"


def columns(length: int) -> int:
    """Spaces per row: 10 for the printed board, wider for long tracks."""
    return max(10, ceil(length / 10))


def layout(length: int) -> dict[int, tuple[float, float]]:
    """Centre of every space 0..``length``: a boustrophedon from the bottom row up.

    Space 1 is bottom left; rows alternate direction so neighbouring spaces
    touch; the start village 0 sits left of space 1, outside the grid (it is
    "next to space 1", Preparation).
    """
    cols = columns(length)
    where = {0: (-1.5, 0.0)}
    for space in range(1, length + 1):
        row, i = divmod(space - 1, cols)
        col = i if row % 2 == 0 else cols - 1 - i
        where[space] = (float(col), float(row))
    return where
