"""Regenerate every figure and results file in ``figures/``: ``python -m boardlab.figures``.

``[--out DIR] [--only GAME] [--lab] [NAME ...]``: figures (PNG) and results files (CSV)
are made by the package from seeded games, never by hand, so the README and notebooks
show what the code does today. A results file holds a what-if too long for a notebook
cell (thousands of games): the numbers with the parameters, the seed, the number of
games and the package version beside them; the notebook reads it (``read_results``).
``--only kombo_afrika`` makes that game's outputs alone; ``NAME ...`` those files alone
(``kilimanjaro_board.png``). Every game has its printable reference card,
``<game>_reference.png`` (``boardlab.render.reference``).

``--lab`` (``make lab-files``) is how a new game joins the game-design lab: it writes
``figures/<game>_lab.csv`` for every game that lacks one, then re-runs
``notebooks/game_design_lab.ipynb`` (``tools/refresh_notebooks.py``), whose saved
outputs list every game. Review and commit both.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pandas as pd

import boardlab
from boardlab.render import fig_to_png
from boardlab.sim import RandomAgent, compare, metrics, play

#: The seed of every pictured game.
SEED = 9
#: Where the figures and results files live (in a source checkout).
FOLDER = Path(__file__).resolve().parent.parent / "figures"


def kilimanjaro_midgame():
    """A three-player Kilimanjaro game stopped halfway, counters placed."""
    from boardlab.games.kilimanjaro.bots import GreedyClimber

    game = boardlab.load("kilimanjaro")
    final = play(game, [GreedyClimber(), RandomAgent(), RandomAgent()], seed=SEED)
    states = boardlab.replay(final.record())
    return states[len(states) * 2 // 3]


def kilimanjaro_board():
    state = kilimanjaro_midgame()
    return state.game.renderer().draw(state, reveal=True)


def kilimanjaro_track_graph():
    state = kilimanjaro_midgame()
    return state.game.renderer().draw_graph(state)


def kilimanjaro_catch_up():
    """Lead changes and winning margin with and without the catch-up rule."""
    from boardlab.games.kilimanjaro.bots import GreedyClimber
    from boardlab.render.metrics import plot_variants

    variants = {
        "printed rules": {},
        "no playing on others": {"play_on_others": "never"},
        "play on anyone": {"play_on_others": "anyone"},
        "send-back variant": {"change_position": "send_back"},
    }
    frame = compare(
        "kilimanjaro",
        variants,
        agents=lambda game: [GreedyClimber() for _ in range(game.num_players)],
        games=400,
        seed=0,
    )
    return plot_variants(
        frame,
        [metrics.SOLE_LEADER_CHANGES, metrics.MARGIN],
        labels=["lead changes per game", "winning margin (spaces)"],
        title="Kilimanjaro, 3 GreedyClimber bots",
    )


def _reference(name: str) -> Callable:
    """The reference card of the game ``name`` (``boardlab.render.reference``)."""

    def make():
        from boardlab.render.reference import reference_card

        return reference_card(name)

    return make


#: The end of every game's reference card, ``<game>_reference.png``.
REFERENCE_SUFFIX = "_reference.png"

FIGURES: dict[str, Callable] = {
    "kilimanjaro_board.png": kilimanjaro_board,
    "kilimanjaro_track_graph.png": kilimanjaro_track_graph,
    "kilimanjaro_catch_up.png": kilimanjaro_catch_up,
    **{f"{name}{REFERENCE_SUFFIX}": _reference(name) for name in boardlab.game_names()},
}


#: Kombo Afrika's Game Tips studies: the seed, and games per row (each seat half).
KOMBO_SEED = 0
KOMBO_TARGETS = (50, 77, 100)
KOMBO_TARGET_GAMES = 2000
KOMBO_HANDICAPS = (0, 10, 15, 20, 30, 40, 50)
KOMBO_HANDICAP_GAMES = 1200


def kombo_afrika_target() -> pd.DataFrame:
    """Game Tips, the target: the random player's wins against ComboHunter and the game
    length at 50, 77 and 100 points (95% intervals no wider than ±3 points)."""
    from boardlab.games.kombo_afrika.analysis import results, target_study

    study = target_study(KOMBO_TARGETS, games=KOMBO_TARGET_GAMES, seed=KOMBO_SEED)
    return results(study, "target", {}, KOMBO_SEED)


def kombo_afrika_handicap() -> pd.DataFrame:
    """Game Tips, Uneven game: the random player's wins with a head start (start_points)."""
    from boardlab.games.kombo_afrika.analysis import handicap_study, results

    study = handicap_study(KOMBO_HANDICAPS, games=KOMBO_HANDICAP_GAMES, seed=KOMBO_SEED)
    return results(study, "handicap", {"target": 77}, KOMBO_SEED)


#: Tembo's difficulty curve (issue 14): planning-bot teams of two over elephants per player,
#: crossed with the designer's three dials set easy, as printed, or hard.
TEMBO_SEED = 0
TEMBO_GAMES = 60
TEMBO_ELEPHANTS = (10, 15, 20, 25, 30)
TEMBO_DIALS = {
    "easy": {"starting_energy": 15, "support_tokens": 8, "lion_cards": 4},
    "default": {"starting_energy": 10, "support_tokens": 4, "lion_cards": 10},
    "hard": {"starting_energy": 7, "support_tokens": 2, "lion_cards": 14},
}
#: How a Tembo game ends (the engine's outcome reasons), by short column names.
TEMBO_ENDINGS = {
    "the herd reached the Destination": "won",
    "a card had to be drawn from an empty deck": "lost: deck ran out",
    "the energy token reached zero": "lost: energy",
    "both lions are in the Matriarch's area": "lost: lions",
}


def tembo_difficulty() -> pd.DataFrame:
    """Tembo's difficulty curve: a team of two ``Planner`` bots (``"heuristic"``) at every
    elephants-per-player count and dial setting, ``TEMBO_GAMES`` games each (the same deals
    at every point), with the team's win rate and its Wilson 95% interval, the landmarks
    visited, and the share of games each ending closed (a player out of elephants under
    ``lost: elephants``; a capped game under ``truncated``)."""
    from boardlab.sim import sweep

    grid = [
        {"players": 2, "elephants": elephants, **dials}
        for dials in TEMBO_DIALS.values()
        for elephants in TEMBO_ELEPHANTS
    ]
    frame = sweep("tembo", grid, ["heuristic"], TEMBO_GAMES, TEMBO_SEED, progress=False)
    settings = [name for name in TEMBO_DIALS for _ in TEMBO_ELEPHANTS]
    rows = []
    for point, games in frame.groupby("point", sort=True):
        won = int((games["team"] == "won").sum())
        low, high = metrics.wilson(won, len(games))
        endings = games["reason"].map(
            lambda reason: TEMBO_ENDINGS.get(
                reason, "truncated" if reason == "turn cap" else "lost: elephants"
            )
        )
        row = {"setting": settings[point], **grid[point], "games": len(games), "wins": won}
        row |= {"win_rate": won / len(games), "win_rate_low": low, "win_rate_high": high}
        row["landmarks"] = games["score_0"].mean()
        for ending in [*TEMBO_ENDINGS.values(), "lost: elephants", "truncated"]:
            row[ending] = (endings == ending).mean()
        rows.append(row)
    out = pd.DataFrame(rows)
    out.insert(0, "agents", "Planner team of 2")
    out.insert(0, "study", "difficulty")
    out["params"] = "{}"
    out["seed"] = TEMBO_SEED
    out["version"] = boardlab.__version__
    return out


#: The game-design lab's study of every game: the seed, and games per lineup.
LAB_SEED = 0
LAB_GAMES = 400
#: The lab's lineups: random players, and the game's heuristic bot against random players,
#: taking every seat in turn (skill vs luck).
LAB_LINEUPS = {"random": ["random"], "heuristic vs random": ["heuristic", "random"]}
#: The first games of each lineup that ``make test`` plays again (tests/test_figures.py):
#: at least this many, a whole number of seat rotations. Their digest (``check digest``)
#: is saved beside the metrics; ``make test-full`` remakes the whole file and compares it.
LAB_CHECK_GAMES = 20


def lab_check_games(players: int) -> int:
    """The lab's check games for a table of ``players``: ``LAB_CHECK_GAMES`` rounded up to
    whole rotations, so that they are the very first games of the full study."""
    return -(-LAB_CHECK_GAMES // players) * players


def games_digest(frame: pd.DataFrame) -> str:
    """A short digest of a sweep's games, row by row (seeds, seats, winners, scores, lengths
    and the metrics of each game): the same games give the same digest."""
    text = frame.reset_index(drop=True).to_csv(index=False, float_format="%.9g")
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def lab_sweep(name: str, agents: list[str], games: int):
    """One lineup's games of the lab study of ``name`` (the seed and seat rotation of the
    study): the whole study, or its first ``games`` (the check games)."""
    from boardlab.sim import sweep

    return sweep(name, None, agents, games, LAB_SEED, progress=False,
                 rotate_seats=len(agents) > 1)  # fmt: skip


def lab_results(name: str) -> pd.DataFrame:
    """The game-design lab's metrics of ``name`` (``metrics.lab_table``), one row per lineup,
    with the game, the agents, the seed, the games and the package version beside them. A
    game without a heuristic bot yet gets the random row alone."""
    check = lab_check_games(boardlab.load(name).num_players)
    rows = []
    for label, agents in LAB_LINEUPS.items():
        try:
            frame = lab_sweep(name, agents, LAB_GAMES)
        except ValueError as error:
            if "no heuristic bot" not in str(error):
                raise
            continue
        table = metrics.lab_table(frame)
        table.insert(0, "agents", label)
        table.insert(0, "game", name)
        table["check games"] = check
        table["check digest"] = games_digest(frame.iloc[:check])
        rows.append(table)
    out = pd.concat(rows, ignore_index=True)
    out.insert(0, "study", "lab")
    out["params"] = "{}"
    out["players"] = boardlab.load(name).num_players
    out["seed"] = LAB_SEED
    out["version"] = boardlab.__version__
    return out


#: The end of every game's lab results file, ``<game>_lab.csv``.
LAB_SUFFIX = "_lab.csv"
#: The notebook that reads every game's lab results file, and the script that re-runs it.
LAB_NOTEBOOK = FOLDER.parent / "notebooks" / "game_design_lab.ipynb"
REFRESH = FOLDER.parent / "tools" / "refresh_notebooks.py"


def mcts_ladder() -> pd.DataFrame:
    """The search bot at its class budget against the heuristic in every competitive game
    (issue 29): ``boardlab.sim.ladder.strength``, read by ``tests/test_ladder.py``."""
    from boardlab.sim.ladder import strength

    return strength()


def _lab(name: str) -> Callable[[], pd.DataFrame]:
    return lambda: lab_results(name)


#: Results files (CSV): a what-if's numbers, read by the notebooks; ``<game>_lab.csv`` for
#: every registered game (notebooks/game_design_lab.ipynb).
RESULTS: dict[str, Callable[[], pd.DataFrame]] = {
    "kombo_afrika_target.csv": kombo_afrika_target,
    "kombo_afrika_handicap.csv": kombo_afrika_handicap,
    "tembo_difficulty.csv": tembo_difficulty,
    "mcts_ladder.csv": mcts_ladder,
    **{f"{name}_lab.csv": _lab(name) for name in boardlab.game_names()},
}


#: Results files whose study plays thousands of games (minutes of CPU each), by name: the
#: games a row holds, the seed and the rows. ``make test`` checks that the committed file
#: says so; ``make test-full`` (``BOARDLAB_FULL=1``) makes it again and compares it whole.
LONG_STUDIES: dict[str, tuple[int, int, int]] = {
    "kombo_afrika_target.csv": (KOMBO_TARGET_GAMES, KOMBO_SEED, len(KOMBO_TARGETS)),
    "kombo_afrika_handicap.csv": (KOMBO_HANDICAP_GAMES, KOMBO_SEED, len(KOMBO_HANDICAPS)),
    "tembo_difficulty.csv": (TEMBO_GAMES, TEMBO_SEED, len(TEMBO_ELEPHANTS) * len(TEMBO_DIALS)),
    "mcts_ladder.csv": (240, 0, 4),  # boardlab.sim.ladder.STRENGTH_GAMES, STRENGTH_SEED
}


def read_results(name: str, folder: Path = FOLDER) -> pd.DataFrame:
    """A committed results file (``figures/<name>``), as the notebook shows it: from the
    source checkout, or (in the no-install site, which has none) from ``figures/`` beside
    the notebook."""
    path = folder / name
    if not path.exists() and (Path.cwd() / "figures" / name).exists():
        path = Path.cwd() / "figures" / name
    if not path.exists():
        command = (
            "`make lab-files` (python -m boardlab.figures --lab)"
            if name.endswith(LAB_SUFFIX)
            else f"`python -m boardlab.figures {name}`"
        )
        raise FileNotFoundError(f"{path} is missing: make it with {command} in a source checkout")
    return pd.read_csv(path)


def outputs(only: str | None = None, names: list[str] | None = None) -> dict[str, Callable]:
    """Every figure and results file by name (``only``: those of one game; ``names``: those
    files)."""
    every = {**FIGURES, **RESULTS}
    if names:
        unknown = [n for n in names if n not in every]
        if unknown:
            raise SystemExit(f"no figure or results file {unknown}: one of {sorted(every)}")
        every = {n: every[n] for n in names}
    if only is None:
        return every
    mine = {name: make for name, make in every.items() if name.startswith(only + "_")}
    if not mine:
        raise SystemExit(f"no figures or results of {only!r}: names start with a game's name")
    return mine


def missing_lab_files(folder: Path = FOLDER) -> list[str]:
    """The ``<game>_lab.csv`` files of games that have none in ``folder`` yet."""
    return [n for n in RESULTS if n.endswith(LAB_SUFFIX) and not (folder / n).exists()]


def write(name: str, out: Path) -> Path:
    """Make the figure or results file ``name`` into the folder ``out``: made whole first,
    written beside it and renamed into place, so a study that fails or is stopped half-way
    leaves the file as it was (as ``sim.save_results`` does)."""
    path = out / name
    make = {**FIGURES, **RESULTS}[name]
    if name in RESULTS:
        data = make().to_csv(index=False, float_format="%.6f", lineterminator="\n").encode()
    elif name.endswith(REFERENCE_SUFFIX):
        data = reference_png(make())
    else:
        data = fig_to_png(make())
    partial = path.with_name(f".{name}.partial")
    partial.write_bytes(data)
    os.replace(partial, path)
    print(f"wrote {path}")
    return path


def reference_png(fig) -> bytes:
    """A reference card as PNG bytes that say which rulebook entries they show: the card's
    fingerprint in the PNG's text (``reference.KEY``), which ``tests/test_reference.py``
    compares with today's entries."""
    import io

    from boardlab.render.reference import KEY

    buffer = io.BytesIO()
    metadata = {KEY: fig.reference_fingerprint, "Software": "boardlab"}
    fig.savefig(buffer, format="png", facecolor=fig.get_facecolor(), metadata=metadata)
    return buffer.getvalue()


def join_the_lab(out: Path) -> list[Path]:
    """``--lab``: the lab results file of every game without one in ``out``; then, in a
    source checkout's ``figures/``, the lab notebook re-run so its saved outputs list
    every game."""
    written = [write(name, out) for name in missing_lab_files(out)]
    if not written:
        print(f"every game has its lab results file in {out}")
    if out.resolve() != FOLDER.resolve() or not REFRESH.exists():
        print(f"not re-running {LAB_NOTEBOOK.name}: it reads figures/ of a source checkout")
        return written
    subprocess.run([sys.executable, str(REFRESH), str(LAB_NOTEBOOK)], check=True)
    print(f"review and commit {', '.join(p.name for p in written)} and {LAB_NOTEBOOK.name}")
    return written


def main(argv: list[str] | None = None) -> list[Path]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default="figures", help="folder to write into")
    parser.add_argument("--only", help="only this game's figures and results (a game's name)")
    parser.add_argument(
        "--lab",
        action="store_true",
        help="a new game joins the lab: write the missing <game>_lab.csv files and re-run "
        "notebooks/game_design_lab.ipynb (make lab-files)",
    )
    parser.add_argument("names", nargs="*", help="only these files (kilimanjaro_board.png)")
    args = parser.parse_args(argv)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    if args.lab:
        return join_the_lab(out)
    return [write(name, out) for name in outputs(args.only, args.names)]


if __name__ == "__main__":
    main()
