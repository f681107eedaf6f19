"""Game options: declared once per game, typed from text once, checked once.

A game declares its variants as ``OptionSpec``s in its registration. People
type them in one text field (``setup=2 easier=true``); ``parse`` turns that
text into typed values, ``normalise`` fills defaults and checks types and
ranges. Checks that depend on the player count (an option valid only for a
solo game, say) are the engine's ``check_options``, run when the game starts.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bot.engine.errors import RuleError

TRUE_WORDS = frozenset({"true", "yes", "on", "1", "y"})
FALSE_WORDS = frozenset({"false", "no", "off", "0", "n"})
_SPLIT = re.compile(r"[\s,;]+")


@dataclass(frozen=True)
class OptionSpec:
    """A variant or setting chosen when the game is created.

    ``choices`` are ``(value, label)`` pairs; without choices, the type of
    ``default`` decides: a yes/no switch (bool) or a whole number between
    ``minimum`` and ``maximum`` (int).
    """

    key: str
    label: str
    default: Any
    choices: tuple[tuple[Any, str], ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    description: str = ""


def _norm(text: str) -> str:
    return text.strip().lower().replace("-", "_").replace(" ", "_")


def show_value(value: Any) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def show_choice(spec: OptionSpec, value: Any) -> str:
    """How a chosen value reads for people: the choice's label, or yes/no, or the number."""
    for choice, label in spec.choices:
        if choice == value:
            return label
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def _spec_for(key: str, specs: Sequence[OptionSpec], title: str) -> OptionSpec:
    wanted = _norm(key)
    for spec in specs:
        if _norm(spec.key) == wanted or _norm(spec.label) == wanted:
            return spec
    if not specs:
        raise RuleError(f"{title} has no options.")
    known = ", ".join(f"`{s.key}`" for s in specs)
    raise RuleError(f"Unknown option `{key}` for {title}. Its options: {known}.")


def _check(spec: OptionSpec, value: Any) -> Any:
    """The value if it is allowed for ``spec``; RuleError naming the option otherwise."""
    if spec.choices:
        for choice, label in spec.choices:
            if value == choice or (
                isinstance(value, str) and value.strip().lower() in (str(choice).lower(), label.lower())
            ):
                return choice
        allowed = ", ".join(f"`{show_value(choice)}`" for choice, _ in spec.choices)
        raise RuleError(f"Option **{spec.label}** must be one of {allowed}.")
    if isinstance(spec.default, bool):
        if isinstance(value, str):
            word = value.strip().lower()
            if word in TRUE_WORDS:
                return True
            if word in FALSE_WORDS:
                return False
        if not isinstance(value, bool):
            raise RuleError(f"Option **{spec.label}** must be true or false.")
        return value
    if isinstance(spec.default, int):
        if isinstance(value, str) and re.fullmatch(r"[+-]?[0-9]{1,9}", value.strip()):
            value = int(value.strip())
        if not isinstance(value, int) or isinstance(value, bool):
            raise RuleError(f"Option **{spec.label}** must be a whole number.")
        if spec.minimum is not None and value < spec.minimum:
            raise RuleError(f"Option **{spec.label}** must be at least {spec.minimum}.")
        if spec.maximum is not None and value > spec.maximum:
            raise RuleError(f"Option **{spec.label}** must be at most {spec.maximum}.")
        return value
    return value if isinstance(value, str) else str(value)


def parse(text: str | None, specs: Sequence[OptionSpec], title: str) -> dict[str, Any]:
    """``key=value`` pairs separated by spaces or commas, typed and checked; a bare key sets a
    yes/no option to yes. Unmentioned options are left out (``normalise`` fills them)."""
    result: dict[str, Any] = {}
    for token in _SPLIT.split((text or "").strip()):
        if not token:
            continue
        key, sep, value = token.partition("=")
        if not sep:
            key, sep, value = token.partition(":")
        spec = _spec_for(key, specs, title)
        if not sep:
            if isinstance(spec.default, bool):
                result[spec.key] = True
                continue
            raise RuleError(f"Give a value for option `{spec.key}`, like `{spec.key}={show_value(spec.default)}`.")
        result[spec.key] = _check(spec, value)
    return result


def normalise(raw: Mapping[str, Any], specs: Sequence[OptionSpec], title: str) -> dict[str, Any]:
    """Every option with a checked value (defaults filled in), in declaration order."""
    known = {spec.key for spec in specs}
    for key in raw:
        if key not in known:
            raise RuleError(f"Unknown option `{key}` for {title}.")
    return {spec.key: _check(spec, raw.get(spec.key, spec.default)) for spec in specs}


def describe(spec: OptionSpec) -> str:
    """One line for rules and help: key, label, allowed values, default."""
    if spec.choices:
        allowed = " / ".join(
            f"`{show_value(value)}`" + (f" ({label})" if str(label) != str(value) else "")
            for value, label in spec.choices
        )
    elif isinstance(spec.default, bool):
        allowed = "`true` / `false`"
    elif spec.minimum is not None or spec.maximum is not None:
        low = spec.minimum if spec.minimum is not None else "…"
        high = spec.maximum if spec.maximum is not None else "…"
        allowed = f"{low}–{high}"
    else:
        allowed = "any value"
    line = f"`{spec.key}` — {spec.label}: {allowed} (default `{show_value(spec.default)}`)"
    return f"{line}. {spec.description}" if spec.description else line


def summary(values: Mapping[str, Any], specs: Sequence[OptionSpec]) -> str:
    """Chosen options as people read them: ``Setup: 2 · Mouse Run, Easier mode: yes``."""
    return ", ".join(f"{spec.label}: {show_choice(spec, values[spec.key])}" for spec in specs if spec.key in values)


def _values(spec: OptionSpec) -> list[tuple[str, str]]:
    """(value text, description) pairs to suggest for one option."""
    if spec.choices:
        return [(show_value(value), str(label)) for value, label in spec.choices]
    if isinstance(spec.default, bool):
        return [("true", "yes"), ("false", "no")]
    if isinstance(spec.default, int) and spec.minimum is not None and spec.maximum is not None:
        if spec.maximum - spec.minimum < 25:
            return [(str(v), "default" if v == spec.default else "") for v in range(spec.minimum, spec.maximum + 1)]
        return [(str(spec.default), "default"), (str(spec.minimum), "minimum"), (str(spec.maximum), "maximum")]
    return [(show_value(spec.default), "default")]


def suggestions(current: str, specs: Sequence[OptionSpec], limit: int = 25) -> list[tuple[str, str]]:
    """Autocomplete entries ``(name shown, value filled in)`` completing the last word of ``current``."""
    if not specs:
        return []
    text = current or ""
    tokens = [t for t in _SPLIT.split(text.strip()) if t]
    partial = "" if (not text or text[-1:].isspace() or text[-1:] in ",;") else (tokens.pop() if tokens else "")
    done = {_norm(t.partition("=")[0]) for t in tokens}
    prefix = " ".join(tokens)

    def complete(token: str) -> str:
        return f"{prefix} {token}".strip()[:100]

    entries: list[tuple[str, str]] = []
    key, sep, value = partial.partition("=")
    if sep:
        found = next((s for s in specs if _norm(s.key) == _norm(key)), None)
        if found is not None:
            for shown, about in _values(found):
                if shown.lower().startswith(value.lower()):
                    name = f"{found.key}={shown}" + (f" · {about}" if about else "")
                    entries.append((name[:100], complete(f"{found.key}={shown}")))
    else:
        for spec in specs:
            if _norm(spec.key) in done or not _norm(spec.key).startswith(_norm(partial)):
                continue
            default = show_value(spec.default)
            name = f"{spec.key}={default} · {spec.label}"
            if spec.description:
                name += f" — {spec.description}"
            entries.append((name[:100], complete(f"{spec.key}={default}")))
    return entries[:limit]
