"""What the app's rule panel (``make app``) shows a player for each parameter of
``rules.SPECS``, never its name: name -> (label in a few plain words, group, one sentence
on what a change does[, each choice's words]). Groups: "printed" (the printed rules),
"variant" (variants and readings of unclear rules), "advanced" (folded away)."""

from __future__ import annotations

P, V, A = "printed", "variant", "advanced"

WORDS = {
    "players": ("Players", P, "The number of players, 2 to 4."),
    "target": (
        "Points to win",
        P,
        "A lower target makes the game shorter; the rulebook suggests 50 or 100 as well.",
    ),
    "hand_size": ("Cards in hand", P, "Each player refills the hand to this many cards."),
    "min_combo": ("Smallest combo", P, "A combo needs at least this many cards."),
    "partial_combos": (
        "Part of a group may score",
        V,
        "When ticked, you may score a connected part of a group instead of the whole group.",
    ),
    "deck": ("Card list", A, "A different card list changes the cards in the deck."),
    "colours": ("Colours in play", V, "Fewer colours make combos easier to build."),
    "mulligan": (
        "One new hand allowed",
        V,
        "When ticked, each player may once swap the first hand for new cards.",
    ),
    "last_round": (
        "After someone reaches the target",
        V,
        "Choose whether the round is finished or one more full round is played.",
        (("finish", "finish the round"), ("extra", "play one more round")),
    ),
    "start_points": (
        "Starting points (handicap)",
        A,
        "Give a weaker player a head start; write one number per player, like 0, 10.",
    ),
    "max_turns": (
        "Longest game in turns",
        A,
        "A game still running after this many turns is stopped.",
    ),
}
