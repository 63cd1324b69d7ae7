"""Each notebook's guided first game, played to its end by clicks in JupyterLab (1366×768).

For every game notebook (and any other notebook of the folder that shows a
``GuidedGame``), the notebook is opened in JupyterLab and run up to and
including its first ``GuidedGame`` cell (the guided game opens a notebook: the
cells before it are few); then the learner's part is played as a person
would: the labels of the move each step accepts are clicked step by step,
then Play; Next on words; a wrong answer, then the right one, on a question.
At the end the coach shows the result in words and "What you now know".

Which move to click comes from the same lesson played here, in this process
(``boardlab.guide.Lesson``: a scenario plays the same game every time), step
for step with the browser; the widget's coach says where it stands
(``data-step`` and ``data-actions`` on its status box), which each click
waits for. A game whose notebook shows no ``GuidedGame`` yet is skipped,
saying so. A failure leaves a screenshot in ``test-artifacts/browser/``.
"""

from __future__ import annotations

import json
import re
import time
from pathlib import Path

import pytest

import boardlab

from .conftest import LAPTOP, notebook_paths, save_artifacts, shoot
from .test_notebooks_in_browser import OPEN_TIMEOUT, REACT_TIMEOUT, READY_JS, RUN_TIMEOUT, top

#: The guided game's constructor in a code cell, with the game it is given.
GUIDED = re.compile(r"GuidedGame\(\s*[\"'](\w+)[\"']\s*\)")


def code_cells(path: Path) -> list[str]:
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return ["".join(c.get("source", "")) if c["cell_type"] == "code" else "" for c in cells]


def guided_cell(path: Path) -> tuple[int, str] | None:
    """The index of the first cell that shows a ``GuidedGame``, and its game."""
    for index, source in enumerate(code_cells(path)):
        found = GUIDED.search(source)
        if found:
            return index, found.group(1)
    return None


NOTEBOOKS = {
    path.stem: path
    for path in notebook_paths()
    if path.stem in boardlab.game_names() or guided_cell(path) is not None
}

#: Run the cells above the guided game's, then its own.
RUN_UP_TO_JS = """async index => {
    const app = window.jupyterapp;
    const panel = app.shell.currentWidget;
    await app.commands.execute('notebook:clear-all-cell-outputs');
    window.__boardlabRun = {done: false};
    const run = async () => {
        panel.content.activeCellIndex = index;
        let ok = true;
        if (index > 0) ok = await app.commands.execute('notebook:run-all-above');
        panel.content.activeCellIndex = index;
        return ok && await app.commands.execute('notebook:run-cell');
    };
    run().then(ok => { window.__boardlabRun = {done: true, ok: ok}; },
               error => { window.__boardlabRun = {done: true, ok: false, error: String(error)}; });
}"""

#: The error outputs of the cells run.
ERRORS_JS = """() => {
    const cells = window.jupyterapp.shell.currentWidget.content.model.cells;
    const out = [];
    for (let i = 0; i < cells.length; i++) {
        const cell = cells.get(i);
        if (cell.type !== 'code') continue;
        for (let j = 0; j < cell.outputs.length; j++) {
            const o = cell.outputs.get(j).toJSON();
            if (o.output_type === 'error') out.push(`cell ${i}: ${o.ename}: ${o.evalue}`);
        }
    }
    return out;
}"""


@pytest.fixture(params=sorted(NOTEBOOKS))
def guided_page(request, browser, lab_server):
    """The notebook run up to its guided game, in JupyterLab at 1366×768: (page, game)."""
    name = request.param
    found = guided_cell(NOTEBOOKS[name])
    if found is None:
        pytest.skip(f"notebooks/{name}.ipynb shows no GuidedGame yet: its guided game comes")
    index, game = found
    context = browser.new_context(viewport=LAPTOP)
    page = context.new_page()
    page.goto(f"{lab_server.url}lab/workspaces/guided-{name}/tree/{name}.ipynb?reset")
    page.wait_for_function(READY_JS, timeout=OPEN_TIMEOUT * 1000)
    page.evaluate(RUN_UP_TO_JS, index)
    page.wait_for_function(
        "window.__boardlabRun && window.__boardlabRun.done", timeout=RUN_TIMEOUT * 1000
    )
    errors = page.evaluate(ERRORS_JS)
    assert not errors, f"{name}: the cells up to the guided game failed: {errors}"
    yield page, name, game
    save_artifacts(request, page, lab_server)
    page.evaluate("() => window.jupyterapp.shell.currentWidget.sessionContext.shutdown()")
    context.close()


def wait_for(page, what: str, ready, timeout: float = REACT_TIMEOUT) -> None:
    """Until ``ready()`` is true (each check reads the page), else fail saying ``what``."""
    deadline = time.monotonic() + timeout
    while not ready():
        assert time.monotonic() < deadline, f"waited {timeout} s for {what}"
        page.wait_for_timeout(100)


def choose_label(level, label: str) -> None:
    """Click ``label`` in a step's list (radio buttons or a list box)."""
    level.locator("input[type=radio], select").first.wait_for()
    radios = level.locator("input[type=radio]")
    if radios.count():
        exact = re.compile(rf"^\s*{re.escape(label)}\s*$")
        level.locator("label").filter(has_text=exact).click()
    else:
        level.locator("select").select_option(label=label)


def chosen_label(level) -> str | None:
    """The label chosen in a step's list, if any."""
    return level.evaluate(
        """l => {
            const radio = l.querySelector('input:checked');
            if (radio) return radio.closest('label').textContent.trim();
            const select = l.querySelector('select');
            return select && select.selectedIndex >= 0
                ? select.options[select.selectedIndex].text : null;
        }"""
    )


def test_the_guided_game_is_played_to_its_end_by_clicks(guided_page):
    from playwright.sync_api import expect

    from boardlab.guide import Lesson, Scenario
    from boardlab.widgets.choices import choices_of

    page, name, game = guided_page
    widget = page.locator(".boardlab-guided").first
    expect(widget).to_be_visible(timeout=REACT_TIMEOUT * 1000)
    assert page.get_by_text("Error displaying widget").count() == 0, f"{name}: widget failed"
    top(widget)
    shoot(page, f"guided-{name}-start")
    coach = widget.locator(".boardlab-guided-coach [role=status]")
    lesson = Lesson(Scenario.load(game))  # the same lesson, played here alongside

    def where() -> tuple[str, str]:
        return coach.get_attribute("data-step"), coach.get_attribute("data-actions")

    def in_step() -> None:
        want = (str(lesson.index + 1), str(len(lesson.state.history)))
        wait_for(page, f"{name}: the coach at step/actions {want}", lambda: where() == want)

    in_step()
    for _ in range(lesson.game.max_length + len(lesson.scenario.steps) + 2):
        if lesson.finished:
            break
        step = lesson.step
        k, n = lesson.progress
        expect(widget.locator(".boardlab-guided-progress")).to_contain_text(f"step {k} of {n}")
        if step.kind == "next":
            widget.locator("button.boardlab-guided-next").click()
            lesson.next()
        elif step.kind == "ask":
            question = widget.locator(".boardlab-guided-question")
            check = widget.locator("button.boardlab-guided-check")
            wrong = next(o for o in step.options if o != step.answer)
            for option in (wrong, step.answer):
                # Check is enabled once the kernel has the answer: then it is pressed
                expect(check).to_be_disabled(timeout=REACT_TIMEOUT * 1000)
                choose_label(question, option)
                expect(check).to_be_enabled(timeout=REACT_TIMEOUT * 1000)
                check.click()
                if option == wrong:
                    expect(coach).to_contain_text("✗", timeout=REACT_TIMEOUT * 1000)
            lesson.answer(step.answer)
        else:
            action = lesson.accepted()[0]
            path = next(c.path for c in choices_of(lesson.state, True) if c.action == action)
            play = widget.locator("button.boardlab-play-go")
            for depth, label in enumerate(path):
                level = widget.locator(f".boardlab-play-step-{depth + 1}")
                wait_for(page, f"{name}: the list of step {depth + 1}", level.count)
                if chosen_label(level) != label:  # not chosen by the panel itself
                    choose_label(level, label)
            wait_for(page, f"{name}: Play enabled for {path}", play.is_enabled)
            play.click()
            assert lesson.try_move(action).accepted
        in_step()
    assert lesson.finished, f"{name}: the lesson played here did not finish"
    expect(coach).to_have_attribute("data-finished", "true", timeout=REACT_TIMEOUT * 1000)
    expect(coach).to_contain_text("What you now know")
    expect(coach).to_contain_text(lesson.state.outcome.describe())
    text = widget.inner_text()
    assert "Outcome(" not in text and "Reply(" not in text
    coach.scroll_into_view_if_needed()
    shoot(page, f"guided-{name}-end")
