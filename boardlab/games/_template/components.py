"""Waterhole's components: the animal cards and the track (rulebook §1 Setup).

The deck holds 20 cards: zebras and lions, values 1–5, two copies of each.
The track runs from camp (space 0) to the waterhole (space ``track_length``,
a parameter).

A card is a small int, one per *face* (``card = animal * 5 + value - 1``):
the two copies of "lion 3" are the same int, so two copies in a hand are one
action (ARCHITECTURE §2: actions name what a player sees). ``card_name``
and ``parse_card`` turn ids into the rulebook's words and back; everything
a person reads (narration, observations, JSON of actions) uses the words.

# TEMPLATE: replace the cards and the board with your game's. Keep the
# rulebook's names for everything; where a teacher may want to edit a list
# (a deck, a map), load it from ``data/*.csv`` (see Kombo Afrika's
# ``components.py``). Ints for cards are a choice, not a rule: they make a
# hand a list of ints and a card's properties a lookup; a game of few cards
# could use strings throughout.
"""

from __future__ import annotations

ANIMALS = ("zebra", "lion")
VALUES = range(1, 6)
COPIES = 2
#: How many distinct faces there are (zebra 1 … lion 5).
FACES = len(ANIMALS) * len(VALUES)
#: The whole deck, unshuffled: every face ``COPIES`` times (§1 Setup).
DECK = tuple(face for face in range(FACES) for _ in range(COPIES))
#: Where every pawn starts (§1 Setup).
CAMP = 0


def card(animal: str, value: int) -> int:
    """The id of e.g. ``card("lion", 3)``."""
    return ANIMALS.index(animal) * len(VALUES) + value - 1


def animal_of(card_id: int) -> str:
    return ANIMALS[card_id // len(VALUES)]


def value_of(card_id: int) -> int:
    """How many spaces the card moves you (§2 Turn), and a lion chases back (§3)."""
    return card_id % len(VALUES) + 1


def is_lion(card_id: int) -> bool:
    return animal_of(card_id) == "lion"


def is_card(card_id: object) -> bool:
    """Is ``card_id`` the id of some face (an int in range, not a bool)?"""
    return type(card_id) is int and 0 <= card_id < FACES


def card_name(card_id: int) -> str:
    """``"lion 3"``: the words a player would say."""
    return f"{animal_of(card_id)} {value_of(card_id)}"


def parse_card(name: str) -> int:
    """Inverse of ``card_name``: ``"lion 3"`` → its id; ``ValueError`` for anything else."""
    animal, _, value = str(name).partition(" ")
    if animal not in ANIMALS or not value.isdigit() or int(value) not in VALUES:
        raise ValueError(f"not a Waterhole card: {name!r}")
    return card(animal, int(value))
