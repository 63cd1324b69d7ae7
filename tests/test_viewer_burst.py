"""The ``GameViewer`` under a burst of clicks whose messages reach the kernel in any order.

JupyterLab may hand one widget's clicks to two kernel threads (comms over
subshells), so a burst ▶ ⏭ ◀ ◀ made in the browser can be handled in any
order, some of it at the same time. These tests build the messages the
browser sends (a ``comm_msg`` per click, dated by the browser's clock in its
header) and hand them to the widgets' comms in every order, on one thread
and on two, then check that the viewer ends at rest — not playing, nothing
moving a second later — with the slider, the board and the narration on the
same step; that the slider never showed a step before its board; and that no
board of a step no longer wanted is shown after the final step's.
"""

from __future__ import annotations

import itertools
import struct
import threading
import time
import uuid
import zlib
from datetime import UTC, datetime, timedelta
from types import SimpleNamespace

import matplotlib

matplotlib.use("Agg")

import pytest

import boardlab
from boardlab.sim import RandomAgent, play
from boardlab.widgets import GameViewer
from boardlab.widgets.serial import message_time, sent_at
from boardlab.widgets.viewer import sent_before

#: The burst of the browser suite's rapid-click test: ▶, then ⏭ ◀ ◀.
BURST = ["play", "last", "prev", "prev"]
#: The animation's interval in these tests (ms); "at rest" is checked a few intervals on.
INTERVAL = 40
REST = 3.5 * INTERVAL / 1000


@pytest.fixture(scope="module")
def states():
    """A short game: the deal and 11 steps of Kilimanjaro."""
    game = boardlab.load("kilimanjaro")
    final = play(game, [RandomAgent() for _ in range(3)], seed=11)
    return boardlab.replay(final.record())[:12]


def tiny_png(width: int) -> bytes:
    """A valid PNG of ``width`` × 1 grey pixels: a board stand-in, one per step (what is
    checked here is which step's board is shown, not the drawing: a board of a game
    takes a second or two to draw on a busy machine)."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", width, 1, 8, 0, 0, 0, 0)
    pixels = zlib.compress(b"\x00" + b"\x80" * width)
    chunks = chunk(b"IHDR", header) + chunk(b"IDAT", pixels) + chunk(b"IEND", b"")
    return b"\x89PNG\r\n\x1a\n" + chunks


@pytest.fixture(scope="module")
def boards(states):
    """A board of its own for every step."""
    return {i: tiny_png(100 + i) for i in range(len(states))}


class DrawnViewer(GameViewer):
    """A ``GameViewer`` whose boards are drawn already (``boards``), ``slow`` seconds to
    fetch each: many viewers, none of them waiting for matplotlib."""

    def __init__(self, states, boards, slow: float = 0.0, **kwargs) -> None:
        self.boards, self.slow = boards, slow
        super().__init__(states, **kwargs)

    def png(self, i: int) -> bytes:
        if self.slow:  # a board takes a while: clicks on other threads come meanwhile
            time.sleep(self.slow)
        return self.boards[i]


class Watched:
    """A viewer at ``start`` (its boards drawn already), and what it shows from then on:
    every board set, and every step the slider showed with the board shown then."""

    def __init__(self, states, boards, start: int, slow: float = 0.0) -> None:
        self.viewer = viewer = DrawnViewer(states, boards, slow, interval=INTERVAL, step=start)
        self.boards = boards
        self.steps = {png: i for i, png in boards.items()}
        self.shown: list[int] = []  # the step of every board set
        self.slid: list[tuple[int, int]] = []  # (slider's step, the board's step then)
        viewer.image.observe(lambda c: self.shown.append(self.steps[c["new"]]), names="value")
        viewer.slider.observe(
            lambda c: self.slid.append((c["new"], self.steps[viewer.image.value])), names="value"
        )

    def handle(self, name: str, at) -> None:
        """The browser's message for a click on ``name`` (``at``: its date) handled as the
        kernel handles it: by the widget's comm."""
        viewer = self.viewer
        if name == "play":
            widget = viewer.play_button
            data = {"method": "update", "state": {"value": True}, "buffer_paths": []}
        else:
            widget = getattr(viewer, f"{name}_button")
            data = {"method": "custom", "content": {"event": "click"}}
        header = {"msg_id": uuid.uuid4().hex, "msg_type": "comm_msg", "version": "5.3"}
        if at is not None:
            header["date"] = at
        msg = {
            "header": header,
            "parent_header": {},
            "metadata": {},
            "content": {"comm_id": widget.model_id, "data": data},
            "buffers": [],
        }
        widget.comm.handle_msg(msg)

    def handled(self) -> None:
        """The last message is handled: from now on nothing may move."""
        self.mark = len(self.shown), len(self.slid)

    def at_rest(self, expected: int | None = None, animated_from: int | None = None) -> int:
        """``REST`` seconds after ``handled`` (the caller waits, once for many viewers):
        slider, board, narration and buttons on one step, not playing, nothing moved since;
        that step. The slider never showed a step before its board, and once the final
        step's board was shown no other was (``animated_from``: the boards shown from that
        one on are an animation's, a step on each time)."""
        viewer = self.viewer
        assert (len(self.shown), len(self.slid)) == self.mark, "it still moves"
        step = viewer.step
        last = len(viewer.states) - 1
        if expected is not None:
            assert step == expected
        assert not viewer.playing and viewer.play_button.value is False
        assert viewer.play_button.icon == "play"
        assert viewer.slider.value == step
        assert viewer.image.value == self.boards[step]
        head = "The deal" if step == 0 else f"Step {step} of {last}"
        assert head in viewer.narration.value
        assert viewer.prev_button.disabled == (step == 0)
        assert viewer.next_button.disabled == (step == last)
        assert all(slider == board for slider, board in self.slid), self.slid
        if animated_from is not None:
            tail = self.shown[animated_from:]
            assert tail == list(range(tail[0], step + 1)), self.shown
        elif self.shown:  # nothing after the final board
            assert self.shown.index(step) == len(self.shown) - 1, self.shown
        return step


def browser_times(same: bool = False, as_text: bool = False) -> list:
    """The browser's dates of the burst's four messages: 1 ms apart (or all in the same
    millisecond), as jupyter_client gives them (``datetime``) or as sent (ISO text)."""
    start = datetime.now(UTC)
    dates = [start + timedelta(milliseconds=0 if same else k) for k in range(len(BURST))]
    if as_text:
        return [d.isoformat(timespec="milliseconds").replace("+00:00", "Z") for d in dates]
    return dates


ORDERS = list(itertools.permutations(range(len(BURST))))


def where_steps_lead(names, start: int, last: int, plays: bool = False) -> int:
    """The step that ``names`` lead to, handled in that order: ⏭ and ◀ do not commute
    (◀ ◀ ⏭ ends on the last step), so the kernel's order of handling decides it. ▶
    moves nothing (a step button after it pauses it), unless it ``plays`` (it is not out
    of date) at the last step: then it starts again from the deal."""
    step = start
    for name in names:
        if name == "play":
            step = 0 if plays and step == last else step
        else:
            step = last if name == "last" else max(0, step - 1)
    return step


@pytest.mark.parametrize("dates", ["1 ms apart", "same ms", "as text"])
def test_a_burst_in_every_order_on_one_thread_ends_paused_on_one_step(states, boards, dates):
    """▶ ⏭ ◀ ◀, handled in each of the 24 orders: always paused (a ▶ sent before a step
    button that the kernel has handled already is out of date), on the step the step
    buttons lead to in the order handled."""
    last = len(states) - 1
    runs = []
    for order in ORDERS:
        times = browser_times(same=dates == "same ms", as_text=dates == "as text")
        watched = Watched(states, boards, start=5)
        for k in order:
            watched.handle(BURST[k], times[k])
        watched.handled()
        runs.append(([BURST[k] for k in order], watched))
    time.sleep(REST)
    for names, watched in runs:
        expected = where_steps_lead(names, 5, last)
        assert watched.at_rest(expected) == expected, names


#: How the burst is shared out between two threads: the messages of the first.
SPLITS = {"▶ ⏭ | ◀ ◀": (0, 1), "▶ ◀ | ⏭ ◀": (0, 2), "⏭ ◀ | ▶ ◀": (1, 2), "▶ | ⏭ ◀ ◀": (0,)}


@pytest.mark.parametrize("split", SPLITS)
def test_a_burst_on_two_threads_at_once_ends_paused_on_one_step(states, boards, split):
    """The burst's messages shared out between two threads (as the main shell and a
    subshell), in every order on each, boards slow to draw: the same end."""
    last = len(states) - 1
    leads = {where_steps_lead(names, 5, last) for names in itertools.permutations(BURST)}
    runs = []
    for order in ORDERS:
        times = browser_times()
        watched = Watched(states, boards, start=5, slow=0.004)
        first = [k for k in order if k in SPLITS[split]]
        second = [k for k in order if k not in SPLITS[split]]
        start = threading.Barrier(2)
        errors: list[BaseException] = []

        def run(keys, watched=watched, times=times, start=start, errors=errors):
            try:
                start.wait()
                for k in keys:
                    watched.handle(BURST[k], times[k])
            except BaseException as error:  # shown by the assertion below
                errors.append(error)

        threads = [threading.Thread(target=run, args=(keys,)) for keys in (first, second)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert not errors, errors
        watched.handled()
        runs.append(([BURST[k] for k in order], watched))
    time.sleep(REST)
    for names, watched in runs:
        step = watched.at_rest()  # the threads' interleaving decides where ⏭ and ◀ lead
        assert step in leads, (names, split)


def test_an_undated_burst_is_taken_in_the_order_handled_and_still_ends_at_rest(states, boards):
    """Without the browser's dates (an older front-end) the kernel's order is the order:
    a ▶ handled last plays on, and the animation ends at rest on the last step."""
    last = len(states) - 1
    runs = []
    for order in ORDERS:
        watched = Watched(states, boards, start=5)
        for k in order:
            watched.handle(BURST[k], None)
        runs.append(([BURST[k] for k in order], watched, len(watched.shown)))
    deadline = time.monotonic() + 30
    while any(w.viewer.playing for _, w, _ in runs) and time.monotonic() < deadline:
        time.sleep(0.01)
    for _, watched, _ in runs:
        watched.handled()
    time.sleep(REST)
    for names, watched, handled in runs:
        played_last = names[-1] == "play"
        if played_last:  # the animation's boards: the one shown when ▶ came, then on
            assert watched.at_rest(last, animated_from=handled - 1) == last, names
        else:
            expected = where_steps_lead(names, 5, last, plays=True)
            assert watched.at_rest(expected) == expected, names


def test_a_board_drawn_for_a_step_no_longer_wanted_is_never_shown(states, boards, monkeypatch):
    """⏭ handled on one thread while its board is drawn, then ◀ ◀ ◀ on another: the
    clicks return at once, the last step's board is not shown, and the board drawn
    next is the latest step wanted (no board of the steps between)."""
    last = len(states) - 1
    drawing, go = threading.Event(), threading.Event()
    drawn: list[int] = []

    def to_png(state, **kwargs):
        """The renderer: the board of ``state``, the last one slow to draw."""
        i = next(k for k, s in enumerate(states) if s is state)
        drawn.append(i)
        if i == last:
            drawing.set()
            assert go.wait(30)
        return boards[i]

    monkeypatch.setattr(states[0].game, "renderer", lambda: SimpleNamespace(to_png=to_png))
    viewer = GameViewer(states, draw_ahead=False)  # only the boards asked for are drawn
    assert drawn == [0]
    shown: list[bytes] = []
    viewer.image.observe(lambda c: shown.append(c["new"]), names="value")
    slid: list[tuple[int, bytes]] = []
    viewer.slider.observe(lambda c: slid.append((c["new"], viewer.image.value)), names="value")
    clicker = threading.Thread(target=viewer.last_button.click)
    clicker.start()
    assert drawing.wait(30)
    for _ in range(3):
        viewer.prev_button.click()  # handled at once: only the step wanted changes
    assert viewer.step == last - 3
    assert viewer.slider.value == 0 and viewer.image.value == boards[0]  # nothing shown yet
    go.set()
    clicker.join(30)
    assert drawn == [0, last, last - 3]
    assert shown == [boards[last - 3]] and slid == [(last - 3, boards[last - 3])]
    assert viewer.slider.value == viewer.step == last - 3
    assert f"Step {last - 3} of {last}" in viewer.narration.value
    viewer.next_button.click()  # still answers
    assert viewer.slider.value == last - 2 and viewer.image.value == boards[last - 2]


def until(condition, timeout: float = 30.0) -> None:
    """Wait for ``condition()`` (a board drawn on the timer thread of ``call_later``)."""
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "not drawn in time"
        time.sleep(0.005)


def test_the_next_board_is_drawn_ahead_the_way_the_steps_go(states, boards, monkeypatch):
    """Once a step is shown, the board one step on (after ◀: one step back) is drawn in
    the kernel's idle time, so the next click shows it without drawing; a board drawn
    ahead is only kept, never shown, and one no longer next to the step wanted is not
    drawn."""
    drawn: list[int] = []

    def to_png(state, **kwargs):
        drawn.append(next(k for k, s in enumerate(states) if s is state))
        return boards[drawn[-1]]

    monkeypatch.setattr(states[0].game, "renderer", lambda: SimpleNamespace(to_png=to_png))
    viewer = GameViewer(states, step=3, draw_ahead=True)  # (plain Python: off by default)
    shown: list[bytes] = []
    viewer.image.observe(lambda c: shown.append(c["new"]), names="value")
    until(lambda: 4 in viewer._png)
    assert drawn == [3, 4] and shown == []  # drawn ahead, not shown
    viewer.next_button.click()
    assert viewer.slider.value == 4 and viewer.image.value == boards[4]
    until(lambda: 5 in viewer._png)
    assert drawn == [3, 4, 5]  # the click drew nothing; the next one ahead
    viewer.prev_button.click()  # back: the board kept, then one more step back ahead
    assert viewer.slider.value == 3 and viewer.image.value == boards[3]
    until(lambda: 2 in viewer._png)
    assert drawn == [3, 4, 5, 2]
    viewer._draw_ahead(7)  # planned for a step since left behind: not drawn
    viewer._draw_ahead(2)  # drawn already
    assert drawn == [3, 4, 5, 2]
    assert shown == [boards[4], boards[3]] and viewer.step == 3


def test_by_default_boards_are_drawn_ahead_only_on_a_kernels_event_loop(states, monkeypatch):
    """In a Jupyter kernel the board ahead is drawn between messages on its event loop;
    in plain Python (no loop: ``call_later`` would use a timer thread, drawing beside the
    caller) none is, unless asked for."""
    from boardlab.widgets import viewer as module

    planned: list = []
    monkeypatch.setattr(module, "call_later", lambda delay, callback: planned.append(delay))
    GameViewer(states[:3])
    assert planned == []
    GameViewer(states[:3], draw_ahead=True)
    assert planned == [0]
    monkeypatch.setattr(module, "_kernel_loop", lambda: object())  # as in a kernel
    GameViewer(states[:3])
    assert planned == [0, 0]
    GameViewer(states[:3], draw_ahead=False)
    assert planned == [0, 0]


def test_the_browser_dates_are_read_and_compared():
    when = datetime(2026, 5, 9, 7, 35, 25, 123000, tzinfo=UTC)
    assert message_time({"header": {"date": when}}) == when.timestamp()
    assert message_time({"header": {"date": "2026-05-09T07:35:25.123Z"}}) == when.timestamp()
    assert message_time({"header": {"date": when.replace(tzinfo=None)}}) == when.timestamp()
    assert message_time({"header": {}}) is None and message_time({}) is None
    assert message_time({"header": {"date": "yesterday"}}) is None
    assert sent_at(object()) is None  # outside a message
    t = when.timestamp()
    assert sent_before(t, t + 0.001) and not sent_before(t + 0.001, t)
    assert not sent_before(t, t) and sent_before(t, t, or_same=True)
    assert not sent_before(None, t) and not sent_before(t, None)
    assert not sent_before(t, t + 3600)  # an hour apart: the clock was set, not trusted


def test_the_viewer_keeps_the_boards_nearest_the_step_and_forgets_the_rest(states, boards):
    """Every board drawn is kept while it is among the ``kept_boards`` nearest the step
    drawn last; stepping back to a forgotten one draws it again."""
    viewer = GameViewer(states, draw_ahead=False)
    drawn = []

    def to_png(state, **_):
        drawn.append(states.index(state))
        return boards[drawn[-1]]

    viewer._renderer = SimpleNamespace(to_png=to_png)
    viewer.kept_boards = 4
    viewer._png.clear()
    for i in range(len(states)):
        assert viewer.png(i) == boards[i]
    assert sorted(viewer._png) == [8, 9, 10, 11]
    assert viewer.png(10) == boards[10] and drawn.count(10) == 1  # kept: not drawn again
    assert viewer.png(0) == boards[0] and drawn.count(0) == 2  # forgotten: drawn again
    assert sorted(viewer._png) == [0, 8, 9, 10]  # 11 was the farthest from step 0
