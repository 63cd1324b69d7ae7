"""Re-run notebooks in place and save them the way nbval checks them.

``python tools/refresh_notebooks.py [notebooks/x.ipynb ...]`` (default: every
notebook). Run it after a change to an engine's narration, action order,
bots or seeding: nbval compares the stored outputs, so they must come from
this code. Widget state and cell timings are dropped so diffs stay small.
Review the diff before committing it.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import nbformat
from nbclient import NotebookClient


def refresh(path: Path) -> None:
    notebook = nbformat.read(path, as_version=4)
    os.environ.pop("MPLBACKEND", None)  # inline figures, as under nbval
    NotebookClient(notebook, timeout=600, kernel_name="python3").execute(cwd=str(path.parent))
    notebook.metadata.pop("widgets", None)
    for cell in notebook.cells:
        cell.metadata.pop("execution", None)
        for output in cell.get("outputs", []):
            if output.get("name") == "stderr":
                print(f"{path}: stderr in a cell: {output.get('text', '')[:200]}")
    nbformat.validate(notebook)
    nbformat.write(notebook, path)
    print(f"refreshed {path}")


def main(argv: list[str]) -> None:
    paths = [Path(a) for a in argv] or sorted(Path("notebooks").glob("*.ipynb"))
    for path in paths:
        refresh(path)


if __name__ == "__main__":
    main(sys.argv[1:])
