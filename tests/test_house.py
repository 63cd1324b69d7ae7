"""The rules of the house that every game folder keeps (``boardlab/games/README.md``).

Layers point one way (engine → render → widgets → notebooks), every module is
short enough to read, each game folder has the same files, and the same render
function has the same signature in every game. These tests name no game: a new
one is checked by existing.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import subprocess
import sys
from pathlib import Path

import pytest

import boardlab

PACKAGE = Path(boardlab.__file__).parent
GAMES_DIR = PACKAGE / "games"
#: Every game folder, the template included.
FOLDERS = sorted(p for p in GAMES_DIR.iterdir() if (p / "__init__.py").exists())
#: The files every game folder has (``data/`` only where the game has data).
HOUSE_FILES = (
    "__init__.py",
    "components.py",
    "actions.py",
    "rules.py",
    "narration.py",
    "rulebook.py",
    "render.py",
    "bots.py",
    "exercises.py",
)
#: A game's files above the rules: everything else in a game folder is engine, imported
#: by simulation workers, so it imports nothing above the rules.
ABOVE_THE_RULES = ("render", "analysis")
#: What no engine file, nor core nor sim, may import.
DRAWING = ("matplotlib", "ipywidgets", "IPython", "networkx.drawing")
UPPER = ("boardlab.sim", "boardlab.widgets", "boardlab.render", "boardlab.figures")
MAX_LINES = 800


def imports(path: Path, package: str | None = None) -> set[str]:
    """Every module ``path`` imports, wherever the statement stands (inside functions and
    under ``TYPE_CHECKING`` too); relative ones resolved against the file's package
    (``.render`` in a game folder → ``boardlab.games.<game>.render``)."""
    if package is None:
        package = ".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts[:-1])
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                base = f"{parent}.{base}" if base else parent
            out.add(base)
            out.update(f"{base}.{alias.name}" for alias in node.names)
    return out


def _forbidden(names: set[str], prefixes: tuple[str, ...]) -> set[str]:
    return {n for n in names if any(n == p or n.startswith(p + ".") for p in prefixes)}


def engine_paths() -> list[Path]:
    paths = [p for folder in FOLDERS for p in folder.glob("*.py") if p.stem not in ABOVE_THE_RULES]
    paths += sorted((PACKAGE / "core").glob("*.py")) + sorted((PACKAGE / "sim").glob("*.py"))
    return paths


@pytest.mark.parametrize("path", engine_paths(), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_engines_core_and_sim_import_no_drawing_library(path):
    found = _forbidden(imports(path), DRAWING)
    assert not found, f"{path.relative_to(PACKAGE)} imports {sorted(found)}"


@pytest.mark.parametrize(
    "path",
    [p for p in engine_paths() if "sim" not in p.parts],
    ids=lambda p: str(p.relative_to(PACKAGE)),
)
def test_engine_files_import_nothing_above_the_rules(path):
    """Not sim, widgets or render — nor the game's own render or analysis modules."""
    names = imports(path)
    own = ".".join(path.relative_to(PACKAGE.parent).parts[:3])  # boardlab.games.<g>
    found = _forbidden(names, (*UPPER, f"{own}.render", f"{own}.analysis"))
    if "core" in path.parts:
        found |= _forbidden(names, ("boardlab.games",))  # core imports no game
    assert not found, f"{path.relative_to(PACKAGE)} imports {sorted(found)}"


def test_the_layer_scan_sees_lazy_and_relative_imports(tmp_path):
    sneaky = tmp_path / "rules.py"
    sneaky.write_text(
        "def draw():\n    import matplotlib.pyplot as plt\n    from . import render\n"
    )
    names = imports(sneaky, "boardlab.games.sneaky")
    assert _forbidden(names, DRAWING) == {"matplotlib.pyplot"}
    assert "boardlab.games.sneaky.render" in names


def test_playing_every_game_loads_no_drawing_library():
    """A simulation worker plays every game without importing matplotlib or ipywidgets."""
    code = (
        "import sys, boardlab\n"
        "from boardlab.sim import random_agents, play\n"
        "for name in [*boardlab.game_names(), 'template']:\n"
        "    game = boardlab.load(name)\n"
        "    play(game, random_agents(game), seed=1).record()\n"
        "bad = [m for m in ('matplotlib', 'ipywidgets', 'IPython') if m in sys.modules]\n"
        "assert not bad, bad\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, timeout=120)


@pytest.mark.parametrize(
    "path", sorted(PACKAGE.rglob("*.py")), ids=lambda p: str(p.relative_to(PACKAGE))
)
def test_no_module_is_longer_than_a_reader_can_hold(path):
    lines = len(path.read_text(encoding="utf-8").splitlines())
    assert lines <= MAX_LINES, (
        f"{path.relative_to(PACKAGE)} has {lines} lines: split it along the rulebook's "
        f"sections (at most {MAX_LINES})"
    )


@pytest.mark.parametrize("folder", FOLDERS, ids=lambda p: p.name)
def test_every_game_folder_has_the_house_files(folder):
    missing = [name for name in HOUSE_FILES if not (folder / name).exists()]
    assert not missing, f"{folder.name} lacks {missing}"


def _reference_signatures() -> dict[str, str]:
    """The one signature of each render function (``boardlab/games/README.md``)."""

    def draw(state, ax=None, *, viewer=None, reveal=False): ...
    def to_png(state, viewer=None, *, reveal=False, dpi=80): ...
    def graph(state, viewer=None, *, reveal=False): ...
    def draw_graph(state, ax=None, *, viewer=None, reveal=False): ...

    return {f.__name__: _shape(f) for f in (draw, to_png, graph, draw_graph)}


def _shape(function) -> str:
    """Parameter names, kinds and defaults: what a caller relies on (annotations aside)."""
    parameters = inspect.signature(function).parameters.values()
    return ", ".join(f"{p.kind.name}:{p.name}={p.default!r}" for p in parameters)


@pytest.mark.parametrize("folder", FOLDERS, ids=lambda p: p.name)
def test_render_functions_have_one_signature_in_every_game(folder):
    render = importlib.import_module(f"boardlab.games.{folder.name}.render")
    for name, expected in _reference_signatures().items():
        assert hasattr(render, name), f"{folder.name}.render has no {name}"
        assert _shape(getattr(render, name)) == expected, f"{folder.name}.render.{name}"
