"""Jambo (Rüdiger Dorn, Kosmos 2004): the turn, the phases and the end of the game.

Two traders race to 60 gold by buying wares cheap and selling them dear with
ware cards, helped by people, utilities and animals. The rulebook is the English
edition's general rules, which print no card texts: the 110-card list
(``data/cards.csv``) is a reconstruction, and every uncertain reading of a card, or
question the cards leave open, is a parameter below whose default is what a player of
the real game would expect. Sections cited:

* "Setup": 20 gold and 5 cards each, the 36 wares in the supply.
* "Phase 1: Draw Cards": each draw costs 1 of the 5 action markers; keep only the
  last card drawn (keeping ends phase 1); all 5 may be spent drawing; the phase
  may be skipped.
* "Phase 2: Play Cards": playing a card costs 1 action; ware cards buy or sell
  ("Buying", "Selling"); "Small Market Stand"; "Utility Cards"; "People";
  "Animals" (the opponent may cancel with a Guard, at 0 actions).
* "Important Rules": +1 gold for 2 or more unused actions; wares that don't fit;
  no gold, no gold-costing action; the discard stack reshuffled.
* "End of the Game": 60 gold at the end of one's turn; the opponent's last turn;
  the opponent wins with equal or more gold.

The rules are split by section: ``market.py`` (gold, wares, stands, buying and
selling), ``piles.py`` (cards and what each player knows), ``effects.py`` (people
and animals), ``utilities.py``, ``decisions.py`` (the stack of decisions in
progress), ``refusals.py`` (why an action is refused, with its rule) and ``arrange.py``
(situations by hand, copies, samples).

>>> import boardlab
>>> state = boardlab.load("jambo").new_game(seed=1)
>>> state.gold, state.phase, state.actions, len(state.hands[0])
([20, 20], 'draw', 5, 5)
"""

from __future__ import annotations

from boardlab.core import Game, Outcome, Param, State, rank_by, register
from boardlab.core.chance import shuffle
from boardlab.core.data import DataFileError
from boardlab.core.errors import InvalidParameter
from boardlab.core.events import UNTOLD
from boardlab.core.params import DataFile, with_words

from .actions import (
    ACTION_TYPES,
    Bid,
    ChooseCard,
    ChooseOption,
    ChooseUtility,
    ChooseWare,
    Done,
    Draw,
    EndTurn,
    KeepDrawn,
    Pass,
    PlayCard,
    PlayWare,
    React,
    StopDrawing,
    UseUtility,
    made,
)
from .arrange import Arrange
from .components import (
    ANIMALS,
    LARGE_STAND,
    PEOPLE,
    SMALL_STAND,
    UTILITIES,
    UTILITY_LIMIT,
    WARE_SUPPLY,
    WARES,
    default_cards_text,
    parse_cards,
)
from .decisions import HANDLERS, frame_actions, public_frame
from .effects import PLAY_CHECKS, REACTIONS, Effects
from .market import Market
from .narration import NARRATION, REDACT, RULE_HELP, choice_path
from .phase_one import PhaseOne
from .piles import Piles
from .refusals import Refusals
from .rulebook import RULEBOOK
from .utilities import USES, Utilities, use_tests
from .words import WORDS

DEFAULT_CARDS = DataFile("cards.csv", default_cards_text())

SPECS = with_words(
    WORDS,
    Param("players", 2, "int", "Jambo is a game for two.", "Setup", low=2, high=2),
    Param(
        "cards",
        DEFAULT_CARDS,
        "datafile",
        "The draw deck (CSV: card,type,wares,buy,sell,copies): a path, the file's text or "
        "a DataFile. The default is the reconstructed 110-card list, data/cards.csv.",
        "Components",
    ),
    Param("target_gold", 60, "int", "Gold that ends the game.", "End of the Game", 10, 300),
    Param("starting_gold", 20, "int", "Each player's starting capital.", "Setup", 0, 100),
    Param("hand_size", 5, "int", "Cards dealt to each player.", "Setup", 0, 10),
    Param(
        "first_stand_price",
        6,
        "int",
        "The first small market stand of the game costs this.",
        "Small Market Stand",
        0,
        30,
    ),
    Param(
        "stand_price",
        3,
        "int",
        "Every later small market stand costs this.",
        "Small Market Stand",
        0,
        30,
    ),
    Param(
        "large_stand_fee",
        2,
        "int",
        "Paid each time the large stand's 6th space is filled.",
        "Buying",
        0,
        10,
    ),
    Param(
        "bank_limit",
        0,
        "int",
        "Gold in the bank (0: unlimited, the default: players make change, so the bank never "
        "runs dry; the printed box holds 52 gold pieces).",
        "Components",
        0,
        1000,
    ),
    Param(
        "max_turns",
        300,
        "int",
        "A safeguard for simulations, not a rule of the game: after this many turns (both "
        "players' turns counted together) a game nobody has won yet is cut short and marked "
        "truncated, ranked by gold. It never cuts the last turn: a player who reaches the "
        "target on the capped turn still hands the opponent one last turn, and the game ends "
        "by the rules. At 300, 97.6% of games between random players (8,000 measured) and "
        "every game of Trader bots, against each other or random players (400 measured), end "
        "by the rules; two Traders take 20 to 60 turns.",
        "a safeguard, not a rule",
        1,
        1000,
    ),
    Param(
        "merchant_wares",
        "supply",
        "choice",
        "Where the Traveling Merchant's 2 wares come "
        "from: the supply, or (variant) your own market (the winner pays you).",
        "Cards: Traveling Merchant",
        choices=("supply", "own_market"),
        printed=("supply",),
    ),
    Param(
        "dancer_six_ware",
        True,
        "bool",
        "The Dancer may use any ware card; with this off, only 3-ware cards.",
        "Cards: Dancer",
        printed=(True,),
    ),
    Param(
        "psychic_cards",
        6,
        "int",
        "How many top cards the Psychic looks at.",
        "Cards: Psychic",
        5,
        6,
    ),
    Param(
        "psychic_short_supply",
        "reshuffle",
        "choice",
        "The Psychic when the card supply holds fewer cards than he looks at. 'reshuffle' "
        "(default): the discard stack is shuffled and slipped beneath the cards left, just as "
        "it would be if he drew them one by one and ran out, so he still sees his 6 cards and "
        "the cards left stay on top in their order. Variant 'what_is_left': he looks only at "
        "the cards still in the supply (an empty supply is refilled first, as for any draw).",
        "Cards: Psychic",
        choices=("reshuffle", "what_is_left"),
        printed=("reshuffle",),
    ),
    Param(
        "crocodile",
        "use_then_discard",
        "choice",
        "Crocodile: use the opponent's utility "
        "once for free, then discard it; or (variant) only discard it.",
        "Cards: Crocodile",
        choices=("use_then_discard", "discard_only"),
        printed=("use_then_discard",),
    ),
    Param(
        "mask_before_draw_only",
        False,
        "bool",
        "Mask of Transformation only in phase 1, "
        "before the first draw (default: any time in your turn, as the rulebook allows "
        "utilities 'anytime during his turns').",
        "Cards: Mask of Transformation",
        printed=(False,),
    ),
    Param(
        "wise_man_all_sales",
        False,
        "bool",
        "Whether the Wise Man's 2 gold also reach the Dancer's and the Portuguese's sales. "
        "Default False: his card speaks of buying and selling with ware cards, and those two "
        "pay prices of their own; True (variant): they earn it too (the Portuguese as "
        "wise_man_portuguese says).",
        "Cards: Wise Man from Afar",
        printed=(False,),
    ),
    Param(
        "wise_man_stacks",
        True,
        "bool",
        "Two Wise Men played in one turn each give their bonus: buys 4 gold cheaper, sales 4 "
        "gold dearer. Each card does what it says, as two copies of a utility give two uses; "
        "False (variant): a second Wise Man in the same turn adds nothing.",
        "Cards: Wise Man from Afar",
        printed=(True,),
    ),
    Param(
        "wise_man_portuguese",
        "per_play",
        "choice",
        "When the Wise Man's bonus reaches the Portuguese (wise_man_all_sales=True): "
        "'per_play' (default), 2 gold more once for the Portuguese played, however many "
        "wares he sells, as a ware card selling three wares earns the bonus once; or "
        "'per_ware' (variant), 2 gold more for every ware he sells.",
        "Cards: Wise Man from Afar",
        choices=("per_play", "per_ware"),
        printed=("per_play",),
    ),
    Param(
        "empty_deck",
        "skip",
        "choice",
        "When the card supply and the discard stack are "
        "both empty: draws are skipped, or (variant) the game ends at the end of that turn, "
        "ranked by gold.",
        "Important Rules",
        choices=("skip", "end"),
        printed=("skip",),
    ),
)

#: The rulebook ids of the cards whose id is not their name in lower case with dashes.
CARD_IDS = {
    "Guard": "guard-card",
    "Wise Man from Afar": "wise-man",
    "Mask of Transformation": "mask",
}
#: Each card's effect in the card list's words (``rule_help``), from the rulebook entries.
CARD_TEXT = {
    name: RULEBOOK[CARD_IDS.get(name, name.lower().replace(" ", "-"))].quote
    for name in (*UTILITIES, *PEOPLE, *ANIMALS)
}

#: The actions ``legal_actions`` hands out, each made once (``actions.made``).
PLAY_WARE, PLAY_CARD, USE_UTILITY = made[PlayWare], made[PlayCard], made[UseUtility]
DRAW, STOP, END_TURN = Draw(), StopDrawing(), EndTurn()
KEEP, REJECT = KeepDrawn(True), KeepDrawn(False)
DRAWN_MENU = [KEEP, REJECT]  # shared: ``legal_actions`` hands out copies
DRAW_MENU, STOP_MENU = [DRAW, STOP], [STOP]  # phase 1's, shared likewise


class JamboState(PhaseOne, Market, Piles, Effects, Utilities, Refusals, Arrange, State):
    """A position: gold, hands, piles, markets, utilities, whose turn and what is asked.

    ``phase`` is ``draw`` (phase 1, may draw), ``drawn`` (keep or discard the card
    just drawn), ``play`` (phase 2) or ``over``; ``pending`` is the stack of
    decisions in progress (``decisions.py``), whose top one names the
    ``current_player``.
    """

    def __init__(self, game: JamboGame, seed: int = 0) -> None:
        """Setup: shuffle, deal 5 each, 20 gold each, the wares in the supply."""
        super().__init__(game, seed)
        params = game.params
        deck = list(game.deck)
        shuffle(self.rng, deck)
        k = params["hand_size"]  # (``params[...]``: no failed attribute look-up first)
        self.hands = [deck[:k], deck[k : 2 * k]]
        self.deck = deck[2 * k :]
        self.discard: list[str] = []
        self.gold = [params["starting_gold"]] * 2
        self.market = [[0] * 6, [0] * 6]
        self.stands = [0, 0]
        self.supply = [WARE_SUPPLY] * len(WARES)
        self.ready: list[list[str]] = [[], []]
        self.spent: list[list[str]] = [[], []]
        self.pending: list[dict] = []
        self.known: list[list[str]] = [[], []]
        self.deck_seen = [0, 0]
        self._clock, self.wise = [0, None, False], 0  # ``turn``, ``ender``, ``drew``
        self.drawn = None
        self._legal = None
        for p in (0, 1):
            self._log.append(("deal", (p,), (p, *sorted(self.hands[p]))))
        self._start_turn(0)

    # -- the decision asked for ----------------------------------------------------
    def legal_actions(self) -> list:
        """The decision asked for: the top frame's answers (``decisions.py``), or the
        phase's menu — phase 1: draw (while a card is left) or go to phase 2; the card just
        drawn: keep or discard; phase 2: the hand's cards (``_hand_actions``), then "end the
        turn" — with every ready utility that can run now. The caller's copy of ``_menu``."""
        return self._menu()[:]  # (a slice: cheaper than a call of ``list``)

    def _menu(self, u: int | None = None):
        """The legal actions, built in one call and kept in ``_legal`` until the next
        ``_apply`` (which reads it to admit the action); with a ``RandomAgent``'s number
        ``u``, the one it draws, ``legal_actions()[u * n >> 32]`` (``_pick``)."""
        legal = self._legal  # (kept only while the game runs: ``_apply`` clears it)
        if legal is not None:
            return legal if u is None else legal[u * len(legal) >> 32]
        if self.outcome is not None:
            return []
        pending, phase = self.pending, self.phase
        if pending:
            legal = frame_actions(self, pending[-1])
        elif phase == "drawn":
            legal = DRAWN_MENU
        else:
            p, play = self.active, phase == "play"
            ready = self.ready[p]
            if play:
                legal = self._hand_actions(p, sorted(self.hands[p]))
            else:  # phase 1 (a shared menu while no utility joins it: copied below)
                legal = DRAW_MENU if self.deck or self.discard else STOP_MENU
                if ready:
                    legal = legal[:]
            if ready:
                uses = self.game.uses  # each utility's (test, action): ``cannot_use_now``'s
                last = None
                for c in sorted(ready) if len(ready) > 1 else ready:
                    if c != last:  # (copies side by side: each offered once, as in a hand)
                        last = c
                        check, use = uses[c]
                        if check(self, p) is None:
                            legal.append(use)
            if play:
                legal.append(END_TURN)
        self._legal = legal
        return legal if u is None else legal[u * len(legal) >> 32]

    _pick = _menu  # (``State._pick``: a random playout's step, no copy of the menu)

    def _hand_actions(self, p: int, cards) -> list:
        """The phase-2 actions of ``cards`` (in order, copies side by side: each card is
        offered once) from ``p``'s hand: each ware card's buy and sell, each other card's
        play, where legal.

        Speed: the reasons' checks (``cannot_buy``, ``cannot_sell``, ``cannot_play_card``)
        as plain tests on the game's per-card ``menu`` entries; ``can_buy``/``can_sell``
        ask this very code (a test checks they agree with the reasons). Copies are skipped
        here, where ``set`` would cost more than the sort; the wares a card shows are
        tested by a loop over its (ware, count) pairs, cheaper than ``all`` of a ``map``."""
        game = self.game
        menu, market, supply, gold = game.menu, self.market[p], self.supply, self.gold[p]
        held = sum(market)
        room = LARGE_STAND + SMALL_STAND * self.stands[p] - held
        wise = self.wise
        out = []
        last = None
        for c in cards:
            if c == last:
                continue
            last = c
            kind, need, n, buy, buying, second = menu[c]
            if kind == "ware":
                if n <= room:
                    price = (buy - 2 * wise if buy > 2 * wise else 0) if wise else buy
                    if gold >= (price + game.fee if n == room else price):
                        for w, k in need:  # the supply has every ware shown
                            if supply[w] < k:
                                break
                        else:
                            out.append(buying)
                if n <= held:
                    for w, k in need:  # the market has every ware shown
                        if market[w] < k:
                            break
                    else:
                        out.append(second)  # the sell action
            elif kind == "utility":
                out.append(buying)
            elif kind == "stand":
                if gold >= (
                    game.first_stand if self.stands[0] + self.stands[1] == 0 else game.later_stand
                ):
                    out.append(buying)
            elif buying is not None and (second is None or second(self, p) is None):
                out.append(buying)  # a people or animal card (no reaction), its test passed
        return out

    def can_buy(self, p: int, card) -> bool:
        """``cannot_buy(p, card) is None``, asked of the legal actions' own code."""
        return self.game.menu[card.name][4] in self._hand_actions(p, (card.name,))

    def can_sell(self, p: int, card) -> bool:
        """``cannot_sell(p, card) is None``, asked of the legal actions' own code."""
        return self.game.menu[card.name][5] in self._hand_actions(p, (card.name,))

    def cannot_play_card(self, p: int, c: str) -> str | None:
        """Why ``p`` may not play the (non-ware) card ``c`` in phase 2, or None."""
        kind = self.game.cards[c].type
        if kind == "stand":
            price = self.stand_price()
            if self.gold[p] < price:
                return f"a small market stand costs {price} gold; player {p} has {self.gold[p]}"
            return None
        if kind == "utility":
            return None
        return self.cannot_play(p, c)

    def cannot_use_now(self, p: int, c: str) -> str | None:
        """Why ``p`` may not use the ready utility ``c`` now (Mask's variant too): the test
        of ``JamboGame.uses``, the legal actions' own."""
        return self.game.uses[c][0](self, p)

    def _candidates(self) -> list:
        """Near misses: every hand card played both ways, every utility in play used, a
        draw in phase 2 — each refused with the rule that forbids it."""
        if self.pending or self.phase not in ("draw", "play"):
            return []
        p = self.active
        out: list = []
        for c in sorted(set(self.hands[p])):
            if self.game.cards[c].type == "ware":
                out += [PlayWare(c, False), PlayWare(c, True)]
            else:
                out.append(PlayCard(c))
        out += [UseUtility(c) for c in sorted(set(self.ready[p] + self.spent[p]))]
        out.append(Draw())
        return out

    # -- playing an action ----------------------------------------------------------------
    def _apply(self, action) -> None:
        """Refuse anything not legal (with the rule), then play it and settle the stack."""
        legal = self._legal
        if legal is None:
            legal = self._menu()
        # speed: the legal actions are made once (``actions.made``), so the one chosen is
        # found by identity first, without a dataclass ``__eq__`` per action passed over (a
        # loop: cheaper than ``id`` of each, which makes an int per action)
        for legal_action in legal:
            if legal_action is action:
                break
        else:
            if action not in legal:
                raise self._refusal(action)
        self._legal = None
        # then ``_settle``, whose commonest outcomes are written out (a call less per step):
        # a decision on top of the stack names who decides; nothing pending, the active player
        pending = self.pending
        if pending:
            frame = pending.pop()
            HANDLERS[frame["effect"]](self, frame, action)
            if pending and pending[-1]["step"] != "auto":
                self.current_player = pending[-1]["player"]
            elif pending or self.actions == 0:
                self._settle()
            else:
                self.current_player = self.active
        else:  # a turn action: its class names the rule that plays it (``TURN_ACTIONS``);
            # without a decision pushed, the active player goes on (or the turn has ended)
            TURN_ACTIONS[type(action)](self, action)
            if pending and pending[-1]["step"] != "auto":
                self.current_player = pending[-1]["player"]
            elif pending or self.actions == 0:
                self._settle()

    def _play_ware(self, action) -> None:
        """ "Ware Cards": buy or sell (1 action); then the Rain Maker step."""
        p = self.active
        self.actions -= 1
        card = self.game.cards[action.card]
        self.hand_to_discard(p, action.card)
        if action.sell:
            self.sell(p, card)
        else:
            self.buy(p, card)
        # always asked: reveals no hand (the frame made here: ``ask``, inlined)
        self.pending.append({"step": "rain", "player": 1 - p, "effect": "rain", "card": card.name})

    def _use_utility(self, action) -> None:
        """ "Utility Cards": each use costs 1 action, once per turn."""
        p, c = self.active, action.card
        self.actions -= 1
        self.ready[p].remove(c)
        self.spent[p].append(c)
        if self._log is not UNTOLD:
            self._log.append(("use", None, (p, c)))
        USES[c](self, p)  # ``use_effect``, inlined: one call less per use

    def _play_card(self, action) -> None:
        """ "Phase 2": a small market stand, a utility, a people or an animal card (1 action)."""
        p, c = self.active, action.card
        self.actions -= 1
        kind = self.game.cards[c].type
        if kind == "stand":
            price = self.stand_price()
            self.from_hand(p, c)
            self.pay(p, price)
            self.stands[p] += 1
            self._log.append(("stand", None, (p, price)))
        elif kind == "utility":
            self.from_hand(p, c)
            self.ready[p].append(c)
            self._log.append(("utility", None, (p, c)))
            if len(self.ready[p]) + len(self.spent[p]) > UTILITY_LIMIT:
                self.ask("utility", p, "utility_limit", source="own", exclude=[c, False], card=c)
        else:
            self.hand_to_discard(p, c)
            self._log.append(("play", None, (p, c)))
            self.start_effect(p, c)

    def _settle(self) -> None:
        """Run automatic steps; then whoever decides next, or the turn's end at 0 actions."""
        pending = self.pending
        while pending and pending[-1]["step"] == "auto":
            frame = pending.pop()
            HANDLERS[frame["effect"]](self, frame, None)
        if pending:
            self.current_player = pending[-1]["player"]
            return
        if self.outcome is not None:
            return
        self.current_player = self.active
        if self.actions == 0 and self.phase in ("draw", "play"):
            self._end_turn()  # "the player has no phase 2" / nothing left to spend

    # -- turns and the end ---------------------------------------------------------------------
    def _start_turn(self, p: int) -> None:
        self.active = self.current_player = p
        self.phase, self.actions, self.wise = "draw", 5, 0
        clock = self._clock
        clock[2] = False  # ``drew``
        if self._log is not UNTOLD:
            self._log.append(("turn", None, (p, clock[0] + 1)))

    def _end_turn(self, action=None) -> None:
        """Bonus, utilities turned back; then the end of the game, the cap, or the next turn."""
        p, game = self.active, self.game
        if self.actions >= 2:  # "Important bonus"
            got = self.earn(p, 1)
            if self._log is not UNTOLD:
                self._log.append(("bonus", None, (p, self.actions, got)))
        spent = self.spent
        if spent[p]:  # (none used this turn: nothing to turn back, no new list)
            self.ready[p] += spent[p]
            spent[p] = []
        self.wise = 0
        clock = self._clock  # ``turn``, ``ender`` (their list: no property call)
        clock[0] += 1
        if self._log is not UNTOLD:
            self._log.append(("end_turn", None, (p, self.gold[p])))
        if clock[1] is not None:
            self._finish("finished", "the last turn is played")
            return
        if self.gold[p] >= game.target_gold:
            clock[1] = p
            self._log.append(("last_turn", None, (p, self.gold[p], 1 - p)))
        elif game.end_on_empty_deck and not (self.deck or self.discard):
            self._finish("finished", "the cards ran out")
            return
        if clock[0] >= game.max_turns and clock[1] is None:  # never the last turn
            self._finish("truncated", game.cap_reason)
            return
        self._start_turn(1 - p)

    def _finish(self, status: str, reason: str) -> None:
        """ "If the opponent has the same amount or more gold ... he is the winner"."""
        if self.ender is not None and status == "finished":
            other = 1 - self.ender
            winner = other if self.gold[other] >= self.gold[self.ender] else self.ender
            ranking: tuple = ((winner,), (1 - winner,))
        else:
            ranking = rank_by({p: (self.gold[p],) for p in (0, 1)}, "high")
        self.outcome = Outcome(status, ranking[0], ranking, reason=reason)
        self._log.append(("game_over", None, (status, reason, *ranking[0])))
        self.current_player = None
        self.phase = "over"

    def conservation(self) -> dict[str, tuple[int, int]]:
        laws = {
            "cards": (self.count_cards(), len(self.game.deck)),
            "wares": (self.count_wares(), WARE_SUPPLY * len(WARES)),
        }
        if self.game.params.bank_limit:
            laws["gold"] = (sum(self.gold) + self.bank(), self.game.params.bank_limit)
        return laws

    # -- what each player sees -------------------------------------------------------------------
    @property
    def scores(self) -> list[int]:
        return list(self.gold)

    def observation(self, player: int | None) -> dict:
        """Everything public; ``player``'s hand, card drawn, peeks and what they know."""
        mine = player is not None
        drawn = None
        if self.drawn is not None:
            drawn = self.drawn if player == self.active else "a card"
        seen = self.deck_seen[player] if mine else 0
        return {
            "player": player,
            "active": self.active,
            "current_player": self.current_player,
            "phase": self.phase,
            "actions": self.actions,
            "turn": self.turn,
            "gold": list(self.gold),
            "target_gold": self.game.params.target_gold,
            "markets": [list(m) for m in self.market],
            "stands": list(self.stands),
            "supply": list(self.supply),
            "utilities": [sorted(u) for u in self.ready],
            "used": [sorted(u) for u in self.spent],
            "hand": sorted(self.hands[player]) if mine else None,
            "hand_sizes": [len(h) for h in self.hands],
            "deck_size": len(self.deck),
            "discard": list(self.discard),
            "drawn": drawn,
            "wise_men": self.wise,
            "ender": self.ender,
            "pending": [public_frame(self, f, player) for f in self.pending],
            "known": sorted(self.known[player]) if mine else None,
            "deck_top_known": list(reversed(self.deck[len(self.deck) - seen :])) if seen else [],
            "outcome": None if self.outcome is None else self.outcome.to_json(),
        }


#: Each turn action's class → the rule that plays it (``JamboState._apply``).
TURN_ACTIONS = {
    Draw: JamboState._draw,
    KeepDrawn: JamboState._keep_drawn,
    StopDrawing: JamboState._stop_drawing,
    PlayWare: JamboState._play_ware,
    PlayCard: JamboState._play_card,
    UseUtility: JamboState._use_utility,
    EndTurn: JamboState._end_turn,
}


def menu_entry(card) -> tuple:
    """A card's entry in ``JamboGame.menu``: what ``_hand_actions`` tests, and the actions
    it hands out — a ware card's buy and sell, another card's play and (a people or animal
    card) its ``PLAY_CHECKS`` test, if any; a reaction card has none: it is never played in
    one's own turn."""
    if card.type == "ware":
        acts = (PLAY_WARE(card.name, False), PLAY_WARE(card.name, True))
    else:
        play = None if card.name in REACTIONS else PLAY_CARD(card.name)
        acts = (play, PLAY_CHECKS.get(card.name) if card.type in ("people", "animal") else None)
    return (card.type, card.need, len(card.wares), card.buy, *acts)


@register(state=JamboState)
class JamboGame(Game):
    """Jambo, for two traders (``boardlab.load("jambo")``)."""

    name = "jambo"
    title = "Jambo"
    specs = SPECS
    action_types = ACTION_TYPES
    score_order = "high"
    end_rule = "End of the Game"
    score_words = ("gold", "gold")  # the standings' unit of ``scores``
    choice_hint = "e.g. Guard, buy or tea"

    def __init__(self, params) -> None:
        super().__init__(params)
        parsed = parse_cards(params["cards"].text, params["cards"].name)
        #: Each card design by name (``components.Card``), and the unshuffled deck.
        self.cards = parsed.cards
        self.deck: tuple[str, ...] = parsed.deck
        #: Speed: each card's legal-action entry — (type, (ware, count) pairs, how many wares, buy
        #: price, the buy or play action, the sell action or play test), the actions made once,
        #: the tests looked up once — and the
        #: parameters the turn reads, as plain attributes (``State._hand_actions``).
        self.menu = {name: menu_entry(card) for name, card in self.cards.items()}
        p = self.params
        self.fee, self.bank_limit = p.large_stand_fee, p.bank_limit
        self.first_stand, self.later_stand = p.first_stand_price, p.stand_price
        self.target_gold, self.max_turns = p.target_gold, p.max_turns
        #: Each utility's test for its use now and its action (``State.legal_actions``).
        tests = use_tests(p.mask_before_draw_only)
        self.uses = {name: (test, USE_UTILITY(name)) for name, test in tests.items()}
        self.end_on_empty_deck = p.empty_deck == "end"
        #: The disputed readings the effects read, as plain attributes (speed: a read of
        #: ``params.x`` goes through ``Params.__getattr__``, after a failed look-up).
        self.dancer_six_ware, self.merchant_wares = p.dancer_six_ware, p.merchant_wares
        self.psychic_cards, self.crocodile = p.psychic_cards, p.crocodile
        self.wise_man_all_sales = p.wise_man_all_sales
        self.psychic_reshuffles = p.psychic_short_supply == "reshuffle"
        self.wise_man_stacks = p.wise_man_stacks
        self.wise_man_per_ware = p.wise_man_portuguese == "per_ware"
        #: How a game stopped by the turn cap says so (``Outcome.reason``).
        self.cap_reason = (
            f"stopped by the {p.max_turns}-turn safeguard, not won by the rules: ranked by gold"
        )

    @classmethod
    def validate(cls, params) -> None:
        """A readable card file, with cards enough to deal two hands and draw one."""
        cards = params["cards"]
        deck = parse_cards(cards.text, cards.name).deck
        need = 2 * params["hand_size"] + 1
        if len(deck) >= need:
            return
        if cards == DEFAULT_CARDS:
            raise InvalidParameter("hand_size", params["hand_size"], "fewer cards")
        raise DataFileError("cards", cards.name, None, f"{len(deck)} cards: 'Setup' needs {need}")

    @classmethod
    def variants(cls) -> list[dict]:
        """The defaults, each rule decision flipped (the Wise Man's per-ware Portuguese with
        his bonus reaching the Portuguese), a short game, a limited bank and an end when the
        cards run out, and a small turn cap (6 turns), which cuts a game short. A bank of 52
        gold in all can never pay anyone 60, so that game always runs to the cap: its cap is
        60 turns, which keeps it as cheap to check as it was before the safeguard rose."""
        return [
            {},
            {"merchant_wares": "own_market"},
            {"dancer_six_ware": False},
            {"psychic_cards": 5},
            {"crocodile": "discard_only"},
            {"mask_before_draw_only": True},
            {"wise_man_all_sales": True},
            {"psychic_short_supply": "what_is_left"},
            {"wise_man_stacks": False},
            {"wise_man_all_sales": True, "wise_man_portuguese": "per_ware"},
            {"target_gold": 30},
            {"bank_limit": 52, "empty_deck": "end", "max_turns": 60},
            {"max_turns": 6},
        ]

    @property
    def max_length(self) -> int:
        """Per turn — the capped ones and a last turn after them — 5 actions, each with at
        most a few hundred decisions (drafts of every card or ware, auctions bounded by the
        gold), and a reaction each."""
        return (self.max_turns + 1) * 5 * 400

    def describe_event(self, kind: str, args: tuple) -> str:
        return NARRATION[kind](*args)

    def redact(self, kind: str, args: tuple) -> tuple[str, tuple] | None:
        """Others learn that cards were dealt, drawn, peeked at or taken, never which."""
        return REDACT[kind](args) if kind in REDACT else None

    def rule_help(self, state: State) -> str:
        """The rule for the decision asked now: the phase's, the reaction's or auction's,
        or the text of the card whose effect is in progress."""
        if not state.pending:
            return RULE_HELP.get(state.phase, "")
        frame = state.pending[-1]
        for key in (frame["step"], frame["effect"]):
            if key in RULE_HELP:
                return RULE_HELP[key]
        card = frame.get("card", "")
        return f"{card}: {CARD_TEXT[card]}" if card in CARD_TEXT else ""

    def choice_path(self, state: State, action) -> tuple[str, ...]:
        return choice_path(self, state, action)

    def standing(self, state: State) -> tuple[int, ...]:
        best = max(state.gold)
        return tuple(p for p in (0, 1) if state.gold[p] == best)


__all__ = [
    "Bid",
    "ChooseCard",
    "ChooseOption",
    "ChooseUtility",
    "ChooseWare",
    "Done",
    "JamboGame",
    "JamboState",
    "Pass",
    "React",
]
