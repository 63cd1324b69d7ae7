"""Jambo exercises for the notebook, answered by the engine itself.

Each asks what a rule does in a seeded situation and lets the rules answer, so an
exercise can never disagree with the engine it teaches.
"""

from __future__ import annotations

import random

from boardlab.core import Game
from boardlab.teach import Exercise, narrate

from .actions import PlayWare
from .components import LARGE_STAND, LETTERS, SMALL_STAND, STAND, wares_text


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


def cost_exercise(game: Game, seed: int) -> Exercise:
    """ "What does this buy cost?" ("Buying": the card's price, and 2 gold more when the
    wares fill the large stand's 6th space, the last one filled).

    The situation is seeded: player 0 has a ware card, some wares on the stands (a
    small stand built or not) and gold enough; about half the buys fill the last space.
    The answer is the engine's: the gold player 0 has before the buy less after it
    (an int), explained by the engine's own narration of the buy.
    """
    rng = random.Random(seed)
    wares = sorted(name for name, card in game.cards.items() if card.type == "ware")
    if not wares:
        raise ValueError("this card file has no ware card to buy with")
    fee = game.params.large_stand_fee
    for _ in range(100):  # a situation where the buy is legal (the supply has the wares)
        card = game.cards[rng.choice(wares)]
        stands = rng.choice((0, 1)) if STAND in game.cards else 0
        spaces = LARGE_STAND + SMALL_STAND * stands
        free = len(card.wares) + rng.choice((0, 0, 1, 2))
        on_stand = "".join(rng.choice(LETTERS) for _ in range(max(0, spaces - free)))
        state = game.new_game(seed).arrange(
            hands=[[card.name], []],
            markets=[on_stand, ""],
            stands=[stands, 0],
            gold=[card.buy + fee + rng.randint(0, 8), 20],
            rest="discard",
        )
        if state.cannot_buy(0, card) is None:
            break
    else:
        raise ValueError(f"no seeded situation lets player 0 buy (seed {seed})")
    before = state.gold[0]
    told = narrate(state, PlayWare(card.name, False))
    cost = before - state.gold[0]
    stand = f"the large stand and {stands} small one" if stands else "the large stand"
    return Exercise(
        question=f"Player 0 has {before} gold and "
        f"{wares_text([LETTERS.index(c) for c in on_stand])} on {stand} "
        f"({spaces} spaces). How much gold does buying with ware card {card.name} "
        f"({wares_text(card.wares)}, buy {card.buy}) cost? (a number)",
        answer=cost,
        explanation=f"Buying: {told.replace(chr(10), '; ')} — {cost} gold in all"
        + (
            f" (the price {card.buy} and {cost - card.buy} for the large stand's 6th space, "
            "the last one filled)."
            if cost != card.buy
            else f" (the price only: {len(card.wares)} wares leave a space empty, so the "
            "large stand's 6th space stays free)."
        ),
    )
