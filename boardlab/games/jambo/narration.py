"""Jambo's words: narration of events, what the others read of hidden ones, rule help and
the steps ``PlayPanel`` offers a move in.

The rules append raw tuples ``(kind, visible_to, args)``; ``NARRATION[kind](*args)``
makes the sentence only when somebody reads it. ``REDACT[kind](args)`` is what a
player outside ``visible_to`` reads instead ("player 0 draws a card").
"""

from __future__ import annotations

from .actions import ChooseWare, Done, PlayCard, PlayWare, UseUtility
from .components import ware_count, wares_text


def player(p: int) -> str:
    return f"player {p}"


def gold(k: int) -> str:
    return f"{k} gold"


def names(cards) -> str:
    return ", ".join(cards) or "no cards"


NARRATION = {
    "arranged": lambda: "the situation is set up by hand (arrange)",
    "deal": lambda p, *cards: f"{player(p)} is dealt {names(cards)}",
    "deal_hidden": lambda p, k: f"{player(p)} is dealt {k} cards",
    "turn": lambda p, n: f"turn {n}: {player(p)} takes the 5 action markers",
    "draw": lambda p, c, why: f"{player(p)} draws {c} ({why})",
    "draw_hidden": lambda p, why: f"{player(p)} draws a card ({why})",
    "keep": lambda p: f"{player(p)} keeps the card drawn and goes to phase 2",
    "discard_drawn": lambda p, c: f"{player(p)} discards the card drawn, {c}",
    "phase_two": lambda p: f"{player(p)} goes to phase 2",
    "buy": lambda p, c, price: f"{player(p)} buys with ware card {c} for {gold(price)}",
    "sell": lambda p, c, got: f"{player(p)} sells with ware card {c} for {gold(got)}",
    "sixth_space": lambda p, fee: (
        f"{player(p)} fills the large stand's 6th space and pays {gold(fee)}"
    ),
    "take_wares": lambda p, w, k: f"{player(p)} takes {ware_count(k, w)} from the supply",
    "no_room": lambda p, *wares: (
        f"{player(p)} has no room on the stands: {wares_text(wares)} "
        f"{'stay' if len(wares) > 1 else 'stays'} in the supply"
    ),
    "leave_wares": lambda p, *wares: f"{player(p)} leaves {wares_text(wares)} in the supply",
    "stand": lambda p, price: f"{player(p)} builds a small market stand for {gold(price)}",
    "utility": lambda p, c: f"{player(p)} puts {c} in the play area",
    "discard_utility": lambda p, c: f"{player(p)} discards the utility {c}",
    "play": lambda p, c: f"{player(p)} plays {c}",
    "use": lambda p, c: f"{player(p)} uses {c}",
    "bonus": lambda p, k, got: f"{player(p)} has {k} actions left: +{gold(got)} bonus",
    "end_turn": lambda p, g: f"{player(p)} ends the turn with {gold(g)}",
    "last_turn": lambda p, g, q: f"{player(p)} has {gold(g)}: {player(q)} takes one last turn",
    "game_over": lambda status, reason, *won: (
        f"game {'over' if status == 'finished' else 'cut short'} ({reason}): "
        + " and ".join(map(player, won))
        + (" wins" if len(won) == 1 else " share the win")
    ),
    "reshuffle": lambda n: (
        f"the card supply is exhausted: the discard stack ({n} cards) is shuffled as the new supply"
    ),
    "reshuffle_beneath": lambda left, want, n: (
        f"the card supply holds {left} card{'s' if left != 1 else ''}, fewer than the "
        f"{want} the Psychic looks at: the discard stack ({n} cards) is shuffled and put "
        "beneath them"
    ),
    "exchange": lambda p, k, a, b: (
        f"{player(p)} exchanges {ware_count(k, a)} for {ware_count(k, b)}"
    ),
    "peek": lambda p, what, *cards: f"{player(p)} looks at {what}: {names(cards)}",
    "peek_hidden": lambda p, what: f"{player(p)} looks at {what}",
    "take_card": lambda p, c, source: f"{player(p)} takes {c} ({source})",
    "take_hidden": lambda p, source: f"{player(p)} takes a card ({source})",
    "discard": lambda p, c: f"{player(p)} discards {c}",
    "wise_man": lambda p, k: (
        f"{player(p)}'s ware cards buy for {2 * k} less and sell for {2 * k} more this turn"
    ),
    "wise_man_again": lambda p: (
        f"{player(p)}'s second Wise Man adds nothing: one Wise Man a turn counts (variant)"
    ),
    "sell_ware": lambda p, w, got: f"{player(p)} sells {ware_count(1, w)} for {gold(got)}",
    "auction": lambda p, c, *wares: f"{player(p)}'s {c} auctions {wares_text(wares)}",
    "reveal": lambda p, c, *cards: f"{player(p)}'s {c} reveals {names(cards)}",
    "bid": lambda p, g: f"{player(p)} bids {gold(g)}",
    "pass": lambda p, c: f"{player(p)} passes: the {c} auction ends",
    "no_bid": lambda c: f"nobody bid at the {c} auction",
    "auction_won": lambda p, c, g: f"{player(p)} wins the {c} auction for {gold(g)}",
    "dancer_card": lambda p, c: f"{player(p)} shows ware card {c} to the Dancer",
    "return_ware": lambda p, w: f"{player(p)} returns {ware_count(1, w)} to the supply",
    "earn": lambda p, g, why: f"{player(p)} receives {gold(g)} ({why})",
    "guard": lambda q, c: f"{player(q)} plays a Guard: the {c} is cancelled",
    "rain_maker": lambda q, c: f"{player(q)} plays a Rain Maker and takes ware card {c}",
    "nothing": lambda p, c: f"{player(p)}'s {c} finds nothing to do",
    "crocodile_use": lambda p, c, q: f"{player(p)}'s Crocodile uses {player(q)}'s {c}",
    "crocodile_discard": lambda p, c, q: f"{player(p)}'s Crocodile discards {player(q)}'s {c}",
    "steal_ware": lambda p, w, q: f"{player(p)}'s Parrot takes {ware_count(1, w)} from {player(q)}",
    "hyena_take": lambda p, c, q: f"{player(p)}'s Hyena takes {c} from {player(q)}",
    "hyena_take_hidden": lambda p, q: f"{player(p)}'s Hyena takes a card from {player(q)}",
    "hyena_give": lambda p, c, q: f"{player(p)} gives {c} to {player(q)}",
    "hyena_give_hidden": lambda p, q: f"{player(p)} gives a card to {player(q)}",
    "snake": lambda p, kept, *gone: f"{player(p)} keeps {kept} and discards {names(gone)}",
    "pool_wares": lambda p, *wares: f"the Elephant pools {wares_text(wares)}",
    "draft_ware": lambda p, w: f"{player(p)} drafts {ware_count(1, w)}",
    "pool_cards": lambda p, *cards: f"the Ape pools both hands: {names(cards)}",
    "draft_card": lambda p, c: f"{player(p)} drafts {c}",
    "pool_utilities": lambda p, *cards: f"the Lion pools the utilities: {names(cards)}",
    "draft_utility": lambda p, c: f"{player(p)} drafts the utility {c}",
    "give_gold": lambda q, k, p: f"{player(q)} gives {gold(k)} to {player(p)}",
    "give_card": lambda p, c, q: f"{player(p)} gives {c} to {player(q)}",
    "give_hidden": lambda p, q: f"{player(p)} gives a card to {player(q)}",
    "mask": lambda p, c, top: f"{player(p)} swaps {c} for {top}, the top of the discard stack",
    "swap_wares": lambda p, a, b: (
        f"{player(p)} swaps {ware_count(1, a)} for the opponent's {ware_count(1, b)}"
    ),
}

REDACT = {
    "deal": lambda a: ("deal_hidden", (a[0], len(a) - 1)),
    "draw": lambda a: ("draw_hidden", (a[0], a[2])),
    "peek": lambda a: ("peek_hidden", a[:2]),
    "take_card": lambda a: ("take_hidden", (a[0], a[2])),
    "hyena_take": lambda a: ("hyena_take_hidden", (a[0], a[2])),
    "hyena_give": lambda a: ("hyena_give_hidden", (a[0], a[2])),
    "give_card": lambda a: ("give_hidden", (a[0], a[2])),
}

RULE_HELP = {
    "draw": "Phase 1: draw the top card (1 action) and keep it — which ends phase 1 — or "
    "discard it and draw again; you may only keep the last card drawn. You may also go "
    "to phase 2 at once, or use a utility.",
    "drawn": "Phase 1: keep this card (phase 1 ends) or discard it face up.",
    "play": "Phase 2: each card played and each utility used costs 1 action. A ware card "
    "buys (pay, take all its wares: room, gold and supply needed) or sells (have all its "
    "wares). End the turn with 2 or more actions left for +1 gold.",
    "guard": "Animals: you may play a Guard (0 actions) to cancel the animal for both "
    "players, or pass.",
    "rain": "Rain Maker (0 actions): take the ware card just played into your hand, or pass.",
    "bid": "Auction: bid more than the last bid, or pass — the first pass ends it; the "
    "highest bidder pays the bank and takes the lot.",
    "utility_limit": "Utility Cards: at most 3 in your play area — discard one (even one "
    "used this turn).",
    "receive": "Important Rules: the wares don't all fit on your stands — take them one at "
    "a time, the ones you choose, or leave the rest in the supply (a ware that fills the "
    "large stand's 6th space costs its fee).",
}


def card_label(game, name: str) -> str:
    """A card as the widget lists it: a ware card with its wares and prices."""
    card = game.cards.get(name)
    if card is None or card.type != "ware":
        return name
    return f"ware card {name} ({wares_text(card.wares)}; buy {card.buy}, sell {card.sell})"


def receive_label(state, frame: dict, action) -> str:
    """A choice among wares that don't all fit, in words: "take 1 tea" (and what the large
    stand's 6th space costs, if this ware fills it), or "leave 2 tea in the supply"."""
    if type(action) is Done:
        return f"leave {wares_text(frame['wares'])} in the supply"
    take = f"take {ware_count(1, action.ware)}"
    fee = state.game.fee
    if fee and state.room(frame["player"]) == 1:
        return f"{take} and pay {gold(fee)} for the large stand's 6th space"
    return take


def choice_path(game, state, action) -> tuple[str, ...]:
    """A hand card, then what to do with it (buy/sell, play); a utility in play, then use;
    every other decision one step (wares that don't fit: take one, or leave the rest)."""
    if type(action) in (ChooseWare, Done) and state.pending:
        frame = state.pending[-1]
        if frame["effect"] == "receive":
            return (receive_label(state, frame, action),)
    if type(action) is PlayWare and action.card in game.cards:
        card = game.cards[action.card]
        how = f"sell for {card.sell}" if action.sell else f"buy for {card.buy}"
        return (card_label(game, action.card), how)
    if type(action) is PlayCard:
        return (action.card, "play")
    if type(action) is UseUtility:
        return (f"{action.card} in play", "use (1 action)")
    return (str(action),)


def pending_text(state) -> str:
    """The decision asked for now, in words ("player 1 may cancel the Crocodile with a
    Guard"), for titles and the widgets."""
    if state.outcome is not None:
        return state.outcome.describe()
    p = state.current_player
    if not state.pending:
        phase = {"draw": "phase 1: draws a card or goes to phase 2",
                 "drawn": "phase 1: keeps or discards the card drawn",
                 "play": "phase 2: plays cards"}[state.phase]  # fmt: skip
        return f"turn {state.turn + 1} · player {p}, {state.actions} actions left · {phase}"
    frame = state.pending[-1]
    card = frame.get("card", "the card")
    if frame["step"] == "guard":
        return f"player {p} may cancel the {card} with a Guard"
    if frame["step"] == "rain":
        return f"player {p} may take ware card {card} with a Rain Maker"
    if frame["step"] == "bid":
        return f"player {p} bids or passes at the {card} auction (highest bid {frame['high']})"
    if frame["effect"] == "receive":
        return (
            f"player {p} has room for {state.placeable(p)} of the {card}'s "
            f"{wares_text(frame['wares'])}: takes one, or leaves the rest in the supply"
        )
    return f"player {p} chooses for the {card}"
