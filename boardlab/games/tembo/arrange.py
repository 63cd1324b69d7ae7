"""Tembo: situations set up by hand (``state.arrange``), for rule tests and exercises.

Arguments are JSON values with the rulebook's names: cards by name ("I-03",
"lion 2"), cells by name ("b14"), areas by letter. Cards not placed anywhere go
to the discard pile (savanna cards) or the resolved pile (events), so every
card stays in exactly one place; elephants not given stay in the box.
"""

from __future__ import annotations

from .components import turn_terrain


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
    landmark area letters. Raises ``ValueError`` for an impossible scene."""
    game = self.game
    journey = game.journey
    ids = game.card_ids
    area_ids = {a.name: i for i, a in enumerate(journey.areas)}

    def card(name):
        if name not in ids:
            raise ValueError(f"no card {name!r} in this game")
        return ids[name]

    in_game = set(game.decks[0] + game.decks[1] + game.decks[2])
    in_game |= set(game.lion_ids) | set(game.matriarch_ids)
    used: list[int] = []
    if hands is not None:
        if len(hands) != game.num_players:
            raise ValueError(f"one hand per player ({game.num_players})")
        self.hands = [[card(c) for c in h] for h in hands]
    if built is not None:
        self.covered = [-1] * len(journey.areas)
        self.terrain = list(journey.terrain)
        for area, name, quarters in built:
            i = area_ids[area]
            if journey.areas[i].kind != "card" or self.covered[i] >= 0:
                raise ValueError(f"area {area} is no free card area")
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
        raise ValueError("every card of the game in exactly one place")
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
        raise ValueError(f"more than {game.params.elephants} elephants for a player")
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
