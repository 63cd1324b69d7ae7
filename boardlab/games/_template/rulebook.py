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
# ``notes="<game>.md"`` for your notes of design decisions, one entry each
# (``source="notes"``). Those files stay outside the repository: the quotes are
# checked against them only where ``BOARDLAB_RULE_TEXTS`` names their folder; each
# entry here, with its ``note``, is what a reader of the repository has, so it says
# the decision and its reasoning whole.
#
# TEMPLATE: mark what each entry is, so a reader tells a printed rule from one you
# supplied: a quote of the rulebook is a printed rule and an entry of your notes a decision
# by default; say ``kind="reconstruction"`` where a lost or unclear text was rebuilt
# (a card's wording) and ``kind="decision"`` where the text is silent and you chose
# (with the reasoning as ``note``). Put the entries a player needs at the table on the
# reference card (``boardlab.render.reference.reference_card``): ``card=`` one of
# "Setup", "Your turn", "Actions", "Game end", "Scoring" (at least Setup, Your turn, Game
# end and Scoring), with ``summary=`` its line in players' words, 90 characters at most.
"""

from __future__ import annotations

from boardlab.core.coverage import OWN_DOCSTRING, Rule, Rulebook

RULEBOOK = Rulebook(
    game="template",
    original=OWN_DOCSTRING,  # the template's rulebook is the docstring of its rules.py
    translation="",
    notes="",
    rules=(
        Rule(
            "setup-deck",
            "§1 Setup",
            "The deck holds 20 cards: zebras and lions, values 1–5, two of each",
            card="Setup",
            summary="20 cards: zebras and lions, values 1 to 5, two of each.",
        ),
        Rule(
            "setup-deal",
            "§1 Setup",
            "Shuffle it and deal each player ``hand_size`` cards, kept hidden; the deal leaves "
            "at least one card in the deck.",
            card="Setup",
            summary="Shuffle, and deal each player a hand of 3 cards, kept hidden.",
        ),
        Rule(
            "setup-camp",
            "§1 Setup",
            "Every pawn starts in camp (space 0); the waterhole is space ``track_length``.",
            card="Setup",
            summary="Every pawn starts in camp (space 0); the waterhole is the last space.",
        ),
        Rule(
            "setup-order",
            "§1 Setup",
            "Player 0 begins; turns go in seat order.",
            card="Setup",
            summary="Player 0 begins; turns go in seat order.",
        ),
        Rule(
            "turn",
            "§2 Turn",
            "Play one card from your hand and move your pawn forward by its value.",
            card="Your turn",
            summary="Play one card from your hand: your pawn moves forward by its value.",
        ),
        Rule(
            "turn-draw",
            "§2 Turn",
            "Then draw the top card of the deck, if any is left.",
            card="Your turn",
            summary="Then draw the top card of the deck, if any is left.",
        ),
        Rule(
            "lion-chase",
            "§3 The lion",
            "After moving with a lion, choose another player whose pawn is as far as yours or "
            "further",
            card="Actions",
            summary="A lion sends a player as far as you or further back by its value.",
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
            card="Game end",
            summary="Reach the waterhole (onto or past it) and you win at once.",
        ),
        Rule(
            "cards-out",
            "§5 Cards run out",
            "When the deck is empty and the next player holds no card, the game ends: the pawn "
            "furthest along wins",
            card="Game end",
            summary="Deck empty and the next player holds no card: the furthest pawn wins.",
        ),
        Rule(
            "cards-out-tie",
            "§5 Cards run out",
            "a tie goes to the tied player holding the highest card (they would move furthest "
            "next); still tied, they share the win.",
            card="Scoring",
            summary="A tie goes to the tied player holding the highest card; still tied, share it.",
        ),
        Rule(
            "turn-cap",
            "§6 Turn cap",
            "A game still running after ``max_turns`` turns is cut short (truncated) and ranked "
            "as in §5.",
            card="Game end",
            summary="A game still running after 30 turns stops and is ranked the same way.",
        ),
    ),
)
