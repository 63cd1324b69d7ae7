"""Achi, the Ghanaian game of three in a row: the template of a perfect-information game.

Nothing is hidden, nothing is left to chance: core copies, saves and observes the
declared fields (``_arrange`` checks a position set by hand), and makes the rulebook's
sections its coverage entries and rule help.

§1 The board. Nine points in a 3×3 grid, joined by its rows, its columns and its
   two diagonals. Each of the two players has ``counters`` counters (4). Player 0
   begins; turns alternate.
§2 Placement. While you have counters left to place, put one on an empty point.
§3 Movement. Once yours are all placed, move one of them along a line to the next
   point, which must be empty. A player who cannot move loses.
§4 Three in a row. Three of your counters on one line win at once, placed or moved.
§5 Turn cap. A game still running after ``max_turns`` turns is cut short
   (truncated) and drawn.

# TEMPLATE: your rulebook above, in short numbered sections ``§<n> <title>.``, each
# cited by the actions and ``IllegalAction`` s it governs; then your parameters,
# state and game below, in that order.
"""

from __future__ import annotations

from boardlab.core import Game, IllegalAction, Outcome, Param, State, register
from boardlab.core.checks import each, listed, whole
from boardlab.core.errors import ImpossibleScene
from boardlab.core.params import with_words

from .actions import Move, Place
from .components import LINES, NEIGHBOURS, POINTS, name
from .narration import NARRATION
from .words import WORDS

SPECS = with_words(
    WORDS,
    Param("players", 2, "int", "Achi is a game for two.", "§1 The board", low=2, high=2),
    Param("counters", 4, "int", "Counters each player places.", "§1 The board", low=3, high=4),
    Param("max_turns", 50, "int", "Turn cap, all turns.", "§5 Turn cap", low=1, high=200),
)


class AchiState(State):
    """A position: ``board[point]`` is the player whose counter is there, or None."""

    # TEMPLATE: name your fields here (JSON values: ints, strings, lists, dicts): core
    # copies, saves, loads and observes them (and would ``arrange`` them unchecked: Achi
    # writes its own ``_arrange``, which checks what it is given).
    _FIELDS = ("board", "turn")

    def __init__(self, game: AchiGame, seed: int = 0) -> None:
        """§1: an empty board, player 0 to place."""
        super().__init__(game, seed)
        self.board: list[int | None] = [None] * len(POINTS)
        self.turn = 0
        self.current_player = 0

    def _arrange(
        self,
        *,
        board: list[int | None] | None = None,
        turn: int | None = None,
        current_player: int | None = None,
    ) -> None:
        """A position by hand (rule tests, exercises): ``board`` one entry per point, a1 to
        c3 row by row, each 0, 1 or None (empty); the turn; who moves. Not given: as now.

        A position no game reaches — more counters than a player has (§1), three in a row
        already (§4 ends the game) — or an argument of the wrong type or out of range is an
        ``ImpossibleScene`` naming it, and changes nothing.
        """
        # TEMPLATE: core's default ``_arrange`` sets the declared fields as given, unchecked;
        # write your own that checks every argument before the first change, with the
        # shared checks of ``boardlab.core.checks`` (each raises ``ImpossibleScene`` naming
        # the argument and what it may be), then the scene against the rules.
        params = self.game.params
        if board is not None:
            board = each(listed(board, "board", len(POINTS), "points"), "board", _owner, "points")
            for p in (0, 1):
                if board.count(p) > params.counters:
                    raise ImpossibleScene(
                        "board", f"player {p} has {params.counters} counters, not {board.count(p)}"
                    )
            line = next(
                (
                    ln
                    for ln in LINES
                    if board[ln[0]] is not None and board[ln[0]] == board[ln[1]] == board[ln[2]]
                ),
                None,
            )
            if line is not None:
                raise ImpossibleScene(
                    "board",
                    f"three in a row on {', '.join(map(name, line))}: the game is over (§4)",
                )
        if turn is not None:
            turn = whole(turn, "turn", 0, params.max_turns - 1)
        if current_player is not None:
            current_player = whole(current_player, "current_player", 0, 1)
        # every check passed: set the position
        if board is not None:
            self.board = board
        if turn is not None:
            self.turn = turn
        if current_player is not None:
            self.current_player = current_player

    def placing(self, p: int) -> bool:
        """§2: has ``p`` counters left to place?"""
        return self.board.count(p) < self.game.params.counters

    def legal_actions(self) -> list[Place | Move]:
        """§2 a placement on every empty point; §3 every move of a counter to an empty neighbour."""
        if self.outcome is not None:
            return []
        p, empty = self.current_player, [q for q in POINTS if self.board[q] is None]
        if self.placing(p):
            return [Place(q) for q in empty]
        mine = [q for q in POINTS if self.board[q] == p]
        return [Move(a, b) for a in mine for b in NEIGHBOURS[a] if b in empty]

    def _candidates(self) -> list[Place | Move]:
        """Near misses a learner tries: a taken point (§2), a point not next along a line (§3)."""
        p = self.current_player
        if self.placing(p):
            return [Place(q) for q in POINTS]
        return [Move(a, b) for a in POINTS if self.board[a] == p for b in POINTS if b != a]

    def _apply(self, action: Place | Move) -> None:
        """Refuse an illegal action before any change; play it; then §4, §3's block, §5."""
        # TEMPLATE: core's ``apply`` has checked the fields' types, not their values.
        p, board = self.current_player, self.board
        why = self._refusal(action)
        if why is not None:
            raise IllegalAction(why, "§2 Placement" if self.placing(p) else "§3 Movement", action)
        if type(action) is Place:
            board[action.point] = p
            self._log.append(("place", None, (p, action.point)))
        else:
            board[action.start], board[action.end] = None, p
            self._log.append(("move", None, (p, action.start, action.end)))
        self.turn += 1
        self.current_player = 1 - p
        line = next((ln for ln in LINES if all(board[q] == p for q in ln)), None)
        if line is not None:
            self._finish("finished", (p,), "three in a row", ("three", None, (p, *line)))
        elif not self.legal_actions():
            self._finish("finished", (p,), "blocked", ("blocked", None, (1 - p,)))
        elif self.turn >= self.game.params.max_turns:
            self._finish("truncated", (0, 1), "turn cap", ("cut_short", None, (self.turn,)))

    def _refusal(self, action: Place | Move) -> str | None:
        """Why ``action`` breaks §2 or §3, in the rulebook's words; None if it is legal."""
        p, board = self.current_player, self.board
        if self.placing(p):
            if type(action) is not Place:
                return f"player {p} has counters left to place"
            if action.point not in POINTS or board[action.point] is not None:
                return f"{name(action.point)} is not an empty point"
            return None
        if type(action) is not Move:
            return f"player {p} has placed every counter: move one"
        a, b = action.start, action.end
        if a not in POINTS or board[a] != p:
            return f"player {p} has no counter on {name(a)}"
        if b not in NEIGHBOURS[a]:
            return f"{name(b)} is not next to {name(a)} along a line"
        if board[b] is not None:
            return f"{name(b)} is not empty"
        return None

    def _finish(self, status: str, winners: tuple[int, ...], reason: str, event) -> None:
        """The end (§3, §4, §5): told, and the winners ranked first (both, in a draw)."""
        self._log.append(event)
        ranking = (winners,) if len(winners) == 2 else (winners, (1 - winners[0],))
        self.outcome = Outcome(status, winners, ranking, reason=reason)
        self.current_player = None

    @property
    def scores(self) -> list[int]:
        """Each player's most counters on one line (3: a win)."""
        return [max(sum(self.board[q] == p for q in ln) for ln in LINES) for p in (0, 1)]


def _owner(value, argument: str) -> int | None:
    """A point's occupant in an arranged board: player 0, player 1 or None (empty)."""
    return None if value is None else whole(value, argument, 0, 1)


# TEMPLATE: the game's class, after its state (``@register(state=...)`` names it).
@register(state=AchiState)
class AchiGame(Game):
    """Achi, the board template every board game copies (``boardlab.load("board_template")``)."""

    name = "board_template"
    title = "Achi (the board template)"
    specs = SPECS
    action_types = (Place, Move)
    end_rule = "§3–§5 (the game is over)"
    perfect_information = True  # core's observation (everything) and _resample (nothing)
    narration = NARRATION
    choice_hint = "e.g. b2"

    @classmethod
    def variants(cls) -> list[dict]:
        """The defaults, three counters each (more room to move), and a low cap (§5)."""
        return [{}, {"counters": 3}, {"max_turns": 12}]

    @property
    def max_length(self) -> int:
        return self.params.max_turns
