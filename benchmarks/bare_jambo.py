"""A bare-bones random playout of Jambo (2 players, the engine's defaults), the yardstick.

Same rules and the same decisions as a random playout through ``boardlab``
(``boardlab.sim.play(boardlab.load("jambo"), [RandomAgent(), RandomAgent()], seed)``):
each decision is uniform among the same menu the engine offers —

* phase 1: draw (if a card is left), go to phase 2, or use a ready utility;
  after a draw, keep it (phase 2) or discard it;
* phase 2: every distinct hand card — a ware card to buy and/or to sell when
  legal, a stand, utility, people or animal card when playable — every ready
  usable utility, and "end the turn";
* after every ware card the opponent's Rain Maker step (react or pass), after
  every animal the Guard step, both asked even without the card in hand;
* one step per sub-decision of an effect (a ware, a card, a utility, an option,
  a bid or a pass, "done"), in the engine's order, each among the distinct
  options; wares from an effect that don't all fit taken one at a time or the
  rest left; a fourth utility's discard; the +1 gold bonus, the last turn, the
  300-turn cap (a safeguard that never cuts the last turn).

But no actions, checks, narration, knowledge tracking or record: the menu is
built as a list of small ints, one index is drawn and decoded; sub-decisions
run inline. ``versus_bare.py`` times it against the contract.

Cards are design indices (copies share one, so a hand's distinct cards are
``set(hand)``), wares are 6 counts, shuffles sort by random keys (as the
engine's ``core.chance.shuffle``).
"""

from __future__ import annotations

import csv
import random
from pathlib import Path
from typing import NamedTuple

CARDS_CSV = Path(__file__).parent.parent / "boardlab/games/jambo/data/cards.csv"
WARE, UTILITY, PEOPLE, ANIMAL, STAND = range(5)
TYPES = ("ware", "utility", "people", "animal", "stand")
LETTERS = "KHTLFS"


def _cards() -> tuple:
    """The designs (name, type, wares-needed pairs, number of wares, buy, sell) and the
    deck as design indices."""
    lines = [x for x in CARDS_CSV.read_text(encoding="utf-8").splitlines() if x.strip()]
    rows = list(csv.DictReader(x for x in lines if not x.startswith("#")))
    names, kinds, needs, sizes, buys, sells, deck = [], [], [], [], [], [], []
    for r in rows:
        i = len(names)
        names.append(r["card"])
        kinds.append(TYPES.index(r["type"]))
        wares = [LETTERS.index(ch) for ch in r["wares"]]
        needs.append(tuple((w, wares.count(w)) for w in sorted(set(wares))))
        sizes.append(len(wares))
        buys.append(int(r["buy"] or 0))
        sells.append(int(r["sell"] or 0))
        deck += [i] * int(r["copies"])
    return names, kinds, needs, sizes, buys, sells, deck


NAMES, TYPE, NEED, SIZE, BUY, SELL, DECK = _cards()
_ID = {name: i for i, name in enumerate(NAMES)}
(
    WELL, DRUMS, THRONE, BOAT, SCALE, MASK, SUPPLIES, KETTLE, LEOPARD, WEAPONS,
    GUARD, RAIN, SHAMAN, PSYCHIC, ELDER, WISE, PORTUGUESE, BASKET, TRAVELING, ARABIAN,
    DANCER, CARRIER, DRUMMER,
    CROCODILE, PARROT, HYENA, SNAKE, ELEPHANT, APE, LION, CHEETAH,
) = (_ID.get(n, -1) for n in (
    "Well", "Drums", "Throne", "Boat", "Scale", "Mask of Transformation", "Supplies",
    "Kettle", "Leopard Statue", "Weapons",
    "Guard", "Rain Maker", "Shaman", "Psychic", "Tribal Elder", "Wise Man from Afar",
    "Portuguese", "Basket Maker", "Traveling Merchant", "Arabian Merchant", "Dancer",
    "Carrier", "Drummer",
    "Crocodile", "Parrot", "Hyena", "Snake", "Elephant", "Ape", "Lion", "Cheetah",
))  # fmt: skip
SIX = range(6)
#: Each kind of decision: the engine's phase menus ("menu": phase 1 or 2, "drawn": keep or
#: discard) and the ``effect`` of each of its ``pending`` frames (``decisions.py``).
STEPS = (
    "menu", "drawn", "rain", "guard", "utility_limit", "receive", "bid",
    "drums", "throne_give", "throne_take", "boat", "take_one", "scale", "mask",
    "supplies", "supplies_card", "kettle", "weapons",
    "shaman_from", "shaman_to", "psychic", "elder", "elder_discard", "portuguese", "basket",
    "merchant_pick", "dancer_card", "dancer_ware", "carrier", "carrier_wares", "drummer",
    "crocodile", "parrot", "hyena_take", "hyena_give", "snake", "elephant", "ape", "lion",
    "cheetah",
)  # fmt: skip
A = {name: i for i, name in enumerate(STEPS)}
END = -1  # menu codes: END, a card (play it; a ware card: buy), card + SELL_CODE, utility use
SELL_CODE = len(NAMES)
USE_CODE = 2 * len(NAMES)


class Summary(NamedTuple):
    """One random game: final gold, turns played, decisions (``asked`` counts them by
    ``STEPS``), the winners (both on a tie at the cap) and whether the cap cut it short."""

    gold: list[int]
    turns: int
    decisions: int
    winners: tuple[int, ...]
    truncated: bool
    asked: list[int]


def game(
    seed: int,
    target: int = 60,
    starting_gold: int = 20,
    hand_size: int = 5,
    first_stand_price: int = 6,
    stand_price: int = 3,
    fee: int = 2,
    max_turns: int = 300,
    psychic_cards: int = 6,
) -> Summary:
    """Play one random game; return its ``Summary``."""
    rnd = random.Random(seed).random
    deck = list(DECK)  # the top card is the last
    deck.sort(key=lambda _: rnd())
    hands = [deck[-hand_size:], deck[-2 * hand_size : -hand_size]]
    del deck[-2 * hand_size :]
    discard: list[int] = []
    gold = [starting_gold, starting_gold]
    market = [[0] * 6, [0] * 6]
    supply = [6] * 6
    cap = [6, 6]  # the large stand's 6 spaces, +3 a small stand
    stands = 0  # small stands built in the game (either player)
    ready: list[list[int]] = [[], []]
    spent: list[list[int]] = [[], []]
    asked = [0] * len(STEPS)  # decisions asked, by kind of step

    def pick(n: int, step: int) -> int:
        asked[step] += 1
        return int(rnd() * n)

    def refill() -> None:
        """An exhausted card supply becomes the shuffled discard stack."""
        if not deck and discard:
            deck.extend(discard)
            discard.clear()
            deck.sort(key=lambda _: rnd())

    def top():
        if not deck:
            if not discard:
                return None
            refill()
        return deck.pop()

    def draw(p: int, k: int) -> None:
        hand = hands[p]
        for _ in range(k):
            if not deck and not discard:
                return
            hand.append(top())

    def placeable(p: int) -> int:
        room = cap[p] - sum(market[p])
        return room - 1 if room and gold[p] < fee else room

    def place(p: int, w: int) -> None:
        m = market[p]
        m[w] += 1
        if sum(m) == cap[p]:
            gold[p] -= fee

    def take(p: int, w: int, k: int) -> None:
        while k and supply[w] and placeable(p):
            supply[w] -= 1
            place(p, w)
            k -= 1

    def two_of(w: int) -> list[int]:
        """Two of ware ``w`` out of the supply (as many as it has)."""
        k = min(2, supply[w])
        supply[w] -= k
        return [w] * k

    def choose(options, step: int):
        options = tuple(options)
        asked[step] += 1
        return options[int(rnd() * len(options))]

    def choose_ware(m: list[int], step: int) -> int:
        return choose([w for w in SIX if m[w]], step)

    def receive(p: int, wares: list[int]) -> None:
        """Wares from an effect (out of the supply): all if they fit, else the player picks
        one at a time (or "done": the rest go back), two of one kind as two kinds."""
        if placeable(p) >= len(wares):
            for w in wares:
                place(p, w)
            return
        while wares and placeable(p):
            options = sorted(set(wares))
            i = pick(len(options) + 1, A["receive"])
            if i == len(options):
                break
            wares.remove(options[i])
            place(p, options[i])
        for w in wares:
            supply[w] += 1

    def usable(p: int, u: int) -> bool:
        """The engine's ``cannot_use`` is None."""
        if u == WELL:
            return gold[p] >= 1 and bool(deck or discard)
        if u == DRUMS:
            return sum(market[p]) > 0
        if u == THRONE:
            return sum(market[p]) > 0 and sum(market[1 - p]) > 0
        if u == BOAT:
            return bool(hands[p]) and sum(supply) > 0 and placeable(p) > 0
        if u == SCALE:
            return bool(deck or discard)
        if u == MASK:
            return bool(hands[p]) and bool(discard)
        if u == SUPPLIES:
            return gold[p] >= 1 or bool(hands[p])
        if u == LEOPARD:
            room = cap[p] - sum(market[p])
            g = gold[p]
            return g >= 2 and sum(supply) > 0 and room > 0 and not (room == 1 and g - 2 < fee)
        return bool(hands[p])  # Kettle, Weapons

    def use(p: int, u: int) -> None:
        """The utility's function for ``p`` (paid for)."""
        hand, m = hands[p], market[p]
        if u == WELL:
            gold[p] -= 1
            draw(p, 1)
        elif u == DRUMS:
            w = choose_ware(m, A["drums"])
            m[w] -= 1
            supply[w] += 1
            draw(p, 1)
        elif u == THRONE:
            give, other = choose_ware(m, A["throne_give"]), market[1 - p]
            got = choose(
                [w for w in SIX if other[w] and w != give] or [w for w in SIX if other[w]],
                A["throne_take"],
            )
            m[give] -= 1
            other[give] += 1
            other[got] -= 1
            m[got] += 1
        elif u == BOAT:
            c = choose(set(hand), A["boat"])
            hand.remove(c)
            discard.append(c)
            if sum(supply) and placeable(p):
                take(p, choose_ware(supply, A["take_one"]), 1)
        elif u == SCALE:
            got = [c for c in (top(), top()) if c is not None]
            if len(got) == 1:
                hand.append(got[0])
            elif got:
                c = choose(set(got), A["scale"])
                got.remove(c)
                hand.append(c)
                hands[1 - p].append(got[0])
        elif u == MASK:
            c = choose(set(hand), A["mask"])
            old = discard.pop()
            hand.remove(c)
            discard.append(c)
            hand.append(old)
        elif u == SUPPLIES:
            if pick((gold[p] >= 1) + bool(hand), A["supplies"]) == 0 and gold[p] >= 1:
                gold[p] -= 1
            else:
                c = choose(set(hand), A["supplies_card"])
                hand.remove(c)
                discard.append(c)
            aside = []
            while True:
                c = top()
                if c is None:
                    break
                if TYPE[c] == WARE:
                    hand.append(c)
                    break
                aside.append(c)
            discard.extend(aside)
        elif u == KETTLE:
            c = choose(set(hand), A["kettle"])
            hand.remove(c)
            discard.append(c)
            k = 1
            if hand:
                options = tuple(set(hand))
                i = pick(len(options) + 1, A["kettle"])
                if i < len(options):
                    hand.remove(options[i])
                    discard.append(options[i])
                    k = 2
            draw(p, k)
        elif u == LEOPARD:
            gold[p] -= 2
            take(p, choose_ware(supply, A["take_one"]), 1)
        else:  # Weapons
            c = choose(set(hand), A["weapons"])
            hand.remove(c)
            discard.append(c)
            gold[p] += 2

    def playable(p: int, c: int) -> bool:
        """A people or animal card: the engine's ``cannot_play`` is None."""
        if c in (GUARD, RAIN):
            return False
        if c == SHAMAN:
            m = market[p]
            return any(m[a] and any(b != a and supply[b] >= m[a] for b in SIX) for a in SIX)
        if c in (PSYCHIC, ARABIAN):
            return bool(deck or discard)
        if c == PORTUGUESE:
            return sum(market[p]) > 0
        if c == BASKET:
            return gold[p] >= 2 and sum(supply) > 0
        if c == TRAVELING:
            return sum(supply) >= 2
        if c == DANCER:
            return sum(market[p]) >= 3 and any(TYPE[x] == WARE for x in hands[p])
        if c == DRUMMER:
            return any(TYPE[x] == UTILITY for x in discard)
        return True

    def auction(p: int, wares: list[int], cards: list[int]) -> None:
        """Alternate bids from 1 gold, ``p`` opens, the first pass ends it."""
        high, leader, who = 0, -1, p
        while True:
            n = max(0, gold[who] - high) + 1
            i = pick(n, A["bid"])
            if i == n - 1:
                break
            high += 1 + i
            leader, who = who, 1 - who
        if leader < 0:
            discard.extend(cards)
            for w in wares:
                supply[w] += 1
            return
        gold[leader] -= high
        hands[leader].extend(cards)
        if wares:
            receive(leader, wares)

    def people(p: int, c: int) -> None:
        """A people card's effect (but Wise Man's, which is the turn's)."""
        q, hand, m = 1 - p, hands[p], market[p]
        if c == SHAMAN:
            a = choose(
                [a for a in SIX if m[a] and any(b != a and supply[b] >= m[a] for b in SIX)],
                A["shaman_from"],
            )
            k = m[a]
            b = choose([b for b in SIX if b != a and supply[b] >= k], A["shaman_to"])
            m[a] -= k
            supply[a] += k
            supply[b] -= k
            m[b] += k
        elif c == PSYCHIC:
            if deck and len(deck) < psychic_cards and discard:
                pile = discard[:]  # shuffled beneath the cards left (it holds the Psychic)
                discard.clear()
                pile.sort(key=lambda _: rnd())
                deck[:0] = pile
            else:
                refill()  # the discard stack holds the Psychic itself, so a card is left
            n = min(psychic_cards, len(deck))
            c = choose(set(deck[-n:]), A["psychic"])
            for i in range(len(deck) - 1, len(deck) - n - 1, -1):
                if deck[i] == c:
                    del deck[i]
                    break
            hand.append(c)
        elif c == ELDER:
            if pick(2, A["elder"]) == 0:
                draw(p, max(0, 5 - len(hand)))
            else:
                other = hands[q]
                while len(other) > 3:
                    x = choose(set(other), A["elder_discard"])
                    other.remove(x)
                    discard.append(x)
        elif c == PORTUGUESE:
            while True:
                options = [w for w in SIX if m[w]]
                i = pick(len(options) + 1, A["portuguese"])
                if i == len(options):
                    break
                m[options[i]] -= 1
                supply[options[i]] += 1
                gold[p] += 2
                if not sum(m):
                    break
        elif c == BASKET:
            gold[p] -= 2
            receive(p, two_of(choose_ware(supply, A["basket"])))
        elif c == TRAVELING:
            lot = []
            for _ in (0, 1):
                w = choose_ware(supply, A["merchant_pick"])
                supply[w] -= 1
                lot.append(w)
            auction(p, lot, [])
        elif c == ARABIAN:
            auction(p, [], [x for x in (top(), top(), top()) if x is not None])
        elif c == DANCER:
            x = choose({x for x in hand if TYPE[x] == WARE}, A["dancer_card"])
            hand.remove(x)
            discard.append(x)
            for _ in (0, 1, 2):
                w = choose_ware(m, A["dancer_ware"])
                m[w] -= 1
                supply[w] += 1
            gold[p] += SELL[x]
        elif c == CARRIER:
            if pick(2, A["carrier"]) == 0:  # wares for me, cards for the opponent
                if sum(supply):
                    receive(p, two_of(choose_ware(supply, A["carrier_wares"])))
                draw(q, 2)
            else:
                draw(p, 2)
                if sum(supply):
                    receive(q, two_of(choose_ware(supply, A["carrier_wares"])))
        elif c == DRUMMER:
            x = choose({x for x in discard if TYPE[x] == UTILITY}, A["drummer"])
            for i in range(len(discard) - 1, -1, -1):
                if discard[i] == x:
                    del discard[i]
                    break
            hand.append(x)

    def animal(p: int, c: int) -> None:
        """An animal's effect (not cancelled by a Guard)."""
        q, hand = 1 - p, hands[p]
        if c == CROCODILE:
            pairs = {(u, False) for u in ready[q]} | {(u, True) for u in spent[q]}
            if pairs:
                u, used = choose(pairs, A["crocodile"])
                (spent if used else ready)[q].remove(u)
                if usable(p, u):
                    use(p, u)
                discard.append(u)
        elif c == PARROT:
            other = market[q]
            if sum(other) and placeable(p):
                w = choose_ware(other, A["parrot"])
                other[w] -= 1
                place(p, w)
        elif c == HYENA:
            other = hands[q]
            if other:
                x = choose(set(other), A["hyena_take"])
                other.remove(x)
                hand.append(x)
                x = choose(set(hand), A["hyena_give"])
                hand.remove(x)
                other.append(x)
        elif c == SNAKE:
            for who in (p, q):
                if len(ready[who]) + len(spent[who]) > 1:
                    pairs = {(u, False) for u in ready[who]} | {(u, True) for u in spent[who]}
                    u, was_used = choose(pairs, A["snake"])
                    (spent if was_used else ready)[who].remove(u)
                    discard.extend(ready[who])
                    discard.extend(spent[who])
                    ready[who][:] = [] if was_used else [u]
                    spent[who][:] = [u] if was_used else []
        elif c == ELEPHANT:
            pool = [w for mk in market for w in SIX for _ in range(mk[w])]
            market[0][:] = market[1][:] = [0] * 6
            who = p
            while True:
                if pool and placeable(who):
                    pass
                elif pool and placeable(1 - who):
                    who = 1 - who
                else:
                    break
                w = choose(set(pool), A["elephant"])
                pool.remove(w)
                place(who, w)
                who = 1 - who
            for w in pool:
                supply[w] += 1
        elif c == APE:
            pool = hand + hands[q]
            hand.clear()
            hands[q].clear()
            who = p
            while pool:
                x = choose(set(pool), A["ape"])
                pool.remove(x)
                hands[who].append(x)
                who = 1 - who
        elif c == LION:
            pool = [(u, False) for u in ready[p] + ready[q]] + [
                (u, True) for u in spent[p] + spent[q]
            ]
            for lst in (ready[0], ready[1], spent[0], spent[1]):
                lst.clear()
            who = p
            while True:
                if pool and len(ready[who]) + len(spent[who]) < 3:
                    pass
                elif pool and len(ready[1 - who]) + len(spent[1 - who]) < 3:
                    who = 1 - who
                else:
                    break
                pair = choose(set(pool), A["lion"])
                pool.remove(pair)
                (spent if pair[1] else ready)[who].append(pair[0])
                who = 1 - who
            discard.extend(u for u, _ in pool)
        elif c == CHEETAH:
            if gold[q] >= 2 and pick(2, A["cheetah"]) == 0:
                gold[q] -= 2
                gold[p] += 2
            else:
                if gold[q] < 2:
                    pick(1, A["cheetah"])
                draw(p, 2)

    MENU, DRAWN, RAIN_STEP, GUARD_STEP = A["menu"], A["drawn"], A["rain"], A["guard"]
    turn, ender = 0, -1
    while True:
        p = turn & 1
        q = 1 - p
        hand, m, mine, used = hands[p], market[p], ready[p], spent[p]
        actions, wise = 5, 0
        playing = True  # a phase 2 follows
        while True:  # Phase 1: Draw Cards
            can_draw = 1 if deck or discard else 0
            utilities = [u for u in set(mine) if usable(p, u)]
            asked[MENU] += 1
            i = int(rnd() * (can_draw + 1 + len(utilities))) - can_draw
            if i < 0:  # draw, then keep (phase 2) or discard
                actions -= 1
                card = top()
                asked[DRAWN] += 1
                if rnd() < 0.5:
                    hand.append(card)
                    break
                discard.append(card)
            elif i == 0:
                break
            else:
                u = utilities[i - 1]
                actions -= 1
                mine.remove(u)
                used.append(u)
                use(p, u)
            if not actions:
                playing = False
                break
        while playing and actions:  # Phase 2: Play Cards
            menu = [END]
            held = sum(m)
            room = cap[p] - held
            g = gold[p]
            for c in set(hand):
                kind = TYPE[c]
                if kind == WARE:
                    n = SIZE[c]
                    price = max(0, BUY[c] - 2 * wise) if wise else BUY[c]
                    if n <= room and g >= (price + fee if n == room else price):
                        for w, k in NEED[c]:
                            if supply[w] < k:
                                break
                        else:
                            menu.append(c)
                    if n <= held:
                        for w, k in NEED[c]:
                            if m[w] < k:
                                break
                        else:
                            menu.append(c + SELL_CODE)
                elif kind == UTILITY:
                    menu.append(c)
                elif kind == STAND:
                    if g >= (first_stand_price if stands == 0 else stand_price):
                        menu.append(c)
                elif playable(p, c):
                    menu.append(c)
            for u in set(mine):
                if usable(p, u):
                    menu.append(u + USE_CODE)
            asked[MENU] += 1
            code = menu[int(rnd() * len(menu))]
            if code == END:
                break
            actions -= 1
            if code >= USE_CODE:
                u = code - USE_CODE
                mine.remove(u)
                used.append(u)
                use(p, u)
                continue
            c = code if code < SELL_CODE else code - SELL_CODE
            kind = TYPE[c]
            hand.remove(c)
            if kind == WARE:
                discard.append(c)
                if code >= SELL_CODE:
                    for w, k in NEED[c]:
                        m[w] -= k
                        supply[w] += k
                    gold[p] += SELL[c] + 2 * wise
                else:
                    gold[p] -= max(0, BUY[c] - 2 * wise)
                    for w, k in NEED[c]:
                        supply[w] -= k
                        m[w] += k
                    if sum(m) == cap[p]:
                        gold[p] -= fee
                other = hands[q]  # the Rain Maker step: react or pass
                asked[RAIN_STEP] += 1
                if RAIN in other and rnd() < 0.5:
                    other.remove(RAIN)
                    other.append(c)
                    discard[-1] = RAIN
            elif kind == UTILITY:
                mine.append(c)
                if len(mine) + len(used) > 3:  # discard one, not the card just played
                    pairs = {(u, False) for u in mine[:-1]} | {(u, True) for u in used}
                    u, was_used = choose(pairs, A["utility_limit"])
                    (used if was_used else mine).remove(u)
                    discard.append(u)
            elif kind == STAND:
                gold[p] -= first_stand_price if stands == 0 else stand_price
                stands += 1
                cap[p] += 3
            elif kind == PEOPLE:
                discard.append(c)
                if c == WISE:
                    wise += 1
                else:
                    people(p, c)
            else:  # an animal: the Guard step
                discard.append(c)
                other = hands[q]
                asked[GUARD_STEP] += 1  # react or pass
                if GUARD in other and rnd() < 0.5:
                    other.remove(GUARD)
                    discard.append(GUARD)
                else:
                    animal(p, c)
        # the end of the turn
        if actions >= 2:
            gold[p] += 1
        mine.extend(used)
        used.clear()
        turn += 1
        if ender >= 0:
            other = 1 - ender
            winner = other if gold[other] >= gold[ender] else ender
            return Summary(gold, turn, sum(asked), (winner,), False, asked)
        if gold[p] >= target:
            ender = p
        elif turn >= max_turns:  # the safeguard, never before a last turn
            best = max(gold)
            winners = tuple(x for x in (0, 1) if gold[x] == best)
            return Summary(gold, turn, sum(asked), winners, True, asked)
