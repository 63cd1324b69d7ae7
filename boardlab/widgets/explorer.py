"""``GameExplorer``: change a rule or the seed, and watch the game played again under it.

A ``ParameterPanel`` (the rules), a seed box and a ``GameViewer`` over a game
between random agents, kept in step.
"""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets

from boardlab.sim import RandomAgent, play

from .parameter_panel import LABEL_STYLE, ParameterPanel
from .viewer import GameViewer, with_board_png


class GameExplorer(widgets.VBox):
    """Parameters, a seed and a replay of a game between random agents, kept in step:
    change a rule or the seed and the game shown is played again under it."""

    def __init__(self, game_name: str, seed: int = 0, **values: Any) -> None:
        self.panel = ParameterPanel(game_name, on_change=lambda _: self.rebuild(), **values)
        self.seed = widgets.IntText(value=seed, description="seed", style=LABEL_STYLE)
        self.seed.observe(lambda _: self.rebuild(), names="value")
        self.viewer: GameViewer | None = None
        super().__init__([self.panel, self.seed])
        self.add_class("boardlab-explorer")
        self.seed.add_class("boardlab-explorer-seed")
        self.rebuild()

    def rebuild(self) -> None:
        """Play a new random game under the panel's parameters and show it; with invalid
        parameters, keep the last game shown (the panel says what is wrong)."""
        game = self.panel.game
        if game is None:
            return
        agents = [RandomAgent() for _ in range(game.num_players)]
        final = play(game, agents, seed=self.seed.value)
        self.viewer = GameViewer(final)
        self.children = (self.panel, self.seed, self.viewer)

    def _repr_mimebundle_(self, **kwargs) -> dict | None:
        png = self.viewer.image.value if self.viewer is not None else None
        return with_board_png(super()._repr_mimebundle_(**kwargs), png)

    def __repr__(self) -> str:
        return f"GameExplorer({self.panel.game_name!r})"
