"""What ``Game.admit`` checks besides the types: fields that take no part in equality.

An action class may keep a field out of its equality (``compare=False``): Kombo
Afrika's ``Place.label``, the card's name, so that a hand-built ``Place(card, cell)``
is the legal placement it names. Such a field must still be the game's when it is
given, or a legal-looking action would carry words of its own into the history and
the record (which writes the label). Checked once per action object (``admit``
remembers the objects it has admitted), so random playouts, which never admit, and
bots, which play the game's own objects, pay it a few times a game at most.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from .errors import IllegalAction

#: Action class → its fields that take no part in equality (``compare=False``), for the
#: classes that have some (``note``): ``Game.admit`` checks those (``check``).
UNCOMPARED: dict[type, tuple[dataclasses.Field, ...]] = {}


def note(cls: type) -> None:
    """Remember ``cls``'s fields outside equality, if it has any."""
    uncompared = tuple(f for f in dataclasses.fields(cls) if not f.compare)
    if uncompared:
        UNCOMPARED[cls] = uncompared


def check(game: Any, action: Any) -> None:
    """``IllegalAction`` unless every field of ``action`` is the game's: its JSON, read
    back by the game (``action_from_json``), gives the same value in every field. A field
    outside equality left at its default claims nothing (a hand-built
    ``Place(card, cell)``): the rules judge the rest, and the record writes the game's
    own action (``State.action_to_json``)."""
    cls = type(action)
    given = [f for f in UNCOMPARED[cls] if getattr(action, f.name) != f.default]
    if not given:
        return
    try:
        own = game.action_from_json(action.to_json())
    except Exception:  # a reader may fail in any way on fields that name nothing
        own = None
    names = [f.name for f in dataclasses.fields(cls)]
    differs = [
        n
        for n in names
        if type(own) is cls
        and (
            type(getattr(own, n)) is not type(getattr(action, n))
            or getattr(own, n) != getattr(action, n)
        )
    ]
    if type(own) is cls and not differs:
        return
    claim = ", ".join(f"{f.name}={getattr(action, f.name)!r}" for f in given)
    rule = f"{cls.__name__}: {(cls.__doc__ or cls.__name__).strip().splitlines()[0]}"
    if type(own) is not cls:
        raise IllegalAction(
            f"{cls.__name__} with {claim} names no {game.title} action: every field of an "
            "action must be the game's",
            rule,
            action,
        )
    name = differs[0]
    raise IllegalAction(
        f"{cls.__name__} with {claim} is not this action: the game's has "
        f"{name}={getattr(own, name)!r}, not {getattr(action, name)!r} (every field of an "
        "action must be the game's)",
        rule,
        action,
    )
