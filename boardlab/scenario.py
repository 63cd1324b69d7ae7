"""The guided first game's scenario file, ``boardlab/games/<game>/guided.toml``: read and checked.

A teacher writes a game's first game as data (read with the standard library's
``tomllib``): the deal (``seed``, optional ``[parameters]`` for a short game
and an ``[arrange]``d start), the learner's seat, the other seats' bots, then
the steps — the learner's moves (``do``: one move; ``accept``: every legal move
whose words hold all of these; neither: any), the other seats' scripted moves
(``seat``), words shown until Next (``next = true``) and check questions
(``ask``) — and what the learner now knows (``[end]``). Every mistake is a
``ScenarioError`` naming the file, the line and the step: ``tomllib`` tells no
positions, so ``key_lines`` finds the line of each table and key in the text.
``boardlab.guide`` plays a scenario (``Lesson``, ``play_scenario``).
"""

from __future__ import annotations

import difflib
import importlib
import re
import tomllib
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

import boardlab
from boardlab.core import BoardlabError, Game, InvalidParameter, State
from boardlab.core.coverage import ROOT, Rule, rulebook
from boardlab.core.registry import game_class

__all__ = ["Scenario", "ScenarioError", "Step", "key_lines", "rule_mark", "scenario_path"]

#: The scenario file beside each game's rules.
FILE = "guided.toml"
#: The keys of the file's top level, of its ``[end]`` table, and of a step of each kind.
TOP_KEYS = ("game", "title", "goal", "seed", "learner", "bots", "parameters", "arrange")
END_KEYS = ("know",)
STEP_KEYS = {
    "move": ("say", "rule", "do", "accept", "wrong", "highlight", "repeat"),
    "seat": ("seat", "say", "rule", "do", "accept"),
    "next": ("next", "say", "rule", "highlight"),
    "ask": ("ask", "options", "answer", "why", "say", "rule"),
}
#: What each kind of step is called in an error message.
KIND_NAMES = {
    "move": "a step of the learner's move",
    "seat": "a scripted step of another seat (seat = …)",
    "next": "a words-only step (next = true)",
    "ask": "a check question (ask = …)",
}
#: The bots the other seats may have: the game's ``HEURISTIC`` bot, or random play.
BOTS = ("heuristic", "random")

Kind = Literal["move", "seat", "next", "ask"]


class ScenarioError(BoardlabError, ValueError):
    """A scenario file that cannot be played as written: ``path``, ``line`` (0: unknown),
    ``step`` (its number from 1, or ``None``) and the ``problem`` in words."""

    def __init__(self, path: Path | str, line: int, step: int | None, problem: str) -> None:
        self.path = Path(path)
        self.line = line
        self.step = step
        self.problem = problem
        where = shown_path(self.path)
        if line:
            where += f" line {line}"
        if step is not None:
            where += f" (step {step})"
        super().__init__(f"{where}: {problem}")


def shown_path(path: Path) -> str:
    """The path as an error names it: from the repository's root when inside it."""
    try:
        return str(path.resolve().relative_to(ROOT))
    except ValueError:
        return str(path)


# -- the file ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Step:
    """One step of a scenario, as written (``number`` counts from 1; ``line`` is its
    ``[[step]]`` header's). ``kind``: ``"move"`` (the learner moves), ``"seat"`` (another
    seat's scripted move), ``"next"`` (words until Next) or ``"ask"`` (a question)."""

    number: int
    line: int
    kind: Kind
    say: str = ""
    rule: str = ""
    do: str = ""
    accept: tuple[str, ...] = ()
    wrong: str = ""
    #: The places to mark on the board; ``None``: those the accepted moves mention.
    highlight: tuple[str, ...] | None = None
    #: The learner's moves this step lasts for, or ``"end"``: until the game ends.
    repeat: int | Literal["end"] = 1
    seat: int | None = None
    ask: str = ""
    options: tuple[str, ...] = ()
    answer: str = ""
    why: str = ""
    #: ``(key, line)`` of every key written in the step, for error messages.
    key_lines: tuple[tuple[str, int], ...] = ()

    def line_of(self, key: str) -> int:
        """The line of ``key`` in this step (its header's line if it is not written)."""
        return dict(self.key_lines).get(key, self.line)

    @property
    def text(self) -> str:
        """What the coach says at this step: its words, or its question."""
        return self.say if self.kind != "ask" else " ".join(filter(None, (self.say, self.ask)))


@dataclass(frozen=True)
class Scenario:
    """A guided first game, read from a ``guided.toml`` (``Scenario.load``) and checked:
    every key known and of its type, the parameters loadable, the arranged start
    possible, every rule id in the game's rulebook, every question answerable.
    Whether each move can be played is known only by playing: ``play_scenario``."""

    game: str
    path: Path
    title: str
    goal: str
    seed: int
    learner: int
    bots: str
    parameters: dict[str, Any]
    arrange: dict[str, Any] | None
    steps: tuple[Step, ...]
    know: tuple[str, ...]
    #: ``(table, key) → line`` for the keys outside the steps (``table`` "" is the top).
    lines: dict[tuple[str, str], int] = field(default_factory=dict, compare=False, repr=False)

    @classmethod
    def load(cls, game: str | Path, *, game_name: str | None = None) -> Scenario:
        """The scenario of ``game`` (a game's name: its ``guided.toml``), or the file at
        the path ``game``, a scenario of the game ``game_name`` (else of the file's
        ``game`` key, else of the game its folder is named after)."""
        if isinstance(game, Path) or (isinstance(game, str) and game.endswith(".toml")):
            path = Path(game)
        else:
            path = scenario_path(game)
            game_name = game_name or game
        try:
            text = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            raise ScenarioError(path, 0, None, "no such file") from None
        except UnicodeDecodeError as error:
            raise ScenarioError(path, 0, None, f"not UTF-8 text ({error})") from None
        return cls.parse(text, path, game_name=game_name)

    @classmethod
    def parse(cls, text: str, path: Path | str, *, game_name: str | None = None) -> Scenario:
        """The scenario written in ``text`` (the file ``path``: named by errors)."""
        return _Reader(text, Path(path), game_name).scenario()

    def make_game(self) -> Game:
        """The game with the scenario's parameters."""
        return boardlab.load(self.game, **self.parameters)

    def start(self, game: Game | None = None) -> State:
        """The position the lesson starts from: the deal of ``seed``, arranged if asked."""
        state = (game or self.make_game()).new_game(self.seed)
        if self.arrange is not None:
            state.arrange(**self.arrange)
        return state

    def rule_of(self, step: Step) -> Rule | None:
        """The rulebook entry the step teaches, if it names one."""
        return rulebook(self.game)[step.rule] if step.rule else None

    def error(self, problem: str, step: Step | None = None, key: str = "") -> ScenarioError:
        """A ``ScenarioError`` at ``step``'s ``key`` (its header when ``key`` is not
        written), or at a top-level ``key`` when ``step`` is None."""
        if step is None:
            return ScenarioError(self.path, self.lines.get(("", key), 0), None, problem)
        return ScenarioError(self.path, step.line_of(key), step.number, problem)


def scenario_path(game: str) -> Path:
    """``boardlab/games/<game>/guided.toml``: the scenario file beside ``game``'s rules."""
    module = importlib.import_module(game_class(game).__module__)
    return Path(module.__file__).parent / FILE


def rule_mark(rule: Rule) -> str:
    """Whether the rule is the printed rule, a reconstruction or a decision, in words."""
    return getattr(rule, "mark", "printed rule" if rule.source == "rulebook" else "decision")


#: A table header (``[end]``, ``[[step]]``) and a key (``say = …``) at the start of a line.
_HEADER = re.compile(r"^\s*(\[\[|\[)\s*([A-Za-z0-9_.-]+)\s*(\]\]|\])\s*(#.*)?$")
_KEY = re.compile(r"^\s*([A-Za-z0-9_-]+)\s*=")


def key_lines(text: str) -> dict[tuple[str, int, str], int]:
    """``(table, step number or 0, key) → line`` for every table header (key ``""``) and
    every key of ``text``; ``tomllib`` tells no positions. Lines inside a multi-line
    string are skipped; a key inside a multi-line array is never at a line's start."""
    out: dict[tuple[str, int, str], int] = {}
    table, number, steps, quote = "", 0, 0, ""
    for n, line in enumerate(text.splitlines(), start=1):
        if quote:
            if line.count(quote) % 2:
                quote = ""
            continue
        header = _HEADER.match(line)
        if header:
            table = header.group(2)
            if table == "step" and header.group(1) == "[[":
                steps += 1
                number = steps
            else:
                number = 0
            out.setdefault((table, number, ""), n)
            continue
        key = _KEY.match(line)
        if key:
            out.setdefault((table, number, key.group(1)), n)
        for mark in ('"""', "'''"):
            if line.count(mark) % 2:
                quote = mark
                break
    return out


class _Reader:
    """Reads and checks one scenario file: every error names its line."""

    def __init__(self, text: str, path: Path, game_name: str | None) -> None:
        self.text, self.path, self.game_name = text, path, game_name
        self.lines = key_lines(text)

    def fail(self, problem: str, table: str = "", key: str = "", number: int = 0):
        line = self.lines.get((table, number, key)) or self.lines.get((table, number, ""), 0)
        raise ScenarioError(self.path, line, number or None, problem)

    def scenario(self) -> Scenario:
        try:
            data = tomllib.loads(self.text)
        except tomllib.TOMLDecodeError as error:
            found = re.search(r"line (\d+)", str(error))
            raise ScenarioError(
                self.path, int(found.group(1)) if found else 0, None, f"not valid TOML: {error}"
            ) from None
        self.unknown(data, (*TOP_KEYS, "step", "end"), "", "the top of the file")
        name = self.name(data)
        title = self.text_of(data, "title", required=True)
        goal = self.text_of(data, "goal", required=True)
        seed = self.integer(data, "seed", 0)
        bots = data.get("bots", "heuristic")
        if bots not in BOTS:
            self.fail(f"bots = {bots!r}: one of {', '.join(map(repr, BOTS))}", key="bots")
        parameters = self.table(data, "parameters")
        arrange = self.table(data, "arrange") if "arrange" in data else None
        try:
            game = boardlab.load(name, **parameters)
        except InvalidParameter as error:
            self.fail(f"[parameters]: {error}", "parameters", error.name)
        learner = self.integer(data, "learner", 0)
        if not 0 <= learner < game.num_players:
            self.fail(
                f"learner = {learner}: a seat of the {game.num_players} players, "
                f"0 to {game.num_players - 1}",
                key="learner",
            )
        if arrange is not None:
            try:
                game.new_game(seed).arrange(**arrange)
            except Exception as error:  # whatever a game's arrange refuses, in its words
                self.fail(f"[arrange]: {name} cannot set this up ({error})", "arrange")
        raw = data.get("step")
        if not isinstance(raw, list) or not raw or not all(isinstance(s, dict) for s in raw):
            self.fail("a scenario needs its steps, each a [[step]] table", key="step")
        book = rulebook(name)
        steps = tuple(
            self.step(number, table, game, learner, book)
            for number, table in enumerate(raw, start=1)
        )
        self.order(steps)
        end = data.get("end")
        if not isinstance(end, dict):
            self.fail("a scenario ends with an [end] table: know = [what the learner now knows]")
        self.unknown(end, END_KEYS, "end", "[end]")
        know = end.get("know")
        if not isinstance(know, list) or not know or not all(_words(k) for k in know):
            self.fail("[end] know: a list of sentences, what the learner now knows", "end", "know")
        lines = {(t, k): n for (t, number, k), n in self.lines.items() if t != "step" and k}
        return Scenario(
            name,
            self.path,
            title,
            goal,
            seed,
            learner,
            bots,
            parameters,
            arrange,
            steps,
            tuple(know),
            lines,
        )

    # -- the top level ---------------------------------------------------------------------
    def name(self, data: dict) -> str:
        written = data.get("game")
        if written is not None and not isinstance(written, str):
            self.fail(f"game = {written!r}: a game's name", key="game")
        name = self.game_name or written or self.path.parent.name.lstrip("_")
        if self.game_name and written and written != self.game_name:
            self.fail(f"game = {written!r}, but this is a scenario of {self.game_name}", key="game")
        try:
            game_class(name)
        except InvalidParameter as error:
            self.fail(f"no game {name!r} to guide ({error.allowed}): write game = …", key="game")
        return name

    def unknown(self, data: dict, allowed: Iterable[str], table: str, where: str, number=0):
        allowed = tuple(allowed)
        for key in data:
            if key not in allowed:
                self.fail(
                    f"unknown key {key!r} in {where}; the keys allowed there: {', '.join(allowed)}",
                    table,
                    key,
                    number,
                )

    def text_of(self, data: dict, key: str, table="", number=0, required=False) -> str:
        value = data.get(key, "")
        if not isinstance(value, str) or (required and not value.strip()):
            self.fail(f"{key}: words in quotes, not {value!r}", table, key, number)
        return value.strip()

    def integer(self, data: dict, key: str, default: int, table="", number=0) -> int:
        value = data.get(key, default)
        if type(value) is not int:
            self.fail(f"{key} = {value!r}: a whole number", table, key, number)
        return value

    def table(self, data: dict, key: str) -> dict:
        value = data.get(key, {})
        if not isinstance(value, dict):
            self.fail(f"{key}: a table, [{key}], not {value!r}", key=key)
        return value

    def words_list(self, data: dict, key: str, number: int) -> tuple[str, ...]:
        value = data[key]
        if not isinstance(value, list) or not value or not all(_words(v) for v in value):
            self.fail(f'{key}: a list of words in quotes, e.g. {key} = ["…"]', "step", key, number)
        return tuple(v.strip() for v in value)

    # -- the steps --------------------------------------------------------------------------
    def step(self, number: int, data: dict, game: Game, learner: int, book) -> Step:
        def bad(key: str, problem: str) -> None:
            self.fail(problem, "step", key, number)

        kind: Kind = (
            "ask" if "ask" in data else "next" if "next" in data else "seat" if "seat" in data
            else "move"
        )  # fmt: skip
        self.unknown(data, STEP_KEYS[kind], "step", KIND_NAMES[kind], number)
        fields: dict[str, Any] = {}
        for key in ("say", "rule", "do", "wrong", "ask", "answer", "why"):
            if key in data:
                fields[key] = self.text_of(data, key, "step", number, required=True)
        for key in ("accept", "highlight", "options"):
            if key in data:
                fields[key] = self.words_list(data, key, number)
        if "do" in data and "accept" in data:
            bad("accept", "a step has 'do' (one move) or 'accept' (words), not both")
        if kind in ("move", "next") and not fields.get("say"):
            bad("say", f'{KIND_NAMES[kind]} needs say = "…"')
        if kind == "next" and data["next"] is not True:
            bad("next", f"next = {data['next']!r}: a words-only step says next = true")
        if kind == "seat":
            seat = fields["seat"] = self.integer(data, "seat", 0, "step", number)
            if not 0 <= seat < game.num_players or seat == learner:
                last = game.num_players - 1
                bad("seat", f"seat = {seat}: another seat than the learner's ({learner}), 0-{last}")
        if kind == "ask":
            for key in ("options", "answer"):
                if key not in data:
                    bad("ask", f"a question needs {key} = …")
            options, answer = fields["options"], fields["answer"]
            if len(options) < 2 or len(set(options)) < len(options):
                bad("options", "options: two or more different answers")
            if answer not in options:
                bad("answer", f"answer = {answer!r} is not among the options {list(options)}")
        if "repeat" in data:
            repeat = fields["repeat"] = data["repeat"]
            if repeat != "end" and not (type(repeat) is int and repeat >= 1):
                bad("repeat", f'repeat = {repeat!r}: a number of moves from 1, or "end"')
        if fields.get("rule"):
            local, ids = fields["rule"].split(":", 1)[-1], [r.id for r in book.rules]
            if fields["rule"] not in (local, f"{book.game}:{local}") or local not in ids:
                close = difflib.get_close_matches(local, ids, n=3)
                hint = f"; did you mean {', '.join(close)}?" if close else ""
                bad(
                    "rule", f"rule = {fields['rule']!r} is no entry of {book.game}'s rulebook{hint}"
                )
            fields["rule"] = local
        lines = {k: n for (t, at, k), n in self.lines.items() if t == "step" and at == number}
        return Step(
            number, lines.get("", 0), kind, key_lines=tuple(sorted(lines.items())), **fields
        )

    def order(self, steps: tuple[Step, ...]) -> None:
        """No move can follow a step that lasts until the game ends."""
        endless = next((s for s in steps if s.repeat == "end"), None)
        for later in steps[endless.number :] if endless else ():
            if later.kind in ("move", "seat"):
                why = f'step {endless.number} lasts until the game ends (repeat = "end")'
                self.fail(f"a move after the end: {why}", "step", "", later.number)


def _words(value: Any) -> bool:
    return isinstance(value, str) and bool(value.strip())
