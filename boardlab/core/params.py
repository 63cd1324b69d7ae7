"""Game parameters: declared once, validated at ``load()``, read by everything.

Each game declares its parameters as :class:`Param` specs (name, default,
kind, allowed values, doc, rule reference). Validation, the widgets'
``ParameterPanel``, the CLI and the notebooks' "Rule decisions" tables all
read that one declaration, as Mesa and Ludii do.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from .errors import InvalidParameter

Kind = Literal["int", "bool", "choice", "ints", "datafile"]


@dataclass(frozen=True)
class DataFile:
    """A data-file parameter (a deck CSV, a map) stored by content, not by path.

    A record that holds it reproduces the game anywhere; ``sha256`` lets a
    reader check two records used the same file without comparing the text.
    """

    name: str
    text: str

    @property
    def sha256(self) -> str:
        return hashlib.sha256(self.text.encode()).hexdigest()

    @classmethod
    def read(cls, path: str | Path) -> DataFile:
        path = Path(path)
        return cls(path.name, path.read_text(encoding="utf-8"))

    def to_json(self) -> dict:
        return {"name": self.name, "sha256": self.sha256, "text": self.text}


@dataclass(frozen=True)
class Param:
    """One declared parameter of a game.

    ``kind`` is ``int`` (between ``low`` and ``high``), ``bool``, ``choice``
    (one of ``choices``), ``ints`` (a sorted tuple of distinct ints, each
    between ``low`` and ``high``) or ``datafile``. ``printed`` lists the
    values the printed rules cover; other allowed values are variants the
    spec marks as outside the printed rules.
    """

    name: str
    default: Any
    kind: Kind
    doc: str
    rule: str = ""
    low: int | None = None
    high: int | None = None
    choices: tuple = ()
    printed: tuple = ()

    @property
    def allowed(self) -> str:
        """The allowed values in words, as an error message shows them."""
        if self.kind == "int":
            return f"an integer from {self.low} to {self.high}"
        if self.kind == "bool":
            return "True or False"
        if self.kind == "choice":
            return "one of " + ", ".join(repr(c) for c in self.choices)
        if self.kind == "ints":
            return f"distinct integers from {self.low} to {self.high}"
        return "a DataFile, a path to a file, or the file's text"

    def check(self, value: Any) -> Any:
        """Return ``value`` in canonical form, or raise ``InvalidParameter``."""
        bad = InvalidParameter(self.name, value, self.allowed)
        if self.kind == "int":
            if isinstance(value, bool) or not isinstance(value, int):
                raise bad
            if not self.low <= value <= self.high:
                raise bad
            return value
        if self.kind == "bool":
            if not isinstance(value, bool):
                raise bad
            return value
        if self.kind == "choice":
            if value not in self.choices:
                raise bad
            return value
        if self.kind == "ints":
            if isinstance(value, str | bytes) or not hasattr(value, "__iter__"):
                raise bad
            items = tuple(value)
            if any(isinstance(v, bool) or not isinstance(v, int) for v in items):
                raise bad
            if len(set(items)) != len(items):
                raise bad
            if any(not self.low <= v <= self.high for v in items):
                raise bad
            return tuple(sorted(items))
        if isinstance(value, DataFile):
            return value
        if isinstance(value, dict) and {"name", "text"} <= value.keys():
            return DataFile(value["name"], value["text"])
        if isinstance(value, Path) or (isinstance(value, str) and "\n" not in value):
            try:
                return DataFile.read(value)
            except OSError as error:
                raise InvalidParameter(self.name, value, f"a readable file ({error})") from None
        if isinstance(value, str):
            return DataFile(f"{self.name}.txt", value)
        raise bad

    def describe(self) -> dict:
        """The spec as a plain dict (for tables in notebooks and the docs)."""
        default = self.default.name if isinstance(self.default, DataFile) else self.default
        return {
            "name": self.name,
            "default": default,
            "allowed": self.allowed,
            "doc": self.doc,
            "rule": self.rule,
        }


class Params(Mapping):
    """Frozen, JSON-able parameter values; read as ``params.players`` or ``params["players"]``."""

    __slots__ = ("_values",)

    def __init__(self, values: Mapping[str, Any]) -> None:
        object.__setattr__(self, "_values", dict(values))

    def __getitem__(self, name: str) -> Any:
        return self._values[name]

    def __getattr__(self, name: str) -> Any:
        # Only called for names that are no real attribute; while unpickling,
        # before ``_values`` exists, that includes ``_values`` itself.
        if name.startswith("_"):
            raise AttributeError(name)
        try:
            return self._values[name]
        except KeyError:
            raise AttributeError(name) from None

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("parameters are frozen: load the game again with new values")

    def __reduce__(self) -> tuple:
        """Pickle (joblib workers) and deepcopy through the constructor, not ``setattr``."""
        return (Params, (self._values,))

    def __iter__(self) -> Iterator[str]:
        return iter(self._values)

    def __len__(self) -> int:
        return len(self._values)

    def __hash__(self) -> int:
        return hash(json.dumps(self.to_json(), sort_keys=True))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Params):
            return self.to_json() == other.to_json()
        return NotImplemented

    def __repr__(self) -> str:
        inner = ", ".join(f"{k}={v!r}" for k, v in self._values.items())
        return f"Params({inner})"

    def to_json(self) -> dict:
        """Plain JSON values: tuples become lists, data files their content."""
        out = {}
        for name, value in self._values.items():
            if isinstance(value, DataFile):
                out[name] = value.to_json()
            elif isinstance(value, tuple):
                out[name] = list(value)
            else:
                out[name] = value
        return out


def resolve(specs: tuple[Param, ...], given: Mapping[str, Any]) -> Params:
    """Check ``given`` against the specs and fill in defaults."""
    known = {spec.name: spec for spec in specs}
    for name in given:
        if name not in known:
            raise InvalidParameter(name, given[name], "one of the parameters " + ", ".join(known))
    return Params({spec.name: spec.check(given.get(spec.name, spec.default)) for spec in specs})
