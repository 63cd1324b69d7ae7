"""A bare-bones random playout of Kombo Afrika (2 players, dossier defaults), the yardstick.

Same rules and the same decisions as a random playout through ``boardlab``:
keep or mulligan in seat order, four corner cards, then each decision
uniform among the options — in the main menu every claimable combo (at most
one a turn), every distinct hand card on every free cell next to a card or
the deck, HYPNO onto a face-up non-HYPNO card, and "end the turn"; an
effect's use/skip or one target per step (CROC's second card or "done",
VULT's card, GIFFE's card and then its cell); the board-full clean-up,
reshuffles, 77 points → the round is finished, the turn cap. But no
actions, checks, narration or record: the menu is counted, one index is
drawn and decoded. ``versus_bare.py`` times it against the contract.
"""

from __future__ import annotations

import csv
import random
from pathlib import Path

DECK_CSV = Path(__file__).parent.parent / "boardlab/games/kombo_afrika/data/deck.csv"
SURI, HYPNO, PAPO, CROC, VULT, GIFFE, KONG, CHAO = range(8)
ANIMALS = ("SURI", "HYPNO", "PAPO", "CROC", "VULT", "GIFFE", "KONG", "CHAO")

ALL = (1 << 25) - 1
DECK_BIT = 1 << 12
BOARD = ALL & ~DECK_BIT
CORNERS = (0, 4, 20, 24)
CORNER_MASK = 1 | 1 << 4 | 1 << 20 | 1 << 24
NOT_COL0 = ALL & ~sum(1 << (5 * r) for r in range(5))
NOT_COL4 = ALL & ~sum(1 << (5 * r + 4) for r in range(5))


def grow(m: int) -> int:
    return (m | m << 5 | m >> 5 | (m << 1) & NOT_COL0 | (m >> 1) & NOT_COL4) & ALL


NEIGHBOURS = [grow(1 << c) & ~(1 << c) for c in range(25)]


_LO = [tuple(c for c in range(13) if m >> c & 1) for m in range(1 << 13)]
_HI = [tuple(c + 13 for c in range(12) if m >> c & 1) for m in range(1 << 12)]


def cells(m: int) -> tuple[int, ...]:
    """The cells of a mask, by two table look-ups."""
    return _LO[m & 8191] + _HI[m >> 13]


def component(seed: int, within: int) -> int:
    comp = seed & within
    while True:
        bigger = (
            comp | comp << 5 | comp >> 5 | (comp << 1) & NOT_COL0 | (comp >> 1) & NOT_COL4
        ) & within
        if bigger == comp:
            return comp
        comp = bigger


SHAPES: dict = {}  # (colour cells, CHAOs beside them) → the combos


def shapes(m: int, near: int) -> list[int]:
    """The combos of one colour: its groups of ≥ 3, and each CHAO beside it with the
    group(s) it touches."""
    out = []
    rest = m & (m << 5 | m >> 5 | (m << 1) & NOT_COL0 | (m >> 1) & NOT_COL4)  # not alone
    while rest:
        comp = component(rest & -rest, m)
        rest ^= comp
        if comp.bit_count() >= 3:
            out.append(comp)
    while near:
        low = near & -near
        near ^= low
        group = component(grow(low) & m, m)
        if group.bit_count() >= 2:
            out.append(group | low)
    return out


def combos(key, m: int, near: int) -> list[int]:
    """``shapes`` memoized across games."""
    found = SHAPES.get(key)
    if found is None:
        found = SHAPES[key] = shapes(m, near)
    return found


def _deck() -> tuple[list[int], list[int], list[int], list[int]]:
    """Cards 0..47 with their animal, colour class (CHAO: the last class) and points."""
    rows = list(csv.DictReader(DECK_CSV.open(encoding="utf-8")))
    colours = []
    for r in rows:
        if r["colour"] and r["colour"] not in colours:
            colours.append(r["colour"])
    animal = [ANIMALS.index(r["name"]) for r in rows]
    klass = [colours.index(r["colour"]) if r["colour"] else len(colours) for r in rows]
    points = [int(r["points"]) for r in rows]
    return list(range(len(rows))), animal, klass, points


CARDS, ANIMAL, CLASS, POINTS = _deck()
_FIRST: dict = {}
for _c in CARDS:
    _FIRST.setdefault((ANIMAL[_c], CLASS[_c], POINTS[_c]), _c)
#: card → the first card with its face (copies are one menu entry)
FACE = [_FIRST[(ANIMAL[c], CLASS[c], POINTS[c])] for c in CARDS]
CHAO_CLASS = max(CLASS)


HYPNO_CARD = [a == HYPNO for a in ANIMAL]


def game(seed: int, n: int = 2, target: int = 77, hand_size: int = 5, max_turns: int = 200):
    """Play one random game; return (scores, turns, decisions)."""
    rng = random.Random(seed)
    rnd = rng.random
    deck = list(CARDS)
    rng.shuffle(deck)
    discard: list[int] = []
    hands = [[deck.pop() for _ in range(hand_size)] for _ in range(n)]
    steps = 0

    def draw(hand: list[int], k: int) -> None:
        nonlocal deck, discard
        for _ in range(k):
            if not deck:
                if not discard:
                    return
                deck, discard = discard, []
                rng.shuffle(deck)
            hand.append(deck.pop())

    for hand in hands:  # Preparation: keep or mulligan, in seat order
        steps += 1
        if rnd() < 0.5:
            discard += hand
            hand.clear()
            draw(hand, hand_size)
    board = [-1] * 25
    masks = [0] * (CHAO_CLASS + 1)  # active cards per colour class
    occ, act, hyp = DECK_BIT, 0, 0  # occupied, active, holding a HYPNO
    for c in CORNERS:
        if not deck and not discard:
            break
        if not deck:
            deck, discard = discard, []
            rng.shuffle(deck)
        card = board[c] = deck.pop()
        occ |= 1 << c
        act |= 1 << c
        masks[CLASS[card]] |= 1 << c
        if HYPNO_CARD[card]:
            hyp |= 1 << c
    seen_chao, seen_masks, chao_only, found = -1, [0] * CHAO_CLASS, [], [[]] * CHAO_CLASS
    score = [0] * n
    final = -1
    turn = 0
    while True:
        p = turn % n
        hand = hands[p]
        claimed = False
        while True:
            steps += 1
            # the main menu: claims, placements, HYPNO swaps, end of turn
            claims = []
            if not claimed:  # each colour's combos are recomputed only when it changed
                chao = masks[CHAO_CLASS]
                if chao != seen_chao:  # the colours beside a new or gone CHAO change
                    near = grow(chao ^ seen_chao) if seen_chao >= 0 else ALL
                    for k in range(CHAO_CLASS):
                        if masks[k] & near:
                            seen_masks[k] = -1
                    seen_chao = chao
                    chao_only = combos(-chao, chao, 0) if chao.bit_count() >= 3 else []
                claims += chao_only
                for k in range(CHAO_CLASS):
                    m = masks[k]
                    if m != seen_masks[k]:
                        seen_masks[k] = m
                        if chao and m:
                            near = grow(m) & chao
                            found[k] = (
                                combos((m, near), m, near) if (m | near).bit_count() >= 3 else []
                            )
                        else:
                            found[k] = combos(m, m, 0) if m.bit_count() >= 3 else []
                    if found[k]:
                        claims += found[k]
            seen = []
            faces = []  # one hand card of each face
            hypnos = []
            for c in hand:
                f = FACE[c]
                if f not in seen:
                    seen.append(f)
                    faces.append(c)
                    if HYPNO_CARD[c]:
                        hypnos.append(c)
            free = cells(grow(occ) & BOARD & ~occ)
            swaps = cells(act & ~hyp) if hypnos else ()
            n_claims = len(claims)
            n_places = len(faces) * len(free)
            total = n_claims + n_places + len(hypnos) * len(swaps) + 1
            i = int(rnd() * total)
            if i < n_claims:  # Combos and Scoring
                mask = claims[i]
                values = [POINTS[board[c]] for c in cells(mask) if ANIMAL[board[c]] != CHAO]
                size = mask.bit_count()
                value = sum(values) + max(values) * (size - len(values)) if values else size
                act &= ~mask
                for k in range(CHAO_CLASS + 1):
                    masks[k] &= ~mask
                claimed = True
                score[p] += value
                if final < 0 and score[p] >= target:
                    final = (turn // n + 1) * n
                continue
            i -= n_claims
            if i == total - n_claims - 1:  # end the turn
                break
            if i >= n_places:  # HYPNO onto a face-up card, which goes to the hand
                i -= n_places
                card, cell = hypnos[i // len(swaps)], swaps[i % len(swaps)]
                old = board[cell]
                bit = 1 << cell
                hand.remove(card)
                hand.append(old)
                board[cell] = card
                masks[CLASS[old]] &= ~bit
                masks[CLASS[card]] |= bit
                hyp |= bit
                continue
            card, cell = faces[i // len(free)], free[i % len(free)]
            bit = 1 << cell
            hand.remove(card)
            board[cell] = card
            occ |= bit
            act |= bit
            masks[CLASS[card]] |= bit
            animal = ANIMAL[card]
            if animal == HYPNO:
                hyp |= bit
            elif animal in (SURI, PAPO, KONG):
                steps += 1
                if rnd() < 0.5:
                    if animal == SURI:
                        draw(hand, 1)
                    elif animal == PAPO:
                        score[p] += len(hand)
                    else:
                        k = len(hand)
                        discard += hand
                        hand.clear()
                        draw(hand, k)
            elif animal == CROC:
                for _ in (0, 1):
                    targets = cells(act & ~bit)
                    if not targets:
                        break
                    steps += 1
                    i = int(rnd() * (len(targets) + 1))
                    if i == len(targets):  # skip, or flip no second card
                        break
                    t = targets[i]
                    act &= ~(1 << t)
                    masks[CLASS[board[t]]] &= ~(1 << t)
                    score[p] += 1
            elif animal == VULT:
                targets = cells(occ & ~act & ~DECK_BIT)
                if targets:
                    steps += 1
                    i = int(rnd() * (len(targets) + 1))
                    if i < len(targets):
                        t = targets[i]
                        act |= 1 << t
                        masks[CLASS[board[t]]] |= 1 << t
            elif animal == GIFFE:
                empty = BOARD & ~occ
                targets = [c for c in cells(occ & ~DECK_BIT & ~bit) if NEIGHBOURS[c] & empty]
                if targets:
                    steps += 1
                    i = int(rnd() * (len(targets) + 1))
                    if i < len(targets):
                        src = targets[i]
                        dests = cells(NEIGHBOURS[src] & empty)
                        steps += 1
                        dest = dests[int(rnd() * len(dests))]
                        moved = board[dest] = board[src]
                        board[src] = -1
                        a, b = 1 << src, 1 << dest
                        occ = occ & ~a | b
                        if hyp & a:
                            hyp = hyp & ~a | b
                        if act & a:
                            act = act & ~a | b
                            masks[CLASS[moved]] = masks[CLASS[moved]] & ~a | b
            if score[p] >= target and final < 0:
                final = (turn // n + 1) * n
            if occ == BOARD | DECK_BIT:  # When the Board Is Full
                hidden = occ & ~act & ~DECK_BIT
                gone = hidden or BOARD & ~CORNER_MASK
                for c in cells(gone):
                    discard.append(board[c])
                    board[c] = -1
                occ &= ~gone
                act &= ~gone
                hyp &= ~gone
                for k in range(CHAO_CLASS + 1):
                    masks[k] &= ~gone
        if len(hand) < hand_size:
            draw(hand, hand_size - len(hand))
        turn += 1
        if turn == final or turn >= max_turns:
            return score, turn, steps
