"""``PlayPanel``: play a game against bots in a notebook.

Generic over games: the panel offers exactly ``state.legal_actions()``, in
the steps the game's ``choice_path`` groups them in (a card, then a pile…),
with nothing chosen until the player chooses and nothing played until they
press Play; it shows the moves the rules refuse now, greyed, each with the
rule that forbids it (``state.candidate_actions()``); a filter box (hint:
``game.choice_hint``) and a click on the board (the renderer's optional
``locate``, through ``ipyevents``) narrow the choices; the places a legal
move is about are named under the board and outlined on it
(``boardlab.render.clicks``), and a click anywhere else says why nothing is
played there, in the rule's words when a rule refuses it. The board is on the
left, the controls on the right (stacked on narrow screens): the rulebook's
words for the decision (``game.rule_help``, collapsible), the choices, and
the narration since your last move as a scrolling log. Bots see only their
``View``, as in ``boardlab.sim``. Callbacks never print, so a notebook checked
by nbval stays clean.

Hot-seat play: with two or more human seats around one screen, the panel covers
the hand between two different humans' turns (the board drawn for nobody's
hidden cards, no choices) until the next player presses "I'm player N". At the
end every human reads where they finished and the table of places and scores
(``boardlab.core.outcome.standings``).
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

import ipywidgets as widgets

import boardlab
from boardlab.core import Game, IllegalAction, State, View
from boardlab.render import SHARP
from boardlab.render.clicks import outlined, place_boxes_px, place_under
from boardlab.sim.play import seat_seed

from . import choices as steps
from .choices import Choice, matches, mentions, natural_key
from .layout import (
    LIVE,
    SHARP_DPI,
    access_help,
    board_alt,
    board_column,
    board_image,
    log_html,
    note_html,
    place_words,
    prose,
    show_board,
    two_columns,
)
from .serial import make_lock, serialized
from .viewer import event_html, events_html, outcome_text, standings_html, with_board_png

try:  # clicks on the board: a maintained widget library; without it, no clicks
    from ipyevents import Event
except ImportError:  # pragma: no cover - ipyevents is a dependency
    Event = None

__all__ = ["PlayPanel", "matches", "natural_key"]

#: A step with at most this many options, none longer than ``RADIO_LABEL`` characters,
#: is a list of radio buttons (their labels do not wrap); else a list box.
RADIO_UP_TO = 6
RADIO_LABEL = 34
#: Rows of a step's list box.
LIST_ROWS = 7
#: The filter box is shown from this many candidate moves on.
FILTER_FROM = 9
#: Refused moves listed at most (the rest are counted).
REFUSED_SHOWN = 40
GREY = "#6b6b6b"


class PlayPanel(widgets.VBox):
    """Play ``game`` from ``seed``; ``agents`` has one entry per seat, ``None`` for a human.

    Bots move at once until a human must decide. ``viewer`` is whose eyes the
    board uses; by default the human whose turn it is (or the first human).
    ``start`` is a situation to play on from instead of the deal of ``seed`` (a
    state set up with ``arrange``, for an exercise); New game deals afresh.
    ``choose(action)`` does what choosing that action and pressing Play does;
    ``pick(*labels)`` chooses steps as a click on them would, ``click_board(x, y)``
    is a click on the board (pixels of ``render.to_png`` at its default dpi).

    ``hot_seat``: two or more humans share the screen. Each reads the narration since
    their own last move and, at the end, how they did; if the game hides cards from one
    player to another (not ``perfect_information``, and no ``open_hands`` rule showing
    every hand: ``hides_hands``) the screen is covered between two different humans'
    turns until the next one presses "I'm player N" (``take_seat()``). Without it, the
    board simply follows the human to move (a teacher's check of each view).
    """

    #: Whether the moves the rules refuse may be chosen and played too (the guided game
    #: answers them with their rule); a plain panel only greys them out.
    offers_refused = False

    def __init__(
        self,
        game: Game | str,
        agents: Sequence[Any],
        seed: int = 0,
        viewer: int | None = None,
        *,
        start: State | None = None,
        hot_seat: bool = False,
    ) -> None:
        self._serial_lock = make_lock()  # clicks may be handled on two threads at once
        self.game = boardlab.load(game) if isinstance(game, str) else game
        if start is not None and start.game != self.game:
            raise ValueError(f"start is a state of {start.game!r}, not of {self.game!r}")
        if len(agents) != self.game.num_players:
            raise ValueError(
                f"{self.game.name} with {self.game.num_players} players needs one agent per "
                "seat (None for a human)"
            )
        self.agents = list(agents)
        self.humans = [p for p, a in enumerate(self.agents) if a is None]
        self.fixed_viewer = viewer
        if hot_seat and len(self.humans) < 2:
            raise ValueError("hot_seat needs two or more human seats (None in agents)")
        if hot_seat and viewer is not None:
            raise ValueError("hot_seat shows each human their own hand: give no viewer")
        self.hot_seat = bool(hot_seat)
        hidden = not self.game.perfect_information
        #: Whether the game hides cards from one player to another: the cover's reason.
        self.hides_hands = hidden and not getattr(self.game.params, "open_hands", False)
        self.covered = False  # hot seat: the hand hidden until the next player takes the seat
        self._seated: int | None = None  # the human who last took the seat
        self._renderer = self.game.renderer()
        self._locate = getattr(self._renderer, "locate", None)

        self.status = widgets.HTML()
        self.new_game_button = widgets.Button(
            description="New game",
            icon="refresh",
            tooltip="start again with the next seed",
            layout=widgets.Layout(width="auto", flex="0 0 auto"),
        )
        self.new_game_button.on_click(lambda _: self.new_game())
        self.image = board_image()
        self.board_hint = widgets.HTML()
        self.rule_text = widgets.HTML()
        self.rule = widgets.Accordion([self.rule_text], selected_index=None)
        self.filter = widgets.Text(
            placeholder=self.game.choice_hint,
            description="filter",
            continuous_update=True,
            style={"description_width": "3em"},
            layout=widgets.Layout(width="100%"),
        )
        self.filter.observe(self._on_filter, names="value")
        self.place_button = widgets.Button(
            icon="times",
            tooltip="show every move again",
            layout=widgets.Layout(width="auto", flex="0 0 auto", display="none"),
        )
        self.place_button.on_click(lambda _: self.set_place(None))
        self.message = widgets.HTML()
        self.steps = widgets.VBox(layout=widgets.Layout(width="100%"))
        self.chosen = widgets.HTML()
        self.play_button = widgets.Button(
            description="Play",
            button_style="primary",
            icon="check",
            disabled=True,
            tooltip="choose a whole move first",
            layout=widgets.Layout(width="auto", flex="0 0 auto"),
        )
        self.play_button.on_click(lambda _: self._play_chosen())
        self.not_allowed = widgets.HTML(layout=widgets.Layout(width="100%"))
        self.narration = widgets.HTML(layout=widgets.Layout(width="100%"))
        # keyboard and screen readers: arrow keys stay in the panel, the focus comes back
        # after Play, the status and the narration are read out when they change
        self.access = access_help("boardlab-play")
        for live in (self.status, self.narration):
            live.add_class(LIVE)
        self.cover = widgets.HTML(layout=widgets.Layout(width="100%"))
        self.seat_button = widgets.Button(
            button_style="warning",
            icon="user",
            layout=widgets.Layout(width="auto", flex="0 0 auto"),
        )
        self.seat_button.on_click(lambda _: self._seat_pressed())
        self.cover_box = widgets.VBox(
            [self.cover, self.seat_button], layout=widgets.Layout(display="none")
        )
        self.standings = widgets.HTML(layout=widgets.Layout(width="100%"))
        self.choices = widgets.VBox(
            [
                widgets.HBox([self.filter, self.place_button]),
                self.message,
                self.steps,
                widgets.HBox(
                    [self.play_button, self.chosen],
                    layout=widgets.Layout(align_items="center", grid_gap="0 8px"),
                ),
                self.not_allowed,
            ],
            layout=widgets.Layout(width="100%"),
        )
        self.header = widgets.HBox(
            [self.status, self.new_game_button],
            layout=widgets.Layout(justify_content="space-between", align_items="center"),
        )
        self.controls = widgets.VBox(
            [self.header, self.cover_box, self.standings, self.rule, self.choices, self.narration]
        )
        super().__init__(
            [two_columns(board_column(self.image, self.board_hint), self.controls), self.access]
        )
        # stable CSS classes: the browser tests (tests/browser/) find the parts by them
        self.add_class("boardlab-play")
        for part, name in [
            (self.status, "status"),
            (self.rule, "rule"),
            (self.choices, "choices"),
            (self.filter, "filter"),
            (self.place_button, "place"),
            (self.message, "message"),
            (self.steps, "steps"),
            (self.chosen, "chosen"),
            (self.play_button, "go"),
            (self.not_allowed, "not-allowed"),
            (self.narration, "narration"),
            (self.image, "image"),
            (self.board_hint, "hint"),
            (self.new_game_button, "new-game"),
            (self.cover_box, "cover"),
            (self.seat_button, "take-seat"),
            (self.standings, "standings"),
        ]:
            part.add_class(f"boardlab-play-{name}")
        self._events = None
        if self._locate is not None and Event is not None:
            self._events = Event(source=self.image, watched_events=["click"])
            self._events.on_dom_event(self._on_board_event)
        self.levels: list[widgets.RadioButtons | widgets.Select] = []
        self.path: tuple[str, ...] = ()
        self.place: str | None = None
        self._missed: str | None = None  # a place clicked that no move is about ("": none)
        self.move_places: list[str] = []
        self.move_boxes: list[tuple] = []
        self._boxes: list | None = None
        self._quiet = False  # set while the panel itself changes its controls
        self._captions: list[widgets.HTML] = []
        self.new_game(seed, start=start)

    # -- the game ----------------------------------------------------------------------
    @serialized
    def new_game(self, seed: int | None = None, *, start: State | None = None) -> None:
        """Start again: from ``seed``, or the next seed after the current game's (or on
        from a copy of the situation ``start``)."""
        self.seed = self.seed + 1 if seed is None else seed
        for seat, agent in enumerate(self.agents):
            reset = getattr(agent, "reset", None)
            if reset is not None:
                reset(seat_seed(self.seed, seat))
        self.state: State = self.game.new_game(self.seed) if start is None else start.clone()
        self._bots_move()
        self._mover: int | None = None
        self._marks: dict[int | None, int] = {}  # the narration starts with the deal
        self._seated = None  # hot seat: whoever moves first takes the seat
        self._refresh()

    @property
    def seat(self) -> int | None:
        """Whose eyes the board uses now: the fixed viewer, else the human to move (or the
        first human; ``None`` — a spectator — when every seat is a bot, and in hot-seat
        play while the screen is covered or the game is over)."""
        if self.fixed_viewer is not None:
            return self.fixed_viewer
        if self.covered or (self.hides_hands and self.hot_seat and self.state.outcome):
            return None
        if self.state.current_player in self.humans:
            return self.state.current_player
        return self.humans[0] if self.humans else None

    @property
    def legal_actions(self) -> list:
        """The actions offered now: the legal ones when a human must decide (and, in
        hot-seat play, has taken the seat), else none."""
        if self.state.outcome is not None or self.state.current_player not in self.humans:
            return []
        if self.covered:
            return []
        return self.state.legal_actions()

    @property
    def selected(self) -> Any:
        """The move the steps chosen so far make (Play plays it), or ``None``."""
        found = steps.complete(self._shown, self.path, self.offers_refused)
        return None if found is None else found.action

    @property
    def refused(self) -> list[Choice]:
        """The moves the rules refuse now that fit the steps chosen (and the filter), each
        with its ``IllegalAction`` (``choice.why()``: the reason and the rule)."""
        return steps.under(self._shown, self.path)

    @serialized
    def choose(self, action: Any) -> None:
        """Play ``action`` for the human to move, then let the bots reply.

        Raises ``IllegalAction`` (and changes nothing) if it is not one of the
        actions offered.
        """
        if action not in self.legal_actions:
            why = "it is not among the legal actions"
            if self.state.outcome:
                why = "the game is over"
            elif self.covered:
                why = f"player {self.state.current_player} has not taken the seat yet"
            raise IllegalAction(why, "", action)
        if self.hot_seat:  # each human's narration runs from their own last move
            self._marks[self.state.current_player] = len(
                self.state.visible_events(self.state.current_player)
            )
        else:
            # where each possible reader's narration stands now: the text shown next
            # starts here, for whoever's eyes the panel uses after the bots' replies
            readers = {*self.humans, self.fixed_viewer}
            self._marks = {v: len(self.state.visible_events(v)) for v in readers}
        self._mover = self.state.current_player
        self.state.apply(action)
        self._bots_move()
        self._refresh()

    @serialized
    def take_seat(self) -> None:
        """Hot seat: the player to move says "I'm player N" and sees their hand."""
        if self.covered:
            self._seated = self.state.current_player
            self._refresh()

    @serialized
    def _seat_pressed(self) -> None:
        """ "I'm player N" pressed: the hand shown, the focus on its choices (the button
        it was on is hidden now)."""
        self.take_seat()
        self._focus_choices()

    def _bots_move(self) -> None:
        state = self.state
        for _ in range(self.game.max_length + 1):
            if state.outcome is not None or state.current_player in self.humans:
                return
            p = state.current_player
            state.apply(self.agents[p].act(View(state, p)))
        raise RuntimeError(f"the bots played past {self.game.name}'s maximum length")

    # -- choosing in steps ----------------------------------------------------------------
    @serialized
    def pick(self, *labels: str) -> None:
        """Choose these labels, step after step (as clicking them would); a label not on
        offer is a ``ValueError`` naming what is."""
        for label in labels:
            offered = steps.options(self._shown, self.path, self.offers_refused)
            if label not in offered:
                raise ValueError(f"{label!r} is not on offer after {self.path}: {offered}")
            self._set_path((*self.path, label))

    @serialized
    def click_board(self, x: float, y: float) -> str | None:
        """A click on the board at pixel ``(x, y)`` of ``render.to_png`` (default dpi):
        keep the moves that mention the place there (``render.locate``); off any place,
        show every move again, saying what the decision is about (and, on a place of the
        board no move is about, that nothing is played there). Returns the place."""
        if self._locate is None or not self.legal_actions:
            return None
        place = self._locate(self.state, x, y, viewer=self.seat)
        self.set_place(place)
        if place is None:
            boxes = [(name, _scaled(box, 1 / SHARP)) for name, box in self._sharp_boxes()]
            self._missed = place_under(boxes, x, y) or ""
            self.message.value = self._message([c for c in self._choices if c.legal], [])
        return place

    @serialized
    def set_place(self, place: str | None) -> None:
        """Keep only the moves that mention ``place`` (``None``: every move)."""
        self.place = place
        self._offer()

    @serialized
    def _on_board_event(self, event: dict) -> None:
        if event.get("type") == "click" and "dataX" in event:
            self.click_board(event["dataX"] / SHARP, event["dataY"] / SHARP)

    def _set_path(self, path: tuple[str, ...]) -> None:
        """Steps chosen: later steps with a single option are chosen too (never the first:
        nothing is chosen for the player), then the steps are shown again."""
        shown, refused = self._shown, self.offers_refused
        path = tuple(path)
        while path:
            offered = steps.options(shown, path, refused)
            if len(offered) != 1 or steps.complete(shown, path, refused) is not None:
                break
            path = (*path, offered[0])
        self.path = path
        self._show_steps()

    @serialized
    def _play_chosen(self) -> None:
        action = self.selected
        if action is not None:
            self.choose(action)
            self._focus_choices()

    def _focus_choices(self) -> None:
        """After Play (and the bots' replies): the keyboard focus on the first step's
        choices, else on what comes next (the seat to take, a new game); the Play button
        it was on is disabled now, and the browser would drop the focus to the page."""
        if self.levels:
            self.access.focus_on(self.levels[0])
        elif self.covered:
            self.access.focus_on(self.seat_button)
        else:
            self.access.focus_on(self.new_game_button)

    def _disable_play(self) -> None:
        self.play_button.disabled = True
        self.play_button.tooltip = "choose a whole move first"

    # -- what is shown -------------------------------------------------------------------
    def _refresh(self) -> None:
        state = self.state
        mover = state.current_player if state.outcome is None else None
        self.covered = (
            self.hot_seat and self.hides_hands and mover in self.humans and mover != self._seated
        )
        seat = self.seat
        self._boxes = None  # the places' boxes in the sharp picture, made on a click
        if self.hot_seat:  # no idle Play beside the cover
            self.choices.layout.display = "none" if self.covered else None
        if self.covered:
            narration = self._show_cover(mover)
        else:
            self.cover_box.layout.display = "none"
            since = state.visible_events(seat)[self._marks.get(seat, 0) :]
            if self.hot_seat:
                head = "Since your last move" if seat in self._marks else "What happened"
                if seat is None:  # the end, for everybody
                    head = "What happened"
            elif self._mover is None:
                head = "What happened"
            elif self._mover == seat:
                head = "Since your last move"
            else:
                head = f"Since player {self._mover}'s move"
            narration = f"<b>{head}:</b>" + log_html(events_html(since))
            self._show_rule(self.game.rule_help(state))
        self.standings.value = self._standings_html()
        self.standings.layout.display = None if self.standings.value else "none"
        actions = self.legal_actions
        if state.outcome is not None:
            self.status.value = f"<b>{event_html(outcome_text(state))}</b>"
        elif actions:
            p = state.current_player
            self.status.value = (
                f"<b>Your move, {event_html(f'player {p}')}</b> · {len(actions)} "
                f"option{'' if len(actions) == 1 else 's'}"
            )
        self._choices = steps.choices_of(state, self.offers_refused) if actions else []
        clickable = self._events is not None and bool(actions)
        # the places of the board a legal move is about now (outlined, named in the hint)
        places = self._places(seat) if clickable else []
        self.move_places = self._move_places(places)
        wanted = set(self.move_places)
        # their boxes (``render.places``' data coordinates), outlined on the board shown
        self.move_boxes = [box for name, box in places if name in wanted]
        with outlined(self.move_boxes):
            board = self._board_png(state, seat)
        show_board(self.image, board, alt=board_alt(state, seat))
        self.place = None
        self._missed = None
        self._quiet = True
        try:
            self.filter.value = ""
        finally:
            self._quiet = False
        self.filter.layout.display = None if len(self._choices) >= FILTER_FROM else "none"
        hint = "Click the board to keep only the moves about that place"
        if self.move_places:
            hint += f" (outlined): {place_words(self.move_places)}"
        self.board_hint.value = note_html(hint + ".") if clickable else ""
        self._offer()
        # the narration last: once the browser shows what just happened, the status, the
        # steps and Play it shows are this decision's (a new board beside a Play still
        # enabled for the move just played made the browser suite's next press wait 30 s
        # under load; disabling Play first, before the board, broke its play-to-the-end)
        self.narration.value = narration

    def _show_cover(self, player: int) -> str:
        """Hot seat, between two humans: the hand hidden, the choices and the rule too
        (they would tell the hand); the narration says whose turn it is. Returns it."""
        self.cover_box.layout.display = None
        self.cover.value = prose(
            f"<b>Player {player}'s turn.</b> Pass the screen to player {player}; the "
            "board shows nobody's hidden cards until they press the button."
        )
        self.seat_button.description = f"I'm player {player}"
        self.seat_button.tooltip = f"show player {player}'s hand and moves"
        self.status.value = f"<b>Waiting for {event_html(f'player {player}')}</b>"
        self._show_rule("")
        return note_html(f"Player {player}'s moves appear once they take the seat.")

    def _standings_html(self) -> str:
        """At the end: how each human did (every human in hot-seat play), and the table."""
        state = self.state
        if state.outcome is None:
            return ""
        if self.fixed_viewer is not None:
            readers = [self.fixed_viewer]
        else:
            readers = self.humans if self.hot_seat else self.humans[:1]
        return standings_html(state, readers, named=len(readers) > 1)

    def _board_png(self, state: State, seat: int | None) -> bytes:
        """The board as ``seat`` sees it, drawn sharp (the guided game marks places on it)."""
        return self._renderer.to_png(state, viewer=seat, dpi=SHARP_DPI)

    def _sharp_boxes(self) -> list:
        """The board's places with their boxes in the pixels of the picture shown (made
        on a click off the places ``locate`` names, once a decision)."""
        if self._boxes is None:
            self._boxes = place_boxes_px(self._renderer, self.state, self.seat, SHARP_DPI)
        return self._boxes

    def _places(self, seat: int | None) -> list:
        """The board's named places with their boxes (``render.places``), if it has any."""
        named = getattr(self._renderer, "places", None)
        return [] if named is None else named(self.state, seat)

    def _move_places(self, places: list) -> list[str]:
        """The names of ``places`` (in their order) that a legal move now mentions, once."""
        legal = [c.text for c in self._choices if c.legal]
        out: list[str] = []
        for name, _ in places:
            low = name.lower()
            if name not in out and any(low in t and mentions(name, t) for t in legal):
                out.append(name)
        return out

    def _about(self) -> str:
        """What this decision is about, in words: its places, else its first choices."""
        if self.move_places:
            return place_words(self.move_places)
        first = steps.options(self._choices, ())
        more = f" and {len(first) - 4} more" if len(first) > 4 else ""
        return "no place of the board (" + "; ".join(first[:4]) + more + ")"

    def _show_rule(self, text: str) -> None:
        self.rule_text.value = (
            f'<div style="max-width:60em">{html.escape(text)}</div>' if text else ""
        )
        self.rule.layout.display = None if text else "none"
        head = text.split(":", 1)[0] if 0 < text.find(":") <= 40 else text[:40].rstrip() + "…"
        self.rule.set_title(0, f"Rule: {head}" if text else "Rule")

    @serialized
    def _on_filter(self, change: dict) -> None:
        if not self._quiet:
            self._offer()

    def _offer(self) -> None:
        """The filter or the place changed (or a new decision): start the steps again."""
        words = self.filter.value.lower().split()
        self._missed = None
        self._shown = steps.narrow(self._choices, words, self.place)
        self._set_path(())

    def _show_steps(self) -> None:
        """One list per step chosen so far (and the next one); the move, the message and
        the refused moves under them."""
        shown, path, refused = self._shown, self.path, self.offers_refused
        legal = [c for c in self._choices if c.legal]
        levels = []
        for k in range(len(path) + 1):
            offered = steps.options(shown, path[:k], refused)
            if not offered:
                break
            value = path[k] if k < len(path) else None
            levels.append(self._level(k, offered, value))
        self.levels = levels
        self.steps.children = [
            part for k, level in enumerate(levels) for part in (self._caption(k), level)
        ]
        found = steps.complete(shown, path, refused)
        if found is None:
            self._disable_play()
        else:
            self.play_button.disabled = False
            self.play_button.tooltip = str(found.action)
        self.chosen.value = (
            prose(f"<b>{html.escape(str(found.action))}</b>")
            if found
            else note_html(" → ".join(path) + " → …")
            if path
            else ""
        )
        self.place_button.description = f"only: {self.place}" if self.place else ""
        self.place_button.layout.display = None if self.place else "none"
        self.message.value = self._message(legal, shown)
        self.not_allowed.value = refused_html(steps.under(shown, path))

    def _message(self, legal: list[Choice], shown: list[Choice]) -> str:
        if self._missed is not None and legal:  # a click that kept every move
            if not self._missed:
                return note_html(f"No place there: this decision is about {self._about()}.")
            return note_html(self._nothing_at(self._missed))
        if not legal or any(c.legal for c in shown):
            return ""
        if self.place and not self.filter.value.strip():
            return note_html(self._nothing_at(self.place))
        what = []
        if self.filter.value.strip():
            what.append(f"“{self.filter.value.strip()}”")
        if self.place:
            what.append(f"{self.place} (clicked on the board)")
        return note_html(f"No move matches {' and '.join(what)}: clear it to see every move.")

    def _nothing_at(self, place: str) -> str:
        """Why no move is about ``place``: the rule refusing the first move about it (as
        the refused moves are listed), else what the decision is about."""
        refused = [c for c in self._choices if not c.legal and mentions(place, c.text)]
        if refused:
            return f"Nothing can be played at {place} now: {refused[0].why()}."
        return f"Nothing is played at {place}: this decision is about {self._about()}."

    def _level(self, k: int, offered: list[str], value: str | None) -> widgets.Widget:
        """The widget of step ``k``: kept when it offers the same labels (so a list keeps
        its scroll position), else made anew; nothing selected unless chosen."""
        old = self.levels[k] if k < len(self.levels) else None
        labels = tuple(offered)
        if old is not None and tuple(old.options) == labels:
            if old.value != value:
                self._quiet = True
                try:
                    old.value = value
                finally:
                    self._quiet = False
            return old
        layout = widgets.Layout(width="100%")
        if len(labels) <= RADIO_UP_TO and max(map(len, labels)) <= RADIO_LABEL:
            level = widgets.RadioButtons(options=labels, value=value, layout=layout)
        else:
            rows = min(len(labels), LIST_ROWS)
            level = widgets.Select(options=labels, value=value, rows=rows, layout=layout)
        level.add_class("boardlab-play-step")
        level.add_class(f"boardlab-play-step-{k + 1}")
        level.observe(lambda change, k=k: self._on_level(k, change["new"]), names="value")
        return level

    def _caption(self, k: int) -> widgets.HTML:
        """ "Choose:" over the first step's list, "then:" over each next one (made once)."""
        while len(self._captions) <= k:
            text = "Choose:" if not self._captions else "then:"
            self._captions.append(widgets.HTML(note_html(text)))
        return self._captions[k]

    @serialized
    def _on_level(self, k: int, label: str | None) -> None:
        if self._quiet:
            return
        path = self.path[:k]
        self._set_path(path if label is None else (*path, label))

    def _repr_mimebundle_(self, **kwargs) -> dict | None:
        return with_board_png(super()._repr_mimebundle_(**kwargs), self.image.value)

    def __repr__(self) -> str:
        seats = ", ".join("human" if a is None else repr(a) for a in self.agents)
        return f"PlayPanel({self.game!r}, [{seats}])"


def _scaled(box: tuple, factor: float) -> tuple:
    return tuple(v * factor for v in box)


def refused_html(refused: list[Choice]) -> str:
    """The moves the rules refuse now, greyed, each with its reason and rule."""
    if not refused:
        return ""
    items = "".join(
        f'<li class="boardlab-play-refused">{html.escape(" → ".join(c.path))} — '
        f"{html.escape(c.why())}</li>"
        for c in refused[:REFUSED_SHOWN]
    )
    more = len(refused) - REFUSED_SHOWN
    if more > 0:
        items += f"<li>… and {more} more</li>"
    return (
        f'<div style="color:{GREY}; line-height:1.35"><b>Not allowed now</b> ({len(refused)}):'
        '<div style="max-height:7em; overflow-y:auto">'
        f'<ul style="margin:0.2em 0; padding-left:1.4em">{items}</ul></div></div>'
    )
