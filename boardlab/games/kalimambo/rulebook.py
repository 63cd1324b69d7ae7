"""Kalimambo's rulebook as data: every sentence of the French text and every decision we made.

``boardlab.coverage("kalimambo")`` joins these entries with the tests tagged
``@pytest.mark.rule("kalimambo:<id>")`` and the notebook cells tagged
``kalimambo:<id>``; ``tests/test_coverage.py`` fails when an entry has no test
or a quote is not word for word in its source text.

The French text (``kalimambo.seed.fr.txt``) is one paragraph without headings;
the sections are those of its English working translation (``kalimambo.en.md``):
Introduction, Setup, A round, Dung, Mambo, End. Each entry quotes one sentence (a
long one split at its semicolon or its "et"), with the matching English words;
then one entry per numbered decision of our design notes (``kalimambo.md``, kept with
the French text outside the repository; each entry here says the decision and why).
"""

from __future__ import annotations

from boardlab.core.coverage import Rule, Rulebook

RULEBOOK = Rulebook(
    game="kalimambo",
    original="kalimambo.seed.fr.txt",
    translation="kalimambo.en.md",
    notes="kalimambo.md",
    rules=(
        # -- Introduction: the figures and the aim --------------------------------------------
        Rule(
            "intro-group",
            "Introduction",
            "Dans Kalimambo, les joueurs incarnent des explorateurs amateurs en Afrique, "
            "enthousiasmés par la découverte d'une nouvelle espèce, dont un membre, surnommé "
            '"Kali" par les explorateurs, court joyeusement parmi le groupe alors qu\'il traverse '
            "la savane.",
            translation="In Kalimambo the players are amateur explorers in Africa, thrilled by "
            'the discovery of a new species. One of its members, nicknamed "Kali", runs happily '
            "among the group as it crosses the savanna.",
            note="Kali is a figure of the group, moving among the explorers.",
        ),
        Rule(
            "intro-mambo",
            "Introduction",
            "Ignorant cela, l'ami rhinocéros de Kali, Mambo, est impatient de pousser le groupe "
            "pour le faire avancer, risquant de faire tomber un ou deux explorateurs dans les tas "
            "de fumier qui parsèment la région.",
            translation="Unaware of this, Kali's friend the rhinoceros Mambo is eager to push "
            "the group on, at the risk of knocking an explorer or two into the dung heaps that "
            "dot the region.",
            note="Mambo pushes from behind; dung heaps dot the path.",
        ),
        Rule(
            "intro-aim",
            "Introduction",
            "Parviendrez-vous à éviter de recevoir une pleine figure de déjections et d'être "
            "bousculé par Mambo?",
            translation="Can you avoid a face full of droppings, and being rammed by Mambo?",
            note="The aim: penalty points come from dung and from Mambo's charges.",
        ),
        # -- Setup ---------------------------------------------------------------------------
        Rule(
            "setup-line",
            "Setup",
            "Pour préparer la partie, un joueur place Mambo sur une case du chemin qui entoure le "
            "plateau, puis tous les pions d'explorateurs placés dans un ordre aléatoire devant "
            "lui, puis Kali en tête de file.",
            translation="One player puts Mambo on a space of the path that runs around the "
            "board, then all explorer pawns, in random order, in front of him, then Kali at the "
            "head of the line.",
            note="Mambo starts on space 0 and the explorers stand right in front of him, with no "
            "gaps: only the distances between the figures matter.",
            card="Setup",
            summary="Mambo on a space, the explorers in random order in front of him, "
            "Kali at the head.",
        ),
        Rule(
            "setup-dung",
            "Setup",
            "Disposez les tas de fumier le long du chemin de déplacement en laissant un peu "
            "d'espace entre eux.",
            translation="Put the dung heaps along the path, leaving some space between them",
            note="The text gives no count and no spacing: 6 heaps at least 2 empty spaces apart is "
            "our reconstruction (dung_heaps, dung_min_gap).",
            card="Setup",
            summary="Dung heaps along the path, with some space between them.",
        ),
        Rule(
            "setup-cards",
            "Setup",
            "Chaque joueur prend un jeu de cartes de déplacement correspondant à la couleur de "
            "son explorateur.",
            translation="Each player takes the deck of movement cards of their explorer's colour.",
            note="Twelve cards, one each of 0 to 11, as reviews of the boxed game describe them "
            "(max_card).",
            card="Setup",
            summary="Each player takes the movement cards (0 to 11) of their explorer's colour.",
        ),
        # -- A round -------------------------------------------------------------------------
        Rule(
            "round-pick",
            "A round",
            "Chaque joueur choisit secrètement une carte de déplacement, puis ils les révèlent "
            "simultanément",
            translation="Each player secretly chooses one movement card; all reveal at the same "
            "time",
            note="A program asks in seat order and hides each choice until all have chosen: "
            "nobody learns more than when choosing at once.",
            card="Your turn",
            summary="Nobody goes first: all secretly choose one card, then turn them up together.",
        ),
        Rule(
            "round-kali-card",
            "A round",
            "quelqu'un révèle également la carte de déplacement supérieure du deck de Kali.",
            translation="someone also reveals the top movement card of Kali's deck.",
            card="Your turn",
            summary="Turn up the top card of Kali's black deck with them.",
        ),
        Rule(
            "round-order",
            "A round",
            "Le joueur ayant joué la carte la plus élevée déplace son pion d'explorateur vers la "
            "première case inoccupée devant le groupe, puis le joueur avec la carte suivante la "
            "plus élevée déplace son pion, et ainsi de suite.",
            translation="The player with the highest card moves their explorer to the first "
            "unoccupied space in front of the group; then the player with the next highest card "
            "moves, and so on.",
            card="Actions",
            summary="Highest card first: move to the first free space ahead of the group.",
        ),
        Rule(
            "round-tie",
            "A round",
            "Si deux joueurs ou plus révèlent le même nombre, seul celui qui est le plus en "
            "arrière dans le groupe se déplace; tous les autres explorateurs concernés restent à "
            "leur place initiale du tour.",
            translation="If two or more players reveal the same number, only the one furthest "
            "back in the group moves; all the other explorers concerned stay where they are this "
            "round.",
            card="Actions",
            summary="Equal cards: only the figure furthest back moves, the others stay.",
        ),
        Rule(
            "round-kali",
            "A round",
            "Kali se déplace comme un explorateur.",
            translation="Kali moves like an explorer",
            note="Her card takes part in the order and in ties; at the head she stays "
            "(kali_leader_stays).",
            card="Actions",
            summary="Kali moves like an explorer, with her card.",
        ),
        Rule(
            "round-zero-head",
            "A round",
            "Si vous jouez un zéro ou si vous êtes en tête du groupe lorsque vous devez vous "
            "déplacer, vous ne bougez pas.",
            translation="If you play a zero, or you are at the head of the group when you are "
            "due to move, you do not move.",
            card="Actions",
            summary="A 0 never moves; the figure at the head of the group does not move.",
        ),
        # -- Dung ----------------------------------------------------------------------------
        Rule(
            "dung-explorer",
            "Dung",
            "Si un pion d'explorateur atterrit sur un tas de fumier, le joueur marque trois "
            "points de pénalité.",
            translation="An explorer that lands on a dung heap gives its player 3 penalty points.",
            card="Scoring",
            summary="Landing on a dung heap: 3 penalty points.",
        ),
        Rule(
            "dung-kali",
            "Dung",
            "Si Kali atterrit dans le fumier, le ou les joueurs ayant joué le nombre le plus bas "
            "ce tour-là subissent la pénalité à la place de Kali.",
            translation="If Kali lands in dung, the player or players who played the lowest "
            "number this round take the penalty instead.",
            note="The lowest of the players' cards, a 0 included; Kali's own card never counts.",
            card="Scoring",
            summary="Kali's points (dung or Mambo) go to all who played the round's lowest card.",
        ),
        # -- Mambo ---------------------------------------------------------------------------
        Rule(
            "mambo-charge",
            "Mambo",
            "Chaque fois que Kali ou un pion d'explorateur quitte l'espace immédiatement devant "
            "Mambo, le rhinocéros charge, se déplace jusqu'à ce qu'il percute le pion à l'arrière "
            "de la file",
            translation="Whenever Kali or an explorer leaves the space immediately in front of "
            "Mambo, the rhino charges: it moves until it bumps into the pawn at the back of the "
            "line",
            note="Only a move off the space right in front of him: with a gap he does not "
            "charge (printed timing).",
            card="Actions",
            summary="Leave the space in front of Mambo and he charges up to the last figure.",
        ),
        Rule(
            "mambo-points",
            "Mambo",
            "et inflige au joueur autant de points de pénalité que le nombre de cases parcourues "
            "par Mambo.",
            translation="and that pawn's player takes as many penalty points as the number of "
            "spaces Mambo moved.",
            card="Scoring",
            summary="Mambo's charge: 1 penalty point per space he ran, for the figure he hits.",
        ),
        Rule(
            "mambo-kali",
            "Mambo",
            "Si Mambo percute Kali, comme dans l'interaction Kali/fumier, le ou les joueurs ayant "
            "joué le nombre le plus bas subissent les points de pénalité à la place de Kali.",
            translation="If Mambo bumps into Kali, then, as with Kali and dung, the player or "
            "players who played the lowest number take the penalty instead of Kali.",
        ),
        # -- End -----------------------------------------------------------------------------
        Rule(
            "cards-removed",
            "End",
            "Retirez les cartes de déplacement jouées de la partie.",
            translation="Played movement cards are removed from the game.",
            card="Actions",
            summary="Played cards leave the game: each card is played once.",
        ),
        Rule(
            "end-rounds",
            "End",
            "Après douze tours, c'est-à-dire après que les dernières cartes ont été jouées et "
            "résolues, la partie se termine",
            translation="After twelve rounds — when the last cards have been played and "
            "resolved — the game ends",
            card="Game end",
            summary="After 12 rounds, when every card has been played, the game ends.",
        ),
        Rule(
            "end-fewest",
            "End",
            "le joueur avec le moins de points gagne.",
            translation="the player with the FEWEST points wins.",
            note="Equal points share the win: the text names no tie-break.",
            card="Game end",
            summary="Fewest penalty points wins; equal points share the win.",
        ),
        # -- our decisions ---------------------------------------------------------------------
        Rule(
            "decision-1",
            "Decision 1",
            "`track_length=32`, `dung_heaps=6`, `dung_penalty=3`, `rounds=12`, card values "
            "0..11 (`max_card=11`), `players=5` by default; the printed range is 3..7, and 2 is "
            "accepted as a variant outside the printed rules (the parameter spec says so). "
            "`validate()` refuses a loop too short for the figures plus the heaps and their gaps.",
            source="notes",
            card="Setup",
            summary="Our board: 32 spaces, 6 dung heaps at least 2 spaces apart; 12 rounds.",
            note="The French text gives no numbers for the board: 32 spaces and 6 heaps come from "
            "reviews of the boxed game (one says about 40 spaces). Twelve cards, 0 to 11, "
            "follow from the twelve rounds, one card a round.",
            kind="reconstruction",
        ),
        Rule(
            "decision-2",
            "Decision 2",
            "**Setup**: Mambo on a space; explorers in random order directly in front of him with "
            "no gaps; Kali at the head. Dung heaps on free spaces ahead, spread with at least "
            "`dung_min_gap=2` empty spaces between heaps and none on the starting line. Positions "
            "are modelled on an unbounded line and mapped onto the loop for dung (so the loop's "
            "wrap-around just works).",
            source="notes",
            note="The text puts the explorers in front of Mambo without saying how far: we leave "
            "no gaps, and put no heap on the starting line. Positions are counted along an "
            "endless line, so a lap round the loop needs no extra rule; the board names each "
            "position's space, 0 to 31.",
        ),
        Rule(
            "decision-3",
            "Decision 3",
            "**Simultaneous choice** is modelled as hidden sequential commitments: each player "
            "picks in turn, nobody (bots included) sees another's pick or Kali's card until all "
            "have chosen; then the round resolves. Kali's card is revealed with the players' "
            "cards.",
            source="notes",
            note="A program cannot ask everybody at the same instant, so it asks in seat order and"
            " keeps each choice hidden until all have chosen: nobody, bot or human, learns "
            "more than at the table.",
        ),
        Rule(
            "decision-4",
            "Decision 4",
            "**Order**: highest card first. A figure moves to the first unoccupied space in front "
            "of the current leader. Cards of equal value: only the rearmost of those figures "
            "moves, the others stay. Kali's card takes part in ordering and ties. A 0 never "
            "moves; the leader at the moment it is due to move does not move.",
            source="notes",
            note="The text's order and tie rule, with two readings said out loud: Kali's card "
            "takes part in the order and in ties (she moves like an explorer), and who is at "
            "the head is judged when a figure is due to move.",
        ),
        Rule(
            "decision-5",
            "Decision 5",
            "**Dung**: a figure that lands on a dung heap takes 3 points; heaps stay.",
            source="notes",
            note="The text never removes a heap, so heaps stay and cost points every time a figure"
            " lands on one.",
        ),
        Rule(
            "decision-6",
            "Decision 6",
            '**Mambo** (`mambo_timing="immediate"`): each time the space directly in front of '
            "Mambo is vacated, he runs forward until he is directly behind the rearmost figure; "
            "that figure's player takes 1 point per space he ran. He may charge several times in "
            'one round. Variant `"end_of_round"`: one charge after all moves.',
            source="notes",
            note='The text says "each time", so Mambo may charge several times in one round. The '
            "variant, one charge after all the moves, closes any gap left, even one no move "
            "vacated (an arranged gap).",
            card="Actions",
            summary="Mambo may charge several times a round: each time that space empties.",
        ),
        Rule(
            "decision-7",
            "Decision 7",
            "**Kali's penalties** (dung or Mambo) go to *every* player who played the lowest card "
            'that round (the French "le ou les joueurs"); "lowest" is among the players\' cards, '
            "not Kali's.",
            source="notes",
            note='The French says "the player or players", so every player tied on the lowest card'
            " pays in full. A 0 is a card like any other; Kali's own card never counts.",
        ),
        Rule(
            "decision-8",
            "Decision 8",
            "**End**: after 12 rounds; fewest points wins; ties share the win.",
            source="notes",
            note="The text names no tie-break, so equal points share the win.",
        ),
    ),
)
