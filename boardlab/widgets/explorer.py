"""``GameExplorer``: change a rule or the seed, and watch the game played again under it.

A ``ParameterPanel`` (the rules), a seed box, a one-line summary of the game
played (its outcome, length and margin) and a ``GameViewer`` over a game
between random agents, kept in step: after every change the viewer opens at
the game's last step, so the change visibly does something.
"""

from __future__ import annotations

import html
import re
from typing import Any

import ipywidgets as widgets

from boardlab.core import State
from boardlab.render import captioned_png
from boardlab.sim import RandomAgent, play

from .layout import prose
from .parameter_panel import CONTROL_WIDTH, LABEL_STYLE, ParameterPanel
from .serial import make_lock, serialized
from .viewer import GameViewer, event_html, with_board_png

#: The largest seed a seed box takes: the largest integer a browser's numbers hold exactly.
SEED_MAX = 2**53 - 1


def summary(final: State) -> str:
    """One line on a finished game: "Game over: player 1 wins (…) · 41 steps · margin 12".

    The margin is how far the winners' score is from the best of the others' (0 for a
    game everybody shares or nobody wins)."""
    steps = len(final.history)
    head = final.outcome.describe() if final.outcome is not None else "Not finished"
    text = f"{head} · {steps} step{'' if steps == 1 else 's'}"
    margin = margin_of(final)
    if margin is not None:
        text += f" · margin {margin}"
    return text


def _words(value: Any) -> str:
    """A parameter's value as the summary writes it: ``1, 2`` for a tuple."""
    return ", ".join(map(str, value)) if isinstance(value, tuple | list) else str(value)


def margin_of(final: State) -> Any:
    """The winners' score less the best other score (in the direction of the game's
    ``score_order``), or ``None`` when there are no winners or no others."""
    outcome = final.outcome
    if outcome is None or not outcome.winners:
        return None
    scores = list(final.scores)
    others = [s for p, s in enumerate(scores) if p not in outcome.winners]
    if not others:
        return None
    high = final.game.score_order == "high"
    best = (
        max(scores[p] for p in outcome.winners) if high else min(scores[p] for p in outcome.winners)
    )
    rival = max(others) if high else min(others)
    margin = best - rival if high else rival - best
    return round(margin, 2) if isinstance(margin, float) else margin


class GameExplorer(widgets.VBox):
    """Parameters, a seed and a replay of a game between random agents, kept in step:
    change a rule or the seed and the game shown is played again under it, summed up
    in one line and shown at its last step."""

    def __init__(self, game_name: str, seed: int = 0, **values: Any) -> None:
        self._serial_lock = make_lock()  # changes may be handled on two threads at once
        self._cause: str | None = None  # what the game shown answers: a parameter, "seed"
        self._start = dict(values)  # the rules it opens with, named until one is changed
        self.panel = ParameterPanel(game_name, on_change=self._on_rules, **values)
        self.seed = widgets.BoundedIntText(  # seeds are non-negative (``check_seed``)
            value=seed,
            min=0,
            max=SEED_MAX,
            description="seed",
            style=LABEL_STYLE,
            layout=widgets.Layout(width=CONTROL_WIDTH, flex="0 0 auto"),
        )
        self.seed.observe(self._on_seed, names="value")
        self.summary = widgets.HTML(layout=widgets.Layout(flex="1 1 20em", min_width="0"))
        self.viewer: GameViewer | None = None
        self._head = widgets.HBox(
            [self.seed, self.summary],
            layout=widgets.Layout(flex_flow="row wrap", align_items="center", grid_gap="0 12px"),
        )
        super().__init__([self.panel, self._head])
        self.add_class("boardlab-explorer")
        self.seed.add_class("boardlab-explorer-seed")
        self.summary.add_class("boardlab-explorer-summary")
        self.panel.message.observe(self._on_message, names="value")
        self.rebuild()

    @serialized
    def rebuild(self) -> None:
        """Play a new random game under the panel's parameters and show it at its end;
        with invalid parameters, keep the last game shown (the panel says what is wrong)."""
        game = self.panel.game
        if game is None:
            self._stale()
            return
        agents = [RandomAgent() for _ in range(game.num_players)]
        final = play(game, agents, seed=self.seed.value)
        self.viewer = GameViewer(final)
        self.viewer.step = len(self.viewer.states) - 1
        self.summary.value = prose(self._why() + event_html(summary(final)))
        self.children = (self.panel, self._head, self.viewer)

    @serialized
    def _on_rules(self, game: Any) -> None:
        self._cause = self.panel.changed
        self.rebuild()

    @serialized
    def _on_seed(self, change: dict) -> None:
        self._cause = "seed"
        self.rebuild()

    def _why(self) -> str:
        """The change the game shown answers ("With colours=5: "; nothing at first)."""
        name = self._cause
        if name is None and self._start:  # the rules it was opened with
            shown = ", ".join(f"{k}={_words(v)}" for k, v in self._start.items())
            return f"<b>With {html.escape(shown)}:</b> "
        if name is None or (name != "seed" and name not in self.panel.controls):
            return ""
        control = self.seed if name == "seed" else self.panel.controls[name]
        return f"<b>With {html.escape(f'{name}={_words(control.value)}')}:</b> "

    @serialized
    def _on_message(self, change: dict) -> None:
        if self.panel.game is None:
            self._stale()

    def _stale(self) -> None:
        self.summary.value = (
            '<span style="color:#b00020">Not played again: the rules above are not valid; '
            "the game shown is the last valid one.</span>"
        )

    def _repr_mimebundle_(self, **kwargs) -> dict | None:
        """The live widget, and for a notebook saved without a kernel the game's last board
        under a band that names the rule changed and the outcome (the summary line)."""
        png = self.viewer.image.value if self.viewer is not None else None
        if png:
            png = captioned_png(png, re.sub(r"<[^>]+>", "", html.unescape(self.summary.value)))
        return with_board_png(super()._repr_mimebundle_(**kwargs), png)

    def __repr__(self) -> str:
        return f"GameExplorer({self.panel.game_name!r})"
