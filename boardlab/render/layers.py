"""A board's unchanging part drawn once: ``background(ax, key, paint, pieces, shown)``.

Much of a board is the same from move to move — Kilimanjaro's hundred numbered spaces
and its key, Tembo's printed savanna until a card lands on it. A renderer paints that
part through ``background``, with a ``key`` naming everything the painting reads (the
track's length, the terrain…). Small ``pieces`` of it may come and go from move to
move (a Tembo cell's name, shown while the cell is free): each is painted by its own
function, and ``shown`` says which are on the board now.

When ``board_png`` draws (``to_png``, the widgets), the first board of a key keeps the
part's pixels twice — with every piece and with none — and later boards of the same
key, size and dpi start from a copy of the first, each piece not shown copied back
from the second: ``paint`` is not even called. The kept part is drawn first (its
artists' zorders lowered by ``DROP``, their order among themselves kept), and what is
drawn over it is what would be drawn after it, in the same order on the same pixels.
Pieces are used so only where each one's pixels lie in a box of its own, apart from
every other piece (checked on the kept pixels themselves); else they are drawn with
the rest, every time. Everywhere else (``draw`` in a notebook, a caller's own axes, a
board with marks on it) ``paint`` and the shown pieces simply run, and the figure is as
it always was.

Drawing the part first is the same picture as drawing it whole only if nothing of the
rest lies under any of it: a renderer paints through ``background`` only what the rest
covers or leaves alone (a track under its counters, a key in its own corner). And the
key must name all the painting depends on: a key that left out, say, the players' count
would show another table's board. ``tests/test_render_speed_parts.py`` draws the
layered games' positions both ways and compares them pixel for pixel.
"""

from __future__ import annotations

import contextvars
import math
from collections import OrderedDict
from collections.abc import Callable, Collection, Hashable, Mapping
from dataclasses import dataclass, field

import matplotlib as mpl
import numpy as np
from matplotlib.axes import Axes
from matplotlib.figure import Figure

#: How far the painted part's zorders are lowered: beneath anything a board draws.
DROP = 1000
#: At most this many bytes of kept pixels (a board at 160 dpi is ~5 MB, twice with
#: pieces; a game of Tembo changes its savanna a dozen times); least recently used out.
KEPT_BYTES = 48 * 2**20
#: Pixels around a piece's extent that its letters' antialiasing may touch.
PIECE_MARGIN = 2

#: The dpi ``board_png`` is about to draw at, while it builds the figure (else None).
DRAWING_AT: contextvars.ContextVar[float | None] = contextvars.ContextVar(
    "boardlab_drawing_at", default=None
)

Paint = Callable[[Axes], None]


@dataclass
class Layer:
    """What ``background`` left on a figure for ``layered_draw``: the full key, how to
    paint the part and its pieces, which pieces are shown, and what was painted (nothing
    when the kept pixels were found)."""

    key: tuple
    paint: Paint
    ax: Axes
    pieces: Mapping[Hashable, Paint]
    shown: Collection[Hashable]
    painted: list = field(default_factory=list)
    piece_artists: dict = field(default_factory=dict)


@dataclass
class KeptPart:
    """A part's pixels: without its pieces, with them all (None without pieces), each
    piece's box ``(top, bottom, left, right)`` in rows and columns (None: the pieces
    could not be kept apart), and the highest zorder painted."""

    bare: np.ndarray
    full: np.ndarray | None
    boxes: dict | None
    top: float

    @property
    def nbytes(self) -> int:
        return self.bare.nbytes + (0 if self.full is None else self.full.nbytes)


class Kept:
    """Kept parts by full key, least recently used first out past ``limit`` bytes."""

    def __init__(self, limit: int = KEPT_BYTES) -> None:
        self.limit = limit
        self.regions: OrderedDict = OrderedDict()
        self.sizes: dict = {}
        self.hits = self.misses = 0

    def get(self, key: tuple):
        kept = self.regions.get(key)
        if kept is not None:
            self.regions.move_to_end(key)
        return kept

    def put(self, key: tuple, kept, size: int) -> None:
        self.regions[key] = kept
        self.sizes[key] = size
        while sum(self.sizes.values()) > self.limit and len(self.regions) > 1:
            old, _ = self.regions.popitem(last=False)
            del self.sizes[old]

    def clear(self) -> None:
        self.regions.clear()
        self.sizes.clear()
        self.hits = self.misses = 0


#: The one store every board shares.
KEPT = Kept()


def _full_key(fig: Figure, ax: Axes, key: Hashable, dpi: float) -> tuple:
    """``key`` and all else the painted pixels depend on: the figure's size and face, the
    dpi, where the axes lie and what they show, and matplotlib's settings."""
    return (
        key,
        dpi,
        tuple(fig.get_size_inches()),
        fig.get_facecolor(),
        tuple(ax.get_position(original=True).bounds),
        ax.get_xlim(),
        ax.get_ylim(),
        ax.get_aspect(),
        repr(sorted(dict.items(mpl.rcParams))),
    )


def background(
    ax: Axes,
    key: Hashable,
    paint: Paint,
    pieces: Mapping[Hashable, Paint] | None = None,
    shown: Collection[Hashable] = (),
) -> None:
    """Paint the part of the board that depends on ``key`` alone — ``paint(ax)``, then
    ``pieces[p](ax)`` for each ``p`` in ``shown`` (in the pieces' order) — beneath
    everything else on ``ax``; skipped when ``board_png`` draws and has that part's pixels
    already (see the module's docstring)."""
    pieces = pieces or {}
    dpi = DRAWING_AT.get()
    fig = ax.figure
    if dpi is None or not isinstance(fig, Figure) or fig.axes != [ax]:
        paint(ax)  # a whole drawing: the part as it always was, zorders and all
        for name, piece in pieces.items():
            if name in shown:
                piece(ax)
        return
    full = _full_key(fig, ax, key, dpi)
    layer = Layer(full, paint, ax, pieces, shown)
    if KEPT.get(full) is None:
        layer.painted = _paint(ax, paint)
        for name, piece in pieces.items():  # every piece, for the kept pixels
            layer.piece_artists[name] = _paint(ax, piece)
    fig._boardlab_layer = layer


def _paint(ax: Axes, paint: Paint) -> list:
    """``paint(ax)``; returns the artists it added, their zorders lowered by ``DROP`` (so
    that they are drawn first, as from kept pixels)."""
    before = {id(artist) for artist in ax.get_children()}
    paint(ax)
    added = [artist for artist in ax.get_children() if id(artist) not in before]
    for artist in added:
        artist.set_zorder(artist.get_zorder() - DROP)
    return added


def _as_drawn(layer: Layer) -> None:
    """Put on the figure what a drawing without kept pixels needs: the part and the shown
    pieces (dropped: drawn first), the other pieces taken off; painting what was not."""
    ax = layer.ax
    if not layer.painted:
        layer.painted = _paint(ax, layer.paint)
        layer.piece_artists = {
            name: _paint(ax, piece) for name, piece in layer.pieces.items() if name in layer.shown
        }
    for name, artists in layer.piece_artists.items():
        if name not in layer.shown:
            for artist in artists:
                artist.remove()
    layer.piece_artists = {n: a for n, a in layer.piece_artists.items() if n in layer.shown}


def complete(fig: Figure) -> None:
    """Paint the figure's kept part on it after all: before drawing it any other way than
    ``layered_draw`` (a trimmed PNG, ``savefig``)."""
    layer = getattr(fig, "_boardlab_layer", None)
    if layer is not None:
        fig._boardlab_layer = None
        _as_drawn(layer)


def _drawn(ax: Axes) -> list:
    """The artists ``Axes.draw`` draws (its children less the hidden axis parts)."""
    skip = {id(ax.patch)}
    if not (ax.axison and ax._frameon):
        skip |= {id(spine) for spine in ax.spines.values()}
    if not ax.axison:
        skip |= {id(ax.xaxis), id(ax.yaxis)}
    return [a for a in ax.get_children() if id(a) not in skip and a.get_visible()]


def _pixels(renderer) -> np.ndarray:
    return np.asarray(renderer.buffer_rgba())


def _boxes(layer: Layer, renderer, bare: np.ndarray, full: np.ndarray) -> dict | None:
    """Each piece's box of pixels, ``(top, bottom, left, right)``: its artists' extent and
    ``PIECE_MARGIN``. None unless the boxes are apart and hold every pixel the pieces
    changed (so that copying a box back from the bare part takes off that piece alone)."""
    height, width = bare.shape[:2]
    boxes = {}
    for name, artists in layer.piece_artists.items():
        extents = [a.get_window_extent(renderer) for a in artists if a.get_visible()]
        extents = [e for e in extents if e.width > 0 or e.height > 0]
        if not extents:
            continue
        x0 = min(e.x0 for e in extents) - PIECE_MARGIN
        x1 = max(e.x1 for e in extents) + PIECE_MARGIN
        y0 = min(e.y0 for e in extents) - PIECE_MARGIN
        y1 = max(e.y1 for e in extents) + PIECE_MARGIN
        top, bottom = max(0, math.floor(height - y1)), min(height, math.ceil(height - y0))
        left, right = max(0, math.floor(x0)), min(width, math.ceil(x1))
        boxes[name] = (top, bottom, left, right)
    covered = np.zeros((height, width), dtype=np.int32)
    for top, bottom, left, right in boxes.values():
        covered[top:bottom, left:right] += 1
    if covered.max(initial=0) > 1:
        return None  # two pieces' boxes overlap
    changed = (bare != full).any(axis=2)
    if changed[covered == 0].any():
        return None  # a piece changed a pixel outside every box
    return boxes


def _keep(layer: Layer, fig: Figure, renderer, rest: list) -> KeptPart:
    """Draw and keep the layer's part: bare, then with every piece."""
    pieces = [a for artists in layer.piece_artists.values() for a in artists]
    hidden = [a for a in (*rest, *pieces) if a.get_visible()]
    zorders = [a.get_zorder() for a in (*layer.painted, *pieces)]
    top = max(zorders, default=-math.inf)
    for artist in hidden:
        artist.set_visible(False)
    try:
        renderer.clear()
        fig.draw(renderer)
        bare = _pixels(renderer).copy()
        if not pieces:
            return KeptPart(bare, None, None, top)
        for artist in pieces:
            if artist in hidden:
                artist.set_visible(True)
        part_top = max((a.get_zorder() for a in layer.painted), default=-math.inf)
        if min(a.get_zorder() for a in pieces) >= part_top:  # the pieces come last: only
            for artist in sorted(pieces, key=lambda a: a.get_zorder()):  # they are drawn
                if artist.get_visible():
                    artist.draw(renderer)
        else:
            renderer.clear()
            fig.draw(renderer)
        full = _pixels(renderer).copy()
        boxes = _boxes(layer, renderer, bare, full)
    finally:
        for artist in hidden:
            artist.set_visible(True)
    return KeptPart(bare, full, boxes, top)


def layered_draw(fig: Figure, renderer) -> bool:
    """Draw ``fig`` on ``renderer`` (already at the figure's dpi) over its kept painted
    part, keeping that part's pixels first if they are new. False, and nothing drawn,
    when the figure has no layer or may not be drawn in layers (another axes joined it,
    or something of its own lies beneath the painted part): then the part and its shown
    pieces are on the figure and a whole drawing is right. A figure drawn in layers may
    lack its part (``board_png`` draws it once and frees it)."""
    layer = getattr(fig, "_boardlab_layer", None)
    if layer is None:
        return False
    fig._boardlab_layer = None
    ax = layer.ax
    kept = KEPT.get(layer.key)
    own = (fig.texts, fig.images, fig.legends, fig.patches, fig.lines, fig.artists, fig.subfigs)
    ok = renderer.dpi == layer.key[1] and fig.axes == [ax] and not any(own)
    ours = [*layer.painted, *(a for artists in layer.piece_artists.values() for a in artists)]
    mine = {id(a) for a in ours}
    rest = [a for a in _drawn(ax) if id(a) not in mine]
    found = kept is not None
    if ok and not found:
        KEPT.misses += 1
        kept = _keep(layer, fig, renderer, rest)
        KEPT.put(layer.key, kept, kept.nbytes)
    if not ok or not all(a.get_zorder() > kept.top for a in rest):
        _as_drawn(layer)
        return False
    KEPT.hits += found
    apart = kept.full is None or kept.boxes is not None
    if not apart:  # the shown pieces are drawn with the rest, at their own zorders
        for name, piece in layer.pieces.items():
            if name not in layer.shown:
                continue
            if name in layer.piece_artists:
                for artist in layer.piece_artists.pop(name):
                    artist.set_zorder(artist.get_zorder() + DROP)
            else:
                piece(ax)
        ours = [*layer.painted, *(a for artists in layer.piece_artists.values() for a in artists)]
    start = kept.full if apart and kept.full is not None else kept.bare
    hidden = [fig.patch, *(a for a in ours if a.get_visible())]
    for artist in hidden:
        artist.set_visible(False)
    try:
        pixels = _pixels(renderer)
        pixels[...] = start
        if apart and kept.full is not None:
            for name, (top, bottom, left, right) in kept.boxes.items():
                if name not in layer.shown:
                    pixels[top:bottom, left:right] = kept.bare[top:bottom, left:right]
        fig.draw(renderer)
    finally:
        for artist in hidden:
            artist.set_visible(True)
    return True


__all__ = [
    "DRAWING_AT",
    "DROP",
    "KEPT",
    "KEPT_BYTES",
    "Kept",
    "KeptPart",
    "Layer",
    "background",
    "complete",
    "layered_draw",
]
