"""Kilimanjaro told in words: the narration of each event and the help for each decision.

The rules (``rules.py``) log raw tuples, ``(kind, who may see it, args)``;
``KilimanjaroGame.describe_event`` turns them into sentences with ``NARRATION``
only when somebody reads them, so a playout never formats a string. The words
follow the rulebook (``kilimanjaro.seed.txt``: Preparation,
Course of play, Chance counters, Game end, Variant).
"""

from __future__ import annotations

from .components import CLAUSES, COUNTER_NAMES, PILE_NAMES, card_name, tabulated_movement

#: What the player to decide is told (``KilimanjaroGame.rule_help``), one entry per phase.
RULE_HELP = {
    "place": "Preparation: each player, in turn, places one of their counters onto any empty "
    "space. No two counters may be placed next to each other and no counter may be placed "
    "on a village space. The cards are dealt once all the counters are placed.",
    "play": "Course of play: play one card from your hand on top of one of your three piles, "
    "or on a pile of a player whose expedition has moved as far, or further, than your own. "
    "Then move by your three top cards: "
    + "; ".join(f"{clause}. {words}" for clause, words in CLAUSES.items())
    + ". Only the top cards count.",
    "choose": "Chance counters: change places with one of the other expeditions (variant: "
    "move another expedition back to the last village). The counter is removed from play.",
    "end": "Game end: a player reached the base camp, or all cards were played (furthest "
    "wins; a tie goes to whoever would move furthest next round).",
}


def _player(p: int) -> str:
    """How the narration names a player: ``"player 2"``."""
    return f"player {p}"


#: Event kind → the sentence it reads as, from the event's raw arguments.
NARRATION = {
    "deal_counters": lambda p, *ks: (
        f"{_player(p)} is dealt counters: " + ", ".join(COUNTER_NAMES[k] for k in ks)
        if ks
        else f"{_player(p)} is dealt no counters"
    ),
    "deal_counters_hidden": lambda p, k: f"{_player(p)} is dealt {k} face-down counters",
    "deal_cards": lambda: "the movement cards are shuffled and dealt",
    "deal_piles": lambda p, *cs: (
        f"{_player(p)} lays out face up: " + ", ".join(card_name(c) for c in cs)
    ),
    "deal_hand": lambda p, *cs: (
        f"{_player(p)} takes into hand: " + ", ".join(card_name(c) for c in cs)
    ),
    "deal_hand_hidden": lambda p, k: f"{_player(p)} takes {k} cards into hand",
    "place": lambda p, k, s: f"{_player(p)} places their {COUNTER_NAMES[k]} counter on space {s}",
    "place_hidden": lambda p, s: f"{_player(p)} places a face-down counter on space {s}",
    "play": lambda p, c, q, i: (
        f"{_player(p)} plays {card_name(c)} on "
        + ("their own" if p == q else f"{_player(q)}'s")
        + f" pile {PILE_NAMES[i]}"
    ),
    "move": lambda p, a, b: f"{_player(p)} moves {b - a} spaces, from {a} to {b}",
    "overshoot": lambda p, d, a: (
        f"{_player(p)} would move {d} spaces past the base camp and stays on {a} (exact finish)"
    ),
    "counter": lambda p, k, s, new: (
        f"{_player(p)} "
        + ("turns over" if new else "lands on")
        + f" a {COUNTER_NAMES[k]} counter on space {s}"
    ),
    "lion": lambda p, a, b: (
        f"the lion sends {_player(p)} back from {a} to "
        + ("the start village" if b == 0 else f"the village on {b}")
    ),
    "swap": lambda p, q, a, b: f"{_player(p)} (on {a}) and {_player(q)} (on {b}) change places",
    "send_back": lambda p, q, a, b: f"{_player(p)} sends {_player(q)} back from {a} to {b}",
    "draw": lambda p, c: f"{_player(p)} draws {card_name(c)}",
    "draw_hidden": lambda p: f"{_player(p)} draws a card",
    "skip": lambda p: f"{_player(p)} has no cards left and is skipped",
    "base_camp": lambda p: f"{_player(p)} reaches the base camp and wins",
    "arranged": lambda: "the situation is set up by hand (arrange)",
    "cards_out": lambda *winners: (
        "all cards are played; furthest wins: " + " and ".join(_player(w) for w in winners)
    ),
}


def choice_path(state, action) -> tuple[str, ...]:
    """The steps a player chooses a move in (the play panel; records are unchanged): the
    card, then the pile with how far each expedition then moves (Course of play: you move
    by your own top cards); the counter, then the space (Preparation)."""
    kind = type(action).__name__
    if kind == "PlayCard":
        p, q, pile = state.current_player, action.player, action.pile
        tops = list(state.tops[q])
        tops[pile] = action.card
        if q == p:
            where = f"your pile {PILE_NAMES[pile]} → you move {tabulated_movement(tops)}"
        else:
            yours = tabulated_movement(state.tops[p])
            where = (
                f"player {q}'s pile {PILE_NAMES[pile]} → you move {yours}, "
                f"they would move {tabulated_movement(tops)}"
            )
        return (card_name(action.card), where)
    if kind == "PlaceCounter":
        return (f"your {COUNTER_NAMES[action.counter]} counter", f"space {action.space}")
    return (str(action),)
