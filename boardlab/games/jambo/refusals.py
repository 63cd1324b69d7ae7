"""Jambo's refusals: why an action is not legal now, and the rulebook section that says
so (``IllegalAction(reason, rule, action)``; ``JamboState`` mixes it in).

``_apply`` admits only the legal actions; any other is explained here: the decision
asked first (a card's effect, a reaction, an auction), the phase (phase 1 comes first, no
draw in phase 2), the card (not held, no ware card, no room, gold or wares), the utility
(used this turn, not in play, its function cannot run now).
"""

from __future__ import annotations

from boardlab.core import IllegalAction

from .actions import Draw, PlayCard, PlayWare, UseUtility
from .decisions import frame_actions, frame_rule

PHASE_RULES = {
    "draw": "Phase 1: Draw Cards",
    "drawn": "Phase 1: Draw Cards",
    "play": "Phase 2: Play Cards",
    "over": "End of the Game",
}


class Refusals:
    """Why an action is refused, with its rule (the State's part)."""

    def _refusal(self, action) -> IllegalAction:
        reason, rule = self._why(action)
        return IllegalAction(reason, rule, action)

    def _why(self, action) -> tuple[str, str]:
        kind = type(action)
        if self.pending:
            frame = self.pending[-1]
            legal = ", ".join(map(str, frame_actions(self, frame)))
            who = f"player {frame['player']}"
            return (
                f"{who} must answer {frame.get('card', 'the card')}: {legal}",
                frame_rule(frame),
            )
        p, phase = self.active, self.phase
        rule = PHASE_RULES[phase]
        if phase == "drawn":
            return (f"player {p} must keep or discard the card drawn", rule)
        if kind is Draw:
            if phase == "play":
                why = "In phase 2, the player may draw no more cards from the card supply"
                return (why, PHASE_RULES["draw"])
            return ("the card supply and the discard stack are empty", "Important Rules")
        if kind in (PlayCard, PlayWare) and phase == "draw":
            return ("phase 1 comes first: draw a card, or go to phase 2", rule)
        if kind in (PlayCard, PlayWare):
            c = action.card
            if c not in self.game.cards:
                return (f"no Jambo card is named {c!r}", rule)
            if c not in self.hands[p]:
                return (f"player {p} holds no {c}", rule)
            card = self.game.cards[c]
            if kind is PlayWare:
                if card.type != "ware":
                    return (f"{c} is no ware card", "Ware Cards")
                if action.sell:
                    return (self.cannot_sell(p, card) or "?", "Selling")
                return (self.cannot_buy(p, card) or "?", "Buying")
            if card.type == "ware":
                return (f"a ware card is played to buy or to sell: {c}", "Ware Cards")
            section = {"stand": "Small Market Stand", "people": "People", "animal": "Animals"}
            why = self.cannot_play_card(p, c) or "?"
            return (why, section.get(card.type, "Phase 2: Play Cards"))
        if kind is UseUtility:
            c = action.card
            if c in self.spent[p] and c not in self.ready[p]:
                return (
                    f"{c} is used this turn: a player may use each of his utility cards only "
                    "once per turn",
                    "Utility Cards",
                )
            if c not in self.ready[p]:
                return (f"{c!r} is not in player {p}'s play area", "Utility Cards")
            return (self.cannot_use_now(p, c) or "?", "Cards: Utilities")
        asked = "draw a card or go to phase 2" if phase == "draw" else "play a card or end the turn"
        return (f"player {p} must {asked}", rule)
