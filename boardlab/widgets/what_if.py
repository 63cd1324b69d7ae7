"""``WhatIfPanel``: a what-if without code — pick a game, a rule and its values, the
bots and the number of games; run; read the design metrics and see them plotted.

Generic over games: the parameters and their allowed values come from the
game's declarations, the bots from ``boardlab.sim.lineup`` specs ("heuristic" is
each game's own bot). The games run through ``boardlab.sim.sweep`` (seeded: the
same settings give the same numbers), reporting to a progress bar as they go.
The table is ``metrics.lab_table`` by value; the figure (``plot_what_if``) shows
the win rate of each seat per value with 95% intervals (the team's, for a
cooperative game) and the distribution of game lengths. Bad values are shown
as a message naming the parameter and what it allows, never raised; a failed run
clears the last results, so no answer stays on screen under settings it does not
belong to.

Seats follow the table: the bots are a line-up (``"heuristic,random"``: the heuristic
bot, then random players in the seats left) seated afresh at every player count tried
(``seated``), so Tembo's one-player game gets the heuristic bot alone. A line-up that
differs by seat is turned a seat per game (``sweep``'s default), so the seat columns
measure the game, not who sat in seat 0. Text is sized for a laptop (1366 × 768): the
figure's letters at least ``TEXT_PT`` points, shown at 80 dpi (about 12 px). When more
than 5% of a value's games were cut short by a safeguard cap, the panel says so above
the results (``metrics.cut_short_warning``): the numbers then describe stopped games.

Keyboard and screen readers, as ``PlayPanel``: an ``Access`` (``layout.access_help``) keeps
JupyterLab's shortcuts out of the panel, so in a notebook the arrow keys change a rule or
the bots, not the active cell, and Tab and Enter reach and press Run; the plots' picture
says in words what it shows (``figure_alt``: its ``alt``), and the message line is
``aria-live``, so the outcome of a run (how many games, or what was wrong) is read out
when it comes; the cut-short box is an alert, read out as it appears.
"""

from __future__ import annotations

import html
import warnings
from typing import Any

import ipywidgets as widgets
from matplotlib.backends.backend_agg import FigureCanvasAgg

import boardlab
from boardlab.core import BoardlabError
from boardlab.core.registry import game_class
from boardlab.render import (
    OKABE_ITO,
    BoardFigure,
    fig_to_png,
    player_colour,
    release,
)
from boardlab.sim import metrics
from boardlab.sim.sweep import parse_value, sweep
from boardlab.sim.tune import default_values

from .explorer import SEED_MAX
from .layout import LIVE, SHARP_DPI, access_help, board_image, note_html, show_board
from .serial import make_lock, serialized
from .viewer import with_board_png

#: The bots a what-if can use (``boardlab.sim.lineup`` specs; the last fills the table).
LINEUPS = ("random", "heuristic,random", "heuristic")
#: At most this many values are offered when a parameter is picked (the user may type more).
OFFERED = 4
LIST_KINDS = ("ints", "per_player")
#: The figure's size in inches: shown at ``BASE_DPI`` it is 880 × 336 px, inside a
#: notebook's column on a 1366 × 768 laptop.
FIGURE_SIZE = (11.0, 4.2)
#: The smallest letters of the figure, in points (12 px on screen at ``BASE_DPI``).
TEXT_PT = 11.0
#: The plots' text alternative before a run (``figure_alt`` says more once there is one).
FIGURE_ALT = "The what-if's plots: who wins, and how long games last"


def seated(lineup: str, seats: int) -> list[str]:
    """The agent specs of a line-up at a table of ``seats``: its entries in order, the last
    filling the seats left, cut to the table (``"heuristic,random"`` at a table of one is
    the heuristic bot alone)."""
    specs = [spec.strip() for spec in lineup.split(",") if spec.strip()]
    if not specs:
        raise ValueError(f"bots {lineup!r}: give at least one agent spec, e.g. random")
    return (specs + [specs[-1]] * seats)[:seats]


class _Seated:
    """``game -> specs``: the line-up seated at the game's table (a ``sweep`` agents function)."""

    def __init__(self, lineup: str) -> None:
        self.lineup = lineup

    def __call__(self, game) -> list[str]:
        return seated(self.lineup, game.num_players)


def player_counts(game_name: str, param: str, text: str) -> list[int]:
    """The table sizes a what-if will play: the values typed when the rule is the number
    of players (while they parse), else the game's own."""
    if param == "players":
        try:
            return sorted(set(parse_values(game_name, param, text)))
        except (BoardlabError, ValueError):
            pass
    spec = {s.name: s for s in game_class(game_name).specs}.get("players")
    return [spec.default] if spec is not None else [boardlab.load(game_name).num_players]


def seats_text(game_name: str, lineup: str, counts: list[int]) -> str:
    """Who sits where, in words: the seats at each table size and whether they turn."""
    try:
        tables = [f"{n} player{'s' * (n != 1)}: " + ", ".join(seated(lineup, n)) for n in counts]
    except ValueError as error:
        return str(error)
    uneven = any(len(set(seated(lineup, n))) > 1 for n in counts)
    turn = (
        "; the seats turn one place each game, so each bot takes every seat in turn"
        if uneven
        else ""
    )
    return f"Seats — {'; '.join(tables)}{turn}."


def offered_values(game_name: str, param: str) -> str:
    """A few values of ``param`` to start from, as the values box shows them."""
    spec = {s.name: s for s in game_class(game_name).specs}[param]
    if spec.kind in LIST_KINDS:
        default = ",".join(str(v) for v in spec.default)
        return default
    values = default_values(game_name, param)
    if len(values) > OFFERED:
        step = (len(values) - 1) / (OFFERED - 1)
        values = [values[round(i * step)] for i in range(OFFERED)]
    return ", ".join(str(v) for v in values)


def parse_values(game_name: str, param: str, text: str) -> list:
    """``"2, 3, 4"`` (``;`` between lists: ``"3,6;4,8"``) as checked values of ``param``."""
    spec = {s.name: s for s in game_class(game_name).specs}[param]
    items = [t.strip() for t in text.split(";" if spec.kind in LIST_KINDS else ",")]
    items = [t for t in items if t]
    if not items:
        raise ValueError(f"give at least one value of {param} ({spec.allowed})")
    return [spec.check(parse_value(spec, item)) for item in items]


def plot_what_if(frame, param: str, title: str = "") -> BoardFigure:
    """Win rate per seat (or the team's) per value of ``param`` with 95% intervals, and
    the distribution of game lengths per value: one figure, two panels."""
    fig = BoardFigure(figsize=FIGURE_SIZE)
    FigureCanvasAgg(fig)
    rates_ax, length_ax = fig.subplots(1, 2)
    groups = list(frame.groupby(param, sort=False))
    labels = [_label(value) for value, _ in groups]
    positions = range(len(groups))
    if metrics.is_cooperative(frame):
        stats = [metrics.TEAM_WIN_RATE(g) for _, g in groups]
        _errorbar(rates_ax, positions, stats, OKABE_ITO["bluish green"], "team")
        rates_ax.set_ylabel("team win rate (95% CI)", fontsize=TEXT_PT)
    else:
        seats = int(frame["num_players"].max())
        width = 0.6 / max(1, seats - 1)
        for seat in range(seats):
            stats = []
            for _, group in groups:
                rates = metrics.WIN_RATES(group)
                row = rates.loc[seat] if seat in rates.index else None
                ok = row is not None and group["num_players"].max() > seat
                stats.append((row.win_rate, row.ci_low, row.ci_high) if ok else (None,) * 3)
            shift = [p - 0.3 + seat * width if seats > 1 else p for p in positions]
            _errorbar(rates_ax, shift, stats, player_colour(seat), f"seat {seat}")
        rates_ax.set_ylabel("win rate (95% CI)", fontsize=TEXT_PT)
    rates_ax.set_ylim(0, 1)
    rates_ax.legend(
        loc="upper center", bbox_to_anchor=(0.5, -0.2), ncol=4, fontsize=TEXT_PT, frameon=False
    )
    rates_ax.set_title("who wins", fontsize=TEXT_PT + 1)
    length_ax.boxplot([list(g["actions"]) for _, g in groups], tick_labels=labels)
    length_ax.set_ylabel("decisions per game", fontsize=TEXT_PT)
    length_ax.set_title("game length", fontsize=TEXT_PT + 1)
    for ax in (rates_ax, length_ax):
        ax.set_xlabel(param, fontsize=TEXT_PT)
        ax.tick_params(labelsize=TEXT_PT)
    rates_ax.set_xticks(list(positions), labels)
    games = frame.groupby(param, sort=False).size()
    count = f"{games.iloc[0]:,} games per value" if games.nunique() == 1 else "games vary"
    fig.suptitle(f"{title} · {count}" if title else count, fontsize=TEXT_PT + 1)
    fig.tight_layout()
    return fig


def figure_alt(frame, param: str, label: str = "", title: str = "") -> str:
    """What ``plot_what_if``'s picture shows, in words, for a screen reader (its ``alt``):
    whose win rate, by which rule (``label``: its words, e.g. "Expeditions") and at which
    values, and that the game lengths are beside it. The numbers themselves are in the
    table under it, which a screen reader reads as a table."""
    values = ", ".join(_label(value) for value in frame[param].drop_duplicates())
    rule = f"{label} ({param})" if label and label != param else param
    who = "The team's" if metrics.is_cooperative(frame) else "Each seat's"
    head = f"{title}: " if title else ""
    return (
        f"{head}{who} win rate, with 95% intervals, for each value of {rule}: {values}; and the "
        "spread of game lengths, in decisions per game, for each value. The numbers are "
        "in the table below."
    )


def results_html(shown, param: str) -> str:
    """A ``metrics.readable`` table as a metric a row and a value a column, each cell its
    number over its 95% interval: narrow enough for a laptop, in type as large as the
    notebook's (14 px; the intervals 12 px, grey with a contrast of 7:1)."""
    table = shown.T
    cell = "padding:2px 10px; text-align:right; vertical-align:top"
    head = "".join(f'<th style="{cell}">{html.escape(_label(c))}</th>' for c in table.columns)
    rows = []
    for name, row in table.iterrows():
        cells = "".join(f'<td style="{cell}">{_cell_html(value)}</td>' for value in row)
        rows.append(f'<tr><th style="text-align:left; padding:2px 10px 2px 0">'
                    f"{html.escape(str(name))}</th>{cells}</tr>")  # fmt: skip
    return (
        '<div style="font-size:14px; line-height:1.3; overflow-x:auto">'
        f'<table><thead><tr><th style="text-align:left">{html.escape(param)} =</th>{head}'
        f"</tr></thead><tbody>{''.join(rows)}</tbody></table></div>"
    )


def warning_html(text: str | None) -> str:
    """``metrics.cut_short_warning``'s sentences as a box above the results (dark brown on
    pale orange: 10:1), or nothing when there is none."""
    if not text:
        return ""
    return (
        '<div role="alert" style="background:#fff4e5; border-left:4px solid #b35900; '
        f'color:#5c3100; font-size:14px; line-height:1.35; padding:4px 8px; margin:4px 0">'
        f"<b>Games cut short.</b> {html.escape(text)}</div>"
    )


def _cell_html(value: Any) -> str:
    """``"0.123 [0.100, 0.150]"`` as the number over its interval; anything else as text."""
    text = str(value)
    number, sep, interval = text.partition(" [")
    if not sep:
        return html.escape(text)
    return (
        f"{html.escape(number)}<br>"
        f'<span style="color:#555; font-size:12px">[{html.escape(interval)}</span>'
    )


def _label(value: Any) -> str:
    return ",".join(map(str, value)) if isinstance(value, tuple) else str(value)


def _errorbar(ax, xs, stats, colour, label) -> None:
    points = [(x, s) for x, s in zip(xs, stats, strict=True) if s[0] is not None]
    if not points:
        return
    x = [p for p, _ in points]
    y = [s[0] for _, s in points]
    err = [[s[0] - s[1] for _, s in points], [s[2] - s[0] for _, s in points]]
    ax.errorbar(x, y, yerr=err, fmt="o", color=colour, capsize=3, label=label)


class WhatIfPanel(widgets.VBox):
    """Pick a game, a parameter, its values, the bots and the number of games; Run plays
    them (a progress bar shows how far) and shows the metrics table and the plots."""

    def __init__(
        self,
        game_name: str | None = None,
        param: str | None = None,
        values: str | None = None,
        agents: str = "random",
        games: int = 50,
        seed: int = 0,
    ) -> None:
        self._serial_lock = make_lock()  # clicks may be handled on two threads at once
        names = boardlab.game_names()
        game_name = game_name or names[0]
        if game_name not in names:
            raise ValueError(f"no game {game_name!r}: one of {', '.join(names)}")
        wide = widgets.Layout(width="15em")
        style = {"description_width": "5em"}
        self.game = widgets.Dropdown(
            options=names, value=game_name, description="game", layout=wide, style=style
        )
        self.param = widgets.Dropdown(description="rule", layout=wide, style=style)
        self.values = widgets.Text(
            description="values",
            layout=widgets.Layout(width="20em"),
            style=style,
            placeholder="2, 3, 4",
        )
        lineups = list(dict.fromkeys([*LINEUPS, agents]))
        self.agents = widgets.Dropdown(
            options=lineups, value=agents, description="bots", layout=wide, style=style
        )
        self.games = widgets.BoundedIntText(
            value=games,
            min=1,
            max=100_000,
            description="games",
            layout=widgets.Layout(width="11em"),
            style=style,
        )
        self.seed = widgets.BoundedIntText(  # seeds are non-negative (``check_seed``)
            value=seed,
            min=0,
            max=SEED_MAX,
            description="seed",
            layout=widgets.Layout(width="11em"),
            style=style,
        )
        self.run_button = widgets.Button(
            description="Run",
            icon="play",
            button_style="primary",
            layout=widgets.Layout(width="auto"),
        )
        self.progress = widgets.IntProgress(
            value=0,
            min=0,
            max=1,
            description="games",
            style=style,
            layout=widgets.Layout(width="20em"),
        )
        self.seats = widgets.HTML()  # who sits where, at every table size tried
        # the outcome of a run or what was wrong with it: read out when it changes
        self.message = widgets.HTML()
        self.message.add_class(LIVE)
        self.warning = widgets.HTML()  # games cut short, above the results they qualify
        self.table = widgets.HTML()
        self.image = board_image(FIGURE_ALT)
        self.image.layout.display = "none"  # no picture (a broken one) before a run
        self.frame = None  # the games of the last run (a DataFrame)
        self.results = None  # its metrics table
        self.figure_png: bytes | None = None
        self.game.observe(self._on_game, names="value")
        self.param.observe(self._on_param, names="value")
        self.values.observe(self._on_seats, names="value")
        self.agents.observe(self._on_seats, names="value")
        self.run_button.on_click(lambda _: self.run())
        row = widgets.Layout(flex_flow="row wrap", align_items="center", grid_gap="2px 8px")
        controls = widgets.VBox(
            [
                widgets.HBox([self.game, self.param, self.values], layout=row),
                widgets.HBox(
                    [self.agents, self.games, self.seed, self.run_button, self.progress], layout=row
                ),
                self.seats,
                self.message,
            ]
        )
        # the plots over the table, each the notebook's width: side by side, both would
        # be too narrow to read on a 1366 px laptop
        # keyboard and screen readers: the notebook's shortcuts kept out (arrow keys stay
        # in a dropdown), the picture gets its alt, the message line its aria-live
        self.access = access_help("boardlab-what-if")
        super().__init__([controls, self.warning, self.image, self.table, self.access])
        # stable CSS classes: the browser tests (tests/browser/) find the parts by them
        self.add_class("boardlab-what-if")
        self.run_button.add_class("boardlab-what-if-run")
        for part, name in [
            (self.agents, "bots"),
            (self.seats, "seats"),
            (self.message, "message"),
            (self.warning, "warning"),
            (self.image, "image"),
            (self.table, "table"),
        ]:
            part.add_class(f"boardlab-what-if-{name}")
        self._fill_params(param)
        if values is not None:
            self.values.value = values

    # -- choices -------------------------------------------------------------------------
    def _fill_params(self, param: str | None = None) -> None:
        specs = [s for s in game_class(self.game.value).specs if s.kind != "datafile"]
        options = [s.name for s in specs]
        if param is not None and param not in options:
            raise ValueError(f"{self.game.value} has no parameter {param!r}: one of {options}")
        self.param.options = options
        self.param.value = param or options[0]
        self._on_param({"new": self.param.value})

    @serialized
    def _on_game(self, change: dict) -> None:
        self._fill_params()
        self.message.value = ""
        self._clear()  # the last results belong to the game left

    @serialized
    def _on_param(self, change: dict) -> None:
        if self.param.value is not None:
            self.values.value = offered_values(self.game.value, self.param.value)
            spec = {s.name: s for s in game_class(self.game.value).specs}[self.param.value]
            self.values.tooltip = f"{spec.doc} Allowed: {spec.allowed}."
        self._on_seats({})

    @serialized
    def _on_seats(self, change: dict) -> None:
        if self.param.value is None:
            return
        counts = player_counts(self.game.value, self.param.value, self.values.value)
        self.seats.value = note_html(seats_text(self.game.value, self.agents.value, counts))

    def _clear(self) -> None:
        """Forget the last results and take them off the screen."""
        self.frame = self.results = self.figure_png = None
        self.table.value = self.warning.value = ""
        self.image.layout.display = "none"
        self.image.value = b""
        self.image.tooltip = FIGURE_ALT
        self.progress.value = 0

    # -- running -------------------------------------------------------------------------
    def _report(self, done: int, total: int) -> None:
        self.progress.max = max(1, total)
        self.progress.value = done

    @serialized
    def run(self) -> None:
        """Play the games of every value and show the table and the plots (a bad value,
        bot or game is shown in the message line instead, and the last results go)."""
        name, param = self.game.value, self.param.value
        try:
            values = parse_values(name, param, self.values.value)
            with warnings.catch_warnings():  # said above the results, not printed (nbval)
                warnings.simplefilter("ignore", metrics.CutShortWarning)
                frame = sweep(
                    name,
                    {param: values},
                    _Seated(self.agents.value),
                    self.games.value,
                    self.seed.value,
                    progress=self._report,
                )
            results = metrics.lab_table(frame, by=param)
        except (BoardlabError, ValueError) as error:
            self._clear()
            self.message.value = note_html(str(error), "#b00020")
            return
        self.frame, self.results = frame, results
        self.warning.value = warning_html(metrics.cut_short_warning(frame, by=param))
        self.table.value = results_html(metrics.readable(results), param)
        title = f"{game_class(name).title}, bots: {self.agents.value}"
        fig = plot_what_if(frame, param, title=title)
        self.figure_png = fig_to_png(fig, dpi=SHARP_DPI)
        release(fig)
        spec = {s.name: s for s in game_class(name).specs}[param]
        alt = figure_alt(frame, param, spec.title, html.unescape(title))
        show_board(self.image, self.figure_png, alt=alt)
        self.image.layout.display = None
        turned = (
            " The seats turned one place each game." if frame.attrs["sweep"]["rotate_seats"] else ""
        )
        self.message.value = note_html(
            f"{len(frame)} games of {html.unescape(game_class(name).title)}: {param} = "
            f"{', '.join(map(_label, values))}; seed {self.seed.value} (the same settings "
            f"give the same numbers).{turned}"
        )

    def _repr_mimebundle_(self, **kwargs) -> dict | None:
        """The live panel, and for viewers without a kernel its last run's plots."""
        return with_board_png(super()._repr_mimebundle_(**kwargs), self.figure_png)

    def __repr__(self) -> str:
        return f"WhatIfPanel({self.game.value!r})"


__all__ = ["WhatIfPanel", "figure_alt", "plot_what_if"]
