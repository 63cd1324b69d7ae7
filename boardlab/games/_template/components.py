"""Waterhole's components: the animal cards and the track (rulebook §1 Setup).

The cards are zebras and lions of values 1–5; which of them are in the deck,
and how many copies of each, is a data file a teacher may edit:
``data/cards.csv`` (``animal,value,copies``, one row per card), read by
``parse_cards``. The shipped file is the printed deck: 20 cards, two of each.
The track runs from camp (space 0) to the waterhole (space ``track_length``,
a parameter).

A card is a small int, one per *face* (``card = animal * 5 + value - 1``):
the two copies of "lion 3" are the same int, so two copies in a hand are one
action (actions name what a player sees). ``card_name``
and ``parse_card`` turn ids into the rulebook's words and back; everything
a person reads (narration, observations, JSON of actions) uses the words.
The faces are the game's (its animals and values); a deck file only says
which faces are in the deck and how often, so ids mean the same in every deck.

# TEMPLATE: replace the cards and the board with your game's. Keep the
# rulebook's names for everything. Ints for cards are a choice, not a rule:
# they make a hand a list of ints and a card's properties a lookup; a game of
# few cards could use strings throughout.
# TEMPLATE: where a teacher may want to edit a list (a deck, a map), keep it
# in ``data/*.csv`` and read it through the shared strict reader
# (``boardlab.core.data``: ``decode``, ``Column``, ``read_table``), never with
# ``csv`` or ``open`` directly: a teacher's typo ("lino", "3_0", a missing
# field, a file saved as UTF-16) is then reported with its line number, the
# same way in every game, at ``load()``. The file becomes a ``datafile``
# parameter (see ``cards`` in ``rules.py``): records name the shipped file by
# its hash only, so they stay small, and embed a teacher's file whole.
"""

from __future__ import annotations

from pathlib import Path

from boardlab.core.data import Column, DataFileError, decode, read_table

ANIMALS = ("zebra", "lion")
VALUES = range(1, 6)
#: How many distinct faces there are (zebra 1 … lion 5).
FACES = len(ANIMALS) * len(VALUES)
#: Where every pawn starts (§1 Setup).
CAMP = 0

# -- the deck file -----------------------------------------------------------------
# TEMPLATE: one Column per field of your file: ``choice`` for a word from a fixed
# list (so a typo is an error on its line, not a new animal), ``int`` with the
# bounds the rules allow, ``text`` for free names; ``optional=True`` if it may be empty.
#: Most copies of one card a deck file may ask for (a typo such as 22 is refused).
MAX_COPIES = 10
#: The columns of ``data/cards.csv``, read by the shared strict reader.
CARD_COLUMNS = (
    Column("animal", "choice", choices=ANIMALS),
    Column("value", "int", low=VALUES.start, high=VALUES.stop - 1),
    Column("copies", "int", low=0, high=MAX_COPIES),
)
DATA = Path(__file__).parent / "data"
CARDS_PATH = DATA / "cards.csv"


def parse_cards(text: str, name: str = "cards.csv") -> tuple[int, ...]:
    """The deck a cards file describes, unshuffled: every card's id, ``copies`` times,
    sorted (so the order of the rows does not matter).

    The shared reader checks the header, the field count, the animal (one of
    ``ANIMALS``), the value (1–5) and the copies (0–``MAX_COPIES``), each error
    naming the line (``DataFileError``, an ``InvalidParameter`` of ``cards``);
    then the game's own rules of the file: each card is listed once, and the
    deck has at least one card (§1 Setup: a deck to deal from). Whether it has
    cards enough for the deal depends on other parameters: ``validate`` checks.

    >>> parse_cards("animal,value,copies\nlion,3,2\nzebra,1,1\n")
    (0, 7, 7)
    """
    # TEMPLATE: the reader checks each field; the checks across rows (a card listed
    # twice, an empty deck) are your game's, after it, naming the rule they follow.
    copies: dict[int, int] = {}
    first_line: dict[int, int] = {}
    for row in read_table(text, CARD_COLUMNS, param="cards", source=name):
        face = card(row["animal"], row["value"])
        if face in copies:
            raise DataFileError(
                "cards",
                name,
                row.line,
                f"{card_name(face)} is already listed on line {first_line[face]}: "
                "list each card once, with its number of copies",
            )
        copies[face], first_line[face] = row["copies"], row.line
    deck = tuple(face for face in sorted(copies) for _ in range(copies[face]))
    if not deck:
        raise DataFileError(
            "cards",
            name,
            None,
            "the deck has no card (no rows, or 0 copies of each): "
            "§1 Setup deals from it, so it needs at least one",
        )
    return deck


def default_cards_text() -> str:
    """The shipped deck file's text, read by the same strict decoding as a teacher's."""
    return decode(CARDS_PATH.read_bytes(), param="cards", source=CARDS_PATH.name)


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
    """``"lion 3"``: the words a player would say; ``ValueError`` for an id of no card."""
    if not is_card(card_id):
        raise ValueError(f"no Waterhole card has the id {card_id!r}")
    return f"{animal_of(card_id)} {value_of(card_id)}"


def parse_card(name: str) -> int:
    """Inverse of ``card_name``: ``"lion 3"`` → its id; ``ValueError`` for anything else."""
    animal, _, value = str(name).partition(" ")
    if animal not in ANIMALS or not value.isdigit() or int(value) not in VALUES:
        raise ValueError(f"not a Waterhole card: {name!r}")
    return card(animal, int(value))


#: Every card's name ("lion 3"), the words ``arrange`` takes.
CARD_NAMES = tuple(card_name(c) for c in range(FACES))
