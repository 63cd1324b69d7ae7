"""Tembo's speed tables, tested equal to the plain rules they replace (no timing here:
speed is measured by ``benchmarks/``). The bit masks of ``components.Masks`` and
``Footprints``, the state's ``herd`` and ``rough``, the mask-based placement search,
frontier, landmarks and trees, each against the loops over cells (or networkx) of
the rules' text, at every step of random playouts."""

from __future__ import annotations

import random

import networkx as nx
import pytest
from playouts import positions
from test_tembo import load, situation

from boardlab.games.tembo.components import (
    ROUGH,
    bits_of,
    cells_of,
    footprint,
    grow,
    turn_offsets,
)
from boardlab.sim import RandomAgent, play


def plain_placements(state, card, quarters, player):
    """``placements`` the slow way: every anchor of the grid through ``why_not``."""
    game = state.game
    offsets = turn_offsets(game.cards[card].pattern, quarters)
    out = []
    for anchor in range(game.journey.cells):
        cells = footprint(game.journey, offsets, anchor)
        if cells is not None and not state.why_not(cells, player):
            out.append((anchor, cells))
    return out


def plain_frontier(state):
    """The 8 neighbours of every elephant and of the Matriarch, from the cell graph."""
    graph = state.game.journey.cell_graph()
    held = [c for c, k in enumerate(state.count) if k] + [state.matriarch]
    return {n for c in held for n in graph[c]}


def plain_reach(state):
    """Where a single elephant may go: the frontier — or, once an elephant is out this turn
    and only the turn's first must touch the herd (seed "Place elephants"), any cell."""
    if state.placed and state.game.params.touch_herd == "first":
        return set(range(state.game.journey.cells))
    return plain_frontier(state)


def test_grow_is_the_eight_neighbours_of_the_cell_graph():
    game = load()
    graph, masks = game.journey.cell_graph(), game.masks
    for c in range(game.journey.cells):
        assert cells_of(grow(1 << c, masks)) == sorted({c, *graph[c]})
    rng = random.Random(5)
    for _ in range(50):
        some = rng.sample(range(game.journey.cells), 7)
        assert set(cells_of(grow(bits_of(some), masks))) == set(some) | {
            n for c in some for n in graph[c]
        }


def test_the_footprint_tables_hold_every_anchor_once_by_westmost_column():
    game = load()
    cols = game.journey.columns
    for card in range(len(game.cards)):
        for q in range(4):
            entries, masks, starts, width, size = game.footprints[card][q]
            assert masks == tuple(m for _, m, _ in entries)
            plain = game.tables.placements[card][q]
            assert sorted((a, c) for a, _, c in entries) == plain
            assert all(m == bits_of(c) for _, m, c in entries)
            assert size == len(game.cards[card].pattern)
            for k in range(cols):
                lefts = {
                    min(c % cols for c in cells)
                    for _, _, cells in entries[starts[k] : starts[k + 1]]
                }
                assert lefts <= {k}
                assert all(
                    max(c % cols for c in cells) - k < width
                    for _, _, cells in entries[starts[k] : starts[k + 1]]
                )


@pytest.mark.parametrize(
    "params",
    [{}, {"players": 3}, {"starting_energy": 15, "lion_cards": 4}, {"touch_herd": "every"}],
)
def test_the_masks_and_the_searches_equal_the_plain_rules_along_random_games(params):
    game = load(**params)
    for state in positions(game, range(4)):
        assert state.herd == bits_of(c for c, k in enumerate(state.count) if k)
        assert state.rough == bits_of(c for c, t in enumerate(state.terrain) if t == ROUGH)
        assert state.trees == state.tree_pairs()
        assert state.frontier() == plain_frontier(state)
        for p in range(game.num_players):
            free = sorted(c for c in plain_reach(state) if state.free(c))
            assert state.single_cells(p) == (free if state.rested[p] else [])
        if state.outcome is None and state.step in ("turn", "footprint", "place_turn"):
            p = state.current_player
            plain = {
                (card, q): plain_placements(state, card, q, p)
                for card in state.hands[p]
                for q in range(4)
            }
            for (card, q), spots in plain.items():
                assert state.placements(card, q, p) == spots
            if state.step == "turn":  # the menu's Place actions: a fit in an allowed turn
                turns = range(4) if state.rotate_next else (game.seat_turns[p],)
                menu = {a.card for a in state.legal_actions() if type(a).__name__ == "Place"}
                fitting = {c for (c, q), spots in plain.items() if spots and q in turns}
                assert menu == {game.card_names[c] for c in fitting}


def test_placements_cover_a_crowded_board_with_rough_and_a_locked_destination():
    """Elephants far apart (the frontier spans many columns), rough cells to pay twice,
    the Destination locked, then open; before and after the turn's first elephant is out:
    the search against every anchor."""
    state = situation(
        elephants={"b3": 0, "c4": 1, "a20": 0, "d30": 1, "b38": 0},
        rested=[4, 2],
        tired=[1, 3],
        built=[["a", "III-12", 0], ["d", "III-01", 1]],
    )
    game = state.game
    for opened in (False, True):
        for placed in (False, True):
            state.visited = [opened] * len(state.visited)
            state.placed = placed
            for card in range(len(game.cards)):
                for q in range(4):
                    for p in (0, 1):
                        fast = state.placements(card, q, p)
                        assert fast == plain_placements(state, card, q, p)


def test_the_lions_paths_are_networkx_shortest_paths():
    game = load()
    journey = game.journey
    graph = journey.area_graph()
    for a in graph:
        lengths = nx.single_source_shortest_path_length(graph, a)
        assert all(journey.area_distance[a][b] == lengths[b] for b in graph)


def test_a_loaded_record_rebuilds_the_masks():
    game = load()
    state = play(game, [RandomAgent(), RandomAgent()], 3)
    again = type(state).__new__(type(state))
    again.game = game
    again._load(state._dump())
    assert (again.herd, again.rough, again.trees) == (state.herd, state.rough, state.trees)


def plain_lion_step(state, at):
    """The reconstruction's lion step from networkx: nearest area holding elephants (ties nearest
    the Matriarch, then the journey's order), one step along a shortest path."""
    journey = state.game.journey
    graph = journey.area_graph()
    far = dict(nx.all_pairs_shortest_path_length(graph))
    home = journey.area_of[state.matriarch]
    held = {journey.area_of[c] for c, k in enumerate(state.count) if k}
    target = min(held, key=lambda a: (far[at][a], far[a][home], a)) if held else home
    if target == at:
        return at
    steps = [b for b in sorted(graph[at]) if far[b][target] == far[at][target] - 1]
    return steps[0] if steps else at


@pytest.mark.parametrize("seed", range(3))
def test_the_lion_tables_pick_the_plain_lion_step(seed):
    rng = random.Random(seed)
    cells = [f"{row}{column}" for row in "abcd" for column in range(3, 39)]
    for _ in range(6):
        herd = rng.sample(cells, rng.randrange(0, 7))
        state = situation(
            elephants={c: i % 2 for i, c in enumerate(herd[1:])},
            rested=[0, 0],
            tired=[0, 0],
            matriarch=herd[0] if herd else "b2",
        )
        for at in range(len(state.game.journey.areas)):
            assert state.lion_step(at) == plain_lion_step(state, at)
