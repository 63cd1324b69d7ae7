"""Results files: a sweep's frame saved with how it was made, and read back only as it was.

``save_results(frame, "lab.csv")`` writes the numbers (CSV, or Parquet for a
``.parquet`` path when pyarrow is installed) and, beside them, ``lab.csv.json``: how
they were made (``frame.attrs["sweep"]``: the game, the grid points, the seed, the
agents, the package version) and what vouches for them — their ``columns``, the number
of ``rows``, the ``kinds`` of cells (whole numbers, numbers, True/False, tuples) and the
``sha256`` of the data file's bytes. Both files are written in full to temporary files
in the same folder, then renamed into place: a save cut short leaves the previous
files, or new numbers beside an old sidecar, which the digest refuses — never a torn
file that loads.

``load_results`` reads strictly: an empty file, text that is not UTF-8 (UTF-16 from a
spreadsheet), a line cut short or with too many fields, a malformed cell, or numbers
that do not match their sidecar (another run's, another game's, edited since) each
raise ``InvalidResults`` naming the file and, where one line is at fault, the line. A
file without a sidecar (a table saved by pandas, like ``figures/*.csv``) loads with its
lines checked but nothing to vouch for it, and no ``attrs["sweep"]``; an older sidecar
without ``rows`` and ``sha256`` is checked on its columns only.
"""

from __future__ import annotations

import ast
import csv
import hashlib
import io
import json
import os
import re
import secrets
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from boardlab.core import BoardlabError

#: The endings ``save_results`` and ``load_results`` know.
SUFFIXES = (".csv", ".parquet")

#: Sidecar fields that ``save_results`` computes from the data; a caller may not set them.
VOUCHING = ("columns", "rows", "kinds", "sha256")

_WHOLE = re.compile(r"[-+]?\d+")
_NUMBER = re.compile(r"[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?|[-+]?(inf|nan)|")
_KIND_WORDS = {
    "int": "a whole number",
    "float": "a number",
    "bool": "True or False",
    "tuple": "a tuple like (0, 1)",
}


class InvalidResults(BoardlabError, ValueError):
    """A results file that cannot be what it claims: empty, not UTF-8 text, cut short, a
    malformed cell, or numbers that do not match their sidecar. ``path`` names the file,
    ``line`` the line at fault (None when the whole file is)."""

    def __init__(self, path: str | Path, problem: str, line: int | None = None) -> None:
        self.path, self.problem, self.line = Path(path), problem, line
        where = f"{path}, line {line}" if line is not None else str(path)
        super().__init__(f"{where}: {problem}")

    def __reduce__(self):
        return type(self), (self.path, self.problem, self.line)


def sidecar(path: str | Path) -> Path:
    """The JSON file beside a results file that says how it was made."""
    path = Path(path)
    return path.with_name(path.name + ".json")


# -- saving ---------------------------------------------------------------------------


def _need_pyarrow() -> None:
    try:
        import pyarrow  # noqa: F401
    except ImportError:
        raise ImportError(
            ".parquet results need pyarrow (pip install 'boardlab[parquet]'); or save to .csv"
        ) from None


def check_results_path(path: str | Path) -> Path:
    """``path`` as a ``Path`` if ``save_results`` can write there; otherwise a ValueError
    (an ImportError for Parquet without pyarrow) saying what to change — so a command
    line can refuse before it plays a game rather than after."""
    path = Path(path)
    if path.suffix not in SUFFIXES:
        raise ValueError(f"{path}: a results file ends in .csv or .parquet")
    if path.suffix == ".parquet":
        _need_pyarrow()
    folder = path.parent
    if not folder.is_dir():
        raise ValueError(f"{path}: there is no folder {folder} to save into; create it first")
    for target in (path, sidecar(path)):
        if target.exists() and not target.is_file():
            raise ValueError(f"{target} exists and is not a file: choose another name")
    try:
        with _temporary(folder, path.name):
            pass
    except OSError as error:
        raise ValueError(
            f"{path}: cannot write in {folder} ({error.strerror or error}); "
            "choose a folder you may write to"
        ) from None
    return path


@contextmanager
def _temporary(folder: Path, name: str) -> Iterator[Path]:
    """A new hidden file in ``folder`` (so a rename into place is atomic), removed on the
    way out unless it was renamed away."""
    temp = folder / f".{name}.{secrets.token_hex(6)}.tmp"
    os.close(os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666))
    try:
        yield temp
    finally:
        temp.unlink(missing_ok=True)


def _write(target: Path, data: bytes) -> None:
    with open(target, "wb") as handle:
        handle.write(data)
        handle.flush()
        os.fsync(handle.fileno())


def _kinds(frame) -> dict[str, str]:
    """The columns whose cells ``load_results`` checks, and the kind of cell each holds."""
    import pandas as pd

    kinds = {}
    for name in frame.columns:
        column = frame[name]
        missing = bool(column.isna().any())
        if pd.api.types.is_bool_dtype(column):
            kinds[name] = "bool"
        elif pd.api.types.is_integer_dtype(column):
            kinds[name] = "float" if missing else "int"
        elif pd.api.types.is_float_dtype(column):
            kinds[name] = "float"
        elif len(column) and all(isinstance(v, tuple) for v in column):
            kinds[name] = "tuple"
    return kinds


def save_results(frame, path: str | Path, **extra: Any) -> Path:
    """Write ``frame`` to ``path`` (.csv, or .parquet with pyarrow) and its sidecar JSON
    (``frame.attrs["sweep"]`` plus ``extra``, and what vouches for the numbers); return
    the path. Both are renamed into place only once written whole."""
    import boardlab

    path = check_results_path(path)
    taken = sorted(set(extra) & set(VOUCHING))
    if taken:
        raise ValueError(
            f"save_results(..., {taken[0]}=...): {', '.join(VOUCHING)} are computed from "
            "the numbers; pass other names"
        )
    names = list(frame.columns)
    if not names:
        raise ValueError("nothing to save: the frame has no columns")
    if not all(isinstance(name, str) and name for name in names):
        raise ValueError(f"columns {names!r}: a results file names each column with words")
    twice = sorted({name for name in names if names.count(name) > 1})
    if twice:
        raise ValueError(f"column {twice[0]!r} appears twice: a results file names each once")
    meta = {**frame.attrs.get("sweep", {}), **extra}
    meta.setdefault("version", boardlab.__version__)
    meta.update(columns=names, rows=len(frame), kinds=_kinds(frame))
    with _temporary(path.parent, path.name) as data_temp:
        if path.suffix == ".parquet":
            frame.to_parquet(data_temp, index=False)
            data = data_temp.read_bytes()
        else:
            data = frame.to_csv(index=False, lineterminator="\n").encode("utf-8")
            _write(data_temp, data)
        meta["sha256"] = hashlib.sha256(data).hexdigest()
        try:
            text = json.dumps(meta, indent=1, sort_keys=True) + "\n"
        except (TypeError, ValueError) as error:
            raise ValueError(f"the sidecar of {path} must be JSON: {error}") from None
        with _temporary(path.parent, sidecar(path).name) as meta_temp:
            _write(meta_temp, text.encode("utf-8"))
            # The numbers first: cut off between the two renames, the new numbers sit
            # beside the old sidecar, whose digest then refuses them.
            os.replace(data_temp, path)
            os.replace(meta_temp, sidecar(path))
    return path


# -- loading --------------------------------------------------------------------------


def _read_sidecar(path: Path) -> dict | None:
    """The sidecar's fields, checked for their types; None when there is no sidecar."""
    meta_path = sidecar(path)
    if not meta_path.exists():
        return None
    if not meta_path.is_file():
        raise InvalidResults(meta_path, "the sidecar is not a file")
    try:
        meta = json.loads(meta_path.read_bytes().decode("utf-8"))
    except UnicodeDecodeError:
        raise InvalidResults(meta_path, "the sidecar is not UTF-8 text") from None
    except json.JSONDecodeError as error:
        problem = f"the sidecar is not JSON ({error.msg})"
        raise InvalidResults(meta_path, problem, error.lineno) from None
    if not isinstance(meta, dict):
        raise InvalidResults(meta_path, "the sidecar must be a JSON object ({...})")
    columns = meta.get("columns")
    if columns is not None and not (
        isinstance(columns, list) and all(isinstance(c, str) for c in columns)
    ):
        raise InvalidResults(meta_path, "the sidecar's 'columns' must be a list of names")
    if ("rows" in meta) != ("sha256" in meta):
        raise InvalidResults(meta_path, "the sidecar has one of 'rows' and 'sha256' but not both")
    rows = meta.get("rows", 0)
    if isinstance(rows, bool) or not isinstance(rows, int) or rows < 0:
        raise InvalidResults(meta_path, f"the sidecar's 'rows' must be a count, not {rows!r}")
    digest = meta.get("sha256", "0" * 64)
    if not (isinstance(digest, str) and re.fullmatch(r"[0-9a-f]{64}", digest)):
        raise InvalidResults(meta_path, "the sidecar's 'sha256' must be 64 hexadecimal digits")
    kinds = meta.get("kinds", {})
    if not (isinstance(kinds, dict) and all(k in _KIND_WORDS for k in kinds.values())):
        raise InvalidResults(
            meta_path, f"the sidecar's 'kinds' must map columns to {', '.join(_KIND_WORDS)}"
        )
    for name in ("game", "version"):
        if name in meta and not isinstance(meta[name], str):
            raise InvalidResults(meta_path, f"the sidecar's {name!r} must be words")
    return meta


def _described(meta: dict, path: Path) -> str:
    what = f"{meta['game']} results" if "game" in meta else "results"
    rows = f" of {meta['rows']} rows" if "rows" in meta else ""
    version = f" saved by boardlab {meta['version']}" if "version" in meta else ""
    return f"its sidecar {sidecar(path).name} describes {what}{rows}{version}"


def _mismatch(path: Path, meta: dict, problem: str) -> InvalidResults:
    return InvalidResults(
        path,
        f"{problem}; {_described(meta, path)}: the two are not from one save (an "
        "interrupted save, or a file copied over another). Save the results again, or "
        "delete the sidecar to read the numbers alone",
    )


def _check_cell(path: Path, line: int, column: str, kind: str, text: str) -> None:
    if kind == "int":
        good = _WHOLE.fullmatch(text) is not None
    elif kind == "float":
        good = _NUMBER.fullmatch(text) is not None
    elif kind == "bool":
        good = text in ("True", "False")
    else:
        try:
            good = text.startswith("(") and isinstance(ast.literal_eval(text), tuple)
        except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
            good = False
    if not good:
        raise InvalidResults(
            path, f"column {column!r} holds {_KIND_WORDS[kind]}, not {text[:40]!r}", line
        )


def _text(path: Path, data: bytes) -> str:
    """The file's bytes as text, refusing what is not UTF-8 or is cut mid-line."""
    if not data.strip():
        raise InvalidResults(path, "the file is empty: a results file starts with a header line")
    if data[:2] in (b"\xff\xfe", b"\xfe\xff"):
        raise InvalidResults(path, "the file is UTF-16 text: save it as UTF-8 (CSV UTF-8)")
    if b"\x00" in data:
        line = data.count(b"\n", 0, data.index(b"\x00")) + 1
        raise InvalidResults(
            path, "a NUL byte: the file is binary or UTF-16, not UTF-8 text (save as CSV UTF-8)",
            line,
        )  # fmt: skip
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        raise InvalidResults(
            path, f"byte {data[error.start]:#04x} is not UTF-8 text: save the file as UTF-8", line
        ) from None
    if not text.endswith("\n"):
        raise InvalidResults(
            path, "the file ends in the middle of this line: it was cut short", text.count("\n") + 1
        )
    return text


def _csv_frame(path: Path, data: bytes, meta: dict | None, vouched: bool):
    """The CSV's frame, every line checked — as many fields as the header, the cells of
    the sidecar's ``kinds`` (or the ``winners`` tuples) well formed — unless the sidecar's
    digest already ``vouched`` for these bytes (then they are the ones saved whole)."""
    import pandas as pd

    text = _text(path, data)
    reader = csv.reader(io.StringIO(text, newline=""), strict=True)
    try:
        header = next(reader)
    except csv.Error as error:
        raise InvalidResults(path, f"not CSV ({error})", reader.line_num) from None
    for place, name in enumerate(header, 1):
        if not name:
            raise InvalidResults(path, f"column {place} of the header has no name", 1)
        if header.index(name) != place - 1:
            raise InvalidResults(path, f"column {name!r} appears twice in the header", 1)
    if meta is not None and "columns" in meta and header != meta["columns"]:
        missing = [c for c in meta["columns"] if c not in header]
        extra = [c for c in header if c not in meta["columns"]]
        detail = f"missing {missing}" if missing else f"not in the sidecar {extra}" if extra else ""
        raise _mismatch(
            path, meta, f"its columns differ from its sidecar's ({detail or 'another order'})"
        )
    kinds = dict(meta.get("kinds", {})) if meta is not None and "rows" in meta else {}
    if not kinds and "winners" in header:
        kinds = {"winners": "tuple"}
    checks = [(header.index(c), c, k) for c, k in kinds.items() if c in header]
    rows = meta["rows"] if vouched else 0
    while not vouched:
        line = reader.line_num + 1
        try:
            record = next(reader)
        except StopIteration:
            break
        except csv.Error as error:
            raise InvalidResults(path, f"not CSV ({error})", reader.line_num) from None
        if not record:
            raise InvalidResults(path, "an empty line in the middle of the numbers", line)
        if len(record) != len(header):
            raise InvalidResults(
                path,
                f"{len(record)} fields where the header names {len(header)}: "
                "a line cut short or malformed",
                line,
            )
        for place, column, kind in checks:
            _check_cell(path, line, column, kind, record[place])
        rows += 1
    if meta is not None and "rows" in meta and rows != meta["rows"]:
        raise _mismatch(path, meta, f"it holds {rows} rows")
    try:
        frame = pd.read_csv(io.StringIO(text))
    except (ValueError, pd.errors.ParserError) as error:  # the checks above should prevent
        raise InvalidResults(path, f"not a results table ({error})") from None
    for _, column, kind in checks:
        numeric = kind == "tuple" or not len(frame) or pd.api.types.is_numeric_dtype(frame[column])
        if not numeric:  # the cell checks above should prevent it
            raise InvalidResults(path, f"column {column!r} does not read as numbers")
    return frame, [column for _, column, kind in checks if kind == "tuple"]


def _parquet_frame(path: Path, data: bytes, meta: dict | None):
    import pandas as pd

    _need_pyarrow()
    try:
        frame = pd.read_parquet(io.BytesIO(data))
    except Exception as error:  # pyarrow's errors have no common base besides Exception
        raise InvalidResults(path, f"not a whole Parquet file ({error})") from None
    if meta is not None and "columns" in meta and list(frame.columns) != meta["columns"]:
        raise _mismatch(path, meta, "its columns differ from its sidecar's")
    if meta is not None and "rows" in meta and len(frame) != meta["rows"]:
        raise _mismatch(path, meta, f"it holds {len(frame)} rows")
    kinds = meta.get("kinds", {}) if meta is not None and "rows" in meta else {}
    tuples = [c for c, k in kinds.items() if k == "tuple"] or ["winners"]
    return frame, [c for c in tuples if c in frame.columns]


def _tuple(value: Any) -> Any:
    if isinstance(value, str) and value.startswith("("):
        return tuple(ast.literal_eval(value))
    if hasattr(value, "tolist"):  # a Parquet list column
        return tuple(value.tolist())
    return value


def load_results(path: str | Path):
    """A results file written by ``save_results`` (or by ``python -m boardlab simulate
    --out``), with ``attrs["sweep"]`` from its sidecar when there is one; anything that
    is not what it claims raises ``InvalidResults`` naming the file (and the line)."""
    path = Path(path)
    if path.suffix not in SUFFIXES:
        raise InvalidResults(path, "a results file ends in .csv or .parquet")
    if not path.exists():
        raise FileNotFoundError(f"no results file {path}")
    if not path.is_file():
        raise InvalidResults(path, "not a file (a folder or a device): name a results file")
    meta = _read_sidecar(path)
    data = path.read_bytes()
    vouched = meta is not None and hashlib.sha256(data).hexdigest() == meta.get("sha256")
    if path.suffix == ".parquet":
        frame, tuples = _parquet_frame(path, data, meta)
    else:
        frame, tuples = _csv_frame(path, data, meta, vouched)
    if meta is not None:
        if "sha256" in meta and not vouched:  # the checks above found nothing more precise
            raise _mismatch(path, meta, "its bytes are not the ones its sidecar vouches for")
        if "game" in meta and "game" in frame.columns:
            others = sorted({str(g) for g in frame["game"]} - {meta["game"]})
            if others:
                raise _mismatch(path, meta, f"it holds results of {', '.join(others)}")
    for column in tuples:
        frame[column] = frame[column].map(_tuple)
    if meta is not None:
        frame.attrs["sweep"] = meta
    return frame
