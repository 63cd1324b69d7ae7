"""Playing games with agents: one game (``play``) or many into a DataFrame (``run``).

Only the engine is used here — no rendering, no narration strings — so
the same code serves notebooks, benchmarks and parallel workers.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from boardlab.core import Game, IllegalAction, State, View
from boardlab.core.events import UNTOLD
from boardlab.sim.agents import RandomAgent


def seat_seed(seed: int, seat: int) -> int:
    """Each seat's agent gets its own seed, derived from the game's, so a game
    depends on its seed alone (``play`` here, ``PlayPanel`` in a notebook)."""
    return (seed * 1_000_003 + seat * 7_919 + 1) & 0xFFFF_FFFF


def chooser(agent: Any) -> Any:
    """``agent.choose`` if the agent decides from the legal actions alone, else ``None``.

    Only when the class whose ``act`` the agent runs defines ``choose`` too (the
    protocol of ``boardlab.core.agents.Agent``): a subclass that overrides ``act``
    keeps being asked through its view.
    """
    if "act" in getattr(agent, "__dict__", ()):
        return None
    kind = type(agent)
    choosing = _CHOOSES.get(kind)
    if choosing is None:
        choosing = _CHOOSES[kind] = _chooses(kind)
    return agent.choose if choosing else None


#: Whether an agent class decides from the legal actions alone (``chooser``), by class: a
#: playout asks once per seat, and the walk of a class's bases cost more than its decisions.
_CHOOSES: dict[type, bool] = {}


def _chooses(kind: type) -> bool:
    for klass in kind.__mro__:
        if "act" in vars(klass):
            return "choose" in vars(klass)
    return False


def play(game: Game, agents: Sequence[Any], seed: int = 0, track: bool = False) -> State:
    """Play one game from ``seed`` to the end; return the final state.

    Each agent sees only its own ``View`` (an agent that decides from the legal
    actions alone only those: ``chooser``). With ``track=True`` the state
    gets a ``leaders`` list: ``game.standing`` after every action (for
    lead-change metrics); ``score_track``: the scores before the first action and
    after every action (the evaluation Ludii's LeadChange and Drama read); ``turns``:
    how often the player to move changed, the first mover included (Ludii's turns);
    and ``options``: the number of legal actions at each decision (for the branching
    factor; an agent that decides through its view makes the runner ask for the legal
    actions once more).
    """
    if len(agents) != game.num_players:
        raise ValueError(f"{game.name} with {game.num_players} players needs as many agents")
    for seat, agent in enumerate(agents):
        reset = getattr(agent, "reset", None)
        if reset is not None:
            reset(seat_seed(seed, seat))
    state = game.new_game(seed)
    if not track and _all_random(agents):
        return _random_playout(game, state, agents)
    chooses = [chooser(agent) for agent in agents]
    views = [View(state, p) if chooses[p] is None else None for p in range(game.num_players)]
    acts = [agent.act for agent in agents]
    legal = state.legal_actions
    apply = state.apply
    # only a tracked game gets the two lists: a state's attributes beyond 29 would leave
    # CPython 3.11's compact instance layout, and every attribute read would get slower
    leaders = options = scores = None
    if track:
        leaders = state.leaders = []
        options = state.options = []
        scores = state.score_track = [tuple(state.scores)]
        state.turns, mover = 0, None
    for _ in range(game.max_length):
        p = state.current_player
        if p is None:
            return state
        choose = chooses[p]
        # the legal actions of p's turn: what p's view would give (Agent's ``choose``)
        if track:
            if p != mover:
                state.turns, mover = state.turns + 1, p
            actions = legal()
            options.append(len(actions))
            action = acts[p](views[p]) if choose is None else choose(actions)
        else:
            action = acts[p](views[p]) if choose is None else choose(legal())
        try:
            apply(action)
        except IllegalAction as error:
            raise IllegalAction(f"agent {agents[p]!r} chose an illegal action: {error}") from error
        if track:
            leaders.append(game.standing(state))
            scores.append(tuple(state.scores))
    return _ran_past(game, state)


def _all_random(agents: Sequence[Any]) -> bool:
    """Every seat a ``RandomAgent`` of its own (one agent in two seats shares one stream,
    which ``_random_playout``'s per-seat pools would split)."""
    return all(type(agent) is RandomAgent for agent in agents) and len(
        {id(agent) for agent in agents}
    ) == len(agents)


def _random_playout(game: Game, state: State, agents: Sequence[RandomAgent]) -> State:
    """``play``'s loop when every seat is a ``RandomAgent`` (benchmarks, sweeps, baselines):
    the same choices, made without two Python calls per decision.

    A speed trick, the one place that knows ``RandomAgent``'s insides: its draw
    (``RandomAgent.choose``: the next number of the seat's stream, ``u * n >> 32``) and
    ``State.apply``'s bookkeeping are written out here. Two of ``apply``'s checks are
    facts the conformance suite checks at every step of every variant instead: the
    game-over check (a live state has a ``current_player`` and no outcome), and the
    admission (``Game.admit``), which guards the rules against actions from outside:
    the action here is one of the game's own legal actions, which are well typed as
    they are. The rules' own check of the action stays. A game that can find the drawn
    action without a list of its own (``State._pick``) is asked for it instead of
    building a list a step. That both loops choose alike is tested
    (``tests/test_core.py``), game by game.

    The game is played untold (``boardlab.core.events.UNTOLD``): the rules build no
    narration while it runs, and the finished state tells it by replay when asked.
    """
    state._log = UNTOLD  # (the deal's entries are dropped too: the replay tells them)
    legal = state.legal_actions
    pick = state._pick  # None, or the game's own way to the drawn action
    _apply = state._apply
    record = state.history.append
    pools = [agent._pool for agent in agents]
    for _ in range(game.max_length):
        p = state.current_player
        if p is None:
            return state
        pool = pools[p]
        if not pool:
            pool = pools[p] = agents[p]._refill()
        if pick is None:
            actions = legal()
            action = actions[pool.pop() * len(actions) >> 32]
        else:
            action = pick(pool.pop())
        try:
            _apply(action)
        except IllegalAction as error:  # the game refused its own legal action: a bug
            raise IllegalAction(f"agent {agents[p]!r} chose an illegal action: {error}") from error
        record(action)
    return _ran_past(game, state)


def _ran_past(game: Game, state: State) -> State:
    if state.outcome is None:
        raise RuntimeError(
            f"{game.name} ran past its declared maximum of {game.max_length} actions"
        )
    return state


def sole_leader_changes(leaders: list[tuple[int, ...]]) -> int:
    """How often the sole leader changed hands (ties don't count as a change): a count per
    game, not Ludii's LeadChange (``sweep.lead_change``: a rate per move of changes of the
    set of leaders, ties included)."""
    changes = 0
    last = None
    for group in leaders:
        if len(group) == 1:
            if last is not None and group[0] != last:
                changes += 1
            last = group[0]
    return changes


#: The old name of ``sole_leader_changes``.
lead_changes = sole_leader_changes


def summarize(state: State, seed: int) -> dict:
    """One row of results for a finished game: ``ended_by`` says whether the rules ended
    it ("rules") or a safeguard cap cut it short ("cap", ``status`` "truncated"), and
    ``reason`` why, in the rules' words."""
    outcome = state.outcome
    row: dict[str, Any] = {
        "seed": seed,
        "status": outcome.status,
        "ended_by": "rules" if outcome.status == "finished" else "cap",
        "winners": outcome.winners,
        "winner": outcome.winners[0] if len(outcome.winners) == 1 else None,
        "shared_win": len(outcome.winners) > 1,
        "actions": len(state.history),
        "reason": outcome.reason,
    }
    if outcome.team is not None:
        row["team"] = outcome.team
    scores = state.scores
    for p, score in enumerate(scores):
        row[f"score_{p}"] = score
    if len(scores) > 1:
        order = sorted(scores, reverse=state.game.score_order == "high")
        row["margin"] = abs(order[0] - order[1])
    leaders = getattr(state, "leaders", None)
    if leaders is not None:
        row["turns"] = state.turns
        row["sole_leader_changes"] = sole_leader_changes(leaders)
    return row
