"""Results files: a sweep's frame saved with how it was made, and read back as it was.

``save_results(frame, "lab.csv")`` writes the numbers (CSV, or Parquet for a
``.parquet`` path when pyarrow is installed) and, beside them, ``lab.csv.json``:
the game, the grid points, the seed, the agents and the package version
(``frame.attrs["sweep"]``). ``load_results`` reads both back: the columns of
tuples (``winners``) become tuples again and ``frame.attrs["sweep"]`` is restored.
"""

from __future__ import annotations

import ast
import json
from pathlib import Path
from typing import Any


def sidecar(path: str | Path) -> Path:
    """The JSON file beside a results file that says how it was made."""
    path = Path(path)
    return path.with_name(path.name + ".json")


def save_results(frame, path: str | Path, **extra: Any) -> Path:
    """Write ``frame`` to ``path`` (.csv, or .parquet with pyarrow) and its sidecar JSON
    (``frame.attrs["sweep"]`` plus ``extra``); return the path."""
    import boardlab

    path = Path(path)
    meta = {**frame.attrs.get("sweep", {}), **extra}
    meta.setdefault("version", boardlab.__version__)
    meta["columns"] = list(frame.columns)
    if path.suffix == ".parquet":
        try:
            import pyarrow  # noqa: F401
        except ImportError:
            raise ImportError("saving .parquet needs pyarrow; save to .csv instead") from None
        frame.to_parquet(path, index=False)
    elif path.suffix == ".csv":
        frame.to_csv(path, index=False, lineterminator="\n")
    else:
        raise ValueError(f"{path}: a results file ends in .csv or .parquet")
    sidecar(path).write_text(json.dumps(meta, indent=1, sort_keys=True) + "\n")
    return path


def _tuple(text: Any) -> Any:
    if isinstance(text, str) and text.startswith("("):
        return tuple(ast.literal_eval(text))
    if hasattr(text, "tolist"):  # a Parquet list column
        return tuple(text.tolist())
    return text


def load_results(path: str | Path):
    """A results file written by ``save_results`` (or by ``python -m boardlab simulate
    --out``), with ``attrs["sweep"]`` from its sidecar when there is one."""
    import pandas as pd

    path = Path(path)
    if not path.exists():
        raise FileNotFoundError(f"no results file {path}")
    if path.suffix == ".parquet":
        frame = pd.read_parquet(path)
    elif path.suffix == ".csv":
        frame = pd.read_csv(path)
    else:
        raise ValueError(f"{path}: a results file ends in .csv or .parquet")
    if "winners" in frame.columns:
        frame["winners"] = frame["winners"].map(_tuple)
    meta_path = sidecar(path)
    if meta_path.exists():
        try:
            frame.attrs["sweep"] = json.loads(meta_path.read_text())
        except json.JSONDecodeError as error:
            raise ValueError(f"{meta_path}, line {error.lineno}: not JSON ({error.msg})") from None
    return frame
