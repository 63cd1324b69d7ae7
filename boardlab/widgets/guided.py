"""``GuidedGame``: a game's guided first game, played in the notebook on the real engine.

The scenario (``boardlab/games/<game>/guided.toml``, read by ``boardlab.guide``)
says what each step asks; this widget is a ``PlayPanel`` for the learner's seat
with a coach box above its choices: the step's words, the rule it teaches (its
section, and whether it is the printed rule, a reconstruction or a decision),
"step 3 of 12", a Next button for words, radio buttons and Check for a question,
and the answer to every try. The moves the rules refuse are choosable too: one
played is answered with its rule, and nothing changes. The board marks the
places the step is about (the renderer's ``places``; a renderer without it marks
nothing). At the end: the result in words and what the learner now knows.

``storyboard(game)`` is the same guided game as one tall picture (each step's
board with its words), for readers of an exported notebook (GitHub, nbviewer).
"""

from __future__ import annotations

import html
import io
import textwrap
from pathlib import Path
from typing import Any

import ipywidgets as widgets
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from boardlab.core import State
from boardlab.guide import Lesson, Reply, Scenario, rule_mark
from boardlab.render import fig_to_png, highlight_places, release
from boardlab.render.canvas import BoardCanvas, png_bytes

from .layout import LINE, SHARP_DPI, note_html
from .play_panel import PlayPanel
from .serial import serialized
from .viewer import event_html, with_board_png

__all__ = ["GuidedGame", "storyboard"]

#: Colours of the coach's answers: a move accepted, a move or an answer not accepted.
RIGHT, NOT_YET = "#00825F", "#9a4a00"
#: The height in pixels of a caption's letters: on the widget's saved picture (drawn at
#: ``SHARP_DPI``) and on the storyboard's small boards.
CAPTION_PX = 22
STORY_CAPTION_PX = 14
#: The dpi of the storyboard's boards: small (a whole game in one picture), the boards'
#: words still legible.
STORY_DPI = 60


class GuidedGame(PlayPanel):
    """The guided first game of ``game`` (its name, a scenario file, or a ``Scenario``).

    Drive it as a learner would: ``pick(*labels)`` then ``play_button.click()`` (or
    ``choose(action)``), ``next()`` (or ``next_button.click()``), ``answer(option)``
    (or ``question.value = option`` and ``check_button.click()``); each returns the
    coach's ``Reply``. ``lesson`` is the lesson's logic (``boardlab.guide.Lesson``);
    Start again begins the lesson anew.
    """

    offers_refused = True

    def __init__(self, game: str | Path | Scenario) -> None:
        self.scenario = game if isinstance(game, Scenario) else Scenario.load(game)
        self.lesson = Lesson(self.scenario)
        self.reply: Reply | None = None
        self._board: MarkedBoard | None = None  # the board of the position shown
        self._marked: list[str] = []
        self.progress = widgets.HTML()
        self.coach = widgets.HTML(layout=widgets.Layout(width="100%"))
        self.next_button = widgets.Button(
            description="Next",
            button_style="primary",
            icon="arrow-right",
            tooltip="go on to the next step",
            layout=widgets.Layout(width="auto", flex="0 0 auto"),
        )
        self.next_button.on_click(lambda _: self.next())
        self.question = widgets.RadioButtons(options=[], value=None)
        self.check_button = widgets.Button(
            description="Check",
            button_style="primary",
            icon="check",
            tooltip="check your answer",
            layout=widgets.Layout(width="auto", flex="0 0 auto"),
        )
        self.check_button.on_click(lambda _: self.answer())
        # Check is enabled once the kernel has the answer chosen (a click on Check never
        # overtakes the choice it checks)
        self.question.observe(self._on_chosen, names="value")
        self.asking = widgets.VBox([self.question, self.check_button])
        self.coach_box = widgets.VBox(
            [self.progress, self.coach, self.next_button, self.asking],
            layout=widgets.Layout(
                width="100%", border="2px solid #0072B2", padding="4px 8px", margin="0 0 6px 0"
            ),
        )
        learner = self.lesson.learner
        agents = [None if p == learner else bot for p, bot in enumerate(self.lesson.bots)]
        super().__init__(self.lesson.game, agents, self.scenario.seed, viewer=learner)
        self.new_game_button.description = "Start again"
        self.new_game_button.tooltip = "the guided game again, from its first step"
        self.not_allowed.layout.display = "none"  # refused moves are choosable here
        self.controls.children = (self.header, self.coach_box, *self.controls.children[1:])
        self.remove_class("boardlab-play")  # not the notebook's plain play panel
        self.add_class("boardlab-guided")
        for part, name in [
            (self.coach_box, "coach"),
            (self.progress, "progress"),
            (self.next_button, "next"),
            (self.check_button, "check"),
            (self.question, "question"),
        ]:
            part.add_class(f"boardlab-guided-{name}")

    # -- the lesson behind the panel ----------------------------------------------------
    @serialized
    def new_game(self, seed: int | None = None, *, start: State | None = None) -> None:
        """Start the guided game again from its first step (``seed`` and ``start`` are the
        scenario's: they are not changed here)."""
        if getattr(self, "_started", False):
            self.lesson = Lesson(self.scenario)
        self._started = True
        self.seed = self.scenario.seed
        self.state = self.lesson.state
        self.reply = None
        self._mover = None
        self._marks = {}
        self._refresh()

    def _bots_move(self) -> None:
        """The lesson moves the other seats (its bots and its scripted moves)."""

    @property
    def legal_actions(self) -> list:
        """The learner's legal moves while the step asks for a move, else none."""
        return self.state.legal_actions() if self.lesson.awaits_move else []

    @serialized
    def choose(self, action: Any) -> Reply:
        """Try ``action`` for the learner: accepted, it is played and the lesson goes on;
        else the coach says why (the rule, or the step's words) and nothing changes."""
        learner = self.lesson.learner
        marks = {learner: len(self.state.visible_events(learner))}
        self._disable_play()  # spent before the board changes (see PlayPanel.choose)
        reply = self.lesson.try_move(action)
        self.reply = reply
        if reply.accepted:
            self._marks, self._mover = marks, learner
            self._refresh()
        else:
            self._show_steps()  # Play as it was: the move chosen is still chosen
            self._show_coach()
        return reply

    @serialized
    def next(self) -> Reply:
        """Next, on a step of words."""
        return self._after(self.lesson.next())

    @serialized
    def answer(self, option: str | None = None) -> Reply:
        """Answer the question with ``option`` (by default the one chosen)."""
        option = self.question.value if option is None else option
        if option is None:
            return self._after(Reply(False, "Choose an answer first."))
        return self._after(self.lesson.answer(option))

    def _after(self, reply: Reply) -> Reply:
        self.reply = reply
        if reply.accepted:
            self._refresh()  # the board is drawn again only if it changed
        else:
            if self.lesson.step is not None and self.lesson.step.kind == "ask":
                self.question.value = None  # a wrong answer: choose again
            self._show_coach()
        return reply

    @serialized
    def _on_chosen(self, change: dict) -> None:
        self.check_button.disabled = change["new"] is None

    # -- what is shown -------------------------------------------------------------------
    def _refresh(self) -> None:
        super()._refresh()
        self._show_coach()

    def _board_png(self, state: State, seat: int | None) -> bytes:
        """The board with the step's places marked. The board is drawn once per position
        (``MarkedBoard``); new marks on the same position are drawn over it, so a step of
        words or a question answers at once."""
        places = getattr(self._renderer, "places", None)
        found = places(state, viewer=seat) if places is not None else []
        names = self.lesson.highlights([name for name, _ in found]) if found else []
        position = (id(state), len(state.history), seat)
        board = self._board
        if board is None or board.position != position:
            if board is not None:
                board.close()
            board = self._board = MarkedBoard(self._renderer, state, seat, SHARP_DPI, position)
        self._marked = board.marks(found, names)
        return board.png(found, names)

    @property
    def marked(self) -> list[str]:
        """The places marked on the board now."""
        return list(self._marked)

    def _show_coach(self) -> None:
        lesson, step = self.lesson, self.lesson.step
        kind = None if step is None else step.kind
        # the controls first, the coach's words (which the browser test waits on) last;
        # the move's controls only while a move is asked for (no idle Play beside Next)
        self.choices.layout.display = None if lesson.awaits_move else "none"
        self.next_button.layout.display = None if kind == "next" else "none"
        self.asking.layout.display = None if kind == "ask" else "none"
        if kind == "ask" and getattr(self, "_asked", None) != (id(lesson), step.number):
            self._asked = (id(lesson), step.number)  # a new question: nothing chosen yet
            self.question.options = step.options
            self.question.value = None
            self.check_button.disabled = True
        if lesson.state.outcome is None and not lesson.awaits_move:
            words = "Read, then press Next." if kind == "next" else "Answer the question."
            self.status.value = f"<b>{words}</b>" if kind in ("next", "ask") else ""
        k, n = lesson.progress
        title = html.escape(self.scenario.title)
        if lesson.finished:
            self.progress.value = f"<b>{title}</b> · done: all {n} steps"
        elif lesson.free_play:
            self.progress.value = f"<b>{title}</b> · the steps are done: play on to the end"
        else:
            self.progress.value = f"<b>{title}</b> · step {k} of {n}"
        parts = []
        if lesson.index == 0 and not lesson.finished:
            parts.append(note_html(f"The goal: {self.scenario.goal}"))
        parts += [f"<div><i>{event_html(note)}</i></div>" for note in lesson.notes]
        if lesson.finished:
            parts.append(summary_html(lesson.summary()))
        elif step is not None:
            parts.append(f"<div><b>{event_html(step.text)}</b></div>")
            rule = lesson.rule()
            if rule is not None:
                quote = html.escape(rule.translation or rule.quote, quote=True)
                parts.append(
                    f'<div title="{quote}" style="color:#555; font-size:90%">'
                    f"Rule: {html.escape(rule.section)} · {html.escape(rule_mark(rule))}</div>"
                )
        if self.marked:
            parts.append(note_html(f"Marked on the board: {', '.join(self.marked)}."))
        if self.reply is not None and self.reply.text:
            colour = RIGHT if self.reply.accepted else NOT_YET
            sign = "✓" if self.reply.accepted else "✗"
            parts.append(
                f'<div class="boardlab-guided-reply" style="color:{colour}; font-weight:bold">'
                f"{sign} {html.escape(self.reply.text)}</div>"
            )
        # where the lesson stands, for the browser test to wait on: the step and the
        # actions played (a learner's move may leave the step as it was: ``repeat``)
        where = (
            f'data-step="{lesson.index + 1}" data-actions="{len(lesson.state.history)}" '
            f'data-finished="{str(lesson.finished).lower()}"'
        )
        self.coach.value = (
            f'<div role="status" aria-live="polite" {where} style="{LINE}">{"".join(parts)}</div>'
        )

    def caption(self) -> str:
        """The words under the saved picture: the step now, or the result at the end."""
        lesson = self.lesson
        if lesson.finished:  # the result, and how the learner did
            return " ".join(lesson.summary().split("\n")[:2])
        k, n = lesson.progress
        step = lesson.step
        text = step.text if step is not None else "Play on to the end of the game."
        return f"{self.scenario.title}, step {k} of {n}: {text}"

    def picture(self) -> bytes:
        """The board now with the step's words over it: the widget's saved picture."""
        return captioned(self.image.value, self.caption(), CAPTION_PX)

    def _repr_mimebundle_(self, **kwargs) -> dict | None:
        bundle = widgets.VBox._repr_mimebundle_(self, **kwargs)
        return with_board_png(bundle, self.picture())

    def __repr__(self) -> str:
        return f"GuidedGame({self.scenario.game!r})"


def summary_html(summary: str) -> str:
    """The lesson's summary (lines, "- " items) as HTML."""
    out, items = [], []
    for line in summary.splitlines():
        if line.startswith("- "):
            items.append(f"<li>{html.escape(line[2:])}</li>")
            continue
        if items:
            out.append(f'<ul style="margin:0.2em 0; padding-left:1.4em">{"".join(items)}</ul>')
            items = []
        if line.strip():
            out.append(f"<div><b>{event_html(line)}</b></div>")
    if items:
        out.append(f'<ul style="margin:0.2em 0; padding-left:1.4em">{"".join(items)}</ul>')
    return "".join(out)


class MarkedBoard:
    """One position's board, drawn once at ``dpi``, with marks drawn over it on demand.

    The figure is rendered once and its pixels kept (matplotlib's blitting:
    ``copy_from_bbox``); marks (``highlight_places``) are drawn on a copy of those
    pixels alone (``draw_artist``), then taken off again, so a change of marks costs
    the marks and a PNG, not the board.
    """

    def __init__(self, render, state: State, seat, dpi: float, position: tuple) -> None:
        self.position = position
        self.fig = render.draw(state, viewer=seat)  # whole: marks go between its layers
        self.fig.set_dpi(dpi)
        self.canvas = BoardCanvas(self.fig)  # the boards' Agg: its texts remembered
        self.canvas.draw()
        self.background = self.canvas.copy_from_bbox(self.fig.bbox)
        self._pngs: dict[tuple[str, ...], bytes] = {(): self._encode()}

    @staticmethod
    def marks(places, names) -> list[str]:
        """The names of ``names`` that are places of the board, in the places' order."""
        wanted = {name.lower() for name in names}
        return list(dict.fromkeys(n for n, _ in places if n.lower() in wanted))

    def png(self, places, names) -> bytes:
        """The board with ``names`` marked among ``places``, as PNG."""
        key = tuple(self.marks(places, names))
        if key not in self._pngs:
            ax = self.fig.axes[0]
            before = set(ax.patches)
            highlight_places(self.fig, places, key)
            added = [p for p in ax.patches if p not in before]
            self.canvas.restore_region(self.background)
            for artist in self._layered(ax, added):
                ax.draw_artist(artist)
            self._pngs[key] = self._encode()
            for patch in added:
                patch.remove()
            self.canvas.restore_region(self.background)
        return self._pngs[key]

    def _layered(self, ax, added: list) -> list:
        """The marks and, between them in their drawing order, the board's own artists
        over them (the words on a marked place stay on top of its pattern)."""
        renderer = self.canvas.get_renderer()
        boxes = [patch.get_window_extent(renderer) for patch in added]
        lowest = min(patch.get_zorder() for patch in added)
        over = []
        for artist in ax.get_children():
            if artist in added or artist.get_zorder() <= lowest or not artist.get_visible():
                continue
            try:
                extent = artist.get_window_extent(renderer)
            except Exception:  # an artist without an extent of its own is not redrawn
                continue
            if any(extent.overlaps(box) for box in boxes):
                over.append(artist)
        return sorted([*added, *over], key=lambda artist: artist.get_zorder())

    def _encode(self) -> bytes:
        return png_bytes(self.canvas)

    def close(self) -> None:
        release(self.fig)


def marked_png(render, state: State, seat, places, names, dpi: float) -> bytes:
    """``render``'s board of ``state`` as ``seat`` sees it, ``names`` marked among
    ``places`` (``boardlab.render.highlight_places``), as PNG at ``dpi``."""
    if not names:
        return render.to_png(state, viewer=seat, dpi=dpi)
    fig = render.draw(state, viewer=seat)
    try:
        highlight_places(fig, places, names)
        return fig_to_png(fig, dpi=dpi)
    finally:
        release(fig)


def captioned(png: bytes, text: str, font_px: float) -> bytes:
    """``png`` under a band with ``text``, wrapped to the picture's width, its letters
    ``font_px`` pixels high (the picture keeps its pixels)."""
    from matplotlib.image import imread

    pixels = imread(io.BytesIO(png), format="png")
    height, width = pixels.shape[:2]
    chars = max(20, int(width / (0.6 * font_px)))
    lines = [row for part in text.splitlines() for row in textwrap.wrap(part, chars) or [""]]
    band = (len(lines) * 1.35 + 0.8) * font_px
    total = height + band
    fig = Figure(figsize=(width / 72, total / 72), dpi=72)  # 1 point = 1 pixel
    FigureCanvasAgg(fig)
    ax = fig.add_axes((0.0, 0.0, 1.0, height / total))
    ax.imshow(pixels, interpolation="none")
    ax.set_axis_off()
    fig.text(
        0.5 * font_px / width,
        1 - 0.4 * font_px / total,
        "\n".join(lines),
        fontsize=font_px,
        va="top",
        linespacing=1.35,
    )
    try:
        return fig_to_png(fig, dpi=72)
    finally:
        release(fig)


def stacked(pictures: list[bytes]) -> bytes:
    """PNG pictures one under the other, on white, as one PNG."""
    import numpy as np
    from matplotlib.image import imread

    arrays = []
    for png in pictures:
        pixels = imread(io.BytesIO(png), format="png")
        if pixels.shape[2] == 3:
            pixels = np.dstack([pixels, np.ones(pixels.shape[:2])])
        arrays.append(pixels)
    width = max(a.shape[1] for a in arrays)
    gap = np.ones((12, width, 4))
    rows = []
    for a in arrays:
        pad = np.ones((a.shape[0], width - a.shape[1], 4))
        rows += [np.hstack([a, pad]), gap]
    from PIL import Image

    pixels = (np.vstack(rows[:-1])[:, :, :3] * 255).round().astype(np.uint8)
    buffer = io.BytesIO()  # 256 colours: a board's flat colours lose nothing, the file 1/3
    Image.fromarray(pixels).quantize(256).save(buffer, format="png", optimize=True)
    return buffer.getvalue()


def storyboard(game: str | Path | Scenario, *, dpi: float = STORY_DPI) -> bytes:
    """The guided game of ``game`` as one tall PNG: the board at each step the learner
    meets (first time only; the places marked), under the step's words, then the end
    with its result. Played by ``boardlab.guide.play_scenario``: the first move each
    step accepts, every question answered right."""
    from boardlab.guide import play_scenario

    scenario = game if isinstance(game, Scenario) else Scenario.load(game)
    pictures: list[bytes] = []
    seen: set[int] = set()
    render = scenario.make_game().renderer()

    def board(lesson: Lesson) -> bytes:
        state, seat = lesson.state, lesson.learner
        places = getattr(render, "places", None)
        found = places(state, viewer=seat) if places is not None else []
        names = lesson.highlights([name for name, _ in found]) if found else []
        return marked_png(render, state, seat, found, names, dpi)

    def snap(lesson: Lesson) -> None:
        step = lesson.step
        if step is None or step.number in seen:
            return
        seen.add(step.number)
        text = step.text
        if step.kind == "ask":
            text += f" (Answer: {step.answer}.)"
        pictures.append(captioned(board(lesson), f"{step.number}. {text}", STORY_CAPTION_PX))

    lesson = play_scenario(scenario, on_step=snap)
    end = lesson.summary().replace("\n\n", "\n")
    pictures.append(captioned(board(lesson), end, STORY_CAPTION_PX))
    return stacked(pictures)
