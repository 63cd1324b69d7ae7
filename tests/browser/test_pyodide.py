"""The no-install site's kernel, tested: the engines on Pyodide in Chromium, offline.

The site (``lite/build_site.py``) runs its Python on Pyodide, whose numpy, pandas
and matplotlib wheels come only from Pyodide's CDN, out of reach here. Its core
(``pyodide.mjs``, the WebAssembly Python and its standard library: the npm package
``pyodide``, fetched once by ``make pyodide`` into ``build/pyodide/``, at the version
the Makefile pins) is not. So, in headless Chromium with every request that would
leave 127.0.0.1 refused and recorded:

- the site is built, and served on 127.0.0.1 with Pyodide's core beside it;
- the page loads the core, finds the site's package index as the site's kernel does
  (``jupyter-lite.json``'s ``pipliteUrls``) and installs boardlab's wheel and
  networkx's from it (``pyodide.unpackArchive``: micropip is no part of the core);
- it imports every engine module (``engine_layer.engine_modules``), plays a seeded
  game of every engine to the end (``engine_layer.play_every_engine``, the very file
  ``test_no_numpy`` runs), with its narration and its record, and every game's guided
  first game as written (its scenario file read from the wheel).

Each game must end by the rules, tell plain words, and be the same game CPython
plays here (its digest, its narration), and its record must replay here. The
drawing (boards, widgets) needs matplotlib and numpy: not tested this way.

Without the core, the test is skipped with "run make pyodide"; in CI it fails.
"""

from __future__ import annotations

import functools
import http.server
import importlib.util
import json
import os
import re
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from engine_layer import (
    engine_modules,
    narration_faults,
    play_every_engine,
    play_every_guided_game,
)

import boardlab

from .conftest import ROOT

TESTS = ROOT / "tests"
#: Where ``make pyodide`` puts Pyodide's core; BOARDLAB_PYODIDE names another copy.
CORE = Path(os.environ.get("BOARDLAB_PYODIDE") or ROOT / "build/pyodide/node_modules/pyodide")
#: The whole run in the page: loading, installing, playing every game.
RUN_TIMEOUT = 180


def _unavailable(reason: str) -> None:
    """Skip on a developer's machine; fail in CI, which must run this test."""
    message = f"{reason}: run `make pyodide` (npm install of the pinned Pyodide core)"
    if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
        pytest.fail(f"CI must test the site's kernel: {message}", pytrace=False)
    pytest.skip(message)


def pinned_version() -> str:
    """The Pyodide version the Makefile pins (``PYODIDE_VERSION``)."""
    found = re.search(r"^PYODIDE_VERSION := (\S+)$", (ROOT / "Makefile").read_text(), re.M)
    assert found, "the Makefile pins no PYODIDE_VERSION"
    return found.group(1)


@pytest.fixture(scope="module")
def core() -> Path:
    """Pyodide's core at the pinned version."""
    package = CORE / "package.json"
    if not package.is_file():
        _unavailable(f"no Pyodide core in {CORE}")
    installed = json.loads(package.read_text())["version"]
    if "BOARDLAB_PYODIDE" not in os.environ and installed != pinned_version():
        _unavailable(f"{CORE} holds Pyodide {installed}, the Makefile pins {pinned_version()}")
    return CORE


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    """The site as ``make site`` builds it (into a scratch folder)."""
    if importlib.util.find_spec("jupyterlite_core") is None:
        _unavailable("jupyterlite-core is not installed (make venv installs it)")
    work = tmp_path_factory.mktemp("lite")
    script = ROOT / "lite" / "build_site.py"
    started = time.monotonic()
    done = subprocess.run(
        [sys.executable, str(script), "--out", str(work / "site"), "--work", str(work / "scratch")],
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert done.returncode == 0, f"the site build failed:\n{done.stderr[-3000:]}"
    print(f"\nsite built in {time.monotonic() - started:.1f} s")
    return work / "site"


class Files(http.server.SimpleHTTPRequestHandler):
    """Serves ``/site/…`` from the built site, ``/pyodide/…`` from Pyodide's core,
    ``/tests/…`` from tests/ (``engine_layer.py``); records every path asked for."""

    extensions_map = {  # noqa: RUF012  (the base class's own attribute, extended)
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript",
        ".wasm": "application/wasm",
        ".whl": "application/zip",
    }

    def __init__(self, *args, roots: dict[str, Path], asked: list[str], **kwargs) -> None:
        self.roots, self.asked = roots, asked
        super().__init__(*args, **kwargs)

    def translate_path(self, path: str) -> str:
        path = path.split("?", 1)[0].split("#", 1)[0]
        self.asked.append(path)
        prefix, _, rest = path.lstrip("/").partition("/")
        root = self.roots.get(prefix)
        if root is None or ".." in rest.split("/"):
            return str(ROOT / "no-such-file")
        return str(root / rest)

    def log_message(self, *args) -> None:  # the test reports what it needs
        pass


@pytest.fixture(scope="module")
def served(core: Path, site: Path) -> Iterator[tuple[str, list[str]]]:
    """The site, the core and tests/ on a loopback port: (base URL, paths asked for)."""
    asked: list[str] = []
    roots = {"site": site, "pyodide": core, "tests": TESTS}
    handler = functools.partial(Files, roots=roots, asked=asked)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/", asked
    server.shutdown()
    server.server_close()
    thread.join(timeout=10)


#: In the page: load the core, install the two wheels from the site's index (found as
#: the site's kernel finds it), put engine_layer.py beside them, run ``code``.
RUN_JS = """async ([base, code]) => {
    const times = {};
    let start = performance.now();
    const { loadPyodide } = await import(base + 'pyodide/pyodide.mjs');
    const pyodide = await loadPyodide({ indexURL: base + 'pyodide/' });
    times.load = performance.now() - start;
    start = performance.now();
    const lite = await (await fetch(base + 'site/jupyter-lite.json')).json();
    const kernel = lite['jupyter-config-data'].litePluginSettings[
        '@jupyterlite/pyodide-kernel-extension:kernel'];
    const indexUrl = new URL(kernel.pipliteUrls[0], base + 'site/');
    const index = await (await fetch(indexUrl)).json();
    const purelib = pyodide.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
    const wheels = [];
    for (const name of ['boardlab', 'networkx']) {
        const wheel = Object.values(index[name].releases).flat()
            .find(release => release.filename.endsWith('.whl'));
        const data = await (await fetch(new URL(wheel.url, indexUrl))).arrayBuffer();
        pyodide.unpackArchive(data, 'wheel', { extractDir: purelib });
        wheels.push(wheel.filename);
    }
    const helper = await (await fetch(base + 'tests/engine_layer.py')).text();
    pyodide.FS.mkdirTree('/home/pyodide/tests');
    pyodide.FS.writeFile('/home/pyodide/tests/engine_layer.py', helper);
    times.install = performance.now() - start;
    start = performance.now();
    const result = JSON.parse(pyodide.runPython(code));
    times.play = performance.now() - start;
    return { wheels, result, times };
}"""

#: Python in Pyodide: the engine modules imported, numpy tried, every engine played.
KERNEL_PY = """
import json, sys
from importlib.metadata import version
from pathlib import Path
sys.path.insert(0, "/home/pyodide/tests")
import boardlab
import engine_layer
modules = engine_layer.engine_modules(Path(boardlab.__file__).parent)
json.dumps({
    "platform": sys.platform,
    "python": sys.version.split()[0],
    "boardlab": version("boardlab"),
    "modules": modules,
    "failed": engine_layer.import_all(modules),
    "numpy": engine_layer.import_all(["numpy"]),
    "games": engine_layer.play_every_engine(),
    "guided": engine_layer.play_every_guided_game(),
})
"""


@pytest.fixture(scope="module")
def kernel(browser, served) -> dict:
    """The run in the page, offline: what Python returned, the wheels, the times, the
    requests refused (to anywhere but 127.0.0.1) and the paths served."""
    base, asked = served
    refused: list[str] = []

    def only_loopback(route) -> None:
        if route.request.url.startswith(base):
            route.continue_()
        else:
            refused.append(route.request.url)
            route.abort()

    context = browser.new_context()
    context.route("**/*", only_loopback)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.set_default_timeout(RUN_TIMEOUT * 1000)
    started = time.monotonic()
    try:
        page.goto(base + "site/jupyter-lite.json")
        run = page.evaluate(RUN_JS, [base, KERNEL_PY])
    finally:
        context.close()
    run["seconds"] = time.monotonic() - started
    print(
        f"\nPyodide offline: {run['seconds']:.1f} s in all; in the page load "
        f"{run['times']['load'] / 1000:.1f} s, install {run['times']['install'] / 1000:.1f} s, "
        f"import and play {run['times']['play'] / 1000:.1f} s"
    )
    return {**run, "refused": refused, "asked": list(asked), "errors": errors}


def test_the_core_is_the_pyodide_the_site_loads(core):
    """The same Pyodide (its Python and ABI) as the site's kernel fetches from the CDN."""
    from jupyterlite_pyodide_kernel.constants import PYODIDE_VERSION

    installed = json.loads((core / "package.json").read_text())["version"]
    assert installed.split(".")[0] == PYODIDE_VERSION.split(".")[0], (
        f"the site's kernel runs Pyodide {PYODIDE_VERSION}, the test {installed}: "
        "set PYODIDE_VERSION in the Makefile to it"
    )
    assert not (core / "micropip").exists() and not list(core.glob("numpy*"))  # core only


def test_the_site_s_kernel_plays_every_engine_offline(kernel):
    """One test, so that pytest-xdist never splits it: the site is built and Pyodide run
    once. Its parts, in order: offline, the kernel, the imports, the games, the records."""
    # nothing left 127.0.0.1; the core and the two wheels came from the served folders
    assert kernel["refused"] == [], "requests beyond 127.0.0.1 (refused)"
    assert kernel["errors"] == []
    asked = set(kernel["asked"])
    for path in ("/pyodide/pyodide.asm.wasm", "/pyodide/python_stdlib.zip", "/site/pypi/all.json"):
        assert path in asked
    boardlab_wheel, networkx_wheel = kernel["wheels"]
    assert boardlab_wheel.startswith(f"boardlab-{boardlab.__version__}-")
    assert networkx_wheel.startswith("networkx-")
    for wheel in kernel["wheels"]:
        assert f"/site/pypi/{wheel}" in asked

    # the kernel is Pyodide, with boardlab's wheel installed and no numpy to be had
    result = kernel["result"]
    assert result["platform"] == "emscripten"
    assert result["boardlab"] == boardlab.__version__
    assert "numpy" in result["numpy"], "Pyodide's core has no numpy: the engines ran without it"

    # every engine module (the wheel carries them all) imports there
    assert result["modules"] == engine_modules(Path(boardlab.__file__).parent)
    assert result["failed"] == {}, "engine modules that failed to import in Pyodide"

    # every engine played to the end by its rules, told in words, the same game as here
    games = result["games"]
    assert sorted(games) == boardlab.game_names()
    here = play_every_engine()
    for name, game in games.items():
        assert game["status"] == "finished", f"{name} did not end by the rules: {game['result']}"
        assert game["narration"], f"{name} told nothing"
        assert narration_faults(game["narration"]) == [], name
        assert game["narration"] == here[name]["narration"], name
        assert (game["steps"], game["digest"]) == (here[name]["steps"], here[name]["digest"])

    # every game's guided first game (its scenario file from the wheel) as here
    assert result["guided"] == play_every_guided_game()
    assert all(lesson["status"] == "finished" for lesson in result["guided"].values())

    # every record made there replays here to the same position and result
    for name, game in games.items():
        states = boardlab.replay(game["record"])
        assert states[-1].digest() == game["digest"], name
        assert states[-1].outcome.describe() == game["result"], name
