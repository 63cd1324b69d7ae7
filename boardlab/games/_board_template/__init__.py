"""Achi, the board template: the perfect-information game a board game copies
(``boardlab/games/README.md``). ``boardlab.load("board_template")`` loads it; its name
starts with ``_``, so ``boardlab.game_names()`` never lists it. It imports no renderer.
"""

from .actions import Move, Place
from .rules import AchiGame, AchiState

__all__ = ["AchiGame", "AchiState", "Move", "Place"]
