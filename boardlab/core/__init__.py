"""Shared machinery of every game: the contract, parameters, records, errors."""

from .agents import Agent, View
from .coverage import Rule, Rulebook
from .errors import (
    BoardlabError,
    IllegalAction,
    ImpossibleScene,
    InvalidParameter,
    InvalidRecord,
)
from .events import PUBLIC, Event
from .game import Action, Game, State
from .outcome import Outcome, rank_by
from .params import DataFile, Param, Params
from .record import Record
from .registry import game_class, game_names, load, register, replay

__all__ = [
    "PUBLIC",
    "Action",
    "Agent",
    "BoardlabError",
    "DataFile",
    "Event",
    "Game",
    "IllegalAction",
    "ImpossibleScene",
    "InvalidParameter",
    "InvalidRecord",
    "Outcome",
    "Param",
    "Params",
    "Record",
    "Rule",
    "Rulebook",
    "State",
    "View",
    "game_class",
    "game_names",
    "load",
    "rank_by",
    "register",
    "replay",
]
