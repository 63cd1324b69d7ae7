"""A board's unchanging part drawn once: ``background(ax, key, paint)``.

Much of a board is the same from move to move — Kilimanjaro's hundred numbered spaces
and its key, Tembo's printed savanna until a card lands on it. A renderer paints that
part through ``background``, with a ``key`` naming everything the painting reads (the
track's length, the terrain…).

When ``board_png`` draws (``to_png``, the widgets), the first board of a key keeps its
pixels — the figure's face and the painted part, nothing else — and later boards of the
same key, size and dpi start from a copy of them: ``paint`` is not even called. The
painted part is drawn first (its artists' zorders lowered by ``DROP``, their order among
themselves kept), and what is drawn over it is what would be drawn after it, in the
same order on the same pixels. Everywhere else (``draw`` in a notebook, a caller's own
axes, a board with marks on it) ``paint`` simply runs and the figure is as it always was.

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
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field

import matplotlib as mpl
from matplotlib.axes import Axes
from matplotlib.figure import Figure

#: How far the painted part's zorders are lowered: beneath anything a board draws.
DROP = 1000
#: At most this many bytes of kept pixels (a board at 160 dpi is ~5 MB: nine of them;
#: a game of Tembo changes its savanna a dozen times); the least recently used go first.
KEPT_BYTES = 48 * 2**20

#: The dpi ``board_png`` is about to draw at, while it builds the figure (else None).
DRAWING_AT: contextvars.ContextVar[float | None] = contextvars.ContextVar(
    "boardlab_drawing_at", default=None
)


@dataclass
class Layer:
    """What ``background`` left on a figure for ``board_png``: the full key, the painted
    artists (empty when the kept pixels were found and nothing was painted) and how to
    paint them after all."""

    key: tuple
    paint: Callable[[Axes], None]
    ax: Axes
    painted: list = field(default_factory=list)


class Kept:
    """Pixels of painted parts, by full key, least recently used first out."""

    def __init__(self, limit: int = KEPT_BYTES) -> None:
        self.limit = limit
        self.regions: OrderedDict = OrderedDict()
        self.sizes: dict = {}
        self.hits = self.misses = 0

    def get(self, key: tuple):
        """``(region, top)``: the kept pixels and the highest zorder painted in them."""
        kept = self.regions.get(key)
        if kept is not None:
            self.regions.move_to_end(key)
        return kept

    def put(self, key: tuple, kept: tuple, size: int) -> None:
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


def background(ax: Axes, key: Hashable, paint: Callable[[Axes], None]) -> None:
    """Paint the part of the board that depends on ``key`` alone: ``paint(ax)``, its
    artists put beneath everything else on ``ax``; skipped when ``board_png`` draws and
    has that part's pixels already (see the module's docstring)."""
    dpi = DRAWING_AT.get()
    fig = ax.figure
    if dpi is None or not isinstance(fig, Figure) or fig.axes != [ax]:
        paint(ax)  # a whole drawing: the part as it always was, zorders and all
        return
    full = _full_key(fig, ax, key, dpi)
    layer = Layer(full, paint, ax)
    if KEPT.get(full) is None:
        layer.painted = _paint(ax, paint)
    fig._boardlab_layer = layer


def _paint(ax: Axes, paint: Callable[[Axes], None]) -> list:
    """``paint(ax)``; returns the artists it added, their zorders lowered by ``DROP`` (so
    that they are drawn first, as from kept pixels)."""
    before = {id(artist) for artist in ax.get_children()}
    paint(ax)
    added = [artist for artist in ax.get_children() if id(artist) not in before]
    for artist in added:
        artist.set_zorder(artist.get_zorder() - DROP)
    return added


def complete(fig: Figure) -> None:
    """Paint the figure's kept part on it after all: before drawing it any other way than
    ``layered_draw`` (a trimmed PNG, ``savefig``)."""
    layer = getattr(fig, "_boardlab_layer", None)
    if layer is not None:
        fig._boardlab_layer = None
        if not layer.painted:
            _paint(layer.ax, layer.paint)


def _drawn(ax: Axes) -> list:
    """The artists ``Axes.draw`` draws (its children less the hidden axis parts)."""
    skip = {id(ax.patch)}
    if not (ax.axison and ax._frameon):
        skip |= {id(spine) for spine in ax.spines.values()}
    if not ax.axison:
        skip |= {id(ax.xaxis), id(ax.yaxis)}
    return [a for a in ax.get_children() if id(a) not in skip and a.get_visible()]


def layered_draw(fig: Figure, renderer) -> bool:
    """Draw ``fig`` on ``renderer`` (already at the figure's dpi) over its kept painted
    part, keeping that part's pixels first if they are new. False, and nothing drawn,
    when the figure has no layer or may not be drawn in layers (another axes joined it,
    or something of its own lies beneath the painted part): then the painted part is on
    the figure and a whole drawing is right."""
    layer = getattr(fig, "_boardlab_layer", None)
    if layer is None:
        return False
    fig._boardlab_layer = None
    ax = layer.ax
    kept = KEPT.get(layer.key)
    own = (fig.texts, fig.images, fig.legends, fig.patches, fig.lines, fig.artists, fig.subfigs)
    ok = renderer.dpi == layer.key[1] and fig.axes == [ax] and not any(own)
    painted = {id(a) for a in layer.painted}
    zorders = [a.get_zorder() for a in layer.painted]
    top = kept[1] if kept is not None else max(zorders, default=-math.inf)
    if ok:
        mine = [a for a in _drawn(ax) if id(a) not in painted]
        ok = all(a.get_zorder() > top for a in mine)
    if not ok:
        if kept is not None and not layer.painted:
            _paint(ax, layer.paint)  # pixels were kept, but this figure needs the part itself
        return False
    shown = [a for a in layer.painted if a.get_visible()]
    if kept is None:
        KEPT.misses += 1
        for artist in mine:
            artist.set_visible(False)
        try:
            renderer.clear()
            fig.draw(renderer)
        finally:
            for artist in mine:
                artist.set_visible(True)
        width, height = renderer.get_canvas_width_height()
        kept = (renderer.copy_from_bbox(fig.bbox), top)
        KEPT.put(layer.key, kept, int(width) * int(height) * 4)
    else:
        KEPT.hits += 1
    face = fig.patch.get_visible()
    fig.patch.set_visible(False)
    for artist in shown:
        artist.set_visible(False)
    try:
        renderer.restore_region(kept[0])
        fig.draw(renderer)
    finally:
        fig.patch.set_visible(face)
        for artist in shown:
            artist.set_visible(True)
    return True


__all__ = [
    "DRAWING_AT",
    "DROP",
    "KEPT",
    "KEPT_BYTES",
    "Kept",
    "Layer",
    "background",
    "complete",
    "layered_draw",
]
