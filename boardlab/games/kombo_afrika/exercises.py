"""Kombo Afrika exercises for the notebook, answered by the engine itself."""

from __future__ import annotations

import random

from boardlab.core import State
from boardlab.teach import Exercise

from .components import CELLS, DECK_CELL, cell_name, cells_of


def seeded_board(
    game, seed: int, fill: float = 0.7, hidden: float = 0.15, cards: int | None = None
) -> State:
    """A main-phase position with a random board: each cell taken with chance ``fill``
    (or exactly ``cards`` cells), a share ``hidden`` of them face down.

    The board's cards are drawn from the deck without putting them back, so each card
    lies on the board at most as often as the deck holds it; ``arrange`` deals the hands
    and makes the deck of the cards left (every card in one place)."""
    rng = random.Random(seed)
    if cards is None:
        cells = [c for c in range(CELLS) if c != DECK_CELL and rng.random() < fill]
    else:
        cells = sorted(rng.sample([c for c in range(CELLS) if c != DECK_CELL], cards))
    drawn = rng.sample(game.cards, len(cells))
    board = {cell_name(c): game.labels[f] for c, f in zip(cells, drawn, strict=True)}
    face_down = [cell_name(c) for c in cells if rng.random() < hidden]
    return game.new_game(seed).arrange(board=board, hidden=face_down)


def best_combo_exercise(game, seed: int) -> tuple[State, Exercise]:
    """ "Which combo on this board scores most?" — a seeded board with exactly one best combo.

    The reader answers with the set of cells, e.g. ``{"a1", "a2", "b2"}``.
    """
    for k in range(1000):
        state = seeded_board(game, seed * 1000 + k)
        combos = sorted(state.combos().items(), key=lambda kv: -kv[1])
        if len(combos) >= 2 and combos[0][1] > combos[1][1]:
            break
    mask, points = combos[0]
    cells = frozenset(cell_name(c) for c in cells_of(mask))
    others = ", ".join(str(v) for _, v in combos[1:])
    return state, Exercise(
        question="which cells form the combo that scores most? (a set such as {'a1', 'b1', 'c1'})",
        answer=cells,
        explanation=(
            f"The best combo is {', '.join(sorted(cells))} for {points} points "
            f"(the other combos score {others})."
        ),
    )
