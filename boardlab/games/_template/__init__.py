"""Waterhole, the template game: the small, complete game every new game copies.

Copy this folder to ``boardlab/games/<your_game>/``, rename, and replace every
``# TEMPLATE:`` (``boardlab/games/README.md`` walks through it). The folder's
name starts with ``_``, so ``boardlab.game_names()`` never lists it, while
``boardlab.load("template")`` loads it.

# TEMPLATE: the checklist of ``boardlab/games/README.md`` lists everything a game
# needs beyond these files (a notebook, golden playthroughs, its lab results by
# ``make lab-files``), each item with the generic test that checks it.

Importing this package registers the game (``@register`` in ``rules.py``);
it imports no renderer: ``render.py`` is looked up only when something is
drawn (``Game.renderer``), so simulation workers never load matplotlib.
"""

from .actions import Chase, PlayCard
from .rules import WaterholeGame, WaterholeState

__all__ = ["Chase", "PlayCard", "WaterholeGame", "WaterholeState"]
