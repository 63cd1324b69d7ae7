"""Tembo: placing elephants on the savanna, trees, water, rough terrain and landmarks.

Seed sections "Place elephants" and the terrain list of "Build the savanna", with
the dossier's "Placing elephants": each elephant on a free cell; the first
elephant of a placement next to an elephant or the Matriarch (8 neighbours);
the whole pattern or nothing; rough terrain costs one more rested elephant
(two go on that cell) unless the placement ignores rough terrain; water gives
the active player +3 rested that are not placeable this turn; a completed tree
whose stand is upright gives +1 energy (+2 green) and lies down; a landmark
whose purple cells are all occupied is visited for good; the destination is
locked until all landmarks are visited, and elephants on both its cells win.

``PlacementRules`` is a mixin of ``TemboState`` (rules.py): the state's lists
(``owner``, ``count``, ``terrain``…) are read here directly, plain ints.
"""

from __future__ import annotations

from .components import DESTINATION, ROUGH, TREE_ENERGY, TREE_ORDER, TREES, WATER

#: Seed rule names cited by refusals.
PLACE_RULE = "Place elephants"
ROUGH_RULE = "Build the savanna: rough terrain"


class PlacementRules:
    """Where elephants may go, and what their arrival does."""

    # -- legality --------------------------------------------------------------------
    def free(self, cell: int) -> bool:
        """A free space: no elephant, not the Matriarch, not a locked destination."""
        if self.count[cell] or cell == self.matriarch:
            return False
        return self.game.journey.terrain[cell] != DESTINATION or all(self.visited)

    def touches_herd(self, cells) -> bool:
        """Some elephant of ``cells`` is next to an elephant or the Matriarch (diagonals
        count) — the first elephant placed may be that one (seed "Place elephants")."""
        neighbours, count, matriarch = self.game.journey.neighbours, self.count, self.matriarch
        for c in cells:
            for n in neighbours[c]:
                if count[n] or n == matriarch:
                    return True
        return False

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
        journey = self.game.journey
        for c in cells:
            if journey.terrain[c] == DESTINATION and not all(self.visited):
                return (
                    f"{journey.name(c)} is on the Destination, locked until all "
                    f"{len(self.visited)} landmarks are visited"
                )
            if self.count[c] or c == self.matriarch:
                return f"{journey.name(c)} is not a free space: every elephant goes on a free space"
        if not self.touches_herd(cells):
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
        neighbours = self.game.journey.neighbours
        out = set(neighbours[self.matriarch])
        for c, k in enumerate(self.count):
            if k:
                out.update(neighbours[c])
        return out

    def placements(self, card: int, quarters: int, player: int) -> list[tuple[int, tuple]]:
        """Every legal ``(anchor, cells)`` of a card's pattern turned ``quarters``, by anchor.

        Speed: only anchors that put some footprint on the ``frontier`` are tried (from
        ``Tables.by_anchor``), and ``why_not``'s checks are inlined; tested equal to
        ``why_not`` over every anchor of the grid."""
        count, matriarch, terrain = self.count, self.matriarch, self.terrain
        locked = not all(self.visited)
        board = self.game.journey.terrain
        rested = self.rested[player]
        columns = self.game.journey.columns
        table = self.game.tables.by_anchor[card][quarters]
        offsets = self.game.offsets[card][quarters]
        tried = set()
        out = []
        for f in self.frontier():
            for dr, dc in offsets:
                anchor = f - dr * columns - dc
                if anchor in tried:
                    continue
                cells = table.get(anchor)
                if cells is None or f not in cells:
                    continue
                tried.add(anchor)
                need = len(cells)
                for c in cells:
                    if count[c] or c == matriarch or (locked and board[c] == DESTINATION):
                        need = 99
                        break
                    if terrain[c] == ROUGH:
                        need += 1
                if need <= rested:
                    out.append((anchor, cells))
        out.sort()
        return out

    def single_cells(self, player: int) -> list[int]:
        """Cells for one elephant ignoring rough terrain (token D, build action 4): free
        cells of the frontier."""
        if self.rested[player] < 1:
            return []
        return sorted(c for c in self.frontier() if self.free(c))

    # -- effects ---------------------------------------------------------------------
    def put_elephants(self, player: int, cells, ignore_rough: bool = False) -> None:
        """Move rested elephants onto ``cells``; then water, trees, landmarks, the win."""
        terrain = self.terrain
        water = 0
        for c in cells:
            k = 2 if terrain[c] == ROUGH and not ignore_rough else 1
            self.owner[c], self.count[c] = player, k
            self.rested[player] -= k
            self.on_savanna[player] += k
            if terrain[c] == WATER:
                water += 1
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
        placed = set(cells)
        count = self.count
        for colour, a, b in self.trees:
            i = TREE_ORDER.index(colour)
            if self.stands[i] and count[a] and count[b] and (a in placed or b in placed):
                self.stands[i] = False
                gain = min(TREE_ENERGY[colour], self.game.params.energy_max - self.energy)
                self.energy += gain
                self._log.append(("tree", None, (TREES[colour], gain, self.energy)))

    def check_landmarks(self) -> None:
        """Seed "Landmarks": every purple cell holds an elephant or the Matriarch → visited."""
        journey = self.game.journey
        for i, area in enumerate(journey.landmarks):
            if self.visited[i]:
                continue
            if all(self.count[c] or c == self.matriarch for c in self.game.purple[i]):
                self.visited[i] = True
                self._log.append(("landmark", None, (journey.areas[area].name,)))
                if all(self.visited):
                    self._log.append(("destination_open", None, ()))

    def check_destination(self) -> None:
        """Seed "Winning": all landmarks visited, then elephants on both destination cells."""
        if all(self.visited) and all(self.count[c] for c in self.game.journey.destination):
            self._finish("won", "the herd reached the Destination")

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
