"""``boardlab bench --ui``: how fast the widgets answer, timed in a real browser.

A throw-away JupyterLab (``boardlab.browser``) and the system's Chromium at 1366×768 open
one small notebook per game: a ``GameViewer`` of a seeded game between heuristic bots and
a ``PlayPanel`` with one human (seat 0) and heuristic bots. In the page it times

- **step**: a click on ▶ (next step) until the board's picture is the new step's (its
  ``src`` changed, decoded, one frame painted) and the slider shows that step;
- **move**: a click on Play (a whole legal move chosen first, untimed) until the board's
  picture changed, decoded and painted;
- **reply**: the same click, when the heuristic bots moved after it, until the narration
  shows their moves, the board is painted and the next decision is offered (Play
  disabled, nothing chosen) — or the game's end is shown.

Each kind's median, min and max of ``repeats`` clicks per game, beside the kernel's own
time for the click (the handler, and in it the drawing of the board as PNG): what is left
is the widget traffic and the browser's work. ``--against ROOT`` times a second checkout
(its ``boardlab`` first on the kernel's path) in a second page, click for click in
alternation, for before/after ratios on a machine whose load drifts. Figures are
wall-clock on this machine under its load at the time, not a property of the code alone.

Playwright is the ``[browser]`` extra; it is imported only here, when asked.
"""

from __future__ import annotations

import statistics
import tempfile
import time
from pathlib import Path

#: What each kind of click times, in the table's words.
KINDS = {
    "step": "viewer: next step until its board is painted and the slider shows it",
    "move": "play panel: Play until the board changes",
    "reply": "play panel: Play until the bots' replies are shown and the next move is offered",
}
#: The answer aimed at (seconds, median at 1366×768: issue 30).
TARGET_S = 0.3
#: Seconds a click may take before the bench gives up on the page.
CLICK_TIMEOUT_S = 60
#: The game's seed (the viewer's game and the panel's deal).
SEED = 1
#: Seconds between one answer and the next click (``--pause``): a person looks at the
#: board before clicking again, and the kernel may use the time (the viewer draws ahead).
PAUSE_S = 0.5

#: The notebook's one cell: a viewer and a panel, their handlers timed in the kernel
#: (``times``: a counter, the handler's ms, the PNG drawing's ms in it, bots' actions).
CELL = """import sys, json, time
_root = {root!r}
if _root:
    sys.path.insert(0, _root)
import ipywidgets as widgets
import boardlab
from boardlab.sim import play, resolve_agents
from boardlab.widgets import GameViewer, PlayPanel

game = boardlab.load({name!r}{players})
viewer = GameViewer(play(game, resolve_agents(game, "heuristic")[0], seed={seed}), step=0)
panel = PlayPanel(game, [None] + resolve_agents(game, "heuristic")[0][1:], seed={seed})
times = widgets.HTML('{{"n": 0}}')
_spent = {{"n": 0, "png": 0.0}}

def _time(owner, name, handler):
    own = getattr(owner, name)
    def timed(*args, **kwargs):
        start, cpu = time.perf_counter(), time.thread_time()
        if handler:
            _spent["png"] = 0.0
            moves = len(panel.state.history)
        try:
            return own(*args, **kwargs)
        finally:
            ms = 1e3 * (time.perf_counter() - start)
            if not handler:
                _spent["png"] += ms
            else:
                _spent["n"] += 1
                bots = max(0, len(panel.state.history) - moves - 1) if owner is panel else 0
                times.value = json.dumps({{
                    "n": _spent["n"], "handler": ms, "png": _spent["png"], "bots": bots,
                    "cpu": 1e3 * (time.thread_time() - cpu)}})
    setattr(owner, name, timed)

_time(viewer, "_move", True)
_time(viewer, "png", False)
_time(panel, "_play_chosen", True)
_time(panel, "_board_png", False)
viewer.add_class("boardlab-bench-viewer")
panel.add_class("boardlab-bench-panel")
times.add_class("boardlab-bench-times")
widgets.VBox([viewer, panel, times])
"""

#: Waits (in the page) for a mutation-driven condition; ``performance.now()`` stamps.
_WAIT = """
const until = (test, timeout) => new Promise((done, fail) => {
    if (test()) return done(performance.now());
    const observer = new MutationObserver(() => {
        if (test()) { observer.disconnect(); clearTimeout(timer); done(performance.now()); }
    });
    observer.observe(document.body, {subtree: true, childList: true, attributes: true,
                                     characterData: true});
    const timer = setTimeout(() => { observer.disconnect(); fail(new Error('timed out')); },
                             timeout);
});
const painted = async img => {
    await img.decode().catch(() => null);
    await new Promise(done => requestAnimationFrame(() => done()));
    return performance.now();
};
const kernelTimes = root => JSON.parse(
    root.querySelector('.boardlab-bench-times').textContent || '{"n": 0}');
"""

#: One ▶ (next step) of the viewer: ms until its board is painted and the slider shows
#: the step; the kernel's times of that click.
STEP_JS = (
    "async ([root, timeout]) => {"
    + _WAIT
    + """
    const viewer = root.querySelector('.boardlab-bench-viewer');
    const img = viewer.querySelector('img.boardlab-viewer-image');
    const readout = viewer.querySelector('.boardlab-viewer-step .widget-readout');
    const before = img.getAttribute('src');
    const want = String(Number(readout.textContent.trim()) + 1);
    const n = kernelTimes(root).n;
    const start = performance.now();
    viewer.querySelector('button.boardlab-viewer-next').click();
    await until(() => img.getAttribute('src') !== before
                      && readout.textContent.trim() === want, timeout);
    const shown = await painted(img) - start;
    await until(() => kernelTimes(root).n > n, timeout);
    return {ms: shown, kernel: kernelTimes(root), step: Number(want)};
}"""
)

#: One press of Play (a whole move chosen): ms until the board changed and was painted
#: (``board``, null if the picture stayed the same) and until the next decision is offered
#: (``ready``); the kernel's times.
PLAY_JS = (
    "async ([root, timeout]) => {"
    + _WAIT
    + """
    const panel = root.querySelector('.boardlab-bench-panel');
    const img = panel.querySelector('img.boardlab-play-image');
    const narration = panel.querySelector('.boardlab-play-narration');
    const go = panel.querySelector('button.boardlab-play-go');
    const before = img.getAttribute('src');
    const said = narration.innerHTML;
    const n = kernelTimes(root).n;
    let board = null;
    const boardShown = until(() => img.getAttribute('src') !== before, timeout)
        .then(() => painted(img)).then(t => { board = t - start; }, () => null);
    const start = performance.now();
    go.click();
    await until(() => narration.innerHTML !== said && go.disabled, timeout);
    await until(() => kernelTimes(root).n > n, timeout);
    if (img.getAttribute('src') !== before) await boardShown;
    const ready = await painted(img) - start;
    return {board, ready, kernel: kernelTimes(root)};
}"""
)

#: The first option of the last step offered (a radio button or a list's first line).
CHOOSE_JS = """root => {
    const panel = root.querySelector('.boardlab-bench-panel');
    const go = panel.querySelector('button.boardlab-play-go');
    if (!go.disabled) return 'ready';
    const levels = panel.querySelectorAll('.boardlab-play-step');
    if (!levels.length) return 'none';
    const level = levels[levels.length - 1];
    const radio = level.querySelector('input[type=radio]');
    if (radio) { radio.click(); return 'chose'; }
    const select = level.querySelector('select');
    if (select && select.options.length) {
        select.selectedIndex = 0;
        select.dispatchEvent(new Event('change', {bubbles: true}));
        return 'chose';
    }
    return 'none';
}"""


def summary(values: list[float]) -> tuple[float, float, float] | None:
    """Median, min and max, or ``None`` when nothing was measured."""
    if not values:
        return None
    return statistics.median(values), min(values), max(values)


def format_table(rows: list[dict], sides: list[str]) -> str:
    """The figures as a table: per game and kind (and side, with ``--against``), the
    browser's median [min-max] ms of the clicks, the kernel's median ms (the handler, the
    board's PNG in it, the handler's CPU: what a quiet machine would take) and the number
    of clicks; ``/this``: the side's median over this checkout's."""
    head = (
        f"{'game':<14}{'kind':<7}{'side':<6}{'median':>8}{'min':>7}{'max':>7}"
        f"{'kernel':>8}{'png':>6}{'cpu':>6}{'n':>4}{'/this':>7}"
    )
    lines = [head]
    for row in rows:
        base = row["sides"][0]["browser"]
        for k, (label, side) in enumerate(zip(sides, row["sides"], strict=True)):
            browser, kernel, png = side["browser"], side["kernel"], side["png"]
            cpu = side.get("cpu")
            first = k == 0
            game = row["game"] if first else ""
            kind = row["kind"] if first else ""
            if browser is None:
                lines.append(f"{game:<14}{kind:<7}{label:<6}{'-':>8}  (no click measured)")
                continue
            ratio = f"{browser[0] / base[0]:>7.2f}" if base else f"{'-':>7}"
            lines.append(
                f"{game:<14}{kind:<7}{label:<6}{browser[0]:>8.0f}{browser[1]:>7.0f}"
                f"{browser[2]:>7.0f}{kernel[0] if kernel else 0:>8.0f}"
                f"{png[0] if png else 0:>6.0f}{cpu[0] if cpu else 0:>6.0f}"
                f"{side['count']:>4}{ratio}"
            )
    return "\n".join(lines)


def notebook_for(name: str, players: int | None, root: str | None):
    import nbformat

    notebook = nbformat.v4.new_notebook()
    code = CELL.format(
        root=root or "",
        name=name,
        players=f", players={players}" if players else "",
        seed=SEED,
    )
    notebook.cells = [nbformat.v4.new_code_cell(code)]
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3"}
    return notebook


class BenchPage:
    """One game's notebook open and run in its own page (and kernel)."""

    def __init__(self, browser, server, folder: Path, name: str, players, root) -> None:
        import nbformat

        from boardlab.browser import LAPTOP, READY_JS, RUN_ALL_JS

        label = "this" if root is None else "base"
        path = folder / f"bench_{name}_{label}.ipynb"
        nbformat.write(notebook_for(name, players, root), path)
        self.context = browser.new_context(viewport=LAPTOP)
        self.page = self.context.new_page()
        self.page.goto(f"{server.url}lab/workspaces/{path.stem}/tree/{path.name}?reset")
        self.page.wait_for_function(READY_JS, timeout=120_000)
        self.page.evaluate(RUN_ALL_JS)
        self.page.wait_for_function(
            "window.__boardlabRun && window.__boardlabRun.done", timeout=240_000
        )
        run = self.page.evaluate("window.__boardlabRun")
        self.root = self.page.locator(".boardlab-bench-times").locator("xpath=..")
        if not run.get("ok") or not self.page.locator(".boardlab-bench-times").count():
            errors = self.page.evaluate(
                """() => [...document.querySelectorAll('.jp-OutputArea-output')]
                     .map(e => e.innerText).join('\\n')"""
            )
            raise RuntimeError(f"the bench notebook of {name} ({label}) failed:\n{errors[-2000:]}")
        self.page.wait_for_function(READY_JS, timeout=60_000)
        self.handle = self.root.element_handle()
        self.steps = int(
            float(
                self.page.locator(".boardlab-bench-viewer .noUi-handle").first.get_attribute(
                    "aria-valuemax"
                )
            )
        )

    def scroll_to(self, part: str) -> None:
        self.page.locator(f".boardlab-bench-{part}").scroll_into_view_if_needed()

    def step(self) -> dict:
        readout = self.page.locator(".boardlab-bench-viewer .boardlab-viewer-step .widget-readout")
        if int(readout.inner_text()) >= self.steps:  # at the end: back to the deal, untimed
            self.page.locator(".boardlab-bench-viewer button.boardlab-viewer-first").click()
            self.page.wait_for_function(
                "e => e.textContent.trim() === '0'", arg=readout.element_handle(), timeout=60_000
            )
        return self.page.evaluate(STEP_JS, [self.handle, CLICK_TIMEOUT_S * 1000])

    def choose(self) -> None:
        """A whole legal move chosen, untimed (a new game first, if this one ended)."""
        panel = self.page.locator(".boardlab-bench-panel")
        status = panel.locator(".boardlab-play-status").inner_text()
        if "Your move" not in status:
            self.new_game()
        renewed = False
        for _ in range(12):
            levels = panel.locator(".boardlab-play-step").count()
            what = self.page.evaluate(CHOOSE_JS, self.handle)
            if what == "ready":
                return
            if what == "none" and not renewed:  # the game just ended (its last words
                self.new_game()  # can say more than "Your move"): a new one, once
                renewed = True
                continue
            if what == "none":
                raise RuntimeError("the play panel offers no move to choose")
            self.page.wait_for_function(
                """([root, levels]) => {
                    const panel = root.querySelector('.boardlab-bench-panel');
                    return !panel.querySelector('button.boardlab-play-go').disabled
                        || panel.querySelectorAll('.boardlab-play-step').length > levels;
                }""",
                arg=[self.handle, levels],
                timeout=CLICK_TIMEOUT_S * 1000,
            )
        raise RuntimeError("twelve steps and no whole move chosen")

    def new_game(self) -> None:
        """New game, untimed: until the panel offers the first step of a move."""
        panel = self.page.locator(".boardlab-bench-panel")
        panel.locator("button.boardlab-play-new-game").click()
        panel.locator(".boardlab-play-status", has_text="Your move").wait_for(
            timeout=CLICK_TIMEOUT_S * 1000
        )
        panel.locator(".boardlab-play-step").first.wait_for(timeout=CLICK_TIMEOUT_S * 1000)

    def play(self) -> dict:
        self.choose()  # chosen already: nothing to do
        return self.page.evaluate(PLAY_JS, [self.handle, CLICK_TIMEOUT_S * 1000])

    def status(self) -> str:
        return self.page.locator(".boardlab-bench-panel .boardlab-play-status").inner_text()

    def close(self) -> None:
        try:
            self.page.evaluate(
                "() => window.jupyterapp.shell.currentWidget.sessionContext.shutdown()"
            )
        finally:
            self.context.close()


def measure(pages: list[BenchPage], repeats: int, pause: float = PAUSE_S) -> dict[str, list]:
    """``repeats`` clicks of each kind on every page, each ``pause`` seconds after the
    answer before, the pages taking turns (ABBA) so a drift of the machine's load falls
    on both; per kind and page, the browser's ms and the kernel's (handler, PNG)."""
    out = {
        kind: [{"browser": [], "kernel": [], "png": [], "cpu": []} for _ in pages] for kind in KINDS
    }
    for part, act in (("viewer", "step"), ("panel", "play")):
        for page in pages:
            page.scroll_to(part)
        for r in range(repeats):
            order = list(range(len(pages)))
            for i in order if r % 2 == 0 else order[::-1]:
                if act == "play":
                    pages[i].choose()  # untimed, before the pause
                time.sleep(pause)
                got = getattr(pages[i], act)()
                kernel = got["kernel"]
                if act == "step":
                    kinds = [("step", got["ms"])]
                else:
                    kinds = [("move", got["board"])]
                    if kernel.get("bots") or "Game over" in pages[i].status():
                        kinds.append(("reply", got["ready"]))
                for kind, ms in kinds:
                    if ms is None:
                        continue
                    into = out[kind][i]
                    into["browser"].append(ms)
                    into["kernel"].append(kernel.get("handler", 0.0))
                    into["png"].append(kernel.get("png", 0.0))
                    into["cpu"].append(kernel.get("cpu", 0.0))
    return out


def time_games(
    browser,
    server,
    folder: Path,
    names: list[str],
    repeats: int,
    against: str | None = None,
    players: dict | None = None,
    pause: float = PAUSE_S,
) -> list[dict]:
    """Time every game in ``browser`` on the JupyterLab ``server`` serving ``folder`` (its
    notebooks are written there); the rows of the table, per game and kind."""
    roots = [None] + ([str(Path(against).resolve())] if against else [])
    players = players or {}
    rows = []
    for name in names:
        pages = []
        try:
            for root in roots:
                pages.append(BenchPage(browser, server, folder, name, players.get(name), root))
            got = measure(pages, repeats, pause)
        finally:
            for page in pages:
                page.close()
        for kind in KINDS:
            rows.append(
                {
                    "game": name,
                    "kind": kind,
                    "sides": [
                        {
                            "browser": summary(side["browser"]),
                            "kernel": summary(side["kernel"]),
                            "png": summary(side["png"]),
                            "cpu": summary(side["cpu"]),
                            "count": len(side["browser"]),
                        }
                        for side in got[kind]
                    ],
                }
            )
    return rows


def run(
    names: list[str], repeats: int, against: str | None, players: dict, pause: float = PAUSE_S
) -> list[dict]:
    """Start JupyterLab and Chromium, time every game (``time_games``), stop them."""
    from playwright.sync_api import sync_playwright

    from boardlab.browser import CHROMIUM_ARGS, chromium_path, start_lab, write_lab_settings

    chromium = chromium_path()
    if chromium is None:
        raise SystemExit(
            "bench --ui needs Chromium (`apt-get install chromium`, or BOARDLAB_CHROMIUM)"
        )
    with tempfile.TemporaryDirectory(prefix="boardlab-bench-ui-") as tmp:
        home = Path(tmp)
        write_lab_settings(home)
        folder = home / "notebooks"
        folder.mkdir()
        server = start_lab(folder, home)
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(
                    executable_path=chromium, headless=True, args=CHROMIUM_ARGS
                )
                try:
                    return time_games(
                        browser, server, folder, names, repeats, against, players, pause
                    )
                finally:
                    browser.close()
        finally:
            server.stop()


def main(
    names: list[str], repeats: int, against: str | None, players: dict, pause: float = PAUSE_S
) -> None:
    import os

    started = time.monotonic()
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    sides = ["this", "base"] if against else ["this"]
    rows = run(names, repeats, against, players, pause)
    end_load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(
        f"Answers in the browser (Chromium, JupyterLab, 1366x768), wall-clock ms on this "
        f"machine under its load (1-minute load {load:.1f} at the start, {end_load:.1f} at "
        f"the end; {os.cpu_count()} cores): median, min and max of {repeats} clicks per "
        f"game and kind, each {pause:g} s after the answer before; kernel: the handler's "
        "median ms, png: the board's drawing in it, cpu: the handler's CPU ms (its thread)."
    )
    for kind, what in KINDS.items():
        print(f"  {kind}: {what}")
    print(format_table(rows, sides))
    medians = [side["browser"][0] for row in rows for side in row["sides"][:1] if side["browser"]]
    if medians:
        slow = sum(m > TARGET_S * 1e3 for m in medians)
        print(
            f"{slow} of {len(medians)} medians over the {TARGET_S:g} s aimed at "
            f"({time.monotonic() - started:.0f} s in all)"
        )
