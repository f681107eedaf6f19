"""Game states and views to JSON and back, and deep copies, done once for every game (msgspec).

A game's state is a ``msgspec.Struct`` (or a dataclass) of plain fields: ints,
strings, lists, dicts, nested structs. msgspec turns it into JSON-compatible
builtins for the database and back, typed, and copies it by a msgpack round
trip, which is several times faster than ``copy.deepcopy``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

import msgspec

T = TypeVar("T")

_encoder = msgspec.msgpack.Encoder()


def dump(value: Any) -> dict[str, Any]:
    """JSON-compatible builtins (dict keys become strings, tuples lists)."""
    data = msgspec.to_builtins(value, str_keys=True)
    if not isinstance(data, dict):
        raise TypeError(f"a game state must be a struct or dataclass, not {type(value).__name__}")
    return data


def load(data: Mapping[str, Any], kind: type[T]) -> T:
    """The typed value of ``dump``'s output (string keys turn back into ints where the type says so)."""
    return msgspec.convert(dict(data), kind, strict=False)


def clone(value: T) -> T:
    """A deep copy sharing nothing with ``value``."""
    return msgspec.msgpack.decode(_encoder.encode(value), type=type(value))


detached = clone
"""Views are handed out as detached copies: a caller that edits one cannot edit the game."""


def builtins(value: Any) -> Any:
    """Plain Python data of a view or state (for equality checks, JSON export and tests)."""
    return msgspec.to_builtins(value, str_keys=True)
