"""boardlab: faithful rule engines, renderers and simulators for five tabletop games.

>>> import boardlab
>>> game = boardlab.load("kilimanjaro", players=3)
>>> state = game.new_game(seed=7)
>>> state.current_player
0
"""

from .core import (
    BoardlabError,
    DataFile,
    IllegalAction,
    ImpossibleScene,
    InvalidParameter,
    InvalidRecord,
    Outcome,
    Record,
    View,
    game_names,
    load,
    replay,
)
from .core.coverage import coverage

__version__ = "0.1.0"

__all__ = [
    "BoardlabError",
    "DataFile",
    "IllegalAction",
    "ImpossibleScene",
    "InvalidParameter",
    "InvalidRecord",
    "Outcome",
    "Record",
    "View",
    "coverage",
    "game_names",
    "load",
    "replay",
]
