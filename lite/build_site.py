"""Build the no-install classroom site: ``make site`` (or ``python lite/build_site.py``).

A static JupyterLite site (``build/site/`` by default): JupyterLab in the
browser with a Python kernel (Pyodide, WebAssembly), the notebooks, and a
package index holding boardlab's wheel and the wheels Pyodide lacks. Serve
the folder from any static web server (``python -m http.server -d build/site``)
or a course page; nothing is installed on the students' machines.

What goes in:
- ``boardlab`` as a wheel (its runtime dependencies only: no server stack);
- pure-Python wheels of the dependencies that Pyodide does not ship
  (``SHIPPED``: ipywidgets and what it needs, ipyevents, joblib, tqdm), at the
  versions of this environment, and networkx's, which the engines need (Tembo's
  board): with it and boardlab's wheel the engines run on Pyodide's core alone
  (``tests/browser/test_pyodide.py`` plays every game so, offline); numpy,
  pandas and matplotlib (boards, tables, widgets) come from Pyodide's CDN;
- only the front-end extensions it needs: the widget manager, ipyevents
  (clicks on the board in ``PlayPanel``) and the Pyodide kernel
  (``ignore_sys_prefix``: other extensions of this environment, such as Voilà's
  preview, stay out of the site);
- every ``notebooks/*.ipynb``, with a first cell ``%pip install boardlab``
  that installs from the site's own index.

At run time the site loads the Pyodide runtime from its CDN, unless
``--pyodide URL_OR_TARBALL`` points at a Pyodide distribution to include.
Building needs PyPI for two things only: setuptools to build the wheel and
the wheels listed in ``SHIPPED``.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import sysconfig
from importlib.metadata import version
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parents[1]

#: Wheels the site carries: those Pyodide lacks, and networkx (pure Python, which
#: Pyodide has too, but only from its CDN): with boardlab's wheel, all the engines need.
#: Pinned to this environment's versions so the site runs what the tests ran. (Pyodide
#: ships numpy, pandas, matplotlib, traitlets and ipython; its kernel stubs
#: widgetsnbextension.)
SHIPPED = ["ipywidgets", "comm", "jupyterlab_widgets", "ipyevents", "joblib", "tqdm", "networkx"]

#: The only front-end extensions the site gets (from this environment's share/jupyter).
EXTENSIONS = [
    "@jupyter-widgets/jupyterlab-manager",
    "ipyevents",
    "@jupyterlite/pyodide-kernel-extension",
]

INSTALL_CELL = (
    "# In this browser-only JupyterLab, install boardlab (from this site) first.\n"
    "%pip install -q boardlab"
)


def run(argv: list[str], **kwargs) -> None:
    print("+", " ".join(argv), flush=True)
    subprocess.run(argv, check=True, **kwargs)


def labextensions_dir() -> Path:
    return Path(sysconfig.get_paths()["data"]) / "share" / "jupyter" / "labextensions"


def build_wheels(into: Path) -> list[Path]:
    """boardlab's wheel (built from the source tree) and the pinned wheels Pyodide lacks."""
    into.mkdir(parents=True)
    pip = [sys.executable, "-m", "pip", "--disable-pip-version-check"]
    # Built from a private copy: setuptools writes build/ and *.egg-info into the tree it
    # builds, so two builds of one checkout at once (two test workers) broke each other.
    source = into.parent / "source"
    shutil.copytree(
        ROOT / "boardlab", source / "boardlab", ignore=shutil.ignore_patterns("__pycache__")
    )
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, source / name)
    run([*pip, "wheel", "--no-deps", "--quiet", "--wheel-dir", str(into), str(source)])
    pinned = [f"{name}=={version(name)}" for name in SHIPPED]
    run([*pip, "download", "--no-deps", "--only-binary=:all:", "--quiet", "-d", str(into), *pinned])
    return sorted(into.glob("*.whl"))


def lite_notebooks(into: Path) -> list[Path]:
    """Copies of the notebooks, each starting with the install cell."""
    into.mkdir(parents=True)
    written = []
    for source in sorted((ROOT / "notebooks").glob("*.ipynb")):
        nb = nbformat.read(source, as_version=4)
        cell = nbformat.v4.new_code_cell(INSTALL_CELL)
        cell.metadata["tags"] = ["boardlab-lite-install"]
        nb.cells.insert(0, cell)
        nb.metadata["kernelspec"] = {
            "name": "python",
            "display_name": "Python (Pyodide)",
            "language": "python",
        }
        target = into / source.name
        nbformat.write(nb, target)
        written.append(target)
    return written


def lite_results(into: Path) -> list[Path]:
    """The results files the notebooks read (``figures/*.csv``, made by ``python -m
    boardlab.figures``), beside the notebooks: in the browser the package has no
    source checkout to find them in (``boardlab.figures.read_results`` looks here)."""
    into.mkdir(parents=True)
    written = []
    for source in sorted((ROOT / "figures").glob("*.csv")):
        shutil.copy2(source, into / source.name)
        written.append(into / source.name)
    return written


def build(out: Path, work: Path, pyodide: str | None = None) -> Path:
    """Build the site into ``out`` (replaced), using ``work`` as scratch space."""
    shutil.rmtree(work, ignore_errors=True)
    shutil.rmtree(out, ignore_errors=True)
    wheels = build_wheels(work / "wheels")
    notebooks = lite_notebooks(work / "files")
    results = lite_results(work / "files" / "figures")
    lite_dir = work / "lite"
    lite_dir.mkdir()
    extensions = [str(labextensions_dir() / name) for name in EXTENSIONS]
    config = {
        "LiteBuildConfig": {
            "ignore_sys_prefix": ["federated_extensions"],
            "federated_extensions": extensions,
            "contents": [str(work / "files")],
            "output_dir": str(out),
            "no_sourcemaps": True,
        },
        "PipliteAddon": {"piplite_urls": [str(w) for w in wheels]},
    }
    if pyodide:
        config["PyodideAddon"] = {"pyodide_url": pyodide}
    (lite_dir / "jupyter_lite_config.json").write_text(json.dumps(config, indent=2))
    jupyter_lite = Path(sys.executable).parent / "jupyter-lite"
    command = [str(jupyter_lite)]
    if not jupyter_lite.exists():
        command = [sys.executable, "-m", "jupyter", "lite"]
    run([*command, "build", "--lite-dir", str(lite_dir)], cwd=lite_dir)
    print(f"site: {out} ({len(notebooks)} notebooks, {len(results)} results, {len(wheels)} wheels)")
    return out


def main(argv: list[str] | None = None) -> Path:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(ROOT / "build" / "site"), help="site folder")
    parser.add_argument("--work", default=str(ROOT / "build" / "lite-work"), help="scratch")
    parser.add_argument(
        "--pyodide", default=None, help="a Pyodide tarball (path or URL) to serve from the site"
    )
    args = parser.parse_args(argv)
    return build(Path(args.out).resolve(), Path(args.work).resolve(), args.pyodide)


if __name__ == "__main__":
    main()
