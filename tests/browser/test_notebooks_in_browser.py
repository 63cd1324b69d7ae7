"""Every notebook, run in JupyterLab in a real browser, works as a student would use it.

For each ``notebooks/*.ipynb`` found at collection time, the notebook is
opened in JupyterLab (headless Chromium), its outputs cleared and every
cell run (Run → Run All Cells); then, in the page:

- no cell has an error output, and no widget failed to display;
- the board figure appears (a PNG output that the browser decoded);
- the ``GameViewer``'s ▶ moves the step slider on by one and changes the board;
  its buttons are icons, with one ▶/⏸ and no stop; ▶/⏸ plays on by the
  kernel's clock and stops at the end; rapid clicks on them keep the slider,
  the narration and the board on one step, at rest once the kernel has
  answered them;
- the ``PlayPanel``'s board and choices fit one laptop screen (1366×768, and
  1920×1080), side by side, stacked on a narrow one; nothing is chosen at
  first and a click on an option plays nothing; choosing each step and
  pressing Play plays a legal action and shows the bots' reply;
- the ``ParameterPanel`` (in a ``GameExplorer``) shows whole labels and wide
  sliders, takes a new value, and the game shown is played again under it,
  summed up in one line and shown at its last step.

Pages open at 1366×768 (``LAPTOP``); every test leaves a screenshot. A notebook
that is no game's (``game_design_lab``, across the games) runs its cells and
shows its figures; the three widgets of a game's notebook are not asked of it.

Widgets are found by the CSS classes that ``boardlab/widgets`` gives them
(``boardlab-viewer``, ``boardlab-play``, ``boardlab-params``, …). The same
behaviours are checked kernel-side, without a browser, in
``tests/test_widget_behaviours.py``. A failure leaves a screenshot in
``test-artifacts/browser/``.
"""

from __future__ import annotations

import itertools
import os
import re
import time
from dataclasses import dataclass, field

import pytest

import boardlab
from boardlab.browser import READY_JS, RUN_ALL_JS

from .conftest import FULL_HD, LAPTOP, Server, notebook_paths, save_artifacts, shoot
from .conftest import NOTEBOOKS as NOTEBOOKS_DIR

#: Seconds allowed for opening a notebook and for running all its cells.
OPEN_TIMEOUT = 90
RUN_TIMEOUT = 240
#: Seconds allowed for a widget to react to a click (a kernel round trip and a redraw).
REACT_TIMEOUT = 30

#: Every notebook teaches its game with the three widgets (the issue "Classroom delivery").
WIDGETS = {
    "GameViewer": ".boardlab-viewer",
    "PlayPanel": ".boardlab-play",
    # the explorer's: the class app's own (in its "Change the rules" tab, hidden until
    # chosen) is tested in test_app_mode
    "ParameterPanel": ".boardlab-explorer .boardlab-params",
}

#: Widgets a notebook still lacks, while it is being written: its test is an expected
#: failure (strict: once the widget is there the test passes and this entry must go).
#: Checked on the notebooks as they were when this suite was written.
PENDING: dict[str, set[str]] = {}

#: Which widget each test drives.
WIDGET_OF_TEST = {
    "test_viewer_next_moves_the_step_and_the_board": "GameViewer",
    "test_viewer_buttons_are_icons_with_one_play_pause": "GameViewer",
    "test_viewer_rapid_clicks_keep_slider_and_board_in_step": "GameViewer",
    "test_viewer_plays_on_by_itself_and_stops_at_the_end": "GameViewer",
    "test_play_panel_board_and_choices_fit_one_screen": "PlayPanel",
    "test_play_panel_takes_a_legal_action_and_the_bots_reply": "PlayPanel",
    "test_parameter_panel_changes_a_rule_and_the_view_follows": "ParameterPanel",
    "test_parameter_panel_labels_and_sliders_are_whole": "ParameterPanel",
}

# The stand-alone GameViewer: not the one inside a GameExplorer.
VIEWER = ".boardlab-viewer:not(.boardlab-explorer .boardlab-viewer)"

NOTEBOOKS = notebook_paths()

CELLS_JS = """() => {
    const panel = window.jupyterapp.shell.currentWidget;
    const cells = panel.content.model.cells;
    const out = [];
    for (let i = 0; i < cells.length; i++) {
        const cell = cells.get(i);
        if (cell.type !== 'code') continue;
        const errors = [];
        const mimes = [];
        for (let j = 0; j < cell.outputs.length; j++) {
            const o = cell.outputs.get(j).toJSON();
            if (o.output_type === 'error') errors.push(o.ename + ': ' + o.evalue);
            if (o.data) mimes.push(...Object.keys(o.data));
        }
        out.push({index: i, count: cell.executionCount, tags: cell.getMetadata('tags') || [],
                  source: cell.sharedModel.getSource().slice(0, 80), errors, mimes});
    }
    return out;
}"""


@dataclass
class RunNotebook:
    """A notebook open in JupyterLab after Run All Cells."""

    name: str
    page: object
    root: object  # the locator of this notebook's panel: every check looks only inside it
    server: Server
    seconds: float
    run: dict
    cells: list[dict] = field(default_factory=list)

    def widget(self, what: str):
        """The first widget of that kind, failing clearly when the notebook has none."""
        from playwright.sync_api import expect

        selector = VIEWER if what == "GameViewer" else WIDGETS[what]
        found = self.root.locator(selector).first
        try:  # widgets render within seconds of the run; a missing one fails soon
            expect(found).to_be_attached(timeout=10_000)
            expect(found).to_be_visible(timeout=REACT_TIMEOUT * 1000)
        except AssertionError:
            pytest.fail(
                f"notebooks/{self.name}.ipynb shows no {what} (CSS {selector}): every notebook "
                f"teaches its game with a GameViewer, a PlayPanel and a GameExplorer",
                pytrace=False,
            )
        found.scroll_into_view_if_needed()
        return found


@pytest.fixture(scope="module", params=[p.stem for p in NOTEBOOKS])
def notebook(request) -> str:
    """The name of the notebook the test looks at: every test runs for each notebook."""
    return request.param


@pytest.fixture(scope="module")
def opened(notebook, browser, lab_server) -> RunNotebook:
    """The notebook opened and run once for all the checks of this module."""
    name = notebook
    context = browser.new_context(viewport=LAPTOP)
    page = context.new_page()
    started = time.monotonic()
    # a workspace of its own, reset: no tab of another notebook is restored beside it
    page.goto(f"{lab_server.url}lab/workspaces/{name}/tree/{name}.ipynb?reset")
    page.wait_for_function(READY_JS, timeout=OPEN_TIMEOUT * 1000)
    panel_id = page.evaluate("window.jupyterapp.shell.currentWidget.id")
    page.evaluate(RUN_ALL_JS)
    page.wait_for_function(
        "window.__boardlabRun && window.__boardlabRun.done", timeout=RUN_TIMEOUT * 1000
    )
    page.wait_for_function(READY_JS, timeout=REACT_TIMEOUT * 1000)
    run = RunNotebook(
        name,
        page,
        page.locator(f'[id="{panel_id}"]'),
        lab_server,
        time.monotonic() - started,
        page.evaluate("window.__boardlabRun"),
    )
    run.cells = page.evaluate(CELLS_JS)
    yield run
    # free the CPU for the next notebook: stop this kernel
    page.evaluate("() => window.jupyterapp.shell.currentWidget.sessionContext.shutdown()")
    context.close()


@pytest.fixture
def nb(request, notebook) -> RunNotebook:
    """The run notebook; a failing test leaves a screenshot in test-artifacts/browser/.
    A test skipped for its notebook does not open it (``-k rapid`` runs no
    game_design_lab)."""
    name = notebook
    widget = WIDGET_OF_TEST.get(request.function.__name__)
    if widget is not None and name not in boardlab.game_names():
        # a notebook across the games (game_design_lab): its cells run and its figures
        # show, but the three widgets of a game's notebook are not asked of it
        pytest.skip(f"notebooks/{name}.ipynb is no game's notebook: no {widget} asked")
    if widget in PENDING.get(name, ()):
        reason = f"notebooks/{name}.ipynb has no {widget} yet (PENDING)"
        request.applymarker(pytest.mark.xfail(reason=reason, strict=True))
    opened = request.getfixturevalue("opened")
    yield opened
    save_artifacts(request, opened.page, opened.server)


def test_every_cell_runs_without_error(nb):
    failed = [
        f"cell {c['index']} ({c['source']!r}…): {'; '.join(c['errors'])}"
        for c in nb.cells
        if c["errors"] and "raises-exception" not in c["tags"]
    ]
    if failed:  # the screenshot shows the first failing cell
        first = next(c["index"] for c in nb.cells if c["errors"])
        nb.root.locator(".jp-Cell").nth(first).scroll_into_view_if_needed()
    assert not failed, f"{nb.name}: error outputs in the browser:\n" + "\n".join(failed)
    not_run = [c["index"] for c in nb.cells if c["count"] is None]
    assert not not_run, f"{nb.name}: cells not run (Run All stopped): {not_run}; {nb.run}"
    assert nb.run.get("ok") is True, f"{nb.name}: Run All Cells reported {nb.run}"
    broken = nb.root.get_by_text(re.compile("Error displaying widget")).count()
    assert broken == 0, f"{nb.name}: {broken} widget(s) failed to display"
    print(f"{nb.name}: opened and ran in {nb.seconds:.1f} s")


def test_board_figure_appears(nb):
    """A figure output (the board) is shown and the browser decoded it."""
    assert any("image/png" in c["mimes"] for c in nb.cells), f"{nb.name}: no figure output"
    figures = nb.root.locator('.jp-OutputArea-output[data-mime-type="image/png"] img')
    shown = figures.filter(visible=True)
    assert shown.count() >= 1, f"{nb.name}: no figure shown"
    first = shown.first
    first.scroll_into_view_if_needed()
    size = first.evaluate("img => [img.naturalWidth, img.naturalHeight]")
    assert size[0] > 100 and size[1] > 100, f"{nb.name}: the board figure is {size} pixels"
    decoded = figures.evaluate_all("imgs => imgs.every(i => i.complete && i.naturalWidth > 0)")
    assert decoded, f"{nb.name}: a figure output did not load"


def test_viewer_next_moves_the_step_and_the_board(nb):
    from playwright.sync_api import expect

    viewer = nb.widget("GameViewer")
    readout = viewer.locator(".boardlab-viewer-step .widget-readout")
    image = viewer.locator("img.boardlab-viewer-image")
    narration = viewer.locator(".boardlab-viewer-narration")
    expect(image).to_be_visible()
    step = int(readout.inner_text())
    src, picture, words = image.get_attribute("src"), image.screenshot(), narration.inner_text()

    viewer.locator("button.boardlab-viewer-next").click()

    expect(readout).to_have_text(str(step + 1), timeout=REACT_TIMEOUT * 1000)
    expect(image).not_to_have_attribute("src", src, timeout=REACT_TIMEOUT * 1000)
    expect(narration).not_to_have_text(words)
    assert image.screenshot() != picture, "the board looks the same after ▶"
    viewer.locator("button.boardlab-viewer-prev").click()
    expect(readout).to_have_text(str(step), timeout=REACT_TIMEOUT * 1000)


#: The viewer's buttons and their Font Awesome icons (ipywidgets' own, no font glyphs).
VIEWER_ICONS = {
    "first": "fa-fast-backward",
    "prev": "fa-step-backward",
    "play": "fa-play",
    "next": "fa-step-forward",
    "last": "fa-fast-forward",
}

#: Whether an icon font face has loaded in the page (else icons show as empty boxes).
ICON_FONT_JS = """async () => {
    await document.fonts.ready;
    return [...document.fonts].filter(f => /awesome/i.test(f.family) && f.status === 'loaded')
        .map(f => f.family);
}"""


#: The SHA-256 of an image's bytes, as hex.
DIGEST_JS = """async img => {
    const data = await (await fetch(img.src)).arrayBuffer();
    const hash = await crypto.subtle.digest('SHA-256', data);
    return [...new Uint8Array(hash)].map(b => b.toString(16).padStart(2, '0')).join('');
}"""


def test_viewer_buttons_are_icons_with_one_play_pause(nb):
    from playwright.sync_api import expect

    viewer = nb.widget("GameViewer")
    for name, icon in VIEWER_ICONS.items():
        button = viewer.locator(f"button.boardlab-viewer-{name}")
        expect(button).to_be_visible()
        assert button.locator(f"i.fa.{icon}").count() == 1, f"{name}: no {icon} icon"
        assert button.inner_text().strip() == "", f"{name}: text instead of an icon"
        width = button.locator("i").evaluate("i => i.getBoundingClientRect().width")
        assert width > 4, f"{name}: the icon is {width} px wide"
    assert nb.page.evaluate(ICON_FONT_JS), "no Font Awesome face loaded: icons show as boxes"
    stops = viewer.locator("button:visible i.fa-stop")
    assert stops.count() == 0, "a stop button (it jumps back to the deal)"
    plays = viewer.locator("button:visible i.fa-play, button:visible i.fa-pause")
    assert plays.count() == 1, "one ▶/⏸ toggle"
    top(viewer)
    shoot(nb.page, f"{nb.name}-viewer")


#: In the page, from now on: at every change of the viewer's step readout, whether its
#: board's picture changed since the readout's last change (else the slider showed a step
#: whose board was not there yet); in ``root.__boardlabSteps``.
WATCH_STEPS_JS = """root => {
    const readout = root.querySelector('.boardlab-viewer-step .widget-readout');
    const img = root.querySelector('img.boardlab-viewer-image');
    const seen = root.__boardlabSteps = [];
    let step = readout.textContent.trim(), src = img.getAttribute('src');
    new MutationObserver(() => {
        const now = readout.textContent.trim();
        if (now === step) return;
        const board = img.getAttribute('src');
        seen.push({step: now, board_changed: board !== src});
        step = now;
        src = board;
    }).observe(root, {subtree: true, childList: true, attributes: true, characterData: true});
}"""


def test_viewer_plays_on_by_itself_and_stops_at_the_end(nb):
    """▶ two steps before the end: the kernel's clock moves the slider, the narration and
    the board on, one step at a time, and the animation stops at the last step (▶ again).
    Watched in the page at every change: the slider never shows a step before its board."""
    from playwright.sync_api import expect

    viewer = nb.widget("GameViewer")
    top(viewer)
    readout = viewer.locator(".boardlab-viewer-step .widget-readout")
    narration = viewer.locator(".boardlab-viewer-narration")
    image = viewer.locator("img.boardlab-viewer-image")
    play = viewer.locator("button.boardlab-viewer-play")
    last = int(float(viewer.locator(".noUi-handle").first.get_attribute("aria-valuemax")))
    viewer.locator("button.boardlab-viewer-last").click()
    expect(readout).to_have_text(str(last), timeout=REACT_TIMEOUT * 1000)
    viewer.locator("button.boardlab-viewer-prev").click()
    expect(readout).to_have_text(str(last - 1), timeout=REACT_TIMEOUT * 1000)
    viewer.locator("button.boardlab-viewer-prev").click()
    expect(readout).to_have_text(str(last - 2), timeout=REACT_TIMEOUT * 1000)
    src = image.get_attribute("src")
    viewer.evaluate(WATCH_STEPS_JS)
    play.click()
    expect(play.locator("i.fa-pause")).to_have_count(1, timeout=REACT_TIMEOUT * 1000)
    for step in (last - 1, last):  # each tick: slider, narration and board together
        expect(readout).to_have_text(str(step), timeout=REACT_TIMEOUT * 1000)
        expect(narration).to_contain_text(f"Step {step} of {last}")
        expect(image).not_to_have_attribute("src", src)
        src = image.get_attribute("src")
    expect(play.locator("i.fa-play")).to_have_count(1, timeout=REACT_TIMEOUT * 1000)
    expect(readout).to_have_text(str(last))
    seen = viewer.evaluate("root => root.__boardlabSteps")
    assert seen == [{"step": str(step), "board_changed": True} for step in (last - 1, last)], (
        f"{nb.name}: the slider moved before its board: {seen}"
    )
    shoot(nb.page, f"{nb.name}-viewer-played")


#: Counts, in the page, the widget messages sent to the kernel and the ones it has
#: answered (the kernel's "idle" after handling a message names that message).
WATCH_KERNEL_JS = """() => {
    if (window.__boardlabSent) return;
    const sent = window.__boardlabSent = new Set();
    const done = window.__boardlabDone = new Set();
    const kernel = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
    kernel.anyMessage.connect((_, {msg, direction}) => {
        if (direction === 'send' && msg.header.msg_type === 'comm_msg') sent.add(msg.header.msg_id);
        if (direction === 'recv' && msg.header.msg_type === 'status'
                && msg.content.execution_state === 'idle' && msg.parent_header)
            done.add(msg.parent_header.msg_id);
    });
}"""
#: Whether the kernel has answered every widget message sent.
ANSWERED_JS = "() => [...window.__boardlabSent].every(id => window.__boardlabDone.has(id))"
#: Until the viewer is still: its step, board, narration and ▶/⏸ the same for ``quiet``
#: ms running (read every 50 ms); what they are then, or null after ``timeout`` ms.
QUIET_JS = """async (root, [quiet, timeout]) => {
    const read = () => ({
        step: root.querySelector('.boardlab-viewer-step .widget-readout').textContent.trim(),
        src: root.querySelector('img.boardlab-viewer-image').getAttribute('src'),
        narration: root.querySelector('.boardlab-viewer-narration').innerText,
        paused: root.querySelector('button.boardlab-viewer-play i.fa-play') !== null,
    });
    const same = (a, b) => ['step', 'src', 'narration', 'paused'].every(k => a[k] === b[k]);
    const start = performance.now();
    let last = read(), since = start;
    while (performance.now() - start < timeout) {
        await new Promise(done => setTimeout(done, 50));
        const now = read();
        if (!same(now, last)) {
            last = now;
            since = performance.now();
        } else if (performance.now() - since >= quiet) {
            return last;
        }
    }
    return null;
}"""
#: How long the viewer must stay still to be at rest (ms); longer than the animation's
#: interval (1200 ms) after a burst with ▶, so a clock left running is seen.
QUIET_MS, QUIET_AFTER_PLAY_MS = 1000, 1600
#: How many times the rapid-click test plays its bursts in a row: 1 in the suite; the
#: stress proof under load (tools/stress_rapid_clicks.sh) sets BOARDLAB_RAPID_REPEATS=20.
RAPID_REPEATS = int(os.environ.get("BOARDLAB_RAPID_REPEATS", "1"))


def steps_reachable(start: int, names: list[str], last: int) -> set[int]:
    """The steps a burst of clicks can end on, handled in any order (the kernel may
    handle two buttons' messages in another order than they were clicked): ◀ and ▶ add
    up, ⏮ and ⏭ set; ▶/⏸, clicked first, never plays (every step button after it in the
    browser pauses it)."""
    moves = {
        "first": lambda s: 0,
        "prev": lambda s: max(0, s - 1),
        "next": lambda s: min(last, s + 1),
        "last": lambda s: last,
        "play": lambda s: s,
    }
    ends = set()
    for order in set(itertools.permutations(names)):
        step = start
        for name in order:
            step = moves[name](step)
        ends.add(step)
    return ends


def test_viewer_rapid_clicks_keep_slider_and_board_in_step(nb):
    """Bursts of clicks (▶/⏸ among them) leave slider, narration and board on one step,
    at rest (paused, nothing moving), and ◀ still works after: the step held in the
    kernel is the one source of truth."""
    from playwright.sync_api import expect

    viewer = nb.widget("GameViewer")
    top(viewer)
    nb.page.evaluate(WATCH_KERNEL_JS)
    readout = viewer.locator(".boardlab-viewer-step .widget-readout")
    image = viewer.locator("img.boardlab-viewer-image")
    narration = viewer.locator(".boardlab-viewer-narration")
    paused = viewer.locator("button.boardlab-viewer-play i.fa-play")  # the clock stopped
    last = int(float(viewer.locator(".noUi-handle").first.get_attribute("aria-valuemax")))
    assert last >= 4, f"{nb.name}: a game of {last} steps"

    def head_of(step: int) -> str:
        return "The deal" if step == 0 else f"Step {step} of {last}"

    def still(quiet: int = QUIET_MS) -> dict:
        """Once the kernel has answered every click: the viewer still for ``quiet`` ms
        (no late message moves anything), slider and narration on one step; its state."""
        nb.page.wait_for_function(ANSWERED_JS, timeout=REACT_TIMEOUT * 1000)
        now = viewer.evaluate(QUIET_JS, [quiet, 50_000])
        if now is None:
            pytest.fail(f"{nb.name}: the viewer kept moving for 50 s")
        assert head_of(int(now["step"])) in now["narration"], f"{nb.name}: {now}"
        return now

    def settled(expected: int, quiet: int = QUIET_MS) -> str:
        """Wait until slider, narration and board agree on ``expected`` and stay there;
        the digest of the board's picture (its ``src`` is a new blob URL each time)."""
        expect(readout).to_have_text(str(expected), timeout=REACT_TIMEOUT * 1000)
        expect(narration).to_contain_text(head_of(expected), timeout=REACT_TIMEOUT * 1000)
        now = still(quiet)
        assert now["step"] == str(expected), f"{nb.name}: moved on from {expected}: {now}"
        return image.evaluate(DIGEST_JS)

    def burst(names: list[str]) -> None:
        viewer.evaluate(
            """(root, names) => names.forEach(
                n => root.querySelector('button.boardlab-viewer-' + n).click())""",
            names,
        )

    def at_rest(names: list[str]) -> int:
        """The step slider, narration and board agree on once a burst is answered: paused,
        on a step the burst's clicks lead to in some order."""
        start = int(readout.inner_text())
        burst(names)
        now = still(QUIET_AFTER_PLAY_MS if "play" in names else QUIET_MS)
        step = int(now["step"])
        assert now["paused"] and paused.count() == 1, f"{nb.name}: still playing after {names}"
        assert step in steps_reachable(start, names, last), (
            f"{nb.name}: {names} from step {start} ended on step {step}"
        )
        return step

    def same_board_on_return(step: int, digest: str) -> None:
        """Away and back: the board shown at ``step`` is the one drawn for it."""
        burst(["prev"])
        settled(step - 1)  # ◀ works after the burst
        burst(["next"])
        assert settled(step) == digest, f"{nb.name}: the board is not that of step {step}"

    # Each burst is one synchronous run of clicks, so every button clicked is enabled
    # (the page cannot update between them): each starts where none is disabled.
    # JupyterLab may hand one widget's clicks to two kernel threads (comms over
    # subshells), in any order: a burst of ◀ and ▶ (which commute) must add up
    # exactly; after one mixing ⏮ ⏭ ▶/⏸, the three must agree on a step those clicks
    # lead to in some order, paused.
    for _ in range(RAPID_REPEATS):
        burst(["first"] if readout.inner_text() != "0" else [])
        settled(0)
        burst(["next"] * 3)
        settled(3)
        burst(["next", "next", "prev", "next", "next", "prev", "next"])
        same_board_on_return(6, settled(6))
        for names in (
            ["last", "prev", "prev", "first", "next", "next", "last", "prev"],
            ["play", "last", "prev", "prev"],  # ▶ starts the clock, a step button pauses it
            ["first", "prev", "next", "next"],
        ):
            step = at_rest(names)
            if step == 0:
                burst(["next"])
                step = 1
            same_board_on_return(step, settled(step))
            burst(["first"])  # back to the middle: every button enabled for the next burst
            settled(0)
            burst(["next"] * 3)
            settled(3)
    shoot(nb.page, f"{nb.name}-viewer-after-clicks")


def test_play_panel_board_and_choices_fit_one_screen(nb):
    """The board and the choice controls are on screen together at 1366×768 and
    1920×1080 (side by side), stacked on a narrow screen; the board is not stretched;
    nothing is chosen at first and one click on an option plays nothing."""
    from playwright.sync_api import expect

    panel = nb.widget("PlayPanel")
    image = panel.locator("img.boardlab-play-image")
    first = panel.locator(".boardlab-play-step").first
    play = panel.locator("button.boardlab-play-go")
    expect(first).to_be_visible()
    loaded(image)
    assert chosen_count(panel) == 0, f"{nb.name}: an option is chosen before the player chose"
    expect(play).to_be_disabled()
    for viewport in (FULL_HD, LAPTOP):
        nb.page.set_viewport_size(viewport)
        top(panel)
        for part, what in [(image, "the board"), (first, "the choices"), (play, "Play")]:
            assert on_screen(part, viewport), (
                f"{nb.name} at {viewport['width']}×{viewport['height']}: {what} is off the "
                f"screen ({part.bounding_box()})"
            )
        board, choices = image.bounding_box(), first.bounding_box()
        assert board["x"] + board["width"] <= choices["x"] + 1, "the choices are not beside"
        natural = image.evaluate("i => i.naturalWidth")
        assert board["width"] <= natural / 2 + 1, f"the board is stretched: {board['width']} px"
        shoot(nb.page, f"{nb.name}-play-{viewport['width']}x{viewport['height']}")
    nb.page.set_viewport_size({"width": 820, "height": 900})
    top(panel)
    board, choices = image.bounding_box(), first.bounding_box()
    assert choices["y"] >= board["y"] + board["height"] - 1, "narrow: not stacked"
    shoot(nb.page, f"{nb.name}-play-narrow")
    nb.page.set_viewport_size(LAPTOP)
    top(panel)

    status = panel.locator(".boardlab-play-status")
    narration = panel.locator(".boardlab-play-narration")
    before = status.inner_text(), narration.inner_text()
    levels = panel.locator(".boardlab-play-step")
    shown = levels.count()
    choose_one(panel, first)  # one click on the first option: e.g. "end your turn"
    # the kernel's answer shown: the next step offered or Play enabled (or, wrongly, a move)
    deadline = time.monotonic() + REACT_TIMEOUT
    while not play.is_enabled() and levels.count() <= shown:
        if (status.inner_text(), narration.inner_text()) != before:
            break
        assert time.monotonic() < deadline, f"{nb.name}: a choice changed nothing"
        nb.page.wait_for_timeout(100)
    assert (status.inner_text(), narration.inner_text()) == before, "one click played a move"
    assert chosen_count(panel) >= 1


def test_play_panel_takes_a_legal_action_and_the_bots_reply(nb):
    from playwright.sync_api import expect

    panel = nb.widget("PlayPanel")
    status = panel.locator(".boardlab-play-status")
    narration = panel.locator(".boardlab-play-narration")
    image = panel.locator("img.boardlab-play-image")
    expect(image).to_be_visible()
    match = re.search(r"Your move, player (\d+)", status.inner_text())
    assert match, f"{nb.name}: the PlayPanel does not offer a move: {status.inner_text()!r}"
    human = int(match.group(1))
    # a move may not end the human's turn: play (at most 30 times: a Jambo turn may draw
    # and discard five times, then act) until the bots reply
    first_src = image.get_attribute("src")
    for _ in range(30):
        words = narration.inner_text()
        play = choose_whole_move(nb, panel)
        play.click()

        # the panel sets the narration last: once it shows the move, the rest is there
        expect(narration).to_contain_text("Since your last move", timeout=REACT_TIMEOUT * 1000)
        expect(narration).not_to_have_text(words, timeout=REACT_TIMEOUT * 1000)
        # the next decision is shown with nothing chosen: Play is disabled again
        expect(panel.locator("button.boardlab-play-go")).to_be_disabled()
        text = narration.inner_text()
        others = {int(p) for p in re.findall(r"player (\d+)", text)} - {human}
        over = re.search(r"Game over|Game cut short", status.inner_text()) is not None
        if over or (others and narration.locator("li").count() >= 2):
            break
    else:
        pytest.fail(f"{nb.name}: 30 moves of player {human} and no bot reply shown:\n{text}")
    # the board follows the game (a single move may leave the picture as it was)
    expect(image).not_to_have_attribute("src", first_src, timeout=REACT_TIMEOUT * 1000)


# -- helpers of the PlayPanel and layout checks ----------------------------------------------
# Scroll again until the widget stands still: after a change of viewport JupyterLab lays
# out its cells over several frames, so one scroll can leave the widget far above the
# screen (seen in CI: the board at y = -610 px at 1920×1080, 200 ms after a single scroll).
SETTLE_JS = """async e => {
    const pause = () => new Promise(done => setTimeout(done, 100));
    let last = null, still = 0;
    for (let round = 0; round < 60 && still < 3; round++) {
        e.scrollIntoView({block: 'start'});
        await pause();
        const y = e.getBoundingClientRect().top;
        still = last !== null && Math.abs(y - last) < 1 ? still + 1 : 0;
        last = y;
    }
    return still >= 3;
}"""


def top(widget) -> None:
    """Scroll so the widget starts at the top of what is shown, and stays there."""
    assert widget.evaluate(SETTLE_JS), "the widget kept moving for 6 s after scrolling to it"


def on_screen(part, viewport: dict) -> bool:
    box = part.bounding_box()
    return (
        box is not None
        and box["x"] >= 0
        and box["y"] >= 0
        and box["x"] + box["width"] <= viewport["width"] + 1
        and box["y"] + box["height"] <= viewport["height"] + 1
    )


def loaded(image) -> None:
    image.page.wait_for_function(
        "i => i.complete && i.naturalWidth > 0", arg=image.element_handle(), timeout=30_000
    )


def chosen_count(panel) -> int:
    """How many steps have an option chosen (a checked radio, a selected list entry)."""
    return panel.locator(".boardlab-play-step").evaluate_all(
        """levels => levels.filter(l => l.querySelector('input:checked')
            || [...l.querySelectorAll('select')].some(s => s.selectedIndex >= 0)).length"""
    )


def choose_one(panel, level) -> None:
    """Click the first option of a step, as a person would."""
    radios = level.locator("input[type=radio]")
    if radios.count():
        radios.first.check()
    else:
        level.locator("select").select_option(index=0)


def choose_whole_move(nb, panel):
    """The first option of each step until Play is enabled (each choice a kernel round
    trip: a next step appears, or Play is enabled); returns the Play button."""
    play = panel.locator("button.boardlab-play-go")
    levels = panel.locator(".boardlab-play-step")
    for _ in range(8):
        if play.is_enabled():
            return play
        shown = levels.count()
        assert shown, f"{nb.name}: the PlayPanel offers no step to choose"
        choose_one(panel, levels.nth(shown - 1))
        deadline = time.monotonic() + REACT_TIMEOUT
        while not play.is_enabled() and levels.count() <= shown:
            assert time.monotonic() < deadline, f"{nb.name}: a choice changed nothing"
            nb.page.wait_for_timeout(100)
    pytest.fail(f"{nb.name}: eight steps and no whole move chosen")


def _pick_control(params):
    """The control to change: the players slider if any, else a slider, a drop-down,
    a checkbox — in that order."""
    for selector in (
        ".boardlab-param-players.widget-slider:not(.boardlab-param-fixed)",
        ".boardlab-param.widget-slider:not(.boardlab-param-fixed)",
        ".boardlab-param.widget-dropdown",
        ".boardlab-param.widget-checkbox",
    ):
        found = params.locator(selector)
        if found.count():
            return selector, found.first
    pytest.fail("the ParameterPanel has no slider, drop-down or checkbox", pytrace=False)


def test_parameter_panel_changes_a_rule_and_the_view_follows(nb):
    from playwright.sync_api import expect

    params = nb.widget("ParameterPanel")
    message = params.locator(".boardlab-params-message")
    expect(message).to_contain_text("✓")
    before = message.inner_text()
    # (an inner locator of ``has`` is queried inside each candidate: no root prefix)
    explorer = nb.root.locator(".boardlab-explorer").filter(has=nb.page.locator(".boardlab-params"))
    assert explorer.count(), f"{nb.name}: the ParameterPanel is in no GameExplorer"
    shown = explorer.locator(".boardlab-viewer") if explorer.count() else None
    picture = None
    if shown is not None:
        shown.first.evaluate("el => el.setAttribute('data-boardlab-old', '1')")
        picture = shown.first.locator("img.boardlab-viewer-image").screenshot()

    selector, control = _pick_control(params)
    control.scroll_into_view_if_needed()
    if "slider" in selector:
        readout = control.locator(".widget-readout")
        handle = control.locator(".noUi-handle")
        value = int(readout.inner_text())
        high = float(handle.get_attribute("aria-valuemax") or value + 1)
        new = value + 1 if value + 1 <= high else value - 1
        readout.click()
        nb.page.keyboard.press("Control+A")
        nb.page.keyboard.type(str(new))
        nb.page.keyboard.press("Enter")
        expect(readout).to_have_text(str(new))
    elif "dropdown" in selector:
        select = control.locator("select")
        options = select.locator("option").all_inner_texts()
        current = select.evaluate("s => s.options[s.selectedIndex].text")
        select.select_option(label=next(o for o in options if o != current))
    else:
        control.locator("input[type=checkbox]").click()

    expect(message).not_to_have_text(before, timeout=REACT_TIMEOUT * 1000)
    expect(message).to_contain_text("✓")
    if shown is not None:  # the GameExplorer plays a new game under the new rule
        fresh = explorer.locator(".boardlab-viewer:not([data-boardlab-old])")
        expect(fresh).to_be_visible(timeout=REACT_TIMEOUT * 1000)
        expect(explorer.locator("[data-boardlab-old]")).to_have_count(0)
        # the change visibly does something: a one-line summary, the viewer at the end
        summary = explorer.locator(".boardlab-explorer-summary")
        expect(summary).to_contain_text(re.compile(r"^With \w+=.*\d+ steps"))
        assert "Outcome(" not in summary.inner_text()
        readout = fresh.locator(".boardlab-viewer-step .widget-readout")
        end = fresh.locator(".noUi-handle").first.get_attribute("aria-valuemax")
        expect(readout).to_have_text(str(int(float(end))))
        # the game shown at its end: finished, or cut short by a turn cap (Jambo's random play)
        expect(fresh.locator(".boardlab-viewer-narration")).to_contain_text(
            re.compile(r"Game over|Game cut short")
        )
        if "players" in selector:
            image = fresh.locator("img.boardlab-viewer-image")
            expect(image).to_be_visible()
            assert image.screenshot() != picture, "the board did not follow the player count"
        summary.scroll_into_view_if_needed()
    shoot(nb.page, f"{nb.name}-explorer-after-change")


def test_parameter_panel_labels_and_sliders_are_whole(nb):
    """At 1366×768 no label is cut ("Rulebook defa…", "Uploa…") and no slider collapses."""
    params = nb.widget("ParameterPanel")
    cut = params.evaluate(
        """root => [...root.querySelectorAll(
                '.widget-label, .jupyter-button, .widget-upload, .widget-label-basic')]
            .filter(e => e.offsetParent !== null && e.scrollWidth > e.clientWidth + 1)
            .map(e => e.textContent.trim())"""
    )
    assert not cut, f"{nb.name}: labels cut short: {cut}"
    tracks = params.locator(".boardlab-param.widget-slider .noUi-target").evaluate_all(
        "ts => ts.map(t => t.getBoundingClientRect().width)"
    )
    assert tracks and min(tracks) >= 100, f"{nb.name}: slider tracks {tracks} px wide"
    top(params)
    shoot(nb.page, f"{nb.name}-parameters")


def test_notebooks_were_found():
    """The suite is parametrised over notebooks/*.ipynb: there must be some."""
    assert NOTEBOOKS, f"no notebooks in {NOTEBOOKS_DIR}"
