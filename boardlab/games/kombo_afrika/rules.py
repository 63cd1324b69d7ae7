"""Kombo Afrika: the rules, as the rulebook states them and our decisions settle them.

Sections cited are the rulebook's ("Preparation", "The Player's Turn",
"Combos and Scoring", "Card Effects", "When the Board Is Full", "When the
Draw Deck Runs Out of Cards", "Pack Building — FAQ", "End of the Game")
and our numbered decisions (the "Our decision N" entries of ``rulebook.py``).
A long game, so one file per section that needs room:

- ``rules.py`` (this file): the parameters, the Game, and the State's
  Preparation, The Player's Turn (placement), drawing and When the Draw Deck
  Runs Out of Cards, End of the Game, and copies, JSON and determinization;
- ``table.py``: the Game's data (the deck in play, every action made once),
  which the State's parts below read, so they never import this file;
- ``board.py``: the board's cells as bit masks, and When the Board Is Full;
- ``combos.py``: Combos and Scoring (and the Pack Building FAQ), with
  ``shapes.py``, the Game's memo of the combos of one colour;
- ``effects.py``: Card Effects, one function per animal;
- ``arrange.py``: situations set up by hand (``state.arrange``), every card in one place;
- ``narration.py``: the words of every event, and the help for each decision.

>>> import boardlab
>>> state = boardlab.load("kombo_afrika").new_game(seed=1)
>>> state.phase_name, [str(a) for a in state.legal_actions()]
('mulligan', ['keep your hand', 'discard your hand and draw 5 new cards (mulligan)'])

Playouts are the hot path: cards are ints (face indices), sets of cells
are bit masks (``occupied``, ``face_up``, ``colour_masks``…), actions are
made once per game and handed out from tables, and narration is raw tuples
formatted only when read. Combos are found by a flood fill on bit masks
(``combos.py``); a test checks it against networkx on thousands of random
boards.

Speed tricks (optional in a new game: ``boardlab/games/README.md``): each is
marked where it stands with the plain code it replaces and what it saves;
``python -m boardlab.bench --game kombo_afrika`` (playouts per second) and
``python benchmarks/versus_bare.py --game kombo_afrika`` show them, and
``tests/games/test_kombo_afrika_speed.py`` checks them against the plain code.
"""

from __future__ import annotations

from boardlab.core import IllegalAction, Outcome, Param, State, rank_by, register
from boardlab.core.chance import shuffle
from boardlab.core.errors import InvalidParameter
from boardlab.core.events import UNTOLD
from boardlab.core.params import DataFile, with_words

from .actions import (
    ACTION_TYPES,
    Claim,
    ClaimCancel,
    ClaimCard,
    ClaimDone,
    EndTurn,
    KeepHand,
    MoveTo,
    Mulligan,
    Place,
    Target,
)
from .arrange import Arrange
from .board import Board, picker
from .combos import Combos
from .components import (
    ANIMALS,
    BOARD,
    CELLS,
    CLAIM,
    CORNERS,
    DECK_BIT,
    DECK_CELL,
    EFFECT,
    END,
    MAIN,
    MULLIGAN,
    NEIGHBOURS,
    NO_PENDING,
    PHASE_NAMES,
    PHASE_RULES,
    cell_name,
    cells_of,
    default_deck_text,
    parse_cell,
    parse_deck,
)
from .effects import SIMPLE_EFFECTS, Effects
from .narration import NARRATION, RULE_HELP, choice_path
from .table import KomboAfrikaTable, largest_combo
from .words import WORDS

DEFAULT_DECK = DataFile("deck.csv", default_deck_text())

SPECS = with_words(
    WORDS,
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
        "Combos and Scoring: three or more; our decision 3",
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
        "our decision 3 (variant)",
        printed=(False,),
    ),
    Param(
        "deck",
        DEFAULT_DECK,
        "datafile",
        "The deck list (CSV: name,colour,points; one row per card). The printed deck list "
        "is not public: the default is our reconstruction, which a teacher who "
        "owns the game can overwrite with the printed deck.",
        "Our reconstruction: the deck",
    ),
    Param(
        "colours",
        6,
        "int",
        "How many of the deck's colours are in play (the first ones in file order; CHAO "
        "always): at most the deck file's colours (6 in the shipped deck, and no file has "
        "more), so a deck of fewer colours needs this set to at most its count.",
        "Our reconstruction: the deck (what-if)",
        low=1,
        high=6,
    ),
    Param(
        "mulligan",
        True,
        "bool",
        "Each player may once swap the dealt hand for 5 new cards, in seat order, "
        "before the corner cards are laid.",
        "Preparation; our decision 1",
    ),
    Param(
        "last_round",
        "finish",
        "choice",
        "After someone reaches the target: finish the round (equal turns), or play "
        "one extra full round.",
        "End of the Game; our decision 7",
        choices=("finish", "extra"),
        printed=("finish",),
    ),
    Param(
        "start_points",
        (),
        "per_player",
        "Points on each player's counters before the first turn, in seat order (a "
        "handicap: a weaker player starts ahead, e.g. (0, 10)); they count toward the "
        "target and the score. Empty: everybody starts at 0.",
        "Game Tips: Uneven game; Preparation",
        low=0,
        high=299,
    ),
    Param(
        "max_turns",
        200,
        "int",
        "Turn cap (all players' turns together): a game still running ends as truncated.",
        "our decision 9",
        low=4,
        high=5000,
    ),
)


class KomboAfrikaState(Board, Combos, Effects, Arrange, State):
    """A position of Kombo Afrika, from the mulligans to the end of the last round.

    Its parts, one per rulebook section: ``Board`` (the cells as bit masks, When the
    Board Is Full), ``Combos`` (Combos and Scoring), ``Effects`` (Card Effects), and
    ``Arrange`` (situations set up by hand, which obey the conservation of cards); the
    rest is here. ``counters`` are the players' points.
    """

    def action_to_json(self, action) -> dict:
        """A placement names its card by the deck's label, which a hand-built
        ``Place(card, cell)`` lacks: the game's own action for that card and cell has it."""
        if type(action) is Place and not action.label:
            action = self.game.place_table[action.card][action.cell]
        return action.to_json()

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
        self.occupied = DECK_BIT  # the deck's cell is never free
        self.face_up = 0
        self.colour_masks = [0] * (game.chao_class + 1)
        # "The point gain is recorded using the counters"; a handicap (Game Tips) starts ahead
        self.counters = list(game.start_points) or [0] * n
        self.last_points = [0] * n
        self.turn = 0  # turns completed, all players together
        self.turn_points = 0
        self.claimed = False
        self.final_turn = -1  # the game ends when ``turn`` reaches it
        # the effect being decided, or a claim's cells (``effect``, ``selection``…)
        self.pending = NO_PENDING
        self.steps = 0
        self.current_player = 0
        self.hypno_cells = 0  # cells holding a HYPNO (which HYPNO may not take)
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
        return list(self.counters)

    def observation(self, player: int | None) -> dict:
        """What ``player`` sees: active cards, hidden cards as "hidden" (our decision 8: nobody
        remembers them), their own hand, counts of the others' hands, deck and discard."""
        g = self.game
        board = []
        for c in range(CELLS):
            bit = 1 << c
            if c == DECK_CELL:
                board.append("deck")
            elif not self.occupied & bit:
                board.append(None)
            elif self.face_up & bit:
                board.append(g.labels[self.board[c]])
            else:
                board.append("hidden")
        effect = None
        if self.phase == EFFECT:
            effect = {
                "animal": ANIMALS[self.effect],
                "cell": cell_name(self.effect_cell),
                "step": self.effect_step,
                "picked": cell_name(self.effect_picked) if self.effect_picked >= 0 else None,
            }
        return {
            "player": player,
            "phase": self.phase_name,
            "current_player": self.current_player,
            "turn": self.turn,
            "scores": list(self.counters),
            "last_turn_points": list(self.last_points),
            "turn_points": self.turn_points,
            "claimed": self.claimed,
            "board": board,
            "hand": None if player is None else sorted(g.labels[f] for f in self.hands[player]),
            "hand_sizes": [len(h) for h in self.hands],
            "deck_size": len(self.deck),
            "discard_size": len(self.discard),
            "effect": effect,
            "claim": [cell_name(c) for c in cells_of(self.selection)],
            "final_turn": self.final_turn,
            "target": g.target,
            "outcome": None if self.outcome is None else self.outcome.to_json(),
        }

    # -- legal actions ---------------------------------------------------------------
    def legal_actions(self) -> list:
        """The choices now, in a fixed order (claims, placements by hand order, HYPNO
        swaps, end; an effect's targets by cell, then skip or done): ``_menu``."""
        return self._menu(None)

    def _menu(self, u: int | None):
        """The legal actions, for ``u`` None; else the one a ``RandomAgent``'s number ``u``
        draws, ``legal_actions()[u * n >> 32]`` (``_pick``), read from the main choice's
        groups — the combos, one row of placements per distinct hand card (all of one
        width: the free cells), one row of swaps per HYPNO held — without joining them.

        Speed: the playout's hottest function. The combos are the kept ones
        (``_claim_cache``) when no colour changed; the free cells are kept in
        ``_free_picker`` with an ``itemgetter`` of a row's ``Place`` actions on them, made
        again only when the occupied cells changed; a use/skip effect is two actions made
        once per game. Only a face with copies in the deck (``copied_faces``: the CHAOs)
        can be twice in a hand, and only then is the hand deduplicated (``dict.fromkeys``
        cost as much as the rest of a small hand's menu); half the hands hold neither
        such a face nor a HYPNO, which one set test (``special_faces``) tells at once.
        The plain code: ``legal_actions`` joining every group, and a list look-up; a
        playout's step saves that list (-9.2% instructions a playout; ``python -m
        boardlab.bench --game kombo_afrika``, ``benchmarks/versus_bare.py``).
        """
        phase = self.phase
        g = self.game
        if phase != MAIN:
            if phase == EFFECT:
                out = (
                    [g.use, g.skip] if self.pending[0] in SIMPLE_EFFECTS else self._effect_actions()
                )
            elif phase == MULLIGAN:
                out = [g.keep, g.mulligan]
            else:
                out = self._claim_actions() if phase == CLAIM else []
            return out if u is None else out[u * len(out) >> 32]
        if self.claimed:  # Combos and Scoring: one combo a turn
            claims = ()
        elif g.partial:
            claims = self._claim_offers()
        else:
            claims = self._claims() if self._changed_colours else self._claim_cache
        faces = hand = self.hands[self.current_player]
        swaps = hypnos = ()
        if hand:  # The Player's Turn: place a card beside one, or HYPNO onto one
            seen, pick, free = self._free_picker
            if self.occupied != seen:
                free, pick = cells_of(self.free_cells()), None
                self._free_picker = (self.occupied, None, free)
            if not g.special_faces.isdisjoint(hand):  # a HYPNO or a copied face
                for face in g.copied_faces:  # copies of a face are one action
                    if hand.count(face) > 1:
                        faces = [*dict.fromkeys(hand)]
                        break
                if not g.hypno_faces.isdisjoint(hand):
                    hypnos = [face for face in g.hypno_faces if face in hand]
                    swaps = cells_of(self.face_up & ~self.hypno_cells)  # _swappable
        table = g.place_table
        if u is None:
            out = [*claims]
            if hand and pick is None:  # (made for a list only: a playout's step needs none)
                pick = picker(free)
                self._free_picker = (self.occupied, pick, free)
            for face in faces:
                out += pick(table[face])
            if hypnos:
                pick = picker(swaps)
                for face in hypnos:
                    out += pick(table[face])
            out.append(g.end)
            return out
        k = len(claims)
        width = len(free) if hand else 0
        placed = len(faces) * width
        i = u * (k + placed + len(hypnos) * len(swaps) + 1) >> 32
        if i < k:
            return claims[i]
        i -= k
        if i < placed:
            return table[faces[i // width]][free[i % width]]
        i -= placed
        if i < len(hypnos) * len(swaps):
            return table[hypnos[i // len(swaps)]][swaps[i % len(swaps)]]
        return g.end

    _pick = _menu  # (``State._pick``)

    def _candidates(self) -> list:
        """The near misses a learner tries, so a widget can show why each is refused: every
        card of the hand on every cell of the board (The Player's Turn: beside a card, on a
        free cell; only HYPNO onto a face-up card, never onto another HYPNO)."""
        if self.phase != MAIN or not self.hands[self.current_player]:
            return []
        table = self.game.place_table
        cells = [c for c in range(CELLS) if c != DECK_CELL]
        return [
            table[face][c] for face in dict.fromkeys(self.hands[self.current_player]) for c in cells
        ]

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
            self._resolve_effect(action, kind)
        elif phase == MULLIGAN and (kind is KeepHand or kind is Mulligan):
            self._mulligan(kind is Mulligan)
        elif phase == CLAIM and kind in (ClaimCard, ClaimDone, ClaimCancel):
            self._claim_step(action, kind)
        else:
            raise IllegalAction(self._wrong_phase(), PHASE_RULES[phase], action)
        steps = self.steps = self.steps + 1
        if steps >= self.game.action_cap and self.outcome is None:
            self._finish("truncated", "action cap")

    def _wrong_phase(self) -> str:
        p = self.current_player
        if self.phase == END:
            return "the game is over"
        if self.phase == MULLIGAN:
            return f"player {p} must first keep their hand or take the mulligan"
        if self.phase == EFFECT:
            return f"player {p} must first decide the effect of {ANIMALS[self.effect]}"
        if self.phase == CLAIM:
            return f"player {p} must first finish (or cancel) the combo being claimed"
        return f"player {p} must place a card, claim a combo or end the turn"

    # -- Preparation ---------------------------------------------------------------------
    def _mulligan(self, take: bool) -> None:
        """Preparation (our decision 1): in seat order, keep or once swap the hand; then the
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
            face = self.deck.pop()
            self._put(c, face)
            self._log.append(("corner", None, (face, c)))

    # -- Drawing, and When the Draw Deck Runs Out of Cards ------------------------------------
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
        """Draw ``k`` cards (reshuffling the discard pile as needed; our decision 6).

        One narration entry per batch of cards: the others read "draws 3 cards"."""
        hand = self.hands[p]
        deck = self.deck
        if len(deck) >= k:
            drawn = deck[len(deck) - k :]
            del deck[len(deck) - k :]
            drawn.reverse()
            hand += drawn
            # Speed trick (UNTOLD, ``boardlab.core.events``): the plain code logs every
            # entry; a random playout, whose narration nobody reads, builds none
            # (``python -m boardlab.bench``). So at every ``is not UNTOLD`` below.
            if drawn and self._log is not UNTOLD:
                self._log.append(("draw", (p,), (p, *drawn)))
            return
        drawn = deck[::-1]
        deck.clear()
        hand += drawn
        if drawn and self._log is not UNTOLD:
            self._log.append(("draw", (p,), (p, *drawn)))
        if self._reshuffle():
            self._draw(p, k - len(drawn))

    # -- The Player's Turn -----------------------------------------------------------------
    def _place(self, action: Place) -> None:
        """The Player's Turn: place a hand card next to a card or the deck; its effect is
        decided at once (Card Effects). HYPNO may instead go onto a face-up non-HYPNO card,
        which the player takes into hand (our decision 4)."""
        p = self.current_player
        face, cell = action.card, action.cell
        hand = self.hands[p]
        if face not in hand or not 0 <= cell < CELLS:
            raise self._place_error(action)
        bit = 1 << cell
        if self.occupied & bit:
            self._hypno(action)  # Card Effects: HYPNO swaps
            return
        if not bit & BOARD or not NEIGHBOURS[cell] & self.occupied:
            raise self._place_error(action)
        hand.remove(face)
        self._put(cell, face)
        if self._log is not UNTOLD:
            self._log.append(("place", None, (p, face, cell)))
        self._begin_effect(face, cell)

    def _place_error(self, action) -> IllegalAction:
        p = self.current_player
        g = self.game
        face, cell = getattr(action, "card", -1), getattr(action, "cell", -1)
        if face not in self.hands[p]:
            return IllegalAction(f"that card is not in player {p}'s hand", "The Player's Turn")
        if not 0 <= cell < CELLS or cell == DECK_CELL:
            return IllegalAction("no such cell on the board", "The Player's Turn", action)
        bit = 1 << cell
        if self.occupied & bit:
            if face not in g.hypno_faces:
                return IllegalAction(
                    f"{cell_name(cell)} is taken; only HYPNO can go onto a card",
                    "The Player's Turn; Card Effects: HYPNO",
                    action,
                )
            if not self.face_up & bit:
                return IllegalAction(
                    "HYPNO can only take a face-up card", "Card Effects: HYPNO", action
                )
            return IllegalAction("HYPNO cannot take another HYPNO", "Card Effects: HYPNO", action)
        return IllegalAction(
            f"{cell_name(cell)} touches no card and not the draw deck (by a side)",
            "The Player's Turn: cards can only be placed adjacent to cards already in place",
            action,
        )

    def _gain(self, p: int, points: int) -> None:
        """Score points; reaching the target starts the last round (End of the Game)."""
        self.counters[p] += points
        self.turn_points += points
        g = self.game
        if self.final_turn < 0 and self.counters[p] >= g.target:
            n = g.num_players
            self.final_turn = (self.turn // n + 1 + (1 if g.extra_round else 0)) * n
            self._log.append(("target", None, (p, self.counters[p], self.final_turn)))

    def _end_turn(self) -> None:
        """End of the turn: refill to five; after the last round the game ends (End of the
        Game); the turn cap cuts a long game short (our decision 9)."""
        g = self.game
        p = self.current_player
        hand = self.hands[p]
        if len(hand) < g.hand_size:
            self._draw(p, g.hand_size - len(hand))
        self.last_points[p] = self.turn_points
        if self._log is not UNTOLD:
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

    # -- End of the Game ---------------------------------------------------------------------
    def _finish(self, status: str, reason: str) -> None:
        """Most points wins; a tie goes to more points in one's last turn; then shared."""
        keys = {p: (s, self.last_points[p]) for p, s in enumerate(self.counters)}
        ranking = rank_by(keys, "high")
        if status == "truncated":
            self._log.append(("truncated", None, (self.turn,)))
        self._log.append(("game_over", None, ranking[0]))
        self.outcome = Outcome(status, ranking[0], ranking, reason=reason)
        self.current_player = None
        self.phase = END

    # -- copies, JSON and determinization ----------------------------------------------------
    def _copy(self, other: KomboAfrikaState) -> None:
        other.phase = self.phase
        other.deck = list(self.deck)
        other.discard = list(self.discard)
        other.hands = [list(h) for h in self.hands]
        other.board = list(self.board)
        other.occupied = self.occupied
        other.face_up = self.face_up
        other.colour_masks = list(self.colour_masks)
        other.counters = list(self.counters)
        other.last_points = list(self.last_points)
        other.turn = self.turn
        other.turn_points = self.turn_points
        other.claimed = self.claimed
        other.final_turn = self.final_turn
        other.pending = self.pending  # a tuple: safely shared
        other.steps = self.steps
        other.hypno_cells = self.hypno_cells
        other._claim_cache = self._claim_cache  # a tuple: safely shared
        other._changed_colours = self._changed_colours
        other._colour_claims = list(self._colour_claims)
        other._free_picker = self._free_picker

    #: The fields of the JSON form (``to_json``); the rest follows from them (``_derive``).
    #: The parts of ``pending`` are stored by their names; ``filled``, which follows from
    #: the phase, is written for the JSON's readers and not read back.
    _FIELDS = ("phase", "deck", "discard", "hands", "board", "occupied", "face_up", "counters")
    _FIELDS += ("last_points", "turn", "turn_points", "claimed", "final_turn", "effect")
    _FIELDS += ("effect_cell", "effect_step", "effect_picked", "filled", "selection", "steps")
    _PENDING = ("effect", "effect_cell", "effect_step", "effect_picked", "selection")

    def _dump(self) -> dict:
        return {name: getattr(self, name) for name in self._FIELDS}

    def _load(self, data: dict) -> None:
        for name in self._FIELDS:
            if name not in self._PENDING and name != "filled":
                setattr(self, name, data[name])
        self.pending = tuple(data[name] for name in self._PENDING)
        self._derive()

    def _forget(self) -> None:
        """Drop the caches of the playout path (they refill on the next question)."""
        chao_class = self.game.chao_class
        self._claim_cache = None  # the Claim actions of every combo now (combos.py)
        self._changed_colours = (1 << (chao_class + 1)) - 1  # colour classes changed since
        self._colour_claims = [()] * (chao_class + 1)  # each class's combos (memo tuples)
        # the occupied cells, a function: row of Place actions → those on the free cells
        # (or None: not made yet), and the free cells (made again when the occupied
        # cells change: ``_menu``)
        self._free_picker = (-1, None, [])


@register(state=KomboAfrikaState)
class KomboAfrikaGame(KomboAfrikaTable):
    """Kombo Afrika (Loris Games, 2019): combos of animals on a 5×5 board."""

    name = "kombo_afrika"
    end_rule = PHASE_RULES[END]
    title = "Kombo Afrika"
    specs = SPECS
    action_types = ACTION_TYPES
    score_order = "high"

    score_words = ("point", "points")  # the standings' unit of ``scores``

    @classmethod
    def validate(cls, params) -> None:
        """A readable deck file, cards enough for the hands and the four corners, no more
        colours in play than the deck file has, combos no larger than its cards can make,
        and start points below the target (a player who starts on it would end the game
        unplayed). The deck is the one in use: a teacher's file is checked, not the
        shipped one."""
        if any(points >= params["target"] for points in params["start_points"]):
            raise InvalidParameter(
                "start_points",
                params["start_points"],
                f"start points below the target ({params['target']}) for every player",
            )
        spec = params["deck"]
        deck = parse_deck(spec.text, spec.name)  # DataFileError names the line
        has = len(deck.colours)
        in_play = deck.restricted(min(params["colours"], has))  # as ``load_deck`` does
        need = params["players"] * params["hand_size"] + len(CORNERS)
        if len(in_play.cards) < need:
            raise InvalidParameter(
                "deck",
                spec.name,
                f"at least {need} cards in play for {params['players']} hands of "
                f"{params['hand_size']} and the 4 corners (this deck has {len(in_play.cards)})",
            )
        if not has:
            raise InvalidParameter(
                "deck", spec.name, "cards of at least one colour, not only CHAOs"
            )
        if params["colours"] > has:  # the first ``colours`` colours of the file: no more exist
            raise InvalidParameter(
                "colours",
                params["colours"],
                f"at most {has}, the colours of the deck in use ({spec.name}; a larger value "
                f"would play the same game as {has})",
            )
        largest = largest_combo(in_play)
        if params["min_combo"] > largest:
            raise InvalidParameter(
                "min_combo",
                params["min_combo"],
                f"at most {largest}, the largest combo the cards in play of {spec.name} can "
                "make (the most cards of one colour and a CHAO, or all the CHAOs): a larger "
                "value would allow no combo at all",
            )

    @classmethod
    def variants(cls) -> list[dict]:
        """Player counts, every rule variant and the edge cases (a one-card hand, few
        colours with combos of two, a turn cap that cuts games short, a handicap of start
        points). Targets are low outside the defaults so the conformance suite stays
        quick."""
        return [
            {},
            {"players": 3, "target": 25},
            {"players": 4, "target": 20},
            {"partial_combos": True, "target": 25},
            {"mulligan": False, "last_round": "extra", "target": 20},
            {"colours": 3, "min_combo": 2, "hand_size": 3, "target": 25, "max_turns": 60},
            {"hand_size": 1, "max_turns": 16},
            {"players": 3, "start_points": (0, 5, 15), "target": 30},
        ]

    @property
    def max_length(self) -> int:
        return self.action_cap

    def action_from_json(self, data: dict):
        """JSON → action; cards by their label and cells by name need the game's deck."""
        try:
            kind = data["action"]
            if kind == "Place":
                face = self.label_index[data["card"]]
                return self.place_table[face][parse_cell(data["cell"])]
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
        """Others learn that cards were drawn or discarded, not which (our decision 8)."""
        if kind == "draw":
            return "draw_hidden", (args[0], len(args) - 1)
        if kind in ("deal", "discard_hand"):
            return kind + "_hidden", (args[0], args[1], len(args) - 2)
        return None

    choice_hint = "e.g. SURI, red or c3"

    def choice_path(self, state: State, action) -> tuple[str, ...]:
        """The steps of a move in the play panel: ``narration.choice_path``."""
        return choice_path(self, action)

    def rule_help(self, state: State) -> str:
        if state.phase == EFFECT:
            return RULE_HELP[ANIMALS[state.effect]]
        return RULE_HELP[PHASE_NAMES[state.phase]]
