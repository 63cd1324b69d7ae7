"""Kombo Afrika's board, and When the Board Is Full.

The 5×5 grid (Preparation; our reconstruction, "The board") as the State keeps it:
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

from boardlab.core.events import UNTOLD

from .components import (
    ALL,
    BESIDE_HIGH,
    BESIDE_LOW,
    BOARD,
    CORNER_MASK,
    DECK_BIT,
    DECK_CELL,
    EFFECT,
    MAIN,
    NEIGHBOURS,
    NO_PENDING,
    beside,
    cells_of,
)

if TYPE_CHECKING:
    from collections.abc import Callable

    from .table import KomboAfrikaTable


def picker(cells: list[int]) -> Callable[[list], tuple | list]:
    """A function row → the row's actions on these cells: an ``itemgetter``, made
    afresh (the free cells rarely repeat, and a memo of them cost more than it saved).
    ``_menu`` keeps the one of the free cells in ``_free_picker``, made when a list of
    the legal actions is asked for, until the occupied cells change. One cell or none
    is a slice, a list of one or none (``itemgetter`` of one index would give the
    action itself): no Python function to call. A speed trick, in place of
    ``[row[c] for c in cells]`` for every hand card (``python -m boardlab.bench``)."""
    if len(cells) > 1:
        return itemgetter(*cells)
    if cells:
        return itemgetter(slice(cells[0], cells[0] + 1))
    return itemgetter(slice(0, 0))


class Board:
    """The board's cells as bit masks, the moves of a card, and When the Board Is Full."""

    game: KomboAfrikaTable
    board: list[int]
    occupied: int
    face_up: int
    hypno_cells: int
    colour_masks: list[int]
    phase: int
    pending: tuple[int, int, int, int, int]

    @property
    def filled(self) -> bool:
        """The placement took a free cell, and its effect is being decided (for "When the
        Board Is Full"): the phase of an effect, which only a placement on a free cell
        opens (a HYPNO swap fills none, our decision 5). Derived, not stored: a field less
        (see ``components.NO_PENDING``)."""
        return self.phase == EFFECT

    # -- what lies where -----------------------------------------------------------------------
    def card_at(self, cell: int) -> int:
        """The face on ``cell`` (-1 if free or the deck)."""
        return self.board[cell]

    def is_hidden(self, cell: int) -> bool:
        return bool(self.occupied & ~self.face_up & (1 << cell)) and cell != DECK_CELL

    def free_cells(self) -> int:
        """Cells where a card may be placed: free and side-adjacent to a card or the deck
        (The Player's Turn). Speed: ``beside`` inlined (a call less per placement;
        ``python -m boardlab.bench``)."""
        occupied = self.occupied
        return (BESIDE_LOW[occupied & 0x1FFF] | BESIDE_HIGH[occupied >> 13]) & BOARD & ~occupied

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
    def _touched(self, colour: int, cell: int) -> None:
        """An active card of colour class ``colour`` came to or left ``cell``: mark the
        colour classes whose combos may have changed, for the combo search
        (``Combos._claims``, which looks again at the marked ones only).

        A colour's combos follow from its *linked* cards (those beside a card of their
        colour or a CHAO) and the CHAOs beside them (``Combos._claims``). A card of a
        colour touching no active card of its colour and no active CHAO is in no combo
        and links none (Combos and Scoring: a combo is side-connected): its coming or
        going changes nothing, and marks nothing. A CHAO marks the CHAOs and every
        colour with a card beside it, at once (the cards beside it may leave before the
        search looks). Speed: half the placements are of lone cards, which skip the
        search (the plain code would mark the card's colour at every move;
        ``python -m boardlab.bench --game kombo_afrika``).
        """
        masks = self.colour_masks
        chao_class = self.game.chao_class
        near = NEIGHBOURS[cell]
        if colour != chao_class:
            if near & (masks[colour] | masks[chao_class]):
                self._changed_colours |= 1 << colour
            return
        changed = self._changed_colours | 1 << chao_class
        for other, cells in enumerate(masks):
            if cells & near:
                changed |= 1 << other
        self._changed_colours = changed

    def _put(self, cell: int, face: int) -> None:
        """Lay ``face`` face up on the free ``cell``."""
        bit = 1 << cell
        self.board[cell] = face
        self.occupied |= bit
        self.face_up |= bit
        g = self.game
        colour = g.face_class[face]
        self._touched(colour, cell)
        self.colour_masks[colour] |= bit
        if face in g.hypno_faces:
            self.hypno_cells |= bit

    def _hide(self, cell: int) -> None:
        """Turn the card on ``cell`` face down."""
        bit = 1 << cell
        self.face_up &= ~bit
        colour = self.game.face_class[self.board[cell]]
        self.colour_masks[colour] &= ~bit
        self._touched(colour, cell)

    def _show(self, cell: int) -> None:
        """Turn the (hidden) card on ``cell`` face up."""
        bit = 1 << cell
        self.face_up |= bit
        colour = self.game.face_class[self.board[cell]]
        self._touched(colour, cell)
        self.colour_masks[colour] |= bit

    def _deactivate(self, mask: int) -> None:
        """The cards on ``mask`` are face up no more (claimed, or gone from the board)."""
        self.face_up &= ~mask
        colour_masks = self.colour_masks
        # the colours beside a CHAO that goes may have lost their wildcard (``_touched``)
        touched = mask | beside(colour_masks[self.game.chao_class] & mask)
        changed = self._changed_colours
        for colour, cells in enumerate(colour_masks):
            if cells & touched:
                colour_masks[colour] = cells & ~mask
                changed |= 1 << colour
        self._changed_colours = changed

    def _remove(self, cell: int) -> int:
        """Take the card off ``cell`` (face up or down) and return its face."""
        bit = 1 << cell
        face = self.board[cell]
        self.board[cell] = -1
        if self.face_up & bit:
            colour = self.game.face_class[face]
            self.colour_masks[colour] &= ~bit
            self._touched(colour, cell)
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
        pile. In both cases, the player's turn continues." (our decision 5: a HYPNO swap fills
        no free cell and opens no effect; only a card placed on a free cell ends its
        effect here)."""
        self.phase = MAIN
        self.pending = NO_PENDING
        if self.occupied == ALL:  # ALL: every cell, the deck's too
            hidden = self.occupied & ~self.face_up & ~DECK_BIT
            if hidden:
                gone = hidden
                if self._log is not UNTOLD:  # (speed: no entry built untold; rules.py)
                    self._log.append(("clean_hidden", None, (hidden,)))
            else:
                gone = BOARD & ~CORNER_MASK
                self._log.append(("clean_active", None, (CORNER_MASK,)))
            board = self.board
            cells = cells_of(gone)
            self.discard += map(board.__getitem__, cells)  # in cell order, in one C call
            for c in cells:
                board[c] = -1
            self._deactivate(gone)
            self.occupied &= ~gone
            self.hypno_cells &= ~gone
