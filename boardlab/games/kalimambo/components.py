"""Kalimambo's components (our reconstruction, "Components"; French text "Pour préparer la
partie").

Each player holds 12 movement cards, one each of 0..11, in their colour;
Kali has a black set of the same 12 cards, shuffled face down. The path is
a closed loop of 32 spaces with 6 dung heaps of 3 penalty points each.
Mambo (the rhino), the explorers and Kali are *figures* on the path.

Figures are small ints so a playout moves ints: explorer ``p`` is figure
``p`` (0..players-1) and Kali is figure ``players``. Positions are on an
unbounded line (our decision 2); ``position % track_length`` is the
space of the loop (``loop_space``): what the dung heaps are placed on, and the
number the board, the narration and the observation give a figure's place.
"""

from __future__ import annotations

#: The printed game: cards 0..11, 12 rounds, a 32-space loop, 6 heaps of 3 points.
MAX_CARD = 11
ROUNDS = 12
TRACK_LENGTH = 32
DUNG_HEAPS = 6
DUNG_PENALTY = 3
#: Empty spaces between two heaps when they are laid out (our decision 2).
DUNG_MIN_GAP = 2
#: Explorer colours in the box (one per player; our reconstruction, "Components").
COLOURS = 7


def figure_name(figure: int, players: int) -> str:
    """``"player 2"`` or ``"Kali"``: how the narration names a figure."""
    return "Kali" if figure == players else f"player {figure}"


def loop_space(position: int, track_length: int) -> int:
    """The space of the loop under a position of the unbounded line (our decision 2)."""
    return position % track_length


def random_dung(rng_order: list[int], free: int, heaps: int, gap: int) -> list[int]:
    """Offsets of ``heaps`` heaps in a stretch of ``free`` spaces, ``gap`` apart at least.

    ``rng_order`` is a shuffled ``range(free - (heaps - 1) * gap)``: its first
    ``heaps`` entries, sorted, are a uniformly random set of "compressed"
    offsets, and adding ``i * gap`` to the i-th spreads them out (a uniform
    choice among all layouts that respect the gap).
    """
    chosen = sorted(rng_order[:heaps])
    return [offset + i * gap for i, offset in enumerate(chosen)]


def even_dung(free: int, heaps: int) -> list[int]:
    """Offsets of ``heaps`` heaps spread evenly over a stretch of ``free`` spaces."""
    if heaps == 0:
        return []
    if heaps == 1:
        return [free // 2]
    return [i * (free - 1) // (heaps - 1) for i in range(heaps)]
