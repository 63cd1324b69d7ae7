"""The agent protocol: a bot sees only its own player's view.

The runner hands each agent a :class:`View` of the state, never the state
itself, so a bot cannot read hidden cards or the future deck order. Search
bots get full states through ``view.sample_state(rng)`` — a determinization
that resamples everything the player cannot see. What a View promises, and
what it cannot (README, "What a View guarantees"): nothing reachable from its
public attributes holds what the player has not seen, and whatever a bot does
to what it was handed changes nothing in the game.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

if TYPE_CHECKING:
    from .game import Game, State


@runtime_checkable
class Agent(Protocol):
    """Anything with ``act(view) -> action``; ``reset(seed)`` is optional.

    An agent that decides from the legal actions alone (``RandomAgent``) may also
    offer ``choose(actions) -> action``, with ``act(view)`` meaning exactly
    ``choose(view.legal_actions())``, both defined by the same class: a runner
    (``boardlab.sim.play``) then hands it the legal actions of its turn directly —
    the same list, so the same choice — and a playout saves the view's call on
    every decision. It sees no more than through its view.
    """

    def act(self, view: View) -> Any: ...


class View:
    """What one player may know of a live state, and the moves open to them."""

    __slots__ = ("__state", "player")

    def __init__(self, state: State, player: int) -> None:
        self.__state = state
        self.player = player

    @property
    def game(self) -> Game:
        return self.__state.game

    def legal_actions(self) -> list:
        """The moves open to this player: none while someone else decides (their options
        could show what they hold, e.g. whether a reaction includes "cancel with a guard").
        The bot's own list (actions are frozen): emptying it leaves the game's alone."""
        state = self.__state
        return list(state.legal_actions()) if state.current_player == self.player else []

    def observation(self) -> dict:
        """What this player may see: the bot's own, made afresh by the game at each call
        (no list or dict of it is the state's, so a bot that clears or fills one changes
        nothing; ``tests/test_trust_views.py`` checks every game). Not copied again here:
        a copy doubled the cost of an observation, and of a Jambo heuristic bot's game."""
        return self.__state.observation(self.player)

    def visible_events(self) -> list:
        return self.__state.visible_events(self.player)

    def sample_state(self, rng: random.Random) -> State:
        """A full state consistent with what this player knows (for search bots)."""
        return self.__state.determinize(self.player, rng)

    def action_to_json(self, action: Any) -> Any:
        return self.__state.action_to_json(action)
