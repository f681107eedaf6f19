"""Game options typed in one text field: ``setup=2 easier=true``.

Each game declares its options as ``OptionSpec``s; this module turns the text
into typed values (the engine then validates ranges and combinations) and
offers autocomplete suggestions built from the specs.
"""

from __future__ import annotations

import re
from typing import Any, Sequence

from bot.engine import OptionSpec, RuleError

TRUE_WORDS = {"true", "yes", "on", "1", "y"}
FALSE_WORDS = {"false", "no", "off", "0", "n"}
_SPLIT = re.compile(r"[\s,;]+")


def _norm(text: str) -> str:
    return text.strip().lower().replace("-", "_").replace(" ", "_")


def _spec_for(key: str, specs: Sequence[OptionSpec], title: str) -> OptionSpec:
    wanted = _norm(key)
    for spec in specs:
        if _norm(spec.key) == wanted or _norm(spec.label) == wanted:
            return spec
    if not specs:
        raise RuleError(f"{title} has no options.")
    known = ", ".join(f"`{s.key}`" for s in specs)
    raise RuleError(f"Unknown option `{key}` for {title}. Its options: {known}.")


def _convert(spec: OptionSpec, raw: str) -> Any:
    text = raw.strip()
    if spec.choices:
        for value, label in spec.choices:
            if text.lower() in (str(value).lower(), label.lower()):
                return value
        allowed = ", ".join(f"`{value}`" for value, _ in spec.choices)
        raise RuleError(f"Option **{spec.label}** must be one of {allowed}.")
    if isinstance(spec.default, bool):
        if text.lower() in TRUE_WORDS:
            return True
        if text.lower() in FALSE_WORDS:
            return False
        raise RuleError(f"Option **{spec.label}** must be true or false.")
    if isinstance(spec.default, int):
        if re.fullmatch(r"[+-]?\d+", text):
            return int(text)
        raise RuleError(f"Option **{spec.label}** must be a whole number.")
    if isinstance(spec.default, float):
        try:
            return float(text)
        except ValueError:
            raise RuleError(f"Option **{spec.label}** must be a number.") from None
    return text


def parse_options(text: str | None, specs: Sequence[OptionSpec], title: str) -> dict[str, Any]:
    """``key=value`` pairs separated by spaces or commas; a bare key sets a yes/no option to yes."""
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
            raise RuleError(f"Give a value for option `{spec.key}`, like `{spec.key}={spec.default}`.")
        result[spec.key] = _convert(spec, value)
    return result


def describe_spec(spec: OptionSpec) -> str:
    """One line for rules and help: key, label, allowed values, default."""
    if spec.choices:
        allowed = " / ".join(f"`{value}`" + (f" ({label})" if str(label) != str(value) else "") for value, label in spec.choices)
    elif isinstance(spec.default, bool):
        allowed = "`true` / `false`"
    elif spec.minimum is not None or spec.maximum is not None:
        low = spec.minimum if spec.minimum is not None else "…"
        high = spec.maximum if spec.maximum is not None else "…"
        allowed = f"{low}–{high}"
    else:
        allowed = "any value"
    line = f"`{spec.key}` — {spec.label}: {allowed} (default `{_show(spec.default)}`)"
    return f"{line}. {spec.description}" if spec.description else line


def _show(value: Any) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def _values(spec: OptionSpec) -> list[tuple[str, str]]:
    """(value text, description) pairs to suggest for one option."""
    if spec.choices:
        return [(_show(value), str(label)) for value, label in spec.choices]
    if isinstance(spec.default, bool):
        return [("true", "yes"), ("false", "no")]
    if isinstance(spec.default, int) and spec.minimum is not None and spec.maximum is not None:
        if spec.maximum - spec.minimum < 25:
            return [(str(v), "default" if v == spec.default else "") for v in range(spec.minimum, spec.maximum + 1)]
        return [(str(spec.default), "default"), (str(spec.minimum), "minimum"), (str(spec.maximum), "maximum")]
    return [(_show(spec.default), "default")]


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
        spec = next((s for s in specs if _norm(s.key) == _norm(key)), None)
        if spec is not None:
            for shown, about in _values(spec):
                if shown.lower().startswith(value.lower()):
                    name = f"{spec.key}={shown}" + (f" · {about}" if about else "")
                    entries.append((name[:100], complete(f"{spec.key}={shown}")))
    else:
        for spec in specs:
            if _norm(spec.key) in done or not _norm(spec.key).startswith(_norm(partial)):
                continue
            default = _show(spec.default)
            name = f"{spec.key}={default} · {spec.label}"
            if spec.description:
                name += f" — {spec.description}"
            entries.append((name[:100], complete(f"{spec.key}={default}")))
    return entries[:limit]
