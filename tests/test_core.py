"""The shared machinery: parameters, errors, outcomes, events, views, the registry.

Games are used only where the machinery needs a real one (Kilimanjaro, the
reference game); everything a game must do is in test_conformance.py.
"""

from __future__ import annotations

import copy
import hashlib
import importlib
import json
import pickle
import random
import subprocess
import sys
import types
from pathlib import Path

import pytest

import boardlab
from boardlab.core import (
    PUBLIC,
    Event,
    Game,
    IllegalAction,
    InvalidParameter,
    Outcome,
    Param,
    Params,
    Record,
    State,
    View,
    game_class,
    game_names,
    load,
    rank_by,
    replay,
)
from boardlab.core.chance import shuffle
from boardlab.core.events import SPECTATOR
from boardlab.core.params import DataFile, resolve

# -- Param.check ------------------------------------------------------------------

INT = Param("players", 3, "int", "How many.", "Contents", low=2, high=4)
BOOL = Param("exact", False, "bool", "Exact finish?")
CHOICE = Param("mode", "swap", "choice", "What happens.", choices=("swap", "send_back"))
INTS = Param("villages", (20, 40), "ints", "Village spaces.", low=1, high=99)
FILE = Param("deck", "deck.csv", "datafile", "The deck.")


@pytest.mark.parametrize("value", [2, 3, 4])
def test_int_accepts_its_range_inclusive(value):
    assert INT.check(value) == value


@pytest.mark.parametrize("value", [1, 5, -3, True, False, 3.0, "3", None])
def test_int_rejects_outside_range_bools_and_non_ints(value):
    with pytest.raises(InvalidParameter) as caught:
        INT.check(value)
    error = caught.value
    assert (error.name, error.value) == ("players", value)
    assert error.allowed == "an integer from 2 to 4"


def test_bool_accepts_only_true_and_false():
    assert BOOL.check(True) is True
    assert BOOL.check(False) is False
    for value in (0, 1, "True", None):
        with pytest.raises(InvalidParameter, match="True or False"):
            BOOL.check(value)


def test_choice_accepts_only_its_choices():
    assert CHOICE.check("send_back") == "send_back"
    with pytest.raises(InvalidParameter) as caught:
        CHOICE.check("sendback")
    assert caught.value.allowed == "one of 'swap', 'send_back'"


def test_ints_are_returned_sorted_as_a_tuple():
    assert INTS.check([60, 20, 40]) == (20, 40, 60)
    assert INTS.check(()) == ()
    assert INTS.check(range(1, 4)) == (1, 2, 3)


@pytest.mark.parametrize(
    "value",
    [(20, 20), (0, 20), (20, 100), (20, True), (20, 4.0), "20", 20, None],
    ids=["duplicate", "too-low", "too-high", "bool", "float", "string", "int", "none"],
)
def test_ints_reject_duplicates_out_of_range_and_non_ints(value):
    with pytest.raises(InvalidParameter) as caught:
        INTS.check(value)
    assert caught.value.name == "villages"
    assert caught.value.allowed == "distinct integers from 1 to 99"


def test_datafile_from_a_path_keeps_the_content_and_name(tmp_path: Path):
    path = tmp_path / "cards.csv"
    path.write_text("name,value\njeep,5\n", encoding="utf-8")
    for given in (path, str(path)):
        data = FILE.check(given)
        assert data == DataFile("cards.csv", "name,value\njeep,5\n")
    expected = hashlib.sha256(b"name,value\njeep,5\n").hexdigest()
    assert data.sha256 == expected
    assert data.to_json() == {"name": "cards.csv", "sha256": expected, "text": data.text}


def test_datafile_from_text_from_a_dict_and_as_is():
    text = "name,value\ncanoe,2\n"
    assert FILE.check(text) == DataFile("deck.txt", text)
    digest = DataFile("d.csv", text).sha256
    assert FILE.check({"name": "d.csv", "text": text, "sha256": digest}) == DataFile("d.csv", text)
    with pytest.raises(InvalidParameter, match="embedded file was edited"):
        FILE.check({"name": "d.csv", "text": text, "sha256": "0" * 64})
    given = DataFile("x.csv", text)
    assert FILE.check(given) is given


def test_datafile_missing_file_and_wrong_type(tmp_path: Path):
    with pytest.raises(InvalidParameter) as caught:
        FILE.check(str(tmp_path / "missing.csv"))
    assert caught.value.name == "deck" and "readable file" in caught.value.allowed
    with pytest.raises(InvalidParameter):
        FILE.check(42)


def test_describe_lists_the_spec_for_tables():
    assert INT.describe() == {
        "name": "players",
        "default": 3,
        "allowed": "an integer from 2 to 4",
        "doc": "How many.",
        "rule": "Contents",
    }


# -- resolve and Params -------------------------------------------------------------


def test_resolve_fills_defaults_and_canonicalises():
    params = resolve((INT, INTS), {"villages": [40, 10]})
    assert dict(params) == {"players": 3, "villages": (10, 40)}


def test_resolve_rejects_an_unknown_name_and_names_it():
    with pytest.raises(InvalidParameter) as caught:
        resolve((INT, BOOL), {"player": 3})
    error = caught.value
    assert (error.name, error.value) == ("player", 3)
    assert "players" in error.allowed and "exact" in error.allowed
    assert "player=3" in str(error)


def test_resolve_checks_defaults_too():
    with pytest.raises(InvalidParameter):
        resolve((Param("n", 9, "int", "", low=0, high=5),), {})


def test_params_are_frozen():
    params = Params({"players": 3, "villages": (20, 40)})
    with pytest.raises(AttributeError, match="frozen"):
        params.players = 4
    with pytest.raises(TypeError):
        params["players"] = 4  # type: ignore[index]
    assert params.players == 3 and params["villages"] == (20, 40)
    with pytest.raises(AttributeError):
        _ = params.no_such_parameter


def test_params_equality_and_hash_follow_the_json_values():
    a = Params({"players": 3, "villages": (20, 40)})
    b = Params({"players": 3, "villages": [20, 40]})
    c = Params({"players": 4, "villages": (20, 40)})
    assert a == b and hash(a) == hash(b)
    assert a != c
    assert len({a, b, c}) == 2
    assert {a: "x"}[b] == "x"


def test_params_to_json_is_plain_json():
    text = "a,b\n1,2\n"
    params = Params({"players": 3, "villages": (20, 40), "deck": DataFile("d.csv", text)})
    data = params.to_json()
    assert json.loads(json.dumps(data)) == {
        "players": 3,
        "villages": [20, 40],
        "deck": {"name": "d.csv", "sha256": DataFile("d.csv", text).sha256, "text": text},
    }
    assert Params(resolve((FILE,), {"deck": data["deck"]})) == Params({"deck": data["deck"]})


def test_params_and_games_survive_pickle_and_deepcopy():
    """joblib workers (``sim.run(n_jobs=2)``) receive the game by pickle."""
    game = boardlab.load("kilimanjaro", villages=(10, 30))
    for copied in (pickle.loads(pickle.dumps(game)), copy.deepcopy(game)):
        assert copied == game and hash(copied) == hash(game)
        assert copied.params.villages == (10, 30)
    state = game.new_game(3)
    assert pickle.loads(pickle.dumps(state)) == state


def test_a_game_travels_to_a_worker_as_its_parameters_and_is_built_once_there():
    """A sweep task carries its game: Tembo's tables (all-pairs distances) pickled whole
    were a megabyte, 30 ms each way per task, more than the games a task plays."""
    game = boardlab.load("tembo")
    game.new_game(0)  # its tables and caches exist
    data = pickle.dumps(game)
    assert len(data) < 20_000
    first, second = pickle.loads(data), pickle.loads(data)
    assert first == game and first is second  # rebuilt once per process
    assert pickle.loads(pickle.dumps(boardlab.load("tembo", elephants=12))) != game


# -- errors ---------------------------------------------------------------------------


def test_invalid_parameter_carries_name_value_allowed():
    error = InvalidParameter("players", 7, "an integer from 2 to 4")
    assert (error.name, error.value, error.allowed) == ("players", 7, "an integer from 2 to 4")
    assert str(error) == "parameter players=7 is not allowed: an integer from 2 to 4"
    assert isinstance(error, boardlab.BoardlabError) and isinstance(error, ValueError)


def test_load_reports_the_bad_parameter():
    with pytest.raises(InvalidParameter) as caught:
        load("kilimanjaro", players=7)
    assert (caught.value.name, caught.value.value) == ("players", 7)
    assert caught.value.allowed == "an integer from 2 to 4"


def test_illegal_action_carries_reason_rule_and_action():
    error = IllegalAction("that card is not in your hand", "Course of play", "play jeep 5")
    assert error.reason == "that card is not in your hand"
    assert error.rule == "Course of play" and error.action == "play jeep 5"
    assert str(error) == "play jeep 5: that card is not in your hand (rule: Course of play)"
    assert str(IllegalAction("no")) == "no"
    assert isinstance(error, boardlab.BoardlabError)


def test_an_engine_refusal_names_the_rule_and_leaves_the_state():
    from boardlab.games.kilimanjaro import PlayCard
    from boardlab.games.kilimanjaro.components import card

    state = load("kilimanjaro").new_game(0)
    state.arrange(positions=[0, 10, 10], hands=[["jeep 1"], ["jeep 5"], ["mule 2"]], deck=[])
    state.current_player = 1
    before = state.to_json()
    action = PlayCard(card("jeep", 5), 0, 0)  # player 0 (on 0) is behind player 1 (on 10)
    with pytest.raises(IllegalAction) as caught:
        state.apply(action)
    assert caught.value.rule == "Course of play, action 2"
    assert caught.value.action == action
    assert "behind" in caught.value.reason and str(action) in str(caught.value)
    assert state.to_json() == before


# -- outcomes -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("ranking", "team", "expected"),
    [
        (((1,), (0, 2)), None, [-1.0, 1.0, -1.0]),  # one winner of three, two share last
        (((2,), (0,), (1,)), None, [0.0, -1.0, 1.0]),  # three places: +1, 0, -1
        (((0, 1), (2,)), None, [1.0, 1.0, -1.0]),  # shared win
        (((0, 1, 2),), None, [0.0, 0.0, 0.0]),  # all tied
        (((3,), (1,), (0,), (2,)), None, [-1 / 3, 1 / 3, -1.0, 1.0]),
        (((0, 1, 2),), "won", [1.0, 1.0, 1.0]),
        (((0, 1, 2),), "lost", [-1.0, -1.0, -1.0]),
    ],
    ids=["one-of-three", "three-places", "shared-win", "all-tied", "four-places", "won", "lost"],
)
def test_outcome_returns(ranking, team, expected):
    n = sum(len(g) for g in ranking)
    winners = () if team == "lost" else ranking[0]
    outcome = Outcome("finished", winners, ranking, team=team)
    assert outcome.returns(n) == pytest.approx(expected)


def test_outcome_json_round_trip():
    outcome = Outcome("truncated", (0, 2), ((0, 2), (1,)), reason="turn cap")
    data = json.loads(json.dumps(outcome.to_json()))
    assert Outcome.from_json(data) == outcome


def test_rank_by_groups_ties_best_first():
    keys = {0: (5,), 1: (9,), 2: (5,)}
    assert rank_by(keys) == ((1,), (0, 2))
    assert rank_by(keys, "low") == ((0, 2), (1,))
    assert rank_by({0: (5, 3), 1: (5, 4), 2: (2, 9)}) == ((1,), (0,), (2,))
    assert rank_by({2: (1,), 0: (1,)}) == ((0, 2),)


def test_rank_by_agrees_with_grouping_by_distinct_keys():
    """Against the plain definition: the distinct keys best first, each with its players."""
    rng = random.Random(7)
    for _ in range(500):
        players = rng.sample(range(6), rng.randint(1, 6))  # any dict order
        wide = rng.random() < 0.5  # (wide keys: mostly no tie at all)
        keys = {p: (rng.randint(0, 9 if wide else 2), rng.randint(0, 1)) for p in players}
        for best in ("high", "low"):
            distinct = sorted(set(keys.values()), reverse=best == "high")
            plain = tuple(tuple(sorted(p for p in keys if keys[p] == k)) for k in distinct)
            assert rank_by(keys, best) == plain


# -- events ---------------------------------------------------------------------------


def describe(kind: str, args: tuple) -> str:
    return f"{kind}{args}"


def test_public_event_is_visible_to_everybody():
    event = Event("move", (0, 1, 5), PUBLIC, describe)
    assert PUBLIC is None
    assert all(event.visible(p) for p in (0, 1, 3, None))
    assert event.text == str(event) == "move(0, 1, 5)"
    assert event.to_json() == {"kind": "move", "args": [0, 1, 5], "visible_to": None}


def test_event_for_some_players_hides_from_the_others_and_spectators():
    event = Event("draw", (1, 12), (1,), describe)
    assert event.visible(1)
    assert not event.visible(0) and not event.visible(2) and not event.visible(None)


def test_spectator_in_visible_to():
    event = Event("draw_hidden", (1,), (0, 2, SPECTATOR), describe)
    assert event.visible(None) and event.visible(0) and event.visible(2)
    assert not event.visible(1)


# -- views ----------------------------------------------------------------------------


def test_view_offers_no_attribute_path_to_the_state():
    state = load("kilimanjaro").new_game(5)
    view = View(state, 1)
    assert not hasattr(view, "__dict__")  # vars(view) fails: nothing to browse
    with pytest.raises(TypeError):
        vars(view)
    with pytest.raises(AttributeError):
        view.state = state  # type: ignore[attr-defined]
    for name in dir(view):
        if name == "_View__state":
            continue
        value = getattr(view, name)
        assert value is not state and not isinstance(value, State), name
        if not name.startswith("__"):
            assert getattr(value, "__self__", view) is view, name
    assert view.game is state.game
    assert not any(isinstance(v, State) for v in vars(view.game).values())


def test_view_passes_through_what_its_player_may_see():
    state = load("kilimanjaro").new_game(5)
    view = View(state, 1)
    assert state.current_player == 0 and view.legal_actions() == []  # not player 1's turn
    assert View(state, 0).legal_actions() == state.legal_actions()
    assert view.observation() == state.observation(1)
    assert [e.text for e in view.visible_events()] == [e.text for e in state.visible_events(1)]
    action = state.legal_actions()[0]
    assert view.action_to_json(action) == state.action_to_json(action)


def test_sample_state_is_a_determinization():
    state = load("kilimanjaro").new_game(5).arrange()  # the cards dealt: something to hide
    before = state.to_json()
    view = View(state, 1)
    samples = [view.sample_state(random.Random(k)) for k in range(4)]
    for sample in samples:
        assert isinstance(sample, State) and sample is not state
        assert sample.observation(1) == state.observation(1)
        assert sample.history == []
        assert sample.hands[1] == state.hands[1]  # the player's own hand is known
    assert any(s.hands[0] != state.hands[0] or s.deck != state.deck for s in samples)
    assert state.to_json() == before


# -- registry, records, games -------------------------------------------------------------


def test_game_names_lists_the_games_sorted():
    assert "kilimanjaro" in game_names()
    assert game_names() == sorted(game_names())
    assert boardlab.game_names is game_names  # one function, re-exported


def test_game_names_still_lists_after_a_game_is_loaded():
    """Importing the subpackage ``boardlab.games`` changes nothing about the list."""
    boardlab.load("kilimanjaro")
    importlib.import_module("boardlab.games.kilimanjaro")
    assert "kilimanjaro" in boardlab.game_names()
    assert type(importlib.import_module("boardlab.games")) is types.ModuleType  # plain


@pytest.mark.parametrize(
    "first",
    [
        "",
        "import boardlab.games",
        "import boardlab.core.registry",
        "import boardlab.games.kalimambo",
        "import boardlab.sim",
    ],
)
def test_a_games_module_imports_by_its_dotted_name_whatever_came_first(first):
    """In a fresh interpreter, ``import boardlab.games.jambo.rules as rules`` works after
    any first import, and ``boardlab.game_names()`` lists the games beside it."""
    code = (
        f"{first}\n"
        "import importlib\n"
        "import boardlab.games.jambo.rules as rules\n"
        "import boardlab\n"
        "assert rules is importlib.import_module('boardlab.games.jambo.rules')\n"
        "assert boardlab.games.jambo.rules is rules\n"
        "print(' '.join(boardlab.game_names()))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == game_names() and "jambo" in done.stdout.split()


def test_load_of_an_unknown_game_is_an_invalid_parameter():
    with pytest.raises(InvalidParameter) as caught:
        load("monopoly")
    assert (caught.value.name, caught.value.value) == ("game", "monopoly")
    assert "kilimanjaro" in caught.value.allowed


def test_game_equality_hash_and_repr():
    a = load("kilimanjaro", players=2)
    assert a == load("kilimanjaro", players=2) and hash(a) == hash(load("kilimanjaro", players=2))
    assert a != load("kilimanjaro")
    assert repr(a) == "boardlab.load('kilimanjaro', players=2)"
    assert repr(load("kilimanjaro")) == "boardlab.load('kilimanjaro')"
    assert game_class("kilimanjaro") is type(a)


def test_variants_default_is_the_rulebook_alone():
    assert Game.variants() == [{}]


def test_state_from_json_refuses_other_parameters():
    text = load("kilimanjaro", players=2).new_game(1).to_json()
    with pytest.raises(ValueError):
        load("kilimanjaro", players=3).state_from_json(text)


def test_action_from_json_refuses_unknown_actions():
    game = load("kilimanjaro")
    for data in ({"action": "Teleport"}, {"player": 1}, {"action": "ChangePlaces", "x": 1}):
        with pytest.raises(ValueError, match="not a kilimanjaro action"):
            game.action_from_json(data)


def test_record_round_trip_and_replay_from_text():
    game = load("kilimanjaro", players=2)
    state = game.new_game(9)
    for _ in range(5):
        state.apply(state.legal_actions()[-1])
    record = state.record()
    assert (record.game, record.params, record.seed) == ("kilimanjaro", game.params.to_json(), 9)
    assert record.digest == state.digest() and record.final["steps"] == 5
    assert len(record.actions) == 5
    text = record.to_json()
    assert Record.from_json(text) == record
    states = replay(text)
    assert len(states) == 6 and states[0] == game.new_game(9) and states[-1] == state


def test_shuffle_is_a_seeded_permutation():
    a, b = list(range(50)), list(range(50))
    shuffle(random.Random(3), a)
    shuffle(random.Random(3), b)
    assert a == b and sorted(a) == list(range(50)) and a != list(range(50))


def test_outcome_describes_itself_in_words():
    from boardlab import Outcome

    assert (
        Outcome("finished", (1,), ((1,), (0, 2)), reason="base camp reached").describe()
        == "Game over: player 1 wins (base camp reached)"
    )
    assert Outcome("finished", (0, 2), ((0, 2), (1,))).describe() == (
        "Game over: player 0 and player 2 share the win"
    )
    assert Outcome("truncated", (0,), ((0,),), team="lost").describe() == (
        "Game cut short: the team lost"
    )


def test_narrate_applies_and_tells_what_a_spectator_sees():
    from boardlab.games.kilimanjaro import PlaceCounter
    from boardlab.teach import narrate

    state = load("kilimanjaro").new_game(7)
    lion = next(k for k in state.reserve[0] if k == 1)
    assert narrate(state, PlaceCounter(lion, 19)) == (
        "player 0 places a face-down counter on space 19"
    )
    assert state.counter_at[19] == lion


def test_per_player_values_keep_seat_order_and_must_match_the_players():
    from boardlab.core.params import resolve

    specs = (
        Param("players", 2, "int", "", low=2, high=4),
        Param("start", (), "per_player", "Points before play.", low=0, high=50),
    )
    assert resolve(specs, {"start": [10, 0]})["start"] == (10, 0)
    assert resolve(specs, {})["start"] == ()
    for bad in ([10], [10, 0, 0], [10, 99], "10,0", {0: 1, 1: 2}, [1.5, 0]):
        with pytest.raises(InvalidParameter) as caught:
            resolve(specs, {"start": bad})
        assert caught.value.name == "start"


class _ThroughTheView:
    """A RandomAgent asked only through its view (``act``): no ``choose`` shortcut."""

    def __init__(self) -> None:
        from boardlab.sim import RandomAgent

        self.inner = RandomAgent()

    def reset(self, seed: int) -> None:
        self.inner.reset(seed)

    def act(self, view: View):
        return self.inner.act(view)


def _both_loops(game: Game, seed: int) -> tuple[State, State]:
    """One game played by ``play``'s two loops: every seat a RandomAgent (the random-playout
    loop, the draw written out), and one seat asked through its view (the general loop,
    ``RandomAgent.choose``'s draw)."""
    from boardlab.sim import RandomAgent, play

    others = game.num_players - 1
    direct = play(game, [RandomAgent() for _ in range(others + 1)], seed)
    viewed = play(game, [_ThroughTheView()] + [RandomAgent() for _ in range(others)], seed)
    return direct, viewed


def test_play_hands_a_choosing_agent_what_its_view_would_give():
    from boardlab.sim import RandomAgent
    from boardlab.sim.play import chooser

    agent = RandomAgent()
    assert chooser(agent) == agent.choose and chooser(_ThroughTheView()) is None
    for name, players in GAMES_AND_PLAYERS:
        game = load(name, players=players)
        for seed in range(5):
            direct, viewed = _both_loops(game, seed)
            assert direct == viewed
            assert direct.history == viewed.history and direct.outcome == viewed.outcome


def test_one_random_agent_in_every_seat_plays_as_through_the_general_loop():
    """One ``RandomAgent`` object in all seats shares one stream: ``play`` must not split it
    (its random-playout loop keeps a pool per seat, so it is not used then)."""
    from boardlab.sim import RandomAgent, play

    class Plain(RandomAgent):  # not exactly a RandomAgent: the general loop, ``choose``
        pass

    for name, players in GAMES_AND_PLAYERS:
        game = load(name, players=players)
        for seed in range(3):
            shared = play(game, [RandomAgent()] * players, seed)
            general = play(game, [Plain()] * players, seed)
            assert shared.history == general.history


def test_a_random_playout_is_played_untold_and_tells_the_same_story_when_asked():
    """``play``'s random-playout loop builds no narration (``UNTOLD``): the finished state
    tells it by replay, entry for entry what the general loop logged as it went, and every
    reader of the narration (events, views, JSON, records, copies) gets the same."""
    from boardlab.core.events import UNTOLD

    assert copy.copy(UNTOLD) is UNTOLD and copy.deepcopy(UNTOLD) is UNTOLD
    for name, players in GAMES_AND_PLAYERS:
        game = load(name, players=players)
        for seed in range(3):
            untold, told = _both_loops(game, seed)
            assert untold._log is UNTOLD and type(told._log) is list and told._log
            assert [e.to_json() for e in untold.events] == [e.to_json() for e in told.events]
            for p in [None, *range(players)]:
                mine = [e.text for e in untold.visible_events(p)]
                assert mine == [e.text for e in told.visible_events(p)]
            assert untold.to_json() == told.to_json() and untold.record() == told.record()
            copies = (untold.clone(), pickle.loads(pickle.dumps(untold)), copy.deepcopy(untold))
            for kept in copies:
                assert kept._log is UNTOLD and kept == told


def test_an_untold_game_tells_every_position_as_a_told_one_and_samples_alike():
    """Step by step, an untold state (a random playout's) equals the told one — which
    would fail if a rule skipped anything but its narration under ``UNTOLD`` — and a
    search bot's sample of it is the same guess."""
    from boardlab.core.events import UNTOLD
    from boardlab.sim import RandomAgent

    for name, players in GAMES_AND_PLAYERS:
        game = load(name, players=players)
        for seed in range(2):
            told, untold = game.new_game(seed), game.new_game(seed)
            untold._log = UNTOLD  # as ``play``'s random-playout loop starts a game
            agent = RandomAgent(seed)
            step = 0
            while told.outcome is None:
                action = agent.choose(told.legal_actions())
                assert untold.legal_actions() == told.legal_actions()
                told.apply(action)
                untold.apply(action)
                step += 1
                if step % 17 == 0 and told.outcome is None:
                    assert untold == told
                    p = told.current_player
                    sample = untold.determinize(p, random.Random(step))
                    assert sample == told.determinize(p, random.Random(step))
            assert untold._log is UNTOLD and untold == told


#: Every registered game at a player count it allows (the random-playout loop's test).
GAMES_AND_PLAYERS = (
    ("kilimanjaro", 3), ("kalimambo", 5), ("kombo_afrika", 2), ("jambo", 2), ("tembo", 2),
)  # fmt: skip


def test_an_agent_that_overrides_act_is_asked_through_its_view():
    from boardlab.sim import RandomAgent, play
    from boardlab.sim.play import chooser

    seen = []

    class Watcher(RandomAgent):
        def act(self, view: View):
            seen.append(view.player)
            return super().act(view)

    assert chooser(Watcher()) is None
    play(load("kilimanjaro"), [Watcher() for _ in range(3)], seed=1)
    assert set(seen) == {0, 1, 2}
