"""Real-browser fixtures: a throw-away JupyterLab (or Voilà) server and headless Chromium.

The notebooks are the product people touch, so these tests open them in a
real browser, as a student would. The browser is the system's Chromium driven by Playwright; no
browser is ever downloaded (``playwright install`` is not used).

- Without Chromium or Playwright the tests are skipped with a message that
  says how to get them; with ``CI`` set they fail instead, so CI always runs
  them (``.ci/run`` installs Debian's ``chromium``).
- ``BOARDLAB_CHROMIUM=/path/to/chrome`` picks another Chromium-based browser.
- Pages open at a laptop's viewport, ``LAPTOP`` (1366×768): what a class has.
- Every test leaves a screenshot of what it saw in ``test-artifacts/browser/``
  (``<test>.png``, pass or fail); a failing one also a full-page screenshot and
  the server log.

Servers listen on 127.0.0.1 on a free port with an empty token, serve a
temporary copy of ``notebooks/`` (so nothing a test does is saved into the
repository) and read settings from a temporary folder.

One JupyterLab server (``lab_server``) and one Voilà server (``voila_server``,
started when an app is first asked for) serve the whole session, and one
Chromium. Every notebook is opened and run once, for all the tests that look at
it: a notebook of ``notebooks/`` for the tests of ``test_notebooks_in_browser``
(a module-scoped fixture), and one notebook of play panels (``panels_page``)
for ``test_board_clicks`` and ``test_play_to_the_end``, a cell each.

The suite may run on two workers (``pytest -n 2 --dist loadgroup``, pytest-xdist):
each worker has its own servers, on ports of their own, and its own Chromium; the
tests of one notebook are one unit of work (``pytest_xdist_make_scheduler`` below),
so each notebook is still opened once, on one worker.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

import boardlab
from boardlab.browser import (  # shared with `boardlab bench --ui`
    CHROMIUM_ARGS,
    LAPTOP,
    Server,
    chromium_path,
    lab_argv,
    server_env,
    start_server,
    write_lab_settings,
)

ROOT = Path(__file__).resolve().parents[2]
#: The notebooks under test; BOARDLAB_NOTEBOOKS_DIR tries the suite on another folder.
NOTEBOOKS = Path(os.environ.get("BOARDLAB_NOTEBOOKS_DIR") or ROOT / "notebooks")
ARTIFACTS = ROOT / "test-artifacts" / "browser"
#: The viewport of a classroom laptop; the layout checks also try ``FULL_HD``.
FULL_HD = {"width": 1920, "height": 1080}

HOW_TO_GET_A_BROWSER = (
    "browser tests need Chromium and Playwright: `sudo apt-get install chromium` "
    "(Debian/Ubuntu; or set BOARDLAB_CHROMIUM=/path/to/chrome) and "
    "`pip install -e '.[browser]'` (make venv does this)"
)


def notebook_paths() -> list[Path]:
    """Every notebook that exists now (collection time), sorted by name."""
    return sorted(NOTEBOOKS.glob("*.ipynb"))


def _unavailable(reason: str) -> None:
    """Skip on a developer's machine; fail in CI, which must run these tests."""
    message = f"{reason}; {HOW_TO_GET_A_BROWSER}"
    if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
        pytest.fail(f"CI must run the browser tests: {message}", pytrace=False)
    pytest.skip(message)


#: The test modules that share the notebook of play panels (``panels_page``).
PANEL_MODULES = (
    "test_board_clicks.py",
    "test_play_to_the_end.py",
    "test_keyboard.py",
    "test_what_if_keyboard.py",
    "test_hot_seat.py",
)


def shared_notebook_of(nodeid: str) -> str:
    """The unit of work of a test for pytest-xdist: the notebook it looks at, so the
    tests of one notebook run on one worker and it is opened once. A test of
    ``test_notebooks_in_browser`` looks at the notebook of its parameter, those of
    ``PANEL_MODULES`` at the play panels' notebook; any other test is a unit alone."""
    nodeid = nodeid.split("@", 1)[0] if nodeid.rfind("@") > nodeid.rfind("]") else nodeid
    path, _, name = nodeid.partition("::")
    module = path.rsplit("/", 1)[-1]
    if module == "test_notebooks_in_browser.py" and name.endswith("]"):
        return "notebook " + name[name.index("[") + 1 : -1]
    if module in PANEL_MODULES:
        return "notebook of play panels"
    return nodeid


def pytest_xdist_make_scheduler(config, log):
    """With ``-n 2 --dist loadgroup`` (pytest-xdist): whole notebooks to each worker
    (``shared_notebook_of``), the ones with most tests first. (xdist's own loadgroup reads
    ``xdist_group`` marks from a suffix of the node id that pytest 9 no longer keeps.)"""
    if config.getoption("dist", None) != "loadgroup":
        return None
    from xdist.scheduler import LoadScopeScheduling

    class ByNotebook(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            return shared_notebook_of(nodeid)

    return ByNotebook(config, log)


def copy_notebooks(to: Path) -> Path:
    """A copy of notebooks/ to serve: autosave or a crash never touches the repository."""
    shutil.copytree(
        NOTEBOOKS, to, ignore=shutil.ignore_patterns(".ipynb_checkpoints", "__pycache__")
    )
    return to


@pytest.fixture(scope="session")
def chromium_executable() -> str:
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        _unavailable("Playwright is not installed")
    path = chromium_path()
    if path is None:
        _unavailable("no Chromium found (looked for chromium, chromium-browser, google-chrome)")
    return path


@pytest.fixture(scope="session")
def browser(chromium_executable: str) -> Iterator:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=chromium_executable, headless=True, args=CHROMIUM_ARGS
        )
        yield browser
        browser.close()


@pytest.fixture(scope="session")
def browser_home(tmp_path_factory) -> Path:
    """A throw-away home for the servers: notebook copies, settings, logs."""
    home = tmp_path_factory.mktemp("browser")
    write_lab_settings(home)  # LAB_SETTINGS
    return home


@pytest.fixture(scope="session")
def lab_server(chromium_executable: str, browser_home: Path) -> Iterator[Server]:
    """JupyterLab on a copy of notebooks/, the app object exposed as ``window.jupyterapp``."""
    root = copy_notebooks(browser_home / "lab-notebooks")

    def argv(port: int) -> list[str]:
        return lab_argv(root, browser_home, port)

    server = start_server(
        "JupyterLab", argv, browser_home / "lab.log", server_env(browser_home), "lab"
    )
    yield server
    server.stop()


#: The suite's Voilà culls a closed page's idle kernel after this many seconds (``make app``:
#: ``boardlab.widgets.app.CULL_IDLE_TIMEOUT``), checking every ``VOILA_CULL_INTERVAL``: short
#: enough for a test to see it; a page still open keeps its kernel however long.
VOILA_CULL_IDLE_TIMEOUT = 6
VOILA_CULL_INTERVAL = 1


def voila_argv(path: Path, port: int) -> list[str]:
    """The ``make app`` command (``boardlab.widgets.app.voila_command``, which the Makefile's
    ``app`` target runs) on a loopback port, culling sooner; ``path`` is an app notebook
    that ``boardlab.widgets.app`` cut out of a game's notebook, or the folder of them (each
    served at ``voila/render/<name>.ipynb``)."""
    from boardlab.widgets.app import voila_command

    return voila_command(
        path,
        port,
        cull_idle_timeout=VOILA_CULL_IDLE_TIMEOUT,
        cull_interval=VOILA_CULL_INTERVAL,
    )


@pytest.fixture(scope="session")
def voila_server(chromium_executable: str, browser_home: Path) -> Iterator[Server]:
    """One Voilà for the session, as ``make app`` runs it, on the folder of the apps of
    copies of ``notebooks/*.ipynb`` (their cells tagged ``app``, cut out by
    ``boardlab.widgets.app``): the app of ``<name>.ipynb`` is at
    ``voila/render/<name>.ipynb``. Each page has a kernel of its own, culled
    ``VOILA_CULL_IDLE_TIMEOUT`` seconds after its page is closed."""
    from boardlab.widgets.app import write_app

    root = copy_notebooks(browser_home / "app-notebooks")
    apps = root / "app"
    for notebook in sorted(root.glob("*.ipynb")):
        if notebook.stem in boardlab.game_names():  # a game's notebook has an app
            write_app(notebook, apps)
    server = start_server(
        "Voilà",
        lambda port: voila_argv(apps, port),
        browser_home / "voila.log",
        server_env(browser_home),
        None,
    )
    yield server
    server.stop()


#: The kernel of a Voilà page, from the page's configuration.
VOILA_KERNEL_JS = """() => JSON.parse(
    document.getElementById('jupyter-config-data').textContent).kernelId"""


def leave_voila_page(page, server: Server) -> None:
    """Shut down the kernel of a Voilà page, as leaving it would. (Voilà's page sends its
    shutdown on ``beforeunload`` without the ``_xsrf`` cookie, which it never set, and is
    refused: its kernels would live until the server stops.) The REST call carries its
    own ``_xsrf`` cookie and header, which is all the check compares."""
    try:
        kernel = page.evaluate(VOILA_KERNEL_JS)
    except Exception:  # the page never opened: no kernel of its own to shut down
        return
    request = urllib.request.Request(
        f"{server.url}api/kernels/{kernel}",
        method="DELETE",
        headers={"Cookie": "_xsrf=boardlab-tests", "X-XSRFToken": "boardlab-tests"},
    )
    with contextlib.suppress(OSError):  # gone already: nothing to shut down
        urllib.request.urlopen(request, timeout=30).close()


# -- one notebook of play panels ------------------------------------------------------------
#: The cells of the play panels' notebook, by key: each ends with a widget, which is given
#: the CSS class ``boardlab-test-<key>`` to be found by. Test modules add theirs.
PANEL_CELLS: dict[str, str] = {}
#: The setup cell run before them.
PANEL_IMPORTS = """import boardlab
from boardlab.sim import RandomAgent
from boardlab.widgets import PlayPanel"""


def panel_cell(key: str, code: str) -> str:
    """``code`` (its last line an expression: the widget) with the widget given its class."""
    *body, last = code.rstrip().splitlines()
    return "\n".join(
        [*body, f"_widget = {last}", f"_widget.add_class('boardlab-test-{key}')", "_widget"]
    )


@pytest.fixture(scope="session")
def panels_page(browser, lab_server: Server, browser_home: Path) -> Iterator:
    """One notebook with a cell per entry of ``PANEL_CELLS``, opened in JupyterLab at
    1366×768 and run once for the session; the page. Every cell is tagged
    ``raises-exception``, so one failing cell does not stop the others (its test
    reports it: ``panel_of``)."""
    import nbformat

    from .test_notebooks_in_browser import READY_JS, RUN_ALL_JS, RUN_TIMEOUT

    notebook = nbformat.v4.new_notebook()
    notebook.cells = [nbformat.v4.new_code_cell(PANEL_IMPORTS)]
    for key, code in sorted(PANEL_CELLS.items()):
        cell = nbformat.v4.new_code_cell(panel_cell(key, code))
        cell.metadata["tags"] = ["raises-exception", f"panel-{key}"]
        notebook.cells.append(cell)
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3"}
    nbformat.write(notebook, browser_home / "lab-notebooks" / "play_panels.ipynb")
    context = browser.new_context(viewport=LAPTOP)
    page = context.new_page()
    page.goto(f"{lab_server.url}lab/workspaces/panels/tree/play_panels.ipynb?reset")
    page.wait_for_function(READY_JS, timeout=90_000)
    page.evaluate(RUN_ALL_JS)
    page.wait_for_function(
        "window.__boardlabRun && window.__boardlabRun.done", timeout=RUN_TIMEOUT * 1000
    )
    yield page
    page.evaluate("() => window.jupyterapp.shell.currentWidget.sessionContext.shutdown()")
    context.close()


@pytest.fixture
def panel_page(request, panels_page, lab_server):
    """``panels_page`` for one test, its screenshot and logs saved after it
    (``save_artifacts``): every module of ``PANEL_MODULES`` uses it."""
    yield panels_page
    save_artifacts(request, panels_page, lab_server)


#: Each cell's error output, if any, by the cell's tag ``panel-<key>``.
PANEL_ERRORS_JS = """key => {
    const cells = window.jupyterapp.shell.currentWidget.content.model.cells;
    for (let i = 0; i < cells.length; i++) {
        const cell = cells.get(i);
        if (!(cell.getMetadata('tags') || []).includes('panel-' + key)) continue;
        const errors = [];
        for (let j = 0; j < cell.outputs.length; j++) {
            const o = cell.outputs.get(j).toJSON();
            if (o.output_type === 'error') errors.push(o.ename + ': ' + o.evalue);
        }
        return errors;
    }
    return ['no cell panel-' + key];
}"""


def panel_of(page, key: str):
    """The widget of cell ``key`` of the play panels' notebook (failing clearly if its
    cell raised), scrolled into view."""
    from playwright.sync_api import expect

    errors = page.evaluate(PANEL_ERRORS_JS, key)
    assert not errors, f"the cell of {key} failed: {errors}"
    widget = page.locator(f".boardlab-test-{key}")
    expect(widget).to_be_visible(timeout=30_000)
    widget.scroll_into_view_if_needed()
    return widget


# -- screenshots ------------------------------------------------------------------------------
@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item, call):
    report = yield
    setattr(item, f"report_{report.when}", report)
    return report


def artifact_name(nodeid: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", nodeid.split("::", 1)[-1]).strip("_")


def save_artifacts(request, page, server: Server | None = None) -> None:
    """After every test: a screenshot of the viewport as the test left it; after a failed
    one also a full-page screenshot and the server log's tail."""
    if page is None:
        return
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    name = artifact_name(request.node.nodeid)
    report = getattr(request.node, "report_call", None)
    failed = report is None or report.failed
    shots = [(f"{name}.png", False)] + ([(f"{name}.full.png", True)] if failed else [])
    for filename, full_page in shots:
        try:
            page.screenshot(path=str(ARTIFACTS / filename), full_page=full_page)
        except Exception as error:  # the page may be gone; the log still helps
            (ARTIFACTS / f"{name}.screenshot-error.txt").write_text(str(error))
    if failed and server is not None:
        (ARTIFACTS / f"{name}.server.log").write_text(server.log_tail(400))


def shoot(page, name: str) -> None:
    """A screenshot of the viewport now, ``test-artifacts/browser/<name>.png``."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{artifact_name(name)}.png"))
