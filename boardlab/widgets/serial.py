"""One callback at a time per widget, whichever thread the kernel runs it on.

JupyterLab (4.6 with ipykernel 7) may send widget messages over kernel
*subshells*: a comm's messages are handled on the thread of the subshell it
last answered, so two buttons of one widget can have their clicks handled at
the same time on two threads (seen in the browser suite: ⏭ handled on the
main thread while ◀ ◀ ⏮ ran on a subshell, leaving the slider on one step and
the board on another). Every callback that changes a widget's state holds the
widget's own re-entrant lock (``@serialized``), so each click is handled
whole, and a widget shows the result of all of them.
"""

from __future__ import annotations

import functools
import threading
from collections.abc import Callable
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
