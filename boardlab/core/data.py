"""Data files a teacher edits — decks, card lists, maps — read by one strict reader.

Every game's CSV goes through here, so every game's teacher gets the same
help: a file that is not UTF-8 is named with the line and byte of its first
bad byte (Excel's "CSV UTF-8", with its byte-order mark, is fine; UTF-16 is
recognised and refused by name); each column declares what it holds (text, a
whole number within bounds, one of a list of words), and a wrong field is
reported with its line number — counted in the file's own lines, so a quoted
field that runs over several lines keeps the numbers right. Errors are
``DataFileError`` (an ``InvalidParameter``) naming the game's parameter, so
``load()`` reports them like any other bad parameter.
"""

from __future__ import annotations

import codecs
import csv
import io
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from .errors import InvalidParameter


class DataFileError(InvalidParameter):
    """A data file a game cannot read: names the parameter, the file, the line (``None``
    for the whole file) and what was expected."""

    def __init__(self, param: str, source: str, line: int | None, problem: str) -> None:
        where = source if line is None else f"{source}, line {line}"
        super().__init__(param, source, f"{where}: {problem}")
        self.source = source
        self.line = line
        self.problem = problem
        Exception.__init__(self, f"parameter {param}: {where}: {problem}")


#: What the reader needs for a teacher to find the mistake.
_UTF8_HINT = "save it as UTF-8 (in Excel: 'CSV UTF-8')"


def decode(data: bytes, *, param: str, source: str) -> str:
    """The text of a data file's bytes, which must be UTF-8 (a byte-order mark allowed).

    >>> decode(b"\\xef\\xbb\\xbfname\\n", param="deck", source="deck.csv")
    'name\\n'
    """
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        raise DataFileError(param, source, None, f"the file is UTF-16: {_UTF8_HINT}")
    if data.startswith(codecs.BOM_UTF8):
        data = data[len(codecs.BOM_UTF8) :]
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        line, column = _position(data, error.start)
        bad = data[error.start]
        raise DataFileError(
            param, source, line, f"byte {column} (0x{bad:02x}) is not UTF-8: {_UTF8_HINT}"
        ) from None
    if "\x00" in text:
        line, column = _position(data, data.index(b"\x00"))
        raise DataFileError(param, source, line, f"byte {column} is a NUL byte: not a text file")
    return text


def _position(data: bytes, offset: int) -> tuple[int, int]:
    """1-based line and byte-in-line of ``offset``."""
    line = data.count(b"\n", 0, offset) + 1
    return line, offset - (data.rfind(b"\n", 0, offset) + 1) + 1


@dataclass(frozen=True)
class Column:
    """One column of a data file: its header name and what each field may hold.

    ``kind``: ``"text"`` (any non-empty text, stripped), ``"int"`` (ASCII digits
    only — no ``3_0``, no other scripts' digits, no ``+``, a ``-`` only before a
    number below zero — between ``low`` and ``high``), or ``"choice"`` (one of ``choices``, compared
    without case; the canonical spelling is returned). ``optional`` fields may be
    empty (read as ``""`` or ``None``).
    """

    name: str
    kind: Literal["text", "int", "choice"] = "text"
    low: int = 0
    high: int = 10**6
    choices: tuple[str, ...] = ()
    optional: bool = False
    #: What a message calls a field of this column ("animal" for a column "name").
    label: str = ""

    def read(self, field: str, param: str, source: str, line: int) -> Any:
        """The field's value, or a ``DataFileError`` saying what the column expects."""
        what = self.label or self.name
        value = field.strip()
        if not value:
            if self.optional:
                return None if self.kind == "int" else ""
            raise DataFileError(param, source, line, f"the column {self.name!r} is empty")
        if self.kind == "int":
            digits = value[1:] if value[0] == "-" else value  # no "+", no "-0": no sign
            signed_zero = digits is not value and digits.strip("0") == ""
            if not (digits.isascii() and digits.isdigit()) or len(digits) > 9 or signed_zero:
                raise DataFileError(
                    param,
                    source,
                    line,
                    f"{what} must be a whole number from {self.low} to {self.high} "
                    f"(ASCII digits), not {value!r}",
                )
            number = int(value)
            if not self.low <= number <= self.high:
                raise DataFileError(
                    param,
                    source,
                    line,
                    f"{what} must be from {self.low} to {self.high}, not {number}",
                )
            return number
        if self.kind == "choice":
            by_word = {c.lower(): c for c in self.choices}
            if value.lower() not in by_word:
                raise DataFileError(
                    param,
                    source,
                    line,
                    f"unknown {what} {value!r} (one of {', '.join(self.choices)})",
                )
            return by_word[value.lower()]
        return value


@dataclass(frozen=True)
class Row:
    """One data row: its values by column name, and the line it starts on."""

    line: int
    values: dict[str, Any]

    def __getitem__(self, name: str) -> Any:
        return self.values[name]


def read_table(
    text: str,
    columns: Sequence[Column],
    *,
    param: str,
    source: str,
    max_rows: int = 10_000,
) -> list[Row]:
    """The rows of a CSV file with a header naming ``columns`` (in that order, any case).

    Blank lines and lines starting with ``#`` are skipped. Every error is a
    ``DataFileError`` naming ``source``, the line and what is expected.
    """
    names = [c.name for c in columns]
    rows: list[Row] = []
    header_seen = False
    for line, fields in _records(text, param, source):
        if not any(f.strip() for f in fields) or fields[0].lstrip().startswith("#"):
            continue
        if not header_seen:
            if [f.strip().lower() for f in fields] != [n.lower() for n in names]:
                raise DataFileError(
                    param,
                    source,
                    line,
                    f"the header must be {','.join(names)!r}, not {','.join(fields)!r}",
                )
            header_seen = True
            continue
        if len(fields) != len(columns):
            raise DataFileError(
                param,
                source,
                line,
                f"expected {len(columns)} fields ({','.join(names)}), found {len(fields)}",
            )
        if len(rows) == max_rows:
            raise DataFileError(param, source, line, f"more than {max_rows} rows")
        values = {
            c.name: c.read(f, param, source, line) for c, f in zip(columns, fields, strict=True)
        }
        rows.append(Row(line, values))
    if not header_seen:
        raise DataFileError(param, source, None, f"no header {','.join(names)!r}: empty file?")
    return rows


def _records(text: str, param: str, source: str) -> Iterator[tuple[int, list[str]]]:
    """``(first line, fields)`` of every CSV record; a quoted field may span lines."""
    reader = csv.reader(io.StringIO(text, newline=""), strict=True)
    start = 1
    while True:
        try:
            fields = next(reader)
        except StopIteration:
            return
        except csv.Error as error:
            raise DataFileError(
                param, source, reader.line_num, f"not valid CSV ({error})"
            ) from None
        yield start, fields
        start = reader.line_num + 1
