"""Jambo's utility cards (rulebook "Utility Cards"; each card's text in the card list).

"When a player has a utility card in his play area, he may use the function of
the card anytime during his turns, even on the turn when he plays the card. A
player may use each of his utility cards only once per turn ... each use of a
utility card costs the player 1 action marker!" A utility lies ``ready`` or
``spent`` (used this turn) in its owner's play area; at most 3 lie there.

``Utilities`` is a part of the State (``rules.py``): ``cannot_use`` says why a
utility's function cannot run now (None if it can), ``use_effect`` runs it for a
player — its owner, or a Crocodile's player using the opponent's for free.
"""

from __future__ import annotations

from boardlab.core.events import UNTOLD

from .actions import Done
from .components import LARGE_STAND, SMALL_STAND
from .decisions import handler


class Utilities:
    """The utilities' functions (the State's part)."""

    def cannot_use(self, p: int, name: str) -> str | None:
        """Why ``name``'s function cannot run for ``p`` now, or None."""
        check = USE_CHECKS.get(name)
        return None if check is None else check(self, p)

    def use_effect(self, p: int, name: str) -> None:
        """Run the function of utility ``name`` for ``p`` (already paid for)."""
        USES[name](self, p)


def well(s, p):
    s.pay(p, 1)
    s.draw_cards(p, 1, "Well")


def drums(s, p):
    s.ask_ware(p, "drums", s.own_wares(p), "Drums")


@handler("drums")
def _drums(s, f, a):
    p = f["player"]
    s.return_ware(p, a.ware)
    if s._log is not UNTOLD:
        s._log.append(("return_ware", None, (p, a.ware)))
    s.draw_cards(p, 1, "Drums")


def throne(s, p):
    s.ask_ware(p, "throne_give", s.own_wares(p), "Throne")


@handler("throne_give")
def _throne_give(s, f, a):
    p = f["player"]
    theirs = s.own_wares(1 - p)
    options = [w for w in theirs if w != a.ware] or theirs
    s.pending.append(  # ``ask("ware", ...)``, one dict literal (speed, as ``ask_ware``)
        {"step": "ware", "player": p, "effect": "throne_take", "options": options,
         "give": a.ware, "card": "Throne"}
    )  # fmt: skip


@handler("throne_take")
def _throne_take(s, f, a):
    p, give = f["player"], f["give"]
    s.market[p][give] -= 1
    s.market[1 - p][give] += 1
    s.market[1 - p][a.ware] -= 1
    s.market[p][a.ware] += 1
    if s._log is not UNTOLD:
        s._log.append(("swap_wares", None, (p, give, a.ware)))


def boat(s, p):
    s.ask_hand_card(p, "boat", "Boat")


@handler("boat")
def _boat(s, f, a):
    p = f["player"]
    s.hand_to_discard(p, a.card)
    if s._log is not UNTOLD:
        s._log.append(("discard", None, (p, a.card)))
    if s.supply_wares() and s.placeable(p):
        s.ask_ware(p, "take_one", s.supply_wares(), "Boat")


@handler("take_one")
def _take_one(s, f, a):
    s.take_from_supply(f["player"], a.ware, 1)


def scale(s, p):
    cards = []
    for _ in range(2):
        card = s.draw_top()
        if card is None:
            break
        cards.append(card)
    if s._log is not UNTOLD:
        s._log.append(("peek", (p,), (p, "two cards drawn with the Scale", *cards)))
    if len(cards) == 1:
        s.to_hand(p, cards[0], public=False)
        if s._log is not UNTOLD:
            s._log.append(("take_card", (p,), (p, cards[0], "Scale")))
        return
    s.ask("card", p, "scale", source="peek", cards=cards, card="Scale")


@handler("scale")
def _scale(s, f, a):
    p, cards = f["player"], list(f["cards"])
    cards.remove(a.card)
    given = cards[0]
    s.hands[p].append(a.card)
    s.hands[1 - p].append(given)
    s.known[p].append(given)
    if s._log is not UNTOLD:
        s._log.append(("take_card", (p,), (p, a.card, "Scale")))
    s._log.append(("give_card", (p, 1 - p), (p, given, 1 - p)))


def mask(s, p):
    s.ask_hand_card(p, "mask", "Mask of Transformation")


@handler("mask")
def _mask(s, f, a):
    p = f["player"]
    top = s.discard.pop()
    s.hand_to_discard(p, a.card)
    s.to_hand(p, top, public=True)
    s._log.append(("mask", None, (p, a.card, top)))


def supplies(s, p):
    options = (["pay_gold"] if s.gold[p] >= 1 else []) + (["pay_card"] if s.hands[p] else [])
    s.ask("option", p, "supplies", options=options, card="Supplies")


@handler("supplies")
def _supplies(s, f, a):
    p = f["player"]
    if a.option == "pay_gold":
        s.pay(p, 1)
        reveal_to_ware(s, p)
    else:
        s.ask_hand_card(p, "supplies_card", "Supplies")


@handler("supplies_card")
def _supplies_card(s, f, a):
    p = f["player"]
    s.hand_to_discard(p, a.card)
    if s._log is not UNTOLD:
        s._log.append(("discard", None, (p, a.card)))
    reveal_to_ware(s, p)


def reveal_to_ware(s, p):
    """Supplies: "reveal cards until a ware card: keep it, discard the rest"; revealed
    cards lie aside (not reshuffled) until the search ends, with or without a ware."""
    aside = []
    while True:
        card = s.draw_top()
        if card is None:
            s._log.append(("reveal", None, (p, "Supplies", *aside)))
            s.discard.extend(aside)
            return
        if s.game.cards[card].type == "ware":
            s._log.append(("reveal", None, (p, "Supplies", *aside, card)))
            s.discard.extend(aside)
            s.to_hand(p, card, public=True)
            return
        aside.append(card)


def kettle(s, p):
    s.pending.append(  # ``ask("card", ...)``, one dict literal (speed, as ``ask_hand_card``)
        {"step": "card", "player": p, "effect": "kettle", "source": "hand", "card": "Kettle",
         "discarded": 0}
    )  # fmt: skip


@handler("kettle")
def _kettle(s, f, a):
    p, discarded = f["player"], f["discarded"]
    if type(a) is not Done:
        s.hand_to_discard(p, a.card)
        if s._log is not UNTOLD:
            s._log.append(("discard", None, (p, a.card)))
        discarded += 1
        if discarded == 1 and s.hands[p]:
            s.pending.append(  # (``ask``, one dict literal)
                {"step": "card", "player": p, "effect": "kettle", "source": "hand",
                 "optional": True, "card": "Kettle", "discarded": 1}
            )  # fmt: skip
            return
    s.draw_cards(p, discarded, "Kettle")


def leopard(s, p):
    s.pay(p, 2)
    s.ask_ware(p, "take_one", s.supply_wares(), "Leopard Statue")


def weapons(s, p):
    s.ask_hand_card(p, "weapons", "Weapons")


@handler("weapons")
def _weapons(s, f, a):
    p = f["player"]
    s.hand_to_discard(p, a.card)
    if s._log is not UNTOLD:
        s._log.append(("discard", None, (p, a.card)))
    got = s.earn(p, 2)
    s._log.append(("earn", None, (p, got, "Weapons")))


# -- why a utility's function cannot run now (``cannot_use``) ---------------------------
def _well_check(s, p):
    if s.gold[p] < 1:
        return f"Well costs 1 gold and player {p} has none"
    if not (s.deck or s.discard):
        return "no card is left to draw"
    return None


def _drums_check(s, p):
    if not any(s.market[p]):
        return "Drums needs one of your wares, and your stands are empty"
    return None


def _throne_check(s, p):
    if not any(s.market[p]):
        return "Throne needs one of your wares, and your stands are empty"
    if not any(s.market[1 - p]):
        return "Throne swaps with the opponent's wares, and his stands are empty"
    return None


def _hand_check(name):
    def check(s, p):
        if not s.hands[p]:
            return f"{name} needs a card from your hand, and it is empty"
        return None

    return check


def _boat_check(s, p):
    if not s.hands[p]:
        return "Boat needs a card from your hand, and it is empty"
    if not (any(s.supply) and s.placeable(p)):
        return "Boat needs a ware in the supply and room on your stands"
    return None


def _scale_check(s, p):
    if not (s.deck or s.discard):
        return "no card is left to draw"
    return None


def _mask_check(s, p):
    if not s.hands[p]:
        return "Mask of Transformation needs a card from your hand, and it is empty"
    if not s.discard:
        return "the discard stack is empty"
    return None


def _supplies_check(s, p):
    if s.gold[p] < 1 and not s.hands[p]:
        return "Supplies costs 1 gold or a hand card, and you have neither"
    return None


def _leopard_check(s, p):
    gold = s.gold[p]
    if gold < 2:
        return f"Leopard Statue costs 2 gold and player {p} has {gold}"
    room = LARGE_STAND + SMALL_STAND * s.stands[p] - sum(s.market[p])  # ``room``, inlined
    if not any(s.supply) or not room or (room == 1 and gold - 2 < s.game.fee):
        return "Leopard Statue needs a ware in the supply and room on your stands"
    return None


#: Each utility's test (the rulebook's "no gold -> no gold-costing action" and what its
#: function needs: a card to draw, a ware, a hand card, room).
USE_CHECKS = {
    "Well": _well_check,
    "Drums": _drums_check,
    "Throne": _throne_check,
    "Boat": _boat_check,
    "Scale": _scale_check,
    "Mask of Transformation": _mask_check,
    "Supplies": _supplies_check,
    "Kettle": _hand_check("Kettle"),
    "Leopard Statue": _leopard_check,
    "Weapons": _hand_check("Weapons"),
}


def _mask_before_draw_check(s, p):
    """Variant ``mask_before_draw_only``: the Mask only in phase 1, before the first draw."""
    if s.phase != "draw" or s.drew:
        return "variant: the Mask is used only in phase 1, before the first draw"
    return _mask_check(s, p)


def use_tests(mask_before_draw_only: bool) -> dict:
    """Each utility's test for being used now (``cannot_use_now``), by name: its
    ``USE_CHECKS`` test, the Mask's with its variant when that is played."""
    tests = dict(USE_CHECKS)
    if mask_before_draw_only:
        tests["Mask of Transformation"] = _mask_before_draw_check
    return tests


USES = {
    "Well": well,
    "Drums": drums,
    "Throne": throne,
    "Boat": boat,
    "Scale": scale,
    "Mask of Transformation": mask,
    "Supplies": supplies,
    "Kettle": kettle,
    "Leopard Statue": leopard,
    "Weapons": weapons,
}


@handler("utility_limit")
def _utility_limit(s, f, a) -> None:
    """ "If a player wants to play a 4th utility card, he must first discard one of the
    utility cards in his play area. He may even discard a card he has already used"."""
    p = f["player"]
    (s.spent if a.used else s.ready)[p].remove(a.card)
    s.discard.append(a.card)
    s._log.append(("discard_utility", None, (p, a.card)))
