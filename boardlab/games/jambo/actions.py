"""Jambo's actions: each decision one small step (rulebook "Game Play"; the cards).

Phase 1 is ``Draw`` → ``KeepDrawn`` (keep or discard) or ``StopDrawing``;
phase 2 is ``PlayCard``, ``PlayWare`` (buy or sell), ``UseUtility`` and
``EndTurn``. A card's effect asks its sub-decisions one at a time, from
whoever decides (``State.current_player``): ``React``/``Pass`` for a Guard
or Rain Maker, ``ChooseCard``, ``ChooseWare``, ``ChooseUtility``,
``ChooseOption``, ``Bid`` and ``Done``.

Cards are named by their names (``str``), wares by ``WARES`` index in the
fields and by their names in JSON; every ``str()`` is plain English. Frozen
dataclasses: hashable, compared by value, one action per card *name* (two
copies in a hand are one action).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from boardlab.core import Action

from .components import WARES, ware_name


@dataclass(frozen=True, slots=True)
class Draw(Action):
    """Phase 1: draw the top card and look at it (1 action)."""

    def __str__(self) -> str:
        return "draw a card (1 action)"


@dataclass(frozen=True, slots=True)
class KeepDrawn(Action):
    """Phase 1: keep the card just drawn (phase 1 ends) or discard it face up."""

    keep: bool

    def __str__(self) -> str:
        return "keep the card drawn" if self.keep else "discard the card drawn"


@dataclass(frozen=True, slots=True)
class StopDrawing(Action):
    """Phase 1: go to phase 2 without keeping a card (or without drawing at all)."""

    def __str__(self) -> str:
        return "go to phase 2 (play cards)"


@dataclass(frozen=True, slots=True)
class PlayCard(Action):
    """Phase 2: play a small market stand, utility, people or animal card (1 action)."""

    card: str

    def __str__(self) -> str:
        return f"play {self.card}"


@dataclass(frozen=True, slots=True)
class PlayWare(Action):
    """Phase 2: play a ware card to buy its wares, or to sell them (1 action)."""

    card: str
    sell: bool

    def __str__(self) -> str:
        return f"{'sell' if self.sell else 'buy'} with ware card {self.card}"


@dataclass(frozen=True, slots=True)
class UseUtility(Action):
    """Phase 1 or 2: use a ready utility in your play area (1 action, once per turn)."""

    card: str

    def __str__(self) -> str:
        return f"use {self.card}"


@dataclass(frozen=True, slots=True)
class EndTurn(Action):
    """End the turn (2 or more actions left: +1 gold)."""

    def __str__(self) -> str:
        return "end the turn"


@dataclass(frozen=True, slots=True)
class React(Action):
    """The opponent's reaction at 0 actions: a Guard cancels an animal, a Rain Maker takes
    the ware card just played."""

    card: str

    def __str__(self) -> str:
        return f"react with {self.card}"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """No reaction; in an auction, stop bidding (the first pass ends it)."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class ChooseCard(Action):
    """A card for the effect in progress (to take, give, discard or draft)."""

    card: str

    def __str__(self) -> str:
        return f"choose {self.card}"


@dataclass(frozen=True, slots=True)
class ChooseWare(Action):
    """A ware for the effect in progress (to take, return, swap, sell or draft)."""

    ware: int

    def __str__(self) -> str:
        return f"choose {ware_name(self.ware)}"

    def to_json(self) -> dict:
        return {"action": "ChooseWare", "ware": ware_name(self.ware)}

    @classmethod
    def from_json(cls, data: dict) -> ChooseWare:
        return cls(WARES.index(data["ware"]))


@dataclass(frozen=True, slots=True)
class ChooseUtility(Action):
    """A utility in a play area (or Lion's pool), ready or already used this turn."""

    card: str
    used: bool

    def __str__(self) -> str:
        return f"choose {self.card} ({'used' if self.used else 'ready'})"


#: The options of ``ChooseOption``, in words.
OPTIONS = {
    "draw": "draw until you hold 5 cards",
    "discard": "make the opponent discard down to 3 cards",
    "gold": "give 2 gold",
    "cards": "let them draw 2 cards",
    "carry_wares": "take 2 wares of one type",
    "carry_cards": "draw 2 cards",
    "pay_gold": "pay 1 gold",
    "pay_card": "discard 1 hand card",
}


@dataclass(frozen=True, slots=True)
class ChooseOption(Action):
    """One of the options a card offers (``OPTIONS``)."""

    option: str

    def __str__(self) -> str:
        return OPTIONS[self.option]


@dataclass(frozen=True, slots=True)
class Bid(Action):
    """Auction: bid ``gold``, more than the last bid."""

    gold: int

    def __str__(self) -> str:
        return f"bid {self.gold} gold"


@dataclass(frozen=True, slots=True)
class Done(Action):
    """Stop choosing (Portuguese, Kettle's second card, wares left in the supply)."""

    def __str__(self) -> str:
        return "done"


ACTION_TYPES = (
    Draw,
    KeepDrawn,
    StopDrawing,
    PlayCard,
    PlayWare,
    UseUtility,
    EndTurn,
    React,
    Pass,
    ChooseCard,
    ChooseWare,
    ChooseUtility,
    ChooseOption,
    Bid,
    Done,
)

#: Speed trick: each action object made once per process and handed out again, in place
#: of ``PlayCard(c)`` afresh for every legal action of every step (frozen, so sharing is
#: safe; ``Game._admitted`` then knows them by identity and skips the type check).
made = {cls: cache(cls) for cls in ACTION_TYPES}
