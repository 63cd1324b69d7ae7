"""Many games at once: ``run`` → a pandas DataFrame, one row per game."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from boardlab.core import Game

from .play import play, summarize


def _play_batch(game: Game, agents: Sequence[Any], seeds: Sequence[int]) -> list[dict]:
    return [summarize(play(game, agents, s, track=True), s) for s in seeds]


def run(
    game: Game,
    agents: Sequence[Any],
    games: int = 1000,
    seed: int = 0,
    n_jobs: int = 1,
    progress: bool = False,
):
    """Play ``games`` games with seeds ``seed, seed+1, …``; one DataFrame row per game.

    The result depends only on (game, agents, games, seed): ``n_jobs``
    (joblib processes; -1 = every core) changes the speed, not the numbers.
    """
    import pandas as pd

    seeds = list(range(seed, seed + games))
    if n_jobs == 1:
        if progress:
            from tqdm.auto import tqdm

            rows = [summarize(play(game, agents, s, track=True), s) for s in tqdm(seeds)]
        else:
            rows = _play_batch(game, agents, seeds)
    else:
        from joblib import Parallel, delayed

        size = max(1, min(500, games // 16 or 1))
        batches = [seeds[i : i + size] for i in range(0, games, size)]
        tasks = (delayed(_play_batch)(game, agents, b) for b in batches)
        results = Parallel(n_jobs=n_jobs, return_as="generator")(tasks)
        if progress:
            from tqdm.auto import tqdm

            results = tqdm(results, total=len(batches), unit="batch")
        rows = [row for batch in results for row in batch]
    frame = pd.DataFrame(rows)
    frame.attrs["game"] = repr(game)
    return frame


def random_agents(game: Game) -> list:
    """A RandomAgent in every seat: the default opponents of a what-if."""
    from .agents import RandomAgent

    return [RandomAgent() for _ in range(game.num_players)]


def compare(
    name: str,
    variants: dict[str, dict],
    agents=random_agents,
    games: int = 1000,
    seed: int = 0,
    n_jobs: int = 1,
    progress: bool = False,
):
    """Run the same seeds under each named parameter set; one DataFrame, a ``variant`` column.

    ``agents`` is a function ``game -> list of agents`` (the seat count may
    differ between variants). Same seeds in every variant make the
    comparison paired: differences come from the rule, not the deal.
    """
    import pandas as pd

    from boardlab.core import load

    frames = []
    for label, params in variants.items():
        game = load(name, **params)
        frame = run(game, agents(game), games, seed, n_jobs, progress)
        frame.insert(0, "variant", label)
        frames.append(frame)
    return pd.concat(frames, ignore_index=True)
