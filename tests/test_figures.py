"""Static pictures: ``python -m boardlab.figures`` and notebooks readable without a kernel.

- The figures command, run into a temporary folder one file at a time (so ``-k <game>``
  makes only that game's files), writes every figure it declares
  (``boardlab.figures.FIGURES``) as a real PNG and every results file (``RESULTS``) as a
  CSV, and ``figures/`` in the repository holds exactly those files (the README links
  the figures); the committed results files are the ones the command makes today (the
  notebooks read them), and answer their question. Every game's reference card is among
  the figures (``<game>_reference.png``; ``tests/test_reference.py`` checks it is
  current). A new game's ``<game>_lab.csv`` is made by ``make lab-files``, which re-runs
  the game-design lab notebook too.
- Every notebook is saved with its outputs, and shows its boards and plots
  as images that GitHub and nbviewer display without a kernel: each code cell
  has run, the notebook holds figures, and every cell that shows a boardlab
  widget stores a picture of its board beside the widget.
"""

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import matplotlib.image
import nbformat
import pandas as pd
import pytest

import boardlab
from boardlab import figures
from boardlab.figures import FIGURES, LAB_SUFFIX, LONG_STUDIES, RESULTS, read_results

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
#: The text/plain of a boardlab widget's output (their ``__repr__``).
BOARDLAB_WIDGET = re.compile(r"^(GameViewer|PlayPanel|GameExplorer)\(")
#: ``make test-full`` (a nightly run) sets it: the long studies are made again and compared.
FULL = os.environ.get("BOARDLAB_FULL") == "1"
#: How to make the lab results file of a game that has none (and re-run the lab notebook).
LAB_COMMAND = "`make lab-files` (python -m boardlab.figures --lab)"


@pytest.fixture(scope="module")
def fresh(tmp_path_factory) -> Path:
    """A folder the tests make figures and results files into, one file at a time."""
    return tmp_path_factory.mktemp("figures")


def regenerate(folder: Path, name: str) -> Path:
    """``python -m boardlab.figures --out FOLDER NAME``: the file ``name`` made afresh."""
    env = {**os.environ, "MPLBACKEND": "Agg"}
    done = subprocess.run(
        [sys.executable, "-m", "boardlab.figures", "--out", str(folder), name],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert done.returncode == 0, f"python -m boardlab.figures {name} failed:\n{done.stderr[-3000:]}"
    path = folder / name
    assert path.exists(), f"python -m boardlab.figures {name} wrote no {name}"
    return path


@pytest.mark.parametrize("name", sorted(FIGURES))
def test_the_command_makes_each_figure(fresh, name):
    data = regenerate(fresh, name).read_bytes()
    assert data.startswith(b"\x89PNG\r\n\x1a\n"), f"{name} is not a PNG"
    height, width = matplotlib.image.imread(fresh / name).shape[:2]
    assert width > 200 and height > 100, f"{name} is {width}×{height} pixels"


def test_figures_folder_is_in_step_with_the_command():
    folder = ROOT / "figures"
    have = {p.name for p in folder.glob("*")} if folder.is_dir() else set()
    made = {*FIGURES, *RESULTS}
    missing, extra = sorted(made - have), sorted(have - made)
    lab = [name for name in missing if name.endswith(LAB_SUFFIX)]
    others = [name for name in missing if name not in lab]
    problems = []
    if lab:
        problems.append(f"{lab} missing: a new game joins the game-design lab with {LAB_COMMAND}")
    if others:
        problems.append(f"{others} missing: run `python -m boardlab.figures {' '.join(others)}`")
    if extra:
        problems.append(f"figures/ holds {extra}, which the command does not make: git rm them")
    assert not problems, "; ".join(problems)


#: What every results file says beside its numbers: how to make them again.
PROVENANCE = ["study", "agents", "params", "seed", "games", "version"]


@pytest.mark.parametrize("name", sorted(RESULTS))
def test_committed_results_are_what_the_command_makes_today(fresh, name):
    """Same numbers from the same code (the package version may differ). The committed file
    is read first: a missing one fails before anything is made."""
    committed = read_results(name)  # FileNotFoundError naming the command that makes it
    assert set(PROVENANCE) <= set(committed.columns), committed.columns
    if name in LONG_STUDIES and not FULL:
        pytest.skip(
            f"{name} is a long study (minutes of CPU): `make test-full` makes it again and "
            "compares; test_a_long_study_says_how_it_was_made checks it here"
        )
    if name.endswith(LAB_SUFFIX) and not FULL:
        pytest.skip(
            f"{name}: `make test` plays its first games again "
            "(test_a_lab_files_first_games_are_played_the_same_today); `make test-full` makes "
            "it whole and compares"
        )
    made = read_results(name, folder=regenerate(fresh, name).parent)
    command = LAB_COMMAND if name.endswith(LAB_SUFFIX) else "`python -m boardlab.figures`"
    try:
        pd.testing.assert_frame_equal(
            committed.drop(columns="version"), made.drop(columns="version"), check_exact=False
        )
    except AssertionError as error:
        remake = f"python -m boardlab.figures {name}"
        raise AssertionError(
            f"figures/{name} is not what the code makes today: if the change is deliberate, "
            f"run `{remake}` (a new game's lab file: {command}), re-run the notebooks that "
            f"read it, and say so in the commit.\n{error}"
        ) from None


@pytest.mark.parametrize("name", sorted(LONG_STUDIES))
def test_a_long_study_says_how_it_was_made(name):
    """What ``make test`` checks of a study too long to make again in it: the committed file
    holds the rows the study declares, each of the declared games and seed."""
    games, seed, rows = LONG_STUDIES[name]
    committed = read_results(name)
    assert len(committed) == rows, f"{name}: {len(committed)} rows, the study makes {rows}"
    assert (committed["games"] == games).all(), f"{name}: not {games} games a row"
    assert (committed["seed"] == seed).all(), f"{name}: not seed {seed}"
    assert committed.drop(columns="version").notna().all().all(), f"{name}: an empty cell"


@pytest.mark.parametrize("name", sorted(n for n in RESULTS if n.endswith(LAB_SUFFIX)))
def test_a_lab_files_first_games_are_played_the_same_today(name):
    """Deterministic: each lineup's first games (``figures.LAB_CHECK_GAMES``, whole seat
    rotations), played again now, are the games the committed file was made from (their
    digest); ``make test-full`` makes the whole file again and compares every number."""
    game = name[: -len(LAB_SUFFIX)]
    committed = read_results(name)
    check = figures.lab_check_games(boardlab.load(game).num_players)
    assert (committed["check games"] == check).all(), committed["check games"]
    assert (committed["games"] > check).all()
    for label, digest in zip(committed["agents"], committed["check digest"], strict=True):
        frame = figures.lab_sweep(game, figures.LAB_LINEUPS[label], check)
        assert figures.games_digest(frame) == digest, (
            f"figures/{name}, {label}: the first {check} games are not the ones the file was "
            f"made from: if the change is deliberate, run {LAB_COMMAND} and re-run the "
            "notebooks that read it"
        )


def test_the_first_games_of_a_study_are_its_check_games():
    """The check games are the study's own first games (the seeds and seats of a sweep do
    not depend on how many games it plays), so a digest of them checks the file."""
    check = figures.lab_check_games(2)
    assert check == figures.LAB_CHECK_GAMES
    assert figures.lab_check_games(3) == 21 and figures.lab_check_games(5) == 20
    agents = figures.LAB_LINEUPS["heuristic vs random"]
    longer = figures.lab_sweep("kilimanjaro", agents, 2 * check)
    shorter = figures.lab_sweep("kilimanjaro", agents, check)
    assert figures.games_digest(longer.iloc[:check]) == figures.games_digest(shorter)
    assert figures.games_digest(longer.iloc[1 : check + 1]) != figures.games_digest(shorter)


def test_a_new_game_joins_the_lab_by_one_command(tmp_path):
    """``--lab`` makes the lab file of every game without one and nothing else; into a
    folder that is not the checkout's ``figures/`` it re-runs no notebook."""
    for name in RESULTS:
        if name.endswith(LAB_SUFFIX):
            shutil.copy(ROOT / "figures" / name, tmp_path / name)
    assert figures.missing_lab_files(tmp_path) == []
    assert figures.main(["--lab", "--out", str(tmp_path)]) == []
    lab = sorted(n for n in RESULTS if n.endswith(LAB_SUFFIX))
    (tmp_path / lab[0]).unlink()
    assert figures.missing_lab_files(tmp_path) == lab[:1]
    with pytest.raises(FileNotFoundError, match="make lab-files"):
        read_results("no_such_game_lab.csv", folder=tmp_path)


@pytest.mark.rule("kombo_afrika:tip-randomness", "kombo_afrika:tip-50", "kombo_afrika:tip-length")
def test_kombo_afrika_target_results_answer_the_tip_within_three_points():
    """The target what-if answers "50 = quicker and more random": every 95% interval of the
    random player's win rate is at most ±3 percentage points wide, the 50-point game is
    shorter than the 100-point one, and luck beats skill more often at 50 than at 100
    (the intervals do not overlap)."""
    table = read_results("kombo_afrika_target.csv").set_index("target")
    assert list(table.index) == [50, 77, 100] and (table["games"] >= 1000).all()
    half_widths = (table["ci high"] - table["ci low"]) / 2
    assert (half_widths <= 0.03).all(), half_widths
    assert table.loc[50, "ci low"] > table.loc[100, "ci high"]
    assert table.loc[50, "decisions ci high"] < table.loc[77, "decisions ci low"]
    assert table.loc[77, "decisions ci high"] < table.loc[100, "decisions ci low"]


def test_only_one_games_outputs_can_be_made():
    kombo = [name for name in RESULTS if name.startswith("kombo_afrika_")]
    assert sorted(figures.outputs("kombo_afrika")) == sorted([*kombo, "kombo_afrika_reference.png"])
    assert "kombo_afrika_lab.csv" in kombo
    kilimanjaro = [name for name in FIGURES if name.startswith("kilimanjaro_")]
    assert "kilimanjaro_reference.png" in kilimanjaro and len(kilimanjaro) == 4
    assert sorted(figures.outputs("kilimanjaro")) == sorted([*kilimanjaro, "kilimanjaro_lab.csv"])
    with pytest.raises(SystemExit, match="no figures or results"):
        figures.outputs("no_such_game")
    assert list(figures.outputs(names=["kilimanjaro_board.png"])) == ["kilimanjaro_board.png"]
    with pytest.raises(SystemExit, match="no figure or results file"):
        figures.outputs(names=["no_such_game_lab.csv"])


def test_readme_links_only_figures_the_command_makes():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    linked = set(re.findall(r"figures/([\w.-]+\.png)", readme))
    assert linked, "the README shows no figure"
    assert linked <= set(FIGURES), f"the README links figures nobody makes: {linked - set(FIGURES)}"


# -- notebooks without a kernel ------------------------------------------------------------
@pytest.fixture(params=[p.stem for p in NOTEBOOKS])
def notebook(request):
    return nbformat.read(ROOT / "notebooks" / f"{request.param}.ipynb", as_version=4)


def refresh(request) -> str:
    """What to run to save the test's notebook with its outputs."""
    name = request.node.callspec.params["notebook"]
    return f"run `make notebooks NB=notebooks/{name}.ipynb` and commit the saved outputs"


def outputs(cell) -> list[dict]:
    return cell.get("outputs", []) if cell.cell_type == "code" else []


def test_notebook_is_saved_with_its_outputs(notebook, request):
    code = [c for c in notebook.cells if c.cell_type == "code" and c.source.strip()]
    not_run = [i for i, c in enumerate(code) if c.execution_count is None]
    assert not not_run, (
        f"code cells saved without running (of {len(code)}): {not_run}: {refresh(request)}"
    )
    errors = [o.get("ename") for c in code for o in outputs(c) if o.output_type == "error"]
    tagged = [c for c in code if "raises-exception" in c.metadata.get("tags", [])]
    assert len(errors) <= len(tagged), (
        f"saved error outputs: {errors}: fix the cells (a cell meant to show an error is "
        f"tagged raises-exception), then {refresh(request)}"
    )


def test_notebook_shows_boards_and_plots_as_images(notebook, request):
    images = [o for c in notebook.cells for o in outputs(c) if "image/png" in o.get("data", {})]
    assert len(images) >= 2, (
        f"{len(images)} image output(s): show a board and a plot at least, then {refresh(request)}"
    )


def test_every_widget_output_stores_a_picture_of_its_board(notebook, request):
    """GitHub shows no widget: a boardlab widget's output carries its board as a PNG."""
    bare = []
    for i, cell in enumerate(notebook.cells):
        for output in outputs(cell):
            data = output.get("data", {})
            text = "".join(data.get("text/plain", ""))
            if WIDGET_VIEW in data and BOARDLAB_WIDGET.match(text) and "image/png" not in data:
                bare.append(f"cell {i}: {text[:60]}")
    assert not bare, (
        f"widget outputs without a picture: {refresh(request)} (it runs the notebook in the "
        "project's environment, where a boardlab widget saves its board)\n" + "\n".join(bare)
    )


def test_a_study_that_fails_half_way_leaves_its_file_as_it_was(tmp_path, monkeypatch):
    """``write`` makes the file whole before it replaces the old one: a failing study leaves
    the committed numbers and no partial file; a finished one replaces them."""
    path = tmp_path / "tembo_lab.csv"
    path.write_text("the old numbers\n")

    def fails():
        raise RuntimeError("stopped half-way")

    monkeypatch.setitem(figures.RESULTS, "tembo_lab.csv", fails)
    with pytest.raises(RuntimeError, match="half-way"):
        figures.write("tembo_lab.csv", tmp_path)
    assert path.read_text() == "the old numbers\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["tembo_lab.csv"]
    monkeypatch.setitem(figures.RESULTS, "tembo_lab.csv", lambda: pd.DataFrame({"a": [1.5]}))
    assert figures.write("tembo_lab.csv", tmp_path) == path
    assert path.read_text() == "a\n1.500000\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["tembo_lab.csv"]
