"""Kalimambo: blind movement cards, a leapfrogging group, dung heaps and a charging rhino.

Importing this package registers the game; it imports no renderer.
"""

from .actions import PlayCard
from .rules import KalimamboGame, KalimamboState

__all__ = ["KalimamboGame", "KalimamboState", "PlayCard"]
