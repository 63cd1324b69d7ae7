"""Exercises a notebook can check: a question, the right answer, and why.

The answer is computed by the engine (never typed in by hand), so an
exercise can't disagree with the rules it teaches.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


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
