"""The screen layout the widgets share: the board beside its controls, sharp and unstretched.

- ``two_columns(board, controls)``: the board on the left, the controls on the
  right, in one row while both fit (at least ``BOARD_MIN`` + ``CONTROLS_MIN``
  pixels: a laptop's 1366 px), stacked on narrower screens — a flex row that
  wraps, so no style sheet is needed (Voilà, JupyterLab and JupyterLite alike).
- ``board_image()`` / ``show_board(image, png)``: boards are drawn at
  ``SHARP`` × the renderer's dpi and shown at most ``1 / SHARP`` of their pixel
  width (sharp on high-density screens, never stretched), and never taller than
  the window leaves room for, so a decision and the board fit in one screen
  (768 px high). Each carries a text alternative (``board_alt``: the game, whose
  view, whose turn or how it ended) as its ``title``, which screen readers read.
- ``log_html(inner)``: narration as a fixed-height log that scrolls, showing
  its newest lines first (it opens scrolled to the bottom).
"""

from __future__ import annotations

import html

import ipywidgets as widgets
import traitlets

from boardlab.render import BASE_DPI, SHARP, png_size

#: The board column's and the controls column's smallest widths (px): below their sum
#: (plus the gap) the two columns stack.
BOARD_MIN, CONTROLS_MIN = 540, 340
#: The room left above and below the board for the window's bars and the widget's
#: header: the board is at most the window's height less this.
BOARD_MARGIN = "190px"
#: The dpi the widgets draw boards at.
SHARP_DPI = BASE_DPI * SHARP


def two_columns(board: widgets.Widget, controls: widgets.Widget) -> widgets.Box:
    """Board left, controls right; stacked (board first) when the two do not fit."""
    board.layout.flex = f"2 1 {BOARD_MIN}px"
    board.layout.min_width = "0"
    controls.layout.flex = f"1 1 {CONTROLS_MIN}px"
    controls.layout.min_width = "min(100%, 300px)"
    controls.layout.max_width = "44em"
    return widgets.Box(
        [board, controls],
        layout=widgets.Layout(
            display="flex",
            flex_flow="row wrap",
            align_items="flex-start",
            grid_gap="8px 16px",
            width="100%",
        ),
    )


#: A board picture's text alternative until the widget says more (``board_alt``).
BOARD_ALT = "The game board"


def board_alt(state, viewer: int | None = None) -> str:
    """What a board picture shows, in words, for a screen reader (and as the picture's
    tooltip): the game, whose view it is, and whose turn or how the game ended."""
    game = state.game
    title = getattr(game, "title", game.name)
    who = "a spectator" if viewer is None else f"player {viewer}"
    outcome = state.outcome
    if outcome is None:
        now = f"player {state.current_player} to play"
    elif outcome.team is not None:
        now = f"the game is over: the team {outcome.team}"
    elif outcome.winners:
        players = " and ".join(f"player {p}" for p in outcome.winners)
        now = f"the game is over: {players} win{'s' if len(outcome.winners) == 1 else ''}"
    else:
        now = "the game is over: nobody wins"
    return f"{title}: the board as {who} sees it; {now}."


class BoardImage(widgets.Image):
    """An ``Image`` whose ``tooltip`` is its text alternative (the ``title`` of the ``img``:
    what a screen reader says). ipywidgets 8's front end reads a ``description`` beside
    the tooltip, which ``Image`` lacks (a tooltip on a plain ``Image`` fails to display:
    "Could not create a view"); this one has an empty one."""

    description = traitlets.Unicode("").tag(sync=True)


def board_image(alt: str = BOARD_ALT) -> widgets.Image:
    """An ``Image`` for a board: its natural aspect, no wider than its column or than
    ``1 / SHARP`` of its pixels, no taller than the window leaves room for. ``alt`` is
    its text alternative (the ``title`` of the picture: what a screen reader says,
    and a tooltip), made precise by ``show_board(..., alt=board_alt(state, viewer))``."""
    return BoardImage(
        format="png",
        tooltip=alt,
        layout=widgets.Layout(
            width="auto",
            height="auto",
            max_width="100%",
            max_height=f"calc(100vh - {BOARD_MARGIN})",
            align_self="flex-start",
        ),
    )


def show_board(image: widgets.Image, png: bytes, alt: str | None = None) -> None:
    """Show ``png`` (drawn at ``SHARP_DPI``) at ``1 / SHARP`` of its pixel width at most;
    ``alt``: what it shows, in words (``board_alt``), else the text it had."""
    width = png_size(png)[0] // SHARP
    cap = f"min(100%, {width}px)"
    if image.layout.max_width != cap:
        image.layout.max_width = cap
    if alt is not None and image.tooltip != alt:
        image.tooltip = alt
    image.value = png


def board_column(image: widgets.Image, *below: widgets.Widget) -> widgets.VBox:
    """The board with what goes under it (a hint), as the left column."""
    return widgets.VBox([image, *below])


#: Line height of the widgets' prose (an HTML widget's default is a control's height).
LINE = "line-height:1.35"


def log_html(inner: str, height: str = "9em", newest: bool = True) -> str:
    """``inner`` in a box of fixed height that scrolls: opened at its end (the newest
    lines) when ``newest``, else at its start."""
    anchor = "display:flex; flex-direction:column-reverse; " if newest else ""
    return (
        f'<div style="max-height:{height}; overflow-y:auto; {anchor}{LINE}; '
        f'border-top:1px solid #ddd; padding-top:2px"><div>{inner}</div></div>'
    )


def prose(inner: str) -> str:
    """HTML in a block of normal line height (wrapped lines stay close together)."""
    return f'<div style="{LINE}">{inner}</div>'


def note_html(text: str, colour: str = "#555") -> str:
    """A short line of help, small and grey."""
    return f'<div style="color:{colour}; font-size:90%; {LINE}">{html.escape(text)}</div>'
