"""Jambo, "Phase 1: Draw Cards": the turn's clock and the draw (``JamboState`` mixes it in).

The turn count, the player whose gold ended the game, whether the active player has
drawn this turn; and the phase's three actions: draw, keep or discard the card drawn,
go to phase 2 (``rules.TURN_ACTIONS``).
"""

from __future__ import annotations

from boardlab.core.events import UNTOLD
from boardlab.core.fields import part_of


class PhaseOne:
    """The turn's clock and phase 1's actions, for ``JamboState``."""

    # -- the turn count, the last turn, the turn's first draw ----------------------------
    # Speed: these three share one list, ``_clock`` (read about once a turn;
    # ``core.fields``), so a state keeps 27 attributes and CPython's compact instance
    # layout (29 names shared by a class's instances, measured on 3.11) still holds the two
    # that ``sim.play`` adds when tracking (``leaders``, ``options``): past it, an instance
    # keeps a dict, and every attribute read of every step pays a look-up (a twentieth of a
    # random playout).
    turn = part_of("_clock", 0, "Turns played (both players').")
    ender = part_of(
        "_clock", 1, "The player whose gold reached the target: the other plays the last turn."
    )
    drew = part_of("_clock", 2, "The active player has drawn a card this turn (phase 1).")

    def _draw(self, action) -> None:
        """ "Phase 1: Draw Cards": "This costs 1 action marker." """
        p = self.active
        self.actions -= 1
        self._clock[2] = True  # ``drew``
        self.drawn = card = self.draw_top()
        self.phase = "drawn"
        if self._log is not UNTOLD:
            self._log.append(("draw", (p,), (p, card, "phase 1")))

    def _keep_drawn(self, action) -> None:
        """Keep the card drawn ("he is done with phase 1 and moves immediately to phase 2")
        or discard it face up (and may draw again)."""
        p = self.active
        card, self.drawn = self.drawn, None
        if action.keep:
            self.hands[p].append(card)
            self.phase = "play"
            if self._log is not UNTOLD:
                self._log.append(("keep", None, (p,)))
        else:
            self.discard.append(card)
            self.phase = "draw"
            if self._log is not UNTOLD:
                self._log.append(("discard_drawn", None, (p, card)))

    def _stop_drawing(self, action) -> None:
        """Go to phase 2 without keeping a card ("Phase 1: Draw Cards": he may skip it)."""
        self.phase = "play"
        if self._log is not UNTOLD:
            self._log.append(("phase_two", None, (self.active,)))
