"""Expedition, a toy cooperative game: one team outcome, a hidden deck as the clock.

Cards are numbered 1..``ranks`` in ``colors`` colours, one of each; ``storms``
storm cards are shuffled into the deck after the deal. On your turn you lay a
card that continues its colour's route (the next number), or discard one; then
you draw back to your hand size. A storm drawn is set aside and you draw again;
the last storm loses the game for the whole team. Every route complete wins it.

Teammates share information only through what ``observation`` allows: the
routes, the discards, hand sizes and the deck size — never each other's hands
(there is no table talk in the contract, and none is modelled).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from boardlab.core import Action, Game, IllegalAction, Outcome, Param, State
from boardlab.core.chance import shuffle
from boardlab.core.errors import InvalidParameter

COLORS = ("red", "green", "blue", "yellow")
STORM = -1


@dataclass(frozen=True, slots=True)
class Lay(Action):
    color: str
    rank: int

    def __str__(self) -> str:
        return f"lay {self.color} {self.rank} on the {self.color} route"


@dataclass(frozen=True, slots=True)
class Discard(Action):
    color: str
    rank: int

    def __str__(self) -> str:
        return f"discard {self.color} {self.rank}"


NARRATION = {
    "deal": lambda g, p, *cs: f"player {p} is dealt " + ", ".join(map(g.card_name, cs)),
    "deal_hidden": lambda g, p, k: f"player {p} is dealt {k} cards",
    "draw": lambda g, p, c: f"player {p} draws {g.card_name(c)}",
    "draw_hidden": lambda g, p: f"player {p} draws a card",
    "lay": lambda g, p, c: f"player {p} lays {g.card_name(c)}",
    "discard": lambda g, p, c: f"player {p} discards {g.card_name(c)}",
    "storm": lambda g, p, k, n: f"player {p} draws a storm ({k} of {n})",
    "won": lambda g: "every route is complete: the team wins",
    "lost": lambda g: "the last storm: the team loses",
    "arranged": lambda g: "the situation is set up by hand (arrange)",
}


class ExpeditionState(State):
    def __init__(self, game: ExpeditionGame, seed: int = 0) -> None:
        super().__init__(game, seed)
        params = game.params
        cards = list(game.cards)
        shuffle(self.rng, cards)
        k = params["hand_size"]
        self.hands = [sorted(cards[p * k : (p + 1) * k]) for p in range(game.num_players)]
        for p, hand in enumerate(self.hands):
            self._log.append(("deal", (p,), (p, *hand)))
        self.deck = cards[game.num_players * k :] + [STORM] * params["storms"]
        shuffle(self.rng, self.deck)
        self.routes = [0] * params["colors"]  # how many cards each route holds
        self.discards: list[int] = []
        self.storms_drawn = 0
        self.current_player = 0

    @property
    def scores(self) -> list[int]:
        """The team's score, the same for everybody: cards laid on the routes."""
        return [sum(self.routes)] * self.game.num_players

    def _fits(self, card: int) -> bool:
        return self.routes[card // self.game.ranks] == card % self.game.ranks

    def legal_actions(self) -> list:
        if self.outcome is not None:
            return []
        ranks = self.game.ranks
        hand = self.hands[self.current_player]
        lays = [Lay(COLORS[c // ranks], c % ranks + 1) for c in hand if self._fits(c)]
        return lays + [Discard(COLORS[c // ranks], c % ranks + 1) for c in hand]

    def _apply(self, action) -> None:
        kind = type(action)
        p = self.current_player
        card = self.game.card_of(action) if kind is Lay or kind is Discard else STORM
        if self.outcome is not None or card not in self.hands[p]:
            why = "the game is over" if self.outcome else f"player {p} holds no such card"
            raise IllegalAction(why, "toy expedition", action)
        if kind is Lay and not self._fits(card):
            need = self.routes[card // self.game.ranks] + 1
            why = f"the {action.color} route needs {action.color} {need} next"
            raise IllegalAction(why, "toy expedition", action)
        self.hands[p].remove(card)
        if kind is Lay:
            self.routes[card // self.game.ranks] += 1
            self._log.append(("lay", None, (p, card)))
        else:
            self.discards.append(card)
            self._log.append(("discard", None, (p, card)))
        if all(r == self.game.ranks for r in self.routes):
            return self._finish("won")
        self._draw(p)

    def _draw(self, p: int) -> None:
        """Draw until a card comes; each storm ticks the clock, the last one loses."""
        storms = self.game.params["storms"]
        while self.deck:
            card = self.deck.pop()
            if card != STORM:
                self.hands[p] = sorted([*self.hands[p], card])
                self._log.append(("draw", (p,), (p, card)))
                break
            self.storms_drawn += 1
            self._log.append(("storm", None, (p, self.storms_drawn, storms)))
            if self.storms_drawn == storms:
                return self._finish("lost")
        self.current_player = (p + 1) % self.game.num_players

    def _finish(self, team: str) -> None:
        everyone = tuple(range(self.game.num_players))
        winners = everyone if team == "won" else ()
        reason = "every route complete" if team == "won" else "the last storm"
        self.outcome = Outcome("finished", winners, (everyone,), team=team, reason=reason)
        self._log.append((team, None, ()))
        self.current_player = None

    def observation(self, player: int | None) -> dict:
        name = self.game.card_name
        return {
            "player": player,
            "current_player": self.current_player,
            "hand": None if player is None else [name(c) for c in self.hands[player]],
            "hand_sizes": [len(h) for h in self.hands],
            "routes": dict(zip(COLORS, self.routes, strict=False)),
            "discards": [name(c) for c in self.discards],
            "deck_size": len(self.deck),
            "storms_drawn": self.storms_drawn,
            "outcome": None if self.outcome is None else self.outcome.to_json(),
        }

    def _resample(self, player: int, rng: random.Random) -> None:
        """Resample teammates' hands and the deck order; storms stay in the deck."""
        others = [q for q in range(self.game.num_players) if q != player]
        cards = [c for c in self.deck if c != STORM] + [c for q in others for c in self.hands[q]]
        cards.sort()  # in an order the player knows: the bot owns rng, and could undo it
        rng.shuffle(cards)
        for q in others:
            k = len(self.hands[q])
            self.hands[q], cards = sorted(cards[:k]), cards[k:]
        self.deck = cards + [STORM] * (len(self.deck) - len(cards))
        rng.shuffle(self.deck)

    def _arrange(self, *, hands=None, deck=None, routes=None, storms_drawn=0, current_player=0):
        """Cards as ``[color index, rank]`` pairs or ``"storm"``; ``deck`` top first."""
        ranks = self.game.ranks

        def card(c) -> int:
            return STORM if c == "storm" else c[0] * ranks + c[1] - 1

        if hands is not None:
            self.hands = [sorted(card(c) for c in h) for h in hands]
        if deck is not None:
            self.deck = [card(c) for c in reversed(deck)]
        if routes is not None:
            self.routes = list(routes)
        self.storms_drawn, self.current_player = storms_drawn, current_player

    _FIELDS = ("hands", "deck", "routes", "discards", "storms_drawn")

    def _copy(self, other: ExpeditionState) -> None:
        other.hands = [list(h) for h in self.hands]
        other.deck, other.routes = list(self.deck), list(self.routes)
        other.discards, other.storms_drawn = list(self.discards), self.storms_drawn

    def _dump(self) -> dict:
        return {name: getattr(self, name) for name in self._FIELDS}

    def _load(self, data: dict) -> None:
        for name in self._FIELDS:
            setattr(self, name, data[name])


class ExpeditionGame(Game):
    """A toy cooperative game: the team wins or loses together."""

    name = "toy_expedition"
    state_class = ExpeditionState
    title = "Expedition (toy)"
    cooperative = True
    action_types = (Lay, Discard)
    specs = (
        Param("players", 2, "int", "Explorers in the team.", "toy", low=2, high=4),
        Param("colors", 3, "int", "Routes to complete.", "toy", low=1, high=4),
        Param("ranks", 5, "int", "Cards per route.", "toy", low=2, high=7),
        Param("storms", 3, "int", "Storm cards: the last one ends the game.", "toy", low=1, high=6),
        Param("hand_size", 3, "int", "Cards in each hand.", "toy", low=1, high=5),
    )

    def __init__(self, params) -> None:
        super().__init__(params)
        self.ranks: int = params["ranks"]
        self.cards = range(params["colors"] * self.ranks)

    @classmethod
    def validate(cls, params) -> None:
        """The deal must leave cards in the deck."""
        dealt = params["players"] * params["hand_size"]
        if dealt >= params["colors"] * params["ranks"]:
            raise InvalidParameter("hand_size", params["hand_size"], "fewer cards than the deck")

    @classmethod
    def variants(cls) -> list[dict]:
        return [
            {},
            {"players": 4, "colors": 4, "ranks": 7},
            {"players": 3, "hand_size": 1},
            {"storms": 1},
            {"colors": 1, "ranks": 7, "storms": 6},
        ]

    @property
    def max_length(self) -> int:
        """Each turn lays or discards one of the non-storm cards, for good."""
        return len(self.cards)

    def card_name(self, card: int) -> str:
        return (
            "a storm" if card == STORM else f"{COLORS[card // self.ranks]} {card % self.ranks + 1}"
        )

    def card_of(self, action) -> int:
        """The card an action names, or ``STORM`` for none (not a colour or rank here)."""
        colors = COLORS[: self.params["colors"]]
        ok = action.color in colors and type(action.rank) is int and 1 <= action.rank <= self.ranks
        return colors.index(action.color) * self.ranks + action.rank - 1 if ok else STORM

    def describe_event(self, kind: str, args: tuple) -> str:
        return NARRATION[kind](self, *args)

    def redact(self, kind: str, args: tuple) -> tuple[str, tuple] | None:
        """Teammates learn that a card was drawn or dealt, not which."""
        if kind == "deal":
            return "deal_hidden", (args[0], len(args) - 1)
        if kind == "draw":
            return "draw_hidden", args[:1]
        return None

    def standing(self, state: State) -> tuple[int, ...]:
        """One team: everybody leads together."""
        return tuple(range(self.num_players))
