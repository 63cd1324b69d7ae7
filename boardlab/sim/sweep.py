"""Sweeps: every point of a parameter grid, many seeded games each, on one machine or a
Dask cluster, into one tidy DataFrame (the parameters beside the results, a row a game).

The numbers depend only on (game, grid, agents, games_per_point, seed): a game's
seed comes from (seed, point, index) — never from which worker played it or
when — and each agent is re-seeded from it before the game, so ``n_jobs`` and
``backend`` change the speed, not the results.
"""

from __future__ import annotations

import itertools
import math
import warnings
from collections.abc import Mapping, Sequence
from hashlib import blake2b
from typing import Any

from boardlab.core import BoardlabError, Game, InvalidParameter
from boardlab.core.game import check_seed
from boardlab.core.registry import game_class

from .lineup import resolve_agents, symmetric
from .outcomes import warn_if_cut_short
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


# -- one game's measures --------------------------------------------------------------


def time_behind(leaders: Sequence[tuple[int, ...]], winners: tuple[int, ...]) -> float:
    """Share of steps after which no eventual winner was among the leaders; NaN without a
    winner. (Not Ludii's Drama, which measures how far behind: ``drama``.)"""
    if not winners or not leaders:
        return math.nan
    won = set(winners)
    return sum(1 for group in leaders if won.isdisjoint(group)) / len(leaders)


def decided_at(leaders: Sequence[tuple[int, ...]], winners: tuple[int, ...]) -> float:
    """Share of the game played before the eventual winners led for good — led alone (or
    only winners shared the lead) at every later step; 0 = led from the first step; NaN
    without a winner. (Not Ludii's DecisivenessMoves, which waits for an evaluation above
    a threshold, once.)"""
    if not winners or not leaders:
        return math.nan
    won = set(winners)
    last = -1
    for step, group in enumerate(leaders):
        if not won.issuperset(group):
            last = step
    return (last + 1) / len(leaders)


def evaluations(score_track: Sequence[tuple], order: str = "high") -> list[tuple]:
    """Each player's evaluation in every state: the score, negated where low scores are
    best (``Game.score_order``), so that the leaders are always the highest."""
    if order == "high":
        return list(score_track)
    return [tuple(-score for score in scores) for scores in score_track]


def lead_change(track: Sequence[tuple]) -> float:
    """Ludii's LeadChange of one game (Evaluation/src/metrics/single/stateEvaluation/
    LeadChange.java): in the state before each move, the leaders are the players with the
    highest evaluation; every time that set differs from the one before — the first state
    counts, as the file starts from an empty set — is a change; changes / moves.

    ``track``: the evaluations before the first move and after every move (``evaluations``
    of ``play(track=True)``'s ``score_track``); the state after the last move is not read.
    NaN for a game of no moves."""
    before = track[:-1]
    if not before:
        return math.nan
    changes, last = 0, None
    for values in before:
        best = max(values)
        leaders = {p for p, value in enumerate(values) if value == best}
        if leaders != last:
            changes += 1
        last = leaders
    return changes / len(before)


def drama(track: Sequence[tuple], winners: tuple[int, ...]) -> float:
    """Ludii's Drama of one game, averaged over its moves (Evaluation/src/metrics/multiple/
    metrics/Drama.java with the Average value): in the state before each move, how far the
    eventual winners' evaluation lies below the highest (a mean over the winners), averaged
    over the moves; 0 = the winners never trailed. In the game's score units (Ludii's are
    heuristic values in [-1, 1]). NaN without a winner or a move."""
    before = track[:-1]
    if not winners or not before:
        return math.nan
    gaps = [sum(max(values) - values[w] for w in winners) / len(winners) for values in before]
    return sum(gaps) / len(gaps)


def measure(game: Game, agents: Sequence[Any], seed: int, names: Sequence[str] = ()) -> dict:
    """Play one game (``play(track=True)``: the leaders, scores and legal actions at every
    step) and return its row: the columns of ``summarize`` plus ``num_players``,
    ``branching``, ``lead_change``, ``drama``, ``time_behind``, ``decided_at`` and, given
    ``names``, the ``lineup`` (the agents seat by seat)."""
    try:
        state = play(game, agents, seed, track=True)
        row = summarize(state, seed)
    except Exception as error:
        raise SimulationError(repr(game), seed, f"{type(error).__name__}: {error}") from error
    options = state.options
    row["num_players"] = game.num_players
    row["branching"] = sum(options) / len(options) if options else math.nan
    team = state.outcome.team is not None
    winners = () if team else state.outcome.winners
    track = evaluations(state.score_track, game.score_order)
    row["lead_change"] = math.nan if team else lead_change(track)
    row["drama"] = drama(track, winners)
    row["time_behind"] = time_behind(state.leaders, winners)
    row["decided_at"] = decided_at(state.leaders, winners)
    if names:
        row["lineup"] = ",".join(names)
    return row


def play_games(game: Game, agents: Sequence[Any], names: Sequence[str], jobs) -> list[dict]:
    """The rows of the games ``jobs`` (``(seed, shift)``: the lineup turned ``shift`` seats
    to the right, so that a bot takes every seat in turn): a task of a worker."""
    rows = []
    seats = len(agents)
    for seed, shift in jobs:
        order = [(s - shift) % seats for s in range(seats)]
        line = [names[i] for i in order] if names else ()
        rows.append(measure(game, [agents[i] for i in order], seed, line))
    return rows


# -- the grid -------------------------------------------------------------------------


def grid_points(param_grid: Any) -> list[dict]:
    """``{name: [values]}`` (every combination, the first name varying slowest) or a list
    of ``{name: value}`` dicts, as a list of points; ``None`` is the one point ``{}``."""
    if param_grid is None:
        return [{}]
    if isinstance(param_grid, Mapping):
        names = list(param_grid)
        for name in names:
            values = param_grid[name]
            if isinstance(values, str | bytes | Mapping) or not hasattr(values, "__iter__"):
                raise ValueError(
                    f"param_grid[{name!r}] must be a list of values to try, not {values!r}"
                )
            if len(list(values)) == 0:
                raise ValueError(f"param_grid[{name!r}] is empty: give at least one value")
        combos = itertools.product(*(list(param_grid[n]) for n in names))
        return [dict(zip(names, combo, strict=True)) for combo in combos]
    if isinstance(param_grid, Sequence) and not isinstance(param_grid, str):
        points = list(param_grid)
        if not points or not all(isinstance(p, Mapping) for p in points):
            raise ValueError("param_grid: a dict name -> list of values, or a list of dicts")
        return [dict(p) for p in points]
    raise ValueError(
        f"param_grid: a dict name -> list of values, or a list of dicts; not {param_grid!r}"
    )


def load_points(game: Game | str, points: list[dict]) -> list[Game]:
    """Every point's game, loaded (and so validated) before any game is played: a bad name
    or value raises ``InvalidParameter`` naming the parameter and its allowed values."""
    if isinstance(game, Game):
        cls, base = type(game), dict(game.params)
    else:
        cls, base = game_class(game), {}
    games = []
    for point in points:
        if not point and isinstance(game, Game):
            games.append(game)
        else:
            games.append(cls.load(**{**base, **point}))
    return games


def game_seed(seed: int, point: int, index: int, paired: bool) -> int:
    """The seed of game ``index`` of grid point ``point``: a hash of (``seed``, ``index``)
    when ``paired`` (every point deals the same games: differences come from the rule, not
    the deal), else of (``seed``, ``point``, ``index``).

    A hash, not ``seed + index``: a bot that could guess its game's seed would rebuild the
    others' hands and the deck order through ``view.game.new_game``. The result has 63 bits,
    as a fresh seed has (``check_seed``), so it fits a 64-bit signed column of a results file;
    the frame's ``seed`` column keeps it, and ``play(game, agents, seed=row.seed)`` replays
    the row."""
    key = (seed, index) if paired else (seed, point, index)
    digest = blake2b("/".join(map(str, key)).encode("ascii"), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


def parse_value(spec, text: str) -> Any:
    """``text`` (the command line's, a widget's) as a value of the parameter ``spec``: an
    int, a bool (true/false, yes/no), a word, a list of ints ``3,6,9``, a data file's path;
    ``Param.check`` (at ``load``) then says whether it is allowed."""
    kind = spec.kind
    try:
        if kind == "int":
            return int(text)
        if kind == "bool":
            words = {"true": True, "yes": True, "1": True, "false": False, "no": False, "0": False}
            return words[text.strip().lower()]
        if kind in ("ints", "per_player"):
            return tuple(int(item) for item in text.split(",") if item.strip()) if text else ()
    except (ValueError, KeyError):
        raise InvalidParameter(spec.name, text, spec.allowed) from None
    return text


# -- the backends ---------------------------------------------------------------------


def _tasks(games, agent_sets, games_per_point, seed, paired, rotate, workers):
    per_batch = max(1, min(100, math.ceil(games_per_point * len(games) / (8 * workers))))
    tasks, owners = [], []
    for point, game in enumerate(games):
        agents, names = agent_sets[point]
        jobs = [
            (game_seed(seed, point, i, paired), i % game.num_players if rotate else 0)
            for i in range(games_per_point)
        ]
        for start in range(0, games_per_point, per_batch):
            tasks.append((game, agents, names, jobs[start : start + per_batch]))
            owners.append(point)
    return tasks, owners


class _Callback:
    """A progress bar that is a function ``report(done, total)`` (a widget's)."""

    def __init__(self, report, total: int) -> None:
        self.report, self.total, self.done = report, total, 0
        report(0, total)

    def update(self, games: int) -> None:
        self.done += games
        self.report(self.done, self.total)

    def close(self) -> None:
        pass


def _bar(progress: Any, total: int):
    if not progress:
        return None
    if callable(progress):
        return _Callback(progress, total)
    from tqdm.auto import tqdm

    return tqdm(total=total, unit="game")


def _run_local(tasks, n_jobs: int, bar) -> list[list[dict]]:
    if n_jobs == 1:
        results = []
        for task in tasks:
            results.append(play_games(*task))
            if bar is not None:
                bar.update(len(task[3]))
        return results
    from joblib import Parallel, delayed

    stream = Parallel(n_jobs=n_jobs, return_as="generator")(
        delayed(play_games)(*task) for task in tasks
    )
    results = []
    for task, rows in zip(tasks, stream, strict=True):
        results.append(rows)
        if bar is not None:
            bar.update(len(task[3]))
    return results


def _client(scheduler: Any):
    """The Dask client to use, and whether this call opened it (and so closes it)."""
    try:
        from distributed import Client, get_client
    except ImportError:
        raise ImportError(
            "backend='dask' needs dask.distributed: pip install 'boardlab[dask]'"
        ) from None
    if scheduler is None:
        try:
            return get_client(), False
        except ValueError:
            raise RuntimeError(
                "backend='dask' found no dask.distributed Client: start one "
                "(Client(LocalCluster())) or pass scheduler='tcp://host:8786'"
            ) from None
    if isinstance(scheduler, str):
        return Client(scheduler), True
    return scheduler, False


def _run_dask(tasks, scheduler: Any, bar) -> list[list[dict]]:
    from distributed import as_completed

    client, own = _client(scheduler)
    try:
        futures = [client.submit(play_games, *task, pure=False) for task in tasks]
        sizes = {future.key: len(task[3]) for future, task in zip(futures, tasks, strict=True)}
        for future in as_completed(futures):
            if future.status == "error":
                future.result()  # raises the worker's SimulationError here
            if bar is not None:
                bar.update(sizes[future.key])
        return client.gather(futures)
    finally:
        if own:
            client.close()


# -- sweep ----------------------------------------------------------------------------

#: Columns of a game's results: a parameter of the same name gets a ``param_`` prefix.
RESULT_COLUMNS = (
    "point", "seed", "status", "ended_by", "winners", "winner", "shared_win", "actions", "reason",
    "team", "margin", "turns", "sole_leader_changes", "num_players", "branching", "lead_change",
    "drama", "time_behind", "decided_at", "lineup",
)  # fmt: skip


def _cell(value: Any) -> Any:
    """A parameter's value as a table cell: numbers, words and tuples as they are."""
    if value is None or isinstance(value, bool | int | float | str | tuple):
        return value
    return str(value)


def sweep(
    game: Game | str,
    param_grid: Any = None,
    agents: Any = None,
    games_per_point: int = 200,
    seed: int | None = 0,
    n_jobs: int = 1,
    backend: str = "local",
    *,
    scheduler: Any = None,
    progress: Any = True,
    paired: bool = True,
    rotate_seats: bool | None = None,
):
    """Play ``games_per_point`` games at every point of ``param_grid``; one row per game.

    ``game``: a name or a ``Game`` (the grid's values replace its parameters).
    ``param_grid``: ``{name: [values]}`` (every combination) or a list of dicts.
    ``agents``: None (random players), specs such as ``["heuristic", "random"]``
    (``boardlab.sim.lineup``: the last fills the remaining seats) or a function
    ``game -> agents``. ``rotate_seats`` turns the lineup one seat per game (game ``i``
    turned ``i % players`` seats), so every agent sits in every seat equally often: the
    first-player column then measures the game, and skill vs luck the bot. None (the
    default) rotates whenever the line-up is not the same player in every seat
    (``lineup.symmetric``: same spec, class and repr); False keeps the seats as given, and
    with an uneven line-up ``attrs`` say so (``lineup.seat_edge_note``). Rotation and
    ``paired`` go together: game ``i`` of every point has the same seed and the same turn.
    ``paired`` (default) deals game ``i`` of every point from the same seed, a hash of
    (seed, i); ``paired=False`` seeds each game from a hash of (seed, point, index)
    (``game_seed``: a bot cannot guess its game's seed by trying small ones). A bot that
    knows ``seed`` can compute them: ``seed=None`` draws a fresh one (kept in the attrs).
    ``backend``: ``"local"`` (``n_jobs`` joblib processes, -1 = every core) or
    ``"dask"`` (the current ``dask.distributed`` client, or ``scheduler``: a Client
    or an address). ``progress``: a ``tqdm.auto`` bar, False for none, or a function
    ``report(games_done, total)``. Every parameter is checked before any game is played.

    The frame: the parameters of the grid (one column each), ``point`` (the grid
    point's index), then the results of ``boardlab.sim.play`` + ``summarize`` and
    the measures of ``measure`` (``ended_by``: "rules", or "cap" when a safeguard cut the
    game short; a ``metrics.CutShortWarning`` when over 5% of a point's games were);
    ``frame.attrs["sweep"]`` says how it was made (the
    game, the points, the parameters fixed away from the rulebook's, the agents, the
    seed, the version: ``save_results`` writes it beside the numbers).
    """
    import pandas as pd

    import boardlab

    if backend not in ("local", "dask"):
        raise ValueError(f"backend={backend!r}: one of 'local', 'dask'")
    if isinstance(games_per_point, bool) or not isinstance(games_per_point, int):
        raise ValueError(f"games_per_point={games_per_point!r}: a whole number of games")
    if games_per_point < 1:
        raise ValueError(f"games_per_point={games_per_point}: at least 1")
    if isinstance(n_jobs, bool) or not isinstance(n_jobs, int) or n_jobs == 0:
        raise ValueError(f"n_jobs={n_jobs!r}: a number of processes (-1 = every core)")
    if rotate_seats not in (None, True, False):
        raise ValueError(
            f"rotate_seats={rotate_seats!r}: True, False or None (rotate when the line-up "
            "differs by seat)"
        )
    seed = check_seed(seed)
    points = grid_points(param_grid)
    games = load_points(game, points)
    agent_sets = [resolve_agents(g, agents) for g in games]
    for made, _ in agent_sets:
        warn_without_reset(made)
    even = all(symmetric(made, names) for made, names in agent_sets)
    rotate = not even if rotate_seats is None else bool(rotate_seats)
    workers = 1 if n_jobs == 1 or backend == "dask" else max(2, n_jobs)
    tasks, owners = _tasks(games, agent_sets, games_per_point, seed, paired, rotate, workers)
    bar = _bar(progress, games_per_point * len(games))
    try:
        if backend == "dask":
            results = _run_dask(tasks, scheduler, bar)
        else:
            results = _run_local(tasks, n_jobs, bar)
    finally:
        if bar is not None:
            bar.close()
    names = list(dict.fromkeys(name for point in points for name in point))
    columns = {name: f"param_{name}" if name in RESULT_COLUMNS else name for name in names}
    rows = []
    for point, batch in zip(owners, results, strict=True):
        params = {columns[n]: _cell(games[point].params[n]) for n in names}
        rows.extend({**params, "point": point, **row} for row in batch)
    frame = pd.DataFrame(rows)
    frame.attrs["sweep"] = {
        "game": games[0].name,
        "points": [{n: _json(games[i].params[n]) for n in names} for i in range(len(games))],
        "fixed": {
            spec.name: _json(games[0].params[spec.name])
            for spec in type(games[0]).specs
            if spec.name not in names and games[0].params[spec.name] != spec.default
        },
        "agents": agent_sets[0][1],
        "games_per_point": games_per_point,
        "seed": seed,
        "paired": paired,
        "rotate_seats": rotate,
        "lineup_symmetric": even,
        "version": boardlab.__version__,
    }
    warn_if_cut_short(frame)  # over 5% of a point's games stopped by a cap: say so
    return frame


def _json(value: Any) -> Any:
    """A parameter's value for the sidecar JSON (a data file by its name and hash)."""
    if hasattr(value, "sha256"):
        return f"{getattr(value, 'name', 'file')} (sha256 {value.sha256})"
    if isinstance(value, tuple):
        return list(value)
    if value is None or isinstance(value, bool | int | float | str):
        return value
    return str(value)
