"""The screen layout the widgets share: the board beside its controls, sharp and unstretched.

- ``two_columns(board, controls)``: the board on the left, the controls on the
  right, in one row while both fit (at least ``BOARD_MIN`` + ``CONTROLS_MIN``
  pixels: a laptop's 1366 px), stacked on narrower screens — a flex row that
  wraps, so no style sheet is needed (Voilà, JupyterLab and JupyterLite alike).
- ``board_image()`` / ``show_board(image, png)``: boards are drawn at
  ``SHARP`` × the renderer's dpi and shown at most ``1 / SHARP`` of their pixel
  width (sharp on high-density screens, never stretched), and never taller than
  the window leaves room for, so a decision and the board fit in one screen
  (768 px high). Each carries a text alternative in words (``board_alt``: the
  game, whose view, whose turn or how it ended, the scores, the viewer's hand and
  the latest line of the narration) as its ``title``, which ``Access`` copies to
  the picture's ``alt``.
- ``Access(host)``: keyboard and screen-reader help for a panel, from inside it
  (``access_help``): JupyterLab's notebook shortcuts stay out of the panel (arrow
  keys move within a radio group or list, Enter presses a button), pictures get
  their ``alt``, icon buttons their label, live parts ``aria-live``, and
  ``focus_on(widget)`` puts the keyboard focus on a control.
- ``log_html(inner)``: narration as a fixed-height log that scrolls, showing
  its newest lines first (it opens scrolled to the bottom).
"""

from __future__ import annotations

import html

import ipywidgets as widgets
import traitlets

from boardlab.render import BASE_DPI, SHARP, png_size

try:  # the keyboard and screen-reader help (``Access``): a documented custom-widget library
    import anywidget
except ImportError:  # pragma: no cover - optional (extras lab, browser); the site lacks it
    anywidget = None

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


#: A hand longer than this is told in part ("… and 4 more").
ALT_HAND = 12


def board_alt(state, viewer: int | None = None) -> str:
    """What a board picture shows, in words, for a screen reader (the picture's ``alt``
    and tooltip): the game, whose view it is, whose turn or how the game ended, the
    scores, the viewer's hand and the latest line of the narration they may read."""
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
    parts = [f"{title}: the board as {who} sees it; {now}."]
    parts += [_scores_text(state), _hand_text(state, viewer)]
    events = state.visible_events(viewer)
    if events:
        parts.append(f"Latest: {events[-1].text.rstrip('.')}.")
    return " ".join(p for p in parts if p)


def _scores_text(state) -> str:
    """ "Scores: player 0 20 gold, player 1 18 gold." (empty if the game keeps none)."""
    try:
        scores = list(state.scores)
    except NotImplementedError:
        return ""
    if not scores or not all(isinstance(x, int | float) for x in scores):
        return ""
    one, many = getattr(state.game, "score_words", ("point", "points"))
    said = ", ".join(
        f"player {p} has {x:g} {one if x == 1 else many}" for p, x in enumerate(scores)
    )
    return f"Scores: {said}."


def _hand_text(state, viewer: int | None) -> str:
    """ "Your hand: zebra 5, lion 2." from the viewer's ``observation`` (empty for a
    spectator, a game without a hand, or a hand of anything but names and numbers)."""
    if viewer is None:
        return ""
    try:
        hand = state.observation(viewer).get("hand")
    except NotImplementedError:
        return ""
    if not isinstance(hand, list) or not all(isinstance(c, str | int) for c in hand):
        return ""
    if not hand:
        return "Your hand is empty."
    shown = ", ".join(str(c) for c in hand[:ALT_HAND])
    more = f" and {len(hand) - ALT_HAND} more" if len(hand) > ALT_HAND else ""
    return f"Your hand: {shown}{more}."


class BoardImage(widgets.Image):
    """An ``Image`` whose ``tooltip`` is its text alternative (the ``title`` of the ``img``,
    which ``Access`` copies to its ``alt``). ipywidgets 8's front end reads a ``description`` beside
    the tooltip, which ``Image`` lacks (a tooltip on a plain ``Image`` fails to display:
    "Could not create a view"); this one has an empty one."""

    description = traitlets.Unicode("").tag(sync=True)


def board_image(alt: str = BOARD_ALT) -> widgets.Image:
    """An ``Image`` for a board: its natural aspect, no wider than its column or than
    ``1 / SHARP`` of its pixels, no taller than the window leaves room for. ``alt`` is
    its text alternative (the ``title`` of the picture, a tooltip, and its ``alt`` once
    ``Access`` is in the page), made precise by ``show_board(..., alt=board_alt(...))``."""
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


#: ``Access``'s front end (anywidget's ES module). From the element of class ``host``
#: around it: it keeps JupyterLab's shortcuts out (Lumino matches no shortcut from an
#: element with ``data-lm-suppress-shortcuts``; the notebook's are ``... :focus``, which
#: the focused control itself matches, so every control carries it), copies a
#: picture's ``title`` to its ``alt`` and an icon button's to its ``aria-label``, names
#: each radio group (without a ``name`` every radio button is a group of its own,
#: which arrow keys do not move in), marks the ``boardlab-live`` parts ``aria-live`` on
#: their stable inner element, and moves the focus when asked (``{"focus": selector}``,
#: waiting until that part is drawn).
ACCESS_JS = """
let groups = 0;

function label(host) {
  for (const control of host.querySelectorAll("input, select, button, textarea, [tabindex]")) {
    if (!control.hasAttribute("data-lm-suppress-shortcuts")) {
      control.setAttribute("data-lm-suppress-shortcuts", "");
    }
  }
  for (const img of host.querySelectorAll("img[title]")) {
    const text = img.getAttribute("title");
    if (img.getAttribute("alt") !== text) img.setAttribute("alt", text);
  }
  for (const button of host.querySelectorAll("button")) {
    const text = button.getAttribute("title") || "";
    if (button.textContent.trim() === "" && text) {
      if (button.getAttribute("aria-label") !== text) button.setAttribute("aria-label", text);
    } else if (button.hasAttribute("aria-label")) {
      button.removeAttribute("aria-label");
    }
  }
  for (const box of host.querySelectorAll(".widget-radio-box")) {
    if (!box.dataset.boardlabGroup) box.dataset.boardlabGroup = "boardlab-choice-" + ++groups;
    if (box.getAttribute("role") !== "radiogroup") box.setAttribute("role", "radiogroup");
    for (const input of box.querySelectorAll('input[type="radio"]')) {
      if (input.name !== box.dataset.boardlabGroup) input.name = box.dataset.boardlabGroup;
    }
  }
  // a list of choices is named by the caption shown above it ("Choose:", "then:")
  for (const list of host.querySelectorAll(".widget-radio-box, select")) {
    const widget = list.closest(".widget-radio, .widget-select");
    const caption = widget && widget.previousElementSibling;
    const text = caption ? caption.textContent.trim().replace(/:$/, "") : "";
    if (text && list.getAttribute("aria-label") !== text) list.setAttribute("aria-label", text);
  }
  for (const live of host.querySelectorAll(".boardlab-live > .widget-html-content")) {
    if (live.getAttribute("aria-live") !== "polite") live.setAttribute("aria-live", "polite");
  }
}

function focusOn(host, selector, tries) {
  const part = host.querySelector(selector);
  const target = !part ? null
    : part.matches("button, select, input, textarea") ? part
    : part.querySelector('input[type="radio"]:checked') ||
      part.querySelector("input, select, button, textarea");
  if (target && !target.disabled) {
    target.focus();
  } else if (tries < 100) {
    setTimeout(() => focusOn(host, selector, tries + 1), 50);
  }
}

export default {
  render({ model, el }) {
    let host = null;
    let observer = null;
    let gone = false;
    const waiting = [];
    const find = (tries) => {
      if (gone) return;
      host = el.closest("." + model.get("host"));
      if (!host) {
        if (tries < 600) setTimeout(() => find(tries + 1), 50);
        return;
      }
      host.setAttribute("data-lm-suppress-shortcuts", "");
      label(host);
      observer = new MutationObserver(() => label(host));
      observer.observe(host, {
        subtree: true, childList: true, attributes: true, attributeFilter: ["title"],
      });
      for (const selector of waiting.splice(0)) focusOn(host, selector, 0);
    };
    const onMessage = (message) => {
      if (!message || typeof message.focus !== "string") return;
      if (host) focusOn(host, message.focus, 0);
      else waiting.push(message.focus);
    };
    model.on("msg:custom", onMessage);
    find(0);
    return () => {
      gone = true;
      if (observer) observer.disconnect();
      model.off("msg:custom", onMessage);
    };
  },
};
"""

#: The CSS class of the parts whose changes a screen reader announces (``aria-live``).
LIVE = "boardlab-live"


def _focus_class(widget: widgets.Widget) -> str:
    return f"boardlab-focus-{widget.model_id}"


if anywidget is not None:

    class Access(anywidget.AnyWidget):
        """Keyboard and screen-reader help for the panel of CSS class ``host`` it is put
        in (hidden; its front end is ``ACCESS_JS``). In JupyterLab a notebook's
        shortcuts would take the arrow keys and Enter from the panel's controls."""

        _esm = ACCESS_JS
        host = traitlets.Unicode("").tag(sync=True)

        def focus_on(self, widget: widgets.Widget) -> None:
            """Put the keyboard focus on ``widget`` (the checked or first radio button of a
            radio group), once the browser shows it."""
            name = _focus_class(widget)
            if name not in widget._dom_classes:
                widget.add_class(name)
            self.send({"focus": f".{name}"})

else:  # pragma: no cover - without anywidget: the panel works, without this help

    class Access(widgets.HTML):
        """A stand-in without ``anywidget``: no keyboard or screen-reader help."""

        host = traitlets.Unicode("")

        def focus_on(self, widget: widgets.Widget) -> None:
            pass


def access_help(host: str) -> Access:
    """The (hidden) ``Access`` for a panel of CSS class ``host``; put it among the
    panel's children."""
    return Access(host=host, layout=widgets.Layout(display="none"))


def place_words(names: list[str], most: int = 16) -> str:
    """Places in a few words, names with the same first words gathered: "cards 0, 3, 7;
    b14, b15" (at most ``most`` names, then how many more)."""
    shown, more = names[:most], len(names) - most
    # "card 0", "card 3" → "cards 0, 3"; names not of that kind ("green CROC 2") stay whole
    groups: dict[str, list[str]] = {}
    for name in shown:
        head, _, last = name.rpartition(" ")
        groups.setdefault(head, []).append(last)
    parts = []
    for head, lasts in groups.items():
        if not head:
            parts.append(", ".join(lasts))
        elif not head.replace(" ", "").isalpha() or not head.islower():
            parts.append(", ".join(f"{head} {last}" for last in lasts))
        elif len(lasts) == 1:
            parts.append(f"{head} {lasts[0]}")
        else:
            parts.append(f"{head}s {', '.join(lasts)}")
    text = "; ".join(parts)
    return f"{text} and {more} more" if more > 0 else text
