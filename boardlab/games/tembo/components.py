"""Tembo's components: the journey (cells and areas) and the savanna cards, read from data.

Our reconstruction ("Grid", "Areas", "Cards"): the journey is one grid of square cells laid
left to right — the Start board, six Savanna boards, the Destination — cut
into *areas* (the Start, the Destination, and on each Savanna board one
landmark area and five card areas with a printed build action). Both are data
files a teacher may edit: ``data/journey.csv`` (one line per row of cells:
``row,terrain,areas``, a character per cell) with ``data/areas.csv`` (one line
per area letter: ``area,kind,action,lion``), and ``data/cards.csv`` (one line
per savanna card: ``name,deck,terrain,pattern,rotate``). They are read by the
shared strict reader (``boardlab.core.data``), so an error names its line.

A cell is an int, ``row * columns + column``; its name is a row letter and a
column number (``"b14"``). Cards are ints in the file's order (savanna cards),
then the Lion and Matriarch cards; their names are the file's names ("I-03")
and "lion 1"…, "matriarch 1"….

Speed tricks (each replaces a networkx question or a loop over cells asked on the
hot path, and is tested equal to it in ``tests/games/test_tembo_events.py`` and
``tests/games/test_tembo_speed.py``): ``Journey.neighbours`` (the 8-neighbour cell
graph as tuples), ``Journey.area_distance`` (all shortest path lengths of the area
graph), ``Tables.placements`` (every anchor of every card's pattern in every turn),
``Masks`` with ``grow`` (cells as bits of an int: the herd's frontier in a few
integer operations), ``Footprints`` (each footprint a mask, by westmost column) and
``LionTables`` (each lion step a look-up).
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple

import networkx as nx

from boardlab.core.data import Column, DataFileError, decode, read_table

DATA = Path(__file__).parent / "data"
JOURNEY_PATH = DATA / "journey.csv"
AREAS_PATH = DATA / "areas.csv"
CARDS_PATH = DATA / "cards.csv"

#: Terrain characters (reconstruction "Terrain"): open, water, rough, landmark, destination.
OPEN, WATER, ROUGH, LANDMARK, DESTINATION, MATRIARCH_START = ".", "w", "r", "p", "d", "M"
#: Tree halves by colour letter (seed "Trees": four colours).
TREES = {"G": "green", "Y": "yellow", "R": "red", "B": "blue"}
TREE_ORDER = ("G", "Y", "R", "B")
#: Energy a completed tree gives (seed: "+1 ... (+2 for the green tree)").
TREE_ENERGY = {"G": 2, "Y": 1, "R": 1, "B": 1}
BOARD_TERRAIN = OPEN + WATER + ROUGH + LANDMARK + DESTINATION + MATRIARCH_START + "".join(TREES)
CARD_TERRAIN = OPEN + WATER + ROUGH + "".join(TREES)

AREA_KINDS = ("start", "card", "landmark", "destination")
#: The four build actions printed on card areas (seed "Build the savanna").
BUILD_ACTIONS = ("all_two", "other_four", "self_five", "self_three_place")
BUILD_WORDS = {
    "all_two": "every player +2 rested",
    "other_four": "another player +4 rested",
    "self_five": "you +5 rested, another player -2 rested",
    "self_three_place": "you +3 rested, then place one elephant",
}
LIONS = ("lioness", "lion")  # the lioness always acts first (seed "Lions")
DECKS = ("I", "II", "III")
#: Seat directions (seed "Play direction") and the clockwise quarter turns from the printed
#: "away from you = north" they give a card: a player seated south looks north.
SEATS = ("S", "W", "N", "E")
ROW_LETTERS = "abcdefghij"


def cell_name(cell: int, columns: int) -> str:
    """``"b14"``: row letter, column number from 1."""
    row, column = divmod(cell, columns)
    return f"{ROW_LETTERS[row]}{column + 1}"


# -- the journey ------------------------------------------------------------------------
@dataclass(frozen=True)
class Area:
    name: str
    kind: str
    action: str  # card areas only, else ""
    cells: tuple[int, ...]


@dataclass(frozen=True)
class Journey:
    """The map: terrain per cell, areas, and the precomputed graph tables."""

    rows: int
    columns: int
    terrain: tuple[str, ...]
    area_of: tuple[int, ...]
    areas: tuple[Area, ...]
    matriarch_start: int
    lion_starts: tuple[int, int]  # area of the lioness, of the lion
    neighbours: tuple[tuple[int, ...], ...]  # 8-neighbour cells (speed: nx cell graph)
    area_neighbours: tuple[tuple[int, ...], ...]  # areas sharing a cell edge
    area_distance: tuple[tuple[int, ...], ...]  # shortest path lengths (speed: nx)
    landmarks: tuple[int, ...]  # landmark areas, along the journey
    destination: tuple[int, ...]  # the destination's purple cells

    @property
    def cells(self) -> int:
        return self.rows * self.columns

    def name(self, cell: int) -> str:
        return cell_name(cell, self.columns)

    def purple(self, area: int) -> tuple[int, ...]:
        """A landmark area's purple cells."""
        return tuple(c for c in self.areas[area].cells if self.terrain[c] == LANDMARK)

    def cell_graph(self) -> nx.Graph:
        """The 8-neighbour cell graph (seed: "diagonal adjacency counts")."""
        g = nx.Graph()
        for c in range(self.cells):
            row, column = divmod(c, self.columns)
            g.add_node(c, name=self.name(c), row=row, column=column, terrain=self.terrain[c])
        for r in range(self.rows):
            for c in range(self.columns):
                for dr, dc in ((0, 1), (1, -1), (1, 0), (1, 1)):
                    rr, cc = r + dr, c + dc
                    if 0 <= rr < self.rows and 0 <= cc < self.columns:
                        g.add_edge(r * self.columns + c, rr * self.columns + cc)
        return g

    def area_graph(self) -> nx.Graph:
        """Areas joined when they share a cell edge (seed: lions "never move diagonally")."""
        g = nx.Graph()
        for i, area in enumerate(self.areas):
            g.add_node(i, name=area.name, kind=area.kind, action=area.action)
        for c in range(self.cells):
            row, column = divmod(c, self.columns)
            for rr, cc in ((row, column + 1), (row + 1, column)):
                if rr < self.rows and cc < self.columns:
                    a, b = self.area_of[c], self.area_of[rr * self.columns + cc]
                    if a != b:
                        g.add_edge(a, b)
        return g


JOURNEY_COLUMNS = (
    Column("row", "int", low=1, high=len(ROW_LETTERS)),
    Column("terrain", "text"),
    Column("areas", "text"),
)
AREA_COLUMNS = (
    Column("area", "text"),
    Column("kind", "choice", choices=AREA_KINDS),
    Column("action", "choice", choices=BUILD_ACTIONS, optional=True),
    Column("lion", "choice", choices=LIONS, optional=True),
)


def parse_journey(text: str, areas_text: str, name="journey.csv", areas_name="areas.csv"):
    """The ``Journey`` of a map file and its area list; errors name the file and line."""

    def bad(line, problem, param="journey", source=name):
        raise DataFileError(param, source, line, problem)

    rows = read_table(text, JOURNEY_COLUMNS, param="journey", source=name)
    if not rows:
        bad(None, "the map has no rows")
    width = len(rows[0]["terrain"])
    terrain: list[str] = []
    letters: list[str] = []
    for i, row in enumerate(rows):
        if row["row"] != i + 1:
            bad(row.line, f"rows are numbered 1, 2, … in order: expected {i + 1}")
        t, a = row["terrain"], row["areas"]
        if len(t) != width or len(a) != width:
            bad(row.line, f"every row needs {width} terrain and {width} area characters")
        for ch in t:
            if ch not in BOARD_TERRAIN:
                bad(row.line, f"unknown terrain {ch!r} (one of {BOARD_TERRAIN})")
        terrain += t
        letters += a
    columns = width
    info = {}
    for row in read_table(areas_text, AREA_COLUMNS, param="areas", source=areas_name):
        letter = row["area"]
        if len(letter) != 1 or letter in info:
            bad(row.line, f"area {letter!r}: one character, listed once", "areas", areas_name)
        if (row["kind"] == "card") != bool(row["action"]):
            bad(
                row.line,
                "a card area has a build action; no other area has one",
                "areas",
                areas_name,
            )
        info[letter] = (row["kind"], row["action"], row["lion"], row.line)
    missing = sorted(set(letters) - set(info))
    if missing:
        bad(None, f"area letters {missing} of the map are not in {areas_name}")
    order = [a for a in info if a in set(letters)]
    unused = sorted(set(info) - set(letters))
    if unused:
        bad(info[unused[0]][3], f"area {unused[0]!r} has no cell on the map", "areas", areas_name)
    index = {a: i for i, a in enumerate(order)}
    area_of = tuple(index[a] for a in letters)
    areas = []
    for a in order:
        kind, action, _, line = info[a]
        cells = tuple(c for c in range(len(letters)) if letters[c] == a)
        if kind == "card":
            r0, c0 = divmod(cells[0], columns)
            square = tuple((r0 + dr) * columns + c0 + dc for dr in (0, 1) for dc in (0, 1))
            if cells != square or c0 + 1 >= columns:
                bad(
                    line,
                    f"card area {a!r} must be a 2x2 square of cells (a card covers it)",
                    "areas",
                    areas_name,
                )
            if any(terrain[c] not in OPEN for c in cells):
                bad(
                    line,
                    f"card area {a!r}: printed cells under a card are open",
                    "areas",
                    areas_name,
                )
        if kind == "landmark" and not any(terrain[c] == LANDMARK for c in cells):
            bad(line, f"landmark area {a!r} has no purple (p) cell", "areas", areas_name)
        areas.append(Area(a, kind, action or "", cells))
    for c, t in enumerate(terrain):
        kind = areas[area_of[c]].kind
        if (t == LANDMARK and kind != "landmark") or (t == DESTINATION and kind != "destination"):
            bad(None, f"cell {cell_name(c, columns)}: purple cells lie in their own area kind")
    starts = [c for c, t in enumerate(terrain) if t == MATRIARCH_START]
    if len(starts) != 1:
        bad(None, "the map needs exactly one M (the Matriarch's starting cell)")
    lions = {info[a][2]: index[a] for a in order if info[a][2]}
    if sorted(lions) != sorted(LIONS) or sum(1 for a in order if info[a][2]) != 2:
        bad(None, "one area starts the lioness and one the lion", "areas", areas_name)
    destination = tuple(c for c, t in enumerate(terrain) if t == DESTINATION)
    if len(destination) != 2:
        bad(None, "the Destination has exactly two purple (d) cells (seed: both purple fields)")
    n = len(terrain)
    nrows = n // columns
    neighbours = []
    for c in range(n):
        r, k = divmod(c, columns)
        neighbours.append(
            tuple(
                rr * columns + kk
                for rr in (r - 1, r, r + 1)
                for kk in (k - 1, k, k + 1)
                if (rr, kk) != (r, k) and 0 <= rr < nrows and 0 <= kk < columns
            )
        )
    adjacent: list[set[int]] = [set() for _ in areas]
    for c in range(n):
        r, k = divmod(c, columns)
        for rr, kk in ((r, k + 1), (r + 1, k)):
            if rr < nrows and kk < columns:
                a, b = area_of[c], area_of[rr * columns + kk]
                if a != b:
                    adjacent[a].add(b)
                    adjacent[b].add(a)
    area_neighbours = tuple(tuple(sorted(s)) for s in adjacent)
    distance = tuple(tuple(_bfs(area_neighbours, a)) for a in range(len(areas)))
    journey = Journey(
        nrows,
        columns,
        tuple(terrain),
        area_of,
        tuple(areas),
        starts[0],
        (lions["lioness"], lions["lion"]),
        tuple(neighbours),
        area_neighbours,
        distance,
        tuple(i for i, a in enumerate(areas) if a.kind == "landmark"),
        destination,
    )
    return journey


def _bfs(adjacent: tuple[tuple[int, ...], ...], start: int) -> list[int]:
    """Shortest path lengths from ``start`` (unreachable: a large number)."""
    far = [10**6] * len(adjacent)
    far[start] = 0
    queue = deque([start])
    while queue:
        a = queue.popleft()
        for b in adjacent[a]:
            if far[b] > far[a] + 1:
                far[b] = far[a] + 1
                queue.append(b)
    return far


# -- the cards ------------------------------------------------------------------------
@dataclass(frozen=True)
class SavannaCard:
    name: str
    deck: int  # 0, 1, 2 for I, II, III
    terrain: tuple[str, str, str, str]  # as printed, reading order
    pattern: tuple[tuple[int, int], ...]  # printed offsets from the first elephant
    rotate: bool  # the rotation symbol


CARD_COLUMNS = (
    Column("name", "text"),
    Column("deck", "choice", choices=DECKS),
    Column("terrain", "text"),
    Column("pattern", "text"),
    Column("rotate", "choice", choices=("yes", "no")),
)


def parse_pattern(text: str) -> tuple[tuple[int, int], ...] | None:
    """``"xx/.x"`` → offsets from the first elephant in reading order; None if malformed."""
    rows = text.split("/")
    if any(set(r) - set("x.") or not r for r in rows):
        return None
    cells = [(r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == "x"]
    if not cells:
        return None
    r0, c0 = cells[0]
    return tuple((r - r0, c - c0) for r, c in cells)


def parse_cards(text: str, name: str = "cards.csv") -> tuple[SavannaCard, ...]:
    """The savanna cards of a cards file, in the file's order (reconstruction "Cards")."""
    out: list[SavannaCard] = []
    seen: dict[str, int] = {}
    for row in read_table(text, CARD_COLUMNS, param="cards", source=name):
        label = row["name"]
        if label in seen or label.lower().startswith(("lion", "matriarch")):
            raise DataFileError(
                "cards", name, row.line, f"card name {label!r} is used twice or names an event card"
            )
        seen[label] = row.line
        terrain = row["terrain"]
        if len(terrain) != 4 or set(terrain) - set(CARD_TERRAIN):
            raise DataFileError(
                "cards", name, row.line, f"terrain is 4 cells of {CARD_TERRAIN}, not {terrain!r}"
            )
        pattern = parse_pattern(row["pattern"])
        if pattern is None or not 2 <= len(pattern) <= 4:
            raise DataFileError(
                "cards",
                name,
                row.line,
                f"pattern {row['pattern']!r}: rows of x and . separated by /, "
                "2 to 4 elephants (a footprint pattern shows 2 to 4 elephants)",
            )
        out.append(
            SavannaCard(
                label, DECKS.index(row["deck"]), tuple(terrain), pattern, row["rotate"] == "yes"
            )
        )
    if not out:
        raise DataFileError("cards", name, None, "the file lists no savanna card")
    return tuple(out)


def turn_offsets(pattern, quarters: int) -> tuple[tuple[int, int], ...]:
    """A pattern turned ``quarters`` clockwise, re-anchored on its first elephant in reading
    order (what the player reads as "the first footprint")."""
    cells = list(pattern)
    for _ in range(quarters % 4):
        cells = [(dc, -dr) for dr, dc in cells]
    cells.sort()
    r0, c0 = cells[0]
    return tuple((r - r0, c - c0) for r, c in cells)


def turn_terrain(terrain, quarters: int) -> tuple[str, ...]:
    """A card's 2x2 terrain (reading order) turned ``quarters`` clockwise."""
    t = tuple(terrain)
    for _ in range(quarters % 4):
        t = (t[2], t[0], t[3], t[1])
    return t


def default_text(path: Path, param: str) -> str:
    return decode(path.read_bytes(), param=param, source=path.name)


@dataclass
class Tables:
    """Per game, made once: every card's footprints on every anchor in every turn.

    ``placements[card][quarters]`` lists ``(anchor, cells)`` for every anchor where the
    whole pattern lies on the grid — the plain loop over offsets it replaces is
    ``footprint`` below (tested equal)."""

    placements: list[list[list[tuple[int, tuple[int, ...]]]]]
    #: The same, as ``anchor → cells`` per card and turn.
    by_anchor: list[list[dict[int, tuple[int, ...]]]]
    #: The same as masks by westmost column (the placement search, ``PlacementRules``).
    footprints: list[list[Footprints]]


def footprint(journey: Journey, offsets, anchor: int) -> tuple[int, ...] | None:
    """The cells of a pattern with its first elephant on ``anchor`` (None: off the grid)."""
    r0, c0 = divmod(anchor, journey.columns)
    out = []
    for dr, dc in offsets:
        r, c = r0 + dr, c0 + dc
        if not (0 <= r < journey.rows and 0 <= c < journey.columns):
            return None
        out.append(r * journey.columns + c)
    return tuple(out)


def make_tables(journey: Journey, cards: tuple[SavannaCard, ...]) -> Tables:
    placements = []
    for card in cards:
        per_turn = []
        for q in range(4):
            offsets = turn_offsets(card.pattern, q)
            spots = []
            for anchor in range(journey.cells):
                cells = footprint(journey, offsets, anchor)
                if cells is not None:
                    spots.append((anchor, cells))
            per_turn.append(spots)
        placements.append(per_turn)
    by_anchor = [[dict(spots) for spots in per_turn] for per_turn in placements]
    footprints = [
        [make_footprints(journey, turn_offsets(card.pattern, q), per_turn[q]) for q in range(4)]
        for card, per_turn in zip(cards, placements, strict=True)
    ]
    return Tables(placements, by_anchor, footprints)


@dataclass(frozen=True)
class Masks:
    """The journey as bits of an int, one per cell (speed: the placement search and the
    herd's frontier are a few integer operations instead of loops over cells; tested
    equal to the plain loops in ``tests/games/test_tembo_speed.py``)."""

    everything: int
    not_first_column: int  # every cell but the westmost column (a shift east stays on)
    not_last_column: int
    columns: tuple[int, ...]  # the cells of each column
    first_row: int  # the cells of the northmost row (a column's bit after folding)
    fold: tuple[int, ...]  # shifts that fold every row onto the first
    destination: int  # the Destination's two purple cells (the win)
    locked: int  # every cell of the Destination board (locked until all landmarks)
    areas: tuple[int, ...]  # the cells of each area
    purple: tuple[int, ...]  # the purple cells of each landmark area (``Journey.landmarks``)


def make_masks(journey: Journey) -> Masks:
    cols = journey.columns
    everything = (1 << journey.cells) - 1
    columns = tuple(sum(1 << (r * cols + k) for r in range(journey.rows)) for k in range(cols))
    fold, shift = [], cols
    while shift < journey.cells:
        fold.append(shift)
        shift *= 2
    return Masks(
        everything,
        everything & ~columns[0],
        everything & ~columns[-1],
        columns,
        (1 << cols) - 1,
        tuple(fold),
        bits_of(journey.destination),
        bits_of(c for a in journey.areas if a.kind == "destination" for c in a.cells),
        tuple(bits_of(a.cells) for a in journey.areas),
        tuple(bits_of(journey.purple(a)) for a in journey.landmarks),
    )


def bits_of(cells) -> int:
    """The mask of some cells."""
    m = 0
    for c in cells:
        m |= 1 << c
    return m


def cells_of(m: int) -> list[int]:
    """The cells of a mask, in ascending order."""
    out = []
    while m:
        low = m & -m
        out.append(low.bit_length() - 1)
        m ^= low
    return out


def grow(m: int, masks: Masks) -> int:
    """The cells of ``m`` and their 8 neighbours (``Journey.neighbours`` as bits)."""
    cols = len(masks.columns)
    h = m | (m << 1) & masks.not_first_column | (m >> 1) & masks.not_last_column
    return (h | h << cols | h >> cols) & masks.everything


@dataclass(frozen=True)
class LionTables:
    """The lions' choices as look-ups (speed: ``EventRules.lion_step`` without a search;
    tested equal to it). ``chase[at][home]``: every area by the lions' preference for
    a lion at ``at`` with the Matriarch's area ``home`` — nearest first, ties nearest
    ``home``, then the journey's order; ``toward[at][target]``: the lowest-numbered
    neighbour of ``at`` on a shortest path to ``target`` (``at`` itself if none)."""

    chase: tuple[tuple[tuple[int, ...], ...], ...]
    toward: tuple[tuple[int, ...], ...]


def make_lion_tables(journey: Journey) -> LionTables:
    distance, areas = journey.area_distance, range(len(journey.areas))
    chase = tuple(
        tuple(
            tuple(sorted(areas, key=lambda a: (distance[at][a], distance[a][home], a)))
            for home in areas
        )
        for at in areas
    )
    toward = tuple(
        tuple(
            at
            if target == at
            else min((b for b in journey.area_neighbours[at] if row[b] == row[at] - 1), default=at)
            for target, row in enumerate(distance)
        )
        for at in areas
    )
    return LionTables(chase, toward)


class Footprints(NamedTuple):
    """One card's pattern in one turn, as masks: ``entries`` are ``(anchor, mask, cells)``
    sorted by the footprint's westmost column; ``starts[k]`` is where those whose
    westmost column is ``k`` begin (so a search looks only at the frontier's columns).
    ``masks`` are the entries' masks alone (a search that stops at the first fit). A
    tuple: the search unpacks it in one step."""

    entries: tuple[tuple[int, int, tuple[int, ...]], ...]
    masks: tuple[int, ...]
    starts: tuple[int, ...]
    width: int
    size: int


def make_footprints(journey: Journey, offsets, spots: list) -> Footprints:
    """One ``Tables.placements[card][quarters]`` (the pattern turned to ``offsets``) as
    ``Footprints``."""
    cols = journey.columns
    lefts = [min(c % cols for c in cells) for _, cells in spots]
    order = sorted(range(len(spots)), key=lambda i: (lefts[i], spots[i][0]))
    entries = tuple((spots[i][0], bits_of(spots[i][1]), spots[i][1]) for i in order)
    masks = tuple(m for _, m, _ in entries)
    starts, i = [], 0
    for k in range(cols + 1):
        while i < len(order) and lefts[order[i]] < k:
            i += 1
        starts.append(i)
    width = max(dc for _, dc in offsets) - min(dc for _, dc in offsets) + 1
    return Footprints(entries, masks, tuple(starts), width, len(offsets))


class ActionTable(dict):
    """Each action object made once per game and handed out again (speed: ``State.apply``
    then knows it by identity; replaces building the action afresh each step)."""

    def __missing__(self, key):
        self[key] = key
        return key


def split_events(cards: list[int]) -> list[list[int]]:
    """Event cards over decks I, II, III: a third each, the rest to deck III (10 → 3+3+4)."""
    k = len(cards) // 3
    return [cards[:k], cards[k : 2 * k], cards[2 * k :]]
