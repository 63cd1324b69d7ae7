"""Notebook front-ends, generic over games: step through a game, play one, change its rules,
play its guided first game.

Every widget uses only the contract (``boardlab.load``, legal actions,
narration, records) and the game's renderer, so each game gets them for
free. Callbacks update widget values and never print (nbval).
"""

from .explorer import GameExplorer
from .guided import GuidedGame, storyboard
from .parameter_panel import ParameterPanel
from .play_panel import PlayPanel
from .viewer import GameViewer
from .what_if import WhatIfPanel

__all__ = [
    "GameExplorer",
    "GameViewer",
    "GuidedGame",
    "ParameterPanel",
    "PlayPanel",
    "WhatIfPanel",
    "storyboard",
]
