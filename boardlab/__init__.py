"""boardlab: faithful rule engines, renderers and simulators for five tabletop games.

>>> import boardlab
>>> game = boardlab.load("kilimanjaro", players=3)
>>> state = game.new_game(seed=7)
>>> state.current_player
0
"""

# Import the subpackage ``boardlab.games`` before binding the function ``games``:
# importing a subpackage sets the parent's attribute of that name, so loading a
# game later would otherwise replace ``boardlab.games`` with the package.
from . import games as _games_package  # noqa: F401
from .core import (
    BoardlabError,
    DataFile,
    IllegalAction,
    InvalidParameter,
    InvalidRecord,
    Outcome,
    Record,
    View,
    games,
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
