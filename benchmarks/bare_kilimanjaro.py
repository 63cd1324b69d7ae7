"""A bare-bones random playout of Kilimanjaro, without the contract: the yardstick.

Same rules and decisions as a random playout through ``boardlab`` (3
players, dossier defaults; one random decision per counter placement, card
play and swap target) but nothing else: no actions, no legality checks, no
narration, no record. ``versus_bare.py`` times it against the contract on
the same machine at the same moment, which is the honest comparison on a
machine whose speed varies from minute to minute.
"""

from __future__ import annotations

import random
from bisect import bisect_left

VILLAGES = (20, 40, 60, 80)
DECK = [face for face in range(28) for _ in range(2)]
SPACES = [s for s in range(1, 100) if s not in VILLAGES]


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


def last_village(position: int) -> int:
    i = bisect_left(VILLAGES, position)
    return VILLAGES[i - 1] if i else 0


def game(seed: int, n: int = 3):
    """Play one random game; return the winner (or the positions when the cards run out)."""
    rng = random.Random(seed)
    rnd = rng.random
    counters = [0] * 8 + [1] * 4 + [2] * 4  # banana, lion, change position
    rng.shuffle(counters)
    hold = [counters[p::n] for p in range(n)]
    board = [-1] * 101
    free = list(SPACES)
    p = 0
    for _ in range(16):
        while not hold[p]:
            p = (p + 1) % n
        kind = hold[p].pop(int(rnd() * len(hold[p])))
        space = free[int(rnd() * len(free))]
        board[space] = kind
        for x in (space - 1, space, space + 1):
            j = bisect_left(free, x)
            if j < len(free) and free[j] == x:
                del free[j]
        p = (p + 1) % n
    deck = DECK[:]
    rng.shuffle(deck)
    tops = [[deck.pop(), deck.pop(), deck.pop()] for _ in range(n)]
    hands = [[deck.pop(), deck.pop(), deck.pop()] for _ in range(n)]
    pos = [0] * n
    p = 0
    while True:
        hand = hands[p]
        if not hand:
            if not any(hands):
                return pos
            p = (p + 1) % n
            continue
        mine = pos[p]
        targets = [q for q in range(n) if pos[q] >= mine]
        card = hand.pop(int(rnd() * len(hand)))
        tops[targets[int(rnd() * len(targets))]][int(rnd() * 3)] = card
        a, b, c = tops[p]
        distance = MOVE[(a * 28 + b) * 28 + c]
        while True:
            end = pos[p] + distance
            if end >= 100:
                return p
            pos[p] = end
            kind = board[end]
            if kind == 0:  # banana: again
                continue
            if kind == 1:
                pos[p] = last_village(end)
            elif kind == 2:
                board[end] = -1
                others = [x for x in range(n) if x != p]
                other = others[int(rnd() * len(others))]
                pos[p], pos[other] = pos[other], pos[p]
            break
        if deck:
            hand.append(deck.pop())
        p = (p + 1) % n
