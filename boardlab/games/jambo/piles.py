"""Jambo's cards in motion: the card supply, the discard stack and the hands, with what
each player knows of the hidden ones (rulebook "Important Rules"; the cards' peeks).

``Piles`` is a part of the State (``rules.py``). Every card that enters or leaves
a hand goes through ``to_hand``/``from_hand``, which keep ``known[p]`` — the
cards of the opponent's hand that ``p`` has seen go there (a Rain Maker taken
from the discard pile, a Hyena's look, an Ape draft) — and every draw goes
through ``draw_top``, which keeps ``deck_seen[p]``, how many of the supply's top
cards ``p`` knows (after a Psychic). ``_resample`` keeps exactly these fixed.
"""

from __future__ import annotations

from boardlab.core.chance import shuffle
from boardlab.core.events import UNTOLD


class Piles:
    """The card supply (``deck``, top card last), the discard stack and the hands."""

    def draw_top(self, p: int | None = None) -> str | None:
        """The top card of the supply; an exhausted supply is first replaced by the
        shuffled discard stack ("Important Rules"). None when both are empty.

        ``p`` (who draws it into a hand, if anyone) lets the other player, who may know
        the top card from a Psychic, keep knowing where it went."""
        if not self.deck:
            if not self.discard:
                return None
            self.refill()
        card = self.deck.pop()
        seen = self.deck_seen
        if seen[0] or seen[1]:  # (nobody knows the supply's top: nothing to keep)
            if p is not None and seen[1 - p]:
                self.known[1 - p].append(card)
            self.deck_seen = [max(0, k - 1) for k in seen]
        return card

    def refill(self) -> None:
        """ "If the card supply is exhausted, shuffle the discard stack and place it
        face-down as the new card supply"."""
        if not self.deck and self.discard:
            self.deck, self.discard = self.discard, []
            shuffle(self.rng, self.deck)
            self.deck_seen = [0, 0]
            self._log.append(("reshuffle", None, (len(self.deck),)))

    def reshuffle_beneath(self, want: int) -> None:
        """The supply holds fewer than ``want`` cards (a Psychic's look): the discard stack
        is shuffled and put beneath them — where drawing them one by one and running out
        would put it — and the cards left stay on top in their order, so whoever knew them
        still does."""
        left, pile = len(self.deck), self.discard
        self.discard = []
        shuffle(self.rng, pile)
        self.deck = pile + self.deck  # (the top card is the last)
        self._log.append(("reshuffle_beneath", None, (left, want, len(pile))))

    def cards_left(self) -> int:
        return len(self.deck) + len(self.discard)

    def draw_cards(self, p: int, k: int, why: str) -> int:
        """``p`` draws ``k`` cards into the hand, secretly; returns how many came."""
        drawn = 0
        for _ in range(k):
            card = self.draw_top(p)
            if card is None:
                break
            self.hands[p].append(card)
            if self._log is not UNTOLD:
                self._log.append(("draw", (p,), (p, card, why)))
            drawn += 1
        return drawn

    def to_hand(self, p: int, card: str, public: bool) -> None:
        """``card`` joins ``p``'s hand; ``public``: the opponent saw which."""
        self.hands[p].append(card)
        if public:
            self.known[1 - p].append(card)

    def from_hand(self, p: int, card: str) -> None:
        """``card`` leaves ``p``'s hand (face up or to the other player): the opponent no
        longer counts it among the cards known there."""
        self.hands[p].remove(card)
        known = self.known[1 - p]
        if card in known:
            known.remove(card)

    def hand_to_discard(self, p: int, card: str) -> None:
        """``card`` leaves ``p``'s hand face up for the discard stack (``from_hand``'s
        bookkeeping written out: one call less for every card discarded from a hand)."""
        self.hands[p].remove(card)
        known = self.known[1 - p]
        if card in known:
            known.remove(card)
        self.discard.append(card)

    def take_from_discard(self, card: str) -> None:
        """Remove the topmost copy of ``card`` from the discard stack."""
        pile = self.discard
        for i in range(len(pile) - 1, -1, -1):
            if pile[i] == card:
                del pile[i]
                return
        raise AssertionError(f"{card} is not in the discard stack")

    def count_cards(self) -> int:
        """Every card: supply, discard, hands, utilities in play, built small stands, the
        card drawn in phase 1 and those held by a decision in progress."""
        held = sum(len(f.get("cards", ())) for f in self.pending)
        in_play = sum(map(len, self.ready)) + sum(map(len, self.spent))
        drawn = 0 if self.drawn is None else 1
        return (
            len(self.deck)
            + len(self.discard)
            + sum(map(len, self.hands))
            + in_play
            + sum(self.stands)
            + drawn
            + held
        )
