"""Narration: what happened, and who may know it.

The rules append raw tuples ``(kind, visible_to, args)`` to a state's log —
cheap enough for playouts. ``Event`` objects and their English text are made
only when somebody reads the narration.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field

#: ``visible_to`` value for an event everybody may see.
PUBLIC = None
#: Stands for a spectator (``player=None``) inside a ``visible_to`` tuple, so an
#: event "everybody but player 2" can still be read by someone watching.
SPECTATOR = -1


class _Untold(deque):
    """The log of a state played untold: random playouts (``boardlab.sim.play``), whose
    narration nobody reads while they run. What the rules append is dropped
    (``maxlen=0``: an ``append`` costs what a list's does), and a rule's hot path skips
    even building its entry (``if log is not UNTOLD``). The narration is not lost: a
    game is its record, so ``State`` tells it again by replay when somebody asks for it.

    One shared object, kept one by pickling and copying: a state is untold exactly
    when its log ``is UNTOLD``, which costs a rule no attribute of its own.
    """

    def __init__(self) -> None:
        super().__init__(maxlen=0)

    def __reduce__(self) -> str:
        return "UNTOLD"

    def __copy__(self) -> _Untold:
        return self

    def __deepcopy__(self, memo: dict) -> _Untold:
        return self

    def __repr__(self) -> str:
        return "UNTOLD"


#: The log of a state whose narration is told only when asked (``_Untold``).
UNTOLD = _Untold()


@dataclass(frozen=True)
class Event:
    """One step of the narration.

    ``visible_to`` is ``None`` for a public event, else the players who may
    see it (a drawn card is shown to its drawer only; the others get a
    separate "draws a card" event).
    """

    kind: str
    args: tuple
    visible_to: tuple[int, ...] | None
    describe: Callable[[str, tuple], str] = field(repr=False, compare=False)

    def visible(self, player: int | None) -> bool:
        """May ``player`` see this event? ``None`` stands for a spectator."""
        if self.visible_to is None:
            return True
        return (SPECTATOR if player is None else player) in self.visible_to

    @property
    def text(self) -> str:
        return self.describe(self.kind, self.args)

    def __str__(self) -> str:
        return self.text

    def to_json(self) -> dict:
        visible = None if self.visible_to is None else list(self.visible_to)
        return {"kind": self.kind, "args": list(self.args), "visible_to": visible}
