"""Tembo: how far the herd has come toward the win — the search bots' measure.

``State.progress`` for ``ISMCTSAgent(progress_weight=...)``: random playouts never win
Tembo, so a search grades a lost playout by how far it got (``bots.SEARCH``).
"""

from __future__ import annotations

from .components import grow


class Progress:
    """``TemboState``'s ``progress`` (seed "Winning", "Landmarks")."""

    def progress(self) -> float:
        """How far the herd has come toward the win (seed "Winning": all landmarks
        visited, then elephants on both destination cells), in [0, 1]: 1 once won, else
        these shares over the sum of their largest values (landmarks + 2¼), below 1 —

        * each landmark, 1 once visited, else the fraction of its purple cells occupied
          (by elephants or the Matriarch: seed "Landmarks");
        * the Destination, the fraction of its cells holding elephants;
        * the journey, the herd's eastmost column (elephants or the Matriarch) over the
          last;
        * the approach, ``1 / (4 d)`` for a herd ``d`` steps (king moves) from the
          nearest free cell of the next goal — an unvisited landmark's purple cells,
          else the Destination's — at most a quarter, the least a goal cell adds, so
          reaching a goal cell never lowers the measure.

        Speed: cells as bits (``components.Masks``): the herd's columns are its mask
        folded onto the first row (as ``window`` does), a goal's occupied cells one
        ``bit_count``, and ``d`` the herd's mask grown until it meets the goal's: about
        10 µs, once per playout of a search."""
        if self.outcome is not None and self.outcome.team == "won":
            return 1.0
        masks = self.game.masks
        seen = self.herd | 1 << self.matriarch
        shares, goal = 0.0, 0
        for visited, purple in zip(self.visited, masks.purple, strict=True):
            if visited:
                shares += 1.0
            else:
                shares += (seen & purple).bit_count() / purple.bit_count()
                goal |= purple & ~seen
        destination = masks.destination
        shares += (self.herd & destination).bit_count() / destination.bit_count()
        if not goal:
            goal = destination & ~seen
        spread = seen
        for shift in masks.fold:
            spread |= spread >> shift
        shares += ((spread & masks.first_row).bit_length() - 1) / (len(masks.columns) - 1)
        reach = seen
        for steps in range(1, len(masks.columns) + 1):
            reach = grow(reach, masks)
            if reach & goal:
                shares += 0.25 / steps
                break
        return shares / (len(masks.purple) + 2.25)
