"""Rulebook coverage: every entry of every game's rulebook is quoted right and tested.

``boardlab/games/<game>/rulebook.py`` holds the entries; tests name them with
``@pytest.mark.rule("<game>:<id>")`` and notebook cells with the tag
``<game>:<id>``. Here: every entry has a test, every id a test or cell names
exists, the rulebook has sections, and every quote is word for word in its source.

A quote's source is either in the repository — the docstring of the game's
``rules.py`` (``Rulebook.original = OWN_DOCSTRING``, as in the templates) — or a
text file the ``Rulebook`` names (the original printed rules, a translation, the
design notes), kept outside the repository. Quotes from those files are checked
only when the environment variable ``BOARDLAB_RULE_TEXTS`` names a folder holding
them (``BOARDLAB_RULE_TEXTS=/path/to/texts pytest tests/test_coverage.py``);
without it the check says it skipped them.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from conformance import UNLISTED

import boardlab.core.coverage as cov
from boardlab.core import game_names

#: Every game with a rulebook: the product's games and the templates.
GAMES = [*game_names(), *UNLISTED]
#: A rulebook's entries fall in at least this many sections (numbered ``§n`` in a docstring).
SECTIONS = 3


def rule_texts() -> Path | None:
    """The folder of the original rulebook texts, if ``BOARDLAB_RULE_TEXTS`` names one."""
    folder = os.environ.get(cov.RULE_TEXTS_VAR)
    return Path(folder) if folder else None


@pytest.mark.parametrize("game", GAMES)
def test_every_rulebook_entry_has_a_test(game):
    table = cov.coverage(game, notebook=cov.notebook_of(game))
    untested = table.index[table["tests"] == 0].tolist()
    assert not untested, (
        f"{game}: rules without a test: {untested}. Tag a test that checks each with "
        f'@pytest.mark.rule("{game}:<id>")'
    )


@pytest.mark.parametrize("game", GAMES)
def test_tests_and_cells_name_only_entries_that_exist(game):
    book = cov.rulebook(game)
    unknown = cov.unknown_ids(book, notebook=cov.notebook_of(game))
    assert unknown == [], (
        f"{game}: tests or notebook cells name rules its rulebook.py lacks: {unknown}. Fix "
        "the tag, or add the entry to the RULEBOOK"
    )


@pytest.mark.parametrize("game", GAMES)
def test_the_notebook_shows_rules_and_its_coverage_table(game):
    notebook = cov.notebook_of(game)
    if not notebook.exists() and game in UNLISTED:
        pytest.skip(f"the {game} template has no notebook.ipynb (every game of the product has)")
    assert notebook.exists(), (
        f"{game} has no notebook: move its template's notebook.ipynb to notebooks/{game}.ipynb "
        "and show the game's rules there"
    )
    table = cov.coverage(game, notebook=notebook)
    assert (table["shown in"] != "").any(), (
        f"{game}: no cell of {notebook.name} names a rule: tag each cell that shows one "
        f"with its id, {game}:<id> (the cell's tags)"
    )
    assert "boardlab.coverage(" in notebook.read_text(encoding="utf-8"), (
        f'{notebook.name} does not end with its coverage table: boardlab.coverage("{game}")'
    )


@pytest.mark.parametrize("game", GAMES)
def test_every_quote_is_word_for_word_in_its_source(game):
    """In the repository's own text (the docstring of ``rules.py``) always; in the files
    kept outside it when ``BOARDLAB_RULE_TEXTS`` names their folder."""
    book = cov.rulebook(game)
    folder = rule_texts()
    assert cov.misquoted(book, folder) == [], (
        "quote each entry word for word from its source (whitespace may differ)"
    )
    outside = cov.outside_texts(book)
    if outside and folder is None:
        pytest.skip(
            f"{game} quotes {', '.join(outside)}, kept outside the repository: set "
            f"{cov.RULE_TEXTS_VAR} to a folder holding them to check those quotes"
        )


@pytest.mark.parametrize("game", GAMES)
def test_every_rulebook_has_sections_and_its_design_notes_entries(game):
    """At least three sections; and a rulebook that names a file of design notes has an
    entry (``source="notes"``) for each of its decisions, so at least one."""
    book = cov.rulebook(game)
    sections = {r.section for r in book.rules}
    assert len(sections) >= SECTIONS, (
        f"{game}: the rulebook's entries fall in {len(sections)} section(s): write the "
        f"rulebook in at least {SECTIONS} numbered sections (§1 Setup. …)"
    )
    if book.notes:
        assert any(r.source == "notes" for r in book.rules), (
            f"{game}: its Rulebook names {book.notes}, but no entry quotes it: add one per "
            'decision, Rule(..., source="notes"), or set its notes to ""'
        )


def test_the_checks_notice_an_untested_rule_a_stray_tag_and_a_misquote(tmp_path):
    tests = tmp_path / "tests"
    tests.mkdir()
    (tests / "test_x.py").write_text(
        "import pytest\n\n@pytest.mark.rule('template:turn', 'template:no-such')\n"
        "def test_turn():\n    pass\n"
    )
    found = cov.tagged_tests(tests)
    assert found["template:turn"] == ["tests/test_x.py::test_turn"]
    book = cov.rulebook("template")
    assert cov.unknown_ids(book, tests=tests) == ["template:no-such"]
    table = cov.coverage("template", notebook=tmp_path / "none.ipynb", tests=tests)
    assert table.loc["turn", "tests"] == 1 and (table["tests"] == 0).any()
    wrong = cov.Rulebook("template", cov.OWN_DOCSTRING, "", "", (cov.Rule("x", "§9", "no such"),))
    assert cov.misquoted(wrong, tmp_path) == ["template:x: the quote is not in rules.py"]
    assert cov.misquoted(wrong) == ["template:x: the quote is not in rules.py"]  # no folder


def test_quotes_from_outside_texts_are_checked_only_against_a_folder_that_holds_them(tmp_path):
    """A rulebook quoting a file kept outside the repository: nothing to check without a
    folder; with one, a missing file and a quote not in it are named."""
    rules = (cov.Rule("a", "Setup", "Deal five cards."), cov.Rule("b", "Setup", "Deal six."))
    book = cov.Rulebook("template", "x.seed.txt", "", "", rules)
    assert cov.outside_texts(book) == ["x.seed.txt"]
    assert cov.misquoted(book) == []
    assert cov.misquoted(book, tmp_path) == [f"template: {tmp_path} has no x.seed.txt, which "
                                             "the rulebook quotes"]  # fmt: skip
    (tmp_path / "x.seed.txt").write_text("Setup. Deal five\ncards. Then play.")
    assert cov.misquoted(book, tmp_path) == ["template:b: the quote is not in x.seed.txt"]


# -- what each rule is (printed, reconstruction, decision) and the reference card -----------


def test_a_rule_is_marked_printed_reconstruction_or_decision():
    """Without a kind, the source decides: a rulebook quote is a printed rule, an entry of
    our notes a decision; a kind says otherwise, in players' words."""
    assert cov.Rule("a", "S", "q").mark == "printed rule"
    assert cov.Rule("a", "S", "q", source="notes").mark == "decision"
    with pytest.raises(ValueError, match="'notes' \\(our design notes"):
        cov.Rule("a", "S", "q", source="dossier")  # the old name, refused with the new one
    assert cov.Rule("a", "S", "q", kind="reconstruction").mark == "reconstruction"
    assert cov.Rule("a", "S", "q", source="notes", kind="reconstruction").mark == "reconstruction"
    assert cov.Rule("a", "S", "q", kind="decision").mark == "decision"
    # a design-notes entry that restates what the rulebook prints is a printed rule
    assert cov.Rule("a", "S", "q", source="notes", kind="printed").mark == "printed rule"


def test_a_rule_refuses_an_unknown_kind_card_or_a_long_summary():
    with pytest.raises(ValueError, match=r"kind 'house' is not one of '', 'printed'"):
        cov.Rule("a", "S", "q", kind="house")
    with pytest.raises(ValueError, match=r"card 'Turn' is not one of .*'Your turn', 'Actions'"):
        cov.Rule("a", "S", "q", card="Turn")
    with pytest.raises(ValueError, match="91 characters, more than a reference card's line"):
        cov.Rule("a", "S", "q", card="Setup", summary="x" * 91)
    with pytest.raises(ValueError, match="source 'house' is not 'rulebook'"):
        cov.Rule("a", "S", "q", source="house")
    assert cov.Rule("a", "S", "q", card="Scoring", summary="x" * 90).summary == "x" * 90


def test_a_docstring_rulebook_puts_its_sections_on_the_card():
    doc = "§1 Setup. Deal five.\n§2 Turn. Play one.\n§3 End. Last card wins."
    book = cov.Rulebook.from_docstring("toy", doc, {"setup": ("Setup", "Deal five cards.")})
    assert [(r.id, r.card, r.summary, r.mark) for r in book.rules][:2] == [
        ("setup", "Setup", "Deal five cards.", "printed rule"),
        ("turn", "", "", "printed rule"),
    ]
    with pytest.raises(ValueError, match=r"cards name sections its docstring lacks: \['turns'\]"):
        cov.Rulebook.from_docstring("toy", doc, {"turns": ("Your turn", "Play one.")})


def test_players_words_replace_the_design_notes_words():
    said = cov.players_words
    assert (
        said("Round-robin from player 0 (dossier 2).")
        == "Round-robin from player 0 (our decision 2)."
    )
    assert said("Dossier 3") == "Our decision 3"
    assert said("Count and spacing are the dossier's.") == "Count and spacing are our own."
    assert said("the dossier's decisions", "reconstruction") == "our reconstructions"
    assert (
        said("as the seed says; the seed's wording")
        == "as the rulebook says; the rulebook's wording"
    )
    assert said("seed 3 deals it") == "seed 3 deals it"  # a random seed stays


@pytest.mark.parametrize("game", GAMES)
def test_every_reconstruction_and_decision_gives_its_reason(game):
    """A reader is told why where the rule is ours: every entry marked a reconstruction or
    a decision has its reasoning as ``note`` (``rule_card`` shows it as "Why: …")."""
    book = cov.rulebook(game)
    bare = [r.id for r in book.rules if r.mark != "printed rule" and not r.note.strip()]
    assert not bare, (
        f"{game}: reconstructions or decisions without their reasoning: {bare}: say in "
        "note= why the rule is what it is, in players' words"
    )


@pytest.mark.parametrize("game", GAMES)
def test_every_game_puts_setup_turn_end_and_scoring_on_its_reference_card(game):
    """Fails until each game's rulebook entries carry ``card`` and ``summary``: it lists the
    sections a game's card still lacks."""
    book = cov.rulebook(game)
    have = {r.card for r in book.rules}
    missing = [card for card in cov.CARDS_NEEDED if card not in have]
    assert not missing, (
        f"{game}'s reference card has no {', '.join(missing)}: give the rulebook entries a "
        f'player needs at the table card="<section>" and summary="<one line, at most '
        f'{cov.SUMMARY_MAX} characters>" (boardlab/games/{game}/rulebook.py)'
    )


def test_the_coverage_table_says_what_each_rule_is_in_players_words(monkeypatch):
    rules = (
        cov.Rule("turn", "§2 Turn", "Play one card from your hand and move your pawn"),
        cov.Rule("tie", "Our decision 8", "Ties share the win.", source="notes"),
    )
    book = cov.Rulebook("template", cov.OWN_DOCSTRING, "", "notes.md", rules)
    monkeypatch.setattr(cov, "rulebook", lambda game: book)
    table = cov.coverage("template")
    assert table["mark"].tolist() == ["printed rule", "decision"]
    assert table["section"].tolist() == ["§2 Turn", "Our decision 8"]
