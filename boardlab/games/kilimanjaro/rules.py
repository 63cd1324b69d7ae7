"""Am Fuß des Kilimandscharo: the rules, as the rulebook states them and our decisions settle them.

The state's methods follow the rulebook's sections in order — Preparation,
Course of play, Chance counters, Game end (and the Variant) — and cite them
and our numbered decisions (``rulebook.py``). The
movement rule itself ("Course of play" a–c) is ``components.movement_rule``;
what the events read as is ``narration.py``.

>>> import boardlab
>>> state = boardlab.load("kilimanjaro").new_game(seed=1)
>>> state.phase_name, len(state.legal_actions()) > 0
('place', True)

Playouts are the hot path: cards and counters are ints, actions are
made once per game (``KilimanjaroGame``) and handed out from tables,
narration is raw tuples formatted only when read. These speed tricks are optional
(``boardlab/games/README.md``); each says where it stands what plain code it replaces
and what it saves; ``python -m boardlab.bench --game kilimanjaro`` shows them.
"""

from __future__ import annotations

import random
from bisect import bisect_left

from boardlab.core import Game, IllegalAction, Outcome, Param, State, rank_by, register
from boardlab.core.chance import shuffle
from boardlab.core.errors import InvalidParameter
from boardlab.core.events import UNTOLD
from boardlab.core.params import with_words

from .actions import ChangePlaces, PlaceCounter, PlayCard, SendBack
from .components import (
    BANANA,
    CARD_FACES,
    CHANGE,
    COUNTER_NAMES,
    FULL_DECK,
    LION,
    MOVEMENT_BY_CARDS,
    PILES,
    card_name,
    counter_deal,
    last_village,
    tabulated_movement,
)
from .narration import NARRATION, RULE_HELP, choice_path
from .scenes import CHOOSE, END, PLACE, PLAY, Arrange
from .speed import log_tables
from .words import WORDS

PHASE_NAMES = ("place", "play", "choose", "end")
PILE_RANGE = range(PILES)
EVERY_KIND = (BANANA, LION, CHANGE)  # the counter kinds, in the reserve's order
#: The rule an action out of its phase breaks: what the phase asks for.
PHASE_RULES = ("Preparation", "Course of play", "Chance counters", "Game end")

SPECS = with_words(
    WORDS,
    Param("players", 3, "int", "Number of expeditions.", "Contents; our decision 0", low=2, high=4),
    Param(
        "track_length",
        100,
        "int",
        "The base camp's space: reaching it wins.",
        "Aim of the game",
        low=20,
        high=200,
        printed=(100,),
    ),
    Param(
        "villages",
        (20, 40, 60, 80),
        "ints",
        "Village spaces (the start village 0 is always there); no counters on them.",
        "Chance counters; our decision 1",
        low=1,
        high=199,
    ),
    Param("bananas", 8, "int", "Banana counters: move again.", "Contents", low=0, high=20),
    Param(
        "lions", 4, "int", "Lion counters: back to the last village.", "Contents", low=0, high=20
    ),
    Param("changes", 4, "int", "Change-position counters.", "Contents", low=0, high=20),
    Param(
        "change_position",
        "swap",
        "choice",
        "What a change-position counter does: swap places, or (variant) send another "
        "expedition back to the last village.",
        "Chance counters; Variant; our decision 5",
        choices=("swap", "send_back"),
    ),
    Param(
        "play_on_others",
        "as_far_or_further",
        "choice",
        "Whose piles you may play on: only expeditions as far or further than yours "
        "(the printed catch-up rule), anyone's, or only your own.",
        "Course of play, action 2; our decision 3",
        choices=("as_far_or_further", "anyone", "never"),
        printed=("as_far_or_further",),
    ),
    Param(
        "exact_finish",
        False,
        "bool",
        "If true, a move that would pass the base camp is not made.",
        "Game end; our decision 6",
        printed=(False,),
    ),
    Param("hand_size", 3, "int", "Cards in hand.", "Preparation", low=1, high=6, printed=(3,)),
)


class KilimanjaroState(Arrange, State):
    """A position in Kilimanjaro, from the counter deal to the base camp."""

    def __init__(self, game: KilimanjaroGame, seed: int = 0) -> None:
        """Preparation: deal the counters face down from the seed; player 0 places the
        first counter. The movement cards are dealt once every counter is placed
        (``_deal_cards``), at once when there are no counters."""
        super().__init__(game, seed)
        n = game.num_players
        rng = self.rng
        size = game.length + 1
        self.phase = PLACE
        self.turn = 0
        self.positions = [0] * n
        self.counter_at = [-1] * size
        self.face_up = [False] * size
        self.placed_by = [-1] * size
        log = self._log.append

        counters = list(game.counter_box)
        shuffle(rng, counters)
        self.reserve = reserve = []
        for p in range(n):  # dealt round-robin from player 0 (our decision 2)
            mine = sorted(counters[p::n])
            reserve.append(mine)
            if counters:
                log(("deal_counters", (p,), (p, *mine)))
        self.free = list(game.counter_spaces)
        self.place_lists = [list(lst) for lst in game.place_lists]
        # No cards yet: no piles, no top cards, empty hands, no deck (Preparation).
        self.piles, self.tops, self.hands, self.deck = [], [], [[] for _ in range(n)], []
        self.current_player = 0
        if not counters:
            self._deal_cards()
            self.phase = PLAY

    def _deal_cards(self) -> None:
        """Preparation: "Now the cards are shuffled and each player is dealt 3 cards that
        they put face up in front of them, and another 3 cards that they keep in their
        hand. The remaining cards are placed face down in a pile next to the board to form
        the deck." Called once every counter is placed."""
        deck = list(FULL_DECK)
        shuffle(self.rng, deck)
        hand_size = self.game.hand_size
        # Speed (UNTOLD): the plain code logs every entry; an untold playout builds none.
        told = self._log is not UNTOLD  # (untold: a random playout's, no entries built)
        log = self._log.append
        log(("deal_cards", None, ()))
        self.piles, self.tops, self.hands = piles, tops, hands = [], [], []
        for p in range(self.game.num_players):  # three face-up piles, then the hand
            top = deck[-PILES:]
            del deck[-PILES:]
            hand = deck[-hand_size:]
            del deck[-hand_size:]
            tops.append(top)
            piles.append([[c] for c in top])
            hands.append(hand)
            if told:
                log(("deal_piles", None, (p, *top)))
                log(("deal_hand", (p,), (p, *hand)))
        self.deck = deck

    @property
    def dealt(self) -> bool:
        """Have the movement cards been dealt? (Not while the counters are being placed.)"""
        return bool(self.tops)

    # -- what each player sees ---------------------------------------------------------
    @property
    def phase_name(self) -> str:
        return PHASE_NAMES[self.phase]

    @property
    def scores(self) -> list[int]:
        """Positions on the track: furthest is best."""
        return list(self.positions)

    def knows_counter(self, player: int | None, space: int) -> bool:
        """Face-up counters are public; a face-down one is known to its placer."""
        return self.face_up[space] or (player is not None and self.placed_by[space] == player)

    def observation(self, player: int | None) -> dict:
        n = self.game.num_players
        counters = []
        for space, kind in enumerate(self.counter_at):
            if kind >= 0:
                name = COUNTER_NAMES[kind] if self.knows_counter(player, space) else "hidden"
                counters.append([space, name, self.face_up[space]])
        return {
            "player": player,
            "phase": self.phase_name,
            "current_player": self.current_player,
            "turn": self.turn,
            "positions": list(self.positions),
            "cards_dealt": self.dealt,
            # Before the deal (Preparation) every pile is empty and nobody moves yet.
            "piles": [[[card_name(c) for c in pile] for pile in piles] for piles in self.piles]
            if self.dealt
            else [[[] for _ in PILE_RANGE] for _ in range(n)],
            "movement": [self.movement(p) for p in range(n)] if self.dealt else [None] * n,
            "hand": None if player is None else sorted(card_name(c) for c in self.hands[player]),
            "hand_sizes": [len(h) for h in self.hands],
            "deck_size": len(self.deck),
            "counters": counters,
            "my_counters": None
            if player is None
            else [COUNTER_NAMES[k] for k in self.reserve[player]],
            "counters_left": [len(r) for r in self.reserve],
            "villages": list(self.game.villages),
            "track_length": self.game.length,
            "outcome": None if self.outcome is None else self.outcome.to_json(),
        }

    # -- what the player to decide may do ----------------------------------------------
    def legal_actions(self) -> list:
        """What the phase asks of the player to decide: a counter to place (Preparation),
        a card to play (Course of play) or whom the change-position counter targets
        (Chance counters); none once the game has ended (``_menu``)."""
        return self._menu(None)

    def _menu(self, u: int | None):
        """The legal actions, in groups of one width, each the row of a key: a card's
        plays on the piles open to it, one per distinct hand card (Course of play); the
        free spaces, one per counter kind held (Preparation); the other expeditions
        (Chance counters). Joined, for ``u`` None; else the action ``u`` draws,
        ``legal_actions()[u * n >> 32]``, read from its row: ``_pick``, a random
        playout's step without the list ``legal_actions`` joins (speed: ``boardlab.bench``)."""
        phase = self.phase
        p = self.current_player
        game = self.game
        if phase == PLAY:
            positions = self.positions
            # speed: ``self._targets(p)`` inlined, a call less a step (``boardlab.bench``)
            if game.on_others == "as_far_or_further":  # _targets inlined: the hot path
                mine = positions[p]
                mask = 1 << p
                for q, bit in game.rivals[p]:  # the others and their bits, made once
                    if positions[q] >= mine:
                        mask |= bit
            else:
                mask = self._targets(p)
            row = game.play_moves[mask]
            keys = self.hands[p]
            # (speed: the usual three cards skip ``list(dict.fromkeys(keys))``; ``boardlab.bench``)
            if len(keys) == 3:  # the usual hand of three different cards, at once
                a, b, c = keys
                if a in (b, c) or b == c:
                    keys = [a, c] if a == b else [a, b]  # (never three: two of each card)
            elif len(keys) > 1:  # two copies of a card are one action (our decision 9)
                keys = list(dict.fromkeys(keys))  # (first seen, first offered)
            width = len(row[keys[0]]) if keys else 0
        elif phase == PLACE:
            # The spaces open to each kind the player holds, kind by kind: the reserve is
            # sorted and there are three kinds (banana, lion, change position), so its
            # first and last kinds, and the lion between them, tell which.
            row = self.place_lists
            reserve = self.reserve[p]
            first, last = reserve[0], reserve[-1]
            if first == last:
                keys = (first,)
            elif last - first == 1 or LION not in reserve:
                keys = (first, last)
            else:
                keys = EVERY_KIND
            width = len(self.free)
        elif phase == CHOOSE:
            row = game.change_menus if game.swap else game.send_menus
            keys = (p,)
            width = len(row[p])
        else:
            return []
        if u is None:
            if len(keys) == 3:  # (one list built at once: the usual three cards in hand)
                a, b, c = keys
                return [*row[a], *row[b], *row[c]]
            out: list = []
            for key in keys:
                out += row[key]
            return out
        i = u * (len(keys) * width) >> 32
        return row[keys[i // width]][i % width]

    _pick = _menu  # (``State._pick``)

    def _candidates(self) -> list:
        """Near misses, whose refusals ``candidate_actions`` explains: every card on every
        pile (Course of play, action 2), every counter on every space (Preparation), every
        expedition as the target (Chance counters)."""
        game, p = self.game, self.current_player
        if self.phase == PLAY:
            everyone = game.play_moves[(1 << game.num_players) - 1]
            return [a for c in sorted(set(self.hands[p])) for a in everyone[c]]
        if self.phase == PLACE:
            kinds = sorted(set(self.reserve[p]))
            return [game.place_table[k][s] for k in kinds for s in range(1, game.length)]
        if self.phase == CHOOSE:
            return list(game.change_table if game.swap else game.send_table)
        return []

    def _apply(self, action) -> None:
        """Carry out ``action`` by the rules of the phase; out of its phase it is illegal.

        The two decisions of nearly every step are written here rather than in methods
        of their own, which saves a Python call on each (speed, ``boardlab.bench``; the
        plain code: a method each): a card played (Course of play) and a counter placed
        (Preparation). The move a card play makes, when it
        ends on a counter or at the base camp, is ``_move``; whom a change-position
        counter targets, ``_change_position``.
        """
        kind = type(action)
        phase = self.phase
        p = self.current_player
        game = self.game
        if kind is PlayCard and phase == PLAY:
            # Course of play: play a hand card on a pile, then move by your own top cards.
            c, q, i = action.card, action.player, action.pile
            hand = self.hands[p]
            positions = self.positions
            if c not in hand or i not in PILE_RANGE:
                raise self._play_error(action)
            if q != p:  # whose piles (Course of play, action 2; our decision 3)
                rule = game.on_others
                if (
                    not 0 <= q < len(positions)
                    or rule == "never"
                    or (rule != "anyone" and positions[q] < positions[p])
                ):
                    raise self._play_error(action)
            hand.remove(c)
            self.piles[q][i].append(c)
            tops = self.tops
            tops[q][i] = c
            self.turn += 1
            a, b, d = tops[p]
            start = positions[p]
            # self.movement(p), inlined for playouts: tabulated_movement's one look-up
            distance = MOVEMENT_BY_CARDS[a][b][d]
            end = start + distance
            log = self._log  # (UNTOLD in a random playout: no entries looked up)
            if end < game.length and self.counter_at[end] < 0:
                # The common case, inlined for playouts (what _move and _end_turn do when
                # the move ends on no counter): a plain move, the draw while the deck
                # lasts, then the next player (who, while the deck lasts, holds cards).
                # The narration entries are the game's prebuilt ones (speed.py).
                positions[p] = end
                deck = self.deck
                if deck:
                    drawn = deck.pop()
                    hand.append(drawn)
                    if log is not UNTOLD:
                        log += (
                            game.play_log[p][c][q][i],
                            game.move_log[p][start][distance],
                            game.draw_log[p][drawn],
                        )
                elif log is not UNTOLD:
                    log += (game.play_log[p][c][q][i], game.move_log[p][start][distance])
                q = game.next_seat[p]
                if self.hands[q]:
                    self.current_player = q
                else:
                    self._next_player(p)
                return
            if log is not UNTOLD:
                log.append(game.play_log[p][c][q][i])
            self._move(p, distance)
            if self.phase == PLAY and self.outcome is None:
                self._end_turn(p)
            return
        if kind is PlaceCounter and phase == PLACE:
            # Preparation: one counter per placement turn, on an empty non-village space
            # with no counter next to it (our decision 2).
            counter, space = action.counter, action.space
            reserves = self.reserve
            reserve = reserves[p]
            free = self.free
            i = bisect_left(free, space)
            if counter not in reserve or i == len(free) or free[i] != space:
                raise self._placement_error(action)
            reserve.remove(counter)
            self.counter_at[space] = counter
            self.placed_by[space] = p
            # The space and its free neighbours are no longer open to counters.
            lo = i - 1 if i and free[i - 1] == space - 1 else i
            hi = i + 2 if i + 1 < len(free) and free[i + 1] == space + 1 else i + 1
            del free[lo:hi]
            bananas, lions, changes = self.place_lists
            del bananas[lo:hi], lions[lo:hi], changes[lo:hi]
            log = self._log
            if log is not UNTOLD:  # (a random playout's: told when asked)
                log.append(game.place_log[p][counter][space])  # prebuilt (speed.py)
            q = game.next_seat[p]
            if reserves[q]:  # dealt round-robin, so usually simply the next player
                self.current_player = q
                return
            n = len(reserves)
            for step in range(2, n + 1):  # the next player who still holds counters
                q = (p + step) % n
                if reserves[q]:
                    self.current_player = q
                    return
            self._deal_cards()  # every counter is placed: now the cards are dealt
            self.phase = PLAY  # and the player left of the dealer starts
            self.current_player = 0
            return
        if (kind is ChangePlaces or kind is SendBack) and phase == CHOOSE:
            self._change_position(action)
            return
        raise IllegalAction(self._wrong_phase(), PHASE_RULES[phase], action)

    def _wrong_phase(self) -> str:
        """What the phase asks for instead, for the error of an action out of its phase."""
        if self.phase == END:
            return "the game is over"
        if self.phase == PLACE:
            return f"player {self.current_player} must first place a chance counter"
        if self.phase == CHOOSE:
            verb = "swap with" if self.game.swap else "send back"
            return f"player {self.current_player} must first choose whom to {verb}"
        return f"player {self.current_player} must play a card from hand"

    # -- Preparation: placing the chance counters --------------------------------------
    def _placement_error(self, action: PlaceCounter) -> IllegalAction:
        """Why a placement is illegal, in the rulebook's words."""
        p, kind, space = self.current_player, action.counter, action.space
        if not 0 <= kind < len(COUNTER_NAMES):
            return IllegalAction(f"{action!r} names no chance counter", "Contents")
        if kind not in self.reserve[p]:
            name = COUNTER_NAMES[kind]
            return IllegalAction(f"player {p} holds no {name} counter", "Preparation", action)
        length = self.game.length
        if not 0 < space < length:
            why = f"space {space} is off the track: counters go on spaces 1 to {length - 1}"
        elif space in self.game.villages:
            why = f"space {space} is a village: no counter may be placed on a village space"
        elif self.counter_at[space] >= 0:
            why = f"space {space} already holds a counter: counters go on empty spaces"
        else:
            near = next(s for s in (space - 1, space + 1) if self.counter_at[s] >= 0)
            why = (
                f"space {space} is next to the counter on {near}: "
                "no two counters may be placed next to each other"
            )
        return IllegalAction(why, "Preparation", action)

    # -- Course of play: play a card, move by your top cards, draw ---------------------
    def movement(self, player: int) -> int:
        """How far ``player``'s three top cards move them now ("Course of play" a–c)."""
        return tabulated_movement(self.tops[player])

    def _targets(self, p: int) -> int:
        """Whose piles ``p`` may play on, as a bit mask of players (Course of play,
        action 2; our decision 3)."""
        rule = self.game.on_others
        if rule == "as_far_or_further":  # (inlined in legal_actions, the hot path)
            mine = self.positions[p]
            return sum(1 << q for q, pos in enumerate(self.positions) if pos >= mine)
        if rule == "anyone":
            return (1 << len(self.positions)) - 1
        return 1 << p

    def _play_error(self, action: PlayCard) -> IllegalAction:
        """Why a card play is illegal, in the rulebook's words."""
        p, c, q, i = self.current_player, action.card, action.player, action.pile
        if not (0 <= c < CARD_FACES and 0 <= q < len(self.positions) and i in PILE_RANGE):
            # checked first: str(action) needs a card and a pile that exist
            return IllegalAction(f"{action!r} names no card, player or pile", "Course of play")
        if c not in self.hands[p]:
            return IllegalAction(
                f"{card_name(c)} is not in player {p}'s hand", "Course of play", action
            )
        if self.game.on_others == "never":
            return IllegalAction(
                "this variant lets players play only on their own piles",
                "play_on_others='never'",
                action,
            )
        return IllegalAction(
            f"player {q} (on {self.positions[q]}) is behind player {p} "
            f"(on {self.positions[p]}): you may only play on expeditions "
            "that have moved as far, or further, than your own",
            "Course of play, action 2",
            action,
        )

    def _end_turn(self, p: int) -> None:
        """Course of play: "finally, the player draws a card from the deck to fill their
        hand back"; then the next player with cards plays (our decision 7)."""
        if self.deck:
            c = self.deck.pop()
            self.hands[p].append(c)
            if self._log is not UNTOLD:
                self._log.append(self.game.draw_log[p][c])
        self._next_player(p)

    def _next_player(self, p: int) -> None:
        """The next player with cards plays; nobody has any: the game ends (our decision 7)."""
        hands = self.hands
        n = len(hands)
        for step in range(1, n + 1):
            q = (p + step) % n
            if hands[q]:
                self.current_player = q
                return
            if step < n:
                self._log.append(("skip", None, (q,)))
        self._cards_out()

    # -- Chance counters ---------------------------------------------------------------
    def _move(self, p: int, distance: int) -> None:
        """Move, and resolve the counter where the move ends (Chance counters; our decision 5);
        reaching the base camp wins at once (Game end 1; our decision 6)."""
        game = self.game
        length = game.length
        told = self._log is not UNTOLD  # (untold: a random playout's, no entries built)
        log = self._log.append
        positions = self.positions
        counter_at = self.counter_at
        move_log = game.move_log[p]  # the prebuilt entries (speed.py)
        while True:
            start = positions[p]
            end = start + distance
            if end >= length:
                if end > length and game.exact_finish:
                    log(("overshoot", None, (p, distance, start)))
                    return
                positions[p] = length
                log(move_log[start][length - start])
                log(("base_camp", None, (p,)))
                self._finish((p,), "base camp reached")
                return
            positions[p] = end
            if told:
                log(move_log[start][distance])
            kind = counter_at[end]
            if kind < 0:
                return
            if told:
                log(("counter", None, (p, kind, end, 0 if self.face_up[end] else 1)))
            if kind == BANANA:  # move again the same distance; chains are possible
                self.face_up[end] = True
                continue
            if kind == LION:
                self.face_up[end] = True
                back = last_village(end, game.villages)
                positions[p] = back
                log(("lion", None, (p, end, back)))
                return
            # CHANGE: the counter leaves play; the player now chooses a target
            counter_at[end] = -1
            self.placed_by[end] = -1
            self.phase = CHOOSE
            return

    def _change_position(self, action) -> None:
        """Chance counters 3: change places with another expedition, or (Variant) send it
        back to the last village behind it (our decision 5)."""
        p = self.current_player
        q = action.player
        swap = self.game.swap
        if swap != (type(action) is ChangePlaces):
            raise IllegalAction(
                "this game plays the change-position counter as "
                + ("a swap" if swap else "sending another expedition back"),
                "Chance counters; Variant",
                action,
            )
        if not 0 <= q < len(self.positions) or q == p:
            raise IllegalAction("choose one of the other expeditions", "Chance counters", action)
        positions = self.positions
        a, b = positions[p], positions[q]
        if swap:
            positions[p], positions[q] = b, a
            self._log.append(("swap", None, (p, q, a, b)))
        else:
            villages = self.game.villages
            back = b if b in villages else last_village(b, villages)
            positions[q] = back
            self._log.append(("send_back", None, (p, q, b, back)))
        self.phase = PLAY
        self._end_turn(p)

    # -- Game end ----------------------------------------------------------------------
    def _cards_out(self) -> None:
        """Game end 2: furthest wins; ties broken by next round's movement; then shared."""
        ranking = self._ranking(range(len(self.positions)))
        self._log.append(("cards_out", None, ranking[0]))
        self._finish(ranking[0], "all cards played", ranking)

    def _ranking(self, players) -> tuple:
        """Game end 2: ``players`` ranked furthest first; a tie goes to whoever would move
        furthest next round (their top cards now); still tied, the place is shared."""
        positions, tops = self.positions, self.tops
        return rank_by({p: (positions[p], tabulated_movement(tops[p])) for p in players}, "high")

    def _finish(self, winners: tuple[int, ...], reason: str, ranking=None) -> None:
        """Game end: ``winners`` first, the others ranked as in Game end 2."""
        if ranking is None:
            others = [p for p in range(len(self.positions)) if p not in winners]
            ranking = (winners, *self._ranking(others))
        self.outcome = Outcome("finished", winners, ranking, reason=reason)
        self.current_player = None
        self.phase = END

    # -- copies, JSON and determinization ----------------------------------------------
    def _copy(self, other: KilimanjaroState) -> None:
        other.phase = self.phase
        other.turn = self.turn
        other.positions = list(self.positions)
        other.counter_at = list(self.counter_at)
        other.face_up = list(self.face_up)
        other.placed_by = list(self.placed_by)
        other.reserve = [list(r) for r in self.reserve]
        other.free = list(self.free)
        other.place_lists = [list(lst) for lst in self.place_lists]
        other.piles = [[list(pile) for pile in piles] for piles in self.piles]
        other.tops = [list(t) for t in self.tops]
        other.hands = [list(h) for h in self.hands]
        other.deck = list(self.deck)

    _FIELDS = ("phase", "turn", "positions", "counter_at", "face_up", "placed_by", "reserve")
    _FIELDS += ("free", "piles", "tops", "hands", "deck")

    def _dump(self) -> dict:
        return {name: getattr(self, name) for name in self._FIELDS}

    def _load(self, data: dict) -> None:
        for name in self._FIELDS:
            setattr(self, name, data[name])
        table = self.game.place_table
        self.place_lists = [[table[k][s] for s in self.free] for k in range(3)]

    def _resample(self, player: int, rng: random.Random) -> None:
        """Resample what ``player`` cannot see: others' hands, the deck order, and the
        kinds of face-down counters they did not place and of others' unplaced counters.
        """
        n = self.game.num_players
        others = [q for q in range(n) if q != player]
        # sorted before the shuffle: the bot owns ``rng``, and could undo a shuffle of the
        # true order (the sample must depend on what ``player`` knows and ``rng`` alone)
        cards = sorted(self.deck + [c for q in others for c in self.hands[q]])
        rng.shuffle(cards)
        for q in others:
            k = len(self.hands[q])
            self.hands[q], cards = cards[:k], cards[k:]
        self.deck = cards
        unknown = [
            s for s, k in enumerate(self.counter_at) if k >= 0 and not self.knows_counter(player, s)
        ]
        kinds = [self.counter_at[s] for s in unknown] + [k for q in others for k in self.reserve[q]]
        kinds.sort()  # (as the cards: in an order the player knows)
        rng.shuffle(kinds)
        for s in unknown:
            self.counter_at[s] = kinds.pop()
        for q in others:
            k = len(self.reserve[q])
            self.reserve[q] = sorted(kinds[:k])
            del kinds[:k]


@register(state=KilimanjaroState)
class KilimanjaroGame(Game):
    """Am Fuß des Kilimandscharo (Reiner Knizia, Hans im Glück 1995)."""

    name = "kilimanjaro"
    title = "Am Fuß des Kilimandscharo"
    specs = SPECS
    action_types = (PlaceCounter, PlayCard, ChangePlaces, SendBack)
    score_order = "high"

    score_words = ("space", "spaces")  # the standings' unit of ``scores``

    def __init__(self, params) -> None:
        super().__init__(params)
        n = params["players"]
        self.villages: tuple[int, ...] = params["villages"]
        self.counters = params["bananas"] + params["lions"] + params["changes"]
        # Parameters the hot path reads, as plain attributes (not ``params[name]``: speed).
        self.length: int = params["track_length"]
        self.hand_size: int = params["hand_size"]
        self.counter_box = counter_deal(params["bananas"], params["lions"], params["changes"])
        self.exact_finish: bool = params["exact_finish"]
        self.swap: bool = params["change_position"] == "swap"
        self.on_others: str = params["play_on_others"]
        village_set = set(self.villages)
        #: Spaces where a counter may go: 1..99 minus villages (Preparation).
        self.counter_spaces = [s for s in range(1, params["track_length"]) if s not in village_set]
        # Every action there can be, made once; legal_actions hands them out (speed: no
        # action made per step, nor checked by ``apply``: ``boardlab.bench``).
        self.place_table = [
            [PlaceCounter(k, s) for s in range(params["track_length"])] for k in range(3)
        ]
        play_table = [
            [[PlayCard(c, p, i) for i in range(PILES)] for p in range(n)] for c in range(CARD_FACES)
        ]
        #: ``play_moves[mask][card]``: playing ``card`` on the piles of the players
        #: in the bit ``mask`` — one list per (targets, card), built once.
        self.play_moves = [
            [
                [a for q in range(n) if mask >> q & 1 for a in play_table[c][q]]
                for c in range(CARD_FACES)
            ]
            for mask in range(1 << n)
        ]

        #: Placement actions for every counter space, per counter kind: a new
        #: state copies these lists and strikes spaces out as counters land.
        self.place_lists = [[row[s] for s in self.counter_spaces] for row in self.place_table]
        self.change_table = [ChangePlaces(p) for p in range(n)]
        self.send_table = [SendBack(p) for p in range(n)]
        #: Each player's change-position menus: the others, in seat order (Chance counters).
        self.change_menus = [[a for a in self.change_table if a.player != p] for p in range(n)]
        self.send_menus = [[a for a in self.send_table if a.player != p] for p in range(n)]
        #: Who plays after each (Course of play: "play then continues with the player to the left").
        self.next_seat = [*range(1, n), 0]
        #: Each player's rivals as ``(player, bit)``, for the mask of whose piles
        #: ``legal_actions`` offers (a loop over the others alone, the bits made once).
        #: Speed: ``play_moves[mask]``, one look-up, in place of filtering every pile.
        self.rivals = [tuple((q, 1 << q) for q in range(n) if q != p) for p in range(n)]
        log_tables(self)  # the narration entries a playout logs most, made once

    @classmethod
    def validate(cls, params) -> None:
        """Villages on the track, and room for every counter. (``hand_size`` ≤ 6 always
        leaves cards enough: 4 × (3 + 6) ≤ 56.)"""
        length = params["track_length"]
        for v in params["villages"]:
            if v >= length:
                raise InvalidParameter("villages", params["villages"], f"spaces below {length}")
        free = length - 1 - len(params["villages"])
        total = params["bananas"] + params["lions"] + params["changes"]
        # Each placement blocks at most 3 spaces, so this many always fit.
        if total and free - 3 * (total - 1) < 1:
            raise InvalidParameter(
                "bananas+lions+changes", total, f"at most {(free - 1) // 3 + 1} counters"
            )

    @classmethod
    def variants(cls) -> list[dict]:
        """Every rule variant, the player counts and the edge cases: no counters at all,
        one card in hand, and a short track packed with as many counters as fit."""
        return [
            {},
            {"players": 2},
            {"players": 4},
            {"change_position": "send_back"},
            {"play_on_others": "anyone"},
            {"play_on_others": "never"},
            {"exact_finish": True},
            {"hand_size": 1},
            {"bananas": 0, "lions": 0, "changes": 0},
            {"track_length": 30, "villages": (10, 20), "bananas": 5, "lions": 2, "changes": 2},
        ]

    @property
    def max_length(self) -> int:
        played = 2 * CARD_FACES - PILES * self.num_players
        return self.counters + played + self.params["changes"]

    def describe_event(self, kind: str, args: tuple) -> str:
        return NARRATION[kind](*args)

    def redact(self, kind: str, args: tuple) -> tuple[str, tuple] | None:
        """Others learn that a card was drawn or a counter placed, not which."""
        if kind == "draw":
            return "draw_hidden", args[:1]
        if kind == "place":
            return "place_hidden", (args[0], args[2])
        if kind in ("deal_counters", "deal_hand"):
            return kind + "_hidden", (args[0], len(args) - 1)
        return None

    choice_hint = "e.g. jeep 5, pile A or space 37"

    def choice_path(self, state: State, action) -> tuple[str, ...]:
        """The steps of a move in the play panel: ``narration.choice_path``."""
        return choice_path(state, action)

    def rule_help(self, state: State) -> str:
        return RULE_HELP[PHASE_NAMES[state.phase]]

    def standing(self, state: State) -> tuple[int, ...]:
        """The leaders: the expeditions furthest along the track."""
        far = max(state.positions)
        return tuple(p for p, pos in enumerate(state.positions) if pos == far)
