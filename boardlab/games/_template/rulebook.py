"""Waterhole's rulebook as data: every rule sentence, with the tests and cells that show it.

``boardlab.coverage("template")`` joins these entries with the tests tagged
``@pytest.mark.rule("template:<id>")`` and the notebook cells tagged
``template:<id>``; ``tests/test_coverage.py`` fails when an entry has no test
or a quote is not word for word in its source.

# TEMPLATE: quote your rulebook, the docstring of your ``rules.py``
# (``original=OWN_DOCSTRING``): one entry per rule-stating sentence or list item,
# word for word, ids short and stable, in at least three sections, each entry
# tagged on a test (``tests/test_coverage.py`` checks all three). A docstring in
# numbered sections may instead be read whole: ``Rulebook.from_docstring`` (the
# board template's ``rulebook.py``). A game adapted from a printed rulebook may
# quote its text instead: ``original="<game>.seed.txt"`` (a French or Russian one
# with ``translation="<game>.en.md"`` and each entry's English words), and
# ``dossier="<game>.md"`` for a file of design decisions, one entry each
# (``source="dossier"``). Those files stay outside the repository: the quotes are
# checked against them only where ``BOARDLAB_RULE_TEXTS`` names their folder.
"""

from __future__ import annotations

from boardlab.core.coverage import OWN_DOCSTRING, Rule, Rulebook

RULEBOOK = Rulebook(
    game="template",
    original=OWN_DOCSTRING,  # the template's rulebook is the docstring of its rules.py
    translation="",
    dossier="",
    rules=(
        Rule(
            "setup-deck",
            "§1 Setup",
            "The deck holds 20 cards: zebras and lions, values 1–5, two of each",
        ),
        Rule(
            "setup-deal",
            "§1 Setup",
            "Shuffle it and deal each player ``hand_size`` cards, kept hidden; the deal leaves "
            "at least one card in the deck.",
        ),
        Rule(
            "setup-camp",
            "§1 Setup",
            "Every pawn starts in camp (space 0); the waterhole is space ``track_length``.",
        ),
        Rule("setup-order", "§1 Setup", "Player 0 begins; turns go in seat order."),
        Rule(
            "turn",
            "§2 Turn",
            "Play one card from your hand and move your pawn forward by its value.",
        ),
        Rule("turn-draw", "§2 Turn", "Then draw the top card of the deck, if any is left."),
        Rule(
            "lion-chase",
            "§3 The lion",
            "After moving with a lion, choose another player whose pawn is as far as yours or "
            "further",
        ),
        Rule("lion-catch-up", "§3 The lion", "(variant ``catch_up=False``: any other player)"),
        Rule(
            "lion-back",
            "§3 The lion",
            "they go back as many spaces as the lion's value, never past camp",
        ),
        Rule("lion-to-camp", "§3 The lion", '(variant ``lion="to_camp"``: straight back to camp)'),
        Rule("lion-nobody", "§3 The lion", "If nobody may be chased, the lion chases nobody."),
        Rule("lion-before-draw", "§3 The lion", "The chase comes before your draw."),
        Rule(
            "waterhole",
            "§4 The waterhole",
            "A pawn that reaches the waterhole (onto or past it) wins at once; its lion chases "
            "nobody.",
        ),
        Rule(
            "cards-out",
            "§5 Cards run out",
            "When the deck is empty and the next player holds no card, the game ends: the pawn "
            "furthest along wins",
        ),
        Rule(
            "cards-out-tie",
            "§5 Cards run out",
            "a tie goes to the tied player holding the highest card (they would move furthest "
            "next); still tied, they share the win.",
        ),
        Rule(
            "turn-cap",
            "§6 Turn cap",
            "A game still running after ``max_turns`` turns is cut short (truncated) and ranked "
            "as in §5.",
        ),
    ),
)
