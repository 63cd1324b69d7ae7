"""Records: a game is fully reproduced by (game, parameters, seed, actions).

``boardlab.replay`` (in ``registry``, beside ``load``) re-runs one.
"""

from __future__ import annotations

import json
from dataclasses import dataclass


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
