"""The command line: numbers without a notebook.

``boardlab simulate GAME --games N --agents heuristic,random --set key=value
--sweep key=v1,v2 --jobs J [--dask ADDRESS] [--rotate/--no-rotate] --out results.csv``
plays a sweep and prints its design metrics (``boardlab.sim.metrics.lab_table``; seats
rotated by default when the agents differ by seat, as ``sweep`` does);
``boardlab bench`` and ``boardlab figures`` are ``python -m boardlab.bench`` and
``python -m boardlab.figures``; ``boardlab ladder GAME`` prints the skill ladder
(``boardlab.sim.ladder``). Mistakes (an unknown game, parameter, value or
agent, a parameter given twice, an ``--out`` that cannot be written, a ``--dask``
scheduler that does not answer) get one line on stderr naming what is allowed, and
exit status 2 — all found before the first game is played, so an hour's sweep is not
lost to a typo in the file name.
"""

from __future__ import annotations

import argparse
import socket
import sys
import warnings
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import boardlab
from boardlab.core import InvalidParameter
from boardlab.core.registry import game_class
from boardlab.sim.lineup import seat_edge_note
from boardlab.sim.results import check_results_path
from boardlab.sim.sweep import SimulationError, parse_value

#: Seconds to wait for a ``--dask`` scheduler to answer before refusing it.
DASK_TIMEOUT = 5.0


class UsageError(Exception):
    """A mistake on the command line: one line for stderr, exit status 2."""


class _Parser(argparse.ArgumentParser):
    """argparse, but a mistake is a ``UsageError`` (one line) rather than usage text."""

    def error(self, message: str):
        raise UsageError(f"{message} (see: {self.prog} --help)")


def _games(text: str) -> int:
    """``--games``: a whole number of games, at least 1."""
    try:
        games = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number of games") from None
    if games < 1:
        raise argparse.ArgumentTypeError(f"{games}: at least 1 game per point")
    return games


def _jobs(text: str) -> int:
    """``--jobs``: a number of processes, -1 for every core (0 means nothing)."""
    try:
        jobs = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of processes") from None
    if jobs == 0:
        raise argparse.ArgumentTypeError("0 processes play nothing: 1 or more, -1 = every core")
    return jobs


def _assignment(text: str, flag: str) -> tuple[str, str]:
    name, sep, value = text.partition("=")
    if not sep or not name:
        raise UsageError(f"{flag} {text!r}: write {flag} name=value")
    return name.strip(), value.strip()


def _spec(cls, name: str):
    specs = {spec.name: spec for spec in cls.specs}
    if name not in specs:
        raise UsageError(f"{cls.name} has no parameter {name!r}: one of {', '.join(specs)}")
    return specs[name]


def _checked(spec, text: str) -> Any:
    return spec.check(parse_value(spec, text))


def build(args) -> tuple[Any, dict, dict]:
    """The game's class, the fixed parameters (``--set``) and the grid (``--sweep``),
    every value checked against the game's parameter specs."""
    if args.game not in boardlab.game_names():
        raise UsageError(f"unknown game {args.game!r}: one of {', '.join(boardlab.game_names())}")
    cls = game_class(args.game)
    fixed = {}
    for text in args.set or []:
        name, value = _assignment(text, "--set")
        if name in fixed:
            raise UsageError(f"--set {name} is given twice: give each parameter once")
        fixed[name] = _checked(_spec(cls, name), value)
    grid = {}
    for text in args.sweep or []:
        name, values = _assignment(text, "--sweep")
        if name in grid:
            raise UsageError(
                f"--sweep {name} is given twice: list every value in one --sweep {name}=v1,v2"
            )
        if name in fixed:
            raise UsageError(f"{name} is both fixed (--set) and swept (--sweep): give it once")
        spec = _spec(cls, name)
        many = spec.kind in ("ints", "per_player")
        items = values.split(";") if many else values.split(",")
        grid[name] = [_checked(spec, item.strip()) for item in items]
    return cls, fixed, grid


def check_out(text: str) -> Path:
    """The ``--out`` path, refused now if the results could not be saved there."""
    try:
        return check_results_path(text)
    except (ValueError, ImportError) as error:
        raise UsageError(f"--out: {error}") from None


def check_dask(address: str) -> str:
    """The ``--dask`` address, refused now unless something answers there: a scheduler
    that cannot be reached would otherwise fail only once the games are handed out."""
    try:
        from distributed.comm.addressing import parse_address, parse_host_port
    except ImportError:
        raise UsageError("--dask needs dask.distributed: pip install 'boardlab[dask]'") from None
    try:
        scheme, location = parse_address(address)
        host, port = parse_host_port(location)
    except (ValueError, TypeError) as error:
        raise UsageError(
            f"--dask {address!r} is not a scheduler address like tcp://host:8786 ({error})"
        ) from None
    if scheme not in ("tcp", "tls", "ws", "wss") or not 0 < port < 65536:
        raise UsageError(f"--dask {address!r} is not a scheduler address like tcp://host:8786")
    try:
        socket.create_connection((host, port), timeout=DASK_TIMEOUT).close()
    except OSError as error:
        reason = error.strerror or str(error) or type(error).__name__
        raise UsageError(
            f"--dask {address}: no scheduler answers there ({reason}); "
            "start one (dask scheduler) or check the address"
        ) from None
    return address


def simulate(args) -> int:
    from boardlab.sim import metrics, save_results, sweep

    cls, fixed, grid = build(args)
    game = cls.load(**fixed)
    if args.out is not None:  # an empty --out '' is a mistake too, not "no file"
        check_out(args.out)
    if args.dask is not None:
        check_dask(args.dask)
    with warnings.catch_warnings():  # the table's warning is printed below, once
        warnings.simplefilter("ignore", metrics.CutShortWarning)
        frame = sweep(
            game,
            grid or None,
            args.agents,
            args.games,
            args.seed,
            args.jobs,
            "dask" if args.dask else "local",
            scheduler=args.dask,
            progress=not args.quiet,
            rotate_seats=args.rotate,
        )
    names = list(grid) or None
    table = metrics.lab_table(frame, by=names[0] if names and len(names) == 1 else names)
    rotated = ", seats rotated" if frame.attrs["sweep"]["rotate_seats"] else ""
    print(
        f"{cls.title}: {args.games} games per point, agents {args.agents}{rotated}, "
        f"seed {args.seed}"
    )
    print(metrics.readable(table).T.to_string())
    if table.attrs.get("warning"):  # games cut short by a cap: one line on stderr
        print(f"boardlab: warning: {_one_line(table.attrs['warning'])}", file=sys.stderr)
    note = seat_edge_note(frame)
    if note is not None:
        print(f"boardlab: {note}", file=sys.stderr)
    if args.out is not None:
        try:
            path = save_results(frame, args.out)
        except (OSError, ValueError, ImportError) as error:
            print(f"boardlab: could not save the results: {_one_line(error)}", file=sys.stderr)
            return 1
        print(f"wrote {path}")
    return 0


def parser() -> argparse.ArgumentParser:
    top = _Parser(prog="boardlab", description=__doc__.splitlines()[0])
    commands = top.add_subparsers(dest="command", required=True)
    sim = commands.add_parser("simulate", help="play a sweep and print its design metrics")
    sim.add_argument("game", help="a game's name: " + ", ".join(boardlab.game_names()))
    sim.add_argument("--games", type=_games, default=200, help="games per grid point")
    sim.add_argument("--agents", default="random", help="specs, e.g. heuristic,random")
    sim.add_argument("--set", action="append", metavar="KEY=VALUE", help="a fixed parameter")
    sim.add_argument("--sweep", action="append", metavar="KEY=V1,V2", help="values to try")
    sim.add_argument("--jobs", type=_jobs, default=1, help="local processes (-1 = every core)")
    sim.add_argument("--dask", metavar="ADDRESS", help="a dask.distributed scheduler")
    sim.add_argument("--seed", type=int, default=0)
    sim.add_argument(
        "--rotate",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="turn the lineup a seat per game (default: when the lineup differs by seat)",
    )
    sim.add_argument("--out", help="save the games (.csv or .parquet) and a .json beside")
    sim.add_argument("--quiet", action="store_true", help="no progress bar")
    commands.add_parser("bench", help="python -m boardlab.bench", add_help=False)
    commands.add_parser("figures", help="python -m boardlab.figures", add_help=False)
    commands.add_parser("ladder", help="the skill ladder: each bot against the one below")
    return top


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["bench"]:
        from boardlab import bench

        bench.main(argv[1:])
        return 0
    if argv[:1] == ["figures"]:
        from boardlab import figures

        figures.main(argv[1:])
        return 0
    if argv[:1] == ["ladder"]:  # boardlab.sim.ladder.main: its own options
        from boardlab.sim.ladder import main as ladder_main

        return ladder_main(argv[1:])
    try:
        return simulate(parser().parse_args(argv))
    except (UsageError, InvalidParameter, ValueError) as error:
        print(f"boardlab: {_one_line(error)}", file=sys.stderr)
        return 2
    except SimulationError as error:  # a bot's failure, with the seed that replays it
        print(f"boardlab: {_one_line(error)}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("boardlab: interrupted", file=sys.stderr)
        return 130


def _one_line(error: BaseException) -> str:
    return " ".join(str(error).split()) or type(error).__name__


if __name__ == "__main__":
    sys.exit(main())
