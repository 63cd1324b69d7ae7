"""Core's opt-in defaults (``boardlab.core.game``): a state's declared fields copied,
saved, loaded and arranged; a perfect-information game observed whole; narration from
a table; rulebook entries and rule help from the numbered sections of a docstring.
The board template (``boardlab/games/_board_template``) uses them all and passes the
conformance suite; here, what each promises on its own."""

from __future__ import annotations

import pytest

from boardlab.core import Game, ImpossibleScene, Param, State
from boardlab.core.coverage import OWN_DOCSTRING, Rulebook
from boardlab.core.fields import copied
from boardlab.core.sections import sections

DOC = """A game.

§1 Setup. Two players; each
   holds ``counters`` counters.
§2 Placement. Put one on a point.

>>> a doctest, no part of §2
§3 The end. Three in a row wins.
"""


def test_sections_run_from_their_heading_to_a_blank_line_or_the_next_section():
    found = sections(DOC)
    assert [s.heading for s in found] == ["§1 Setup", "§2 Placement", "§3 The end"]
    assert found[0].words == "Two players; each holds ``counters`` counters."
    assert found[1].words == "Put one on a point."


def test_a_rulebook_from_a_docstring_has_an_entry_per_section():
    book = Rulebook.from_docstring("toy", DOC)
    assert [(r.id, r.section) for r in book.rules][2] == ("the-end", "§3 The end")
    assert book.original == OWN_DOCSTRING and book["setup"].quote.startswith("Two players")


def test_copied_copies_lists_dicts_and_sets_and_those_inside_them():
    hands = {"a": [[1, 2], {3}], "b": (4, [5])}
    copy = copied(hands)
    copy["a"][0].append(9)
    copy["a"][1].add(9)
    assert hands == {"a": [[1, 2], {3}], "b": (4, [5])}
    assert copy["b"] is hands["b"]  # a tuple is shared: it never changes in place


class Bare(State):
    def __init__(self, game, seed=0):
        super().__init__(game, seed)
        self.board, self.turn, self.current_player = [None] * 3, 0, 0


class Fielded(Bare):
    _FIELDS = ("board", "turn")


NARRATION = {"place": lambda p, point: f"player {p} places on {point}"}


class Open(Game):
    name, title, perfect_information = "toy_open", "Open (toy)", True
    specs = (Param("players", 2, "int", "Players.", "toy", low=2, high=2),)
    action_types = ()
    narration = NARRATION
    state_class = Fielded


def test_declared_fields_are_copied_saved_loaded_arranged_and_observed():
    game = Open.load()
    state = Fielded(game).arrange(board=[0, None, 1], turn=2)
    clone = state.clone()
    clone.board[1] = 0
    assert state.board == [0, None, 1] and clone != state
    assert game.state_from_json(state.to_json()) == state
    assert state.observation(None) == {
        "player": None,
        "current_player": 0,
        "board": [0, None, 1],
        "turn": 2,
        "outcome": None,
    }
    with pytest.raises(ImpossibleScene, match="arrange\\(\\) takes board, turn, current_player"):
        Fielded(game).arrange(boards=[])
    assert game.describe_event("place", (1, "b2")) == "player 1 places on b2"
    assert game.describe_event("arranged", ()) == "the situation is set up by hand (arrange)"


def test_without_declared_fields_the_hooks_say_what_to_write():
    state = Bare(Open.load())
    with pytest.raises(NotImplementedError, match=r"declares no _FIELDS.*write _copy"):
        state.clone()
    with pytest.raises(NotImplementedError, match="has no arrange"):
        state.arrange(turn=1)
