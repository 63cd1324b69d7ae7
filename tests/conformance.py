"""The conformance checker every registered game must pass (used by test_conformance.py).

``Playout`` plays one game to the end, choosing moves with a caller's
``choose(step, legal) -> index``, and checks the Game/State contract (the
conventions of ``boardlab/games/README.md``) at every step: legal actions,
clone, JSON round trips, rejection of illegal actions, hidden information,
termination, outcome, record and replay; every failure says what to change. A
game joins the suite by being registered (``boardlab.game_names()``) and listing
its ``variants()``; the toy games of ``tests/toys`` (never registered) are played
too, to keep the contract honest about games the product does not have yet. A
game without hidden information sets the class attribute ``perfect_information =
True``; otherwise ``determinize`` must change something hidden at least once
in every game.
"""

from __future__ import annotations

import json
import os
import random
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import cache

import pytest
from toys import TOYS

import boardlab
from boardlab.core import Game, IllegalAction, Record, State, game_class, game_names
from boardlab.core.events import SPECTATOR, UNTOLD, Event
from boardlab.core.registry import register, unregister

#: Every how many steps a playout checks ``candidate_actions`` (each candidate clones).
CANDIDATES_EVERY = 9
#: Environment variable: random playouts per (game, variant); hypothesis examples scale with it.
SEEDS_VAR = "BOARDLAB_CONFORMANCE_SEEDS"
DEFAULT_SEEDS = 4


def seed_count() -> int:
    """How many seeds each (game, variant) is played with."""
    return max(1, int(os.environ.get(SEEDS_VAR, DEFAULT_SEEDS)))


def example_count() -> int:
    """Hypothesis examples per game: a few games for every declared variant."""
    return max(10, 4 * seed_count())


#: Games loadable by name but never listed (the templates, ``boardlab/games/_template`` and
#: ``_board_template``): played by name.
UNLISTED = ("template", "board_template")


@cache
def suite_games() -> dict[str, type[Game]]:
    """Every game class the suite plays, by name: the registered games, the template, then
    the toys."""
    out = {name: game_class(name) for name in (*game_names(), *UNLISTED)}
    for cls in TOYS:
        assert cls.name not in out, f"toy {cls.name!r} is registered or clashes with a game"
        out[cls.name] = cls
    return out


def load_game(name: str, **params) -> Game:
    """A registered game through ``boardlab.load``; a toy through its class's ``load``."""
    cls = suite_games()[name]
    return cls.load(**params) if cls in TOYS else boardlab.load(name, **params)


@contextmanager
def findable(cls: type[Game]) -> Iterator[None]:
    """Let ``boardlab.load``/``replay`` find ``cls`` by name inside the block.

    A registered game (or the template) already is; a toy is registered for the
    block only, so ``boardlab.game_names()`` never lists it anywhere else.
    """
    if cls not in TOYS:
        assert game_class(cls.name) is cls, f"another game is registered as {cls.name!r}"
        yield
        return
    register(state=cls.state_class)(cls)
    try:
        yield
    finally:
        unregister(cls.name)


def cases() -> list[tuple[str, int, dict]]:
    """Every (game name, variant index, variant parameters) the suite plays."""
    out = []
    for name, cls in suite_games().items():
        for i, variant in enumerate(cls.variants()):
            out.append((name, i, variant))
    return out


def case_id(name: str, variant: dict) -> str:
    inner = ",".join(f"{k}={v}" for k, v in variant.items()) or "defaults"
    return f"{name}[{inner}]"


def header() -> list[str]:
    """Lines for pytest's report header: what the suite plays, and how to change it."""
    per_game: dict[str, int] = {}
    for name, _, _ in cases():
        per_game[name] = per_game.get(name, 0) + 1
    games = ", ".join(f"{n} ({k} variants)" for n, k in per_game.items())
    return [
        f"boardlab conformance: {seed_count()} seeds per game variant, "
        f"{example_count()} hypothesis examples per game "
        f"(set {SEEDS_VAR} to change; default {DEFAULT_SEEDS}); games: {games}"
    ]


#: Objects that are no action of any game: ``apply`` must raise ``IllegalAction``.
NON_ACTIONS = (None, "pass", 0, 1.5, ("PlayCard",), object())

#: The newest lines of the narration compared between the powers of two (see check_hidden).
NEWEST_EVENTS = 12
#: Determinizations per player at a sampled step.
DETERMINIZATIONS = 3
#: Candidates for illegal actions tried at every step.
ILLEGAL_FROM_POOL = 3
ILLEGAL_FROM_PREVIOUS = 2


@cache
def action_pool(name: str) -> tuple:
    """Every action some state of some variant of ``name`` offered: the stock of
    "legal elsewhere" actions (other states, players, phases, parameters)."""
    seen: dict = {}
    for variant in suite_games()[name].variants():
        game = load_game(name, **variant)
        for seed in (101, 202):
            rng = random.Random(seed)
            state = game.new_game(seed)
            while not state.is_terminal:
                legal = state.legal_actions()
                for a in legal:
                    seen.setdefault(a, None)
                state.apply(legal[rng.randrange(len(legal))])
    return tuple(seen)


def random_chooser(seed: int) -> Callable[[int, list], int]:
    rng = random.Random(seed)
    return lambda step, legal: rng.randrange(len(legal))


def fingerprint(state: State) -> tuple:
    """What the playout compares step by step ("nothing changed", a clone left alone, a
    replay in step), at a cost that does not grow with the game: everything ``to_data``
    holds, except that the history and the narration, which only ever grow by appending,
    stand as their lengths and last entries. ``to_data`` serialises the whole past:
    called a dozen times a step, it made a long game's playout quadratic (60% of the
    time of a 665-step Jambo playout, measured with cProfile). The whole ``to_data`` is
    still compared wherever the state is saved and loaded, and at the end."""
    past, log = state.history, state._log
    text = json.dumps(
        [
            state.seed,
            len(past),
            [state.action_to_json(a) for a in past[-2:]],
            None if log is UNTOLD else [len(log), [[k, v, list(a)] for k, v, a in log[-2:]]],
            None if state.outcome is None else state.outcome.to_json(),
            state.current_player,
            state.setup,
            state.sampled,
            state._dump(),
        ]
    )
    return text, state.rng.getstate()  # a tuple of ints: compared as it is


def told_texts(state: State, player: int, told: slice) -> list:
    """The length of ``player``'s narration and the texts of its lines in ``told``, as
    ``visible_events`` tells them. Only the lines compared become ``Event`` objects: telling
    the whole narration at every hidden-information check made a long game's playout
    quadratic (46% of a 1,900-step Jambo playout's time, measured with cProfile)."""
    log = state._visible_log(player)
    describe = state.game.describe_event
    return [len(log)] + [Event(k, a, v, describe).text for k, v, a in log[told]]


def powers_of_two(limit: int) -> set[int]:
    out, k = set(), 1
    while k <= limit:
        out.add(k)
        k *= 2
    return out


class Playout:
    """One checked game from ``seed`` to the end; see the module docstring.

    ``hidden_every``: the hidden-information checks run at step 0, every
    ``hidden_every`` steps and at the end.
    """

    def __init__(
        self,
        game: Game,
        seed: int,
        choose: Callable[[int, list], int],
        *,
        hidden_every: int = 3,
        check_seed: int = 0,
    ) -> None:
        self.game = game
        self.seed = seed
        self.choose = choose
        self.hidden_every = hidden_every
        self.rng = random.Random(check_seed)  # the checker's own choices
        self.pool = action_pool(game.name)
        self.n = game.num_players
        self.hidden_changed = False
        self.round_tripped: set = set()
        self.determinizations_checked = 0

    # -- the whole game ------------------------------------------------------------
    def run(self) -> State:
        game = self.game
        state = game.new_game(self.seed)
        assert state == game.new_game(self.seed), (
            "new_game(seed) is not deterministic: shuffle and draw only with the state's own "
            "generator, boardlab.core.chance.shuffle(self.rng, items)"
        )
        trail = [fingerprint(state)]  # after every step, for the replay
        snapshots: list[tuple[State, str]] = []
        followers: list[State] = []  # clones and JSON copies that replay the same moves
        loads_at = {0} | powers_of_two(game.max_length)
        previous: list = []
        step = 0
        self.check_json(state, state.to_json(), followers)
        while not state.is_terminal:
            assert step < game.max_length, (
                f"{game!r} seed {self.seed}: not over after max_length={game.max_length} "
                "actions: raise max_length to the true bound, or end the game by a turn cap "
                "(a max_turns parameter, ending with Outcome(status='truncated'))"
            )
            now = trail[-1]  # the state as it is (nothing since): the "nothing changed" checks
            legal = self.check_turn(state)
            self.check_pick(state, legal, now)
            self.check_clone(state, legal, now)
            self.check_illegal(state, legal, previous, now)
            if step % self.hidden_every == 0:
                self.check_hidden(state, legal, now, play_out=step in loads_at)
            if step % CANDIDATES_EVERY == 0:
                self.check_candidates(state, legal, now)
            action = legal[self.choose(step, legal)]
            state.apply(action)
            for f in followers:
                f.apply(action)
            step += 1
            trail.append(fingerprint(state))
            assert state.history[-1] == action and len(state.history) == step, (
                "State.apply appends each action to the history: do not override apply"
            )
            if step in loads_at:
                self.check_json(state, state.to_json(), followers)
            if step % 7 == 1:
                snapshots.append((state.clone(), trail[-1]))
            previous = legal

        self.check_conservation(state)
        self.check_end(state, step, state.to_data())
        self.check_hidden(state, [], fingerprint(state))
        self.check_events(state)
        final = state.to_json()
        for f in followers:
            assert f.to_json() == final, (
                "a clone or JSON copy did not continue identically: _copy and _dump/_load "
                "must keep every field the rules read (the generator's state too)"
            )
        for snap, print_ in snapshots:
            assert fingerprint(snap) == print_, (
                "a clone changed when the original was played on: _copy must copy every "
                "mutable field, and the lists inside lists"
            )
        self.check_replay(state, trail, final)
        if not getattr(game, "perfect_information", False):
            assert self.hidden_changed, (
                f"{game!r} seed {self.seed}: determinize() never changed anything hidden "
                f"in {self.determinizations_checked} determinizations. If nothing is hidden in "
                "your game, set perfect_information = True on the Game class; otherwise "
                "_resample(player, rng) must redraw from rng what player cannot see (others' "
                "hands, the deck's order)"
            )
        return state

    # -- every step ----------------------------------------------------------------
    def check_turn(self, state: State) -> list:
        """Whose turn, and the legal actions: non-empty, distinct, named, JSON-able."""
        p = state.current_player
        assert isinstance(p, int) and not isinstance(p, bool) and 0 <= p < self.n, (
            f"current_player={p!r}: a live state's current_player is a seat, an int from 0 "
            f"to {self.n - 1}"
        )
        assert state.outcome is None, "a state with an outcome is over: is_terminal must say so"
        assert state.returns() == [0.0] * self.n, "returns() before the end must be zeros"
        self.check_conservation(state)
        legal = state.legal_actions()
        assert isinstance(legal, list) and legal, (
            "no legal action in a live state: legal_actions() returns a non-empty list until "
            "the game is over (end the game, or offer a pass where the rules allow one)"
        )
        # the caller owns the list: changing it changes nothing
        mine = state.legal_actions()
        assert mine is not legal, (
            "legal_actions() handed out one list twice: return a new list the caller owns "
            "(list(menu) of a kept menu)"
        )
        mine.clear()
        assert state.legal_actions() == legal, (
            "the menu changed after the caller cleared its list: legal_actions() must return "
            "a copy of any list the state keeps"
        )
        assert len(set(legal)) == len(legal), (
            "duplicate legal actions: offer each action once (two copies of a card in hand "
            "are one action)"
        )
        names = [str(a) for a in legal]
        assert len(set(names)) == len(names), (
            f"two legal actions read the same: {names}: make each action's __str__ name what "
            "tells it apart"
        )
        well_typed = self.game.well_typed
        for a in legal:
            # well typed as it is (the type check of ``Game.admit``): play()'s random
            # playouts apply legal actions without admitting them (checked before the
            # skip below: a NumPy-typed action equals the plain one checked earlier)
            check = well_typed.get(type(a))
            assert check is not None and check(a), (
                f"{a!r}: not a well-typed action of the game: list its class in the Game's "
                "action_types, annotate every field int, str or bool, and build the legal "
                "actions from plain Python values (not NumPy integers)"
            )
            if a in self.round_tripped:  # the same action was checked earlier in this game
                continue
            self.round_tripped.add(a)
            data = state.action_to_json(a)
            text = json.dumps(data)
            back = self.game.action_from_json(json.loads(text))
            assert back == a and hash(back) == hash(a), (
                f"{a!r} → {data} → {back!r}: the action's JSON does not read back as it; "
                "give an action with internal ids its own to_json/from_json (and of(...))"
            )
        return legal

    def check_pick(self, state: State, legal: list, now: tuple) -> None:
        """A game's ``State._pick`` (play()'s random playouts' way to the action a
        ``RandomAgent`` draws) agrees with the legal actions for every index: at the
        least and the greatest 32-bit number ``u`` that ``u * n >> 32`` maps to each, as
        ``RandomAgent.choose`` reads them; and it changes nothing."""
        pick = state._pick
        if pick is None:
            return
        n = len(legal)
        for i, action in enumerate(legal):
            for u in (-(-(i << 32) // n), -(-((i + 1) << 32) // n) - 1):
                assert pick(u) == action, (
                    f"_pick({u}) is not legal action {i} of {n}: {action!r}. _pick(u) must be "
                    "legal_actions()[u * n >> 32] (or leave _pick out)"
                )
        assert fingerprint(state) == now, "_pick changed the state: it must only read it"

    def check_conservation(self, state: State) -> None:
        """Every conservation law the game declares holds (cards, wares, elephants…)."""
        for law, (counted, total) in state.conservation().items():
            assert counted == total, (
                f"{self.game!r} seed {self.seed} step {len(state.history)}: "
                f"conservation of {law}: counted {counted}, must be {total}. Count every "
                "place such a component can be in conservation() (deck, hands, discard, "
                "play areas, a pending pool), or find the rule that loses or makes one"
            )

    def check_json(self, state: State, text: str, followers: list[State]) -> None:
        """state_from_json(to_json()) is equal; it and a clone join the followers, which
        must continue identically to the end."""
        loaded = self.game.state_from_json(text)
        step = len(state.history)
        saved = "_dump must save every field the state has, and _load restore it"
        assert loaded == state, f"step {step}: state_from_json(to_json()) differs: {saved}"
        assert loaded.to_json() == text, f"step {step}: a loaded state saves differently: {saved}"
        assert self.game.state_from_json(json.loads(text)) == state, saved
        followers += [loaded, state.clone()]

    def check_clone(self, state: State, legal: list, now: tuple) -> None:
        """A clone is equal, and playing on it leaves the original alone."""
        other = state.clone()
        assert other is not state and fingerprint(other) == now, (
            "a clone differs: _copy every field"
        )
        other.apply(legal[self.rng.randrange(len(legal))])
        assert fingerprint(state) == now, (
            "applying an action to a clone changed the original: _copy must copy every "
            "mutable field (the lists inside lists too)"
        )

    def check_illegal(self, state: State, legal: list, previous: list, now: tuple) -> None:
        """Actions legal elsewhere, and non-actions, are refused without any change."""
        allowed = set(legal)
        candidates = []
        stale = [a for a in previous if a not in allowed]
        candidates += self.rng.sample(stale, min(ILLEGAL_FROM_PREVIOUS, len(stale)))
        for a in self.rng.sample(self.pool, min(4 * ILLEGAL_FROM_POOL, len(self.pool))):
            if a not in allowed and len(candidates) < ILLEGAL_FROM_PREVIOUS + ILLEGAL_FROM_POOL:
                candidates.append(a)
        candidates.append(self.rng.choice(NON_ACTIONS))
        candidates.append(state.action_to_json(legal[0]))  # the JSON of an action is no action
        # One look after them all (a look a candidate made a dozen fingerprints a step, the
        # most of a long Jambo playout's time); if anything changed, find which, one by one.
        pristine = state.clone()
        for bad in candidates:
            self.refuse(state, bad)
        if fingerprint(state) != now:
            for bad in candidates:
                probe = pristine.clone()
                self.refuse(probe, bad)
                assert fingerprint(probe) == now, (
                    f"the refused {bad!r} changed the state: in _apply every check comes "
                    "before the first change"
                )
            raise AssertionError(
                f"refusing {candidates!r} one after another changed the state: in _apply "
                "every check comes before the first change"
            )

    @staticmethod
    def refuse(state: State, bad) -> None:
        """``state.apply(bad)`` must raise ``IllegalAction``, with a message."""
        try:
            state.apply(bad)
        except IllegalAction as error:
            assert str(error), "IllegalAction without a message: say why, and the rule"
        except Exception as error:
            raise AssertionError(
                f"apply({bad!r}) raised {type(error).__name__}, not IllegalAction: {error}. "
                "_apply checks every value first and raises IllegalAction(reason, rule, "
                "action) for one that breaks a rule"
            ) from error
        else:
            raise AssertionError(
                f"apply accepted {bad!r}, which is not legal here: _apply must refuse "
                "(IllegalAction) an action legal_actions() does not offer"
            )

    def check_candidates(self, state: State, legal: list, now: tuple) -> None:
        """``candidate_actions``: the legal actions first, each with no reason; every other
        candidate with the very ``IllegalAction`` (reason and rule) that ``apply`` raises."""
        pairs = state.candidate_actions()
        assert [a for a, why in pairs if why is None] == legal, (
            "candidate_actions() must pair exactly the legal actions with no reason: _candidates "
            "lists near misses the rules refuse"
        )
        assert [a for a, _ in pairs[: len(legal)]] == legal, "legal candidates come first"
        for action, why in pairs[len(legal) :]:
            assert why is not None and why.rule, (
                f"{action!r}: refused without a rule: IllegalAction(reason, rule, action) names "
                "the rulebook section"
            )
            other = state.clone()
            try:
                other.apply(action)
            except IllegalAction as error:
                assert (error.reason, error.rule) == (why.reason, why.rule), (
                    f"{action!r}: candidate_actions says {why}, apply says {error}"
                )
            else:
                raise AssertionError(
                    f"candidate {action!r} said illegal, but apply played it: _candidates lists "
                    "actions the rules refuse here; leave legal ones out"
                )
        assert fingerprint(state) == now, "candidate_actions changed the state: it must only read"

    def check_hidden(
        self, state: State, legal: list, now: tuple, *, play_out: bool = False
    ) -> None:
        """Observations leak nothing determinize resamples; determinize keeps what p knows."""
        rules = state._dump()
        spectator = state.observation(None)
        json.dumps(spectator)
        assert spectator.get("hand") is None, (
            "a spectator's observation shows a hand: observation(None) shows only what is public"
        )
        for p in range(self.n):
            obs = state.observation(p)
            json.dumps(obs)
            # the whole narration read at the powers of two and the end; in between its
            # length and newest lines (telling it all at every check made the run quadratic)
            told = slice(None) if play_out or not legal else slice(-NEWEST_EVENTS, None)
            seen = told_texts(state, p, told)
            for k in range(DETERMINIZATIONS):
                d = state.determinize(p, random.Random(1000 * k + p))
                self.determinizations_checked += 1
                assert d is not state
                assert d.observation(p) == obs, (
                    f"player {p}'s observation leaks hidden facts, or _resample redraws what "
                    "they see: observation(p) shows only what p may know, and _resample "
                    "redraws only the rest"
                )
                if k == 0:  # these do not depend on the generator: once is enough
                    assert d.observation(None) == spectator, (
                        "the spectator view leaks hidden facts: observation(None) shows only "
                        "what is public, and _resample keeps it"
                    )
                    assert told_texts(d, p, told) == seen, (
                        f"determinize changed the narration player {p} has read: an event "
                        "visible to p must follow from what _resample keeps"
                    )
                if p == state.current_player:
                    assert d.current_player == p, "_resample changed whose turn it is"
                    assert d.legal_actions() == legal, (
                        "the player's own options depend on hidden facts: _resample must keep "
                        "what the player to move holds and sees"
                    )
                if not self.hidden_changed and d._dump() != rules:
                    self.hidden_changed = True
        if legal:
            p = state.current_player
            again = state.determinize(p, random.Random(p))
            # compared field by field (State.__eq__: everything to_data holds), not through
            # to_json, which encodes the whole past: 16% of a 1,900-step Jambo playout
            assert again == state.determinize(p, random.Random(p)), (
                "determinize with equal generators gave different states: _resample draws "
                "only from the rng it is given"
            )
        assert fingerprint(state) == now, (
            "observation or determinize changed the state: both only read it (determinize "
            "resamples a clone)"
        )
        if legal and play_out:  # at steps 0, 1, 2, 4, 8…: a playout at every check made a
            # long game's run quadratic (a third of a 665-step Jambo playout's time)
            self.play_out(state.determinize(state.current_player, random.Random(7)))

    def play_out(self, state: State) -> None:
        """A determinization is a real state: it plays to the end within max_length."""
        steps = 0
        while not state.is_terminal:
            assert steps <= self.game.max_length, (
                "a determinization never ends: _resample must leave a state the rules can "
                "finish (the counts of cards in hands and deck as they were)"
            )
            legal = state.legal_actions()
            state.apply(legal[self.rng.randrange(len(legal))])
            steps += 1

    # -- the end -------------------------------------------------------------------
    def check_end(self, state: State, steps: int, final: dict) -> None:
        game, n = self.game, self.n
        ranked = "build the Outcome with rank_by (boardlab.core), from the final scores"
        assert steps <= game.max_length, "more actions than max_length: raise max_length"
        assert state.is_terminal and state.current_player is None, (
            "a finished game has an outcome and no current player (current_player is None)"
        )
        assert state.legal_actions() == [], "a finished game offers no legal action"
        outcome = state.outcome
        assert outcome.status in {"finished", "truncated"}, (
            f"outcome status {outcome.status!r}: 'finished', or 'truncated' at a turn cap"
        )
        everyone = set(range(n))
        groups = [set(g) for g in outcome.ranking]
        assert all(groups), f"empty group in ranking {outcome.ranking}: {ranked}"
        assert sum(len(g) for g in groups) == n and set().union(*groups) == everyone, (
            f"ranking {outcome.ranking} is not a partition of the players: {ranked}"
        )
        assert set(outcome.winners) <= everyone, f"winners {outcome.winners}: seats, please"
        if outcome.team is None:
            assert outcome.winners, f"nobody won: a competitive game has a winner ({ranked})"
            assert groups[0] == set(outcome.winners), f"the winners are not ranked first: {ranked}"
        else:
            assert outcome.team in {"won", "lost"} and len(groups) == 1, (
                "a cooperative game ends with team='won' or 'lost' and every player ranked together"
            )
        assert (outcome.team is not None) == game.cooperative, (
            f"a {'cooperative' if game.cooperative else 'competitive'} game "
            f"ended with team={outcome.team!r}: set cooperative = True on the Game of a "
            "cooperative game, and give a team outcome only there"
        )
        returns = state.returns()
        assert len(returns) == n and all(-1.0 <= r <= 1.0 for r in returns), (
            f"returns {returns}: one per player, each in [-1, 1] (core's returns(): keep it)"
        )
        assert returns == outcome.returns(n), "returns() must be outcome.returns(n)"
        if outcome.team is None and len(groups) > 1:
            assert all(returns[w] == 1.0 for w in outcome.winners), (
                f"a winner's return is 1: {ranked}"
            )
        assert len(state.scores) == n, "scores has one entry per player"
        assert outcome == type(outcome).from_json(json.loads(json.dumps(outcome.to_json())))
        for bad in (*self.rng.sample(self.pool, min(3, len(self.pool))), None):
            with pytest.raises(IllegalAction):  # core's apply refuses any action after the end
                state.apply(bad)
            assert state.to_data() == final, "a refused action after the end changed the state"

    def check_events(self, state: State) -> None:
        """Nobody reads an event hidden from them, not even by its words."""
        events = state.events
        public = {e.text for e in events if e.visible_to is None}
        for p in [*range(self.n), None]:
            me = SPECTATOR if p is None else p
            visible = state.visible_events(p)
            for e in visible:
                assert e.visible_to is None or me in e.visible_to, f"{p} sees {e}"
            texts = {e.text for e in visible}
            for e in events:
                if not e.visible(p):
                    assert e.text not in texts or e.text in public, (
                        f"player {p} reads the words of a hidden event: {e.text!r}. Log it with "
                        "visible_to (who may see it), and let redact(kind, args) say what "
                        "the others read instead"
                    )
            json.dumps([e.to_json() for e in visible])

    def check_replay(self, state: State, trail: list[tuple], final: str) -> None:
        record = state.record()
        text = record.to_json()
        assert Record.from_json(text) == record, "a record does not read back from its JSON"
        assert Record.from_json(json.loads(text)) == record, "a record's JSON dict reads back"
        with findable(type(self.game)):  # replay finds the game by name
            states = boardlab.replay(record)
            assert boardlab.replay(text)[-1] == state
        assert len(states) == len(trail), "a replay has a state per action, and the deal"
        assert states[-1].to_json() == final, "a replay ends elsewhere than the game"
        for i, (s, expected) in enumerate(zip(states, trail, strict=True)):
            assert fingerprint(s) == expected, (
                f"replay differs at step {i}: the game must follow from its seed and actions "
                "alone (every draw from the state's own generator, self.rng)"
            )
