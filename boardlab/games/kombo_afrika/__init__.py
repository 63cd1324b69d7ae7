"""Kombo Afrika: place animals on a 5×5 board, gather same-colour combos, use their skills.

Importing this package registers the game; it imports no renderer.
"""

from .actions import (
    Claim,
    ClaimCancel,
    ClaimCard,
    ClaimDone,
    Done,
    EndTurn,
    KeepHand,
    MoveTo,
    Mulligan,
    Place,
    SkipEffect,
    Target,
    UseEffect,
)
from .rules import KomboAfrikaGame, KomboAfrikaState

__all__ = [
    "Claim",
    "ClaimCancel",
    "ClaimCard",
    "ClaimDone",
    "Done",
    "EndTurn",
    "KeepHand",
    "KomboAfrikaGame",
    "KomboAfrikaState",
    "MoveTo",
    "Mulligan",
    "Place",
    "SkipEffect",
    "Target",
    "UseEffect",
]
