"""App mode: a game's notebook cut down to what a class uses, for Voilà (``make app``).

A game's notebook teaches in order — rules, exercises, sweeps — and is long;
served whole by Voilà it would open on thousands of pixels of prose with the
play panel far below. Its author tags the cells an app shows with ``app``
(the play panel, the explorer, and a line of prose before each); ``app_notebook``
keeps those cells only, in order, under the notebook's own title, so Voilà
opens on the ``PlayPanel`` and runs nothing else (no sweep, no exercise with
"replace None by your answer"). Tagged code cells must stand alone: they
import what they use.

``python -m boardlab.widgets.app notebooks/<game>.ipynb build/app`` writes
``build/app/<game>.ipynb``; ``make app`` runs ``python -m boardlab.widgets.app --serve``,
which does this, picks a free port, starts Voilà (``voila_command``: the one command
``make app`` and the browser suite both run) and prints the URL once Voilà listens.

A class leaves pages open and closes tabs: Voilà starts a kernel per page load (~165 MB)
and, by default, never stops it. ``voila_command`` culls a kernel once no page is
connected to it and it has been idle ``CULL_IDLE_TIMEOUT`` seconds; a page still open
keeps its kernel, however long the student thinks.

``ClassApp`` is what a game's app cell shows: a fresh game against bots, the guided
first game one click away (a tab), and the rules in players' words.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import ipywidgets as widgets

from .guided import GuidedGame
from .parameter_panel import ParameterPanel
from .play_panel import PlayPanel
from .viewer import with_board_png

#: The cell tag that puts a cell in the app.
APP_TAG = "app"
#: The first port ``make app`` tries (Voilà's own default); the next free one if busy.
DEFAULT_PORT = 8866
#: A kernel no page is connected to is shut down after this many idle seconds ...
CULL_IDLE_TIMEOUT = 600
#: ... checked this often (seconds).
CULL_INTERVAL = 60


def app_cells(notebook: dict[str, Any]) -> list[dict[str, Any]]:
    """The cells tagged ``app``, in order, their outputs and counts cleared (Voilà runs
    them afresh)."""
    kept = []
    for cell in notebook.get("cells", []):
        if APP_TAG not in cell.get("metadata", {}).get("tags", []):
            continue
        cell = json.loads(json.dumps(cell))  # a copy: the notebook is not changed
        cell["metadata"]["tags"] = [t for t in cell["metadata"]["tags"] if t != APP_TAG]
        if cell["cell_type"] == "code":
            cell["outputs"], cell["execution_count"] = [], None
        kept.append(cell)
    return kept


def title(notebook: dict[str, Any]) -> str:
    """The notebook's first ``# `` heading (its title), or ``""``."""
    for cell in notebook.get("cells", []):
        if cell["cell_type"] != "markdown":
            continue
        for line in "".join(cell["source"]).splitlines():
            if line.startswith("# "):
                return line[2:].strip()
    return ""


def app_notebook(notebook: dict[str, Any], name: str = "notebook") -> dict[str, Any]:
    """The app of ``notebook``: its title, then its cells tagged ``app``. A notebook with
    no such cell is a ``ValueError`` (say which cells a class needs, with the tag)."""
    cells = app_cells(notebook)
    if not any(c["cell_type"] == "code" for c in cells):
        raise ValueError(
            f"{name} has no code cell tagged {APP_TAG!r}: tag the cells the app shows "
            "(the PlayPanel, the GameExplorer and a line of prose before each), "
            "each code cell importing what it uses"
        )
    head = title(notebook)
    heading = {
        "cell_type": "markdown",
        "metadata": {},
        "source": [f"# {head}" if head else f"# {name}"],
    }
    if "id" in cells[0]:
        heading["id"] = "app-title"
    return {
        "cells": [heading, *cells],
        "metadata": notebook.get("metadata", {}),
        "nbformat": notebook.get("nbformat", 4),
        "nbformat_minor": notebook.get("nbformat_minor", 5),
    }


def write_app(source: Path, into: Path) -> Path:
    """Write the app of the notebook ``source`` as ``into/<its name>``; returns that path."""
    notebook = json.loads(Path(source).read_text(encoding="utf-8"))
    app = app_notebook(notebook, Path(source).name)
    into = Path(into)
    into.mkdir(parents=True, exist_ok=True)
    target = into / Path(source).name
    target.write_text(json.dumps(app, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return target


def voila_command(
    path: Path,
    port: int,
    *,
    ip: str = "127.0.0.1",
    cull_idle_timeout: int = CULL_IDLE_TIMEOUT,
    cull_interval: int = CULL_INTERVAL,
) -> list[str]:
    """The Voilà command of ``make app`` (and of the browser suite's server): ``path`` an
    app notebook, or a folder of them, on exactly ``port`` (no silent move to another),
    sources stripped, and idle kernels of closed pages culled (Voilà 0.5 passes the
    ``MappingKernelManager`` culling settings of jupyter_server to its kernel manager)."""
    return [
        sys.executable,
        "-m",
        "voila",
        str(path),
        "--no-browser",
        f"--Voila.ip={ip}",
        f"--port={port}",
        "--Voila.port_retries=0",
        "--strip_sources=True",
        f"--MappingKernelManager.cull_idle_timeout={cull_idle_timeout}",
        f"--MappingKernelManager.cull_interval={cull_interval}",
        "--MappingKernelManager.cull_connected=False",
        "--MappingKernelManager.cull_busy=False",
    ]


def free_port(first: int = DEFAULT_PORT, ip: str = "127.0.0.1", tries: int = 50) -> int:
    """The first port from ``first`` on that nothing listens on at ``ip``."""
    for port in range(first, first + tries):
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
            try:
                probe.bind((ip, port))
            except OSError:
                continue
            return port
    raise OSError(f"no free port from {first} to {first + tries - 1}: pass another with --port")


def app_url(ip: str, port: int) -> str:
    """The URL to give the class: on every address (``0.0.0.0``), this computer's name, which
    the students' computers can reach; else the address served."""
    host = socket.gethostname() if ip in ("0.0.0.0", "") else ip
    return f"http://{host}:{port}/"


def _listening(ip: str, port: int) -> bool:
    """Whether Voilà listens yet: a connection, not a page (a page starts a kernel)."""
    host = "127.0.0.1" if ip in ("0.0.0.0", "") else ip
    try:
        with socket.create_connection((host, port), timeout=2):
            return True
    except OSError:
        return False


def serve(
    notebook: Path,
    into: Path,
    *,
    port: int = DEFAULT_PORT,
    ip: str = "127.0.0.1",
    voila_args: list[str] | None = None,
    timeout: float = 300,
) -> int:
    """``make app``: cut the app out of ``notebook`` into ``into``, start Voilà on the
    first free port from ``port``, print the URL it really serves once Voilà listens,
    and wait for Voilà to end (Ctrl+C stops it). Returns Voilà's exit code."""
    target = write_app(notebook, into)
    port = free_port(port, ip)
    url = app_url(ip, port)
    command = voila_command(target, port, ip=ip) + list(voila_args or [])
    print(f"Starting the app {target} on port {port} ...", flush=True)
    voila = subprocess.Popen(command)
    # stopped by a signal (make killed): Voilà and its kernels stop too (the finally below)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(128 + signal.SIGTERM))
    try:
        deadline = time.monotonic() + timeout
        while voila.poll() is None and not _listening(ip, port):
            if time.monotonic() > deadline:
                print(f"Voilà did not answer at {url} in {timeout:g} s", file=sys.stderr)
                break
            time.sleep(0.5)
        else:
            if voila.poll() is None:
                print(f"The app is ready: open {url} in a browser (Ctrl+C stops it).", flush=True)
        return voila.wait()
    except KeyboardInterrupt:
        return 0
    finally:
        if voila.poll() is None:
            voila.terminate()
            with contextlib.suppress(subprocess.TimeoutExpired):
                voila.wait(timeout=10)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m boardlab.widgets.app",
        description="Cut a notebook's cells tagged 'app' into OUT_DIR; with --serve, also "
        "serve it with Voilà (any other option is passed to Voilà).",
    )
    parser.add_argument("notebook", type=Path)
    parser.add_argument("out_dir", type=Path)
    parser.add_argument("--serve", action="store_true", help="serve the app with Voilà")
    parser.add_argument("--port", type=int, default=DEFAULT_PORT, help="first port to try")
    parser.add_argument("--ip", default="127.0.0.1", help="address to serve on")
    args, voila_args = parser.parse_known_args(sys.argv[1:] if argv is None else argv)
    if voila_args and not args.serve:
        parser.error(f"unknown arguments: {' '.join(voila_args)}")
    try:
        if args.serve:
            return serve(
                args.notebook, args.out_dir, port=args.port, ip=args.ip, voila_args=voila_args
            )
        target = write_app(args.notebook, args.out_dir)
    except (OSError, ValueError) as error:
        print(f"app mode: {error}", file=sys.stderr)
        return 1
    print(target)
    return 0


def close_all(widget: Any) -> None:
    """Close ``widget`` and every widget inside it: ``Box.close`` closes the box alone,
    and a rule changed twenty times in a lesson would leave twenty boards' widgets (their
    images, buttons and lists) in the kernel."""
    for child in getattr(widget, "children", ()):
        close_all(child)
    widget.close()


class ClassApp(widgets.VBox):
    """A game for a class: the tabs "Play" (a fresh game, the player in seat 0 against
    ``opponent()`` bots), "Guided first game" (the game's ``GuidedGame``, made
    when first opened) and "Change the rules" (a ``ParameterPanel`` in players' words;
    a valid change starts a new game in "Play" under those rules). ``values`` set the
    starting rules; ``seed`` the deal.

    "People at this screen" (``people``) seats that many students in the first seats and
    bots in the others: two or more take turns at one screen (``PlayPanel``'s hot seat,
    the hand hidden between them), as a class plays students against each other."""

    TITLES = ("Play", "Guided first game", "Change the rules")

    def __init__(
        self, game: str, opponent: Callable[[], Any], seed: int = 11, **values: Any
    ) -> None:
        self.game_name = game
        self.opponent = opponent
        self.seed = seed
        self.rules = ParameterPanel(game, self._rules_changed, for_players=True, **values)
        if self.rules.game is None:
            raise ValueError(f"the rules given for the app do not make a game: {self.rules.error}")
        self.people = widgets.Dropdown(
            description="People at this screen",
            options=self._people_options(self.rules.game),
            value=1,
            style={"description_width": "initial"},
            layout=widgets.Layout(width="auto"),
        )
        self.people.add_class("boardlab-app-people")
        self._settling = False  # the people's choices being set to a new game's seats
        self.play = self._play_panel(self.rules.game)
        self.people.observe(self._on_people, names="value")
        self.guided = None
        self._play_box = widgets.VBox([self.people, self.play])
        self._guided_box = widgets.VBox([widgets.HTML("The guided game is being set up...")])
        intro = widgets.HTML(
            "<p>Change a rule here and a new game starts in the <b>Play</b> tab, under "
            "your rules.</p>"
        )
        self.tabs = widgets.Tab(
            [self._play_box, self._guided_box, widgets.VBox([intro, self.rules])]
        )
        for index, text in enumerate(self.TITLES):
            self.tabs.set_title(index, text)
        self.tabs.observe(self._on_tab, names="selected_index")
        super().__init__([self.tabs])
        self.add_class("boardlab-app")

    @staticmethod
    def _people_options(game: Any) -> list[tuple[str, int]]:
        """1 to every seat: "1 (against bots)", "2 (taking turns, 3 bots)", …"""
        n = game.num_players
        out = [("1, against bots" if n > 1 else "1", 1)]
        for k in range(2, n + 1):
            bots = n - k
            rest = f", {bots} bot{'s' if bots != 1 else ''}" if bots else ""
            out.append((f"{k}, taking turns{rest}", k))
        return out

    def _play_panel(self, game: Any) -> Any:
        people = min(self.people.value, game.num_players)
        agents = [None] * people + [self.opponent() for _ in range(game.num_players - people)]
        return PlayPanel(game, agents, seed=self.seed, hot_seat=people > 1)

    def _on_people(self, change: dict) -> None:
        if not self._settling and self.rules.game is not None:
            self._new_game(self.rules.game)

    def _rules_changed(self, game: Any) -> None:
        """A new game under ``game``'s rules, for as many people as it seats (at most)."""
        options = self._people_options(game)
        if [v for _, v in options] != [v for _, v in self.people.options]:
            keep = min(self.people.value, game.num_players)
            self._settling = True
            try:
                self.people.options = options
                self.people.value = keep
            finally:
                self._settling = False
        self._new_game(game)

    def _new_game(self, game: Any) -> None:
        old, self.play = self.play, self._play_panel(game)
        self._play_box.children = [self.people, self.play]
        close_all(old)  # the replaced panel, and every widget in it, leaves the kernel

    def _on_tab(self, change: dict) -> None:
        if change["new"] == 1:
            self.learn()

    def learn(self) -> Any:
        """Open the guided game (made the first time): returns the ``GuidedGame``."""
        if self.guided is None:
            self.guided = GuidedGame(self.game_name)
            self._guided_box.children = [self.guided]
        if self.tabs.selected_index != 1:
            self.tabs.selected_index = 1
        return self.guided

    def _repr_mimebundle_(self, **kwargs) -> dict | None:
        # the live app where a kernel runs; the play panel's board where none does
        return with_board_png(super()._repr_mimebundle_(**kwargs), self.play.image.value)

    def __repr__(self) -> str:
        return f"ClassApp({self.game_name!r})"


if __name__ == "__main__":  # pragma: no cover - the command line
    raise SystemExit(main())
