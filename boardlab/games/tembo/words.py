"""What the app's rule panel (``make app``) shows a player for each parameter of
``rules.SPECS``, never its name: name -> (label in a few plain words, group, one sentence
on what a change does[, each choice's words]). Groups: "printed" (the printed rules),
"variant" (variants and readings of unclear rules), "advanced" (folded away)."""

from __future__ import annotations

P, V, A = "printed", "variant", "advanced"

WORDS = {
    "players": ("Players in the team", P, "The number of players who play together as one team."),
    "starting_energy": ("Starting energy", P, "More energy at the start makes the journey easier."),
    "energy_max": ("Most energy the herd can have", P, "The energy track stops at this number."),
    "elephants": ("Elephants per player", P, "Each player starts with this many elephants."),
    "starting_rested": (
        "Rested elephants at the start",
        P,
        "Each player starts with this many rested elephants; the others are tired.",
    ),
    "support_tokens": ("Support tokens", P, "The team shares this many support tokens."),
    "lion_cards": ("Lion cards", P, "More lion cards make the journey more dangerous."),
    "matriarch_cards": (
        "Matriarch cards",
        P,
        "More Matriarch cards bring the herd back together more often.",
    ),
    "deck_size": ("Cards per deck", P, "Fewer cards per deck make the game shorter."),
    "deck_order": (
        "How the decks are used",
        V,
        "Choose whether decks I, II and III come in order or all shuffled together.",
        (("stacked", "in order, deck I first"), ("shuffled", "all shuffled together")),
    ),
    "lion_rests": (
        "A lying lion rests a turn",
        V,
        "When ticked, a lion lying down skips its next turn.",
    ),
    "gather": (
        "What a Matriarch card brings back",
        V,
        "The Matriarch brings back the whole herd, or only the elephants where she moves.",
        (("herd", "the whole herd"), ("furthest", "only the elephants where she moves")),
    ),
    "touch_herd": (
        "Which elephants must touch the herd",
        V,
        "Only the first elephant of a turn, or every elephant, must be placed by the herd.",
        (("first", "the first of each turn"), ("every", "every elephant")),
    ),
    "double_matriarch_penalty": (
        "Energy lost for two Matriarchs at once",
        V,
        "The team loses this much more energy when two Matriarch cards are drawn together.",
    ),
    "open_hands": (
        "Everyone sees every hand",
        V,
        "When ticked, all players play with their cards face up.",
    ),
    "seats": (
        "Where each player sits",
        A,
        "Each player's side of the board, one number per player: 0 south, 1 west, 2 north, 3 east.",
    ),
    "journey": ("Map", A, "A different map changes the journey across the savanna."),
    "areas": ("Areas of the map", A, "A different list changes what each area of the map does."),
    "cards": ("Card list", A, "A different card list changes the savanna cards."),
    "max_turns": (
        "Longest game in turns",
        A,
        "A game still running after this many turns is stopped.",
    ),
}
