"""The ways a caller can be wrong: a bad move, a bad parameter, a bad record.

Each carries enough structure for a widget to show the rule that forbids the
move, for a parameter panel to show the allowed range, or for a reader of a
record to find the field that is wrong.
"""

from __future__ import annotations

from typing import Any


class BoardlabError(Exception):
    """Base class of every error boardlab raises on purpose."""


class IllegalAction(BoardlabError):
    """An action the rules forbid in this state; the state is left unchanged.

    ``reason`` says what is wrong in plain English and ``rule`` names the
    rulebook section (or design decision) that forbids it.
    """

    def __init__(self, reason: str, rule: str = "", action: Any = None) -> None:
        self.reason = reason
        self.rule = rule
        self.action = action
        text = f"{describe_action(action)}: {reason}" if action is not None else reason
        super().__init__(f"{text} (rule: {rule})" if rule else text)


def describe_action(action: Any) -> str:
    """``str(action)``, or — when an action with impossible fields can't say itself in
    words (a card index past the deck) — its class and raw fields: explaining an illegal
    action must never raise."""
    try:
        return str(action)
    except Exception:  # any failure of a game's __str__ falls back here
        pass
    try:
        names = getattr(action, "__dataclass_fields__", {})
        inner = ", ".join(f"{name}={getattr(action, name, '?')!r}" for name in names)
        return f"{type(action).__name__}({inner})"
    except Exception:
        return f"<{type(action).__name__}>"


class InvalidParameter(BoardlabError, ValueError):
    """A game parameter outside what the game allows, caught at ``load()``."""

    def __init__(self, name: str, value: Any, allowed: str) -> None:
        self.name = name
        self.value = value
        self.allowed = allowed
        super().__init__(f"parameter {name}={value!r} is not allowed: {allowed}")


class InvalidRecord(BoardlabError, ValueError):
    """A record (or saved state) that cannot be what it claims: a missing or wrong field,
    an action the rules forbid at that step, or a replay that ends elsewhere than the
    record says. ``field`` names where it is wrong (``"actions[12]"``, ``"seed"``)."""

    def __init__(self, field: str, problem: str) -> None:
        self.field = field
        self.problem = problem
        super().__init__(f"invalid record: {field}: {problem}")


class ImpossibleScene(BoardlabError, ValueError):
    """An ``arrange`` the game refuses: an argument of the wrong type, out of range, of the
    wrong length or naming nothing the game has, or a situation no game of these rules can
    reach. ``argument`` names what is wrong (``"gold[0]"``); the state is left as it was."""

    def __init__(self, argument: str, problem: str) -> None:
        self.argument = argument
        self.problem = problem
        super().__init__(f"arrange: {argument}: {problem}")
