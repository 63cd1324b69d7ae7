"""``GameViewer``: step through a recorded game, the board beside its controls and narration.

Generic over games: it replays a record (``boardlab.replay``), asks the
game's renderer for each board as PNG bytes and reads the narration from
``visible_events``. Callbacks only update widget values — they never print
and use no ``Output`` widget, so a notebook checked by nbval stays clean
(``shared/design/NOTEBOOKS.md``).
"""

from __future__ import annotations

import base64
import html
import re
from collections.abc import Sequence

import ipywidgets as widgets

import boardlab
from boardlab.core import Event, Record, State
from boardlab.render import player_text_colour

from .layout import (
    SHARP_DPI,
    board_column,
    board_image,
    log_html,
    prose,
    show_board,
    two_columns,
)
from .serial import make_lock, serialized

_PLAYER = re.compile(r"\bplayer (\d+)\b")
#: The step buttons: icons (Font Awesome, shipped with ipywidgets), no glyphs a font
#: may lack.
BUTTON = widgets.Layout(width="2.6em", flex="0 0 auto")


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


class GameViewer(widgets.VBox):
    """Step through a game: the board on the left; on the right ⏮ ◀ ▶/⏸ ▶ ⏭ (icons),
    a step slider and the narration of the step, as a scrolling log.

    ``source`` is a ``Record``, a list of states (``boardlab.replay``) or a
    final ``State`` (its record is replayed). ``viewer`` is whose eyes the
    board and narration use (``None``: a spectator); ``reveal`` (the default)
    shows every hidden card and every event, as a teacher replaying a game
    would want. ``step`` is the step it opens at (0: the deal): a notebook opens
    it where something happens, and its saved picture shows that step.

    The slider is the one source of truth for the step shown: every button sets
    it (from its own value, so rapid clicks add up), the board and the narration
    follow it, and ▶/⏸ (one toggle: no stop button that jumps back to the deal)
    animates it (a hidden ``Play`` is the clock). A step button pauses the
    animation. Every link is made in the kernel, none in the browser (two synced
    widgets linked in the browser answer each other's stale echoes under rapid
    clicks: the slider left on one step, the board on another), and a tick of the
    clock that arrives after a pause is undone, not shown.
    """

    def __init__(
        self,
        source: Record | Sequence[State] | State,
        viewer: int | None = None,
        reveal: bool = True,
        *,
        step: int = 0,
        interval: int = 1200,
    ) -> None:
        self._serial_lock = make_lock()  # clicks may be handled on two threads at once
        self.states = states_of(source)
        self.game = self.states[0].game
        self.viewer = viewer
        self.reveal = reveal
        self._renderer = self.game.renderer()
        self._png: dict[int, bytes] = {}
        self._following = self._moved = False
        last = len(self.states) - 1

        def button(icon: str, tooltip: str) -> widgets.Button:
            return widgets.Button(icon=icon, tooltip=tooltip, layout=BUTTON)

        self.first_button = button("fast-backward", "first step: the deal")
        self.prev_button = button("step-backward", "previous step")
        self.play_button = widgets.ToggleButton(
            value=False,
            icon="play",
            tooltip="play the game step by step",
            layout=widgets.Layout(width="2.6em", flex="0 0 auto", padding="0"),
        )
        self.next_button = button("step-forward", "next step")
        self.last_button = button("fast-forward", "last step: the end")
        self.slider = widgets.IntSlider(
            value=0,
            min=0,
            max=last,
            description="step",
            continuous_update=False,
            style={"description_width": "3em"},
            layout=widgets.Layout(width="100%", min_width="16em"),
        )
        # the animation's clock: hidden, its ticks set the slider (through the kernel)
        self.player = widgets.Play(
            value=0,
            min=0,
            max=last,
            interval=interval,
            show_repeat=False,
            layout=widgets.Layout(display="none"),
        )
        self.narration = widgets.HTML(layout=widgets.Layout(width="100%"))
        self.image = board_image()

        self.first_button.on_click(lambda _: self._move(lambda step: 0))
        self.prev_button.on_click(lambda _: self._move(lambda step: step - 1))
        self.next_button.on_click(lambda _: self._move(lambda step: step + 1))
        self.last_button.on_click(lambda _: self._move(lambda step: len(self.states) - 1))
        self.slider.observe(self._on_step, names="value")
        self.play_button.observe(self._on_toggle, names="value")
        self.player.observe(self._on_playing, names="playing")
        self.player.observe(self._on_tick, names="value")

        buttons = widgets.HBox(
            [
                self.first_button,
                self.prev_button,
                self.play_button,
                self.next_button,
                self.last_button,
                self.player,
            ]
        )
        controls = widgets.VBox([buttons, self.slider, self.narration])
        super().__init__([two_columns(board_column(self.image), controls)])
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
        self._show(0)
        if step:  # open where something happens (a saved notebook shows this step)
            self._go(step)

    # -- the step ------------------------------------------------------------------
    @property
    def step(self) -> int:
        """The step shown: 0 is the deal, ``len(states) - 1`` the last position."""
        return self.slider.value

    @step.setter
    def step(self, value: int) -> None:
        self._go(value)

    @property
    def state(self) -> State:
        return self.states[self.step]

    @serialized
    def _move(self, where) -> None:
        """A step button: ``where(step)`` is computed and set in one go (two clicks handled
        at once on two threads still add up)."""
        self._go(where(self.step))

    @serialized
    def _go(self, value: int) -> None:
        """What every step button does: pause, then set the slider (the board follows)."""
        self.play_button.value = False
        self.slider.value = max(0, min(int(value), len(self.states) - 1))

    @serialized
    def _on_step(self, change: dict) -> None:
        if self.player.value != change["new"]:
            self.player.value = change["new"]  # the clock goes on from the step shown
        self._follow()

    def _follow(self) -> None:
        """Show the slider's step, until what is shown is the slider's step: the slider
        moved while a board was drawn (dragged in the browser, its message handled on
        another thread) is followed, the board and narration never left on the step
        they started to draw."""
        if self._following:
            self._moved = True  # the outer call shows the new step when it is done
            return
        self._following = True
        try:
            while True:
                self._moved = False
                i = self.slider.value
                self._show(i)
                if not self._moved and self.slider.value == i:
                    return
        finally:
            self._following = False

    @serialized
    def _on_tick(self, change: dict) -> None:
        """The clock ticked: while playing, the slider follows; a late tick (after a
        pause, a step button) is undone."""
        if self.play_button.value:
            self.slider.value = change["new"]
        elif change["new"] != self.slider.value:
            self.player.value = self.slider.value

    @serialized
    def _on_toggle(self, change: dict) -> None:
        """▶/⏸ pressed (or the animation ended): the clock follows, the icon says what a
        press does next."""
        playing = bool(change["new"])
        if playing:
            self.player.value = self.slider.value  # the clock starts from the step shown
        self.player.playing = playing
        self.play_button.icon = "pause" if playing else "play"
        self.play_button.tooltip = "pause" if playing else "play the game step by step"

    @serialized
    def _on_playing(self, change: dict) -> None:
        self.play_button.value = bool(change["new"])

    def _show(self, i: int) -> None:
        show_board(self.image, self.png(i))
        self.narration.value = self.narration_html(i)
        last = len(self.states) - 1
        self.first_button.disabled = self.prev_button.disabled = i == 0
        self.next_button.disabled = self.last_button.disabled = i == last

    # -- what is shown ---------------------------------------------------------------
    def png(self, i: int) -> bytes:
        """The board at step ``i`` as PNG bytes (drawn once, then cached)."""
        if i not in self._png:
            self._png[i] = self._renderer.to_png(
                self.states[i], viewer=self.viewer, reveal=self.reveal, dpi=SHARP_DPI
            )
        return self._png[i]

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
