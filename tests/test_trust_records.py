"""Records from strangers (issue 28, holes 1, 5, 6, 9 and the data-file half of 10).

A teacher replays records a student hands in: a record must never make the package
touch the filesystem (a data file travels by hash or embedded, never by path), its
summary must be the replay's, its actions must be written as the game writes them,
every field of an action must be the game's, and a seed is a non-negative integer.
Every test plays a few short games (a few dozen steps), so the file runs in seconds.
"""

from __future__ import annotations

import builtins
import dataclasses
import io
import json
import os
import random
from pathlib import Path

import pytest
from conformance import findable, load_game, suite_games

import boardlab
from boardlab.core import IllegalAction, InvalidParameter, InvalidRecord
from boardlab.core.data import Column, DataFileError, read_table
from boardlab.core.params import DATA_FILE_MAX_BYTES, DataFile

NAMES = list(suite_games())
#: Every game (the template too) with a data-file parameter: (game, parameter).
FILE_PARAMS = [
    (name, spec.name)
    for name, cls in suite_games().items()
    for spec in cls.specs
    if spec.kind == "datafile"
]
SECRET = "the-teachers-private-grades-do-not-quote-me"


def short_game(name: str, seed: int = 5, steps: int = 30, **params):
    """A game of ``name`` after up to ``steps`` random legal actions."""
    state = load_game(name, **params).new_game(seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal:
            break
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    return state


def replay(name: str, record):
    with findable(suite_games()[name]):
        return boardlab.replay(record)


def record_of(name: str, **kwargs) -> dict:
    return json.loads(short_game(name, **kwargs).record().to_json())


# -- hole 1: a record never makes the package touch the filesystem --------------------------


def _forbid_opening(monkeypatch) -> None:
    """Any attempt to open a file fails the test (instead of reading /dev/zero or hanging on
    a FIFO): the replay of a record must refuse a path before opening anything."""

    def refuse(*args, **kwargs):
        raise AssertionError(f"a file was opened: {args[:1]!r}")

    for owner, name in (
        (builtins, "open"),
        (io, "open"),
        (os, "open"),
        (Path, "open"),
        (Path, "read_bytes"),
        (Path, "read_text"),
    ):
        monkeypatch.setattr(owner, name, refuse)


@pytest.fixture
def paths(tmp_path):
    """A readable file holding a secret, a device, a FIFO and a directory."""
    secret = tmp_path / "grades.csv"
    secret.write_text(SECRET + "\n")
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    return {"file": str(secret), "device": "/dev/zero", "fifo": str(fifo), "dir": str(tmp_path)}


@pytest.mark.parametrize(("name", "param"), FILE_PARAMS)
def test_a_path_in_a_record_is_refused_without_being_opened(name, param, paths, monkeypatch):
    record = record_of(name, steps=5)
    for kind, path in paths.items():
        for value in (path, Path(path).as_uri(), [path]):
            edited = dict(record, params={**record["params"], param: value})
            with monkeypatch.context() as patched:
                _forbid_opening(patched)
                with pytest.raises(InvalidRecord) as caught:
                    replay(name, edited)
            assert caught.value.field == "params", (kind, caught.value)
            assert param in str(caught.value) and "never" in str(caught.value)
            assert SECRET not in str(caught.value)


def test_a_path_in_a_record_is_refused_even_with_the_real_filesystem(paths):
    """The same without patching: the secret's text never comes back in the message."""
    record = record_of("kombo_afrika", steps=5)
    edited = dict(record, params={**record["params"], "deck": paths["file"]})
    with pytest.raises(InvalidRecord) as caught:
        boardlab.replay(edited)
    assert SECRET not in str(caught.value) and caught.value.field == "params"


def test_a_file_embedded_in_a_record_replays_without_the_filesystem(monkeypatch):
    """What a record may hold instead: the shipped file by name and hash, a teacher's file
    embedded whole. Neither opens anything."""
    text = "name,colour,points\n" + "SURI,red,1\n" * 20 + "CHAO,,0\n" * 2
    mine = boardlab.load("kombo_afrika", deck=text, colours=1).new_game(3)
    shipped = boardlab.load("kombo_afrika").new_game(3)
    for state in (mine, shipped):
        state.apply(state.legal_actions()[0])
    _forbid_opening(monkeypatch)
    assert "text" in mine.record().params["deck"]
    assert boardlab.replay(mine.record().to_json())[-1] == mine
    assert boardlab.replay(shipped.record().to_json())[-1] == shipped


@pytest.mark.parametrize(
    ("kind", "words"),
    [("device", "not a regular file"), ("fifo", "not a regular file"), ("dir", "a directory")],
)
def test_load_refuses_devices_fifos_and_directories_before_opening_them(
    kind, words, paths, monkeypatch
):
    """``load(deck=path)``, the teacher's own call, looks at what the path names first: a
    device would fill the memory (/dev/zero), a FIFO hang the call. Opening is forbidden
    here, so a reader that opens first fails the test at once instead of hanging."""
    _forbid_opening(monkeypatch)
    with pytest.raises(InvalidParameter) as caught:
        boardlab.load("kombo_afrika", deck=paths[kind])
    assert caught.value.name == "deck"
    assert words in str(caught.value) and paths[kind] in str(caught.value)


def test_load_refuses_a_file_over_the_size_limit_before_reading_it(tmp_path):
    big = tmp_path / "big.csv"
    big.write_text("name,colour,points\n" + "SURI,red,1\n" * (DATA_FILE_MAX_BYTES // 11 + 1))
    assert big.stat().st_size > DATA_FILE_MAX_BYTES
    with pytest.raises(InvalidParameter) as caught:
        boardlab.load("kombo_afrika", deck=str(big))
    assert caught.value.name == "deck"
    assert f"{DATA_FILE_MAX_BYTES:,} bytes" in str(caught.value)
    with pytest.raises(InvalidParameter, match="bytes"):
        boardlab.load("kombo_afrika", deck="x" * (DATA_FILE_MAX_BYTES + 1) + "\n")


def test_load_still_reads_a_teachers_file_by_path(tmp_path):
    path = tmp_path / "mine.csv"
    path.write_text("name,colour,points\n" + "SURI,red,1\n" * 20 + "CHAO,,0\n" * 2)
    game = boardlab.load("kombo_afrika", deck=str(path), colours=1)
    assert game.params["deck"] == DataFile("mine.csv", path.read_text())
    assert boardlab.load("kombo_afrika", deck=path, colours=1) == game


# -- hole 5: the record's summary and its actions are what the replay gives ----------------


def _edits_of_final(final: dict):
    """(what was edited, the edited summary) for each way the summary could lie."""
    scores = list(final["scores"])
    scores[0] = scores[0] + 7 if isinstance(scores[0], int) else [scores[0]]
    yield "scores", dict(final, scores=scores)
    if final["outcome"] is not None:
        winners = [p for p in range(len(scores)) if p not in final["outcome"]["winners"]]
        yield "winners", dict(final, outcome=dict(final["outcome"], winners=winners))
        return  # a finished game is long: its other edits are the unfinished one's
    yield "steps", dict(final, steps=final["steps"] + 1)
    yield "current_player", dict(final, current_player=99)
    outcome = {"status": "finished", "winners": [0], "ranking": [[0]], "team": None}
    yield "outcome", dict(final, outcome=outcome)
    yield "extra key", dict(final, winner=0)
    yield "missing", None
    yield "absent", "absent"


@pytest.mark.parametrize("name", NAMES)
def test_a_record_whose_summary_lies_is_refused(name):
    """The winners, the scores, the steps, who moves, the outcome: edited, or the summary
    deleted, the record is refused naming ``final`` (a finished game and one under way)."""
    finished = json.loads(short_game(name, seed=1, steps=10_000).record().to_json())
    assert finished["final"]["outcome"] is not None
    unfinished = record_of(name, steps=4)
    assert unfinished["final"]["outcome"] is None
    for record in (finished, unfinished):
        for what, final in _edits_of_final(record["final"]):
            edited = dict(record, final=final)
            if final == "absent":
                del edited["final"]
            with pytest.raises(InvalidRecord) as caught:
                replay(name, edited)
            assert caught.value.field == "final", (what, caught.value)
    assert replay(name, unfinished)  # as written, it replays


@pytest.mark.parametrize("name", NAMES)
def test_an_extra_key_inside_an_action_is_refused(name):
    record = record_of(name, steps=8)
    for i in (0, len(record["actions"]) - 1):
        actions = [dict(a) for a in record["actions"]]
        actions[i]["note"] = "played with my eyes closed"
        with pytest.raises(InvalidRecord) as caught:
            replay(name, dict(record, actions=actions))
        assert caught.value.field == f"actions[{i}]" and "note" in str(caught.value)


# -- hole 6: every field of an action is checked -----------------------------------------


def _kombo_main(seed: int = 1):
    state = boardlab.load("kombo_afrika").new_game(seed)
    while state.phase_name != "main":
        state.apply(state.legal_actions()[0])
    return state


def test_kombo_afrika_a_placement_with_another_label_is_refused_and_changes_nothing():
    from boardlab.games.kombo_afrika.actions import Place

    state = _kombo_main()
    places = [a for a in state.legal_actions() if type(a) is Place]
    legal = places[0]
    other = next(a.label for a in places if a.label != legal.label)
    for label in ("bogus", other, legal.label.upper(), " " + legal.label):
        before = state.to_json()
        with pytest.raises(IllegalAction, match="label") as caught:
            state.apply(dataclasses.replace(legal, label=label))
        assert "Place" in caught.value.rule
        assert state.to_json() == before
    state.apply(dataclasses.replace(legal, label=legal.label))  # the same fields: played
    assert boardlab.replay(state.record())[-1] == state


#: Games with an action class whose fields are not all part of its equality.
LOOSE = [
    name
    for name, cls in suite_games().items()
    if any(not f.compare for t in cls.action_types for f in dataclasses.fields(t))
]


def test_kombo_afrika_has_a_field_outside_equality():
    assert "kombo_afrika" in LOOSE  # Place.label: the next test is not empty


@pytest.mark.parametrize("name", LOOSE)
def test_a_field_outside_equality_must_still_be_the_games(name):
    """For every game, every legal action's fields that equality ignores (``compare=False``):
    another value is refused, the state unchanged; at every position of a short game."""
    state = load_game(name).new_game(2)
    rng = random.Random(2)
    checked = 0
    for _ in range(40):
        if state.is_terminal:
            break
        legal = state.legal_actions()
        for action in legal:
            for f in (f for f in dataclasses.fields(action) if not f.compare):
                value = getattr(action, f.name)
                odd = value + "?" if isinstance(value, str) else value + 1
                before = state.to_json()
                with pytest.raises(IllegalAction):
                    state.apply(dataclasses.replace(action, **{f.name: odd}))
                assert state.to_json() == before
                checked += 1
        state.apply(legal[rng.randrange(len(legal))])
    assert checked


# -- hole 9: seeds are non-negative --------------------------------------------------------


@pytest.mark.parametrize("name", NAMES)
def test_a_negative_seed_is_refused(name):
    game = load_game(name)
    for seed in (-7, -1, -(2**70)):
        with pytest.raises(InvalidParameter) as caught:
            game.new_game(seed)
        assert caught.value.name == "seed" and "non-negative" in str(caught.value)
    assert game.new_game(0).seed == 0 and game.new_game(2**70).seed == 2**70
    record = record_of(name, steps=3)
    with pytest.raises(InvalidRecord) as caught:
        replay(name, dict(record, seed=-record["seed"] - 1))
    assert caught.value.field == "seed"


# -- hole 10 (data files): a count has no sign -----------------------------------------------

COLUMNS = (Column("name"), Column("points", "int", 0, 10))


@pytest.mark.parametrize(
    ("points", "problem"),
    [
        ("+2", "must be a whole number from 0 to 10 \\(ASCII digits\\), not '\\+2'"),
        ("-0", "must be a whole number"),
        ("+0", "must be a whole number"),
        ("-00", "must be a whole number"),
        ("- 2", "must be a whole number"),
        ("-2", "must be from 0 to 10, not -2"),
    ],
)
def test_a_count_with_a_sign_is_refused_with_its_line(points, problem):
    """The reader's own docstring: no sign (a minus only before a number below zero)."""
    with pytest.raises(DataFileError, match=f"line 3: points {problem}") as caught:
        read_table(f"name,points\nSURI,1\nKONG,{points}\n", COLUMNS, param="deck", source="d.csv")
    assert caught.value.line == 3


def test_a_column_that_allows_negatives_takes_a_minus_sign_only():
    column = (Column("name"), Column("shift", "int", -5, 5))
    rows = read_table("name,shift\nA,-3\nB,0\n", column, param="p", source="s.csv")
    assert [r["shift"] for r in rows] == [-3, 0]
    for bad in ("+3", "-0"):
        with pytest.raises(DataFileError, match="line 2: shift must be a whole number"):
            read_table(f"name,shift\nA,{bad}\n", column, param="p", source="s.csv")
