"""Waterhole, the template game: its rulebook, and the rules that implement it.

A race of animal cards to the waterhole, small enough to read in one sitting,
with everything a real game needs: a shuffled deck, hidden hands, a
sub-decision, two ways to end, and a turn cap.

The rulebook (every docstring and ``IllegalAction`` below cites a section):

§1 Setup. The deck holds 20 cards: zebras and lions, values 1–5, two of
   each (parameter ``cards``: a deck file a teacher may edit). Shuffle it
   and deal each player ``hand_size`` cards, kept hidden; the deal leaves at
   least one card in the deck.
   Every pawn starts in camp (space 0); the waterhole is space
   ``track_length``. Player 0 begins; turns go in seat order.
§2 Turn. Play one card from your hand and move your pawn forward by its
   value. Then draw the top card of the deck, if any is left.
§3 The lion. After moving with a lion, choose another player whose pawn is
   as far as yours or further (variant ``catch_up=False``: any other player)
   and chase them: they go back as many spaces as the lion's value, never
   past camp (variant ``lion="to_camp"``: straight back to camp). If nobody
   may be chased, the lion chases nobody. The chase comes before your draw.
§4 The waterhole. A pawn that reaches the waterhole (onto or past it) wins
   at once; its lion chases nobody.
§5 Cards run out. When the deck is empty and the next player holds no card,
   the game ends: the pawn furthest along wins; a tie goes to the tied player
   holding the highest card (they would move furthest next); still tied,
   they share the win.
§6 Turn cap. A game still running after ``max_turns`` turns is cut short
   (truncated) and ranked as in §5.

>>> import boardlab
>>> state = boardlab.load("template").new_game(seed=1)
>>> state.step, state.current_player, len(state.hands[0])
('play', 0, 3)

# TEMPLATE: replace the rulebook above with your game's, in short numbered
# sections, and cite them everywhere. Then replace the state's fields, the
# rules and the parameters; keep the shape: parameters → state (legal
# actions, ``_apply``, views, the end, ``_arrange``, the declared fields,
# ``_resample``) → the ``Game`` class, which stands after the state because
# ``@register(state=...)`` names it.
"""

from __future__ import annotations

import random

from boardlab.core import Game, IllegalAction, Outcome, Param, State, rank_by, register
from boardlab.core.chance import shuffle
from boardlab.core.checks import names, per_player, whole, wholes
from boardlab.core.data import DataFileError
from boardlab.core.errors import InvalidParameter
from boardlab.core.params import DataFile, with_words

from .actions import Chase, PlayCard
from .components import (
    CAMP,
    CARD_NAMES,
    card_name,
    default_cards_text,
    is_card,
    is_lion,
    parse_card,
    parse_cards,
    value_of,
)
from .narration import EFFECT, NARRATION, PREY, RULE_HELP, space
from .words import WORDS

# TEMPLATE: a data file a teacher may edit is a ``datafile`` parameter whose default
# is the file the package ships, read once here with the strict decoding. Records
# name that file by its sha256 only; a teacher's file (a path, its text or a
# ``DataFile``) is embedded whole, so its record replays anywhere; and a record
# made before the shipped file changed fails to replay, naming both hashes.
#: The shipped deck file (§1 Setup): the printed deck, 20 cards.
DEFAULT_CARDS = DataFile("cards.csv", default_cards_text())

# TEMPLATE: one Param per choice the rules leave open or a teacher may vary: name,
# default (the printed rule), kind, a doc sentence, and the rule section it changes;
# and its words for players (label, group, one sentence) in words.py.
SPECS = with_words(
    WORDS,
    Param("players", 3, "int", "Number of players.", "§1 Setup", low=2, high=4),
    Param(
        "track_length",
        15,
        "int",
        "The waterhole's space: reach it to win.",
        "§1 Setup; §4",
        low=8,
        high=30,
    ),
    Param("hand_size", 3, "int", "Cards in each hand.", "§1 Setup", low=1, high=5),
    Param(
        "cards",
        DEFAULT_CARDS,
        "datafile",
        "The deck (CSV: animal,value,copies; one row per card): a path, the file's "
        "text or a DataFile. The default is the printed deck, data/cards.csv.",
        "§1 Setup",
    ),
    Param(
        "catch_up",
        True,
        "bool",
        "The lion chases only pawns as far as yours or further; with this off, any other pawn.",
        "§3 The lion",
        printed=(True,),
    ),
    Param(
        "lion",
        "send_back",
        "choice",
        "What a chase does: back by the lion's value, or (variant) straight back to camp.",
        "§3 The lion",
        choices=("send_back", "to_camp"),
        printed=("send_back",),
    ),
    Param(
        "max_turns",
        30,
        "int",
        "Turn cap (all players' turns together); the printed deck allows at most 20 "
        "turns, so only a lower cap ever cuts it short.",
        "§6 Turn cap",
        low=1,
        high=100,
    ),
)

#: What each step asks for, and the rule that says so: cited when an action comes
#: at the wrong step.
STEP_RULES = {"play": "§2 Turn", "chase": "§3 The lion", "over": "§4–§6 (the game is over)"}


class WaterholeState(State):
    """A position in Waterhole: the pawns, the hands, the deck, and whose decision it is.

    ``step`` is ``"play"`` (choose a card), ``"chase"`` (choose the lion's prey:
    ``lion`` holds the lion just played) or ``"over"``.
    """

    def __init__(self, game: WaterholeGame, seed: int = 0) -> None:
        """§1 Setup: shuffle the deck from the state's own generator, deal, pawns in camp."""
        # TEMPLATE: your game's fields, as plain lists and ints named by the rulebook.
        super().__init__(game, seed)
        n = game.num_players
        k = game.params.hand_size
        deck = list(game.deck)  # the deck file's cards, parsed once by the Game
        shuffle(self.rng, deck)  # chance only from self.rng: a record replays the deal
        self.hands: list[list[int]] = [deck[p * k : (p + 1) * k] for p in range(n)]
        self.deck: list[int] = deck[n * k :]  # the top card is the last one
        self.discard: list[int] = []
        self.positions: list[int] = [CAMP] * n
        self.step = "play"
        self.lion: int | None = None
        self.turn = 0
        self.current_player = 0
        for p, hand in enumerate(self.hands):
            self._log.append(("deal", (p,), (p, *hand)))  # seen by p; others read the redaction
        # TEMPLATE: narration is raw tuples (kind, visible_to, args), never sentences: not
        # a speed trick you may skip, it is the contract (see narration.py).

    # -- the decision asked for ---------------------------------------------------
    def legal_actions(self) -> list[PlayCard | Chase]:
        """§2: one action per distinct card in hand; §3: one per player the lion may chase."""
        # TEMPLATE: speed trick (optional): make every action once per game and hand them
        # out from a table (Kilimanjaro's ``play_moves``). If you do, keep it in a named
        # helper whose comment says what it replaces, with a test that it equals this.
        if self.step == "play":
            return [PlayCard(c) for c in sorted(set(self.hands[self.current_player]))]
        if self.step == "chase":
            return [Chase(q) for q in self.prey(self.current_player)]
        return []

    def _candidates(self) -> list[Chase]:
        """§3: the lion's every possible target, so a widget can grey out the pawns it may
        not chase (behind yours, or your own) with the rule that forbids them; ``State.
        candidate_actions`` finds each reason by trying it."""
        # TEMPLATE: list the near misses a learner would try in each step (a card on every
        # pile, a card on every cell); the legal actions need not be repeated.
        if self.step == "chase":
            return [Chase(q) for q in range(self.game.num_players)]
        return []

    def prey(self, p: int) -> list[int]:
        """The players ``p``'s lion may chase (§3): as far or further, or anyone (variant)."""
        mine = self.positions[p]
        return [
            q
            for q, there in enumerate(self.positions)
            if q != p and (there >= mine or not self.game.params.catch_up)
        ]

    def _apply(self, action: PlayCard | Chase) -> None:
        """Check the action against the step it answers, then play it (checks first).

        ``State.apply`` (core, never overridden) refuses actions after the end and
        anything that is not one of the game's actions with well-typed fields (None, a
        string, a JSON dict), calls this, and records the action. Every check comes
        before the first change, so an ``IllegalAction`` leaves the state as it was.
        """
        # TEMPLATE: one branch per step of your game; an action of another step is
        # refused citing the rule of the step it should answer.
        if self.step == "play" and type(action) is PlayCard:
            self._play(action)
        elif self.step == "chase" and type(action) is Chase:
            self._chase(action)
        else:
            asked = "choose whom the lion chases" if self.step == "chase" else "play a card"
            why = f"player {self.current_player} must {asked}"
            raise IllegalAction(why, STEP_RULES[self.step], action)

    def conservation(self) -> dict[str, tuple[int, int]]:
        """Every card of the deck file is in the deck, a hand or the discard pile.

        TEMPLATE: one law per kind of component the rules move about (cards, wares,
        elephants…); the conformance suite checks them after every step."""
        counted = len(self.deck) + len(self.discard) + sum(map(len, self.hands))
        return {"cards": (counted, len(self.game.deck))}

    # -- the rules -----------------------------------------------------------------
    def _play(self, action: PlayCard) -> None:
        """§2 Turn: play a card from hand and move by its value; §4 win; §3 a lion chases."""
        p, card = self.current_player, action.card
        if not is_card(card):  # core checked the type, not the value
            raise IllegalAction(f"no Waterhole card has the id {card!r}", "§2 Turn", action)
        if card not in self.hands[p]:
            why = f"player {p} holds no {card_name(card)}"
            raise IllegalAction(why, "§2 Turn", action)
        self.hands[p].remove(card)
        self.discard.append(card)
        self._log.append(("play", None, (p, card)))
        start = self.positions[p]
        end = min(start + value_of(card), self.game.params.track_length)
        self.positions[p] = end
        self._log.append(("move", None, (p, start, end)))
        if end == self.game.params.track_length:  # §4: the race is won at once
            self._log.append(("waterhole", None, (p,)))
            self._finish("finished", "waterhole reached")
            return
        if is_lion(card):
            if self.prey(p):  # §3: a sub-decision, still p's: whom to chase
                self.step, self.lion = "chase", card
                return
            self._log.append(("no_prey", None, (p,)))
        self._end_turn(p)

    def _chase(self, action: Chase) -> None:
        """§3 The lion: the chosen pawn goes back by the lion's value (or to camp)."""
        p, q = self.current_player, action.player
        if q not in self.prey(p):
            raise IllegalAction(self._not_prey(p, q), "§3 The lion", action)
        start = self.positions[q]
        back = start if self.game.params.lion == "to_camp" else value_of(self.lion)
        end = max(CAMP, start - back)
        self.positions[q] = end
        self._log.append(("chase", None, (p, q, start, end)))
        self.step, self.lion = "play", None
        self._end_turn(p)

    def _not_prey(self, p: int, q: object) -> str:
        """Why the lion may not chase ``q``, in the rulebook's words."""
        if type(q) is not int or not 0 <= q < self.game.num_players:
            return f"there is no player {q!r}"
        if q == p:
            return "the lion chases another player, never its own"
        return (
            f"player {q} (on {self.positions[q]}) is behind player {p} (on {self.positions[p]}): "
            "the lion chases only pawns as far as yours or further"
        )

    def _end_turn(self, p: int) -> None:
        """§2: draw if the deck has a card; then §5 cards out, §6 the cap, or the next player."""
        if self.deck:
            card = self.deck.pop()
            self.hands[p].append(card)
            self._log.append(("draw", (p,), (p, card)))
        self.turn += 1
        following = (p + 1) % self.game.num_players
        if not self.deck and not self.hands[following]:
            self._finish("finished", "cards ran out")
        elif self.turn >= self.game.params.max_turns:
            self._finish("truncated", "turn cap")
        else:
            self.current_player = following

    def _finish(self, status: str, reason: str) -> None:
        """The end (§4, §5, §6): rank by position, then by the highest card in hand (§5)."""
        keys = {
            p: (self.positions[p], max(map(value_of, hand), default=0))
            for p, hand in enumerate(self.hands)
        }
        ranking = rank_by(keys, "high")  # groups of tied players, best first
        if reason == "cards ran out":
            self._log.append(("cards_out", None, ranking[0]))
        elif reason == "turn cap":
            self._log.append(("cut_short", None, (self.turn, *ranking[0])))
        self.outcome = Outcome(status, ranking[0], ranking, reason=reason)
        self.current_player = None
        self.step = "over"

    # -- what each player sees -------------------------------------------------------
    @property
    def scores(self) -> list[int]:
        """Positions on the track: furthest is best."""
        return list(self.positions)

    def observation(self, player: int | None) -> dict:
        """Everything public, and ``player``'s own hand (a spectator, ``None``, sees none)."""
        return {
            "player": player,
            "step": self.step,
            "current_player": self.current_player,
            "turn": self.turn,
            "positions": list(self.positions),
            "track_length": self.game.params.track_length,
            "hand": None if player is None else [card_name(c) for c in sorted(self.hands[player])],
            "hand_sizes": [len(hand) for hand in self.hands],
            "deck_size": len(self.deck),
            "discard": [card_name(c) for c in self.discard],
            "lion": None if self.lion is None else card_name(self.lion),
            "outcome": None if self.outcome is None else self.outcome.to_json(),
        }

    # -- situations set by hand ---------------------------------------------------------
    def _arrange(
        self,
        *,
        positions: list[int] | None = None,
        hands: list[list[str]] | None = None,
        deck: list[str] | None = None,
        current_player: int = 0,
        turn: int = 0,
    ) -> None:
        """Set up a situation at the start of a turn, for rule tests and exercises.

        Core's ``arrange`` calls this on a fresh game, restarts the narration and keeps
        the arguments in the record, so they must be JSON values (names, not ids).

        Cards by name (``"lion 3"``); ``deck`` is listed top card first. Anything
        not given stays as dealt. A bad argument (a position past the track, a card
        that is no card, a player who is not at the table) is an ``ImpossibleScene``
        naming it, and changes nothing.

        >>> import boardlab
        >>> s = boardlab.load("template").new_game(0).arrange(
        ...     positions=[3, 8, 1], hands=[["lion 4"], ["zebra 1"], ["zebra 2"]], deck=[])
        >>> s.legal_actions()
        [PlayCard.of('lion 4')]
        """
        # TEMPLATE: check every argument before the first change, with the shared checks of
        # ``boardlab.core.checks`` (a whole number in its range, one entry per player, names
        # the game knows): each raises ``ImpossibleScene`` naming the argument and what it
        # may be, never a raw TypeError or IndexError. Core's ``arrange`` has already turned
        # NumPy values into Python's (refusing bools as numbers is ``whole``'s), refused
        # arguments your ``_arrange`` does not take, and puts the state back if you raise.
        # Waterhole's scenes keep the deal's other cards where they were; a real game
        # places every card exactly once and refuses more copies than the box holds
        # (Jambo's and Kombo Afrika's ``arrange``).
        game = self.game
        n = game.num_players
        if positions is not None:  # §1 camp is 0; §4 reaching the waterhole ends the game
            positions = wholes(positions, "positions", CAMP, game.params.track_length - 1, n)
        if hands is not None:
            hands = [
                names(hand, f"hands[{p}]", CARD_NAMES, "a Waterhole card")
                for p, hand in enumerate(per_player(hands, "hands", n, "hand"))
            ]
        if deck is not None:
            deck = names(deck, "deck", CARD_NAMES, "a Waterhole card")
        current_player = whole(current_player, "current_player", 0, n - 1)
        turn = whole(turn, "turn", 0, game.params.max_turns - 1)
        # every check passed: set the situation
        if positions is not None:
            self.positions = positions
        if hands is not None:
            self.hands = [[parse_card(c) for c in hand] for hand in hands]
        if deck is not None:
            self.deck = [parse_card(c) for c in reversed(deck)]
        self.current_player, self.turn = current_player, turn

    # -- copies, JSON and determinization -------------------------------------------------
    # TEMPLATE: name every field of your state here (JSON values: ints, strings, lists,
    # dicts): core's ``_copy``, ``_dump`` and ``_load`` copy, save and load them (lists
    # and the lists inside them copied). A field kept as a bit mask, a tuple or a cache
    # needs hooks of your own (Kilimanjaro's ``_copy``).
    _FIELDS = ("hands", "deck", "discard", "positions", "step", "lion", "turn")

    def _resample(self, player: int, rng: random.Random) -> None:
        """Redraw what ``player`` cannot see: the others' hands and the deck's order.

        Called by core's ``determinize`` on a clone, which then forgets the history,
        keeps only the narration ``player`` may read, and reseeds the generator.
        """
        # TEMPLATE: everything your observation hides must be redrawn here, and
        # nothing it shows (the conformance suite checks both).
        others = [q for q in range(self.game.num_players) if q != player]
        # TEMPLATE: sort what you redraw before the shuffle: a bot owns ``rng`` and could
        # undo a shuffle of the true order (a sample depends on the view and ``rng`` alone).
        unseen = sorted(self.deck + [c for q in others for c in self.hands[q]])
        shuffle(rng, unseen)
        for q in others:
            k = len(self.hands[q])
            self.hands[q], unseen = unseen[:k], unseen[k:]
        self.deck = unseen


# TEMPLATE: ``@register(state=...)`` makes the game loadable by its ``name`` and sets
# ``state_class``; a package under ``boardlab/games/`` then joins the registry, the
# conformance suite (every entry of ``variants()``), the benchmark and the widgets.
@register(state=WaterholeState)
class WaterholeGame(Game):
    """Waterhole, the template game every new game copies (``boardlab.load("template")``)."""

    # TEMPLATE: your game's name (what ``boardlab.load`` takes) and title.
    name = "template"
    title = "Waterhole (the template game)"
    specs = SPECS
    action_types = (PlayCard, Chase)
    score_order = "high"
    end_rule = STEP_RULES["over"]
    # TEMPLATE: required where nothing is hidden: ``perfect_information = True`` (core then
    # observes the whole state and resamples nothing, and the conformance suite does not
    # ask ``determinize`` to change anything). Waterhole hides hands and the deck.
    perfect_information = False
    #: The sentence of each event (core's ``describe_event`` reads it; ``narration.py``).
    narration = NARRATION

    def __init__(self, params) -> None:
        super().__init__(params)
        # TEMPLATE: parse each data file once per game, never per state or per move.
        #: The deck, unshuffled: card ids, ``copies`` times each (``components.parse_cards``).
        self.deck: tuple[int, ...] = parse_cards(params["cards"].text, params["cards"].name)

    @classmethod
    def validate(cls, params) -> None:
        """A readable deck file (its errors name the line), and (§1) a deal that leaves
        the deck at least one card: players × hand_size < the cards in the deck.

        A deal too big for the printed deck blames ``hand_size`` (the teacher changed
        the deal); one too big for a teacher's deck file blames ``cards``.
        """
        # TEMPLATE: parse every data file here too, so a bad file fails at ``load()``
        # (a ``DataFileError`` naming the parameter, file and line), then check the
        # limits across parameters.
        cards = params["cards"]
        deck = parse_cards(cards.text, cards.name)
        players, hand_size = params["players"], params["hand_size"]
        if players * hand_size < len(deck):
            return
        if cards == DEFAULT_CARDS:
            most = (len(deck) - 1) // players
            allowed = f"at most {most} cards each for {players} players"
            raise InvalidParameter("hand_size", hand_size, allowed)
        raise DataFileError(
            "cards",
            cards.name,
            None,
            f"the deck has {len(deck)} cards; §1 Setup needs at least {players * hand_size + 1} "
            f"({players} hands of {hand_size}, and one card left to draw)",
        )

    @classmethod
    def variants(cls) -> list[dict]:
        """The defaults first; fewest and most players (with the biggest deal), each
        rule variant, a long track (games end by §5) and a low cap (§6)."""
        return [
            {},
            {"players": 2},
            {"players": 4, "hand_size": 4},
            {"catch_up": False},
            {"lion": "to_camp"},
            {"track_length": 30},
            {"max_turns": 6},
        ]

    @property
    def max_length(self) -> int:
        """Each turn plays one of the deck's cards for good, and takes at most two actions."""
        return 2 * min(len(self.deck), self.params.max_turns)

    def redact(self, kind: str, args: tuple) -> tuple[str, tuple] | None:
        """The others learn that cards were dealt or drawn, not which (§1, §2)."""
        if kind == "deal":
            return "deal_hidden", (args[0], len(args) - 1)
        if kind == "draw":
            return "draw_hidden", args[:1]
        return None

    def rule_help(self, state: State) -> str:
        """The rule for the decision ``state`` asks for, in this game's variant."""
        text = RULE_HELP.get(state.step, "")
        return text.format(
            waterhole=self.params.track_length,
            prey=PREY[self.params.catch_up],
            effect=EFFECT[self.params.lion],
        )

    # TEMPLATE: the two presentation hooks of ``PlayPanel`` (optional, with generic
    # defaults): the filter's hint, and the steps a move is chosen in. Name each
    # place as your ``render.locate`` does, so a click on the board finds its moves.
    choice_hint = "e.g. lion or 7"

    def choice_path(self, state: State, action: PlayCard | Chase) -> tuple[str, ...]:
        """Each move as ``PlayPanel`` offers it, saying where it leads: a card with the
        space it takes your pawn to (§2, §4), a chase with where the prey goes back to
        (§3). One step each: the rules already split a lion's turn into two decisions.

        >>> import boardlab
        >>> game = boardlab.load("template")
        >>> s = game.new_game(0).arrange(positions=[3, 8, 1], hands=[["lion 4"], [], []])
        >>> game.choice_path(s, s.legal_actions()[0])
        ('lion 4 → moves 4, to space 7',)
        """
        p, length = state.current_player, self.params.track_length
        if type(action) is PlayCard and is_card(action.card) and p is not None:
            start = state.positions[p]
            end = min(start + value_of(action.card), length)
            won = ": the waterhole, you win" if end == length else ""
            return (f"{card_name(action.card)} → moves {end - start}, to {space(end)}{won}",)
        if (
            type(action) is Chase
            and 0 <= action.player < self.num_players
            and state.lion is not None
        ):
            start = state.positions[action.player]
            back = start if self.params.lion == "to_camp" else value_of(state.lion)
            end = max(CAMP, start - back)
            return (f"chase player {action.player}, on {space(start)} → back to {space(end)}",)
        return (str(action),)

    def standing(self, state: State) -> tuple[int, ...]:
        """The leaders: the pawns furthest along the track."""
        far = max(state.positions)
        return tuple(p for p, there in enumerate(state.positions) if there == far)
