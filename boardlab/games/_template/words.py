"""What the app's rule panel (``make app``) shows a player for each parameter of
``rules.SPECS``, never its name: name -> (label in a few plain words, group, one sentence
on what a change does[, each choice's words]). Groups: "printed" (the printed rules),
"variant" (variants and readings of unclear rules), "advanced" (folded away)."""

from __future__ import annotations

P, V, A = "printed", "variant", "advanced"

# TEMPLATE: fill in, for every Param in rules.py, what a player reads in the app's rule
# panel: a label in plain words (never the parameter's name), its group (P printed rule,
# V variant, A advanced: data files, caps, seats), one sentence on what a change does and,
# for a choice, each value in words. A test checks every game's labels.
WORDS = {
    "players": ("Players", P, "The number of players, 2 to 4."),
    "track_length": ("Spaces to the waterhole", P, "A longer track makes the game last longer."),
    "hand_size": ("Cards in hand", P, "Each player holds this many cards."),
    "cards": ("Card list", A, "A different card list changes the cards in the deck."),
    "catch_up": (
        "The lion chases only pawns ahead",
        V,
        "When not ticked, the lion may chase any other pawn.",
    ),
    "lion": (
        "What a lion chase does",
        V,
        "Choose whether a chased pawn moves back by the lion's value or straight back to camp.",
        (("send_back", "back by the lion's value"), ("to_camp", "straight back to camp")),
    ),
    "max_turns": (
        "Longest game in turns",
        A,
        "A game still running after this many turns is stopped.",
    ),
}
