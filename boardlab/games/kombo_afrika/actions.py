"""Kombo Afrika's actions: a turn is a sequence of small decisions (our decision 2).

The main choice is: place a card (which, where), claim a combo (which), or
end the turn. After a placement comes the effect decision — use it or
skip it, one target per step (CROC's cards, VULT's card, GIFFE's card and
then its destination). Before the first turn each player keeps their
hand or takes the one-time mulligan (our decision 1).

Cards are face indices of the game's deck; ``label`` carries the card's
words for ``str`` and JSON but takes no part in equality, so a hand-built
``Place(card, cell)`` is the legal placement it names. A label that is given
must still be the card's: ``Game.admit`` reads the placement's JSON back and
refuses one whose fields disagree (a wrong label would be written into the
record). The game turns JSON back into actions
(``KomboAfrikaGame.action_from_json``), since reading a card's name needs the
game's deck.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from boardlab.core import Action

from .components import CELL_NAMES, cell_name, cells_of


class _Constant(Action):
    """An action without fields: its JSON is just its name."""

    __slots__ = ()

    def to_json(self) -> dict:
        return {"action": type(self).__name__}


@dataclass(frozen=True, slots=True)
class KeepHand(_Constant):
    """Preparation: keep the five dealt cards."""

    def __str__(self) -> str:
        return "keep your hand"


@dataclass(frozen=True, slots=True)
class Mulligan(_Constant):
    """Preparation: once, put the whole hand on the discard pile and draw 5 new cards."""

    def __str__(self) -> str:
        return "discard your hand and draw 5 new cards (mulligan)"


@dataclass(frozen=True, slots=True)
class Place(Action):
    """Place a hand card face up on a cell (HYPNO: also onto a face-up card, to swap)."""

    card: int
    cell: int
    #: The card's name (``game.labels[card]``): empty in a hand-built placement, else
    #: checked to be the card's (``Game.admit``).
    label: str = field(default="", compare=False, repr=False)

    def __str__(self) -> str:
        return f"place {self.label or f'card {self.card}'} on {cell_name(self.cell)}"

    def to_json(self) -> dict:
        return {"action": "Place", "card": self.label, "cell": CELL_NAMES[self.cell]}


@dataclass(frozen=True, slots=True)
class UseEffect(_Constant):
    """Activate the effect of the card just placed (SURI, PAPO, KONG)."""

    def __str__(self) -> str:
        return "use the card's effect"


@dataclass(frozen=True, slots=True)
class SkipEffect(_Constant):
    """Do not activate the effect ("as soon as it is placed or not at all")."""

    def __str__(self) -> str:
        return "skip the card's effect"


@dataclass(frozen=True, slots=True)
class Target(Action):
    """Choose the card on ``cell`` for the effect (CROC, VULT, GIFFE)."""

    cell: int

    def __str__(self) -> str:
        return f"choose the card on {cell_name(self.cell)}"

    def to_json(self) -> dict:
        return {"action": "Target", "cell": cell_name(self.cell)}


@dataclass(frozen=True, slots=True)
class MoveTo(Action):
    """GIFFE: the free cell, next to the chosen card, it moves to."""

    cell: int

    def __str__(self) -> str:
        return f"move it to {cell_name(self.cell)}"

    def to_json(self) -> dict:
        return {"action": "MoveTo", "cell": cell_name(self.cell)}


@dataclass(frozen=True, slots=True)
class Done(_Constant):
    """CROC: stop after flipping one card."""

    def __str__(self) -> str:
        return "flip no second card"


@dataclass(frozen=True, slots=True)
class Claim(Action):
    """Claim the combo on these cells (a bit mask): score it and hide its cards."""

    cells: int

    def __str__(self) -> str:
        return "claim the combo on " + ", ".join(cell_name(c) for c in cells_of(self.cells))

    def to_json(self) -> dict:
        return {"action": "Claim", "cells": [cell_name(c) for c in cells_of(self.cells)]}


@dataclass(frozen=True, slots=True)
class ClaimCard(Action):
    """Variant ``partial_combos``: add the card on ``cell`` to the combo being claimed."""

    cell: int

    def __str__(self) -> str:
        return f"add {cell_name(self.cell)} to the combo"

    def to_json(self) -> dict:
        return {"action": "ClaimCard", "cell": cell_name(self.cell)}


@dataclass(frozen=True, slots=True)
class ClaimDone(_Constant):
    """Variant ``partial_combos``: the combo is complete; score it."""

    def __str__(self) -> str:
        return "score the chosen combo"


@dataclass(frozen=True, slots=True)
class ClaimCancel(_Constant):
    """Variant ``partial_combos``: give up this claim (no combo claimed yet this turn)."""

    def __str__(self) -> str:
        return "cancel the claim"


@dataclass(frozen=True, slots=True)
class EndTurn(_Constant):
    """End the turn: refill the hand to five."""

    def __str__(self) -> str:
        return "end your turn"


ACTION_TYPES = (
    KeepHand,
    Mulligan,
    Place,
    UseEffect,
    SkipEffect,
    Target,
    MoveTo,
    Done,
    Claim,
    ClaimCard,
    ClaimDone,
    ClaimCancel,
    EndTurn,
)
