"""``PlayPanel``: play a game against bots in a notebook.

Generic over games: the panel offers exactly ``state.legal_actions()``
(buttons, or a searchable list when there are many), shows the rulebook's
words for the decision (``game.rule_help``), the narration since your last
move and the board from the game's renderer. Bots see only their ``View``,
as in ``boardlab.sim``. Callbacks never print (nbval; ``NOTEBOOKS.md``).
"""

from __future__ import annotations

import html
import re
from collections.abc import Sequence
from typing import Any

import ipywidgets as widgets

import boardlab
from boardlab.core import Game, IllegalAction, State, View
from boardlab.sim.play import seat_seed

from .viewer import event_html, events_html, outcome_text, with_board_png

#: More legal actions than this are offered as a list instead of buttons.
MAX_BUTTONS = 24


def natural_key(text: str) -> list:
    """Sort "space 9" before "space 10": digits compare as numbers."""
    return [int(part) if part.isdigit() else part for part in re.split(r"(\d+)", text)]


class PlayPanel(widgets.VBox):
    """Play ``game`` from ``seed``; ``agents`` has one entry per seat, ``None`` for a human.

    Bots move at once until a human must decide. ``viewer`` is whose eyes the
    board uses; by default the human whose turn it is (or the first human).
    ``choose(action)`` does what clicking that action does.
    """

    def __init__(
        self,
        game: Game | str,
        agents: Sequence[Any],
        seed: int = 0,
        viewer: int | None = None,
    ) -> None:
        self.game = boardlab.load(game) if isinstance(game, str) else game
        if len(agents) != self.game.num_players:
            raise ValueError(
                f"{self.game.name} with {self.game.num_players} players needs one agent per "
                "seat (None for a human)"
            )
        self.agents = list(agents)
        self.humans = [p for p, a in enumerate(self.agents) if a is None]
        self.fixed_viewer = viewer
        self._renderer = self.game.renderer()

        self.status = widgets.HTML()
        self.rule = widgets.HTML()
        self.choices = widgets.VBox()
        self.narration = widgets.HTML()
        self.image = widgets.Image(format="png", layout=widgets.Layout(max_width="100%"))
        self.new_game_button = widgets.Button(
            description="New game", icon="refresh", tooltip="start again with the next seed"
        )
        self.new_game_button.on_click(lambda _: self.new_game())
        self.buttons: list[widgets.Button] = []
        self.select: widgets.Select | None = None
        self.filter: widgets.Text | None = None
        self.play_button: widgets.Button | None = None
        super().__init__(
            [
                widgets.HBox([self.status, self.new_game_button]),
                self.rule,
                self.choices,
                self.narration,
                self.image,
            ]
        )
        # stable CSS classes: the browser tests (tests/browser/) find the parts by them
        self.add_class("boardlab-play")
        for part, name in [
            (self.status, "status"),
            (self.rule, "rule"),
            (self.choices, "choices"),
            (self.narration, "narration"),
            (self.image, "image"),
            (self.new_game_button, "new-game"),
        ]:
            part.add_class(f"boardlab-play-{name}")
        self.new_game(seed)

    # -- the game ----------------------------------------------------------------------
    def new_game(self, seed: int | None = None) -> None:
        """Start again: from ``seed``, or the next seed after the current game's."""
        self.seed = self.seed + 1 if seed is None else seed
        for seat, agent in enumerate(self.agents):
            reset = getattr(agent, "reset", None)
            if reset is not None:
                reset(seat_seed(self.seed, seat))
        self.state: State = self.game.new_game(self.seed)
        self._bots_move()
        self._mover: int | None = None
        self._marks: dict[int | None, int] = {}  # the narration starts with the deal
        self._refresh()

    @property
    def seat(self) -> int | None:
        """Whose eyes the board uses now: the fixed viewer, else the human to move (or the
        first human; ``None`` — a spectator — when every seat is a bot)."""
        if self.fixed_viewer is not None:
            return self.fixed_viewer
        if self.state.current_player in self.humans:
            return self.state.current_player
        return self.humans[0] if self.humans else None

    @property
    def legal_actions(self) -> list:
        """The actions offered now: the legal ones when a human must decide, else none."""
        if self.state.outcome is not None or self.state.current_player not in self.humans:
            return []
        return self.state.legal_actions()

    def choose(self, action: Any) -> None:
        """Play ``action`` for the human to move, then let the bots reply.

        Raises ``IllegalAction`` (and changes nothing) if it is not one of the
        actions offered.
        """
        if action not in self.legal_actions:
            why = "the game is over" if self.state.outcome else "it is not among the legal actions"
            raise IllegalAction(why, "", action)
        # where each possible reader's narration stands now: the text shown next starts
        # here, for whoever's eyes the panel uses after the bots' replies
        readers = {*self.humans, self.fixed_viewer}
        self._marks = {v: len(self.state.visible_events(v)) for v in readers}
        self._mover = self.state.current_player
        self.state.apply(action)
        self._bots_move()
        self._refresh()

    def _bots_move(self) -> None:
        state = self.state
        for _ in range(self.game.max_length + 1):
            if state.outcome is not None or state.current_player in self.humans:
                return
            p = state.current_player
            state.apply(self.agents[p].act(View(state, p)))
        raise RuntimeError(f"the bots played past {self.game.name}'s maximum length")

    # -- what is shown -------------------------------------------------------------------
    def _refresh(self) -> None:
        state = self.state
        seat = self.seat
        self.image.value = self._renderer.to_png(state, viewer=seat)
        since = state.visible_events(seat)[self._marks.get(seat, 0) :]
        if self._mover is None:
            head = "What happened"
        elif self._mover == seat:
            head = "Since your last move"
        else:
            head = f"Since player {self._mover}'s move"
        self.narration.value = f"<b>{head}:</b>{events_html(since)}"
        help_text = self.game.rule_help(state)
        self.rule.value = (
            f'<div style="max-width:60em"><b>Rule:</b> {html.escape(help_text)}</div>'
            if help_text
            else ""
        )
        actions = self.legal_actions
        if state.outcome is not None:
            self.status.value = f"<b>{event_html(outcome_text(state))}</b>"
        elif actions:
            p = state.current_player
            self.status.value = (
                f"<b>Your move, {event_html(f'player {p}')}</b> · {len(actions)} "
                f"option{'' if len(actions) == 1 else 's'}"
            )
        self._offer(actions)

    def _offer(self, actions: list) -> None:
        """Buttons for a few actions, a filterable list for many; nothing when not your turn."""
        self.buttons = []
        self.select = self.filter = self.play_button = None
        if not actions:
            self.choices.children = ()
            return
        ordered = sorted(actions, key=lambda a: natural_key(str(a)))
        if len(ordered) <= MAX_BUTTONS:
            for action in ordered:
                button = widgets.Button(
                    description=str(action),
                    tooltip=str(action),
                    layout=widgets.Layout(width="auto"),
                )
                button.on_click(lambda _, a=action: self.choose(a))
                button.add_class("boardlab-play-action")
                self.buttons.append(button)
            self.choices.children = (
                widgets.HBox(self.buttons, layout=widgets.Layout(flex_flow="row wrap")),
            )
            return
        self._ordered = ordered
        self.filter = widgets.Text(
            placeholder="type to filter, e.g. lion or 37",
            description="filter",
            continuous_update=True,
        )
        self.select = widgets.Select(
            options=[(str(a), i) for i, a in enumerate(ordered)],
            value=0,
            rows=12,
            layout=widgets.Layout(width="32em"),
        )
        self.play_button = widgets.Button(description="Play", button_style="primary", icon="check")
        self.play_button.on_click(lambda _: self._play_selected())
        self.select.add_class("boardlab-play-select")
        self.play_button.add_class("boardlab-play-go")
        self.filter.observe(self._on_filter, names="value")
        self.choices.children = (
            widgets.HBox([self.select, widgets.VBox([self.filter, self.play_button])]),
        )

    def _on_filter(self, change: dict) -> None:
        words = change["new"].lower().split()
        options = [(str(a), i) for i, a in enumerate(self._ordered) if matches(words, str(a))]
        self.select.options = options
        self.select.value = options[0][1] if options else None
        self.play_button.disabled = not options

    def _play_selected(self) -> None:
        if self.select is not None and self.select.value is not None:
            self.choose(self._ordered[self.select.value])

    def _repr_mimebundle_(self, **kwargs) -> dict | None:
        return with_board_png(super()._repr_mimebundle_(**kwargs), self.image.value)

    def __repr__(self) -> str:
        seats = ", ".join("human" if a is None else repr(a) for a in self.agents)
        return f"PlayPanel({self.game!r}, [{seats}])"


def matches(words: list[str], text: str) -> bool:
    """Does an action's text contain every filter word? A number must match a whole
    number ("7" finds "space 7", not "space 17"); other words match any part."""
    text = text.lower()
    numbers = set(re.findall(r"\d+", text))
    return all(w in numbers if w.isdigit() else w in text for w in words)
