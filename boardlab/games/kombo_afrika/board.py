"""Kombo Afrika's board, and When the Board Is Full.

The 5×5 grid (Preparation; dossier, "The board") as the State keeps it:
``board`` holds the face on each cell (-1 if free), and sets of cells are
bit masks — ``occupied`` (cells holding a card, and always the deck's
centre cell), ``face_up`` (the active cards; an occupied cell not face up
holds a hidden card), ``hypno_cells``, and ``colour_masks[k]`` the active
cards of colour class ``k`` (the CHAOs last). A card comes, turns or goes
only through the five moves here (``_put``, ``_hide``, ``_show``,
``_deactivate``, ``_remove``), each keeping those masks in step and marking
its colour changed for the combo search (``combos.py``).

``Board`` is a part of the State (``rules.py``).
"""

from __future__ import annotations

from operator import itemgetter
from typing import TYPE_CHECKING

from .components import BOARD, CORNER_MASK, DECK_BIT, DECK_CELL, MAIN, cells_of, grow

if TYPE_CHECKING:
    from collections.abc import Callable

    from .rules import KomboAfrikaGame


def picker(cells_mask: int) -> Callable[[list], tuple]:
    """A function row → the row's actions on these cells: an ``itemgetter``, made
    afresh (the free cells rarely repeat, and a memo of them cost more than it saved).
    ``legal_actions`` keeps the one of the free cells in ``_pick_free``, made again only
    when the occupied cells changed since (``_occupied_seen``)."""
    cells = cells_of(cells_mask)
    if len(cells) > 1:
        return itemgetter(*cells)
    if cells:
        only = cells[0]
        return lambda row: (row[only],)
    return lambda row: ()


class Board:
    """The board's cells as bit masks, the moves of a card, and When the Board Is Full."""

    game: KomboAfrikaGame
    board: list[int]
    occupied: int
    face_up: int
    hypno_cells: int
    colour_masks: list[int]
    filled: bool

    # -- what lies where -----------------------------------------------------------------------
    def card_at(self, cell: int) -> int:
        """The face on ``cell`` (-1 if free or the deck)."""
        return self.board[cell]

    def is_hidden(self, cell: int) -> bool:
        return bool(self.occupied & ~self.face_up & (1 << cell)) and cell != DECK_CELL

    def free_cells(self) -> int:
        """Cells where a card may be placed: free and side-adjacent to a card or the deck
        (The Player's Turn)."""
        occupied = self.occupied
        return grow(occupied) & BOARD & ~occupied

    def _derive(self) -> None:
        """Recompute what follows from ``board``, ``occupied`` and ``face_up``: the active
        cells of each colour, the HYPNOs' cells, and (lazily) the combos."""
        g = self.game
        board = self.board
        self.colour_masks = [0] * (g.chao_class + 1)
        for c in cells_of(self.face_up):
            self.colour_masks[g.face_class[board[c]]] |= 1 << c
        self.hypno_cells = 0
        for c in cells_of(self.occupied & ~DECK_BIT):
            if board[c] in g.hypno_faces:
                self.hypno_cells |= 1 << c
        self._forget()

    # -- a card comes, turns or goes -----------------------------------------------------------
    def _put(self, cell: int, face: int) -> None:
        """Lay ``face`` face up on the free ``cell``."""
        bit = 1 << cell
        self.board[cell] = face
        self.occupied |= bit
        self.face_up |= bit
        g = self.game
        colour = g.face_class[face]
        self.colour_masks[colour] |= bit
        self._changed_colours |= 1 << colour
        if face in g.hypno_faces:
            self.hypno_cells |= bit

    def _hide(self, cell: int) -> None:
        """Turn the card on ``cell`` face down."""
        bit = 1 << cell
        self.face_up &= ~bit
        colour = self.game.face_class[self.board[cell]]
        self.colour_masks[colour] &= ~bit
        self._changed_colours |= 1 << colour

    def _show(self, cell: int) -> None:
        """Turn the (hidden) card on ``cell`` face up."""
        bit = 1 << cell
        self.face_up |= bit
        colour = self.game.face_class[self.board[cell]]
        self.colour_masks[colour] |= bit
        self._changed_colours |= 1 << colour

    def _deactivate(self, mask: int) -> None:
        """The cards on ``mask`` are face up no more (claimed, or gone from the board)."""
        self.face_up &= ~mask
        colour_masks = self.colour_masks
        for colour in range(len(colour_masks)):
            if colour_masks[colour] & mask:
                colour_masks[colour] &= ~mask
                self._changed_colours |= 1 << colour

    def _remove(self, cell: int) -> int:
        """Take the card off ``cell`` (face up or down) and return its face."""
        bit = 1 << cell
        face = self.board[cell]
        self.board[cell] = -1
        if self.face_up & bit:
            colour = self.game.face_class[face]
            self.colour_masks[colour] &= ~bit
            self._changed_colours |= 1 << colour
        self.occupied &= ~bit
        self.face_up &= ~bit
        self.hypno_cells &= ~bit
        return face

    # -- When the Board Is Full ----------------------------------------------------------------
    def _after_effect(self) -> None:
        """The placed card's effect is over (or it had none); then When the Board Is Full:
        "After a card is placed on the last free space of the board and its effect is
        activated, collect all hidden cards from the board and put them on the discard
        pile. Active cards still remain in place on the board. If the board is filled with
        only active cards, remove all but the corner cards and put them on the discard
        pile. In both cases, the player's turn continues." (dossier 5: a HYPNO swap fills
        no free cell)."""
        self.phase = MAIN
        self.effect = -1
        self.effect_cell = -1
        self.effect_step = 0
        self.effect_picked = -1
        if self.filled and self.occupied == BOARD | DECK_BIT:
            hidden = self.occupied & ~self.face_up & ~DECK_BIT
            if hidden:
                gone = hidden
                self._log.append(("clean_hidden", None, (hidden,)))
            else:
                gone = BOARD & ~CORNER_MASK
                self._log.append(("clean_active", None, (CORNER_MASK,)))
            board = self.board
            discard = self.discard
            for c in cells_of(gone):
                discard.append(board[c])
                board[c] = -1
            self._deactivate(gone)
            self.occupied &= ~gone
            self.hypno_cells &= ~gone
        self.filled = False
