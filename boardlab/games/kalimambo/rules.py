"""Kalimambo: the rules, as the French text states them and our decisions settle them.

Sources (outside the repository): ``kalimambo.seed.fr.txt`` (the French text, quoted),
its English working translation ``kalimambo.en.md`` (sections Setup, A round,
Dung, Mambo, End) and our numbered decisions 1–8 (``rulebook.py``).

>>> import boardlab
>>> state = boardlab.load("kalimambo", players=3).new_game(seed=1)
>>> state.current_player, [str(a) for a in state.legal_actions()[:2]]
(0, ['play card 0', 'play card 1'])

The module follows the rulebook: the parameters (our decision 1), Setup
(``KalimamboState.__init__``), A round (``legal_actions``, ``_apply``; our
decision 3), its resolution with Dung and Mambo (``_resolve``; our decisions 4–7), End
(``_finish``; our decision 8), then the game's own facts (``KalimamboGame``). A
situation set up by hand (``state.arrange``) comes from ``arrange.py``, which
refuses one that could not happen.

A round is ``players`` hidden commitments in seat order 0..n-1; the last one
reveals every card and Kali's top card and resolves the round (``_resolve``).
Playouts are the hot path: cards are ints, a hand is a bit mask, the
``PlayCard`` actions and the menu of every hand are made once per ``max_card``
(``_hand_menus``), the "has chosen" and "a 0 stays" log entries once per game, a
round's move order is one plain sort of ints (``_resolve``), and narration is raw
tuples, put into words only when read (``narration.py``).
The tricks are tested against the plain rules in ``tests/games/test_kalimambo_speed.py``.
They are optional in a new game (``boardlab/games/README.md``, Speed tricks); each
names where it stands the plain code it replaces and what it saves, and
``python -m boardlab.bench --game kalimambo`` (playouts per second) and
``python benchmarks/versus_bare.py --game kalimambo`` show them.
"""

from __future__ import annotations

import functools
import random
from itertools import repeat
from operator import add, mod

from boardlab.core import Game, IllegalAction, Outcome, Param, State, rank_by, register
from boardlab.core.chance import shuffle
from boardlab.core.errors import InvalidParameter
from boardlab.core.events import UNTOLD
from boardlab.core.params import with_words

from .actions import PlayCard
from .arrange import Arrange
from .components import (
    DUNG_HEAPS,
    DUNG_MIN_GAP,
    DUNG_PENALTY,
    MAX_CARD,
    ROUNDS,
    TRACK_LENGTH,
    even_dung,
    figure_name,
    loop_space,
    random_dung,
)
from .narration import NARRATION, RULE_HELP
from .words import WORDS

# -- the parameters: the printed game and our decisions (1–8) ------------------------------
SPECS = with_words(
    WORDS,
    Param(
        "players",
        5,
        "int",
        "Number of explorers. The printed game is for 3–7; 2 is a variant outside the "
        "printed rules.",
        "Decision 1",
        low=2,
        high=7,
        printed=(3, 4, 5, 6, 7),
    ),
    Param(
        "track_length",
        TRACK_LENGTH,
        "int",
        "Spaces of the loop (the dung heaps are placed on the loop; positions are counted "
        "on an unbounded line, so the wrap-around just works).",
        "Components (a reconstruction); decisions 1, 2",
        low=12,
        high=100,
        printed=(TRACK_LENGTH,),
    ),
    Param(
        "dung_heaps",
        DUNG_HEAPS,
        "int",
        "Dung heaps on the loop.",
        "Components (a reconstruction); decision 1",
        low=0,
        high=16,
        printed=(DUNG_HEAPS,),
    ),
    Param(
        "dung_penalty",
        DUNG_PENALTY,
        "int",
        "Penalty points for landing on a dung heap.",
        "Dung ('trois points de pénalité')",
        low=0,
        high=10,
        printed=(DUNG_PENALTY,),
    ),
    Param(
        "dung_min_gap",
        DUNG_MIN_GAP,
        "int",
        "Empty spaces at least between two dung heaps ('en laissant un peu d'espace entre eux').",
        "Setup; decision 2",
        low=0,
        high=10,
    ),
    Param(
        "dung_placement",
        "random",
        "choice",
        "How the heaps are laid out ahead of the starting line: at random from the seed "
        "(respecting dung_min_gap), or evenly spread.",
        "Setup; decision 2",
        choices=("random", "even"),
    ),
    Param(
        "max_card",
        MAX_CARD,
        "int",
        "Movement cards are 0..max_card, one of each per player and in Kali's deck.",
        "Components (a reconstruction); decision 1",
        low=2,
        high=15,
        printed=(MAX_CARD,),
    ),
    Param(
        "rounds",
        ROUNDS,
        "int",
        "Rounds played (at most max_card + 1: one card per round).",
        "End ('Après douze tours'); decision 8",
        low=1,
        high=16,
        printed=(ROUNDS,),
    ),
    Param(
        "mambo_timing",
        "immediate",
        "choice",
        "When Mambo charges: each time the space in front of him is vacated (the text: "
        "'Chaque fois que…'), or once after all moves of a round (variant).",
        "Mambo; decision 6",
        choices=("immediate", "end_of_round"),
        printed=("immediate",),
    ),
    Param(
        "kali_leader_stays",
        True,
        "bool",
        "Kali at the head of the group does not move, like an explorer ('Kali se déplace "
        "comme un explorateur'); False: Kali always runs one space further ahead.",
        "A round; rule decision",
    ),
)

#: The rule each kind of refusal cites.
RULE_PICK = "A round: each player secretly chooses one of their movement cards"
RULE_END = "End: after the last round the game is over"


class KalimamboState(Arrange, State):
    """A position in Kalimambo: the figures on the path, hands, Kali's deck, penalties.

    ``figures[f]`` is the position of figure ``f`` on the unbounded line
    (explorer ``p`` is figure ``p``, Kali is figure ``players``); ``mambo``
    is Mambo's. ``hands[p]`` is the bit mask of the cards ``p`` has not played
    (bit ``v`` for card ``v``; this round's pick is out), ``pending[p]`` the card chosen this round
    (``-1``: not yet), ``kali_deck`` Kali's remaining cards, top card last.
    """

    # -- Setup (our decision 2) ------------------------------------------------------------
    def __init__(self, game: KalimamboGame, seed: int = 0) -> None:
        """Setup: Mambo, the explorers in random order in front of him, Kali at the head;
        the dung heaps ahead; Kali's deck shuffled ("Pour préparer la partie"; our decision 2)."""
        super().__init__(game, seed)
        n = game.num_players
        rng = self.rng
        order = list(range(n))
        shuffle(rng, order)
        figures = [0] * (n + 1)
        for i, p in enumerate(order):
            figures[p] = i + 1
        figures[n] = n + 1
        self.figures = figures
        self.mambo = 0
        heaps, gap = game.dung_heaps, game.dung_min_gap
        if game.random_dung:
            room = game.spaces_ahead - max(0, gap - (n + 2))
            slots = list(range(room - (heaps - 1) * gap)) if heaps else []
            shuffle(rng, slots)
            offsets = random_dung(slots, room, heaps, gap)
        else:
            offsets = even_dung(game.spaces_ahead, heaps)
        self._set_dung(map(add, offsets, repeat(n + 2)))  # ``map``: no comprehension's call
        deck = list(range(game.max_card + 1))
        shuffle(rng, deck)
        self.kali_deck = deck
        self.hands = [game.full_hand] * n
        self.pending = [-1] * n
        self.penalties = [0] * n
        self.round = 1
        self.revealed: list[int] | None = None
        self.current_player = 0
        self._log.append(("setup", None, (*order, *self.dung)))

    def _set_dung(self, spaces) -> None:
        """Setup: the dung heaps on these loop spaces; ``dung_at[space]`` is the hot path's
        look-up (our decisions 2, 5)."""
        length = self.game.length
        self.dung = tuple(sorted(map(mod, spaces, repeat(length))))  # each ``space % length``
        dung_at = [False] * length
        for s in self.dung:
            dung_at[s] = True
        # tuples: never changed after setup, so clones may share them safely
        # (speed: ``dung_at[s]``, not ``s in self.dung`` at each move: ``boardlab.bench``)
        self.dung_at = tuple(dung_at)

    # -- what the players see (our decision 3) ---------------------------------------------
    @property
    def scores(self) -> list[int]:
        """Penalty points: fewest is best (End)."""
        return list(self.penalties)

    @property
    def positions(self) -> list[int]:
        """The explorers' positions on the line (player order)."""
        return self.figures[:-1]

    @property
    def kali(self) -> int:
        """Kali's position on the line."""
        return self.figures[-1]

    def hand(self, player: int) -> list[int]:
        """The cards in ``player``'s hand (this round's pick is out of it)."""
        return _cards_of(self.hands[player])

    def cards_left(self, player: int) -> list[int]:
        """The cards ``player`` has not revealed yet (this round's secret pick included):
        public, since everybody saw which cards were played."""
        cards = self.hand(player)
        if self.pending[player] >= 0:
            cards.append(self.pending[player])
        return sorted(cards)

    def observation(self, player: int | None) -> dict:
        """The table as ``player`` sees it: everything but others' picks this round and the
        order of Kali's deck (our decision 3).

        The figures stand on the board's spaces (``explorers``, ``kali``, ``mambo``: loop
        spaces 0 to ``track_length - 1``, as the narration names them); ``group`` is the
        line as it stands, from its head to its back, which the spaces alone do not tell
        once the group has wrapped round the loop.
        """
        game = self.game
        n = game.num_players
        length = game.length
        figures = self.figures
        mine = player is not None
        return {
            "player": player,
            "round": self.round,
            "rounds": game.rounds,
            "current_player": self.current_player,
            "explorers": [loop_space(x, length) for x in figures[:n]],
            "kali": loop_space(figures[n], length),
            "mambo": loop_space(self.mambo, length),
            "group": [figure_name(f, n) for f in sorted(range(n + 1), key=lambda f: -figures[f])],
            "dung": list(self.dung),
            "track_length": length,
            "penalties": list(self.penalties),
            "cards_left": [self.cards_left(q) for q in range(n)],
            "chosen": [c >= 0 for c in self.pending],
            "hand": self.hand(player) if mine else None,
            "my_card": (self.pending[player] if self.pending[player] >= 0 else None)
            if mine
            else None,
            "kali_cards_left": sorted(self.kali_deck),
            "last_round": None if self.revealed is None else list(self.revealed),
            "outcome": None if self.outcome is None else self.outcome.to_json(),
        }

    # -- A round: each player secretly chooses a card (our decision 3) ---------------------
    def legal_actions(self) -> list:
        """The cards in the hand of the player to choose (A round): the caller's own copy
        of the hand's menu (``_menu``)."""
        return self._menu().copy()

    def _menu(self, u: int | None = None):
        """The menu of the hand of the player to choose, which every state with that hand
        shares (``game.hand_table``): read, never changed; with a ``RandomAgent``'s number
        ``u``, the card it draws, ``legal_actions()[u * n >> 32]`` (``_pick``). Speed
        trick: the plain step copies the menu and indexes the copy; this saves the copy
        (``python -m boardlab.bench --game kalimambo``)."""
        try:
            menu = self.game.hand_table[self.hands[self.current_player]]
        except TypeError:  # ``hands[None]``: nobody to choose, the game is over
            return []
        return menu if u is None else menu[u * len(menu) >> 32]

    _pick = _menu  # (``State._pick``: a random playout's step, no copy of the menu)

    def _candidates(self) -> list:
        """Every card of the game, so a widget can grey out those already played ("Retirez
        les cartes de déplacement jouées de la partie", A round)."""
        return list(self.game.cards) if self.current_player is not None else []

    def _apply(self, action) -> None:
        """Commit ``action`` (a card of the current player's hand), face down; the last
        player's commitment reveals and resolves the round (our decision 3)."""
        p = self.current_player
        value = action.value  # an int: State.apply admits no other, legal actions hold ints
        hands = self.hands
        hand = hands[p]
        if value < 0 or not hand >> value & 1:  # (a card above max_card is no bit of a hand)
            raise self._pick_error(action)
        hands[p] = hand ^ (1 << value)
        self.pending[p] = value
        game = self.game
        log = self._log
        # Speed trick (UNTOLD, ``boardlab.core.events``): the plain code logs every entry;
        # a random playout, whose narration nobody reads, builds none (``boardlab.bench``).
        if log is not UNTOLD:  # (a random playout's: its narration is told when asked)
            log.append(game.pick_entries[p][value])
        if p + 1 < game.num_players:
            self.current_player = p + 1
        else:
            self._resolve()

    def _pick_error(self, action) -> IllegalAction:
        """Why a card cannot be chosen, in the rules' words."""
        p = self.current_player
        if type(action) is not PlayCard:
            return IllegalAction(f"{action!r} is not a Kalimambo action", RULE_PICK)
        value = action.value
        if not isinstance(value, int) or not 0 <= value <= self.game.max_card:
            return IllegalAction(f"there is no movement card {value!r}", "Components", action)
        return IllegalAction(
            f"player {p} has already played card {value}: played cards are removed from the "
            "game ('Retirez les cartes de déplacement jouées de la partie')",
            RULE_PICK,
            action,
        )

    # -- the round resolved: A round, Dung, Mambo (our decisions 4–7) ----------------------
    def _resolve(self) -> None:
        """Reveal every card and Kali's top card, then move the figures highest card first.

        A round ("Le joueur ayant joué la carte la plus élevée déplace son pion…"; our
        decision 4): each mover goes to the first free space ahead of the group, i.e. one past the
        leader; of equal cards only the rearmost figure moves; a 0 and the figure at the
        head do not move; Kali takes part like an explorer. Dung (our decision 5) costs
        ``dung_penalty``; Mambo (our decision 6) charges when the space in front of him is
        vacated; Kali's penalties go to the lowest card's players (our decision 7).

        The move order sorts the figures by one int each, ``card * 4096 - position``
        (positions stay far below 4096, ``arrange.LINE_LIMIT``): highest card first, of
        equal cards the rearmost figure first; distinct, since positions are. A speed trick
        in place of ``sorted(range(n + 1), key=lambda f: (-cards[f], figures[f]))``: the
        figure rides in the int's last 4 bits (``* 16 + f``; at most 8 figures and the
        end-of-round mark 8), so a plain sort of ints does it, with no key function and
        no key list (with ``key=`` the sort cost four times as many instructions;
        ``python -m boardlab.bench --game kalimambo``).
        Mambo's charge is written once, inline, at the end of the loop's body: a move that
        vacates the space in front of him goes on to it (``mambo_timing`` "immediate"), and so
        does, in the variant "end_of_round", the figure ``n + 1`` put after the others,
        whose card -1 is the end of the round.
        """
        game = self.game
        n = game.num_players
        # this round's list of picks becomes the revealed cards, Kali's last (no copy)
        cards = self.pending
        cards.append(self.kali_deck.pop())
        self.revealed = cards
        self.pending = [-1] * n
        figures = self.figures
        penalties = self.penalties
        told = self._log is not UNTOLD  # (untold: a random playout's, no entries built)
        log = self._log.append
        if told:
            log(("reveal", None, (self.round, *cards)))
        # the move order: one int a figure, ``(card * 4096 - position) * 16 + figure``
        order = [(cards[f] * 4096 - figures[f]) * 16 + f for f in game.figure_range]
        order.sort(reverse=True)
        immediate = game.immediate
        card_of = cards
        if not immediate:  # the end of the round, after every move: Mambo's one charge
            order.append(n + 1)
            card_of = [*cards, -1]
        head = max(figures)
        mambo = self.mambo
        dung_at = self.dung_at
        length = game.length
        last_card = mover = -1
        for key in order:
            f = key & 15  # the figure, from the key's last 4 bits
            card = card_of[f]
            if card > 0:
                if card == last_card:  # equal cards: only the rearmost of them moves
                    if told:
                        log(("tie", None, (f, card, mover)))
                    continue
                last_card = card
                mover = f
                start = figures[f]
                if start == head and (f < n or game.kali_leader_stays):
                    if told:
                        log(("leader", None, (f, card, start)))
                    continue
                head += 1
                figures[f] = head
                if told:
                    log(("move", None, (f, card, start, head)))
                space = head % length
                if dung_at[space]:
                    points = game.dung_penalty
                    if f < n:
                        penalties[f] += points
                        if told:
                            log(("dung", None, (f, space, points, -1, f)))
                    else:
                        lowest, who = self._kali_pays(points, cards)
                        if told:
                            log(("dung", None, (f, space, points, lowest, *who)))
                if start != mambo + 1 or not immediate:
                    continue  # the space in front of Mambo stays taken, or he waits
            elif card == 0:
                if told:
                    log(game.zero_entries[f])
                continue
            elif min(figures) <= mambo + 1:  # the end of the round, nobody to charge
                break
            # Mambo runs up behind the rearmost figure, whose player takes a point per space
            # he ran ("autant de points de pénalité que le nombre de cases parcourues";
            # our decision 6)
            rear = min(figures)
            victim = figures.index(rear)
            run = rear - 1 - mambo
            if victim < n:
                penalties[victim] += run
                if told:
                    log(("charge", None, (mambo, rear - 1, victim, run, -1, victim)))
            else:
                lowest, who = self._kali_pays(run, cards)
                if told:
                    log(("charge", None, (mambo, rear - 1, victim, run, lowest, *who)))
            mambo = rear - 1
        self.mambo = mambo
        if self.round >= game.rounds:
            self._finish()
            return
        self.round += 1
        self.current_player = 0

    def _kali_pays(self, points: int, cards: list[int]) -> tuple[int, tuple[int, ...]]:
        """Kali's penalty points go to every player who played the lowest card this round
        ("le ou les joueurs ayant joué le nombre le plus bas"; our decision 7). ``cards`` are the
        round's, the players' then Kali's; returns that lowest card and who paid.

        Speed: a lowest card played once (the usual case) is found by ``count`` and
        ``index``, calls into C, where a comprehension would be a Python function call
        (``boardlab.bench``)."""
        players = cards[:-1]
        lowest = min(players)
        penalties = self.penalties
        if players.count(lowest) == 1:
            p = players.index(lowest)
            penalties[p] += points
            return lowest, (p,)
        who = []
        for p, card in enumerate(players):
            if card == lowest:
                penalties[p] += points
                who.append(p)
        return lowest, tuple(who)

    # -- End (our decision 8) --------------------------------------------------------------
    def _finish(self) -> None:
        """End: after the last round, fewest points wins; equal points share (our decision 8)."""
        ranking = rank_by({p: (s,) for p, s in enumerate(self.penalties)}, "low")
        self._log.append(("end", None, ranking[0]))
        self.outcome = Outcome("finished", ranking[0], ranking, reason=self.game.end_reason)
        self.current_player = None

    # -- copies, JSON and determinization (our decision 3: what a player cannot see) -------
    def _copy(self, other: KalimamboState) -> None:
        """A clone's own lists (``State.clone``)."""
        other.figures = list(self.figures)
        other.mambo = self.mambo
        other.dung = self.dung  # tuples, never changed after setup: safely shared
        other.dung_at = self.dung_at
        other.hands = list(self.hands)
        other.pending = list(self.pending)
        other.penalties = list(self.penalties)
        other.kali_deck = list(self.kali_deck)
        other.round = self.round
        other.revealed = None if self.revealed is None else list(self.revealed)

    def _dump(self) -> dict:
        """The state's own fields as JSON (``State.to_json``)."""
        return {
            "figures": list(self.figures),
            "mambo": self.mambo,
            "dung": list(self.dung),
            "hands": list(self.hands),
            "pending": list(self.pending),
            "penalties": list(self.penalties),
            "kali_deck": list(self.kali_deck),
            "round": self.round,
            "revealed": None if self.revealed is None else list(self.revealed),
        }

    def _load(self, data: dict) -> None:
        """The fields of ``_dump`` back (``Game.state_from_json``)."""
        self.figures = list(data["figures"])
        self.mambo = data["mambo"]
        self._set_dung(data["dung"])
        self.hands = list(data["hands"])
        self.pending = list(data["pending"])
        self.penalties = list(data["penalties"])
        self.kali_deck = list(data["kali_deck"])
        self.round = data["round"]
        self.revealed = data["revealed"]

    def _resample(self, player: int, rng: random.Random) -> None:
        """Resample what ``player`` cannot see: the order of Kali's remaining deck and the
        other players' picks of this round (each from the cards they have not revealed).

        Cards already revealed stay as they were: everybody knows which cards each
        opponent still holds.
        """
        # sorted before the shuffle: the bot owns ``rng``, and could undo a shuffle of the
        # true order (the sample must depend on what ``player`` knows and ``rng`` alone)
        self.kali_deck.sort()
        rng.shuffle(self.kali_deck)
        for q, value in enumerate(self.pending):
            if q == player or value < 0:
                continue
            pool = self.hands[q] | 1 << value
            values = _cards_of(pool)
            pick = values[rng.randrange(len(values))]
            self.pending[q] = pick
            self.hands[q] = pool ^ (1 << pick)


@register(state=KalimamboState)
class KalimamboGame(Game):
    """Kalimambo (Antonio Scrittore, Zoch 2011): fewest penalty points wins."""

    name = "kalimambo"
    end_rule = RULE_END
    title = "Kalimambo"
    specs = SPECS
    action_types = (PlayCard,)
    score_order = "low"

    score_words = ("penalty point", "penalty points")  # the standings' unit of ``scores``

    def __init__(self, params) -> None:
        super().__init__(params)
        n = self.num_players
        # Parameters the hot path reads, as plain attributes (speed: in place of
        # ``self.params[name]``, a Mapping look-up each read; ``boardlab.bench``).
        self.length: int = params["track_length"]
        self.rounds: int = params["rounds"]
        self.max_card: int = params["max_card"]
        self.dung_penalty: int = params["dung_penalty"]
        self.immediate: bool = params["mambo_timing"] == "immediate"
        self.kali_leader_stays: bool = params["kali_leader_stays"]
        self.dung_heaps: int = params["dung_heaps"]
        self.dung_min_gap: int = params["dung_min_gap"]
        self.random_dung: bool = params["dung_placement"] == "random"
        #: Every action there is, made once: ``cards[v]`` is "play card v"; and
        #: ``hand_table[hand]``: the ``PlayCard`` list of every hand (a bit mask).
        self.cards, self.hand_table = _hand_menus(self.max_card)
        #: The figures 0..n (explorers, then Kali), whom ``_resolve`` sorts into its move order.
        self.figure_range = range(n + 1)
        #: A full hand as a bit mask: bit ``v`` set while card ``v`` is in hand. Speed
        #: trick, in place of a list of cards: a card is checked and struck out by one
        #: int operation each, and a clone copies no list (``boardlab.bench``).
        self.full_hand = (1 << (self.max_card + 1)) - 1
        #: The "figure f's 0 does not move" log entries, made once (one per figure). Speed,
        #: in place of a tuple made at each log: saves the allocation in told games, those
        #: bots play through their views (a search bot's samples play untold, issue 29).
        self.zero_entries = tuple(("zero", None, (f,)) for f in range(n + 1))
        #: The private "player p chooses card v" log entries, made once.
        self.pick_entries = tuple(
            tuple(("pick", (p,), (p, v)) for v in range(self.max_card + 1)) for p in range(n)
        )
        #: Why the game ended, for the ``Outcome`` (End).
        self.end_reason = f"{self.rounds} round{'' if self.rounds == 1 else 's'} played"
        #: Spaces between the head of the starting line and the loop's end: where the heaps go.
        self.spaces_ahead = self.length - (n + 2)

    @classmethod
    def validate(cls, params) -> None:
        """The loop holds the starting line (Mambo, the explorers, Kali) and every heap
        with its gaps; the cards last for the rounds (our decision 1)."""
        if params["rounds"] > params["max_card"] + 1:
            raise InvalidParameter(
                "rounds", params["rounds"], f"at most max_card + 1 = {params['max_card'] + 1}"
            )
        free = params["track_length"] - (params["players"] + 2)
        heaps, gap = params["dung_heaps"], params["dung_min_gap"]
        # the loop closes through the starting line: a gap wider than it must fit too
        need = heaps + max(heaps - 1, 0) * gap + max(0, gap - (params["players"] + 2))
        if heaps and free < need:
            raise InvalidParameter(
                "track_length",
                params["track_length"],
                f"at least {params['players'] + 2 + need} spaces for {params['players']} "
                f"players, {heaps} heaps and gaps of {gap}",
            )

    @classmethod
    def variants(cls) -> list[dict]:
        """The printed player counts' extremes, the 2-player variant, Mambo's timing,
        the Kali-leader decision, even heaps, no dung, a short game and a tight loop."""
        return [
            {},
            {"players": 2},
            {"players": 3},
            {"players": 7},
            {"mambo_timing": "end_of_round"},
            {"kali_leader_stays": False},
            {"dung_placement": "even", "dung_heaps": 8},
            {"dung_heaps": 0},
            {"rounds": 3, "max_card": 4, "players": 4},
            {"players": 7, "track_length": 25, "dung_min_gap": 2},
        ]

    @property
    def max_length(self) -> int:
        """One commitment per player per round."""
        return self.rounds * self.num_players

    def figure(self, f: int) -> str:
        """How the narration names figure ``f``: ``"player 2"`` or ``"Kali"``."""
        return figure_name(f, self.num_players)

    def describe_event(self, kind: str, args: tuple) -> str:
        """The sentence for one logged event (``narration.NARRATION``)."""
        return NARRATION[kind](self, *args)

    def redact(self, kind: str, args: tuple) -> tuple[str, tuple] | None:
        """Others learn that a player has chosen a card, not which (our decision 3)."""
        if kind == "pick":
            return "pick_hidden", args[:1]
        return None

    def rule_help(self, state: State) -> str:
        """The rule of the decision at hand: A round, or End once the game is over."""
        if state.outcome is not None:
            return RULE_HELP["end"]
        return RULE_HELP["round"]

    def standing(self, state: State) -> tuple[int, ...]:
        """The leaders: fewest penalty points so far."""
        best = min(state.penalties)
        return tuple(p for p, s in enumerate(state.penalties) if s == best)


# -- small helpers of the hot path ---------------------------------------------------------
@functools.cache
def _hand_menus(max_card: int) -> tuple[tuple[PlayCard, ...], list[list[PlayCard]]]:
    """Every ``PlayCard`` of cards 0..``max_card``, and ``menus[hand]``: the actions of
    every hand (a bit mask), lowest card first: what ``legal_actions`` copies.

    Speed trick: all hands at once (4096 for the printed game), so a decision is one look-up
    and one list copy, never a miss that builds a menu from the cards. Built by doubling
    (the hands holding card ``v`` are those below bit ``v``, each with ``v`` added last),
    once per ``max_card`` and process: every game of that ``max_card`` shares the same
    actions and menus, which nobody changes (``legal_actions`` hands out copies). The
    plain code would make ``PlayCard(v)`` for each card in hand at each decision
    (``python -m boardlab.bench --game kalimambo``).
    """
    cards = tuple(PlayCard(v) for v in range(max_card + 1))
    menus: list[list[PlayCard]] = [[]]
    for action in cards:
        menus += [[*menu, action] for menu in menus]
    return cards, menus


def _cards_of(hand: int) -> list[int]:
    """The cards of ``hand``, a bit mask (bit ``v`` set: card ``v`` is in it), lowest first."""
    return [v for v in range(hand.bit_length()) if hand >> v & 1]
