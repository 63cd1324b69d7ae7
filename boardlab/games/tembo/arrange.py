"""Tembo: situations set up by hand (``state.arrange``), for rule tests and exercises.

Arguments are JSON values with the rulebook's names: cards by name ("I-03",
"lion 2"), cells by name ("b14"), areas by letter. Cards not placed anywhere go
to the discard pile (savanna cards) or the resolved pile (events), so every
card stays in exactly one place; elephants not given stay in the box. An argument
of the wrong type, out of range or naming nothing on the map, or a scene no game
can reach, is an ``ImpossibleScene`` naming the argument.
"""

from __future__ import annotations

from boardlab.core.checks import each, flag, listed, names, one_of, per_player, whole, wholes
from boardlab.core.errors import ImpossibleScene

from .components import LIONS, TREE_ORDER, turn_terrain


def arrange_state(
    self,
    *,
    hands: list[list[str]] | None = None,
    deck: list[str] | None = None,
    elephants: dict[str, int] | None = None,
    rested: list[int] | None = None,
    tired: list[int] | None = None,
    energy: int | None = None,
    tokens: int | None = None,
    matriarch: str | None = None,
    lions: list[str] | None = None,
    lying: list[bool] | None = None,
    built: list[list] | None = None,
    visited: list[str] | None = None,
    stands: list[bool] | None = None,
    current_player: int = 0,
    turn: int = 0,
) -> None:
    """Set up a start of turn. ``elephants``: cell → player (two on a rough cell);
    ``built``: ``[area, card, quarters]``; ``deck`` top card first; ``visited``:
    landmark area letters. Raises ``ImpossibleScene`` for a bad argument or an impossible
    scene."""
    game = self.game
    journey = game.journey
    ids = game.card_ids
    area_ids = {a.name: i for i, a in enumerate(journey.areas)}
    n = game.num_players
    # every argument of its type and in its range first (``boardlab.core.checks``)
    if hands is not None:
        hands = [
            names(h, f"hands[{p}]", ids, "a Tembo card")
            for p, h in enumerate(per_player(hands, "hands", n, "hand"))
        ]
    if deck is not None:
        deck = names(deck, "deck", ids, "a Tembo card")
    if built is not None:
        card_areas = [a.name for a in journey.areas if a.kind == "card"]
        savanna = game.card_names[: game.savanna_count]
        built = [
            _built(entry, f"built[{k}]", card_areas, savanna)
            for k, entry in enumerate(listed(built, "built", None, "[area, card, quarters]"))
        ]
    if elephants is not None:
        if not isinstance(elephants, dict):
            raise ImpossibleScene(
                "elephants", f"{elephants!r} is not a dict of cell → player ({{'b3': 0}})"
            )
        for name, p in elephants.items():
            one_of(name, "elephants", game.cell_ids, "a cell")
            whole(p, f"elephants[{name!r}]", 0, n - 1)
    if rested is not None:
        rested = wholes(rested, "rested", 0, game.params.elephants, n)
    if tired is not None:
        tired = wholes(tired, "tired", 0, game.params.elephants, n)
    if energy is not None:  # energy 0 loses the game ("How to lose")
        energy = whole(energy, "energy", 1, game.energy_max)
    if tokens is not None:
        tokens = whole(tokens, "tokens", 0, game.params.support_tokens)
    if matriarch is not None:
        one_of(matriarch, "matriarch", game.cell_ids, "a cell")
    if lions is not None:
        lions = names(lions, "lions", area_ids, "an area")
        listed(lions, "lions", len(LIONS), "areas (the lioness's, then the lion's)")
    if lying is not None:
        lying = each(lying, "lying", flag, "true or false per lion")
        listed(lying, "lying", len(LIONS), "flags (the lioness, then the lion)")
    if stands is not None:
        stands = each(stands, "stands", flag, "true or false per tree colour")
        listed(stands, "stands", len(TREE_ORDER), f"flags ({', '.join(TREE_ORDER)})")
    if visited is not None:
        landmarks = [journey.areas[a].name for a in journey.landmarks]
        visited = names(visited, "visited", landmarks, "a landmark area")
    current_player = whole(current_player, "current_player", 0, n - 1)
    turn = whole(turn, "turn", 0, game.max_turns - 1)

    def card(name):
        return ids[name]

    in_game = set(game.decks[0] + game.decks[1] + game.decks[2])
    in_game |= set(game.lion_ids) | set(game.matriarch_ids)
    used: list[int] = []
    if hands is not None:
        self.hands = [[card(c) for c in h] for h in hands]
    if built is not None:
        self.covered = [-1] * len(journey.areas)
        self.terrain = list(journey.terrain)
        for area, name, quarters in built:
            i = area_ids[area]
            if self.covered[i] >= 0:
                raise ImpossibleScene("built", f"area {area} is built twice")
            c = card(name)
            self.covered[i] = c
            for cell, t in zip(
                journey.areas[i].cells, turn_terrain(game.cards[c].terrain, quarters), strict=True
            ):
                self.terrain[cell] = t
    used += [c for h in self.hands for c in h] + [c for c in self.covered if c >= 0]
    if deck is not None:
        self.deck = [card(c) for c in reversed(deck)]
    else:
        self.deck = [c for c in self.deck if c not in set(used)]
    used += self.deck
    if len(set(used)) != len(used) or not set(used) <= in_game:
        twice = sorted({game.card_names[c] for c in used if used.count(c) > 1})
        absent = sorted({game.card_names[c] for c in set(used) - in_game})
        raise ImpossibleScene(
            "hands, built, deck",
            "every card of the game lies in exactly one place"
            + (f"; given twice: {', '.join(twice)}" if twice else "")
            + (f"; not in this game: {', '.join(absent)}" if absent else ""),
        )
    rest = sorted(in_game - set(used))
    self.discard = [c for c in rest if c < game.savanna_count]
    self.resolved = [c for c in rest if c >= game.savanna_count]
    n = game.num_players
    self.owner = [-1] * journey.cells
    self.count = [0] * journey.cells
    self.on_savanna = [0] * n
    if matriarch is not None:
        self.matriarch = game.cell_ids[matriarch]
    for name, p in (elephants or {}).items():
        c = game.cell_ids[name]
        k = 2 if self.terrain[c] == "r" else 1
        self.owner[c], self.count[c] = p, k
        self.on_savanna[p] += k
    if rested is not None:
        self.rested = list(rested)
    if tired is not None:
        self.tired = list(tired)
    self.arriving = [0] * n
    self.box = [
        game.params.elephants - self.rested[p] - self.tired[p] - self.on_savanna[p]
        for p in range(n)
    ]
    if min(self.box) < 0:
        p = self.box.index(min(self.box))
        raise ImpossibleScene(
            "rested, tired, elephants",
            f"player {p} has {game.params.elephants - self.box[p]} elephants: each has "
            f"{game.params.elephants}",
        )
    if energy is not None:
        self.energy = energy
    if tokens is not None:
        self.tokens = tokens
    if lions is not None:
        self.lions = [area_ids[a] for a in lions]
    if lying is not None:
        self.lying = list(lying)
    if stands is not None:
        self.stands = list(stands)
    if visited is not None:
        self.visited = [journey.areas[a].name in visited for a in journey.landmarks]
    self.trees = self.tree_pairs()
    self.derive_masks()
    self.current_player, self.turn = current_player, turn
    self.step, self.card, self.area, self.quarters, self.single = "turn", -1, -1, -1, ""
    self.rotate_next = self.placed = False


def _built(entry, argument: str, card_areas, savanna) -> list:
    """``[area, card, quarters]``: a card area's letter, a savanna card's name, 0 to 3."""
    entry = listed(entry, argument, 3, "entries: [area, card, quarters]")
    area = one_of(entry[0], argument, card_areas, "a card area")
    name = one_of(entry[1], argument, savanna, "a savanna card")
    return [area, name, whole(entry[2], f"{argument} quarters", 0, 3)]
