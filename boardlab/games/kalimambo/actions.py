"""Kalimambo's one action: secretly choose a movement card for this round.

The round's simultaneous choice is a sequence of hidden commitments (our
decision 3): each player in seat order plays one ``PlayCard``; the cards are
revealed together, with Kali's top card, when the last player has chosen.
"""

from __future__ import annotations

from dataclasses import dataclass

from boardlab.core import Action


@dataclass(frozen=True, slots=True)
class PlayCard(Action):
    """Choose the movement card ``value`` from your hand, face down ("Chaque joueur choisit
    secrètement une carte de déplacement")."""

    value: int

    def __str__(self) -> str:
        return f"play card {self.value}"
