"""Jambo's market: gold, the ware supply and the market stands (rulebook "Ware Cards",
"Small Market Stand", "Important Rules").

``Market`` is a part of the State (``rules.py``). A market is 6 counts, one per
ware; its room is the large stand's 6 spaces plus 3 per small stand. Wares are
interchangeable on a player's stands and a player fills the small stands first
(the rulebook's own advice: "you can avoid the cost of using the 6th space"),
so the large stand's 6th space is the last space filled: filling it costs the
fee (``large_stand_fee``, 2 gold) each time, and a player without the fee
cannot fill it ("no gold -> no gold-costing action").
"""

from __future__ import annotations

from itertools import compress

from boardlab.core.events import UNTOLD

from .components import LARGE_STAND, SMALL_STAND, WARE_SUPPLY, WARES

EACH_WARE = range(len(WARES))


class Market:
    """Gold, wares and stands: the rules every card that moves them goes through."""

    # -- gold ------------------------------------------------------------------
    def bank(self) -> int | None:
        """The gold left in the bank, or None when the bank is unlimited (the default)."""
        limit = self.game.params.bank_limit
        return None if limit == 0 else limit - sum(self.gold)

    def earn(self, p: int, amount: int) -> int:
        """``p`` takes ``amount`` from the bank (no more than it holds); returns what came."""
        limit = self.game.bank_limit
        if limit:
            amount = max(0, min(amount, limit - sum(self.gold)))
        self.gold[p] += amount
        return amount

    def pay(self, p: int, amount: int) -> None:
        """``p`` pays the bank (legality — enough gold — was checked before)."""
        self.gold[p] -= amount

    # -- stands and room -----------------------------------------------------------
    def capacity(self, p: int) -> int:
        return LARGE_STAND + SMALL_STAND * self.stands[p]

    def wares_on(self, p: int) -> int:
        return sum(self.market[p])

    def room(self, p: int) -> int:
        """Empty spaces on ``p``'s stands (``capacity``, inlined: asked at every step)."""
        return LARGE_STAND + SMALL_STAND * self.stands[p] - sum(self.market[p])

    def placeable(self, p: int) -> int:
        """How many wares ``p`` can place now: the room, less the large stand's 6th space
        when ``p`` cannot pay its fee."""
        room = LARGE_STAND + SMALL_STAND * self.stands[p] - sum(self.market[p])
        if room and self.gold[p] < self.game.fee:
            return room - 1
        return room

    def place(self, p: int, ware: int) -> None:
        """Put one ware on ``p``'s stands (its source already gave it up); filling the
        last space fills the large stand's 6th: pay the fee."""
        self.market[p][ware] += 1
        if sum(self.market[p]) == self.capacity(p):
            fee = self.game.fee
            if fee:
                self.pay(p, fee)
                if self._log is not UNTOLD:
                    self._log.append(("sixth_space", None, (p, fee)))

    def take_from_supply(self, p: int, ware: int, k: int) -> int:
        """Up to ``k`` of ``ware`` from the supply onto ``p``'s stands, as many as fit and
        the supply has ("he can choose which to take and which to leave"); returns how many."""
        taken = 0
        while taken < k and self.supply[ware] and self.placeable(p):
            self.supply[ware] -= 1
            self.place(p, ware)
            taken += 1
        if taken and self._log is not UNTOLD:
            self._log.append(("take_wares", None, (p, ware, taken)))
        return taken

    def return_ware(self, p: int, ware: int, k: int = 1) -> None:
        self.market[p][ware] -= k
        self.supply[ware] += k

    def stand_price(self) -> int:
        """ "The first player who builds a small market stand pays 6 gold ... All further
        small market stands ... only 3 gold"."""
        game = self.game
        return game.first_stand if self.stands[0] + self.stands[1] == 0 else game.later_stand

    # speed: ``compress`` picks the wares with a count in C, where a list comprehension
    # runs a Python frame and a test per ware
    def supply_wares(self) -> list[int]:
        """The wares left in the supply, in ``WARES`` order."""
        return list(compress(EACH_WARE, self.supply))

    def own_wares(self, p: int) -> list[int]:
        """The wares on ``p``'s stands, in ``WARES`` order."""
        return list(compress(EACH_WARE, self.market[p]))

    # -- ware cards --------------------------------------------------------------------
    def buy_price(self, card) -> int:
        """The card's buy price, 2 less per Wise Man from Afar played this turn."""
        return max(0, card.buy - 2 * self.wise)

    def can_buy(self, p: int, card) -> bool:
        """``cannot_buy(p, card) is None``, without building the reason: a speed trick for
        ``legal_actions`` (a test checks both agree)."""
        supply = self.supply
        for w, k in card.need:
            if supply[w] < k:
                return False
        room = self.capacity(p) - sum(self.market[p])
        n = len(card.wares)
        if n > room:
            return False
        fee = self.game.fee if n == room else 0
        return self.gold[p] >= max(0, card.buy - 2 * self.wise) + fee

    def can_sell(self, p: int, card) -> bool:
        """``cannot_sell(p, card) is None``, without the reason (speed, as ``can_buy``)."""
        market = self.market[p]
        for w, k in card.need:  # noqa: SIM110 (a loop: faster here than all() of a generator)
            if market[w] < k:
                return False
        return True

    def cannot_buy(self, p: int, card) -> str | None:
        """Why ``p`` may not buy with ``card`` ("Buying"), or None."""
        need = [0] * len(WARES)
        for w in card.wares:
            need[w] += 1
        if any(need[w] > self.supply[w] for w in range(len(WARES))):
            short = [WARES[w] for w in range(len(WARES)) if need[w] > self.supply[w]]
            return f"the supply lacks {', '.join(short)}: he must always buy all the wares shown"
        n = len(card.wares)
        if n > self.room(p):
            return (
                f"player {p} has room for {self.room(p)} wares, and the card shows {n}: "
                "not enough empty places on his market stands"
            )
        price = self.buy_price(card)
        fee = self.game.fee if n == self.room(p) else 0
        if self.gold[p] < price + fee:
            extra = f" and {fee} for the large stand's 6th space" if fee else ""
            return f"player {p} has {self.gold[p]} gold: the wares cost {price}{extra}"
        return None

    def cannot_sell(self, p: int, card) -> str | None:
        """Why ``p`` may not sell with ``card`` ("Selling"), or None."""
        need = [0] * len(WARES)
        for w in card.wares:
            need[w] += 1
        missing = [WARES[w] for w in range(len(WARES)) if need[w] > self.market[p][w]]
        if missing:
            return (
                f"player {p}'s market lacks {', '.join(missing)}: he must have all the wares "
                "shown on the card"
            )
        return None

    def buy(self, p: int, card) -> None:
        """Pay, take the card's wares; the last one placed may fill the 6th space (``place``,
        inlined: only the last of them can fill the stands)."""
        price = card.buy - 2 * self.wise if card.buy > 2 * self.wise else 0
        self.gold[p] -= price
        supply, market = self.supply, self.market[p]
        for w, k in card.need:
            supply[w] -= k
            market[w] += k
        if sum(market) == LARGE_STAND + SMALL_STAND * self.stands[p]:
            fee = self.game.fee
            if fee:
                self.gold[p] -= fee
                if self._log is not UNTOLD:
                    self._log.append(("sixth_space", None, (p, fee)))
        if self._log is not UNTOLD:
            self._log.append(("buy", None, (p, card.name, price)))

    def sell(self, p: int, card) -> None:
        supply, market = self.supply, self.market[p]
        for w, k in card.need:
            market[w] -= k
            supply[w] += k
        got = self.earn(p, card.sell + 2 * self.wise)
        if self._log is not UNTOLD:
            self._log.append(("sell", None, (p, card.name, got)))

    def count_wares(self) -> int:
        """Every ware: supply, both markets, and those held by a decision in progress."""
        held = sum(len(f.get("wares", ())) for f in self.pending)
        return sum(self.supply) + sum(map(sum, self.market)) + held


__all__ = ["WARE_SUPPLY", "Market"]
