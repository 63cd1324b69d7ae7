"""The rule-decisions table a notebook shows: every parameter's value in words a player
reads ("yes", "20, 40, 60, 80", "everybody starts at 0"), never a Python repr (``()``,
``True``, ``(20, 40, 60, 80)``), in the formatter (``boardlab.teach.decisions_table``) and in
the stored outputs of each game's notebook."""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest

import boardlab
from boardlab.core.coverage import DESIGN_NOTES
from boardlab.core.params import DataFile
from boardlab.teach import DECISION_COLUMNS, decisions_table, in_words

ROOT = Path(__file__).resolve().parents[1]
#: A table cell that is a Python repr: an empty or a bare tuple/list, a bool, None.
REPR_CELL = re.compile(r"\(\)|\[\]|True|False|None|[(\[][\d\s,.'\w-]*,[\d\s,.'\w-]*[)\]]")


def test_values_are_said_in_words():
    assert (in_words(True), in_words(False), in_words(None)) == ("yes", "no", "none")
    assert in_words((20, 40, 60, 80)) == "20, 40, 60, 80" and in_words([3]) == "3"
    assert in_words(()) == "none"
    assert in_words((), "Points for each (… e.g. (0, 10)). Empty: everybody starts at 0.") == (
        "everybody starts at 0"
    )
    assert in_words((), "Seat directions (empty: S, N, W, E in seat order).") == (
        "S, N, W, E in seat order"
    )
    assert in_words(0, "Gold in the bank (0: unlimited, the default).") == "0 (unlimited)"
    assert in_words(52, "Gold in the bank (0: unlimited, the default).") == "52"
    assert in_words(DataFile("deck.csv", "a,b\n", True)) == "deck.csv"
    assert in_words("send_back") == "send_back" and in_words(77) == "77"


@pytest.mark.parametrize("name", boardlab.game_names())
def test_every_games_table_says_its_values_in_words(name):
    table = decisions_table(boardlab.load(name))
    assert list(table.columns) == list(DECISION_COLUMNS)
    assert len(table) == len(boardlab.load(name).specs)
    said = [c for column in ("value", "default") for c in table[column]]
    reprs = [c for c in said if not isinstance(c, str) or REPR_CELL.fullmatch(c)]
    assert not reprs, f"{name}: values shown as Python reprs: {reprs}"
    quoted = table["allowed"][table["allowed"].str.contains(r"True|False|DataFile|'\w+'")]
    assert quoted.empty, f"{name}: what a parameter allows, said as Python: {list(quoted)}"
    assert not table["rule"].str.contains(DESIGN_NOTES, case=False).any()  # players' words


def test_kombo_afrikas_start_points_say_what_nothing_given_means():
    table = decisions_table(boardlab.load("kombo_afrika")).set_index("name")
    assert table.loc["start_points", "value"] == "everybody starts at 0"
    uneven = decisions_table(boardlab.load("kombo_afrika", start_points=(0, 10)))
    assert uneven.set_index("name").loc["start_points", "value"] == "0, 10"


def table_cells(output) -> list[str]:
    """The cells of a table a stored output shows: an HTML table's ``<td>``s, or a printed
    table's columns (two spaces or more apart)."""
    if output.output_type == "stream":
        text = output.get("text", "")
        return [c for line in text.splitlines() for c in re.split(r"\s{2,}", line.strip())]
    data = output.get("data", {})
    if "text/html" in data:
        return re.findall(r"<td>(.*?)</td>", "".join(data["text/html"]), flags=re.S)
    return [c for line in "".join(data.get("text/plain", "")).splitlines()
            for c in re.split(r"\s{2,}", line.strip())]  # fmt: skip


#: Every game's notebook, and the template's, which a new game's notebook copies.
NOTEBOOKS = {
    **{name: ROOT / "notebooks" / f"{name}.ipynb" for name in boardlab.game_names()},
    "template": ROOT / "boardlab" / "games" / "_template" / "notebook.ipynb",
}


@pytest.mark.parametrize("name", NOTEBOOKS)
def test_the_notebooks_stored_table_holds_no_python_repr(name):
    notebook = nbformat.read(NOTEBOOKS[name], as_version=4)
    cells = [
        (number, cell)
        for number, cell in enumerate(notebook.cells, start=1)
        if cell.cell_type == "code" and "decisions" in cell.source
    ]
    where = NOTEBOOKS[name].relative_to(ROOT)
    assert cells, f"{where} shows no rule-decisions table (decisions_table)"
    found = [
        (number, c.strip())
        for number, cell in cells
        for output in cell.get("outputs", [])
        for c in table_cells(output)
        if REPR_CELL.fullmatch(c.strip())
    ]
    assert not found, (
        f"{where} shows parameter values as Python reprs (cell, value): "
        f"{found}: build the table with boardlab.teach.decisions_table(game) and re-run the "
        "notebook (tools/refresh_notebooks.py)"
    )
