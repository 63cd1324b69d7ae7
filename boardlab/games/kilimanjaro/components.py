"""Kilimanjaro's components: movement cards, chance counters, the track.

Rulebook "Contents": 56 movement cards of 4 types, two cards each of value
1–7; 16 chance counters (8 banana, 4 lion, 4 change position); a track of
spaces 1–100 with villages (design decision: every 20th space, plus the start
village next to space 1, which is position 0).

Cards are small ints (``card = transport * 7 + value - 1``) so a playout
moves ints, not objects; ``card_name`` turns one into words.

The movement rule ("Course of play" a–c) is written here once:
``movement_rule`` gives the distance, the clause and the cards that count.
The rules, exercises, renderer and bots all read it — playouts and bots
through ``MOVEMENT``, the same rule tabulated.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence
from dataclasses import dataclass
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
    if not isinstance(name, str):
        raise ValueError(f"not a movement card: {name!r}")
    transport, _, value = name.rpartition(" ")
    if transport not in TRANSPORTS or not value.isdigit() or int(value) not in VALUES:
        raise ValueError(f"not a movement card: {name!r}")
    return card(transport, int(value))


#: All 56 movement cards, unshuffled.
FULL_DECK = tuple(face for face in range(CARD_FACES) for _ in range(COPIES))


#: The movement rule's three clauses ("Course of play" a–c), in the rulebook's words.
CLAUSES = {
    "a": "all three of one type, add all three",
    "b": "the majority rules, add the pair",
    "c": "all different, the highest card counts",
}


@dataclass(frozen=True, slots=True)
class Movement:
    """How far three top cards move an expedition, and why ("Course of play" a–c).

    ``clause`` is the rulebook's letter, ``counted`` the positions (piles A,
    B, C = 0, 1, 2) of the cards that add up to ``distance``.
    """

    distance: int
    clause: str
    counted: tuple[int, ...]

    @property
    def words(self) -> str:
        """The clause in the rulebook's words: ``"the majority rules, add the pair"``."""
        return CLAUSES[self.clause]

    def __str__(self) -> str:
        return f"{self.clause}: {self.words}"


def movement_rule(cards: Sequence[int]) -> Movement:
    """The movement rule ("Course of play" a–c) applied to three top cards.

    a. all three of one type: the sum of the three;
    b. exactly two of one type: the sum of those two ("the majority rules");
    c. all different: the highest card (the first of equal highest).

    >>> movement_rule([card("jeep", 1), card("jeep", 5), card("mule", 7)])
    Movement(distance=6, clause='b', counted=(0, 1))
    """
    kinds = [transport_of(c) for c in cards]
    values = [value_of(c) for c in cards]
    if kinds[0] == kinds[1] == kinds[2]:
        return Movement(sum(values), "a", (0, 1, 2))
    for i, j in ((0, 1), (0, 2), (1, 2)):
        if kinds[i] == kinds[j]:
            return Movement(values[i] + values[j], "b", (i, j))
    best = max(range(3), key=values.__getitem__)
    return Movement(values[best], "c", (best,))


#: Speed trick, in place of calling ``movement_rule`` on every move of a playout or
#: every candidate card of a bot: the rule's distance for all 28³ top cards, worked out
#: once at import by ``movement_rule`` itself; ``tabulated_movement`` reads it. Saves
#: the rule's comparisons and sums on every move (``python -m boardlab.bench``).
MOVEMENT = tuple(movement_rule(tops).distance for tops in product(range(CARD_FACES), repeat=3))


#: ``MOVEMENT`` nested by top card: ``MOVEMENT_BY_CARDS[a][b][c]`` is
#: ``MOVEMENT[(a * 28 + b) * 28 + c]``, the same table. Speed: three subscripts in place of
#: the index arithmetic, whose intermediate ints (above 256) are each a new object
#: (``python -m boardlab.bench --game kilimanjaro``).
MOVEMENT_BY_CARDS = tuple(
    tuple(MOVEMENT[ab * CARD_FACES : (ab + 1) * CARD_FACES] for ab in range(a, a + CARD_FACES))
    for a in range(0, CARD_FACES**2, CARD_FACES)
)


def tabulated_movement(cards: Sequence[int]) -> int:
    """``movement_rule(cards).distance``, read from ``MOVEMENT`` (no rule work)."""
    a, b, c = cards
    return MOVEMENT_BY_CARDS[a][b][c]


def last_village(position: int, villages: tuple[int, ...]) -> int:
    """The village behind ``position`` (the start village 0 if none): Lion counter."""
    i = bisect_left(villages, position)
    return villages[i - 1] if i else 0


def counter_deal(bananas: int, lions: int, changes: int) -> list[int]:
    """The chance counters in the box, unshuffled."""
    return [BANANA] * bananas + [LION] * lions + [CHANGE] * changes
