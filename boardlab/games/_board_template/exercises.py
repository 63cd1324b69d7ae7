"""Achi's exercise for a notebook, answered by the engine (never by hand).

# TEMPLATE: ask what a rule does in a situation; let the legal actions answer."""

from __future__ import annotations

import random

from boardlab.core import Game
from boardlab.teach import Exercise

from .components import POINTS, name


def move_exercise(game: Game, seed: int) -> Exercise:
    """ "Where may the counter on a1 go?" in a seeded position after the placements (§3)."""
    rng, state = random.Random(seed), game.new_game(seed)
    while state.outcome is None and state.placing(state.current_player):
        state.apply(rng.choice(state.legal_actions()))
    if state.outcome is not None:  # three in a row while placing: another position
        return move_exercise(game, seed + 1000)
    p = state.current_player
    start = rng.choice([q for q in POINTS if state.board[q] == p])
    ends = sorted(name(a.end) for a in state.legal_actions() if a.start == start)
    where = ", ".join(f"{name(q)}: {who}" for q, who in enumerate(state.board) if who is not None)
    return Exercise(
        question=f"Counters ({where}). Where may player {p} move the counter on "
        f"{name(start)}? (a list such as ['b2']; [] for nowhere)",
        answer=ends,
        explanation=f"§3: along a line to the next point, if it is empty: {ends or 'nowhere'}.",
    )
