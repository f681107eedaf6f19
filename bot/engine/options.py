"""Game options: declared once per game, typed from text once, checked once.

A game declares its variants as ``OptionSpec``s in its registration. People
type them in one text field (``setup=2 easier=true``) or set them in the lobby's
form; ``parse`` turns that text into typed values, ``normalise`` fills defaults
and checks types and ranges.

An option may apply only to some tables: to some kinds of game (``relations``:
MCCC's easier mode is solo) or while an earlier option has some value
(``only_if``: Muggles' custom numbers). ``applicable`` says which options apply;
only those are shown, and the others are played at their defaults. Checks that
depend on the player count in other ways are the engine's ``check_options``,
run when the game starts.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from bot.engine.errors import RuleError
from bot.engine.results import Relation
from bot.i18n import N_
from bot.i18n.table import _

TRUE_WORDS = frozenset({"true", "yes", "on", "1", "y"})
FALSE_WORDS = frozenset({"false", "no", "off", "0", "n"})
_SPLIT = re.compile(r"[\s,;]+")


@dataclass(frozen=True)
class OptionIs:
    """A condition on an earlier option: ``OptionIs("requirements", ("custom",))``."""

    key: str
    values: tuple[Any, ...]


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
    relations: frozenset[Relation] = frozenset()
    """Only in these kinds of game (solo, co-op, competitive); empty: in every kind."""
    only_if: OptionIs | None = None
    """Only while an earlier option (itself applying) has one of these values."""
    zero_means: str = ""
    """How 0 reads for people (``off``), for a number whose 0 switches a house rule off."""

    @property
    def kind(self) -> Literal["choice", "yes_no", "number", "text"]:
        """How the value is chosen: ``choice``, ``yes_no``, ``number`` or ``text``."""
        if self.choices:
            return "choice"
        if isinstance(self.default, bool):
            return "yes_no"
        return "number" if isinstance(self.default, int) else "text"


RELATION_WORDS = {Relation.SOLO: N_("solo"), Relation.COOPERATIVE: N_("co-op"), Relation.COMPETITIVE: N_("competitive")}
"""The kinds of game as people read them (translated where shown)."""

Translate = Callable[[str], str]
"""A game's own texts (its options' labels) into the reader's language: ``GameSpec.text``."""


def _as_is(text: str) -> str:
    return text


def applicable(specs: Sequence[OptionSpec], relation: Relation, values: Mapping[str, Any]) -> tuple[OptionSpec, ...]:
    """The options that apply to a game of this kind with these values, in declaration order."""
    kept: dict[str, OptionSpec] = {}
    for spec in specs:
        if spec.relations and relation not in spec.relations:
            continue
        condition = spec.only_if
        if condition is not None and (condition.key not in kept or values.get(condition.key) not in condition.values):
            continue
        kept[spec.key] = spec
    return tuple(kept.values())


def applies_text(spec: OptionSpec) -> str:
    """When an option applies, for people: ``Only in solo and co-op games.``"""
    parts = []
    if spec.relations:
        kinds = [_(word) for relation, word in RELATION_WORDS.items() if relation in spec.relations]
        parts.append(_("in {kinds} games").format(kinds=_(" and ").join(kinds)))
    if spec.only_if is not None:
        shown = _(" or ").join(f"`{show_value(v)}`" for v in spec.only_if.values)
        parts.append(_("when `{key}` is {values}").format(key=spec.only_if.key, values=shown))
    return _("Only {conditions}.").format(conditions=_(" and ").join(parts)) if parts else ""


def _norm(text: str) -> str:
    return text.strip().lower().replace("-", "_").replace(" ", "_")


def show_value(value: Any) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def show_choice(spec: OptionSpec, value: Any, translate: Translate = _as_is) -> str:
    """How a chosen value reads for people: the choice's label, or yes/no, or the number
    (``translate``: the game's catalogue, for its labels)."""
    for choice, label in spec.choices:
        if choice == value:
            return translate(label)
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if value == 0 and spec.zero_means:
        return translate(spec.zero_means)
    return str(value)


def _spec_for(key: str, specs: Sequence[OptionSpec], title: str) -> OptionSpec:
    wanted = _norm(key)
    for spec in specs:
        if _norm(spec.key) == wanted or _norm(spec.label) == wanted:
            return spec
    if not specs:
        raise RuleError(_("{title} has no options.").format(title=title))
    known = ", ".join(f"`{s.key}`" for s in specs)
    raise RuleError(
        _("Unknown option `{key}` for {title}. Its options: {known}.").format(key=key, title=title, known=known)
    )


def _check(spec: OptionSpec, value: Any) -> Any:
    """The value if it is allowed for ``spec``; RuleError naming the option otherwise."""
    if spec.choices:
        for choice, label in spec.choices:
            if value == choice or (
                isinstance(value, str) and value.strip().lower() in (str(choice).lower(), label.lower())
            ):
                return choice
        allowed = ", ".join(f"`{show_value(choice)}`" for choice, _ in spec.choices)
        raise RuleError(_("Option **{label}** must be one of {allowed}.").format(label=spec.label, allowed=allowed))
    if isinstance(spec.default, bool):
        if isinstance(value, str):
            word = value.strip().lower()
            if word in TRUE_WORDS:
                return True
            if word in FALSE_WORDS:
                return False
        if not isinstance(value, bool):
            raise RuleError(_("Option **{label}** must be true or false.").format(label=spec.label))
        return value
    if isinstance(spec.default, int):
        if isinstance(value, str) and re.fullmatch(r"[+-]?[0-9]{1,9}", value.strip()):
            value = int(value.strip())
        if not isinstance(value, int) or isinstance(value, bool):
            raise RuleError(_("Option **{label}** must be a whole number.").format(label=spec.label))
        if spec.minimum is not None and value < spec.minimum:
            raise RuleError(
                _("Option **{label}** must be at least {minimum}.").format(label=spec.label, minimum=spec.minimum)
            )
        if spec.maximum is not None and value > spec.maximum:
            raise RuleError(
                _("Option **{label}** must be at most {maximum}.").format(label=spec.label, maximum=spec.maximum)
            )
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
            raise RuleError(
                _("Give a value for option `{key}`, like `{key}={value}`.").format(
                    key=spec.key, value=show_value(spec.default)
                )
            )
        result[spec.key] = _check(spec, value)
    return result


def normalise(raw: Mapping[str, Any], specs: Sequence[OptionSpec], title: str) -> dict[str, Any]:
    """Every option with a checked value (defaults filled in), in declaration order."""
    known = {spec.key for spec in specs}
    for key in raw:
        if key not in known:
            raise RuleError(_("Unknown option `{key}` for {title}.").format(key=key, title=title))
    return {spec.key: _check(spec, raw.get(spec.key, spec.default)) for spec in specs}


def allowed(spec: OptionSpec) -> str:
    """The values an option takes: `` `north` (Northern sea) / `south` ``, ``1–5``, `` `true` / `false` ``."""
    if spec.choices:
        return " / ".join(
            f"`{show_value(value)}`" + (f" ({label})" if str(label) != str(value) else "")
            for value, label in spec.choices
        )
    if isinstance(spec.default, bool):
        return "`true` / `false`"
    if spec.minimum is not None or spec.maximum is not None:
        low = spec.minimum if spec.minimum is not None else "…"
        high = spec.maximum if spec.maximum is not None else "…"
        return f"{low}–{high}"
    return _("any value")


def describe(spec: OptionSpec) -> str:
    """One line for rules and help: key, label, allowed values, default, what it does, when it applies."""
    line = _("`{key}` — {label}: {allowed} (default `{default}`)").format(
        key=spec.key, label=spec.label, allowed=allowed(spec), default=show_value(spec.default)
    )
    for sentence in (spec.description, applies_text(spec)):
        if sentence:
            line = f"{line.rstrip('.')}. {sentence}"
    return line


def summary(values: Mapping[str, Any], specs: Sequence[OptionSpec], translate: Translate = _as_is) -> str:
    """Chosen options as people read them: ``Setup: 2 · Mouse Run, Easier mode: yes`` (``translate``:
    the game's catalogue, for its labels)."""
    return ", ".join(
        f"{translate(spec.label)}: {show_choice(spec, values[spec.key], translate)}"
        for spec in specs
        if spec.key in values
    )


def _values(spec: OptionSpec) -> list[tuple[str, str]]:
    """(value text, description) pairs to suggest for one option."""
    if spec.choices:
        return [(show_value(value), str(label)) for value, label in spec.choices]
    if isinstance(spec.default, bool):
        return [("true", _("yes")), ("false", _("no"))]
    if isinstance(spec.default, int) and spec.minimum is not None and spec.maximum is not None:
        if spec.maximum - spec.minimum < 25:
            return [(str(v), _("default") if v == spec.default else "") for v in range(spec.minimum, spec.maximum + 1)]
        return [(str(spec.default), _("default")), (str(spec.minimum), _("minimum")), (str(spec.maximum), _("maximum"))]
    return [(show_value(spec.default), _("default"))]


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
