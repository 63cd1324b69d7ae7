"""Simulation: agents, single games, batches of games and their metrics."""

from . import metrics
from .agents import FirstActionAgent, RandomAgent
from .play import lead_changes, play, summarize
from .run import SimulationError, compare, random_agents, run

__all__ = [
    "FirstActionAgent",
    "RandomAgent",
    "SimulationError",
    "compare",
    "lead_changes",
    "metrics",
    "play",
    "random_agents",
    "run",
    "summarize",
]
