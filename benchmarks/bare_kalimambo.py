"""A bare-bones random playout of Kalimambo (5 players, dossier defaults), the yardstick.

Same rules as a random playout through ``boardlab``: secret cards revealed
together with Kali's, highest first to the first free space ahead, equal
cards → only the rearmost moves, 0 and the leader stay, dung 3 points,
Mambo's charge each time the space before him is vacated, Kali's penalties
to every player on the lowest card; but no actions, checks, narration or
record. ``versus_bare.py`` times it against the contract.
"""

from __future__ import annotations

import random


def game(seed: int, n: int = 5, length: int = 32) -> list[int]:
    """Play one random game; return the penalty points."""
    rng = random.Random(seed)
    rnd = rng.random
    order = list(range(n))
    rng.shuffle(order)
    fig = [0] * (n + 1)  # explorers 0..n-1, Kali n; Mambo stands behind on 0
    for i, p in enumerate(order):
        fig[p] = i + 1
    fig[n] = n + 1
    dung = [False] * length
    slots = list(range(length - (n + 2) - 10))
    rng.shuffle(slots)
    for i, o in enumerate(sorted(slots[:6])):
        dung[n + 2 + o + 2 * i] = True
    kali = list(range(12))
    rng.shuffle(kali)
    hands = [list(range(12)) for _ in range(n)]
    pen = [0] * n
    mambo = 0
    for _ in range(12):
        cards = [h.pop(int(rnd() * len(h))) for h in hands]
        cards.append(kali.pop())
        low = min(cards[:n])
        movers = sorted(range(n + 1), key=lambda f: (-cards[f], fig[f]))
        head = max(fig)
        last = -1
        for f in movers:
            c = cards[f]
            if c == 0:
                break
            if c == last:  # equal cards: only the rearmost (first in this order) moves
                continue
            last = c
            start = fig[f]
            if start == head:
                continue
            head += 1
            fig[f] = head
            if dung[head % length]:
                payers = [f] if f < n else [p for p in range(n) if cards[p] == low]
                for p in payers:
                    pen[p] += 3
            if start == mambo + 1:
                rear = min(fig)
                run = rear - 1 - mambo
                mambo = rear - 1
                victim = fig.index(rear)
                payers = [victim] if victim < n else [p for p in range(n) if cards[p] == low]
                for p in payers:
                    pen[p] += run
    return pen
