"""Kombo Afrika's arranged situations: ``state.arrange(...)``, and the law they obey;
the samples of what a player cannot know (``sample_state``).

Rule tests and notebook scenes set a situation up by hand. It must be one a
real game could reach: **every card of the deck lies in exactly one place** —
the draw deck, the discard pile, a hand or the board — so a scene never shows
"deck 38 · discard 0" beside 19 cards on the board and 10 in hands (67 cards
of 48), nor eight CHAOs when the deck has six. ``arrange`` counts the cards it
is given against the deck in play and refuses a situation that uses a card
more often than the deck holds it, naming the card and where each copy was
put; the cards it is not given fill the places left open:

- no ``board``: one card face up on each corner (Preparation);
- no ``hands`` (or a hand given as ``None``): five cards each (``hand_size``), dealt
  from what is left;
- no ``deck``: the cards left, shuffled from the game's seed;
- no ``discard``: empty — or, when a ``deck`` is given, the cards left.

With ``deck`` and ``discard`` both given, every card must be placed.
The scores, the turn and the last round must fit together too: a score on
the target means the last round has begun (``final_turn``), and the player
to move is the one whose turn it is.

``Arrange`` is a part of the State (``rules.py``).
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from boardlab.core.chance import shuffle
from boardlab.core.checks import listed, whole, wholes
from boardlab.core.errors import ImpossibleScene

from .components import BOARD, CELLS, CORNERS, DECK_BIT, DECK_CELL, MAIN, cells_of, parse_cell

if TYPE_CHECKING:
    import random

    from .table import KomboAfrikaTable

#: Where the cards of a situation lie, in the words of the error messages.
PLACES = ("board", "hands", "deck", "discard")


class Arrange:
    """``_arrange`` for the State: a main-phase situation that obeys the conservation law;
    ``_resample``: a situation the player cannot tell from this one."""

    game: KomboAfrikaTable
    board: list[int]
    deck: list[int]
    discard: list[int]
    hands: list[list[int]]
    occupied: int
    face_up: int

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
        """Set up a main-phase situation (rule tests, notebook scenes and exercises).

        ``board`` maps cell names to card labels (``{"a1": "red SURI 3"}``; it
        replaces the corner cards), ``hidden`` lists cells whose card lies face
        down; ``hands`` one list of labels per player (``None``: dealt); ``deck`` is
        listed top card first. What is not given is filled from the
        cards left (module docstring); a situation no game can reach, or an argument of
        the wrong type or out of range, is an ``ImpossibleScene`` saying what is wrong.

        >>> import boardlab
        >>> s = boardlab.load("kombo_afrika").new_game(0).arrange(
        ...     board={"a1": "red SURI 3", "a2": "red PAPO 3", "a3": "red KONG 5"})
        >>> s.combos() == {0b10000100001: 11}
        True
        >>> len(s.deck), [len(h) for h in s.hands], len(s.discard)
        (35, [5, 5], 0)
        """
        g = self.game
        n = g.num_players
        # every argument of its type and in its range first (``boardlab.core.checks``)
        turn = whole(turn, "turn", 0, g.max_turns - 1)
        final_turn = whole(final_turn, "final_turn", -1)
        if current_player is not None:
            current_player = whole(current_player, "current_player", 0, n - 1)
        if scores is not None:
            scores = wholes(scores, "scores", 0, length=n)
        if last_points is not None:
            last_points = wholes(last_points, "last_points", 0, length=n)
        hidden = listed(hidden, "hidden", None, "cells")
        deck = None if deck is None else listed(deck, "deck", None, "card labels")
        discard = None if discard is None else listed(discard, "discard", None, "card labels")
        cells = self._board_cells(board, hidden)
        given = {
            "board": [self._face(label, "board") for label in (board or {}).values()],
            "hands": [self._face(x, "hands") for hand in self._hands(hands) for x in hand or ()],
            "deck": [self._face(x, "deck") for x in deck or ()],
            "discard": [self._face(x, "discard") for x in discard or ()],
        }
        left = self._cards_left(given)
        shuffle(self.rng, left)  # the state's own generator: the same seed, the same scene
        if board is None:
            corners = CORNERS[: len(left)]
            cells = {c: left.pop() for c in corners}
        dealt = []
        for hand in hands if hands is not None else [None] * n:
            if hand is None:  # dealt from the cards left
                size = min(g.hand_size, len(left))
                dealt.append(left[len(left) - size :])
                del left[len(left) - size :]
            else:
                dealt.append([g.label_index[x] for x in hand])
        if deck is None:
            pile = left
            left = []
        else:
            pile = [g.label_index[x] for x in reversed(deck)]  # the top card is the last
        if discard is None:
            thrown = left
            left = []
        else:
            thrown = [g.label_index[x] for x in discard]
        if left:
            raise ImpossibleScene(
                "deck, discard",
                f"{len(left)} cards of the deck are nowhere ("
                + _tally(Counter(g.labels[f] for f in left))
                + "): every card lies in the deck, the discard pile, a hand or on the board; "
                "place them, or leave out deck or discard to take them",
            )
        self._check_progress(scores, turn, current_player, final_turn, last_points)

        # the situation is possible: set it
        self.board = [-1] * CELLS
        self.occupied = DECK_BIT
        self.face_up = 0
        self.hypno_cells = 0
        self.colour_masks = [0] * (g.chao_class + 1)
        for cell, face in cells.items():
            self._put(cell, face)
        for name in hidden:
            self._hide(parse_cell(name))
        self.hands = dealt
        self.deck = pile
        self.discard = thrown
        if scores is not None:
            self.counters = list(scores)
        if last_points is not None:
            self.last_points = list(last_points)
        self.turn = turn
        self.final_turn = final_turn
        self.phase = MAIN
        self.current_player = turn % n
        self._forget()

    def card_places(self) -> dict[str, int]:
        """How many cards lie in each place: ``{"deck": 35, "discard": 0, "hands": 10,
        "board": 3}`` — together always every card of the deck in play."""
        return {
            "deck": len(self.deck),
            "discard": len(self.discard),
            "hands": sum(len(hand) for hand in self.hands),
            "board": sum(1 for c in range(CELLS) if c != DECK_CELL and self.board[c] >= 0),
        }

    # -- the checks ---------------------------------------------------------------------------
    def _face(self, label, place: str) -> int:
        """The face a label names, or an ``ImpossibleScene`` naming the place it was given
        for."""
        index = self.game.label_index
        if not isinstance(label, str) or label not in index:
            known = ", ".join(sorted(set(index)))
            raise ImpossibleScene(place, f"no card is called {label!r} (cards: {known})")
        return index[label]

    def _board_cells(self, board, hidden) -> dict[int, int]:
        """``board`` as ``{cell: face}``, each cell on the board and not the deck's; the
        ``hidden`` cells among them."""
        if board is None:
            if hidden:
                raise ImpossibleScene("hidden", "hidden cells need a board to lie on")
            return {}
        if not isinstance(board, dict):
            raise ImpossibleScene(
                "board", f"{board!r} is not a dict of cell → card ({{'a1': 'red SURI 3'}})"
            )
        cells = {}
        for name, label in board.items():
            cell = _cell(name, "board")
            if cell == DECK_CELL:
                raise ImpossibleScene("board", f"{name} holds the draw deck, not a card")
            if not BOARD >> cell & 1:
                raise ImpossibleScene("board", f"{name} is no cell of the board")
            cells[cell] = self._face(label, "board")
        for name in hidden:
            if _cell(name, "hidden") not in cells:
                raise ImpossibleScene("hidden", f"{name} holds no card on the board")
        return cells

    def _hands(self, hands) -> list:
        n = self.game.num_players
        if hands is None:
            return []
        if not isinstance(hands, list | tuple):
            raise ImpossibleScene("hands", f"{hands!r} is not a list of hands, one per player")
        if len(hands) != n:
            raise ImpossibleScene("hands", f"{len(hands)} hands for {n} players")
        for p, hand in enumerate(hands):
            if hand is not None:
                listed(hand, f"hands[{p}]", None, "card labels (or None: dealt)")
        return hands

    def _cards_left(self, given: dict[str, list[int]]) -> list[int]:
        """The deck's cards not given anywhere (in deck order), or an error naming
        every card given more often than the deck in play holds it, and where it lies."""
        g = self.game
        have = Counter(g.cards)
        used = Counter(f for faces in given.values() for f in faces)
        over = sorted(f for f in used if used[f] > have[f])
        if over:
            parts = []
            for f in over:
                where = ", ".join(
                    f"{place} {given[place].count(f)}" for place in PLACES if f in given[place]
                )
                parts.append(f"{g.labels[f]} × {used[f]} ({where}), the deck has {have[f]}")
            raise ImpossibleScene(
                ", ".join(place for place in PLACES if any(given[place])),
                "more cards than the deck holds: "
                + "; ".join(parts)
                + " — every card lies in exactly one place",
            )
        left = have - used
        out = []
        for f in g.cards:  # deck order, so the shuffle makes the same scene from one seed
            if left[f]:
                left[f] -= 1
                out.append(f)
        return out

    def _check_progress(self, scores, turn, current_player, final_turn, last_points) -> None:
        """The scores, the turn and the last round must fit together (End of the Game)."""
        g = self.game
        n = g.num_players
        if current_player is not None and current_player != turn % n:
            raise ImpossibleScene(
                "current_player",
                f"in turn {turn} player {turn % n} plays (players take turns in "
                f"seat order), not player {current_player}",
            )
        counters = list(scores) if scores is not None else list(self.counters)
        reached = [p for p, s in enumerate(counters) if s >= g.target]
        if reached and final_turn < 0:
            raise ImpossibleScene(
                "scores, final_turn",
                f"player {reached[0]} has {counters[reached[0]]} points, the target "
                f"is {g.target}: the last round has begun, so give final_turn",
            )
        if final_turn >= 0:
            if not reached:
                raise ImpossibleScene(
                    "final_turn",
                    f"final_turn {final_turn}, but nobody has reached the target "
                    f"{g.target} (scores {counters})",
                )
            if final_turn <= turn or final_turn % n:
                raise ImpossibleScene(
                    "final_turn",
                    f"final_turn {final_turn} must end a round after turn {turn} "
                    f"(a multiple of {n}, above {turn})",
                )

    def _resample(self, player: int, rng: random.Random) -> None:
        """Resample what ``player`` cannot know: the others' hands, the deck order, the
        discard pile and — nobody remembers them (our decision 8) — the hidden cards' faces.
        """
        others = [q for q in range(self.game.num_players) if q != player]
        hidden = cells_of(self.occupied & ~self.face_up & ~DECK_BIT)
        pool = self.deck + self.discard + [c for q in others for c in self.hands[q]]
        pool += [self.board[c] for c in hidden]
        # sorted before the shuffle: the bot owns ``rng``, and could undo a shuffle of the
        # true order (the sample must depend on what ``player`` knows and ``rng`` alone);
        # shuffled by random keys (``core.chance.shuffle``): ``random.shuffle`` draws a
        # bounded integer per card in Python and was an eighth of a search iteration
        pool.sort()
        shuffle(rng, pool)
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


def _cell(name, place: str) -> int:
    """The cell ``name`` names (``"a1"`` … ``"e5"``), or the error naming ``place``."""
    if not isinstance(name, str) or len(name) != 2 or name[1] not in "12345":
        raise ImpossibleScene(place, f"{name!r} is no cell (a1 … e5)")
    try:
        return parse_cell(name)
    except ValueError:
        raise ImpossibleScene(place, f"{name!r} is no cell (a1 … e5)") from None


def _tally(counts: Counter, most: int = 6) -> str:
    """``"CHAO × 2, red SURI 3"`` (the first ``most`` kinds, then how many more cards)."""
    kinds = sorted(counts.items())
    text = ", ".join(f"{label} × {k}" if k > 1 else label for label, k in kinds[:most])
    rest = sum(k for _, k in kinds[most:])
    return text + (f" and {rest} more" if rest else "")


__all__ = ["Arrange"]
