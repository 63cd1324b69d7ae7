"""Market, a toy two-player card game with decisions in the middle of a turn (Jambo-like).

A turn is ``actions`` steps: play a card, draw, or end the turn. Three cards
hand the decision to someone else before the turn goes on:

- *animal*: the opponent reacts — cancel it with a guard, or pass and pay 2 gold.
  The reaction step is offered on **every** animal, guard or not, so its mere
  existence says nothing about the opponent's hand (hidden information). Its legal
  actions are ``pass`` plus ``guard`` only if the reactor holds one: only the
  reactor's own agent is asked for them, so their number leaks to nobody else.
- *merchant*: an auction for the top good of the bag; the active player bids
  first, bids alternate and must rise, the first pass ends it (Traveling Merchant).
- *elephant*: a draft of ``pool_size`` goods; players take one in turn, the
  active player first, until the pool is empty (Elephant).

Score: gold plus the goods in your stall. Hands, deck and bag order are hidden.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from boardlab.core import Action, Game, IllegalAction, Outcome, Param, State, rank_by
from boardlab.core.chance import shuffle

MAIN, REACT, AUCTION, DRAFT, END = "main", "react", "auction", "draft", "end"
KINDS = ("coin", "animal", "guard", "merchant", "elephant")
COINS = 6
GOODS = (1, 2, 3) * 4


@dataclass(frozen=True, slots=True)
class Play(Action):
    card: str

    def __str__(self) -> str:
        return f"play your {self.card}"


@dataclass(frozen=True, slots=True)
class Draw(Action):
    def __str__(self) -> str:
        return "draw a card"


@dataclass(frozen=True, slots=True)
class EndTurn(Action):
    def __str__(self) -> str:
        return "end your turn"


@dataclass(frozen=True, slots=True)
class Guard(Action):
    def __str__(self) -> str:
        return "cancel the animal with a guard"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Bid(Action):
    amount: int

    def __str__(self) -> str:
        return f"bid {self.amount} gold"


@dataclass(frozen=True, slots=True)
class Take(Action):
    value: int

    def __str__(self) -> str:
        return f"take a good worth {self.value}"


NARRATION = {
    "deal": lambda p, *cards: f"player {p} is dealt " + ", ".join(cards),
    "deal_hidden": lambda p, k: f"player {p} is dealt {k} cards",
    "draw": lambda p, card: f"player {p} draws {card}",
    "draw_hidden": lambda p: f"player {p} draws a card",
    "play": lambda p, card: f"player {p} plays {card}",
    "react": lambda q: f"player {q} may cancel the animal with a guard",
    "guard": lambda q: f"player {q} cancels the animal with a guard",
    "pay": lambda q, p, k: f"player {q} pays player {p} {k} gold",
    "offer": lambda *goods: "up for grabs: goods worth " + ", ".join(map(str, goods)),
    "empty": lambda: "the bag of goods is empty",
    "bid": lambda p, k: f"player {p} bids {k}",
    "pass": lambda p: f"player {p} passes",
    "sold": lambda p, k: f"player {p} buys the lot for {k} gold",
    "unsold": lambda: "nobody bids: the lot is discarded",
    "take": lambda p, v: f"player {p} takes a good worth {v}",
    "turn": lambda p: f"player {p}'s turn",
    "arranged": lambda: "the situation is set up by hand (arrange)",
}


class MarketState(State):
    def __init__(self, game: MarketGame, seed: int = 0) -> None:
        super().__init__(game, seed)
        deck, goods = list(game.deck), list(GOODS)
        shuffle(self.rng, deck)
        shuffle(self.rng, goods)
        k = game.params["hand_size"]
        self.hands = [sorted(deck[-k:]), sorted(deck[-2 * k : -k])]
        del deck[-2 * k :]
        for p in (0, 1):
            self._log.append(("deal", (p,), (p, *self.hands[p])))
        self.deck, self.goods, self.discard = deck, goods, []
        self.gold = [game.params["start_gold"]] * 2
        self.stalls: list[list[int]] = [[], []]
        self.phase, self.active, self.turn = MAIN, 0, 0
        self.actions_left = game.params["actions"]
        self.lot: list[int] = []
        self.bid, self.leader = 0, -1
        self.current_player = 0

    @property
    def scores(self) -> list[int]:
        return [self.gold[p] + sum(self.stalls[p]) for p in (0, 1)]

    def legal_actions(self) -> list:
        p, phase = self.current_player, self.phase
        if phase == MAIN:
            out: list = [Play(c) for c in sorted(set(self.hands[p])) if c != "guard"]
            return out + ([Draw()] if self.deck else []) + [EndTurn()]
        if phase == REACT:
            return [Pass()] + ([Guard()] if "guard" in self.hands[p] else [])
        if phase == AUCTION:
            return [Pass()] + [Bid(k) for k in range(self.bid + 1, self.gold[p] + 1)]
        if phase == DRAFT:
            return [Take(v) for v in sorted(set(self.lot))]
        return []

    def _apply(self, action) -> None:
        """Dispatch by phase; every branch checks legality before it changes anything."""
        if action not in self.legal_actions():  # cheap here: a handful of actions
            raise IllegalAction(self._error(action), "toy market", action)
        kind, p, q = type(action), self.current_player, 1 - self.current_player
        log = self._log.append
        if kind is Play:
            self.hands[p].remove(action.card)
            self.discard.append(action.card)
            self.actions_left -= 1
            log(("play", None, (p, action.card)))
            self._play(p, action.card)
        elif kind is Draw:
            card = self.deck.pop()
            self.hands[p] = sorted([*self.hands[p], card])
            self.actions_left -= 1
            log(("draw", (p,), (p, card)))
            self._resume()
        elif kind is EndTurn:
            self._end_turn()
        elif kind is Guard:
            self.hands[p].remove("guard")
            self.discard.append("guard")
            log(("guard", None, (p,)))
            self._resume()
        elif kind is Pass and self.phase == REACT:
            paid = min(2, self.gold[p])
            self.gold[p] -= paid
            self.gold[q] += paid
            log(("pay", None, (p, q, paid)))
            self._resume()
        elif kind is Pass:  # the first pass ends the auction
            log(("pass", None, (p,)))
            if self.leader >= 0:
                self.gold[self.leader] -= self.bid
                self.stalls[self.leader] += self.lot
                log(("sold", None, (self.leader, self.bid)))
            else:
                log(("unsold", None, ()))
            self.lot, self.bid, self.leader = [], 0, -1
            self._resume()
        elif kind is Bid:
            self.bid, self.leader, self.current_player = action.amount, p, q
            log(("bid", None, (p, action.amount)))
        else:  # Take
            self.lot.remove(action.value)
            self.stalls[p].append(action.value)
            log(("take", None, (p, action.value)))
            self.current_player = q
            if not self.lot:
                self._resume()

    def _error(self, action) -> str:
        p = self.current_player
        if self.phase == END:
            return "the game is over"
        if type(action) is Play and action.card == "guard" and self.phase == MAIN:
            return "a guard is played only to cancel an opponent's animal"
        if type(action) is Guard and self.phase == REACT:
            return f"player {p} holds no guard"
        if type(action) is Bid and self.phase == AUCTION:
            return f"a bid must beat {self.bid} and be at most your {self.gold[p]} gold"
        want = {MAIN: "play, draw or end the turn", REACT: "pass or cancel with a guard"}
        want |= {AUCTION: "bid or pass", DRAFT: "take a good from the pool"}
        return f"player {p} must {want[self.phase]}"

    def _play(self, p: int, card: str) -> None:
        """A card's effect; animal, merchant and elephant hand the decision on."""
        if card == "coin":
            self.gold[p] += 2
        elif card == "animal":
            self.phase, self.current_player = REACT, 1 - p
            self._log.append(("react", None, (1 - p,)))
            return
        elif not self.goods:
            self._log.append(("empty", None, ()))
        else:
            size = 1 if card == "merchant" else self.game.params["pool_size"]
            self.lot = [self.goods.pop() for _ in range(min(size, len(self.goods)))]
            self.phase = AUCTION if card == "merchant" else DRAFT
            self._log.append(("offer", None, tuple(self.lot)))
            return
        self._resume()

    def _resume(self) -> None:
        """Back to the active player's turn, or on to the next turn if it is spent."""
        self.phase, self.current_player = MAIN, self.active
        if self.actions_left == 0:
            self._end_turn()

    def _end_turn(self) -> None:
        self.turn += 1
        if self.turn >= self.game.params["turns"]:
            ranking = rank_by({p: (s,) for p, s in enumerate(self.scores)})
            self.outcome = Outcome("finished", ranking[0], ranking, reason="last turn played")
            self.phase, self.current_player = END, None
            return
        self.active = self.current_player = 1 - self.active
        self.actions_left = self.game.params["actions"]
        self._log.append(("turn", None, (self.active,)))

    def observation(self, player: int | None) -> dict:
        return {
            "player": player,
            "hand": None if player is None else list(self.hands[player]),
            "hand_sizes": [len(h) for h in self.hands],
            "deck_size": len(self.deck),
            "goods_left": len(self.goods),
            **{k: getattr(self, k) for k in ("phase", "active", "turn", "actions_left")},
            "gold": list(self.gold),
            "stalls": [list(s) for s in self.stalls],
            "discard": list(self.discard),
            "lot": list(self.lot),
            "bid": self.bid,
            "leader": self.leader,
            "current_player": self.current_player,
            "outcome": None if self.outcome is None else self.outcome.to_json(),
        }

    def _resample(self, player: int, rng: random.Random) -> None:
        """Resample the opponent's hand with the deck, and the order of the bag."""
        q = 1 - player
        cards = sorted(self.deck + self.hands[q])  # in an order the player knows: the bot
        rng.shuffle(cards)  # owns rng, and could undo a shuffle of the true order
        k = len(self.hands[q])
        self.hands[q], self.deck = sorted(cards[:k]), cards[k:]
        self.goods.sort()
        rng.shuffle(self.goods)

    def _arrange(self, *, hands=None, deck=None, goods=None, gold=None, active=0) -> None:
        """A main-phase situation; ``deck`` and ``goods`` are listed top first."""
        if hands is not None:
            self.hands = [sorted(h) for h in hands]
        if deck is not None:
            self.deck = list(reversed(deck))
        if goods is not None:
            self.goods = list(reversed(goods))
        if gold is not None:
            self.gold = list(gold)
        self.active = self.current_player = active

    _FIELDS = ("hands", "deck", "goods", "discard", "gold", "stalls", "phase", "active", "turn")
    _FIELDS += ("actions_left", "lot", "bid", "leader")

    def _copy(self, other: MarketState) -> None:
        for name in self._FIELDS:
            value = getattr(self, name)
            if isinstance(value, list):
                value = [list(v) if isinstance(v, list) else v for v in value]
            setattr(other, name, value)

    def _dump(self) -> dict:
        return {name: getattr(self, name) for name in self._FIELDS}

    def _load(self, data: dict) -> None:
        for name in self._FIELDS:
            setattr(self, name, data[name])


class MarketGame(Game):
    """A toy: reaction, auction and draft inside one player's turn."""

    name = "toy_market"
    state_class = MarketState
    title = "Market (toy)"
    action_types = (Play, Draw, EndTurn, Guard, Pass, Bid, Take)
    specs = (
        Param("players", 2, "int", "Two traders.", "toy", low=2, high=2),
        Param("turns", 8, "int", "Turns in the game (both players).", "toy", low=2, high=20),
        Param("actions", 2, "int", "Steps per turn.", "toy", low=1, high=3),
        Param("hand_size", 3, "int", "Cards dealt to each.", "toy", low=1, high=5),
        Param("start_gold", 3, "int", "Gold each starts with.", "toy", low=0, high=10),
        Param("pool_size", 2, "int", "Goods an elephant drafts.", "toy", low=1, high=4),
        Param("guards", 3, "int", "Guards in the deck.", "toy", low=0, high=6),
    )

    def __init__(self, params) -> None:
        super().__init__(params)
        counts = {"coin": COINS, "animal": 4, "guard": params["guards"], "merchant": 3}
        counts["elephant"] = 3
        self.deck = [k for k in KINDS for _ in range(counts[k])]

    @classmethod
    def variants(cls) -> list[dict]:
        return [
            {},
            {"guards": 0},
            {"guards": 6, "hand_size": 5},
            {"start_gold": 0},
            {"actions": 1, "hand_size": 1},
            {"actions": 3, "start_gold": 10, "pool_size": 4, "turns": 20},
        ]

    @property
    def max_length(self) -> int:
        """Gold never exceeds the start plus every coin, so an auction has at most that many
        rising bids and a pass; each turn may end with an explicit ``EndTurn``."""
        gold = 2 * self.params["start_gold"] + 2 * COINS
        step = 1 + max(gold + 1, self.params["pool_size"])
        return self.params["turns"] * (self.params["actions"] * step + 1)

    def describe_event(self, kind: str, args: tuple) -> str:
        return NARRATION[kind](*args)

    def redact(self, kind: str, args: tuple) -> tuple[str, tuple] | None:
        """The opponent learns that cards were dealt or drawn, not which."""
        if kind == "deal":
            return "deal_hidden", (args[0], len(args) - 1)
        if kind == "draw":
            return "draw_hidden", args[:1]
        return None

    def standing(self, state: State) -> tuple[int, ...]:
        best = max(state.scores)
        return tuple(p for p, s in enumerate(state.scores) if s == best)
