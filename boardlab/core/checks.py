"""The checks of ``arrange``'s arguments, shared by every game.

Each takes a value a caller gave ``arrange`` and returns it as the rules hold it, or raises
``ImpossibleScene`` naming the argument (``"gold[0]"``) and what it may be. Why one set:
five games and two templates take whole numbers in a range, one entry per player and
names of cards; checked here, each says the same thing the same way, accepts NumPy
integers (a notebook's ``np.arange``) as the whole numbers they are and refuses bools
(``True`` is no seat and no count), and none lets a raw ``TypeError`` or ``IndexError``
out of a half-built scene.

``scene_arguments`` and ``all_or_nothing`` are core's own, for ``State.arrange``: the game is
given the arguments as a record stores them (NumPy values as Python's, tuples as lists,
copies of the caller's lists), only those its ``_arrange`` takes, and a scene it refuses
leaves the state as it was.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Collection, Iterable, Iterator
from contextlib import contextmanager
from numbers import Integral, Real
from typing import Any

from .errors import ImpossibleScene


def whole(value: Any, argument: str, low: int = 0, high: int | None = None) -> int:
    """``value`` as an ``int`` from ``low`` to ``high`` (no upper end: ``None``)."""
    span = f"{low} or more" if high is None else f"from {low} to {high}"
    if isinstance(value, bool) or not isinstance(value, Integral):
        raise ImpossibleScene(argument, f"must be a whole number {span}, not {value!r}")
    number = int(value)
    if number < low or (high is not None and number > high):
        raise ImpossibleScene(argument, f"must be a whole number {span}, not {number}")
    return number


def flag(value: Any, argument: str) -> bool:
    """``value`` as a ``bool``: ``True`` or ``False`` (a NumPy bool too), never 0 or 1."""
    if isinstance(value, bool) or getattr(getattr(value, "dtype", None), "kind", "") == "b":
        return bool(value)
    raise ImpossibleScene(argument, f"{value!r} is not true or false")


def one_of(value: Any, argument: str, choices: Collection[str], what: str = "allowed") -> str:
    """``value`` if it is one of ``choices`` (words the game knows); ``what`` they are, with
    its article (``"a movement card"``)."""
    if isinstance(value, str) and value in choices:
        return str(value)
    raise ImpossibleScene(argument, f"not {what}: {value!r} {_among(choices)}")


def listed(value: Any, argument: str, length: int | None = None, what: str = "values") -> list:
    """``value`` as a list (a list or a tuple), of ``length`` entries if given."""
    if not isinstance(value, list | tuple):
        raise ImpossibleScene(argument, f"{value!r} is not a list of {what}")
    if length is not None and len(value) != length:
        raise ImpossibleScene(argument, f"{len(value)} {what} given, {length} needed")
    return list(value)


def per_player(value: Any, argument: str, players: int, what: str = "entry") -> list:
    """``value``: one entry per player, ``players`` in all."""
    if not isinstance(value, list | tuple) or len(value) != players:
        shown = len(value) if isinstance(value, list | tuple) else repr(value)
        raise ImpossibleScene(argument, f"one {what} per player, {players} in all (not {shown})")
    return list(value)


def wholes(
    value: Any, argument: str, low: int = 0, high: int | None = None, length: int | None = None
) -> list[int]:
    """A list of whole numbers from ``low`` to ``high`` (``length`` of them if given)."""
    items = listed(value, argument, length, "whole numbers")
    return [whole(v, f"{argument}[{i}]", low, high) for i, v in enumerate(items)]


def each(value: Any, argument: str, check: Callable[[Any, str], Any], what: str) -> list:
    """A list of ``what``, each passed through ``check(item, "argument[i]")``."""
    return [check(v, f"{argument}[{i}]") for i, v in enumerate(listed(value, argument, None, what))]


def names(value: Any, argument: str, known: Collection[str], what: str = "a card") -> list[str]:
    """A list of names, each one of ``known`` (cards by name, cells, areas); ``what`` each is,
    with its article."""
    items = listed(value, argument, None, "names")
    return [one_of(v, argument, known, what) for v in items]


def _among(choices: Iterable[str]) -> str:
    """``"(one of: a, b, c)"``, the first 60 of many, sorted."""
    words = sorted(set(choices))
    shown = ", ".join(map(repr, words[:60]))
    more = f" and {len(words) - 60} more" if len(words) > 60 else ""
    return f"(one of: {shown}{more})"


def scene_arguments(arrange: Callable, setup: dict[str, Any], game: str) -> dict[str, Any]:
    """``setup`` as JSON values (``json_values``), each an argument ``arrange`` (a game's
    ``_arrange``) takes: an unknown one is refused by name, with the ones it takes."""
    setup = json_values(setup)
    kinds = {p.name: p.kind for p in inspect.signature(arrange).parameters.values()}
    if inspect.Parameter.VAR_KEYWORD in kinds.values():
        return setup  # the game checks the names itself (core's default ``_arrange``)
    unknown = [name for name in setup if name not in kinds]
    if unknown:
        raise ImpossibleScene(
            unknown[0], f"{game}'s arrange takes no such argument; it takes " + ", ".join(kinds)
        )
    return setup


#: Errors a game's half-built scene may raise that are not yet the game's clear error.
RAW = (TypeError, ValueError, KeyError, IndexError, AttributeError)


@contextmanager
def all_or_nothing(state: Any) -> Iterator[None]:
    """Run a game's ``_arrange`` on ``state``: if it raises, every field is put back as it
    was (``clone``'s independent copies, and any field the scene added removed), and a raw
    error — a check the game forgot — becomes an ``ImpossibleScene`` saying so."""
    before, saved = dict(vars(state)), state.clone()
    try:
        yield
    except Exception as error:
        vars(state).clear()
        vars(state).update(before)
        vars(state).update(vars(saved))
        if isinstance(error, RAW) and not isinstance(error, ImpossibleScene):
            raise ImpossibleScene(
                "arrange",
                f"{state.game.name} cannot set this up ({type(error).__name__}: {error})",
            ) from error
        raise


def json_values(setup: dict[str, Any]) -> dict[str, Any]:
    """``setup`` as ``State.arrange`` passes it to the game and a record stores it: new
    lists and dicts (the caller's are never changed), NumPy numbers and arrays as Python's,
    tuples as lists; anything JSON cannot hold (a set, an object, an infinite number) is
    refused naming the argument."""
    return {name: _plain(value, name) for name, value in setup.items()}


def _plain(value: Any, where: str) -> Any:
    if value is None or type(value) in (bool, str):
        return value
    if isinstance(value, str):  # NumPy's ``str_``
        return str(value)
    if isinstance(value, Integral):
        return int(value)
    if isinstance(value, Real):
        number = float(value)
        if number != number or number in (float("inf"), float("-inf")):
            raise ImpossibleScene(where, f"{value!r} is not a number JSON can hold")
        return number
    if getattr(value, "dtype", None) is not None and hasattr(value, "tolist"):
        return _plain(value.tolist(), where)  # a NumPy array or scalar
    if isinstance(value, list | tuple):
        return [_plain(v, f"{where}[{i}]") for i, v in enumerate(value)]
    if isinstance(value, dict):
        out = {}
        for key, v in value.items():
            if isinstance(key, bool) or not isinstance(key, str | Integral):
                raise ImpossibleScene(where, f"key {key!r} is neither a name nor a whole number")
            key = str(key) if isinstance(key, str) else int(key)
            out[key] = _plain(v, f"{where}[{key!r}]")
        return out
    raise ImpossibleScene(
        where, f"{value!r} is not a JSON value (give numbers, names, lists and dicts of them)"
    )
