"""Static pictures: ``python -m boardlab.figures`` and notebooks readable without a kernel.

- The figures command, run into a temporary folder, writes every figure it
  declares (``boardlab.figures.FIGURES``) as a real PNG, and ``figures/`` in
  the repository holds exactly those files (the README links them).
- Every notebook is saved with its outputs, and shows its boards and plots
  as images that GitHub and nbviewer display without a kernel: each code cell
  has run, the notebook holds figures, and every cell that shows a boardlab
  widget stores a picture of its board beside the widget.
"""

import os
import re
import subprocess
import sys
from pathlib import Path

import matplotlib.image
import nbformat
import pytest

from boardlab.figures import FIGURES

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
#: The text/plain of a boardlab widget's output (their ``__repr__``).
BOARDLAB_WIDGET = re.compile(r"^(GameViewer|PlayPanel|GameExplorer)\(")


@pytest.fixture(scope="module")
def regenerated(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("figures")
    env = {**os.environ, "MPLBACKEND": "Agg"}
    done = subprocess.run(
        [sys.executable, "-m", "boardlab.figures", "--out", str(out)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, f"python -m boardlab.figures failed:\n{done.stderr[-3000:]}"
    return out


def test_figures_command_writes_every_figure(regenerated):
    written = sorted(p.name for p in regenerated.iterdir())
    assert written == sorted(FIGURES), f"declared {sorted(FIGURES)}, written {written}"
    for name in written:
        data = (regenerated / name).read_bytes()
        assert data.startswith(b"\x89PNG\r\n\x1a\n"), f"{name} is not a PNG"
        height, width = matplotlib.image.imread(regenerated / name).shape[:2]
        assert width > 200 and height > 100, f"{name} is {width}×{height} pixels"


def test_figures_folder_is_in_step_with_the_command():
    folder = ROOT / "figures"
    have = sorted(p.name for p in folder.glob("*")) if folder.is_dir() else []
    assert have == sorted(FIGURES), (
        f"figures/ holds {have}, the command makes {sorted(FIGURES)}: run `make figures`"
    )


def test_readme_links_only_figures_the_command_makes():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    linked = set(re.findall(r"figures/([\w.-]+\.png)", readme))
    assert linked, "the README shows no figure"
    assert linked <= set(FIGURES), f"the README links figures nobody makes: {linked - set(FIGURES)}"


# -- notebooks without a kernel ------------------------------------------------------------
@pytest.fixture(params=[p.stem for p in NOTEBOOKS])
def notebook(request):
    return nbformat.read(ROOT / "notebooks" / f"{request.param}.ipynb", as_version=4)


def outputs(cell) -> list[dict]:
    return cell.get("outputs", []) if cell.cell_type == "code" else []


def test_notebook_is_saved_with_its_outputs(notebook):
    code = [c for c in notebook.cells if c.cell_type == "code" and c.source.strip()]
    not_run = [i for i, c in enumerate(code) if c.execution_count is None]
    assert not not_run, f"code cells saved without running (of {len(code)}): {not_run}"
    errors = [o.get("ename") for c in code for o in outputs(c) if o.output_type == "error"]
    tagged = [c for c in code if "raises-exception" in c.metadata.get("tags", [])]
    assert len(errors) <= len(tagged), f"saved error outputs: {errors}"


def test_notebook_shows_boards_and_plots_as_images(notebook):
    images = [o for c in notebook.cells for o in outputs(c) if "image/png" in o.get("data", {})]
    assert len(images) >= 2, f"{len(images)} image output(s): a board and a plot at least"


def test_every_widget_output_stores_a_picture_of_its_board(notebook):
    """GitHub shows no widget: a boardlab widget's output carries its board as a PNG."""
    bare = []
    for i, cell in enumerate(notebook.cells):
        for output in outputs(cell):
            data = output.get("data", {})
            text = "".join(data.get("text/plain", ""))
            if WIDGET_VIEW in data and BOARDLAB_WIDGET.match(text) and "image/png" not in data:
                bare.append(f"cell {i}: {text[:60]}")
    assert not bare, (
        "widget outputs without a picture (re-run the notebook in the project's environment: "
        "`jupyter execute --inplace`):\n" + "\n".join(bare)
    )
