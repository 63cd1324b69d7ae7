"""The game registry: ``boardlab.games()`` and ``boardlab.load(name, **params)``."""

from __future__ import annotations

import importlib
import pkgutil
from typing import TYPE_CHECKING, Any

from .errors import InvalidParameter

if TYPE_CHECKING:
    from .game import Game

_GAMES: dict[str, type[Game]] = {}


def register(cls: type[Game]) -> type[Game]:
    """Class decorator: make a game loadable by its ``name``."""
    _GAMES[cls.name] = cls
    return cls


def _import_all() -> None:
    """Import every package under ``boardlab.games``: a new game joins by existing."""
    package = importlib.import_module("boardlab.games")
    for module in pkgutil.iter_modules(package.__path__):
        if module.ispkg:
            importlib.import_module(f"boardlab.games.{module.name}")


def games() -> list[str]:
    """The names of every registered game, sorted."""
    _import_all()
    return sorted(_GAMES)


def game_class(name: str) -> type[Game]:
    _import_all()
    try:
        return _GAMES[name]
    except KeyError:
        raise InvalidParameter("game", name, "one of " + ", ".join(sorted(_GAMES))) from None


def load(name: str, **params: Any) -> Game:
    """The game ``name`` with ``params`` validated; defaults are the rulebook's."""
    return game_class(name).load(**params)


def unregister(name: str) -> None:
    """Forget the game ``name`` (tests register a toy game only while they replay it)."""
    _GAMES.pop(name, None)
