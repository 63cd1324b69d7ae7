"""What the app's rule panel (``make app``) shows a player for each parameter of
``rules.SPECS``, never its name: name -> (label in a few plain words, group, one sentence
on what a change does[, each choice's words]). Groups: "printed" (the printed rules),
"variant" (variants and readings of unclear rules), "advanced" (folded away)."""

from __future__ import annotations

P, V, A = "printed", "variant", "advanced"

WORDS = {
    "players": ("Expeditions", P, "The number of players, each leading one expedition."),
    "track_length": ("Spaces to the base camp", P, "A longer climb makes the game last longer."),
    "villages": (
        "Village spaces",
        V,
        "Village spaces are safe places to be sent back to; write them like 20, 40, 60, 80.",
    ),
    "bananas": ("Banana counters", P, "More banana counters give more extra moves."),
    "lions": (
        "Lion counters",
        P,
        "More lion counters send expeditions back to a village more often.",
    ),
    "changes": ("Change-position counters", P, "More of these counters mean more places swapped."),
    "change_position": (
        "What a change-position counter does",
        V,
        "Choose whether the counter swaps two expeditions or sends another back to its village.",
        (("swap", "swap places"), ("send_back", "send another back to its village")),
    ),
    "play_on_others": (
        "Whose piles you may play on",
        V,
        "You may play on expeditions as far as yours or further, on anyone's, or on your own.",
        (
            ("as_far_or_further", "expeditions as far as yours or further"),
            ("anyone", "anyone's"),
            ("never", "only your own"),
        ),
    ),
    "exact_finish": (
        "Exact count to reach the base camp",
        V,
        "When ticked, a move that would go past the base camp is not made.",
    ),
    "hand_size": ("Cards in hand", P, "Each player holds this many cards."),
}
