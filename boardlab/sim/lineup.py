"""Who plays: agent specs by name (``"random"``, ``"heuristic"``, ``"mcts"``).

A spec is a registered name (``register_agent`` adds one), an agent (anything
with ``act(view)``), an agent class (made with no arguments) or a function
``game -> agent``. ``"heuristic"`` is the game's own bot, the class its
``bots.py`` declares as ``HEURISTIC`` (every game does, the template too), so a
new game joins without being named here; a game without that declaration is an
error saying what to add. ``"mcts"`` is ``ISMCTSAgent`` with the settings the
game's ``bots.py`` declares as ``SEARCH`` (Tembo grades its lost playouts), if any.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from typing import Any

from boardlab.core import Game

from .agents import FirstActionAgent, RandomAgent


def _bots_modules(game: Game) -> list:
    """The modules where ``game``'s bots live: its ``bots.py``, then its rules module."""
    module = type(game).__module__
    found = []
    for name in (module.rsplit(".", 1)[0] + ".bots", module):
        try:
            found.append(importlib.import_module(name))
        except ImportError:
            continue
    return found


def heuristic_agent(game: Game, arg: str | None = None) -> Any:
    """The heuristic bot of ``game``: a new instance of the class its ``bots.py`` declares
    as ``HEURISTIC`` (a toy game outside ``boardlab/games`` may declare it in its own
    module). ``ValueError`` saying what to add where there is none."""
    for bots in _bots_modules(game):
        cls = getattr(bots, "HEURISTIC", None)
        if cls is not None:
            return cls()
    where = type(game).__module__.rsplit(".", 1)[0].replace(".", "/") + "/bots.py"
    raise ValueError(
        f"{game.name} has no heuristic bot: declare it in {where} as HEURISTIC = <bot "
        "class> (a class made with no arguments, with act(view) and reset(seed); "
        "boardlab/games/_template/bots.py shows one)"
    )


def search_options(game: Game) -> dict:
    """The ``ISMCTSAgent`` settings ``game``'s ``bots.py`` declares as ``SEARCH`` (a game
    whose random playouts carry no signal says how its search must play), else none."""
    for bots in _bots_modules(game):
        options = getattr(bots, "SEARCH", None)
        if options is not None:
            return dict(options)
    return {}


def mcts_agent(game: Game, arg: str | None = None) -> Any:
    """An ``ISMCTSAgent`` with the game's ``SEARCH`` settings (``"mcts:100"``: 100
    iterations a decision)."""
    from . import mcts

    options = search_options(game)
    if arg is None:
        return mcts.ISMCTSAgent(**options)
    if not arg.isdigit():
        raise ValueError(f"agent spec 'mcts:{arg}': the iterations must be a whole number")
    return mcts.ISMCTSAgent(**{**options, "iterations": int(arg)})


def _plain(cls: type) -> Callable:
    def make(game: Game, arg: str | None = None) -> Any:
        if arg is not None:
            raise ValueError(f"agent spec {cls.__name__}: takes no ':{arg}'")
        return cls()

    return make


#: Agent specs by name: ``factory(game, arg)`` makes one agent (``arg`` is what follows a
#: colon in ``"mcts:100"``, or None). Extend it with ``register_agent``.
AGENT_SPECS: dict[str, Callable[[Game, str | None], Any]] = {
    "random": _plain(RandomAgent),
    "first": _plain(FirstActionAgent),
    "heuristic": heuristic_agent,
    "mcts": mcts_agent,
}


def register_agent(name: str, factory: Callable[[Game, str | None], Any]) -> None:
    """Make ``name`` an agent spec: ``factory(game, arg)`` returns a new agent."""
    if not isinstance(name, str) or not name.isidentifier():
        raise ValueError(f"an agent spec's name is a word, not {name!r}")
    AGENT_SPECS[name] = factory


def _from_spec(game: Game, spec: Any) -> tuple[Any, str]:
    if isinstance(spec, str):
        name, _, arg = spec.strip().partition(":")
        if name not in AGENT_SPECS:
            raise ValueError(f"no agent {name!r}: one of {', '.join(AGENT_SPECS)}")
        return AGENT_SPECS[name](game, arg or None), spec.strip()
    if isinstance(spec, type):
        return spec(), spec.__name__
    if callable(getattr(spec, "act", None)):
        return spec, type(spec).__name__
    if callable(spec):
        agent = spec(game)
        if not callable(getattr(agent, "act", None)):
            raise ValueError(f"agent factory {spec!r} returned {agent!r}, which has no act(view)")
        return agent, type(agent).__name__
    raise ValueError(
        f"{spec!r} is no agent: give a name ({', '.join(AGENT_SPECS)}), an agent with "
        "act(view), an agent class or a function game -> agent"
    )


def resolve_agents(game: Game, agents: Any = None) -> tuple[list, list[str]]:
    """The agents of every seat of ``game`` and their names.

    ``agents``: None (random players), ``"heuristic,random"``, a list of specs, or a
    function ``game -> list`` of agents or specs, one a seat (a line-up that follows the
    table's size, as the WhatIfPanel's does). A list shorter than the table is filled with
    its last entry, each seat getting its own agent: ``["heuristic", "random"]`` is one
    heuristic bot against random players, ``["heuristic"]`` heuristic bots everywhere.
    """
    seats = game.num_players
    if agents is None:
        agents = ["random"]
    elif isinstance(agents, str):
        agents = agents.split(",")
    elif callable(agents) and not isinstance(agents, type) and not hasattr(agents, "act"):
        made = list(agents(game))
        if len(made) != seats:
            raise ValueError(f"{game.name} with {seats} players needs {seats} agents")
        named = [_from_spec(game, a) if isinstance(a, str) else (a, type(a).__name__) for a in made]
        return [agent for agent, _ in named], [name for _, name in named]
    if not isinstance(agents, Sequence) or not agents:
        raise ValueError(f"agents: a list of agent specs, not {agents!r}")
    specs = list(agents)
    if len(specs) > seats:
        raise ValueError(
            f"{game.name} with {seats} players has {seats} seats, not {len(specs)} agents"
        )
    made = [_from_spec(game, spec) for spec in specs]
    while len(made) < seats:
        made.append(_from_spec(game, specs[-1]))
    return [agent for agent, _ in made], [name for _, name in made]


def _player(agent: Any, name: str) -> tuple:
    """What makes two seats the same player: the spec's name, the agent's class and its
    repr (every bot here has a ``__repr__`` naming its settings, ``ISMCTSAgent``'s its
    iterations). A class left with ``object``'s repr says nothing of its settings, so two
    of its instances count as different players unless they are the same object."""
    kind = type(agent)
    if kind.__repr__ is object.__repr__:
        return (name, kind, id(agent))
    return (name, kind, repr(agent))


def symmetric(agents: Sequence[Any], names: Sequence[str]) -> bool:
    """True when every seat holds the same player (``_player``): only then does seat 0's
    edge measure the game rather than who sits in seat 0. Taking two players for different
    when they are not only costs a rotation that changes no game (each seat's agent is
    seeded by its seat, ``play.seat_seed``)."""
    players = [_player(agent, name) for agent, name in zip(agents, names, strict=True)]
    return all(player == players[0] for player in players)


def seat_edge_note(frame) -> str | None:
    """A plain sentence when ``frame``'s seats were not rotated although its line-up differs
    by seat: its first-player column then measures the line-up's seat edge (the agent in
    seat 0), not the game's. None otherwise. Reads ``frame.attrs["sweep"]`` (``sweep``
    records ``rotate_seats`` and ``lineup_symmetric``), else the ``lineup`` column."""
    made = frame.attrs.get("sweep", {}) if hasattr(frame, "attrs") else {}
    lines = sorted(set(frame["lineup"])) if "lineup" in getattr(frame, "columns", ()) else []
    if "lineup_symmetric" in made:
        uneven = not made["lineup_symmetric"] and not made.get("rotate_seats", False)
    else:  # an older results file: no rotation shows as one line-up per table size
        sizes = {len(str(line).split(",")) for line in lines}
        uneven = len(lines) == len(sizes) and any(len(set(str(x).split(","))) > 1 for x in lines)
    if not uneven:
        return None
    shown = " / ".join(map(str, lines)) or ", ".join(map(str, made.get("agents", ())))
    return (
        f"Seats were not rotated and the line-up differs by seat ({shown} in every game): "
        "the first-player columns (advantage_p1, first_player_edge) measure this line-up's "
        "seat edge, how often seat 0's agent wins, not the game's. Rotate seats (the "
        "default) to measure the game."
    )
