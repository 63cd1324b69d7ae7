"""Kombo Afrika's rulebook as data: every rule of the English rulebook, word for word,
and every numbered decision we made.

``kombo_afrika.seed.txt`` (the rulebook, in its order) and
``kombo_afrika.md`` (our design notes: the board and deck facts we rebuilt, then
decisions 1–9), both outside the repository; each entry here says what it decides and
why. Tests name the entries they check with
``@pytest.mark.rule("kombo_afrika:<id>")``; notebook cells with the tag
``kombo_afrika:<id>``; ``boardlab.coverage("kombo_afrika")`` puts them together.
Left out: the title, the table of contents, and the last tip ("For more tips and
advice, visit lorisgames.cz"), which states no rule.

A reader tells them apart by ``Rule.mark``: the rulebook's sentences are printed rules;
what it does not print but we rebuilt (the deck's make-up and points, the deck on the
centre cell) is ``kind="reconstruction"``; the numbered decisions are decisions, each
``note`` giving the reasoning in players' words. ``card`` and ``summary`` put an entry
on the reference card (``boardlab.render.reference``).
"""

from __future__ import annotations

from boardlab.core.coverage import Rule, Rulebook

TURN = "The Player's Turn"
COMBOS = "Combos and Scoring"
EFFECTS = "Card Effects"
FULL = "When the Board Is Full"
FAQ = "Pack Building (Combos) — FAQ"
END = "End of the Game"
TIPS = "Game Tips"

RULEBOOK = Rulebook(
    game="kombo_afrika",
    original="kombo_afrika.seed.txt",
    translation="",
    notes="kombo_afrika.md",
    rules=(
        # -- Goal of the Game ------------------------------------------------------------
        Rule(
            "goal",
            "Goal of the Game",
            "The goal of Kombo Afrika is to collect as many points as possible by creating "
            "groups of animals on the board and making clever use of their skills.",
        ),
        # -- Preparation ---------------------------------------------------------------------
        Rule(
            "prep-deal",
            "Preparation",
            "Mix the animal cards and hand out 5 cards to each player.",
            card="Setup",
            summary="Deal 5 cards each; each player may once swap the hand for 5 new cards.",
        ),
        Rule(
            "prep-mulligan",
            "Preparation",
            "If a player does not like their cards, they can once place them face down on the "
            "discard pile and draw 5 new cards from the deck.",
            note="Each player decides in seat order, before the corner cards are laid, as the "
            "rulebook tells the swap before the board is prepared (parameter mulligan).",
        ),
        Rule(
            "prep-corners",
            "Preparation",
            "Next, prepare the game board at the size of 5x5 cards by placing 1 random card "
            "from the deck face up in each corner.",
            card="Setup",
            summary="Lay 1 card face up on each corner of a 5×5 grid; the deck goes face down "
            "in the centre.",
        ),
        Rule(
            "prep-deck",
            "Preparation",
            "Place the other cards face down in the center of the playing area.",
            note="The draw deck lies on the centre cell c3, which takes no card.",
        ),
        Rule("prep-draw-deck", "Preparation", "They will create the draw deck."),
        Rule(
            "prep-counters",
            "Preparation",
            "Each player gets a pair of eye counters and sets a default value of 0 points "
            "(0 and 0 against each other).",
            note="Parameter start_points changes the 0 (Game Tips: Uneven game).",
            card="Setup",
            summary="Everyone starts at 0 points (a weaker player may start at 10 or 15).",
        ),
        Rule(
            "prep-picture",
            "Preparation",
            "Board at the beginning of the game: a 5x5 grid with one face-up card in each "
            "corner; the draw deck sits in the center of the grid (the first card may be "
            "placed adjacent to it); the discard pile is beside the board; each player has a "
            "pair of eye counters.",
        ),
        # -- Game Progress -------------------------------------------------------------------
        Rule(
            "progress-start",
            "Game Progress",
            "The player who last saw an African animal starts the game.",
            note="Here that player sits as player 0.",
            card="Setup",
            summary="Whoever last saw an African animal starts; then clockwise, whole turns.",
        ),
        Rule(
            "progress-order",
            "Game Progress",
            "Then the players continue clockwise, with each player playing their entire turn "
            "before the next player plays their entire turn.",
        ),
        # -- The Player's Turn ------------------------------------------------------------
        Rule(
            "turn-place",
            TURN,
            "During their turn, a player may place any number of cards on the board.",
            card="Your turn",
            summary="Place any number of cards face up, each touching a card or the deck by a "
            "side.",
        ),
        Rule("turn-active", TURN, "The player places the card face up, we call it active."),
        Rule(
            "turn-adjacent",
            TURN,
            "Cards can only be placed on the board adjacent to cards already in place (active "
            "or hidden) or to the draw deck.",
        ),
        Rule(
            "turn-sides",
            TURN,
            "(Cards are adjacent to each other when they touch each other by a side, not only "
            "by a corner.)",
        ),
        Rule("turn-effect", TURN, "After placing the card, the player can activate its effect."),
        Rule(
            "turn-effect-now",
            TURN,
            "The card effect must be activated as soon as it is placed on the board or not at all.",
            card="Your turn",
            summary="Use a card's skill as soon as it is placed, or never.",
        ),
        Rule("turn-chao", TURN, "The exception is the Chao card, whose effect is permanent."),
        Rule(
            "turn-one-combo",
            TURN,
            "During their turn, the player may gather only one group of cards, called a "
            "combo, and earn points for it.",
            card="Your turn",
            summary="Claim at most one combo, at any moment of your turn; its cards turn face "
            "down.",
        ),
        Rule(
            "turn-hide", TURN, "After that the player hides the cards of the combo in the jungle."
        ),
        Rule(
            "turn-hide-now",
            TURN,
            "(All the cards that were part of the combo are turned immediately face down.)",
        ),
        Rule("turn-hidden", TURN, "Face down cards are called hidden."),
        Rule(
            "turn-refill",
            TURN,
            "Regardless of whether a player has created a combo or not, at the end of their "
            "turn they set out to explore the savannah again — they draw as many cards out of "
            "the draw deck to have five in their hand.",
            note="Parameter hand_size; a hand already holding five or more draws nothing.",
            card="Your turn",
            summary="End your turn: draw back up to 5 cards.",
        ),
        Rule("turn-next", TURN, "Then the next player takes their turn."),
        # -- Example of a Card, Counters ------------------------------------------------------
        Rule(
            "card-example",
            "Example of a Card",
            "A card shows its effect (icon, top left), its points (top right) and its name "
            "(bottom).",
            note="Here each card prints its colour's mark top left, so colour is never the "
            "only sign; the animal's name stands for its effect icon.",
        ),
        Rule("counters", "Counters — Example", "The counters show points."),
        Rule(
            "counters-example",
            "Counters — Example",
            "Example: the player set their counter to 15 points.",
        ),
        # -- Combos and Scoring ---------------------------------------------------------------
        Rule(
            "combo",
            COMBOS,
            "By combining three or more adjacent active cards of the same color, you create a "
            "combo and earn as many points as the total sum of points of all cards in the "
            "combo.",
            note="A combo is the whole group of touching cards of one colour, not a part of it "
            "you pick: the rulebook's pictures score whole groups (the variant partial_combos "
            "lets you pick a part; parameter min_combo changes the three).",
            card="Scoring",
            summary="Combo: 3+ touching active cards of one colour; it scores the sum of their "
            "points.",
        ),
        Rule(
            "combo-hide",
            COMBOS,
            "After scoring you turn all cards from the combo face down to indicate that you "
            "have gathered the animals and hidden them in the jungle.",
        ),
        Rule("combo-counters", COMBOS, "The point gain is recorded using the counters."),
        Rule(
            "combo-shape",
            COMBOS,
            "The combo can have any shape, but all cards must be adjacent (by the side, not by "
            "the corner).",
        ),
        Rule(
            "combo-one", COMBOS, "You can only create 1 combo each turn, so it should be worth it!"
        ),
        Rule(
            "combo-after",
            COMBOS,
            "After you create a combo, you can still place more cards on the board and "
            "activate their effects.",
        ),
        Rule("combo-end", COMBOS, "Or you can end your move."),
        Rule(
            "combo-picture",
            COMBOS,
            "Illustration: valid combos are groups of three or more same-colored cards "
            "connected by sides (including a line of three plus one attached card); invalid "
            "groups are those connected only by corners.",
        ),
        # -- Card Effects ---------------------------------------------------------------------
        Rule(
            "suri",
            EFFECTS,
            "SURI: Gain a Card. Meerkats buddies watch your back. Draw 1 new card from the "
            "draw deck into your hand.",
            card="Actions",
            summary="SURI: draw 1 card from the deck.",
        ),
        Rule(
            "hypno",
            EFFECTS,
            "HYPNO: Swap a Card. The snake's gaze is vicious. Take any face-up card from the "
            "board to your hand and put HYPNO in its place.",
            note='The swap is the placement itself: "put HYPNO in its place" means HYPNO lands '
            "on the card it takes, so it fills no free cell.",
            card="Actions",
            summary="HYPNO: placed onto a face-up card (no HYPNO), takes that card into your hand.",
        ),
        Rule(
            "hypno-empty",
            EFFECTS,
            "You can also place HYPNO on an empty place, but then the effect doesn't activate.",
        ),
        Rule("hypno-not-hypno", EFFECTS, "HYPNO cannot use this effect to take another HYPNO."),
        Rule(
            "papo",
            EFFECTS,
            "PAPO: Gain Extra Points. Let's party with your pack. Gain 1 extra point for each "
            "card left in your hand (after you place this card).",
            card="Actions",
            summary="PAPO: +1 point for each card left in your hand.",
        ),
        Rule(
            "croc",
            EFFECTS,
            "CROC: Drown 2 Cards. Standing near the river is dangerous... Flip 1 or 2 cards "
            "face-down.",
            note="Any other face-up card on the board, near or far: the card names no distance.",
            card="Actions",
            summary="CROC: flip 1 or 2 other face-up cards face down, +1 point each.",
        ),
        Rule("croc-points", EFFECTS, "Gain 1 extra point for each card flipped."),
        Rule("croc-not-itself", EFFECTS, "CROC can flip another CROC, but cannot flip itself."),
        Rule(
            "vult",
            EFFECTS,
            "VULT: Revive a Card. Dr. VULT can restore a hidden card. Flip 1 previously "
            "flipped card back face-up.",
            note="Any hidden card on the board, near or far: the card names no distance.",
            card="Actions",
            summary="VULT: turn 1 hidden card face up; its own skill does not happen again.",
        ),
        Rule(
            "vult-no-effect",
            EFFECTS,
            "Its effect is not activated again, however the card can be used for a combo.",
        ),
        Rule(
            "giffe",
            EFFECTS,
            "GIFFE: Shift a Card. It's good to have a neck like a crane. Move any card "
            "(face-up or face-down) in the play area onto an adjacent free space.",
            card="Actions",
            summary="GIFFE: move another card, face up or down, to a free cell beside it.",
        ),
        Rule("giffe-not-itself", EFFECTS, "GIFFE can move another GIFFE, but cannot move itself."),
        Rule(
            "kong",
            EFFECTS,
            "KONG: Redraw your Hand. Crash-boom-splash. Discard the rest of the cards in your "
            "hand and draw the same amount of new cards from the draw deck.",
            card="Actions",
            summary="KONG: discard the rest of your hand, draw as many, and play on.",
        ),
        Rule("kong-continue", EFFECTS, "You can continue your turn with the new cards."),
        Rule(
            "chao",
            EFFECTS,
            "CHAO: Mimic Color. CHAO can take on any other color, and join any combo as a "
            "wildcard, also mimicking the point value of another card.",
            note="It takes the points of the best card in its combo: it may mimic another "
            "card's value, and no player would choose less.",
            card="Actions",
            summary="CHAO: a wildcard, joins a combo of any colour (one per combo).",
        ),
        Rule("chao-no-effect", EFFECTS, "However, CHAO doesn't mimic the effect of the card."),
        Rule("chao-own", EFFECTS, "CHAO cards can create their own combo from themselves."),
        Rule(
            "chao-own-value",
            EFFECTS,
            "Then each card in the combo has a value of 1.",
            card="Scoring",
            summary="CHAOs alone may make a combo: 1 point each.",
        ),
        # -- When the Board Is Full -----------------------------------------------------------
        Rule(
            "full-hidden",
            FULL,
            "After a card is placed on the last free space of the board and its effect is "
            "activated, collect all hidden cards from the board and put them on the discard "
            "pile.",
            card="Your turn",
            summary="Board full: hidden cards go to the discard pile (none hidden: all but the "
            "corners).",
        ),
        Rule("full-active-stay", FULL, "Active cards still remain in place on the board."),
        Rule(
            "full-active",
            FULL,
            "If the board is filled with only active cards, remove all but the corner cards "
            "and put them on the discard pile.",
        ),
        Rule("full-continue", FULL, "In both cases, the player's turn continues."),
        # -- When the Draw Deck Runs Out of Cards ------------------------------------------
        Rule(
            "deck-out",
            "When the Draw Deck Runs Out of Cards",
            "If you run out of cards in the draw deck in the middle of the board, shuffle the "
            "discard pile to create a new draw deck.",
            card="Your turn",
            summary="Deck empty: shuffle the discard pile into a new deck.",
        ),
        # -- Pack Building (Combos) — FAQ -------------------------------------------------------
        Rule(
            "faq-anyones",
            FAQ,
            "You can use all the adjacent active cards of the same color into your packs, "
            "including those played by your opponents.",
            note="Any combo on the board may be claimed, not only one with the card just placed.",
            card="Scoring",
            summary="Any combo on the board is yours to claim, whoever laid its cards.",
        ),
        Rule(
            "faq-one-chao",
            FAQ,
            "Yes, other animals' pack can only contain one CHAO card that acts as a wildcard.",
        ),
        Rule(
            "faq-before-after",
            FAQ,
            "You can place cards before and even after hiding the pack in the jungle.",
        ),
        Rule("faq-anytime", FAQ, "You can hide the pack in the jungle anytime in your turn."),
        # -- End of the Game ------------------------------------------------------------------
        Rule(
            "end-target",
            END,
            "When a player reaches 77 points, the last round is played.",
            note="Parameter target.",
            card="Game end",
            summary="Someone reaches 77 points: finish the round, so everyone plays as many turns.",
        ),
        Rule(
            "end-equal-turns",
            END,
            "The game ends when each player has played the same number of turns.",
        ),
        Rule(
            "end-winner",
            END,
            "The winner of the game (and the king of the jungle) is the player with the most "
            "points.",
            card="Game end",
            summary="The most points wins.",
        ),
        Rule(
            "end-tie",
            END,
            "In the event of a tie, the number of points collected in the last turn is decisive.",
            card="Game end",
            summary="A tie: whoever scored more in their own last turn wins.",
        ),
        # -- Game Tips ------------------------------------------------------------------------
        Rule(
            "tip-50",
            TIPS,
            "If you want to speed up the game, play for a lower number of points, e.g. 50.",
        ),
        Rule(
            "tip-randomness", TIPS, "However this increases the amount of randomness in the game."
        ),
        Rule(
            "tip-100",
            TIPS,
            "On the contrary, if you want to reduce the randomness, play the game for more "
            "points, e.g. 100.",
        ),
        Rule("tip-length", TIPS, "Note, this will also extend the game length."),
        Rule(
            "tip-uneven",
            TIPS,
            "Uneven game. If you play with a weaker opponent, e.g. a child, they can start "
            "with initial points (e.g. 10 or 15).",
            note="Parameter start_points, e.g. (0, 10).",
        ),
        # -- our reconstruction: the board and the deck -----------------------------------
        Rule(
            "board-centre",
            "Our reconstruction: the board",
            "the draw deck sits face down on the **centre cell** (2,2), which is never free. "
            "So 24 cells take cards.",
            source="notes",
            kind="reconstruction",
            note="The rulebook's picture of the board shows the deck in the middle of the grid.",
        ),
        Rule(
            "deck-not-public",
            "Our reconstruction: the deck",
            "**The printed deck list (colours, point values, how many of each animal) is not "
            "public.** The engine therefore ships a documented *reconstruction* as a data file "
            "that a teacher who owns the game can overwrite with the printed deck.",
            source="notes",
            kind="reconstruction",
            note="Parameter deck: the reconstruction shipped with the game, or a teacher's own "
            "list of the printed deck.",
        ),
        Rule(
            "deck-48",
            "Our reconstruction: the deck",
            "48 cards = **6 colours × 7 animals** (each colour holds one SURI, HYPNO, PAPO, "
            "CROC, VULT, GIFFE and KONG) **+ 6 CHAO** cards, which have no colour of their own "
            "(the chameleon takes any colour).",
            source="notes",
            kind="reconstruction",
            note="Seven animals and a wildcard in six colours, as the rulebook's cards and "
            "pictures show; the counts are our guess at the printed deck.",
            card="Setup",
            summary="48 cards: 7 animals in each of 6 colours, and 6 CHAOs.",
        ),
        Rule(
            "deck-points",
            "Our reconstruction: the deck",
            "Points by animal (stronger effect, fewer points): HYPNO 2, CROC 2, SURI 3, PAPO "
            "3, VULT 4, GIFFE 4, KONG 5, CHAO 0 (a CHAO takes the value of the card it "
            "mimics).",
            source="notes",
            kind="reconstruction",
            note="The rulebook prints no values: a stronger skill is worth fewer points, so "
            "that no card is best in every way.",
            card="Scoring",
            summary="Points: HYPNO, CROC 2 · SURI, PAPO 3 · VULT, GIFFE 4 · KONG 5 · CHAO 0.",
        ),
        Rule(
            "deck-colours",
            "Our reconstruction: the deck",
            "Colours: red, yellow, green, blue, purple, brown (renderers use a colour-blind-"
            "safe palette and also print the colour's initial).",
            source="notes",
            kind="reconstruction",
            note="Parameter colours plays the first k of them.",
        ),
        # -- our decisions ------------------------------------------------------------------
        Rule(
            "decision-1",
            "Our decision 1",
            "**Mulligan** (Preparation, in seat order, *before* the corner cards are laid, as "
            "the seed orders it): each player may once put their whole hand face down on the "
            "discard pile and draw 5 new cards.",
            source="notes",
            note="The rulebook tells the swap before the board is prepared, so everyone decides in "
            "seat order before any corner card is laid.",
        ),
        Rule(
            "decision-2",
            "Our decision 2",
            "**Turn**: a sequence of decisions. The main choice is one of: place a card (which "
            "card, which cell), claim a combo (which one; at most once per turn, at any moment "
            '— "You can hide the pack in the jungle anytime in your turn"), or end the turn. '
            "After a placement comes the effect decision (use it — one target per step — or "
            "skip). At the end, refill to 5 (`hand_size=5`).",
            source="notes",
            note="The rulebook lets you place cards and claim a combo in any order within your "
            "turn; one choice at a time is the same turn, told step by step.",
        ),
        Rule(
            "decision-3",
            "Our decision 3",
            "**Combo**: a whole side-connected group (connected component) of ≥3 *active* "
            "cards of one colour (`min_combo=3`), scored as the sum of its cards' points. At "
            "most one CHAO may join a coloured group as its wildcard: it counts toward the 3, "
            "may bridge two groups of that colour into one, and is worth the highest point "
            "value among the combo's other cards (no one would choose less).",
            source="notes",
            note="The rulebook's pictures score whole groups and allow one CHAO in a pack; a CHAO "
            "counts as the best card since no player would choose less.",
            card="Scoring",
            summary="You claim the whole touching group; a CHAO in it is worth its best card.",
        ),
        Rule(
            "decision-3-chaos",
            "Our decision 3",
            "A combo made only of side-connected CHAOs is legal and scores 1 per card. All "
            "combo cards turn face down (hidden).",
            source="notes",
            note="The rulebook lets CHAOs form their own combo worth 1 each; its cards turn face "
            "down as any combo's do.",
        ),
        Rule(
            "decision-3-partial",
            "Our decision 3",
            "Variant `partial_combos=True`: a connected subset of ≥3 may be claimed, chosen "
            "card by card.",
            source="notes",
            note="Some players read a combo as any three touching cards of the group: this variant "
            "lets you play that reading.",
        ),
        Rule(
            "decision-4",
            "Our decision 4",
            "**Effects** exactly as the rulebook text (SURI draw 1; HYPNO is placed either "
            "onto the cell of a face-up non-HYPNO card, which goes to the player's hand — "
            '"put HYPNO in its place" — or onto an empty legal cell with no effect; PAPO +1 '
            "per card left in hand; CROC flip 1–2 other face-up cards, +1 point each; VULT "
            "flip one hidden card face up, no effect re-trigger; GIFFE move another card, face "
            "up or down, to an adjacent free cell; KONG discard hand and draw as many; CHAO "
            "permanent wildcard, no effect).",
            source="notes",
            note="Each card does what its text says and no more; where a card names no distance "
            "(CROC, VULT), any card on the board will do.",
        ),
        Rule(
            "decision-4-giffe",
            "Our decision 4",
            "An effect is used at placement or never. GIFFE needs only an adjacent free cell "
            "for the moved card; the placement-adjacency rule does not apply to that move.",
            source="notes",
            note="GIFFE's text asks only for an adjacent free space; the placing rule is about "
            "cards from your hand.",
        ),
        Rule(
            "decision-5",
            "Our decision 5",
            "**Board full**: after the effect of the card that filled the last free cell, all "
            "hidden cards go to the discard pile; if the board holds only active cards, all "
            "but the cards now on the four corner cells go. The turn continues. (A HYPNO swap "
            "fills no free cell.)",
            source="notes",
            note="A corner card that was moved or taken is gone from the corner, so the cards that "
            "stay are those on the corner cells now; a HYPNO swap takes no free cell.",
        ),
        Rule(
            "decision-6",
            "Our decision 6",
            "**Deck**: when the draw deck runs out, shuffle the discard pile into a new deck; "
            "if both are empty, drawing simply stops.",
            source="notes",
            note="The rulebook reshuffles the discard pile; with no card left anywhere there is "
            "nothing to draw, and play goes on.",
        ),
        Rule(
            "decision-7",
            "Our decision 7",
            "**End**: when a player reaches `target=77`, the current round is finished so all "
            'players have had the same number of turns (`last_round="finish"`; variant '
            '`"extra"`: one more full round); most points wins; a tie goes to the player with '
            "more points scored in their last turn; then shared.",
            source="notes",
            note="'The game ends when each player has played the same number of turns': the round "
            "is finished. The variant 'extra' plays one more full round.",
            card="Game end",
            summary="A tie on both counts is shared.",
        ),
        Rule(
            "decision-8",
            "Our decision 8",
            "**Memory**: face-down cards are masked in every observation (the engine does not "
            'remember for the players); the renderer can show them for teaching ("god '
            'view").',
            source="notes",
            note="At the table nobody may look under a hidden card, so no one, player or bot, is "
            "told what it is.",
        ),
        Rule(
            "decision-9",
            "Our decision 9",
            "**Turn cap** `max_turns` (e.g. 200) ends a game that random play drags on as "
            "truncated.",
            source="notes",
            note="Random play can go on for a long time; the cap ends such a game so that "
            "simulations finish. Real games end long before it.",
        ),
    ),
)
