"""A bare-bones random playout of Kalimambo (5 players, default parameters), the yardstick.

Same rules and the same decisions as a random playout through ``boardlab``:
each player in turn picks one card uniformly among those in hand (the menu
is counted, one index drawn), the secret cards are revealed together with
Kali's top card, highest first to the first free space ahead, equal cards →
only the rearmost moves, 0 and the leader stay, dung 3 points, Mambo's
charge each time the space before him is vacated, Kali's penalties to every
player on the lowest card. But no actions, checks, narration or record.
``versus_bare.py`` times it against the contract.

Written to be as fast as plain Python allows, so that the ratio is against
the best a bare simulator can do: shuffles by sorting on random keys (half
the cost of ``random.shuffle``), the move order as one sort of packed ints
(card, then the rearmost first, then the figure), the lowest card worked
out only when Kali pays.
"""

from __future__ import annotations

import random


def game(seed: int, n: int = 5, length: int = 32) -> list[int]:
    """Play one random game; return the penalty points."""
    rng = random.Random(seed)
    rnd = rng.random
    order = list(range(n))
    order.sort(key=lambda _: rnd())
    fig = [0] * (n + 1)  # explorers 0..n-1, Kali n; Mambo stands behind on 0
    for i, p in enumerate(order):
        fig[p] = i + 1
    fig[n] = n + 1
    dung = [False] * length
    slots = list(range(length - (n + 2) - 10))
    slots.sort(key=lambda _: rnd())
    for i, o in enumerate(sorted(slots[:6])):
        dung[n + 2 + o + 2 * i] = True
    kali = list(range(12))
    kali.sort(key=lambda _: rnd())
    hands = [list(range(12)) for _ in range(n)]
    pen = [0] * n
    mambo = 0
    figures = range(n + 1)
    for size in range(12, 0, -1):
        cards = [h.pop(int(rnd() * size)) for h in hands]
        cards.append(kali.pop())
        # highest card first; of equal cards the rearmost first (A round; design decision 4)
        keys = [(cards[f] << 12 | 4095 - fig[f]) << 3 | f for f in figures]
        keys.sort(reverse=True)
        head = max(fig)
        last = -1
        for key in keys:
            c = key >> 15
            if c == 0:
                break
            if c == last:  # equal cards: only the rearmost (first in this order) moves
                continue
            last = c
            f = key & 7
            start = fig[f]
            if start == head:
                continue
            head += 1
            fig[f] = head
            if dung[head % length]:
                if f < n:
                    pen[f] += 3
                else:
                    low = min(cards[:n])
                    for p in figures[:n]:
                        if cards[p] == low:
                            pen[p] += 3
            if start == mambo + 1:
                rear = min(fig)
                victim = fig.index(rear)
                run = rear - 1 - mambo
                mambo = rear - 1
                if victim < n:
                    pen[victim] += run
                else:
                    low = min(cards[:n])
                    for p in figures[:n]:
                        if cards[p] == low:
                            pen[p] += run
    return pen
