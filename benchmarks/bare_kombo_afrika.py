"""A bare-bones random playout of Kombo Afrika (2 players, default parameters), the yardstick.

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

As fast as plain Python gets (the yardstick must not flatter the contract):
cards are face indices (copies of a face are one menu entry, so the hand's
distinct faces are ``set(hand)``); the menu is only counted — bit counts of
the free and swappable cells, the number of combos — and only the chosen
entry is decoded; shuffles sort by random keys (half the cost of
``random.shuffle``); a colour's combos are looked up again only when a card
came or went beside one of its cards or a CHAO (an isolated card changes no
combo), from a memo shared across games.
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
FULL = ALL  # every cell taken (the deck's included)
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


def shapes(m: int, near: int) -> tuple[int, ...]:
    """The combos of one colour: its groups of ≥ 3, and each CHAO beside it with the
    group(s) it touches."""
    out = []
    rest = m & (m << 5 | m >> 5 | (m << 1) & NOT_COL0 | (m >> 1) & NOT_COL4)  # not alone
    while rest:
        comp = component(rest & -rest, m)
        rest &= ~comp
        if comp.bit_count() >= 3:
            out.append(comp)
    while near:
        low = near & -near
        near ^= low
        group = component(grow(low) & m, m)
        if group.bit_count() >= 2:
            out.append(group | low)
    return tuple(out)


def _deck() -> tuple[list[int], list[int], list[int], list[int]]:
    """The cards as face indices (copies share one), and each face's animal, colour
    class (CHAO: the last class) and points."""
    rows = list(csv.DictReader(DECK_CSV.open(encoding="utf-8")))
    colours: list[str] = []
    faces: list[tuple] = []
    cards = []
    for r in rows:
        if r["colour"] and r["colour"] not in colours:
            colours.append(r["colour"])
        face = (r["name"], r["colour"], int(r["points"]))
        if face not in faces:
            faces.append(face)
        cards.append(faces.index(face))
    animal = [ANIMALS.index(f[0]) for f in faces]
    klass = [colours.index(f[1]) if f[1] else len(colours) for f in faces]
    points = [f[2] for f in faces]
    return cards, animal, klass, points


CARDS, ANIMAL, CLASS, POINTS = _deck()
CHAO_CLASS = max(CLASS)
CLASSES = (1 << (CHAO_CLASS + 1)) - 1
COLOUR_RANGE = range(CHAO_CLASS)
SIMPLE_EFFECTS = frozenset((SURI, PAPO, KONG))  # use or skip
HYPNO_FACES = frozenset(f for f, a in enumerate(ANIMAL) if a == HYPNO)


def game(seed: int, n: int = 2, target: int = 77, hand_size: int = 5, max_turns: int = 200):
    """Play one random game; return (scores, turns, decisions)."""
    rng = random.Random(seed)
    rnd = rng.random
    deck = list(CARDS)  # the top card is the last
    deck.sort(key=lambda _: rnd())
    discard: list[int] = []
    hands = []
    for _ in range(n):
        hands.append(deck[-hand_size:])
        del deck[-hand_size:]
    steps = 0

    def draw(hand: list[int], k: int) -> None:
        nonlocal deck, discard
        while k:
            if not deck:
                if not discard:
                    return
                deck, discard = discard, []
                deck.sort(key=lambda _: rnd())
            got = deck[-k:]
            del deck[-k:]
            hand += got
            k -= len(got)

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
        if not deck:
            if not discard:
                break
            deck, discard = discard, []
            deck.sort(key=lambda _: rnd())
        card = board[c] = deck.pop()
        occ |= 1 << c
        act |= 1 << c
        masks[CLASS[card]] |= 1 << c
        if card in HYPNO_FACES:
            hyp |= 1 << c
    memo = SHAPES
    LO, HI = _LO, _HI
    dirty = CLASSES  # classes whose combos may have changed since they were found
    seen_chao = 0
    found = [()] * CHAO_CLASS
    chao_only: tuple = ()
    claims: list = []
    changed = False  # some colour's combos are new since ``claims`` was made
    score = [0] * n
    final = -1
    turn = 0
    while True:
        p = turn % n
        hand = hands[p]
        claimed = False
        while True:
            steps += 1
            # the main menu, counted: claims, placements, HYPNO swaps, end of turn
            if claimed:
                n_claims = 0
            else:
                if dirty:
                    chao = masks[CHAO_CLASS]
                    if chao != seen_chao:  # the colours beside a new or gone CHAO
                        near = grow(chao ^ seen_chao)
                        for k in COLOUR_RANGE:
                            if masks[k] & near:
                                dirty |= 1 << k
                        seen_chao = chao
                        got = ()
                        if chao.bit_count() >= 3:
                            got = memo.get(-chao)
                            if got is None:
                                got = memo[-chao] = shapes(chao, 0)
                        if got is not chao_only:
                            chao_only = got
                            changed = True
                    dirty &= ~(1 << CHAO_CLASS)
                    while dirty:
                        low = dirty & -dirty
                        dirty ^= low
                        k = low.bit_length() - 1
                        m = masks[k]
                        both = m | chao  # the cards beside one of their colour or a CHAO:
                        m &= both << 5 | both >> 5 | (both << 1) & NOT_COL0 | (both >> 1) & NOT_COL4
                        near = (m << 5 | m >> 5 | (m << 1) & NOT_COL0 | (m >> 1) & NOT_COL4) & chao
                        if (m | near).bit_count() < 3:
                            got = ()
                        else:  # the others are in no combo: keyed without them
                            key = (m, near) if near else m
                            got = memo.get(key)
                            if got is None:
                                got = memo[key] = shapes(m, near)
                        if got is not found[k]:
                            found[k] = got
                            changed = True
                    if changed:
                        changed = False
                        claims = [*chao_only]
                        for got in found:
                            if got:
                                claims += got
                n_claims = len(claims)
            faces = set(hand)
            grown = occ | occ << 5 | occ >> 5 | (occ << 1) & NOT_COL0 | (occ >> 1) & NOT_COL4
            free = grown & BOARD & ~occ
            n_free = free.bit_count()
            n_places = len(faces) * n_free
            hypnos = faces & HYPNO_FACES
            if hypnos:
                swaps = act & ~hyp
                n_swaps = swaps.bit_count()
                total = n_claims + n_places + len(hypnos) * n_swaps + 1
            else:
                total = n_claims + n_places + 1
            i = int(rnd() * total)
            if i < n_claims:  # Combos and Scoring
                mask = claims[i]
                values = [POINTS[board[c]] for c in cells(mask) if CLASS[board[c]] != CHAO_CLASS]
                size = mask.bit_count()
                value = sum(values) + max(values) * (size - len(values)) if values else size
                act &= ~mask
                for k in range(CHAO_CLASS + 1):
                    masks[k] &= ~mask
                dirty = CLASSES
                claimed = True
                score[p] += value
                if final < 0 and score[p] >= target:
                    final = (turn // n + 1) * n
                continue
            i -= n_claims
            if i >= n_places:
                i -= n_places
                if i == total - n_claims - n_places - 1:  # end the turn
                    break
                # HYPNO onto a face-up card, which goes to the hand
                card = tuple(hypnos)[i // n_swaps]
                cell = cells(swaps)[i % n_swaps]
                old = board[cell]
                bit = 1 << cell
                hand.remove(card)
                hand.append(old)
                board[cell] = card
                k = CLASS[old]
                masks[k] &= ~bit
                dirty |= 1 << k
                k = CLASS[card]
                dirty |= 1 << k
                masks[k] |= bit
                hyp |= bit
                continue
            card = tuple(faces)[i // n_free]
            cell = (LO[free & 8191] + HI[free >> 13])[i % n_free]
            bit = 1 << cell
            hand.remove(card)
            board[cell] = card
            occ |= bit
            act |= bit
            k = CLASS[card]
            dirty |= 1 << k
            masks[k] |= bit
            animal = ANIMAL[card]
            if animal == HYPNO:
                hyp |= bit
            elif animal in SIMPLE_EFFECTS:
                steps += 1
                if rnd() < 0.5:
                    if animal == SURI:
                        draw(hand, 1)
                    elif animal == PAPO:
                        score[p] += len(hand)
                    elif hand:
                        k = len(hand)
                        discard += hand
                        hand.clear()
                        draw(hand, k)
            elif animal == CROC:
                targets = act & ~bit
                for _ in (0, 1):
                    if not targets:
                        break
                    steps += 1
                    t = targets.bit_count()
                    i = int(rnd() * (t + 1))
                    if i == t:  # skip, or flip no second card
                        break
                    t = cells(targets)[i]
                    b = 1 << t
                    targets &= ~b
                    act &= ~b
                    moved = board[t]
                    k = CLASS[moved]
                    masks[k] &= ~b
                    dirty |= 1 << k
                    score[p] += 1
            elif animal == VULT:
                targets = occ & ~act & ~DECK_BIT
                if targets:
                    steps += 1
                    t = targets.bit_count()
                    i = int(rnd() * (t + 1))
                    if i < t:
                        t = cells(targets)[i]
                        b = 1 << t
                        act |= b
                        moved = board[t]
                        k = CLASS[moved]
                        dirty |= 1 << k
                        masks[k] |= b
            elif animal == GIFFE:
                empty = BOARD & ~occ
                targets = grow(empty) & occ & ~DECK_BIT & ~bit
                if targets:
                    steps += 1
                    t = targets.bit_count()
                    i = int(rnd() * (t + 1))
                    if i < t:
                        src = cells(targets)[i]
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
                            k = CLASS[moved]
                            masks[k] &= ~a
                            dirty |= 1 << k
                            masks[k] |= b
            if score[p] >= target and final < 0:
                final = (turn // n + 1) * n
            if occ == FULL:  # When the Board Is Full
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
                dirty = CLASSES
        if len(hand) < hand_size:
            draw(hand, hand_size - len(hand))
        turn += 1
        if turn == final or turn >= max_turns:
            return score, turn, steps
