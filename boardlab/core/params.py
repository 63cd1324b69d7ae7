"""Game parameters: declared once, validated at ``load()``, read by everything.

Each game declares its parameters as :class:`Param` specs (name, default,
kind, allowed values, doc, rule reference). Validation, the widgets'
``ParameterPanel``, the CLI and the notebooks' "Rule decisions" tables all
read that one declaration, as Mesa and Ludii do.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
import stat
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from numbers import Integral
from pathlib import Path
from typing import Any, Literal

from .data import decode
from .errors import InvalidParameter

Kind = Literal["int", "bool", "choice", "ints", "per_player", "datafile"]

#: The largest data file a game reads (1 MiB), from a path, as text or embedded in a
#: record: the shipped ones are a few kilobytes.
DATA_FILE_MAX_BYTES = 1 << 20


@dataclass(frozen=True)
class DataFile:
    """A data-file parameter (a deck CSV, a map) stored by content, not by path.

    A record names it by its ``sha256``. A file the package ships (a spec's
    default, ``shipped``) is named only, so records stay small and a replay
    after the shipped file has changed (a corrected card list) fails naming
    both hashes; any other file — a teacher's — is embedded whole, so its
    record reproduces anywhere.
    """

    name: str
    text: str
    #: True for the file the package ships as a parameter's default.
    shipped: bool = field(default=False, compare=False)

    @property
    def sha256(self) -> str:
        return hashlib.sha256(self.text.encode()).hexdigest()

    @classmethod
    def read(cls, path: str | Path, param: str = "file") -> DataFile:
        """The file at ``path``, which must be a regular file of UTF-8 text of at most
        ``DATA_FILE_MAX_BYTES`` (``InvalidParameter`` otherwise, naming the line and byte
        of the first bad byte). The teacher's own call (``load(deck=path)``); a record
        never names a path (``boardlab.replay`` refuses one before anything is opened).

        What the path names is checked before it is read, so a device (``/dev/zero``)
        cannot fill the memory and a FIFO cannot hang the call; it is opened without
        blocking and checked again, in case it was swapped in between."""
        path = Path(path)
        try:
            _readable(os.stat(path), path, param)
            fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
            with os.fdopen(fd, "rb") as file:
                _readable(os.fstat(file.fileno()), path, param)
                data = file.read(DATA_FILE_MAX_BYTES + 1)
        except OSError as error:
            raise InvalidParameter(param, str(path), f"a readable file ({error})") from None
        _small(len(data), param, str(path))
        return cls(path.name, decode(data, param=param, source=path.name))

    def to_json(self) -> dict:
        data = {"name": self.name, "sha256": self.sha256}
        if not self.shipped:
            data["text"] = self.text
        return data


def _readable(status: os.stat_result, path: Path, param: str) -> None:
    """A regular file, not over the size limit; else ``InvalidParameter`` saying what it is."""
    if stat.S_ISDIR(status.st_mode):
        raise InvalidParameter(param, str(path), "a file, not a directory: name the CSV file in it")
    if not stat.S_ISREG(status.st_mode):
        raise InvalidParameter(
            param,
            str(path),
            "a file on disk; this is not a regular file (a device, a FIFO or a socket), "
            "which a game never reads",
        )
    _small(status.st_size, param, str(path))


def _small(size: int, param: str, source: str) -> None:
    """At most ``DATA_FILE_MAX_BYTES``: a data file is a card list or a map, not a dump."""
    if size > DATA_FILE_MAX_BYTES:
        raise InvalidParameter(
            param,
            source if len(source) <= 80 else source[:77] + "...",
            f"a data file of at most {DATA_FILE_MAX_BYTES:,} bytes (this one has more): "
            "a deck or a map is a few kilobytes",
        )


#: The rule panel's groups, in the order it shows them: the printed rules, the variants
#: (and readings of unclear rules), and advanced settings (data files, caps, seats).
GROUPS = ("printed", "variant", "advanced")


@dataclass(frozen=True)
class Param:
    """One declared parameter of a game.

    ``kind`` is ``int`` (between ``low`` and ``high``), ``bool``, ``choice``
    (one of ``choices``), ``ints`` (a sorted tuple of distinct ints, each
    between ``low`` and ``high``), ``per_player`` (one int per player in seat
    order, each between ``low`` and ``high``; the empty default means "the
    same for everybody") or ``datafile``. ``printed`` lists the
    values the printed rules cover; other allowed values are variants the
    spec marks as outside the printed rules.

    The app's rule panel shows a parameter in a player's words, never its name:
    ``label`` (a few words), ``group`` (one of ``GROUPS``: a printed rule, a variant
    or reading, or an advanced setting folded away), ``explain`` (one sentence on
    what a change does) and ``words`` (``(value, words)`` pairs for choices), filled in
    from the game's ``words.py`` (``with_words``). Each has a generic fallback
    (``title``, ``section``, ``explanation``, ``say``).
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
    label: str = ""
    group: str = ""
    explain: str = ""
    words: tuple = ()

    def __post_init__(self) -> None:
        if self.group and self.group not in GROUPS:
            raise ValueError(
                f"parameter {self.name}: group must be one of {', '.join(GROUPS)}, "
                f"not {self.group!r}"
            )
        if isinstance(self.default, DataFile) and not self.default.shipped:
            # a spec's default file is the one the package ships
            object.__setattr__(self, "default", dataclasses.replace(self.default, shipped=True))

    @property
    def title(self) -> str:
        """The label a player reads: ``label``, else the name in words."""
        return self.label or self.name.replace("_", " ").capitalize()

    @property
    def section(self) -> str:
        """``group``, else a guess: data files, caps and seats are advanced; a rule with
        printed values and others allowed is a variant; the rest is printed."""
        if self.group:
            return self.group
        if self.kind == "datafile" or self.name in ("max_turns", "seats"):
            return "advanced"
        return "variant" if self.printed else "printed"

    @property
    def explanation(self) -> str:
        """One sentence on what a change does: ``explain``, else the doc's first sentence."""
        if self.explain:
            return self.explain
        first = self.doc.split(". ")[0].strip()
        return first if first.endswith(".") else first + "."

    def say(self, value: Any) -> str:
        """``value`` in words: from ``words``, else yes/no, or a choice with spaces."""
        for known, text in self.words:
            if known == value and type(known) is type(value):
                return text
        if isinstance(value, bool):
            return "yes" if value else "no"
        if isinstance(value, DataFile):
            return "the game's own file" if value.shipped else value.name
        if isinstance(value, tuple | list):
            return ", ".join(str(v) for v in value) or "none"
        return str(value).replace("_", " ")

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
        if self.kind == "per_player":
            return f"one integer from {self.low} to {self.high} per player, in seat order"
        return "a DataFile, a path to a file, or the file's text"

    def check(self, value: Any) -> Any:
        """Return ``value`` in canonical form, or raise ``InvalidParameter``.

        NumPy integers and booleans (what pandas hands out) count as ints and bools.
        """
        bad = InvalidParameter(self.name, value, self.allowed)
        if self.kind == "int":
            value = _as_int(value)
            if value is None or not self.low <= value <= self.high:
                raise bad
            return value
        if self.kind == "bool":
            if type(value).__module__ == "numpy" and "bool" in type(value).__name__:
                value = bool(value)  # numpy.bool_, without importing numpy
            if not isinstance(value, bool):
                raise bad
            return value
        if self.kind == "choice":
            if not isinstance(value, str) or value not in self.choices:
                raise bad
            return str(value)
        if self.kind == "ints":
            if isinstance(value, str | bytes | Mapping) or not hasattr(value, "__iter__"):
                raise bad  # a dict's keys are no list of spaces
            items = tuple(_as_int(v) for v in value)
            if None in items or len(set(items)) != len(items):
                raise bad
            if any(not self.low <= v <= self.high for v in items):
                raise bad
            return tuple(sorted(items))
        if self.kind == "per_player":
            if isinstance(value, str | bytes | Mapping) or not hasattr(value, "__iter__"):
                raise bad
            items = tuple(_as_int(v) for v in value)
            if None in items or any(not self.low <= v <= self.high for v in items):
                raise bad
            return items
        return self._check_file(value, bad)

    def _check_file(self, value: Any, bad: InvalidParameter) -> DataFile:
        """A data file: a ``DataFile``, a path, the file's text, or a record's JSON of one."""
        shipped = self.default if isinstance(self.default, DataFile) else None
        if isinstance(value, DataFile):
            return shipped if value == shipped else value
        if isinstance(value, dict):
            return self._file_from_json(value, shipped)
        if isinstance(value, Path) or (isinstance(value, str) and "\n" not in value):
            found = DataFile.read(value, self.name)
            return shipped if found == shipped else found
        if isinstance(value, str):
            _small(len(value.encode()), self.name, f"the text given for {self.name}")
            found = DataFile(f"{self.name}.txt", value)
            return shipped if found == shipped else found
        raise bad

    def _file_from_json(self, value: dict, shipped: DataFile | None) -> DataFile:
        """A record's ``{"name", "sha256"[, "text"]}``: the hash must match the text, and a
        file named without its text must be the shipped one, unchanged."""
        name, digest, text = value.get("name"), value.get("sha256"), value.get("text")
        if not isinstance(name, str) or (digest is not None and not isinstance(digest, str)):
            raise InvalidParameter(self.name, value, 'a file as {"name", "sha256", "text"}')
        if text is None:
            if shipped is None or name != shipped.name:
                raise InvalidParameter(
                    self.name, name, "the file's text (only the shipped file may be named alone)"
                )
            if digest != shipped.sha256:
                raise InvalidParameter(
                    self.name,
                    name,
                    f"the file the record was made with (sha256 {digest}); the package now "
                    f"ships {name} with sha256 {shipped.sha256} — the file has changed since",
                )
            return shipped
        if not isinstance(text, str):
            raise InvalidParameter(self.name, name, "a file whose text is a string")
        _small(len(text.encode()), self.name, name)
        found = DataFile(name, text)
        if digest is not None and digest != found.sha256:
            raise InvalidParameter(
                self.name,
                name,
                f"a text whose sha256 is the recorded {digest}, not {found.sha256} "
                "(the embedded file was edited)",
            )
        return shipped if found == shipped else found

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


def with_words(words: Mapping[str, tuple], *specs: Param) -> tuple[Param, ...]:
    """``specs`` with what the app's rule panel shows a player, from a game's ``words.py``
    (``SPECS = with_words(WORDS, Param(...), ...)`` in its rules):
    ``words[name] = (label, group, explain[, words])``. Kept beside the rules, not in them,
    so the rules stay short; every parameter must have its words, and no other name."""
    names = [spec.name for spec in specs]
    missing = [name for name in names if name not in words]
    extra = [name for name in words if name not in names]
    if missing or extra:
        raise ValueError(
            f"words for the parameters: missing {', '.join(missing) or 'none'}; "
            f"not parameters: {', '.join(extra) or 'none'}"
        )
    out = []
    for spec in specs:
        label, group, explain, *said = words[spec.name]
        out.append(
            dataclasses.replace(
                spec,
                label=label,
                group=group,
                explain=explain,
                words=tuple(said[0] if said else ()),
            )
        )
    return tuple(out)


def _as_int(value: Any) -> int | None:
    """``value`` as an ``int`` if it is an integer (NumPy's too, not a bool), else None."""
    if isinstance(value, bool) or not isinstance(value, Integral):
        return None
    return int(value)


def resolve(specs: tuple[Param, ...], given: Mapping[str, Any]) -> Params:
    """Check ``given`` against the specs and fill in defaults."""
    known = {spec.name: spec for spec in specs}
    for name in given:
        if name not in known:
            raise InvalidParameter(name, given[name], "one of the parameters " + ", ".join(known))
    params = Params({spec.name: spec.check(given.get(spec.name, spec.default)) for spec in specs})
    for spec in specs:
        value = params[spec.name]
        if spec.kind == "per_player" and value and len(value) != params["players"]:
            raise InvalidParameter(
                spec.name, value, f"{params['players']} values, one per player (or none)"
            )
    return params
