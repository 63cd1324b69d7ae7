"""The core's promises, for any input: every probe of the trust review is a test here.

Views leak nothing (a sampled state carries no true seed, setup or history, and
no public route predicts a hidden card better than chance); ``apply`` either
plays a well-typed legal action or raises ``IllegalAction`` with the state
unchanged, whatever it is given; records cannot lie (an edited action, parameter
or seed is caught by the digest, a malformed field is named); bad parameters are
``InvalidParameter``. Every test runs on every game of the conformance suite —
the registered games, the template and the toys — and names none, except where
a probe needs a game's own vocabulary (its ``arrange`` arguments).
"""

from __future__ import annotations

import dataclasses
import json
import math
import random

import numpy as np
import pytest
from conformance import findable, load_game, suite_games
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import boardlab
from boardlab.core import DataFile, IllegalAction, InvalidParameter, InvalidRecord, Record, View
from boardlab.core.data import Column, DataFileError, decode, read_table
from boardlab.sim.sweep import game_seed

NAMES = list(suite_games())
#: Games with something hidden (``perfect_information`` games have nothing to leak).
HIDDEN = [n for n in NAMES if not getattr(suite_games()[n], "perfect_information", False)]


def random_states(game, seed: int, count: int = 6):
    """``count`` positions of one random game (clones), spread over its length."""
    rng = random.Random(seed)
    state = game.new_game(seed)
    states = []
    while not state.is_terminal:
        states.append(state.clone())
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    step = max(1, len(states) // count)
    return states[::step][:count], state


# -- views leak nothing ------------------------------------------------------------------


@pytest.mark.parametrize("name", HIDDEN)
def test_a_sample_carries_no_true_seed_setup_or_history(name):
    game = load_game(name)
    states, _ = random_states(game, 11)
    for k, state in enumerate(states):
        player = state.current_player
        sample = View(state, player).sample_state(random.Random(k))
        assert sample.seed != state.seed, "the true seed rebuilds the whole deal"
        assert sample.setup is None and sample.history == [] and sample.sampled
        with pytest.raises(InvalidRecord, match="guess, not a game"):
            sample.record()
        again = game.state_from_json(sample.to_json())
        assert again.sampled and again == sample


def test_a_sample_after_arrange_forgets_the_hands_it_was_arranged_with():
    game = boardlab.load("kilimanjaro")
    hands = [
        ["jeep 7", "jeep 6", "jeep 5"],
        ["mule 1", "mule 2", "mule 3"],
        ["canoe 1", "canoe 2", "canoe 3"],
    ]
    state = game.new_game(3).arrange(hands=hands)
    seen = set()
    for k in range(20):
        sample = View(state, 0).sample_state(random.Random(k))
        assert sample.setup is None
        seen.add(tuple(sample.hands[1]))
        assert sample.hands[0] == state.hands[0], "what player 0 holds stays theirs"
    assert len(seen) > 1, "the others' hands are resampled"


def _clopper_pearson_upper(hits: int, trials: int, level: float = 0.99) -> float:
    """Upper end of the two-sided exact binomial interval (bisection on the tail sum)."""
    if hits >= trials:
        return 1.0
    alpha = (1 - level) / 2

    def tail(p: float) -> float:  # P(X <= hits | p)
        return sum(math.comb(trials, k) * p**k * (1 - p) ** (trials - k) for k in range(hits + 1))

    low, high = hits / trials, 1.0
    for _ in range(60):
        mid = (low + high) / 2
        low, high = (mid, high) if tail(mid) > alpha else (low, mid)
    return high


@pytest.mark.parametrize("name", HIDDEN)
def test_no_public_route_predicts_the_hidden_deal_better_than_chance(name):
    """A cheating bot tries every public route from its view — the sample's seed (rebuild
    the deal), the sample's setup, the sample's own hidden facts — to predict the true
    deal (every card, hidden or not, as the rules hold it). Over 300 seeded deals its hit
    rate must lie inside the 99% binomial interval of chance: the rate of guessing the
    deal from an unrelated seed."""
    game = load_game(name)
    deals, attack, chance = 300, 0, 0
    for seed in range(deals):
        truth = game.new_game(seed)
        state = truth.clone()
        rng = random.Random(seed)
        for _ in range(seed % 4):  # a few moves in, sometimes
            if state.is_terminal:
                break
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
        if state.is_terminal:
            continue
        view = View(state, state.current_player)
        sample = view.sample_state(random.Random(seed + 1))
        guess = view.game.new_game(sample.seed)
        if sample.setup:
            guess.arrange(**sample.setup)
        attack += guess.to_data()["rules"] == truth.to_data()["rules"]
        unrelated = game.new_game(seed + 10_000)
        chance += unrelated.to_data()["rules"] == truth.to_data()["rules"]
    assert attack <= _clopper_pearson_upper(chance, deals) * deals, (
        f"{name}: the view's public routes rebuilt the true deal in {attack} of {deals} deals "
        f"(chance: {chance})"
    )


def test_the_chance_bound_is_the_exact_binomial_one():
    assert _clopper_pearson_upper(0, 300) == pytest.approx(1 - 0.005 ** (1 / 300), rel=1e-6)
    assert _clopper_pearson_upper(300, 300) == 1.0


# -- apply is atomic, whatever it is given ------------------------------------------------


def _mutations(value):
    """Values equal or close to an int field's value, of every wrong type, and far out."""
    return [
        float(value),
        str(value),
        None,
        True,
        [value],
        value + 10**6,
        -1 - value,
        2**80,
    ]


def _int_fields(action) -> list[str]:
    return [n for n, kind in type(action).field_types() if kind is int]


@pytest.mark.parametrize("name", NAMES)
def test_mutated_actions_are_refused_with_the_state_unchanged(name):
    game = load_game(name)
    states, _ = random_states(game, 5, count=8)
    for state in states:
        legal = state.legal_actions()
        for action in legal[:: max(1, len(legal) // 4)]:
            for field in _int_fields(action):
                for value in _mutations(getattr(action, field)):
                    mutated = dataclasses.replace(action, **{field: value})
                    if mutated in legal and type(value) is int:
                        continue
                    before = state.to_json()
                    try:
                        state.apply(mutated)
                    except IllegalAction as error:
                        assert error.rule, f"{mutated!r}: the refusal names no rule"
                        str(error)  # explaining never raises
                    else:
                        raise AssertionError(f"{name}: {mutated!r} was played")
                    assert state.to_json() == before, f"{name}: {mutated!r} changed the state"


@pytest.mark.parametrize("name", NAMES)
def test_numpy_ints_are_played_as_ints(name):
    game = load_game(name)
    states, _ = random_states(game, 6, count=4)
    for state in states:
        action = state.legal_actions()[-1]
        fields = _int_fields(action)
        if not fields:
            continue
        numpy_action = dataclasses.replace(
            action, **{f: np.int64(getattr(action, f)) for f in fields}
        )
        plain, numpy = state.clone(), state.clone()
        plain.apply(action)
        numpy.apply(numpy_action)
        assert numpy == plain
        assert all(type(getattr(numpy.history[-1], f)) is int for f in fields)
        numpy.record()  # JSON-able


@pytest.mark.parametrize("name", NAMES)
def test_things_that_are_no_action_of_the_game_are_refused(name):
    game = load_game(name)
    state = game.new_game(2)
    before = state.to_json()
    foreign = next(g for g in NAMES if g != name)
    other = load_game(foreign).new_game(2)
    for thing in [None, "pass", 3, object(), other.legal_actions()[0]]:
        with pytest.raises(IllegalAction, match="not a"):
            state.apply(thing)
        assert state.to_json() == before


# -- records that cannot lie -------------------------------------------------------------


def _played(name: str, seed: int = 8):
    game = load_game(name)
    _, final = random_states(game, seed)
    return game, final


def _replay(name, record):
    with findable(suite_games()[name]):
        return boardlab.replay(record)


@pytest.mark.parametrize("name", NAMES)
def test_a_record_replays_and_round_trips(name):
    _, final = _played(name)
    record = final.record()
    assert Record.from_json(record.to_json()) == record
    assert _replay(name, record.to_json())[-1] == final


@pytest.mark.parametrize("name", NAMES)
def test_an_action_swapped_for_another_legal_one_is_caught(name):
    game, final = _played(name)
    record = json.loads(final.record().to_json())
    state = game.new_game(final.seed)
    for k, data in enumerate(record["actions"]):
        legal = state.legal_actions()
        others = [state.action_to_json(a) for a in legal if state.action_to_json(a) != data]
        if others:
            record["actions"][k] = others[0]
            break
        state.apply(game.action_from_json(data))
    else:
        pytest.skip("no decision had two options")
    with pytest.raises(InvalidRecord) as caught:
        _replay(name, record)
    assert caught.value.field in ("digest", *(f"actions[{i}]" for i in range(len(final.history))))


@pytest.mark.parametrize("name", NAMES)
def test_an_edited_seed_or_parameter_is_caught(name):
    _, final = _played(name)
    record = json.loads(final.record().to_json())
    for seed, field in ((record["seed"] + 1, None), ("7", "seed"), (7.0, "seed"), (True, "seed")):
        edited = dict(record, seed=seed)
        with pytest.raises(InvalidRecord) as caught:
            _replay(name, edited)
        if field:
            assert caught.value.field == field
    variants = suite_games()[name].variants()
    for variant in variants[1:]:
        params = load_game(name, **variant).params.to_json()
        if params.get("players") == record["params"]["players"]:
            with pytest.raises(InvalidRecord):
                _replay(name, dict(record, params=params))
            break


@pytest.mark.parametrize("name", NAMES)
def test_malformed_records_name_the_field(name):
    _, final = _played(name)
    record = json.loads(final.record().to_json())
    for key in ("version", "game", "params", "seed", "actions", "digest"):
        broken = {k: v for k, v in record.items() if k != key}
        with pytest.raises(InvalidRecord) as caught:
            _replay(name, broken)
        assert caught.value.field == key
    for broken, field in (
        (dict(record, actions={"0": 1}), "actions"),
        (dict(record, actions=[["PlayCard"]]), "actions[0]"),
        (dict(record, actions=[{"action": "Teleport"}]), "actions[0]"),
        (dict(record, params=[1, 2]), "params"),
        (dict(record, game=["x"]), "game"),
        (dict(record, version=1), "version"),
        (dict(record, extra=1), "extra"),
    ):
        with pytest.raises(InvalidRecord) as caught:
            _replay(name, broken)
        assert caught.value.field == field, broken
    with pytest.raises(InvalidRecord, match="JSON object"):
        boardlab.replay("[1, 2]")
    with pytest.raises(InvalidRecord, match="not JSON"):
        boardlab.replay("{")


def test_a_fresh_seed_is_drawn_and_recorded_for_seed_none():
    game = boardlab.load("kilimanjaro")
    a, b = game.new_game(None), game.new_game(None)
    assert isinstance(a.seed, int) and a.seed != b.seed
    a.apply(a.legal_actions()[0])
    assert boardlab.replay(a.record())[-1] == a


@pytest.mark.parametrize("seed", ["7", 7.0, True, [7]])
def test_seeds_are_integers(seed):
    with pytest.raises(InvalidParameter) as caught:
        boardlab.load("kilimanjaro").new_game(seed)
    assert caught.value.name == "seed"
    assert boardlab.load("kilimanjaro").new_game(np.int64(7)).seed == 7


# -- parameters ------------------------------------------------------------------------


def test_bad_parameters_are_invalid_parameter_naming_the_parameter(tmp_path):
    with pytest.raises(InvalidParameter) as caught:
        boardlab.load(["kilimanjaro"])
    assert caught.value.name == "game" and "kilimanjaro" in caught.value.allowed
    with pytest.raises(InvalidParameter) as caught:
        boardlab.load("kilimanjaro", villages={20: "x", 40: "y"})
    assert caught.value.name == "villages"
    assert boardlab.load("kilimanjaro", players=np.int64(3)).num_players == 3
    assert boardlab.load("kilimanjaro", exact_finish=np.bool_(True)).params["exact_finish"]
    assert boardlab.load("kilimanjaro", villages=np.array([20, 40])).params["villages"] == (20, 40)
    with pytest.raises(InvalidParameter) as caught:
        boardlab.load("kilimanjaro", change_position=["swap"])
    assert caught.value.name == "change_position" and "'swap'" in caught.value.allowed


# -- simulation ------------------------------------------------------------------------


#: The seed of the fourth game of ``run(seed=0)``, in which ``_Crashes`` raises.
_CRASH = game_seed(0, 0, 3, paired=True)


class _Crashes:
    """Raises in the game with seed ``_CRASH``, plays the first action otherwise."""

    def __init__(self):
        self.seed = None

    def reset(self, seed):
        self.seed = seed

    def act(self, view):
        from boardlab.sim.play import seat_seed

        if self.seed == seat_seed(_CRASH, 0):
            raise ZeroDivisionError("boom")
        return view.legal_actions()[0]


@pytest.mark.parametrize("n_jobs", [1, 2])
def test_a_failing_game_names_its_seed(n_jobs):
    from boardlab.sim import SimulationError, run

    game = boardlab.load("kilimanjaro", players=2)
    with pytest.raises(SimulationError) as caught:
        run(game, [_Crashes(), _Crashes()], games=6, n_jobs=n_jobs)
    assert caught.value.seed == _CRASH and f"seed {_CRASH}" in str(caught.value)
    assert "ZeroDivisionError: boom" in str(caught.value)


def test_the_summary_of_no_games_says_so():
    import pandas as pd

    from boardlab.sim import metrics

    with pytest.raises(ValueError, match="no games"):
        metrics.summary(pd.DataFrame())


class _OwnRandom:
    """Draws from its own generator and has no reset(): results depend on the worker."""

    def __init__(self):
        self.rng = random.Random(0)

    def act(self, view):
        legal = view.legal_actions()
        return legal[self.rng.randrange(len(legal))]


def test_an_agent_without_reset_is_warned_about_because_workers_would_differ():
    from boardlab.sim import run

    game = boardlab.load("kilimanjaro", players=2)
    with pytest.warns(UserWarning, match="_OwnRandom has no reset"):
        one = run(game, [_OwnRandom(), _OwnRandom()], games=8, n_jobs=1)
    with pytest.warns(UserWarning):
        two = run(game, [_OwnRandom(), _OwnRandom()], games=8, n_jobs=2)
    # the rule the warning states: without reset, the numbers depend on the workers
    assert not one.drop(columns=["seed"]).equals(two.drop(columns=["seed"]))


def test_agents_with_reset_give_the_same_numbers_on_any_number_of_workers():
    from boardlab.sim import random_agents, run

    game = boardlab.load("kilimanjaro", players=2)
    a = run(game, random_agents(game), games=8, n_jobs=1)
    b = run(game, random_agents(game), games=8, n_jobs=2)
    assert a.equals(b)


# -- data files a teacher edits -------------------------------------------------------

COLUMNS = (
    Column("name", "choice", choices=("SURI", "KONG")),
    Column("points", "int", low=0, high=9),
)


def _read(data: bytes):
    return read_table(
        decode(data, param="deck", source="d.csv"), COLUMNS, param="deck", source="d.csv"
    )


def test_a_utf8_file_with_excels_byte_order_mark_is_read():
    rows = _read(b"\xef\xbb\xbfname,points\r\nSURI,3\r\nkong,5\r\n")
    assert [(r.line, r["name"], r["points"]) for r in rows] == [(2, "SURI", 3), (3, "KONG", 5)]


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ("name,points\nSURI,3\n".encode("utf-16"), "d.csv: the file is UTF-16: save it as UTF-8"),
        (b"name,points\nSURI,3\nKONG,\xe9\n", "d.csv, line 3: byte 6 \\(0xe9\\) is not UTF-8"),
        (b"name,points\nSU\x00RI,3\n", "line 2: byte 3 is a NUL byte"),
    ],
)
def test_a_file_that_is_not_utf8_names_the_line_and_byte(data, message):
    with pytest.raises(DataFileError, match=message) as caught:
        _read(data)
    assert caught.value.name == "deck"


def test_a_binary_file_as_a_deck_is_an_invalid_parameter():
    with pytest.raises(InvalidParameter) as caught:
        boardlab.load("kombo_afrika", deck="/bin/ls")
    assert caught.value.name == "deck" and "not UTF-8" in str(caught.value)


def test_a_shipped_data_file_is_named_by_hash_and_a_teachers_embedded(tmp_path):
    game = boardlab.load("kombo_afrika")
    shipped = game.params.to_json()["deck"]
    assert set(shipped) == {"name", "sha256"}, "the shipped deck is named, not embedded"
    path = tmp_path / "mine.csv"
    path.write_text("name,colour,points\n" + "SURI,red,1\n" * 20 + "CHAO,,0\n" * 2)
    mine = boardlab.load("kombo_afrika", deck=str(path), colours=1).params.to_json()["deck"]
    assert mine["text"] == path.read_text() and mine["sha256"] == DataFile("x", mine["text"]).sha256


def test_a_record_made_with_another_version_of_a_shipped_file_names_both_hashes():
    state = boardlab.load("kombo_afrika").new_game(4)
    record = json.loads(state.record().to_json())
    current = record["params"]["deck"]["sha256"]
    record["params"]["deck"]["sha256"] = old = "ab" * 32
    with pytest.raises(InvalidRecord) as caught:
        boardlab.replay(record)
    assert (
        caught.value.field == "params" and old in str(caught.value) and current in str(caught.value)
    )
    record["params"]["deck"] = {"name": "deck.csv", "sha256": old, "text": "name,colour,points\n"}
    with pytest.raises(InvalidRecord, match="embedded file was edited"):
        boardlab.replay(record)


def test_line_numbers_count_the_files_own_lines_across_quoted_newlines():
    text = 'name,points\n"SURI\n\n",3\n# a comment\n\nKONG,x\n'
    with pytest.raises(DataFileError, match="line 7: points must be a whole number") as caught:
        read_table(text, COLUMNS, param="deck", source="d.csv")
    assert caught.value.line == 7


@pytest.mark.parametrize("points", ["3_0", "\u0663", "10" + "0" * 30, "+", "3.0", " "])
def test_numbers_are_ascii_digits_within_bounds(points):
    with pytest.raises(DataFileError, match="line 2"):
        read_table(f"name,points\nSURI,{points}\n", COLUMNS, param="deck", source="d.csv")


# -- clones share nothing mutable -------------------------------------------------------


def _shared(a, b, path: str):
    """Paths of mutable containers that ``a`` and ``b`` (a state and its clone) share."""
    if isinstance(a, list | dict | set | bytearray) and a is b:
        yield path
        return
    if isinstance(a, list) and isinstance(b, list):
        for i, (x, y) in enumerate(zip(a, b, strict=False)):
            yield from _shared(x, y, f"{path}[{i}]")
    elif isinstance(a, dict) and isinstance(b, dict):
        for key in a.keys() & b.keys():
            yield from _shared(a[key], b[key], f"{path}[{key!r}]")


@pytest.mark.parametrize("name", NAMES)
def test_a_clone_shares_no_mutable_part_with_its_original(name):
    states, final = random_states(load_game(name), 9)
    for state in [*states, final]:
        other = state.clone()
        found = [
            p
            for key, value in vars(state).items()
            if key != "game"
            for p in _shared(value, vars(other).get(key), key)
        ]
        assert not found, f"{name}: a clone shares {found}"


def test_the_sharing_probe_finds_a_shared_list():
    inner = [1, 2]
    assert list(_shared({"a": [inner, [3]]}, {"a": [inner, [3]]}, "s")) == ["s['a'][0]"]


# -- fuzzing: mutated actions and mutated records, for every game --------------------------

FUZZ = settings(
    derandomize=True,
    max_examples=30,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
ODD_VALUES = st.one_of(
    st.integers(-(10**20), 10**20),
    st.floats(allow_nan=True),
    st.text(max_size=4),
    st.none(),
    st.booleans(),
    st.lists(st.integers(), max_size=2),
)


@pytest.mark.parametrize("name", NAMES)
def test_fuzz_mutated_actions(name):
    """Any value in any field of a legal action: refused with the state unchanged, or — if
    it names the same legal action — played exactly as that action."""
    game = load_game(name)

    @FUZZ
    @given(seed=st.integers(0, 2**16), steps=st.integers(0, 60), data=st.data())
    def check(seed, steps, data):
        rng = random.Random(seed)
        state = game.new_game(seed)
        for _ in range(steps):
            if state.is_terminal:
                return
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
        if state.is_terminal:
            return
        legal = state.legal_actions()
        action = data.draw(st.sampled_from(legal))
        names = [n for n, _ in type(action).field_types()]
        if not names:
            return
        field = data.draw(st.sampled_from(names))
        value = data.draw(ODD_VALUES)
        mutated = dataclasses.replace(action, **{field: value})
        before = state.to_json()
        try:
            state.apply(mutated)
        except IllegalAction as error:
            str(error)
            assert state.to_json() == before
            return
        twin = game.state_from_json(before)
        twin.apply(next(a for a in legal if a == mutated))
        assert state == twin

    check()


def _mutate(data, draw):
    """``data`` (a record's JSON) with one value somewhere replaced by an odd one."""
    paths = []

    def walk(node, path):
        paths.append(path)
        if isinstance(node, dict):
            for key, value in node.items():
                walk(value, (*path, key))
        elif isinstance(node, list):
            for i, value in enumerate(node):
                walk(value, (*path, i))

    walk(data, ())
    path = draw(st.sampled_from(paths[1:]))
    value = draw(
        st.one_of(ODD_VALUES, st.dictionaries(st.text(max_size=3), st.integers(), max_size=2))
    )
    out = json.loads(json.dumps(data))
    node = out
    for key in path[:-1]:
        node = node[key]
    if draw(st.booleans()) and isinstance(node, dict):
        del node[path[-1]]
    else:
        node[path[-1]] = value
    return out


@pytest.mark.parametrize("name", NAMES)
def test_fuzz_mutated_records(name):
    """A record with any one value changed or removed: ``InvalidRecord`` naming a field, or
    (when the change is immaterial) the very same game — never another exception."""
    game = load_game(name)
    _, final = random_states(game, 3)
    original = json.loads(final.record().to_json())

    @FUZZ
    @given(data=st.data())
    def check(data):
        mutated = _mutate(original, data.draw)
        try:
            states = _replay(name, mutated)
        except InvalidRecord as error:
            assert error.field
            return
        assert states[-1].digest() == final.digest()

    check()


# -- the probes of the review, by name ----------------------------------------------------


def test_kilimanjaro_a_card_given_as_text_or_float_is_refused_before_anything_moves():
    from boardlab.games.kilimanjaro import PlayCard

    state = boardlab.load("kilimanjaro", bananas=0, lions=0, changes=0).new_game(1)
    card = state.hands[0][0]
    for bad in (PlayCard("7", 0, 0), PlayCard(float(card), 0, 0), PlayCard(card, 0.0, 0)):
        before = state.to_json()
        with pytest.raises(IllegalAction, match="must be an int") as caught:
            state.apply(bad)
        assert "PlayCard" in caught.value.rule
        assert state.to_json() == before and card in state.hands[0]
    assert boardlab.replay(state.record())[-1] == state


def test_kombo_afrika_explains_a_placement_off_the_board_without_crashing():
    from boardlab.games.kombo_afrika.actions import Place

    state = boardlab.load("kombo_afrika").new_game(1)
    while state.phase_name != "main":
        state.apply(state.legal_actions()[0])
    card = next(a for a in state.legal_actions() if type(a) is Place).card
    for cell in (25, -1, 99):
        with pytest.raises(IllegalAction, match="no such cell") as caught:
            state.apply(Place(card, cell))
        text = str(caught.value)
        assert "e5" not in text and f"cell={cell}" in text


def test_kombo_afrika_a_hand_built_placement_records_its_card_by_name():
    from boardlab.games.kombo_afrika.actions import Place

    state = boardlab.load("kombo_afrika").new_game(1)
    while state.phase_name != "main":
        state.apply(state.legal_actions()[0])
    legal = next(a for a in state.legal_actions() if type(a) is Place)
    state.apply(Place(legal.card, legal.cell))  # no label: built by hand
    data = state.record().actions[-1]
    assert data["card"] == legal.label != ""
    assert boardlab.replay(state.record())[-1] == state


def test_tembo_a_sample_redraws_each_hidden_card_among_the_cards_with_its_back():
    """Tembo's probe: a search bot's sample (``determinize``) may hold only cards that could
    be where it puts them. The backs of the cards (deck I, II or III) lie on the table, in
    the draw pile and in the teammates' hands, and the decks are stacked: at every position
    of random games, every hidden card of every sample has the back of the true card in its
    place, no Lion or Matriarch card is held, and the hidden cards are the true ones."""
    from boardlab.games.tembo.components import split_events

    game = boardlab.load("tembo", players=3)
    events = game.savanna_count
    backs = [card.deck for card in game.cards]  # deck I, II, III: 0, 1, 2
    for share in (split_events(list(game.lion_ids)), split_events(list(game.matriarch_ids))):
        backs += [d for d, cards in enumerate(share) for _ in cards]
    for seed in range(4):
        states, _ = random_states(game, seed, count=8)
        for state in states:
            for player in range(3):
                others = [q for q in range(3) if q != player]
                truth = [c for q in others for c in state.hands[q]] + state.deck
                for k in range(25):
                    sample = state.determinize(player, random.Random(k))
                    drawn = [c for q in others for c in sample.hands[q]] + sample.deck
                    assert [backs[c] for c in drawn] == [backs[c] for c in truth]
                    assert all(c < events for q in others for c in sample.hands[q])
                    assert sorted(drawn) == sorted(truth)
                    assert sample.hands[player] == state.hands[player]
