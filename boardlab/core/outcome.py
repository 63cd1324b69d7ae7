"""How a game ended: who won, the full ranking, and whether it was cut short."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Status = Literal["finished", "truncated"]


@dataclass(frozen=True)
class Outcome:
    """The result of a finished (or truncated) game.

    ``ranking`` lists groups of tied players, best first: ``((2,), (0, 1))``
    means player 2 won and players 0 and 1 shared second place. A cooperative
    game sets ``team`` to ``"won"`` or ``"lost"``; its ranking is one group.
    """

    status: Status
    winners: tuple[int, ...]
    ranking: tuple[tuple[int, ...], ...]
    team: Literal["won", "lost"] | None = None
    reason: str = ""

    def describe(self) -> str:
        """The result in words: "Game over: player 1 wins (base camp reached)"."""
        if self.team is not None:
            result = f"the team {self.team}"
        else:
            names = " and ".join(f"player {w}" for w in self.winners)
            result = f"{names} {'wins' if len(self.winners) == 1 else 'share the win'}"
        head = "Game over" if self.status == "finished" else "Game cut short"
        why = f" ({self.reason})" if self.reason else ""
        return f"{head}: {result}{why}"

    def returns(self, players: int) -> list[float]:
        """Per-player rewards in [-1, 1] for bots and metrics.

        The best group gets +1, the worst -1, the others evenly between; a
        game where everybody shares the same place is 0 for all. A team game
        gives +1 or -1 to everybody.
        """
        if self.team is not None:
            value = 1.0 if self.team == "won" else -1.0
            return [value] * players
        return ranked_returns(self.ranking, players)

    def to_json(self) -> dict:
        return {
            "status": self.status,
            "winners": list(self.winners),
            "ranking": [list(group) for group in self.ranking],
            "team": self.team,
            "reason": self.reason,
        }

    @classmethod
    def from_json(cls, data: dict) -> Outcome:
        return cls(
            status=data["status"],
            winners=tuple(data["winners"]),
            ranking=tuple(tuple(group) for group in data["ranking"]),
            team=data.get("team"),
            reason=data.get("reason", ""),
        )


def rank_by(keys: dict[int, tuple], best: Literal["high", "low"] = "high") -> tuple:
    """Group players with equal keys, best first: ``{0: (5,), 1: (9,)}`` → ``((1,), (0,))``.

    Every game's end runs it once; written for speed (the sort's key a dict's
    ``__getitem__``, no Python function per player; a group of one not sorted; no tie at
    all: the groups made by ``zip``).
    """
    order = sorted(keys, key=keys.__getitem__, reverse=best == "high")
    if len(set(keys.values())) == len(order):  # no tie (most games): a group each, in C
        return tuple(zip(order))
    groups: list[list[int]] = []
    last = group = None
    for player in order:
        key = keys[player]
        if group is not None and key == last:
            group.append(player)
        else:
            group = [player]
            groups.append(group)
            last = key
    return tuple([tuple(sorted(g)) if len(g) > 1 else (g[0],) for g in groups])


def ranked_returns(ranking: tuple[tuple[int, ...], ...], players: int) -> list[float]:
    """``ranking``'s rewards: +1 the best group, -1 the worst, evenly between, 0 for all
    when everybody shares one place (a finished game's ``returns``, and a search's
    judgement of a playout it cut short)."""
    out = [0.0] * players
    groups = len(ranking)
    if groups < 2:
        return out
    for rank, group in enumerate(ranking):
        for player in group:
            out[player] = 1.0 - 2.0 * rank / (groups - 1)
    return out


#: ``State.scores``' unit in words (singular, plural) for a game without ``score_words``,
#: the optional class attribute the standings read ("4 gold behind the winner").
SCORE_WORDS = ("point", "points")


@dataclass(frozen=True)
class Standing:
    """Where one player finished: ``place`` 1 is first, tied players share a place
    (competition ranking: two firsts, then a third); ``tied`` the others at that place;
    ``behind`` how far the player's score is from the winners' (0 for a winner, ``None``
    without scores), in the direction the game ranks: fewer penalty points are ahead."""

    player: int
    place: int
    tied: tuple[int, ...]
    score: float | None
    behind: float | None


def standings(outcome: Outcome, scores: list | None = None) -> tuple[Standing, ...]:
    """Each player's place from ``outcome.ranking``, best first, and the distance of
    ``scores`` (``State.scores``) from the winners' score. A cooperative game's team
    shares one place. Whether a low score is best is read from the ranking itself (the
    winners' score against the last group's), so no game needs to say it."""
    if scores is not None and len(scores) != sum(map(len, outcome.ranking)):
        raise ValueError(
            f"scores has {len(scores)} entries for {sum(map(len, outcome.ranking))} players"
        )
    best = None
    if scores is not None and outcome.ranking:
        best = scores[outcome.ranking[0][0]]
        low = scores[outcome.ranking[-1][0]] > best  # a worse group scored more: low wins
    out = []
    place = 1
    for group in outcome.ranking:
        for player in group:
            score = None if scores is None else scores[player]
            behind = None
            if best is not None:
                behind = score - best if low else best - score
            tied = tuple(p for p in group if p != player)
            out.append(Standing(player, place, tied, score, behind))
        place += len(group)
    return tuple(out)


def ordinal(place: int) -> str:
    """1 → "1st", 2 → "2nd", 11 → "11th", 23 → "23rd"."""
    if place % 100 in (11, 12, 13):
        return f"{place}th"
    return f"{place}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(place % 10, 'th') }"


def amount(value: float, words: tuple[str, str]) -> str:
    """``value`` with its unit: "1 point", "4 points" (``words``: singular, plural)."""
    number = f"{value:g}" if isinstance(value, float) else str(value)
    return f"{number} {words[0] if value == 1 else words[1]}"


def players_words(players: tuple[int, ...]) -> str:
    """ "player 2", "player 1 and player 3", "player 0, player 1 and player 4"."""
    names = [f"player {p}" for p in players]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def how_you_did(
    outcome: Outcome, scores: list | None, player: int, words: tuple[str, str] = SCORE_WORDS
) -> str:
    """One sentence for ``player`` at the end, in plain words: "You finished 3rd of 5,
    4 points behind the winner." ``words`` name the unit of ``scores``; a team game says
    whether the team won."""
    if outcome.team is not None:
        score = "" if scores is None else f", with {amount(scores[player], words)}"
        return f"You and your team {outcome.team}{score}."
    mine = {s.player: s for s in standings(outcome, scores)}[player]
    count = sum(map(len, outcome.ranking))
    where = f"{ordinal(mine.place)} of {count}"
    if mine.tied:
        where += f", tied with {players_words(mine.tied)}"
    verb = "finished" if outcome.status == "finished" else "were"
    text = f"You {verb} {where}"
    if outcome.status != "finished":
        text += " when the game was cut short"
    if mine.behind is None:
        return text + "."
    if mine.place == 1:
        runners = outcome.ranking[1] if len(outcome.ranking) > 1 else ()
        if runners:
            lead = abs(scores[runners[0]] - mine.score)
            if lead:
                ahead = "fewer than" if _low_wins(outcome, scores) else "ahead of"
                return f"{text}, {amount(lead, words)} {ahead} the next player."
        return text + "."
    if mine.behind == 0:
        return f"{text}: level with the winner, placed lower by the rules' tie-break."
    relation = "more than" if _low_wins(outcome, scores) else "behind"
    return f"{text}, {amount(mine.behind, words)} {relation} the winner."


def _low_wins(outcome: Outcome, scores: list) -> bool:
    return scores[outcome.ranking[-1][0]] > scores[outcome.ranking[0][0]]


def standings_rows(
    outcome: Outcome, scores: list | None, words: tuple[str, str] = SCORE_WORDS
) -> list[tuple[str, str, str]]:
    """The table of places in words, best first: ("1st", "player 2", "40 gold"), a shared
    place written on each tied row ("2nd (tied)"). A team game: one row for the team."""
    if outcome.team is not None:
        everyone = tuple(p for group in outcome.ranking for p in group)
        score = "" if scores is None else amount(scores[everyone[0]], words)
        return [(f"the team {outcome.team}", players_words(everyone), score)]
    rows = []
    for s in standings(outcome, scores):
        place = ordinal(s.place) + (" (tied)" if s.tied else "")
        rows.append(
            (place, f"player {s.player}", "" if s.score is None else amount(s.score, words))
        )
    return rows
