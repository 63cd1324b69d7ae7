"""Kilimanjaro's components: movement cards, chance counters, the track.

Rulebook "Contents": 56 movement cards of 4 types, two cards each of value
1–7; 16 chance counters (8 banana, 4 lion, 4 change position); a track of
spaces 1–100 with villages (dossier: every 20th space, plus the start
village next to space 1, which is position 0).

Cards are small ints (``card = transport * 7 + value - 1``) so a playout
moves ints, not objects; ``card_name`` turns one into words.
"""

from __future__ import annotations

from bisect import bisect_left
from itertools import product

TRANSPORTS = ("canoe", "jeep", "on foot", "mule")
VALUES = range(1, 8)
COPIES = 2
CARD_FACES = len(TRANSPORTS) * len(VALUES)  # 28 distinct faces

BANANA, LION, CHANGE = 0, 1, 2
COUNTER_NAMES = ("banana", "lion", "change position")

PILES = 3
PILE_NAMES = ("A", "B", "C")


def card(transport: str, value: int) -> int:
    """The card id of e.g. ``card("jeep", 5)``."""
    return TRANSPORTS.index(transport) * 7 + value - 1


def transport_of(card_id: int) -> int:
    return card_id // 7


def value_of(card_id: int) -> int:
    return card_id % 7 + 1


def card_name(card_id: int) -> str:
    """``"jeep 5"``: the words a player would say."""
    return f"{TRANSPORTS[card_id // 7]} {card_id % 7 + 1}"


def parse_card(name: str) -> int:
    """Inverse of ``card_name``: ``"on foot 3"`` → its id."""
    transport, _, value = name.rpartition(" ")
    if transport not in TRANSPORTS or not value.isdigit() or int(value) not in VALUES:
        raise ValueError(f"not a movement card: {name!r}")
    return card(transport, int(value))


#: All 56 movement cards, unshuffled.
FULL_DECK = tuple(face for face in range(CARD_FACES) for _ in range(COPIES))


def movement(cards: tuple[int, int, int] | list[int]) -> int:
    """How far the three top cards let an expedition move ("Course of play" a–c).

    a. all three of one type: the sum of the three;
    b. exactly two of one type: the sum of those two ("the majority rules");
    c. all different: the highest card.

    >>> movement([card("canoe", 2), card("canoe", 4), card("canoe", 7)])
    13
    """
    a, b, c = cards
    ta, tb, tc = a // 7, b // 7, c // 7
    va, vb, vc = a % 7 + 1, b % 7 + 1, c % 7 + 1
    if ta == tb == tc:
        return va + vb + vc
    if ta == tb:
        return va + vb
    if ta == tc:
        return va + vc
    if tb == tc:
        return vb + vc
    return max(va, vb, vc)


#: ``MOVEMENT[(a * 28 + b) * 28 + c] == movement((a, b, c))``: the same rule,
#: tabulated once so a playout does one index instead of a function call.
MOVEMENT = tuple(movement(t) for t in product(range(CARD_FACES), repeat=3))


def movement_of_tops(tops: list[int]) -> int:
    return MOVEMENT[(tops[0] * CARD_FACES + tops[1]) * CARD_FACES + tops[2]]


def last_village(position: int, villages: tuple[int, ...]) -> int:
    """The village behind ``position`` (the start village 0 if none): Lion counter."""
    i = bisect_left(villages, position)
    return villages[i - 1] if i else 0


def counter_deal(bananas: int, lions: int, changes: int) -> list[int]:
    """The chance counters in the box, unshuffled."""
    return [BANANA] * bananas + [LION] * lions + [CHANGE] * changes
