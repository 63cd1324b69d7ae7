"""A game's reference card: one screen (or one printed A4 page) a player keeps beside the board.

``reference_card(game)`` draws the rulebook entries that carry a ``card`` (see
``boardlab.core.coverage.Rule``): their ``summary`` lines grouped under the card's sections
in ``CARDS`` order — Setup, Your turn, Actions, Game end, Scoring — each line with a letter
for what the rule is (``P`` printed rule, ``R`` reconstruction, ``D`` decision) and the key
to those letters at the bottom. Letters, not colour alone, carry the mark.

The card is landscape, ``WIDTH`` × ``HEIGHT`` inches (A4's proportions), drawn at ``DPI``
(sharp when printed) and laid out in two or three columns with the largest font that fits,
never smaller than ``SMALLEST`` points: shown in a notebook's output at 720 CSS px or more,
that is at least 9 px. ``python -m boardlab.figures`` saves it as
``figures/<game>_reference.png``, with ``fingerprint(game)`` in the PNG's text (``KEY``) so a
test can tell when the rulebook entries have changed since.
"""

from __future__ import annotations

import hashlib
import textwrap
from dataclasses import dataclass

from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.font_manager import FontProperties
from matplotlib.patches import FancyBboxPatch

from boardlab.core.coverage import CARDS, SUMMARY_MAX, Rule, players_words, rulebook
from boardlab.render import BoardFigure

#: The card's size in inches (A4 landscape's proportions) and the dpi it is drawn at.
WIDTH, HEIGHT = 10.0, 10.0 / 2**0.5
DPI = 150
#: Margins around the card and the gap between its columns (inches).
MARGIN, GUTTER = 0.35, 0.3
#: Font sizes (points) tried for the lines, largest first; ``SMALLEST`` is the floor.
SIZES = (11.5, 11.0, 10.5, 10.0, 9.5, 9.0)
SMALLEST = SIZES[-1]
#: Line pitch, in font sizes.
LEADING = 1.25
#: Columns tried at each size, fewest first.
COLUMNS = (2, 3)
#: A line's mark as a letter, and the badge's fill and ink (the letter carries the meaning).
LETTERS = {"printed rule": "P", "reconstruction": "R", "decision": "D"}
BADGE = {
    "printed rule": ("#0072B2", "white"),
    "reconstruction": ("#E69F00", "black"),
    "decision": ("#CC79A7", "black"),
}
#: The key's words for each mark.
MEANING = {
    "printed rule": "printed rule: the rulebook says so",
    "reconstruction": "reconstruction: an unclear text rebuilt",
    "decision": "decision: the rulebook is silent; we chose",
}
#: The PNG text key that holds ``fingerprint(game)``; bump ``LAYOUT`` when the drawing
#: changes, so committed cards are made again.
KEY = "boardlab-reference"
LAYOUT = "1"
INK, RULE_LINE, HEADING = "#222222", "#8a6d3b", "#5b4520"


@dataclass(frozen=True)
class Line:
    """One line of the card: its section, the mark's words and the text."""

    card: str
    mark: str
    text: str


def card_text(rule: Rule) -> str:
    """What the card says for ``rule``: its summary, or else its (English) quote in players'
    words, shortened at a word to ``SUMMARY_MAX`` characters."""
    if rule.summary:
        return rule.summary
    words = " ".join((rule.translation or rule.quote).replace("``", "").split())
    words = players_words(words, rule.mark)
    return textwrap.shorten(words, SUMMARY_MAX, placeholder=" …")


def card_lines(game: str) -> list[Line]:
    """The card's lines in ``CARDS`` order, each section's in the rulebook's order."""
    rules = [r for r in rulebook(game).rules if r.card]
    return [Line(c, r.mark, card_text(r)) for c in CARDS for r in rules if r.card == c]


def title(game: str) -> str:
    """The card's title: the game's name."""
    from boardlab.core.registry import game_class

    return getattr(game_class(game), "title", game)


def players(game: str) -> str:
    """ "For 2 players", "For 3 to 7 players": the printed counts where the game declares
    them, else its ``players`` parameter's range."""
    import boardlab

    spec = next((p for p in boardlab.load(game).parameter_specs() if p.name == "players"), None)
    if spec is None:
        return ""
    low, high = (min(spec.printed), max(spec.printed)) if spec.printed else (spec.low, spec.high)
    if low == high:
        return f"For {low} player{'s' if low != 1 else ''}"
    return f"For {low} to {high} players"


def fingerprint(game: str) -> str:
    """A digest of what the card shows (title, players, lines) and of its layout's version."""
    text = "\n".join(
        [
            LAYOUT,
            title(game),
            players(game),
            *(f"{x.card}|{x.mark}|{x.text}" for x in card_lines(game)),
        ]
    )
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


# -- layout ---------------------------------------------------------------------------------


def _measure(fig: Figure):
    """A function ``(text, points, bold=False) -> width in inches`` on ``fig``'s renderer:
    each word measured once at 10 points and scaled (widths grow with the size), so laying
    out a card at every size costs a measurement per word, not per try."""
    renderer = fig.canvas.get_renderer()
    fonts = {bold: FontProperties(size=10, weight="bold" if bold else "normal") for bold in (0, 1)}
    words: dict[tuple[str, bool], float] = {}

    def measured(word: str, bold: bool) -> float:
        if (word, bold) not in words:
            w, _, _ = renderer.get_text_width_height_descent(word, fonts[bold], ismath=False)
            words[word, bool(bold)] = w / fig.dpi
        return words[word, bool(bold)]

    def width(text: str, points: float, bold: bool = False) -> float:
        parts = text.split(" ")
        inches = sum(measured(p, bold) for p in parts)
        inches += (len(parts) - 1) * (measured("a a", bold) - 2 * measured("a", bold))
        return inches * points / 10 * 1.02  # 2%: kerning and hinting at other sizes

    return width


def _wrap(text: str, room: float, points: float, width) -> list[str]:
    """``text`` in lines no wider than ``room`` inches (a word longer than that stands alone)."""
    lines: list[str] = []
    for word in text.split():
        if lines and width(f"{lines[-1]} {word}", points) <= room:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines or [""]


@dataclass
class _Block:
    """A drawable piece of a column: a section heading, or an entry's wrapped lines."""

    kind: str  # "heading" or "entry"
    text: str | list[str]
    mark: str = ""

    def height(self, points: float) -> float:
        leading = points * LEADING / 72
        if self.kind == "heading":
            return leading * 1.6
        return leading * len(self.text) + leading * 0.4


def _sections(lines: list[Line], room: float, points: float, width) -> list[list[_Block]]:
    """Each card section with lines: its heading block, then its entries, wrapped."""
    out = []
    for card in CARDS:
        mine = [x for x in lines if x.card == card]
        if mine:
            entries = [_Block("entry", _wrap(x.text, room, points, width), x.mark) for x in mine]
            out.append([_Block("heading", card), *entries])
    return out


def _flow(
    sections: list[list[_Block]], columns: int, tall: float, points: float
) -> list[list[_Block]] | None:
    """The sections poured into ``columns`` columns ``tall`` inches high: a section whole
    in one column where it fits in one, else split under a repeated heading; ``None`` if
    they do not fit."""
    out: list[list[_Block]] = [[]]
    used = 0.0

    def size(blocks: list[_Block]) -> float:
        return sum(b.height(points) for b in blocks)

    def next_column() -> bool:
        nonlocal used
        if len(out) == columns:
            return False
        out.append([])
        used = 0.0
        return True

    for section in sections:
        fits_alone = size(section) <= tall
        if used + size(section) > tall and out[-1] and fits_alone and not next_column():
            return None
        heading, *entries = section
        pending = [heading]
        for entry in entries:
            if used + size(pending) + entry.height(points) > tall:
                if len(pending) > 1:
                    out[-1].extend(pending)
                    pending = [_Block("heading", f"{heading.text} (continued)")]
                if not next_column() or size(pending) + entry.height(points) > tall:
                    return None
            pending.append(entry)
        out[-1].extend(pending)
        used += size(pending)
    return out


def _layout(lines: list[Line], width, body: float, across: float):
    """The largest size and fewest columns at which the lines fit in ``body`` inches:
    ``(points, poured blocks, column width, body)``; if none does, the smallest size in the
    most columns and ``body`` grown until they fit (the card is then taller than a screen)."""
    badge = 0.3
    for points in SIZES:
        for columns in COLUMNS:
            column = (across - GUTTER * (columns - 1)) / columns
            sections = _sections(lines, column - badge, points, width)
            poured = _flow(sections, columns, body, points)
            if poured is not None:
                return points, poured, column, body
    columns = COLUMNS[-1]
    column = (across - GUTTER * (columns - 1)) / columns
    sections = _sections(lines, column - badge, SMALLEST, width)
    while (poured := _flow(sections, columns, body, SMALLEST)) is None:
        body += 0.25
    return SMALLEST, poured, column, body


#: Inches above the columns (the title) and below them (the key).
TOP_BAND, KEY_BAND = 0.75, 0.45


def reference_card(game: str) -> Figure:
    """The reference card of ``game`` (its rulebook entries with a ``card``), as a figure
    whose one axes spans it in inches from the top left (``y`` down)."""
    lines = card_lines(game)
    fig = BoardFigure(figsize=(WIDTH, HEIGHT), dpi=DPI)
    FigureCanvasAgg(fig)
    fig.set_facecolor("white")
    width = _measure(fig)
    across = WIDTH - 2 * MARGIN
    body = HEIGHT - 2 * MARGIN - TOP_BAND - KEY_BAND
    points, poured, column, body = _layout(lines, width, body, across)
    height = body + 2 * MARGIN + TOP_BAND + KEY_BAND
    fig.set_size_inches(WIDTH, height)
    ax = fig.add_axes((0.0, 0.0, 1.0, 1.0))
    ax.set_xlim(0, WIDTH)
    ax.set_ylim(height, 0)
    ax.set_axis_off()
    text = {"color": INK, "va": "baseline", "parse_math": False}

    name = title(game)
    ax.text(MARGIN, MARGIN + 0.3, f"{name} — reference card", fontsize=17, weight="bold",
            gid="reference:title", **text)  # fmt: skip
    ax.text(WIDTH - MARGIN, MARGIN + 0.3, players(game), fontsize=11, ha="right",
            gid="reference:players", **text)  # fmt: skip
    ax.plot([MARGIN, WIDTH - MARGIN], [MARGIN + 0.45] * 2, color=RULE_LINE, linewidth=1.6)
    if not lines:
        ax.text(MARGIN, MARGIN + TOP_BAND + 0.4, f"No rule of {name} is on its reference card "
                "yet: give its rulebook entries a card= and a summary=.", fontsize=12,
                gid="reference:empty", **text)  # fmt: skip
    leading = points * LEADING / 72
    for c, blocks in enumerate(poured):
        x = MARGIN + c * (column + GUTTER)
        y = MARGIN + TOP_BAND
        for block in blocks:
            if block.kind == "heading":
                ax.text(x, y + leading * 1.15, str(block.text), fontsize=points + 2,
                        weight="bold", gid=f"reference:card:{block.text}",
                        **{**text, "color": HEADING})  # fmt: skip
                ax.plot([x, x + column], [y + leading * 1.4] * 2, color=RULE_LINE, linewidth=0.8)
            else:
                _badge(ax, x, y + leading * 0.78 - points * 0.36 / 72, block.mark)
                for k, words in enumerate(block.text):  # gid: an entry's first line, the rest
                    gid = "reference:line" if k == 0 else "reference:more"
                    ax.text(x + 0.3, y + leading * (0.78 + k), words, fontsize=points, gid=gid,
                            **text)  # fmt: skip
            y += block.height(points)
    _key(ax, height - MARGIN - 0.12, width)
    fig.reference_fingerprint = fingerprint(game)
    return fig


def _badge(ax, x: float, middle: float, mark: str, size: float = 0.21) -> None:
    """The mark's letter in a small rounded box at ``x``, its middle at ``middle`` (inches)."""
    fill, ink = BADGE[mark]
    box = FancyBboxPatch((x, middle - size / 2), size, size, facecolor=fill, edgecolor="none",
                         boxstyle="round,pad=0,rounding_size=0.04")  # fmt: skip
    ax.add_patch(box)
    ax.text(x + size / 2, middle, LETTERS[mark], fontsize=9.5, weight="bold", color=ink,
            ha="center", va="center_baseline", gid=f"reference:mark:{mark}",
            parse_math=False)  # fmt: skip


def _key(ax, y: float, width) -> None:
    """The key to the letters, in one row along the bottom (baseline ``y``)."""
    ax.plot([MARGIN, WIDTH - MARGIN], [y - 0.27] * 2, color=RULE_LINE, linewidth=0.8)
    x = MARGIN
    for mark, words in MEANING.items():
        _badge(ax, x, y - 9.5 * 0.36 / 72, mark)
        ax.text(x + 0.28, y, words, fontsize=9.5, color=INK, va="baseline",
                gid=f"reference:key:{mark}", parse_math=False)  # fmt: skip
        x += 0.28 + width(words, 9.5) + 0.35


def png_text(png: bytes) -> dict[str, str]:
    """The ``tEXt`` entries of PNG bytes (where ``figures`` keeps a card's fingerprint)."""
    out: dict[str, str] = {}
    at = 8
    while at + 8 <= len(png):
        length = int.from_bytes(png[at : at + 4], "big")
        kind = png[at + 4 : at + 8]
        if kind == b"tEXt":
            key, _, value = png[at + 8 : at + 8 + length].partition(b"\0")
            out[key.decode("latin-1")] = value.decode("latin-1")
        if kind == b"IEND":
            break
        at += 12 + length
    return out


__all__ = ["card_lines", "card_text", "fingerprint", "png_text", "reference_card"]
