"""A bare-bones random playout of Tembo (2 players, the default rules), the yardstick.

Same rules and the same decisions as ``sim.play(boardlab.load("tembo", players=2),
[RandomAgent(), RandomAgent()], seed)``: at the start of a turn one menu of the
support tokens that would do something (A below the top of the energy track, B
with a tired elephant, C unless spent this turn, D when a rested elephant has a
free cell next to the herd — any free cell once an elephant is out this turn),
every hand card to build with (when a card area is free), every hand card whose
pattern fits, and the discards when neither action is possible; then the steps of
the chosen action — the area, the card's turn (rotation symbol or token C), the
other player of a build action, the cell of a single elephant, the turn and the
first footprint of a placement. Each decision is uniform over its menu. Only the
first elephant of a turn must touch the herd; the whole Destination board is
locked until every landmark is visited; a Matriarch card gathers the whole herd.
The refill with its Lion and Matriarch cards, water, trees, landmarks, the
Destination and the four ways to lose as in ``boardlab/games/tembo`` (rules.py,
placement.py, building.py, events.py). But no
actions, checks, narration or record: the menu is counted, one index is drawn
and decoded. ``versus_bare.py`` times it against the contract.

As fast as plain Python gets (the yardstick must not flatter the contract): the
160 cells are bits of an int (the herd, each player's elephants, the cells holding
two elephants, rough and water terrain, each colour's tree halves); the frontier
is one bit-mask "grow"; a card's legal placements in one turn are found for every
anchor at once, bit-parallel (``anchors``: shift the free, frontier and rough
masks by each cell's offset and combine), so the menu is a bit count and the
choice the k-th set bit; the area graph's distances are a table. The map and
cards are read from the engine's data files with ``csv`` (an independent reading,
not the engine's code). ``game`` returns a ``Summary`` that
``tests/test_bare_tembo.py`` compares with the engine's random games.
"""

from __future__ import annotations

import csv
import random
from collections import deque
from pathlib import Path
from typing import NamedTuple

DATA = Path(__file__).parent.parent / "boardlab/games/tembo/data"


def _rows(name: str) -> list[dict[str, str]]:
    with open(DATA / name, newline="", encoding="utf-8") as f:
        return list(csv.DictReader(line for line in f if not line.startswith("#")))


# -- the journey ----------------------------------------------------------------------
_journey = _rows("journey.csv")
ROWS, COLS = len(_journey), len(_journey[0]["terrain"])
CELLS = ROWS * COLS
PRINTED = "".join(r["terrain"] for r in _journey)
_letters = "".join(r["areas"] for r in _journey)
_area_rows = [r for r in _rows("areas.csv") if r["area"] in _letters]
AREA_INDEX = {r["area"]: i for i, r in enumerate(_area_rows)}
AREA_OF = [AREA_INDEX[ch] for ch in _letters]
AREA_KIND = [r["kind"] for r in _area_rows]
AREA_ACTION = [r["action"] for r in _area_rows]
AREA_CELLS = [[c for c in range(CELLS) if AREA_OF[c] == a] for a in range(len(_area_rows))]
AREA_MASK = [sum(1 << c for c in cells) for cells in AREA_CELLS]
CARD_AREAS = [a for a, kind in enumerate(AREA_KIND) if kind == "card"]
LION_STARTS = [
    next(i for i, r in enumerate(_area_rows) if r["lion"] == w) for w in ("lioness", "lion")
]
MATRIARCH_START = PRINTED.index("M")
LANDMARKS = [a for a, kind in enumerate(AREA_KIND) if kind == "landmark"]
PURPLE = [sum(1 << c for c in AREA_CELLS[a] if PRINTED[c] == "p") for a in LANDMARKS]
DESTINATION = sum(1 << c for c in range(CELLS) if PRINTED[c] == "d")
#: The whole Destination board: locked until every landmark is visited.
DESTINATION_BOARD = sum(1 << c for c in range(CELLS) if AREA_KIND[AREA_OF[c]] == "destination")

ALL = (1 << CELLS) - 1
COLUMN = [sum(1 << (r * COLS + k) for r in range(ROWS)) for k in range(COLS)]
NOT_FIRST = ALL & ~COLUMN[0]
NOT_LAST = ALL & ~COLUMN[-1]
ROW0 = (1 << COLS) - 1


def grow(m: int) -> int:
    """The cells of ``m`` and their 8 neighbours (what ``Journey.neighbours`` lists)."""
    h = m | (m << 1) & NOT_FIRST | (m >> 1) & NOT_LAST
    return (h | h << COLS | h >> COLS) & ALL


def bits(m: int) -> list[int]:
    out = []
    while m:
        low = m & -m
        out.append(low.bit_length() - 1)
        m ^= low
    return out


def _area_distances() -> list[list[int]]:
    """Shortest path lengths of the area graph (areas sharing a cell edge)."""
    adjacent: list[set[int]] = [set() for _ in _area_rows]
    for c in range(CELLS):
        r, k = divmod(c, COLS)
        for d in (c + 1 if k + 1 < COLS else None, c + COLS if r + 1 < ROWS else None):
            if d is not None and AREA_OF[c] != AREA_OF[d]:
                adjacent[AREA_OF[c]].add(AREA_OF[d])
                adjacent[AREA_OF[d]].add(AREA_OF[c])
    out = []
    for start in range(len(_area_rows)):
        far = [10**6] * len(_area_rows)
        far[start] = 0
        queue = deque([start])
        while queue:
            a = queue.popleft()
            for b in adjacent[a]:
                if far[b] > far[a] + 1:
                    far[b] = far[a] + 1
                    queue.append(b)
        out.append(far)
    return [sorted(s) for s in adjacent], out


AREA_NEIGHBOURS, DISTANCE = _area_distances()
#: Per area, every area nearest first (the lion's search for the nearest elephants).
BY_DISTANCE = [sorted(range(len(row)), key=lambda a, row=row: (row[a], a)) for row in DISTANCE]

# -- the cards --------------------------------------------------------------------------
_cards = _rows("cards.csv")
SAVANNA = len(_cards)
CARD_DECK = [("I", "II", "III").index(r["deck"]) for r in _cards]
CARD_TERRAIN = [r["terrain"] for r in _cards]
CARD_ROTATES = [r["rotate"] == "yes" for r in _cards]
CARD_TREES = [any(t in "GYRB" for t in r["terrain"]) for r in _cards]
TREE_COLOURS = "GYRB"
TREE_ENERGY = (2, 1, 1, 1)


def _turned(pattern: list[tuple[int, int]], q: int) -> list[tuple[int, int]]:
    """A pattern turned ``q`` quarters clockwise, from its first cell in reading order."""
    for _ in range(q):
        pattern = [(dc, -dr) for dr, dc in pattern]
    pattern.sort()
    r0, c0 = pattern[0]
    return [(r - r0, c - c0) for r, c in pattern]


def _placements(text: str, q: int) -> tuple[tuple[int, ...], int, int]:
    """A pattern turned ``q``: its cells' bit offsets from the first (all positive: reading
    order), the mask of the anchors where it lies wholly on the grid, and its own mask."""
    rows = text.split("/")
    cells = [(r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == "x"]
    pattern = _turned(cells, q)
    valid = 0
    for anchor in range(CELLS):
        r, c = divmod(anchor, COLS)
        if all(0 <= r + dr < ROWS and 0 <= c + dc < COLS for dr, dc in pattern):
            valid |= 1 << anchor
    offsets = tuple(dr * COLS + dc for dr, dc in pattern)
    return offsets, valid, sum(1 << off for off in offsets)


PLACEMENTS = [[_placements(r["pattern"], q) for q in range(4)] for r in _cards]


def anchors(card: int, q: int, frontier: int, free: int, rough: int, rested: int) -> int:
    """The anchors (first footprints) of every legal placement of ``card`` turned ``q``, as a
    mask (``PlacementRules.placements``): every cell free, some cell next to the herd, one
    rested elephant a cell and one more a rough cell. Bit-parallel over all anchors at
    once: bit ``a`` of ``free >> offset`` says whether cell ``a + offset`` is free."""
    offsets, legal, _ = PLACEMENTS[card][q]
    extra = rested - len(offsets)  # rested elephants left over for rough cells
    if extra < 0:
        return 0
    touch = 0
    for off in offsets:
        legal &= free >> off
        touch |= frontier >> off
    legal &= touch
    if legal and extra < len(offsets):  # at_least[j]: anchors with j or more rough cells
        at_least = [0] * (extra + 2)
        for off in offsets:
            r = rough >> off
            for j in range(extra + 1, 1, -1):
                at_least[j] |= at_least[j - 1] & r
            at_least[1] |= r
        legal &= ~at_least[extra + 1]
    return legal


def terrain_mask(terrain: str, kind: str) -> int:
    return sum(1 << c for c, t in enumerate(terrain) if t == kind)


def tree_pairs(halves: list[int]) -> list[list[int]]:
    """Per colour, the masks of its trees: two edge-connected halves of that colour."""
    out = []
    for m in halves:
        pairs = [3 << c for c in bits(m & (m >> 1) & NOT_LAST)]
        pairs += [(1 | 1 << COLS) << c for c in bits(m & (m >> COLS))]
        out.append(pairs)
    return out


PRINTED_ROUGH, PRINTED_WATER = terrain_mask(PRINTED, "r"), terrain_mask(PRINTED, "w")
PRINTED_HALVES = [terrain_mask(PRINTED, colour) for colour in TREE_COLOURS]
PRINTED_TREES = tree_pairs(PRINTED_HALVES)  # replaced, never changed, on a build


def turn_terrain(t: str, q: int) -> str:
    for _ in range(q):
        t = t[2] + t[0] + t[3] + t[1]
    return t


class Summary(NamedTuple):
    decisions: int
    turns: int
    team: str  # "won", "lost" or "truncated"
    reason: str  # "destination", "deck", "energy", "lions", "elephants", "turn cap"
    steps: list[int]  # decisions per step kind, in STEPS order
    energy: int
    boxed: int  # elephants the lions took
    visited: int  # landmarks visited
    built: int  # cards built
    rested: int  # rested elephants at the end (water's arrivals included), all players
    on_savanna: int  # elephants on the savanna at the end
    doubled: int  # cells holding two elephants (placed on rough terrain) at the end
    watered: int  # elephants rested by water over the game


STEPS = ("turn", "area", "build_turn", "target", "place_turn", "footprint", "elephant")
TURN, AREA, BUILD_TURN, TARGET, PLACE_TURN, FOOTPRINT, ELEPHANT = range(7)


def _split(cards: list[int]) -> list[list[int]]:
    k = len(cards) // 3
    return [cards[:k], cards[k : 2 * k], cards[2 * k :]]


def game(
    seed: int,
    n: int = 2,
    starting_energy: int = 10,
    energy_max: int = 15,
    elephants: int = 10,
    starting_rested: int = 3,
    support_tokens: int = 4,
    lion_cards: int = 10,
    matriarch_cards: int = 4,
    deck_size: int = 12,
    lion_rests: bool = True,
    double_matriarch_penalty: int = 5,
    max_turns: int = 120,
) -> Summary:
    """Play one random game; return its ``Summary``."""
    rng = random.Random(seed)
    rnd = rng.random
    seat_turn = (0, 2, 1, 3)[:n]
    lion_end = SAVANNA + lion_cards
    # -- setup: each deck shuffled with its share of events, deck I on top
    decks = [[c for c in range(SAVANNA) if CARD_DECK[c] == d][:deck_size] for d in range(3)]
    lions_split = _split(list(range(SAVANNA, lion_end)))
    matriarch_split = _split(list(range(lion_end, lion_end + matriarch_cards)))
    first = decks[0]
    first.sort(key=lambda _: rnd())
    hands = [first[3 * i : 3 * i + 3] for i in range(n)]
    deck: list[int] = []
    for d in (2, 1, 0):
        pile = (first[3 * n :] if d == 0 else decks[d]) + lions_split[d] + matriarch_split[d]
        pile.sort(key=lambda _: rnd())
        deck += pile  # the top card is the last
    energy, tokens = starting_energy, support_tokens
    rested = [min(starting_rested, elephants)] * n
    tired = [elephants - rested[0]] * n
    arriving, on_savanna, box = [0] * n, [0] * n, [0] * n
    mine = [0] * n  # each player's cells
    herd = double = 0  # cells with an elephant; cells holding two (rough terrain)
    rough, water = PRINTED_ROUGH, PRINTED_WATER

    halves = list(PRINTED_HALVES)
    trees = PRINTED_TREES
    stands = [True] * 4
    matriarch = MATRIARCH_START
    lions = list(LION_STARTS)
    lying = [False, False]
    visited = [False] * len(LANDMARKS)
    landmarks_left = len(LANDMARKS)
    free_areas = list(CARD_AREAS)
    rotate_next = placed = False  # placed: an elephant is out this turn
    turn = decisions = built = watered = 0
    steps = [0] * len(STEPS)
    team = reason = ""

    def finish(result: str, why: str) -> None:
        nonlocal team, reason
        team, reason = result, why

    def check_losses() -> None:
        if team:
            return
        home = AREA_OF[matriarch]
        if lions[0] == home and lions[1] == home:
            finish("lost", "lions")
            return
        for q in range(n):
            if not rested[q] + arriving[q] + tired[q] + on_savanna[q]:
                finish("lost", "elephants")
                return

    def lose_energy(amount: int) -> None:
        nonlocal energy
        energy = max(0, energy - amount)
        if energy <= 0 and not team:
            finish("lost", "energy")

    def check_landmarks() -> None:
        nonlocal landmarks_left
        seen = herd | 1 << matriarch
        for i, purple in enumerate(PURPLE):
            if not visited[i] and seen & purple == purple:
                visited[i] = True
                landmarks_left -= 1

    def clear(cell_bit: int) -> tuple[int, int]:
        """Take the elephants off a cell: (owner, how many)."""
        nonlocal herd, double
        q = next(q for q in range(n) if mine[q] & cell_bit)
        k = 2 if double & cell_bit else 1
        mine[q] &= ~cell_bit
        herd &= ~cell_bit
        double &= ~cell_bit
        on_savanna[q] -= k
        return q, k

    def lion_step(at: int) -> int:
        """One area along a shortest path to the nearest area holding elephants (ties: the
        one nearest the Matriarch, then the first), or to the Matriarch's area."""
        home = AREA_OF[matriarch]
        target, nearest = home, None
        if herd:
            row = DISTANCE[at]
            for a in BY_DISTANCE[at]:  # areas by distance from the lion
                if nearest is not None and row[a] > nearest:
                    break
                if herd & AREA_MASK[a] and (
                    nearest is None or (DISTANCE[a][home], a) < (DISTANCE[target][home], target)
                ):
                    target, nearest = a, row[a]
        if target == at:
            return at
        row = DISTANCE[target]
        return min((b for b in AREA_NEIGHBOURS[at] if row[b] == row[at] - 1), default=at)

    def activate_lions() -> None:
        for i in (0, 1):
            if team:
                return
            if lying[i] and lion_rests:
                lying[i] = False
                continue
            lying[i] = False
            lions[i] = area = lion_step(lions[i])
            removed = False
            for c in bits(herd & AREA_MASK[area]):
                q, k = clear(1 << c)
                box[q] += k
                removed = True
            if AREA_OF[matriarch] == area:
                for q in range(n):
                    if rested[q]:
                        rested[q] -= 1
                    elif arriving[q]:
                        arriving[q] -= 1
                    elif tired[q]:
                        tired[q] -= 1
                    else:
                        continue
                    box[q] += 1
                    removed = True
            lying[i] = removed
            check_losses()

    def matriarch_event() -> None:
        nonlocal matriarch
        if herd:
            for k in range(COLS - 1, -1, -1):  # the elephant furthest along, top first
                here = herd & COLUMN[k]
                if here:
                    matriarch = (here & -here).bit_length() - 1
                    break
            for c in bits(herd):  # she gathers the herd: every elephant back, tired
                q, count = clear(1 << c)
                tired[q] += count
        for q in range(n):
            tired[q] += rested[q] + arriving[q]
            rested[q] = arriving[q] = 0
        stands[:] = [True] * 4
        check_landmarks()
        lose_energy(2)
        check_losses()

    def refill(q: int) -> None:
        hand = hands[q]
        drawn_matriarchs = 0
        while len(hand) < 3 and not team:
            if not deck:
                finish("lost", "deck")
                return
            card = deck.pop()
            if card < SAVANNA:
                hand.append(card)
            elif card < lion_end:
                activate_lions()
            else:
                drawn_matriarchs += 1
                matriarch_event()
                if drawn_matriarchs == 2 and not team:
                    lose_energy(double_matriarch_penalty)

    def gain(q: int, k: int) -> None:
        k = min(k, tired[q])
        tired[q] -= k
        rested[q] += k

    def put(q: int, cells: int, ignore_rough: bool) -> None:
        """Rested elephants onto ``cells``; water, trees, landmarks, the Destination."""
        nonlocal herd, double, energy, watered, placed
        placed = True
        twice = 0 if ignore_rough else cells & rough
        k = cells.bit_count() + twice.bit_count()
        mine[q] |= cells
        herd |= cells
        double |= twice
        rested[q] -= k
        on_savanna[q] += k
        for _ in range((cells & water).bit_count()):
            got = min(3, tired[q])
            tired[q] -= got
            arriving[q] += got
            watered += got
        for i in range(4):
            if stands[i]:
                for pair in trees[i]:
                    if pair & cells and herd & pair == pair:
                        stands[i] = False
                        energy = min(energy_max, energy + TREE_ENERGY[i])
                        break
        check_landmarks()
        if not landmarks_left and herd & DESTINATION == DESTINATION:
            finish("won", "destination")

    p = 0
    while True:
        # -- the turn's menu: tokens, builds, placements, (discards)
        hand = hands[p]
        blocked = herd | 1 << matriarch | (DESTINATION_BOARD if landmarks_left else 0)
        frontier = ALL if placed else grow(herd | 1 << matriarch)
        singles = frontier & ~blocked if rested[p] else 0
        free = ALL & ~blocked
        budget = rested[p]
        turns = (0, 1, 2, 3) if rotate_next else (seat_turn[p],)

        if rotate_next:
            placeable = [
                c for c in hand if any(anchors(c, q, frontier, free, rough, budget) for q in turns)
            ]
        else:
            q = turns[0]
            placeable = [c for c in hand if anchors(c, q, frontier, free, rough, budget)]
        menu = ""  # the tokens that would do something
        if tokens:
            menu = "A" * (energy < energy_max) + "B" * (tired[p] > 0)
            menu += "C" * (not rotate_next) + "D" * (singles != 0)
        options = len(menu)
        builds = len(hand) if free_areas else 0
        discards = 0 if builds or placeable else len(hand)
        pick = int(rnd() * (options + builds + len(placeable) + discards))
        decisions += 1
        steps[TURN] += 1
        if pick < options:  # a support token
            tokens -= 1
            token = menu[pick]
            if token == "A":
                energy = min(energy_max, energy + 1)
            elif token == "B":
                gain(p, 2)
            elif token == "C":
                rotate_next = True
            else:
                cells = bits(singles)
                decisions += 1
                steps[ELEPHANT] += 1
                put(p, 1 << cells[int(rnd() * len(cells))], True)
                if team:
                    break
            continue
        pick -= options
        if pick < builds:  # build: area, (turn), then the area's build action
            card = sorted(hand)[pick]
            decisions += 1
            steps[AREA] += 1
            area = free_areas.pop(int(rnd() * len(free_areas)))
            q = seat_turn[p]
            if CARD_ROTATES[card] or rotate_next:
                decisions += 1
                steps[BUILD_TURN] += 1
                q = int(rnd() * 4)
            # the card's cells replace the area's printed cells, all open (the engine's
            # map reader refuses anything else under a card area)
            for c, t in zip(AREA_CELLS[area], turn_terrain(CARD_TERRAIN[card], q), strict=True):
                if t == "r":
                    rough |= 1 << c
                elif t == "w":
                    water |= 1 << c
                elif t != ".":
                    halves[TREE_COLOURS.index(t)] |= 1 << c
            if CARD_TREES[card]:
                trees = tree_pairs(halves)
            hand.remove(card)
            built += 1
            action = AREA_ACTION[area]
            if action == "all_two":
                for q in range(n):
                    gain(q, 2)
            elif action == "other_four":
                if n == 1:
                    gain(p, 4)
                else:
                    decisions += 1
                    steps[TARGET] += 1
                    gain([q for q in range(n) if q != p][int(rnd() * (n - 1))], 4)
            elif action == "self_five":
                gain(p, 5)
                victim = p
                if n > 1:
                    decisions += 1
                    steps[TARGET] += 1
                    victim = [q for q in range(n) if q != p][int(rnd() * (n - 1))]
                k = min(2, rested[victim])
                rested[victim] -= k
                tired[victim] += k
            else:
                gain(p, 3)
                if rested[p]:
                    cells = bits(frontier & ~blocked)
                    if cells:
                        decisions += 1
                        steps[ELEPHANT] += 1
                        put(p, 1 << cells[int(rnd() * len(cells))], True)
                        if team:
                            break
        else:
            pick -= builds
            if pick < len(placeable):  # place: (turn), first footprint
                card = placeable[pick]
                if rotate_next:
                    ok = [q for q in turns if anchors(card, q, frontier, free, rough, budget)]
                    decisions += 1
                    steps[PLACE_TURN] += 1
                    q = ok[int(rnd() * len(ok))]
                else:
                    q = turns[0]
                legal = anchors(card, q, frontier, free, rough, budget)
                decisions += 1
                steps[FOOTPRINT] += 1
                for _ in range(int(rnd() * legal.bit_count())):
                    legal &= legal - 1  # drop the lowest anchor
                hand.remove(card)
                put(p, PLACEMENTS[card][q][2] << (legal & -legal).bit_length() - 1, False)
                if team:
                    break
            else:  # discard
                hand.remove(sorted(hand)[pick - len(placeable)])
        # -- the end of the turn
        rested[p] += arriving[p]
        arriving[p] = 0
        rotate_next = placed = False
        refill(p)
        if team:
            break
        turn += 1
        if turn >= max_turns:
            team, reason = "truncated", "turn cap"
            break
        p = (p + 1) % n
    return Summary(
        decisions,
        turn,
        team,
        reason,
        steps,
        energy,
        sum(box),
        sum(visited),
        built,
        sum(rested) + sum(arriving),
        sum(on_savanna),
        double.bit_count(),
        watered,
    )


if __name__ == "__main__":
    import collections
    import statistics
    import time

    start = time.perf_counter()
    games = [game(seed) for seed in range(1000)]
    elapsed = time.perf_counter() - start
    print(f"{len(games) / elapsed:.0f} games/s")
    print("mean decisions", statistics.mean(g.decisions for g in games))
    print(collections.Counter(g.reason for g in games))
