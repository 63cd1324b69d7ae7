"""The notebooks are written for a player: what a reader sees holds no Python internals, and
the prose no insider words.

- Stored outputs (what GitHub, nbviewer and an export show; the richest of each output's
  forms, as they pick it): no ``Outcome(``, ``boardlab.load(``, ``<boardlab…>`` object, a
  widget's ``VBox(``/``HBox(``/panel repr, a state's ``…State(`` repr, a dataclass repr
  (``Name(field=…``), a bare list or tuple of booleans (``[True, False, False]``), a
  ``ranking ((`` or a one-element tuple (``(0,)``), a pandas ``dtype:`` footer. Say it in
  words instead (a sentence, a table with named columns, a picture with a caption).
- Markdown prose: not the words "issue", the design notes' name in the rulebook data
  (``coverage.DESIGN_NOTES``) or "design notes", "seed text"/"the seed says" (the
  rulebook is "the rulebook"); no ``../shared`` path (nor in code); no
  ``.md`` file that the repository does not hold.

Each failure names the notebook, the cell (numbered from 1, as ``boardlab.coverage``'s
"shown in" column numbers them) and the words found, and says what to do.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import nbformat
import pytest

from boardlab.core.coverage import DESIGN_NOTES

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))

#: What a reader must not see in an output: (pattern, what it is, what to do instead).
REPRS: list[tuple[re.Pattern, str, str]] = [
    (re.compile(r"\bOutcome\("), "an Outcome repr", "say who won and why in a sentence"),
    (
        re.compile(r"\bboardlab\.load\("),
        "a game object's repr",
        "end the cell with something to read (a sentence, the board), or with a semicolon",
    ),
    (re.compile(r"<boardlab[.\w]*"), "an object's repr", "show it in words or as a picture"),
    (
        re.compile(r"\b(VBox|HBox|Box|GridBox|Tab|Accordion)\(children="),
        "a widget's repr (shown where the widget cannot run)",
        "save the widget's picture with it (run the notebook with tools/refresh_notebooks.py)",
    ),
    (
        re.compile(
            r"\b(GameViewer|PlayPanel|GameExplorer|WhatIfPanel|ParameterPanel|GuidedGame)\("
        ),
        "a boardlab widget's repr (shown where the widget cannot run)",
        "save the widget's picture with it (run the notebook with tools/refresh_notebooks.py)",
    ),
    (re.compile(r"\b\w*State\("), "a state's repr", "show the board, or say what matters"),
    (
        re.compile(r"\b[A-Z]\w*\(\w+="),
        "a dataclass repr",
        "print what it means in words (its str(), or a sentence)",
    ),
    (
        BOOLEANS := re.compile(r"[\[(]\s*(True|False)(\s*,\s*(True|False))*\s*,?\s*[\])]"),
        "a bare list or tuple of booleans",
        "say what each one answers (a sentence or a table with named rows)",
    ),
    (
        re.compile(r"\branking:? \(\([^)]*\)(, \([^)]*\))*,?\)?"),
        "a ranking as nested tuples",
        "say who came where",
    ),
    (
        re.compile(r"\(\d+,\)"),
        "a one-element tuple such as (0,)",
        "name the player ('player 0'), not a Python tuple",
    ),
    (re.compile(r"\bdtype: \w+"), "a pandas repr's dtype footer", "show a table (a DataFrame)"),
]
#: A whole line of text that is a bare boolean (or a bare list/tuple of them).
BARE_BOOLEANS = re.compile(r"^\s*[\[(]?\s*(True|False)(\s*,\s*(True|False))*\s*,?\s*[\])]?\s*$")

#: Words the prose must not use: (pattern, why, what to write instead).
INSIDER: list[tuple[re.Pattern, str, str]] = [
    (
        re.compile(r"\bissues?\b", re.I),
        "'issue' is the project's word, not a player's",
        "say what the reader gains, or drop it",
    ),
    (
        re.compile(rf"\b{DESIGN_NOTES}s?\b", re.I),
        "the reader never sees our design notes",
        "say 'our decision' or 'our reconstruction', with the reasoning here",
    ),
    (
        re.compile(r"\bdesign notes\b", re.I),
        "the reader never sees the design notes",
        "say 'our decision' or 'our reconstruction', with the reasoning here",
    ),
    (
        re.compile(r"\bseed text\b|\bthe seed (says|reads|writes)\b|\bthe seed['’]s\b", re.I),
        "'seed' is the project's word for the rulebook text",
        "say 'the rulebook' (a random seed is fine where the prose explains it)",
    ),
]
SHARED = re.compile(r"\.\./shared\b|/work/shared\b")
MD_FILE = re.compile(r"[\w./-]*[\w-]\.md\b")


def repository_files() -> set[str]:
    """The paths and file names the repository holds (git's index, else the tree)."""
    try:
        listed = subprocess.run(
            ["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True
        ).stdout.split()
    except (OSError, subprocess.CalledProcessError):
        listed = [str(p.relative_to(ROOT)) for p in ROOT.rglob("*.md")]
    return {*listed, *(Path(p).name for p in listed)}


def shown(output) -> list[tuple[str, str]]:
    """The forms of ``output`` a reader sees without a kernel, as ``(kind, text)``: a
    stream's text; else the richest of its data (a picture hides its text/plain, a
    table's HTML its text/plain), tags stripped from HTML."""
    if output.output_type == "stream":
        return [("text", output.get("text", ""))]
    if output.output_type == "error":
        return []  # a cell tagged raises-exception shows its error on purpose
    data = output.get("data", {})
    if "image/png" in data or "image/svg+xml" in data:
        return []
    if "text/html" in data:
        return [("html", re.sub(r"<[^>]+>", " ", "".join(data["text/html"])))]
    if "text/markdown" in data:
        return [("text", "".join(data["text/markdown"]))]
    return [("text", "".join(data.get("text/plain", "")))]


def output_problems(notebook: Path) -> list[str]:
    nb = nbformat.read(notebook, as_version=4)
    out = []
    for number, cell in enumerate(nb.cells, start=1):
        if cell.cell_type != "code":
            continue
        for output in cell.get("outputs", []):
            for kind, text in shown(output):
                taken: set[int] = set()  # where a repr was found: one report each
                for pattern, what, instead in REPRS:
                    for found in pattern.finditer(text):
                        if taken.intersection(range(found.start(), found.end())):
                            continue
                        taken.update(range(found.start(), found.end()))
                        snippet = " ".join(
                            text[max(0, found.start() - 20) : found.end() + 40].split()
                        )
                        out.append(f"cell {number}: {what}: {snippet!r}: {instead}")
                if kind == "text":
                    for line in text.splitlines():
                        if BARE_BOOLEANS.match(line) and not BOOLEANS.search(line):
                            out.append(
                                f"cell {number}: a bare boolean: {line.strip()!r}: say what it "
                                "answers in a sentence ('Yes: the lion may chase player 2')"
                            )
    return out


def prose_problems(notebook: Path, files: set[str]) -> list[str]:
    nb = nbformat.read(notebook, as_version=4)
    out = []
    for number, cell in enumerate(nb.cells, start=1):
        source = cell.source
        if SHARED.search(source):
            out.append(
                f"cell {number} ({cell.cell_type}): points at {SHARED.search(source).group(0)}, "
                "outside the repository: quote what the reader needs here"
            )
        if cell.cell_type != "markdown":
            continue
        for pattern, why, instead in INSIDER:
            for found in pattern.finditer(source):
                snippet = source[max(0, found.start() - 30) : found.end() + 30]
                out.append(f"cell {number}: {' '.join(snippet.split())!r}: {why}: {instead}")
        for cited in MD_FILE.findall(source):
            if cited.startswith(("http:", "https:", "//")) or "://" in cited:
                continue
            if cited not in files and Path(cited).name not in files:
                out.append(
                    f"cell {number}: cites {cited}, which the repository does not hold: "
                    "quote what the reader needs in the notebook instead"
                )
    return out


@pytest.fixture(scope="module")
def files() -> set[str]:
    return repository_files()


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_stored_outputs_hold_no_python_reprs(notebook):
    problems = output_problems(notebook)
    assert not problems, (
        f"notebooks/{notebook.name} shows a reader Python internals in {len(problems)} "
        "place(s); change the cells, then re-run it with tools/refresh_notebooks.py:\n  "
        + "\n  ".join(problems)
    )


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_prose_uses_no_insider_words(notebook, files):
    problems = prose_problems(notebook, files)
    assert not problems, (
        f"notebooks/{notebook.name}'s prose speaks the project's language in {len(problems)} "
        "place(s); write for a player:\n  " + "\n  ".join(problems)
    )


def test_the_checks_find_what_they_forbid(tmp_path):
    """A notebook with each forbidden thing is caught, cell by cell; a clean one passes."""
    nb = nbformat.v4.new_notebook()
    code = nbformat.v4.new_code_cell("x")
    code.outputs = [
        nbformat.v4.new_output("execute_result", {"text/plain": "boardlab.load('jambo')"}),
        nbformat.v4.new_output("stream", text="[True, False, False]\nTrue\n"),
        nbformat.v4.new_output("execute_result", {"text/plain": "Outcome(status='finished')"}),
        nbformat.v4.new_output("stream", text="ranking: ((0,), (1,))\n"),
        nbformat.v4.new_output(  # a picture hides its text/plain
            "execute_result", {"text/plain": "VBox(children=())", "image/png": "iVBOR"}
        ),
    ]
    prose = nbformat.v4.new_markdown_cell(
        f"As the {DESIGN_NOTES} says (see the issue), the seed text and kilimanjaro.md; README.md"
    )
    nb.cells = [code, prose, nbformat.v4.new_code_cell("open('../shared/x')")]
    path = tmp_path / "bad.ipynb"
    nbformat.write(nb, path)
    outputs = output_problems(path)
    assert any("game object's repr" in p for p in outputs)
    assert any("list or tuple of booleans" in p for p in outputs)
    assert any("a bare boolean: 'True'" in p for p in outputs)
    assert any("Outcome repr" in p for p in outputs)
    assert any("nested tuples" in p for p in outputs)
    assert not any("one-element tuple" in p for p in outputs)  # one report where reprs overlap
    assert all(p.startswith("cell 1:") for p in outputs) and not any("VBox" in p for p in outputs)
    prose_found = prose_problems(path, {"README.md"})
    assert [p.split(":")[0] for p in prose_found] == ["cell 2"] * 4 + ["cell 3 (code)"]
    assert any("kilimanjaro.md" in p for p in prose_found)
    assert not any("cites README.md" in p for p in prose_found)
    clean = nbformat.v4.new_notebook()
    clean.cells = [nbformat.v4.new_markdown_cell("Player 0 wins: first to the base camp.")]
    nbformat.write(clean, tmp_path / "clean.ipynb")
    assert output_problems(tmp_path / "clean.ipynb") == []
    assert prose_problems(tmp_path / "clean.ipynb", set()) == []
