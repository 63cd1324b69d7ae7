"""Boards drawn faster, to the same pixels: the canvas, axes and PNG writer of ``boardlab.render``.

A board is mostly words (Tembo's has ~300 texts), and matplotlib's Agg renderer lays
out and rasterises every letter of every text on every draw, which is most of a
board's time. Between two boards of one game nearly all of those texts are the same
words at the same pixel, so ``BoardRenderer`` keeps what FreeType made for each (the
glyph images and where they go) and replays it: the very calls Agg makes, with the
very bitmaps, so the pixels are identical. The key holds everything the bitmaps
depend on — the words, the font files, size, dpi, the exact position, angle,
hinting and antialiasing — and nothing of the colour, which Agg applies when it
blends; so a cached text can only ever be served where the same words would be
drawn the same way (a hidden hand drawn for one seat cannot appear on another's
board: only text that board itself draws is looked up).

``BoardAxes`` skips matplotlib's bookkeeping of data limits while both limits are
fixed (a board's always are: ``board_axes`` sets them), which measured nearly half
the time of building Tembo's figure. ``png_bytes`` writes an opaque board as RGB at
zlib level 1: the same pixels in about half the time of ``savefig``'s RGBA at level
6, and a file no larger.
"""

from __future__ import annotations

import math
import struct
import zlib
from contextvars import ContextVar

import matplotlib as mpl
import numpy as np
from matplotlib.axes import Axes
from matplotlib.backends.backend_agg import FigureCanvasAgg, RendererAgg, get_hinting_flag
from matplotlib.font_manager import fontManager, get_font
from matplotlib.ft2font import RenderMode
from matplotlib.patches import Rectangle

from .layers import layered_draw

#: At most this many texts' glyphs are kept (a board at one size draws ~100-400 of
#: them; ~4.5 kB each at the widgets' dpi, so ~45 MB at most: a whole game of Tembo
#: drawn step by step made 5,300); past it the store starts afresh.
TEXT_CACHE_SIZE = 10_000
#: zlib's level for boards' PNGs: 1 is about twice as fast as 6 (what savefig uses) on a
#: board, and the file barely larger (flat colours compress well at any level).
PNG_LEVEL = 1
#: A painter a widget may set around drawing a board (``boardlab.render.clicks.outlined``):
#: called with the figure and the picture's pixels (height × width × channels) just before
#: they are written, to mark places over the finished board; unset (always, outside a
#: widget's ``with``), ``png_bytes`` writes the board as drawn.
PAINT: ContextVar = ContextVar("boardlab_paint", default=None)


class TextStore:
    """Glyph runs and text sizes, shared by every ``BoardRenderer`` (and so by every
    board drawn in the process). A plain dict: a lookup or store is atomic under the
    GIL, so threads can at worst compute one entry twice."""

    def __init__(self, limit: int = TEXT_CACHE_SIZE) -> None:
        self.limit = limit
        self.runs: dict = {}
        self.sizes: dict = {}
        self.heights: dict = {}
        self.hits = self.misses = 0

    def clear(self) -> None:
        self.runs.clear()
        self.sizes.clear()
        self.heights.clear()
        self.hits = self.misses = 0

    def _room(self, table: dict) -> None:
        if len(table) >= self.limit:
            table.clear()


#: The one store every board shares.
TEXTS = TextStore()


#: The rcParams a text's face depends on: what ``findfont`` looks up with, and what
#: ``get_font`` and Agg's drawing read.
FONT_RC = (
    *(f"font.{key}" for key in ("family", "style", "variant", "weight", "stretch", "size")),
    *(f"font.{key}" for key in ("serif", "sans-serif", "cursive", "fantasy", "monospace")),
    "font.enable_last_resort",
    "text.kerning_factor",
    "text.hinting",
)
_FACES: dict = {}


def _font_key(prop) -> tuple:
    """What picks the FreeType face and its metrics for ``prop``: the font files (which
    depend on the font rcParams and the fonts known), the size, and the rcParams
    ``get_font`` builds with. Remembered per properties and settings: looking the files
    up each time was an eighth of a board's drawing."""
    rc = mpl.rcParams
    settings = tuple(
        tuple(value) if isinstance(value, list) else value
        for value in map(dict.__getitem__, (rc,) * len(FONT_RC), FONT_RC)
    )
    key = (tuple(prop.__dict__.items()), settings, len(fontManager.ttflist))
    found = _FACES.get(key)
    if found is None:
        if len(_FACES) >= TEXT_CACHE_SIZE:
            _FACES.clear()
        found = _FACES[key] = (
            tuple(fontManager._find_fonts_by_props(prop)),  # what Agg's _prepare_font uses
            prop.get_size_in_points(),
            settings,
            get_hinting_flag(),
        )
    return found


def _table_heights(prop, dpi: float) -> tuple:
    """``(ascent, descent, line gap)`` of ``prop``'s font at ``dpi`` from its OS/2 or hhea
    table, as matplotlib 3.11's ``Text._get_layout`` computes them (``None``s if neither
    table is there: it then measures "lp")."""
    font = get_font(fontManager._find_fonts_by_props(prop))
    for table_name, gap_key, ascent_key, descent_key in (
        ("OS/2", "sTypoLineGap", "sTypoAscender", "sTypoDescender"),
        ("hhea", "lineGap", "ascent", "descent"),
    ):
        table = font.get_sfnt_table(table_name)
        if table is None:
            continue
        fontsize = prop.get_size_in_points()
        units_per_em = font.get_sfnt_table("head")["unitsPerEm"]
        scale = 1 / units_per_em * fontsize * dpi / 72
        return table[ascent_key] * scale, -table[descent_key] * scale, table[gap_key] * scale
    return None, None, None


class BoardRenderer(RendererAgg):
    """Agg, with each text's glyph images and sizes remembered (``TEXTS``)."""

    def draw_text(self, gc, x, y, s, prop, angle, ismath=False, mtext=None):
        features = mtext.get_fontfeatures() if mtext is not None else None
        language = mtext.get_language() if mtext is not None else None
        if ismath or not isinstance(language, str | None):
            return super().draw_text(gc, x, y, s, prop, angle, ismath, mtext)
        antialiased = bool(gc.get_antialiased())
        key = (
            s,
            _font_key(prop),
            self.dpi,
            self.height,
            angle,
            x,
            y,
            antialiased,
            None if features is None else tuple(features),
            language,
        )
        runs = TEXTS.runs
        glyphs = runs.get(key)
        if glyphs is None:
            TEXTS.misses += 1
            glyphs = self._glyphs(x, y, s, prop, angle, antialiased, features, language)
            TEXTS._room(runs)
            runs[key] = glyphs
        else:
            TEXTS.hits += 1
        blend = self._renderer.draw_text_image
        for bitmap, left, bottom in glyphs:
            blend(bitmap, left, bottom, 0, gc)

    def _glyphs(self, x, y, s, prop, angle, antialiased, features, language) -> tuple:
        """What Agg's ``draw_text`` blends for ``s`` at ``(x, y)``: each glyph's bitmap and
        place, made by the same FreeType calls (matplotlib 3.11's ``RendererAgg``)."""
        flags = get_hinting_flag()
        font = self._prepare_font(prop)
        items = font._layout(s, flags=flags, features=features, language=language)
        size = prop.get_size_in_points()
        cos = math.cos(math.radians(angle))
        sin = math.sin(math.radians(angle))
        matrix = (0x10000 * np.array([[cos, -sin], [sin, cos]])).round().astype(int)
        mode = RenderMode.NORMAL if antialiased else RenderMode.MONO
        out = []
        for item in items:
            face, dx, dy = item.ft_object, item.x, item.y
            face.set_size(size, self.dpi)
            face._set_transform(
                matrix,
                [
                    round(0x40 * (x + dx * cos - dy * sin)),
                    round(0x40 * (self.height - y + dx * sin + dy * cos)),
                ],
            )
            bitmap = face._render_glyph(item.glyph_index, flags, mode)
            buffer = bitmap.buffer
            if not antialiased:
                buffer *= 0xFF
            out.append((buffer, bitmap.left, int(self.height) - bitmap.top + buffer.shape[0]))
        return tuple(out)

    def _get_font_height_metrics(self, prop):
        """A font's ascent, descent and line gap in pixels, as ``Text._get_layout`` reads
        them from its tables on every layout (matplotlib asks a renderer first)."""
        key = (_font_key(prop), self.dpi)
        heights = TEXTS.heights
        found = heights.get(key)
        if found is None:
            found = _table_heights(prop, self.dpi)
            TEXTS._room(heights)
            heights[key] = found
        return found

    def get_text_width_height_descent(self, s, prop, ismath):
        if ismath:
            return super().get_text_width_height_descent(s, prop, ismath)
        key = (s, _font_key(prop), self.dpi)
        sizes = TEXTS.sizes
        found = sizes.get(key)
        if found is None:
            found = super().get_text_width_height_descent(s, prop, ismath)
            TEXTS._room(sizes)
            sizes[key] = found
        return found


class BoardCanvas(FigureCanvasAgg):
    """An Agg canvas drawing with ``BoardRenderer``."""

    def get_renderer(self):
        w, h = self.get_width_height(physical=True)
        key = w, h, self.figure.dpi
        if self._lastKey != key:
            self.renderer = BoardRenderer(w, h, self.figure.dpi)
            self._lastKey = key
        return self.renderer


class AxesRectangle(Rectangle):
    """An axes' background rectangle that builds its transform once while its place and
    data transform stay put: every artist added to the axes is clipped to it, and
    building that transform anew for each was a third of making a text."""

    _made: tuple | None = None

    def get_transform(self):
        data = self.get_data_transform()
        place = (self.get_x(), self.get_y(), self.get_width(), self.get_height())
        key = (*place, self.get_angle(), self.rotation_point, id(data))
        made = self._made
        if made is None or made[0] != key or made[2] is not data:
            made = self._made = (key, super().get_transform(), data)
        return made[1]


class BoardAxes(Axes):
    """Axes that skip growing their data limits for patches added while both limits are
    fixed (a board's are: nothing autoscales to them). ``relim()`` still counts every
    patch, so turning autoscaling on later and calling it gives the usual limits."""

    _fixed_limits = False

    def _gen_axes_patch(self):
        return AxesRectangle((0.0, 0.0), 1.0, 1.0)

    def add_patch(self, p):
        if self.get_autoscalex_on() or self.get_autoscaley_on():
            return super().add_patch(p)
        self._fixed_limits = True
        try:
            return super().add_patch(p)
        finally:
            self._fixed_limits = False

    def _update_patch_limits(self, patch):
        if not self._fixed_limits:
            super()._update_patch_limits(patch)

    def _update_title_position(self, renderer):
        """With the axis off, placing the title need not lay out the y axis's ticks (which
        matplotlib does only to see whether their offset text, never drawn here, is in
        the way): its result is the same, without a tenth of Tembo's drawing."""
        if self.axison or self.yaxis.offsetText.get_text():
            return super()._update_title_position(renderer)
        shown = self.yaxis.get_visible()
        self.yaxis.set_visible(False)
        try:
            return super()._update_title_position(renderer)
        finally:
            self.yaxis.set_visible(shown)


def png_bytes(canvas: FigureCanvasAgg) -> bytes:
    """The canvas's last drawing as PNG bytes: RGB when every pixel is opaque (a board on
    its white face always is), else RGBA. Written here rather than by Pillow: rows
    unfiltered and zlib at ``PNG_LEVEL`` take ~20 ms on a board where Pillow's adaptive
    filters take ~35 (and ~70 at savefig's level 6), and the file comes out smaller, as
    a board's flat colours run long."""
    rgba = np.asarray(canvas.buffer_rgba())  # its size is the drawing's, whatever the dpi now
    height, width = rgba.shape[:2]
    opaque = bool(rgba[..., 3].min() == 255)
    pixels = rgba[..., :3] if opaque else rgba
    channels = pixels.shape[2]
    rows = np.empty((height, 1 + width * channels), dtype=np.uint8)
    rows[:, 0] = 0  # filter type 0: the row as it is
    laid = rows[:, 1:].reshape(height, width, channels)
    for c in range(channels):  # a channel at a time: 6x faster than one strided copy
        laid[..., c] = pixels[..., c]
    paint = PAINT.get()
    if paint is not None:  # on the copy: the canvas (and its kept pixels) stay as drawn
        paint(canvas.figure, laid)
    header = struct.pack(">IIBBBBB", width, height, 8, 2 if opaque else 6, 0, 0, 0)
    return b"".join(
        (
            b"\x89PNG\r\n\x1a\n",
            _chunk(b"IHDR", header),
            _chunk(b"IDAT", zlib.compress(rows, PNG_LEVEL)),
            _chunk(b"IEND", b""),
        )
    )


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def draw_canvas(fig) -> None:
    """Draw ``fig`` on its Agg canvas at its dpi: over the kept pixels of its unchanging
    part when it has one (``layers.background``), else whole."""
    canvas = fig.canvas
    if not layered_draw(fig, canvas.get_renderer()):
        canvas.draw()


def draw_png(fig, dpi: float | None = None) -> bytes:
    """``fig`` drawn whole at ``dpi`` (its own by default) on its Agg canvas, as PNG bytes:
    what ``savefig(format="png", dpi=dpi)`` writes, pixel for pixel, without its second
    pass through matplotlib's printing machinery. ``fig`` must have an Agg canvas (a
    board's ``BoardCanvas``, or pyplot's inline one)."""
    canvas = fig.canvas
    own = fig.dpi
    if dpi is not None and dpi != own:
        fig.dpi = dpi
    try:
        draw_canvas(fig)
        return png_bytes(canvas)
    finally:
        if fig.dpi != own:
            fig.dpi = own


__all__ = [
    "PNG_LEVEL",
    "TEXTS",
    "TEXT_CACHE_SIZE",
    "BoardAxes",
    "BoardCanvas",
    "BoardRenderer",
    "TextStore",
    "draw_canvas",
    "draw_png",
    "png_bytes",
]
