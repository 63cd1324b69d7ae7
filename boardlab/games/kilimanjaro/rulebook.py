"""Kilimanjaro's rulebook as data: every rule sentence, with the tests and cells that show it.

The entries quote ``kilimanjaro.seed.txt`` (the English
transcription of the printed rules) word for word, one per rule-stating
sentence or list item, in the rulebook's order, then our numbered decisions, from
our design notes ``kilimanjaro.md`` (both texts outside the repository; each entry
here says the decision and why). ``boardlab.coverage("kilimanjaro")``
joins them with the tests tagged ``@pytest.mark.rule("kilimanjaro:<id>")`` and
the notebook cells tagged ``kilimanjaro:<id>``; ``tests/test_coverage.py``
fails when an entry has no test or a quote is not word for word.
"""

from __future__ import annotations

from boardlab.core.coverage import Rule, Rulebook

PREP, PLAY, CHANCE, END = "Preparation", "Course of play", "Chance counters", "Game end"
SIDEBAR = "Sidebar summary"

RULEBOOK = Rulebook(
    game="kilimanjaro",
    original="kilimanjaro.seed.txt",
    translation="",
    notes="kilimanjaro.md",
    rules=(
        # -- Contents ------------------------------------------------------------------
        Rule(
            "contents-cards",
            "Contents",
            "56 movement cards of 4 types, each type comprising two cards each of value 1-7",
        ),
        Rule(
            "contents-counters",
            "Contents",
            "16 Chance counters (8x Banana, 4x Lion, 4x Change position)",
            note="The counts are parameters (bananas, lions, changes); a situation set up by "
            "hand may not hold more of a kind than the box.",
        ),
        Rule(
            "contents-figures",
            "Contents",
            "4 player figures (each symbolizing one expedition)",
            note="Four figures: so 2 to 4 expeditions play.",
        ),
        Rule(
            "contents-board",
            "Contents",
            "1 game board",
            note='The printed list reads "1 game boardv" (a typo, corrected in the '
            "transcription): a track of spaces 1 to 100 with villages (decision 1).",
        ),
        # -- Preparation ---------------------------------------------------------------
        Rule(
            "prep-figures",
            PREP,
            "The player figures are placed in the village next to space number 1.",
            note="The start village counts as space 0.",
        ),
        Rule(
            "prep-counters-deal",
            PREP,
            "The Chance counters are shuffled and dealt facedown evenly to all players.",
            note="When the counters do not divide evenly (16 among 3), they are dealt one at a "
            "time from player 0, so some players get one more.",
            card="Setup",
            summary="Shuffle the 16 chance counters and deal them face down; look at yours.",
        ),
        Rule(
            "prep-counters-place",
            PREP,
            "Each player looks at their counters and then, in turn, places them onto any "
            "empty space on the board.",
            card="Setup",
            summary="In turn, place one counter at a time on an empty space of the track.",
        ),
        Rule(
            "prep-one-at-a-time",
            PREP,
            "Each player places one counter at a time, until all the counters have been placed.",
        ),
        Rule(
            "prep-forbidden-spaces",
            PREP,
            "No two counters may be placed next to each other and no counter may be placed "
            "on a village space.",
            card="Setup",
            summary="Never next to another counter, never on a village.",
        ),
        Rule(
            "prep-deal-cards",
            PREP,
            "Now the cards are shuffled and each player is dealt 3 cards that they put face "
            "up in front of them, and another 3 cards that they keep in their hand.",
            note="Dealt once the last counter is placed (at once when there are no "
            "counters): nobody sees a card while placing counters.",
            card="Setup",
            summary="Then each player gets 3 cards face up (piles A, B, C) and 3 in hand.",
        ),
        Rule(
            "prep-deck",
            PREP,
            "The remaining cards are placed face down in a pile next to the board to form "
            "the deck.",
        ),
        # -- Aim of the game -----------------------------------------------------------
        Rule(
            "aim",
            "Aim of the game",
            "Be the first player to reach the base camp at the foot of Kilimanjaro (space "
            "100) or be furthest towards the base camp when all cards from the deck have "
            "been played.",
            card="Scoring",
            summary="No points: the first to the base camp wins, else the furthest expedition.",
        ),
        # -- Course of play ------------------------------------------------------------
        Rule(
            "play-start",
            PLAY,
            "The player to the left of the dealer starts.",
            note="Player 0 starts: the dealer is not part of the game's state.",
            card="Setup",
            summary="The player left of the dealer starts (player 0); play goes to the left.",
        ),
        Rule(
            "play-one-card",
            PLAY,
            "They must play one card from their hand and they have two actions to choose from:",
            card="Your turn",
            summary="1. Play one card from your hand on top of a pile (the only thing a turn "
            "costs).",
        ),
        Rule(
            "play-own-pile",
            PLAY,
            "They play the card on top of one of the three piles they have in front of them "
            "(to increase the distance they may move per turn) OR",
            card="Actions",
            summary="Your pile: change how far your top cards move you.",
        ),
        Rule(
            "play-other-pile",
            PLAY,
            "They play the card on top of one of the piles that the other players have in "
            "front of them (to reduce the distance they may move).",
        ),
        Rule(
            "play-as-far",
            PLAY,
            "However, they may only do this to players whose expeditions have already moved "
            "as far, or further, than their own.",
            note="As far or further: on your space or beyond it. Variants let you play on "
            "anyone's piles, or on your own only.",
            card="Actions",
            summary="A rival's pile, to slow them: only if they are as far as you, or further.",
        ),
        Rule(
            "movement",
            PLAY,
            "The numbers on the cards and the four colours (types) of cards determine how far "
            "a player may move on their turn.",
        ),
        Rule(
            "course-a",
            PLAY,
            "If all three cards in front of a player are of the same type (colour), then the "
            "player adds the numbers on the cards together to see how far they may travel.",
            card="Actions",
            summary="Rule a: three top cards of one type: add all three.",
        ),
        Rule(
            "example-a",
            PLAY,
            "Example: If a player had the 2 canoe, 4 canoe, and 7 canoe face up in front of "
            "them, then they could move forward 13 spaces on their turn.",
        ),
        Rule(
            "course-b",
            PLAY,
            "If two of the cards are the same, but the third different, then the player may "
            "move the distance given by adding the numbers on the two similar cards together, "
            "the majority rules.",
            card="Actions",
            summary="Rule b: two of one type: add those two (the majority rules).",
        ),
        Rule(
            "example-b",
            PLAY,
            "Example: If a player had the 1 jeep, the 5 jeep, and the 7 mule, then they could "
            "move forward 6 spaces on their turn.",
        ),
        Rule(
            "course-c",
            PLAY,
            "If the cards are all of different types, then the highest numbered card denotes "
            "the distance in which the player may move.",
            card="Actions",
            summary="Rule c: all different: the highest card.",
        ),
        Rule(
            "example-c",
            PLAY,
            "Example: If a player had the 4 jeep, the 6 canoe, and the 3 mule, then they could "
            "move foward 6 spaces on their turn.",
            note='"foward" is the printed spelling, kept in the quote.',
        ),
        Rule(
            "play-move",
            PLAY,
            "Once the player has played a card, they move their playing figure forwards by the "
            "number of spaces that their cards allow.",
            note="By your own top cards, wherever your card went (decision 4).",
            card="Your turn",
            summary="2. Move your expedition by your own three top cards.",
        ),
        Rule(
            "play-top-cards",
            PLAY,
            "Only the topmost cards on the three piles in front of them count.",
        ),
        Rule("play-share", PLAY, "Any number of playing figures may be on one space."),
        Rule(
            "play-draw",
            PLAY,
            "Finally, the player draws a card from the deck to fill their hand back to 3 cards.",
            card="Your turn",
            summary="3. Draw a card back up to 3 in hand.",
        ),
        Rule("play-next", PLAY, "Play then continues with the player to the left."),
        # -- Chance counters -----------------------------------------------------------
        Rule(
            "counter-trigger",
            CHANCE,
            "A player who ends their turn on a space with a counter on it, turns over the "
            "counter and carries out one of the following actions:",
            note="The counter's kind decides the action: the player does not choose. A counter "
            "works where a move ends, not where it passes.",
        ),
        Rule(
            "banana",
            CHANCE,
            "Banana counter: Make a second move of the same length as the first.",
            card="Actions",
            summary="End on a banana: move the same distance again.",
        ),
        Rule(
            "lion",
            CHANCE,
            "Lion counter: Move backwards to the last village.",
            note="The last village behind the figure.",
            card="Actions",
            summary="End on a lion: back to the last village behind you.",
        ),
        Rule(
            "change",
            CHANCE,
            "Change position counter: Change places with one of the other expeditions.",
            card="Actions",
            summary="End on a change position: swap places with another expedition.",
        ),
        Rule(
            "change-variant",
            CHANCE,
            "Variant: Instead of changing positions with another player, move any player back "
            "to the last village.",
            note="Parameter change_position='send_back'; the target is another expedition, "
            'never your own: the Variant says "a fellow player\'s expedition".',
        ),
        Rule(
            "counters-stay",
            CHANCE,
            "The Banana and Lion counters are left face up once discovered and affect any "
            "further expeditions who land on that space.",
        ),
        Rule(
            "change-removed",
            CHANCE,
            "The Change position counters, however, are removed from play once they have been "
            "turned over.",
            card="Actions",
            summary="Bananas and lions stay face up; a change position is removed.",
        ),
        # -- Game end ------------------------------------------------------------------
        Rule("end-two", END, "There are two situations in which the game ends: either"),
        Rule(
            "end-base-camp",
            END,
            "If a player reaches the base camp at the foot of Kilimanjaro (space 100), they "
            "win, OR",
            note="Reaching or passing it (decision 6).",
            card="Game end",
            summary="Reach or pass the base camp (space 100): you win at once.",
        ),
        Rule(
            "end-cards-out",
            END,
            "If all the cards from the facedown deck and the players hands have been played, "
            "then the player whose expedition has travelled the furthest wins.",
            card="Game end",
            summary="Or when the deck and every hand are played out.",
        ),
        Rule(
            "end-tie",
            END,
            "If two or more players have each travelled the same distance, then the winner is "
            "the one who would have moved furthest in the next, unplayed, round.",
            note="Still tied: a shared win (decision 7).",
            card="Scoring",
            summary="A tie goes to whoever would move furthest next round; else a shared win.",
        ),
        Rule("end-sidebar", END, "End: Base camp reached or all cards played."),
        # -- Variant -------------------------------------------------------------------
        Rule(
            "variant-luck",
            "Variant",
            "In order to reduce the luck factor in the game, players may prefer to alter the "
            "rule concerning Change position counters.",
        ),
        Rule(
            "variant-send-back",
            "Variant",
            "In this variant, instead of changing position, a player who lands on one of these "
            "counters may move a fellow player's expedition back to the next village.",
            note='"next village" here and "last village" in Chance counters are read as the '
            "same action: back to the last village behind it (decision 5).",
        ),
        # -- Sidebar summary (the printed panels' captions) ----------------------------
        Rule(
            "side-sum",
            SIDEBAR,
            "Sum up all the cards (when all three cards are of the same type)",
        ),
        Rule(
            "side-majority",
            SIDEBAR,
            "Sum the cards with majority (when two cards are of the same type)",
        ),
        Rule(
            "side-highest",
            SIDEBAR,
            "Use the highest numbered card (when all cards are of different types)",
        ),
        Rule("side-top", SIDEBAR, "Only the cards on top count"),
        Rule("side-draw", SIDEBAR, "Draw a card"),
        Rule("side-banana", SIDEBAR, "Move same number again (Banana counter)"),
        Rule("side-lion", SIDEBAR, "Move back to the last village (Lion counter)"),
        Rule("side-swap", SIDEBAR, "Swap positions (Change position counter)"),
        Rule(
            "side-swap-removed",
            SIDEBAR,
            "Swap position counters are removed from the game (Change position counters)",
        ),
        # -- our decisions ---------------------------------------------------------------
        Rule(
            "decision-0",
            "Our decision 0",
            "**Players** `players=3` by default (2–4).",
            source="notes",
            note="The box holds four expedition figures, so 2 to 4 play; the rulebook names no "
            "usual number, and three, the middle, is the default.",
        ),
        Rule(
            "decision-1",
            "Our decision 1",
            "**Villages** `villages=(20, 40, 60, 80)`; the start village is position 0.",
            source="notes",
            note="The rulebook's lion sends you back to the last village, but the transcription "
            "does not say where the villages lie: we rebuilt the board with one every 20 "
            "spaces, an even spread over the 100, and count the start village next to space 1 "
            "as space 0.",
            kind="reconstruction",
            card="Setup",
            summary="Villages on spaces 20, 40, 60 and 80; the start village is space 0.",
        ),
        Rule(
            "decision-2",
            "Our decision 2",
            '**Counter deal**: counters are dealt face down "evenly"; with 3 players (16 is '
            "not divisible) deal round-robin from the first player, so some get one more. "
            "Placement is a real decision made by each player in turn (one counter per "
            "placement turn) on an empty space 1..99 that is not a village, with no counter "
            "on a neighbouring space (not at ±1 from another counter). The placer chooses "
            "*which* of their own counters and where: the action is (counter kind, space). A "
            'player knows their own face-down counters; the others see only "a face-down '
            'counter".',
            source="notes",
            note="Sixteen counters do not split evenly among three players, so they are dealt "
            "as cards are at a table, one at a time from the first player. Placing is a real "
            "choice of which counter and where, and nobody else learns what you placed.",
        ),
        Rule(
            "decision-3",
            "Our decision 3",
            "**Playing on another player's pile** is allowed only onto players whose position "
            'is **≥** the current player\'s position (rulebook: "moved as far, or further").',
            source="notes",
            note='"As far, or further" includes an equal position: you may play on an '
            "expedition that stands on your own space.",
        ),
        Rule(
            "decision-4",
            "Our decision 4",
            "**Movement** uses only the top card of each of the player's three piles: 3 same "
            "type → sum of three; exactly 2 same type → sum of those two; all different → "
            "highest value. The player moves after every card played, wherever the card went.",
            source="notes",
            note="The rulebook says you move once you have played a card, without asking where "
            "it went; only your own top cards count for your move, so a card played on a "
            "rival's pile leaves your distance as it was.",
        ),
        Rule(
            "decision-5",
            "Our decision 5",
            "**Counters** trigger when a move *ends* on them. Banana: move again the same "
            "distance, and a counter where that move ends triggers too (chains are possible). "
            "Lion: back to the last village *behind* the figure (the highest village < "
            "position; 0 if none). Banana and lion stay face up and affect later visitors. "
            "Change-position: the player swaps places with another expedition of their "
            "choice (a decision); the counter is then removed. Variant "
            '`change_position="send_back"`: instead, the player sends any other expedition '
            'back to the last village behind it (the seed\'s two wordings, "last" and "next" '
            "village, are read as the same action); an expedition standing on a village "
            "stays there.",
            source="notes",
            note='"Ends their turn on a space" is read as where a move stops, so passing a '
            "counter does nothing; a banana's second move is a move too, so a counter where it "
            'stops works as well. The rulebook says both "last" and "next" village for the same '
            "action: the one behind you.",
            card="Actions",
            summary="A counter works where a move stops (a banana's second move too).",
        ),
        Rule(
            "decision-6",
            "Our decision 6",
            "**Finish**: reaching or passing 100 wins at once (`exact_finish=False`). With "
            "`exact_finish=True`, a move that would pass 100 is not made (the figure stays "
            "where it is; counters are not triggered).",
            source="notes",
            note="The cards rarely give the exact distance, so reaching or passing space 100 "
            "wins; an exact finish is a parameter for those who play it that way.",
        ),
        Rule(
            "decision-7",
            "Our decision 7",
            "**Deck exhausted**: players keep playing from their hands; a player with an empty "
            "hand is skipped. When every hand is empty the game ends: furthest wins; a tie is "
            "broken by the movement value the tied players' current top cards would give next "
            "round; a remaining tie is a shared win.",
            source="notes",
            note="The game ends when the deck and the hands are all played, so play goes on "
            "from the hands once the deck is empty; a player without cards waits.",
            card="Game end",
            summary="Once the deck is empty, play on from your hands; with no card, you wait.",
        ),
        Rule(
            "decision-8",
            "Our decision 8",
            "Any number of figures may share a space.",
            source="notes",
            note="The rulebook says so under Course of play; listed here so the program's "
            "choice is plain.",
        ),
        Rule(
            "decision-9",
            "Our decision 9",
            '**Actions name what the player sees**: the two copies of "jeep 5" in a hand are '
            'one action ("play jeep 5 on Ana\'s pile 2").',
            source="notes",
            note="Two copies of the same card are the same choice at a table, so the program "
            "offers one move for both.",
        ),
        Rule(
            "examples",
            "Rulebook examples that must be tests",
            "canoe 2, 4, 7 → 13; jeep 1, jeep 5, mule 7 → 6; jeep 4, canoe 6, mule 3 → 6.",
            source="notes",
            note="The rulebook's three examples of rules a, b and c, each checked by a test.",
        ),
    ),
)
