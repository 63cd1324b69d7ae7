"""Kilimanjaro's tables for the hot path, made once per game (``KilimanjaroGame.__init__``).

Speed (the issue's random playouts through the contract): the narration entries a
playout logs at nearly every decision — a card played, a move, a card drawn, a counter
placed — made once per game as the very tuples the rules would build, so the rules
log one of them by a few subscripts. A tuple made afresh costs an allocation when it is
logged and a deallocation when the finished game is dropped: with about 150 entries a
game, measured with callgrind, about a tenth of a told random playout. Told games are
those bots play through their views — the heuristic's games in a sweep or a ladder, the
play panel's, the real moves of a search bot's game; a search bot's samples play untold
(issue 29), as do the plain bench's random playouts, and log nothing. The entries are
immutable and equal to the plain ones (the golden playthroughs print every entry of
ten variants' games, byte for byte).
"""

from __future__ import annotations

from .components import CARD_FACES, COUNTER_NAMES, MOVEMENT, PILES


def log_tables(game) -> None:
    """The prebuilt narration entries, as ``game`` attributes, each indexed as the rules
    read it (``p`` the player who acts):

    - ``play_log[p][card][q][pile]``: ``("play", None, (p, card, q, pile))``;
    - ``move_log[p][start][distance]``: ``("move", None, (p, start, start + distance))``,
      for every start on the track and every distance a move can have, 0 to
      ``max(MOVEMENT)`` (a move to the base camp covers what is left of its distance);
    - ``draw_log[p][card]``: ``("draw", (p,), (p, card))``;
    - ``place_log[p][kind][space]``: ``("place", (p,), (p, kind, space))``.
    """
    players = range(game.num_players)
    spaces = range(game.length + 1)
    farthest = range(max(MOVEMENT) + 1)
    game.play_log = [
        [
            [[("play", None, (p, c, q, i)) for i in range(PILES)] for q in players]
            for c in range(CARD_FACES)
        ]
        for p in players
    ]
    game.move_log = [
        [[("move", None, (p, s, s + d)) for d in farthest] for s in spaces] for p in players
    ]
    game.draw_log = [[("draw", (p,), (p, c)) for c in range(CARD_FACES)] for p in players]
    game.place_log = [
        [[("place", (p,), (p, k, s)) for s in spaces] for k in range(len(COUNTER_NAMES))]
        for p in players
    ]
