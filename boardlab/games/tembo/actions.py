"""Tembo's actions: one small step each (a compound choice is several small steps).

A turn (seed "Turn") is one of two actions, each chosen in steps:

* **Build the savanna**: ``Build(card)`` → ``OnArea(area)`` → ``Turn(quarters)`` only
  for a card with the rotation symbol (or support token C) → ``Choose(player)`` when
  the area's build action names "another player" → ``Elephant(cell)`` for the
  action that places one elephant.
* **Place elephants**: ``Place(card)`` → ``Turn(quarters)`` only after support token
  C → ``Footprint(cell)``: where the pattern's first footprint goes.

Before either, ``Support(token)`` spends a support token (D then asks for an
``Elephant(cell)``). ``Discard(card)`` exists only when neither action is
possible (a reconstruction: the seed does not say). Every field is a plain
public value (a card's printed name, a cell name such as ``"b14"``, an area
letter), so the mixin's JSON (``{"action": "Build", "card": "I-03"}``) is kept.
"""

from __future__ import annotations

from dataclasses import dataclass

from boardlab.core import Action

TOKEN_WORDS = {
    "A": "+1 energy",
    "B": "+2 rested elephants",
    "C": "turn the card you play this turn",
    "D": "place 1 rested elephant, ignoring rough terrain",
}
DIRECTIONS = ("north", "east", "south", "west")


@dataclass(frozen=True, slots=True)
class Support(Action):
    """Spend a support token of the team before your action (seed "Support tokens")."""

    token: str

    def __str__(self) -> str:
        return f"spend support token {self.token} ({TOKEN_WORDS[self.token]})"


@dataclass(frozen=True, slots=True)
class Build(Action):
    """A. Build the savanna with a card from your hand (seed "Turn", A)."""

    card: str

    def __str__(self) -> str:
        return f"build the savanna with card {self.card}"


@dataclass(frozen=True, slots=True)
class Place(Action):
    """B. Place elephants by the footprint pattern of a card (seed "Turn", B)."""

    card: str

    def __str__(self) -> str:
        return f"place elephants by the pattern of card {self.card}"


@dataclass(frozen=True, slots=True)
class Discard(Action):
    """Discard a card when you can neither build nor place (reconstruction)."""

    card: str

    def __str__(self) -> str:
        return f"discard card {self.card} (no build or placement is possible)"


@dataclass(frozen=True, slots=True)
class OnArea(Action):
    """Lay the card being built on a free card area (seed "Build the savanna")."""

    area: str

    def __str__(self) -> str:
        return f"lay the card on area {self.area}"


@dataclass(frozen=True, slots=True)
class Turn(Action):
    """Turn the card (rotation symbol or token C) so its arrow points this way."""

    quarters: int

    def __str__(self) -> str:
        return f"turn it so its arrow points {DIRECTIONS[self.quarters]}"


@dataclass(frozen=True, slots=True)
class Choose(Action):
    """The "another player" of a build action (seed "Build the savanna")."""

    player: int

    def __str__(self) -> str:
        return f"choose player {self.player}"


@dataclass(frozen=True, slots=True)
class Footprint(Action):
    """Where the first footprint of the pattern goes (seed "Place elephants")."""

    cell: str

    def __str__(self) -> str:
        return f"first footprint on {self.cell}"


@dataclass(frozen=True, slots=True)
class Elephant(Action):
    """One elephant, ignoring rough terrain (token D, build action 4)."""

    cell: str

    def __str__(self) -> str:
        return f"one elephant on {self.cell}"


ACTION_TYPES = (Support, Build, Place, Discard, OnArea, Turn, Choose, Footprint, Elephant)
