"""Jambo's situations by hand, copies, JSON and determinization (contract hooks).

``Arrange`` is a part of the State (``rules.py``): ``_arrange`` sets up any
situation for rule tests and notebook scenes (every card in exactly one place,
no more copies than the box holds); ``_copy``/``_dump``/``_load`` copy and save
the rules' fields; ``_resample`` redraws what a player cannot see — the
opponent's hand except the cards known there, the card supply except the top
cards known (a Psychic's look), the opponent's card drawn in phase 1 and cards
the opponent peeks at (a Scale) — and nothing else.
"""

from __future__ import annotations

import random
from collections import Counter

from boardlab.core.chance import shuffle
from boardlab.core.checks import names, one_of, per_player, whole, wholes
from boardlab.core.errors import ImpossibleScene

from .components import (
    LARGE_STAND,
    LETTERS,
    SMALL_STAND,
    STAND,
    UTILITY_LIMIT,
    WARE_SUPPLY,
    WARES,
)
from .decisions import copy_frame

#: The rules' own fields, as ``_dump`` saves them.
FIELDS = (
    "gold",
    "hands",
    "deck",
    "discard",
    "market",
    "stands",
    "supply",
    "ready",
    "spent",
    "active",
    "phase",
    "actions",
    "drawn",
    "drew",
    "wise",
    "pending",
    "turn",
    "ender",
    "known",
    "deck_seen",
)


class Arrange:
    """Situations set by hand, copies and samples (the State's part)."""

    def _arrange(
        self,
        *,
        hands: list[list[str]] | None = None,
        deck: list[str] | None = None,
        discard: list[str] | None = None,
        gold: list[int] | None = None,
        markets: list[str] | None = None,
        stands: list[int] | None = None,
        utilities: list[list[str]] | None = None,
        used: list[list[str]] | None = None,
        active: int = 0,
        phase: str = "play",
        actions: int = 5,
        turn: int = 0,
        rest: str = "deck",
    ) -> None:
        """Set up a turn in progress (by default phase 2 with 5 actions left).

        Cards by name; ``deck`` and ``discard`` top card first; ``markets`` as ware
        letters per player (``["KKT", ""]``); ``utilities`` in play (ready) and ``used``
        (used this turn). The box's other cards are dealt to the hands not given, then
        go to the card supply below ``deck`` (``rest="deck"``) or to the discard stack
        (``rest="discard"``).

        >>> import boardlab
        >>> s = boardlab.load("jambo").new_game(0).arrange(
        ...     hands=[["KKF"], []], markets=["", ""], deck=["Guard"], rest="discard")
        >>> [str(a) for a in s.legal_actions()]
        ['buy with ware card KKF', 'end the turn']
        """
        game = self.game
        # every argument of its type and in its range first (``boardlab.core.checks``)
        phase = one_of(phase, "phase", ("draw", "play"), "a phase of a turn")
        rest = one_of(rest, "rest", ("deck", "discard"), "a place for the other cards")
        active = whole(active, "active", 0, 1)
        actions = whole(actions, "actions", 1, 5)  # 0 left ends the turn (rules' ``_settle``)
        turn = whole(turn, "turn", 0, game.max_turns - 1)
        known = game.cards
        utility = [name for name, card in known.items() if card.type == "utility"]
        if hands is not None:
            hands = [
                names(h, f"hands[{p}]", known, "a Jambo card")
                for p, h in enumerate(per_player(hands, "hands", 2, "hand"))
            ]
        deck = None if deck is None else names(deck, "deck", known, "a Jambo card")
        discard = None if discard is None else names(discard, "discard", known, "a Jambo card")
        if gold is not None:
            gold = wholes(gold, "gold", 0, length=2)
            if game.params.bank_limit and sum(gold) > game.params.bank_limit:
                raise ImpossibleScene(
                    "gold", f"{sum(gold)} gold in all, but the bank holds {game.params.bank_limit}"
                )
        if markets is not None:
            markets = per_player(markets, "markets", 2, "string of ware letters")
            for p, letters in enumerate(markets):
                if not isinstance(letters, str) or any(ch not in LETTERS for ch in letters):
                    raise ImpossibleScene(
                        f"markets[{p}]",
                        f"{letters!r} is not a string of ware letters ({', '.join(LETTERS)}: "
                        f"{', '.join(WARES)})",
                    )
        stand_cards = sum(1 for c in game.deck if c == STAND)
        stands = [0, 0] if stands is None else wholes(stands, "stands", 0, stand_cards, 2)
        sides = {}
        for argument, value in (("utilities", utilities), ("used", used)):
            given = (
                [[], []] if value is None else per_player(value, argument, 2, "list of utilities")
            )
            sides[argument] = [
                names(u, f"{argument}[{p}]", utility, "a utility card") for p, u in enumerate(given)
            ]
        utilities, used = sides["utilities"], sides["used"]
        for p, (u, v) in enumerate(zip(utilities, used, strict=True)):
            if len(u) + len(v) > UTILITY_LIMIT:
                raise ImpossibleScene(
                    f"utilities[{p}]",
                    f"{len(u) + len(v)} utility cards with used[{p}]: at most "
                    f"{UTILITY_LIMIT} lie in a play area",
                )
        # every card in one place, no more copies than the box holds
        box = Counter(game.deck)
        places = {
            "hands": [c for hand in hands or [] for c in hand],
            "deck": list(deck or []),
            "discard": list(discard or []),
            "utilities": [c for side in utilities for c in side],
            "used": [c for side in used for c in side],
            "stands": [STAND] * sum(stands),
        }
        placed = [c for cards in places.values() for c in cards]
        for card, k in Counter(placed).items():
            if k > box[card]:
                where = [name for name, cards in places.items() if card in cards]
                raise ImpossibleScene(", ".join(where), f"{k} × {card}: the box holds {box[card]}")
        market = [[0] * 6, [0] * 6]
        for p, letters in enumerate(markets or ["", ""]):
            for ch in letters:
                market[p][LETTERS.index(ch)] += 1
        supply = [WARE_SUPPLY - market[0][w] - market[1][w] for w in range(6)]
        if min(supply) < 0:
            w = supply.index(min(supply))
            raise ImpossibleScene(
                "markets", f"{market[0][w] + market[1][w]} {WARES[w]}: the box holds {WARE_SUPPLY}"
            )
        for p in (0, 1):
            room = LARGE_STAND + SMALL_STAND * stands[p]
            if sum(market[p]) > room:
                raise ImpossibleScene(
                    f"markets[{p}]",
                    f"{sum(market[p])} wares, but player {p}'s stands hold at most {room}",
                )
        # the scene is possible: set it
        left = list((box - Counter(placed)).elements())
        shuffle(self.rng, left)
        if hands is None:
            k = self.game.params.hand_size
            hands = [left[:k], left[k : 2 * k]]
            left = left[2 * k :]
        self.hands = [list(h) for h in hands]
        top = list(reversed(deck or []))
        self.deck = (left + top) if rest == "deck" else top
        beneath = [] if rest == "deck" else left
        self.discard = beneath + list(reversed(discard or []))
        if gold is not None:
            self.gold = list(gold)
        self.market, self.supply, self.stands = market, supply, stands
        self.ready = [list(u) for u in utilities]
        self.spent = [list(u) for u in used]
        self.active, self.current_player = active, active
        self.phase, self.actions, self.turn = phase, actions, turn
        self.drawn, self.drew, self.wise, self.pending, self.ender = None, False, 0, [], None
        self.known, self.deck_seen = [[], []], [0, 0]
        self._legal = None

    # -- copies and JSON --------------------------------------------------------------
    def _copy(self, other) -> None:
        other.gold, other.stands, other.supply = (
            list(self.gold),
            list(self.stands),
            list(self.supply),
        )
        other.hands = [list(self.hands[0]), list(self.hands[1])]
        other.deck, other.discard = list(self.deck), list(self.discard)
        other.market = [list(self.market[0]), list(self.market[1])]
        other.ready = [list(self.ready[0]), list(self.ready[1])]
        other.spent = [list(self.spent[0]), list(self.spent[1])]
        other.known = [list(self.known[0]), list(self.known[1])]
        other.deck_seen = list(self.deck_seen)
        other.pending = [copy_frame(f) for f in self.pending]
        other.active, other.phase, other.actions = self.active, self.phase, self.actions
        other.drawn, other.wise = self.drawn, self.wise
        other._clock = list(self._clock)  # ``turn``, ``ender``, ``drew``
        other._legal = None

    def _dump(self) -> dict:
        return {name: getattr(self, name) for name in FIELDS}

    def _load(self, data: dict) -> None:
        self._clock = [0, None, False]  # ``turn``, ``ender``, ``drew``: set below
        for name in FIELDS:
            setattr(self, name, data[name])
        self._legal = None

    # -- determinization -----------------------------------------------------------------
    def _resample(self, player: int, rng: random.Random) -> None:
        """Redraw what ``player`` cannot see, keep what they have seen (module docstring)."""
        q = 1 - player
        unknown = list(self.hands[q])
        for c in self.known[player]:
            unknown.remove(c)
        seen = self.deck_seen[player]
        cut = len(self.deck) - seen
        pool = self.deck[:cut] + unknown
        hidden_drawn = self.drawn is not None and self.active != player
        if hidden_drawn:
            pool.append(self.drawn)
        peeks = [f for f in self.pending if f.get("source") == "peek" and f["player"] != player]
        for f in peeks:
            pool += f["cards"]
        # sorted before the shuffle: the bot owns ``rng``, and could undo a shuffle of the
        # true order (the sample must depend on what ``player`` knows and ``rng`` alone)
        pool.sort()
        shuffle(rng, pool)
        self.deck = pool[:cut] + self.deck[cut:]
        i = cut
        self.hands[q] = list(self.known[player]) + pool[i : i + len(unknown)]
        i += len(unknown)
        if hidden_drawn:
            self.drawn = pool[i]
            i += 1
        for f in peeks:
            f["cards"] = pool[i : i + len(f["cards"])]
            i += len(f["cards"])
        self._legal = None
