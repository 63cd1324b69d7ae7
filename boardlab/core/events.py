"""Narration: what happened, and who may know it.

The rules append raw tuples ``(kind, visible_to, args)`` to a state's log —
cheap enough for playouts. ``Event`` objects and their English text are made
only when somebody reads the narration.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

#: ``visible_to`` value for an event everybody may see.
PUBLIC = None
#: Stands for a spectator (``player=None``) inside a ``visible_to`` tuple, so an
#: event "everybody but player 2" can still be read by someone watching.
SPECTATOR = -1


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
