"""What-if studies of Kombo Afrika for the notebook (plain functions: joblib-safe).

The rulebook's Game Tips, measured on seeded games between the ``ComboHunter``
heuristic and a ``RandomAgent`` (the "weaker opponent"), each seat half the games
(so the first player's edge cancels out), through ``boardlab.sim.run``:

- ``target_study``: "play for a lower number of points, e.g. 50 … this increases the
  amount of randomness": game length (decisions per game), and how often luck beats
  skill — the share of games the random player wins — at each target, with 95%
  intervals.
- ``handicap_study``: "Uneven game … they can start with initial points (e.g. 10 or
  15)": how much a head start (``start_points``) for the random player evens the match.
- ``percolation``: how often a random board holds a combo, by number of colours and
  cards on the board — a percolation curve on the 5×5 grid graph.

``python -m boardlab.figures`` runs the first two with thousands of games into
``figures/kombo_afrika_*.csv`` (``results`` below writes the rows), which the
notebook reads; the notebook runs ``percolation`` itself.
"""

from __future__ import annotations

import json

import pandas as pd

import boardlab
from boardlab.sim import RandomAgent, metrics, run
from boardlab.sim.metrics import wilson

from .bots import ComboHunter
from .exercises import seeded_board

#: Who plays the Game Tips studies: the heuristic and the weaker, random opponent.
AGENTS = "ComboHunter vs RandomAgent"


def random_wins(params: dict, games: int, seed: int = 0, n_jobs: int = 1) -> dict:
    """``games`` games of ``ComboHunter`` against ``RandomAgent`` under ``params``, half with
    the random player in seat 0 and half in seat 1 (the same seeds): the random player's
    wins (a shared win counts half) with a Wilson 95% interval, and the game length
    (decisions per game, ``metrics.GAME_LENGTH``) with its 95% interval.

    ``params["start_points"]``, if given, is the random player's head start: the points
    on the counter of whichever seat the random player takes.
    """
    params = dict(params)
    head_start = params.pop("start_points", 0)
    half = games // 2
    wins = 0.0
    frames = []
    for seat in (0, 1):
        start = (head_start, 0) if seat == 0 else (0, head_start)
        game = boardlab.load("kombo_afrika", start_points=start, **params)
        agents = [RandomAgent(), ComboHunter()] if seat == 0 else [ComboHunter(), RandomAgent()]
        frame = run(game, agents, games=half, seed=seed, n_jobs=n_jobs, rotate_seats=False)
        wins += sum(1 / len(w) for w in frame["winners"] if seat in w)
        frames.append(frame)
    both = pd.concat(frames, ignore_index=True)
    low, high = wilson(wins, len(both))
    length, length_low, length_high = metrics.GAME_LENGTH(both)
    return {
        "games": len(both),
        "random wins": wins,
        "random win rate": wins / len(both),
        "ci low": low,
        "ci high": high,
        "decisions per game": length,
        "decisions ci low": length_low,
        "decisions ci high": length_high,
        "truncated": int((both["status"] == "truncated").sum()),
    }


def target_study(targets=(50, 77, 100), games: int = 2000, seed: int = 0, n_jobs: int = 1):
    """One row per target: the random player's win rate and the game length (Game Tips)."""
    rows = []
    for target in targets:
        rows.append({"target": target, **random_wins({"target": target}, games, seed, n_jobs)})
    return pd.DataFrame(rows).set_index("target")


def handicap_study(
    handicaps=(0, 10, 15, 25, 35, 45), games: int = 1200, seed: int = 0, n_jobs: int = 1
):
    """One row per head start of the random player (``start_points``; target 77)."""
    rows = []
    for h in handicaps:
        rows.append({"head start": h, **random_wins({"start_points": h}, games, seed, n_jobs)})
    return pd.DataFrame(rows).set_index("head start")


def results(study: pd.DataFrame, name: str, params: dict, seed: int) -> pd.DataFrame:
    """A study's rows as the committed results file holds them: the numbers, with the study,
    the agents, the parameters, the seed and the package version beside them."""
    out = study.reset_index()
    out.insert(0, "study", name)
    out["agents"] = AGENTS
    out["params"] = json.dumps(params, sort_keys=True)
    out["seed"] = seed
    out["version"] = boardlab.__version__
    return out


def percolation(colours=range(2, 7), cards=range(4, 25, 2), boards: int = 200, seed: int = 0):
    """Share of random boards with at least one claimable combo.

    For each number of colours in play and each number of face-up cards on the
    board (placed on random cells, drawn at random from the deck in play, each card
    at most once: a deck of 2 colours has 20 cards, so no board of 24).
    """
    rows = []
    for k in colours:
        game = boardlab.load("kombo_afrika", colours=k)
        for n in cards:
            if n > len(game.cards):
                continue
            hits = 0
            for b in range(boards):
                state = seeded_board(game, seed + 7919 * b + n, hidden=0.0, cards=n)
                hits += bool(state.combos())
            rows.append({"colours": k, "cards on board": n, "share with a combo": hits / boards})
    return pd.DataFrame(rows)
