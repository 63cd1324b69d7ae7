"""Where a board's places are in its picture: outlining the places to click.

A renderer's ``places(state, viewer)`` gives each named place a box in the data
coordinates of its figure's first axes, and its ``click_axes(state, viewer)`` makes
that figure's axes without drawing (what ``locate`` reads clicks in). Here the two
give each box in the pixels of ``to_png(state, viewer, dpi=dpi)`` (x from the left,
y down from the top), and find the place under a pixel, for any game.

``outlined(boxes)`` marks places on the boards written inside it: a frame around each
box (data coordinates, as ``places`` gives them), painted over the finished pixels just
before they are written (``canvas.PAINT``), so it costs a few numpy slices rather than
a second encoding of the picture, and the renderers' own pictures stay as they are.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from types import ModuleType

import numpy as np

from . import BASE_DPI, release
from .canvas import PAINT

#: The frame around a place a click would choose: a dark magenta not among the boards'
#: colours (the Okabe–Ito players, the terrains), 2 screen pixels wide, just outside the
#: place between two 1-pixel white bands, so it reads on light and dark parts of a
#: board. The widgets name the same places in words: the frame never carries the
#: meaning alone.
OUTLINE = (200, 0, 110, 255)
OUTLINE_HALO = (255, 255, 255, 255)

#: A place's box in a picture's pixels: ``(left, top, right, bottom)``, y down.
PixelBox = tuple[float, float, float, float]


def place_boxes_px(
    renderer: ModuleType, state, viewer: int | None = None, dpi: float = BASE_DPI
) -> list[tuple[str, PixelBox]]:
    """Every place of ``renderer.places(state, viewer)`` with its box in the pixels of
    ``renderer.to_png(state, viewer, dpi=dpi)``; empty when the renderer offers no
    ``places`` or no ``click_axes`` (then its places cannot be outlined)."""
    axes = getattr(renderer, "click_axes", None)
    named = getattr(renderer, "places", None)
    if axes is None or named is None:
        return []
    fig, ax = axes(state, viewer)
    try:
        ax.apply_aspect()  # where drawing puts an equal-aspect axes (as ``board_point``)
        height = fig.get_size_inches()[1] * fig.dpi
        scale = dpi / fig.dpi
        to_pixels = ax.transData.transform
        out = []
        for name, (left, bottom, right, top) in named(state, viewer):
            (x0, y0), (x1, y1) = to_pixels([(left, bottom), (right, top)])
            xs, ys = sorted((x0, x1)), sorted((height - y0, height - y1))
            box = (xs[0] * scale, ys[0] * scale, xs[1] * scale, ys[1] * scale)
            out.append((name, tuple(float(v) for v in box)))
        return out
    finally:
        release(fig)


def place_under(boxes: list[tuple[str, PixelBox]], x: float, y: float) -> str | None:
    """The first place of ``boxes`` (from ``place_boxes_px``) holding pixel ``(x, y)``."""
    for name, (left, top, right, bottom) in boxes:
        if left <= x <= right and top <= y <= bottom:
            return name
    return None


@contextmanager
def outlined(boxes: Sequence[tuple[float, float, float, float]]) -> Iterator[None]:
    """Within it, every board written (``canvas.png_bytes``) gets a frame around each of
    ``boxes`` (``(left, bottom, right, top)`` in the data coordinates of its figure's
    first axes, as a renderer's ``places`` gives them); none: the board as drawn."""
    if not boxes:
        yield
        return
    token = PAINT.set(lambda fig, pixels: _frames(fig, pixels, boxes))
    try:
        yield
    finally:
        PAINT.reset(token)


def _frames(fig, pixels: np.ndarray, boxes) -> None:
    """Around each box, outside it: a white band, the ink, a white band (``k``, ``2k``
    and ``k`` pixels, ``k`` a pixel at ``BASE_DPI``: 1, 2, 1 on the screen at any
    sharpness); every halo first, so a neighbour's never cuts into an ink frame. A box
    with another outlined one closer than two frames (Kilimanjaro's track, Tembo's
    cells) gets its ink just inside its own edge instead, so no frame covers a
    neighbour's number."""
    height, _, channels = pixels.shape
    k = max(1, round(fig.dpi / BASE_DPI))
    to_pixels = fig.axes[0].transData.transform  # the figure as just drawn, at its dpi
    halo = np.array(OUTLINE_HALO[:channels], dtype=np.uint8)
    ink = np.array(OUTLINE[:channels], dtype=np.uint8)
    rects = []
    for left, bottom, right, top in boxes:
        (x0, y0), (x1, y1) = to_pixels([(left, bottom), (right, top)])
        xs = sorted((round(x0), round(x1)))
        ys = sorted((round(height - y0), round(height - y1)))
        rects.append((xs[0], ys[0], xs[1], ys[1]))
    outside = [_room(rect, rects) >= 6 * k for rect in rects]
    for colour, out, thick in ((halo, 4 * k, 4 * k), (ink, 3 * k, 2 * k)):
        for (x0, y0, x1, y1), free in zip(rects, outside, strict=True):
            if free:
                _frame(pixels, x0 - out, y0 - out, x1 + out, y1 + out, colour, thick)
            elif colour is ink:
                _frame(pixels, x0, y0, x1, y1, colour, thick)


def _room(rect, rects) -> float:
    """The room between ``rect`` and the nearest other of ``rects`` (≤ 0: they touch)."""
    x0, y0, x1, y1 = rect
    gaps = [
        max(u0 - x1, x0 - u1, v0 - y1, y0 - v1)
        for u0, v0, u1, v1 in rects
        if (u0, v0, u1, v1) != rect
    ]
    return min(gaps, default=float("inf"))


def _frame(pixels, left, top, right, bottom, colour, thick) -> None:
    """A ``thick``-pixel frame whose outer edge is the box (clipped to the picture)."""
    height, width = pixels.shape[:2]
    x0, x1 = max(0, left), min(width, right + 1)
    y0, y1 = max(0, top), min(height, bottom + 1)
    if x0 >= x1 or y0 >= y1:
        return
    pixels[y0 : min(y1, top + thick), x0:x1] = colour
    pixels[max(y0, bottom + 1 - thick) : y1, x0:x1] = colour
    pixels[y0:y1, x0 : min(x1, left + thick)] = colour
    pixels[y0:y1, max(x0, right + 1 - thick) : x1] = colour
