"""Benchmark: random playouts per second through the contract, per game.

``python -m boardlab.bench [--seconds S] [--game NAME]``. A benchmark, not
a test: numbers depend on the machine. It times the same loop as
``boardlab.sim.play`` (agents on views, legality checked by ``apply``).

``python -m boardlab.bench --mcts [--rounds R] [--iterations N] [--game NAME]``: what
one ``ISMCTSAgent`` iteration costs against one random playout from the same states
(the tree's bookkeeping on top of the playouts it runs), medians of alternating rounds.

``python -m boardlab.bench --sweep [--jobs J] [--games N] [--rounds R] [--seconds S]``: games
per second of ``boardlab.sim.sweep`` with J local processes against one (alternating rounds of
about S seconds of one process's work unless N is given), and the pool's fixed cost.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import boardlab
from boardlab.core import View
from boardlab.sim import ISMCTSAgent, RandomAgent, play

#: The table sizes the issues measure against (players per game).
BENCH_PLAYERS = {"kilimanjaro": 3, "kombo_afrika": 2, "kalimambo": 5, "jambo": 2, "tembo": 2}


def bench(name: str, seconds: float = 3.0) -> dict:
    """Play random games of ``name`` for about ``seconds``; return the rates."""
    players = BENCH_PLAYERS.get(name)
    game = boardlab.load(name, players=players) if players else boardlab.load(name)
    agents = [RandomAgent() for _ in range(game.num_players)]
    games = steps = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        for _ in range(50):
            state = play(game, agents, seed=games)
            steps += len(state.history)
            games += 1
    elapsed = time.perf_counter() - start
    return {
        "game": name,
        "players": game.num_players,
        "games": games,
        "games_per_s": games / elapsed,
        "steps_per_s": steps / elapsed,
        "steps_per_game": steps / games,
    }


def _start_states(game, count: int) -> list:
    """Positions a search bot meets: random games stopped at 0, 1/8, … 7/8 of their length
    (cycling), each where the player to move has a choice to make."""
    agents = [RandomAgent() for _ in range(game.num_players)]
    states = []
    seed = 0
    while len(states) < count:
        history = play(game, agents, seed=seed).history
        state = game.new_game(seed)
        for action in history[: len(history) * (len(states) % 8) // 8]:
            state.apply(action)
        seed += 1
        if state.current_player is not None and len(state.legal_actions()) > 1:
            states.append(state)
    return states


def _random_playouts(state, rng: random.Random, times: int) -> None:
    """``times`` random playouts to the end from clones of ``state``, by the loop
    ``ISMCTSAgent`` plays out with (``legal_actions`` and ``apply``)."""
    random_ = rng.random
    for _ in range(times):
        playout = state.clone()
        legal_actions, apply = playout.legal_actions, playout.apply
        while playout.current_player is not None:
            legal = legal_actions()
            apply(legal[int(random_() * len(legal))])


def _samples(state, rng: random.Random, times: int) -> None:
    view = View(state, state.current_player)
    for _ in range(times):
        view.sample_state(rng)


def _clones(state, rng: random.Random, times: int) -> None:
    for _ in range(times):
        state.clone()


def mcts_cost(name: str, rounds: int = 5, iterations: int = 50, states: int = 8) -> dict:
    """What one ``ISMCTSAgent`` iteration costs, from the same start states as the rest:
    one random playout (a clone played to the end), one ``sample_state`` and one
    ``clone``; each the median of ``rounds`` alternating rounds, with the medians of
    the per-round ratios. An iteration is a sample (in place of the playout's clone),
    the tree's bookkeeping and a playout: ``tree`` is what is left of it for the
    bookkeeping, as a fraction of the playout."""
    players = BENCH_PLAYERS.get(name)
    game = boardlab.load(name, players=players) if players else boardlab.load(name)
    starts = _start_states(game, states)
    agent = ISMCTSAgent(iterations=iterations)
    rng = random.Random(0)

    def search(state, rng, times):
        agent.reset(rng.getrandbits(32))
        agent.act(View(state, state.current_player))

    parts = {"iteration": search, "playout": _random_playouts, "sample": _samples}
    parts["clone"] = _clones
    order = list(parts)
    times: dict[str, list[float]] = {part: [] for part in parts}
    ratios, trees = [], []
    for r in range(rounds):
        lap = {}
        for part in order if r % 2 == 0 else order[::-1]:  # alternate: drift hits both
            start = time.perf_counter()
            for state in starts:
                parts[part](state, rng, iterations)
            lap[part] = (time.perf_counter() - start) / (iterations * len(starts))
            times[part].append(lap[part])
        ratios.append(lap["iteration"] / lap["playout"])
        rest = lap["playout"] - lap["clone"] + lap["sample"]
        trees.append((lap["iteration"] - rest) / lap["playout"])
    median = statistics.median
    return {
        "game": name,
        "players": game.num_players,
        **{f"s_per_{part}": median(times[part]) for part in parts},
        "ratio": median(ratios),
        "tree": median(trees),
    }


def main_mcts(names: list[str], rounds: int, iterations: int) -> None:
    print(
        f"{'game':<14}{'players':>8}{'ms/iter':>9}{'ms/playout':>12}{'ms/sample':>11}"
        f"{'ms/clone':>10}{'iter/playout':>14}{'tree/playout':>14}"
    )
    for name in names:
        r = mcts_cost(name, rounds, iterations)
        print(
            f"{r['game']:<14}{r['players']:>8}{r['s_per_iteration'] * 1e3:>9.3f}"
            f"{r['s_per_playout'] * 1e3:>12.3f}{r['s_per_sample'] * 1e3:>11.3f}"
            f"{r['s_per_clone'] * 1e3:>10.3f}{r['ratio']:>14.2f}{r['tree']:>14.1%}"
        )


def sweep_scaling(
    name: str, games: int | None = None, rounds: int = 3, jobs: int = 2, seconds: float = 3.0
) -> dict:
    """Games per second of ``boardlab.sim.sweep`` with ``jobs`` local processes against one,
    in alternating rounds (after one warm-up of the process pool); the median of the
    per-round ratios is the speed-up (issue 15 asks >= 1.6 with 2 processes on 2 cores).

    ``games``: per round; ``None`` sizes a round to about ``seconds`` of one process's
    work (the throughput of a real sweep: 400 Kalimambo games are a fifth of a second,
    where starting the pool's tasks weighs as much as the games). ``overhead_s``: what a
    sweep of ``jobs`` processes costs beyond its games, from a round of a tenth the size.
    """
    from boardlab.sim import sweep

    players = BENCH_PLAYERS.get(name)
    game = boardlab.load(name, players=players) if players else boardlab.load(name)

    def elapsed(n_jobs: int, n: int) -> float:
        start = time.perf_counter()
        sweep(game, None, None, n, seed=0, n_jobs=n_jobs, progress=False)
        return time.perf_counter() - start

    if games is None:
        elapsed(1, 2)  # the first sweep pays one-off costs (imports, tables) a probe must not see
        probe = 20
        while (spent := elapsed(1, probe)) < 0.3:
            probe *= 4
        games = max(jobs * 20, round(probe * seconds / spent))
    elapsed(jobs, games)  # start the pool
    one, many, ratios = [], [], []
    for r in range(rounds):
        if r % 2:  # ABBA order: a drift of the machine's speed weighs on both sides alike
            tj, t1 = elapsed(jobs, games), elapsed(1, games)
        else:
            t1, tj = elapsed(1, games), elapsed(jobs, games)
        one.append(games / t1)
        many.append(games / tj)
        ratios.append(t1 / tj)
    small = max(jobs, games // 10)
    overhead = statistics.median(elapsed(jobs, small) for _ in range(rounds)) - small / (
        statistics.median(many)
    )
    return {
        "game": name,
        "players": game.num_players,
        "jobs": jobs,
        "games": games,
        "games_per_s_1": statistics.median(one),
        "games_per_s_jobs": statistics.median(many),
        "speedup": statistics.median(ratios),
        "overhead_s": overhead,
    }


def main_sweep(names: list[str], games: int | None, rounds: int, jobs: int, seconds: float) -> None:
    print(
        f"{'game':<14}{'players':>8}{'games':>7}{'games/s 1':>11}{f'games/s {jobs}':>11}"
        f"{'speed-up':>10}{'overhead s':>12}"
    )
    for name in names:
        r = sweep_scaling(name, games, rounds, jobs, seconds)
        print(
            f"{r['game']:<14}{r['players']:>8}{r['games']:>7}{r['games_per_s_1']:>11.0f}"
            f"{r['games_per_s_jobs']:>11.0f}{r['speedup']:>10.2f}{r['overhead_s']:>12.3f}"
        )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per game")
    parser.add_argument("--game", action="append", help="only this game (repeatable)")
    parser.add_argument(
        "--mcts", action="store_true", help="ISMCTS iteration cost against random playouts"
    )
    parser.add_argument(  # (10: the medians; single rounds swing by +-40% here)
        "--rounds", type=int, default=10, help="alternating rounds, medians (--mcts, --sweep)"
    )
    parser.add_argument("--iterations", type=int, default=50, help="--mcts: per start state")
    parser.add_argument(
        "--sweep", action="store_true", help="sweep throughput, --jobs processes against 1"
    )
    parser.add_argument("--jobs", type=int, default=2, help="--sweep: local processes")
    parser.add_argument(
        "--games",
        type=int,
        default=None,
        help="--sweep: games per round (default: --seconds of work)",
    )
    args = parser.parse_args(argv)
    if args.sweep:
        return main_sweep(
            args.game or boardlab.game_names(), args.games, args.rounds, args.jobs, args.seconds
        )
    if args.mcts:
        return main_mcts(args.game or boardlab.game_names(), args.rounds, args.iterations)
    print(f"{'game':<14}{'players':>8}{'games/s':>10}{'steps/s':>11}{'steps/game':>12}")
    for name in args.game or boardlab.game_names():
        r = bench(name, args.seconds)
        print(
            f"{r['game']:<14}{r['players']:>8}{r['games_per_s']:>10.0f}"
            f"{r['steps_per_s']:>11.0f}{r['steps_per_game']:>12.1f}"
        )


if __name__ == "__main__":
    main()
