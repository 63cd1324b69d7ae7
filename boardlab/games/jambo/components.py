"""Jambo's components: wares, market stands and the 110-card deck (rulebook "Components").

The deck is data: ``data/cards.csv`` (``card,type,wares,buy,sell,copies,text``),
read by the shared strict reader and parsed once per game by ``parse_cards``.
``text`` is what a card does, in words, for the notebook's card reference
(``card_text``, ``card_table``): presentation only, the rules never read it.
A card is its name (a ``str``): hands, piles and actions hold names, so a
record reads as words and two copies of a card are one action. What a name
means (its type, wares and prices) is a ``Card`` looked up in the game's
``cards`` table. Ware cards are free to name and describe in the file; every
other card must be one the engine implements (``EFFECT_CARDS``).

Wares are small ints, ``WARES`` order: trinkets, hides, tea, silk, fruit,
salt (letters K H T L F S). A market is a list of 6 counts.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from boardlab.core.data import Column, DataFileError, decode, read_table

#: The six wares, in their letters' order (K H T L F S).
WARES = ("trinkets", "hides", "tea", "silk", "fruit", "salt")
#: Each ware's name for one of it: "1 trinket", "1 hide" (tea, silk, fruit and salt are
#: counted as they are: "1 tea", "3 tea").
WARE_ONE = ("trinket", "hide", "tea", "silk", "fruit", "salt")
LETTERS = "KHTLFS"
#: Each ware's supply ("Components": 6 of each, 36 in all).
WARE_SUPPLY = 6
#: Spaces of the large market stand and of each small one (rulebook "Small Market Stand").
LARGE_STAND = 6
SMALL_STAND = 3
#: At most 3 utilities in a play area (rulebook "Utility Cards").
UTILITY_LIMIT = 3

TYPES = ("ware", "utility", "people", "animal", "stand")
UTILITIES = (
    "Well",
    "Drums",
    "Throne",
    "Boat",
    "Scale",
    "Mask of Transformation",
    "Supplies",
    "Kettle",
    "Leopard Statue",
    "Weapons",
)
PEOPLE = (
    "Guard",
    "Rain Maker",
    "Shaman",
    "Psychic",
    "Tribal Elder",
    "Wise Man from Afar",
    "Portuguese",
    "Basket Maker",
    "Traveling Merchant",
    "Arabian Merchant",
    "Dancer",
    "Carrier",
    "Drummer",
)
ANIMALS = ("Crocodile", "Parrot", "Hyena", "Snake", "Elephant", "Ape", "Lion", "Cheetah")
STAND = "small market stand"
#: Every non-ware card the engine implements, with its type.
EFFECT_CARDS = {
    **{name: "utility" for name in UTILITIES},
    **{name: "people" for name in PEOPLE},
    **{name: "animal" for name in ANIMALS},
    STAND: "stand",
}
#: The two reaction cards, played only on the opponent's turn at 0 actions.
GUARD, RAIN_MAKER = "Guard", "Rain Maker"


@dataclass(frozen=True, slots=True)
class Card:
    """One card design: its name, type and (ware cards) wares and prices."""

    name: str
    type: str
    wares: tuple[int, ...] = ()
    buy: int = 0
    sell: int = 0
    #: ``(ware, how many)`` for each ware shown: what buying takes and selling needs.
    need: tuple[tuple[int, int], ...] = ()
    #: What the card does, in words (the file's ``text``; never read by the rules).
    text: str = ""


MAX_COPIES = 20
CARD_COLUMNS = (
    Column("card", "text"),
    Column("type", "choice", choices=TYPES),
    Column("wares", "text", optional=True),
    Column("buy", "int", low=0, high=99, optional=True),
    Column("sell", "int", low=0, high=99, optional=True),
    Column("copies", "int", low=0, high=MAX_COPIES),
    Column("text", "text", optional=True),
)
#: A file without the ``text`` column still loads (each card gets the shipped wording).
PLAIN_COLUMNS = CARD_COLUMNS[:-1]
#: The longest card text: the reference is a table, not an essay.
MAX_TEXT = 300
_PRICES = re.compile(r"buy for (\d+), sell for (\d+)")
DATA = Path(__file__).parent / "data"
CARDS_PATH = DATA / "cards.csv"


@dataclass(frozen=True)
class Deck:
    """A parsed card file: each design by name, and the deck (names, ``copies`` times)."""

    cards: dict[str, Card]
    deck: tuple[str, ...]


def parse_cards(text: str, name: str = "cards.csv") -> Deck:
    """The deck a cards file describes; every error names its line (``DataFileError``).

    Per row: a non-ware card must be one the engine implements, of its own type; a ware
    card has 3 or 6 wares (letters KHTLFS) and both prices. Across rows: each name once,
    and a deck of at least 11 cards (two hands of 5 and one to draw, "Setup").

    ``text`` may be left empty, or the column left out: a ware card then reads
    "buy for B, sell for S: wares …" from its own columns, any other card the shipped
    file's wording (``shipped_text``). A text is one line of at most ``MAX_TEXT``
    characters, and a ware card's text that quotes prices must quote its own.

    >>> d = parse_cards("card,type,wares,buy,sell,copies\\nKKF,ware,KKF,4,11,2\\n"
    ...                 "Guard,people,,,,9\\n")
    >>> d.cards["KKF"].wares, len(d.deck)
    ((0, 0, 4), 11)
    """
    cards: dict[str, Card] = {}
    lines: dict[str, int] = {}
    deck: list[str] = []
    for row in _rows(text, name):
        card, kind, letters = row["card"], row["type"], row["wares"]
        words = row.values.get("text", "")

        def bad(problem: str, line: int = row.line) -> DataFileError:
            return DataFileError("cards", name, line, problem)

        if card in cards:
            raise bad(f"{card!r} is already listed on line {lines[card]}: list each card once")
        if kind == "ware":
            if len(letters) not in (3, 6) or any(ch not in LETTERS for ch in letters):
                raise bad(
                    f"a ware card shows 3 or 6 wares as letters of {LETTERS} "
                    f"(rulebook 'Ware Cards'), not {letters!r}"
                )
            if row["buy"] is None or row["sell"] is None:
                raise bad("a ware card needs both its buy and its sell price")
            if card in EFFECT_CARDS:
                raise bad(f"{card!r} is the name of a {EFFECT_CARDS[card]} card")
            wares = tuple(sorted(LETTERS.index(ch) for ch in letters))
            need = tuple((w, wares.count(w)) for w in sorted(set(wares)))
            words = _ware_text(words, row["buy"], row["sell"], wares, bad)
            cards[card] = Card(card, "ware", wares, row["buy"], row["sell"], need, words)
        else:
            if card not in EFFECT_CARDS:
                known = ", ".join(sorted(EFFECT_CARDS))
                raise bad(f"the engine knows no card {card!r}: one of {known}")
            if EFFECT_CARDS[card] != kind:
                raise bad(f"{card} is a {EFFECT_CARDS[card]} card, not {kind}")
            if letters or row["buy"] is not None or row["sell"] is not None:
                raise bad(f"only ware cards have wares and prices, not {card}")
            cards[card] = Card(card, kind, text=words or shipped_text(card))
        if len(words) > MAX_TEXT or "\n" in words or "\r" in words:
            raise bad(
                f"the text of {card} must be one line of at most {MAX_TEXT} characters "
                f"(it has {len(words)}{' and a line break' if words.splitlines()[1:] else ''})"
            )
        lines[card] = row.line
        deck += [card] * row["copies"]
    if len(deck) < 11:
        raise DataFileError(
            "cards",
            name,
            None,
            f"the deck has {len(deck)} cards: 'Setup' deals 5 to each player and "
            "needs one more to draw, at least 11",
        )
    return Deck(cards, tuple(sorted(deck)))


def _rows(text: str, name: str):
    """The file's rows, with or without the ``text`` column (the header decides)."""
    try:
        return read_table(text, CARD_COLUMNS, param="cards", source=name)
    except DataFileError as error:
        if not error.problem.startswith("the header must be"):
            raise
        try:
            return read_table(text, PLAIN_COLUMNS, param="cards", source=name)
        except DataFileError:
            raise error from None


def _ware_text(words: str, buy: int, sell: int, wares, bad) -> str:
    """A ware card's text: the file's (whose quoted prices must be the card's) or
    "buy for B, sell for S: wares …" made from its columns."""
    quoted = _PRICES.search(words)
    if quoted and (int(quoted[1]), int(quoted[2])) != (buy, sell):
        raise bad(
            f"the text says buy for {quoted[1]}, sell for {quoted[2]}, but the card's "
            f"columns say buy {buy}, sell {sell}: correct one of them (or empty the text)"
        )
    return words or f"buy for {buy}, sell for {sell}: wares {wares_text(wares)}"


@cache
def _shipped() -> dict[str, str]:
    """Each card's text in the shipped file (read once, by the raw reader: no fallback)."""
    rows = read_table(default_cards_text(), CARD_COLUMNS, param="cards", source=CARDS_PATH.name)
    return {row["card"]: row["text"] for row in rows}


def shipped_text(card: str) -> str:
    """The shipped file's wording of ``card`` (``""`` for a card it does not list)."""
    return _shipped().get(card, "")


def card_text(name: str, cards: dict[str, Card] | None = None) -> str:
    """What card ``name`` does, in words: from ``cards`` (a game's ``game.cards``) or the
    shipped deck; ``KeyError`` naming the card for one that is not in it.

    >>> card_text("Well")
    'pay 1 gold, draw 1 card'
    """
    table = default_deck().cards if cards is None else cards
    if name not in table:
        raise KeyError(f"no Jambo card {name!r} in this deck")
    return table[name].text


def card_table(deck=None) -> list[dict]:
    """One row per card design (``card``, ``type``, ``wares`` as letters, ``buy``,
    ``sell``, ``copies``, ``text``), in file order: the notebook's card reference (a
    DataFrame of it). ``deck``: a ``Deck`` or a game (both have ``cards`` and ``deck``),
    the shipped deck by default."""
    deck = default_deck() if deck is None else deck
    copies = {name: deck.deck.count(name) for name in deck.cards}
    return [
        {
            "card": c.name,
            "type": c.type,
            "wares": "".join(LETTERS[w] for w in c.wares),
            "buy": c.buy if c.type == "ware" else None,
            "sell": c.sell if c.type == "ware" else None,
            "copies": copies[c.name],
            "text": c.text,
        }
        for c in deck.cards.values()
    ]


@cache
def default_deck() -> Deck:
    """The shipped deck, parsed (cached: it is never changed)."""
    return parse_cards(default_cards_text(), CARDS_PATH.name)


def default_cards_text() -> str:
    """The shipped card file, read by the same strict decoding as a teacher's."""
    return decode(CARDS_PATH.read_bytes(), param="cards", source=CARDS_PATH.name)


def ware_name(ware: int) -> str:
    """``"tea"``; ``ValueError`` for an int that is no ware."""
    if type(ware) is not int or not 0 <= ware < len(WARES):
        raise ValueError(f"no Jambo ware has the id {ware!r}")
    return WARES[ware]


def ware_count(k: int, ware: int) -> str:
    """``"1 trinket"``, ``"2 trinkets"``, ``"1 tea"``: ``k`` of the ware with id ``ware``."""
    return f"{k} {WARE_ONE[ware] if k == 1 else WARES[ware]}"


def wares_text(wares) -> str:
    """``"2 tea, 1 salt"`` for a list of ware ids (in ``WARES`` order)."""
    counts = [0] * len(WARES)
    for w in wares:
        counts[w] += 1
    return ", ".join(ware_count(k, w) for w, k in enumerate(counts) if k) or "no wares"
