"""The game registry: ``boardlab.game_names()``, ``boardlab.load(name, **params)`` and
``boardlab.replay(record)``.

It sits on top of core: it imports the contract, and nothing in core imports
it back (``tests/test_core_imports.py`` checks there is no import circle).
"""

from __future__ import annotations

import importlib
import importlib.util
import json
import pkgutil
from collections.abc import Callable
from typing import Any

from .errors import IllegalAction, InvalidParameter, InvalidRecord
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


def game_names() -> list[str]:
    """The names of every game of the product, sorted (not the template, nor test toys)."""
    _import_all()
    return sorted(name for name, cls in _GAMES.items() if _listed(cls))


def _listed(cls: type[Game]) -> bool:
    """A game of the product: a public package under ``boardlab.games``."""
    parts = cls.__module__.split(".")
    return parts[:2] == ["boardlab", "games"] and not parts[2].startswith("_")


def game_class(name: str) -> type[Game]:
    """The class of the game ``name``; the template (``boardlab.games._template``) too."""
    if not isinstance(name, str):
        raise InvalidParameter("game", name, "a game's name, one of " + ", ".join(game_names()))
    _import_all()
    hidden = f"boardlab.games._{name}"  # kept out of the list: the template every game copies
    if name not in _GAMES and name.isidentifier() and importlib.util.find_spec(hidden):
        importlib.import_module(hidden)
    try:
        return _GAMES[name]
    except KeyError:
        raise InvalidParameter("game", name, "one of " + ", ".join(game_names())) from None


def load(name: str, **params: Any) -> Game:
    """The game ``name`` with ``params`` validated; defaults are the rulebook's."""
    return game_class(name).load(**params)


def replay(record: Record | str | bytes | dict) -> list[State]:
    """Re-run a record from its seed; return the state before and after every action.

    A record may come from a stranger, so nothing in it is trusted: every field is
    checked (``InvalidRecord`` names the one that is wrong); a data file must travel
    in it (the shipped file by name and hash, another embedded), never as a path, so
    a replay never touches the filesystem; every action must be written as the game
    writes it and be legal where it stands; and the replay must end in the position
    whose digest the record carries, with the summary (``final``) the record shows.
    An edited action, parameter, seed or summary — or a game whose code has changed
    since — is an error saying what differs.
    """
    if isinstance(record, Record):
        try:  # a hand-built Record is checked too
            text = record.to_json()
        except (TypeError, ValueError) as error:
            raise InvalidRecord("record", f"not made of JSON values ({error})") from None
        record = Record.from_json(text)
    else:
        record = Record.from_json(record)
    try:
        cls = game_class(record.game)
        _refuse_paths(cls, record.params)
        game = cls.load(**record.params)
    except InvalidParameter as error:
        raise InvalidRecord("game" if error.name == "game" else "params", str(error)) from None
    try:
        state = game.new_game(record.seed)
    except InvalidParameter as error:
        raise InvalidRecord("seed", str(error)) from None
    if record.setup is not None:
        try:
            state.arrange(**record.setup)
        except Exception as error:  # whatever a hand-edited setup breaks, it is the record's
            raise InvalidRecord("setup", f"{game.name} cannot arrange it ({error})") from None
    states = [state.clone()]
    for i, data in enumerate(record.actions):
        try:
            action: Any = game.action_from_json(data)
            written = json.loads(json.dumps(state.action_to_json(action)))
        except Exception as error:  # a game's reader may fail in any way on edited JSON
            raise InvalidRecord(f"actions[{i}]", f"not a {game.name} action: {error}") from None
        if written != data:
            raise InvalidRecord(f"actions[{i}]", _not_as_written(data, written))
        try:
            state.apply(action)
        except IllegalAction as error:
            raise InvalidRecord(f"actions[{i}]", f"illegal at step {i}: {error}") from None
        states.append(state.clone())
    if state.digest() != record.digest:
        raise InvalidRecord("digest", _what_differs(record, state))
    replayed = json.loads(json.dumps(state.summary()))
    if record.final != replayed:
        raise InvalidRecord("final", _summary_differs(record.final, replayed))
    return states


def _refuse_paths(cls: type[Game], params: dict) -> None:
    """A record's data file is ``{"name", "sha256"[, "text"]}``: anything else (a path, a
    URL, a list) is refused here, before ``load`` could open it — a record from a stranger
    must never make the package read a file (or a device, or a FIFO) it names."""
    for spec in cls.specs:
        value = params.get(spec.name)
        if spec.kind == "datafile" and spec.name in params and not isinstance(value, dict):
            shown = value if len(repr(value)) <= 80 else repr(value)[:77] + "..."
            raise InvalidParameter(
                spec.name,
                shown,
                'a file as the record writes it, {"name", "sha256"} for the file the package '
                'ships or {"name", "sha256", "text"} for another; a record never names a path '
                "(to play with a file of your own, load the game with it and record that game)",
            )


def _not_as_written(data: dict, written: dict) -> str:
    """What differs between an action as the record has it and as the game writes it."""
    extra = sorted(set(data) - set(written))
    if extra:
        return f"{', '.join(map(repr, extra))} is not a field of {written['action']} ({data!r})"
    return f"written {data!r}, but the game writes this action as {written!r}"


def _summary_differs(recorded: dict | None, replayed: dict) -> str:
    """The record's summary against the replay's, in words: keys that differ."""
    recorded = recorded or {}
    keys = sorted(set(recorded) | set(replayed))
    parts = [
        f"{key}: recorded {recorded.get(key)!r}, replayed {replayed.get(key)!r}"
        for key in keys
        if recorded.get(key) != replayed.get(key)
    ]
    return (
        f"the summary does not say how the replay ends ({'; '.join(parts)}): the record's "
        "summary was edited"
    )


def _what_differs(record: Record, state: State) -> str:
    """Which of steps, player to move, scores and outcome differ between the record's
    final position and the replay's, in words."""
    recorded, replayed = record.final or {}, state.summary()
    parts = [
        f"{key}: recorded {recorded.get(key)!r}, replayed {value!r}"
        for key, value in replayed.items()
        if recorded.get(key) != value
    ]
    detail = "; ".join(parts) or (
        "steps, scores and outcome agree, but not the position "
        f"(digest {record.digest[:12]}…, replayed {state.digest()[:12]}…)"
    )
    return (
        f"the replay does not end where the record says ({detail}): an action, a parameter "
        "or the seed was edited, or the game's code has changed since the record was made"
    )


def unregister(name: str) -> None:
    """Forget the game ``name`` (tests register a toy game only while they replay it)."""
    _GAMES.pop(name, None)
