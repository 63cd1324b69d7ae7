"""Tembo: a cooperative journey of an elephant herd across the savanna.

The rulebook is the Russian partial rulebook (its sentences, with the English
working translation, are ``rulebook.py``); everything it leaves open is a
documented reconstruction — a data file or a named parameter here. Sections cited
below are the rulebook's headings: "Turn", "Play direction", "Build the savanna",
"Place elephants", "Lions", "Landmarks", "How to lose", "Support tokens"; and the
reconstruction's ("Players", "Cards"…).

Rule decisions beyond the reconstruction (each where the texts are silent):

* Only the first elephant a player places in a turn must touch the herd (seed
  "Place elephants"): after token D's elephant, that turn's pattern may go on any
  free cells. ``touch_herd="every"`` asks it of every placement instead (the Board
  Game Arena summary's "placement must always be adjacent").
* Water: +3 rested (from the tired reserve) per water cell reached, placeable from
  the next turn on (``arriving``).
* The pattern's "first footprint" (the anchor a player names) is its first cell in
  reading order after turning.
* The Matriarch's "furthest elephant": the highest column, then the northmost
  cell. She then gathers the herd: every elephant on the savanna goes back to its
  owner, tired (``gather="furthest"``: only the elephants of her cell).
* No elephant on any cell of the Destination board until all six landmarks are
  visited (seed "Landmarks": the board, not only its two purple cells).
* A support token is spent for its benefit, so it is offered only where it has one:
  A below the top of the energy track, B with a tired elephant to rest, C once a
  turn, D with a rested elephant and a cell for it.
* Lions: the nearest area holding elephants, ties to the one nearest the
  Matriarch's area, then the journey's order; a step goes to the lowest-numbered
  neighbour on a shortest path. No elephant out: toward the Matriarch.
* A player who can neither build nor place discards a card (``Discard``).
* The turn cap ends the game "truncated" with the team's outcome "lost".
* Hidden: teammates' hands and the deck's order, not the cards' backs (deck I, II
  or III): a sample redraws each card among the hidden cards with its back (``deal``).

Module map: ``components`` (journey and cards from data), ``actions``,
``placement`` (placing elephants, trees, water, landmarks, the win),
``events`` (refill, Lion and Matriarch cards, losses), ``building`` (the
build step and its four actions), ``deal`` (the deal, the backs, samples),
``speed`` (tables for the hot path), this module (parameters, the state's
steps, views, copies; the ``Game``).

>>> import boardlab
>>> state = boardlab.load("tembo").new_game(seed=1)
>>> state.step, state.current_player, len(state.hands[0]), state.energy
('turn', 0, 3, 10)
"""

from __future__ import annotations

from boardlab.core import Game, IllegalAction, Outcome, Param, State, register
from boardlab.core.data import DataFileError
from boardlab.core.errors import InvalidParameter
from boardlab.core.params import DataFile, with_words

from .actions import (
    ACTION_TYPES,
    Build,
    Choose,
    Discard,
    Elephant,
    Footprint,
    OnArea,
    Place,
    Support,
    Turn,
)
from .building import BuildingRules
from .components import (
    AREAS_PATH,
    CARDS_PATH,
    JOURNEY_PATH,
    TREE_ORDER,
    ActionTable,
    cells_of,
    default_text,
    make_tables,
    parse_cards,
    parse_journey,
)
from .deal import card_backs
from .events import HAND, EventRules
from .narration import NARRATION, RULE_HELP
from .placement import PLACE_RULE, PlacementRules
from .progress import Progress
from .speed import speed_tables
from .words import WORDS

DEFAULT_JOURNEY = DataFile("journey.csv", default_text(JOURNEY_PATH, "journey"))
DEFAULT_AREAS = DataFile("areas.csv", default_text(AREAS_PATH, "areas"))
DEFAULT_CARDS = DataFile("cards.csv", default_text(CARDS_PATH, "cards"))

D = "reconstruction: "
SPECS = with_words(
    WORDS,
    Param(
        "players", 2, "int", "Players in the team.", "Goal; reconstruction: Players", low=1, high=4
    ),
    Param("starting_energy", 10, "int", "Energy at setup.", D + "Players", low=1, high=30),
    Param("energy_max", 15, "int", "Top of the energy track.", D + "Players", low=2, high=30),
    Param("elephants", 10, "int", "Elephants per player.", D + "Players", low=1, high=30),
    Param(
        "starting_rested",
        3,
        "int",
        "Rested elephants per player at setup (the rest tired).",
        D + "Players",
        low=0,
        high=30,
    ),
    Param(
        "support_tokens", 4, "int", "Support tokens for the team.", "Support tokens", low=0, high=20
    ),
    Param(
        "lion_cards",
        10,
        "int",
        "Lion cards (split over decks I, II, III as 3+3+4).",
        "Lions",
        low=0,
        high=20,
    ),
    Param(
        "matriarch_cards",
        4,
        "int",
        "Matriarch cards (split over the decks).",
        D + "Matriarch card",
        low=0,
        high=12,
    ),
    Param(
        "deck_size",
        12,
        "int",
        "Savanna cards per deck (the first of each deck in the cards file, at most as many "
        "as its largest deck holds): the game's clock.",
        D + "Cards",
        low=1,
        high=40,
    ),
    Param(
        "deck_order",
        "stacked",
        "choice",
        "Decks I, II, III stacked (I on top), or all shuffled together.",
        D + "Cards",
        choices=("stacked", "shuffled"),
        printed=("stacked",),
    ),
    Param(
        "lion_rests", True, "bool", "A lion lying down skips its next activation.", D + "Lion card"
    ),
    Param(
        "gather",
        "herd",
        "choice",
        "What a Matriarch card brings back: the whole herd on the savanna, or only the "
        "elephants on the cell she moves to (the earlier reading: every other elephant "
        "placed is spent for good).",
        "Matriarch card",
        choices=("herd", "furthest"),
        printed=("herd",),
    ),
    Param(
        "touch_herd",
        "first",
        "choice",
        "Which elephants must be placed next to an elephant or the Matriarch: the first "
        "of each turn (as printed), or every placement (the Board Game Arena summary).",
        "Place elephants",
        choices=("first", "every"),
        printed=("first",),
    ),
    Param(
        "double_matriarch_penalty",
        5,
        "int",
        "Extra energy lost when one refill draws two Matriarch cards.",
        D + "Matriarch card",
        low=0,
        high=15,
    ),
    Param(
        "open_hands",
        False,
        "bool",
        "Full table talk: everyone sees every hand (the seed says never show your cards).",
        "Sharing information",
        printed=(False,),
    ),
    Param(
        "seats",
        (),
        "per_player",
        "Each player's seat direction, 0=S 1=W 2=N 3=E (empty: S, N, W, E in seat order).",
        "Play direction",
        low=0,
        high=3,
    ),
    Param("journey", DEFAULT_JOURNEY, "datafile", "The map (CSV row,terrain,areas).", D + "Grid"),
    Param(
        "areas",
        DEFAULT_AREAS,
        "datafile",
        "The areas of the map (CSV area,kind,action,lion).",
        D + "Areas",
    ),
    Param(
        "cards",
        DEFAULT_CARDS,
        "datafile",
        "The savanna cards (CSV name,deck,terrain,pattern,rotate).",
        D + "Cards",
    ),
    Param(
        "max_turns",
        120,
        "int",
        "Turn cap: a capped game ends truncated (the deck ends a default game first).",
        "Turn cap",
        low=1,
        high=400,
    ),
)
STEP_RULES = {
    "turn": "Turn",
    "area": "Build the savanna",
    "build_turn": "Play direction",
    "target": "Build the savanna",
    "place_turn": "Support tokens",
    "footprint": PLACE_RULE,
    "elephant": "Support tokens",
    "over": "How to lose / Winning",
}
TOKENS = ("A", "B", "C", "D")
DEFAULT_SEATS = (0, 2, 1, 3)  # S, N, W, E


class TemboState(PlacementRules, EventRules, BuildingRules, Progress, State):
    """A position: the savanna, the herd, hands, deck, energy, tokens, lions, Matriarch.

    ``step`` says what the current player decides: ``turn`` (a support token or an
    action's card), ``area``/``build_turn``/``target`` (building), ``place_turn``/
    ``footprint`` (placing), ``elephant`` (one elephant: token D or build action 4).
    """

    def __init__(self, game: TemboGame, seed: int = 0) -> None:
        super().__init__(game, seed)
        params, journey = game.params, game.journey
        n = game.num_players
        self.energy = params.starting_energy
        self.tokens = params.support_tokens
        rested = min(params.starting_rested, params.elephants)
        self.rested = [rested] * n
        self.arriving = [0] * n  # rested from water this turn: not placeable yet
        self.tired = [params.elephants - rested] * n
        self.on_savanna = [0] * n
        self.box = [0] * n
        self.owner = [-1] * journey.cells
        self.count = [0] * journey.cells
        self.terrain = list(journey.terrain)
        self.matriarch = journey.matriarch_start
        self.lions = list(journey.lion_starts)
        self.lying = [False, False]
        self.stands = [True] * len(TREE_ORDER)
        self.visited = [False] * len(journey.landmarks)
        self.covered = [-1] * len(journey.areas)  # the card built on each area
        self.discard: list[int] = []
        self.resolved: list[int] = []
        self.trees = game.printed_trees
        self.herd, self.rough = 0, game.printed_rough  # masks of ``count``, ``terrain``
        self.step, self.card, self.area, self.quarters = "turn", -1, -1, -1
        self.rotate_next, self.turn = False, 0
        self.placed = False  # an elephant is out this turn: later ones need not touch the herd
        self.single = ""  # why an Elephant step was asked: "token" or "build"
        self.hands, self.deck = game.deal(self.rng)
        self.current_player = 0
        for p, hand in enumerate(self.hands):
            self._log.append(("deal", None if params.open_hands else (p,), (p, *hand)))

    # -- the decision asked for -------------------------------------------------------
    def legal_actions(self) -> list:
        """The current step's choices (see the class docstring).

        Speed: each action object is made once per game (``speed.speed_tables``), and a
        card's pattern is looked at only until its first fit (``placeable``)."""
        step, p, game = self.step, self.current_player, self.game
        if step == "turn":
            window = self.window(p)
            if self.tokens:  # ``token_options``, inlined: each where it has an effect
                support = game.support_acts
                out = []
                if self.energy < game.energy_max:
                    out.append(support["A"])
                if self.tired[p]:
                    out.append(support["B"])
                if not self.rotate_next:
                    out.append(support["C"])
                if window[3] and window[0] & ~window[1]:  # a rested elephant, a free cell
                    out.append(support["D"])
            else:
                out = []
            hand = sorted(self.hands[p])
            turns = (0, 1, 2, 3) if self.rotate_next else game.seat_turn_tuples[p]
            place = game.place_acts
            placeable = [place[c] for c in self.placeable(hand, turns, window)]
            if self.covered.count(-1) > game.other_areas:  # a card area is free
                out += [game.build_acts[c] for c in hand]
            elif not placeable:
                return out + [game.discard_acts[c] for c in hand]
            return out + placeable
        if step == "footprint":
            acts = game.footprint_acts
            return [acts[a] for a, _ in self.placements(self.card, self.quarters, p)]
        if step == "area":
            acts, covered = game.area_acts, self.covered
            return [acts[a] for a in game.card_areas if covered[a] < 0]
        if step == "build_turn":
            return list(game.turn_acts)
        if step == "place_turn":
            return [game.turn_acts[q] for q in self.place_turns(self.card, p)]
        if step == "target":
            return list(game.others[p])
        if step == "elephant":
            return [game.elephant_acts[c] for c in self.single_cells(p)]
        return []

    def _candidates(self) -> list:
        """Near misses: a card on a landmark area or on another card; a pattern anchored
        where it does not fit; an elephant on the locked Destination board."""
        game, names = self.game, self.game.cell_names
        if self.step == "area":
            return [OnArea(a.name) for a in game.journey.areas if a.kind in ("card", "landmark")]
        if self.step == "footprint":
            return [Footprint(names[c]) for c in range(0, game.journey.cells, 3)]
        if self.step == "elephant":
            return [Elephant(names[c]) for c in cells_of(game.masks.locked)]
        if self.step == "turn" and self.current_player is not None:
            hand = self.hands[self.current_player]
            return [Place(game.card_names[c]) for c in hand]
        return []

    def _apply(self, action) -> None:
        p = self.current_player
        play = _STEPS.get((self.step, type(action)))
        if play is None:
            step = self.step
            raise IllegalAction(
                f"player {p} must {RULE_HELP[step].split(':')[0]}", STEP_RULES[step], action
            )
        play(self, action, p)

    def hand_card(self, name: str, p: int, action, rule: str) -> int:
        card = self.game.card_ids.get(name)
        if card is None or card not in self.hands[p]:
            raise IllegalAction(f"player {p} holds no card {name!r}", rule, action)
        return card

    def _support(self, action: Support, p: int) -> None:
        """Seed "Support tokens": A +1 energy, B +2 rested, C turn the next card, D place 1."""
        t = action.token
        if t not in TOKENS or not self.tokens:
            raise IllegalAction(
                "the team has no support token left"
                if t in TOKENS
                else f"no support token {t!r} (A, B, C or D)",
                "Support tokens",
                action,
            )
        if t not in self.token_options(p):
            why = {
                "A": f"token A would do nothing: energy is at the top of its track "
                f"({self.game.energy_max})",
                "B": f"token B would do nothing: player {p} has no tired elephant to rest",
                "C": "token C is already spent this turn",
                "D": "there is no free cell for the elephant, or no rested elephant",
            }[t]
            raise IllegalAction(why, "Support tokens", action)
        self.tokens -= 1
        self._log.append(("support", None, (p, t)))
        if t == "A":
            self.energy = min(self.game.energy_max, self.energy + 1)
        elif t == "B":
            self.gain(p, 2)
        elif t == "C":
            self.rotate_next = True
        else:
            self.step, self.single = "elephant", "token"

    def _place(self, action: Place, p: int) -> None:
        card = self.hand_card(action.card, p, action, PLACE_RULE)
        turns = self.place_turns(card, p)
        if not turns:
            raise IllegalAction(
                f"the pattern of {action.card} fits nowhere (whole pattern, free "
                "spaces, next to the herd, enough rested elephants)",
                PLACE_RULE,
                action,
            )
        self.card = card
        self._log.append(("plays", None, (p, card, "place")))
        if self.rotate_next:
            self.step = "place_turn"
        else:
            self.step, self.quarters = "footprint", turns[0]

    def _turn(self, action: Turn, p: int) -> None:
        q = action.quarters
        if q not in range(4):
            raise IllegalAction(
                f"a card turns by 0 to 3 quarters, not {q}", "Play direction", action
            )
        if self.step == "build_turn":
            self.lay_card(p, q)
            return
        if not self.fits_any(self.card, q, self.window(p)):
            raise IllegalAction("the pattern fits nowhere turned this way", PLACE_RULE, action)
        self.step, self.quarters = "footprint", q

    def _footprint(self, action: Footprint, p: int) -> None:
        game = self.game
        anchor = game.cell_ids.get(action.cell)
        cells = (
            None if anchor is None else game.tables.by_anchor[self.card][self.quarters].get(anchor)
        )
        why = self.why_not(cells, p)
        if why:
            raise IllegalAction(why, PLACE_RULE, action)
        self.hands[p].remove(self.card)
        self.discard.append(self.card)
        self.put_elephants(p, cells)
        self.card = self.quarters = -1
        if self.outcome is None:
            self.end_turn(p)

    def _elephant(self, action: Elephant, p: int) -> None:
        cell = self.game.cell_ids.get(action.cell)
        why = "no such cell" if cell is None else self.why_not((cell,), p, ignore_rough=True)
        if why:
            raise IllegalAction(why, "Support tokens D / Build the savanna", action)
        self.put_elephants(p, (cell,), ignore_rough=True)
        if self.outcome is not None:
            return
        if self.single == "token":
            self.step, self.single = "turn", ""
        else:
            self.single = ""
            self.end_turn(p)

    def _discard(self, action: Discard, p: int) -> None:
        card = self.hand_card(action.card, p, action, "Turn")
        if self.can_build_or_place(p):
            raise IllegalAction(
                "you may discard only when you can neither build nor place", "Turn", action
            )
        self.hands[p].remove(card)
        self.discard.append(card)
        self._log.append(("discards", None, (p, card)))
        self.end_turn(p)

    def gain(self, p: int, k: int) -> int:
        """ "+k rested": tired reserve elephants become rested, as many as there are."""
        k = min(k, self.tired[p])
        self.tired[p] -= k
        self.rested[p] += k
        self._log.append(("rests", None, (p, k)))
        return k

    def end_turn(self, p: int) -> None:
        """Water's elephants become placeable; refill to 3; the cap; the next player."""
        self.rested[p] += self.arriving[p]
        self.arriving[p] = 0
        self.rotate_next = self.placed = False
        self.step, self.card, self.area, self.quarters, self.single = "turn", -1, -1, -1, ""
        self.refill(p)
        if self.outcome is not None:
            return
        self.turn += 1
        if self.turn >= self.game.max_turns:
            self._log.append(("cut_short", None, (self.turn,)))
            self.outcome = Outcome(
                "truncated",
                (),
                (tuple(range(self.game.num_players)),),
                team="lost",
                reason="turn cap",
            )
            self.current_player, self.step = None, "over"
            return
        self.current_player = (p + 1) % self.game.num_players

    def _finish(self, team: str, reason: str) -> None:
        n = self.game.num_players
        everyone = tuple(range(n))
        self._log.append(("won" if team == "won" else "lost", None, (reason,)))
        self.outcome = Outcome(
            "finished", everyone if team == "won" else (), (everyone,), team=team, reason=reason
        )
        self.current_player, self.step = None, "over"

    def conservation(self) -> dict[str, tuple[int, int]]:
        """Each player's elephants (rested + tired + savanna + box), and every card."""
        total = self.game.params.elephants
        out = {
            f"elephants of player {p}": (
                self.rested[p]
                + self.arriving[p]
                + self.tired[p]
                + self.on_savanna[p]
                + self.box[p],
                total,
            )
            for p in range(self.game.num_players)
        }
        on_board = sum(1 for c in self.covered if c >= 0)
        held = sum(map(len, self.hands))
        counted = len(self.deck) + held + len(self.discard) + on_board + len(self.resolved)
        out["cards"] = (counted, self.game.total_cards)
        return out

    @property
    def scores(self) -> list[int]:
        """The team's progress, the same for everybody: landmarks visited."""
        return [sum(self.visited)] * self.game.num_players

    def area_name(self, area: int) -> str:
        return self.game.journey.areas[area].name

    def observation(self, player: int | None) -> dict:
        """Everything on the table; ``player``'s own hand (every hand with open hands)."""
        game = self.game
        names = game.card_names
        open_hands = game.params.open_hands
        return {
            "player": player,
            "step": self.step,
            "current_player": self.current_player,
            "turn": self.turn,
            "energy": self.energy,
            "tokens": self.tokens,
            "rested": list(self.rested),
            "arriving": list(self.arriving),
            "tired": list(self.tired),
            "on_savanna": list(self.on_savanna),
            "box": list(self.box),
            "elephants": {
                game.cell_names[c]: [self.owner[c], k] for c, k in enumerate(self.count) if k
            },
            "terrain": "".join(self.terrain),
            "matriarch": self.matriarch,
            "lions": list(self.lions),
            "lying": list(self.lying),
            "stands": list(self.stands),
            "visited": list(self.visited),
            "covered": [names[c] if c >= 0 else None for c in self.covered],
            "card": names[self.card] if self.card >= 0 else None,
            "rotate_next": self.rotate_next,
            "placed": self.placed,
            "hand": None if player is None else sorted(names[c] for c in self.hands[player]),
            "hands": [sorted(names[c] for c in h) if open_hands else None for h in self.hands],
            "hand_sizes": [len(h) for h in self.hands],
            "deck_size": len(self.deck),
            "discard": [names[c] for c in self.discard],
            "resolved": [names[c] for c in self.resolved],
            "outcome": None if self.outcome is None else self.outcome.to_json(),
        }

    # -- copies, JSON, determinization --------------------------------------------------
    _LISTS = (
        "rested",
        "arriving",
        "tired",
        "on_savanna",
        "box",
        "owner",
        "count",
        "terrain",
        "lions",
        "lying",
        "stands",
        "visited",
        "covered",
        "discard",
        "resolved",
        "deck",
    )
    _SCALARS = (
        "energy",
        "tokens",
        "matriarch",
        "step",
        "card",
        "area",
        "quarters",
        "rotate_next",
        "placed",
        "turn",
        "single",
    )

    def _copy(self, other: TemboState) -> None:
        for name in self._LISTS:
            setattr(other, name, list(getattr(self, name)))
        for name in self._SCALARS:
            setattr(other, name, getattr(self, name))
        other.herd, other.rough = self.herd, self.rough
        other.hands = [list(h) for h in self.hands]
        other.trees = self.trees  # a tuple of tuples, replaced (never changed) on a build

    def _dump(self) -> dict:
        data = {name: getattr(self, name) for name in self._LISTS + self._SCALARS}
        data["hands"] = self.hands
        return data

    def _load(self, data: dict) -> None:
        for name in self._LISTS + self._SCALARS:
            value = data[name]
            setattr(self, name, list(value) if name in self._LISTS else value)
        self.hands = [list(h) for h in data["hands"]]
        self.trees = self.tree_pairs()
        self.derive_masks()

    from .arrange import arrange_state as _arrange
    from .deal import resample_state as _resample


#: What each action does in each step (``_apply``); any other pair is refused.
_STEPS = {
    ("turn", Support): TemboState._support,
    ("turn", Build): TemboState._build,
    ("turn", Place): TemboState._place,
    ("turn", Discard): TemboState._discard,
    ("area", OnArea): TemboState._on_area,
    ("build_turn", Turn): TemboState._turn,
    ("place_turn", Turn): TemboState._turn,
    ("target", Choose): TemboState._choose,
    ("footprint", Footprint): TemboState._footprint,
    ("elephant", Elephant): TemboState._elephant,
}


@register(state=TemboState)
class TemboGame(Game):
    """Tembo: Survival on the Savanna, a documented reconstruction (``boardlab.load("tembo")``)."""

    name = "tembo"
    title = "Tembo"
    specs = SPECS
    score_words = ("landmark visited", "landmarks visited")  # the standings' unit (of N: below)
    action_types = ACTION_TYPES
    cooperative = True
    end_rule = STEP_RULES["over"]

    def __init__(self, params) -> None:
        super().__init__(params)
        j, a, c = params["journey"], params["areas"], params["cards"]
        self.journey = parse_journey(j.text, a.text, j.name, a.name)
        self.score_words = (f"of {len(self.journey.landmarks)} landmarks visited",) * 2  # "3 of 6"
        self.cards = parse_cards(c.text, c.name)
        self.savanna_count = len(self.cards)
        self.lion_ids = range(self.savanna_count, self.savanna_count + params.lion_cards)
        start = self.lion_ids.stop
        self.matriarch_ids = range(start, start + params.matriarch_cards)
        self.card_names = [card.name for card in self.cards]
        self.card_names += [f"lion {i + 1}" for i in range(params.lion_cards)]
        self.card_names += [f"matriarch {i + 1}" for i in range(params.matriarch_cards)]
        self.card_ids = {name: i for i, name in enumerate(self.card_names)}
        self.decks = [
            [i for i, card in enumerate(self.cards) if card.deck == d][: params.deck_size]
            for d in range(3)
        ]
        self.backs = card_backs(self)  # each card's back: deck I, II or III (``deal.py``)
        self.gather_herd = params.gather == "herd"
        self.touch_every = params.touch_herd == "every"
        self.total_cards = sum(map(len, self.decks)) + params.lion_cards + params.matriarch_cards
        self.tables = make_tables(self.journey, self.cards)
        from .components import turn_offsets

        self.offsets = [[turn_offsets(card.pattern, q) for q in range(4)] for card in self.cards]
        seats = params.seats or DEFAULT_SEATS[: self.num_players]
        self.seat_turns = tuple(seats)
        self.seat_turn_tuples = tuple((q,) for q in seats)
        self.cell_names = [self.journey.name(x) for x in range(self.journey.cells)]
        self.cell_ids = {name: i for i, name in enumerate(self.cell_names)}
        self.purple = [self.journey.purple(area) for area in self.journey.landmarks]
        self.acts: dict = ActionTable()
        #: The trees of the printed journey (a state's ``trees`` until a card is built).
        self.printed_trees = TemboState.tree_pairs(_Printed(self))
        speed_tables(self)

    from .deal import deal  # the hands and the deck of a new game

    @classmethod
    def validate(cls, params) -> None:
        j, a, c = params["journey"], params["areas"], params["cards"]
        parse_journey(j.text, a.text, j.name, a.name)
        cards = parse_cards(c.text, c.name)
        if params["starting_rested"] > params["elephants"]:
            raise InvalidParameter(
                "starting_rested",
                params["starting_rested"],
                f"at most elephants={params['elephants']}",
            )
        if params["starting_energy"] > params["energy_max"]:
            raise InvalidParameter(
                "starting_energy",
                params["starting_energy"],
                f"at most energy_max={params['energy_max']}",
            )
        largest = max(sum(1 for card in cards if card.deck == d) for d in range(3))
        if params["deck_size"] > largest:  # the first deck_size of each deck: no more exist
            raise InvalidParameter(
                "deck_size",
                params["deck_size"],
                f"at most {largest}, the most savanna cards a deck of {c.name} holds "
                "(a larger deck_size would play the same games)",
            )
        first = (
            sum(1 for card in cards if card.deck == 0)
            if params["deck_order"] == "stacked"
            else len(cards)
        )
        first = min(first, params["deck_size"] * (1 if params["deck_order"] == "stacked" else 3))
        if params["players"] * HAND > first:
            if c == DEFAULT_CARDS:
                raise InvalidParameter(
                    "deck_size",
                    params["deck_size"],
                    f"at least {params['players'] * HAND} savanna cards to deal from the top deck",
                )
            raise DataFileError(
                "cards",
                c.name,
                None,
                "too few savanna cards in deck I to "
                f"deal {HAND} to each of {params['players']} players",
            )
        seats = params["seats"]
        if seats and len(seats) != params["players"]:
            raise InvalidParameter("seats", seats, "one direction per player, or empty")

    @classmethod
    def variants(cls) -> list[dict]:
        return [
            {},
            {"players": 1},
            {"players": 4},
            {"open_hands": True},
            {"deck_order": "shuffled"},
            {"starting_energy": 15, "support_tokens": 8, "lion_cards": 4},
            {"starting_energy": 6, "support_tokens": 0, "lion_cards": 14},
            {"lion_rests": False, "double_matriarch_penalty": 0, "seats": (1, 3)},
            {"gather": "furthest"},
            {"touch_herd": "every"},
            {"max_turns": 5},
        ]

    @property
    def max_length(self) -> int:
        """A turn takes at most 5 steps plus 2 per support token; each turn draws a card."""
        turns = min(self.params.max_turns, self.total_cards + 1)
        return turns * 5 + 2 * self.params.support_tokens + 5

    def describe_event(self, kind: str, args: tuple) -> str:
        return NARRATION[kind](self, *args)

    def redact(self, kind: str, args: tuple) -> tuple[str, tuple] | None:
        """Teammates learn that cards were dealt or drawn, never which (seed: never show)."""
        if kind == "deal":
            return "deal_hidden", (args[0], len(args) - 1)
        if kind == "draw":
            return "draw_hidden", args[:1]
        return None

    def rule_help(self, state: State) -> str:
        return RULE_HELP.get(state.step, "")

    choice_hint = "e.g. I-03, area g, b14"

    def choice_path(self, state: State, action) -> tuple[str, ...]:
        """One label per step, saying what the choice does (a build area's action)."""
        if type(action) is OnArea:
            for area in self.journey.areas:
                if area.name == action.area and area.action:
                    from .components import BUILD_WORDS

                    return (f"area {area.name} → {BUILD_WORDS[area.action]}",)
        return (str(action),)

    def standing(self, state: State) -> tuple[int, ...]:
        """One team: everybody leads together."""
        return tuple(range(self.num_players))


class _Printed:
    """Just enough of a state to find the printed journey's trees (``tree_pairs``)."""

    def __init__(self, game: TemboGame) -> None:
        self.game, self.terrain = game, game.journey.terrain
