"""What a Jambo position is worth to each merchant: gold, and what will turn into gold.

The score is gold alone, so a search that judges a playout cut short by gold (the
default of ``ISMCTSAgent``) sees a turn spent buying wares or drawing cards as gold
lost, and plays for the end-of-turn bonus: ``mcts:200`` won 0.100 [0.068, 0.144] of 240
games against the Trader (``figures/mcts_ladder.csv`` before this module). ``worth``
prices the rest of a merchant's holdings in gold, as the Trader's buy and sell logic
does (``bots.Trader``): a ware about what a sale pays for it beyond its purchase, more
when a ware card in hand would sell it; a card in hand by what playing it brings; a
utility in play by its uses to come. ``bots.SEARCH`` hands it to the search.

It reads only the state it is given — in the search, a sample drawn from the player's
view (the opponent's hand and the deck guessed anew), never the true hidden cards.
"""

from __future__ import annotations

#: A rough worth, in gold, of playing each people or animal card (the Trader's too).
PLAY_VALUE = {
    "Wise Man from Afar": 1.0, "Portuguese": 1.5, "Basket Maker": 1.5, "Tribal Elder": 1.5,
    "Psychic": 2.0, "Shaman": 0.5, "Traveling Merchant": 1.0, "Arabian Merchant": 1.0,
    "Dancer": 3.0, "Carrier": 2.0, "Drummer": 1.0, "Crocodile": 2.0, "Parrot": 2.0,
    "Hyena": 1.5, "Snake": 0.3, "Elephant": 0.5, "Ape": 0.3, "Lion": 0.5, "Cheetah": 2.0,
}  # fmt: skip
#: A ware on a stand: a 3-ware card sells for 10-12 gold and buys for 3-5 (2 a ware to
#: the Portuguese), so a ware held is worth a little before anything sells it ...
WARE = 1.5
#: ... and more while a ware card in hand holds that ware (a sale in sight).
SELLABLE = 1.0
#: A ware card in hand: part of a buy-then-sell's profit.
WARE_CARD = 1.5
#: A Guard in hand: an animal attack turned away.
GUARD = 1.0
#: A utility in play (ready or used this turn): it acts again every turn to come.
UTILITY = 2.0
#: A utility or a small market stand in hand, while it would still fit (3 utilities, 2 stands).
IN_HAND = 1.0
#: A small market stand built: 3 more spaces, so wares need not pay the 6th space's fee.
STAND = 1.0
#: Cards in hand beyond these count for a share only (five actions a turn play few).
HAND = 5
BEYOND = 0.3


def worth(state) -> list[float]:
    """Each player's gold plus their wares, hand and utilities priced in gold, the more
    cheaply the nearer either merchant is to the gold that ends the game."""
    cards = state.game.cards
    gold = state.gold
    left = 1.0 - max(gold) / state.game.target_gold
    soon = 0.2 + 0.8 * (left if left > 0.0 else 0.0)
    result = []
    for p, mine in enumerate(gold):
        hand = state.hands[p]
        wanted = set()
        value = STAND * state.stands[p]
        in_play = len(state.ready[p]) + len(state.spent[p])
        value += UTILITY * in_play
        held = []
        for name in hand:
            card = cards[name]
            kind = card.type
            if kind == "ware":
                held.append(WARE_CARD)
                wanted.update(card.wares)
            elif kind == "utility":
                held.append(IN_HAND if in_play < 3 else 0.2)
            elif kind == "stand":
                held.append(IN_HAND if state.stands[p] < 2 else 0.2)
            elif name == "Guard":
                held.append(GUARD)
            else:
                held.append(0.5 * PLAY_VALUE.get(name, 0.5))
        if len(held) > HAND:
            held.sort(reverse=True)
            value += sum(held[:HAND]) + BEYOND * sum(held[HAND:])
        else:
            value += sum(held)
        for ware, count in enumerate(state.market[p]):
            if count:
                value += count * (WARE + (SELLABLE if ware in wanted else 0.0))
        result.append(mine + soon * value)
    return result


__all__ = ["worth"]
