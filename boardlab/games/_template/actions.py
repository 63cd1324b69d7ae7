"""Waterhole's actions: what a player can decide, one small step each.

A turn is one decision: which card to play (``PlayCard``, §2 Turn). A lion
adds a second step, whom to chase (``Chase``, §3 The lion), decided by the
same player; a compound choice is always split into steps like this, one
target per step, each with its own legal actions.

Actions are frozen dataclasses (hashable, compared by value) with the
``Action`` mixin; ``str()`` is plain English. Two conventions for JSON,
chosen by what the fields hold:

* **Plain public values** (a seat, a space, a pile letter): inherit the
  mixin's ``to_json``/``from_json`` — ``{"action": "Chase", "player": 1}``.
  ``Chase`` does.
* **Internal ids** (a card as an int): give the class ``of(...)``, which
  builds the action from the rulebook's names (``PlayCard.of("lion 3")``),
  and its own ``to_json``/``from_json`` writing those names, so a record
  reads as words — ``{"action": "PlayCard", "card": "lion 3"}`` — and
  survives a renumbering of the ids. ``PlayCard`` does.

An action is built from any field values, and checked when it is applied:
core's ``State.apply`` admits only fields of their declared types (``card:
int``; a NumPy int becomes an ``int``), and the rules refuse a card that is
no card (``PlayCard(99)``) with an ``IllegalAction`` naming the rule. Only
``str()`` of such an action fails; the error then shows its raw fields.

# TEMPLATE: one class per kind of decision, named by the rulebook's verb.
# Speed trick (optional): a game whose playouts matter may make every action
# once per game and hand them out from tables (Kilimanjaro's
# ``play_moves``); here ``legal_actions`` simply builds them.
"""

from __future__ import annotations

from dataclasses import dataclass

from boardlab.core import Action

from .components import card_name, is_card, parse_card


@dataclass(frozen=True, slots=True)
class PlayCard(Action):
    """Play a card from your hand and move by its value (§2 Turn)."""

    card: int

    def __str__(self) -> str:
        return f"play {card_name(self.card)}"  # a ValueError for no card (PlayCard(99))

    def __repr__(self) -> str:
        if not is_card(self.card):
            return f"PlayCard(card={self.card!r})"  # no card: its raw field
        return f"PlayCard.of({card_name(self.card)!r})"

    @classmethod
    def of(cls, card: str) -> PlayCard:
        """``PlayCard.of("lion 3")``: the action by the rulebook's names."""
        return cls(parse_card(card))

    def to_json(self) -> dict:
        return {"action": "PlayCard", "card": card_name(self.card)}

    @classmethod
    def from_json(cls, data: dict) -> PlayCard:
        return cls.of(data["card"])


@dataclass(frozen=True, slots=True)
class Chase(Action):
    """Your lion chases ``player``'s pawn back (§3 The lion). JSON: the mixin's default."""

    player: int

    def __str__(self) -> str:
        return f"chase player {self.player} with your lion"
