"""Many games at once: ``run`` → a pandas DataFrame, one row per game; ``compare`` the
same seeds under named parameter sets. Both are thin layers over ``sweep``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from boardlab.core import Game

from .outcomes import warn_if_cut_short
from .sweep import SimulationError, sweep, warn_without_reset

__all__ = ["SimulationError", "compare", "random_agents", "run", "warn_without_reset"]

#: Columns of ``sweep`` that ``run`` and ``compare`` leave out: the point always, the
#: lineup unless the seats were rotated (then it says who sat where in each game).
_SWEEP_ONLY = ["point", "lineup"]


def run(
    game: Game,
    agents: Sequence[Any],
    games: int = 1000,
    seed: int | None = 0,
    n_jobs: int = 1,
    progress: bool = False,
    rotate_seats: bool | None = None,
):
    """Play ``games`` games, each from a seed hashed from (``seed``, its index)
    (``sweep.game_seed``: not found by trying small seeds); one DataFrame row per game,
    whose ``seed`` replays it with ``play(game, agents, seed=row.seed)``. ``seed=None``
    draws a fresh seed (kept in ``frame.attrs["sweep"]["seed"]``) that no bot can know.

    ``rotate_seats`` as ``sweep``: by default an uneven line-up (a bot among random
    players) is turned a seat per game, so the first-player column measures the game;
    the frame then keeps the ``lineup`` column (who sat where; the row's ``seed`` replays
    it with the agents in that order). ``rotate_seats=False`` keeps ``agents[i]`` in
    seat ``i`` in every game, for a study of one seat.

    The result depends only on (game, agents, games, seed): ``n_jobs``
    (joblib processes; -1 = every core) changes the speed, not the numbers —
    provided every agent that draws random numbers re-seeds in ``reset(seed)``
    (a warning names any agent without one). A game that fails raises
    ``SimulationError`` naming its seed.
    """
    agents = list(agents)
    if len(agents) != game.num_players:
        raise ValueError(f"{game.name} with {game.num_players} players needs as many agents")
    warn_without_reset(agents)
    frame = _sweep(game, None, agents, games, seed, n_jobs, progress, rotate_seats)
    frame.attrs["game"] = repr(game)
    warn_if_cut_short(frame)  # (sweep's own warning is silenced with the others)
    return frame


def _sweep(game, grid, agents, games, seed, n_jobs, progress, rotate_seats):
    import warnings

    with warnings.catch_warnings():  # run and compare have warned about reset already
        warnings.simplefilter("ignore", UserWarning)
        frame = sweep(
            game, grid, agents, games, seed, n_jobs, progress=progress, rotate_seats=rotate_seats
        )
    dropped = _SWEEP_ONLY if not frame.attrs["sweep"]["rotate_seats"] else ["point"]
    return frame.drop(columns=[c for c in dropped if c in frame.columns])


def random_agents(game: Game) -> list:
    """A RandomAgent in every seat: the default opponents of a what-if."""
    from .agents import RandomAgent

    return [RandomAgent() for _ in range(game.num_players)]


def compare(
    name: str,
    variants: dict[str, dict],
    agents=random_agents,
    games: int = 1000,
    seed: int | None = 0,
    n_jobs: int = 1,
    progress: bool = False,
    rotate_seats: bool | None = None,
):
    """Run the same seeds under each named parameter set; one DataFrame, a ``variant`` column.

    ``agents`` is a function ``game -> list of agents`` (the seat count may
    differ between variants). Same seeds in every variant make the
    comparison paired: differences come from the rule, not the deal; with seats
    rotated (``rotate_seats`` as ``sweep``: by default when the line-up differs by
    seat) game ``i`` of every variant also has the same seats.
    """
    labels = list(variants)
    points = [dict(variants[label]) for label in labels]
    grid_names = list(dict.fromkeys(n for p in points for n in p))
    frame = _sweep(name, points, agents, games, seed, n_jobs, progress, rotate_seats)
    frame.insert(0, "variant", [labels[i] for i in _points(frame, len(labels), games)])
    params = [c for c in grid_names if c in frame.columns and c not in ("seed",)]
    params += [f"param_{c}" for c in grid_names if f"param_{c}" in frame.columns]
    frame = frame.drop(columns=params)
    warn_if_cut_short(frame)  # by variant
    return frame


def _points(frame, count: int, games: int) -> list[int]:
    """The point of each row: ``sweep`` returns points in order, ``games`` rows each."""
    return [i for i in range(count) for _ in range(games)]
