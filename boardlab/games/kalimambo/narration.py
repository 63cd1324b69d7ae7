"""Kalimambo told in words: the narration of each event and the help for each decision.

The rules (``rules.py``) log raw tuples, ``(kind, who may see it, args)``;
``KalimamboGame.describe_event`` turns them into sentences with ``NARRATION``
only when somebody reads them, so a playout never formats a string. The
words follow the English working translation ``kalimambo.en.md`` (sections
Setup, A round, Dung, Mambo, End) and our numbered decisions (``rulebook.py``).

Where a figure stands is said with the board's numbers: the loop's spaces 0 to
``track_length - 1`` (``components.loop_space``), as the ring of ``render.py``
numbers them, never the distance run on the unbounded line the rules count on
(our decision 2). A charge's length is a number of spaces run.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from .components import loop_space

if TYPE_CHECKING:
    from collections.abc import Callable


class Table(Protocol):
    """What the narration reads of a game: ``KalimamboGame`` is one. The rules import
    this module, so it names what it needs here instead of importing the rules back."""

    num_players: int
    length: int  # the loop's spaces (``track_length``)

    def figure(self, f: int) -> str:
        """``"player 2"`` or ``"Kali"``."""
        ...


#: What the player to decide is told (``KalimamboGame.rule_help``): A round, and End.
RULE_HELP = {
    "round": "Each player secretly chooses one movement card; all are revealed at once, with "
    "the top card of Kali's deck. Highest card first, each figure moves to the first free "
    "space ahead of the group. Equal cards: only the rearmost of them moves. A 0 does not "
    "move, nor does the figure at the head of the group. Landing on dung: 3 penalty points. "
    "When the space in front of Mambo is vacated he charges up to the last figure: 1 point "
    "per space he ran. Kali's penalties go to whoever played the lowest card.",
    "end": "After twelve rounds the game ends; the player with the fewest points wins.",
}


def _players(group: tuple) -> str:
    """``"player 1"``, or ``"player 0, player 2 and player 3"``."""
    names = [f"player {p}" for p in group]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _space(game: Table, position: int) -> int:
    """The board's number of the loop space under ``position`` (our decision 2)."""
    return loop_space(position, game.length)


def _points(points: int) -> str:
    return f"{points} penalty point{'' if points == 1 else 's'}"


def _blame(game: Table, figure: int, points: int, who: tuple, lowest: int) -> str:
    """Who pays a penalty: the explorer, or for Kali the lowest card's players (our decision 7)."""
    if figure < game.num_players:
        return f"player {figure} takes {_points(points)}"
    each = " each" if len(who) > 1 else ""
    return f"for Kali, {_players(who)} (lowest card, {lowest}) take{'' if each else 's'} " + (
        f"{_points(points)}{each}"
    )


def _setup_text(game: Table, order: tuple, dung: tuple) -> str:
    """Setup: Mambo on 0, the explorers in ``order`` in front of him, Kali at the head, the
    heaps on ``dung`` (our decision 2)."""
    where = ", ".join(f"player {p} on {i + 1}" for i, p in enumerate(order))
    heaps = ", ".join(map(str, dung)) if dung else "none"
    return (
        f"setup: Mambo on 0, {where}, Kali on {len(order) + 1} at the head; "
        f"dung heaps on spaces {heaps}"
    )


def _reveal_text(game: Table, round_: int, *cards: int) -> str:
    """A round: every player's card, then Kali's top card (the last of ``cards``)."""
    played = ", ".join(f"player {p} {card}" for p, card in enumerate(cards[:-1]))
    return f"round {round_}: cards revealed — {played}; Kali's top card {cards[-1]}"


#: One sentence per event kind; each takes the game, then the event's arguments as logged.
NARRATION: dict[str, Callable[..., str]] = {
    "setup": lambda game, *args: _setup_text(
        game, args[: game.num_players], args[game.num_players :]
    ),
    "arranged": lambda game: "the situation is set up by hand (arrange)",
    "pick": lambda game, p, card: f"player {p} chooses card {card}",
    "pick_hidden": lambda game, p: f"player {p} has chosen a card",
    "reveal": _reveal_text,
    "move": lambda game, figure, card, start, end: (
        f"{game.figure(figure)} ({card}) moves from {_space(game, start)} to "
        f"{_space(game, end)}, ahead of the group"
    ),
    "zero": lambda game, figure: f"{game.figure(figure)} played 0 and does not move",
    "leader": lambda game, figure, card, space: (
        f"{game.figure(figure)} ({card}) is at the head of the group on {_space(game, space)} "
        "and does not move"
    ),
    "tie": lambda game, figure, card, mover: (
        f"{game.figure(figure)} ({card}) stays: {game.figure(mover)}, further back, played "
        f"{card} too and moves"
    ),
    "dung": lambda game, figure, space, points, lowest, *who: (
        f"{game.figure(figure)} lands in the dung on space {space}: "
        + _blame(game, figure, points, who, lowest)
    ),
    "charge": lambda game, start, end, figure, points, lowest, *who: (
        f"Mambo charges from {_space(game, start)} to {_space(game, end)}, {points} "
        f"space{'' if points == 1 else 's'}, "
        f"into {game.figure(figure)}: {_blame(game, figure, points, who, lowest)}"
    ),
    "end": lambda game, *winners: (
        "the last round is played; fewest points wins: " + _players(winners)
    ),
}
