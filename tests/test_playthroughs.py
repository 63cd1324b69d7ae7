"""Golden playthroughs: every game plays exactly as its committed text says.

One seeded random game per (game, variant), written by ``python -m
boardlab.playthrough`` into ``tests/playthroughs/``. A refactoring keeps
every file byte-identical; a deliberate rule change regenerates them in the
commit that says so (``make playthroughs``), and the diff shows what changed.
"""

from __future__ import annotations

import difflib

import pytest

from boardlab import playthrough
from boardlab.core import game_names

EXPECTED = playthrough.expected_files()


def test_every_registered_game_and_variant_has_a_golden_playthrough():
    covered = {cls.name for cls, _ in EXPECTED.values()}
    missing = sorted(set(game_names()) - covered)
    assert not missing, f"no golden playthrough of {missing}: run `make playthroughs`"
    problems = playthrough.problems()
    assert problems == [], (
        f"{problems}: run `make playthroughs` (and delete the stale files it names: git rm)"
    )


def test_the_meta_check_names_every_game_without_files_and_every_stale_file(tmp_path):
    (tmp_path / "retired_game__defaults.txt").write_text("")
    found = playthrough.problems(tmp_path)
    for name in game_names():
        assert any(line.startswith(f"{name} has no playthrough") for line in found), name
    assert "stale: retired_game__defaults.txt" in found


@pytest.mark.parametrize("path", sorted(EXPECTED), ids=[p.stem for p in sorted(EXPECTED)])
def test_playthrough_unchanged(path):
    cls, variant = EXPECTED[path]
    if not path.exists():
        pytest.fail(f"{path.name} is missing: run `make playthroughs`")
    old = path.read_text(encoding="utf-8")
    new = playthrough.render(cls, variant)
    if new != old:
        diff = difflib.unified_diff(
            old.splitlines(), new.splitlines(), "committed", "now", lineterm="", n=2
        )
        shown = "\n".join(list(diff)[:60])
        pytest.fail(
            f"{path.name}: the game no longer plays as recorded. If the change is a "
            f"deliberate rule fix, run `make playthroughs` and say so in the commit.\n{shown}"
        )
