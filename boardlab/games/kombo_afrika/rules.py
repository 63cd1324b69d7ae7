"""Kombo Afrika: the rules, as the rulebook and dossier state them.

Sections cited are the rulebook's ("Preparation", "The Player's Turn",
"Combos and Scoring", "Card Effects", "When the Board Is Full", "When the
Draw Deck Runs Out of Cards", "Pack Building — FAQ", "End of the Game")
and the dossier's numbered decisions (``shared/rules/kombo_afrika.md``).

>>> import boardlab
>>> state = boardlab.load("kombo_afrika").new_game(seed=1)
>>> state.phase_name, [str(a) for a in state.legal_actions()]
('mulligan', ['keep your hand', 'discard your hand and draw 5 new cards (mulligan)'])

Playouts are the hot path: cards are ints (face indices), sets of cells
are bit masks, actions are made once per game and handed out from tables,
and narration is raw tuples formatted only when read. Combos are found by
a flood fill on bit masks; ``render.combos_networkx`` finds them with
networkx, and a test checks both agree on thousands of random boards.
"""

from __future__ import annotations

import random
from operator import itemgetter

from boardlab.core import Game, IllegalAction, Outcome, Param, State, rank_by, register
from boardlab.core.chance import shuffle
from boardlab.core.errors import InvalidParameter
from boardlab.core.params import DataFile

from .actions import (
    ACTION_TYPES,
    Claim,
    ClaimCancel,
    ClaimCard,
    ClaimDone,
    Done,
    EndTurn,
    KeepHand,
    MoveTo,
    Mulligan,
    Place,
    SkipEffect,
    Target,
    UseEffect,
)
from .components import (
    ALL,
    ANIMALS,
    BOARD,
    CELLS,
    CHAO,
    CORNER_MASK,
    CORNERS,
    CROC,
    DECK_BIT,
    DECK_CELL,
    GIFFE,
    HYPNO,
    KONG,
    NEIGHBOURS,
    PAPO,
    SURI,
    VULT,
    DeckError,
    beside,
    cell_name,
    cells_of,
    component,
    components,
    default_deck_text,
    grow,
    parse_cell,
    parse_deck,
)

MULLIGAN, MAIN, EFFECT, CLAIM, END = range(5)
PHASE_NAMES = ("mulligan", "main", "effect", "claim", "end")
PHASE_RULES = (
    "Preparation; dossier 1",
    "The Player's Turn; dossier 2",
    "Card Effects; dossier 4",
    "Combos and Scoring; dossier 3 (partial_combos)",
    "End of the Game",
)
#: Actions per turn a game may use before it is cut short: far above any real turn
#: (a turn places at most a handful of cards), it bounds ``max_length`` even for
#: endless SURI/HYPNO chains, which the rules do not forbid.
TURN_ACTIONS = 150

DEFAULT_DECK = DataFile("deck.csv", default_deck_text())

SPECS = (
    Param("players", 2, "int", "Number of players.", "Box: 2–4 players", low=2, high=4),
    Param(
        "target",
        77,
        "int",
        "Points that trigger the last round.",
        "End of the Game; Game Tips (50 or 100)",
        low=10,
        high=300,
        printed=(77,),
    ),
    Param("hand_size", 5, "int", "Cards in hand after refilling.", "Preparation", low=1, high=8),
    Param(
        "min_combo",
        3,
        "int",
        "Fewest cards in a combo.",
        "Combos and Scoring: three or more; dossier 3",
        low=2,
        high=6,
        printed=(3,),
    ),
    Param(
        "partial_combos",
        False,
        "bool",
        "If true, a connected part (≥ min_combo cards) of a group may be claimed, "
        "chosen card by card; by default a combo is the whole group.",
        "dossier 3 (variant)",
        printed=(False,),
    ),
    Param(
        "deck",
        DEFAULT_DECK,
        "datafile",
        "The deck list (CSV: name,colour,points; one row per card). The printed list is "
        "not public: the default is the dossier's reconstruction.",
        "dossier, Default deck reconstruction",
    ),
    Param(
        "colours",
        6,
        "int",
        "How many of the deck's colours are in play (the first ones in file order; CHAO "
        "always). A file with fewer colours plays all of its colours.",
        "dossier, Default deck reconstruction (what-if)",
        low=1,
        high=12,
    ),
    Param(
        "mulligan",
        True,
        "bool",
        "Each player may once swap the dealt hand for 5 new cards, in seat order, "
        "before the corner cards are laid.",
        "Preparation; dossier 1",
    ),
    Param(
        "last_round",
        "finish",
        "choice",
        "After someone reaches the target: finish the round (equal turns), or play "
        "one extra full round.",
        "End of the Game; dossier 7",
        choices=("finish", "extra"),
        printed=("finish",),
    ),
    Param(
        "max_turns",
        200,
        "int",
        "Turn cap (all players' turns together): a game still running ends as truncated.",
        "dossier 9",
        low=4,
        high=5000,
    ),
)

#: Animals whose effect is a use/skip decision without a target.
SIMPLE_EFFECTS = (SURI, PAPO, KONG)


def _load_deck(params):
    spec = params["deck"]
    deck = parse_deck(spec.text, spec.name)
    return deck.restricted(min(params["colours"], len(deck.colours)))


RULE_HELP = {
    "mulligan": "Preparation: if you do not like your cards, you can once place them face "
    "down on the discard pile and draw 5 new cards from the deck.",
    "main": "The Player's Turn: place any number of cards face up next to a card already in "
    "place (active or hidden) or to the draw deck; gather at most one combo (3+ side-adjacent "
    "active cards of one colour, at most one CHAO as wildcard) at any moment; end the turn "
    "to refill your hand to five.",
    "claim": "Combos (variant): choose the cards of your combo one by one, each side-adjacent "
    "to the ones chosen; then score it.",
    "end": "End of the Game: when a player reaches the target the round is finished; most "
    "points wins, a tie goes to the most points in the last turn.",
    "SURI": "SURI: draw 1 new card from the draw deck into your hand.",
    "PAPO": "PAPO: gain 1 extra point for each card left in your hand.",
    "KONG": "KONG: discard the rest of your hand and draw the same amount of new cards.",
    "CROC": "CROC: flip 1 or 2 cards face down; gain 1 point for each. CROC can flip another "
    "CROC, but not itself.",
    "VULT": "VULT: flip 1 hidden card back face up; its effect is not activated again.",
    "GIFFE": "GIFFE: move any card (face up or down) onto an adjacent free space. GIFFE can "
    "move another GIFFE, not itself.",
}


def _p(p: int) -> str:
    return f"player {p}"


def _cells(mask: int) -> str:
    return ", ".join(cell_name(c) for c in cells_of(mask))


def _s(k: int, word: str = "card") -> str:
    return f"{k} {word}{'' if k == 1 else 's'}"


NARRATION = {
    "deal": lambda g, p, m, *fs: f"{_p(p)} takes into hand: " + ", ".join(g.labels[f] for f in fs),
    "deal_hidden": lambda g, p, m, k: f"{_p(p)} takes {_s(k)} into hand",
    "keep": lambda g, p: f"{_p(p)} keeps their hand",
    "mulligan": lambda g, p: f"{_p(p)} puts their hand on the discard pile (mulligan)",
    "corner": lambda g, f, c: f"{g.labels[f]} is laid face up on corner {cell_name(c)}",
    "turn": lambda g, p, t: f"turn {t + 1}: {_p(p)} plays",
    "place": lambda g, p, f, c: f"{_p(p)} places {g.labels[f]} on {cell_name(c)}",
    "swap": lambda g, p, f, c, old: (
        f"{_p(p)} places {g.labels[f]} on {cell_name(c)} and takes {g.labels[old]} into hand"
    ),
    "skip": lambda g, p, f: f"{_p(p)} does not use {g.labels[f]}'s effect",
    "no_target": lambda g, p, f: f"{g.labels[f]}'s effect has no card to act on",
    "papo": lambda g, p, k: f"PAPO: {_p(p)} gains {_s(k, 'point')} (one per card in hand)",
    "kong": lambda g, p, k: f"KONG: {_p(p)} discards {_s(k)} and draws as many",
    "suri": lambda g, p: f"SURI: {_p(p)} draws a card",
    "croc": lambda g, p, c, f: (
        f"CROC: {_p(p)} flips {g.labels[f]} on {cell_name(c)} face down (+1 point)"
    ),
    "vult": lambda g, p, c, f: f"VULT: {_p(p)} revives {g.labels[f]} on {cell_name(c)}",
    "giffe": lambda g, p, a, b: (
        f"GIFFE: {_p(p)} moves the card on {cell_name(a)} to {cell_name(b)}"
    ),
    "claim": lambda g, p, mask, value: (
        f"{_p(p)} claims the combo on {_cells(mask)} for {_s(value, 'point')} and hides it"
    ),
    "draw": lambda g, p, *fs: f"{_p(p)} draws " + ", ".join(g.labels[f] for f in fs),
    "draw_hidden": lambda g, p, k: f"{_p(p)} draws {_s(k)}",
    "discard_hand": lambda g, p, m, *fs: f"{_p(p)} discards " + ", ".join(g.labels[f] for f in fs),
    "discard_hand_hidden": lambda g, p, m, k: f"{_p(p)} discards {_s(k)}",
    "reshuffle": lambda g, k: f"the draw deck is empty: the discard pile ({_s(k)}) is shuffled",
    "clean_hidden": lambda g, mask: (
        f"the board is full: the hidden cards on {_cells(mask)} go to the discard pile"
    ),
    "clean_active": lambda g, mask: (
        f"the board is full of active cards: all but the corners ({_cells(mask)}) "
        "go to the discard pile"
    ),
    "target": lambda g, p, s, t: (
        f"{_p(p)} reaches {s} points: the last round is played (game ends after turn {t})"
    ),
    "end_turn": lambda g, p, points: f"{_p(p)} ends the turn ({_s(points, 'point')} this turn)",
    "game_over": lambda g, *ws: "game over: " + " and ".join(_p(w) for w in ws) + " won",
    "truncated": lambda g, t: f"the game is cut short after {t} turns (turn cap)",
    "arranged": lambda g: "the situation is set up by hand (arrange)",
}


class KomboAfrikaState(State):
    """A position of Kombo Afrika, from the mulligans to the end of the last round."""

    def __init__(self, game: KomboAfrikaGame, seed: int = 0) -> None:
        """Preparation: shuffle, deal 5 each; mulligans in seat order, then the corners."""
        super().__init__(game, seed)
        n = game.num_players
        cards = list(game.cards)
        shuffle(self.rng, cards)
        self.deck = cards  # the top card is the last
        self.discard: list[int] = []
        size = game.hand_size
        self.hands = []
        log = self._log.append
        for p in range(n):
            hand = cards[-size:]
            del cards[-size:]
            self.hands.append(hand)
            log(("deal", (p,), (p, 0, *hand)))
        self.board = [-1] * CELLS
        self.occ = DECK_BIT  # occupied cells; the deck's cell is never free
        self.act = 0  # active (face-up) cards
        self.colmask = [0] * (game.chao_class + 1)  # active cards per colour class
        self.tally = [0] * n
        self.last_points = [0] * n
        self.turn = 0  # turns completed, all players together
        self.turn_points = 0
        self.claimed = False
        self.final_turn = -1  # the game ends when ``turn`` reaches it
        self.eff = -1  # the animal whose effect is being decided
        self.eff_cell = -1
        self.eff_step = 0
        self.eff_pick = -1
        self.filled = False  # the placement took a free cell (for "board full")
        self.sel = 0  # partial_combos: the cells chosen so far
        self.steps = 0
        self.current_player = 0
        self.hyp = 0  # cells holding a HYPNO (which HYPNO may not take)
        self._forget()
        if game.use_mulligan:
            self.phase = MULLIGAN
        else:
            self.phase = MAIN
            self._lay_corners()

    # -- views ---------------------------------------------------------------------
    @property
    def phase_name(self) -> str:
        return PHASE_NAMES[self.phase]

    @property
    def scores(self) -> list[int]:
        """Points on each player's counters."""
        return list(self.tally)

    def card_at(self, cell: int) -> int:
        """The face on ``cell`` (-1 if free or the deck)."""
        return self.board[cell]

    def is_hidden(self, cell: int) -> bool:
        return bool(self.occ & ~self.act & (1 << cell)) and cell != DECK_CELL

    def observation(self, player: int | None) -> dict:
        """What ``player`` sees: active cards, hidden cards as "hidden" (dossier 8: nobody
        remembers them), their own hand, counts of the others' hands, deck and discard."""
        g = self.game
        board = []
        for c in range(CELLS):
            bit = 1 << c
            if c == DECK_CELL:
                board.append("deck")
            elif not self.occ & bit:
                board.append(None)
            elif self.act & bit:
                board.append(g.labels[self.board[c]])
            else:
                board.append("hidden")
        effect = None
        if self.phase == EFFECT:
            effect = {
                "animal": ANIMALS[self.eff],
                "cell": cell_name(self.eff_cell),
                "step": self.eff_step,
                "picked": cell_name(self.eff_pick) if self.eff_pick >= 0 else None,
            }
        return {
            "player": player,
            "phase": self.phase_name,
            "current_player": self.current_player,
            "turn": self.turn,
            "scores": list(self.tally),
            "last_turn_points": list(self.last_points),
            "turn_points": self.turn_points,
            "claimed": self.claimed,
            "board": board,
            "hand": None if player is None else sorted(g.labels[f] for f in self.hands[player]),
            "hand_sizes": [len(h) for h in self.hands],
            "deck_size": len(self.deck),
            "discard_size": len(self.discard),
            "effect": effect,
            "claim": [cell_name(c) for c in cells_of(self.sel)],
            "final_turn": self.final_turn,
            "target": g.target,
            "outcome": None if self.outcome is None else self.outcome.to_json(),
        }

    def combos(self) -> dict[int, int]:
        """Every claimable combo now: ``{cells mask: points}`` (dossier 3).

        A combo is a whole side-connected group of ≥ ``min_combo`` active cards of one
        colour; one CHAO may join as wildcard (counting toward the size, bridging groups
        of that colour it touches, worth the highest other card); side-connected CHAOs
        alone form a combo worth 1 per card.
        """
        return {a.cells: self.combo_value(a.cells) for a in self._claims()}

    def combo_value(self, mask: int) -> int:
        """The points of the combo on ``mask``: the sum of its cards, a CHAO worth the
        highest other card; CHAOs alone 1 each (Card Effects: CHAO; dossier 3)."""
        g = self.game
        board = self.board
        values = [g.points[board[c]] for c in cells_of(mask) if g.animal[board[c]] != CHAO]
        size = mask.bit_count()
        if not values:
            return size
        return sum(values) + max(values) * (size - len(values))

    def _claims(self) -> list:
        """The ``Claim`` actions of every combo now.

        The combos of one colour depend only on its active cells and the CHAOs beside
        them: the game memoizes them (``colour_combos``), and the state asks again only
        for the colours a move changed (``_dirty``, set where cards come, go, turn or
        move) and those beside a CHAO that came or went. A placement changes one colour.
        """
        dirty = self._dirty
        if not dirty:
            return self._cache
        self._dirty = 0
        g = self.game
        cm = self.colmask
        chao_class = g.chao_class
        chao = cm[chao_class]
        shapes = self._shapes
        same = self._cache is not None  # is the list of combos still the one kept?
        if chao != self._chao_key:  # the colours beside a CHAO that came or went
            near = grow(chao ^ self._chao_key) if self._chao_key >= 0 else ALL
            for k in range(chao_class):
                if cm[k] & near:
                    dirty |= 1 << k
            self._chao_key = chao
            found = g.chao_combos(chao)
            if found or self._chao_shapes:
                same = False
            self._chao_shapes = found
        dirty &= ~(1 << chao_class)
        while dirty:
            low = dirty & -dirty
            dirty ^= low
            k = low.bit_length() - 1
            found = g.colour_combos(cm[k], chao)
            if found or shapes[k]:  # most changes leave a colour without combos
                same = False
            shapes[k] = found
        if same:
            return self._cache
        out: list = []
        for found in shapes:
            if found:
                out += found
        out += self._chao_shapes
        self._cache = out
        return out

    def free_cells(self) -> int:
        """Cells where a card may be placed: free and side-adjacent to a card or the deck
        (The Player's Turn)."""
        occ = self.occ
        return grow(occ) & BOARD & ~occ

    # -- legal actions ---------------------------------------------------------------
    def legal_actions(self) -> list:
        phase = self.phase
        g = self.game
        if phase == MAIN:
            if self.claimed:
                out: list = []
            else:
                claims = self._claims()
                if claims and g.partial:
                    union = 0
                    for a in claims:
                        union |= a.cells
                    table = g.claim_card_table
                    out = [table[c] for c in cells_of(union)]
                else:
                    out = list(claims)
            hand = self.hands[self.current_player]
            if hand:
                occ = self.occ
                if occ != self._free_key:
                    self._free_key = occ
                    self._pick = g.picker(grow(occ) & BOARD & ~occ)
                pick = self._pick
                table = g.place_table
                for f in dict.fromkeys(hand):  # copies of a face are one action
                    out += pick(table[f])
                hypnos = g.hypno_faces
                if not hypnos.isdisjoint(hand):
                    cells = cells_of(self._swappable())
                    for f in hypnos:
                        if f in hand:
                            row = table[f]
                            out += [row[c] for c in cells]
            out.append(g.end)
            return out
        if phase == EFFECT:
            return self._effect_actions()
        if phase == MULLIGAN:
            return [g.keep, g.mulligan]
        if phase == CLAIM:
            return self._claim_actions()
        return []

    def _swappable(self) -> int:
        """Cells HYPNO may take: face-up cards that are no HYPNO (Card Effects: HYPNO)."""
        return self.act & ~self.hyp

    def _targets(self) -> int:
        """The cells the pending effect may choose now (Card Effects; dossier 4)."""
        eff = self.eff
        if eff == CROC:  # another face-up card
            return self.act & ~(1 << self.eff_cell)
        if eff == VULT:  # a hidden card
            return self.occ & ~self.act & ~DECK_BIT
        if eff == GIFFE:  # another card with a free side neighbour
            occ = self.occ
            return grow(BOARD & ~occ) & occ & ~DECK_BIT & ~(1 << self.eff_cell)
        return 0

    def _effect_actions(self) -> list:
        g = self.game
        eff = self.eff
        if eff in SIMPLE_EFFECTS:
            return [g.use, g.skip]
        if eff == GIFFE and self.eff_step == 1:
            free = BOARD & ~self.occ
            table = g.move_table
            return [table[c] for c in cells_of(NEIGHBOURS[self.eff_pick] & free)]
        table = g.target_table
        out = [table[c] for c in cells_of(self._targets())]
        out.append(g.done if self.eff_step == 1 else g.skip)
        return out

    def _claim_actions(self) -> list:
        """Variant partial_combos: extend the chosen cards, score them, or cancel."""
        g = self.game
        table = g.claim_card_table
        out = [table[c] for c in cells_of(self._extensions())]
        if self._selection_value() is not None:
            out.append(g.claim_done)
        out.append(g.claim_cancel)
        return out

    def _extensions(self) -> int:
        """Cards that keep the chosen ones part of some whole combo, side-adjacent to them:
        a connected part of a valid combo is itself one once it has ``min_combo`` cards,
        so a claim never reaches a dead end (dossier 3, variant)."""
        sel = self.sel
        claims = self._claims()
        near = grow(sel) & ~sel
        ok = 0
        for a in claims:
            if a.cells & sel == sel:
                ok |= near & a.cells
        return ok

    def _selection_colour(self) -> int:
        g = self.game
        for c in cells_of(self.sel):
            k = g.face_class[self.board[c]]
            if k != g.chao_class:
                return k
        return -1

    def _selection_value(self) -> int | None:
        """The points of the chosen cards, or None if they are no combo (yet)."""
        g = self.game
        cells = cells_of(self.sel)
        if len(cells) < g.min_combo:
            return None
        colour = self._selection_colour()
        if colour < 0:
            return len(cells)
        values = [g.points[self.board[c]] for c in cells if g.face_class[self.board[c]] == colour]
        return sum(values) + (max(values) if len(values) < len(cells) else 0)

    # -- apply -----------------------------------------------------------------------
    def _apply(self, action) -> None:
        kind = type(action)
        phase = self.phase
        if phase == MAIN:
            if kind is Place:
                self._place(action)
            elif kind is EndTurn:
                self._end_turn()
            elif kind is Claim:
                self._claim(action)
            elif kind is ClaimCard and self.game.partial:
                self._claim_card(action)
            else:
                raise IllegalAction(self._wrong_phase(), PHASE_RULES[phase], action)
        elif phase == EFFECT:
            self._effect(action, kind)
        elif phase == MULLIGAN and (kind is KeepHand or kind is Mulligan):
            self._mulligan(kind is Mulligan)
        elif phase == CLAIM and kind in (ClaimCard, ClaimDone, ClaimCancel):
            self._claim_step(action, kind)
        else:
            raise IllegalAction(self._wrong_phase(), PHASE_RULES[phase], action)
        self.steps += 1
        if self.steps >= self.game.action_cap and self.outcome is None:
            self._finish("truncated", "action cap")

    def _wrong_phase(self) -> str:
        p = self.current_player
        if self.phase == END:
            return "the game is over"
        if self.phase == MULLIGAN:
            return f"player {p} must first keep their hand or take the mulligan"
        if self.phase == EFFECT:
            return f"player {p} must first decide the effect of {ANIMALS[self.eff]}"
        if self.phase == CLAIM:
            return f"player {p} must first finish (or cancel) the combo being claimed"
        return f"player {p} must place a card, claim a combo or end the turn"

    # Preparation ---------------------------------------------------------------------
    def _mulligan(self, take: bool) -> None:
        """Preparation (dossier 1): in seat order, keep or once swap the hand; then the
        four corner cards are laid and player 0 starts."""
        p = self.current_player
        if take:
            hand = self.hands[p]
            self.discard += hand
            k = len(hand)
            hand.clear()
            self._log.append(("mulligan", None, (p,)))
            self._draw(p, k)
        else:
            self._log.append(("keep", None, (p,)))
        if p + 1 < self.game.num_players:
            self.current_player = p + 1
            return
        self._lay_corners()
        self.phase = MAIN
        self.current_player = 0

    def _lay_corners(self) -> None:
        """Preparation: one random card face up in each corner."""
        for c in CORNERS:
            if not self.deck and not self._reshuffle():
                break
            f = self.deck.pop()
            self._put(c, f)
            self._log.append(("corner", None, (f, c)))

    # Drawing ----------------------------------------------------------------------------
    def _reshuffle(self) -> bool:
        """When the Draw Deck Runs Out of Cards: the discard pile becomes the deck."""
        if not self.discard:
            return False
        deck = self.discard
        self.discard = []
        shuffle(self.rng, deck)
        self.deck = deck
        self._log.append(("reshuffle", None, (len(deck),)))
        return True

    def _draw(self, p: int, k: int) -> None:
        """Draw ``k`` cards (reshuffling the discard pile as needed; dossier 6).

        One narration entry per batch of cards: the others read "draws 3 cards"."""
        hand = self.hands[p]
        deck = self.deck
        if len(deck) >= k:
            drawn = deck[len(deck) - k :]
            del deck[len(deck) - k :]
            drawn.reverse()
            hand += drawn
            if drawn:
                self._log.append(("draw", (p,), (p, *drawn)))
            return
        drawn = deck[::-1]
        deck.clear()
        hand += drawn
        if drawn:
            self._log.append(("draw", (p,), (p, *drawn)))
        if self._reshuffle():
            self._draw(p, k - len(drawn))

    # The board -----------------------------------------------------------------------
    def _put(self, cell: int, f: int) -> None:
        bit = 1 << cell
        self.board[cell] = f
        self.occ |= bit
        self.act |= bit
        g = self.game
        k = g.face_class[f]
        self.colmask[k] |= bit
        self._dirty |= 1 << k
        if f in g.hypno_faces:
            self.hyp |= bit

    def _hide(self, cell: int) -> None:
        """Turn the card on ``cell`` face down."""
        bit = 1 << cell
        self.act &= ~bit
        k = self.game.face_class[self.board[cell]]
        self.colmask[k] &= ~bit
        self._dirty |= 1 << k

    def _show(self, cell: int) -> None:
        """Turn the (hidden) card on ``cell`` face up."""
        bit = 1 << cell
        self.act |= bit
        k = self.game.face_class[self.board[cell]]
        self.colmask[k] |= bit
        self._dirty |= 1 << k

    def _deactivate(self, mask: int) -> None:
        """The cards on ``mask`` are face up no more (claimed, or gone from the board)."""
        self.act &= ~mask
        cm = self.colmask
        for k in range(len(cm)):
            if cm[k] & mask:
                cm[k] &= ~mask
                self._dirty |= 1 << k

    def _remove(self, cell: int) -> int:
        bit = 1 << cell
        f = self.board[cell]
        self.board[cell] = -1
        if self.act & bit:
            k = self.game.face_class[f]
            self.colmask[k] &= ~bit
            self._dirty |= 1 << k
        self.occ &= ~bit
        self.act &= ~bit
        self.hyp &= ~bit
        return f

    # The turn ---------------------------------------------------------------------------
    def _place(self, action: Place) -> None:
        """The Player's Turn: place a hand card next to a card or the deck; its effect is
        decided at once (Card Effects). HYPNO may instead go onto a face-up non-HYPNO card,
        which the player takes into hand (dossier 4)."""
        p = self.current_player
        f, cell = action.card, action.cell
        hand = self.hands[p]
        if f not in hand or not 0 <= cell < CELLS:
            raise self._place_error(action)
        bit = 1 << cell
        g = self.game
        if self.occ & bit:
            if f not in g.hypno_faces or not self.act & bit or self.board[cell] in g.hypno_faces:
                raise self._place_error(action)
            old = self._remove(cell)
            hand.remove(f)
            hand.append(old)
            self._put(cell, f)
            self._log.append(("swap", None, (p, f, cell, old)))
            return
        if not bit & BOARD or not NEIGHBOURS[cell] & self.occ:
            raise self._place_error(action)
        hand.remove(f)
        self._put(cell, f)
        self._log.append(("place", None, (p, f, cell)))
        self.filled = True
        animal = g.animal[f]
        if animal in (HYPNO, CHAO):
            self._after_effect()
            return
        self.eff = animal
        self.eff_cell = cell
        self.eff_step = 0
        self.eff_pick = -1
        if animal in SIMPLE_EFFECTS or self._targets():
            self.phase = EFFECT
            return
        self._log.append(("no_target", None, (p, f)))
        self._after_effect()

    def _place_error(self, action) -> IllegalAction:
        p = self.current_player
        g = self.game
        f, cell = getattr(action, "card", -1), getattr(action, "cell", -1)
        if f not in self.hands[p]:
            return IllegalAction(f"that card is not in player {p}'s hand", "The Player's Turn")
        if not 0 <= cell < CELLS or cell == DECK_CELL:
            return IllegalAction("no such cell on the board", "The Player's Turn", action)
        bit = 1 << cell
        if self.occ & bit:
            if f not in g.hypno_faces:
                return IllegalAction(
                    f"{cell_name(cell)} is taken; only HYPNO can go onto a card",
                    "The Player's Turn; Card Effects: HYPNO",
                    action,
                )
            if not self.act & bit:
                return IllegalAction(
                    "HYPNO can only take a face-up card", "Card Effects: HYPNO", action
                )
            return IllegalAction("HYPNO cannot take another HYPNO", "Card Effects: HYPNO", action)
        return IllegalAction(
            f"{cell_name(cell)} touches no card and not the draw deck (by a side)",
            "The Player's Turn: cards can only be placed adjacent to cards already in place",
            action,
        )

    def _effect(self, action, kind) -> None:
        """Card Effects (dossier 4): use or skip; targets one step at a time."""
        p = self.current_player
        eff = self.eff
        f = self.board[self.eff_cell]
        log = self._log.append
        if kind is SkipEffect and self.eff_step == 0:
            log(("skip", None, (p, f)))
            self._after_effect()
            return
        if eff in SIMPLE_EFFECTS:
            if kind is not UseEffect:
                raise IllegalAction(f"use or skip {ANIMALS[eff]}'s effect", "Card Effects", action)
            hand = self.hands[p]
            if eff == SURI:
                log(("suri", None, (p,)))
                self._draw(p, 1)
            elif eff == PAPO:
                log(("papo", None, (p, len(hand))))
                self._gain(p, len(hand))
            else:  # KONG
                k = len(hand)
                log(("kong", None, (p, k)))
                if k:
                    log(("discard_hand", (p,), (p, 0, *hand)))
                    self.discard += hand
                    hand.clear()
                    self._draw(p, k)
            self._after_effect()
            return
        if eff == CROC and kind is Done and self.eff_step == 1:
            self._after_effect()
            return
        if eff == GIFFE and self.eff_step == 1:
            if kind is not MoveTo or not 0 <= action.cell < CELLS:
                raise IllegalAction("choose where GIFFE moves the card", "Card Effects", action)
            dest = action.cell
            if not (NEIGHBOURS[self.eff_pick] & BOARD & ~self.occ) >> dest & 1:
                raise IllegalAction(
                    f"{cell_name(dest)} is no free cell next to {cell_name(self.eff_pick)}",
                    "Card Effects: GIFFE",
                    action,
                )
            src = self.eff_pick
            hidden = not self.act >> src & 1
            moved = self._remove(src)
            self._put(dest, moved)
            if hidden:
                self._hide(dest)
            log(("giffe", None, (p, src, dest)))
            self._after_effect()
            return
        if kind is not Target or not 0 <= action.cell < CELLS:
            raise IllegalAction(
                f"choose a card for {ANIMALS[eff]}'s effect"
                + (" or stop" if self.eff_step else " or skip it"),
                "Card Effects",
                action,
            )
        cell = action.cell
        if not self._targets() >> cell & 1:
            raise IllegalAction(self._target_error(cell), "Card Effects", action)
        if eff == CROC:
            self._hide(cell)
            log(("croc", None, (p, cell, self.board[cell])))
            self._gain(p, 1)
            if self.eff_step == 0 and self._targets():
                self.eff_step = 1
                return
            self._after_effect()
        elif eff == VULT:
            self._show(cell)
            log(("vult", None, (p, cell, self.board[cell])))
            self._after_effect()
        else:  # GIFFE picks the card to move
            self.eff_step = 1
            self.eff_pick = cell

    def _target_error(self, cell: int) -> str:
        eff = self.eff
        if eff == CROC:
            return f"CROC flips another face-up card, and {cell_name(cell)} is none"
        if eff == VULT:
            return f"VULT revives a hidden card, and {cell_name(cell)} holds none"
        return f"GIFFE moves another card that has a free cell beside it; {cell_name(cell)} is not"

    def _after_effect(self) -> None:
        """When the Board Is Full (dossier 5): after the effect of the card that took the
        last free cell, the hidden cards go to the discard pile; if all are active, every
        card but those on the corners goes. The turn continues."""
        self.phase = MAIN
        self.eff = -1
        self.eff_cell = -1
        self.eff_step = 0
        self.eff_pick = -1
        if self.filled and self.occ == BOARD | DECK_BIT:
            hidden = self.occ & ~self.act & ~DECK_BIT
            if hidden:
                gone = hidden
                self._log.append(("clean_hidden", None, (hidden,)))
            else:
                gone = BOARD & ~CORNER_MASK
                self._log.append(("clean_active", None, (CORNER_MASK,)))
            board = self.board
            discard = self.discard
            for c in cells_of(gone):
                discard.append(board[c])
                board[c] = -1
            self._deactivate(gone)
            self.occ &= ~gone
            self.hyp &= ~gone
        self.filled = False

    def _gain(self, p: int, points: int) -> None:
        """Score points; reaching the target starts the last round (End of the Game)."""
        self.tally[p] += points
        self.turn_points += points
        g = self.game
        if self.final_turn < 0 and self.tally[p] >= g.target:
            n = g.num_players
            self.final_turn = (self.turn // n + 1 + (1 if g.extra_round else 0)) * n
            self._log.append(("target", None, (p, self.tally[p], self.final_turn)))

    def _claim(self, action: Claim) -> None:
        """Combos and Scoring (dossier 3): at most one combo a turn, scored as the sum of
        its cards, which turn face down."""
        if self.game.partial or self.claimed:
            raise self._claim_error(action)
        claims = self._claims()
        if action not in claims:
            raise self._claim_error(action)
        self._score_claim(action.cells, self.combo_value(action.cells))

    def _score_claim(self, mask: int, value: int) -> None:
        p = self.current_player
        self._deactivate(mask)
        self.claimed = True
        self._log.append(("claim", None, (p, mask, value)))
        self._gain(p, value)

    def _claim_error(self, action) -> IllegalAction:
        if self.claimed:
            return IllegalAction(
                "a player may gather only one combo each turn", "Combos and Scoring", action
            )
        if self.game.partial and type(action) is Claim:
            return IllegalAction(
                "this game claims combos card by card (partial_combos)", "dossier 3", action
            )
        return IllegalAction(
            "those cards are no combo: a whole side-connected group of at least "
            f"{self.game.min_combo} active cards of one colour (one CHAO at most as wildcard)",
            "Combos and Scoring; dossier 3",
            action,
        )

    def _claim_card(self, action: ClaimCard) -> None:
        """Variant partial_combos: start a claim with a card of some claimable group."""
        if self.claimed or not 0 <= action.cell < CELLS:
            raise self._claim_error(action)
        claims = self._claims()
        bit = 1 << action.cell
        if not any(a.cells & bit for a in claims):
            raise self._claim_error(action)
        self.sel = bit
        self.phase = CLAIM

    def _claim_step(self, action, kind) -> None:
        """Variant partial_combos: add a side-adjacent card, score, or cancel."""
        if kind is ClaimCancel:
            self.sel = 0
            self.phase = MAIN
            return
        if kind is ClaimDone:
            value = self._selection_value()
            if value is None:
                raise IllegalAction(
                    f"a combo needs at least {self.game.min_combo} cards", "dossier 3", action
                )
            mask = self.sel
            self.sel = 0
            self.phase = MAIN
            self._score_claim(mask, value)
            return
        if not 0 <= action.cell < CELLS or not self._extensions() >> action.cell & 1:
            raise IllegalAction(
                "add an active card side-adjacent to the chosen ones, of their colour "
                "(or one CHAO)",
                "Combos and Scoring; Pack Building FAQ",
                action,
            )
        self.sel |= 1 << action.cell

    def _end_turn(self) -> None:
        """End of the turn: refill to five; after the last round the game ends (End of the
        Game); the turn cap cuts a long game short (dossier 9)."""
        g = self.game
        p = self.current_player
        hand = self.hands[p]
        if len(hand) < g.hand_size:
            self._draw(p, g.hand_size - len(hand))
        self.last_points[p] = self.turn_points
        self._log.append(("end_turn", None, (p, self.turn_points)))
        self.turn += 1
        self.turn_points = 0
        self.claimed = False
        if self.turn == self.final_turn:
            self._finish("finished", "target reached")
            return
        if self.turn >= g.max_turns:
            self._finish("truncated", "turn cap")
            return
        self.current_player = self.turn % g.num_players

    def _finish(self, status: str, reason: str) -> None:
        """Most points wins; a tie goes to more points in one's last turn; then shared."""
        keys = {p: (s, self.last_points[p]) for p, s in enumerate(self.tally)}
        ranking = rank_by(keys, "high")
        if status == "truncated":
            self._log.append(("truncated", None, (self.turn,)))
        self._log.append(("game_over", None, ranking[0]))
        self.outcome = Outcome(status, ranking[0], ranking, reason=reason)
        self.current_player = None
        self.phase = END

    # -- scenarios ------------------------------------------------------------------------
    def _arrange(
        self,
        *,
        board: dict[str, str] | None = None,
        hidden: list[str] = (),
        hands: list[list[str]] | None = None,
        deck: list[str] | None = None,
        discard: list[str] | None = None,
        scores: list[int] | None = None,
        turn: int = 0,
        current_player: int | None = None,
        final_turn: int = -1,
        last_points: list[int] | None = None,
    ) -> None:
        """Set up a main-phase situation (rule tests, notebook exercises).

        ``board`` maps cell names to card labels (``{"a1": "red SURI 3"}``; it
        replaces the corner cards), ``hidden`` lists cells whose card lies face
        down; ``deck`` is listed top card first. Anything not given stays as dealt.

        >>> import boardlab
        >>> s = boardlab.load("kombo_afrika").new_game(0).arrange(
        ...     board={"a1": "red SURI 3", "a2": "red PAPO 3", "a3": "red KONG 5"})
        >>> s.combos() == {0b10000100001: 11}
        True
        """
        g = self.game
        index = g.label_index
        if board is not None:
            self.board = [-1] * CELLS
            self.occ = DECK_BIT
            self.act = 0
            self.hyp = 0
            self.colmask = [0] * (g.chao_class + 1)
            for name, label in board.items():
                self._put(parse_cell(name), index[label])
            for name in hidden:
                self._hide(parse_cell(name))
        elif self.phase == MULLIGAN:
            self._lay_corners()
        if hands is not None:
            self.hands = [[index[x] for x in h] for h in hands]
        if deck is not None:
            self.deck = [index[x] for x in reversed(deck)]
        if discard is not None:
            self.discard = [index[x] for x in discard]
        if scores is not None:
            self.tally = list(scores)
        if last_points is not None:
            self.last_points = list(last_points)
        self.turn = turn
        self.final_turn = final_turn
        self.phase = MAIN
        self.current_player = turn % g.num_players if current_player is None else current_player
        self._forget()

    # -- copies, JSON and determinization ----------------------------------------------------
    def _copy(self, other: KomboAfrikaState) -> None:
        other.phase = self.phase
        other.deck = list(self.deck)
        other.discard = list(self.discard)
        other.hands = [list(h) for h in self.hands]
        other.board = list(self.board)
        other.occ = self.occ
        other.act = self.act
        other.colmask = list(self.colmask)
        other.tally = list(self.tally)
        other.last_points = list(self.last_points)
        other.turn = self.turn
        other.turn_points = self.turn_points
        other.claimed = self.claimed
        other.final_turn = self.final_turn
        other.eff = self.eff
        other.eff_cell = self.eff_cell
        other.eff_step = self.eff_step
        other.eff_pick = self.eff_pick
        other.filled = self.filled
        other.sel = self.sel
        other.steps = self.steps
        other.hyp = self.hyp
        other._cache = self._cache  # never mutated in place, so it may be shared
        other._dirty = self._dirty
        other._shapes = list(self._shapes)
        other._chao_key = self._chao_key
        other._chao_shapes = self._chao_shapes
        other._free_key = self._free_key
        other._pick = self._pick

    _FIELDS = ("phase", "deck", "discard", "hands", "board", "occ", "act", "tally")
    _FIELDS += ("last_points", "turn", "turn_points", "claimed", "final_turn", "eff")
    _FIELDS += ("eff_cell", "eff_step", "eff_pick", "filled", "sel", "steps")

    def _dump(self) -> dict:
        return {name: getattr(self, name) for name in self._FIELDS}

    def _load(self, data: dict) -> None:
        for name in self._FIELDS:
            setattr(self, name, data[name])
        self._derive()

    def _forget(self) -> None:
        """Drop the caches of the playout path (they refill on the next question)."""
        self._cache = None  # the Claim actions of every combo now, unless ``_dirty``
        self._dirty = (1 << (self.game.chao_class + 1)) - 1  # colour classes changed since
        self._shapes = [[]] * self.game.chao_class  # each colour's combos
        self._chao_key = -1  # the active CHAOs when they were found
        self._chao_shapes: list = []
        self._free_key = -1  # the occupied cells when ``_pick`` was chosen
        self._pick = None  # row of Place actions → those on the free cells

    def _derive(self) -> None:
        """Recompute what follows from ``board``, ``occ`` and ``act``: the active cells of
        each colour, the HYPNOs' cells, and (lazily) the combos."""
        g = self.game
        board = self.board
        self.colmask = [0] * (g.chao_class + 1)
        for c in cells_of(self.act):
            self.colmask[g.face_class[board[c]]] |= 1 << c
        self.hyp = 0
        for c in cells_of(self.occ & ~DECK_BIT):
            if board[c] in g.hypno_faces:
                self.hyp |= 1 << c
        self._forget()

    def _resample(self, player: int, rng: random.Random) -> None:
        """Resample what ``player`` cannot know: the others' hands, the deck order, the
        discard pile and — nobody remembers them (dossier 8) — the hidden cards' faces.
        """
        others = [q for q in range(self.game.num_players) if q != player]
        hidden = cells_of(self.occ & ~self.act & ~DECK_BIT)
        pool = self.deck + self.discard + [c for q in others for c in self.hands[q]]
        pool += [self.board[c] for c in hidden]
        rng.shuffle(pool)
        for c in hidden:
            self.board[c] = pool.pop()
        for q in others:
            k = len(self.hands[q])
            self.hands[q] = pool[len(pool) - k :]
            del pool[len(pool) - k :]
        k = len(self.discard)
        self.discard = pool[len(pool) - k :] if k else []
        del pool[len(pool) - k :]
        self.deck = pool
        self._derive()  # a hidden card's new face may be a HYPNO


@register(state=KomboAfrikaState)
class KomboAfrikaGame(Game):
    """Kombo Afrika (Loris Games, 2019): combos of animals on a 5×5 board."""

    name = "kombo_afrika"
    end_rule = PHASE_RULES[END]
    title = "Kombo Afrika"
    specs = SPECS
    action_types = ACTION_TYPES
    score_order = "high"

    def __init__(self, params) -> None:
        super().__init__(params)
        deck = _load_deck(params)
        self.deck = deck
        self.faces = deck.faces
        self.cards = deck.cards
        self.labels = tuple(f.label for f in deck.faces)
        self.label_index = {label: i for i, label in enumerate(self.labels)}
        all_colours = sorted({f.colour for f in deck.faces if f.colour}, key=self._order)
        #: Colour class of each face; every CHAO is in class ``chao_class``.
        self.chao_class = len(all_colours)
        self.colour_names = tuple(all_colours)
        self.face_class = tuple(
            all_colours.index(f.colour) if f.colour else self.chao_class for f in deck.faces
        )
        self.animal = tuple(ANIMALS.index(f.animal) for f in deck.faces)
        self.points = tuple(f.points for f in deck.faces)
        self.hypno_faces = frozenset(i for i, a in enumerate(self.animal) if a == HYPNO)
        self.hand_size: int = params["hand_size"]
        self.target: int = params["target"]
        self.min_combo: int = params["min_combo"]
        self.partial: bool = params["partial_combos"]
        self.max_turns: int = params["max_turns"]
        self.extra_round: bool = params["last_round"] == "extra"
        self.use_mulligan: bool = params["mulligan"]
        self.action_cap = self.num_players + self.max_turns * TURN_ACTIONS
        # Every action there can be, made once.
        self.place_table = [
            [Place(f, c, label) for c in range(CELLS)] for f, label in enumerate(self.labels)
        ]
        self.target_table = [Target(c) for c in range(CELLS)]
        self.move_table = [MoveTo(c) for c in range(CELLS)]
        self.claim_card_table = [ClaimCard(c) for c in range(CELLS)]
        self.claim_table: dict[int, Claim] = {}
        self.shape_memo: dict = {}
        self.keep, self.mulligan = KeepHand(), Mulligan()
        self.use, self.skip, self.done, self.end = UseEffect(), SkipEffect(), Done(), EndTurn()
        self.claim_done, self.claim_cancel = ClaimDone(), ClaimCancel()

    def combo_shapes(self, key) -> list:
        """The combos of one colour, as ``Claim`` actions, memoized by the colour's cells.

        ``key`` is the colour's active cells (an int), or ``(cells, CHAOs beside them)``,
        or ``-CHAOs`` for the CHAO-only combos (dossier 3). Whole side-connected groups
        of ≥ ``min_combo`` cards; one CHAO joins with every group of the colour it
        touches; CHAOs alone form their own groups.
        """
        memo = self.shape_memo
        if len(memo) > 200_000:  # bounded: long simulations meet many shapes
            memo.clear()
        least = self.min_combo
        out = []
        if isinstance(key, int) and key < 0:
            for comp in components(-key):
                if comp.bit_count() >= least:
                    out.append(self.claim_action(comp))
        else:
            m, near = key if isinstance(key, tuple) else (key, 0)
            linked = m & beside(m)  # the cards with a neighbour of their colour
            if linked.bit_count() >= least:
                for comp in components(linked):
                    if comp.bit_count() >= least:
                        out.append(self.claim_action(comp))
            while near:
                low = near & -near
                near ^= low
                group = component(grow(low) & m, m)
                if group.bit_count() + 1 >= least:
                    out.append(self.claim_action(group | low))
        memo[key] = out
        return out

    def colour_combos(self, m: int, chao: int) -> list:
        """The combos of one colour whose active cards are ``m``, with the active CHAOs
        ``chao`` on the board (``combo_shapes``, skipping colours too small for one)."""
        near = grow(m) & chao if chao else 0
        if (m | near).bit_count() < self.min_combo:
            return []
        key = (m, near) if chao else m
        shapes = self.shape_memo.get(key)
        if shapes is None:
            shapes = self.combo_shapes(key)
        return shapes

    def chao_combos(self, chao: int) -> list:
        """The CHAO-only combos (dossier 3) of the active CHAOs ``chao``."""
        if chao.bit_count() < self.min_combo:
            return []
        shapes = self.shape_memo.get(-chao)
        if shapes is None:
            shapes = self.combo_shapes(-chao)
        return shapes

    def __reduce__(self) -> tuple:
        """Pickle (joblib workers) as the parameters; the memos refill in the worker."""
        return (type(self), (self.params,))

    @staticmethod
    def picker(cells_mask: int):
        """A function row → the row's actions on these cells: an ``itemgetter``, made
        afresh (the free cells rarely repeat, and a memo of them cost more than it saved)."""
        cells = cells_of(cells_mask)
        if len(cells) > 1:
            return itemgetter(*cells)
        if cells:
            only = cells[0]
            return lambda row: (row[only],)
        return lambda row: ()

    def _order(self, colour: str) -> int:
        return self.deck.colours.index(colour) if colour in self.deck.colours else 99

    def claim_action(self, mask: int) -> Claim:
        """The one ``Claim`` action of a set of cells (interned)."""
        action = self.claim_table.get(mask)
        if action is None:
            action = self.claim_table[mask] = Claim(mask)
        return action

    @classmethod
    def validate(cls, params) -> None:
        """A readable deck file, and cards enough for the hands and the four corners."""
        spec = params["deck"]
        try:
            deck = parse_deck(spec.text, spec.name)
        except DeckError as error:
            raise InvalidParameter("deck", spec.name, str(error)) from None
        deck = deck.restricted(min(params["colours"], len(deck.colours)))
        need = params["players"] * params["hand_size"] + len(CORNERS)
        if len(deck.cards) < need:
            raise InvalidParameter(
                "deck",
                spec.name,
                f"at least {need} cards in play for {params['players']} hands of "
                f"{params['hand_size']} and the 4 corners (this deck has {len(deck.cards)})",
            )

    @classmethod
    def variants(cls) -> list[dict]:
        """Player counts, every rule variant and the edge cases (a one-card hand, few
        colours with combos of two, a turn cap that cuts games short). Targets are low
        outside the defaults so the conformance suite stays quick."""
        return [
            {},
            {"players": 3, "target": 25},
            {"players": 4, "target": 20},
            {"partial_combos": True, "target": 25},
            {"mulligan": False, "last_round": "extra", "target": 20},
            {"colours": 3, "min_combo": 2, "hand_size": 3, "target": 25, "max_turns": 60},
            {"hand_size": 1, "max_turns": 16},
        ]

    @property
    def max_length(self) -> int:
        return self.action_cap

    def action_from_json(self, data: dict):
        """JSON → action; cards by their label and cells by name need the game's deck."""
        try:
            kind = data["action"]
            if kind == "Place":
                f = self.label_index[data["card"]]
                return self.place_table[f][parse_cell(data["cell"])]
            if kind == "Target":
                return Target(parse_cell(data["cell"]))
            if kind == "MoveTo":
                return MoveTo(parse_cell(data["cell"]))
            if kind == "ClaimCard":
                return ClaimCard(parse_cell(data["cell"]))
            if kind == "Claim":
                mask = 0
                for name in data["cells"]:
                    mask |= 1 << parse_cell(name)
                return self.claim_action(mask)
        except (KeyError, TypeError, ValueError) as error:
            raise ValueError(f"not a {self.name} action: {data!r} ({error})") from None
        return super().action_from_json(data)

    def describe_event(self, kind: str, args: tuple) -> str:
        return NARRATION[kind](self, *args)

    def redact(self, kind: str, args: tuple) -> tuple[str, tuple] | None:
        """Others learn that cards were drawn or discarded, not which (dossier 8)."""
        if kind == "draw":
            return "draw_hidden", (args[0], len(args) - 1)
        if kind in ("deal", "discard_hand"):
            return kind + "_hidden", (args[0], args[1], len(args) - 2)
        return None

    def rule_help(self, state: State) -> str:
        if state.phase == EFFECT:
            return RULE_HELP[ANIMALS[state.eff]]
        return RULE_HELP[PHASE_NAMES[state.phase]]

    def label(self, face: int) -> str:
        return self.labels[face]
