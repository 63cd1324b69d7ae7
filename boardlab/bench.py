"""Benchmark: random playouts per second through the contract, per game.

``python -m boardlab.bench [--seconds S] [--game NAME]``. A benchmark, not
a test: numbers depend on the machine. It times the same loop as
``boardlab.sim.play`` (agents on views, legality checked by ``apply``).

``python -m boardlab.bench --mcts [--games G] [--iterations N] [--game NAME]``: seconds per
game of ``mcts:N`` (default 200, the class budget) against the heuristic in every other
seat, seats rotated over G games (default 4), with the decisions it searched, its
iterations and the random actions a playout played. ``--against ROOT`` (a checkout's
root, ``git worktree add /tmp/base <commit>``) plays the same games there too, each
checkout in a process of its own, game by game in alternation, and prints the ratio:
a change's before and after on a machine whose speed drifts.
``--mcts --per-iteration [--rounds R] [--iterations N]``: what one ``ISMCTSAgent``
iteration costs against one random playout to the end from the same
states (the tree's bookkeeping on top of the playouts it runs), medians of alternating
rounds.

``python -m boardlab.bench --sweep [--jobs J] [--games N] [--rounds R] [--seconds S]``: games
per second of ``boardlab.sim.sweep`` with J local processes against one (alternating rounds of
about S seconds of one process's work unless N is given), and the pool's fixed cost.

``python -m boardlab.bench --render [--rounds R] [--dpi D] [--against ROOT] [--game NAME]``:
milliseconds to draw one board as the widgets do (``to_png`` at 160 dpi), split into
building the figure, Agg's drawing and the PNG, the median over R positions of a game;
``--against`` a checkout's root (``git worktree add /tmp/base <commit>``) draws the same
boards in alternation, for before/after ratios on a machine whose speed drifts.

``python -m boardlab.bench --ui [--games a,b] [--repeats N] [--pause S] [--against ROOT]``:
how fast the widgets answer in a real browser (``boardlab.bench_ui``: JupyterLab and
Chromium at 1366x768): a viewer's step, a move and the heuristic bots' reply, per game.
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
    """What one ``ISMCTSAgent`` iteration with a playout to the end (``playout_cap=None``)
    costs, from the same start states as the rest:
    one random playout (a clone played to the end), one ``sample_state`` and one
    ``clone``; each the median of ``rounds`` alternating rounds, with the medians of
    the per-round ratios. An iteration is a sample (in place of the playout's clone),
    the tree's bookkeeping and a playout: ``tree`` is what is left of it for the
    bookkeeping, as a fraction of the playout."""
    players = BENCH_PLAYERS.get(name)
    game = boardlab.load(name, players=players) if players else boardlab.load(name)
    starts = _start_states(game, states)
    agent = ISMCTSAgent(iterations=iterations, playout_cap=None)  # to the end, as the playout
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


def mcts_game_time(name: str, iterations: int = 200, games: int = 4, seed: int = 0) -> dict:
    """Seconds per game of ``mcts:<iterations>`` against the game's heuristic in every other
    seat (``BENCH_PLAYERS``), game ``i`` from seed ``i // players`` with the search bot in
    seat ``i % players``: what a class waits for a game. Also what the search did: the
    decisions it searched (more than one legal action), its iterations, and the random
    actions its playouts played per iteration (the cost the playout cap bounds)."""
    from boardlab.sim.lineup import resolve_agents

    players = BENCH_PLAYERS.get(name)
    game = boardlab.load(name, players=players) if players else boardlab.load(name)
    n = game.num_players
    searched = played = steps = actions = 0
    elapsed = 0.0
    for i in range(games):
        seat = i % n
        specs = ["heuristic"] * n
        specs[seat] = f"mcts:{iterations}"
        agents, _ = resolve_agents(game, specs)
        search = agents[seat]
        act = search.act

        def counted(view, act=act, search=search):
            nonlocal searched, played, steps
            action = act(view)
            searched += search.last_iterations > 0
            played += search.last_iterations
            steps += getattr(search, "last_playout_steps", 0)
            return action

        search.act = counted
        start = time.perf_counter()
        state = play(game, agents, seed=i // n)
        elapsed += time.perf_counter() - start
        actions += len(state.history)
    return {
        "game": name,
        "players": n,
        "games": games,
        "s_per_game": elapsed / games,
        "actions_per_game": actions / games,
        "searched_per_game": searched / games,
        "iterations_per_game": played / games,
        "playout_steps": steps / played if played else 0.0,
    }


def main_mcts_games(names: list[str], iterations: int, games: int) -> None:
    print(
        f"{'game':<14}{'players':>8}{'games':>6}{'s/game':>8}{'actions':>9}{'searched':>10}"
        f"{'iterations':>12}{'playout steps':>15}   (mcts:{iterations} vs heuristic)"
    )
    for name in names:
        r = mcts_game_time(name, iterations, games)
        print(
            f"{r['game']:<14}{r['players']:>8}{r['games']:>6}{r['s_per_game']:>8.2f}"
            f"{r['actions_per_game']:>9.0f}{r['searched_per_game']:>10.0f}"
            f"{r['iterations_per_game']:>12.0f}{r['playout_steps']:>15.1f}"
        )


#: One side of ``--mcts --against``: a process playing games of ``mcts:N`` against the
#: heuristic with the ``boardlab`` on its path (this checkout or another), so it uses only
#: what every version since the lab has: ``load``, ``sim.play`` and ``resolve_agents``.
#: Per request, game ``index``: seed ``index // players``, the search bot in seat
#: ``index % players`` (as ``mcts_game_time``), in wall and CPU seconds.
MCTS_WORKER = r"""
import json, sys, time
import boardlab
from boardlab.sim import play
from boardlab.sim.lineup import resolve_agents

for line in sys.stdin:
    ask = json.loads(line)
    name, players = ask["game"], ask["players"]
    game = boardlab.load(name, players=players) if players else boardlab.load(name)
    n, i = game.num_players, ask["index"]
    specs = ["heuristic"] * n
    specs[i % n] = "mcts:%d" % ask["iterations"]
    agents, _ = resolve_agents(game, specs)
    wall, cpu = time.perf_counter(), time.process_time()
    state = play(game, agents, seed=i // n)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    print(json.dumps({"wall": wall, "cpu": cpu, "actions": len(state.history)}))
    sys.stdout.flush()
"""


def mcts_against(name: str, sides: list, iterations: int = 200, games: int = 4) -> dict:
    """Seconds per game of ``mcts:<iterations>`` against the heuristic on each side (this
    checkout first), the same games on both, the sides alternating game by game (ABBA),
    so a machine whose speed drifts slows both alike. ``ratio``: each side's total over
    the first side's, in wall and in CPU seconds."""
    ask = {"game": name, "players": BENCH_PLAYERS.get(name), "iterations": iterations}
    runs: list[list[dict]] = [[] for _ in sides]
    for i in range(games):
        order = list(range(len(sides)))
        for k in order if i % 2 == 0 else order[::-1]:
            runs[k].append(sides[k].ask(**ask, index=i))
    total = [{key: sum(r[key] for r in side) for key in ("wall", "cpu")} for side in runs]
    return {
        "game": name,
        "games": games,
        "sides": [
            {
                "s_per_game": t["wall"] / games,
                "cpu_per_game": t["cpu"] / games,
                "actions_per_game": sum(r["actions"] for r in side) / games,
                "ratio_wall": t["wall"] / total[0]["wall"],
                "ratio_cpu": t["cpu"] / total[0]["cpu"],
            }
            for t, side in zip(total, runs, strict=True)
        ],
    }


def main_mcts_against(names: list[str], iterations: int, games: int, against: str) -> None:
    import pathlib

    here = str(pathlib.Path(__file__).resolve().parent.parent)
    sides = [Worker(root, MCTS_WORKER) for root in (here, str(pathlib.Path(against).resolve()))]
    try:
        print(
            f"mcts:{iterations} against the heuristic, {games} games a side, seats rotated, "
            "the sides alternating game by game"
        )
        print(
            f"{'game':<14}{'side':<6}{'s/game':>8}{'cpu s':>8}{'actions':>9}"
            f"{'wall/this':>11}{'cpu/this':>10}"
        )
        for name in names:
            r = mcts_against(name, sides, iterations, games)
            for k, side in enumerate(r["sides"]):
                print(
                    f"{r['game'] if k == 0 else '':<14}{'this' if k == 0 else 'base':<6}"
                    f"{side['s_per_game']:>8.2f}{side['cpu_per_game']:>8.2f}"
                    f"{side['actions_per_game']:>9.0f}{side['ratio_wall']:>11.2f}"
                    f"{side['ratio_cpu']:>10.2f}"
                )
    finally:
        for side in sides:
            side.close()


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


#: One side of ``--render``: a process drawing boards with the ``boardlab`` on its path
#: (this checkout or ``--against``'s), so it uses only what every version has: ``load``,
#: ``renderer().draw`` and ``render.board_png`` (what every ``to_png`` is). Per request,
#: one board: the figure built (``draw``, timed as ``board_png`` calls it), Agg's drawing
#: (``Figure.draw``, every call) and the rest (the PNG, freeing the figure), in wall and
#: CPU seconds.
RENDER_WORKER = r"""
import json, random, sys, time
import boardlab
from boardlab.render import board_png

games = {}

def states(name, players, seed, start, count):
    game = boardlab.load(name, players=players) if players else boardlab.load(name)
    state, rng, out = game.new_game(seed), random.Random(seed), []
    while state.current_player is not None and len(out) < count:
        if len(state.history) >= start:
            out.append(state.clone())
        state.apply(rng.choice(state.legal_actions()))
    return game.renderer(), out or [state]

def clocks():
    return time.perf_counter(), time.process_time()

def since(start):
    return tuple(b - a for a, b in zip(start, clocks()))

for line in sys.stdin:
    ask = json.loads(line)
    key = (ask["game"], ask["players"], ask["seed"], ask["start"], ask["count"])
    if key not in games:
        games[key] = states(*key)
    render, shown = games[key]
    built, drawn = [], []

    def build(state, viewer=None, reveal=False):
        start = clocks()
        fig = render.draw(state, viewer=viewer, reveal=reveal)
        built.append(since(start))
        own_draw = fig.draw
        def timed(renderer):
            start = clocks()
            own_draw(renderer)
            drawn.append(since(start))
        fig.draw = timed
        return fig

    start = clocks()
    png = board_png(build, shown[ask["round"] % len(shown)], 0, dpi=ask["dpi"])
    total = since(start)
    figure, draw = (tuple(map(sum, zip(*spent))) or (0.0, 0.0) for spent in (built, drawn))
    rest = [t - f - d for t, f, d in zip(total, figure, draw)]
    print(json.dumps({"figure": figure, "draw": draw, "encode": rest, "bytes": len(png)}))
    sys.stdout.flush()
"""


class Worker:
    """A worker process running ``script`` (``RENDER_WORKER``, ``MCTS_WORKER``) with the
    ``boardlab`` under ``root``: one JSON request a line in, one JSON answer a line out."""

    def __init__(self, root: str, script: str) -> None:
        import os
        import subprocess
        import sys

        env = {**os.environ, "PYTHONPATH": root, "MPLBACKEND": "Agg"}
        self.root = root
        self.process = subprocess.Popen(
            [sys.executable, "-c", script],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            cwd=root,
            env=env,
        )

    def ask(self, **ask) -> dict:
        import json

        self.process.stdin.write(json.dumps(ask) + "\n")
        self.process.stdin.flush()
        line = self.process.stdout.readline()
        if not line:
            raise RuntimeError(f"the bench's worker for {self.root} stopped (see its error above)")
        return json.loads(line)

    def close(self) -> None:
        self.process.stdin.close()
        self.process.wait()


#: Where ``--render``'s boards are: random games (seed 1) from this many actions in, each
#: round the next position, as a viewer stepping through a game draws them.
RENDER_START = 40


def render_cost(
    name: str, sides: list[Worker], rounds: int = 20, dpi: float = 160, seed: int = 1
) -> dict:
    """Milliseconds to draw one board of ``name`` as the widgets do (``to_png`` at ``dpi``,
    player 0's view) on each side: medians over ``rounds`` positions, one board each,
    the sides alternating (ABBA), after one board each to warm up (its time is ``first``).
    ``ratio``: the median of the per-round totals of each side over the first side's."""
    ask = {
        "game": name,
        "players": BENCH_PLAYERS.get(name),
        "seed": seed,
        "start": RENDER_START,
        "count": rounds,
        "dpi": dpi,
    }
    firsts = [side.ask(**ask, round=0) for side in sides]
    laps: list[list[dict]] = [[] for _ in sides]
    for r in range(rounds):
        order = list(range(len(sides)))
        for i in order if r % 2 == 0 else order[::-1]:
            laps[i].append(sides[i].ask(**ask, round=r))
    median = statistics.median
    out = []
    for i, runs in enumerate(laps):
        total = [sum(run[part][0] for part in ("figure", "draw", "encode")) for run in runs]
        base = [sum(run[part][0] for part in ("figure", "draw", "encode")) for run in laps[0]]
        out.append(
            {
                **{
                    f"{part}_ms": 1e3 * median(run[part][0] for run in runs)
                    for part in ("figure", "draw", "encode")
                },
                "total_ms": 1e3 * median(total),
                "cpu_ms": 1e3
                * median(sum(run[p][1] for p in ("figure", "draw", "encode")) for run in runs),
                "first_ms": 1e3 * sum(firsts[i][p][0] for p in ("figure", "draw", "encode")),
                "kB": median(run["bytes"] for run in runs) / 1e3,
                "ratio": median(t / b for t, b in zip(total, base, strict=True)),
            }
        )
    return {"game": name, "players": ask["players"], "sides": out}


def main_render(names: list[str], rounds: int, dpi: float, against: str | None) -> None:
    import pathlib

    here = str(pathlib.Path(__file__).resolve().parent.parent)
    roots = [here] + ([str(pathlib.Path(against).resolve())] if against else [])
    sides = [Worker(root, RENDER_WORKER) for root in roots]
    try:
        print(f"to_png at {dpi:g} dpi, player 0's view, wall ms (median of {rounds} positions)")
        head = f"{'figure':>8}{'draw':>7}{'encode':>8}{'total':>7}{'cpu':>6}{'first':>7}{'kB':>6}"
        print(f"{'game':<14}{'side':<6}{head}{'/this':>8}")
        for name in names:
            r = render_cost(name, sides, rounds, dpi)
            for k, side in enumerate(r["sides"]):
                label = "this" if k == 0 else "base"
                print(
                    f"{r['game'] if k == 0 else '':<14}{label:<6}{side['figure_ms']:>8.0f}"
                    f"{side['draw_ms']:>7.0f}{side['encode_ms']:>8.0f}{side['total_ms']:>7.0f}"
                    f"{side['cpu_ms']:>6.0f}{side['first_ms']:>7.0f}{side['kB']:>6.0f}"
                    f"{side['ratio']:>8.2f}"
                )
    finally:
        for side in sides:
            side.close()


def games_count(parser: argparse.ArgumentParser, games: str | None) -> int | None:
    """``--games`` of --sweep and --mcts: a whole number of games, at least 1."""
    if games is None:
        return None
    try:
        count = int(games)
    except ValueError:
        count = 0
    if count < 1:
        parser.error(f"--games: a number of games (1 or more) here, not {games!r}")
    return count


def ui_games(parser: argparse.ArgumentParser, games: str | None, more: list[str] | None) -> list:
    """``--ui``'s games: ``--games a,b`` and ``--game`` (repeatable), each a game's name
    (``template`` too); every game when neither is given."""
    names = [n.strip() for n in (games or "").split(",") if n.strip()] + list(more or [])
    known = [*boardlab.game_names(), "template", "board_template"]
    for name in names:
        if name not in known:
            parser.error(f"--games: no game {name!r} (one of {', '.join(known)})")
    return list(dict.fromkeys(names)) or boardlab.game_names()


def main_ui(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    if args.repeats < 1:
        parser.error(f"--repeats: at least 1 click per game and kind, not {args.repeats}")
    from boardlab import bench_ui

    if args.pause < 0:
        parser.error(f"--pause: seconds, 0 or more, not {args.pause:g}")
    names = ui_games(parser, args.games, args.game)
    return bench_ui.main(names, args.repeats, args.against, BENCH_PLAYERS, args.pause)


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
    parser.add_argument(
        "--iterations",
        type=int,
        default=None,
        help="--mcts: a decision's iterations (default 200; 50 with --per-iteration)",
    )
    parser.add_argument(
        "--per-iteration",
        action="store_true",
        help="--mcts: an iteration's cost against a random playout, not a game's time",
    )
    parser.add_argument(
        "--sweep", action="store_true", help="sweep throughput, --jobs processes against 1"
    )
    parser.add_argument("--jobs", type=int, default=2, help="--sweep: local processes")
    parser.add_argument(
        "--games",
        default=None,
        help="--sweep: games per round (default: --seconds of work); --mcts: games (4); "
        "--ui: the games, by name, comma-separated (default: every game)",
    )
    parser.add_argument(
        "--render", action="store_true", help="ms to draw one board per game (to_png)"
    )
    parser.add_argument("--dpi", type=float, default=160, help="--render: the widgets' 160")
    parser.add_argument(
        "--against",
        help="--render, --ui, --mcts: also a checkout's root (git worktree), alternating",
    )
    parser.add_argument(
        "--ui", action="store_true", help="answers in a real browser (boardlab.bench_ui)"
    )
    parser.add_argument(
        "--repeats", type=int, default=20, help="--ui: clicks per game and kind (20)"
    )
    parser.add_argument(
        "--pause", type=float, default=0.5, help="--ui: seconds between answer and next click"
    )
    args = parser.parse_args(argv)
    if args.ui:
        return main_ui(parser, args)
    args.games = games_count(parser, args.games)
    if args.render:
        return main_render(args.game or boardlab.game_names(), args.rounds, args.dpi, args.against)
    if args.sweep:
        return main_sweep(
            args.game or boardlab.game_names(), args.games, args.rounds, args.jobs, args.seconds
        )
    if args.mcts:
        names = args.game or [n for n in boardlab.game_names() if n in BENCH_PLAYERS]
        if args.per_iteration:
            return main_mcts(names, args.rounds, args.iterations or 50)
        if args.against:
            return main_mcts_against(names, args.iterations or 200, args.games or 4, args.against)
        return main_mcts_games(names, args.iterations or 200, args.games or 4)
    print(f"{'game':<14}{'players':>8}{'games/s':>10}{'steps/s':>11}{'steps/game':>12}")
    for name in args.game or boardlab.game_names():
        r = bench(name, args.seconds)
        print(
            f"{r['game']:<14}{r['players']:>8}{r['games_per_s']:>10.0f}"
            f"{r['steps_per_s']:>11.0f}{r['steps_per_game']:>12.1f}"
        )


if __name__ == "__main__":
    main()
