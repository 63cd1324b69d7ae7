"""One callback at a time per widget, whichever thread the kernel runs it on; when the
browser sent a message; a timer that needs no busy loop.

JupyterLab (4.6 with ipykernel 7) may send widget messages over kernel
*subshells*: a comm's messages are handled on the thread of the subshell it
last answered, so two buttons of one widget can have their clicks handled at
the same time on two threads, and in another order than they were clicked
(seen in the browser suite: ⏭ handled on the main thread while ◀ ◀ ⏮ ran on
a subshell, leaving the slider on one step and the board on another).

- ``@serialized``: every callback that changes a widget's state holds the
  widget's own re-entrant lock, so each click is handled whole, and a widget
  shows the result of all of them.
- ``Dated`` (a mixin of a widget class) and ``sent_at(widget)``: the browser's
  clock stamps every message it sends (the header's ``date``); a callback run
  for a message of that widget reads when it was sent, so clicks on two
  buttons can be put back in the order the person made them.
- ``call_later(delay, callback)``: once, later, on the kernel's own event loop
  (on a timer thread where there is none): an animation's clock in the kernel.
"""

from __future__ import annotations

import asyncio
import functools
import sys
import threading
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any


def serialized(method: Callable) -> Callable:
    """Run ``method`` holding its object's ``_serial_lock`` (made by ``make_lock``)."""

    @functools.wraps(method)
    def locked(self, *args: Any, **kwargs: Any) -> Any:
        with self._serial_lock:
            return method(self, *args, **kwargs)

    return locked


def make_lock() -> threading.RLock:
    """The lock of one widget: re-entrant, as a callback may trigger another."""
    return threading.RLock()


# -- when the browser sent a message -----------------------------------------------------
#: Per thread: the widgets whose message this thread is handling, and when it was sent.
_HANDLING = threading.local()


def message_time(msg: Any) -> float | None:
    """When a message was sent, in seconds since the epoch, from its header's ``date``
    (a ``datetime`` once jupyter_client has read it, an ISO 8601 string elsewhere);
    ``None`` when it has none."""
    try:
        date = msg["header"]["date"]
    except (KeyError, TypeError):
        return None
    if isinstance(date, str):
        try:
            date = datetime.fromisoformat(date.replace("Z", "+00:00"))
        except ValueError:
            return None
    if not isinstance(date, datetime):
        return None
    if date.tzinfo is None:  # Jupyter's dates are UTC
        date = date.replace(tzinfo=UTC)
    return date.timestamp()


def sent_at(widget: Any) -> float | None:
    """When the browser sent the message of ``widget`` this thread is handling (seconds
    since the epoch, the browser's clock); ``None`` outside such a message (a call in
    Python: ``button.click()``, ``slider.value = 3``) or when the message has no date."""
    return getattr(_HANDLING, "stamps", {}).get(id(widget))


class Dated:
    """Mixin for a widget class (``class DatedButton(Dated, widgets.Button)``): while a
    message from the browser is handled, ``sent_at(widget)`` tells when it was sent. The
    model and the view are the base class's: the browser sees no difference."""

    def _handle_msg(self, msg: dict) -> None:
        stamps = _HANDLING.__dict__.setdefault("stamps", {})
        key = id(self)
        outer = stamps.get(key, None)
        stamps[key] = message_time(msg)
        try:
            super()._handle_msg(msg)
        finally:
            if outer is None:
                stamps.pop(key, None)
            else:
                stamps[key] = outer


# -- later, without a busy loop ----------------------------------------------------------
def _kernel_loop() -> Any:
    """The IPython kernel's main event loop (a tornado ``IOLoop``), if this runs in one."""
    try:
        from IPython import get_ipython
    except ImportError:  # pragma: no cover - IPython comes with ipywidgets
        return None
    loop = getattr(getattr(get_ipython(), "kernel", None), "io_loop", None)
    if callable(getattr(loop, "add_callback", None)) and callable(
        getattr(loop, "call_later", None)
    ):
        return loop
    return None


def call_later(delay: float, callback: Callable[[], Any]) -> None:
    """Run ``callback()`` once, ``delay`` seconds from now, from any thread: on the
    kernel's main event loop in a Jupyter kernel (JupyterLab, Voilà), where cells and
    widget messages run; on the browser's event loop in Pyodide (JupyterLite: no
    threads); else (plain Python, the tests) on a timer thread. Nothing waits or spins
    in between."""
    loop = _kernel_loop()
    if loop is not None:
        try:  # call_later is the loop's own; add_callback is safe from any thread
            loop.add_callback(loop.call_later, delay, callback)
            return
        except RuntimeError:  # the loop is closed: the kernel is going away
            return
    if sys.platform == "emscripten":  # pragma: no cover - Pyodide
        asyncio.get_event_loop().call_later(delay, callback)
        return
    timer = threading.Timer(delay, callback)
    timer.daemon = True
    timer.start()
