"""Jambo's card file ``data/cards.csv``: the ``text`` column (what a card does, in words,
for the notebook's card reference) is read and checked like the other columns, and the
rules never read it."""

from __future__ import annotations

import pytest

import boardlab
from boardlab import DataFile
from boardlab.core.data import DataFileError
from boardlab.games.jambo import components
from boardlab.games.jambo.components import (
    CARDS_PATH,
    EFFECT_CARDS,
    MAX_TEXT,
    card_table,
    card_text,
    default_cards_text,
    parse_cards,
)

HEADER = "card,type,wares,buy,sell,copies,text\n"


def test_every_shipped_card_has_its_text():
    deck = parse_cards(default_cards_text())
    assert all(card.text for card in deck.cards.values())
    assert card_text("Well") == "pay 1 gold, draw 1 card"
    assert card_text("Guard").startswith("reaction, 0 actions: cancels an animal card")
    assert card_text("KKF") == "buy for 4, sell for 11: wares 2 trinkets, 1 fruit"
    assert card_text("small market stand").startswith("build it beside your large stand")


def test_the_card_table_lists_each_design_once_with_its_copies_and_text():
    rows = card_table()
    assert len(rows) == 51 and sum(r["copies"] for r in rows) == 110
    guard = next(r for r in rows if r["card"] == "Guard")
    assert guard == {"card": "Guard", "type": "people", "wares": "", "buy": None,
                     "sell": None, "copies": 6, "text": card_text("Guard")}  # fmt: skip
    assert rows[0]["card"] == "KHTLFS" and (rows[0]["buy"], rows[0]["sell"]) == (10, 18)
    assert rows[0]["wares"] == "KHTLFS" and rows[1]["wares"] == "KKK"
    game = boardlab.load("jambo")
    assert card_table(game) == rows


def test_a_games_own_file_gives_its_texts():
    text = HEADER + "KKF,ware,KKF,4,11,12,cheap trinkets\nGuard,people,,,,2,stops a beast\n"
    game = boardlab.load("jambo", cards=DataFile("mine.csv", text))
    assert card_text("Guard", game.cards) == "stops a beast"
    assert card_text("KKF", game.cards) == "cheap trinkets"
    with pytest.raises(KeyError, match="Well"):
        card_text("Well", game.cards)


def test_an_empty_text_or_a_missing_column_falls_back_to_the_shipped_wording():
    with_column = HEADER + "KKF,ware,KKF,1,30,12,\nGuard,people,,,,2,\n"
    without = "card,type,wares,buy,sell,copies\nKKF,ware,KKF,1,30,12\nGuard,people,,,,2\n"
    for text in (with_column, without):
        cards = parse_cards(text).cards
        assert cards["Guard"].text == card_text("Guard")
        assert cards["KKF"].text == "buy for 1, sell for 30: wares 2 trinkets, 1 fruit"


def test_the_text_changes_no_rule():
    plain = "card,type,wares,buy,sell,copies\nKKF,ware,KKF,4,11,12\nGuard,people,,,,2\n"
    worded = HEADER + "KKF,ware,KKF,4,11,12,mine\nGuard,people,,,,2,also mine\n"
    games = [boardlab.load("jambo", cards=DataFile("c.csv", t)) for t in (plain, worded)]
    states = [g.new_game(5) for g in games]
    for _ in range(40):
        if states[0].outcome is not None:
            break
        assert states[0].legal_actions() == states[1].legal_actions()
        action = states[0].legal_actions()[0]
        for s in states:
            s.apply(action)
    assert states[0].gold == states[1].gold and states[0].hands == states[1].hands


@pytest.mark.parametrize(
    "row, message",
    [
        ("KKF,ware,KKF,4,11,2,buy for 5, sell for 11", "expected 7 fields"),
        ('KKF,ware,KKF,4,11,2,"buy for 5, sell for 11: wares KKF"', "the text says buy for 5"),
        (f"Well,utility,,,,2,{'x' * (MAX_TEXT + 1)}", f"at most {MAX_TEXT} characters"),
        ('Well,utility,,,,2,"two\nlines"', "one line"),
        ("Wel,utility,,,,2,draws", "knows no card"),
    ],
)
def test_a_bad_row_names_its_line(row, message):
    text = HEADER + "Guard,people,,,,10,stops a beast\n" + row + "\n"
    with pytest.raises(DataFileError) as error:
        boardlab.load("jambo", cards=DataFile("mine.csv", text))
    assert message in str(error.value) and "mine.csv, line 3" in str(error.value)


def test_a_wrong_header_names_the_header_with_the_text_column():
    text = "card,type,wares,buy,sell,copies,words\nGuard,people,,,,11,x\n"
    with pytest.raises(DataFileError, match=r"line 1.*copies,text"):
        parse_cards(text, "mine.csv")


def test_the_shipped_file_names_every_engine_card_with_a_text():
    shipped = parse_cards(CARDS_PATH.read_text(encoding="utf-8")).cards
    assert set(EFFECT_CARDS) <= set(shipped)
    assert all(components.shipped_text(name) for name in EFFECT_CARDS)
