"""Am Fuß des Kilimandscharo: race up the track by the cards on your three piles.

Importing this package registers the game; it imports no renderer.
"""

from .actions import ChangePlaces, PlaceCounter, PlayCard, SendBack
from .rules import KilimanjaroGame, KilimanjaroState

__all__ = [
    "ChangePlaces",
    "KilimanjaroGame",
    "KilimanjaroState",
    "PlaceCounter",
    "PlayCard",
    "SendBack",
]
