"""Jambo's rulebook as data: every rule sentence of the English rulebook, every card's text
(the rulebook prints none: the card list is a reconstruction) and every rule decision,
each with an id that tests tag (``boardlab.coverage("jambo")``). The card list's entries
and the decisions quote the design notes kept beside the rule texts.

So that a reader can tell them apart, each entry says what it is: a printed rule, our
reconstruction (``kind="reconstruction"``: every card's words, the deck's make-up) or our
decision where the rulebook is silent, with the reasoning in players' words (``note``).
The entries a player's reference card needs carry its section (``card``: Setup, Your turn,
Actions, Game end, Scoring) and their line on it (``summary``), which
``boardlab.render.reference.reference_card("jambo")`` draws.
"""

from __future__ import annotations

from boardlab.core.coverage import Rule, Rulebook

#: Why every card's text is marked a reconstruction, in players' words.
CARD_NOTE = (
    "The rulebook prints no card texts: these words are rebuilt from reviews and a digital "
    "edition's card list."
)

RULEBOOK = Rulebook(
    game="jambo",
    original="jambo.seed.txt",
    translation="",
    notes="jambo.md",
    rules=(
        Rule(
            "setup-gold",
            "Setup",
            "Each player takes his starting capital of 20 gold",
            card="Setup",
            summary="Each trader takes 20 gold; the 36 wares (6 of each) are the supply.",
        ),
        Rule(
            "setup-deal",
            "Setup",
            "Each player draws 5 cards from the card supply as his starting hand.",
            card="Setup",
            summary=(
                "Shuffle all the cards; deal 5 to each. The players choose who starts (here player"
                " 0)."
            ),
        ),
        Rule(
            "setup-stand",
            "Setup",
            "Each can place up to six wares on his large market stand.",
            card="Setup",
            summary="Each trader has a large market stand: 6 spaces for wares.",
        ),
        Rule(
            "actions-five",
            "Game Play",
            "A player may use 5 action markers in his turn.",
            card="Your turn",
            summary="5 action markers a turn: phase 1 draws cards, then phase 2 plays cards.",
        ),
        Rule(
            "bonus",
            "Game Play",
            "if a player has 2 or more action markers left (untaken by his opponent) at the"
            " end of his turn, he takes 1 gold from the bank.",
            card="Your turn",
            summary="End your turn with 2 or more actions unused: take 1 gold.",
        ),
        Rule(
            "draw-cost",
            "Phase 1: Draw Cards",
            "The player draws the top-most card from the card supply, looks at it secretly,"
            " and chooses to either add it to his hand or discard it face-up on the discard"
            " stack. This costs 1 action marker.",
            card="Your turn",
            summary=(
                "Phase 1: each draw costs 1 action; keep the card, or discard it and draw again."
            ),
        ),
        Rule(
            "draw-keep",
            "Phase 1: Draw Cards",
            "If the player adds the card to his hand, he is done with phase 1 and moves "
            "immediately to phase 2.",
            card="Your turn",
            summary="Keeping a card ends phase 1; you may keep only the last card you drew.",
        ),
        Rule(
            "draw-no-more",
            "Phase 1: Draw Cards",
            "In phase 2, the player may draw no more cards from the card supply, except "
            "when using an action whose text allows it.",
        ),
        Rule(
            "draw-again",
            "Phase 1: Draw Cards",
            "If the player discards the card, he can draw another card or move to phase 2.",
        ),
        Rule(
            "draw-last",
            "Phase 1: Draw Cards",
            "Also, he may only choose to keep the last card he draws.",
        ),
        Rule(
            "draw-all-five",
            "Phase 1: Draw Cards",
            "It is possible for a player to spend all 5 actions markers drawing cards in "
            "phase 1. In this case, the player has no phase 2.",
        ),
        Rule(
            "draw-skip",
            "Phase 1: Draw Cards",
            "The player may also choose to bypass phase 1, drawing no cards and go directly"
            " to phase 2.",
            card="Your turn",
            summary="You may skip phase 1; all 5 actions spent drawing means no phase 2.",
        ),
        Rule(
            "play-cost",
            "Phase 2: Play Cards",
            "Generally: Playing 1 Card Costs 1 Action!",
            card="Actions",
            summary="Phase 2: playing any card costs 1 action (stands and utilities too).",
        ),
        Rule(
            "stand-room",
            "Small Market Stand",
            "The small market stand has room for 3 wares.",
        ),
        Rule(
            "stand-price",
            "Small Market Stand",
            "The first player who builds a small market stand pays 6 gold to the bank to "
            "build it. All further small market stands (for either player) cost the player "
            "building it only 3 gold, paid to the bank.",
            card="Actions",
            summary="Small market stand: 3 more spaces; 6 gold for the game's first, then 3.",
        ),
        Rule(
            "stand-limit",
            "Small Market Stand",
            "A player's small market stand limit is the 5 small market stands in the game.",
        ),
        Rule(
            "buy",
            "Buying",
            "When buying, the player pays the bank the amount of gold shown on the lower "
            "left of the card, and takes all the wares shown on the card from the supply.",
            card="Actions",
            summary="Buy: pay the card's left price, take all its wares (room and supply needed).",
        ),
        Rule(
            "buy-room",
            "Buying",
            "If a player does not have enough empty places on his market stands for the "
            "wares shown on the ware card, he may not play it.",
        ),
        Rule(
            "buy-gold",
            "Buying",
            "If a player does not have enough gold to pay for the wares, he may not play it.",
        ),
        Rule(
            "buy-supply",
            "Buying",
            "A player may also not play a ware card if all the wares shown on the card are "
            "not available in the supply.",
        ),
        Rule(
            "sixth-space",
            "Buying",
            "when a player fills a sixth space with a ware, he must pay 2 gold to the bank.",
            card="Actions",
            summary="Filling your large stand's 6th space costs 2 gold, every time it fills.",
        ),
        Rule(
            "sell",
            "Selling",
            "When selling, the player takes from the bank the amount of gold shown on the "
            "lower right of the card, and places the wares shown on the card back in the "
            "supply.",
            card="Actions",
            summary="Sell: put all the card's wares back in the supply, take its right price.",
        ),
        Rule(
            "sell-needs",
            "Selling",
            "A player may not play a ware card to sell wares unless he has all the wares "
            "shown on the card on his market stands.",
        ),
        Rule(
            "utility-stays",
            "Utility Cards",
            "Utility cards are not discarded at the end of the player's turn",
        ),
        Rule(
            "utility-same-turn",
            "Utility Cards",
            "even on the turn when he plays the card.",
        ),
        Rule(
            "utility-once",
            "Utility Cards",
            "A player may use each of his utility cards only once per turn.",
        ),
        Rule(
            "utility-limit",
            "Utility Cards",
            "A player may never have more than 3 utility cards in his play area. If a "
            "player wants to play a 4th utility card, he must first discard one of the "
            "utility cards in his play area. He may even discard a card he has already used"
            " in this turn.",
        ),
        Rule(
            "utility-duplicates",
            "Utility Cards",
            "A player may have more than one of the same utility card in his play area",
        ),
        Rule(
            "utility-cost",
            "Utility Cards",
            "each use of a utility card costs the player 1 action marker!",
            card="Actions",
            summary="Utility: stays in play (3 at most); each use costs 1 action, once a turn.",
        ),
        Rule(
            "people",
            "People",
            "When a player plays a people card, he executes the action described in the "
            "text on the card and discards the card.",
            card="Actions",
            summary="Person or animal: do what the card says, then discard it.",
        ),
        Rule(
            "guard",
            "Animals",
            "The playing of a guard card costs no action markers and negates the action of "
            "the animal card for both players. The guard card and the animal card are then "
            "discarded.",
            card="Actions",
            summary="Guard (0 actions, in the other's turn): cancels an animal. Asked every time.",
        ),
        Rule(
            "end-trigger",
            "End of the Game",
            "When a player has 60 or more gold at the end of his turn, the game is nearly over.",
            card="Game end",
            summary=(
                "60 gold or more at the end of your turn: the other trader takes one last turn."
            ),
        ),
        Rule(
            "end-last-turn",
            "End of the Game",
            "His opponent takes one last turn (5 action markers).",
            card="Game end",
            summary="That last turn is always played, with all 5 actions.",
        ),
        Rule(
            "end-tie",
            "End of the Game",
            "if the opponent has the same amount or more gold than the player who triggered"
            " the end of the game, he is the winner.",
            card="Scoring",
            summary="Most gold wins; on equal gold the trader who took the last turn wins.",
        ),
        Rule(
            "hand-unlimited",
            "Important Rules",
            "The players can have as many cards in their hands as they want.",
            card="Your turn",
            summary="No hand limit. The card supply runs out: shuffle the discard stack.",
        ),
        Rule(
            "wares-choose",
            "Important Rules",
            "he can choose which to take and which to leave in the supply.",
            card="Actions",
            summary="Wares you receive that don't all fit: you choose which to take.",
        ),
        Rule(
            "no-gold",
            "Important Rules",
            "If a player has no gold and wants to take an action that costs gold, he may "
            "not take the action.",
            card="Actions",
            summary="No gold: no action that costs gold.",
        ),
        Rule(
            "reshuffle",
            "Important Rules",
            "If the card supply is exhausted, shuffle the discard stack and place it "
            "face-down as the new card supply.",
        ),
        Rule(
            "deck",
            "Cards: Components",
            "40 ware, 22 utility, 29 people, 14 animal, 5 small market stands.",
            source="notes",
            kind="reconstruction",
            note=(
                "The rulebook's components list prints the totals (40 ware, 22 utility, 29 people,"
                " 14 animal cards); how many copies of each card there are is rebuilt from reviews"
                " and a digital edition's card list, and the 5 small market stand cards make the "
                "110."
            ),
        ),
        Rule(
            "ware-supply",
            "Cards: Components",
            "the supply is limited to these 36.",
            source="notes",
            kind="printed",
            note=(
                "The box holds 6 of each of the six wares, and the rulebook forbids a buy whose "
                "wares are not all in the supply: the supply is limited to these 36."
            ),
        ),
        Rule(
            "bank",
            "Cards: Components",
            "the bank is treated as unlimited by default (Gold in the bank: 0), with the "
            "printed 52 gold as an option.",
            source="notes",
            kind="decision",
            note=(
                "The box holds 52 gold pieces, but players make change and the rulebook never says"
                " what happens when the bank runs dry, so the bank never runs out; the Gold in "
                "the bank setting plays with the printed amount."
            ),
        ),
        Rule(
            "ware-cards",
            "Cards: Components",
            "choose buy OR sell each time it is played",
            source="notes",
            kind="reconstruction",
            note=(
                "The rulebook says a ware card buys or sells, and prints the buy price lower left "
                "and the sell price lower right; which wares and prices the 40 cards show is "
                "rebuilt from reviews and a digital edition's card list (the least certain part of"
                " the card list)."
            ),
        ),
        Rule(
            "well",
            "Cards: Utilities",
            "pay 1 gold, draw 1 card",
            source="notes",
            kind="reconstruction",
            note=CARD_NOTE,
        ),
        Rule(
            "drums",
            "Cards: Utilities",
            "return 1 of your wares to the supply, draw 1 card",
            source="notes",
            kind="reconstruction",
            note=CARD_NOTE,
        ),
        Rule(
            "throne",
            "Cards: Utilities",
            "swap 1 of your wares with 1 of the opponent's",
            source="notes",
            kind="reconstruction",
            note=CARD_NOTE,
        ),
        Rule(
            "boat",
            "Cards: Utilities",
            "discard 1 hand card, take 1 ware of your choice from the supply",
            source="notes",
            kind="reconstruction",
            note=CARD_NOTE,
        ),
        Rule(
            "scale",
            "Cards: Utilities",
            "draw 2 cards, keep 1, give the other to the opponent",
            source="notes",
            kind="reconstruction",
            note=CARD_NOTE,
        ),
        Rule(
            "mask",
            "Cards: Utilities",
            "swap 1 hand card with the top card of the discard pile",
            source="notes",
            kind="reconstruction",
            note=CARD_NOTE,
        ),
        Rule(
            "supplies",
            "Cards: Utilities",
            "pay 1 gold or discard 1 hand card, then reveal cards until a ware card: keep "
            "it, discard the rest",
            source="notes",
            kind="reconstruction",
            note=CARD_NOTE,
        ),
        Rule(
            "kettle",
            "Cards: Utilities",
            "discard 1 or 2 hand cards, draw as many",
            source="notes",
            kind="reconstruction",
            note=CARD_NOTE,
        ),
        Rule(
            "leopard-statue",
            "Cards: Utilities",
            "pay 2 gold, take 1 ware of your choice from the supply",
            source="notes",
            kind="reconstruction",
            note=CARD_NOTE,
        ),
        Rule(
            "weapons",
            "Cards: Utilities",
            "discard 1 hand card, take 2 gold",
            source="notes",
            kind="reconstruction",
            note=CARD_NOTE,
        ),
        Rule(
            "guard-card",
            "Cards: People",
            "reaction, 0 actions: cancels an animal card just played; both discarded",
            source="notes",
            kind="reconstruction",
            note=CARD_NOTE,
        ),
        Rule(
            "rain-maker",
            "Cards: People",
            "reaction, 0 actions: after the opponent plays a ware card, take that card from"
            " the discard pile into hand",
            source="notes",
            card="Actions",
            summary=(
                "Rain Maker (0 actions): take the ware card the other just played. Asked every "
                "time."
            ),
            kind="reconstruction",
            note=CARD_NOTE,
        ),
        Rule(
            "shaman",
            "Cards: People",
            "exchange all your wares of one type for as many of another type from the supply",
            source="notes",
            kind="reconstruction",
            note=CARD_NOTE,
        ),
        Rule(
            "psychic",
            "Cards: People",
            "look at the top 6 cards, take 1 into hand, put the rest back in order",
            source="notes",
            kind="reconstruction",
            note=CARD_NOTE,
        ),
        Rule(
            "tribal-elder",
            "Cards: People",
            "choose: draw until you hold 5 cards, or the opponent discards down to 3",
            source="notes",
            kind="reconstruction",
            note=CARD_NOTE,
        ),
        Rule(
            "wise-man",
            "Cards: People",
            "rest of this turn: every ware buy costs 2 less, every sell pays 2 more",
            source="notes",
            kind="reconstruction",
            note=CARD_NOTE,
        ),
        Rule(
            "portuguese",
            "Cards: People",
            "sell any number of your wares to the supply for 2 gold each",
            source="notes",
            kind="reconstruction",
            note=CARD_NOTE,
        ),
        Rule(
            "basket-maker",
            "Cards: People",
            "pay 2 gold, take 2 wares of one type from the supply",
            source="notes",
            kind="reconstruction",
            note=CARD_NOTE,
        ),
        Rule(
            "traveling-merchant",
            "Cards: People",
            "auction 2 wares from the supply: alternate bids from 1 gold, the player who "
            "played it opens, first pass ends it, the winner pays the bank and takes both",
            source="notes",
            kind="reconstruction",
            note=CARD_NOTE,
        ),
        Rule(
            "arabian-merchant",
            "Cards: People",
            "reveal the top 3 cards and auction them as one lot (same bidding); no bid → discarded",
            source="notes",
            kind="reconstruction",
            note=CARD_NOTE,
        ),
        Rule(
            "dancer",
            "Cards: People",
            "with a ware card from hand: return any 3 of your wares to the supply and "
            "receive that card's sell price",
            source="notes",
            kind="reconstruction",
            note=CARD_NOTE,
        ),
        Rule(
            "carrier",
            "Cards: People",
            "take 2 wares of one type from the supply, or draw 2 cards; the opponent gets "
            "the other option",
            source="notes",
            kind="reconstruction",
            note=CARD_NOTE,
        ),
        Rule(
            "drummer",
            "Cards: People",
            "take 1 utility card from the discard pile into hand",
            source="notes",
            kind="reconstruction",
            note=CARD_NOTE,
        ),
        Rule(
            "crocodile",
            "Cards: Animals",
            "use one of the opponent's utilities once for free, then it is discarded",
            source="notes",
            kind="reconstruction",
            note=CARD_NOTE,
        ),
        Rule(
            "parrot",
            "Cards: Animals",
            "take 1 ware from the opponent's market into yours",
            source="notes",
            kind="reconstruction",
            note=CARD_NOTE,
        ),
        Rule(
            "hyena",
            "Cards: Animals",
            "look at the opponent's hand, take 1 card, give him 1 of yours",
            source="notes",
            kind="reconstruction",
            note=CARD_NOTE,
        ),
        Rule(
            "snake",
            "Cards: Animals",
            "each player keeps 1 utility of their choice, discards the rest",
            source="notes",
            kind="reconstruction",
            note=CARD_NOTE,
        ),
        Rule(
            "elephant",
            "Cards: Animals",
            "pool both players' wares; draft them back one at a time, active player first "
            "(what doesn't fit returns to the supply)",
            source="notes",
            kind="reconstruction",
            note=CARD_NOTE,
        ),
        Rule(
            "ape",
            "Cards: Animals",
            "pool both hands; draft the cards back one at a time, active player first",
            source="notes",
            kind="reconstruction",
            note=CARD_NOTE,
        ),
        Rule(
            "lion",
            "Cards: Animals",
            "pool both players' utilities; draft them back one at a time, active player "
            "first, at most 3 each",
            source="notes",
            kind="reconstruction",
            note=CARD_NOTE,
        ),
        Rule(
            "cheetah",
            "Cards: Animals",
            "the opponent chooses: give you 2 gold (needs 2 gold) or let you draw 2 cards",
            source="notes",
            kind="reconstruction",
            note=CARD_NOTE,
        ),
        Rule(
            "merchant-wares",
            "Rule decisions",
            "Traveling Merchant wares: `supply` | `own_market`.",
            source="notes",
            kind="decision",
            note=(
                "The Traveling Merchant's card, as rebuilt, auctions 2 wares: they come from the "
                "supply, as for every other card that gives wares; the variant takes them from "
                "your own market (the winner pays you)."
            ),
        ),
        Rule(
            "dancer-six-ware",
            "Rule decisions",
            "Dancer: any ware card | only 3-ware cards (`dancer_six_ware=True`).",
            source="notes",
            kind="decision",
            note=(
                "The Dancer's card says a ware card from your hand: any ware card counts, a "
                "six-ware card too, since nothing on it says otherwise; the variant allows only "
                "cards showing 3 wares."
            ),
        ),
        Rule(
            "psychic-cards",
            "Rule decisions",
            "Psychic looks at 6 | 5 cards.",
            source="notes",
            kind="decision",
            note=(
                "Readings of the Psychic differ between 5 and 6 cards; he looks at 6, the number "
                "most descriptions give."
            ),
        ),
        Rule(
            "crocodile-reading",
            "Rule decisions",
            "Crocodile: use the utility then discard it | discard only.",
            source="notes",
            kind="decision",
            note=(
                "The Crocodile uses one of the other trader's utilities once, for free, and then "
                "discards it, as most descriptions of the card read; the variant only discards it."
            ),
        ),
        Rule(
            "mask-timing",
            "Rule decisions",
            "`mask_before_draw_only` as the alternative.",
            source="notes",
            kind="decision",
            note=(
                "The rulebook lets a utility be used any time during your turn, so the Mask of "
                "Transformation may be used in either phase; the variant allows it only in phase "
                "1, before the first draw."
            ),
        ),
        Rule(
            "wise-man-sales",
            "Rule decisions",
            "Wise Man modifier applies to every ware-card buy/sell that turn; not to "
            "Dancer/Portuguese unless `wise_man_all_sales=True`.",
            source="notes",
            kind="decision",
            note=(
                "The Wise Man's card speaks of buying and selling with ware cards, so his 2 gold "
                "change every ware card's price that turn, but not the Dancer's or the "
                "Portuguese's sales, which pay prices of their own; a variant lets them earn it "
                "too."
            ),
        ),
        Rule(
            "psychic-short-supply",
            "Rule decisions",
            "deck exhausted → reshuffle discards",
            source="notes",
            note="The Psychic with fewer than 6 cards left in the card supply "
            "(psychic_short_supply): the discard stack is shuffled and put beneath the cards "
            "left, as drawing them one by one and running out would do, so he still sees 6 "
            "cards, those left on top in their order. Variant: he looks only at what is left.",
            kind="decision",
        ),
        Rule(
            "wise-man-stacks",
            "Rule decisions",
            "every ware buy costs 2 less, every sell pays 2 more",
            source="notes",
            note="Two Wise Men played in one turn (wise_man_stacks): each does what his card "
            "says, so buys cost 4 less and sales pay 4 more, as two copies of a utility give "
            "two uses. Variant: only one Wise Man a turn counts.",
            kind="decision",
        ),
        Rule(
            "wise-man-portuguese",
            "Rule decisions",
            "sell any number of your wares to the supply for 2 gold each",
            source="notes",
            note="The Wise Man with the Portuguese (wise_man_portuguese), where his bonus "
            "reaches the Portuguese at all (wise_man_all_sales): 2 gold more once for the "
            "Portuguese played, as a ware card selling three wares earns it once. Variant: "
            "2 gold more for every ware sold.",
            kind="decision",
        ),
        Rule(
            "current-player",
            "Who decides",
            'the engine\'s "current player" is whoever must decide now, and a bot or a human'
            " answers it the same way.",
            source="notes",
            kind="decision",
            note=(
                "Some cards make the other trader decide in the middle of your turn (a Guard, a "
                "Rain Maker, the Scale's gift, the Cheetah's choice, auctions and pool drafts): "
                "the game asks whoever must decide now, and a bot or a person answers it the same "
                "way."
            ),
        ),
    ),
)
