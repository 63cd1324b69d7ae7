"""Simulation: agents, single games, batches and sweeps of games, their metrics, tuning."""

from . import metrics
from .agents import FirstActionAgent, RandomAgent
from .isolated import IsolatedAgent, IsolationError
from .ladder import Ladder, ladder
from .lineup import AGENT_SPECS, register_agent, resolve_agents
from .mcts import ISMCTSAgent
from .metrics import CutShortWarning, SkillEstimate, cut_short_warning, skill_vs_luck_estimate
from .play import lead_changes, play, sole_leader_changes, summarize
from .results import InvalidResults, load_results, save_results
from .run import SimulationError, compare, random_agents, run
from .sweep import sweep
from .tune import TuneResult, tune

__all__ = [
    "AGENT_SPECS",
    "CutShortWarning",
    "FirstActionAgent",
    "ISMCTSAgent",
    "InvalidResults",
    "IsolatedAgent",
    "IsolationError",
    "Ladder",
    "RandomAgent",
    "SimulationError",
    "SkillEstimate",
    "TuneResult",
    "compare",
    "cut_short_warning",
    "ladder",
    "lead_changes",
    "load_results",
    "metrics",
    "play",
    "random_agents",
    "register_agent",
    "resolve_agents",
    "run",
    "save_results",
    "skill_vs_luck_estimate",
    "sole_leader_changes",
    "summarize",
    "sweep",
    "tune",
]
