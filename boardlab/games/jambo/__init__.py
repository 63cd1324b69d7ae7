"""Jambo (Rüdiger Dorn): two traders, ware cards and a 60-gold race.

Importing this package registers the game (``@register`` in ``rules.py``); it
imports no renderer (``render.py`` is looked up only when something is drawn).
"""

from .actions import (
    Bid,
    ChooseCard,
    ChooseOption,
    ChooseUtility,
    ChooseWare,
    Done,
    Draw,
    EndTurn,
    KeepDrawn,
    Pass,
    PlayCard,
    PlayWare,
    React,
    StopDrawing,
    UseUtility,
)
from .rules import JamboGame, JamboState

__all__ = [
    "Bid",
    "ChooseCard",
    "ChooseOption",
    "ChooseUtility",
    "ChooseWare",
    "Done",
    "Draw",
    "EndTurn",
    "JamboGame",
    "JamboState",
    "KeepDrawn",
    "Pass",
    "PlayCard",
    "PlayWare",
    "React",
    "StopDrawing",
    "UseUtility",
]
