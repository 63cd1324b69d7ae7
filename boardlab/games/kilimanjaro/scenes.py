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
