"""Achi's actions: place a counter (§2), move one (§3). Plain public values (points as
ints), so the ``Action`` mixin's JSON serves: ``{"action": "Move", "start": 0, "end": 4}``;
each docstring cites its section, which ``Game.rule_help`` shows to a player deciding.

# TEMPLATE: one class per kind of decision, named by the rulebook's verb, citing
# its section; ``str()`` names places as ``components.name`` does.
"""

from __future__ import annotations

from dataclasses import dataclass

from boardlab.core import Action

from .components import name


@dataclass(frozen=True, slots=True)
class Place(Action):
    """Put a counter on an empty point (§2 Placement)."""

    point: int

    def __str__(self) -> str:
        return f"place on {name(self.point)}"


@dataclass(frozen=True, slots=True)
class Move(Action):
    """Move a counter along a line to the next point (§3 Movement)."""

    start: int
    end: int

    def __str__(self) -> str:
        return f"move {name(self.start)} to {name(self.end)}"
