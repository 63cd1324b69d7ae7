"""``GameViewer``: step through a recorded game, board and narration side by side.

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
from boardlab.render import player_colour

_PLAYER = re.compile(r"\bplayer (\d+)\b")


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
        return f'<b style="color:{player_colour(p)}">player {p}</b>'

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
    """Step through a game: ⏮ ◀ ▶ ⏭, a Play button linked to a step slider, the
    narration of each step and the board.

    ``source`` is a ``Record``, a list of states (``boardlab.replay``) or a
    final ``State`` (its record is replayed). ``viewer`` is whose eyes the
    board and narration use (``None``: a spectator); ``reveal`` (the default)
    shows every hidden card and every event, as a teacher replaying a game
    would want.
    """

    def __init__(
        self,
        source: Record | Sequence[State] | State,
        viewer: int | None = None,
        reveal: bool = True,
        *,
        interval: int = 1200,
    ) -> None:
        self.states = states_of(source)
        self.game = self.states[0].game
        self.viewer = viewer
        self.reveal = reveal
        self._renderer = self.game.renderer()
        self._png: dict[int, bytes] = {}
        last = len(self.states) - 1

        button = widgets.Layout(width="3em")
        self.first_button = widgets.Button(description="⏮", tooltip="first step", layout=button)
        self.prev_button = widgets.Button(description="◀", tooltip="previous step", layout=button)
        self.next_button = widgets.Button(description="▶", tooltip="next step", layout=button)
        self.last_button = widgets.Button(description="⏭", tooltip="last step", layout=button)
        self.slider = widgets.IntSlider(
            value=0, min=0, max=last, description="step", continuous_update=False
        )
        self.player = widgets.Play(value=0, min=0, max=last, interval=interval, show_repeat=False)
        widgets.jslink((self.player, "value"), (self.slider, "value"))
        self.narration = widgets.HTML()
        self.image = widgets.Image(format="png", layout=widgets.Layout(max_width="100%"))

        self.first_button.on_click(lambda _: self._go(0))
        self.prev_button.on_click(lambda _: self._go(self.step - 1))
        self.next_button.on_click(lambda _: self._go(self.step + 1))
        self.last_button.on_click(lambda _: self._go(last))
        self.slider.observe(self._on_step, names="value")

        controls = widgets.HBox(
            [
                self.first_button,
                self.prev_button,
                self.player,
                self.next_button,
                self.last_button,
                self.slider,
            ]
        )
        super().__init__([controls, self.narration, self.image])
        # stable CSS classes: the browser tests (tests/browser/) find the parts by them
        self.add_class("boardlab-viewer")
        for part, name in [
            (self.first_button, "first"),
            (self.prev_button, "prev"),
            (self.next_button, "next"),
            (self.last_button, "last"),
            (self.slider, "step"),
            (self.narration, "narration"),
            (self.image, "image"),
        ]:
            part.add_class(f"boardlab-viewer-{name}")
        self._show(0)

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

    def _go(self, value: int) -> None:
        self.slider.value = max(0, min(int(value), len(self.states) - 1))

    def _on_step(self, change: dict) -> None:
        self._show(change["new"])

    def _show(self, i: int) -> None:
        self.image.value = self.png(i)
        self.narration.value = self.narration_html(i)
        last = len(self.states) - 1
        self.first_button.disabled = self.prev_button.disabled = i == 0
        self.next_button.disabled = self.last_button.disabled = i == last

    # -- what is shown ---------------------------------------------------------------
    def png(self, i: int) -> bytes:
        """The board at step ``i`` as PNG bytes (drawn once, then cached)."""
        if i not in self._png:
            self._png[i] = self._renderer.to_png(
                self.states[i], viewer=self.viewer, reveal=self.reveal
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
        return (
            f"<b>{head.capitalize()}</b> · {event_html(to_move_text(state))}"
            f"{events_html(self.events(i), 'nothing visible happened')}"
        )

    def _repr_mimebundle_(self, **kwargs) -> dict | None:
        return with_board_png(super()._repr_mimebundle_(**kwargs), self.image.value)

    def __repr__(self) -> str:
        return f"GameViewer({self.game!r}, steps={len(self.states) - 1})"
