"""Tembo's words: the narration of events and the rule help of each step.

The rules append raw tuples ``(kind, visible_to, args)``; ``NARRATION[kind](game,
*args)`` makes a sentence only when somebody reads it. A draw is seen by the
drawer only (seed "Sharing information": never show your cards) unless
``open_hands``; teammates read the redaction "player 0 draws a card".
"""

from __future__ import annotations

from .actions import TOKEN_WORDS
from .components import BUILD_WORDS, LIONS


def _card(game, c: int) -> str:
    return game.card_names[c]


def _elephants(k: int) -> str:
    """``"1 elephant"``, ``"3 elephants"``."""
    return f"{k} elephant" if k == 1 else f"{k} elephants"


NARRATION = {
    "arranged": lambda g: "the situation is set up by hand (arrange)",
    "deal": lambda g, p, *cards: f"player {p} is dealt " + ", ".join(_card(g, c) for c in cards),
    "deal_hidden": lambda g, p, k: f"player {p} is dealt {k} cards",
    "draw": lambda g, p, c: f"player {p} draws {_card(g, c)}",
    "draw_hidden": lambda g, p: f"player {p} draws a card",
    "support": lambda g, p, t: f"player {p} spends support token {t} ({TOKEN_WORDS[t]})",
    "plays": lambda g, p, c, how: (
        f"player {p} plays {_card(g, c)} to "
        + ("build the savanna" if how == "build" else "place elephants")
    ),
    "built": lambda g, p, c, area, q, action: (
        f"player {p} builds {_card(g, c)} on area {area} ({BUILD_WORDS[action]})"
    ),
    "rests": lambda g, p, k: f"player {p} gains {k} rested elephants",
    "tires": lambda g, p, k: f"player {p} loses {k} rested elephants (they tire)",
    "no_room": lambda g, p: f"player {p} finds no free cell for the elephant",
    "placed": lambda g, p, *cells: (
        f"player {p} places elephants on " + ", ".join(g.cell_names[c] for c in cells)
    ),
    "water": lambda g, p, k: f"water: player {p} gains {k} rested elephants (placeable next turn)",
    "tree": lambda g, colour, gain, energy: (
        f"the {colour} tree is reached: its stand lies down, +{gain} energy ({energy})"
    ),
    "landmark": lambda g, area: f"the landmark of area {area} is visited",
    "destination_open": lambda g: "all landmarks are visited: the Destination opens",
    "discards": lambda g, p, c: f"player {p} discards {_card(g, c)}",
    "lion_card": lambda g, p, c: f"player {p} draws {_card(g, c)}: the lions wake",
    "lion_rests": lambda g, i: f"the {LIONS[i]} gets up and skips this activation",
    "lion_moves": lambda g, i, a, b: (
        f"the {LIONS[i]} stays on area {a}" if a == b else f"the {LIONS[i]} moves from {a} to {b}"
    ),
    "chased": lambda g, i, p, k, cell: (
        f"the {LIONS[i]} chases {k} of player {p}'s elephants off {cell} (to the box)"
    ),
    "matriarch_chased": lambda g, i, p: (
        f"the {LIONS[i]} is with the Matriarch: player {p} loses an elephant to the box"
    ),
    "lion_lies": lambda g, i: f"the {LIONS[i]} lies down",
    "matriarch_card": lambda g, p, c: f"player {p} draws {_card(g, c)}: the Matriarch leads",
    "matriarch_moves": lambda g, cell, p, k: (
        f"the Matriarch moves to {cell}; player {p} takes back {k} tired elephant(s)"
    ),
    "matriarch_gathers": lambda g, cell, *back: (
        f"the Matriarch moves to {cell} and gathers the herd: "
        + ", ".join(
            f"player {p} takes back {_elephants(k)}, tired" for p, k in enumerate(back) if k
        )
    ),
    "matriarch_tires": lambda g: "every rested elephant tires; the tree stands are raised",
    "matriarch_energy": lambda g, k, e: f"the Matriarch costs {k} energy ({e} left)",
    "double_matriarch": lambda g, k, e: f"two Matriarch cards at once: {k} more energy ({e} left)",
    "deck_empty": lambda g, p: f"player {p} must draw, but the deck is empty",
    "won": lambda g, why: f"the team wins: {why}",
    "lost": lambda g, why: f"the team loses: {why}",
    "cut_short": lambda g, turns: f"the game is cut short after {turns} turns (turn cap)",
}

RULE_HELP = {
    "turn": "choose your action: Turn — spend support tokens if you like, then A. build the "
    "savanna with a card or B. place elephants by a card's footprint pattern",
    "area": "choose a free card area: Build the savanna — not a landmark, not on another card; "
    "under a lion is fine",
    "build_turn": "choose the card's direction: the rotation symbol (or token C) lets it turn",
    "target": "choose another player for the build action",
    "place_turn": "choose the pattern's direction: token C lets it turn",
    "footprint": "choose where the first footprint goes: Place elephants — the whole pattern "
    "on free spaces, next to an elephant or the Matriarch unless an elephant is already out "
    "this turn; rough costs one more",
    "elephant": "choose a cell for one elephant, ignoring rough terrain: next to the herd "
    "unless an elephant is already out this turn",
    "over": "the game is over",
}
