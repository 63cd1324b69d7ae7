"""Tembo, a cooperative journey of an elephant herd (``boardlab.load("tembo")``).

Importing this package registers the game (``@register`` in ``rules.py``); it
imports no renderer.
"""

from .actions import Build, Choose, Discard, Elephant, Footprint, OnArea, Place, Support, Turn
from .rules import TemboGame, TemboState

__all__ = [
    "Build",
    "Choose",
    "Discard",
    "Elephant",
    "Footprint",
    "OnArea",
    "Place",
    "Support",
    "TemboGame",
    "TemboState",
    "Turn",
]
