"""Achi, the board template: the small perfect-information game a board game copies.

Copy this folder to ``boardlab/games/<your_game>/`` and replace every ``# TEMPLATE:``
(``boardlab/games/README.md``, "Adding a perfect-information board game"). Its name
starts with ``_``, so ``boardlab.game_names()`` never lists it, while
``boardlab.load("board_template")`` loads it. Importing it registers the game; it
imports no renderer.
"""

from .actions import Move, Place
from .rules import AchiGame, AchiState

__all__ = ["AchiGame", "AchiState", "Move", "Place"]
