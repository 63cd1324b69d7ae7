"""boardlab.core has no import circle — not even a lazy or ``TYPE_CHECKING`` one.

An ast scan of every core module: each ``import``/``from … import`` anywhere in
a module (top level, inside functions, under ``if TYPE_CHECKING``) is an edge
to the core module it names; the graph must have no cycle. The package's
``__init__`` is a node too, so a module importing ``boardlab.core`` itself
(which imports every module) closes a circle as well.
"""

from __future__ import annotations

import ast
from pathlib import Path

import networkx as nx

import boardlab.core

CORE = Path(boardlab.core.__file__).parent
PACKAGE = "boardlab.core"


def _module_name(path: Path) -> str:
    return PACKAGE if path.stem == "__init__" else f"{PACKAGE}.{path.stem}"


def imported_modules(path: Path) -> set[str]:
    """Every core module that ``path`` imports, wherever the import statement stands."""
    here = _module_name(path)
    package = PACKAGE if here == PACKAGE else here.rsplit(".", 1)[0]
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                base = f"{base}.{node.module}" if node.module else base
            else:
                base = node.module or ""
            out.add(base)
            out.update(f"{base}.{alias.name}" for alias in node.names)  # from . import x
    modules = {_module_name(p) for p in CORE.glob("*.py")}
    return {m for m in out if m in modules and m != here}


def import_graph() -> nx.DiGraph:
    graph = nx.DiGraph()
    for path in sorted(CORE.glob("*.py")):
        graph.add_node(_module_name(path))
        for target in imported_modules(path):
            graph.add_edge(_module_name(path), target)
    return graph


def test_core_has_no_import_circle():
    cycles = list(nx.simple_cycles(import_graph()))
    assert not cycles, "core modules import each other in a circle: " + "; ".join(
        " → ".join([*c, c[0]]) for c in cycles
    )


def test_the_scan_sees_lazy_and_type_checking_imports(tmp_path, monkeypatch):
    """The scan is not blind: a function-local and a TYPE_CHECKING import both count."""
    (tmp_path / "__init__.py").write_text("from .a import A\n")
    (tmp_path / "a.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .b import B\nclass A: ...\n"
    )
    (tmp_path / "b.py").write_text("def f():\n    from .a import A\n    return A\n")
    monkeypatch.setattr(__import__(__name__), "CORE", tmp_path)
    cycles = list(nx.simple_cycles(import_graph()))
    assert sorted(map(sorted, cycles)) == [["boardlab.core.a", "boardlab.core.b"]]


def test_the_contract_sits_below_the_registry():
    """``replay`` stands beside ``load``: the registry imports the contract, never back."""
    graph = import_graph()
    assert graph.has_edge("boardlab.core.registry", "boardlab.core.game")
    assert not nx.has_path(graph, "boardlab.core.game", "boardlab.core.registry")
