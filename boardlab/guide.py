"""The guided first game: a scripted scenario, played move by move on the real engine.

A teacher writes a game's first game as data, ``guided.toml`` beside its rules
(``boardlab.scenario``: the file's keys, read and checked). ``Lesson`` plays it:
the learner acts (a move, an answer, Next), the other seats' bots (the game's
``HEURISTIC`` bot, or random play) move between steps, each seeing only its own
``View``, and the scripted moves are played. Every move goes through the
engine: a move the rules refuse is answered with the ``IllegalAction``'s reason
and rule, a legal move the step does not ask for with the step's ``wrong``
words, and neither changes anything. Nothing here draws or displays: the widget
(``boardlab.widgets.GuidedGame``) shows a lesson, the tests play one
(``play_scenario``).

>>> lesson = play_scenario(Scenario.load("board_template"))
>>> lesson.finished
True
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from boardlab.core import Game, IllegalAction, State, View
from boardlab.core.coverage import Rule
from boardlab.scenario import Scenario, ScenarioError, Step, rule_mark, scenario_path
from boardlab.sim.agents import RandomAgent
from boardlab.sim.lineup import heuristic_agent
from boardlab.sim.play import seat_seed

__all__ = [
    "Lesson",
    "Reply",
    "Scenario",
    "ScenarioError",
    "Step",
    "move_text",
    "play_scenario",
    "rule_mark",
    "scenario_path",
]

#: Moves listed at most in an error message (the rest are counted).
LISTED = 12


# -- matching moves to steps --------------------------------------------------------------


def move_text(game: Game, state: State, action: Any) -> str:
    """What a step's words are looked for in: the move's choice path and its ``str()``,
    lower case (as the play panel's filter searches it)."""
    return " · ".join((*game.choice_path(state, action), str(action))).lower()


def _normal(text: str) -> str:
    return " ".join(text.lower().split())


def names_move(game: Game, state: State, action: Any, do: str) -> bool:
    """Does ``do`` name ``action``: its ``str()``, or its choice path joined with " · "
    (with or without ``str(action)`` as a last step), case and spacing aside?"""
    path = tuple(game.choice_path(state, action))
    wanted = _normal(do)
    return wanted in {
        _normal(str(action)),
        _normal(" · ".join(path)),
        _normal(" · ".join((*path, str(action)))),
    }


def mentions(words: str, text: str) -> bool:
    """Does ``text`` hold ``words`` as a whole ("space 3" is not in "space 37")? The
    play panel's rule for a place clicked (``boardlab.widgets.choices.mentions``)."""
    return re.search(rf"(?<!\w){re.escape(words.lower())}(?!\w)", text.lower()) is not None


def matching(game: Game, state: State, step: Step) -> list:
    """The legal moves ``step`` accepts now, in the order of ``legal_actions()``."""
    legal = state.legal_actions()
    if step.do:
        return [a for a in legal if names_move(game, state, a, step.do)]
    if step.accept:
        return [
            a for a in legal if all(mentions(w, move_text(game, state, a)) for w in step.accept)
        ]
    return legal


def listing(actions: list) -> str:
    """Moves in words for an error message: at most ``LISTED``, the rest counted."""
    shown = "; ".join(str(a) for a in actions[:LISTED]) or "none"
    more = len(actions) - LISTED
    return shown + (f"; … and {more} more" if more > 0 else "")


def refusal(error: IllegalAction) -> str:
    """The rules' refusal in words, with the rule: "<reason> (rule: <section>)"."""
    return f"{error.reason} (rule: {error.rule})" if error.rule else error.reason


# -- the lesson ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Reply:
    """The answer to something the learner did: ``accepted`` or not, and what to say."""

    accepted: bool
    text: str = ""


class Lesson:
    """A scenario being played: the state, the current step, the learner's actions.

    The learner acts with ``try_move`` (a move), ``answer`` (a question) and ``next``
    (words read); each returns a ``Reply``, and an action not accepted changes
    nothing. After an accepted one the lesson goes on by itself: the other seats'
    bots move (each from its own ``View``) and the scripted moves are played, until
    the learner must act again or the game and the steps are over (``finished``).
    A step that cannot be played as written is a ``ScenarioError`` with its line.
    Once the steps are used up, a game still running goes on as free play.
    """

    def __init__(self, scenario: Scenario | str | Path) -> None:
        if not isinstance(scenario, Scenario):
            scenario = Scenario.load(scenario)
        self.scenario = scenario
        self.game = scenario.make_game()
        self.state = scenario.start(self.game)
        self.learner = scenario.learner
        self.bots: list[Any] = [self._bot(seat) for seat in range(self.game.num_players)]
        #: The index of the current step (``len(steps)``: the steps are used up).
        self.index = 0
        #: The learner's moves made in the current step (a step may ``repeat``).
        self.moves_in_step = 0
        #: What the scripted moves since the learner's last action said.
        self.notes: list[str] = []
        self._advance()

    def _bot(self, seat: int) -> Any:
        if seat == self.learner:
            return None
        bot = RandomAgent() if self.scenario.bots == "random" else heuristic_agent(self.game)
        reset = getattr(bot, "reset", None)
        if reset is not None:
            reset(seat_seed(self.scenario.seed, seat))
        return bot

    # -- where the lesson stands --------------------------------------------------------
    @property
    def step(self) -> Step | None:
        """The current step; ``None`` once the steps are used up."""
        steps = self.scenario.steps
        return steps[self.index] if self.index < len(steps) else None

    @property
    def finished(self) -> bool:
        """The steps are used up and the game is over."""
        return self.step is None and self.state.outcome is not None

    @property
    def progress(self) -> tuple[int, int]:
        """``(k, n)``: step k of n (n once the steps are used up)."""
        n = len(self.scenario.steps)
        return min(self.index + 1, n), n

    @property
    def free_play(self) -> bool:
        """The steps are used up but the game goes on: any legal move is accepted."""
        return self.step is None and self.state.outcome is None

    @property
    def awaits_move(self) -> bool:
        """The learner must choose a move now (not words, a question or another's turn)."""
        step = self.step
        return (
            (self.free_play or (step is not None and step.kind == "move"))
            and self.state.outcome is None
            and self.state.current_player == self.learner
        )

    def accepted(self) -> list:
        """The legal moves the current step accepts from the learner (none while the
        step is words, a question or another seat's)."""
        if not self.awaits_move:
            return []
        if self.free_play:
            return self.state.legal_actions()
        return matching(self.game, self.state, self.step)

    def highlights(self, places: Iterable[str] | None = None) -> list[str]:
        """The places to mark on the board: the step's ``highlight``, else those of
        ``places`` (the renderer's place names) that the accepted moves mention."""
        step = self.step
        if step is not None and step.highlight is not None:
            return list(step.highlight)
        if places is None:
            return []
        texts = [move_text(self.game, self.state, a) for a in self.accepted()]
        return list(dict.fromkeys(p for p in places if any(mentions(p, t) for t in texts)))

    def rule(self) -> Rule | None:
        """The rulebook entry the current step teaches, if any."""
        step = self.step
        return None if step is None else self.scenario.rule_of(step)

    # -- what the learner does -----------------------------------------------------------
    def try_move(self, action: Any) -> Reply:
        """Play ``action`` for the learner if the step accepts it (then the lesson goes
        on); else say why not — the rule it breaks, or the step's ``wrong`` words — and
        change nothing."""
        step = self.step
        if self.state.outcome is not None:
            return Reply(False, "The game is over.")
        if step is not None and step.kind == "next":
            return Reply(False, "Read this step, then press Next.")
        if step is not None and step.kind == "ask":
            return Reply(False, "Answer the question first.")
        if not self.awaits_move:
            return Reply(False, f"It is player {self.state.current_player}'s turn, not yours.")
        legal = self.state.legal_actions()
        if action not in legal:
            try:
                self.state.clone().apply(action)
            except IllegalAction as error:
                return Reply(False, refusal(error))
            return Reply(False, f"{action} is not on offer now.")
        accepted = self.accepted()
        if action not in accepted:
            return Reply(False, self._wrong(step, accepted))
        self.notes = []
        self.state.apply(action)
        if step is not None:
            self.moves_in_step += 1
            if step.repeat != "end" and self.moves_in_step >= step.repeat:
                self._next_step()
        self._advance()
        return Reply(True)

    def answer(self, option: str) -> Reply:
        """Answer the current question: right goes on (with its ``why``), wrong tries
        again. ``ValueError`` for an option the question does not offer."""
        step = self.step
        if step is None or step.kind != "ask":
            return Reply(False, "There is no question to answer now.")
        if option not in step.options:
            raise ValueError(f"{option!r} is not one of the options: {list(step.options)}")
        if option != step.answer:
            return Reply(False, f"Not “{option}”: look again, and try another answer.")
        self.notes = []
        self._next_step()
        self._advance()
        return Reply(True, f"Right: {step.why}" if step.why else "Right.")

    def play_as_written(self, choose: str = "first") -> Reply:
        """The current step as its scenario means it: Next pressed, the right answer given,
        or the ``choose`` ("first" or "last") of the moves it accepts played."""
        step = self.step
        if step.kind == "next":
            return self.next()
        if step.kind == "ask":
            return self.answer(step.answer)
        moves = self.accepted()
        return self.try_move(moves[0] if choose == "first" else moves[-1])

    def next(self) -> Reply:
        """Go on from a words-only step."""
        step = self.step
        if step is None or step.kind != "next":
            return Reply(False, "There is nothing to go on to: this step asks you to act.")
        self.notes = []
        self._next_step()
        self._advance()
        return Reply(True)

    def summary(self) -> str:
        """The result in words (the outcome, and how the learner did), then "What you
        now know"."""
        outcome = self.state.outcome
        if outcome is None:
            k, n = self.progress
            return f"The game is not over yet: step {k} of {n}."
        lines = [outcome.describe() + ".", self._your_result()]
        lines += ["", "What you now know:", *(f"- {line}" for line in self.scenario.know)]
        return "\n".join(line for line in lines if line is not None)

    def _your_result(self) -> str:
        outcome, me = self.state.outcome, self.learner
        if outcome.team is not None:
            return f"Your team {outcome.team}."
        better = 0
        for group in outcome.ranking:
            if me in group:
                break
            better += len(group)
        if better == 0:
            you = "You won" if len(outcome.ranking[0]) == 1 else "You share the win"
        else:
            you = f"You came {ordinal(better + 1)} of {self.game.num_players}"
        scores = self.state.scores
        if all(isinstance(s, int | float) and not isinstance(s, bool) for s in scores):
            named = ", ".join(
                f"{'you' if p == me else f'player {p}'} {s}" for p, s in enumerate(scores)
            )
            return f"{you} (you are player {me}). Scores: {named}."
        return f"{you} (you are player {me})."

    def _wrong(self, step: Step | None, accepted: list) -> str:
        if step is not None and step.wrong:
            return step.wrong
        if step is not None and step.do and accepted:
            return f"The rules allow that, but this step asks for: {accepted[0]}."
        if step is not None and step.accept:
            return (
                "The rules allow that, but this step asks for a move about "
                f"{' and '.join(step.accept)}."
            )
        return "Not this move now."

    # -- the lesson going on by itself -----------------------------------------------------
    def _next_step(self) -> None:
        self.index += 1
        self.moves_in_step = 0

    def _advance(self) -> None:
        """Play on until the learner must act: bots move, scripted moves are played,
        steps that need nothing more are passed."""
        scenario = self.scenario
        for _ in range(self.game.max_length + len(scenario.steps) + 2):
            step = self.step
            if step is None:
                self._bots_until(None)  # free play: the learner moves, the bots reply
                return
            if step.kind in ("next", "ask"):
                self._bots_until(self._upcoming_seat())
                return
            if step.kind == "seat":
                self._scripted(step)
                continue
            self._bots_until(None)
            if self.state.outcome is not None:
                if step.repeat == "end" or self.moves_in_step > 0:
                    self._next_step()
                    continue
                raise scenario.error(
                    f"the game is over ({self.state.outcome.describe()}) before this step of "
                    "the learner's move",
                    step,
                )
            if not self.accepted():
                self._no_move(step, self.learner)
            return
        raise RuntimeError(f"{self.game.name}: the lesson ran past the game's maximum length")

    def _scripted(self, step: Step) -> None:
        """Play another seat's scripted move: the first legal move the step accepts."""
        state = self.state
        self._bots_until(step.seat)
        if state.outcome is not None:
            raise self.scenario.error(
                f"the game is over ({state.outcome.describe()}) before seat {step.seat}'s "
                "scripted move",
                step,
                "seat",
            )
        if state.current_player != step.seat:
            raise self.scenario.error(
                f"it is the learner's turn (player {self.learner}), not seat {step.seat}'s: "
                "the learner's move comes first",
                step,
                "seat",
            )
        moves = matching(self.game, state, step)
        if not moves:
            self._no_move(step, step.seat)
        state.apply(moves[0])
        if step.say:
            self.notes.append(step.say)
        self._next_step()

    def _no_move(self, step: Step, seat: int) -> None:
        legal = self.state.legal_actions()
        offered = f"the moves on offer (player {seat}) are: {listing(legal)}"
        if step.do:
            raise self.scenario.error(f"'do' names no legal move; {offered}", step, "do")
        raise self.scenario.error(
            f"'accept' = {list(step.accept)} matches no legal move; {offered}", step, "accept"
        )

    def _upcoming_seat(self) -> int | None:
        """The seat the next move step scripts, if the next move is a scripted one."""
        for step in self.scenario.steps[self.index :]:
            if step.kind == "seat":
                return step.seat
            if step.kind == "move":
                return None
        return None

    def _bots_until(self, seat: int | None) -> None:
        """The bots move, each from its own view, until the learner (or ``seat``) must
        decide or the game is over."""
        state = self.state
        for _ in range(self.game.max_length + 1):
            p = state.current_player
            if state.outcome is not None or p == self.learner or p == seat:
                return
            state.apply(self.bots[p].act(View(state, p)))
        raise RuntimeError(f"the bots played past {self.game.name}'s maximum length")


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th …"""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def play_scenario(
    scenario: Scenario | str | Path,
    choose: Literal["first", "last"] = "first",
    *,
    on_step: Callable[[Lesson], None] | None = None,
) -> Lesson:
    """Play every step: the first (or last) move each step accepts, every question
    answered right, every Next pressed; the finished ``Lesson``. ``on_step(lesson)`` is
    called before each action of the learner. A step that cannot be played, or a game
    not over when the steps are used up, is a ``ScenarioError`` with its line: the test
    of every game's scenario."""
    if choose not in ("first", "last"):
        raise ValueError(f"choose = {choose!r}: 'first' or 'last'")
    if not isinstance(scenario, Scenario):
        scenario = Scenario.load(scenario)
    lesson = Lesson(scenario)
    for _ in range(lesson.game.max_length + len(scenario.steps) + 2):
        if lesson.finished:
            return lesson
        step = lesson.step
        if step is None:
            last = scenario.steps[-1]
            raise scenario.error(
                "the steps are used up and the game is not over: end with a step that "
                'lasts until the game ends (repeat = "end"), or make the game shorter',
                last,
            )
        if on_step is not None:
            on_step(lesson)
        reply = lesson.play_as_written(choose)
        if not reply.accepted:  # a bug of the lesson, not of the scenario
            raise AssertionError(f"step {step.number}: {reply.text}")
    raise RuntimeError(f"{scenario.game}: the scenario ran past the game's maximum length")
