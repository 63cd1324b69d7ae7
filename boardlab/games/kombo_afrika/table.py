"""What every state of one Kombo Afrika game shares: the deck in play, read once, and
every action, made once.

``KomboAfrikaTable`` is the Game's data (``rules.KomboAfrikaGame`` is one, with
the parameters, their checks and the words): the parts of the State
(``board.py``, ``combos.py``, ``effects.py``, ``arrange.py``) read it as
``self.game``, and import it from here, below the rules, so that the rules can
import them.
"""

from __future__ import annotations

from collections import Counter

from boardlab.core import Game

from .actions import (
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
from .components import ANIMALS, CELLS, HYPNO, parse_deck
from .shapes import ComboShapes

#: Actions per turn a game may use before it is cut short: far above any real turn
#: (a turn places at most a handful of cards), it bounds ``max_length`` even for
#: endless SURI/HYPNO chains, which the rules do not forbid.
TURN_ACTIONS = 150


def load_deck(params):
    """The deck in play: the deck file's first ``colours`` colours (and every CHAO)."""
    spec = params["deck"]
    deck = parse_deck(spec.text, spec.name)
    return deck.restricted(min(params["colours"], len(deck.colours)))


def largest_combo(deck) -> int:
    """The most cards one combo of ``deck`` can hold: every card of its largest colour and
    one CHAO (the wildcard), or all of its CHAOs together (Combos and Scoring)."""
    chaos = sum(1 for c in deck.cards if not deck.faces[c].colour)
    per_colour = Counter(deck.faces[c].colour for c in deck.cards if deck.faces[c].colour)
    return max(max(per_colour.values(), default=0) + min(chaos, 1), chaos)


class KomboAfrikaTable(ComboShapes, Game):
    """The deck in play, its faces' colours, animals and points, and every action of the
    game, made once; with ``ComboShapes``, the memo of the combos."""

    def __init__(self, params) -> None:
        super().__init__(params)
        deck = load_deck(params)
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
        #: The faces of which the deck in play has several cards (the CHAOs).
        self.copied_faces = tuple(f for f in range(len(self.faces)) if self.cards.count(f) > 1)
        #: The faces that make a hand's menu more than its cards on the free cells.
        self.special_faces = self.hypno_faces | frozenset(self.copied_faces)
        self.hand_size: int = params["hand_size"]
        self.target: int = params["target"]
        self.min_combo: int = params["min_combo"]
        self.partial: bool = params["partial_combos"]
        self.max_turns: int = params["max_turns"]
        self.extra_round: bool = params["last_round"] == "extra"
        self.use_mulligan: bool = params["mulligan"]
        self.start_points: tuple[int, ...] = params["start_points"]
        self.action_cap = self.num_players + self.max_turns * TURN_ACTIONS
        # Every action there can be, made once: a speed trick, in place of ``Place(f, c)``
        # and the rest made afresh at each step; saves the objects and, known by identity,
        # ``apply``'s type check (``python -m boardlab.bench --game kombo_afrika``).
        self.place_table = [
            [Place(f, c, label) for c in range(CELLS)] for f, label in enumerate(self.labels)
        ]
        self.target_table = [Target(c) for c in range(CELLS)]
        self.target_row = self.target_table.__getitem__
        self.move_table = [MoveTo(c) for c in range(CELLS)]
        self.claim_card_table = [ClaimCard(c) for c in range(CELLS)]
        # Filled as games are played, so private: a bot reads ``view.game`` (README, "What
        # a View guarantees")
        self._claim_table: dict[int, Claim] = {}  # combos.py: interned Claim actions
        self._shape_memo: dict = {}  # combos.py: each colour's combos by its cells
        self.keep, self.mulligan = KeepHand(), Mulligan()
        self.use, self.skip, self.done, self.end = UseEffect(), SkipEffect(), Done(), EndTurn()
        self.claim_done, self.claim_cancel = ClaimDone(), ClaimCancel()

    def _order(self, colour: str) -> int:
        return self.deck.colours.index(colour) if colour in self.deck.colours else 99

    def label(self, face: int) -> str:
        return self.labels[face]
