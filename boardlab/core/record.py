"""Records: a game is fully reproduced by (game, parameters, seed, actions)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .game import State


@dataclass(frozen=True)
class Record:
    """Everything needed to replay a game; actions are stored as JSON values."""

    game: str
    params: dict
    seed: int
    actions: tuple
    #: The hand-set situation (``State.arrange``) the actions start from, if any.
    setup: dict | None = None

    def to_json(self) -> str:
        data = {
            "game": self.game,
            "params": self.params,
            "seed": self.seed,
            "actions": list(self.actions),
        }
        if self.setup is not None:
            data["setup"] = self.setup
        return json.dumps(data)

    @classmethod
    def from_json(cls, text: str | dict) -> Record:
        data = json.loads(text) if isinstance(text, str) else text
        actions = tuple(data["actions"])
        return cls(data["game"], data["params"], data["seed"], actions, data.get("setup"))


def replay(record: Record | str | dict) -> list[State]:
    """Re-run a record from its seed; return the state before and after every action."""
    from .registry import load

    if not isinstance(record, Record):
        record = Record.from_json(record)
    game = load(record.game, **record.params)
    state = game.new_game(record.seed)
    if record.setup is not None:
        state.arrange(**record.setup)
    states = [state.clone()]
    for data in record.actions:
        action: Any = game.action_from_json(data)
        state.apply(action)
        states.append(state.clone())
    return states
