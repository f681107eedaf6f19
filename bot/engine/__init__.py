"""The engine contract every game implements (pure Python: no discord, PIL or database)."""

from bot.engine.base import (
    ACTION_LIMIT,
    Choice,
    ComputerPlayer,
    Event,
    Form,
    FormField,
    GameEngine,
    Transition,
)
from bot.engine.errors import RuleError
from bot.engine.options import OptionIs, OptionSpec
from bot.engine.results import GameResult, Relation
from bot.engine.rng import Rng
from bot.engine.seats import SeatTag
from bot.engine.spec import GameSpec, LoadedGame

__all__ = [
    "ACTION_LIMIT",
    "Choice",
    "ComputerPlayer",
    "Event",
    "Form",
    "FormField",
    "GameEngine",
    "GameResult",
    "GameSpec",
    "LoadedGame",
    "OptionIs",
    "OptionSpec",
    "Relation",
    "Rng",
    "RuleError",
    "SeatTag",
    "Transition",
]
