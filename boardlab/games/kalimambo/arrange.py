"""Kalimambo's arranged situations: ``state.arrange(...)``, and the law they obey.

Rule tests and notebook scenes set a situation up by hand. It must be one a real
game could reach: **every card is in one place and one card leaves each hand and
Kali's deck a round** ("Retirez les cartes de déplacement jouées de la partie"):
in round ``r`` a player holds ``max_card + 1 - (r - 1)`` cards not yet revealed,
this round's pick is one of them, last round's face-up card is none of them, and
Kali's deck holds as many, without the card she showed last round. The figures
stand on distinct positions of the unbounded line, ahead of Mambo (our decision 2).
Anything else — or an argument of the wrong type or out of range — is an
``ImpossibleScene`` naming the argument and what is wrong, and the state is left as
it was.

``Arrange`` is a part of the State (``rules.py``).
"""

from __future__ import annotations

from boardlab.core.checks import whole, wholes
from boardlab.core.errors import ImpossibleScene

from .components import figure_name

#: Arranged positions stay below this: ``_resolve`` sorts the figures by ``card * 4096 -
#: position``, and a game adds at most 8 spaces (7 explorers and Kali) a round to the head of
#: the group.
LINE_LIMIT = 2048


class Arrange:
    """``_arrange`` for the State: a situation of a round that obeys the conservation law."""

    def _arrange(
        self,
        *,
        explorers: list[int] | None = None,
        kali: int | None = None,
        mambo: int | None = None,
        dung: list[int] | None = None,
        hands: list[list[int]] | None = None,
        kali_deck: list[int] | None = None,
        penalties: list[int] | None = None,
        round: int | None = None,
        picks: list[int] | None = None,
        revealed: list[int] | None = None,
    ) -> None:
        """Set up a situation by hand, for rule tests and exercises; anything not given stays
        as dealt. A situation that could not happen is refused (``ImpossibleScene`` naming
        what is wrong) and leaves the state as it was.

        - ``explorers`` (one per player), ``kali``, ``mambo``: positions on the unbounded
          line (our decision 2), whole numbers; the figures on distinct positions, Mambo behind
          all of them (gaps are allowed), every one from 0 to ``LINE_LIMIT - 1``.
        - ``dung``: the loop spaces of the heaps (distinct, 0 to ``track_length - 1``), laid
          by hand: the text gives neither their number nor their spacing (``dung_heaps``
          and ``dung_min_gap`` shape a dealt layout).
        - ``round``: the round being played; ``round - 1`` rounds are over, so every player
          and Kali have revealed ``round - 1`` cards ("Retirez les cartes … jouées").
        - ``hands``: each player's cards not yet revealed, distinct, from 0 to ``max_card``,
          ``max_card + 1 - (round - 1)`` of them (as dealt: only in round 1).
        - ``picks``: the cards players 0, 1, … have already chosen face down this round, each
          one of the chooser's cards not yet revealed; the next player chooses (our decision 3).
        - ``kali_deck``: the top cards of Kali's deck, **top card first**; under them her
          other cards as dealt, as many as the rounds left need (those she revealed in the
          rounds already played are the top ones of the dealt deck).
        - ``revealed``: the last round's cards, face up, each player's then Kali's (from
          round 2 on): a card revealed is in no hand and not in Kali's deck.
        - ``penalties``: each player's points so far, whole numbers from 0.

        >>> import boardlab
        >>> s = boardlab.load("kalimambo", players=3).new_game(0).arrange(
        ...     explorers=[1, 2, 3], kali=4, mambo=0, dung=[], kali_deck=[5, 0])
        >>> s.kali, s.kali_deck[-1]
        (4, 5)
        >>> boardlab.load("kalimambo", players=3).new_game(0).arrange(
        ...     round=12, hands=[[4], [0], [4]], revealed=[4, 3, 11, 2])  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        boardlab.core.errors.ImpossibleScene: arrange: revealed: player 0 revealed card 4 ...
        """
        game = self.game
        n = game.num_players
        cards = game.max_card + 1
        round_ = self.round if round is None else _whole(round, "round", 1, game.rounds)
        held = cards - (round_ - 1)  # one card revealed per round over
        # the figures (our decision 2)
        figures = list(self.figures)
        if explorers is not None:
            if not isinstance(explorers, list | tuple) or len(explorers) != n:
                raise _arranged("explorers", f"one position per player, {n} in all")
            figures[:n] = [_whole(x, f"explorers[{p}]") for p, x in enumerate(explorers)]
        if kali is not None:
            figures[n] = _whole(kali, "kali")
        mambo_ = self.mambo if mambo is None else _whole(mambo, "mambo")
        names = [figure_name(f, n) for f in range(n + 1)]
        given = ["explorers"] * n + ["kali"]  # the argument that places each figure
        for f, position in enumerate(figures):
            if not mambo_ < position < LINE_LIMIT:
                raise _arranged(
                    f"{given[f]}, mambo" if position <= mambo_ else given[f],
                    f"{names[f]} on {position}: the figures stand ahead of Mambo (on "
                    f"{mambo_}) and below position {LINE_LIMIT}",
                )
            if position in figures[:f]:
                first = figures.index(position)
                other = names[first]
                raise _arranged(
                    ", ".join(dict.fromkeys((given[first], given[f]))),
                    f"{other} and {names[f]} both on {position}: one figure to a space",
                )
        # the heaps (Setup; our decision 2)
        heaps = self.dung
        if dung is not None:
            heaps = _distinct(dung, "dung", game.length - 1, "loop spaces")
        # the players' cards: conservation (A round; "Retirez les cartes")
        if hands is None:
            hands_ = [self.cards_left(p) for p in range(n)]
        elif not isinstance(hands, list | tuple) or len(hands) != n:
            raise _arranged("hands", f"one hand per player, {n} in all")
        else:
            hands_ = [_distinct(h, f"hands[{p}]", game.max_card) for p, h in enumerate(hands)]
        for p, hand in enumerate(hands_):
            if len(hand) != held:
                rule = (
                    f"round {round_}: each player has revealed {round_ - 1} cards and holds {held}"
                )
                if hands is None:
                    raise _arranged(
                        "hands", f"{rule}: give hands (as dealt, each holds {len(hand)})"
                    )
                raise _arranged(f"hands[{p}]", f"{rule}, but hands[{p}] lists {len(hand)}")
        picks_ = [] if picks is None else _distinct(picks, "picks", game.max_card, repeat=True)
        if len(picks_) >= n:
            raise _arranged("picks", f"at most {n - 1} (the last choice resolves the round)")
        for p, card in enumerate(picks_):
            if card not in hands_[p]:
                raise _arranged(
                    f"picks[{p}]", f"card {card} is not among player {p}'s cards not yet revealed"
                )
        revealed_ = None
        if revealed is not None:
            if round_ == 1:
                raise _arranged("revealed", "in round 1 no round is over, nothing is revealed")
            revealed_ = _distinct(revealed, "revealed", game.max_card, repeat=True)
            if len(revealed_) != n + 1:
                raise _arranged("revealed", f"one card per player, then Kali's: {n + 1} in all")
            for p in range(n):
                if revealed_[p] in hands_[p]:
                    raise _arranged(
                        "revealed",
                        f"player {p} revealed card {revealed_[p]} last round, but "
                        f"hands[{p}] still holds it",
                    )
        # Kali's deck (A round: her top card each round), top card last in the state
        top = [] if kali_deck is None else _distinct(kali_deck, "kali_deck", game.max_card)
        gone = None if revealed_ is None else revealed_[n]
        if gone in top:
            raise _arranged("kali_deck", f"Kali revealed card {gone} last round, it left her deck")
        if len(top) > held:
            raise _arranged(
                "kali_deck",
                f"{len(top)} cards given, but in round {round_} Kali's deck holds "
                f"{held} (one revealed a round)",
            )
        rest = [v for v in self.kali_deck if v not in top and v != gone]  # as dealt
        deck = rest[: held - len(top)] + top[::-1]  # the dealt deck's top cards were revealed
        # the points
        points = list(self.penalties)
        if penalties is not None:
            if not isinstance(penalties, list | tuple) or len(penalties) != n:
                raise _arranged("penalties", f"one number per player, {n} in all")
            points = [_whole(k, f"penalties[{p}]", 0) for p, k in enumerate(penalties)]
        # every check passed: set the situation
        self.figures, self.mambo, self.round = figures, mambo_, round_
        if dung is not None:
            self._set_dung(heaps)
        self.hands = [sum(1 << v for v in hand) for hand in hands_]
        self.pending = [-1] * n
        for p, card in enumerate(picks_):
            self.hands[p] ^= 1 << card
            self.pending[p] = card
        self.kali_deck = deck
        self.revealed = revealed_
        self.penalties = points
        self.current_player = len(picks_)


def _arranged(argument: str, problem: str) -> ImpossibleScene:
    """The error of an impossible arranged situation, naming the argument and what is wrong."""
    return ImpossibleScene(argument, problem)


def _whole(value, what: str, low: int = 0, high: int | None = None) -> int:
    """``value`` if it is a whole number from ``low`` to ``high``, else the error naming it."""
    return whole(value, what, low, high)


def _distinct(values, what: str, high: int, kind: str = "cards", repeat: bool = False) -> list:
    """``values``: whole numbers from 0 to ``high``, none twice (unless ``repeat``)."""
    out = wholes(values, what, 0, high)
    twice = sorted({v for v in out if out.count(v) > 1})
    if twice and not repeat:
        raise _arranged(what, f"{', '.join(map(str, twice))} given twice: {kind} are distinct")
    return out
