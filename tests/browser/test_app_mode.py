"""App mode: ``make app GAME=<game>`` serves a game's app with Voilà, for a class.

The app is the notebook's cells tagged ``app`` (``boardlab.widgets.app``): the game's
``ClassApp``, with no code and no exercise to edit. For every game notebook
(``notebook_paths``, so a new notebook is picked up by itself), in a real browser at
1366×768: a loading message shows while the kernel starts and runs the cells; then the
page opens on a fresh game — its board, its first step and Play all in the first
screen, without scrolling, nothing played, nothing cut short —; the tab "Change the
rules" shows the rules in players' words (labels, never a parameter's name, the
advanced settings folded away), and the guided first game is one click away. One
Voilà, as ``make app`` runs it (``conftest.voila_server``, the same
``boardlab.widgets.app.voila_command``), serves every game's app for the session,
each page with a kernel of its own: shut down when the test leaves the page, or culled
by Voilà once the page is closed (tested here with the suite's short timeout). And
``make app`` prints the URL it really serves when its port is taken. The seconds from
opening a page to its app shown are printed (``-s``).
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request

import pytest

import boardlab
from boardlab.browser import server_env

from .conftest import (
    LAPTOP,
    VOILA_CULL_IDLE_TIMEOUT,
    VOILA_CULL_INTERVAL,
    VOILA_KERNEL_JS,
    leave_voila_page,
    notebook_paths,
    save_artifacts,
    shoot,
)

RENDER_TIMEOUT = 240
REACT_TIMEOUT = 30

#: The games whose notebook is served as an app: every game notebook.
APP_GAMES = [path.stem for path in notebook_paths() if path.stem in boardlab.game_names()]


def _open(browser, server, game: str):
    context = browser.new_context(viewport=LAPTOP)
    page = context.new_page()
    started = time.monotonic()
    # as soon as the page starts to arrive: the loading message must be there
    page.goto(
        f"{server.url}voila/render/{game}.ipynb",
        timeout=RENDER_TIMEOUT * 1000,
        wait_until="commit",
    )
    page.boardlab_game, page.boardlab_started = game, started
    return context, page


@pytest.fixture(params=APP_GAMES)
def app_page(request, browser, voila_server):
    context, page = _open(browser, voila_server, request.param)
    yield page
    save_artifacts(request, page, voila_server)
    leave_voila_page(page, voila_server)  # its kernel shut down: nothing left running
    context.close()


def test_app_opens_on_a_fresh_game_with_rules_in_words_and_the_guided_game(app_page):
    from playwright.sync_api import expect

    page = app_page
    game = page.boardlab_game
    loading = page.locator("#loading")
    expect(loading).to_be_visible(timeout=RENDER_TIMEOUT * 1000)
    expect(loading).to_contain_text(re.compile(r"Running|Executing|[Ll]oading"))
    app = page.locator(".boardlab-app").first
    panel = app.locator(".boardlab-play").first
    expect(panel).to_be_visible(timeout=RENDER_TIMEOUT * 1000)
    expect(loading).to_be_hidden(timeout=RENDER_TIMEOUT * 1000)
    seconds = time.monotonic() - page.boardlab_started
    print(f"\n{game}: the page opened to the app shown: {seconds:.0f} s")

    # the first screen, unscrolled: a fresh game's board, its first step and Play
    assert page.evaluate("() => window.scrollY") == 0
    image = panel.locator("img.boardlab-play-image")
    page.wait_for_function(
        "i => i.complete && i.naturalWidth > 100", arg=image.element_handle(), timeout=30_000
    )
    for css in ("img.boardlab-play-image", ".boardlab-play-step", "button.boardlab-play-go"):
        box = panel.locator(css).first.bounding_box()
        assert box and box["y"] >= 0 and box["y"] + box["height"] <= LAPTOP["height"] + 1, (
            f"{game} app at 1366×768: {css} is not in the first screen ({box})"
        )
    expect(panel.locator(".boardlab-play-status")).to_contain_text("Your move")
    shoot(page, f"app-{game}-first-screen")
    code = page.locator(".jp-CodeCell .jp-InputArea, .jp-Editor, .CodeMirror, .cm-editor")
    assert code.count() == 0, "the app shows code"
    body = page.locator("body").inner_text()
    for bad in ("Traceback", "Error displaying widget", "There was an error", "Outcome("):
        assert bad not in body, f"the app shows {bad!r}"
    assert "cut short" not in body and "Game over" not in body, "the app opens on an old game"
    assert "load(" not in body and "replace `None`" not in body

    # the rules in players' words, one click away
    page.get_by_role("tab", name="Change the rules").click()
    params = app.locator(".boardlab-params")
    expect(params).to_be_visible(timeout=REACT_TIMEOUT * 1000)
    expect(params).to_contain_text("Printed rules")
    specs = boardlab.load(game).parameter_specs()
    for group in ("printed", "variant"):
        spec = next(s for s in specs if s.section == group)
        expect(params).to_contain_text(spec.title)
    text = params.inner_text()
    assert "_" not in text, f"{game}: a parameter's name or a raw value in the rule panel"
    assert "load(" not in text and "rule:" not in text
    advanced = [s for s in specs if s.section == "advanced"]
    if advanced:  # folded away until opened
        expect(params.get_by_text(advanced[0].title, exact=True)).to_be_hidden()
        expect(params).to_contain_text("Advanced settings")
    shoot(page, f"app-{game}-rules")

    page.get_by_role("tab", name="Guided first game").click()
    guided = app.locator(".boardlab-guided")
    expect(guided).to_be_visible(timeout=REACT_TIMEOUT * 1000)
    expect(guided.locator(".boardlab-guided-coach")).to_be_visible()
    shoot(page, f"app-{game}-guided")


def _alive(server, kernel: str) -> bool:
    """Whether Voilà still runs ``kernel`` (its REST ``api/kernels/<id>``: Voilà serves no
    list of kernels, only each one, and 404 once it is gone)."""
    try:
        with urllib.request.urlopen(f"{server.url}api/kernels/{kernel}", timeout=30) as reply:
            return json.load(reply)["id"] == kernel
    except urllib.error.HTTPError as error:
        if error.code == 404:
            return False
        raise


def test_a_closed_app_page_kernel_is_culled(browser, voila_server):
    """A class closes tabs: the closed page's kernel, idle and with no page connected, is
    shut down by Voilà's culling (``voila_command``) within the suite's short timeout."""
    from playwright.sync_api import expect

    context, page = _open(browser, voila_server, APP_GAMES[0])
    try:
        expect(page.locator(".boardlab-play").first).to_be_visible(timeout=RENDER_TIMEOUT * 1000)
        kernel = page.evaluate(VOILA_KERNEL_JS)
        assert _alive(voila_server, kernel)
    finally:
        context.close()  # the page is left: its websocket closes, the kernel stays idle
    closed = time.monotonic()
    deadline = closed + VOILA_CULL_IDLE_TIMEOUT + 3 * VOILA_CULL_INTERVAL + 5
    while _alive(voila_server, kernel):
        assert time.monotonic() < deadline, (
            f"the closed page's kernel {kernel} still runs after "
            f"{time.monotonic() - closed:.0f} s (culling after {VOILA_CULL_IDLE_TIMEOUT} s)"
        )
        time.sleep(0.5)  # polling the server's list, not a fixed wait
    print(f"\nculled {time.monotonic() - closed:.1f} s after the page was closed")


def test_make_app_prints_the_url_it_really_serves_when_its_port_is_taken(tmp_path):
    """``make app`` (``python -m boardlab.widgets.app --serve``) on a taken port moves to
    the next free one and prints that URL, which serves the app."""
    import socket

    notebook = tmp_path / "tiny.ipynb"
    cell = {"cell_type": "code", "metadata": {"tags": ["app"]}, "outputs": []}
    cell |= {"execution_count": None, "source": ["print('hello, class')"]}
    title = {"cell_type": "markdown", "metadata": {}, "source": ["# Tiny"]}
    notebook.write_text(
        json.dumps({"cells": [title, cell], "metadata": {}, "nbformat": 4, "nbformat_minor": 5})
    )
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        command = [sys.executable, "-m", "boardlab.widgets.app", "--serve", str(notebook)]
        command += [str(tmp_path / "app"), f"--port={port}"]
        serving = subprocess.Popen(
            command,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            start_new_session=True,
            env=server_env(tmp_path),
        )
        try:
            url = None
            deadline = time.monotonic() + RENDER_TIMEOUT
            for line in serving.stdout:
                found = re.search(r"The app is ready: open (http://\S+/) ", line)
                if found:
                    url = found.group(1)
                    break
                assert time.monotonic() < deadline, "make app printed no URL"
            assert url is not None, "make app ended without printing its URL"
            served = int(re.search(r":(\d+)/$", url).group(1))
            assert served != port and port < served < port + 50
            with urllib.request.urlopen(url, timeout=RENDER_TIMEOUT) as response:
                assert "hello, class" in response.read().decode()
        finally:
            os.killpg(serving.pid, signal.SIGTERM)
            serving.wait(timeout=30)
