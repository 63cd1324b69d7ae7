"""Tembo: building the savanna (seed "Build the savanna", "Play direction").

A card from hand goes on any free card area (never a landmark area or another
card; under a lion is fine), its arrow pointing away from the builder (their
seat's direction) unless it carries the rotation symbol or token C was spent:
then any direction. Its cells' terrain replaces the printed open cells. Then
the builder carries out the build action printed on that area:

* ``all_two``: every player +2 rested;
* ``other_four``: another player of your choice +4 rested;
* ``self_five``: you +5 rested, another player of your choice −2 rested (a player
  with 0 or 1 may be chosen);
* ``self_three_place``: you +3 rested, then place one elephant ignoring rough.

Solo (reconstruction "Players"): "another player" means yourself. ``BuildingRules`` is a
mixin of ``TemboState`` (rules.py).
"""

from __future__ import annotations

from typing import NoReturn

from boardlab.core import IllegalAction

from .components import ROUGH

BUILD_RULE = "Build the savanna"


class BuildingRules:
    """The build action's steps: card, area, (turn), (another player), (one elephant)."""

    def free_card_areas(self) -> list[int]:
        covered = self.covered
        return [i for i in self.game.card_areas if covered[i] < 0]

    def _build(self, action, p: int) -> None:
        card = self.hand_card(action.card, p, action, BUILD_RULE)
        if self.covered.count(-1) == self.game.other_areas:
            raise IllegalAction("no free card area is left on the savanna", BUILD_RULE, action)
        self.card, self.step = card, "area"
        self._log.append(("plays", None, (p, card, "build")))

    def _on_area(self, action, p: int) -> None:
        game = self.game
        index = game.area_ids.get(action.area)
        if index not in game.card_area_set or self.covered[index] >= 0:
            self._refuse_area(action, index)
        self.area = index
        if game.cards[self.card].rotate or self.rotate_next:
            self.step = "build_turn"
        else:
            self.lay_card(p, game.seat_turns[p])

    def _refuse_area(self, action, index: int | None) -> NoReturn:
        """Why the card may not go there: no such area, a landmark, a board, a card."""
        if index is None:
            raise IllegalAction(f"there is no area {action.area!r}", BUILD_RULE, action)
        area = self.game.journey.areas[index]
        if area.kind == "landmark":
            raise IllegalAction(
                f"area {area.name} holds a landmark: no card goes on a landmark", BUILD_RULE, action
            )
        if area.kind != "card":
            raise IllegalAction(
                f"area {area.name} is the {area.kind} board, not a card area", BUILD_RULE, action
            )
        raise IllegalAction(
            f"area {area.name} already holds a card: never a card on top of another card",
            BUILD_RULE,
            action,
        )

    def lay_card(self, p: int, quarters: int) -> None:
        """The card on its area, turned ``quarters``; then the area's build action."""
        game = self.game
        card, index = self.card, self.area
        cells = game.journey.areas[index].cells
        terrain = game.card_terrain[card][quarters]
        board = self.terrain
        for c, t in zip(cells, terrain, strict=True):
            board[c] = t
            if t == ROUGH:
                self.rough |= 1 << c
        self.covered[index] = card
        self.hands[p].remove(card)
        if game.card_trees[card]:  # else the trees stay (card areas are printed open)
            self.trees = self.new_trees(cells)
        action = game.journey.areas[index].action
        self._log.append(
            ("built", None, (p, card, game.journey.areas[index].name, quarters, action))
        )
        self.card = -1
        n = game.num_players
        if action == "all_two":
            for q in range(n):
                self.gain(q, 2)
            self.end_turn(p)
        elif action == "other_four":
            if n == 1:
                self.gain(p, 4)
                self.end_turn(p)
            else:
                self.step = "target"
        elif action == "self_five":
            self.gain(p, 5)
            if n == 1:
                self.tire(p, 2)
                self.end_turn(p)
            else:
                self.step = "target"
        else:
            self.gain(p, 3)
            if self.single_cells(p):
                self.step, self.single = "elephant", "build"
            else:
                self._log.append(("no_room", None, (p,)))
                self.end_turn(p)

    def _choose(self, action, p: int) -> None:
        q = action.player
        if not (0 <= q < self.game.num_players) or q == p:
            raise IllegalAction(f"choose another player of the team, not {q}", BUILD_RULE, action)
        if self.game.journey.areas[self.area].action == "other_four":
            self.gain(q, 4)
        else:
            self.tire(q, 2)
        self.end_turn(p)

    def tire(self, q: int, k: int) -> None:
        """ "Loses 2 rested": rested elephants become tired (as many as there are)."""
        k = min(k, self.rested[q])
        self.rested[q] -= k
        self.tired[q] += k
        self._log.append(("tires", None, (q, k)))
