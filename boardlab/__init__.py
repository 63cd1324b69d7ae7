"""boardlab: faithful rule engines, renderers and simulators for five tabletop games.

>>> import boardlab
>>> game = boardlab.load("kilimanjaro", players=3)
>>> state = game.new_game(seed=7)
>>> state.current_player
0
"""

# ``boardlab.games`` is the games' package, callable: ``boardlab.games()`` lists them
# (``boardlab/games/__init__.py``), and ``import boardlab.games.jambo.rules`` works.
from . import games
from .core import (
    BoardlabError,
    DataFile,
    IllegalAction,
    InvalidParameter,
    InvalidRecord,
    Outcome,
    Record,
    View,
    load,
    replay,
)
from .core.coverage import coverage

__version__ = "0.1.0"

__all__ = [
    "BoardlabError",
    "DataFile",
    "IllegalAction",
    "InvalidParameter",
    "InvalidRecord",
    "Outcome",
    "Record",
    "View",
    "coverage",
    "games",
    "load",
    "replay",
]
