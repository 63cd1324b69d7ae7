"""Tembo's tables for the hot path, made once per game (``TemboGame.__init__``).

Speed (the issue's random playouts through the contract): every action object a
menu hands out, made once from the game's ``acts`` table (so each is the one object
``State.apply`` has admitted), the journey's bit masks and the lions' look-ups
(``components``), the card areas and each card's turned terrain, and the parameters
read at every step (``Params`` looks them up by name).
"""

from __future__ import annotations

from .actions import (
    TOKEN_WORDS,
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
from .components import ROUGH, TREES, bits_of, make_lion_tables, make_masks, turn_terrain


def speed_tables(game) -> None:
    """Made once per game for the hot path: masks, every action object (from ``acts``,
    so each is the one object ``State.apply`` knows), parameters read per step."""
    journey, acts, params = game.journey, game.acts, game.params
    game.masks = make_masks(journey)
    game.lion_tables = make_lion_tables(journey)
    game.footprints = game.tables.footprints
    game.printed_rough = bits_of(c for c, t in enumerate(journey.terrain) if t == ROUGH)
    game.card_areas = tuple(i for i, a in enumerate(journey.areas) if a.kind == "card")
    game.card_area_set = frozenset(game.card_areas)
    game.other_areas = len(journey.areas) - len(game.card_areas)  # never covered
    game.area_ids = {a.name: i for i, a in enumerate(journey.areas)}
    game.card_terrain = [[turn_terrain(c.terrain, q) for q in range(4)] for c in game.cards]
    game.card_trees = [any(t in TREES for t in c.terrain) for c in game.cards]
    game.support_acts = {t: acts[Support(t)] for t in TOKEN_WORDS}
    names = game.card_names[: game.savanna_count]
    game.build_acts = [acts[Build(name)] for name in names]
    game.place_acts = [acts[Place(name)] for name in names]
    game.discard_acts = [acts[Discard(name)] for name in names]
    game.area_acts = [acts[OnArea(a.name)] for a in journey.areas]
    game.turn_acts = tuple(acts[Turn(q)] for q in range(4))
    players = range(game.num_players)
    game.others = [tuple(acts[Choose(q)] for q in players if q != p) for p in players]
    game.footprint_acts = [acts[Footprint(name)] for name in game.cell_names]
    game.elephant_acts = [acts[Elephant(name)] for name in game.cell_names]
    game.open_hands, game.lion_rests = params.open_hands, params.lion_rests
    game.energy_max, game.max_turns = params.energy_max, params.max_turns
