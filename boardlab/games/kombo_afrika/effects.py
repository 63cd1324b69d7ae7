"""Kombo Afrika's Card Effects: one function per animal, in the rulebook's words.

"After placing the card, the player can activate its effect. The card effect
must be activated as soon as it is placed on the board or not at all. The
exception is the Chao card, whose effect is permanent." (The Player's Turn)

A placed card's effect is a small decision (our decision 4): use or skip it
(SURI, PAPO, KONG), or choose its cards one step at a time (CROC's one or
two cards, VULT's card, GIFFE's card and then where it goes). HYPNO's swap
is the placement itself: HYPNO is placed onto a face-up card. CHAO has no
effect to decide: its permanent effect, the wildcard, is in ``combos.py``.

``Effects`` is a part of the State (``rules.py``); ``ANIMAL_EFFECTS`` says
which function resolves each animal's effect, ``TARGETS`` which cards each
targeting animal may choose.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardlab.core import IllegalAction
from boardlab.core.events import UNTOLD
from boardlab.core.fields import part_of

from .actions import Done, MoveTo, Place, SkipEffect, Target, UseEffect
from .components import (
    ANIMALS,
    BOARD,
    CELLS,
    CHAO,
    CROC,
    DECK_BIT,
    EFFECT,
    GIFFE,
    HYPNO,
    KONG,
    NEIGHBOURS,
    PAPO,
    SURI,
    VULT,
    cell_name,
    cells_of,
    grow,
)

if TYPE_CHECKING:
    from collections.abc import Callable

    from .table import KomboAfrikaTable

#: Animals whose effect is a use/skip decision without a target.
SIMPLE_EFFECTS = frozenset((SURI, PAPO, KONG))
#: Animals with no effect to decide once placed on a free cell.
NO_EFFECT = frozenset((HYPNO, CHAO))


class Effects:
    """Card Effects, for the State: the pending effect, its choices, and each animal's.

    The fields it reads are the State's (``rules.py``): ``effect`` (the animal whose
    effect is being decided, -1 if none), ``effect_cell`` (where that card lies),
    ``effect_step`` (0, or 1 once CROC has flipped a card or GIFFE picked one) and
    ``effect_picked`` (the cell of the card GIFFE moves) — the parts of the one tuple
    ``pending`` (``components.NO_PENDING``), which the hot steps read directly.
    """

    game: KomboAfrikaTable
    board: list[int]
    occupied: int
    face_up: int
    hypno_cells: int
    pending: tuple[int, int, int, int, int]

    effect = part_of("pending", 0, "The animal whose effect is being decided (-1: none).")
    effect_cell = part_of("pending", 1, "The cell of the card whose effect is being decided.")
    effect_step = part_of("pending", 2, "0, or 1 once CROC has flipped a card or GIFFE picked one.")
    effect_picked = part_of("pending", 3, "The cell of the card GIFFE moves (-1: none yet).")

    # -- the pending effect -------------------------------------------------------------------
    def _begin_effect(self, face: int, cell: int) -> None:
        """The card ``face`` was just placed on the free cell ``cell``: its effect is decided
        now or never (The Player's Turn). HYPNO on a free cell and CHAO have none; an
        effect with no card to act on passes (our decision 4)."""
        animal = self.game.animal[face]
        if animal in NO_EFFECT:
            self._after_effect()
            return
        self.pending = (animal, cell, 0, -1, 0)
        if animal in SIMPLE_EFFECTS or TARGETS[animal](self):
            self.phase = EFFECT
            return
        # (speed: an untold playout builds no entry, here and below: ``_draw`` in rules.py)
        if self._log is not UNTOLD:
            self._log.append(("no_target", None, (self.current_player, face)))
        self._after_effect()

    def _effect_actions(self) -> list:
        """Use or skip; or the cards the effect may choose now, and skip (or, after CROC's
        first card, stop); GIFFE's second step: the free cells beside the picked card."""
        g = self.game
        pending = self.pending
        effect = pending[0]
        if effect in SIMPLE_EFFECTS:
            return [g.use, g.skip]
        step = pending[2]
        if effect == GIFFE and step == 1:
            table = g.move_table
            return [table[c] for c in cells_of(self._giffe_destinations())]
        out = [*map(g.target_row, cells_of(TARGETS[effect](self)))]
        out.append(g.done if step == 1 else g.skip)
        return out

    def _resolve_effect(self, action, kind) -> None:
        """Card Effects (our decision 4): skip it at once, or play the animal's own rule."""
        effect, cell, step, _, _ = self.pending
        if kind is SkipEffect and step == 0:
            p = self.current_player
            if self._log is not UNTOLD:
                self._log.append(("skip", None, (p, self.board[cell])))
            self._after_effect()
            return
        ANIMAL_EFFECTS[effect](self, action, kind)

    def _use(self, action, kind) -> None:
        """A use/skip effect accepts only "use" once it is not skipped."""
        if kind is not UseEffect:
            raise IllegalAction(
                f"use or skip {ANIMALS[self.effect]}'s effect", "Card Effects", action
            )

    def _chosen_target(self, action, targets: int, refusal: str) -> int:
        """The cell ``action`` chooses for the pending effect among ``targets``, if it may
        (else ``IllegalAction``; ``refusal`` says why that cell may not, ``{}`` its
        name)."""
        if type(action) is not Target or not 0 <= action.cell < CELLS:
            raise IllegalAction(
                f"choose a card for {ANIMALS[self.effect]}'s effect"
                + (" or stop" if self.effect_step else " or skip it"),
                "Card Effects",
                action,
            )
        cell = action.cell
        if not targets >> cell & 1:
            raise IllegalAction(refusal.format(cell_name(cell)), "Card Effects", action)
        return cell

    # -- SURI --------------------------------------------------------------------------------
    def _suri(self, action, kind) -> None:
        """SURI — Gain a Card: "Draw 1 new card from the draw deck into your hand."
        (Card Effects)"""
        self._use(action, kind)
        p = self.current_player
        if self._log is not UNTOLD:
            self._log.append(("suri", None, (p,)))
        self._draw(p, 1)
        self._after_effect()

    # -- HYPNO -------------------------------------------------------------------------------
    def _swappable(self) -> int:
        """The cells HYPNO may be placed onto: face-up cards that are no HYPNO."""
        return self.face_up & ~self.hypno_cells

    def _hypno(self, action: Place) -> None:
        """HYPNO — Swap a Card: "Take any face-up card from the board to your hand and put
        HYPNO in its place. You can also place HYPNO on an empty place, but then the effect
        doesn't activate. HYPNO cannot use this effect to take another HYPNO." (Card Effects)

        ``action`` places HYPNO onto a taken cell: the swap is the placement itself
        (our decision 4), so no effect step follows and no free cell is filled.
        """
        p = self.current_player
        face, cell = action.card, action.cell
        bit = 1 << cell
        hypnos = self.game.hypno_faces
        if face not in hypnos or not self.face_up & bit or self.board[cell] in hypnos:
            raise self._place_error(action)
        hand = self.hands[p]
        old = self._remove(cell)
        hand.remove(face)
        hand.append(old)
        self._put(cell, face)
        if self._log is not UNTOLD:
            self._log.append(("swap", None, (p, face, cell, old)))

    # -- PAPO --------------------------------------------------------------------------------
    def _papo(self, action, kind) -> None:
        """PAPO — Gain Extra Points: "Gain 1 extra point for each card left in your hand
        (after you place this card)." (Card Effects)"""
        self._use(action, kind)
        p = self.current_player
        left = len(self.hands[p])
        if self._log is not UNTOLD:
            self._log.append(("papo", None, (p, left)))
        self._gain(p, left)
        self._after_effect()

    # -- CROC --------------------------------------------------------------------------------
    def _croc_targets(self) -> int:
        """Another face-up card: "CROC can flip another CROC, but cannot flip itself"."""
        return self.face_up & ~(1 << self.pending[1])

    def _croc(self, action, kind) -> None:
        """CROC — Drown 2 Cards: "Flip 1 or 2 cards face-down. Gain 1 extra point for each
        card flipped. CROC can flip another CROC, but cannot flip itself." (Card Effects)

        One card a step; after the first, flip a second or stop (``Done``).
        """
        if kind is Done and self.effect_step == 1:
            self._after_effect()
            return
        refusal = "CROC flips another face-up card, and {} is none"
        cell = self._chosen_target(action, self._croc_targets(), refusal)
        p = self.current_player
        self._hide(cell)
        if self._log is not UNTOLD:
            self._log.append(("croc", None, (p, cell, self.board[cell])))
        self._gain(p, 1)
        if self.effect_step == 0 and self._croc_targets():
            self.effect_step = 1
            return
        self._after_effect()

    # -- VULT --------------------------------------------------------------------------------
    def _vult_targets(self) -> int:
        """A hidden card (the deck's cell holds none)."""
        return self.occupied & ~self.face_up & ~DECK_BIT

    def _vult(self, action, kind) -> None:
        """VULT — Revive a Card: "Flip 1 previously flipped card back face-up. Its effect is
        not activated again, however the card can be used for a combo." (Card Effects)"""
        refusal = "VULT revives a hidden card, and {} holds none"
        cell = self._chosen_target(action, self._vult_targets(), refusal)
        self._show(cell)
        if self._log is not UNTOLD:
            self._log.append(("vult", None, (self.current_player, cell, self.board[cell])))
        self._after_effect()

    # -- GIFFE -------------------------------------------------------------------------------
    def _giffe_targets(self) -> int:
        """Another card, face up or down, with a free cell beside it ("GIFFE can move another
        GIFFE, but cannot move itself")."""
        occupied = self.occupied
        return grow(BOARD & ~occupied) & occupied & ~DECK_BIT & ~(1 << self.pending[1])

    def _giffe_destinations(self) -> int:
        """The free cells beside the card GIFFE picked (the placement-adjacency rule does
        not apply to the move: our decision 4)."""
        return NEIGHBOURS[self.effect_picked] & BOARD & ~self.occupied

    def _giffe(self, action, kind) -> None:
        """GIFFE — Shift a Card: "Move any card (face-up or face-down) in the play area onto
        an adjacent free space. GIFFE can move another GIFFE, but cannot move itself."
        (Card Effects)

        Two steps: the card (``Target``), then the free cell it moves to (``MoveTo``).
        """
        if self.effect_step == 0:
            refusal = "GIFFE moves another card that has a free cell beside it; {} is not"
            self.effect_picked = self._chosen_target(action, self._giffe_targets(), refusal)
            self.effect_step = 1
            return
        if kind is not MoveTo or not 0 <= action.cell < CELLS:
            raise IllegalAction("choose where GIFFE moves the card", "Card Effects", action)
        destination = action.cell
        source = self.effect_picked
        if not self._giffe_destinations() >> destination & 1:
            raise IllegalAction(
                f"{cell_name(destination)} is no free cell next to {cell_name(source)}",
                "Card Effects: GIFFE",
                action,
            )
        hidden = not self.face_up >> source & 1
        moved = self._remove(source)
        self._put(destination, moved)
        if hidden:
            self._hide(destination)
        if self._log is not UNTOLD:
            self._log.append(("giffe", None, (self.current_player, source, destination)))
        self._after_effect()

    # -- KONG --------------------------------------------------------------------------------
    def _kong(self, action, kind) -> None:
        """KONG — Redraw your Hand: "Discard the rest of the cards in your hand and draw the
        same amount of new cards from the draw deck. You can continue your turn with the new
        cards." (Card Effects)"""
        self._use(action, kind)
        p = self.current_player
        hand = self.hands[p]
        k = len(hand)
        if self._log is not UNTOLD:
            self._log.append(("kong", None, (p, k)))
        if k:
            self._log.append(("discard_hand", (p,), (p, 0, *hand)))
            self.discard += hand
            hand.clear()
            self._draw(p, k)
        self._after_effect()


#: Animal → the function that plays its effect once placed (HYPNO's swap is its
#: placement, ``Effects._hypno``; CHAO's wildcard is in ``combos.py``).
ANIMAL_EFFECTS: dict[int, Callable[[Effects, object, type], None]] = {
    SURI: Effects._suri,
    PAPO: Effects._papo,
    CROC: Effects._croc,
    VULT: Effects._vult,
    GIFFE: Effects._giffe,
    KONG: Effects._kong,
}

#: Animal → the cells its effect may choose (the animals that choose a card).
TARGETS: dict[int, Callable[[Effects], int]] = {
    CROC: Effects._croc_targets,
    VULT: Effects._vult_targets,
    GIFFE: Effects._giffe_targets,
}
