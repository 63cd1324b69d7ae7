"""What the app's rule panel (``make app``) shows a player for each parameter of
``rules.SPECS``, never its name: name -> (label in a few plain words, group, one sentence
on what a change does[, each choice's words]). Groups: "printed" (the printed rules),
"variant" (variants and readings of unclear rules), "advanced" (folded away)."""

from __future__ import annotations

P, V, A = "printed", "variant", "advanced"

WORDS = {
    "players": ("Explorers", P, "The number of explorers; the printed game is for 3 to 7."),
    "track_length": (
        "Spaces around the track",
        P,
        "A longer track spreads the explorers and heaps further apart.",
    ),
    "dung_heaps": ("Dung heaps", P, "More dung heaps mean more places to lose points."),
    "dung_penalty": (
        "Points lost on a dung heap",
        P,
        "An explorer who lands on a dung heap loses this many points.",
    ),
    "dung_min_gap": (
        "Gap between dung heaps",
        V,
        "The dung heaps are laid with at least this many empty spaces between them.",
    ),
    "dung_placement": (
        "How the dung heaps are laid",
        V,
        "Choose whether the dung heaps are laid at random or evenly spread.",
        (("random", "at random"), ("even", "evenly spread")),
    ),
    "max_card": ("Highest movement card", P, "Each explorer's cards run from 0 up to this number."),
    "rounds": ("Rounds", P, "The game ends after this many rounds."),
    "mambo_timing": (
        "When Mambo charges",
        V,
        "Mambo charges each time the space in front of him is left, or once a round.",
        (
            ("immediate", "each time the space in front is left"),
            ("end_of_round", "once at the end of the round"),
        ),
    ),
    "kali_leader_stays": (
        "Kali stays put when in the lead",
        V,
        "When not ticked, Kali always runs one space further ahead.",
    ),
}
