"""The contract every game implements: a ``Game`` (rules + parameters) and its ``State``.

A game's rules module subclasses both. The base classes hold what is the
same for every game — loading and validating parameters, the record of
actions, narration, JSON round trips, rewards — so a game's own code is
only its rules. ``boardlab/games/_template/`` is the small, complete game
every new game copies.

A game overrides the underscored hooks (``_apply``, ``_resample``,
``_copy``, ``_dump``/``_load``, ``_arrange``); the public methods that call
them (``apply``, ``determinize``, ``clone``, ``to_json``, ``arrange``) live
here once, so the bookkeeping is the same in every game. Some hooks have
defaults a game opts into: a state that declares its fields (``_FIELDS``) is
copied, saved, loaded and arranged from them; a game with ``perfect_information``
is observed whole and resamples nothing; a game with a ``narration`` table is
told from it; and ``rule_help`` shows the rulebook sections its actions cite.
``boardlab/games/_board_template/`` uses them all.
"""

from __future__ import annotations

import dataclasses
import hashlib
import importlib
import json
import numbers
import random
import typing
from collections.abc import Callable
from dataclasses import fields
from types import ModuleType
from typing import Any, ClassVar, Literal

from . import admission
from .chance import SeededOnUse
from .checks import all_or_nothing, scene_arguments
from .errors import IllegalAction, ImpossibleScene, InvalidParameter, InvalidRecord
from .events import SPECTATOR, UNTOLD, Event
from .fields import copied, declared
from .outcome import Outcome, rank_by
from .params import Param, Params, resolve
from .record import Record
from .sections import cited_sections


class Action:
    """Mixin for a game's action dataclasses: JSON as ``{"action": name, **fields}``.

    Actions are frozen dataclasses (hashable); ``str()`` is plain English.
    Actions name what a player sees, not physical copies.
    """

    __slots__ = ()

    def to_json(self) -> dict:
        data = {"action": type(self).__name__}
        for f in fields(self):  # type: ignore[arg-type]
            data[f.name] = getattr(self, f.name)
        return data

    @classmethod
    def from_json(cls, data: dict) -> Action:
        return cls(**{k: v for k, v in data.items() if k != "action"})

    @classmethod
    def field_types(cls) -> tuple[tuple[str, type], ...]:
        """Each field that must hold an ``int``, ``str`` or ``bool``, with that type (from
        the dataclass annotations): what ``State.apply`` checks before the rules see it."""
        hints = typing.get_type_hints(cls)
        return tuple(
            (f.name, hints[f.name])
            for f in fields(cls)  # type: ignore[arg-type]
            if hints.get(f.name) in (int, str, bool)
        )

    @classmethod
    def type_check(cls):
        """A function ``action -> bool``: are all fields of exactly their declared types?

        Generated as one expression (``type(a.card) is int and …``) because it runs on
        every ``apply``: a loop over the fields would cost several times as much.
        """
        terms = [f"type(a.{name}) is {kind.__name__}" for name, kind in cls.field_types()]
        return eval(f"lambda a: {' and '.join(terms) or 'True'}")


class Game:
    """A game with fixed parameters: the factory of its states.

    Subclasses set ``name``, ``title``, ``specs`` (the parameter
    declarations) and ``action_types``, and may override ``validate`` for
    limits that involve several parameters. ``@register(state=...)`` sets
    ``state_class``.
    """

    name: ClassVar[str]
    title: ClassVar[str]
    specs: ClassVar[tuple[Param, ...]]
    state_class: ClassVar[type[State]]
    action_types: ClassVar[tuple[type[Action], ...]]
    score_order: ClassVar[Literal["high", "low"]] = "high"
    cooperative: ClassVar[bool] = False
    #: The rulebook section that ends the game: cited when an action comes after the end.
    end_rule: ClassVar[str] = "Game end"
    #: Nothing is hidden (no hands, no deck): the state's default ``observation`` is its
    #: whole ``_dump``, its ``_resample`` changes nothing, and the conformance suite does
    #: not ask ``determinize`` to change anything.
    perfect_information: ClassVar[bool] = False
    #: Event kind → function of the event's args giving its sentence: the default
    #: ``describe_event`` reads it (None: the game writes ``describe_event``).
    narration: ClassVar[dict[str, Callable[..., str]] | None] = None

    def __init__(self, params: Params) -> None:
        self.params = params
        #: Every game has a ``players`` parameter; read often, so kept as an attribute.
        self.num_players: int = params["players"]
        #: ``action class → type check``: an action is admitted when its class is the
        #: game's and its fields have their declared types.
        self.well_typed = _type_checks(self.action_types)
        #: The ids of the action objects admitted so far, and the objects (held, so that
        #: no other object can take their id): ``State.apply`` knows most actions by
        #: identity (games hand out tables made once), one set look-up in place of
        #: ``admit``'s type check; actions are frozen, so they stay well typed. Bounded
        #: (see ``admit``). Private: they are the actions played, secret ones too (a
        #: Psychic's pick), and a bot reads ``view.game`` (README, What a View guarantees).
        self._admitted_ids: set[int] = set()
        self._admitted: list = []

    def __reduce__(self) -> tuple:
        """Pickle (joblib and Dask workers) as the class and the parameters, which define
        the game: its tables (Tembo's all-pairs distances, a megabyte) are rebuilt in the
        worker, once per process (``rebuilt``), not shipped with every task."""
        return (rebuilt, (type(self), self.params))

    def admit(self, action: Any) -> Any:
        """An action of this game with well-typed fields, from one that may not be:
        numpy integers become ``int`` (pandas hands them out); anything else that is not
        of the declared type is an ``IllegalAction``. A well-typed action is remembered
        (``_admitted``), so ``State.apply`` knows it next time by its identity."""
        cls = type(action)
        check = self.well_typed.get(cls)
        if check is not None and check(action):
            if cls in admission.UNCOMPARED:  # a field equality ignores: checked once too
                admission.check(self, action)
            if len(self._admitted) >= ADMITTED_MAX:  # actions made afresh each step: forget
                self._admitted_ids.clear()
                self._admitted.clear()
            self._admitted_ids.add(id(action))
            self._admitted.append(action)
            return action
        if cls not in self.well_typed:
            kinds = ", ".join(c.__name__ for c in self.action_types)
            raise IllegalAction(
                f"{action!r} is not a {self.title} action ({kinds})",
                f"{self.title}: the actions of the game",
            )
        doc = (cls.__doc__ or cls.__name__).strip().splitlines()[0]
        changes = {}
        for name, kind in cls.field_types():
            value = getattr(action, name)
            if type(value) is kind:
                continue
            if kind is int and isinstance(value, numbers.Integral) and not isinstance(value, bool):
                changes[name] = int(value)
                continue
            raise IllegalAction(
                f"{cls.__name__}.{name} must be {'an' if kind is int else 'a'} "
                f"{kind.__name__}, not {value!r} ({type(value).__name__})",
                f"{cls.__name__}: {doc}",
                action,
            )
        action = dataclasses.replace(action, **changes) if changes else action
        if cls in admission.UNCOMPARED:
            admission.check(self, action)
        return action

    # -- parameters ---------------------------------------------------------
    @classmethod
    def parameter_specs(cls) -> tuple[Param, ...]:
        return cls.specs

    @classmethod
    def load(cls, **params: Any) -> Game:
        """Validate ``params`` (unknown names, ranges, then ``validate``) and build the game."""
        resolved = resolve(cls.specs, params)
        cls.validate(resolved)
        return cls(resolved)

    @classmethod
    def validate(cls, params: Params) -> None:
        """Check limits that involve several parameters; raise ``InvalidParameter``."""

    @classmethod
    def variants(cls) -> list[dict]:
        """Parameter sets the conformance suite plays (``{}`` is the rulebook's defaults).

        A game lists here every rule variant and edge case (fewest/most players,
        empty decks, short tracks) that each must pass the same checks.
        """
        return [{}]

    @property
    def max_length(self) -> int:
        """An upper bound on the number of actions in any game."""
        raise NotImplementedError

    # -- states and actions -------------------------------------------------
    def new_game(self, seed: int | None = 0) -> State:
        """A new game, dealt and shuffled from ``seed`` alone.

        ``seed=None`` draws a fresh seed (from the operating system) and keeps it,
        so the game's record still replays. Seeds are integers: a str or float seed
        would be hashed or rounded differently elsewhere.
        """
        return self.state_class(self, check_seed(seed))

    def action_from_json(self, data: dict) -> Any:
        by_name = {cls.__name__: cls for cls in self.action_types}
        try:
            cls = by_name[data["action"]]
            return cls.from_json(data)
        except (KeyError, TypeError, ValueError) as error:
            raise ValueError(f"not a {self.name} action: {data!r} ({error})") from None

    def state_from_json(self, text: str | dict) -> State:
        data = json.loads(text) if isinstance(text, str) else text
        if data["game"] != self.name or Params(data["params"]) != Params(self.params.to_json()):
            raise ValueError("the state belongs to another game or other parameters")
        state = self.state_class.__new__(self.state_class)
        State.__init__(state, self, data["seed"])
        state.history = [self.action_from_json(a) for a in data["history"]]
        state._log = [(k, None if v is None else tuple(v), tuple(a)) for k, v, a in data["log"]]
        state.outcome = None if data["outcome"] is None else Outcome.from_json(data["outcome"])
        state.current_player = data["current_player"]
        state.setup = data.get("setup")
        if data.get("sampled", False):  # an instance field only when true, as in ``clone``
            state.sampled = True
        rng_state = data["rng"]
        state.rng.setstate((rng_state[0], tuple(rng_state[1]), rng_state[2]))
        state._load(data["rules"])
        return state

    def standing(self, state: State) -> tuple[int, ...]:
        """The players who lead now (for lead-change metrics); by default the best scores."""
        scores = state.scores
        best = max(scores) if self.score_order == "high" else min(scores)
        return tuple(p for p, s in enumerate(scores) if s == best)

    def describe_event(self, kind: str, args: tuple) -> str:
        """The English sentence for one narration event: by default from the game's
        ``narration`` table (``"arranged"``, core's own event, has a sentence of its own)."""
        if self.narration is None:
            raise NotImplementedError
        if kind == "arranged" and kind not in self.narration:
            return "the situation is set up by hand (arrange)"
        return self.narration[kind](*args)

    def redact(self, kind: str, args: tuple) -> tuple[str, tuple] | None:
        """What players outside an event's ``visible_to`` learn of it, or ``None``.

        "player 0 draws jeep 5" is shown to player 0; the others read the
        redacted "player 0 draws a card". One log entry serves both, so a
        playout pays for one tuple, not two.
        """
        return None

    def rule_help(self, state: State) -> str:
        """The rulebook's words for the decision ``state`` asks for (shown by ``PlayPanel``).

        By default the sections of the rules module's docstring (``§2 Placement. …``)
        that the docstrings of the legal actions' classes cite, or ``""``."""
        return cited_sections(self, state)

    # -- presentation --------------------------------------------------------
    def renderer(self) -> ModuleType:
        """The game's ``render`` module, imported only when something is drawn.

        Besides ``draw``, ``to_png``, ``graph`` and ``draw_graph``, a renderer may offer
        ``locate(state, x, y, viewer=None) -> str | None``: the place under pixel
        ``(x, y)`` of ``to_png(state, viewer)`` at its default dpi (x from the left, y
        down from the top), named as ``choice_path`` labels name it (``"space 37"``,
        ``"cell c3"``), or ``None`` off any place. ``PlayPanel`` calls it on a click
        on the board and keeps the choices whose path mentions that place; a game
        without it simply takes no clicks.
        """
        package = type(self).__module__.rsplit(".", 1)[0]
        return importlib.import_module(f"{package}.render")

    #: The placeholder of ``PlayPanel``'s filter box: what a player of this game would
    #: type to find a move (Kombo Afrika: ``"e.g. lion or 37"``).
    choice_hint: ClassVar[str] = "filter the moves"

    def choice_path(self, state: State, action: Any) -> tuple[str, ...]:
        """The steps ``PlayPanel`` lets a player choose ``action`` in, one label a step.

        A grouping in the widget only — actions, records and playthroughs stay as
        they are: the panel shows the distinct first labels of the legal actions,
        then, once one is chosen, the second labels under it, and so on; the move
        is played when a whole path is chosen and the player presses Play. E.g.
        Kilimanjaro's ``PlayCard`` → ``("jeep 5", "player 1's pile A → moves 6")``
        (card, then pile); Kombo Afrika's placement → ``("lion 3", "cell c3")``.

        Called for every action of ``state.candidate_actions()`` (illegal ones too,
        which the panel greys out under the same labels). Labels are plain English;
        a label naming a place of the board names it as the renderer's ``locate``
        does (``"space 37"``, ``"cell c3"``), so a click on the board narrows the
        choices to the paths that mention that place. No path should be a prefix of
        another (the panel then adds ``str(action)`` as a last step). The default is
        one flat step: ``(str(action),)``.
        """
        return (str(action),)

    def rule_decisions(self) -> list[dict]:
        """Every parameter with its value, default and rule reference (for notebooks)."""
        rows = []
        for spec in self.specs:
            row = spec.describe()
            value = self.params[spec.name]
            row["value"] = value.name if hasattr(value, "text") else value
            rows.append(row)
        return rows

    def __repr__(self) -> str:
        changed = {k: v for k, v in self.params.items() if v != _default(self.specs, k)}
        inner = ", ".join(f"{k}={v!r}" for k, v in changed.items())
        return f"boardlab.load({self.name!r}{', ' if inner else ''}{inner})"

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Game):
            return self.name == other.name and self.params == other.params
        return NotImplemented

    def __hash__(self) -> int:
        return hash((self.name, self.params))


#: The games a process has unpickled, by class and parameters (``rebuilt``).
_REBUILT: dict[tuple[type, Params], Game] = {}


def rebuilt(cls: type[Game], params: Params) -> Game:
    """``cls(params)``, made once per process: a worker handed the same game in task after
    task builds its tables once. The parameters were validated where the game was loaded,
    and a game is immutable but for its caches, so sharing one is safe."""
    key = (cls, params)
    game = _REBUILT.get(key)
    if game is None:
        if len(_REBUILT) >= 64:  # a sweep over many points: keep the memory bounded
            _REBUILT.clear()
        game = _REBUILT[key] = cls(params)
    return game


_CHECKS: dict[type, Any] = {}
#: How many admitted action objects a game remembers before it starts afresh.
ADMITTED_MAX = 4096


def _type_checks(action_types: tuple[type[Action], ...]) -> dict[type, Any]:
    """Each action class's generated type check, made once per class and process."""
    for cls in action_types:
        if cls not in _CHECKS:
            _CHECKS[cls] = cls.type_check()
            admission.note(cls)  # fields outside equality: ``admit`` checks them too
    return {cls: _CHECKS[cls] for cls in action_types}


def check_seed(seed: Any) -> int:
    """A game's seed as an ``int``: numpy integers converted, ``None`` drawn afresh (from the
    operating system, so two ``new_game(None)`` differ), anything else refused — a negative
    seed too (``random.Random`` takes the absolute value: -7 would deal as 7)."""
    if type(seed) is int and seed >= 0:  # the common case, before the slower checks
        return seed
    if seed is None:
        return random.SystemRandom().getrandbits(63)
    if isinstance(seed, bool) or not isinstance(seed, numbers.Integral) or seed < 0:
        raise InvalidParameter("seed", seed, "a non-negative integer, or None for a fresh seed")
    return int(seed)


def _same_json(a: Any, b: Any) -> bool:
    """Equal, or equal once through JSON (a tuple and the list it was saved as)."""
    return a == b or json.loads(json.dumps(a)) == json.loads(json.dumps(b))


def _default(specs: tuple[Param, ...], name: str) -> Any:
    return next(spec.check(spec.default) for spec in specs if spec.name == name)


class State:
    """One position of a game, mutated in place by ``apply``.

    A game's state class implements the rules: ``legal_actions``,
    ``_apply`` (which checks legality before any change), ``scores``,
    ``observation``, ``_resample`` (for ``determinize``), ``_copy`` and
    ``_dump``/``_load`` for its own fields. The base keeps the action
    history, the narration log, the outcome and the random generator, and
    owns ``apply`` and ``determinize``: no game writes their bookkeeping.
    A random playout's state is played untold (``events.UNTOLD``): it keeps no
    narration and tells it by replay when read (``_narration``).
    """

    current_player: int | None
    outcome: Outcome | None
    #: True for a state made by ``determinize``: a guess, not a game (no record). A class
    #: default, set on the instance only for samples: a new game pays no store for it.
    sampled: bool = False
    #: ``play()``'s random playouts' way to the action a ``RandomAgent`` draws, for a game
    #: that finds it without a list of its own (None: they index ``legal_actions()``).
    #: ``_pick(u)``, in a live state, is ``legal_actions()[u * n >> 32]`` (``n`` legal
    #: actions, ``u`` the agent's 32-bit number, ``RandomAgent.choose``) and changes
    #: nothing: a game that keeps its menu (Jambo) or shares one (Kalimambo) indexes
    #: that, one that builds it of groups (Kilimanjaro) indexes the groups. The
    #: conformance suite checks every index at every step.
    _pick: Callable[[int], Any] | None = None

    def __init__(self, game: Game, seed: int) -> None:
        self.game = game
        self.seed = seed
        self.rng = random.Random(seed)
        self.history: list = []
        self._log: list[tuple] = []
        self.outcome = None
        self.current_player = None
        #: The hand-set situation of ``arrange`` (None for a game as dealt).
        self.setup: dict | None = None

    # -- the rules (a game overrides these) ---------------------------------
    def legal_actions(self) -> list:
        raise NotImplementedError

    def candidate_actions(self) -> list[tuple[Any, IllegalAction | None]]:
        """The moves a player might consider now, legal or not, each with ``None`` or the
        ``IllegalAction`` that ``apply`` raises for it — to teach the rules by what is not
        allowed (a widget greys those out, with the rule that forbids them).

        The legal actions come first, in their order; then the game's other
        ``_candidates``. The reasons are found by playing each candidate on a copy,
        so they can never disagree with ``apply``. Not for playouts: it clones.
        """
        legal = self.legal_actions()
        out: list[tuple[Any, IllegalAction | None]] = [(a, None) for a in legal]
        seen = set(legal)
        for action in self._candidates():
            if action in seen:
                continue
            seen.add(action)
            try:
                self.clone().apply(action)
            except IllegalAction as error:
                out.append((action, error))
            else:
                raise AssertionError(f"{action!r} is legal but not among the legal actions")
        return out

    def _candidates(self) -> list:
        """Moves a player might try in this step besides the legal ones (every card of the
        hand on every pile, say); ``candidate_actions`` explains why each is refused.
        A game without near misses to teach keeps this empty default."""
        return []

    def conservation(self) -> dict[str, tuple[int, int]]:
        """The game's conservation laws: name → (counted now, the total that must hold).

        E.g. ``{"cards": (110, 110)}``: every card is somewhere (deck, hands, discard,
        play areas, a pending pool). The conformance suite checks every law after every
        step of every playout, so a rule that loses or duplicates a component fails
        there. A game without components to count keeps this empty default."""
        return {}

    def progress(self) -> float | None:
        """How far toward the goal this position is, in [0, 1] (1: the goal reached);
        ``None``: the game gives no such estimate (the default).

        A cooperative game's hook for search: where random playouts never win, a search
        bot (``boardlab.sim.ISMCTSAgent``) grades a lost or cut-short playout by how far
        it got. It must read only what the state holds (a search calls it on its own
        samples) and be cheap (a few microseconds: once per playout)."""
        return None

    def apply(self, action: Any) -> None:
        """Play ``action`` for ``current_player``; illegal → ``IllegalAction``, nothing changed.

        The one way a state moves on: refuse any action once the game is over, admit
        only the game's actions with well-typed fields (numpy ints become ints; any
        other wrong type is an ``IllegalAction``), let the game's ``_apply`` check
        and play it, then record it. The type check is one generated expression per
        action class, run once per action object (``Game._admitted``), so the rules' own
        checks can trust the types.
        """
        if self.outcome is not None:
            raise IllegalAction("the game is over", self.game.end_rule, action)
        if id(action) not in self.game._admitted_ids:
            action = self.game.admit(action)
        self._apply(action)
        self.history.append(action)

    def _apply(self, action: Any) -> None:
        """Check ``action`` against the rules (raise ``IllegalAction`` before changing
        anything) and play it: the game's own rules, without the bookkeeping."""
        raise NotImplementedError

    @property
    def scores(self) -> list:
        raise NotImplementedError

    def observation(self, player: int | None) -> dict:
        """What ``player`` may see (``None``: a spectator who sees only public facts).

        The default, for a game with ``perfect_information`` only: everything, the
        state's ``_dump`` with who moves and the outcome."""
        if not self.game.perfect_information:
            raise NotImplementedError
        outcome = None if self.outcome is None else self.outcome.to_json()
        return {
            "player": player,
            "current_player": self.current_player,
            **self._dump(),
            "outcome": outcome,
        }

    def determinize(self, player: int, rng: random.Random) -> State:
        """A full state that ``player`` cannot tell from this one (hidden parts resampled).

        For search bots (``View.sample_state``). The game's ``_resample`` redraws
        what ``player`` cannot see (what they have seen — a peek, a card shown —
        stays); then the copy forgets whatever would tell the truth back: the action
        history (it names others' cards), the narration ``player`` may not read, the
        hand-set ``setup`` (every hand of an ``arrange``) and the seed (the true one
        rebuilds the whole deal: a fresh one is drawn from ``rng``). The copy is a
        guess, not a game: its ``record()`` raises ``InvalidRecord``.
        """
        # ``clone`` without what the copy forgets at once (copying the generator, history and
        # log of a sample a search draws each iteration cost a fifth of it); the fields in
        # ``clone``'s order, then ``sampled``: CPython's compact layout shares one key order
        d = self.__class__.__new__(self.__class__)
        d.game = self.game
        d.seed = None  # drawn below, after the resampling: the agent's stream in that order
        d.rng = None
        d.history = []
        d._log = self._visible_log(player)
        d.outcome = self.outcome
        d.current_player = self.current_player
        d.setup = None
        self._copy(d)
        d.sampled = True
        d._resample(player, rng)
        d.seed = rng.getrandbits(64)
        d.rng = SeededOnUse(d.seed)  # seeded at its first draw: most playouts draw nothing
        return d

    def _resample(self, player: int, rng: random.Random) -> None:
        """Redraw, in this copy, everything ``player`` cannot see, from ``rng`` (with
        ``perfect_information``, by default: nothing)."""
        if not self.game.perfect_information:
            raise NotImplementedError

    def arrange(self, **setup: Any) -> State:
        """Set up a situation by hand (rule tests, notebook exercises); returns ``self``.

        Only on a fresh game: the deal is replaced, the narration restarts and
        the record remembers ``setup``, so ``boardlab.replay`` rebuilds the
        same situation before replaying the actions. Arguments are the game's (its
        ``_arrange``), JSON values; a bad one is an ``ImpossibleScene``, changing nothing.
        """
        if self.history:
            raise ImpossibleScene("arrange", "sets up a fresh game, before any action")
        if type(self)._arrange is State._arrange and type(self)._FIELDS is None:
            raise NotImplementedError(f"{self.game.name} has no arrange()")
        setup = scene_arguments(self._arrange, setup, self.game.name)  # JSON copies, known
        with all_or_nothing(self):  # a refused scene changes nothing
            self._arrange(**setup)
        self.setup = json.loads(json.dumps(setup))  # as a record stores it (keys as strings)
        self._log = [("arranged", None, ())]
        return self

    #: The names of the game's own fields, JSON values all (ints, strings, None, lists
    #: and dicts of them): declared, they give the defaults of ``_copy`` (lists, dicts
    #: and sets copied, and those inside them: ``fields.copied``), ``_dump``/``_load``
    #: and ``_arrange``. None: the game writes those hooks (a field it derives or keeps
    #: as a tuple, a bit mask or a cache needs its own).
    _FIELDS: ClassVar[tuple[str, ...] | None] = None

    def _arrange(self, **setup: Any) -> None:
        """By default, with ``_FIELDS`` declared: the fields given (and ``current_player``)
        set to the values given; a game whose scenes name things or need checks writes
        its own."""
        if type(self)._FIELDS is None:
            raise NotImplementedError(f"{self.game.name} has no arrange()")
        allowed = (*declared(self, "_arrange"), "current_player")
        unknown = [name for name in setup if name not in allowed]
        if unknown:
            raise ImpossibleScene(
                unknown[0], f"arrange() takes {', '.join(allowed)}; not {', '.join(unknown)}"
            )
        for name, value in setup.items():
            setattr(self, name, copied(value))

    def _copy(self, other: State) -> None:
        """Copy the game's own fields from ``self`` into the blank ``other``."""
        for name in declared(self, "_copy"):
            setattr(other, name, copied(getattr(self, name)))

    def _dump(self) -> dict:
        """The game's own fields as JSON values (copies: nothing shared with the state)."""
        return {name: copied(getattr(self, name)) for name in declared(self, "_dump")}

    def _load(self, data: dict) -> None:
        """The fields of ``_dump`` back (``Game.state_from_json``)."""
        for name in declared(self, "_load"):
            setattr(self, name, copied(data[name]))

    # -- shared machinery -----------------------------------------------------
    @property
    def is_terminal(self) -> bool:
        return self.outcome is not None

    def returns(self) -> list[float]:
        """Per-player rewards in [-1, 1]; all zero until the game ends."""
        if self.outcome is None:
            return [0.0] * self.game.num_players
        return self.outcome.returns(self.game.num_players)

    def clone(self) -> State:
        """An independent copy: changing it never changes this state."""
        other = self.__class__.__new__(self.__class__)
        other.game = self.game
        other.seed = self.seed
        # no fresh seeding from the OS: the state below replaces it whole (4x cheaper)
        other.rng = random.Random.__new__(random.Random)
        other.rng.setstate(self.rng.getstate())
        other.history = list(self.history)
        log = self._log
        other._log = log if log is UNTOLD else list(log)  # an untold game's copy stays untold
        other.outcome = self.outcome
        other.current_player = self.current_player
        other.setup = self.setup
        if self.sampled:
            other.sampled = True
        self._copy(other)
        return other

    @property
    def events(self) -> list[Event]:
        """The whole narration so far (including what only some players may see)."""
        describe = self.game.describe_event
        return [Event(kind, args, visible, describe) for kind, visible, args in self._narration()]

    def visible_events(self, player: int | None) -> list[Event]:
        """The narration ``player`` may read (``None``: a spectator), hidden parts redacted."""
        describe = self.game.describe_event
        return [
            Event(kind, args, visible, describe)
            for kind, visible, args in self._visible_log(player)
        ]

    def _visible_log(self, player: int | None) -> list[tuple]:
        """The raw log as ``player`` knows it: others' secrets replaced by their redaction.

        ``determinize`` keeps only this, so a search bot can't read the
        true story of others' draws from its sampled state.
        """
        log = self._narration()  # append-only: the lines told stay as they were
        cached = self.__dict__.get("_visible_cache")
        if cached is None or cached[0] is not log:
            cached = self._visible_cache = (log, {})
        # Each player's view is kept and extended by the lines added since: a search bot
        # samples one state again and again, and a checked or viewed game reads every
        # player's narration after each step (told whole each time, a 1,900-step Jambo
        # game's conformance run spent 46% of its time here).
        told, out = cached[1].get(player, (0, []))
        if told < len(log):
            out = list(out)
            redact = self.game.redact
            seen = SPECTATOR if player is None else player
            for entry in log[told:]:
                kind, visible, args = entry
                if visible is None or seen in visible:
                    out.append(entry)
                else:
                    public = redact(kind, args)
                    if public is not None:
                        out.append((public[0], None, public[1]))
            cached[1][player] = (len(log), out)
        return list(out)

    def _narration(self) -> list[tuple]:
        """The raw log, ``(kind, visible_to, args)`` tuples: the state's own, or — for a
        state played untold (``UNTOLD``: a random playout's) — told again by replaying the
        game from its seed, as ``boardlab.replay`` would: the same rules, the same entries.
        Every reader of the narration (``events``, ``visible_events``, ``determinize``,
        ``to_data``, ``==``) reads it here."""
        log = self._log
        if log is not UNTOLD:
            return log
        told = self.game.new_game(self.seed)
        if self.setup is not None:
            told.arrange(**self.setup)
        for action in self.history:
            told.apply(action)
        return told._log

    def action_to_json(self, action: Any) -> dict:
        """The JSON of ``action`` as records store it (a game whose actions need the
        game's data to name themselves overrides this)."""
        return action.to_json()

    def record(self) -> Record:
        """(game, parameters, seed, actions): enough to replay this game exactly.

        It carries the digest of this position and a summary of it, which
        ``boardlab.replay`` checks: an edited action, parameter or seed — or a
        change in the game's code since — is reported, never replayed silently.
        A sampled state (``determinize``) has no record: it is a guess.
        """
        if self.sampled:
            raise InvalidRecord(
                "state", "a sampled state (determinize/sample_state) is a guess, not a game"
            )
        return Record(
            self.game.name,
            self.game.params.to_json(),
            self.seed,
            tuple(self.action_to_json(a) for a in self.history),
            self.setup,
            digest=self.digest(),
            final=self.summary(),
        )

    def digest(self) -> str:
        """SHA-256 of the whole position (``to_data``, hidden parts included)."""
        text = json.dumps(self.to_data(), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode()).hexdigest()

    def summary(self) -> dict:
        """What a reader checks first when a replay ends elsewhere: steps, who moves, the
        scores and the outcome, as plain JSON values."""
        return {
            "steps": len(self.history),
            "current_player": self.current_player,
            "scores": json.loads(json.dumps(list(self.scores))),
            "outcome": None if self.outcome is None else self.outcome.to_json(),
        }

    def to_json(self) -> str:
        return json.dumps(self.to_data())

    def to_data(self) -> dict:
        """The full state (hidden parts included) as plain JSON values."""
        version, internal, gauss = self.rng.getstate()
        return {
            "game": self.game.name,
            "params": self.game.params.to_json(),
            "seed": self.seed,
            "history": [self.action_to_json(a) for a in self.history],
            "log": [[k, None if v is None else list(v), list(a)] for k, v, a in self._narration()],
            "outcome": None if self.outcome is None else self.outcome.to_json(),
            "current_player": self.current_player,
            "rng": [version, list(internal), gauss],
            "setup": self.setup,
            "sampled": self.sampled,
            "rules": self._dump(),
        }

    def __eq__(self, other: object) -> bool:
        """Same game, same position, same past: everything ``to_data`` holds.

        Compared field by field rather than through JSON: tests compare states
        at every step, and a long game's history should not be re-encoded
        each time.
        """
        if not isinstance(other, State):
            return NotImplemented
        if self is other:
            return True
        return (
            self.game == other.game
            and self.seed == other.seed
            and self.current_player == other.current_player
            and self.outcome == other.outcome
            and self.setup == other.setup
            and self.sampled == other.sampled
            and self.history == other.history
            and self.rng.getstate() == other.rng.getstate()
            and _same_json(self._narration(), other._narration())
            and _same_json(self._dump(), other._dump())
        )

    __hash__ = None  # type: ignore[assignment]  # states are mutable

    def __repr__(self) -> str:
        where = "game over" if self.outcome else f"player {self.current_player} to move"
        return f"<{self.game!r} state: {len(self.history)} actions, {where}>"

    def _repr_png_(self) -> bytes:
        """Let a notebook show the board even when saved without a kernel."""
        return self.game.renderer().to_png(self)


__all__ = ["Action", "Game", "Outcome", "Param", "Params", "State", "rank_by"]
