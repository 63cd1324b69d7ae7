"""``GameViewer``: step through a recorded game, the board beside its controls and narration.

Generic over games: it replays a record (``boardlab.replay``), asks the
game's renderer for each board as PNG bytes and reads the narration from
``visible_events``. Callbacks only update widget values — they never print
and use no ``Output`` widget, so a notebook checked by nbval stays clean.
"""

from __future__ import annotations

import base64
import html
import re
import sys
import threading
from collections.abc import Sequence

import ipywidgets as widgets

import boardlab
from boardlab.core import Event, Record, State
from boardlab.core.outcome import SCORE_WORDS, how_you_did, standings_rows
from boardlab.render import player_text_colour

from .layout import (
    LIVE,
    SHARP_DPI,
    access_help,
    board_alt,
    board_column,
    board_image,
    log_html,
    prose,
    show_board,
    two_columns,
)
from .serial import Dated, _kernel_loop, call_later, make_lock, sent_at

_PLAYER = re.compile(r"\bplayer (\d+)\b")
#: The step buttons: icons (Font Awesome, shipped with ipywidgets), no glyphs a font
#: may lack.
BUTTON = widgets.Layout(width="2.6em", flex="0 0 auto")
PLAY_TOOLTIP = "play the game step by step"


def states_of(source: Record | Sequence[State] | State | str | dict) -> list[State]:
    """The states to step through: a record (or its JSON) is replayed, a final state's
    own record is replayed, a list of states is taken as it is."""
    if isinstance(source, State):
        return boardlab.replay(source.record())
    if isinstance(source, Record | str | dict):
        return boardlab.replay(source)
    states = list(source)
    if not states or not all(isinstance(s, State) for s in states):
        raise TypeError("GameViewer needs a Record, a State or a non-empty list of states")
    return states


def events_for(state: State, viewer: int | None, reveal: bool) -> list[Event]:
    """The narration shown: everything when ``reveal``, else what ``viewer`` may read."""
    return state.events if reveal else state.visible_events(viewer)


def event_html(text: str) -> str:
    """One narration line as HTML, with "player N" in that player's colour."""

    def colour(match: re.Match) -> str:
        p = int(match.group(1))
        return f'<b style="color:{player_text_colour(p)}">player {p}</b>'

    return _PLAYER.sub(colour, html.escape(text))


def events_html(events: Sequence[Event], empty: str = "nothing happened") -> str:
    if not events:
        return f"<i>{html.escape(empty)}</i>"
    items = "".join(f"<li>{event_html(e.text)}</li>" for e in events)
    return f'<ul style="margin:0.2em 0; padding-left:1.4em">{items}</ul>'


def outcome_text(state: State) -> str:
    """The result in words, from the generic ``Outcome``."""
    return "" if state.outcome is None else state.outcome.describe()


def standings_html(state: State, readers: Sequence[int] = (), *, named: bool = False) -> str:
    """A finished game's standings in words: for each of ``readers`` (the humans) how
    they did ("You finished 3rd of 5, 4 points behind the winner"; ``named``: each line
    starts with the player, for hot-seat play), then the table of places and scores."""
    outcome = state.outcome
    if outcome is None:
        return ""
    words = getattr(state.game, "score_words", SCORE_WORDS)
    try:
        scores = list(state.scores)
    except NotImplementedError:
        scores = None
    lines = []
    for p in readers:
        said = how_you_did(outcome, scores, p, words)
        lines.append(f"<b>Player {p}:</b> {html.escape(said)}" if named else html.escape(said))
    you = "".join(f'<div style="margin-bottom:0.3em">{line}</div>' for line in lines)
    cut = outcome.status != "finished"
    caption = "Places when the game was cut short" if cut else "Final places"
    first = ("Result", "Players") if outcome.team is not None else ("Place", "Player")
    head = f"<tr><th>{first[0]}</th><th>{first[1]}</th><th>Score</th></tr>"
    cell = 'style="padding:0 0.8em 0 0; text-align:left"'
    rows = "".join(
        f"<tr><td {cell}>{html.escape(place)}</td><td {cell}>{event_html(who)}</td>"
        f"<td {cell}>{html.escape(score)}</td></tr>"
        for place, who, score in standings_rows(outcome, scores, words)
    )
    table = (
        f'<table style="border-collapse:collapse"><caption style="text-align:left">'
        f"<b>{caption}</b></caption><thead>{head.replace('<th>', f'<th {cell}>')}</thead>"
        f"<tbody>{rows}</tbody></table>"
    )
    return prose(you + table)


def with_board_png(bundle: dict | None, png: bytes | None) -> dict | None:
    """A widget's output bundle plus its board as ``image/png``: JupyterLab and Voilà show
    the live widget, viewers without a kernel (GitHub, nbviewer) show the picture."""
    if bundle is not None and png:
        bundle["image/png"] = base64.b64encode(png).decode("ascii")
    return bundle


def to_move_text(state: State) -> str:
    if state.outcome is not None:
        return outcome_text(state)
    return f"player {state.current_player} to move"


class DatedButton(Dated, widgets.Button):
    """A ``Button`` whose click handlers can ask ``sent_at(button)``."""


class DatedToggleButton(Dated, widgets.ToggleButton):
    """A ``ToggleButton`` whose observers can ask ``sent_at(button)``."""


class DatedIntSlider(Dated, widgets.IntSlider):
    """An ``IntSlider`` whose observers can ask ``sent_at(slider)``."""


#: Two browser times further apart than this (seconds) are not compared: the browser's
#: clock may have been set meanwhile, and the kernel's order of arrival is taken instead.
CLOCK_TRUST = 60.0


def sent_before(at: float | None, than: float | None, *, or_same: bool = False) -> bool:
    """Whether the browser sent ``at`` before ``than`` (``or_same``: or in the same
    millisecond); ``False`` when either is unknown (a call in Python: it comes now)."""
    if at is None or than is None or not -CLOCK_TRUST < than - at < CLOCK_TRUST:
        return False
    return at < than or (or_same and at == than)


class GameViewer(widgets.VBox):
    """Step through a game: the board on the left; on the right ⏮ ◀ ▶/⏸ ▶ ⏭ (icons),
    a step slider and the narration of the step, as a scrolling log.

    ``source`` is a ``Record``, a list of states (``boardlab.replay``) or a
    final ``State`` (its record is replayed). ``viewer`` is whose eyes the
    board and narration use (``None``: a spectator); ``reveal`` (the default)
    shows every hidden card and every event, as a teacher replaying a game
    would want. ``step`` is the step it opens at (0: the deal): a notebook opens
    it where something happens, and its saved picture shows that step.
    ``interval`` is the animation's time per step, in milliseconds.
    ``draw_ahead``: once a step is shown, the next board the way it went (the next
    step after ▶ or ▶/⏸, the one before after ◀) is drawn in the kernel's idle time
    (``serial.call_later``), so the click after it answers without drawing; the boards
    drawn are kept, the ``kept_boards`` (48) nearest the step drawn last. By default
    (``None``) only where an event loop runs it between messages (a Jupyter kernel,
    Pyodide): in plain Python (a script, the tests) it would draw on a timer thread
    beside the caller's drawing.

    The one source of truth is the step held in the kernel (``.step``): every
    button and a drag of the slider change it, and ▶/⏸ (one toggle: no stop button
    that jumps back to the deal) starts or stops a clock in the kernel that moves it
    on every ``interval`` (``serial.call_later`` on the kernel's event loop: the
    browser keeps no clock whose ticks could cross the kernel's answers). A step
    button or a drag pauses the animation.

    What is shown follows the step: the board is drawn for the step wanted, then the
    board, the narration and the slider are set together, so the slider never shows a
    step whose board is not drawn. One drawing at a time: clicks handled meanwhile
    (JupyterLab may hand them to another kernel thread) only change the step wanted,
    and when the drawing is done the latest step wanted is drawn next; a board drawn
    for a step no longer wanted is never shown. A click is drawn before its message is
    answered (by its thread, or by the thread drawing then), so once the kernel has
    answered every click the viewer is at rest: no clock of the browser, no echo,
    nothing moves it after.

    Clicks may reach the kernel in another order than they were made (two buttons'
    messages on two threads): the browser's time of each message (``serial.Dated``)
    puts ▶/⏸ back in its place — a ▶ sent before a step button that the kernel has
    already handled is out of date and undone (the step button paused), and a step
    button sent before a ▶ handled already moves the step but does not pause. A burst
    ▶ ⏭ ◀ ◀ ends paused whatever the order of handling (on the step that ⏭ and ◀
    lead to in that order: ◀ ◀ ⏭ ends on the last step).
    """

    def __init__(
        self,
        source: Record | Sequence[State] | State,
        viewer: int | None = None,
        reveal: bool = True,
        *,
        step: int = 0,
        interval: int = 1200,
        draw_ahead: bool | None = None,
    ) -> None:
        self._serial_lock = make_lock()  # clicks may be handled on two threads at once
        self._render_lock = threading.Lock()  # one board drawn at a time
        self.states = states_of(source)
        self.game = self.states[0].game
        self.viewer = viewer
        self.reveal = reveal
        self.interval = interval
        self._renderer = self.game.renderer()
        self._png: dict[int, bytes] = {}
        self.draw_ahead = draw_ahead
        self._heading = 1  # the way the steps went last: +1 on, -1 back
        self._step = 0  # the step wanted: the one source of truth
        self._shown: int | None = None  # the step whose board, narration and slider show
        self._drawing = False  # a thread is drawing (it draws the latest step wanted)
        self._playing = False
        self._run = 0  # the animation's number: a tick of an earlier one does nothing
        # the browser's times of the latest step command and of the latest ▶/⏸ handled
        self._moved_at: float | None = None
        self._toggled_at: float | None = None
        last = len(self.states) - 1

        def button(icon: str, tooltip: str) -> widgets.Button:
            return DatedButton(icon=icon, tooltip=tooltip, layout=BUTTON)

        self.first_button = button("fast-backward", "first step: the deal")
        self.prev_button = button("step-backward", "previous step")
        self.play_button = DatedToggleButton(
            value=False,
            icon="play",
            tooltip=PLAY_TOOLTIP,
            layout=widgets.Layout(width="2.6em", flex="0 0 auto", padding="0"),
        )
        self.next_button = button("step-forward", "next step")
        self.last_button = button("fast-forward", "last step: the end")
        self.slider = DatedIntSlider(
            value=0,
            min=0,
            max=last,
            description="step",
            continuous_update=False,
            style={"description_width": "3em"},
            layout=widgets.Layout(width="100%", min_width="16em"),
        )
        self.narration = widgets.HTML(layout=widgets.Layout(width="100%"))
        self.image = board_image()
        # screen readers: the icon buttons read their tooltips, the board its alt, and
        # each step's narration is read out; JupyterLab's shortcuts stay out
        self.access = access_help("boardlab-viewer")
        self.narration.add_class(LIVE)

        def on_click(where):
            return lambda b: self._move(where, sent_at(b))

        self.first_button.on_click(on_click(lambda step: 0))
        self.prev_button.on_click(on_click(lambda step: step - 1))
        self.next_button.on_click(on_click(lambda step: step + 1))
        self.last_button.on_click(on_click(lambda step: len(self.states) - 1))
        self.slider.observe(self._on_slider, names="value")
        self.play_button.observe(self._on_toggle, names="value")

        buttons = widgets.HBox(
            [
                self.first_button,
                self.prev_button,
                self.play_button,
                self.next_button,
                self.last_button,
            ]
        )
        controls = widgets.VBox([buttons, self.slider, self.narration])
        super().__init__([two_columns(board_column(self.image), controls), self.access])
        # stable CSS classes: the browser tests (tests/browser/) find the parts by them
        self.add_class("boardlab-viewer")
        for part, name in [
            (self.first_button, "first"),
            (self.prev_button, "prev"),
            (self.play_button, "play"),
            (self.next_button, "next"),
            (self.last_button, "last"),
            (self.slider, "step"),
            (self.narration, "narration"),
            (self.image, "image"),
        ]:
            part.add_class(f"boardlab-viewer-{name}")
        # open where something happens (a saved notebook shows this step): drawn once
        self._step = self._within(step)
        self._draw()

    # -- the step ------------------------------------------------------------------
    @property
    def step(self) -> int:
        """The step shown (once drawn): 0 is the deal, ``len(states) - 1`` the last
        position. Setting it pauses the animation and shows that step."""
        return self._step

    @step.setter
    def step(self, value: int) -> None:
        self._move(lambda step: value)

    @property
    def state(self) -> State:
        return self.states[self.step]

    @property
    def playing(self) -> bool:
        """Whether the animation runs (▶ was pressed, the last step is not reached)."""
        return self._playing

    def _within(self, step: int) -> int:
        return max(0, min(int(step), len(self.states) - 1))

    def _move(self, where, at: float | None = None) -> None:
        """A step command: a step button, a drag of the slider, ``.step = n``. The step
        wanted becomes ``where(step)`` (computed and set in one go: two clicks handled
        at once on two threads still add up); the animation pauses, unless the browser
        sent this before the ▶ already handled (``at``: the browser's time)."""
        with self._serial_lock:
            self._step = self._within(where(self._step))
            if not sent_before(at, self._toggled_at):
                self._pause()
            if at is not None and (self._moved_at is None or at > self._moved_at):
                self._moved_at = at
        self._draw()

    def _on_slider(self, change: dict) -> None:
        """The slider moved: by the kernel showing the step wanted (nothing to do), or
        dragged in the browser (a step command)."""
        value = change["new"]
        with self._serial_lock:
            if value == self._step:
                return
        self._move(lambda step: value, sent_at(self.slider))

    def _on_toggle(self, change: dict) -> None:
        """▶/⏸ pressed (its value is what the browser asks: play or pause). Pressed in
        the browser before a command the kernel has handled already (a step button, a
        later ▶/⏸), it is out of date: undone, the button shows what is so."""
        at = sent_at(self.play_button)
        playing = bool(change["new"])
        with self._serial_lock:
            if playing == self._playing:
                return  # the kernel's own change of the button
            if sent_before(at, self._moved_at, or_same=True) or sent_before(at, self._toggled_at):
                self._show_playing()
                return
            if at is not None:
                self._toggled_at = at
            if playing:
                self._play()
            else:
                self._pause()
        self._draw()

    # -- the animation (under the lock) -----------------------------------------------
    def _play(self) -> None:
        if self._step >= len(self.states) - 1:
            self._step = 0  # from the deal again
        self._playing = True
        self._run += 1
        self._show_playing()
        self._tick_later(self._run)

    def _pause(self) -> None:
        if self._playing:
            self._playing = False
            self._run += 1  # the tick on its way does nothing
            self._show_playing()

    def _show_playing(self) -> None:
        """▶/⏸ as it is: pressed while playing, its icon what a press does next."""
        self.play_button.value = self._playing
        self.play_button.icon = "pause" if self._playing else "play"
        self.play_button.tooltip = "pause" if self._playing else PLAY_TOOLTIP

    def _tick_later(self, run: int) -> None:
        call_later(self.interval / 1000, lambda: self._tick(run))

    def _tick(self, run: int) -> None:
        """The clock: one step on, shown, then the next tick (the animation stops at the
        last step). A tick of an animation since paused does nothing."""
        with self._serial_lock:
            if run != self._run:
                return
            self._step = self._within(self._step + 1)
        self._draw()
        with self._serial_lock:
            if run != self._run:
                return
            if self._step >= len(self.states) - 1:
                self._pause()
            else:
                self._tick_later(run)

    # -- drawing -------------------------------------------------------------------
    def _draw(self) -> None:
        """Show the step wanted. The board is drawn outside the lock (clicks handled
        meanwhile change only the step wanted), then shown only if its step is still
        the one wanted; the thread drawing goes on with the latest step wanted, and
        any other returns at once."""
        with self._serial_lock:
            if self._drawing:
                return
            self._drawing = True
        try:
            while True:
                with self._serial_lock:
                    target = self._step
                    if target == self._shown:
                        self._drawing = False
                        break
                png = self.png(target)
                with self._serial_lock:
                    if target == self._step:  # else stale: never shown
                        if self._shown is not None and target != self._shown:
                            self._heading = 1 if target > self._shown else -1
                        self._show(target, png)
        except BaseException:
            with self._serial_lock:
                self._drawing = False
            raise
        self._plan_ahead(target + self._heading)

    def _plan_ahead(self, i: int) -> None:
        """Draw step ``i``'s board later, when the kernel is idle (if it is not drawn)."""
        ahead = self.draw_ahead
        if ahead is None:
            ahead = sys.platform == "emscripten" or _kernel_loop() is not None
        if ahead and 0 <= i < len(self.states) and i not in self._png:
            call_later(0, lambda: self._draw_ahead(i))

    def _draw_ahead(self, i: int) -> None:
        """Draw the board of step ``i`` into the kept boards, unless the steps moved on
        meanwhile (it is no longer next to the step wanted): nothing is shown here, so
        the step wanted stays the one source of truth."""
        with self._serial_lock:
            if abs(self._step - i) != 1 or i in self._png:
                return
        self.png(i)

    def _show(self, i: int, png: bytes) -> None:
        """Board, narration, slider and buttons of step ``i``, together (under the
        lock); the slider last, once its board is there."""
        show_board(self.image, png, alt=board_alt(self.states[i], self.viewer))
        self.narration.value = self.narration_html(i)
        self._shown = i
        self.slider.value = i
        last = len(self.states) - 1
        self.first_button.disabled = self.prev_button.disabled = i == 0
        self.next_button.disabled = self.last_button.disabled = i == last

    # -- what is shown ---------------------------------------------------------------
    #: Boards kept drawn, the nearest the step drawn last: a Jambo board is about 115 kB
    #: (measured), so a game of 400 steps stepped through whole would keep 46 MB.
    kept_boards = 48

    def png(self, i: int) -> bytes:
        """The board at step ``i`` as PNG bytes (drawn once, then kept while it is among
        the ``kept_boards`` steps nearest the last one drawn)."""
        with self._render_lock:
            kept = self._png
            board = kept.get(i)
            if board is None:
                board = kept[i] = self._renderer.to_png(
                    self.states[i], viewer=self.viewer, reveal=self.reveal, dpi=SHARP_DPI
                )
                while len(kept) > self.kept_boards:  # forget the farthest from this step
                    del kept[max(kept, key=lambda step: abs(step - i))]
            return board

    def events(self, i: int) -> list[Event]:
        """The narration of step ``i``: the events of state ``i`` not in state ``i - 1``."""
        now = events_for(self.states[i], self.viewer, self.reveal)
        if i == 0:
            return now
        before = events_for(self.states[i - 1], self.viewer, self.reveal)
        return now[len(before) :]

    def narration_html(self, i: int) -> str:
        last = len(self.states) - 1
        head = "the deal" if i == 0 else f"step {i} of {last}"
        state = self.states[i]
        return prose(f"<b>{head.capitalize()}</b> · {event_html(to_move_text(state))}") + log_html(
            events_html(self.events(i), "nothing visible happened"), newest=False
        )

    def _repr_mimebundle_(self, **kwargs) -> dict | None:
        return with_board_png(super()._repr_mimebundle_(**kwargs), self.image.value)

    def __repr__(self) -> str:
        return f"GameViewer({self.game!r}, steps={len(self.states) - 1})"
