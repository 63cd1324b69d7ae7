"""What-if studies of Kombo Afrika for the notebook (plain functions: joblib-safe).

``target_study``: how the target score changes game length and how often the
player trailing at half-time comes back to win (Game Tips: 50 is quicker and
more random, 100 longer and less random). ``percolation``: how often a
random board holds a combo, by number of colours and cards on the board —
a percolation curve on the 5×5 grid graph.
"""

from __future__ import annotations

import pandas as pd

import boardlab
from boardlab.sim import play

from .exercises import seeded_board


def target_study(targets, agents_factory, games: int = 50, seed: int = 0, **params):
    """One row per target: mean turns, share truncated, and the comeback rate.

    Comeback: the sole winner was not among the leaders after half of the game's
    actions (``game.standing``, tracked after every action).
    """
    rows = []
    for target in targets:
        game = boardlab.load("kombo_afrika", target=target, **params)
        turns, truncated, comebacks, decided = [], 0, 0, 0
        for k in range(games):
            state = play(game, agents_factory(), seed=seed + k, track=True)
            turns.append(state.turn)
            if state.outcome.status == "truncated":
                truncated += 1
                continue
            winners = state.outcome.winners
            if len(winners) == 1:
                decided += 1
                half = state.leaders[len(state.leaders) // 2]
                comebacks += winners[0] not in half
        rows.append(
            {
                "target": target,
                "games": games,
                "mean turns per player": sum(turns) / len(turns) / game.num_players,
                "truncated": truncated,
                "comeback rate": comebacks / decided if decided else float("nan"),
            }
        )
    return pd.DataFrame(rows).set_index("target")


def percolation(colours=range(2, 7), cards=range(4, 25, 2), boards: int = 200, seed: int = 0):
    """Share of random boards with at least one claimable combo.

    For each number of colours in play and each number of face-up cards on the
    board (placed on random cells, drawn at random from the deck in play).
    """
    rows = []
    for k in colours:
        game = boardlab.load("kombo_afrika", colours=k)
        for n in cards:
            hits = 0
            for b in range(boards):
                state = seeded_board(game, seed + 7919 * b + n, hidden=0.0, cards=n)
                hits += bool(state.combos())
            rows.append({"colours": k, "cards on board": n, "share with a combo": hits / boards})
    return pd.DataFrame(rows)
