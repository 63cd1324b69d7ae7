"""The engine layer as the no-install site's kernel runs it: which modules it is, one
seeded game of every engine played to the end with its narration, and every game's guided
first game (``boardlab.guide``, its scenario read from the game's ``guided.toml``).

Shared by ``test_no_numpy.py`` (CPython with numpy blocked) and
``browser/test_pyodide.py`` (Pyodide's core in Chromium, offline), which runs this
very file inside Pyodide: so both play exactly the games compared here, and a game's
digest must be the same on every interpreter. Standard library and boardlab only.
"""

from __future__ import annotations

import importlib
import re
from pathlib import Path

#: The engine layer (rules, core, sim): what runs without numpy, matplotlib or pandas.
ENGINE_PACKAGES = ("boardlab.core", "boardlab.sim", "boardlab.games")
#: A game's modules that draw or tabulate for the notebooks (matplotlib, pandas): not
#: engine, so they may need numpy.
DRAWING = frozenset({"render", "analysis"})
#: Every engine's players: its own heuristic bot in every seat, from this seed.
AGENTS = ["heuristic"]
SEED = 1

#: What a Python repr or a parameter name would leave in a narration line: no player reads
#: ``<…>``, ``{…}``, ``[…]``, ``=``, ``None`` or ``Name(``.
REPR_MARKS = re.compile(r"[<>{}\[\]=]|\bNone\b|object at|\b[A-Za-z_]\w*\(")


def module_names(root: Path) -> list[str]:
    """Every module under the package folder ``root`` (``…/boardlab``), dotted, sorted."""
    names = []
    for path in sorted(root.rglob("*.py")):
        parts = [root.name, *path.relative_to(root).with_suffix("").parts]
        if parts[-1] == "__main__":  # runs the command line when imported
            continue
        names.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return sorted(names)


def engine_modules(root: Path) -> list[str]:
    """The engine layer's modules: the package itself, then every module of
    ``ENGINE_PACKAGES`` except a game's drawing modules (``DRAWING``)."""
    picked = ["boardlab"]
    for name in module_names(root):
        inside = any(name == p or name.startswith(p + ".") for p in ENGINE_PACKAGES)
        if inside and not DRAWING & set(name.split(".")):
            picked.append(name)
    return picked


def import_all(names: list[str]) -> dict[str, str]:
    """Import every module of ``names``; those that failed, with their error."""
    failed = {}
    for name in names:
        try:
            importlib.import_module(name)
        except ImportError as error:
            failed[name] = f"{type(error).__name__}: {error}"
    return failed


def narration_faults(lines: list[str]) -> list[str]:
    """The narration lines that are not plain words a player reads."""
    return [
        line
        for line in lines
        if not isinstance(line, str)
        or len(re.findall(r"[A-Za-z]{2,}", line)) < 2
        or REPR_MARKS.search(line)
    ]


def play_every_engine(seed: int = SEED) -> dict[str, dict]:
    """One game of every engine (``boardlab.game_names()``), seeded, played to the end:
    how it ended, its length, its digest, its narration (a spectator's) and its record."""
    import boardlab
    from boardlab.sim.lineup import resolve_agents
    from boardlab.sim.play import play

    games = {}
    for name in boardlab.game_names():
        game = boardlab.load(name)
        agents, _ = resolve_agents(game, AGENTS)
        state = play(game, agents, seed=seed)
        games[name] = {
            "status": state.outcome.status,
            "result": state.outcome.describe(),
            "steps": len(state.history),
            "digest": state.digest(),
            "narration": [event.text for event in state.visible_events(None)],
            "record": state.record().to_json(),
        }
    return games


def play_every_guided_game() -> dict[str, dict]:
    """Every game's guided first game played as written (``boardlab.guide.play_scenario``:
    its scenario file, the learner's moves, the bots' replies): how it ended, its digest
    and the summary the learner reads."""
    import boardlab
    from boardlab.guide import play_scenario

    lessons = {}
    for name in boardlab.game_names():
        lesson = play_scenario(name)
        lessons[name] = {
            "finished": lesson.finished,
            "status": lesson.state.outcome.status,
            "digest": lesson.state.digest(),
            "summary": lesson.summary(),
        }
    return lessons
