"""Kalimambo exercises for the notebook, answered by the engine itself."""

from __future__ import annotations

import random

from boardlab.core import State
from boardlab.teach import Exercise

from .actions import PlayCard
from .components import figure_name, loop_space


def finishing_order(state: State) -> list[str]:
    """The figures from the head of the group to the back, e.g. ``["Kali", "player 2", …]``."""
    n = state.game.num_players
    order = sorted(range(n + 1), key=lambda f: -state.figures[f])
    return [figure_name(f, n) for f in order]


def round_exercise(seed: int, players: int = 4) -> tuple[Exercise, State]:
    """ "Here are the cards of round 1: what is the order afterwards, and who pays what?"

    Returns the exercise and the state *before* the round (to draw it, or to play the
    cards and check). The answer is ``(order, penalties)``: the figures from the head of the
    group to the back, and each player's penalty points after the round.
    """
    import boardlab

    game = boardlab.load("kalimambo", players=players)
    state = game.new_game(seed)
    rng = random.Random(seed)
    cards = [rng.randrange(12) for _ in range(players)]
    before = state.clone()
    for value in cards:
        state.apply(PlayCard(value))
    kali = state.revealed[-1]
    order = finishing_order(before)
    length = game.length
    start = ", ".join(
        f"{name} on {loop_space(before.figures[_index(name, players)], length)}" for name in order
    )
    played = ", ".join(f"player {p} plays {c}" for p, c in enumerate(cards))
    dung = ", ".join(map(str, before.dung))
    question = (
        f"Mambo is on {loop_space(before.mambo, length)}; {start}; dung on {dung}. Round 1: "
        f"{played}, Kali shows {kali}. Give (order from the head of the group to the back, "
        "penalties)."
    )
    answer = (finishing_order(state), list(state.penalties))
    moves = [e.text for e in state.events[len(before.events) :] if "chooses" not in e.text]
    return Exercise(question, answer, "The round: " + "; ".join(moves[1:]) + "."), before


def _index(name: str, players: int) -> int:
    return players if name == "Kali" else int(name.split()[1])


def answer_in_words(answer: tuple[list[str], list[int]]) -> str:
    """A ``round_exercise`` answer as a sentence: the order from the head of the group to
    the back, then each player's penalty points."""
    order, penalties = answer
    points = ", ".join(f"player {p} {s}" for p, s in enumerate(penalties))
    return f"From the head of the group to the back: {', '.join(order)}. Penalty points: {points}."
