"""Achi's rulebook as data: an entry per numbered section of the docstring of
``rules.py``, each tested by a test tagged ``@pytest.mark.rule("board_template:<id>")``
(``boardlab.coverage("board_template")``; ids: ``the-board``, ``placement``, …).

# TEMPLATE: nothing to change. A game with an original rulebook quotes it sentence
# by sentence instead, as ``_template/rulebook.py`` does.
"""

from __future__ import annotations

from boardlab.core import Rulebook

from . import rules

RULEBOOK = Rulebook.from_docstring("board_template", rules.__doc__ or "")
