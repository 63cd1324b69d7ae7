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
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from conformance import UNLISTED

import boardlab

PACKAGE = Path(boardlab.__file__).parent
ROOT = PACKAGE.parent
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
    assert not found, (
        f"{path.relative_to(PACKAGE)} imports {sorted(found)}: simulation workers load it, so "
        "it may not draw; move the drawing to the game's render.py"
    )


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
    assert not found, (
        f"{path.relative_to(PACKAGE)} imports {sorted(found)}: layers point one way (engine → "
        "render → widgets); move what needs them up to render.py or analysis.py"
    )


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
        f"for name in [*boardlab.game_names(), *{UNLISTED!r}]:\n"
        "    game = boardlab.load(name)\n"
        "    play(game, random_agents(game), seed=1).record()\n"
        "    bad = [m for m in ('matplotlib', 'ipywidgets', 'IPython') if m in sys.modules]\n"
        "    assert not bad, f'playing {name} loaded {bad}'\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, (
        f"{done.stderr.strip().splitlines()[-1]}: an engine file (rules, bots, components…) "
        "imports a drawing library, perhaps through render.py: move that import into render.py"
    )


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
    assert not missing, (
        f"{folder.name} lacks {missing}: every game folder has the house files; copy them "
        "from boardlab/games/_template/ and replace every # TEMPLATE: note"
    )


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
        assert hasattr(render, name), (
            f"{folder.name}.render has no {name}: give it {name}({expected}) "
            "(boardlab/games/README.md, the render signatures)"
        )
        assert _shape(getattr(render, name)) == expected, (
            f"{folder.name}.render.{name} has the parameters {_shape(getattr(render, name))}; "
            f"every game's has {expected}"
        )


# -- what the repository's words point at --------------------------------------------------
#: Where the repository's own words are: these folders' text files and these files (the
#: golden playthroughs are the games' narration, and cite nothing).
TEXT_FOLDERS = ("boardlab", "tests", "notebooks", "tools", "benchmarks", "lite")
TEXT_FILES = ("README.md", "Makefile", "pyproject.toml")
TEXT_SUFFIXES = (".py", ".md", ".ipynb", ".cfg", ".toml", ".yml", ".yaml", ".txt", ".csv")
#: A cited file: a relative path from a top folder of the repository (``docs/``: there is
#: none, so a path there is cited in vain) to a file of one of these kinds.
TOP_FOLDERS = ("boardlab", "tests", "notebooks", "tools", "benchmarks", "lite", "figures", "docs")
CITED = re.compile(
    rf"(?<![\w./-])((?:{'|'.join(TOP_FOLDERS)})/[\w./-]*\.(?:py|md|ipynb|csv|toml|yml|cfg))"
    r"(?![\w/-])"
)
#: Paths written as examples of a path, not as citations.
ILLUSTRATIONS = {"notebooks/x.ipynb", "tests/test_x.py"}
#: Words that point at documents kept outside the repository, which a contributor does
#: not have: say what they say instead.
OUTSIDE = ("shared/rules", "shared/design", "ARCHITECTURE", "NOTEBOOKS.md", "STYLE.md")
#: Files that still call our design notes (kept outside the repository) "the dossier", a
#: word a reader of the repository cannot look up (``Rulebook.notes`` and
#: ``source="notes"`` replaced it in the rulebook data): to be reworded as their owners
#: edit them; no other file may take the word up.
DOSSIER_STILL = frozenset(
    {
        # the translator of the old word into players' words, and its tests
        "boardlab/core/coverage.py",
        "tests/test_coverage.py",
        # data files whose text is hashed into records: rewording one changes its hash
        "boardlab/games/jambo/data/cards.csv",
        "boardlab/games/tembo/data/areas.csv",
        "boardlab/games/tembo/data/cards.csv",
        "boardlab/games/tembo/data/journey.csv",
    }
)


def text_files() -> list[Path]:
    """Every file of the repository's own words (``TEXT_FOLDERS``, ``TEXT_FILES``)."""
    paths = [ROOT / name for name in TEXT_FILES if (ROOT / name).exists()]
    for folder in TEXT_FOLDERS:
        paths += [
            p
            for p in (ROOT / folder).rglob("*")
            if p.suffix in TEXT_SUFFIXES
            and p.is_file()
            and not {"__pycache__", "playthroughs", ".ipynb_checkpoints"} & set(p.parts)
        ]
    return sorted(paths)


def words(path: Path) -> str:
    """The text of ``path``: a notebook's cell sources only (its outputs are the code's)."""
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".ipynb":
        return "\n".join("".join(cell["source"]) for cell in json.loads(text)["cells"])
    return text


def test_every_file_the_repository_cites_is_in_it():
    missing = [
        f"{path.relative_to(ROOT)} cites {cited}"
        for path in text_files()
        for cited in dict.fromkeys(m.group(1).rstrip(".") for m in CITED.finditer(words(path)))
        if cited not in ILLUSTRATIONS and not (ROOT / cited).exists()
    ]
    assert not missing, (
        "files cite paths that are not in the repository (a contributor has only the "
        "repository: say what the cited text says instead, or cite a file that is here):\n"
        + "\n".join(missing)
    )


def test_the_scan_finds_cited_paths():
    absent = "docs/" + "GUIDE.md"  # (written in two, so this file cites nothing absent)
    text = f"see {absent} and ``tests/test_house.py``, not tests/games/test_<game>.py."
    assert [m.group(1) for m in CITED.finditer(text)] == [absent, "tests/test_house.py"]


def test_no_file_points_at_documents_outside_the_repository():
    here = Path(__file__)
    found = [
        f"{path.relative_to(ROOT)}: {word}"
        for path in text_files()
        if path != here
        for word in OUTSIDE
        if word in words(path)
    ]
    assert not found, (
        "these name documents kept outside the repository, which a contributor does not "
        "have: say in words what the document says instead\n" + "\n".join(found)
    )


def test_no_new_file_calls_the_design_notes_the_dossier():
    here = Path(__file__)
    found = {
        str(path.relative_to(ROOT))
        for path in text_files()
        if path != here and re.search("dossier", words(path), re.IGNORECASE)
    }
    new = sorted(found - DOSSIER_STILL)
    assert not new, (
        f"{new} mention the dossier, a document kept outside the repository: say what it "
        "decides instead (a design decision, a default parameter)"
    )
    reworded = sorted(DOSSIER_STILL - found)
    assert not reworded, (
        f"{reworded} no longer say 'dossier': take them off DOSSIER_STILL in {here.name}, "
        "so the list only ever shrinks"
    )
