"""Rulebook coverage: every entry of every game's rulebook is quoted right and tested.

``boardlab/games/<game>/rulebook.py`` holds the entries; tests name them with
``@pytest.mark.rule("<game>:<id>")`` and notebook cells with the tag
``<game>:<id>``. Here: every entry has a test, every id a test or cell names
exists, and every quote is word for word in ``shared/rules/`` (skipped, with a
message, where that folder is not beside the repository).
"""

from __future__ import annotations

import pytest

import boardlab.core.coverage as cov
from boardlab.core import game_names

RULES = cov.ROOT.parent / "shared" / "rules"
#: Every game with a rulebook: the product's games and the template.
GAMES = [*game_names(), "template"]


@pytest.mark.parametrize("game", GAMES)
def test_every_rulebook_entry_has_a_test(game):
    table = cov.coverage(game, notebook=cov.notebook_of(game))
    untested = table.index[table["tests"] == 0].tolist()
    assert not untested, f"{game}: rules without a test: {untested}"


@pytest.mark.parametrize("game", GAMES)
def test_tests_and_cells_name_only_entries_that_exist(game):
    book = cov.rulebook(game)
    assert cov.unknown_ids(book, notebook=cov.notebook_of(game)) == []


@pytest.mark.parametrize("game", GAMES)
def test_the_notebook_shows_rules_and_its_coverage_table(game):
    table = cov.coverage(game, notebook=cov.notebook_of(game))
    assert (table["shown in"] != "").any(), f"{game}: no notebook cell names a rule"
    assert "boardlab.coverage(" in cov.notebook_of(game).read_text(encoding="utf-8")


@pytest.mark.parametrize("game", GAMES)
def test_every_quote_is_word_for_word_in_the_rules_folder(game):
    book = cov.rulebook(game)
    if book.original != cov.OWN_DOCSTRING and not RULES.is_dir():
        pytest.skip(f"shared/rules/ is not beside the repository ({RULES}): quotes not checked")
    assert cov.misquoted(book, RULES) == []


@pytest.mark.parametrize("game", GAMES)
def test_every_section_of_the_rulebook_has_entries_and_the_dossier_too(game):
    book = cov.rulebook(game)
    assert any(r.source == "dossier" for r in book.rules) or game == "template"
    assert len({r.section for r in book.rules}) >= 3


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
