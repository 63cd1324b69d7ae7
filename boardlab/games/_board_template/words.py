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
    "players": ("Players", P, "Achi is always a game for two, so this cannot change."),
    "counters": ("Counters each", P, "Each player places this many counters."),
    "max_turns": (
        "Longest game in turns",
        A,
        "A game still running after this many turns is stopped.",
    ),
}
