"""Tembo's rulebook as data: the Russian seed's rule sentences (with the English working
translation) and the reconstruction's decisions, each with an id for ``boardlab.coverage``.

The Russian text is the source (where the translation disagrees, the Russian wins);
a decision's ``note`` says in players' words what the rules here make of it and why.
"""

from __future__ import annotations

from boardlab.core.coverage import Rule, Rulebook

R = Rule
RULEBOOK = Rulebook(
    game="tembo",
    original="tembo.seed.ru.txt",
    translation="tembo.en.md",
    notes="tembo.md",
    rules=(
        R(
            "goal",
            "Goal",
            "TEMBO — это кооперативная игра, в которой вы побеждаете или "
            "проигрываете всей командой.",
            "TEMBO is a cooperative game: the whole team wins or loses together.",
            card="Scoring",
            summary="One team: everybody wins or loses together",
        ),
        R(
            "turn",
            "Turn",
            "Игроки ходят по очереди по часовой стрелке.",
            "Players take turns clockwise.",
            card="Setup",
            summary="Player 0 starts; then turns go clockwise",
        ),
        R(
            "support",
            "Support tokens",
            "Прежде чем предпринять какие-либо действия, игрок "
            "может потратить столько жетонов поддержки, сколько захочет.",
            "Before taking an action, a player may spend as many support tokens as they like",
            card="Your turn",
            summary="Before your action: spend any of the team's support tokens (A B C D)",
        ),
        R(
            "turn-build",
            "Turn",
            "ПОСТРОЙТЕ САВАННУ — положите карту из руки на свободное "
            "место в любом месте на поле «Саванна».",
            "put a card from your hand on any free place of the Savanna board.",
            card="Your turn",
            summary="Action A, build the savanna: a card from hand on a free card area",
        ),
        R(
            "turn-place",
            "Turn",
            "РАЗМЕСТИТЕ СЛОНОВ — потратьте карту из руки, чтобы "
            "разместить слонов в саванне в соответствии с узором на карте. Затем карта "
            "кладется в стопку сброса.",
            "spend a card from your hand to place elephants on the savanna following the "
            "pattern on the card; the card then goes to the discard pile.",
            card="Your turn",
            summary="Action B, place elephants: spend a card, place its footprint pattern",
        ),
        R(
            "turn-refill",
            "Turn",
            "тяните карты до тех пор, пока у вас на руках не окажется 3 карты.",
            "After your action, draw until you hold 3 cards.",
            card="Your turn",
            summary="After your action: draw back to 3 cards (Lion, Matriarch cards act at once)",
        ),
        R(
            "hidden-hands",
            "Sharing information",
            "Вы можете сообщать друг другу любую "
            "информацию о своих картах, но ни в коем случае не показывайте свои карты другим "
            "игрокам.",
            "You may tell each other anything about your cards, but never show them.",
        ),
        R(
            "direction",
            "Play direction",
            "Раскладывайте карты так, чтобы стрелка в верхнем левом углу была направлена от вас.",
            "Lay cards so that the arrow in their top-left corner points away from you.",
            card="Setup",
            summary="Cards and patterns point away from your seat (S, N, W, E)",
        ),
        R(
            "rotation-symbol",
            "Play direction",
            "Вы не можете переворачивать карты во время "
            "игры, если на них нет соответствующего символа",
            "You may not rotate cards while playing unless they carry the rotation symbol.",
        ),
        R(
            "build-action",
            "Build the savanna",
            "После этого выполните действие на участке, занятом вашей картой",
            "then carry out the action of the area your card now occupies",
        ),
        R(
            "build-all-two",
            "Build the savanna",
            "Все игроки получают +2 отдохнувших слона.",
            "every player gains +2 rested elephants;",
            card="Actions",
            summary="Build on 'all +2': every player +2 rested",
        ),
        R(
            "build-other-four",
            "Build the savanna",
            "Другой игрок по вашему выбору получает +4 отдохнувших слона.",
            "another player of your choice gains +4 rested elephants;",
            card="Actions",
            summary="Build on 'other +4': another player +4 rested",
        ),
        R(
            "build-self-five",
            "Build the savanna",
            "Вы получаете +5 отдохнувших слонов. Другой "
            "игрок по вашему выбору теряет -2 отдохнувших слона (вы можете выбрать игрока с 0 "
            "или 1 отдохнувшим слоном).",
            "you gain +5 rested elephants, and another player "
            "of your choice loses 2 rested elephants (you may pick a player with 0 or 1 rested "
            "elephant);",
            card="Actions",
            summary="Build on 'you +5': you +5 rested, another player -2 rested",
        ),
        R(
            "build-self-three",
            "Build the savanna",
            "Вы получаете +3 отдохнувших слона. Затем "
            "вы размещаете одного слона, игнорируя пересеченную местность.",
            "you gain +3 rested elephants, then place one elephant, ignoring rough terrain.",
            card="Actions",
            summary="Build on 'you +3 +1': you +3 rested, then 1 elephant (rough free)",
        ),
        R(
            "build-where",
            "Build the savanna",
            "Однако нельзя класть карту поверх другой карты "
            "или на область с достопримечательностью. Можно положить карту под льва.",
            "A card may not go on top of another card or on an area with a landmark. A card "
            "may go under a lion.",
        ),
        R(
            "open-space",
            "Build the savanna",
            "На открытых пространствах может находиться до 1 слона, дополнительных правил нет.",
            "holds at most 1 elephant; no other rule.",
        ),
        R(
            "trees",
            "Build the savanna",
            "Затем получите +1 единицу энергии (+2 для зеленого "
            "Дерева, как показано на его подставке)",
            "gain +1 energy (+2 for the green tree, as its stand shows)",
            card="Actions",
            summary="Both halves of a tree: +1 energy (+2 green), once till stands rise",
        ),
        R(
            "trees-once",
            "Build the savanna",
            "Если подставка Дерева уже лежала на боку, вы ничего не получите.",
            "A tree whose stand already lies on its side gives nothing.",
        ),
        R(
            "water",
            "Build the savanna",
            "При размещении слонов на водном поле активный игрок "
            "получает +3 отдохнувших слона. Этих слонов нельзя разместить в тот же ход, когда "
            "вы их получили.",
            "when elephants are placed on a water space, the active player "
            "gains +3 rested elephants. These cannot be placed in the same turn.",
            card="Actions",
            summary="Water cell: +3 rested, placeable from your next turn",
        ),
        R(
            "rough",
            "Build the savanna",
            "Для размещения слонов на пересеченной местности требуется еще один отдохнувший слон",
            "placing an elephant on rough terrain costs one more rested elephant",
            card="Actions",
            summary="Rough cell: costs 2 rested elephants (both stand there)",
        ),
        R(
            "place-pattern",
            "Place elephants",
            "Вы не можете поворачивать рисунок, так как он "
            "должен соответствовать вашему направлению игры.",
            "The pattern may not be rotated: it follows your play direction.",
        ),
        R(
            "place-free",
            "Place elephants",
            "Каждый слон должен быть помещен на свободное место.",
            "Every elephant goes on a free space.",
        ),
        R(
            "place-adjacent",
            "Place elephants",
            "Первый слон, которого вы кладете в любой ход, "
            "должен находиться рядом с другим Слоном и/или Матриархом (допускается соседство по "
            "диагонали).",
            "The first elephant you place in a turn must be adjacent to another "
            "elephant and/or the Matriarch (diagonal adjacency counts).",
            card="Actions",
            summary="Place: the turn's first elephant next to the herd or M (diagonals count)",
        ),
        R(
            "place-whole",
            "Place elephants",
            "Частичные узоры не допускаются.",
            "Partial patterns are not allowed.",
            card="Actions",
            summary="Place: each elephant costs 1 rested; whole pattern on free cells",
        ),
        R(
            "lions-order",
            "Lions",
            "При активации львица всегда завершает свою полную "
            "активацию до того, как лев завершает свою.",
            "When activated, the lioness always "
            "finishes her whole activation before the lion does his.",
        ),
        R(
            "lions-move",
            "Lions",
            "Львы занимают не отдельные клетки, а всю область, на "
            "которой находятся. Они не ходят по диагонали.",
            "A lion occupies a whole region, not single cells. Lions never move diagonally.",
        ),
        R(
            "lions-chase",
            "Lions",
            "Все слоны, оказавшиеся на территории, где стоит лев, "
            "удаляются из игры и возвращаются в коробку. Это не касается матриарха.",
            "Every elephant in the lion's region is removed from the game (back to the box) — "
            "not the Matriarch.",
        ),
        R(
            "lions-matriarch",
            "Lions",
            "Кроме того, если Лев находится на той же территории, "
            "что и Матриарх, все игроки убирают из игры 1 отдохнувшего Слона. Если у вас нет "
            "отдохнувших Слонов, уберите вместо них уставших.",
            "Also, if a lion is in the same "
            "region as the Matriarch, every player removes 1 rested elephant from the game; a "
            "player with no rested elephant removes a tired one instead",
        ),
        R(
            "lions-lie",
            "Lions",
            "Если какой-то из слонов был выведен из игры одним из львов, "
            "положите фигурку льва на бок.",
            "If a lion removed any elephant, lay that lion figure on its side.",
        ),
        R(
            "win",
            "Winning and losing",
            "Чтобы выиграть в «Тембо», сначала нужно посетить все "
            "6 достопримечательностей, а затем разместить слонов на обоих фиолетовых полях на "
            "доске «Пункт назначения».",
            "To win, first visit all 6 landmarks, then place "
            "elephants on both purple spaces of the Destination board.",
            card="Game end",
            summary="Win: visit every landmark, then elephants on both Destination cells",
        ),
        R(
            "landmarks",
            "Landmarks",
            "Когда на всех клетках достопримечательности будут слоны (слоны игрока и/или Матриарх)",
            "When every cell of a landmark holds an elephant "
            "(players' elephants and/or the Matriarch)",
            card="Scoring",
            summary="A landmark is visited once elephants or M stand on all its purple cells",
        ),
        R(
            "destination-locked",
            "Landmarks",
            "Вы не можете размещать слонов на поле назначения, пока оно не будет разблокировано.",
            "no elephant may be placed on the destination before that.",
            note="The whole Destination board is locked, every cell of it, not only its two "
            "purple cells: the rule speaks of the board that opens once all six landmarks are "
            "visited, so no elephant, pattern or token D goes anywhere on it before that.",
        ),
        R(
            "lose-energy",
            "How to lose",
            "Жетон энергии достигает нулевого поля.",
            "the energy token reaches zero;",
            card="Game end",
            summary="Lose: the energy reaches 0",
        ),
        R(
            "lose-deck",
            "How to lose",
            "В конце своего хода любому игроку нужно взять карту, "
            "но в колоде для взятия карт не осталось карт.",
            "at the end of a turn a player must draw a card but the draw deck is empty;",
            card="Game end",
            summary="Lose: a card must be drawn from an empty deck",
        ),
        R(
            "lose-lions",
            "How to lose",
            "Обе фишки-льва находятся в одной области с фишкой-матриархом.",
            "both lion figures are in the same region as the Matriarch;",
            card="Game end",
            summary="Lose: both lions in the Matriarch's area",
        ),
        R(
            "lose-elephants",
            "How to lose",
            "У любого игрока не осталось слонов (0 отдохнувших, 0 уставших и 0 в саванне).",
            "any player has no elephants left (0 rested, 0 tired and 0 on the savanna).",
            card="Game end",
            summary="Lose: a player has no elephant left at all",
        ),
        R(
            "support-benefit",
            "Support tokens",
            "Каждый потраченный жетон поддержки дает одно из следующих преимуществ:",
            "each spent token goes back to the box and gives one of:",
            note="A token is spent for its benefit, so it is offered only where it has one: "
            "A while energy is below the top of its track, B while the player has a tired "
            "elephant to rest (as C once a turn, and D only with a rested elephant and a cell "
            "for it). The rules never describe a token that gives nothing, and a player at the "
            "table would not hand the team's token back to the box for nothing; a menu that "
            "offered it would only let a learner or a bot waste it.",
        ),
        R(
            "support-a",
            "Support tokens",
            "Получите +1 единицу энергии.",
            "+1 energy;",
            card="Actions",
            summary="Token A: +1 energy · B: +2 rested elephants",
        ),
        R("support-b", "Support tokens", "Получите +2 отдохнувших слона.", "+2 rested elephants;"),
        R(
            "support-c",
            "Support tokens",
            "Поверните следующую карту.",
            "rotate the next card",
            card="Actions",
            summary="Token C: turn the card you play · D: place 1 elephant, rough free",
        ),
        R(
            "support-d",
            "Support tokens",
            "Поместите 1 отдохнувшего слона (не обращайте внимания на пересеченную местность).",
            "place 1 rested elephant (ignoring rough terrain).",
        ),
        # -- the reconstruction's decisions -----------------------------------------------
        R(
            "d-grid",
            "Grid",
            "The journey is one grid of square cells laid left to right",
            source="notes",
            kind="reconstruction",
            note="The printed rules name the Start board, six Savanna boards and the Destination "
            "but print no map: here they lie left to right as one grid of square cells, 4 "
            "rows deep (2 columns, 6 × 6 columns, 2 columns), a map a teacher may edit.",
        ),
        R(
            "d-areas",
            "Areas",
            "Each Savanna board is cut into six 2×2 *areas*.",
            source="notes",
            kind="reconstruction",
            note="Lions stand on whole areas, so the map needs them: each Savanna board is cut "
            "into six 2×2 areas, one holding its landmark and five card areas, each with one "
            "of the four printed build actions.",
        ),
        R(
            "d-landmarks-six",
            "Areas",
            "the default reads it as six in all — "
            'one per board, six shapes — because the win condition counts "all 6".',
            source="notes",
            kind="reconstruction",
            note="The Russian text says each Savanna board has 6 landmarks, but the win counts "
            "«all 6»: read as six in all, one per board, of 1 to 4 purple cells each.",
        ),
        R(
            "d-build-area",
            "Building",
            "A savanna card covers one free card area "
            "(never a landmark area or another card; under a lion is fine).",
            source="notes",
            kind="reconstruction",
            note="The rules forbid only a landmark area and another card, and allow a lion: so any"
            " free card area takes a card, which covers exactly that area.",
        ),
        R(
            "d-trees",
            "Terrain",
            "a colour whose stand is down gives nothing "
            "until the stands are raised again (Matriarch).",
            source="notes",
            kind="reconstruction",
            note="One stand per tree colour: once a colour's stand lies down, another tree of that"
            " colour gives nothing until a Matriarch card raises the stands.",
        ),
        R(
            "d-deck",
            "Cards",
            "Each deck is shuffled with its share of event "
            "cards and the three are stacked, I on top",
            source="notes",
            kind="reconstruction",
            note="The card counts are not printed: 12 savanna cards in each of decks I, II and III"
            " (later decks with more rough terrain and longer patterns), 10 Lion cards shared"
            " 3 + 3 + 4 and 4 Matriarch cards shared among them. The deck is the game's "
            "clock.",
            card="Setup",
            summary="Decks I, II, III with Lion and Matriarch cards, stacked I on top; 3 each",
        ),
        R(
            "d-players",
            "Players",
            "10 elephants each, 3 rested and 7 tired at start.",
            source="notes",
            kind="reconstruction",
            note="The starting numbers are not printed: 3 rested elephants each and the rest tired"
            " follow the game's public summary; 10 elephants, energy 10 of 15 and 4 support "
            "tokens are the reconstruction's numbers, each a setting you may change.",
            card="Setup",
            summary="Each: 10 elephants (3 rested, 7 tired); energy 10 of 15; 4 tokens",
        ),
        R(
            "d-gain",
            "Players",
            '"Gain +N rested" turns tired reserve '
            "elephants into rested ones (as many as there are)",
            source="notes",
            kind="reconstruction",
            note="A gain moves elephants from your tired reserve to rested: you cannot gain more "
            "than you have tired.",
        ),
        R(
            "d-solo",
            "Players",
            'Solo: "another player" means yourself.',
            source="notes",
            kind="reconstruction",
            note="Played alone, a build action that names another player names you.",
        ),
        R(
            "d-matriarch",
            "Matriarch card",
            "every elephant on the savanna goes back to its owner's reserve as tired, and "
            "every rested elephant on player boards becomes tired; energy −2; tree stands are "
            "raised.",
            source="notes",
            note="The Matriarch first moves onto the cell of the elephant furthest along the "
            "journey (the highest column, then the northmost cell), then gathers the herd: "
            "the rules count a player's elephants on the savanna as still theirs (you lose "
            "only with 0 rested, 0 tired and 0 on the savanna), which matters only if they "
            "come back.",
            kind="reconstruction",
            card="Game end",
            summary="Matriarch card: she gathers the herd (back tired); energy -2",
        ),
        R(
            "d-gather-furthest",
            "Matriarch card",
            'The old reading stays available as a variant (`gather="furthest"`; default '
            '`gather="herd"`).',
            source="notes",
            note='gather="furthest": only the elephants on the cell she moves to come back. '
            "Every other elephant placed is then spent for good, and ten a player cannot "
            "cover the journey: under it the planning bots won no game at the printed numbers.",
        ),
        R(
            "d-double-matriarch",
            "Matriarch card",
            "If one refill draws two Matriarch cards, the team also loses 5 energy",
            source="notes",
            kind="reconstruction",
            note="The game's public summary says holding two Matriarch cards at once costs 5 "
            "energy; here that happens when one refill draws both.",
        ),
        R(
            "d-lion-path",
            "Lion card",
            "each moves one area along a shortest "
            "path (area graph, orthogonal adjacency) toward the nearest area holding elephants "
            "(ties: toward the Matriarch)",
            source="notes",
            kind="reconstruction",
            note="The game's public summary says lions take the shortest path toward the nearest "
            "elephants; here they move one area per Lion card along shared edges (never "
            "diagonally, as printed), ties broken toward the Matriarch.",
            card="Game end",
            summary="Lion card: each lion one area toward the nearest elephants, chases them",
        ),
        R(
            "d-lion-rests",
            "Lion card",
            "A lion that removed any elephant lies "
            "down and skips its next activation (`lion_rests=True`).",
            source="notes",
            kind="reconstruction",
            note="The printed rule lays a lion that took elephants on its side; here lying down "
            "means it skips its next Lion card and then stands up (a setting: lions that "
            "never rest).",
        ),
        R(
            "d-first-elephant",
            "Placing elephants",
            "the first elephant of a turn must be 8-neighbour adjacent to an elephant or the "
            "Matriarch",
            source="notes",
            note="Only the first elephant a player places in the turn (the rulebook: "
            "«Первый слон, которого вы кладете в любой ход»): after token D's elephant, "
            'that turn\'s pattern may go on any free cells. touch_herd="every" asks every '
            "placement to touch the herd, as the Board Game Arena summary words it "
            '("placement must always be adjacent").',
        ),
        R(
            "d-token-c",
            "Support tokens",
            "C the card played this turn may be rotated",
            source="notes",
            kind="reconstruction",
            note="«Rotate the next card» is read as: the card you play this turn, to build or to "
            "place, may be turned any way.",
        ),
        R(
            "d-token-d",
            "Support tokens",
            "D place 1 rested elephant ignoring "
            "rough terrain (it still needs an adjacent elephant or the Matriarch).",
            source="notes",
            kind="reconstruction",
            note="Token D's elephant follows the placing rules except rough terrain: as the turn's"
            " first elephant it still goes next to the herd.",
        ),
    ),
)
