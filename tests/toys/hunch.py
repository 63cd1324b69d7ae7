"""Hunch, a toy guessing game for one or more players: a hidden prize, a bet on its side.

Cards are numbered 1..``cards``. Each player is dealt ``hand`` of them (seen by their
owner only) and one more is set aside face down: the prize, which nobody sees. In seat
order each player bets that the prize is *high* (above ``cards / 2``) or *low*. Then
the prize is shown: the team wins when every bet is right (one team outcome, so a
single player plays a solitaire with a real result).

What it is for: a player's own hand changes the odds (holding 5, 6 and 7 of 1..8 leaves
four low cards and one high one), so the right bet follows from the view, while the
prize itself — the one thing a bot that peeked at the true state would know — is hidden
from everybody. ``tests/test_mcts.py`` builds that case with ``arrange``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from boardlab.core import Action, Game, IllegalAction, Outcome, Param, State
from boardlab.core.chance import shuffle
from boardlab.core.errors import InvalidParameter

SIDES = ("high", "low")


@dataclass(frozen=True, slots=True)
class Bet(Action):
    side: str

    def __str__(self) -> str:
        return f"bet that the prize is {self.side}"


BETS = {side: Bet(side) for side in SIDES}

NARRATION = {
    "deal": lambda p, *cards: f"player {p} is dealt " + ", ".join(map(str, cards)),
    "deal_hidden": lambda p, k: f"player {p} is dealt {k} cards",
    "bet": lambda p, side: f"player {p} bets {side}",
    "prize": lambda card: f"the prize is {card}",
    "arranged": lambda: "the situation is set up by hand (arrange)",
}


class HunchState(State):
    def __init__(self, game: HunchGame, seed: int = 0) -> None:
        super().__init__(game, seed)
        cards = list(range(1, game.params["cards"] + 1))
        shuffle(self.rng, cards)
        k = game.params["hand"]
        self.hands = [sorted(cards[p * k : (p + 1) * k]) for p in range(game.num_players)]
        for p, hand in enumerate(self.hands):
            self._log.append(("deal", (p,), (p, *hand)))
        self.prize = cards[game.num_players * k]
        self.bets: list[str] = []
        self.current_player = 0

    @property
    def scores(self) -> list[int]:
        """Right bets so far are unknown until the prize is shown: 1 each for a won game."""
        won = self.outcome is not None and self.outcome.team == "won"
        return [int(won)] * self.game.num_players

    def legal_actions(self) -> list:
        return [] if self.outcome is not None else [BETS["high"], BETS["low"]]

    def _apply(self, action) -> None:
        if self.outcome is not None or action.side not in SIDES:
            raise IllegalAction("a bet is high or low", "toy hunch", action)
        p = self.current_player
        self.bets.append(action.side)
        self._log.append(("bet", None, (p, action.side)))
        if len(self.bets) < self.game.num_players:
            self.current_player = p + 1
            return
        self._log.append(("prize", None, (self.prize,)))
        side = "high" if self.prize > self.game.params["cards"] / 2 else "low"
        team = "won" if all(bet == side for bet in self.bets) else "lost"
        everyone = tuple(range(self.game.num_players))
        self.outcome = Outcome("finished", everyone if team == "won" else (), (everyone,), team)
        self.current_player = None

    def observation(self, player: int | None) -> dict:
        return {
            "player": player,
            "current_player": self.current_player,
            "hand": None if player is None else list(self.hands[player]),
            "bets": list(self.bets),
            "prize": self.prize if self.outcome is not None else None,
        }

    def _resample(self, player: int, rng: random.Random) -> None:
        """Redeal the others' hands and the prize from every card ``player`` does not hold
        (the cards left out of the deal are unseen too).

        The pool is built in card order before the shuffle, so a sample depends on the
        view and ``rng`` alone, never on where the true cards lie."""
        mine = set(self.hands[player])
        pool = [c for c in range(1, self.game.params["cards"] + 1) if c not in mine]
        rng.shuffle(pool)
        for q in range(self.game.num_players):
            if q != player:
                k = len(self.hands[q])
                self.hands[q], pool = sorted(pool[:k]), pool[k:]
        self.prize = pool[0]

    def _arrange(self, *, hands=None, prize=None) -> None:
        if hands is not None:
            self.hands = [sorted(h) for h in hands]
        if prize is not None:
            self.prize = prize

    def _copy(self, other: HunchState) -> None:
        other.hands = [list(h) for h in self.hands]
        other.prize, other.bets = self.prize, list(self.bets)

    def _dump(self) -> dict:
        return {"hands": self.hands, "prize": self.prize, "bets": self.bets}

    def _load(self, data: dict) -> None:
        self.hands, self.prize, self.bets = data["hands"], data["prize"], data["bets"]


class HunchGame(Game):
    """A toy guessing game: one bet each on a prize nobody sees."""

    name = "toy_hunch"
    state_class = HunchState
    title = "Hunch (toy)"
    cooperative = True
    action_types = (Bet,)
    specs = (
        Param("players", 1, "int", "Players betting (one: a solitaire).", "toy", low=1, high=4),
        Param("cards", 8, "int", "Cards numbered 1..cards.", "toy", low=4, high=20),
        Param("hand", 3, "int", "Cards dealt to each player.", "toy", low=0, high=4),
    )

    @classmethod
    def validate(cls, params) -> None:
        """The deal must leave a card for the prize."""
        if params["players"] * params["hand"] >= params["cards"]:
            raise InvalidParameter("hand", params["hand"], "fewer cards dealt than the deck")

    @property
    def max_length(self) -> int:
        """One bet per player."""
        return self.num_players

    def describe_event(self, kind: str, args: tuple) -> str:
        return NARRATION[kind](*args)

    def redact(self, kind: str, args: tuple) -> tuple[str, tuple] | None:
        if kind == "deal":
            return "deal_hidden", (args[0], len(args) - 1)
        return None
