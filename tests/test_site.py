"""The no-install classroom site (``make site``): built and indexed as far as this machine allows.

The site's Python runs in the browser on Pyodide, fetched from its CDN at run
time, which this offline machine cannot reach; so these tests check the
build (``browser/test_pyodide.py`` runs the engines from a built site's wheels on
Pyodide's core, offline): it succeeds, every notebook is in the site's contents (with its
install cell), boardlab's wheel and the wheels Pyodide lacks are in the
site's package index, boardlab's wheel asks for its runtime dependencies
only, and the site carries only the front-end extensions it needs — among
them ipyevents (its wheel and its labextension), through which ``PlayPanel``
takes clicks on the board.
"""

import importlib.util
import json
import os
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
sys.path.insert(0, str(ROOT / "lite"))
import build_site  # noqa: E402

#: Packages of the server stack that must not reach the site through boardlab's wheel.
SERVER_STACK = {"jupyterlab", "jupyter-server", "notebook", "voila", "ipykernel", "pytest", "nbval"}


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    if importlib.util.find_spec("jupyterlite_core") is None:
        message = "jupyterlite-core is not installed: pip install -e '.[site]' (make venv does)"
        if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
            pytest.fail(message, pytrace=False)
        pytest.skip(message)
    work = tmp_path_factory.mktemp("lite")
    out = work / "site"
    script = ROOT / "lite" / "build_site.py"
    done = subprocess.run(
        [sys.executable, str(script), "--out", str(out), "--work", str(work / "scratch")],
        capture_output=True,
        text=True,
        timeout=900,
    )
    log = done.stdout[-2000:] + done.stderr[-3000:]
    assert done.returncode == 0, f"the site build failed:\n{log}"
    return out


def lite_config(site: Path) -> dict:
    return json.loads((site / "jupyter-lite.json").read_text())["jupyter-config-data"]


def test_every_notebook_is_in_the_site_with_its_install_cell(site):
    listed = json.loads((site / "api" / "contents" / "all.json").read_text())
    names = sorted(item["name"] for item in listed["content"] if item["type"] == "notebook")
    assert names == sorted(p.name for p in NOTEBOOKS)
    for source in NOTEBOOKS:
        copy = nbformat.read(site / "files" / source.name, as_version=4)
        original = nbformat.read(source, as_version=4)
        assert copy.cells[0].source == build_site.INSTALL_CELL
        assert [c.source for c in copy.cells[1:]] == [c.source for c in original.cells]
        assert copy.metadata.kernelspec["name"] == "python"  # the Pyodide kernel


def test_the_package_index_holds_boardlab_and_what_pyodide_lacks(site):
    index = json.loads((site / "pypi" / "all.json").read_text())
    wanted = {"boardlab", *(name.replace("_", "-") for name in build_site.SHIPPED)}
    assert wanted <= set(index), f"missing from the site's index: {wanted - set(index)}"
    for name in wanted:
        for files in index[name]["releases"].values():
            for release in files:
                assert (site / "pypi" / release["filename"]).is_file(), release["filename"]
    urls = lite_config(site)["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    assert any(url.startswith("./pypi/all.json") for url in urls["pipliteUrls"])


def test_boardlab_wheel_needs_its_runtime_dependencies_only(site):
    (wheel,) = (site / "pypi").glob("boardlab-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        metadata = next(n for n in names if n.endswith(".dist-info/METADATA"))
        lines = archive.read(metadata).decode().splitlines()
    prefix = "Requires-Dist:"
    requires = [line[len(prefix) :].strip() for line in lines if line.startswith(prefix)]
    always = sorted(r for r in requires if "extra ==" not in r)
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert always == sorted(project["dependencies"])
    assert not {r.split(">")[0].split("=")[0].split("[")[0] for r in always} & SERVER_STACK
    assert "boardlab/widgets/viewer.py" in names and "boardlab/core/game.py" in names


def test_boardlab_wheel_carries_the_files_the_games_read(site):
    """The games' data files and guided first games (``guided.toml``) are read at run
    time: the site's kernel has only the wheel (``browser/test_pyodide.py`` plays every
    guided game from it)."""
    (wheel,) = (site / "pypi").glob("boardlab-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
    games = ROOT / "boardlab" / "games"
    read = [*games.glob("*/guided.toml"), *games.glob("*/data/*")]
    wanted = {p.relative_to(ROOT).as_posix() for p in read}
    assert {f"boardlab/games/{game}/guided.toml" for game in ("jambo", "tembo")} <= wanted
    assert sorted(wanted - names) == []


def test_the_site_carries_only_the_extensions_it_needs(site):
    extensions = sorted(e["name"] for e in lite_config(site)["federated_extensions"])
    assert extensions == sorted(build_site.EXTENSIONS)
    assert not (site / "extensions" / "@voila-dashboards").exists()


def test_the_site_ships_ipyevents_wheel_and_labextension(site):
    """PlayPanel's clicks on the board need ipyevents in the browser kernel (its wheel,
    at this environment's version) and in the page (its labextension)."""
    from importlib.metadata import version

    index = json.loads((site / "pypi" / "all.json").read_text())
    assert version("ipyevents") in index["ipyevents"]["releases"]
    (wheel,) = (site / "pypi").glob("ipyevents-*.whl")
    assert wheel.name.startswith(f"ipyevents-{version('ipyevents')}-")
    extension = site / "extensions" / "ipyevents"
    assert (extension / "package.json").is_file()
    assert list((extension / "static").glob("remoteEntry.*.js"))
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert any(r.startswith("ipyevents") for r in project["dependencies"])


def test_the_site_ships_every_wheel_the_engines_need(site):
    """boardlab's engines need networkx (``test_no_numpy``): the site carries its
    pure-Python wheel, so the engines need nothing from Pyodide's CDN but its core."""
    from importlib.metadata import version

    index = json.loads((site / "pypi" / "all.json").read_text())
    assert version("networkx") in index["networkx"]["releases"]
    (wheel,) = (site / "pypi").glob("networkx-*.whl")
    assert wheel.name == f"networkx-{version('networkx')}-py3-none-any.whl"


def test_the_results_files_the_notebooks_read_are_beside_them(site):
    """Kombo Afrika's what-ifs read committed results (``figures/*.csv``): in the browser
    they come from the site's ``figures/`` folder, not from a source checkout."""
    shipped = sorted(p.name for p in (site / "files" / "figures").glob("*.csv"))
    assert shipped == sorted(p.name for p in (build_site.ROOT / "figures").glob("*.csv"))
    assert "kombo_afrika_target.csv" in shipped
