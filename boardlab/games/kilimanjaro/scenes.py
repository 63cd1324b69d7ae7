"""Kilimanjaro scenes set up by hand (``state.arrange``): only states a real game can reach.

A rule test or a notebook scene names the cards and counters that matter and
leaves the rest to the box. What it names must fit in the box ("Contents": 56
movement cards, each of the 28 faces twice; the chance counters of the game's
parameters) and lie where the rules allow ("Preparation": no counter on a
village or next to another); what it leaves out is filled from what is left,
shuffled from the state's own seed. A scene that cannot happen raises
``ValueError`` naming what is wrong ("jeep 1: 3 copies, the game has 2"), so a
test cannot teach a rule on an impossible board.

``KilimanjaroState._arrange`` (``rules.py``) calls these and sets the fields.
"""

from __future__ import annotations

import random
from collections import Counter
from numbers import Integral

from boardlab.core.chance import shuffle

from .components import COPIES, COUNTER_NAMES, FULL_DECK, PILES, card_name, parse_card

#: The phases of a game (``KilimanjaroState.phase``): counters placed, cards played, a
#: change-position choice, the end.
PLACE, PLAY, CHOOSE, END = 0, 1, 2, 3

#: The parameter that says how many counters of each kind the box holds.
BOX_PARAMS = ("bananas", "lions", "changes")


class ImpossibleScene(ValueError):
    """An ``arrange`` scene no game of these rules can reach."""

    def __init__(self, problem: str) -> None:
        super().__init__(f"arrange: impossible scene: {problem}")


def _per_player(name: str, value, players: int) -> list:
    if not isinstance(value, list | tuple) or len(value) != players:
        raise ImpossibleScene(f"{name} needs one entry per player ({players})")
    return list(value)


def _cards(names, where: str) -> list[int]:
    """Card ids from their names; a name that is no card is named with its place."""
    try:
        return [parse_card(name) for name in names]
    except (TypeError, ValueError) as error:
        raise ImpossibleScene(f"{where}: {error}") from None


# -- counters ----------------------------------------------------------------------------
def counters_scene(
    game, counters: dict, face_up, reserve: list | None
) -> tuple[dict[int, int], set[int], list[list[int]]]:
    """The counters on the board (space → kind), the face-up spaces and the reserves, checked:
    on the spaces Preparation allows, face up only if a banana or a lion, and at most the
    box's counts of each kind across the board and the reserves."""
    length, villages = game.length, set(game.villages)
    board: dict[int, int] = {}
    for space, name in counters.items():
        if name not in COUNTER_NAMES:
            raise ImpossibleScene(f"{name!r} is no chance counter ({', '.join(COUNTER_NAMES)})")
        board[int(space)] = COUNTER_NAMES.index(name)  # JSON turns the keys into strings
    for space in sorted(board):
        if not 0 < space < length:
            raise ImpossibleScene(
                f"a counter on space {space}: counters lie on spaces 1 to {length - 1}"
            )
        if space in villages:
            raise ImpossibleScene(
                f"a counter on space {space}: no counter may be placed on a village space"
            )
        if space + 1 in board:
            raise ImpossibleScene(
                f"counters on spaces {space} and {space + 1}: no two counters may be placed "
                "next to each other"
            )
    shown = {int(s) for s in face_up}
    for space in sorted(shown):
        if space not in board:
            raise ImpossibleScene(f"face_up names space {space}, which holds no counter")
        if COUNTER_NAMES[board[space]] == "change position":
            raise ImpossibleScene(
                f"a face-up change-position counter on space {space}: "
                "it is removed from play once turned over"
            )
    held = []
    if reserve is not None:
        for p, mine in enumerate(_per_player("reserve", reserve, game.num_players)):
            for name in mine:
                if name not in COUNTER_NAMES:
                    raise ImpossibleScene(f"reserve[{p}]: {name!r} is no chance counter")
            held.append(sorted(COUNTER_NAMES.index(name) for name in mine))
    counts = Counter(board.values()) + Counter(k for mine in held for k in mine)
    over = [
        f"{COUNTER_NAMES[k]}: {counts[k]} counters, the game has {game.params[param]} "
        f"({param}={game.params[param]})"
        for k, param in enumerate(BOX_PARAMS)
        if counts[k] > game.params[param]
    ]
    if over:
        raise ImpossibleScene("more counters than the box holds: " + "; ".join(over))
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
        given_tops = [_cards(t, f"tops[{p}]") for p, t in enumerate(_per_player("tops", tops, n))]
        for p, top in enumerate(given_tops):
            if len(top) != PILES:
                raise ImpossibleScene(f"tops[{p}] has {len(top)} cards: one per pile, {PILES}")
    if hands is not None:
        hands = _per_player("hands", hands, n)
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
        raise ImpossibleScene("more cards than the game has: " + "; ".join(over))
    pool = sorted((Counter(FULL_DECK) - used).elements())
    shuffle(rng, pool)
    need = PILES * n * (given_tops is None) + hand_size * n * (given_hands is None)
    if need > len(pool):
        raise ImpossibleScene(
            f"the cards given leave {len(pool)} to deal, and the piles and hands need {need}"
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
    out = _per_player("positions", positions, game.num_players)
    for p, where in enumerate(out):
        if isinstance(where, bool) or not isinstance(where, Integral):
            raise ImpossibleScene(f"positions[{p}] = {where!r} is not a space")
        out[p] = where = int(where)
        if not 0 <= where < game.length:
            raise ImpossibleScene(
                f"positions[{p}] = {where}: an expedition stands on 0 (the start village) to "
                f"{game.length - 1}; reaching the base camp ends the game"
            )
    return out


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
        lion, a counter on a village) raises ``ValueError`` saying what is over.

        >>> import boardlab
        >>> examples = [["canoe 2", "canoe 4", "canoe 7"], ["jeep 1", "jeep 5", "mule 7"],
        ...             ["jeep 4", "canoe 6", "mule 3"]]
        >>> s = boardlab.load("kilimanjaro").new_game(0).arrange(tops=examples)
        >>> [s.movement(p) for p in range(3)], len(s.deck)
        ([13, 6, 6], 38)
        """
        n = self.game.num_players
        placing = reserve is not None and any(reserve)
        if counters is None:
            counters = {s: COUNTER_NAMES[k] for s, k in enumerate(self.counter_at) if k >= 0}
            face_up = face_up or tuple(s for s in counters if self.face_up[s])
        board, shown, held = counters_scene(self.game, counters, face_up, reserve)
        size = self.game.length + 1
        self.counter_at, self.placed_by, self.face_up = [-1] * size, [-1] * size, [False] * size
        for space, kind in board.items():
            self.counter_at[space] = kind
            self.face_up[space] = space in shown
        if placing:
            if tops is not None or hands is not None or deck is not None:
                raise ImpossibleScene(
                    "the cards are dealt once every counter is placed (Preparation): "
                    "a placement scene has no tops, hands or deck"
                )
            if positions is not None and any(positions_scene(self.game, positions)):
                raise ImpossibleScene("while counters are placed every expedition is at the start")
            self.positions = [0] * n
            self.piles, self.tops, self.hands, self.deck = [], [], [[] for _ in range(n)], []
            self.reserve = held
            taken = {s + d for s in board for d in (-1, 0, 1)}
            self.free = [s for s in self.game.counter_spaces if s not in taken]
            table = self.game.place_table
            self.place_lists = [[table[k][s] for s in self.free] for k in range(3)]
            self.phase = PLACE
            if current_player is None:
                current_player = next(p for p in range(n) if held[p])
        else:
            if positions is not None:
                self.positions = positions_scene(self.game, positions)
            if tops is not None or hands is not None or deck is not None or not self.dealt:
                self.piles, self.tops, self.hands, self.deck = cards_scene(
                    self.game, self.rng, tops, hands, deck
                )
            self.reserve = [[] for _ in range(n)]
            self.free = []
            self.place_lists = [[], [], []]
            self.phase = PLAY
            current_player = 0 if current_player is None else current_player
        if current_player not in range(n) or (placing and not held[current_player]):
            raise ImpossibleScene(f"player {current_player!r} cannot be the player to decide")
        self.current_player = current_player
