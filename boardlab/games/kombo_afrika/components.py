"""Kombo Afrika's components: the animal cards (a deck CSV) and the 5×5 board.

The printed deck list is not public: the default is our
reconstruction ("Default deck reconstruction"), ``data/deck.csv`` — 6 colours
× 7 animals + 6 CHAO, one row per physical card (``name,colour,points``; a
CHAO has no colour) — which a teacher who owns the game can overwrite with the
printed deck: the same format, loaded with
``boardlab.load("kombo_afrika", deck="my_deck.csv")`` (a deck of fewer than 6
colours also sets ``colours`` to at most its count).

Cards are small ints: the index of a distinct *face* (animal, colour,
points), so two copies of one face are one action ("Actions name what a
player sees"). The board is 25 cells ``row * 5 + col``, named ``a1``…``e5``
(column letter, row number); the draw deck sits on the centre cell ``c3``.
Sets of cells are bit masks, so the combo search is a few integer
operations. The phases of play (which decision is pending) are here too,
shared by the rules modules (``rules.py``, ``combos.py``, ``effects.py``).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from boardlab.core.data import Column, DataFileError, decode, read_table

#: The animals and their effects (rulebook "Card Effects").
ANIMALS = ("SURI", "HYPNO", "PAPO", "CROC", "VULT", "GIFFE", "KONG", "CHAO")
SURI, HYPNO, PAPO, CROC, VULT, GIFFE, KONG, CHAO = range(8)
EFFECTS = {
    "SURI": "draw 1 card",
    "HYPNO": "swap with a face-up card, which goes to your hand",
    "PAPO": "+1 point per card left in your hand",
    "CROC": "flip 1 or 2 other face-up cards face down, +1 point each",
    "VULT": "flip 1 hidden card face up again",
    "GIFFE": "move another card to an adjacent free cell",
    "KONG": "discard your hand and draw as many",
    "CHAO": "wildcard: joins a combo of any colour",
}

SIZE = 5
CELLS = SIZE * SIZE
DECK_CELL = 12  # the centre cell (our reconstruction, "The board")
CORNERS = (0, 4, 20, 24)
ALL = (1 << CELLS) - 1
DECK_BIT = 1 << DECK_CELL
CORNER_MASK = sum(1 << c for c in CORNERS)
#: Every cell a card may take (all but the deck's).
BOARD = ALL & ~DECK_BIT
COL0 = sum(1 << (r * SIZE) for r in range(SIZE))
COL4 = sum(1 << (r * SIZE + SIZE - 1) for r in range(SIZE))
NOT_COL0 = ALL & ~COL0
NOT_COL4 = ALL & ~COL4

COLUMNS = "abcde"


#: ``CELL_NAMES[cell]``: ``"b3"`` is column b, row 3 (row 1 at the top).
CELL_NAMES = tuple(f"{COLUMNS[c % SIZE]}{c // SIZE + 1}" for c in range(SIZE * SIZE))


def cell_name(cell: int) -> str:
    """``"b3"``: column letter, row number (row 1 at the top). A cell off the board
    (say ``-1``) has no name: ``ValueError``, not a wrapped-around "e5"."""
    if not 0 <= cell < len(CELL_NAMES):
        raise ValueError(f"cell {cell!r} is off the 5×5 board")
    return CELL_NAMES[cell]


def parse_cell(name: str) -> int:
    """Inverse of ``cell_name``."""
    if not isinstance(name, str) or len(name) != 2 or name[0] not in COLUMNS:
        raise ValueError(f"not a cell: {name!r}")
    row = int(name[1]) - 1
    if not 0 <= row < SIZE:
        raise ValueError(f"not a cell: {name!r}")
    return row * SIZE + COLUMNS.index(name[0])


def _shifted(mask: int) -> int:
    """The cells side-adjacent to some cell of ``mask``, by shifting the mask a row up and
    down and a column left and right (never across the board's edge)."""
    return (
        (mask << SIZE) | (mask >> SIZE) | ((mask << 1) & NOT_COL0) | ((mask >> 1) & NOT_COL4)
    ) & ALL


#: ``beside`` reads a mask in two table look-ups, 13 low and 12 high bits (a cell's
#: neighbours are the union of its own: ``_shifted`` of a union is the union of theirs).
#: Speed: a mask shifted past 30 bits is a two-digit Python int, and the four shifts
#: cost three times the two look-ups; the combo search and the free cells ask
#: hundreds of times a game (``python -m boardlab.bench --game kombo_afrika``).
BESIDE_LOW = tuple(_shifted(m) for m in range(1 << 13))
BESIDE_HIGH = tuple(_shifted(m << 13) for m in range(1 << 12))


def beside(mask: int) -> int:
    """The cells side-adjacent to some cell of ``mask`` (a cell of ``mask`` is among them
    only if another cell of ``mask`` touches it)."""
    return BESIDE_LOW[mask & 0x1FFF] | BESIDE_HIGH[mask >> 13]


def grow(mask: int) -> int:
    """The cells of ``mask`` and their side neighbours (never corner neighbours)."""
    return mask | BESIDE_LOW[mask & 0x1FFF] | BESIDE_HIGH[mask >> 13]


#: ``NEIGHBOURS[cell]``: the side neighbours of a cell, as a mask.
NEIGHBOURS = tuple(beside(1 << c) for c in range(CELLS))


#: ``cells_of`` reads a mask in two table look-ups, 13 low and 12 high bits: it runs
#: several times a decision, and the bit-by-bit loop cost more than the rest of some.
_LOW_CELLS = tuple(tuple(c for c in range(13) if m >> c & 1) for m in range(1 << 13))
_HIGH_CELLS = tuple(tuple(c + 13 for c in range(12) if m >> c & 1) for m in range(1 << 12))


def cells_of(mask: int) -> tuple[int, ...]:
    """The cells of a mask, in increasing order."""
    return _LOW_CELLS[mask & 0x1FFF] + _HIGH_CELLS[mask >> 13]


def component(seed: int, within: int) -> int:
    """The side-connected part of ``within`` reachable from the cells of ``seed``."""
    group = seed & within
    # grow, inlined: the flood fill is the inner loop of the combo search (speed: a call
    # less per step of the fill; ``python -m boardlab.bench --game kombo_afrika``)
    while True:
        bigger = (group | BESIDE_LOW[group & 0x1FFF] | BESIDE_HIGH[group >> 13]) & within
        if bigger == group:
            return group
        group = bigger


def components(mask: int) -> list[int]:
    """The side-connected components of ``mask`` (connected components on the grid graph)."""
    out = []
    while mask:
        group = component(mask & -mask, mask)
        out.append(group)
        mask ^= group
    return out


# -- the phases of play ------------------------------------------------------------------
#: Which decision is pending: keep or swap the hand, the turn's main choice, a placed
#: card's effect, the cards of a combo chosen one by one (variant), or none (game over).
MULLIGAN, MAIN, EFFECT, CLAIM, END = range(5)
PHASE_NAMES = ("mulligan", "main", "effect", "claim", "end")
#: The rule each phase follows (``IllegalAction``'s rule when an action comes out of turn).
PHASE_RULES = (
    "Preparation; our decision 1",
    "The Player's Turn; our decision 2",
    "Card Effects; our decision 4",
    "Combos and Scoring; our decision 3 (partial_combos)",
    "End of the Game",
)

#: The steps of a decision under way, beyond the turn's main choice, as one tuple on the
#: State (``pending``): the animal whose effect is being decided (-1: none), the cell of
#: that card, the effect's step (0, or 1 once CROC flipped a card or GIFFE picked one),
#: the card GIFFE picked (-1: none), and (variant partial_combos) the cells chosen so far
#: for a claim. Speed: one field instead of five keeps the State within CPython 3.11's
#: compact layout of 29 instance fields (past it, every field read is a dict look-up), and
#: an effect's end is one store of ``NO_PENDING`` instead of four; each part keeps its name
#: as a property (``core.fields.part_of``). ``python -m boardlab.bench`` shows it.
NO_PENDING = (-1, -1, 0, -1, 0)


# -- the deck ----------------------------------------------------------------------------
@dataclass(frozen=True)
class Face:
    """One kind of card: animal, colour ("" for CHAO) and printed points."""

    animal: str
    colour: str
    points: int

    @property
    def label(self) -> str:
        """``"red SURI 3"`` or ``"CHAO"``: the words a player would say."""
        if not self.colour:
            return self.animal if self.points == 0 else f"{self.animal} {self.points}"
        return f"{self.colour} {self.animal} {self.points}"


@dataclass(frozen=True)
class Deck:
    """A parsed deck file: the distinct faces and the cards (face indices, with copies)."""

    faces: tuple[Face, ...]
    cards: tuple[int, ...]
    colours: tuple[str, ...]

    def restricted(self, colours: int) -> Deck:
        """Only the first ``colours`` colours (in file order) and every CHAO."""
        keep = set(self.colours[:colours])
        cards = tuple(
            c for c in self.cards if not self.faces[c].colour or self.faces[c].colour in keep
        )
        return Deck(self.faces, cards, self.colours[:colours])


#: The six colours of the printed deck (our decision 5): a deck file may use these only, so a
#: typo ("rde") is an error on its line, not a seventh colour.
COLOURS = ("red", "yellow", "green", "blue", "purple", "brown")
#: What a CHAO's colour field may say: nothing, or that it has none.
NO_COLOUR = ("", "none", "any")
#: The columns of a deck file, read by the shared strict reader (``boardlab.core.data``).
DECK_COLUMNS = (
    Column("name", "choice", choices=ANIMALS, label="animal"),
    Column("colour", "choice", choices=COLOURS + NO_COLOUR[1:], optional=True),
    Column("points", "int", low=0, high=99),
)


def parse_deck(text: str, name: str = "deck.csv") -> Deck:
    """Read a deck CSV (``name,colour,points``; one row per card).

    The shared strict reader checks the header, the field count, the animal,
    the colour (one of ``COLOURS``) and the points (ASCII digits, 0–99), each
    error naming the line (``DataFileError``, an ``InvalidParameter`` of
    ``deck``); here, the rules of the deck: a CHAO has no colour, every other
    animal has one (Preparation; our decision 5).
    """
    faces: list[Face] = []
    index: dict[Face, int] = {}
    cards: list[int] = []
    colours: list[str] = []
    for row in read_table(text, DECK_COLUMNS, param="deck", source=name):
        animal, colour, points = row["name"], row["colour"], row["points"]
        if animal == "CHAO" and colour not in NO_COLOUR:
            raise DataFileError("deck", name, row.line, "CHAO has no colour of its own")
        if animal != "CHAO" and colour in NO_COLOUR:
            raise DataFileError("deck", name, row.line, f"{animal} needs a colour")
        face = Face(animal, "" if animal == "CHAO" else colour, points)
        if face not in index:
            index[face] = len(faces)
            faces.append(face)
        cards.append(index[face])
        if face.colour and face.colour not in colours:
            colours.append(face.colour)
    if not cards:
        raise DataFileError("deck", name, None, "the file lists no cards")
    return Deck(tuple(faces), tuple(cards), tuple(colours))


DATA = Path(__file__).parent / "data"
DEFAULT_DECK_PATH = DATA / "deck.csv"


def default_deck_text() -> str:
    """The shipped deck's text, read by the same strict decoding as a teacher's file."""
    return decode(DEFAULT_DECK_PATH.read_bytes(), param="deck", source="deck.csv")
