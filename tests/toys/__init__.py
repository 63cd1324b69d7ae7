"""Toy games that only tests import: proof that the Game/State contract fits the
roadmap's kinds of game without registering anything in the product.

- ``market.MarketGame``: two players, hidden hands, and three mid-turn
  sub-decisions — a reaction (the opponent may cancel an animal with a guard),
  an auction (alternate bids, the first pass ends it) and a draft (alternate
  picks from a pool, the active player first).
- ``expedition.ExpeditionGame``: a cooperative game with one team outcome, a
  hidden shuffled deck as the clock and private hands.

They are not registered: ``boardlab.game_names()`` lists real games only. The
conformance suite plays them through ``conformance.TOYS`` and registers one
just for as long as ``boardlab.replay`` needs to find it by name.
"""

from .expedition import ExpeditionGame
from .market import MarketGame

TOYS = (MarketGame, ExpeditionGame)

__all__ = ["TOYS", "ExpeditionGame", "MarketGame"]
