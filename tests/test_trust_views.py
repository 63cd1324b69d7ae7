"""What a bot can learn through its ``View`` (issue 28, holes 2, 3b and 4; bots in their own
process).

- An observation is the bot's own: whatever it does to the lists and dicts it was handed,
  the game plays on as before (hole 2).
- Nothing reachable from a View's public attributes holds what the player has not seen: the
  game's public attributes are what they were before any game was played (hole 3b).
- A sample (``sample_state``) depends on the view and the bot's generator alone, never on
  where the hidden cards really lie: the generator is the bot's own, so a sample that
  shuffled the true order would let the bot undo the shuffle and read the deck (hole 4).
- A bot run in its own process (``boardlab.sim.isolated``) plays as it does in-process.

Every test runs on every game of the conformance suite: the registered games, the
templates and the toys.
"""

from __future__ import annotations

import copy
import dataclasses
import random
import sys
import types

import pytest
from conformance import load_game, suite_games

import boardlab
from boardlab.core import State, View

NAMES = list(suite_games())
#: Games with something hidden (``perfect_information`` games have nothing to leak).
HIDDEN = [n for n in NAMES if not getattr(suite_games()[n], "perfect_information", False)]
#: A value no game holds, put in every container a bot mutates.
JUNK = "junk put here by a bot"


def positions(game, seeds=(0, 1), per_game: int = 6, kinds: int = 8) -> list[State]:
    """Copies of a few random games' positions: ``per_game`` spread over each game, and the
    first of each kind of decision met (the kinds of its legal actions: a pending choice, a
    reaction, a bid…), up to ``kinds`` more. Each game is played, then replayed to copy the
    chosen steps only."""
    out = []
    for seed in seeds:
        rng = random.Random(seed)
        state = game.new_game(seed)
        met: dict[frozenset, int] = {}
        while not state.is_terminal:
            legal = state.legal_actions()
            kind = frozenset(type(a).__name__ for a in legal)
            if kind not in met and len(met) < kinds:
                met[kind] = len(state.history)
            state.apply(legal[rng.randrange(len(legal))])
        steps = len(state.history)
        chosen = {1 + i * (steps - 1) // per_game for i in range(per_game)} | set(met.values())
        again = game.new_game(seed)
        for step, action in enumerate(state.history):
            if step in chosen:
                out.append(again.clone())
            again.apply(action)
    return out


# -- walking an object graph ---------------------------------------------------------------

_LEAVES = (int, float, complex, str, bytes, bool, type(None), range)
#: The leaves' exact types, for a quick test (``walk``'s hot loop).
_LEAF_TYPES = frozenset(_LEAVES)
_SKIPPED = (
    types.ModuleType,
    type,
    types.FunctionType,
    types.BuiltinFunctionType,
    types.MethodType,
    types.MethodWrapperType,
    types.WrapperDescriptorType,
    property,
)


def _public_fields(obj) -> list[tuple[str, object]]:
    """An object's public attributes: its ``__dict__`` and ``__slots__`` entries whose names
    do not start with ``_`` (a private name is no promise: see README, What a View
    guarantees)."""
    out = []
    for name, value in getattr(obj, "__dict__", {}).items():
        if not name.startswith("_"):
            out.append((name, value))
    for klass in type(obj).__mro__:
        for name in getattr(klass, "__slots__", ()):
            if not name.startswith("_") and hasattr(obj, name):
                out.append((name, getattr(obj, name)))
    return out


def _children(obj, public_only: bool) -> list:
    if isinstance(obj, dict):
        return [*obj.keys(), *obj.values()]
    if isinstance(obj, list | tuple | set | frozenset):
        return list(obj)
    if public_only:
        return [value for _, value in _public_fields(obj)]
    fields = list(getattr(obj, "__dict__", {}).values())
    for klass in type(obj).__mro__:
        for name in getattr(klass, "__slots__", ()):
            if hasattr(obj, name):
                fields.append(getattr(obj, name))
    return fields


def walk(roots: list, public_only: bool = True, stop=()) -> dict[int, object]:
    """Every object reachable from ``roots`` by id: container items, dict keys and values,
    dataclass fields, ``__dict__`` and ``__slots__`` entries (public ones only with
    ``public_only``); modules, classes and functions are not entered, nor the objects in
    ``stop``. Numbers, strings and None are not listed (they hold nothing)."""
    seen: dict[int, object] = {}
    stack = [r for r in roots if type(r) not in _LEAF_TYPES]
    stopped = {id(s) for s in stop}
    while stack:
        obj = stack.pop()
        key = id(obj)
        if key in seen or key in stopped:
            continue
        kind = type(obj)
        if kind is tuple or kind is list:  # the commonest first (Tembo's tables)
            seen[key] = obj
            stack += [c for c in obj if type(c) not in _LEAF_TYPES]
        elif not isinstance(obj, _SKIPPED):
            seen[key] = obj
            if not isinstance(obj, _LEAVES):
                stack += [c for c in _children(obj, public_only) if type(c) not in _LEAF_TYPES]
    return seen


def view_roots(view: View) -> list:
    """The View's public attributes (properties too), and what its methods answer."""
    roots = [
        getattr(view, name)
        for name in dir(view)
        if not name.startswith("_") and not callable(getattr(view, name))
    ]
    return [*roots, view.observation(), view.legal_actions(), view.visible_events()]


def _signature(obj, ids: set[int]) -> tuple:
    """What ``obj`` holds, one level deep: its children by id (within the walk) or value."""
    if isinstance(obj, _LEAVES):
        return (type(obj).__name__, obj)

    def ref(child):
        if type(child) in _LEAF_TYPES:
            return child
        return ("id", id(child)) if id(child) in ids else ("value", repr(child))

    if isinstance(obj, dict):
        return ("dict", tuple((ref(k), ref(v)) for k, v in obj.items()))
    if isinstance(obj, tuple | frozenset):  # immutable: what it holds is walked on its own
        return (type(obj).__name__, len(obj))
    if isinstance(obj, set):
        return ("set", frozenset(ref(c) for c in obj))
    if isinstance(obj, list):
        return ("list", tuple(ref(c) for c in obj))
    return (type(obj).__name__, tuple((n, ref(v)) for n, v in _public_fields(obj)))


def _paths(root, name: str) -> dict[int, str]:
    """Where each object reachable from ``root``'s public side is first found (breadth
    first): ``game.admitted[3]``, for a message a reader can follow."""
    where = {id(root): name}
    queue = [root]
    for obj in queue:
        if isinstance(obj, _LEAVES + _SKIPPED):
            continue
        here = where[id(obj)]
        if isinstance(obj, dict):
            named = [(f"{here}[{k!r}]", v) for k, v in obj.items()] + [(here, k) for k in obj]
        elif isinstance(obj, list | tuple):
            named = [(f"{here}[{i}]", v) for i, v in enumerate(obj)]
        elif isinstance(obj, set | frozenset):
            named = [(f"{here}{{…}}", v) for v in obj]
        else:
            named = [(f"{here}.{n}", v) for n, v in _public_fields(obj)]
        for path, child in named:
            if id(child) not in where and not isinstance(child, _SKIPPED):
                where[id(child)] = path
                queue.append(child)
    return where


def public_picture(game) -> dict[int, tuple]:
    """Every object reachable from the game's public attributes, and what it holds."""
    seen = walk([game])
    ids = set(seen)
    return {i: _signature(obj, ids) for i, obj in seen.items()}


# -- hole 2: an observation is the bot's own -------------------------------------------------


def containers(obj) -> list:
    """Every mutable container reachable from ``obj`` (through tuples and objects too)."""
    found = walk([obj], public_only=False)
    return [o for o in found.values() if isinstance(o, list | dict | set | bytearray)]


def mutate(obj, how: str) -> int:
    """Do to every container reachable from ``obj`` what a careless or hostile bot might;
    returns how many containers it changed."""
    boxes = containers(obj)
    for box in boxes:
        if how == "clear":
            box.clear()
        elif how == "grow":
            if isinstance(box, list):
                box.append(JUNK)
            elif isinstance(box, dict):
                box[JUNK] = JUNK
            elif isinstance(box, set):
                box.add(JUNK)
        elif how == "overwrite":
            if isinstance(box, list):
                box[:] = [JUNK] * len(box)
            elif isinstance(box, dict):
                for key in box:
                    box[key] = JUNK
    return len(boxes)


def _fingerprint(state: State) -> tuple:
    legal = [state.action_to_json(a) for a in state.legal_actions()]
    observations = [state.observation(p) for p in range(state.game.num_players)]
    return state.digest(), legal, copy.deepcopy(observations)


@pytest.mark.parametrize("name", NAMES)
def test_a_bot_that_mutates_its_observation_changes_nothing(name):
    game = load_game(name)
    changed = 0
    for state in positions(game):
        before = _fingerprint(state)
        for player in range(game.num_players):
            view = View(state, player)
            for how in ("grow", "overwrite", "clear"):
                changed += mutate(view.observation(), how)
                changed += mutate(view.legal_actions(), how)
                changed += mutate(view.visible_events(), how)
            assert _fingerprint(state) == before, (
                f"{name}: player {player} grew, overwrote and cleared the containers of "
                f"their observation, legal actions and narration, and the game changed: a "
                f"View must hand out the bot's own copies"
            )
    assert changed, "the observations held no container to mutate: the test tested nothing"


@pytest.mark.parametrize("name", NAMES)
def test_an_observation_shares_no_container_with_the_state(name):
    game = load_game(name)
    for state in positions(game):
        inside = {
            i
            for i, o in walk([state], public_only=False, stop=[game]).items()
            if isinstance(o, list | dict | set | bytearray)
        }
        for player in range(game.num_players):
            view = View(state, player)
            answers = [view.observation(), view.legal_actions(), view.visible_events()]
            shared = [o for i, o in walk(answers, public_only=False).items() if i in inside]
            assert not shared, (
                f"{name}: player {player}'s view hands out the state's own containers "
                f"{[repr(o)[:60] for o in shared[:3]]}"
            )


def test_jambo_a_bot_that_clears_a_pending_decisions_options_leaves_the_decider_its_moves():
    """The probe of the issue: a bot (the decider's opponent too) clears the pending frame's
    ``options`` list, in its view's observation or in the state's own."""
    game = boardlab.load("jambo")
    met = 0
    for seed in range(6):
        rng = random.Random(seed)
        state = game.new_game(seed)
        while not state.is_terminal and met < 12:
            if state.pending and "options" in state.pending[-1]:
                met += 1
                digest, legal = state.digest(), state.clone().legal_actions()
                for player in range(2):
                    for source in (View(state, player).observation(), state.observation(player)):
                        for frame in source["pending"]:
                            for value in frame.values():
                                if isinstance(value, list):
                                    value.clear()
                        assert state.digest() == digest, "clearing its lists changed the game"
                        assert state.clone().legal_actions() == legal, "the decider's moves"
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
    assert met, "no position with a pending choice among options: the test tested nothing"


# -- hole 3b: nothing hidden reachable from a View's public attributes ------------------------


@pytest.mark.parametrize("name", NAMES)
def test_a_views_public_attributes_hold_nothing_a_game_in_play_put_there(name):
    """The game a View names is what it was when loaded: after games are played on it, the
    objects reachable from its public attributes, and what each holds, are the same. So no
    played action (a Psychic's secret pick, Kalimambo's hidden card) and no dealt card can
    be reached there; and no State is reachable from the View's public side at all."""
    game = load_game(name)
    before = public_picture(game)
    for state in positions(game):
        for player in range(game.num_players):
            reached = walk(view_roots(View(state, player)), stop=[game])  # the game: below
            states = [o for o in reached.values() if isinstance(o, State)]
            assert not states, f"{name}: a State is reachable from player {player}'s view"
    after = public_picture(game)
    states = [o for o in walk([game]).values() if isinstance(o, State)]
    assert not states, f"{name}: a State is reachable from the game's public attributes"
    changed = [i for i in after if before.get(i) != after[i]]
    where = _paths(game, "view.game") if changed else {}
    grown = sorted({where.get(i, "?") for i in changed}, key=len)
    assert not grown, (
        f"{name}: playing games changed what the game's public attributes hold "
        f"({len(grown)} objects, e.g. {grown[:4]}): a bot reads view.game, so keep what a "
        f"game learns while it is played in private names"
    )


def test_jambo_a_psychics_secret_pick_is_not_reachable_from_the_view():
    """The issue's probe, by name: ``view.game.admitted`` listed the played actions."""
    game = boardlab.load("jambo")
    state = positions(game, seeds=[3], per_game=1)[0]
    view = View(state, 1)
    assert not hasattr(view.game, "admitted")
    assert not hasattr(view.game, "admitted_ids")


# -- hole 4: a sample depends on the view alone ----------------------------------------------


def _sample(state: State, player: int, k: int) -> dict:
    return View(state, player).sample_state(random.Random(k)).to_data()


@pytest.mark.parametrize("name", HIDDEN)
def test_a_sample_never_depends_on_where_the_hidden_cards_really_lie(name):
    """Two positions that ``player`` cannot tell apart (the true one, and one with the hidden
    cards dealt otherwise) give the same sample for the same generator. A bot owns its
    generator: were a sample a shuffle of the true order, it could replay the shuffle,
    undo it and read every hidden card."""
    game = load_game(name)
    apart = 0
    for state in positions(game):
        for player in range(game.num_players):
            for k in range(2):
                other = state.determinize(player, random.Random(1000 + k))
                apart += other.to_data()["rules"] != state.to_data()["rules"]
                assert _sample(state, player, k) == _sample(other, player, k), (
                    f"{name}: player {player}'s sample depends on where the hidden cards "
                    f"really lie: build what _resample shuffles in an order the player knows "
                    f"(sorted), not in the true order"
                )
    assert apart, f"{name}: no position had hidden cards to deal otherwise"


@pytest.mark.parametrize("name", HIDDEN)
def test_a_sample_varies_with_the_generator(name):
    """Where something is hidden, samples drawn with different generators differ."""
    game = load_game(name)
    varied = 0
    for state in positions(game):
        player = state.current_player
        samples = {repr(_sample(state, player, k)["rules"]) for k in range(6)}
        varied += len(samples) > 1
    assert varied, f"{name}: no sample ever differed from another"


def test_kilimanjaro_a_bot_cannot_undo_its_samples_shuffle():
    """The attack hole 4's test rules out, written out: replay the sample's shuffle with the
    bot's own generator and undo it. Before the fix this read the true deck every time."""
    game = boardlab.load("kilimanjaro")
    read = 0
    for state in positions(game, seeds=[11, 12], per_game=4):
        p = state.current_player
        others = [q for q in range(game.num_players) if q != p]
        sample = View(state, p).sample_state(random.Random(99))
        cards = [c for q in others for c in sample.hands[q]] + sample.deck  # as it shuffles
        order = list(range(len(cards)))
        random.Random(99).shuffle(order)
        truth = [None] * len(cards)
        for i, c in enumerate(cards):
            truth[order[i]] = c
        read += len(state.deck) > 2 and truth[: len(state.deck)] == state.deck
    assert read == 0, f"the bot read the true deck through its sample in {read} positions"


@pytest.mark.parametrize("deck_order", ["stacked", "shuffled"])
def test_tembo_a_sample_keeps_each_hidden_cards_back_and_ignores_the_true_order(deck_order):
    """Tembo's decks are stacked (I on top): a sample redraws a hidden card only among the
    hidden cards with its back, and two positions the player cannot tell apart sample
    alike."""
    game = boardlab.load("tembo", players=3, deck_order=deck_order)
    backs = game.backs
    for state in positions(game, seeds=[4, 5], per_game=5):
        for player in range(3):
            others = [q for q in range(3) if q != player]
            truth = [c for q in others for c in state.hands[q]] + state.deck
            other = state.determinize(player, random.Random(7))
            for k in range(3):
                sample = state.determinize(player, random.Random(k))
                drawn = [c for q in others for c in sample.hands[q]] + sample.deck
                assert [backs[c] for c in drawn] == [backs[c] for c in truth]
                assert sample.to_data() == other.determinize(player, random.Random(k)).to_data()


def test_dataclasses_walked():  # the walk enters dataclass fields (guards the helper)
    @dataclasses.dataclass
    class Box:
        inner: list

    box = Box([1])
    assert id(box.inner) in walk([box])


# -- bots in their own process ---------------------------------------------------------------


def _lineups(game, isolate: bool) -> list:
    """The game's heuristic bot in seat 0, a random player in seat 1 (both isolated with
    ``isolate``), random players elsewhere."""
    from boardlab.sim import IsolatedAgent, RandomAgent
    from boardlab.sim.lineup import heuristic_agent

    first, second = heuristic_agent(game), RandomAgent()
    if isolate:
        first, second = IsolatedAgent(first), IsolatedAgent(second)
    return [first, second] + [RandomAgent() for _ in range(game.num_players - 2)]


def test_an_isolated_bot_plays_as_it_does_in_process():
    """A heuristic bot that reads only its observation and legal actions, and a random
    player, each in a process of its own, play the same games as in-process: one game
    (``play``) and a short run (``run``, the same children reused)."""
    from boardlab.sim import play, run

    game = boardlab.load("kilimanjaro")
    isolated = _lineups(game, isolate=True)
    try:
        here = play(game, _lineups(game, isolate=False), seed=1)
        there = play(game, isolated, seed=1)
        assert there.history == here.history and there.digest() == here.digest()
        here = run(game, _lineups(game, isolate=False), games=2, seed=5, rotate_seats=False)
        there = run(game, isolated, games=2, seed=5, rotate_seats=False)
        assert there.equals(here)
    finally:
        for agent in isolated[:2]:
            agent.close()


class _Spy:
    """A bot that looks for the true state in its own process: no State object exists
    there at all (not even through private names), and its view is JSON read back."""

    def __init__(self) -> None:
        self.decisions = 0

    def reset(self, seed: int) -> None:
        pass

    def act(self, view):
        import gc

        from boardlab.sim.isolated import SeatView

        self.decisions += 1
        if self.decisions % 8 != 1:  # (a look at every 8th decision: a whole game's worth)
            return view.legal_actions()[-1]
        assert type(view) is SeatView, type(view)
        states = [o for o in gc.get_objects() if isinstance(o, State)]
        assert not states, f"the bot's process holds {len(states)} State objects"
        reached = walk([view], public_only=False)
        assert not [o for o in reached.values() if isinstance(o, State)]
        return view.legal_actions()[-1]


def _by_value() -> None:
    """Let this module's bots travel to their process by value (cloudpickle), so the child
    does not import the test suite to rebuild them."""
    cloudpickle = pytest.importorskip("cloudpickle")
    cloudpickle.register_pickle_by_value(sys.modules[__name__])


def test_an_isolated_bot_finds_no_state_in_its_process():
    from boardlab.sim import IsolatedAgent, RandomAgent, play

    _by_value()

    game = boardlab.load("kilimanjaro", players=2)
    with IsolatedAgent(_Spy()) as spy:
        state = play(game, [spy, RandomAgent()], seed=5)
    assert state.is_terminal


class _Cheat:
    """A bot that names an action it was not offered (a placement during the counters)."""

    def act(self, view):
        from boardlab.games.kilimanjaro.actions import PlaceCounter

        offered = view.legal_actions()
        wrong = next(PlaceCounter(k, s) for k in range(3) for s in range(1, 99))
        return wrong if wrong not in offered else PlaceCounter(0, 0)


def test_an_isolated_bot_that_names_an_action_it_was_not_offered_is_refused():
    from boardlab.sim import IsolatedAgent, RandomAgent, play

    _by_value()
    game = boardlab.load("kilimanjaro", players=2)
    refused = pytest.raises(boardlab.IllegalAction, match="not among the legal actions")
    with IsolatedAgent(_Cheat()) as cheat, refused:
        play(game, [cheat, RandomAgent()], seed=1)


def test_a_search_bot_cannot_be_isolated_and_says_why():
    from boardlab.sim import IsolatedAgent, IsolationError, RandomAgent, play

    game = boardlab.load("kalimambo", players=3)  # its heuristic bot samples the state
    with IsolatedAgent("heuristic") as bot, pytest.raises(IsolationError, match="sample_state"):
        play(game, [bot, RandomAgent(), RandomAgent()], seed=1)


def test_isolated_as_an_agent_spec_and_pickled_without_its_process():
    import pickle

    from boardlab.sim import IsolatedAgent, resolve_agents

    game = boardlab.load("kilimanjaro", players=2)
    agents, _ = resolve_agents(game, ["isolated:heuristic", "random"])
    assert type(agents[0]) is IsolatedAgent and agents[0].agent == "heuristic"
    again = pickle.loads(pickle.dumps(agents[0]))
    assert again.agent == "heuristic" and again._child is None
    with pytest.raises(ValueError, match="agent spec"):
        IsolatedAgent(42)
