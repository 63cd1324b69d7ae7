"""Kilimanjaro scenes set up by hand (``state.arrange``): only states a real game can reach.

A rule test or a notebook scene names the cards and counters that matter and
leaves the rest to the box. What it names must fit in the box ("Contents": 56
movement cards, each of the 28 faces twice; the chance counters of the game's
parameters) and lie where the rules allow ("Preparation": no counter on a
village or next to another); what it leaves out is filled from what is left,
shuffled from the state's own seed. A scene that cannot happen, or an argument of
the wrong type or out of range, raises ``ImpossibleScene`` naming the argument and
what is wrong ("jeep 1: 3 copies, the game has 2"), so a test cannot teach a rule on
an impossible board.

``KilimanjaroState._arrange`` (``rules.py``) calls these and sets the fields.
"""

from __future__ import annotations

import random
from collections import Counter
from numbers import Integral

from boardlab.core.chance import shuffle
from boardlab.core.checks import listed, names, one_of, per_player, whole, wholes
from boardlab.core.errors import ImpossibleScene

from .components import CARD_FACES, COPIES, COUNTER_NAMES, FULL_DECK, PILES, card_name, parse_card

#: The phases of a game (``KilimanjaroState.phase``): counters placed, cards played, a
#: change-position choice, the end.
PLACE, PLAY, CHOOSE, END = 0, 1, 2, 3

#: The parameter that says how many counters of each kind the box holds.
BOX_PARAMS = ("bananas", "lions", "changes")


#: Every movement card's name ("jeep 5"), the words ``arrange`` takes.
CARD_NAMES = tuple(card_name(c) for c in range(CARD_FACES))


def _cards(given, where: str) -> list[int]:
    """Card ids from their names; a name that is no card is named with its place."""
    return [parse_card(name) for name in names(given, where, CARD_NAMES, "a movement card")]


def _space(key, argument: str, length: int) -> int:
    """A space of the track, given as a whole number or (a record's JSON key) its digits."""
    if isinstance(key, str) and key.isascii() and key.isdigit():
        key = int(key)
    if isinstance(key, bool) or not isinstance(key, Integral) or not 0 < key < length:
        raise ImpossibleScene(
            argument, f"a counter on space {key!r}: counters lie on spaces 1 to {length - 1}"
        )
    return int(key)


# -- counters ----------------------------------------------------------------------------
def counters_scene(
    game, counters: dict, face_up, reserve: list | None
) -> tuple[dict[int, int], set[int], list[list[int]]]:
    """The counters on the board (space → kind), the face-up spaces and the reserves, checked:
    on the spaces Preparation allows, face up only if a banana or a lion, and at most the
    box's counts of each kind across the board and the reserves."""
    length, villages = game.length, set(game.villages)
    board: dict[int, int] = {}
    if not isinstance(counters, dict):
        raise ImpossibleScene(
            "counters", f"{counters!r} is not a dict of space → counter ({{12: 'lion'}})"
        )
    for space, name in counters.items():
        where = f"counters[{space!r}]"
        kind = one_of(name, where, COUNTER_NAMES, "a chance counter")
        board[_space(space, where, length)] = COUNTER_NAMES.index(kind)  # JSON: keys as text
    for space in sorted(board):
        if space in villages:
            raise ImpossibleScene(
                "counters",
                f"a counter on space {space}: no counter may be placed on a village space",
            )
        if space + 1 in board:
            raise ImpossibleScene(
                "counters",
                f"counters on spaces {space} and {space + 1}: no two counters may be placed "
                "next to each other",
            )
    shown = set()
    for k, given in enumerate(listed(face_up, "face_up", None, "spaces")):
        shown.add(_space(given, f"face_up[{k}]", length))
    for space in sorted(shown):
        if space not in board:
            raise ImpossibleScene("face_up", f"space {space} holds no counter")
        if COUNTER_NAMES[board[space]] == "change position":
            raise ImpossibleScene(
                "face_up",
                f"a face-up change-position counter on space {space}: "
                "it is removed from play once turned over",
            )
    held = []
    if reserve is not None:
        for p, mine in enumerate(per_player(reserve, "reserve", game.num_players, "list")):
            kinds = names(mine, f"reserve[{p}]", COUNTER_NAMES, "a chance counter")
            held.append(sorted(COUNTER_NAMES.index(name) for name in kinds))
    counts = Counter(board.values()) + Counter(k for mine in held for k in mine)
    over = [
        f"{COUNTER_NAMES[k]}: {counts[k]} counters, the game has {game.params[param]} "
        f"({param}={game.params[param]})"
        for k, param in enumerate(BOX_PARAMS)
        if counts[k] > game.params[param]
    ]
    if over:
        raise ImpossibleScene("counters", "more counters than the box holds: " + "; ".join(over))
    return board, shown, held


# -- cards ---------------------------------------------------------------------------------
def cards_scene(game, rng: random.Random, tops, hands, deck):
    """``(piles, tops, hands, deck)`` for a scene: the cards given, and the rest of the 56
    shuffled from ``rng`` and dealt as Preparation does (three face up, then the hand, per
    player) wherever the scene gives none. The deck, when not given, is what is left; when
    given, what is left lies under the piles (cards played earlier), so every card is
    somewhere. ``deck`` is listed top card first; the state draws from the end."""
    n, hand_size = game.num_players, game.hand_size
    given_tops = given_hands = given_deck = None
    if tops is not None:
        given_tops = [
            _cards(t, f"tops[{p}]") for p, t in enumerate(per_player(tops, "tops", n, "list"))
        ]
        for p, top in enumerate(given_tops):
            if len(top) != PILES:
                raise ImpossibleScene(
                    f"tops[{p}]", f"{len(top)} cards: one per pile, {PILES} (A, B, C)"
                )
    if hands is not None:
        hands = per_player(hands, "hands", n, "hand")
        given_hands = [_cards(h, f"hands[{p}]") for p, h in enumerate(hands)]
    if deck is not None:
        given_deck = _cards(deck, "deck")
    used = Counter(c for group in (*(given_tops or ()), *(given_hands or ())) for c in group)
    used.update(given_deck or ())
    over = [
        f"{card_name(c)}: {k} copies, the game has {COPIES}"
        for c, k in sorted(used.items())
        if k > COPIES
    ]
    if over:
        raise ImpossibleScene(
            "tops, hands, deck", "more cards than the game has: " + "; ".join(over)
        )
    pool = sorted((Counter(FULL_DECK) - used).elements())
    shuffle(rng, pool)
    need = PILES * n * (given_tops is None) + hand_size * n * (given_hands is None)
    if need > len(pool):
        raise ImpossibleScene(
            "tops, hands, deck",
            f"the cards given leave {len(pool)} to deal, and the piles and hands need {need}",
        )
    new_tops, new_hands = [], []
    for p in range(n):  # the order of the real deal, so an empty scene deals the same cards
        if given_tops is None:
            new_tops.append(pool[-PILES:])
            del pool[-PILES:]
        else:
            new_tops.append(given_tops[p])
        if given_hands is None:
            new_hands.append(pool[-hand_size:])
            del pool[-hand_size:]
        else:
            new_hands.append(given_hands[p])
    under: list[list[list[int]]] = [[[] for _ in range(PILES)] for _ in range(n)]
    if given_deck is None:
        new_deck = pool
    else:
        new_deck = given_deck[::-1]
        for k, c in enumerate(pool):  # played earlier: spread under every pile in turn
            under[k % n][k // n % PILES].append(c)
    piles = [[under[p][i] + [new_tops[p][i]] for i in range(PILES)] for p in range(n)]
    return piles, new_tops, new_hands, new_deck


def positions_scene(game, positions) -> list[int]:
    """Every expedition on the track, short of the base camp (reaching it ends the game)."""
    # an expedition stands on 0 (the start village) to the space before the base camp:
    # reaching the base camp ends the game
    return wholes(positions, "positions", 0, game.length - 1, game.num_players)


class Arrange:
    """``KilimanjaroState.arrange``'s situations by hand (``State.arrange`` calls it)."""

    def _arrange(
        self,
        *,
        positions: list[int] | None = None,
        tops: list[list[str]] | None = None,
        hands: list[list[str]] | None = None,
        deck: list[str] | None = None,
        counters: dict[int, str] | None = None,
        face_up: tuple[int, ...] = (),
        current_player: int | None = None,
        reserve: list[list[str]] | None = None,
    ) -> None:
        """Set up a possible situation, for rule tests and notebook scenes (``scenes.py``).

        The play phase: cards by name (``"jeep 5"``): ``tops`` each player's three top
        cards (piles A, B, C), ``hands``, and ``deck`` top card first. Cards not given
        come from the rest of the 56, shuffled from the seed: piles and hands dealt as
        Preparation deals them, the deck what is left — or, when the deck is given, what
        is left lies under the piles. Counters as ``{space: "lion"}``, face down and
        placed by nobody unless listed in ``face_up``; not given, the board keeps its
        counters (none before the placement). ``reserve`` (counters still to place per
        player, e.g. ``[["lion"], [], ["banana"]]``) sets up the placement phase instead,
        before any card is dealt. An impossible scene (a third copy of a card, a fifth
        lion, a counter on a village) raises ``ImpossibleScene`` saying what is over.

        >>> import boardlab
        >>> examples = [["canoe 2", "canoe 4", "canoe 7"], ["jeep 1", "jeep 5", "mule 7"],
        ...             ["jeep 4", "canoe 6", "mule 3"]]
        >>> s = boardlab.load("kilimanjaro").new_game(0).arrange(tops=examples)
        >>> [s.movement(p) for p in range(3)], len(s.deck)
        ([13, 6, 6], 38)
        """
        n = self.game.num_players
        if counters is None:
            counters = {s: COUNTER_NAMES[k] for s, k in enumerate(self.counter_at) if k >= 0}
            face_up = face_up or tuple(s for s in counters if self.face_up[s])
        board, shown, held = counters_scene(self.game, counters, face_up, reserve)
        placing = any(held)
        if current_player is not None:
            current_player = whole(current_player, "current_player", 0, n - 1)
        if positions is not None:
            positions = positions_scene(self.game, positions)
        if placing:
            if tops is not None or hands is not None or deck is not None:
                raise ImpossibleScene(
                    "reserve",
                    "the cards are dealt once every counter is placed (Preparation): "
                    "a placement scene has no tops, hands or deck",
                )
            if positions is not None and any(positions):
                raise ImpossibleScene(
                    "positions", "while counters are placed every expedition is at the start"
                )
            if current_player is None:
                current_player = next(p for p in range(n) if held[p])
            if not held[current_player]:
                raise ImpossibleScene(
                    "current_player",
                    f"player {current_player} cannot be the player to decide: they have no "
                    "counter left to place (reserve)",
                )
        elif current_player is None:
            current_player = 0
        cards = None
        if not placing and (tops is not None or hands is not None or deck is not None):
            cards = cards_scene(self.game, self.rng, tops, hands, deck)
        # the scene is possible: set it
        size = self.game.length + 1
        self.counter_at, self.placed_by, self.face_up = [-1] * size, [-1] * size, [False] * size
        for space, kind in board.items():
            self.counter_at[space] = kind
            self.face_up[space] = space in shown
        if placing:
            self.positions = [0] * n
            self.piles, self.tops, self.hands, self.deck = [], [], [[] for _ in range(n)], []
            self.reserve = held
            taken = {s + d for s in board for d in (-1, 0, 1)}
            self.free = [s for s in self.game.counter_spaces if s not in taken]
            table = self.game.place_table
            self.place_lists = [[table[k][s] for s in self.free] for k in range(3)]
            self.phase = PLACE
        else:
            if positions is not None:
                self.positions = positions
            if cards is None and not self.dealt:
                cards = cards_scene(self.game, self.rng, None, None, None)
            if cards is not None:
                self.piles, self.tops, self.hands, self.deck = cards
            self.reserve = [[] for _ in range(n)]
            self.free = []
            self.place_lists = [[], [], []]
            self.phase = PLAY
        self.current_player = current_player
