"""Tembo: the deal, the cards' backs, and a player's guess of what they cannot see.

Reconstruction "Cards": decks I, II and III are each shuffled with their share of the
Lion and Matriarch cards and stacked, I on top (``deck_order="stacked"``; or all
shuffled together); every player is dealt 3 savanna cards from the top deck. Seed
"Sharing information": nobody shows their cards — but every card's *back* (deck I, II
or III) is on the table, in the draw pile and in the teammates' hands. So a player's
guess of the hidden cards (``State.determinize`` → ``resample_state``) redraws each
hidden card only among the hidden cards with its back: while deck I is drawn, the
teammates hold and the next draws are deck I cards.
"""

from __future__ import annotations

import random

from boardlab.core.chance import shuffle

from .components import split_events
from .events import HAND


def deal(game, rng: random.Random) -> tuple[list[list[int]], list[int]]:
    """The hands and the deck (top card last) of a new game: each deck shuffled with its
    share of events, stacked I on top (or all shuffled); 3 savanna cards each dealt first,
    from the top deck."""
    lions = split_events(list(game.lion_ids))
    matriarchs = split_events(list(game.matriarch_ids))
    decks = [list(d) for d in game.decks]
    if game.params.deck_order == "shuffled":
        decks = [decks[0] + decks[1] + decks[2], [], []]
        lions = [lions[0] + lions[1] + lions[2], [], []]
        matriarchs = [matriarchs[0] + matriarchs[1] + matriarchs[2], [], []]
    savanna = decks[0]
    shuffle(rng, savanna)
    hands = [savanna[i * HAND : (i + 1) * HAND] for i in range(game.num_players)]
    piles = []
    for d in range(3):
        pile = savanna[game.num_players * HAND :] if d == 0 else decks[d]
        pile = pile + lions[d] + matriarchs[d]
        shuffle(rng, pile)
        piles.append(pile)
    deck = piles[2] + piles[1] + piles[0]  # top card last: deck I on top
    return hands, deck


def card_backs(game) -> list[int]:
    """Each card's back, as the table shows it: its deck (0, 1, 2 for I, II, III; a Lion
    or Matriarch card by the deck its share is shuffled into), or 0 for every card when
    the decks are shuffled together (the backs then say nothing of the order)."""
    backs = [card.deck for card in game.cards]
    for events in (game.lion_ids, game.matriarch_ids):
        for d, share in enumerate(split_events(list(events))):
            backs += [d] * len(share)
    if game.params.deck_order == "shuffled":
        return [0] * len(backs)
    return backs


def resample_state(self, player: int, rng: random.Random) -> None:
    """``TemboState._resample``: redraw the others' hands (unless open hands) and the
    deck's order, keeping every card's back where it is — a hidden card is redrawn only
    among the hidden cards with its back, and Lion and Matriarch cards (resolved when
    drawn, never held) stay in the deck. The card being played (public: it is on the
    table) stays in its player's hand."""
    game = self.game
    back = game.backs
    others = [] if game.params.open_hands else [q for q in range(game.num_players) if q != player]
    shown = self.card if self.card >= 0 else None
    slots: dict[int, list] = {}  # a back → its hidden places: (hand or None, index)
    cards: dict[int, list[int]] = {}  # a back → its hidden savanna cards
    events: dict[int, list[int]] = {}  # a back → its Lion and Matriarch cards
    for q in others:
        for i, c in enumerate(self.hands[q]):
            if q == self.current_player and c == shown:
                continue
            slots.setdefault(back[c], []).append((q, i))
            cards.setdefault(back[c], []).append(c)
    for i, c in enumerate(self.deck):
        slots.setdefault(back[c], []).append((None, i))
        pool = cards if c < game.savanna_count else events
        pool.setdefault(back[c], []).append(c)
    for b, places in slots.items():
        # sorted before each shuffle: the bot owns ``rng``, and could undo a shuffle of the
        # true order (the sample must depend on what ``player`` knows and ``rng`` alone)
        savanna = sorted(cards.get(b, []))
        shuffle(rng, savanna)
        in_hands = [place for place in places if place[0] is not None]
        for (q, i), c in zip(in_hands, savanna, strict=False):  # as many cards as places, or more
            self.hands[q][i] = c
        rest = sorted(savanna[len(in_hands) :] + events.get(b, []))
        shuffle(rng, rest)
        in_deck = [i for q, i in places if q is None]
        for i, c in zip(in_deck, rest, strict=True):
            self.deck[i] = c
