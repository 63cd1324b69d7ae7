"""A bare-bones random playout of Kilimanjaro, without the contract: the yardstick.

Same rules and the same decisions as a random playout through ``boardlab``
(3 players, default parameters), each one menu counted and one index drawn
uniformly: a counter placement is one of (each kind the player still holds)
x (each free space: not a village, no counter on or next to it); a turn is
one of (each distinct hand card — two copies are one choice) x (each
expedition as far or further) x (piles A, B, C); a change-position counter
is one of the other expeditions. Then the move by the three top cards,
bananas (again), lions (back to the last village), the swap, the draw, the
base camp or the cards running out. But nothing else: no actions, no
legality checks, no narration, no record. ``versus_bare.py`` times it
against the contract on the same machine at the same moment, which is the
honest comparison on a machine whose speed varies from minute to minute.

Written to be as fast as plain Python allows: shuffles by sorting on random
keys (``random.shuffle`` draws an index per card in Python: the old version
spent a third of its time there), the free spaces struck out by index with
no search, the movement and the last village read from tables, one random
draw per decision.
"""

from __future__ import annotations

import random
from bisect import bisect_left

VILLAGES = (20, 40, 60, 80)
LENGTH = 100
DECK = [face for face in range(28) for _ in range(2)]
SPACES = [s for s in range(1, LENGTH) if s not in VILLAGES]
COUNTERS = [0] * 8 + [1] * 4 + [2] * 4  # banana, lion, change position
KINDS = [[k for k in range(3) if held >> k & 1] for held in range(8)]


def _movement(a: int, b: int, c: int) -> int:
    ta, tb, tc = a // 7, b // 7, c // 7
    va, vb, vc = a % 7 + 1, b % 7 + 1, c % 7 + 1
    if ta == tb == tc:
        return va + vb + vc
    if ta == tb:
        return va + vb
    if ta == tc:
        return va + vc
    if tb == tc:
        return vb + vc
    return max(va, vb, vc)


MOVE = [_movement(a, b, c) for a in range(28) for b in range(28) for c in range(28)]
#: The village behind each space (the start village 0 if none): where a lion sends you.
BACK = [(VILLAGES[i - 1] if i else 0) for i in (bisect_left(VILLAGES, s) for s in range(101))]


def game(seed: int, n: int = 3) -> tuple[int, list[int], int, int]:
    """Play one random game; return (the winner at the base camp or -1 when the cards ran
    out, the positions, the decisions, the cards played)."""
    rng = random.Random(seed)
    rnd = rng.random
    counters = list(COUNTERS)
    counters.sort(key=lambda _: rnd())
    held = [[0, 0, 0] for _ in range(n)]  # counters of each kind to place, per player
    for i, k in enumerate(counters):
        held[i % n][k] += 1
    board = [-1] * (LENGTH + 1)
    free = list(SPACES)
    p = 0
    for _ in range(16):
        while not any(held[p]):
            p = (p + 1) % n
        mine = held[p]
        kinds = KINDS[(mine[0] > 0) | (mine[1] > 0) << 1 | (mine[2] > 0) << 2]
        size = len(free)
        kind, i = divmod(int(rnd() * (len(kinds) * size)), size)
        kind = kinds[kind]
        mine[kind] -= 1
        space = free[i]
        board[space] = kind
        lo = i - 1 if i and free[i - 1] == space - 1 else i
        hi = i + 2 if i + 1 < size and free[i + 1] == space + 1 else i + 1
        del free[lo:hi]
        p = (p + 1) % n
    deck = DECK[:]
    deck.sort(key=lambda _: rnd())
    tops = []
    hands = []
    for _ in range(n):
        tops.append(deck[-3:])
        del deck[-3:]
        hands.append(deck[-3:])
        del deck[-3:]
    pos = [0] * n
    seats = range(n)
    p = 0
    winner = -1
    while True:
        hand = hands[p]
        if not hand:
            if not any(hands):
                break
            p = p + 1 if p + 1 < n else 0
            continue
        mine = pos[p]
        targets = [q for q in seats if pos[q] >= mine]
        cards = hand
        if len(hand) == 3:
            a, b, c = hand
            if a in (b, c) or b == c:
                cards = list(set(hand))
        elif len(hand) == 2 and hand[0] == hand[1]:
            cards = hand[:1]
        piles = 3 * len(targets)
        card, rest = divmod(int(rnd() * (len(cards) * piles)), piles)
        card = cards[card]
        hand.remove(card)
        tops[targets[rest // 3]][rest % 3] = card
        a, b, c = tops[p]
        distance = MOVE[(a * 28 + b) * 28 + c]
        while True:
            end = pos[p] + distance
            if end >= LENGTH:
                pos[p] = LENGTH
                winner = p
                break
            pos[p] = end
            kind = board[end]
            if kind == 0:  # banana: again
                continue
            if kind == 1:
                pos[p] = BACK[end]
            elif kind == 2:
                board[end] = -1
                other = int(rnd() * (n - 1))
                other += other >= p  # the others, in seat order
                pos[p], pos[other] = pos[other], pos[p]
            break
        if winner >= 0:
            break
        if deck:
            hand.append(deck.pop())
        p = p + 1 if p + 1 < n else 0
    played = len(DECK) - 3 * n - len(deck) - sum(map(len, hands))
    return winner, pos, 16 + played + 4 - board.count(2), played
