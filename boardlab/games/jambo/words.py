"""What the app's rule panel (``make app``) shows a player for each parameter of
``rules.SPECS``, never its name: name -> (label in a few plain words, group, one sentence
on what a change does[, each choice's words]). Groups: "printed" (the printed rules),
"variant" (variants and readings of unclear rules), "advanced" (folded away)."""

from __future__ import annotations

P, V, A = "printed", "variant", "advanced"

WORDS = {
    "players": ("Players", P, "Jambo is always a game for two, so this cannot change."),
    "cards": ("Card list", A, "A different card list changes which cards are in the draw pile."),
    "target_gold": (
        "Gold to win",
        P,
        "A lower amount makes the game shorter; a higher one makes it longer.",
    ),
    "starting_gold": ("Starting gold", P, "More starting gold lets both players buy sooner."),
    "hand_size": (
        "Cards in the first hand",
        P,
        "Each player is dealt this many cards at the start.",
    ),
    "first_stand_price": (
        "Price of the first small stand",
        P,
        "The first small market stand bought in the game costs this much gold.",
    ),
    "stand_price": (
        "Price of later small stands",
        P,
        "Every small market stand after the first costs this much gold.",
    ),
    "large_stand_fee": (
        "Fee for a full large stand",
        P,
        "A player pays this much gold each time the last space of the large stand is filled.",
    ),
    "bank_limit": (
        "Gold in the bank",
        A,
        "With a limit the bank can run out of gold; 0 means the bank never runs out.",
    ),
    "max_turns": (
        "Longest game in turns",
        A,
        "A game still running after this many turns is stopped and ranked by gold.",
    ),
    "merchant_wares": (
        "Where the Traveling Merchant's wares come from",
        V,
        "The Traveling Merchant takes his wares from the supply or from your own market.",
        (("supply", "from the supply"), ("own_market", "from your own market")),
    ),
    "dancer_six_ware": (
        "The Dancer may use any ware card",
        V,
        "When not ticked, the Dancer may only use ware cards that show 3 wares.",
    ),
    "psychic_cards": (
        "Cards the Psychic looks at",
        V,
        "The Psychic looks at this many cards from the top of the pile.",
    ),
    "psychic_short_supply": (
        "Psychic with too few cards left",
        V,
        "Choose what the Psychic sees when fewer cards are left than he looks at.",
        (("reshuffle", "shuffle the discards in first"), ("what_is_left", "only the cards left")),
    ),
    "crocodile": (
        "What the Crocodile does",
        V,
        "The Crocodile uses the other player's utility once and discards it, or only discards it.",
        (("use_then_discard", "use it once, then discard it"), ("discard_only", "only discard it")),
    ),
    "mask_before_draw_only": (
        "Mask only before the first draw",
        V,
        "When ticked, the Mask of Transformation can only be played before you draw.",
    ),
    "wise_man_all_sales": (
        "Wise Man helps every sale",
        V,
        "When ticked, the Wise Man's bonus also counts for the Dancer and the Portuguese.",
    ),
    "wise_man_stacks": (
        "Two Wise Men both count",
        V,
        "When ticked, two Wise Men played in one turn each give their bonus.",
    ),
    "wise_man_portuguese": (
        "Wise Man bonus with the Portuguese",
        V,
        "The Wise Man adds his bonus once per Portuguese played, or once per ware sold.",
        (("per_play", "once per Portuguese played"), ("per_ware", "once per ware sold")),
    ),
    "empty_deck": (
        "When all cards are gone",
        V,
        "Choose whether players just stop drawing or the game ends when no cards are left.",
        (("skip", "players stop drawing"), ("end", "the game ends")),
    ),
}
