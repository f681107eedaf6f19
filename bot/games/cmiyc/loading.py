"""Reading the JSON data files; a broken file raises ``DataError`` naming the file, the entry and the rule."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

DATA_DIR = Path(__file__).parent / "data"


class DataError(ValueError):
    """A data file breaks a rule; the message names the file, the entry and the rule it breaks."""


def fail(file: str, entry: str, rule: str) -> DataError:
    return DataError(f"{file}: {entry}: {rule}")


def read(directory: Path, name: str) -> Any:
    path = directory / name
    try:
        with path.open(encoding="utf-8") as handle:
            return json.load(handle)
    except FileNotFoundError:
        raise DataError(f"{name}: the file is missing from {directory}") from None
    except json.JSONDecodeError as exc:
        raise DataError(f"{name}: not valid JSON (line {exc.lineno}: {exc.msg})") from None


def need(mapping: Any, key: str, kind: type | tuple[type, ...], file: str, entry: str) -> Any:
    """``mapping[key]`` if it exists and has the expected type."""
    if not isinstance(mapping, dict) or key not in mapping:
        raise fail(file, entry, f"needs the field {key!r}")
    value = mapping[key]
    if isinstance(value, bool) and bool not in (kind if isinstance(kind, tuple) else (kind,)):
        raise fail(file, entry, f"{key!r} has the wrong type")
    if not isinstance(value, kind):
        raise fail(file, entry, f"{key!r} has the wrong type")
    return value
