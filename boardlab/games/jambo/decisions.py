"""Jambo's decisions in progress: the pending-decision stack (decisions made by the
player whose turn it is not, too: a reaction, a gift, an auction, a draft).

A card whose effect needs choices pushes *frames* on ``state.pending``: plain
dicts, each one decision of one player (``frame["player"]``, who is then
``current_player``), answered by one small action. ``frame["step"]`` says the
kind of answer:

* ``guard`` / ``rain``: the opponent may ``React`` with a Guard (after an animal)
  or a Rain Maker (after a ware card), or ``Pass`` — offered after *every*
  animal and ware card, so the step itself reveals no hand;
* ``card`` (``ChooseCard``): from ``frame["source"]`` — ``hand`` (the decider's),
  ``other_hand`` (Hyena), ``peek`` (cards the frame holds, seen by the decider
  only: Scale), ``deck_top`` (Psychic), ``discard_utility`` (Drummer) or
  ``pool`` (held cards: Ape's draft); ``optional`` adds ``Done``;
* ``ware`` (``ChooseWare``): among ``frame["options"]``; ``utility``
  (``ChooseUtility``): ``own``, ``other`` or ``pool``; ``option``
  (``ChooseOption``); ``bid`` (``Bid`` or ``Pass``);
* ``auto``: no decision, run when it comes to the top (what an effect does after
  the decisions pushed above it, e.g. Crocodile discarding the utility it used).

``frame["effect"]`` names the handler that receives the answer (``HANDLERS``);
``frame["cards"]``/``frame["wares"]`` hold components in transit (auction lots,
draft pools, Scale's two cards), counted by the conservation laws. Options from a
hand are computed when asked, never stored, so ``_resample`` may redraw hands.
"""

from __future__ import annotations

from itertools import repeat, starmap

from .actions import (
    Bid,
    ChooseCard,
    ChooseOption,
    ChooseUtility,
    ChooseWare,
    Done,
    Pass,
    React,
    made,
)
from .components import GUARD, RAIN_MAKER, WARES

CHOOSE_CARD, CHOOSE_WARE = made[ChooseCard], made[ChooseWare]
CHOOSE_UTILITY, CHOOSE_OPTION, BID = made[ChooseUtility], made[ChooseOption], made[Bid]
PASS, DONE = Pass(), Done()
WARE_CHOICES = [CHOOSE_WARE(w) for w in range(len(WARES))]  # by ware, made once
#: ``WARE_CHOICES[w]`` as a function, bound once (``WARE_CHOICES.__getitem__`` read at every
#: step would make a new method object each time).
WARE_CHOICE = WARE_CHOICES.__getitem__
GUARD_REACTION, RAIN_REACTION = React(GUARD), React(RAIN_MAKER)
#: The reaction steps' answers, shared (``legal_actions`` hands out copies).
PASS_ONLY, GUARD_OR_PASS, RAIN_OR_PASS = [PASS], [GUARD_REACTION, PASS], [RAIN_REACTION, PASS]

#: effect name → handler ``(state, frame, action)``; filled by ``handler``.
HANDLERS: dict = {}


def handler(name: str):
    """Register the function answering frames of effect ``name``."""

    def register(function):
        HANDLERS[name] = function
        return function

    return register


#: The frame's rule, cited when a wrong action answers it.
def frame_rule(frame: dict) -> str:
    step = frame["step"]
    if step == "guard":
        return "Animals: the opponent may play a guard card"
    if step == "rain":
        return "Cards: People, Rain Maker"
    return f"Cards: {frame.get('card', 'the card')} (its decisions)"


def card_options(state, frame: dict) -> list[str]:
    """The cards a ``card`` frame offers, distinct, sorted."""
    source, p = frame["source"], frame["player"]
    if source == "hand":
        cards = state.hands[p]
    elif source == "other_hand":
        cards = state.hands[1 - p]
    elif source in ("peek", "pool"):
        cards = frame["cards"]
    elif source == "deck_top":
        cards = state.deck[len(state.deck) - frame["n"] :]
    else:  # discard_utility
        table = state.game.cards
        cards = [c for c in state.discard if table[c].type == "utility"]
    wanted = frame.get("filter")
    if wanted:
        table, six = state.game.cards, state.game.dancer_six_ware
        cards = [c for c in cards if table[c].type == "ware" and (six or len(table[c].wares) == 3)]
    return sorted(set(cards))


def utility_options(state, frame: dict) -> list[tuple[str, bool]]:
    """The (card, used) pairs a ``utility`` frame offers, distinct, sorted."""
    source, p = frame["source"], frame["player"]
    if source == "pool":
        pairs = list(zip(frame["cards"], frame["used"], strict=True))
    else:
        q = p if source == "own" else 1 - p  # (pairs made by ``zip`` in C: no Python frame)
        pairs = [*zip(state.ready[q], repeat(False)), *zip(state.spent[q], repeat(True))]
        exclude = frame.get("exclude")
        if exclude:
            pairs.remove(tuple(exclude))
    return sorted(set(pairs))


def frame_actions(state, frame: dict) -> list:
    """The legal answers to ``frame``, in a fixed order.

    Speed: the lists are made by ``map`` over the tables of made actions, in C, where a
    list comprehension would run a Python frame of its own; the steps are tested in the
    order of their frequency in a game (wares, cards, then the reactions)."""
    step, p = frame["step"], frame["player"]
    if step == "ware":
        out = list(map(WARE_CHOICE, frame["options"]))
    elif step == "card":
        out = list(map(CHOOSE_CARD, card_options(state, frame)))
    elif step == "rain":
        return RAIN_OR_PASS if RAIN_MAKER in state.hands[p] else PASS_ONLY
    elif step == "guard":
        return GUARD_OR_PASS if GUARD in state.hands[p] else PASS_ONLY
    elif step == "utility":
        out = list(starmap(CHOOSE_UTILITY, utility_options(state, frame)))
    elif step == "option":
        return list(map(CHOOSE_OPTION, frame["options"]))
    elif step == "bid":
        out = list(map(BID, range(frame["high"] + 1, state.gold[p] + 1)))
        out.append(PASS)
        return out
    else:
        raise AssertionError(f"frame without a decision: {frame}")
    if frame.get("optional"):
        out.append(DONE)
    return out


def copy_frame(frame: dict) -> dict:
    """A frame's copy that shares no list with it."""
    return {k: (list(v) if type(v) is list else v) for k, v in frame.items()}


def public_frame(state, frame: dict, viewer: int | None) -> dict:
    """What ``viewer`` sees of a frame: the decision and public options; held cards
    seen only by the decider are counted, not named."""
    out = {k: frame[k] for k in ("step", "effect", "player") if k in frame}
    for key in ("card", "high", "leader", "options", "n", "source"):
        if key in frame:
            value = frame[key]  # the options are the frame's live list: a copy
            out[key] = list(value) if type(value) is list else value
    if "wares" in frame:
        out["wares"] = list(frame["wares"])
    if "cards" in frame:
        secret = frame.get("source") == "peek" and viewer != frame["player"]
        out["cards"] = len(frame["cards"]) if secret else list(frame["cards"])
    if "used" in frame:
        out["used"] = list(frame["used"])
    return out
