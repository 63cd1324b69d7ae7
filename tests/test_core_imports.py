"""boardlab has no import circle — not even a lazy or ``TYPE_CHECKING`` one.

An ast scan of every module under ``boardlab/`` (core, the games, sim, widgets,
render, the command line): each ``import``/``from … import`` anywhere in a module
(top level, inside functions, under ``if TYPE_CHECKING``), and each
``importlib.import_module("…")`` of a literal name, is an edge to the boardlab
module it names; the graph must have no cycle.

A package's ``__init__`` is a node, named by the package. An import's edges:

- to the module whose contents it takes: ``a.b.c`` for ``import a.b.c`` and for
  ``from a.b import c`` when ``c`` is a module; the package ``a.b`` itself for
  ``from a.b import name`` when ``name`` is not a module (``from . import
  State`` included). So a module taking a name from its own package's
  ``__init__``, which imports the module back to re-export it, closes a circle,
  as it does at run time.
- to each package Python runs on the way there (``a`` and ``a.b`` for ``a.b.c``),
  unless the importing module sits inside it: a module's own packages are
  already running when it runs. So a package ``__init__`` that imports its own
  modules (``from .rules import Game``) is no circle by itself, while a module
  of ``sim`` that imports a game's module depends on that game's ``__init__``.
"""

from __future__ import annotations

import ast
from pathlib import Path

import networkx as nx

import boardlab

ROOT = Path(boardlab.__file__).parent
PACKAGE = "boardlab"
ADVICE = (
    "move the shared piece into a lower module both can import (a state.py or "
    "board.py the rules import), or pass it as an argument; do not hide the import "
    "inside a function or under TYPE_CHECKING, the scan sees those too"
)


def _module_name(path: Path) -> str:
    parts = [PACKAGE, *path.relative_to(ROOT).with_suffix("").parts]
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _package_of(path: Path) -> str:
    here = _module_name(path)
    return here if path.stem == "__init__" else here.rsplit(".", 1)[0]


def modules() -> dict[str, Path]:
    """Every module under ``boardlab/`` by its dotted name (a package by its own)."""
    return {_module_name(p): p for p in sorted(ROOT.rglob("*.py"))}


def imported_modules(path: Path, known: set[str]) -> set[str]:
    """Every boardlab module that ``path`` imports, wherever the import statement stands."""
    here = _module_name(path)
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = _package_of(path).rsplit(".", node.level - 1)[0]
                base = f"{base}.{node.module}" if node.module else base
            else:
                base = node.module or ""
            for alias in node.names:
                module = f"{base}.{alias.name}"
                out.add(module if module in known else base)  # from . import x: x, if a module
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute | ast.Name)
            and getattr(node.func, "attr", getattr(node.func, "id", "")) == "import_module"
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            out.add(node.args[0].value)  # importlib.import_module("boardlab.games")
    inside = _package_of(path).split(".")  # the packages ``path`` sits in: already running
    inside = {".".join(inside[:i]) for i in range(1, len(inside) + 1)}
    for name in list(out):  # a package reached from outside runs its ``__init__`` first
        parts = name.split(".")
        out.update({".".join(parts[:i]) for i in range(1, len(parts))} - inside)
    return {m for m in out if m in known and m != here}


def import_graph() -> nx.DiGraph:
    found = modules()
    graph = nx.DiGraph()
    for name, path in found.items():
        graph.add_node(name)
        for target in imported_modules(path, set(found)):
            graph.add_edge(name, target)
    return graph


def test_boardlab_has_no_import_circle():
    cycles = sorted(" → ".join([*c, c[0]]) for c in nx.simple_cycles(import_graph()))
    assert not cycles, (
        f"{len(cycles)} import circle(s) under boardlab/ — {ADVICE}:\n  " + "\n  ".join(cycles)
    )


def test_the_scan_covers_every_subpackage():
    graph = import_graph()
    for name in (
        "boardlab",
        "boardlab.cli",
        "boardlab.core.registry",
        "boardlab.games",
        "boardlab.games.kombo_afrika.rules",
        "boardlab.games._template.rules",
        "boardlab.sim.mcts",
        "boardlab.widgets.what_if",
        "boardlab.render",
    ):
        assert name in graph, name
    assert graph.has_edge("boardlab.games.kombo_afrika.rules", "boardlab.games.kombo_afrika.board")


def _toy(tmp_path: Path, monkeypatch, files: dict[str, str]) -> list[list[str]]:
    """The circles of a toy package laid out as ``files`` under a stand-in ``boardlab/``."""
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    monkeypatch.setattr(__import__(__name__), "ROOT", tmp_path)
    return sorted(sorted(c) for c in nx.simple_cycles(import_graph()))


def test_the_scan_sees_lazy_and_type_checking_imports(tmp_path, monkeypatch):
    """The scan is not blind: a function-local and a TYPE_CHECKING import both count."""
    cycles = _toy(
        tmp_path,
        monkeypatch,
        {
            "__init__.py": "",
            "core/__init__.py": "from .a import A\n",
            "core/a.py": "from typing import TYPE_CHECKING\n"
            "if TYPE_CHECKING:\n    from .b import B\nclass A: ...\n",
            "core/b.py": "def f():\n    from .a import A\n    return A\n",
        },
    )
    assert cycles == [["boardlab.core.a", "boardlab.core.b"]]


def test_the_scan_sees_circles_across_subpackages_and_through_importlib(tmp_path, monkeypatch):
    cycles = _toy(
        tmp_path,
        monkeypatch,
        {
            "__init__.py": "",
            "core/__init__.py": "",
            "core/registry.py": "import importlib\n"
            "def f():\n    return importlib.import_module('boardlab.games.x.rules')\n",
            "games/__init__.py": "",
            "games/x/__init__.py": "",
            "games/x/rules.py": "import boardlab.core.registry\n",
        },
    )
    assert cycles == [["boardlab.core.registry", "boardlab.games.x.rules"]]


def test_a_package_importing_its_modules_is_no_circle_but_taking_a_name_back_is(
    tmp_path, monkeypatch
):
    """``from . import rules`` reaches the module; ``from . import State`` the ``__init__``."""
    files = {
        "__init__.py": "",
        "games/__init__.py": "",
        "games/x/__init__.py": "from .rules import State\nfrom . import board\n",
        "games/x/board.py": "from . import rules\nimport boardlab.games.x.rules\n",
        "games/x/rules.py": "class State: ...\n",
    }
    assert _toy(tmp_path, monkeypatch, files) == []
    (tmp_path / "games/x/rules.py").write_text("from . import board\nclass State: ...\n")
    assert _toy(tmp_path, monkeypatch, {}) == [["boardlab.games.x.board", "boardlab.games.x.rules"]]
    (tmp_path / "games/x/rules.py").write_text("class State: ...\n")
    (tmp_path / "games/x/board.py").write_text("from . import State\n")  # the re-export
    assert _toy(tmp_path, monkeypatch, {}) == [["boardlab.games.x", "boardlab.games.x.board"]]


def test_a_package_reached_from_outside_runs_its_init_first(tmp_path, monkeypatch):
    """``import boardlab.games.x.rules`` from ``sim`` runs ``games/x/__init__`` too."""
    cycles = _toy(
        tmp_path,
        monkeypatch,
        {
            "__init__.py": "",
            "games/__init__.py": "",
            "games/x/__init__.py": "from .rules import Game\nfrom boardlab.sim.tool import help\n",
            "games/x/rules.py": "class Game: ...\n",
            "sim/__init__.py": "",
            "sim/tool.py": "import boardlab.games.x.rules\nhelp = 1\n",
        },
    )
    assert cycles == [["boardlab.games.x", "boardlab.sim.tool"]]


def test_the_contract_sits_below_the_registry():
    """``replay`` stands beside ``load``: the registry imports the contract, never back."""
    graph = import_graph()
    assert graph.has_edge("boardlab.core.registry", "boardlab.core.game")
    assert not nx.has_path(graph, "boardlab.core.game", "boardlab.core.registry")


def test_core_imports_no_game():
    """The games import core; core finds them by name at run time, never by an import."""
    graph = import_graph()
    core = [n for n in graph if n == "boardlab.core" or n.startswith("boardlab.core.")]
    for name in core:
        reached = nx.descendants(graph, name)
        assert not [m for m in reached if m.startswith("boardlab.games.")], name
