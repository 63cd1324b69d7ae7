"""Exercises a notebook can check: a question, the right answer, and why.

The answer is computed by the engine (never typed in by hand), so an
exercise can't disagree with the rules it teaches.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from boardlab.core import State


@dataclass(frozen=True)
class Exercise:
    """A question whose answer the reader types into a cell; ``check`` says if it's right."""

    question: str
    answer: Any
    explanation: str

    def check(self, guess: Any) -> str:
        """'Correct' or a hint — returned as text so nbval can check the cell."""
        if guess is None or guess is ...:
            return f"Your turn: {self.question}"
        if guess == self.answer:
            return f"Correct! {self.explanation}"
        return f"Not quite ({guess!r}). {self.explanation}"

    def __repr__(self) -> str:
        return f"Exercise: {self.question}"


def narrate(state: State, action: Any) -> str:
    """Apply ``action`` and return what a spectator is told happened, one event a line.

    A notebook's scenarios show one rule at a time: "do it, then read the
    narration", with others' secret draws redacted as at the table. An
    illegal action raises ``IllegalAction`` and changes nothing.
    """
    seen = len(state.visible_events(None))
    state.apply(action)
    return "\n".join(event.text for event in state.visible_events(None)[seen:])
