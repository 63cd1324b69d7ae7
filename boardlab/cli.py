"""The command line: numbers without a notebook.

``boardlab simulate GAME --games N --agents heuristic,random --set key=value
--sweep key=v1,v2 --jobs J [--dask ADDRESS] --out results.csv`` plays a sweep
and prints its design metrics (``boardlab.sim.metrics.lab_table``);
``boardlab bench`` and ``boardlab figures`` are ``python -m boardlab.bench`` and
``python -m boardlab.figures``. Mistakes (an unknown game, parameter, value or
agent) get one line on stderr naming what is allowed, and exit status 2.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import Any

import boardlab
from boardlab.core import InvalidParameter
from boardlab.core.registry import game_class
from boardlab.sim.sweep import parse_value


class UsageError(Exception):
    """A mistake on the command line: one line for stderr, exit status 2."""


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
        fixed[name] = _checked(_spec(cls, name), value)
    grid = {}
    for text in args.sweep or []:
        name, values = _assignment(text, "--sweep")
        spec = _spec(cls, name)
        many = spec.kind in ("ints", "per_player")
        items = values.split(";") if many else values.split(",")
        grid[name] = [_checked(spec, item.strip()) for item in items]
    return cls, fixed, grid


def simulate(args) -> int:
    from boardlab.sim import metrics, save_results, sweep

    cls, fixed, grid = build(args)
    game = cls.load(**fixed)
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
    print(f"{cls.title}: {args.games} games per point, agents {args.agents}, seed {args.seed}")
    print(metrics.readable(table).T.to_string())
    if args.out:
        path = save_results(frame, args.out)
        print(f"wrote {path}")
    return 0


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(prog="boardlab", description=__doc__.splitlines()[0])
    commands = top.add_subparsers(dest="command", required=True)
    sim = commands.add_parser("simulate", help="play a sweep and print its design metrics")
    sim.add_argument("game", help="a game's name: " + ", ".join(boardlab.game_names()))
    sim.add_argument("--games", type=int, default=200, help="games per grid point")
    sim.add_argument("--agents", default="random", help="specs, e.g. heuristic,random")
    sim.add_argument("--set", action="append", metavar="KEY=VALUE", help="a fixed parameter")
    sim.add_argument("--sweep", action="append", metavar="KEY=V1,V2", help="values to try")
    sim.add_argument("--jobs", type=int, default=1, help="local processes (-1 = every core)")
    sim.add_argument("--dask", metavar="ADDRESS", help="a dask.distributed scheduler")
    sim.add_argument("--seed", type=int, default=0)
    sim.add_argument("--rotate", action="store_true", help="turn the lineup a seat per game")
    sim.add_argument("--out", help="save the games (.csv or .parquet) and a .json beside")
    sim.add_argument("--quiet", action="store_true", help="no progress bar")
    commands.add_parser("bench", help="python -m boardlab.bench", add_help=False)
    commands.add_parser("figures", help="python -m boardlab.figures", add_help=False)
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
    args = parser().parse_args(argv)
    try:
        return simulate(args)
    except (UsageError, InvalidParameter, ValueError) as error:
        print(f"boardlab: {error}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
