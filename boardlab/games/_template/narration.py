"""Waterhole's words: the narration of events and the rule help shown to a player.

The rules append raw tuples ``(kind, visible_to, args)`` to ``state._log``;
``NARRATION[kind](*args)`` makes the English sentence only when somebody
reads it (``describe_event``). ``visible_to`` is ``None`` for a public event
or the players who may see it; ``redact`` (in ``rules.py``) says what the
others learn instead: "player 0 draws lion 3" for player 0, "player 0 draws
a card" for everybody else.

# TEMPLATE: one entry per kind of event your rules log, args as plain JSON
# values (ints, strings), never objects. The raw tuples are not optional: a
# playout appends tuples and never formats a sentence, and the contract
# (``State.events``, ``visible_events``, ``determinize``) reads the log.
"""

from __future__ import annotations

from .components import card_name


def player(p: int) -> str:
    return f"player {p}"


def players(group: tuple[int, ...]) -> str:
    """``"player 1"``, or ``"player 0 and player 2"``."""
    return " and ".join(player(p) for p in group)


def space(s: int) -> str:
    """A space's one name, in the narration, the choice labels and ``render.locate`` alike:
    a click on the board keeps the moves whose labels name the place clicked."""
    # TEMPLATE: one helper per kind of place, used by every text that names it.
    return "camp" if s == 0 else f"space {s}"


def distance(k: int) -> str:
    return f"{k} space" if k == 1 else f"{k} spaces"


def result(group: tuple[int, ...]) -> str:
    return f"{players(group)} {'wins' if len(group) == 1 else 'share the win'}"


NARRATION = {
    "deal": lambda p, *cards: f"{player(p)} is dealt " + ", ".join(map(card_name, cards)),
    "deal_hidden": lambda p, k: f"{player(p)} is dealt {k} cards",
    "play": lambda p, c: f"{player(p)} plays {card_name(c)}",
    "move": lambda p, a, b: f"{player(p)} moves {distance(b - a)}, from {space(a)} to {space(b)}",
    "waterhole": lambda p: f"{player(p)} reaches the waterhole and wins",
    "chase": lambda p, q, a, b: (
        f"{player(p)}'s lion chases {player(q)} back from {space(a)} to {space(b)}"
    ),
    "no_prey": lambda p: f"{player(p)}'s lion finds nobody to chase",
    "draw": lambda p, c: f"{player(p)} draws {card_name(c)}",
    "draw_hidden": lambda p: f"{player(p)} draws a card",
    "cards_out": lambda *group: f"the cards have run out: {result(group)}",
    "cut_short": lambda turns, *group: (
        f"the game is cut short after {turns} turns (turn cap): {result(group)}"
    ),
    "arranged": lambda: "the situation is set up by hand (arrange)",
}

#: The rulebook's words for each decision, filled in with the game's parameters
#: (``WaterholeGame.rule_help``), so a variant's player reads the variant's rule.
RULE_HELP = {
    "play": "§2 Turn: play one card from your hand and move your pawn forward by its "
    "value; then draw a card. Reach the waterhole (space {waterhole}) to win at once.",
    "chase": "§3 The lion: choose {prey} and chase them: {effect}.",
}

#: Whom a lion may chase, by the ``catch_up`` parameter (§3).
PREY = {
    True: "another player whose pawn is as far as yours or further",
    False: "any other player",
}
#: What a chase does, by the ``lion`` parameter (§3).
EFFECT = {
    "send_back": "they go back as many spaces as your lion's value, never past camp",
    "to_camp": "they go straight back to camp",
}
