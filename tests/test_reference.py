"""The rules as a player reads them: each game's reference card and the rule cards a notebook
shows above a rule's live cell.

- ``reference_card(game)`` (``boardlab/render/reference.py``): the entries with a ``card``,
  under their sections in the card's order, each with its mark's letter (P, R, D) and the
  key; one screen (A4 landscape's proportions), no text under 9 px where a notebook shows
  it at 1366×768; made in under 2 s; the committed ``figures/<game>_reference.png`` is the
  card of today's entries.
- ``rule_card(game, *ids)`` (``boardlab/teach.py``): a badge, the section, the quote (and its
  English translation), the reasoning of a reconstruction or decision, in players' words.
"""

from __future__ import annotations

import time

import matplotlib
import pytest

matplotlib.use("Agg")

from conformance import UNLISTED
from matplotlib.text import Text
from test_readability import NOTEBOOK_OUTPUT_WIDTH, SMALLEST_PX

import boardlab
import boardlab.render.reference as reference
import boardlab.teach as teach
from boardlab.core.coverage import CARDS, DESIGN_NOTES, Rule, Rulebook
from boardlab.figures import FOLDER, reference_png
from boardlab.render import fig_to_png

GAMES = [*boardlab.game_names(), *UNLISTED]


def fake_rulebook(monkeypatch, module, rules, game="template"):
    """``module.rulebook`` answers ``rules`` for any game (a card or rule card made of
    entries the test chooses)."""
    book = Rulebook(game, "rules.py", "", "", tuple(rules))
    monkeypatch.setattr(module, "rulebook", lambda name: book)
    return book


def texts(fig, prefix: str = "") -> list[Text]:
    return [
        t
        for t in fig.findobj(Text)
        if t.get_text().strip() and t.get_visible() and (t.get_gid() or "").startswith(prefix)
    ]


def displayed_px(fig, text: Text) -> float:
    """How tall ``text``'s letters are (its font size in CSS px) where a notebook shows the
    card: at its pixel size, or shrunk to the output's width."""
    width_px = fig.get_figwidth() * fig.dpi
    scale = min(1.0, NOTEBOOK_OUTPUT_WIDTH / width_px)
    return text.get_fontsize() * fig.dpi / 72 * scale


# -- the reference card -----------------------------------------------------------------------
def test_the_card_shows_the_entries_with_a_card_in_the_cards_order(monkeypatch):
    rules = [
        Rule("end", "§5", "The game ends.", card="Game end", summary="It ends."),
        Rule("deal", "§1", "Deal five.", card="Setup", summary="Deal five cards."),
        Rule("silent", "D1", "Ties share the win.", source="notes", card="Scoring"),
        Rule("hidden", "§2", "Not on the card."),
        Rule("deck", "§1", "The deck", kind="reconstruction", card="Setup", summary="40 cards."),
        Rule(
            "long",
            "§2",
            f"As the {DESIGN_NOTES} says, " + "play a card and move your pawn forward " * 4,
            card="Your turn",
        ),
    ]
    fake_rulebook(monkeypatch, reference, rules)
    lines = reference.card_lines("template")
    assert [(x.card, x.mark) for x in lines] == [
        ("Setup", "printed rule"),
        ("Setup", "reconstruction"),
        ("Your turn", "printed rule"),
        ("Game end", "printed rule"),
        ("Scoring", "decision"),
    ]
    assert [x.text for x in lines[:2]] == ["Deal five cards.", "40 cards."]
    shortened = lines[2].text
    assert shortened.startswith("As our decision says, play a card")  # players' words
    assert len(shortened) <= 90 and shortened.endswith("…")
    assert lines[4].text == "Ties share the win."  # no summary: the quote
    fig = reference.reference_card("template")
    drawn = [t.get_text() for t in texts(fig, "reference:line")]
    assert drawn[:2] == ["Deal five cards.", "40 cards."] and len(drawn) == 5
    headings = [t.get_text() for t in texts(fig, "reference:card:")]
    assert headings == ["Setup", "Your turn", "Game end", "Scoring"]  # no Actions: none
    letters = [t.get_text() for t in texts(fig, "reference:mark:")]
    assert letters[:5] == ["P", "R", "P", "P", "D"] and letters[5:] == ["P", "R", "D"]  # the key
    key = " ".join(t.get_text() for t in texts(fig, "reference:key:"))
    assert "printed rule" in key and "reconstruction" in key and "decision" in key
    assert texts(fig, "reference:title")[0].get_text().endswith("reference card")


@pytest.mark.parametrize("game", GAMES)
def test_every_games_card_is_one_screen_and_reads_at_9px(game):
    """Landscape, A4's proportions (one screen, one printed page, 10 inches wide so it prints
    at its size); every text at least 9 points printed and ``SMALLEST_PX`` CSS px where a
    notebook shows it at 1366×768 with the file browser open; every entry with a card drawn."""
    fig = reference.reference_card(game)
    width, height = fig.get_size_inches()
    assert (width, round(height, 6)) == (reference.WIDTH, round(reference.HEIGHT, 6)), (
        f"{game}'s reference card is {height:.1f} inches tall, more than one screen: shorten "
        "its summaries or put fewer entries on the card"
    )
    printed = [t.get_text()[:40] for t in texts(fig) if t.get_fontsize() < 9]
    assert not printed, f"{game}: texts under 9 points on the printed page: {printed}"
    small = [(t.get_text()[:40], round(displayed_px(fig, t), 1)) for t in texts(fig)]
    small = [(s, px) for s, px in small if px < SMALLEST_PX]
    assert not small, f"{game}: texts under {SMALLEST_PX} px as a notebook shows them: {small}"
    lines = reference.card_lines(game)
    entries = texts(fig, "reference:line")
    assert len(entries) == len(lines)
    if not lines:
        assert "no rule" in texts(fig, "reference:empty")[0].get_text().lower()


def test_a_card_too_long_for_a_screen_grows_and_keeps_every_line(monkeypatch):
    words = "Draw two cards from the market, pay a coin for each, and keep one of them; "
    rules = [
        Rule(f"r{i}", "S", "q", card=CARDS[i % 5], summary=(words * 2)[:88]) for i in range(60)
    ]
    fake_rulebook(monkeypatch, reference, rules)
    fig = reference.reference_card("template")
    assert fig.get_size_inches()[1] > reference.HEIGHT
    assert len(texts(fig, "reference:line")) == 60
    assert {t.get_fontsize() for t in texts(fig, "reference:line")} == {reference.SMALLEST}


def test_a_busy_card_is_made_in_under_two_seconds(monkeypatch):
    """Thirty entries, laid out and saved as a PNG, in under 2 s of this process's CPU
    time (the machine's other work does not count)."""
    rules = [
        Rule(f"r{i}", "S", "q", card=CARDS[i % 5], summary=f"Rule {i}: pay two coins, draw a card")
        for i in range(30)
    ]
    fake_rulebook(monkeypatch, reference, rules)
    reference.reference_card("template")  # fonts loaded and cached once
    start = time.process_time()
    png = fig_to_png(reference.reference_card("template"))
    assert time.process_time() - start < 2.0
    assert png.startswith(b"\x89PNG")


@pytest.mark.parametrize("game", boardlab.game_names())
def test_the_committed_card_shows_todays_entries(game):
    """``figures/<game>_reference.png`` carries the fingerprint of the lines it shows; it
    must be that of the rulebook entries today."""
    path = FOLDER / f"{game}_reference.png"
    remake = f"python -m boardlab.figures {game}_reference.png"
    assert path.exists(), f"figures/{path.name} is missing: make it with `{remake}`"
    stored = reference.png_text(path.read_bytes()).get(reference.KEY)
    assert stored == reference.fingerprint(game), (
        f"figures/{path.name} is not the card of today's rulebook entries: run `{remake}` "
        "and commit it"
    )


def test_the_figures_command_stamps_the_card_with_its_fingerprint():
    fig = reference.reference_card("template")
    stamped = reference.png_text(reference_png(fig))
    assert stamped[reference.KEY] == reference.fingerprint("template")


# -- rule cards ---------------------------------------------------------------------------------
RULES = [
    Rule("deal", "§1 Setup", "Deal ``hand_size`` cards."),
    Rule(
        "turn",
        "Tour",
        "Chaque joueur joue une carte.",
        "Each player plays a card.",
        note=f"Seat order ({DESIGN_NOTES} 3).",
    ),
    Rule(
        "tie",
        f"{DESIGN_NOTES.title()} 8",
        f"Equal points share the win, as the {DESIGN_NOTES} settles it.",
        source="notes",
        note=f"The {DESIGN_NOTES}'s choice: the rulebook is silent on ties.",
    ),
    Rule("deck", "Cards", "Forty cards.", kind="reconstruction", note="Rebuilt from photos."),
]


def test_a_rule_card_marks_quotes_and_explains_each_rule(monkeypatch):
    fake_rulebook(monkeypatch, teach, RULES, game="toy")
    card = teach.rule_card("toy", "deal", "toy:turn", "tie", "deck")
    markdown = card._repr_markdown_()
    parts = markdown.split("\n\n**")
    assert len(parts) == 4
    assert parts[0].startswith("**Printed rule** · §1 Setup\n\n> Deal ``hand_size`` cards.")
    assert (
        "> Chaque joueur joue une carte.\n>\n> *In English:* Each player plays a card." in parts[1]
    )
    assert "Note: Seat order (our decision 3)." in parts[1]
    assert parts[2].startswith("Decision** · Our decision 8")
    assert "> Equal points share the win, as our decision settles it." in parts[2]
    assert "*Why: Our own choice: the rulebook is silent on ties.*" in parts[2]
    assert (
        parts[3].startswith("Reconstruction** · Cards") and "Why: Rebuilt from photos." in parts[3]
    )
    assert DESIGN_NOTES not in markdown.lower()
    plain = str(card)
    assert plain.startswith("Printed rule · §1 Setup\n  “Deal hand_size cards.”")
    assert "In English: “Each player plays a card.”" in plain
    assert "``" not in plain and "**" not in plain and DESIGN_NOTES not in plain.lower()
    assert repr(card) == plain  # what an export shows is words, not a dataclass repr


def test_a_rule_card_refuses_what_the_rulebook_lacks(monkeypatch):
    fake_rulebook(monkeypatch, teach, RULES, game="toy")
    with pytest.raises(KeyError, match=r"toy has no rule .nope.*boardlab\.coverage"):
        teach.rule_card("toy", "deal", "nope")
    with pytest.raises(KeyError, match="is a rule of jambo, not of toy"):
        teach.rule_card("toy", "jambo:deal")
    with pytest.raises(ValueError, match="names no rule"):
        teach.rule_card("toy")


def test_a_real_games_rule_card():
    card = teach.rule_card("template", "turn")
    assert card._repr_markdown_().startswith("**Printed rule** · §2 Turn\n\n> Play one card")
