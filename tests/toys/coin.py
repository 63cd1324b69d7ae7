"""Coin, a toy with known answers for the design metrics and ``tune`` (never registered).

Each of ``rounds`` rounds, every player in seat order picks one of ``options``
stones; the last stone (``Pick(options)``) is a gem worth a point, the others
nothing. Then fate decides: with probability ``luck``% a lottery names the
winner — seat 0 with probability ``first_share``%, otherwise a seat drawn
evenly among the others — else the most gems win (a tie goes to the lottery
among the tied players). So:

- length is ``rounds * players`` decisions and the branching factor ``options``;
- with ``luck=100``, seat 0 wins ``first_share``% of games: first-player
  advantage ``first_share/100 − 1/players``, zero at ``first_share = 100/players``;
- ``GemCollector`` (always the gem) against random pickers wins the skill branch
  unless a random player also took every gem: with 2 players, 3 rounds and 4
  options it wins ``luck/200 + (1 − luck/100)·(1 − 1/128)`` of the games.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from boardlab.core import Action, Game, IllegalAction, Outcome, Param, State, View, rank_by


@dataclass(frozen=True, slots=True)
class Pick(Action):
    stone: int

    def __str__(self) -> str:
        return f"pick stone {self.stone}"


class CoinState(State):
    def __init__(self, game: CoinGame, seed: int = 0) -> None:
        super().__init__(game, seed)
        self.gems = [0] * game.num_players
        self.picks = 0
        self.current_player = 0

    @property
    def scores(self) -> list[int]:
        return list(self.gems)

    def legal_actions(self) -> list:
        if self.outcome is not None:
            return []
        return [Pick(k) for k in range(1, self.game.params["options"] + 1)]

    def _apply(self, action) -> None:
        options = self.game.params["options"]
        if self.outcome is not None or not 1 <= action.stone <= options:
            raise IllegalAction(f"stones are 1 to {options}", "toy coin", action)
        p = self.current_player
        if action.stone == options:
            self.gems[p] += 1
        self.picks += 1
        self._log.append(("pick", None, (p, action.stone)))
        n = self.game.num_players
        if self.picks == self.game.params["rounds"] * n:
            return self._finish()
        self.current_player = (p + 1) % n

    def _lottery(self, among: list[int]) -> int:
        if 0 in among and self.rng.random() * 100 < self.game.params["first_share"]:
            return 0
        rest = [q for q in among if q != 0] or among
        return rest[int(self.rng.random() * len(rest))]

    def _finish(self) -> None:
        n = self.game.num_players
        if self.rng.random() * 100 < self.game.params["luck"]:
            winner = self._lottery(list(range(n)))
        else:
            best = max(self.gems)
            winner = self._lottery([q for q in range(n) if self.gems[q] == best])
        keys = {q: (q == winner, self.gems[q]) for q in range(n)}
        self.outcome = Outcome("finished", (winner,), rank_by(keys), reason="fate")
        self.current_player = None

    def observation(self, player: int | None) -> dict:
        return {"gems": list(self.gems), "current_player": self.current_player}

    def _resample(self, player: int, rng: random.Random) -> None:
        pass  # nothing is hidden

    def _copy(self, other: CoinState) -> None:
        other.gems, other.picks = list(self.gems), self.picks

    def _dump(self) -> dict:
        return {"gems": self.gems, "picks": self.picks}

    def _load(self, data: dict) -> None:
        self.gems, self.picks = list(data["gems"]), data["picks"]


class CoinGame(Game):
    """A toy whose metrics have closed forms (see the module docstring)."""

    name = "toy_coin"
    state_class = CoinState
    title = "Coin (toy)"
    action_types = (Pick,)
    specs = (
        Param("players", 2, "int", "Players.", "toy", low=2, high=4),
        Param("rounds", 3, "int", "Rounds of picks.", "toy", low=1, high=10),
        Param(
            "options", 4, "int", "Stones to pick from; the last is the gem.", "toy", low=2, high=9
        ),
        Param("luck", 100, "int", "Percent of games the lottery decides.", "toy", low=0, high=100),
        Param(
            "first_share",
            50,
            "int",
            "Seat 0's percent chance in a lottery.",
            "toy",
            low=0,
            high=100,
        ),
    )

    @property
    def max_length(self) -> int:
        return self.params["rounds"] * self.num_players

    def describe_event(self, kind: str, args: tuple) -> str:
        return f"player {args[0]} picks stone {args[1]}"

    def redact(self, kind: str, args: tuple) -> None:
        return None


class GemCollector:
    """Always picks the gem: the toy's "strong bot"."""

    def reset(self, seed: int) -> None:
        pass

    def act(self, view: View):
        return view.legal_actions()[-1]

    def __repr__(self) -> str:
        return "GemCollector()"


#: The toy's heuristic bot, found by the ``"heuristic"`` agent spec.
HEURISTIC = GemCollector
