"""A throw-away JupyterLab and the system's Chromium, for whatever drives the notebooks in a
real browser: the browser suite (``tests/browser/conftest.py``) and ``boardlab bench --ui``.

No browser is ever downloaded (``playwright install`` is not used): the Chromium is the
system's, or ``$BOARDLAB_CHROMIUM``. Servers listen on 127.0.0.1 on a free port with an
empty token and keep their settings, runtime files and log in a folder of their own.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

#: The viewport of a classroom laptop.
LAPTOP = {"width": 1366, "height": 768}

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

#: Whether the notebook open in JupyterLab is loaded and its kernel idle.
READY_JS = """() => {
    const app = window.jupyterapp;
    const panel = app && app.shell.currentWidget;
    const kernel = panel && panel.sessionContext && panel.sessionContext.session
        && panel.sessionContext.session.kernel;
    return Boolean(panel && panel.content && panel.content.model && panel.context.isReady
        && kernel && kernel.status === 'idle');
}"""

#: Run every cell of the notebook open in JupyterLab; ``window.__boardlabRun.done`` after.
RUN_ALL_JS = """async () => {
    const app = window.jupyterapp;
    await app.commands.execute('notebook:clear-all-cell-outputs');
    window.__boardlabRun = {done: false};
    app.commands.execute('notebook:run-all-cells').then(
        (ok) => { window.__boardlabRun = {done: true, ok: ok}; },
        (error) => { window.__boardlabRun = {done: true, ok: false, error: String(error)}; });
}"""


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


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """A Jupyter server process on 127.0.0.1; ``url`` ends with ``/``."""

    def __init__(self, name: str, argv: list[str], port: int, log: Path, env: dict) -> None:
        self.name = name
        self.argv, self.env = argv, env
        self.host, self.port = "127.0.0.1", port
        self.url = f"http://127.0.0.1:{port}/"
        self.log = log
        self._log_file = log.open("w")
        self.process = subprocess.Popen(
            argv, stdout=self._log_file, stderr=subprocess.STDOUT, env=env, cwd=log.parent
        )

    def wait_ready(self, path: str | None, timeout: float = 90) -> None:
        """Until ``path`` answers 200 (``None``: until the port accepts connections)."""
        import urllib.request

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


def write_lab_settings(home: Path) -> None:
    """``LAB_SETTINGS`` as JupyterLab user settings under ``home/settings``, and an empty
    ``home/workspaces``."""
    settings = home / "settings"
    for plugin, values in LAB_SETTINGS.items():
        path = settings / f"{plugin}.jupyterlab-settings"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(values))
    (home / "workspaces").mkdir(exist_ok=True)


def start_server(name: str, argv_at, log: Path, env: dict, ready: str | None) -> Server:
    """``argv_at(port)`` started on a free port and waited for (``ready``: the path that
    must answer, ``None``: the port open); on another port if that one was taken meanwhile
    (two workers of pytest-xdist may be given the same free port)."""
    for attempt in range(3):
        port = free_port()
        server = Server(name, argv_at(port), port, log, env)
        try:
            server.wait_ready(ready)
            return server
        except RuntimeError:
            in_use = "address already in use" in log.read_text(errors="replace").lower()
            if attempt == 2 or not in_use:
                raise
    raise AssertionError("unreachable")


def lab_argv(root: Path, home: Path, port: int) -> list[str]:
    """JupyterLab serving ``root``, its settings and workspaces in ``home``, the app object
    exposed as ``window.jupyterapp``."""
    return [
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
        f"--LabApp.user_settings_dir={home / 'settings'}",
        f"--LabApp.workspaces_dir={home / 'workspaces'}",
        "--LabApp.news_url=",
        "--LabApp.extension_manager=readonly",
        "--ServerApp.allow_root=True",
    ]


def start_lab(root: Path, home: Path) -> Server:
    """A JupyterLab on ``root`` (``lab_argv``), started and answering; its log in
    ``home/lab.log``."""
    return start_server(
        "JupyterLab",
        lambda port: lab_argv(root, home, port),
        home / "lab.log",
        server_env(home),
        "lab",
    )
