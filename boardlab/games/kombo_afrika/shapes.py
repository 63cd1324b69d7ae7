"""Kombo Afrika's combos of one colour, for the Game: found by a flood fill, memoized.

The half of Combos and Scoring that depends on the board's cells only, not on a
position: the game keeps it (``table.KomboAfrikaTable``), so the same shapes
are found once for every state and game that meets them. The half that reads a
position, offers claims and scores them is ``combos.Combos``, a part of the
State.
"""

from __future__ import annotations

from .actions import Claim
from .components import beside, component, components, grow


class ComboShapes:
    """Combos and Scoring, for the Game: the combos of one colour, memoized by its cells."""

    min_combo: int
    _claim_table: dict[int, Claim]  # cells → the one ``Claim`` action of those cells
    _shape_memo: dict  # a colour's cells (see ``combo_shapes``) → its combos

    def claim_action(self, mask: int) -> Claim:
        """The one ``Claim`` action of a set of cells (interned)."""
        action = self._claim_table.get(mask)
        if action is None:
            action = self._claim_table[mask] = Claim(mask)
        return action

    def combo_shapes(self, key) -> tuple:
        """The combos of one colour, as ``Claim`` actions, memoized by the colour's cells.

        ``key`` is the colour's active cells (an int), or ``(cells, CHAOs beside them)``,
        or ``-CHAOs`` for the CHAO-only combos (Combos and Scoring). Whole side-connected groups
        of ≥ ``min_combo`` cards; one CHAO joins with every group of the colour it
        touches; CHAOs alone form their own groups. The memo is a speed trick, in place
        of a flood fill at every look: the same shapes recur across positions and games
        (``python -m boardlab.bench --game kombo_afrika``).
        """
        memo = self._shape_memo
        if len(memo) > 200_000:  # bounded: long simulations meet many shapes
            memo.clear()
        least = self.min_combo
        out = []
        if isinstance(key, int) and key < 0:
            for group in components(-key):
                if group.bit_count() >= least:
                    out.append(self.claim_action(group))
        else:
            cells, near = key if isinstance(key, tuple) else (key, 0)
            linked = cells & beside(cells)  # the cards with a neighbour of their colour
            if linked.bit_count() >= least:
                for group in components(linked):
                    if group.bit_count() >= least:
                        out.append(self.claim_action(group))
            while near:
                chao = near & -near
                near ^= chao
                group = component(grow(chao) & cells, cells)
                if group.bit_count() + 1 >= least:
                    out.append(self.claim_action(group | chao))
        memo[key] = shapes = tuple(out)  # shared by every state that meets it: immutable
        return shapes
