"""Rulebook coverage: every rule is quoted, tested and shown — and the package proves it.

Each game ships its rulebook as data (``boardlab/games/<game>/rulebook.py``): one
``Rule`` per rule-stating sentence or list item of its rulebook, quoted
verbatim (with the working translation where the original is French or
Russian), and one per component fact we rebuilt and per numbered decision we made
(what the rulebook leaves open and how the engine settles it, with the reasoning:
each entry says it whole, so a reader of the repository needs nothing else). Rule
tests say which entries they check with a pytest marker,
``@pytest.mark.rule("kilimanjaro:course-a")``; notebook cells that demonstrate a
rule carry the entry's id as a cell tag (``kilimanjaro:course-a``).
``boardlab.coverage(game)`` puts the three together: rule → tests → notebook
cells. ``tests/test_coverage.py`` fails when an entry has no test, when a test or
cell names an entry that does not exist, and when a quote is not word for word in
its source.

A quote's source is the game's own rulebook text in the repository — the
docstring of its ``rules.py`` (``OWN_DOCSTRING``; the templates, and any game
written the same way) — or a text file named in the ``Rulebook`` (the original
printed rules, a translation, the design notes). Those files are kept outside the
repository: the quotes from them are checked only when the environment variable
``BOARDLAB_RULE_TEXTS`` names a folder that holds them (``misquoted(book, folder)``).

Tests and notebooks are found beside the package in a source checkout
(``tests/``, ``notebooks/``); an installed package without them reports its
rules with no tests and no cells.
"""

from __future__ import annotations

import ast
import importlib
import json
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from .sections import sections

ROOT = Path(__file__).resolve().parents[2]
#: The marker rule tests carry: ``@pytest.mark.rule("<game>:<id>", ...)``.
MARKER = "rule"


#: What a rule is, for a reader: ``""`` lets the source decide (``Rule.mark``).
KINDS = ("", "printed", "reconstruction", "decision")
#: The sections of a game's reference card, in the card's order.
CARDS = ("Setup", "Your turn", "Actions", "Game end", "Scoring")
#: The sections every game's reference card has (``Actions`` where a turn offers several).
CARDS_NEEDED = ("Setup", "Your turn", "Game end", "Scoring")
#: A reference card's line is short enough to read at a glance (characters).
SUMMARY_MAX = 90
#: Where a rule's quote comes from (``Rule.source``): the printed rules, or our design
#: notes (``Rulebook.notes``: the decisions and reconstructions we supplied).
SOURCES = ("rulebook", "notes")
#: ``Rule.mark`` of each kind, in players' words.
MARKS = {
    "printed": "printed rule",
    "reconstruction": "reconstruction",
    "decision": "decision",
}


@dataclass(frozen=True)
class Rule:
    """One rule of a game, in the words of its rulebook or its design notes.

    ``id`` is short and unique within the game (``"course-a"``); ``section`` the
    rulebook's heading (``"Course of play"``) or our decision's number;
    ``quote`` the original words, verbatim; ``translation`` the English working
    translation of a French or Russian quote, verbatim from it; ``source`` says
    which text the quote comes from; ``note`` what the engine makes of it, where
    that is not obvious (our decision, an ambiguity).

    So that a reader can tell a printed rule from one we had to supply, ``kind``
    says what the rule is when the source alone does not (``mark``): ``"printed"``,
    ``"reconstruction"`` (a lost or unclear text rebuilt, e.g. a card's wording) or
    ``"decision"`` (the text is silent and we chose). ``card`` puts the rule on the
    game's reference card, in one of ``CARDS``, as ``summary``: the card's line in
    players' words (at most ``SUMMARY_MAX`` characters; empty: the quote, shortened).
    """

    id: str
    section: str
    quote: str
    translation: str = ""
    source: Literal["rulebook", "notes"] = "rulebook"
    note: str = ""
    kind: Literal["", "printed", "reconstruction", "decision"] = ""
    card: str = ""
    summary: str = ""

    def __post_init__(self) -> None:
        """Refuse a kind, card or summary the reference card and the notebooks can't show."""
        where = f"rule {self.id!r}"
        if self.source not in SOURCES:
            raise ValueError(
                f"{where}: source {self.source!r} is not 'rulebook' (the printed rules) or "
                "'notes' (our design notes: a decision or a reconstruction)"
            )
        if self.kind not in KINDS:
            allowed = ", ".join(repr(k) for k in KINDS)
            raise ValueError(f"{where}: kind {self.kind!r} is not one of {allowed}")
        if self.card not in ("", *CARDS):
            allowed = ", ".join(repr(c) for c in ("", *CARDS))
            raise ValueError(f"{where}: card {self.card!r} is not one of {allowed}")
        if len(self.summary) > SUMMARY_MAX:
            raise ValueError(
                f"{where}: its summary has {len(self.summary)} characters, more than a "
                f"reference card's line holds ({SUMMARY_MAX}): {self.summary!r}"
            )

    @property
    def mark(self) -> str:
        """``"printed rule"``, ``"reconstruction"`` or ``"decision"``: ``kind``'s words, or
        without a kind, a rulebook quote's ``"printed rule"`` and our notes' ``"decision"``."""
        if self.kind:
            return MARKS[self.kind]
        return "decision" if self.source == "notes" else "printed rule"


@dataclass(frozen=True)
class Rulebook:
    """A game's rulebook as data: its entries and the files they quote."""

    game: str
    #: Where the quotes come from: ``OWN_DOCSTRING`` (the docstring of the game's
    #: ``rules.py``), or the file names of the original text, its working translation
    #: (or ``""`` where the original is English) and our design notes (``notes``;
    #: ``""``: none), files kept outside the repository (``BOARDLAB_RULE_TEXTS``).
    original: str
    translation: str
    notes: str
    rules: tuple[Rule, ...]

    def __post_init__(self) -> None:
        ids = [r.id for r in self.rules]
        doubles = sorted({i for i in ids if ids.count(i) > 1})
        if doubles:
            raise ValueError(f"{self.game} rulebook: ids listed twice: {doubles}")

    @classmethod
    def from_docstring(
        cls, game: str, text: str, cards: Mapping[str, tuple[str, str]] | None = None
    ) -> Rulebook:
        """The rulebook of a game whose rulebook is its ``rules`` module docstring, ``text``,
        written in numbered sections (``§2 Placement. …``): an entry per section, its
        id the title's words (``"placement"``), its quote the section's words, a printed
        rule. In place of a ``rulebook.py`` that restates the docstring entry by entry.
        ``cards`` puts sections on the reference card: ``{id: (card, summary)}``."""
        cards = dict(cards or {})
        rules = []
        for s in sections(text):
            rule_id = re.sub(r"[^a-z0-9]+", "-", s.title.lower()).strip("-")
            card, summary = cards.pop(rule_id, ("", ""))
            rules.append(Rule(rule_id, s.heading, s.words, kind="printed", card=card,
                              summary=summary))  # fmt: skip
        if cards:
            raise ValueError(
                f"{game} rulebook: cards name sections its docstring lacks: {sorted(cards)} "
                f"(its sections: {[r.id for r in rules]})"
            )
        return cls(game, OWN_DOCSTRING, "", "", tuple(rules))

    def full_id(self, rule: Rule) -> str:
        return f"{self.game}:{rule.id}"

    def __getitem__(self, rule_id: str) -> Rule:
        local = rule_id.split(":", 1)[-1]
        for rule in self.rules:
            if rule.id == local:
                return rule
        raise KeyError(f"{self.game} has no rule {rule_id!r}")


#: The insider name our design notes went by in older text (and in the rule texts kept
#: outside the repository): a word a reader never sees (``players_words`` puts it in
#: players' words), nor a notebook's prose.
DESIGN_NOTES = "dossier"
#: Insider words of the design notes, and what a player reads instead (``players_words``).
_INSIDER = (
    (re.compile(rf"\b(the )?{DESIGN_NOTES}['’]s decisions\b", re.I), "our decisions"),
    (re.compile(rf"\bthe {DESIGN_NOTES}['’]s\b", re.I), "our own"),
    (re.compile(rf"\b{DESIGN_NOTES}['’]s\b", re.I), "our"),
    (re.compile(r"\b(?:the |our )?design notes\b", re.I), "our decisions"),
    (re.compile(rf"\b(?:the )?{DESIGN_NOTES}\b", re.I), "our decision"),
    (re.compile(r"\bthe seed(?: text)?['’]s\b", re.I), "the rulebook's"),
    (re.compile(r"\bthe seed text\b", re.I), "the rulebook"),
    (re.compile(r"\bthe seed (says|reads|writes)\b", re.I), r"the rulebook \1"),
)


def players_words(text: str, mark: str = "decision") -> str:
    """``text`` with the design notes' insider words put as a player reads them: their old
    name with a number (``DESIGN_NOTES``, "… 3") → "our decision 3", its possessive → "our
    own", "the seed" (meaning the rulebook text) → "the rulebook". A ``mark`` of
    ``"reconstruction"`` says "our reconstruction"."""
    ours = "our reconstruction" if mark == "reconstruction" else "our decision"
    for pattern, words in _INSIDER:
        words = words.replace("our decision", ours)

        def keep_case(match: re.Match, words: str = words) -> str:
            said = match.expand(words)
            return said[0].upper() + said[1:] if match.group(0)[0].isupper() else said

        text = pattern.sub(keep_case, text)
    return text


def rulebook(game: str) -> Rulebook:
    """The rulebook data of ``game`` (``boardlab.games.<game>.rulebook.RULEBOOK``)."""
    from .registry import game_class

    package = game_class(game).__module__.rsplit(".", 1)[0]
    return importlib.import_module(f"{package}.rulebook").RULEBOOK


def normalise(text: str) -> str:
    """Whitespace collapsed, so a quote may be wrapped differently from its source."""
    return " ".join(text.split())


#: ``Rulebook.original`` for a game whose rulebook is its ``rules`` module docstring
#: (the templates): its quotes are checked against the package itself.
OWN_DOCSTRING = "rules.py"
#: Environment variable: a folder holding the text files a ``Rulebook`` names (kept outside
#: the repository); when it is set, the quotes from those files are checked too.
RULE_TEXTS_VAR = "BOARDLAB_RULE_TEXTS"


def outside_texts(book: Rulebook) -> list[str]:
    """The files ``book`` quotes that are not in the repository: every source but the
    game's own docstring (``OWN_DOCSTRING``)."""
    return sorted({book.original, book.translation, book.notes} - {"", OWN_DOCSTRING})


def own_text(game: str) -> str:
    """The rulebook text ``game`` keeps in the repository: the docstring of its ``rules``
    module, whitespace collapsed."""
    from .registry import game_class

    module = importlib.import_module(game_class(game).__module__)
    return normalise(module.__doc__ or "")


def misquoted(book: Rulebook, folder: Path | None = None) -> list[str]:
    """The entries whose quote (or translation) is not word for word in its source: the
    game's own docstring (``OWN_DOCSTRING``) always; a file ``book`` names only with
    ``folder``, the folder that holds those files (without it they are not checked)."""
    texts: dict[str, str | None] = {}
    out = []
    for name in {book.original, book.translation, book.notes} - {""}:
        if name == OWN_DOCSTRING:
            texts[name] = own_text(book.game)
        elif folder is None:
            texts[name] = None  # kept outside the repository, and no folder given
        elif not (folder / name).is_file():
            texts[name] = None
            out.append(f"{book.game}: {folder} has no {name}, which the rulebook quotes")
        else:
            texts[name] = normalise((folder / name).read_text(encoding="utf-8"))
    for rule in book.rules:
        source = book.notes if rule.source == "notes" else book.original
        if not source:
            out.append(f"{book.game}:{rule.id}: source={rule.source!r}, but the Rulebook "
                       "names no file of that source")  # fmt: skip
        elif texts[source] is not None and normalise(rule.quote) not in texts[source]:
            out.append(f"{book.game}:{rule.id}: the quote is not in {source}")
        translated = texts.get(book.translation) if rule.translation else None
        if translated is not None and normalise(rule.translation) not in translated:
            out.append(f"{book.game}:{rule.id}: the translation is not in {book.translation}")
        if book.translation and rule.source == "rulebook" and not rule.translation:
            out.append(f"{book.game}:{rule.id}: a {book.original} quote needs its translation")
    return out


# -- where the rules are tested and shown --------------------------------------------------


def tagged_tests(tests: Path = ROOT / "tests") -> dict[str, list[str]]:
    """``full rule id → tests`` from every ``@pytest.mark.rule(...)`` under ``tests``."""
    out: dict[str, list[str]] = {}
    for path in sorted(tests.rglob("test_*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            for rule_id in _marked(node):
                where = f"{path.relative_to(tests.parent)}::{node.name}"
                out.setdefault(rule_id, []).append(where)
    return out


def _marked(function: ast.FunctionDef | ast.AsyncFunctionDef) -> Iterator[str]:
    for decorator in function.decorator_list:
        if (
            isinstance(decorator, ast.Call)
            and isinstance(decorator.func, ast.Attribute)
            and decorator.func.attr == MARKER
            and ast.unparse(decorator.func.value).endswith("mark")
        ):
            for arg in decorator.args:
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                    yield arg.value


def tagged_cells(notebook: Path) -> dict[str, list[str]]:
    """``full rule id → cells`` of one notebook: each cell tagged ``<game>:<id>``, named by
    its number and the heading of the section it stands in."""
    out: dict[str, list[str]] = {}
    if not notebook.exists():
        return out
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    heading = ""
    for number, cell in enumerate(cells, start=1):
        source = "".join(cell.get("source", ""))
        if cell.get("cell_type") == "markdown":
            found = re.findall(r"^#+\s*(.+)$", source, flags=re.M)
            heading = found[-1].strip() if found else heading
        for tag in cell.get("metadata", {}).get("tags", []):
            if re.fullmatch(r"[a-z_]+:[a-z0-9_.-]+", tag):
                out.setdefault(tag, []).append(
                    f"cell {number} ({heading})" if heading else f"cell {number}"
                )
    return out


def notebook_of(game: str) -> Path:
    """The notebook that teaches ``game``: ``notebooks/<game>.ipynb``, or the notebook
    pattern beside the game's package (the template's)."""
    from .registry import game_class

    shared = ROOT / "notebooks" / f"{game}.ipynb"
    if shared.exists():
        return shared
    module = importlib.import_module(game_class(game).__module__)
    return Path(module.__file__).parent / "notebook.ipynb"


def coverage(game: str, notebook: Path | None = None, tests: Path | None = None):
    """The coverage table of ``game``: one row per rulebook entry, with the tests that check
    it and the notebook cells that show it (a pandas DataFrame)."""
    import pandas as pd

    book = rulebook(game)
    notebook = notebook or notebook_of(game)
    tested = tagged_tests(tests or ROOT / "tests")
    shown = tagged_cells(notebook)
    rows = []
    for rule in book.rules:
        key = book.full_id(rule)
        rows.append(
            {
                "rule": rule.id,
                "section": players_words(rule.section),
                "mark": rule.mark,
                "source": rule.source,
                "quote": rule.translation or rule.quote,
                "shown in": "; ".join(shown.get(key, [])),
                "tested by": "; ".join(t.rsplit("::", 1)[-1] for t in tested.get(key, [])),
                "tests": len(tested.get(key, [])),
            }
        )
    return pd.DataFrame(rows).set_index("rule")


def unknown_ids(book: Rulebook, tests: Path = ROOT / "tests", notebook: Path | None = None):
    """Ids of ``book``'s game that a test or a cell names but the rulebook lacks."""
    known = {book.full_id(r) for r in book.rules}
    mine = f"{book.game}:"
    named = set(tagged_tests(tests)) | set(tagged_cells(notebook) if notebook else {})
    return sorted(i for i in named if i.startswith(mine) and i not in known)
