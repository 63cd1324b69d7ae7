"""Tembo: the refill, the Lion and Matriarch cards, and how the team loses.

Seed "Turn" (draw until you hold 3 cards), "Lions" (move, then the chase;
the lioness always first; a lion that removed elephants lies down) and "How to
lose"; the reconstruction's "Lion card" (one area along a shortest path of the area
graph toward the nearest area holding elephants, ties toward the Matriarch; a
lying lion skips its next activation, ``lion_rests``) and "Matriarch card" (the
Matriarch moves onto the elephant furthest along the journey and gathers the herd:
every elephant on the savanna goes back to its owner, tired — ``gather="furthest"``:
only the elephants of her cell; every rested elephant becomes tired; energy −2;
tree stands raised; two Matriarch cards in one refill cost
``double_matriarch_penalty`` more).

``EventRules`` is a mixin of ``TemboState`` (rules.py); it keeps the state's ``herd``
mask (placement.py) in step with ``count``.
"""

from __future__ import annotations

from .components import cells_of

HAND = 3  # seed "Turn": draw until you hold 3 cards
MATRIARCH_ENERGY = 2  # the reconstruction: "Energy: −2 per Matriarch event"


class EventRules:
    """What happens between turns."""

    def refill(self, player: int) -> None:
        """Draw until ``player`` holds 3 cards, resolving Lion and Matriarch cards as drawn;
        a draw from an empty deck loses (seed "How to lose")."""
        game = self.game
        matriarchs = 0
        hand = self.hands[player]
        while len(hand) < HAND and self.outcome is None:
            if not self.deck:
                self._log.append(("deck_empty", None, (player,)))
                self._finish("lost", "a card had to be drawn from an empty deck")
                return
            card = self.deck.pop()
            if card < game.savanna_count:
                hand.append(card)
                self._log.append(("draw", None if game.open_hands else (player,), (player, card)))
                continue
            self.resolved.append(card)
            if card < game.lion_ids.stop:
                self._log.append(("lion_card", None, (player, card)))
                self.activate_lions()
            else:
                matriarchs += 1
                self._log.append(("matriarch_card", None, (player, card)))
                self.matriarch_event()
                if matriarchs == 2 and self.outcome is None:
                    self.lose_energy(game.params.double_matriarch_penalty, "double_matriarch")

    # -- lions ---------------------------------------------------------------------------
    def lion_step(self, at: int) -> int:
        """The area a lion at ``at`` moves to: one step of a shortest path toward the
        nearest area holding elephants (ties: the one nearest the Matriarch; then the
        journey's order), or toward the Matriarch's area when no elephant is out."""
        game = self.game
        target = home = game.journey.area_of[self.matriarch]
        herd = self.herd
        if herd:  # speed: the areas by preference, from ``components.LionTables``
            areas = game.masks.areas
            for target in game.lion_tables.chase[at][home]:
                if herd & areas[target]:
                    break
        return game.lion_tables.toward[at][target]

    def activate_lions(self) -> None:
        """Seed "Lions": the lioness completes her activation, then the lion: move, chase."""
        rests, areas = self.game.lion_rests, self.game.journey.areas
        for i in (0, 1):
            if self.outcome is not None:
                return
            if self.lying[i] and rests:
                self.lying[i] = False
                self._log.append(("lion_rests", None, (i,)))
                continue
            self.lying[i] = False
            start = self.lions[i]
            self.lions[i] = self.lion_step(start)
            self._log.append(
                ("lion_moves", None, (i, areas[start].name, areas[self.lions[i]].name))
            )
            if self.chase(i):
                self.lying[i] = True
                self._log.append(("lion_lies", None, (i,)))
            self.check_losses()

    def chase(self, i: int) -> bool:
        """Every elephant in the lion's area to the box (not the Matriarch); a lion with
        the Matriarch takes 1 rested (else tired) elephant of every player. True if any."""
        journey, names = self.game.journey, self.game.cell_names
        area = self.lions[i]
        removed = False
        here = self.herd & self.game.masks.areas[area]
        if here:
            self.herd ^= here
            for c in cells_of(here):
                k = self.count[c]
                p = self.owner[c]
                self.count[c], self.owner[c] = 0, -1
                self.on_savanna[p] -= k
                self.box[p] += k
                removed = True
                self._log.append(("chased", None, (i, p, k, names[c])))
        if journey.area_of[self.matriarch] == area:
            for p in range(self.game.num_players):
                if self.rested[p]:
                    self.rested[p] -= 1
                elif self.arriving[p]:
                    self.arriving[p] -= 1
                elif self.tired[p]:
                    self.tired[p] -= 1
                else:
                    continue
                self.box[p] += 1
                removed = True
                self._log.append(("matriarch_chased", None, (i, p)))
        return removed

    # -- the Matriarch -------------------------------------------------------------------
    def matriarch_event(self) -> None:
        """The Matriarch card: she moves onto the elephant furthest along and gathers the
        herd — every elephant on the savanna goes back to its owner, tired (with
        ``gather="furthest"`` only the elephants of her cell) — then rested elephants
        tire, energy −2, the tree stands are raised."""
        masks = self.game.masks
        herd = self.herd
        if herd:
            # the furthest column holding an elephant (every row folded onto the first),
            # its northmost (lowest) cell
            spread = herd
            for shift in masks.fold:
                spread |= spread >> shift
            here = herd & masks.columns[(spread & masks.first_row).bit_length() - 1]
            cell = (here & -here).bit_length() - 1
            self.matriarch = cell
            name = self.game.cell_names[cell]
            if self.game.gather_herd:
                back = [0] * self.game.num_players
                for c in cells_of(herd):
                    p, k = self.owner[c], self.count[c]
                    self.count[c], self.owner[c] = 0, -1
                    self.on_savanna[p] -= k
                    self.tired[p] += k
                    back[p] += k
                self.herd = 0
                self._log.append(("matriarch_gathers", None, (name, *back)))
            else:
                self.herd = herd ^ 1 << cell
                p, k = self.owner[cell], self.count[cell]
                self.count[cell], self.owner[cell] = 0, -1
                self.on_savanna[p] -= k
                self.tired[p] += k
                self._log.append(("matriarch_moves", None, (name, p, k)))
        for p in range(self.game.num_players):
            self.tired[p] += self.rested[p] + self.arriving[p]
            self.rested[p] = self.arriving[p] = 0
        self.stands = [True] * len(self.stands)
        self._log.append(("matriarch_tires", None, ()))
        self.check_landmarks()
        self.lose_energy(MATRIARCH_ENERGY, "matriarch_energy")
        self.check_losses()

    # -- losing ------------------------------------------------------------------------
    def lose_energy(self, amount: int, kind: str) -> None:
        self.energy = max(0, self.energy - amount)
        self._log.append((kind, None, (amount, self.energy)))
        if self.energy <= 0 and self.outcome is None:
            self._finish("lost", "the energy token reached zero")

    def check_losses(self) -> None:
        """Seed "How to lose": both lions with the Matriarch; a player with no elephant."""
        if self.outcome is not None:
            return
        home = self.game.journey.area_of[self.matriarch]
        if self.lions[0] == home and self.lions[1] == home:
            self._finish("lost", "both lions are in the Matriarch's area")
            return
        for p in range(self.game.num_players):
            if not (self.rested[p] + self.arriving[p] + self.tired[p] + self.on_savanna[p]):
                self._finish("lost", f"player {p} has no elephants left")
                return
