"""Issue 28, holes 7 and 8: results files that cannot lie, a command line that checks
before it plays.

A results file is written whole or not at all, and read back only if it is what its
sidecar says (rows, columns, game, digest): every way a file can be torn, mixed up or
malformed is an ``InvalidResults`` naming the file (and the line). The command line
refuses a bad ``--out``, a missing pyarrow, an unreachable ``--dask`` and a parameter
given twice before any game is played, with one line on stderr and exit status 2.
"""

from __future__ import annotations

import json
import os
import re
import socket
import subprocess
import sys
from pathlib import Path

import pandas as pd
import pytest

import boardlab
from boardlab.cli import main
from boardlab.sim import InvalidResults, load_results, save_results, sweep

FIGURES = Path(__file__).resolve().parent.parent / "figures"


@pytest.fixture(scope="module")
def jambo():
    """A five-game Jambo sweep: the run whose files the others get mixed up with."""
    return sweep("jambo", None, None, 5, progress=False)


@pytest.fixture(scope="module")
def kilimanjaro():
    return sweep("kilimanjaro", {"players": [2, 3]}, None, 4, progress=False)


def saved(frame, folder: Path, name: str = "lab.csv") -> Path:
    return save_results(frame, folder / name)


def refused(path: Path, *words: str) -> InvalidResults:
    """``load_results(path)`` refuses, naming the file and each of ``words``."""
    with pytest.raises(InvalidResults) as caught:
        load_results(path)
    message = str(caught.value)
    assert str(path) in message, message
    for word in words:
        assert word in message, message
    return caught.value


# -- hole 7: written atomically -----------------------------------------------------


class Kill:
    """A cell whose text cannot be written: the save is killed while writing the numbers."""

    def __str__(self) -> str:
        raise KeyboardInterrupt

    __repr__ = __str__


def test_a_save_killed_while_writing_leaves_the_previous_run_whole(tmp_path, jambo):
    path = saved(jambo, tmp_path)
    before = path.read_bytes(), (tmp_path / "lab.csv.json").read_bytes()
    doomed = pd.concat([jambo] * 40, ignore_index=True)
    doomed["note"] = ["fine"] * (len(doomed) - 1) + [Kill()]
    with pytest.raises(KeyboardInterrupt):
        save_results(doomed, path)
    assert (path.read_bytes(), (tmp_path / "lab.csv.json").read_bytes()) == before
    back = load_results(path)
    assert len(back) == 5 and back.attrs["sweep"]["game"] == "jambo"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["lab.csv", "lab.csv.json"]


def test_new_numbers_beside_the_previous_runs_sidecar_are_refused(tmp_path, jambo, kilimanjaro):
    """What a kill between writing the numbers and the sidecar leaves (or a copy over)."""
    path = saved(jambo, tmp_path)
    other = saved(kilimanjaro, tmp_path, "other.csv")
    path.write_bytes(other.read_bytes())
    refused(path, "jambo results of 5 rows", "lab.csv.json", "Save the results again")


def test_a_csv_cut_in_the_middle_of_a_line_is_refused_naming_the_line(tmp_path, jambo):
    path = saved(jambo, tmp_path)
    data = path.read_bytes()
    cut = data[: data.index(b"\n", len(data) * 2 // 3) - 3]  # three bytes short of a line end
    path.write_bytes(cut)
    error = refused(path, "cut short")
    assert error.line == cut.count(b"\n") + 1


def test_a_csv_cut_at_the_end_of_a_line_is_refused_by_its_row_count(tmp_path, jambo):
    path = saved(jambo, tmp_path)
    lines = path.read_bytes().splitlines(keepends=True)
    path.write_bytes(b"".join(lines[:3]))
    refused(path, "it holds 2 rows", "5 rows")


def test_a_csv_cut_in_the_middle_of_a_line_without_a_sidecar_is_refused(tmp_path, jambo):
    path = saved(jambo, tmp_path)
    (tmp_path / "lab.csv.json").unlink()
    data = path.read_bytes()
    path.write_bytes(data[: data.index(b"\n", len(data) // 2) - 4])
    refused(path, "cut short")


def test_another_games_sidecar_is_refused_naming_that_game(tmp_path, jambo, kilimanjaro):
    path = saved(kilimanjaro, tmp_path)
    saved(jambo, tmp_path, "jambo.csv")
    (tmp_path / "lab.csv.json").write_bytes((tmp_path / "jambo.csv.json").read_bytes())
    refused(path, "jambo results", "lab.csv.json")


def test_columns_that_differ_from_the_sidecars_are_refused(tmp_path, jambo):
    path = saved(jambo, tmp_path)
    meta = json.loads((tmp_path / "lab.csv.json").read_text())
    meta["columns"] = [c for c in meta["columns"] if c != "drama"] + ["suspense"]
    (tmp_path / "lab.csv.json").write_text(json.dumps(meta))
    refused(path, "columns differ", "suspense")


def test_a_row_with_too_few_fields_is_refused_naming_its_line(tmp_path, jambo):
    path = tmp_path / "hand.csv"
    text = jambo.to_csv(index=False, lineterminator="\n").splitlines()
    text[3] = text[3].split(",", 2)[2]  # the first two cells lost
    path.write_text("\n".join(text) + "\n")
    error = refused(path, "fields where the header names")
    assert error.line == 4


def test_an_edited_number_is_refused_by_the_digest(tmp_path, jambo):
    path = saved(jambo, tmp_path)
    lines = path.read_text().splitlines(keepends=True)
    cells = lines[2].split(",")
    cells[1] = str(int(cells[1]) + 100)  # another seed, still a whole number
    lines[2] = ",".join(cells)
    path.write_text("".join(lines))
    refused(path, "not the ones its sidecar vouches for")


def test_an_empty_file_is_refused(tmp_path, jambo):
    path = saved(jambo, tmp_path)
    path.write_bytes(b"")
    refused(path, "empty")
    (tmp_path / "bare.csv").write_bytes(b"\n\n")
    refused(tmp_path / "bare.csv", "empty")


def test_a_utf16_file_is_refused_saying_to_save_it_as_utf8(tmp_path, jambo):
    path = tmp_path / "spreadsheet.csv"
    path.write_bytes(jambo.to_csv(index=False).encode("utf-16"))
    refused(path, "UTF-16", "UTF-8")
    path.write_bytes(jambo.to_csv(index=False).encode("utf-16-le"))  # no byte-order mark
    refused(path, "UTF-8")


def test_bytes_that_are_not_utf8_are_refused_naming_the_line(tmp_path, jambo):
    path = tmp_path / "latin.csv"
    path.write_bytes(jambo.to_csv(index=False).replace("the last", "\xe9t\xe9").encode("latin-1"))
    assert refused(path, "not UTF-8").line == 2


def test_a_malformed_winners_cell_is_refused_naming_line_and_column(tmp_path, jambo):
    path = saved(jambo, tmp_path)
    path.write_text(re.sub(r'"\(([^")]*)\)"', r'"(\1"', path.read_text(), count=1))
    error = refused(path, "'winners'", "tuple")
    assert error.line is not None and error.line >= 2


def test_a_word_in_a_column_of_numbers_is_refused_naming_line_and_column(tmp_path, jambo):
    path = saved(jambo, tmp_path)
    lines = path.read_text().splitlines(keepends=True)
    cells = lines[4].split(",")
    cells[1] = "seven"
    lines[4] = ",".join(cells)
    path.write_text("".join(lines))
    error = refused(path, "'seed'", "whole number", "'seven'")
    assert error.line == 5


def test_a_column_named_twice_is_refused(tmp_path):
    path = tmp_path / "twice.csv"
    path.write_text("seed,score,score\n1,2,3\n")
    assert refused(path, "'score' appears twice").line == 1


def test_a_sidecar_that_is_not_an_object_is_refused(tmp_path, jambo):
    path = saved(jambo, tmp_path)
    (tmp_path / "lab.csv.json").write_text("[1, 2]\n")
    with pytest.raises(InvalidResults, match=r"lab\.csv\.json: the sidecar must be a JSON object"):
        load_results(path)


def test_a_folder_or_a_parquet_file_named_csv_is_refused(tmp_path, jambo):
    (tmp_path / "folder.csv").mkdir()
    refused(tmp_path / "folder.csv", "not a file")
    pytest.importorskip("pyarrow")
    jambo.to_parquet(tmp_path / "binary.csv")
    refused(tmp_path / "binary.csv", "UTF-8")


def test_a_parquet_file_cut_short_is_refused(tmp_path, jambo):
    pytest.importorskip("pyarrow")
    path = saved(jambo, tmp_path, "lab.parquet")
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])
    refused(path, "Parquet")


def test_invalid_results_is_a_clear_value_error_of_boardlab():
    assert issubclass(InvalidResults, ValueError) and issubclass(
        InvalidResults, boardlab.BoardlabError
    )
    error = InvalidResults("lab.csv", "cut short", 7)
    assert str(error) == "lab.csv, line 7: cut short"
    import pickle

    assert str(pickle.loads(pickle.dumps(error))) == str(error)


# -- what must keep working ---------------------------------------------------------


def test_a_saved_sweep_reads_back_as_it_was(tmp_path, kilimanjaro):
    back = load_results(saved(kilimanjaro, tmp_path))
    pd.testing.assert_frame_equal(back.drop(columns="winners"), kilimanjaro.drop(columns="winners"))
    assert list(back["winners"]) == list(kilimanjaro["winners"])
    meta = back.attrs["sweep"]
    assert meta["game"] == "kilimanjaro" and meta["rows"] == 8 and len(meta["sha256"]) == 64
    assert meta["kinds"]["winners"] == "tuple" and meta["kinds"]["seed"] == "int"
    again = load_results(save_results(back, tmp_path / "again.csv"))  # a loaded frame saves
    assert again.attrs["sweep"]["sha256"] == meta["sha256"]


def test_a_sidecar_from_before_the_digest_still_reads_when_its_columns_match(tmp_path, jambo):
    path = saved(jambo, tmp_path)
    meta = json.loads((tmp_path / "lab.csv.json").read_text())
    old = {k: v for k, v in meta.items() if k not in ("rows", "kinds", "sha256")}
    (tmp_path / "lab.csv.json").write_text(json.dumps(old))
    assert len(load_results(path)) == 5
    old["columns"] = old["columns"][::-1]
    (tmp_path / "lab.csv.json").write_text(json.dumps(old))
    refused(path, "columns differ")


@pytest.mark.parametrize("name", sorted(p.name for p in FIGURES.glob("*.csv")))
def test_the_results_the_project_ships_still_load(name):
    back = load_results(FIGURES / name)
    pd.testing.assert_frame_equal(back, pd.read_csv(FIGURES / name))


def test_save_refuses_before_writing_anything(tmp_path, jambo):
    with pytest.raises(ValueError, match="rows"):
        save_results(jambo, tmp_path / "lab.csv", rows=3)
    with pytest.raises(ValueError, match="no folder"):
        save_results(jambo, tmp_path / "missing" / "lab.csv")
    twice = jambo.rename(columns={"drama": "seed"})
    with pytest.raises(ValueError, match="'seed' appears twice"):
        save_results(twice, tmp_path / "lab.csv")
    assert list(tmp_path.iterdir()) == []


# -- hole 8: the command line checks before it plays ----------------------------------


@pytest.fixture
def no_games(monkeypatch):
    """Any game played fails the test: every refusal must come before the first."""

    def played(*args, **kwargs):
        raise AssertionError("a game was played before the command line was refused")

    monkeypatch.setattr("boardlab.sim.sweep", played)


def closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]  # closed once the probe is: nothing listens there


def refused_at_once(capsys, *argv: str) -> str:
    code = main(["simulate", *argv, "--games", "1", "--quiet"])
    out, err = capsys.readouterr()
    assert code == 2, (code, out, err)
    assert err.startswith("boardlab: ") and err.count("\n") == 1, err
    assert "Traceback" not in err and out == ""
    return err


def test_an_out_folder_that_does_not_exist_is_refused_before_playing(capsys, tmp_path, no_games):
    err = refused_at_once(capsys, "jambo", "--out", str(tmp_path / "nowhere" / "lab.csv"))
    assert "no folder" in err


def test_an_out_that_is_a_folder_or_under_a_file_is_refused_before_playing(
    capsys, tmp_path, no_games
):
    (tmp_path / "lab.csv").mkdir()
    assert "not a file" in refused_at_once(capsys, "jambo", "--out", str(tmp_path / "lab.csv"))
    (tmp_path / "notes.txt").write_text("a file, not a folder\n")
    err = refused_at_once(capsys, "jambo", "--out", str(tmp_path / "notes.txt" / "lab.csv"))
    assert "no folder" in err


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="root may write anywhere")
def test_a_read_only_out_folder_is_refused_before_playing(capsys, tmp_path, no_games):
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o555)
    try:
        assert "cannot write" in refused_at_once(capsys, "jambo", "--out", str(locked / "a.csv"))
    finally:
        locked.chmod(0o755)


@pytest.mark.skipif(not Path("/proc/self").is_dir(), reason="needs Linux's /proc")
def test_an_out_folder_nobody_may_write_to_is_refused_before_playing(capsys, no_games):
    assert "cannot write" in refused_at_once(capsys, "jambo", "--out", "/proc/lab.csv")


def test_an_unknown_out_extension_is_refused_before_playing(capsys, tmp_path, no_games):
    err = refused_at_once(capsys, "jambo", "--out", str(tmp_path / "lab.xlsx"))
    assert ".csv or .parquet" in err


def test_parquet_without_pyarrow_is_refused_before_playing(capsys, tmp_path, no_games, monkeypatch):
    monkeypatch.setitem(sys.modules, "pyarrow", None)  # import pyarrow now fails
    err = refused_at_once(capsys, "jambo", "--out", str(tmp_path / "lab.parquet"))
    assert "pyarrow" in err and ".csv" in err


def test_an_unreachable_dask_scheduler_is_refused_before_playing(capsys, no_games):
    port = closed_port()
    err = refused_at_once(capsys, "jambo", "--dask", f"tcp://127.0.0.1:{port}")
    assert "no scheduler answers" in err and str(port) in err
    assert "scheduler address" in refused_at_once(capsys, "jambo", "--dask", "localhost")


def test_a_scheduler_that_answers_is_used(capsys, tmp_path):
    """The check refuses only what does not answer: a real scheduler runs the sweep."""
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(
        n_workers=1, threads_per_worker=1, processes=False, protocol="tcp",
        dashboard_address=None,
    ) as cluster:  # fmt: skip
        code = main(
            ["simulate", "kilimanjaro", "--games", "2", "--quiet", "--dask",
             cluster.scheduler_address, "--out", str(tmp_path / "lab.csv")]
        )  # fmt: skip
    out, err = capsys.readouterr()
    assert code == 0 and "wrote" in out, err
    assert len(load_results(tmp_path / "lab.csv")) == 2


def test_a_parameter_swept_twice_is_refused_not_the_last_taken(capsys, no_games):
    err = refused_at_once(capsys, "kilimanjaro", "--sweep", "players=2", "--sweep", "players=3")
    assert "--sweep players is given twice" in err
    err = refused_at_once(capsys, "kilimanjaro", "--set", "players=2", "--set", "players=3")
    assert "--set players is given twice" in err
    err = refused_at_once(capsys, "kilimanjaro", "--set", "players=2", "--sweep", "players=3,4")
    assert "both fixed" in err


@pytest.mark.parametrize(
    "argv",
    [
        [],
        ["simulate"],
        ["simulate", "jambo", "--games", "many"],
        ["simulate", "jambo", "--jobs", "x"],
        ["simulate", "jambo", "--seed", "1.5"],
        ["simulate", "jambo", "--color", "red"],
        ["simulate", "jambo", "--games", "0"],
        ["simulate", "jambo", "--jobs", "0"],
        ["simulate", "jambo", "--sweep", "players"],
        ["simulate", "jambo", "--dask", "nonsense://x"],
        ["simulate", "jambo", "--dask", ""],
        ["simulate", "jambo", "--out", ""],
        ["jumble"],
    ],
)
def test_every_mistake_is_one_line_and_exit_status_2(capsys, no_games, argv):
    code = main(argv)
    out, err = capsys.readouterr()
    assert code == 2, (code, out, err)
    assert err.startswith("boardlab: ") and err.count("\n") == 1, err
    assert "Traceback" not in err and "usage:" not in err


def test_a_mistake_as_a_subprocess_has_no_traceback(tmp_path):
    done = subprocess.run(
        [sys.executable, "-m", "boardlab", "simulate", "jambo", "--games", "2", "--quiet",
         "--out", str(tmp_path / "missing" / "lab.csv")],
        capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and "no folder" in done.stderr, done.stderr
    assert "Traceback" not in done.stderr
