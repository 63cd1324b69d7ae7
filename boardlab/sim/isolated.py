"""A bot in a process of its own, which receives only what its seat may know.

In-process, a ``View`` keeps the true state in a private name: nothing reachable from
its public attributes holds a hidden card, but a determined Python programmer can still
reach the state (Python has no private memory). For a class tournament of students'
bots, ``IsolatedAgent`` runs each bot in a child process that is sent, at each decision,
only JSON: the seat's observation, its legal actions (``action_to_json``) and the
narration it may read. The bot answers with an action, sent back as JSON, parsed by the
game and checked against the legal actions. The true state never leaves the parent.

    game = boardlab.load("kilimanjaro")
    with IsolatedAgent("heuristic") as bot, IsolatedAgent(MyBot()) as mine:
        state = play(game, [bot, mine, RandomAgent()], seed=3)

or, as an agent spec of ``run``/``sweep``: ``"isolated:heuristic"``.

What an isolated bot has (``SeatView``): ``player``, ``game`` (the same game, loaded in
the child from its public parameters), ``observation()``, ``legal_actions()``,
``visible_events()`` and ``action_to_json``. It has no ``sample_state``: a sample is
drawn from the true state, so search bots (``ISMCTSAgent``, Tembo's ``Planner``,
Kalimambo's ``Cautious``) play in-process only. An isolated bot sees its observation as
JSON gives it back: tuples become lists and dict keys strings.

The child is started with the parent's Python and module path at the bot's first
decision; ``close()`` (or leaving a ``with`` block, or the agent being forgotten) stops
it. Pickled for joblib or Dask workers, the agent starts its own child there. Linux and
macOS; on Windows a decision waits without the time limit.
"""

from __future__ import annotations

import base64
import contextlib
import json
import os
import pickle
import select
import subprocess
import sys
import traceback
import weakref
from typing import Any

from boardlab.core import BoardlabError, Event, Game, IllegalAction, View
from boardlab.sim.lineup import register_agent

__all__ = ["IsolatedAgent", "IsolationError", "SeatView"]


class IsolationError(BoardlabError):
    """The isolated bot failed: its process died, raised, answered nonsense or too late."""


def _pickled(agent: Any) -> str:
    """The agent as text for the child: by value where cloudpickle is installed (a class
    written in a notebook travels too), else by reference (its class must be importable)."""
    try:
        import cloudpickle

        data = cloudpickle.dumps(agent)
    except ImportError:
        data = pickle.dumps(agent)
    return base64.b64encode(data).decode("ascii")


class IsolatedAgent:
    """An agent run in a child process that sees only its seat's JSON (module docstring).

    ``agent``: an agent spec (``"heuristic"``, ``"random"``, any name of
    ``boardlab.sim.AGENT_SPECS``, made in the child for the game), or an agent object
    (sent to the child pickled). ``timeout``: seconds a decision may take.
    """

    def __init__(self, agent: Any, timeout: float = 60.0) -> None:
        if not isinstance(agent, str) and not callable(getattr(agent, "act", None)):
            raise ValueError(
                f"IsolatedAgent({agent!r}): give an agent spec such as 'heuristic', or an "
                "agent with act(view)"
            )
        self.agent = agent
        self.timeout = timeout
        self._bot = {"spec": agent} if isinstance(agent, str) else {"pickle": _pickled(agent)}
        self._child: subprocess.Popen | None = None
        self._stop: weakref.finalize | None = None
        self._game: tuple[str, str] | None = None  # the child's game: name, parameters
        self._seed: int | None = None  # a reset not yet sent
        self._sent = 0  # events of this game the child already has

    def __repr__(self) -> str:
        return f"IsolatedAgent({self.agent!r})"

    # -- the agent protocol ---------------------------------------------------------------
    def reset(self, seed: int) -> None:
        """A new game: the bot is re-seeded before its first decision."""
        self._seed = seed
        self._sent = 0

    def act(self, view: View) -> Any:
        """Send the seat's observation, legal actions and new narration; return the legal
        action the bot names (``IllegalAction`` if it names none)."""
        game = view.game
        self._start(game)
        if self._seed is not None:
            self._ask({"op": "reset", "seed": self._seed})
            self._seed = None
        legal = view.legal_actions()
        written = [view.action_to_json(a) for a in legal]
        events = view.visible_events()
        start = self._sent if self._sent <= len(events) else 0
        reply = self._ask(
            {
                "op": "act",
                "player": view.player,
                "observation": view.observation(),
                "legal": written,
                "events_from": start,
                "events": [e.to_json() for e in events[start:]],
            }
        )
        self._sent = len(events)
        data = reply.get("action")
        for action, json_form in zip(legal, written, strict=True):
            if json_form == data:
                return action
        try:
            named = game.action_from_json(data)
        except (TypeError, ValueError) as error:
            raise IllegalAction(
                f"{self!r} answered {data!r}, which names no action: {error}",
                "the legal actions",
            ) from None
        raise IllegalAction(
            f"{self!r} chose {named}, which is not among the legal actions now",
            "the legal actions",
            named,
        )

    # -- the child process ----------------------------------------------------------------
    def _start(self, game: Game) -> None:
        key = (game.name, json.dumps(game.params.to_json(), sort_keys=True))
        if self._child is not None and self._child.poll() is None and self._game == key:
            return
        if self._child is None or self._child.poll() is not None:
            env = dict(os.environ, PYTHONPATH=os.pathsep.join(p for p in sys.path if p))
            self._child = subprocess.Popen(
                [sys.executable, "-c", "from boardlab.sim.isolated import serve; serve()"],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                env=env,
                text=True,
                bufsize=1,
            )
            self._stop = weakref.finalize(self, _stop, self._child)
        self._game = None
        self._ask({"op": "start", "game": game.name, "params": game.params.to_json(), **self._bot})
        self._game = key
        self._sent = 0

    def _ask(self, message: dict) -> dict:
        child = self._child
        try:
            child.stdin.write(json.dumps(message) + "\n")
            child.stdin.flush()
        except (BrokenPipeError, OSError):
            raise IsolationError(f"{self!r}: its process has ended ({child.poll()})") from None
        if hasattr(select, "select") and os.name == "posix":
            ready, _, _ = select.select([child.stdout], [], [], self.timeout)
            if not ready:
                self.close()
                raise IsolationError(f"{self!r} gave no answer within {self.timeout} s")
        line = child.stdout.readline()
        if not line:
            raise IsolationError(f"{self!r}: its process has ended ({child.wait()})")
        try:
            reply = json.loads(line)
        except ValueError:
            raise IsolationError(f"{self!r} answered {line[:200]!r}, not JSON") from None
        if not isinstance(reply, dict):
            raise IsolationError(f"{self!r} answered {reply!r}, not a reply")
        if "error" in reply:
            raise IsolationError(f"{self!r} failed in its process:\n{reply['error']}")
        return reply

    def close(self) -> None:
        """Stop the child process (a new one starts if the agent plays again)."""
        if self._stop is not None:
            self._stop()
        self._child = self._stop = self._game = None

    def __enter__(self) -> IsolatedAgent:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __getstate__(self) -> dict:
        """Pickled (joblib, Dask) without its process: a worker starts its own."""
        return {"agent": self.agent, "timeout": self.timeout, "_bot": self._bot}

    def __setstate__(self, data: dict) -> None:
        self.__init__(data["agent"], data["timeout"])


def _stop(child: subprocess.Popen) -> None:
    """End a child: ask, then wait a moment, then kill."""
    if child.poll() is None:
        try:
            child.stdin.write('{"op": "stop"}\n')
            child.stdin.flush()
            child.wait(timeout=2)
        except (OSError, ValueError, subprocess.TimeoutExpired):
            child.kill()
            child.wait()
    for stream in (child.stdin, child.stdout):
        with contextlib.suppress(OSError):
            stream.close()


# -- in the child ------------------------------------------------------------------------


class SeatView:
    """What an isolated bot is given in place of a ``View``: its seat's JSON, read back."""

    def __init__(self, game: Game, player: int, observation: dict, legal: list, events) -> None:
        self.game = game
        self.player = player
        self._observation = observation
        self._legal = legal
        self._events = events

    def observation(self) -> dict:
        return json.loads(json.dumps(self._observation))  # the bot's own copy

    def legal_actions(self) -> list:
        return list(self._legal)

    def visible_events(self) -> list[Event]:
        return list(self._events)

    def action_to_json(self, action: Any) -> Any:
        return action.to_json()

    def sample_state(self, rng: Any) -> Any:
        raise IsolationError(
            "an isolated bot has no sample_state: a sample is drawn from the true state, "
            "which stays in the parent process; play a search bot in-process"
        )


def serve() -> None:
    """The child's loop: one JSON message a line in, one reply a line out. What the bot
    prints goes to the standard error, so it cannot break the conversation."""
    import boardlab

    from .lineup import resolve_agents

    out = os.fdopen(os.dup(1), "w", buffering=1)
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    game = agent = None
    events: list[Event] = []
    legal_by_json: list = []
    for line in sys.stdin:
        try:
            message = json.loads(line)
            op = message["op"]
            reply: dict = {}
            if op == "stop":
                break
            if op == "start":
                game = boardlab.load(message["game"], **message["params"])
                if "spec" in message:
                    agent = resolve_agents(game, [message["spec"]])[0][0]
                else:
                    agent = pickle.loads(base64.b64decode(message["pickle"]))
                events = []
            elif op == "reset":
                reset = getattr(agent, "reset", None)
                if reset is not None:
                    reset(message["seed"])
                events = []
            elif op == "act":
                describe = game.describe_event
                del events[message["events_from"] :]
                for e in message["events"]:
                    seen = None if e["visible_to"] is None else tuple(e["visible_to"])
                    events.append(Event(e["kind"], tuple(e["args"]), seen, describe))
                legal_by_json = message["legal"]
                legal = [game.action_from_json(data) for data in legal_by_json]
                view = SeatView(game, message["player"], message["observation"], legal, events)
                chosen = agent.act(view)
                found = next((i for i, a in enumerate(legal) if a is chosen), None)
                if found is None:
                    found = next((i for i, a in enumerate(legal) if a == chosen), None)
                reply["action"] = legal_by_json[found] if found is not None else chosen.to_json()
            else:
                raise ValueError(f"unknown message {op!r}")
        except Exception:  # everything the bot or a message breaks goes back to the parent
            reply = {"error": traceback.format_exc(limit=8)}
        out.write(json.dumps(reply) + "\n")


def _isolated_spec(game: Game, arg: str | None) -> IsolatedAgent:
    """``"isolated:heuristic"``: the agent of that spec, in a process of its own."""
    return IsolatedAgent(arg or "random")


register_agent("isolated", _isolated_spec)
