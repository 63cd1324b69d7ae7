"""Kilimanjaro's actions: what a player can decide, each a small step.

A turn is one decision (play a card onto a pile); the setup's counter
placement is one decision per counter, and a change-position counter adds
one decision (whom to swap with, or whom to send back).
"""

from __future__ import annotations

from dataclasses import dataclass

from boardlab.core import Action

from .components import CARD_FACES, COUNTER_NAMES, PILE_NAMES, card_name, parse_card


@dataclass(frozen=True, slots=True)
class PlaceCounter(Action):
    """Place one of your face-down chance counters (Preparation)."""

    counter: int
    space: int

    def __str__(self) -> str:
        return f"place your {COUNTER_NAMES[self.counter]} counter on space {self.space}"

    def __repr__(self) -> str:
        return f"PlaceCounter.of({_name(COUNTER_NAMES, self.counter)}, space={self.space})"

    @classmethod
    def of(cls, counter: str, space: int) -> PlaceCounter:
        """``PlaceCounter.of("lion", space=19)``: the action by the rulebook's names."""
        return cls(COUNTER_NAMES.index(counter), space)

    def to_json(self) -> dict:
        return {
            "action": "PlaceCounter",
            "counter": COUNTER_NAMES[self.counter],
            "space": self.space,
        }

    @classmethod
    def from_json(cls, data: dict) -> PlaceCounter:
        return cls(COUNTER_NAMES.index(data["counter"]), data["space"])


@dataclass(frozen=True, slots=True)
class PlayCard(Action):
    """Play a hand card on top of one of the three piles of ``player`` (Course of play)."""

    card: int
    player: int
    pile: int

    def __str__(self) -> str:
        return f"play {card_name(self.card)} on player {self.player}'s pile {PILE_NAMES[self.pile]}"

    def __repr__(self) -> str:
        name = repr(card_name(self.card)) if 0 <= self.card < CARD_FACES else self.card
        return f"PlayCard.of({name}, player={self.player}, pile={_name(PILE_NAMES, self.pile)})"

    @classmethod
    def of(cls, card: str, player: int, pile: str) -> PlayCard:
        """``PlayCard.of("jeep 5", player=1, pile="A")``: the action by the rulebook's names."""
        return cls(parse_card(card), player, PILE_NAMES.index(pile))

    def to_json(self) -> dict:
        return {
            "action": "PlayCard",
            "card": card_name(self.card),
            "player": self.player,
            "pile": PILE_NAMES[self.pile],
        }

    @classmethod
    def from_json(cls, data: dict) -> PlayCard:
        return cls(parse_card(data["card"]), data["player"], PILE_NAMES.index(data["pile"]))


@dataclass(frozen=True, slots=True)
class ChangePlaces(Action):
    """Change position counter: swap places with another expedition."""

    player: int

    def __str__(self) -> str:
        return f"change places with player {self.player}"


@dataclass(frozen=True, slots=True)
class SendBack(Action):
    """Change position counter, variant: send another expedition back to the last village."""

    player: int

    def __str__(self) -> str:
        return f"send player {self.player} back to the last village"


def _name(names: tuple[str, ...], index: int) -> str | int:
    """``'lion'`` for a valid index (reprs read as the rulebook does), the raw int otherwise
    (an invalid action still has a repr for its error message)."""
    return repr(names[index]) if 0 <= index < len(names) else index
