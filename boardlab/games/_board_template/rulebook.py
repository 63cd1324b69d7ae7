"""Achi's rulebook as data: an entry per numbered section of ``rules.py``'s docstring, its
id the title's words, tested by the tests tagged ``@pytest.mark.rule("board_template:<id>")``.

# TEMPLATE: your game's name below. A game whose rulebook has an original text quotes it
# sentence by sentence instead, as ``_template/rulebook.py`` does.
"""

from __future__ import annotations

from boardlab.core import Rulebook

from . import rules

RULEBOOK = Rulebook.from_docstring("board_template", rules.__doc__ or "")
