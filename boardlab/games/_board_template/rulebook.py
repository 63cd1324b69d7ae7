"""Achi's rulebook as data: an entry per numbered section of ``rules.py``'s docstring, its
id the title's words, tested by the tests tagged ``@pytest.mark.rule("board_template:<id>")``.

Each section is a printed rule (the docstring is the rulebook); ``CARDS`` puts them on the
reference card (``boardlab.render.reference.reference_card``), a line each.

# TEMPLATE: your game's name below, and a line for each section a player needs at the
# table: ``{id: (card, summary)}``, card one of "Setup", "Your turn", "Actions", "Game
# end", "Scoring" (at least Setup, Your turn, Game end and Scoring), the summary in
# players' words, 90 characters at most. A game whose rulebook has an original text
# quotes it sentence by sentence instead, as ``_template/rulebook.py`` does.
"""

from __future__ import annotations

from boardlab.core import Rulebook

from . import rules

#: The reference card's lines: section id → (card section, the line).
CARDS = {
    "the-board": (
        "Setup",
        "A 3×3 grid of points joined by rows, columns and diagonals; 4 counters each.",
    ),
    "placement": ("Your turn", "While you have counters to place, put one on an empty point."),
    "movement": (
        "Actions",
        "All placed: move one along a line to the next empty point; stuck, you lose.",
    ),
    "three-in-a-row": ("Scoring", "Three of your counters on one line win at once."),
    "turn-cap": ("Game end", "A game still running after 50 turns stops: a draw."),
}

RULEBOOK = Rulebook.from_docstring("board_template", rules.__doc__ or "", CARDS)
