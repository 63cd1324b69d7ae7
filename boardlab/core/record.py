"""Records: a game is fully reproduced by (game, parameters, seed, actions).

A record also carries a format ``version``, the ``digest`` of the position it
ends in and a readable summary of it (``final``: steps, scores, outcome), so
``boardlab.replay`` (in ``registry``, beside ``load``) can tell a faithful record
from an edited one — its actions, its parameters or its summary — or from a game
whose code has changed since the record was made. A record may come from a
stranger: it holds JSON values only, and a data file inside it by hash or
embedded, never by path.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from numbers import Integral
from typing import Any

from .errors import InvalidRecord

#: The record format this code writes and reads. 1: no digest (before 0.2).
FORMAT = 2


@dataclass(frozen=True)
class Record:
    """Everything needed to replay a game; actions are stored as JSON values."""

    game: str
    params: dict
    seed: int
    actions: tuple
    #: The hand-set situation (``State.arrange``) the actions start from, if any.
    setup: dict | None = None
    #: SHA-256 of the final position (``State.digest``); ``replay`` checks it.
    digest: str | None = None
    #: Steps, who moves, scores and outcome of the final position (``State.summary``):
    #: ``replay`` checks it is the replay's, and says what differs.
    final: dict | None = field(default=None, compare=False)
    version: int = FORMAT

    def to_json(self) -> str:
        data: dict[str, Any] = {
            "version": self.version,
            "game": self.game,
            "params": self.params,
            "seed": self.seed,
            "actions": list(self.actions),
        }
        if self.setup is not None:
            data["setup"] = self.setup
        data["digest"] = self.digest
        data["final"] = self.final
        return json.dumps(data)

    @classmethod
    def from_json(cls, text: str | bytes | dict) -> Record:
        """Read a record, checking every field: a clear ``InvalidRecord`` naming the field,
        never a bare ``KeyError`` or ``AttributeError``."""
        if isinstance(text, str | bytes):
            try:
                data = json.loads(text)
            except ValueError as error:
                raise InvalidRecord("record", f"not JSON ({error})") from None
        else:
            data = text
        if not isinstance(data, dict):
            raise InvalidRecord("record", f"a JSON object, not {type(data).__name__}")
        version = _field(data, "version", int)
        if version != FORMAT:
            raise InvalidRecord(
                "version", f"this boardlab reads record format {FORMAT}, not {version!r}"
            )
        unknown = set(data) - {"version", "game", "params", "seed", "actions", "setup"}
        unknown -= {"digest", "final"}
        if unknown:
            raise InvalidRecord(sorted(unknown)[0], "not a field of a record")
        actions = _field(data, "actions", list)
        for i, action in enumerate(actions):
            if not isinstance(action, dict) or not isinstance(action.get("action"), str):
                raise InvalidRecord(f"actions[{i}]", f'an object with an "action" name: {action!r}')
        setup = data.get("setup")
        if setup is not None and not isinstance(setup, dict):
            raise InvalidRecord("setup", f"an object or absent, not {type(setup).__name__}")
        final = _field(data, "final", dict)  # the summary: replay checks it is the replay's
        return cls(
            _field(data, "game", str),
            _field(data, "params", dict),
            _field(data, "seed", int),
            tuple(actions),
            setup,
            digest=_field(data, "digest", str),
            final=final,
            version=version,
        )


def _field(data: dict, name: str, kind: type) -> Any:
    """``data[name]``, which must be of ``kind`` (an int field takes no bool or float)."""
    if name not in data:
        raise InvalidRecord(name, "missing")
    value = data[name]
    if kind is int:
        ok = isinstance(value, Integral) and not isinstance(value, bool)
        value = int(value) if ok else value
    else:
        ok = isinstance(value, kind)
    if not ok:
        raise InvalidRecord(name, f"must be {kind.__name__}, not {value!r}")
    return value
