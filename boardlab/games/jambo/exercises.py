"""Jambo exercises for the notebook, answered by the engine itself.

Each asks what a rule does in a seeded situation and lets the rules answer, so an
exercise can never disagree with the engine it teaches.
"""

from __future__ import annotations

import random

from boardlab.core import Game
from boardlab.teach import Exercise

from .actions import PlayWare
from .components import LETTERS, wares_text


def buy_exercise(game: Game, seed: int) -> Exercise:
    """ "May player 0 buy with this ware card?" ("Buying": room, gold, supply, 6th space).

    The answer is the engine's: whether the buy is among the legal actions (True or
    False), explained by the rule that allows or refuses it.
    """
    rng = random.Random(seed)
    wares = [name for name, card in game.cards.items() if card.type == "ware"]
    card = game.cards[rng.choice(sorted(wares))]
    on_stand = "".join(rng.choice(LETTERS) for _ in range(rng.randint(0, 3)))
    gold = rng.randint(0, 14)
    state = game.new_game(seed).arrange(
        hands=[[card.name], []], markets=[on_stand, ""], gold=[gold, 20], rest="discard"
    )
    action = PlayWare(card.name, False)
    allowed = action in state.legal_actions()
    why = state.cannot_buy(0, card) or (
        f"room, gold and supply suffice: pay {state.buy_price(card)} gold"
        + (" and 2 for the 6th space" if len(card.wares) == state.room(0) else "")
    )
    return Exercise(
        question=f"Player 0 has {gold} gold and {wares_text([LETTERS.index(c) for c in on_stand])} "
        f"on the large stand (6 spaces). May they buy with ware card {card.name} "
        f"({wares_text(card.wares)}, buy {card.buy})? (True or False)",
        answer=allowed,
        explanation=f"Buying: {why}.",
    )
