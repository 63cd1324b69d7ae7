"""App mode: a game's notebook cut down to what a class uses, for Voilà (``make app``).

A game's notebook teaches in order — rules, exercises, sweeps — and is long;
served whole by Voilà it would open on thousands of pixels of prose with the
play panel far below. Its author tags the cells an app shows with ``app``
(the play panel, the explorer, and a line of prose before each); ``app_notebook``
keeps those cells only, in order, under the notebook's own title, so Voilà
opens on the ``PlayPanel`` and runs nothing else (no sweep, no exercise with
"replace None by your answer"). Tagged code cells must stand alone: they
import what they use.

``python -m boardlab.widgets.app notebooks/<game>.ipynb build/app`` writes
``build/app/<game>.ipynb``; ``make app`` does this before it starts Voilà, so
the app is made from the notebook every time and never edited by hand.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

#: The cell tag that puts a cell in the app.
APP_TAG = "app"


def app_cells(notebook: dict[str, Any]) -> list[dict[str, Any]]:
    """The cells tagged ``app``, in order, their outputs and counts cleared (Voilà runs
    them afresh)."""
    kept = []
    for cell in notebook.get("cells", []):
        if APP_TAG not in cell.get("metadata", {}).get("tags", []):
            continue
        cell = json.loads(json.dumps(cell))  # a copy: the notebook is not changed
        cell["metadata"]["tags"] = [t for t in cell["metadata"]["tags"] if t != APP_TAG]
        if cell["cell_type"] == "code":
            cell["outputs"], cell["execution_count"] = [], None
        kept.append(cell)
    return kept


def title(notebook: dict[str, Any]) -> str:
    """The notebook's first ``# `` heading (its title), or ``""``."""
    for cell in notebook.get("cells", []):
        if cell["cell_type"] != "markdown":
            continue
        for line in "".join(cell["source"]).splitlines():
            if line.startswith("# "):
                return line[2:].strip()
    return ""


def app_notebook(notebook: dict[str, Any], name: str = "notebook") -> dict[str, Any]:
    """The app of ``notebook``: its title, then its cells tagged ``app``. A notebook with
    no such cell is a ``ValueError`` (say which cells a class needs, with the tag)."""
    cells = app_cells(notebook)
    if not any(c["cell_type"] == "code" for c in cells):
        raise ValueError(
            f"{name} has no code cell tagged {APP_TAG!r}: tag the cells the app shows "
            "(the PlayPanel, the GameExplorer and a line of prose before each), "
            "each code cell importing what it uses"
        )
    head = title(notebook)
    heading = {
        "cell_type": "markdown",
        "metadata": {},
        "source": [f"# {head}" if head else f"# {name}"],
    }
    if "id" in cells[0]:
        heading["id"] = "app-title"
    return {
        "cells": [heading, *cells],
        "metadata": notebook.get("metadata", {}),
        "nbformat": notebook.get("nbformat", 4),
        "nbformat_minor": notebook.get("nbformat_minor", 5),
    }


def write_app(source: Path, into: Path) -> Path:
    """Write the app of the notebook ``source`` as ``into/<its name>``; returns that path."""
    notebook = json.loads(Path(source).read_text(encoding="utf-8"))
    app = app_notebook(notebook, Path(source).name)
    into = Path(into)
    into.mkdir(parents=True, exist_ok=True)
    target = into / Path(source).name
    target.write_text(json.dumps(app, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return target


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 2:
        print("usage: python -m boardlab.widgets.app NOTEBOOK.ipynb OUT_DIR", file=sys.stderr)
        return 2
    try:
        target = write_app(Path(args[0]), Path(args[1]))
    except (OSError, ValueError) as error:
        print(f"app mode: {error}", file=sys.stderr)
        return 1
    print(target)
    return 0


if __name__ == "__main__":  # pragma: no cover - the command line
    raise SystemExit(main())
