"""The two ways a caller can be wrong: a bad move, or a bad parameter.

Both carry enough structure for a widget to show the rule that forbids the
move, or for a parameter panel to show the allowed range.
"""

from __future__ import annotations

from typing import Any


class BoardlabError(Exception):
    """Base class of every error boardlab raises on purpose."""


class IllegalAction(BoardlabError):
    """An action the rules forbid in this state; the state is left unchanged.

    ``reason`` says what is wrong in plain English and ``rule`` names the
    rulebook section (or dossier decision) that forbids it.
    """

    def __init__(self, reason: str, rule: str = "", action: Any = None) -> None:
        self.reason = reason
        self.rule = rule
        self.action = action
        text = f"{action}: {reason}" if action is not None else reason
        super().__init__(f"{text} (rule: {rule})" if rule else text)


class InvalidParameter(BoardlabError, ValueError):
    """A game parameter outside what the game allows, caught at ``load()``."""

    def __init__(self, name: str, value: Any, allowed: str) -> None:
        self.name = name
        self.value = value
        self.allowed = allowed
        super().__init__(f"parameter {name}={value!r} is not allowed: {allowed}")
