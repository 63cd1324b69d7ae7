"""The game registry: ``boardlab.games()``, ``boardlab.load(name, **params)`` and
``boardlab.replay(record)``.

It sits on top of core: it imports the contract, and nothing in core imports
it back (``tests/test_core_imports.py`` checks there is no import circle).
"""

from __future__ import annotations

import importlib
import importlib.util
import pkgutil
from collections.abc import Callable
from typing import Any

from .errors import InvalidParameter
from .game import Game, State
from .record import Record

_GAMES: dict[str, type[Game]] = {}


def register(*, state: type[State]) -> Callable[[type[Game]], type[Game]]:
    """Class decorator: make a game loadable by its ``name``, playing ``state``.

    >>> @register(state=ExpeditionState)  # doctest: +SKIP
    ... class ExpeditionGame(Game): ...
    """

    def decorate(cls: type[Game]) -> type[Game]:
        cls.state_class = state
        _GAMES[cls.name] = cls
        return cls

    return decorate


def _import_all() -> None:
    """Import every package under ``boardlab.games``: a new game joins by existing.

    Packages whose names start with ``_`` (the template) are not games.
    """
    package = importlib.import_module("boardlab.games")
    for module in pkgutil.iter_modules(package.__path__):
        if module.ispkg and not module.name.startswith("_"):  # _template: not a game
            importlib.import_module(f"boardlab.games.{module.name}")


def games() -> list[str]:
    """The names of every game of the product, sorted (not the template, nor test toys)."""
    _import_all()
    return sorted(name for name, cls in _GAMES.items() if _listed(cls))


def _listed(cls: type[Game]) -> bool:
    """A game of the product: a public package under ``boardlab.games``."""
    parts = cls.__module__.split(".")
    return parts[:2] == ["boardlab", "games"] and not parts[2].startswith("_")


def game_class(name: str) -> type[Game]:
    """The class of the game ``name``; the template (``boardlab.games._template``) too."""
    _import_all()
    hidden = f"boardlab.games._{name}"  # kept out of the list: the template every game copies
    if name not in _GAMES and name.isidentifier() and importlib.util.find_spec(hidden):
        importlib.import_module(hidden)
    try:
        return _GAMES[name]
    except KeyError:
        raise InvalidParameter("game", name, "one of " + ", ".join(games())) from None


def load(name: str, **params: Any) -> Game:
    """The game ``name`` with ``params`` validated; defaults are the rulebook's."""
    return game_class(name).load(**params)


def replay(record: Record | str | dict) -> list[State]:
    """Re-run a record from its seed; return the state before and after every action."""
    if not isinstance(record, Record):
        record = Record.from_json(record)
    game = load(record.game, **record.params)
    state = game.new_game(record.seed)
    if record.setup is not None:
        state.arrange(**record.setup)
    states = [state.clone()]
    for data in record.actions:
        action: Any = game.action_from_json(data)
        state.apply(action)
        states.append(state.clone())
    return states


def unregister(name: str) -> None:
    """Forget the game ``name`` (tests register a toy game only while they replay it)."""
    _GAMES.pop(name, None)
