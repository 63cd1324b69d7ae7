"""Achi's words: ``NARRATION`` turns each logged event ``(kind, visible_to, args)`` into
a sentence, only when somebody reads it (``Game.narration``: core's ``describe_event``).

# TEMPLATE: one entry per kind of event your rules log; args are plain JSON values."""

from __future__ import annotations

from .components import name

NARRATION = {
    "place": lambda p, q: f"player {p} places a counter on {name(q)}",
    "move": lambda p, a, b: f"player {p} moves a counter from {name(a)} to {name(b)}",
    "three": lambda p, *line: f"player {p} has three in a row, {'-'.join(map(name, line))}",
    "blocked": lambda p: f"player {p} cannot move and loses",
    "cut_short": lambda turns: f"the game is cut short after {turns} turns (turn cap): a draw",
}
