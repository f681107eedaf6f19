"""The engine contract every game implements (pure Python: no discord, PIL or database)."""

from bot.engine.base import (
    Choice,
    ComputerPlayer,
    Event,
    Form,
    FormField,
    GameEngine,
    GameResult,
    OptionSpec,
    RuleError,
    Transition,
)
from bot.engine.rng import Rng

__all__ = [
    "Choice",
    "ComputerPlayer",
    "Event",
    "Form",
    "FormField",
    "GameEngine",
    "GameResult",
    "OptionSpec",
    "Rng",
    "RuleError",
    "Transition",
]
