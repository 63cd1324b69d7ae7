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
"""

from __future__ import annotations

import json
import os
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
#: The notebooks under test; BOARDLAB_NOTEBOOKS_DIR tries the suite on another folder.
NOTEBOOKS = Path(os.environ.get("BOARDLAB_NOTEBOOKS_DIR") or ROOT / "notebooks")
ARTIFACTS = ROOT / "test-artifacts" / "browser"
#: The viewport of a classroom laptop; the layout checks also try ``FULL_HD``.
LAPTOP = {"width": 1366, "height": 768}
FULL_HD = {"width": 1920, "height": 1080}

#: Flags for Chromium on a machine without a display or network (root in CI).
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]

#: JupyterLab user settings: every cell rendered (no virtual scrolling, so every
#: widget is in the page), no news pop-up over the page, no autosave.
LAB_SETTINGS = {
    "@jupyterlab/notebook-extension/tracker": {"windowingMode": "none"},
    "@jupyterlab/apputils-extension/notification": {
        "fetchNews": "false",
        "checkForUpdates": False,
    },
    "@jupyterlab/docmanager-extension/plugin": {"autosave": False},
}

HOW_TO_GET_A_BROWSER = (
    "browser tests need Chromium and Playwright: `sudo apt-get install chromium` "
    "(Debian/Ubuntu; or set BOARDLAB_CHROMIUM=/path/to/chrome) and "
    "`pip install -e '.[browser]'` (make venv does this)"
)


def notebook_paths() -> list[Path]:
    """Every notebook that exists now (collection time), sorted by name."""
    return sorted(NOTEBOOKS.glob("*.ipynb"))


def chromium_path() -> str | None:
    """The Chromium executable to drive: $BOARDLAB_CHROMIUM, else one on PATH."""
    chosen = os.environ.get("BOARDLAB_CHROMIUM")
    if chosen:
        return chosen if Path(chosen).exists() else None
    for name in ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable"):
        found = shutil.which(name)
        if found:
            return found
    return None


def _unavailable(reason: str) -> None:
    """Skip on a developer's machine; fail in CI, which must run these tests."""
    message = f"{reason}; {HOW_TO_GET_A_BROWSER}"
    if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
        pytest.fail(f"CI must run the browser tests: {message}", pytrace=False)
    pytest.skip(message)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def copy_notebooks(to: Path) -> Path:
    """A copy of notebooks/ to serve: autosave or a crash never touches the repository."""
    shutil.copytree(
        NOTEBOOKS, to, ignore=shutil.ignore_patterns(".ipynb_checkpoints", "__pycache__")
    )
    return to


class Server:
    """A Jupyter server process on 127.0.0.1; ``url`` ends with ``/``."""

    def __init__(self, name: str, argv: list[str], port: int, log: Path, env: dict) -> None:
        self.name = name
        self.host, self.port = "127.0.0.1", port
        self.url = f"http://127.0.0.1:{port}/"
        self.log = log
        self._log_file = log.open("w")
        self.process = subprocess.Popen(
            argv, stdout=self._log_file, stderr=subprocess.STDOUT, env=env, cwd=log.parent
        )

    def wait_ready(self, path: str | None, timeout: float = 90) -> None:
        """Until ``path`` answers 200 (``None``: until the port accepts connections)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                break
            try:
                if path is None:
                    with socket.create_connection((self.host, self.port), timeout=5):
                        return
                with urllib.request.urlopen(self.url + path, timeout=5) as response:
                    if response.status == 200:
                        return
            except OSError:
                pass
            time.sleep(0.3)
        self.stop()
        raise RuntimeError(f"{self.name} did not start:\n{self.log_tail()}")

    def log_tail(self, lines: int = 40) -> str:
        if not self._log_file.closed:
            self._log_file.flush()
        return "\n".join(self.log.read_text(errors="replace").splitlines()[-lines:])

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=5)
        self._log_file.close()


def server_env(home: Path) -> dict:
    """The server's (and so the kernels') environment: ours, with Jupyter's runtime and
    settings in ``home`` and no MPLBACKEND (it would drop inline figures)."""
    env = dict(os.environ)
    env.pop("MPLBACKEND", None)
    env["JUPYTER_RUNTIME_DIR"] = str(home / "runtime")
    env["JUPYTERLAB_SETTINGS_DIR"] = str(home / "settings")
    env["JUPYTERLAB_WORKSPACES_DIR"] = str(home / "workspaces")
    env["PYTHONUNBUFFERED"] = "1"
    return env


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
    settings = home / "settings"
    for plugin, values in LAB_SETTINGS.items():
        path = settings / f"{plugin}.jupyterlab-settings"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(values))
    (home / "workspaces").mkdir()
    return home


@pytest.fixture(scope="session")
def lab_server(chromium_executable: str, browser_home: Path) -> Iterator[Server]:
    """JupyterLab on a copy of notebooks/, the app object exposed as ``window.jupyterapp``."""
    root = copy_notebooks(browser_home / "lab-notebooks")
    port = free_port()
    argv = [
        sys.executable,
        "-m",
        "jupyterlab",
        "--no-browser",
        "--ip=127.0.0.1",
        f"--port={port}",
        "--port-retries=0",
        f"--ServerApp.root_dir={root}",
        "--IdentityProvider.token=",
        "--ServerApp.password=",
        "--LabApp.expose_app_in_browser=True",
        f"--LabApp.user_settings_dir={browser_home / 'settings'}",
        f"--LabApp.workspaces_dir={browser_home / 'workspaces'}",
        "--LabApp.news_url=",
        "--LabApp.extension_manager=readonly",
        "--ServerApp.allow_root=True",
    ]
    server = Server("JupyterLab", argv, port, browser_home / "lab.log", server_env(browser_home))
    server.wait_ready("lab")
    yield server
    server.stop()


def voila_argv(notebook: Path, port: int) -> list[str]:
    """The ``make app`` command (Makefile, target ``app``) on a loopback port; ``notebook``
    is the app notebook ``boardlab.widgets.app`` cut out of a game's notebook."""
    return [
        sys.executable,
        "-m",
        "voila",
        str(notebook),
        "--no-browser",
        "--Voila.ip=127.0.0.1",
        f"--port={port}",
        "--Voila.port_retries=0",
        "--strip_sources=True",
    ]


@pytest.fixture(scope="session")
def start_voila(chromium_executable: str, browser_home: Path) -> Iterator:
    """``start_voila(name)`` serves the app of a copy of ``notebooks/<name>.ipynb`` at ``/``,
    as ``make app`` does: its cells tagged ``app`` cut out by ``boardlab.widgets.app``."""
    from boardlab.widgets.app import write_app

    root = copy_notebooks(browser_home / "app-notebooks")
    servers: list[Server] = []

    def start(name: str) -> Server:
        port = free_port()
        argv = voila_argv(write_app(root / f"{name}.ipynb", root / "app"), port)
        log = browser_home / f"voila-{name}.log"
        server = Server(f"Voilà ({name})", argv, port, log, server_env(browser_home))
        servers.append(server)
        server.wait_ready(None)
        return server

    yield start
    for server in servers:
        server.stop()


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
