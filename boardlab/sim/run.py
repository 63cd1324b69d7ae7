"""Many games at once: ``run`` → a pandas DataFrame, one row per game."""

from __future__ import annotations

import warnings
from collections.abc import Sequence
from typing import Any

from boardlab.core import BoardlabError, Game

from .play import play, summarize


class SimulationError(BoardlabError, RuntimeError):
    """A game of a batch failed; names the game and the seed that replays the failure."""

    def __init__(self, game: str, seed: int, error: str) -> None:
        super().__init__(game, seed, error)  # args as given: pickles back from a worker
        self.game, self.seed, self.error = game, seed, error

    def __str__(self) -> str:
        return (
            f"{self.game}, game seed {self.seed}: {self.error} "
            f"(replay it with boardlab.sim.play(game, agents, seed={self.seed}))"
        )


def _play_one(game: Game, agents: Sequence[Any], seed: int) -> dict:
    try:
        return summarize(play(game, agents, seed, track=True), seed)
    except Exception as error:
        raise SimulationError(repr(game), seed, f"{type(error).__name__}: {error}") from error


def _play_batch(game: Game, agents: Sequence[Any], seeds: Sequence[int]) -> list[dict]:
    return [_play_one(game, agents, s) for s in seeds]


def warn_without_reset(agents: Sequence[Any]) -> None:
    """Warn about agents with no ``reset(seed)``: one that draws random numbers of its own
    would make results depend on ``n_jobs`` and on the order of the games, because only
    ``reset`` (called before each game with a seed derived from the game's) makes a
    game depend on its seed alone."""
    lacking = sorted({type(a).__name__ for a in agents if not callable(getattr(a, "reset", None))})
    if lacking:
        warnings.warn(
            f"{', '.join(lacking)} has no reset(seed): if it draws random numbers of its own, "
            "results will differ between n_jobs=1 and n_jobs>1; give it reset(seed) and "
            "re-seed its generator there",
            UserWarning,
            stacklevel=3,
        )


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
    (joblib processes; -1 = every core) changes the speed, not the numbers —
    provided every agent that draws random numbers re-seeds in ``reset(seed)``
    (a warning names any agent without one). A game that fails raises
    ``SimulationError`` naming its seed.
    """
    import pandas as pd

    warn_without_reset(agents)
    seeds = list(range(seed, seed + games))
    if n_jobs == 1:
        if progress:
            from tqdm.auto import tqdm

            rows = [_play_one(game, agents, s) for s in tqdm(seeds)]
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
