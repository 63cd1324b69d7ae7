"""How a game ended: who won, the full ranking, and whether it was cut short."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Status = Literal["finished", "truncated"]


@dataclass(frozen=True)
class Outcome:
    """The result of a finished (or truncated) game.

    ``ranking`` lists groups of tied players, best first: ``((2,), (0, 1))``
    means player 2 won and players 0 and 1 shared second place. A cooperative
    game sets ``team`` to ``"won"`` or ``"lost"``; its ranking is one group.
    """

    status: Status
    winners: tuple[int, ...]
    ranking: tuple[tuple[int, ...], ...]
    team: Literal["won", "lost"] | None = None
    reason: str = ""

    def describe(self) -> str:
        """The result in words: "Game over: player 1 wins (base camp reached)"."""
        if self.team is not None:
            result = f"the team {self.team}"
        else:
            names = " and ".join(f"player {w}" for w in self.winners)
            result = f"{names} {'wins' if len(self.winners) == 1 else 'share the win'}"
        head = "Game over" if self.status == "finished" else "Game cut short"
        why = f" ({self.reason})" if self.reason else ""
        return f"{head}: {result}{why}"

    def returns(self, players: int) -> list[float]:
        """Per-player rewards in [-1, 1] for bots and metrics.

        The best group gets +1, the worst -1, the others evenly between; a
        game where everybody shares the same place is 0 for all. A team game
        gives +1 or -1 to everybody.
        """
        if self.team is not None:
            value = 1.0 if self.team == "won" else -1.0
            return [value] * players
        return ranked_returns(self.ranking, players)

    def to_json(self) -> dict:
        return {
            "status": self.status,
            "winners": list(self.winners),
            "ranking": [list(group) for group in self.ranking],
            "team": self.team,
            "reason": self.reason,
        }

    @classmethod
    def from_json(cls, data: dict) -> Outcome:
        return cls(
            status=data["status"],
            winners=tuple(data["winners"]),
            ranking=tuple(tuple(group) for group in data["ranking"]),
            team=data.get("team"),
            reason=data.get("reason", ""),
        )


def rank_by(keys: dict[int, tuple], best: Literal["high", "low"] = "high") -> tuple:
    """Group players with equal keys, best first: ``{0: (5,), 1: (9,)}`` → ``((1,), (0,))``.

    Every game's end runs it once; written for speed (the sort's key a dict's
    ``__getitem__``, no Python function per player; a group of one not sorted; no tie at
    all: the groups made by ``zip``).
    """
    order = sorted(keys, key=keys.__getitem__, reverse=best == "high")
    if len(set(keys.values())) == len(order):  # no tie (most games): a group each, in C
        return tuple(zip(order))
    groups: list[list[int]] = []
    last = group = None
    for player in order:
        key = keys[player]
        if group is not None and key == last:
            group.append(player)
        else:
            group = [player]
            groups.append(group)
            last = key
    return tuple([tuple(sorted(g)) if len(g) > 1 else (g[0],) for g in groups])


def ranked_returns(ranking: tuple[tuple[int, ...], ...], players: int) -> list[float]:
    """``ranking``'s rewards: +1 the best group, -1 the worst, evenly between, 0 for all
    when everybody shares one place (a finished game's ``returns``, and a search's
    judgement of a playout it cut short)."""
    out = [0.0] * players
    groups = len(ranking)
    if groups < 2:
        return out
    for rank, group in enumerate(ranking):
        for player in group:
            out[player] = 1.0 - 2.0 * rank / (groups - 1)
    return out
