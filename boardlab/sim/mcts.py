"""Information-set Monte Carlo tree search: a search bot for any game, through its view.

``ISMCTSAgent`` is single-observer ISMCTS (Cowling, Powley & Whitehouse, "Information
Set Monte Carlo Tree Search", 2012): one tree for the deciding player, whose edges are
actions — the player's own and everybody else's — and whose nodes are the action
sequences from the root. (OpenSpiel's ``algorithms/ismcts.cc`` keys its nodes by the
mover's information-state string instead; the contract has no such string, and a
node per action sequence needs none. The price, as in the paper's SO-ISMCTS: below
another player's hidden choice — a card played face down — the tree tells the
choices apart, though the player could not.) Each iteration

1. **samples** a full state from the player's view (``view.sample_state(rng)``: the
   hidden cards and the deck order resampled — never the true state, which the agent
   cannot reach),
2. **selects** down the tree by UCB among the actions *legal in that sample* (an
   action that is sometimes illegal is judged by the number of times it was
   available, not by its parent's visits: ISMCTS's availability counts),
3. **expands** one untried action (chosen at random) as a new edge — where the sample
   leaves only one legal action, that forced move is taken and the descent goes on to
   the next real choice, so no iteration spends its expansion on a move nobody chooses,
4. **plays out** at random for at most ``playout_cap`` actions (10 by default) — or, with
   a ``playout_agent``, by that agent in every seat, each move through the mover's view
   of the sample (Jambo's Traders: ``bots.SEARCH``), and
5. **backs up** ``state.returns()`` — or, for a competitive playout cut short, the
   standing it reached: each player's worth (``evaluate``; by default the state's
   scores) ranked as a finished game ranks its players (+1 the best, -1 the worst,
   evenly between, equal worths tied). Each edge adds the return of the player who
   chose it, so the search works for any number of players; in a cooperative game
   everybody's return is the team's. With ``progress_weight`` *w* > 0, a cooperative
   playout that did not win — lost, or cut short — backs up ``-1 + w·progress`` for
   everybody instead, where the game's ``State.progress()`` says how far toward the
   goal its end is (a game that gives none keeps ``returns()``). This is for games
   random playouts never win (Tembo), whose every return would be -1 and carry no
   signal: graded losses, as search programs grade a playout by how far it got. As
   *w* < 2 and progress ≤ 1, a win's +1 still beats every graded loss.

Why the cap: random playouts to the end cost nearly all the time and told little. A
game of ``mcts:200`` against the heuristic (issue 29, cProfile of one game at 6711e6d)
searched 90 decisions in Jambo and 67 in Kombo Afrika, 200 iterations each, whose
playouts ran 544 and 156 actions on average (Jambo's random games mostly run to the
turn cap): ``legal_actions`` and ``apply`` took 88% and 87% of the time, sampling 1% and
4%, the tree 8% and 7%. Cut after 10 actions and judged by the standing, a game costs
1/28 of the CPU in Jambo and 1/6 in Kombo Afrika (4 games, seats rotated, side by side
with 6711e6d), where the game's own steps and its sample are now most of an iteration.
Against the heuristic at 200 iterations (``figures/mcts_ladder.csv``, 240 games, seats
rotated) that wins more than its fair share, clearly, in Kilimanjaro and (narrowly)
Kalimambo. Two games say in their ``bots.SEARCH`` how to search them better:

- Kombo Afrika judges each new leaf at once (``playout_cap=0``) by the score lead in
  units of 40 points (``lead_scale``), and stops a decision once it is decided: 0.923
  [0.882, 0.950] of 240 games (0.827 with the 10 random moves), a game in 1/15 of
  6711e6d's time (``python -m boardlab.bench --mcts --against``).
- Jambo: random moves judged by gold misjudge a turn spent buying wares or drawing
  cards (0.100 [0.068, 0.144]). Traders play its playouts (10 actions), judged by its
  ``worth`` (wares, cards and utilities priced in gold) as a lead in units of 30 gold,
  and a decision stops once decided: 0.646 [0.583, 0.704] of 240 games (ranked by who
  leads in worth: 0.525 [0.462, 0.587]).

What else was cut from an iteration without changing a move: a node's edges are found
by the identity of the action objects (below); availability and UCB are one pass; the
sample's generator is seeded only if the playout draws from it
(``core.chance.SeededOnUse``: seeding cost a twentieth of an iteration). Kombo
Afrika's sample also shuffles by random keys (``core.chance.shuffle``, a different
order from the same numbers). The sample plays untold
(``boardlab.core.events.UNTOLD``): nobody reads its narration, so the rules build none.

The move played is the root action visited most. Edges are keyed by the action
objects themselves — frozen dataclasses, equal and hashing alike when they name the
same move in different samples (``tests/test_mcts.py`` checks that every game's
actions do) — so the hot loop formats no strings; and, first, by the identity of the
object an edge was made with, for games that hand out the same objects in every sample.

Reproducible: the agent draws everything (samples, tie-breaks, playouts) from its own
``random.Random``, re-seeded by ``reset(seed)``; chance inside a playout comes from the
sample's own generator, itself seeded from that stream. An iteration budget therefore
gives the same moves on any machine; a ``time_budget`` (interactive play) does not.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from numbers import Integral, Real
from typing import Any

from boardlab.core import InvalidParameter, State, View
from boardlab.core.events import UNTOLD
from boardlab.core.outcome import rank_by, ranked_returns

# An edge of the tree: [visits, summed return of the player who chose it, times it was
# available (legal when its parent was visited), the node below it or None]. A list,
# not an object: the search touches edges millions of times (the hot loop unpacks it).
# A node: ``(edges by action, edges by the id of the action object each was made with)``.
# A game that hands out the same action objects in every sample (tables made once, as
# Kombo Afrika's placements) is looked up by identity, in C; an action made afresh is
# found by equality (its dataclass ``__hash__``, a Python call) — the object an edge was
# made with stays alive as its key, so no other object can take its id.
VISITS, VALUE, AVAILABLE, CHILD = 0, 1, 2, 3
#: Random actions a playout plays after the tree before the standing judges it (the
#: default ``playout_cap``). Kilimanjaro against its heuristic, 90 games each: 0.433 of
#: the wins to the end, 0.522 at 10, 0.433 at 5 (a fair share 1/3); 5 saved Kombo Afrika
#: a further 27% of its search time.
PLAYOUT_CAP = 10


class ISMCTSAgent:
    """Single-observer information-set MCTS over ``view.sample_state`` determinizations.

    ``iterations``: samples searched per decision (``None``: as many as ``time_budget``
    allows). ``exploration``: the UCB constant *c* in ``mean + c·sqrt(ln(available) /
    visits)``, for returns in [-1, 1]. The default 2 played as well as 0.7 or 1.4
    against random players in Kalimambo and Kilimanjaro (30 iterations, 120 games), and
    it tries again sooner a move that was unlucky in its first samples: at 150
    iterations 0.7 misjudged 7 of 100 Hunch solitaires (``tests/toys/hunch.py``), 2 none.
    ``time_budget``: seconds per decision, for interactive play only (results then
    depend on the machine). ``playout_cap``: at most this many random actions after the
    tree (default ``PLAYOUT_CAP``, 10; ``None``: the game's ``max_length``, to the end).
    A competitive playout cut short backs up the standing of ``evaluate(state)``: a
    function of the (sampled) state giving each player's worth, higher better (default
    ``None``: ``state.scores``, negated where the lowest score wins); a cooperative one
    backs up ``returns()`` of the unfinished state, zero for everybody, unless graded.
    ``playout_agent``: an agent class made with no arguments (``act(view)``,
    ``reset(seed)``) that plays the playouts in every seat instead of random moves — one
    a seat, re-seeded at each decision from this agent's generator; ``None`` (the
    default): random moves. ``lead_scale``: ``None`` (the default) ranks the worths of a
    playout cut short; a number *s* backs up each player's lead over the best of the
    others divided by *s*, kept within [-1, 1] — a ranking tells moves apart only by who
    ends ahead, so a player well ahead (or behind) finds every move worth +1 (-1) and
    cannot choose; a lead tells a move that gains 2 points from one that gains 1.
    ``stop_when_decided``: stop a decision's search (on an iteration budget, without
    ``time_budget``) once no other move can overtake the most visited one in the
    iterations left — the move played is the one the whole budget would play, sooner
    (``last_iterations`` says how many ran). It draws fewer numbers, so later decisions
    differ: off by default, so that the games behind ``figures/mcts_ladder.csv`` replay
    as they were; a game's ``SEARCH`` turns it on. ``progress_weight``: *w* in ``[0, 2)``
    of the graded losses above (0, the default: plain ``returns()``); read only in
    cooperative games, at one test per playout. Where random playouts never win, grade
    with ``playout_cap=0``: each new leaf judged by the progress of its sample, the
    tree's search then a lookahead over the progress measure. In Tembo
    (``tests/test_bots.py``'s setting) random playouts graded by progress led a
    team to 3 landmarks of 6 and no win; ``playout_cap=0`` with ``exploration=0.5``
    at 200 iterations won 21 of 36 games (a Planner team: 42 of 60). Both matter: 100
    iterations won 2 of 12, a shallower tree; and an exploration of 2, made for returns
    ±1, spreads the visits over moves whose progress differs by hundredths.
    """

    def __init__(
        self,
        iterations: int | None = 200,
        seed: int = 0,
        exploration: float = 2.0,
        time_budget: float | None = None,
        playout_cap: int | None = PLAYOUT_CAP,
        progress_weight: float = 0.0,
        evaluate: Callable[[State], Sequence[float]] | None = None,
        playout_agent: Callable[[], Any] | None = None,
        lead_scale: float | None = None,
        stop_when_decided: bool = False,
    ) -> None:
        if iterations is not None and not _positive_int(iterations):
            raise InvalidParameter("iterations", iterations, "a positive integer, or None")
        if iterations is None and time_budget is None:
            raise InvalidParameter("iterations", None, "a positive integer when no time_budget")
        if not isinstance(exploration, Real) or isinstance(exploration, bool) or exploration < 0:
            raise InvalidParameter("exploration", exploration, "a number >= 0")
        if time_budget is not None and (
            not isinstance(time_budget, Real) or isinstance(time_budget, bool) or time_budget <= 0
        ):
            raise InvalidParameter("time_budget", time_budget, "a number of seconds > 0, or None")
        if playout_cap is not None and not (_positive_int(playout_cap) or playout_cap == 0):
            raise InvalidParameter("playout_cap", playout_cap, "an integer >= 0, or None")
        if (
            not isinstance(progress_weight, Real)
            or isinstance(progress_weight, bool)
            or not 0 <= progress_weight < 2
        ):
            raise InvalidParameter(
                "progress_weight", progress_weight, "a number >= 0 and < 2 (0: no grading)"
            )
        if evaluate is not None and not callable(evaluate):
            raise InvalidParameter(
                "evaluate", evaluate, "a function state -> each player's worth, or None"
            )
        if playout_agent is not None and not callable(playout_agent):
            raise InvalidParameter(
                "playout_agent", playout_agent, "an agent class made with no arguments, or None"
            )
        if lead_scale is not None and (
            not isinstance(lead_scale, Real) or isinstance(lead_scale, bool) or not lead_scale > 0
        ):
            raise InvalidParameter(
                "lead_scale", lead_scale, "a number of worth units > 0, or None (ranked)"
            )
        self.iterations = None if iterations is None else int(iterations)
        self.exploration = float(exploration)
        self.time_budget = None if time_budget is None else float(time_budget)
        self.playout_cap = None if playout_cap is None else int(playout_cap)
        self.progress_weight = float(progress_weight)
        self.evaluate = evaluate
        self.playout_agent = playout_agent
        self.lead_scale = None if lead_scale is None else float(lead_scale)
        if not isinstance(stop_when_decided, bool):
            raise InvalidParameter("stop_when_decided", stop_when_decided, "True or False")
        self.stop_when_decided = stop_when_decided
        # one playout agent a seat, made at the first decision that needs them
        self._players: list | None = None
        self.rng = random.Random()
        #: Iterations run by the last ``act`` (0 when only one move was legal).
        self.last_iterations = 0
        #: The last decision's root: ``{action: (visits, mean return)}``, for notebooks.
        self.last_statistics: dict[Any, tuple[int, float]] = {}
        #: Random actions the last ``act``'s playouts played, all iterations together.
        self.last_playout_steps = 0
        self.reset(seed)

    def reset(self, seed: int) -> None:
        """Re-seed for a new game, so a game's result depends on its seed alone."""
        self.rng.seed(seed)

    def __repr__(self) -> str:
        budget = (
            f"iterations={self.iterations}"
            if self.time_budget is None
            else f"iterations={self.iterations}, time_budget={self.time_budget}"
        )
        cap = "" if self.playout_cap == PLAYOUT_CAP else f", playout_cap={self.playout_cap}"
        graded = f", progress_weight={self.progress_weight}" if self.progress_weight else ""
        worth = self.evaluate
        if worth is not None:
            graded += f", evaluate={getattr(worth, '__qualname__', repr(worth))}"
        policy = self.playout_agent
        if policy is not None:
            graded += f", playout_agent={getattr(policy, '__qualname__', repr(policy))}"
        if self.lead_scale is not None:
            graded += f", lead_scale={self.lead_scale}"
        if self.stop_when_decided:  # another player than the whole budget's (its own moves)
            graded += ", stop_when_decided=True"
        return f"ISMCTSAgent({budget}, exploration={self.exploration}{cap}{graded})"

    # -- the decision ---------------------------------------------------------------------
    def act(self, view: View) -> Any:
        """The most visited of ``view.legal_actions()`` after the search."""
        legal = view.legal_actions()
        if not legal:
            raise ValueError(f"player {view.player} has no move to make: it is not their turn")
        self.last_playout_steps = 0
        if len(legal) == 1:  # nothing to decide: spend no samples
            self.last_iterations, self.last_statistics = 0, {}
            return legal[0]
        root: tuple[dict, dict] = ({}, {})
        game = view.game
        cap = game.max_length if self.playout_cap is None else self.playout_cap
        grade = self.progress_weight if game.cooperative else 0.0
        # how a competitive playout cut short is judged (a cooperative one: unchanged)
        standing = None if game.cooperative else self._standing(game)
        players = None
        if self.playout_agent is not None:  # re-seeded from this agent's stream: reproducible
            players = self._players
            if players is None or len(players) != game.num_players:
                players = self._players = [self.playout_agent() for _ in range(game.num_players)]
            for player in players:
                player.reset(int(self.rng.random() * 2**31))
        limit = self.iterations
        done = 0
        if self.time_budget is None:
            # the most visited move is played: once no other can catch it up in the
            # iterations left, the rest cannot change the move (``stop_when_decided``)
            look = limit // 2 if self.stop_when_decided else limit
            while done < limit:  # type: ignore[operator]
                self._iterate(root, view, cap, grade, standing, players)
                done += 1
                if done >= look and done < limit:
                    visits = sorted([edge[VISITS] for edge in root[0].values()], reverse=True)
                    lead = visits[0] - (visits[1] if len(visits) > 1 else 0)
                    left = limit - done  # type: ignore[operator]
                    if lead > left:
                        break
                    # the lead grows by one an iteration at most, as what is left shrinks
                    look = done + (left - lead) // 2 + 1
        else:
            deadline = time.perf_counter() + self.time_budget
            while (limit is None or done < limit) and (done == 0 or time.perf_counter() < deadline):
                self._iterate(root, view, cap, grade, standing, players)
                done += 1
        self.last_iterations = done
        edges = root[0]
        self.last_statistics = {
            a: (edge[VISITS], edge[VALUE] / edge[VISITS])
            for a, edge in edges.items()
            if edge[VISITS]
        }
        best, most = None, (-1, -math.inf)
        for action in legal:  # in the view's order: ties go to the first listed
            edge = edges.get(action)
            if edge is not None and edge[VISITS]:
                key = (edge[VISITS], edge[VALUE] / edge[VISITS])
                if key > most:
                    best, most = action, key
        return best if best is not None else legal[int(self.rng.random() * len(legal))]

    def _standing(self, game) -> Callable[[State], list[float]]:
        """The returns of a cut-off playout: each player's worth ranked as ``Outcome``
        ranks a finished game (+1 the best, -1 the worst, evenly between, ties equal); or,
        with ``lead_scale`` *s*, each player's lead over the best of the others, in worth
        units divided by *s* and kept within [-1, 1]."""
        evaluate = self.evaluate
        best = "high" if evaluate is not None else game.score_order
        sign = 1.0 if best == "high" else -1.0
        scale = self.lead_scale
        two = game.num_players == 2

        def worths_of(state: State) -> Sequence[float]:
            return evaluate(state) if evaluate is not None else state.scores

        if scale is not None:
            unit = sign / scale

            def lead(state: State) -> list[float]:
                worths = worths_of(state)
                if two:
                    ahead = (worths[0] - worths[1]) * unit
                    ahead = 1.0 if ahead > 1.0 else -1.0 if ahead < -1.0 else ahead
                    return [ahead, -ahead]
                out = []
                for player, worth in enumerate(worths):
                    rival = max(w for other, w in enumerate(worths) if other != player)
                    ahead = (worth - rival) * unit
                    out.append(1.0 if ahead > 1.0 else -1.0 if ahead < -1.0 else ahead)
                return out

            return lead

        def standing(state: State) -> list[float]:
            keys = {player: (worth,) for player, worth in enumerate(worths_of(state))}
            return ranked_returns(rank_by(keys, best), len(keys))

        if not two:
            return standing
        ahead, behind = ([1.0, -1.0], [-1.0, 1.0]) if best == "high" else ([-1.0, 1.0], [1.0, -1.0])

        def duel(state: State) -> list[float]:
            """``standing`` for two players, without the ranking's dict and sort: a
            playout cut short is judged every iteration (3% of one in Kombo Afrika)."""
            first, second = worths_of(state)
            if first == second:
                return [0.0, 0.0]
            return ahead if first > second else behind

        return duel

    def _iterate(self, root: tuple, view: View, cap: int, grade: float, standing, players) -> None:
        """One sample: select and expand in the tree, play out (at random, or by
        ``players``: a playout agent a seat, each through its view of the sample), back up."""
        random_ = self.rng.random
        state = view.sample_state(self.rng)
        state._log = UNTOLD  # a guess nobody narrates: the rules build no log entries
        apply = state.apply
        legal_actions = state.legal_actions
        c = self.exploration
        log, sqrt = math.log, math.sqrt
        node = root
        path = []  # (edge, the player who chose it)
        while True:
            mover = state.current_player
            if mover is None:
                break
            legal = legal_actions()
            untried = None
            # each legal action's edge, looked up once: by identity, then by equality
            # (a node's two dicts, above); availability: every legal edge counts this visit
            by_action, by_id = node
            edges = [*map(by_id.get, map(id, legal))]
            if None in edges:  # an action object not met here before, or a new action
                edges = [
                    by_action.get(action) if edge is None else edge
                    for action, edge in zip(legal, edges, strict=True)
                ]
            if None in edges:  # expand one new edge, then play out from it
                for action, edge in zip(legal, edges, strict=True):
                    if edge is None:
                        if untried is None:
                            untried = [action]
                        else:
                            untried.append(action)
                    else:
                        edge[AVAILABLE] += 1
                action = untried[int(random_() * len(untried))]
                edge = by_action[action] = by_id[id(action)] = [0, 0.0, 1, None]
                path.append((edge, mover))
                apply(action)
                if len(legal) > 1:
                    break
                node = edge[CHILD] = ({}, {})  # a forced move: on to the next real choice
                continue
            # every legal action tried: count this visit as each one's availability and
            # choose by UCB, in one pass (the loop's hottest lines)
            best_score = -math.inf
            for action, edge in zip(legal, edges, strict=True):
                visits, value, available, _ = edge
                available += 1
                edge[AVAILABLE] = available
                score = value / visits + c * sqrt(log(available) / visits)
                if score > best_score:
                    best_score, best, chosen = score, action, edge
            path.append((chosen, mover))
            apply(best)
            child = chosen[CHILD]
            if child is None:
                child = chosen[CHILD] = ({}, {})
            node = child
        # the random playout: the rules' own ``_apply`` on their own legal actions, as
        # ``play``'s random playouts do (``apply``'s checks guard against actions from
        # outside; the conformance suite checks the rules' legal actions at every step)
        _apply = state._apply
        steps = 0
        if players is None:
            while steps < cap and state.current_player is not None:
                legal = legal_actions()
                _apply(legal[int(random_() * len(legal))])
                steps += 1
        else:
            while steps < cap:
                mover = state.current_player
                if mover is None:
                    break
                _apply(players[mover].act(View(state, mover)))
                steps += 1
        self.last_playout_steps += steps
        if state.outcome is None and standing is not None:
            returns = standing(state)
        else:
            returns = state.returns()
        # graded losses (``progress_weight``): one test per playout when off
        if grade and (state.outcome is None or state.outcome.team != "won"):
            progress = state.progress()
            if progress is not None:
                returns = [grade * progress - 1.0] * len(returns)
        for edge, mover in path:
            edge[VISITS] += 1
            edge[VALUE] += returns[mover]


def _positive_int(value: Any) -> bool:
    return isinstance(value, Integral) and not isinstance(value, bool) and value > 0


__all__ = ["PLAYOUT_CAP", "ISMCTSAgent"]
