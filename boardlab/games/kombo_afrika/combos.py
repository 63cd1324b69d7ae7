"""Kombo Afrika's Combos and Scoring: which groups may be claimed, and what they score.

The rulebook's "Combos and Scoring" and "Pack Building (Combos) — FAQ", with
our decision 3: a combo is a whole side-connected group of at
least ``min_combo`` active (face-up) cards of one colour, whoever placed
them; one CHAO may join it as wildcard (counting toward the size, bridging
groups of that colour it touches, worth the highest other card);
side-connected CHAOs alone form a combo worth 1 per card. A player gathers
at most one combo a turn, at any moment of it; its cards turn face down.

Two halves:

- ``ComboShapes`` (``shapes.py``), a part of the Game: the combos of one
  colour, found from that colour's cells by a flood fill on bit masks and
  memoized (the same shapes recur across positions and games).
- ``Combos`` (here), a part of the State: asks for the combos of only the
  colours a move changed, offers and checks claims (whole, or card by card in
  the variant ``partial_combos``) and scores them.

The tests check this search against networkx's connected components on
thousands of random boards (``combos_networkx`` in
``tests/games/test_kombo_afrika.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardlab.core import IllegalAction
from boardlab.core.fields import part_of

from .actions import Claim, ClaimCancel, ClaimCard, ClaimDone
from .components import (
    BESIDE_HIGH,
    BESIDE_LOW,
    CELLS,
    CHAO,
    CLAIM,
    MAIN,
    cells_of,
    grow,
)

if TYPE_CHECKING:
    from .table import KomboAfrikaTable


class Combos:
    """Combos and Scoring, for the State: the combos now, and claiming one.

    The fields it reads are the State's (``rules.py``): ``board``, ``colour_masks``
    (the active cells of each colour class, CHAOs last), ``claimed``, ``selection``
    (the cells chosen so far in variant ``partial_combos``, a part of the State's
    ``pending``: ``components.NO_PENDING``), and the caches ``_claim_cache``,
    ``_changed_colours`` and ``_colour_claims`` (see ``_claims``).
    """

    game: KomboAfrikaTable
    board: list[int]
    colour_masks: list[int]
    claimed: bool
    pending: tuple[int, int, int, int, int]

    selection = part_of(
        "pending", 4, "Variant partial_combos: the cells chosen so far for a claim."
    )

    # -- the combos now ---------------------------------------------------------------------
    def combos(self) -> dict[int, int]:
        """Every claimable combo now: ``{cells mask: points}`` (our decision 3).

        A combo is a whole side-connected group of ≥ ``min_combo`` active cards of one
        colour; one CHAO may join as wildcard (counting toward the size, bridging groups
        of that colour it touches, worth the highest other card); side-connected CHAOs
        alone form a combo worth 1 per card.
        """
        return {a.cells: self.combo_value(a.cells) for a in self._claims()}

    def combo_value(self, mask: int) -> int:
        """The points of the combo on ``mask``: the sum of its cards, a CHAO worth the
        highest other card; CHAOs alone 1 each (Card Effects: CHAO; our decision 3)."""
        g = self.game
        board = self.board
        values = [g.points[board[c]] for c in cells_of(mask) if g.animal[board[c]] != CHAO]
        size = mask.bit_count()
        if not values:
            return size
        return sum(values) + max(values) * (size - len(values))

    def _claims(self) -> tuple:
        """The ``Claim`` actions of every combo now.

        The combos of one colour depend only on its *linked* active cards — those with a
        card of their colour or a CHAO beside them; a lone card is in no combo and links
        none — and the CHAOs beside those: that is the key of the game's memo
        (``combo_shapes``), and a lone card laid finds the colour's combos under the key
        it had, the very same tuple (so by identity nothing changed). The CHAO-only
        combos depend on the active CHAOs alone (key ``-CHAOs``). The state asks again
        only for the colour classes marked since (``_changed_colours``, set by the moves
        of a card, ``Board._touched``). ``_colour_claims`` keeps each class's combos
        (CHAOs last), ``_claim_cache`` the tuple of them all (None: none kept).

        Speed: the key is computed inline (a call less per colour looked at). The plain
        code searches every colour at every step; this looks again at the changed ones
        only, and finds their shapes in the memo (``python -m boardlab.bench --game
        kombo_afrika``; checked against the plain search in ``test_kombo_afrika_speed.py``).
        """
        changed = self._changed_colours
        if not changed:
            return self._claim_cache
        self._changed_colours = 0
        g = self.game
        colour_masks = self.colour_masks
        chao_class = g.chao_class
        chaos = colour_masks[chao_class]
        memo = g._shape_memo
        least = g.min_combo
        kept = self._colour_claims
        same = self._claim_cache is not None  # is the tuple of combos still the one kept?
        if changed >> chao_class:  # the CHAO-only combos (our decision 3)
            changed ^= 1 << chao_class
            found = ()
            if chaos.bit_count() >= least:
                found = memo.get(-chaos)
                if found is None:
                    found = g.combo_shapes(-chaos)
            if found is not kept[chao_class]:  # memo tuples: the same combos, the same tuple
                same = False
                kept[chao_class] = found
        while changed:
            lowest = changed & -changed
            changed ^= lowest
            colour = lowest.bit_length() - 1
            cells = colour_masks[colour]
            both = cells | chaos  # ``beside``, inlined: two look-ups each
            core = cells & (BESIDE_LOW[both & 0x1FFF] | BESIDE_HIGH[both >> 13])
            near = (BESIDE_LOW[core & 0x1FFF] | BESIDE_HIGH[core >> 13]) & chaos
            found = ()
            if (core | near).bit_count() >= least:
                key = (core, near) if near else core
                found = memo.get(key)
                if found is None:
                    found = g.combo_shapes(key)
            if found is not kept[colour]:  # most changes leave a colour's combos
                same = False
                kept[colour] = found
        if same:
            return self._claim_cache
        out: list = []
        for found in kept:
            if found:
                out += found
        self._claim_cache = out = tuple(out)  # a clone shares it: immutable
        return out

    def _claim_offers(self) -> list:
        """The claims of the turn's main choice: every combo, or (variant partial_combos)
        every card of some combo to start one with; none once a combo is gathered."""
        if self.claimed:
            return []
        claims = self._claims()
        if claims and self.game.partial:
            union = 0
            for a in claims:
                union |= a.cells
            table = self.game.claim_card_table
            return [table[c] for c in cells_of(union)]
        return list(claims)

    # -- claiming a whole combo ---------------------------------------------------------------
    def _claim(self, action: Claim) -> None:
        """Combos and Scoring (our decision 3): at most one combo a turn, scored as the sum of
        its cards, which turn face down."""
        if self.game.partial or self.claimed:
            raise self._claim_error(action)
        claims = self._claims()
        if action not in claims:
            raise self._claim_error(action)
        self._score_claim(action.cells, self.combo_value(action.cells))

    def _score_claim(self, mask: int, value: int) -> None:
        """Score the combo on ``mask``; its cards turn face down ("After scoring you turn all
        cards from the combo face down", Combos and Scoring)."""
        p = self.current_player
        self._deactivate(mask)
        self.claimed = True
        self._log.append(("claim", None, (p, mask, value)))
        self._gain(p, value)

    def _claim_error(self, action) -> IllegalAction:
        if self.claimed:
            return IllegalAction(
                "a player may gather only one combo each turn", "Combos and Scoring", action
            )
        if self.game.partial and type(action) is Claim:
            return IllegalAction(
                "this game claims combos card by card (partial_combos)", "our decision 3", action
            )
        return IllegalAction(
            "those cards are no combo: a whole side-connected group of at least "
            f"{self.game.min_combo} active cards of one colour (one CHAO at most as wildcard)",
            "Combos and Scoring; our decision 3",
            action,
        )

    # -- variant partial_combos: a combo chosen card by card -------------------------------------
    def _claim_card(self, action: ClaimCard) -> None:
        """Variant partial_combos: start a claim with a card of some claimable group."""
        if self.claimed or not 0 <= action.cell < CELLS:
            raise self._claim_error(action)
        claims = self._claims()
        bit = 1 << action.cell
        if not any(a.cells & bit for a in claims):
            raise self._claim_error(action)
        self.selection = bit
        self.phase = CLAIM

    def _claim_actions(self) -> list:
        """Variant partial_combos: extend the chosen cards, score them, or cancel."""
        g = self.game
        table = g.claim_card_table
        out = [table[c] for c in cells_of(self._extensions())]
        if self._selection_value() is not None:
            out.append(g.claim_done)
        out.append(g.claim_cancel)
        return out

    def _claim_step(self, action, kind) -> None:
        """Variant partial_combos: add a side-adjacent card, score, or cancel."""
        if kind is ClaimCancel:
            self.selection = 0
            self.phase = MAIN
            return
        if kind is ClaimDone:
            value = self._selection_value()
            if value is None:
                raise IllegalAction(
                    f"a combo needs at least {self.game.min_combo} cards", "our decision 3", action
                )
            mask = self.selection
            self.selection = 0
            self.phase = MAIN
            self._score_claim(mask, value)
            return
        if not 0 <= action.cell < CELLS or not self._extensions() >> action.cell & 1:
            raise IllegalAction(
                "add an active card side-adjacent to the chosen ones, of their colour "
                "(or one CHAO)",
                "Combos and Scoring; Pack Building FAQ",
                action,
            )
        self.selection |= 1 << action.cell

    def _extensions(self) -> int:
        """Cards that keep the chosen ones part of some whole combo, side-adjacent to them:
        a connected part of a valid combo is itself one once it has ``min_combo`` cards,
        so a claim never reaches a dead end (our decision 3, variant)."""
        selection = self.selection
        claims = self._claims()
        near = grow(selection) & ~selection
        ok = 0
        for a in claims:
            if a.cells & selection == selection:
                ok |= near & a.cells
        return ok

    def _selection_colour(self) -> int:
        """The colour class of the chosen cards (-1 if they are all CHAOs)."""
        g = self.game
        for c in cells_of(self.selection):
            colour = g.face_class[self.board[c]]
            if colour != g.chao_class:
                return colour
        return -1

    def _selection_value(self) -> int | None:
        """The points of the chosen cards, or None if they are no combo (yet)."""
        g = self.game
        cells = cells_of(self.selection)
        if len(cells) < g.min_combo:
            return None
        colour = self._selection_colour()
        if colour < 0:
            return len(cells)
        values = [g.points[self.board[c]] for c in cells if g.face_class[self.board[c]] == colour]
        return sum(values) + (max(values) if len(values) < len(cells) else 0)
