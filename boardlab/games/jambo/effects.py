"""Jambo's people and animal cards: one effect each, as the card list reads them
(rulebook "People", "Animals"; each card's text in ``data/cards.csv``).

"When a player plays a people card, he executes the action described in the text
on the card and discards the card." Animals likewise, but "in all cases, his
opponent may play a guard card in reaction": after every animal the opponent is
asked (``guard`` frame), whether or not he holds a Guard. Each effect's choices
are frames of ``decisions.py``, answered one at a time by whoever decides.

``Effects`` is a part of the State (``rules.py``): ``cannot_play`` says why a
card may not be played now (None if it may), ``start_effect`` plays it.
"""

from __future__ import annotations

from boardlab.core.events import UNTOLD

from .actions import Done, Pass, React
from .components import GUARD, RAIN_MAKER, UTILITY_LIMIT
from .decisions import handler

#: Cards that are played only as reactions, on the opponent's turn.
REACTIONS = (GUARD, RAIN_MAKER)


class Effects:
    """The people and animal cards' effects (the State's part)."""

    def ask(self, step: str, player: int, effect: str, **data) -> None:
        """Push one decision for ``player`` (see ``decisions.py``)."""
        self.pending.append({"step": step, "player": player, "effect": effect, **data})

    # Speed: the two commonest frames, each one dict literal (``ask``'s ``**data`` makes a
    # dict of its own, then merges it into a second); the same keys in the same order.
    def ask_ware(self, player: int, effect: str, options: list[int], card: str) -> None:
        """``ask("ware", player, effect, options=options, card=card)``."""
        self.pending.append(
            {"step": "ware", "player": player, "effect": effect, "options": options, "card": card}
        )

    def ask_hand_card(self, player: int, effect: str, card: str) -> None:
        """``ask("card", player, effect, source="hand", card=card)``: a card of one's hand."""
        self.pending.append(
            {"step": "card", "player": player, "effect": effect, "source": "hand", "card": card}
        )

    def cannot_play(self, p: int, name: str) -> str | None:
        """Why ``p`` may not play the people or animal card ``name`` now, or None."""
        check = PLAY_CHECKS.get(name)
        return None if check is None else check(self, p)

    def shaman_pairs(self, p: int) -> list[int]:
        """The ware types ``p`` may exchange with a Shaman (some other type has as many)."""
        market, supply = self.market[p], self.supply
        out = []
        for a in range(6):
            k = market[a]
            if k:
                for b in range(6):
                    if b != a and supply[b] >= k:
                        out.append(a)
                        break
        return out

    def dancer_cards(self, p: int) -> list[str]:
        cards, six = self.game.cards, self.game.dancer_six_ware
        return [
            c
            for c in self.hands[p]
            if cards[c].type == "ware" and (six or len(cards[c].wares) == 3)
        ]

    def start_effect(self, p: int, name: str) -> None:
        """The card is in the discard stack and paid for; do what it says."""
        if self.game.cards[name].type == "animal":
            # always asked: reveals no hand (the frame made here: ``ask``, inlined)
            self.pending.append({"step": "guard", "player": 1 - p, "effect": "guard", "card": name})
            return
        PEOPLE[name](self, p)

    def animal_effect(self, p: int, name: str) -> None:
        ANIMALS[name](self, p)

    # -- auctions (Traveling Merchant, Arabian Merchant) ----------------------------------
    def open_auction(self, p: int, card: str, **lot) -> None:
        """ "Alternate bids from 1 gold, the player who played it opens, first pass ends it"."""
        self.ask("bid", p, "bid", card=card, high=0, leader=None, seller=p, **lot)

    def end_auction(self, frame: dict) -> None:
        leader, high, seller = frame["leader"], frame["high"], frame["seller"]
        cards, wares = frame.get("cards", []), frame.get("wares", [])
        own = frame["card"] == "Traveling Merchant" and self.game.merchant_wares != "supply"
        if leader is None:
            self._log.append(("no_bid", None, (frame["card"],)))
            self.discard.extend(cards)
            for w in wares:
                if own:
                    self.market[seller][w] += 1
                else:
                    self.supply[w] += 1
            return
        self.pay(leader, high)
        if own and leader != seller:
            self.earn(seller, high)  # the seller's wares: the bank passes the price on
        self._log.append(("auction_won", None, (leader, frame["card"], high)))
        for c in cards:
            self.to_hand(leader, c, public=True)
        if wares:
            self.receive(leader, list(wares), frame["card"])

    def receive(self, p: int, wares: list[int], card: str) -> None:
        """Wares from ``card``'s effect, out of the supply and held until placed: all of them
        if they fit; else "he can choose which to take and which to leave in the supply" —
        one ware at a time (``receive`` frames: take one of those left, or leave the rest),
        two of one kind as much as a lot of two kinds. A player without the gold for the
        large stand's 6th space has room for one ware less (``placeable``)."""
        room = self.placeable(p)
        if room >= len(wares):
            for w in dict.fromkeys(wares):  # each kind once, in the lot's order
                k = wares.count(w)
                for _ in range(k):
                    self.place(p, w)
                self._log.append(("take_wares", None, (p, w, k)))
            return
        if not room:
            self._log.append(("no_room", None, (p, *wares)))
            for w in wares:
                self.supply[w] += 1
            return
        self.ask_receive(p, wares, card)

    def ask_receive(self, p: int, wares: list[int], card: str) -> None:
        """``p`` takes one of ``wares`` (held by the frame) or leaves them all."""
        self.ask(
            "ware", p, "receive", options=sorted(set(wares)), wares=wares, optional=True,
            card=card,
        )  # fmt: skip

    def supply_lot(self, ware: int, k: int) -> list[int]:
        """Up to ``k`` of ``ware`` out of the supply, as many as it has (held by a decision
        until placed or left)."""
        k = min(k, self.supply[ware])
        self.supply[ware] -= k
        return [ware] * k


# -- people ------------------------------------------------------------------------------
def shaman(s, p):
    s.ask_ware(p, "shaman_from", s.shaman_pairs(p), "Shaman")


@handler("shaman_from")
def _shaman_from(s, f, a):
    p, have = f["player"], s.market[f["player"]][a.ware]
    options = [b for b in range(6) if b != a.ware and s.supply[b] >= have]
    s.ask("ware", p, "shaman_to", options=options, source_ware=a.ware, card="Shaman")


@handler("shaman_to")
def _shaman_to(s, f, a):
    p, old = f["player"], f["source_ware"]
    k = s.market[p][old]
    s.return_ware(p, old, k)
    s.supply[a.ware] -= k
    s.market[p][a.ware] += k
    s._log.append(("exchange", None, (p, k, old, a.ware)))


def psychic(s, p):
    want = s.game.psychic_cards
    if s.deck and len(s.deck) < want and s.discard and s.game.psychic_reshuffles:
        s.reshuffle_beneath(want)  # ``psychic_short_supply="reshuffle"``
    else:
        s.refill()  # an exhausted supply, as for any draw
    n = min(want, len(s.deck))
    s.deck_seen[p] = max(s.deck_seen[p], n)
    if s._log is not UNTOLD:
        s._log.append(("peek", (p,), (p, "the top of the card supply", *reversed(s.deck[-n:]))))
    s.ask("card", p, "psychic", source="deck_top", n=n, card="Psychic")


@handler("psychic")
def _psychic(s, f, a):
    p, n = f["player"], f["n"]
    top = len(s.deck) - n
    for i in range(len(s.deck) - 1, top - 1, -1):
        if s.deck[i] == a.card:
            del s.deck[i]
            break
    s.deck_seen[p] = n - 1
    s.deck_seen[1 - p] = 0  # the order the other player knew has shifted
    s.hands[p].append(a.card)
    if s._log is not UNTOLD:
        s._log.append(("take_card", (p,), (p, a.card, "Psychic")))


def tribal_elder(s, p):
    s.ask("option", p, "elder", options=["draw", "discard"], card="Tribal Elder")


@handler("elder")
def _elder(s, f, a):
    p = f["player"]
    if a.option == "draw":
        s.draw_cards(p, max(0, 5 - len(s.hands[p])), "Tribal Elder")
    elif len(s.hands[1 - p]) > 3:
        s.ask_hand_card(1 - p, "elder_discard", "Tribal Elder")


@handler("elder_discard")
def _elder_discard(s, f, a):
    q = f["player"]
    s.hand_to_discard(q, a.card)
    if s._log is not UNTOLD:
        s._log.append(("discard", None, (q, a.card)))
    if len(s.hands[q]) > 3:
        s.ask_hand_card(q, "elder_discard", "Tribal Elder")


def wise_man(s, p):
    if s.wise and not s.game.wise_man_stacks:  # variant: a second one adds nothing
        s._log.append(("wise_man_again", None, (p,)))
        return
    s.wise += 1
    s._log.append(("wise_man", None, (p, s.wise)))


def portuguese(s, p):
    s.ask("ware", p, "portuguese", options=s.own_wares(p), optional=True, sold=0)


@handler("portuguese")
def _portuguese(s, f, a):
    p = f["player"]
    if type(a) is Done:
        return
    s.return_ware(p, a.ware)
    game = s.game  # the Wise Man's bonus: once a Portuguese, or (variant) for every ware
    bonus = 0
    if s.wise and game.wise_man_all_sales and (game.wise_man_per_ware or not f["sold"]):
        bonus = 2 * s.wise
    got = s.earn(p, 2 + bonus)
    s._log.append(("sell_ware", None, (p, a.ware, got)))
    if s.wares_on(p):
        s.ask("ware", p, "portuguese", options=s.own_wares(p), optional=True, sold=1)


def basket_maker(s, p):
    s.pay(p, 2)
    s.ask_ware(p, "basket", s.supply_wares(), "Basket Maker")


@handler("basket")
def _basket(s, f, a):
    s.receive(f["player"], s.supply_lot(a.ware, 2), "Basket Maker")


def traveling_merchant(s, p):
    source = s.supply_wares() if s.game.merchant_wares == "supply" else s.own_wares(p)
    s.ask("ware", p, "merchant_pick", options=source, wares=[], card="Traveling Merchant")


@handler("merchant_pick")
def _merchant_pick(s, f, a):
    p, lot = f["player"], f["wares"] + [a.ware]
    if s.game.merchant_wares == "supply":
        s.supply[a.ware] -= 1
        left = s.supply_wares()
    else:
        s.market[p][a.ware] -= 1
        left = s.own_wares(p)
    if len(lot) < 2:
        s.ask("ware", p, "merchant_pick", options=left, wares=lot, card="Traveling Merchant")
        return
    s._log.append(("auction", None, (p, "Traveling Merchant", *lot)))
    s.open_auction(p, "Traveling Merchant", wares=lot)


def arabian_merchant(s, p):
    lot = []
    for _ in range(3):
        card = s.draw_top()
        if card is None:
            break
        lot.append(card)
    if s._log is not UNTOLD:
        s._log.append(("reveal", None, (p, "Arabian Merchant", *lot)))
    s.open_auction(p, "Arabian Merchant", cards=lot)


@handler("bid")
def _bid(s, f, a):
    if type(a) is Pass:
        s._log.append(("pass", None, (f["player"], f["card"])))
        s.end_auction(f)
        return
    p = f["player"]
    s._log.append(("bid", None, (p, a.gold)))
    f = dict(f, player=1 - p, high=a.gold, leader=p)
    s.pending.append(f)


def dancer(s, p):
    s.ask("card", p, "dancer_card", source="hand", filter="dancer", card="Dancer")


@handler("dancer_card")
def _dancer_card(s, f, a):
    p = f["player"]
    s.hand_to_discard(p, a.card)
    s._log.append(("dancer_card", None, (p, a.card)))
    price = s.game.cards[a.card].sell
    s.ask("ware", p, "dancer_ware", options=s.own_wares(p), left=3, price=price, card="Dancer")


@handler("dancer_ware")
def _dancer_ware(s, f, a):
    p = f["player"]
    s.return_ware(p, a.ware)
    s._log.append(("return_ware", None, (p, a.ware)))
    if f["left"] > 1:
        s.ask(
            "ware", p, "dancer_ware", options=s.own_wares(p), left=f["left"] - 1, price=f["price"],
            card="Dancer",
        )  # fmt: skip
        return
    bonus = 2 * s.wise if s.game.wise_man_all_sales else 0
    got = s.earn(p, f["price"] + bonus)
    s._log.append(("earn", None, (p, got, "Dancer")))


def carrier(s, p):
    s.ask("option", p, "carrier", options=["carry_wares", "carry_cards"], card="Carrier")


@handler("carrier")
def _carrier(s, f, a):
    p = f["player"]
    if a.option == "carry_wares":
        s.ask("auto", 1 - p, "carrier_cards")  # then the opponent draws the 2 cards
        if s.supply_wares():
            s.ask_ware(p, "carrier_wares", s.supply_wares(), "Carrier")
    else:
        s.draw_cards(p, 2, "Carrier")
        if s.supply_wares():
            s.ask_ware(1 - p, "carrier_wares", s.supply_wares(), "Carrier")


@handler("carrier_wares")
def _carrier_wares(s, f, a):
    s.receive(f["player"], s.supply_lot(a.ware, 2), "Carrier")


@handler("carrier_cards")
def _carrier_cards(s, f, a):
    s.draw_cards(f["player"], 2, "Carrier")


def drummer(s, p):
    s.ask("card", p, "drummer", source="discard_utility", card="Drummer")


@handler("drummer")
def _drummer(s, f, a):
    s.take_from_discard(a.card)
    s.to_hand(f["player"], a.card, public=True)
    if s._log is not UNTOLD:
        s._log.append(("take_card", None, (f["player"], a.card, "the discard stack")))


@handler("receive")
def _receive(s, f, a):
    """One ware taken (then the next choice, while room and wares are left), or the rest
    left in the supply."""
    p, wares = f["player"], list(f["wares"])
    if type(a) is not Done:
        wares.remove(a.ware)
        s.place(p, a.ware)
        s._log.append(("take_wares", None, (p, a.ware, 1)))
        if wares and s.placeable(p):
            s.ask_receive(p, wares, f["card"])
            return
    if wares:
        s._log.append(("leave_wares", None, (p, *wares)))
    for w in wares:
        s.supply[w] += 1


# -- reactions -------------------------------------------------------------------------
@handler("guard")
def _guard(s, f, a):
    q, animal = f["player"], f["card"]
    if type(a) is React:
        s.hand_to_discard(q, GUARD)
        s._log.append(("guard", None, (q, animal)))
        return
    ANIMALS[animal](s, 1 - q)  # ``animal_effect``, inlined: one call less per animal


@handler("rain")
def _rain(s, f, a):
    q, card = f["player"], f["card"]
    if type(a) is React:
        s.hand_to_discard(q, RAIN_MAKER)
        s.take_from_discard(card)
        s.to_hand(q, card, public=True)
        s._log.append(("rain_maker", None, (q, card)))


# -- animals -----------------------------------------------------------------------------
def crocodile(s, p):
    q = 1 - p
    if s.ready[q] or s.spent[q]:
        s.ask("utility", p, "crocodile", source="other", card="Crocodile")
    else:
        s._log.append(("nothing", None, (p, "Crocodile")))


@handler("crocodile")
def _crocodile(s, f, a):
    p = f["player"]
    q = 1 - p
    (s.spent if a.used else s.ready)[q].remove(a.card)
    s.ask("auto", p, "discard_held", cards=[a.card])  # discarded once its use is over
    if s.game.crocodile == "use_then_discard" and s.cannot_use(p, a.card) is None:
        s._log.append(("crocodile_use", None, (p, a.card, q)))
        s.use_effect(p, a.card)
    else:
        s._log.append(("crocodile_discard", None, (p, a.card, q)))


@handler("discard_held")
def _discard_held(s, f, a):
    s.discard.extend(f["cards"])


def parrot(s, p):
    if s.own_wares(1 - p) and s.placeable(p):
        s.ask_ware(p, "parrot", s.own_wares(1 - p), "Parrot")
    else:
        s._log.append(("nothing", None, (p, "Parrot")))


@handler("parrot")
def _parrot(s, f, a):
    p = f["player"]
    s.market[1 - p][a.ware] -= 1
    s.place(p, a.ware)
    s._log.append(("steal_ware", None, (p, a.ware, 1 - p)))


def hyena(s, p):
    q = 1 - p
    s.known[p] = list(s.hands[q])
    if s._log is not UNTOLD:
        s._log.append(("peek", (p, q), (p, f"player {q}'s hand", *sorted(s.hands[q]))))
    if s.hands[q]:
        s.ask("card", p, "hyena_take", source="other_hand", card="Hyena")


@handler("hyena_take")
def _hyena_take(s, f, a):
    p = f["player"]
    q = 1 - p
    s.hands[q].remove(a.card)
    s.known[p].remove(a.card)
    s.to_hand(p, a.card, public=True)  # q sees which card went
    s._log.append(("hyena_take", (p, q), (p, a.card, q)))
    if s.hands[p]:
        s.ask_hand_card(p, "hyena_give", "Hyena")


@handler("hyena_give")
def _hyena_give(s, f, a):
    p = f["player"]
    s.from_hand(p, a.card)
    s.hands[1 - p].append(a.card)
    s.known[p].append(a.card)
    s._log.append(("hyena_give", (p, 1 - p), (p, a.card, 1 - p)))


def snake(s, p):
    s.ask("auto", 1 - p, "snake_next")
    snake_ask(s, p)


def snake_ask(s, p):
    if len(s.ready[p]) + len(s.spent[p]) > 1:
        s.ask("utility", p, "snake", source="own", card="Snake")


@handler("snake_next")
def _snake_next(s, f, a):
    snake_ask(s, f["player"])


@handler("snake")
def _snake(s, f, a):
    p = f["player"]
    (s.spent if a.used else s.ready)[p].remove(a.card)
    gone = s.ready[p] + s.spent[p]
    s.discard.extend(gone)
    s._log.append(("snake", None, (p, a.card, *gone)))
    s.ready[p], s.spent[p] = ([] if a.used else [a.card]), ([a.card] if a.used else [])


def elephant(s, p):
    pool = [w for q in (0, 1) for w in range(6) for _ in range(s.market[q][w])]
    s.market = [[0] * 6, [0] * 6]
    s._log.append(("pool_wares", None, (p, *pool)))
    draft_wares(s, p, pool)


def draft_wares(s, p, pool):
    """Elephant: pick one at a time, alternating; a player whose stands are full is
    skipped; what nobody can place returns to the supply."""
    for who in (p, 1 - p):
        if pool and s.placeable(who):
            s.ask("ware", who, "elephant", options=sorted(set(pool)), wares=pool, card="Elephant")
            return
    for w in pool:
        s.supply[w] += 1


@handler("elephant")
def _elephant(s, f, a):
    p, pool = f["player"], list(f["wares"])
    pool.remove(a.ware)
    s.place(p, a.ware)
    s._log.append(("draft_ware", None, (p, a.ware)))
    draft_wares(s, 1 - p, pool)


def ape(s, p):
    pool = s.hands[p] + s.hands[1 - p]
    s.hands, s.known = [[], []], [[], []]
    s._log.append(("pool_cards", None, (p, *sorted(pool))))
    if pool:
        s.ask("card", p, "ape", source="pool", cards=pool, card="Ape")


@handler("ape")
def _ape(s, f, a):
    p, pool = f["player"], list(f["cards"])
    pool.remove(a.card)
    s.to_hand(p, a.card, public=True)
    s._log.append(("draft_card", None, (p, a.card)))
    if pool:
        s.ask("card", 1 - p, "ape", source="pool", cards=pool, card="Ape")


def lion(s, p):
    cards = s.ready[p] + s.ready[1 - p] + s.spent[p] + s.spent[1 - p]
    used = [False] * (len(s.ready[p]) + len(s.ready[1 - p])) + [True] * (
        len(s.spent[p]) + len(s.spent[1 - p])
    )
    s.ready, s.spent = [[], []], [[], []]
    s._log.append(("pool_utilities", None, (p, *sorted(cards))))
    draft_utilities(s, p, cards, used)


def draft_utilities(s, p, cards, used):
    """Lion: pick one at a time, alternating, at most 3 each; the rest are discarded."""
    for who in (p, 1 - p):
        if cards and len(s.ready[who]) + len(s.spent[who]) < UTILITY_LIMIT:
            s.ask("utility", who, "lion", source="pool", cards=cards, used=used, card="Lion")
            return
    s.discard.extend(cards)


@handler("lion")
def _lion(s, f, a):
    p, cards, used = f["player"], list(f["cards"]), list(f["used"])
    i = next(i for i, c in enumerate(cards) if c == a.card and used[i] == a.used)
    del cards[i], used[i]
    # a used one stays used for the player whose turn it is; the other player's turn
    # starts with it ready (its owner's used cards turn back at the end of his turn)
    (s.spent if a.used and p == s.active else s.ready)[p].append(a.card)
    s._log.append(("draft_utility", None, (p, a.card)))
    draft_utilities(s, 1 - p, cards, used)


def cheetah(s, p):
    q = 1 - p
    options = (["gold"] if s.gold[q] >= 2 else []) + ["cards"]
    s.ask("option", q, "cheetah", options=options, card="Cheetah")


@handler("cheetah")
def _cheetah(s, f, a):
    q = f["player"]
    if a.option == "gold":
        s.pay(q, 2)
        s.gold[1 - q] += 2
        s._log.append(("give_gold", None, (q, 2, 1 - q)))
    else:
        s.draw_cards(1 - q, 2, "Cheetah")


# -- why a people or animal card cannot be played now (``cannot_play``) ----------------
def _reaction(name):
    def check(s, p):
        return f"a {name} is played only in reaction, on the opponent's turn, at 0 actions"

    return check


def _shaman_check(s, p):
    if not s.shaman_pairs(p):
        return "Shaman needs wares of one type and as many of another type in the supply"
    return None


def _cards_check(name):
    def check(s, p):
        if not (s.deck or s.discard):
            return f"{name} needs cards in the card supply or the discard stack"
        return None

    return check


def _portuguese_check(s, p):
    if not any(s.market[p]):
        return "Portuguese sells your wares, and your market stands are empty"
    return None


def _basket_check(s, p):
    if s.gold[p] < 2:
        return f"Basket Maker costs 2 gold and player {p} has {s.gold[p]}"
    if not any(s.supply):
        return "the ware supply is empty"
    return None


def _merchant_check(s, p):
    where = s.game.merchant_wares
    if where == "supply" and sum(s.supply) < 2:
        return "Traveling Merchant auctions 2 wares from the supply, which lacks them"
    if where == "own_market" and sum(s.market[p]) < 2:
        return "Traveling Merchant auctions 2 of your wares: you have fewer"
    return None


def _dancer_check(s, p):
    if sum(s.market[p]) < 3:  # ``wares_on``, inlined
        return "Dancer returns 3 of your wares, and you have fewer"
    if not s.dancer_cards(p):
        kind = "ware card" if s.game.dancer_six_ware else "3-ware card"
        return f"Dancer needs a {kind} in your hand"
    return None


def _drummer_check(s, p):
    cards = s.game.cards
    for c in s.discard:  # a loop: faster here than any() of a generator
        if cards[c].type == "utility":
            return None
    return "Drummer takes a utility from the discard stack, which holds none"


#: The people and animal cards that may be refused, each with its test (the others —
#: Tribal Elder, Wise Man, Carrier and the animals — may always be played).
PLAY_CHECKS = {
    GUARD: _reaction(GUARD),
    RAIN_MAKER: _reaction(RAIN_MAKER),
    "Shaman": _shaman_check,
    "Psychic": _cards_check("Psychic"),
    "Arabian Merchant": _cards_check("Arabian Merchant"),
    "Portuguese": _portuguese_check,
    "Basket Maker": _basket_check,
    "Traveling Merchant": _merchant_check,
    "Dancer": _dancer_check,
    "Drummer": _drummer_check,
}


PEOPLE = {
    "Shaman": shaman,
    "Psychic": psychic,
    "Tribal Elder": tribal_elder,
    "Wise Man from Afar": wise_man,
    "Portuguese": portuguese,
    "Basket Maker": basket_maker,
    "Traveling Merchant": traveling_merchant,
    "Arabian Merchant": arabian_merchant,
    "Dancer": dancer,
    "Carrier": carrier,
    "Drummer": drummer,
}
ANIMALS = {
    "Crocodile": crocodile,
    "Parrot": parrot,
    "Hyena": hyena,
    "Snake": snake,
    "Elephant": elephant,
    "Ape": ape,
    "Lion": lion,
    "Cheetah": cheetah,
}
