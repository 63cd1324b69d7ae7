"""The moves of one decision, grouped in steps for ``PlayPanel``: pure logic, no widgets.

Each candidate move (``state.candidate_actions()``: the legal ones, then the
near misses the rules refuse, each with its ``IllegalAction``) becomes a
``Choice`` with its path of labels (``game.choice_path``). The panel offers
the distinct first labels of the legal moves, then the second labels under
the one chosen, and so on (``options``); a whole path chosen is a move
(``complete``). A filter (words typed) and a place (a click on the board,
``render.locate``) narrow the moves to those that mention them (``narrow``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from boardlab.core import IllegalAction, State


@dataclass(frozen=True)
class Choice:
    """One candidate move: the action, its steps' labels, and why it is refused (or None)."""

    action: Any
    path: tuple[str, ...]
    error: IllegalAction | None = None

    @property
    def legal(self) -> bool:
        return self.error is None

    @property
    def text(self) -> str:
        """What the filter and a click on the board search: the labels and the action."""
        return " · ".join((*self.path, str(self.action))).lower()

    def why(self) -> str:
        """The reason the rules refuse it, with the rule: "… (rule: §3 The lion)"."""
        if self.error is None:
            return ""
        rule = f" (rule: {self.error.rule})" if self.error.rule else ""
        return f"{self.error.reason}{rule}"


def natural_key(text: str) -> list:
    """Sort "space 9" before "space 10": digits compare as numbers."""
    return [int(part) if part.isdigit() else part for part in re.split(r"(\d+)", text)]


def matches(words: list[str], text: str) -> bool:
    """Does a move's text contain every filter word? A number must match a whole
    number ("7" finds "space 7", not "space 17"); other words match any part."""
    text = text.lower()
    numbers = set(re.findall(r"\d+", text))
    return all(w in numbers if w.isdigit() else w in text for w in words)


def mentions(place: str, text: str) -> bool:
    """Does ``text`` name ``place`` as a whole ("space 3" is not in "space 37")?"""
    return re.search(rf"(?<!\w){re.escape(place.lower())}(?!\w)", text.lower()) is not None


def choices_of(state: State, refused: bool = False) -> list[Choice]:
    """Every candidate move of ``state``'s decision with its path, legal ones first.

    A legal move whose path is another's prefix (or equal to it) gets ``str(action)``
    as a last step, so every whole path names one move. With ``refused`` (the guided
    game, where a refused move may be chosen to hear its rule) the refused moves are
    choosable too, so every move's path is made whole among all of them.
    """
    game = state.game
    pairs = state.candidate_actions()
    paths = [tuple(game.choice_path(state, a)) or (str(a),) for a, _ in pairs]
    among = [p for p, (_, error) in zip(paths, pairs, strict=True) if refused or error is None]
    for i, ((action, error), path) in enumerate(zip(pairs, paths, strict=True)):
        if (refused or error is None) and sum(p[: len(path)] == path for p in among) > 1:
            paths[i] = (*path, str(action))
    return [Choice(a, p, e) for (a, e), p in zip(pairs, paths, strict=True)]


def narrow(choices: Iterable[Choice], words: Sequence[str], place: str | None) -> list[Choice]:
    """The choices that contain every filter word and mention ``place`` (if any)."""
    return [
        c
        for c in choices
        if matches(list(words), c.text) and (place is None or mentions(place, c.text))
    ]


def options(choices: Iterable[Choice], chosen: Sequence[str], refused: bool = False) -> list[str]:
    """The labels of the next step after ``chosen``, among the legal choices (and the
    refused ones too, with ``refused``), in natural order."""
    k = len(chosen)
    labels = {
        c.path[k]
        for c in choices
        if (refused or c.legal) and len(c.path) > k and c.path[:k] == tuple(chosen)
    }
    return sorted(labels, key=natural_key)


def complete(
    choices: Iterable[Choice], chosen: Sequence[str], refused: bool = False
) -> Choice | None:
    """The legal choice (or, with ``refused``, any choice) whose whole path is
    ``chosen``, if any."""
    return next((c for c in choices if (refused or c.legal) and c.path == tuple(chosen)), None)


def under(choices: Iterable[Choice], chosen: Sequence[str]) -> list[Choice]:
    """The refused choices consistent with the steps chosen so far."""
    k = len(chosen)
    return [c for c in choices if not c.legal and c.path[:k] == tuple(chosen)[: len(c.path)]]
