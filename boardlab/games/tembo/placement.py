"""Tembo: placing elephants on the savanna, trees, water, rough terrain and landmarks.

Seed sections "Place elephants" and the terrain list of "Build the savanna", with
the reconstruction's "Placing elephants": each elephant on a free cell; the first
elephant a player places in a turn next to an elephant or the Matriarch (8
neighbours; ``touch_herd="every"``: every placement of the turn); the whole
pattern or nothing; rough terrain costs one more rested elephant (two go on that
cell) unless the placement ignores rough terrain; water gives the active player
+3 rested that are not placeable this turn; a completed tree whose stand is
upright gives +1 energy (+2 green) and lies down; a landmark whose purple cells
are all occupied is visited for good; the whole Destination board is locked until
all landmarks are visited, and elephants on both its purple cells win.

``PlacementRules`` is a mixin of ``TemboState`` (rules.py): the state's lists
(``owner``, ``count``, ``terrain``…) are read here directly, plain ints.

Speed: two bit masks (``components.Masks``) mirror those lists — ``herd``, the cells
holding elephants, and ``rough``, the rough cells — kept up to date wherever an
elephant or a card moves (``derive_masks`` rebuilds them from the lists). The
frontier is then one ``grow`` and a pattern's fit three integer operations per
footprint (``components.Footprints``); tested equal to the plain checks of
``why_not`` in ``tests/games/test_tembo_speed.py``.
"""

from __future__ import annotations

from .components import (
    ROUGH,
    TREE_ENERGY,
    TREE_ORDER,
    TREES,
    WATER,
    bits_of,
    cells_of,
    grow,
)

TREE_INDEX = {colour: i for i, colour in enumerate(TREE_ORDER)}  # a colour's stand
#: Seed rule names cited by refusals.
PLACE_RULE = "Place elephants"
ROUGH_RULE = "Build the savanna: rough terrain"


class PlacementRules:
    """Where elephants may go, and what their arrival does."""

    # -- legality --------------------------------------------------------------------
    def free(self, cell: int) -> bool:
        """A free space: no elephant, not the Matriarch, not on the locked Destination."""
        if self.count[cell] or cell == self.matriarch:
            return False
        return not self.game.masks.locked >> cell & 1 or all(self.visited)

    def touches_herd(self, cells) -> bool:
        """Some elephant of ``cells`` is next to an elephant or the Matriarch (diagonals
        count) — the first elephant placed may be that one (seed "Place elephants")."""
        return bool(grow(self.herd | 1 << self.matriarch, self.game.masks) & bits_of(cells))

    def must_touch(self) -> bool:
        """Whether the next placement must touch the herd: seed "Place elephants" asks it
        of the first elephant a player places in a turn only (after token D's elephant,
        the pattern of the same turn may go on any free cells); ``touch_herd="every"``
        asks it of every placement."""
        return not self.placed or self.game.touch_every

    def cost(self, cells, ignore_rough: bool = False) -> int:
        """Rested elephants a placement takes: one per cell, two on rough terrain."""
        if ignore_rough:
            return len(cells)
        terrain = self.terrain
        return len(cells) + sum(1 for c in cells if terrain[c] == ROUGH)

    def why_not(self, cells, player: int, ignore_rough: bool = False) -> str | None:
        """Why this placement is refused, in the rulebook's words (None: it is legal)."""
        if cells is None:
            return "the whole pattern must lie on the savanna: partial patterns are not allowed"
        journey, locked = self.game.journey, self.game.masks.locked
        for c in cells:
            if locked >> c & 1 and not all(self.visited):
                return (
                    f"{journey.name(c)} is on the Destination board, locked until all "
                    f"{len(self.visited)} landmarks are visited"
                )
            if self.count[c] or c == self.matriarch:
                return f"{journey.name(c)} is not a free space: every elephant goes on a free space"
        if self.must_touch() and not self.touches_herd(cells):
            if self.placed:
                return "every placement must be next to an elephant or the Matriarch"
            return "the first elephant must be next to an elephant or the Matriarch"
        need = self.cost(cells, ignore_rough)
        if need > self.rested[player]:
            return (
                f"player {player} has {self.rested[player]} rested elephants, the pattern "
                f"needs {need} (rough terrain costs one more)"
            )
        return None

    def frontier(self) -> set[int]:
        """The cells next to an elephant or the Matriarch (where a placement must touch)."""
        herd = self.herd | 1 << self.matriarch
        neighbours = self.game.journey.neighbours
        return {n for c in cells_of(herd) for n in neighbours[c]}

    def window(self, player: int) -> tuple[int, int, int, int, int, int]:
        """What the placement search needs, computed once per decision: the frontier's
        mask (the herd and the Matriarch grown by one; every cell once the turn's first
        elephant is out, ``must_touch``), the blocked cells, the rough cells, ``player``'s
        rested elephants, the frontier's westmost and eastmost columns."""
        masks = self.game.masks
        herd = self.herd | 1 << self.matriarch
        if self.must_touch():
            h = herd | (herd << 1) & masks.not_first_column | (herd >> 1) & masks.not_last_column
            cols = len(masks.columns)
            front = (h | h << cols | h >> cols) & masks.everything  # ``grow(herd)``, inlined
        else:
            front = masks.everything
        blocked = herd if all(self.visited) else herd | masks.locked
        spread = front
        for shift in masks.fold:
            spread |= spread >> shift
        spread &= masks.first_row
        low = (spread & -spread).bit_length() - 1
        return front, blocked, self.rough, self.rested[player], low, spread.bit_length() - 1

    def fits(self, card: int, quarters: int, window: tuple) -> list:
        """The ``(anchor, mask, cells)`` that fit (``placements``' rules) in footprint
        order: the footprints whose columns meet the frontier's, each with one cell on the
        frontier, none blocked, rough cells paid twice."""
        front, blocked, rough, rested, low, high = window
        entries, _, starts, width, size = self.game.footprints[card][quarters]
        extra = rested - size  # rested elephants left for rough cells
        if extra < 0:
            return []
        return [
            (anchor, m, cells)
            for anchor, m, cells in entries[starts[max(0, low - width + 1)] : starts[high + 1]]
            if m & front and not m & blocked and (m & rough).bit_count() <= extra
        ]

    def fits_any(self, card: int, quarters: int, window: tuple) -> bool:
        """Whether ``fits`` finds any."""
        return bool(self.placeable((card,), (quarters,), window))

    def placeable(self, cards, turns, window: tuple) -> list[int]:
        """The ``cards`` whose pattern ``fits`` in one of ``turns`` (the turn's menu: each
        search stops at the first fit)."""
        front, blocked, rough, rested, low, high = window
        tables = self.game.footprints
        out = []
        for card in cards:
            for quarters in turns:
                _, masks, starts, width, size = tables[card][quarters]
                extra = rested - size  # rested elephants left for rough cells
                if extra < 0:
                    continue
                found = False
                for m in masks[starts[max(0, low - width + 1)] : starts[high + 1]]:
                    if m & front and not m & blocked and (m & rough).bit_count() <= extra:
                        found = True
                        break
                if found:
                    out.append(card)
                    break
        return out

    def placements(self, card: int, quarters: int, player: int) -> list[tuple[int, tuple]]:
        """Every legal ``(anchor, cells)`` of a card's pattern turned ``quarters``, by anchor.

        Speed: ``fits`` on the masks; tested equal to ``why_not`` over every anchor."""
        spots = self.fits(card, quarters, self.window(player))
        out = [(anchor, cells) for anchor, _, cells in spots]
        out.sort()
        return out

    def single_cells(self, player: int) -> list[int]:
        """Cells for one elephant ignoring rough terrain (token D, build action 4): free
        cells of the frontier (any free cell once the turn's first elephant is out)."""
        if self.rested[player] < 1:
            return []
        return cells_of(self.single_mask())

    def single_mask(self) -> int:
        """The free cells of the frontier, as a mask (``single_cells``, rested or not)."""
        masks = self.game.masks
        herd = self.herd | 1 << self.matriarch
        blocked = herd if all(self.visited) else herd | masks.locked
        reach = grow(herd, masks) if self.must_touch() else masks.everything
        return reach & ~blocked

    def token_options(self, p: int) -> list[str]:
        """Seed "Support tokens": any number before the action, each spent for its benefit,
        so only where it has one: A below the top of the energy track, B with a tired
        elephant to rest, C once a turn, D with a free cell and a rested elephant."""
        if not self.tokens:
            return []
        out = []
        if self.energy < self.game.energy_max:
            out.append("A")
        if self.tired[p]:
            out.append("B")
        if not self.rotate_next:
            out.append("C")
        if self.rested[p] and self.single_mask():
            out.append("D")
        return out

    def place_turns(self, card: int, p: int) -> list[int]:
        """The turns of ``card``'s pattern with a legal placement: the seat's only, or any
        after token C (seed "Place elephants": the pattern follows your direction)."""
        turns = range(4) if self.rotate_next else (self.game.seat_turns[p],)
        window = self.window(p)
        return [q for q in turns if self.fits_any(card, q, window)]

    def can_build_or_place(self, p: int) -> bool:
        """Some card of ``p``'s hand can be built or placed (else ``Discard``, seed "Turn")."""
        if self.free_card_areas():
            return bool(self.hands[p])
        return any(self.place_turns(c, p) for c in self.hands[p])

    def derive_masks(self) -> None:
        """Rebuild ``herd`` and ``rough`` from ``count`` and ``terrain`` (after a load or
        an ``arrange``)."""
        self.herd = bits_of(c for c, k in enumerate(self.count) if k)
        self.rough = bits_of(c for c, t in enumerate(self.terrain) if t == ROUGH)

    # -- effects ---------------------------------------------------------------------
    def put_elephants(self, player: int, cells, ignore_rough: bool = False) -> None:
        """Move rested elephants onto ``cells``; then water, trees, landmarks, the win."""
        terrain = self.terrain
        water = 0
        herd = self.herd
        for c in cells:
            k = 2 if terrain[c] == ROUGH and not ignore_rough else 1
            herd |= 1 << c
            self.owner[c], self.count[c] = player, k
            self.rested[player] -= k
            self.on_savanna[player] += k
            if terrain[c] == WATER:
                water += 1
        self.herd = herd
        self.placed = True
        self._log.append(("placed", None, (player, *cells)))
        for _ in range(water):  # seed "Water": +3 rested, not placeable this turn
            gained = min(3, self.tired[player])
            self.tired[player] -= gained
            self.arriving[player] += gained
            self._log.append(("water", None, (player, gained)))
        self.check_trees(cells)
        self.check_landmarks()
        self.check_destination()

    def check_trees(self, cells) -> None:
        """Seed "Trees": both cells of a tree occupied → its stand down, +1 (+2 green)."""
        count, stands = self.count, self.stands
        for colour, a, b in self.trees:
            i = TREE_INDEX[colour]
            if stands[i] and count[a] and count[b] and (a in cells or b in cells):
                stands[i] = False
                gain = min(TREE_ENERGY[colour], self.game.energy_max - self.energy)
                self.energy += gain
                self._log.append(("tree", None, (TREES[colour], gain, self.energy)))

    def check_landmarks(self) -> None:
        """Seed "Landmarks": every purple cell holds an elephant or the Matriarch → visited."""
        visited = self.visited
        seen = self.herd | 1 << self.matriarch
        for i, purple in enumerate(self.game.masks.purple):
            if not visited[i] and seen & purple == purple:
                visited[i] = True
                journey = self.game.journey
                self._log.append(("landmark", None, (journey.areas[journey.landmarks[i]].name,)))
                if all(visited):
                    self._log.append(("destination_open", None, ()))

    def check_destination(self) -> None:
        """Seed "Winning": all landmarks visited, then elephants on both destination cells."""
        destination = self.game.masks.destination
        if self.herd & destination == destination and all(self.visited):
            self._finish("won", "the herd reached the Destination")

    def new_trees(self, cells) -> tuple[tuple[str, int, int], ...]:
        """``tree_pairs`` after a card covered ``cells`` (an area printed open): the trees
        so far and those with a half on ``cells``, in ``tree_pairs``' order."""
        journey, terrain = self.game.journey, self.terrain
        cols, n = journey.columns, journey.cells
        out = set(self.trees)
        for c in cells:
            t = terrain[c]
            if t not in TREES:
                continue
            for a, b in ((c - 1, c), (c, c + 1), (c - cols, c), (c, c + cols)):
                edge = b - a == cols or b % cols == a % cols + 1  # same column, or same row
                if a >= 0 and b < n and edge and terrain[a] == t and terrain[b] == t:
                    out.add((t, a, b))
        return tuple(sorted(out, key=lambda tree: tree[1:]))

    def tree_pairs(self) -> tuple[tuple[str, int, int], ...]:
        """Every tree on the savanna now: two edge-connected cells of one colour."""
        journey, terrain = self.game.journey, self.terrain
        out = []
        for c, t in enumerate(terrain):
            if t not in TREES:
                continue
            row, column = divmod(c, journey.columns)
            for rr, cc in ((row, column + 1), (row + 1, column)):
                if rr < journey.rows and cc < journey.columns:
                    d = rr * journey.columns + cc
                    if terrain[d] == t:
                        out.append((t, c, d))
        return tuple(out)
