"""Kombo Afrika told in words: the narration of each event and the help for each decision.

The rules (``rules.py``, ``combos.py``, ``effects.py``) log raw tuples,
``(kind, who may see it, args)``; ``KomboAfrikaGame.describe_event`` turns
them into sentences with ``NARRATION`` only when somebody reads them, so a
playout never formats a string. Cards are face indices, named by the game's
``labels``; cells are board indices and sets of cells bit masks, named
``a1``…``e5``. The words follow the rulebook (``kombo_afrika.seed.txt``:
Preparation, The Player's Turn, Combos and Scoring, Card Effects, When the
Board Is Full, When the Draw Deck Runs Out of Cards, End of the Game).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .components import cell_name, cells_of

if TYPE_CHECKING:
    from collections.abc import Callable

#: What the player to decide is told (``KomboAfrikaGame.rule_help``): one entry per phase,
#: and one per animal whose effect is being decided (Card Effects).
RULE_HELP = {
    "mulligan": "Preparation: if you do not like your cards, you can once place them face "
    "down on the discard pile and draw 5 new cards from the deck.",
    "main": "The Player's Turn: place any number of cards face up next to a card already in "
    "place (active or hidden) or to the draw deck; gather at most one combo (3+ side-adjacent "
    "active cards of one colour, at most one CHAO as wildcard) at any moment; end the turn "
    "to refill your hand to five.",
    "claim": "Combos (variant): choose the cards of your combo one by one, each side-adjacent "
    "to the ones chosen; then score it.",
    "end": "End of the Game: when a player reaches the target the round is finished; most "
    "points wins, a tie goes to the most points in the last turn.",
    "SURI": "SURI: draw 1 new card from the draw deck into your hand.",
    "PAPO": "PAPO: gain 1 extra point for each card left in your hand.",
    "KONG": "KONG: discard the rest of your hand and draw the same amount of new cards.",
    "CROC": "CROC: flip 1 or 2 cards face down; gain 1 point for each. CROC can flip another "
    "CROC, but not itself.",
    "VULT": "VULT: flip 1 hidden card back face up; its effect is not activated again.",
    "GIFFE": "GIFFE: move any card (face up or down) onto an adjacent free space. GIFFE can "
    "move another GIFFE, not itself.",
}


def _player(p: int) -> str:
    return f"player {p}"


def _cells(mask: int) -> str:
    """``"a1, b1, c1"``: the cells of a mask, by name."""
    return ", ".join(cell_name(c) for c in cells_of(mask))


def _count(k: int, word: str = "card") -> str:
    """``"1 card"``, ``"3 cards"``."""
    return f"{k} {word}{'' if k == 1 else 's'}"


#: Event kind → its sentence, from the game (for card labels) and the logged arguments.
NARRATION: dict[str, Callable[..., str]] = {
    # Preparation
    "deal": lambda g, p, m, *faces: (
        f"{_player(p)} takes into hand: " + ", ".join(g.labels[f] for f in faces)
    ),
    "deal_hidden": lambda g, p, m, k: f"{_player(p)} takes {_count(k)} into hand",
    "keep": lambda g, p: f"{_player(p)} keeps their hand",
    "mulligan": lambda g, p: f"{_player(p)} puts their hand on the discard pile (mulligan)",
    "corner": lambda g, f, c: f"{g.labels[f]} is laid face up on corner {cell_name(c)}",
    # The Player's Turn
    "turn": lambda g, p, t: f"turn {t + 1}: {_player(p)} plays",
    "place": lambda g, p, f, c: f"{_player(p)} places {g.labels[f]} on {cell_name(c)}",
    "end_turn": lambda g, p, points: (
        f"{_player(p)} ends the turn ({_count(points, 'point')} this turn)"
    ),
    # Card Effects
    "swap": lambda g, p, f, c, old: (
        f"{_player(p)} places {g.labels[f]} on {cell_name(c)} and takes {g.labels[old]} into hand"
    ),
    "skip": lambda g, p, f: f"{_player(p)} does not use {g.labels[f]}'s effect",
    "no_target": lambda g, p, f: f"{g.labels[f]}'s effect has no card to act on",
    "papo": lambda g, p, k: f"PAPO: {_player(p)} gains {_count(k, 'point')} (one per card in hand)",
    "kong": lambda g, p, k: f"KONG: {_player(p)} discards {_count(k)} and draws as many",
    "suri": lambda g, p: f"SURI: {_player(p)} draws a card",
    "croc": lambda g, p, c, f: (
        f"CROC: {_player(p)} flips {g.labels[f]} on {cell_name(c)} face down (+1 point)"
    ),
    "vult": lambda g, p, c, f: f"VULT: {_player(p)} revives {g.labels[f]} on {cell_name(c)}",
    "giffe": lambda g, p, a, b: (
        f"GIFFE: {_player(p)} moves the card on {cell_name(a)} to {cell_name(b)}"
    ),
    # Combos and Scoring
    "claim": lambda g, p, mask, value: (
        f"{_player(p)} claims the combo on {_cells(mask)} for {_count(value, 'point')} and hides it"
    ),
    # Drawing, and When the Draw Deck Runs Out of Cards
    "draw": lambda g, p, *faces: f"{_player(p)} draws " + ", ".join(g.labels[f] for f in faces),
    "draw_hidden": lambda g, p, k: f"{_player(p)} draws {_count(k)}",
    "discard_hand": lambda g, p, m, *faces: (
        f"{_player(p)} discards " + ", ".join(g.labels[f] for f in faces)
    ),
    "discard_hand_hidden": lambda g, p, m, k: f"{_player(p)} discards {_count(k)}",
    "reshuffle": lambda g, k: f"the draw deck is empty: the discard pile ({_count(k)}) is shuffled",
    # When the Board Is Full
    "clean_hidden": lambda g, mask: (
        f"the board is full: the hidden cards on {_cells(mask)} go to the discard pile"
    ),
    "clean_active": lambda g, mask: (
        f"the board is full of active cards: all but the corners ({_cells(mask)}) "
        "go to the discard pile"
    ),
    # End of the Game
    "target": lambda g, p, s, t: (
        f"{_player(p)} reaches {s} points: the last round is played (game ends after turn {t})"
    ),
    "game_over": lambda g, *winners: (
        "game over: " + " and ".join(_player(w) for w in winners) + " won"
    ),
    "truncated": lambda g, t: f"the game is cut short after {t} turns (turn cap)",
    "arranged": lambda g: "the situation is set up by hand (arrange)",
}


def choice_path(game, action) -> tuple[str, ...]:
    """The steps a player chooses a move in (the play panel; records are unchanged): a
    placement by its card, then its cell (The Player's Turn); a combo to claim under
    "claim a combo"; everything else in one step. A cell is always "cell b3", as the
    board's ``render.locate`` names it, so a click on it keeps the moves about it."""
    kind = type(action).__name__
    if kind == "Place":
        return (game.labels[action.card], f"cell {cell_name(action.cell)}")
    if kind == "Claim":
        cells = ", ".join(f"cell {cell_name(c)}" for c in cells_of(action.cells))
        return ("claim a combo", f"the combo on {cells}")
    words = {
        "Target": "choose the card on cell {}",
        "MoveTo": "move it to cell {}",
        "ClaimCard": "add cell {} to the combo",
    }
    if kind in words:
        return (words[kind].format(cell_name(action.cell)),)
    return (str(action),)
