"""Turning engine texts (with ``{pN}`` placeholders) into what people read."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from bot.engine import Choice, Form
from bot.engine.base import seat_tokens

MESSAGE_LIMIT = 2000
_MARKDOWN_SPECIALS = re.compile(r"([\\*_~`|>#\[\]])")


def escape_name(name: str) -> str:
    """A display name inside bold text must not open or close Markdown on its own."""
    return _MARKDOWN_SPECIALS.sub(r"\\\1", name).replace("@", "@\u200b")


def for_reading(text: str, names: Sequence[str]) -> str:
    """Message text: names in bold."""
    return seat_tokens(text, [f"**{escape_name(n)}**" for n in names])


LABEL_NAME_LIMIT = 16


def short_name(name: str, limit: int = LABEL_NAME_LIMIT) -> str:
    return name if len(name) <= limit else name[: limit - 1] + "…"


def for_label(text: str, names: Sequence[str], limit: int = 80) -> str:
    """Button and select labels show plain text; Discord cuts them at 80 or 100 characters.

    Long display names are shortened so that a label naming three players still fits.
    """
    text = seat_tokens(text, [short_name(n) for n in names])
    return text if len(text) <= limit else text[: limit - 1] + "…"


def choice_for(choice: Choice, names: Sequence[str]) -> Choice:
    return replace(
        choice,
        label=for_label(choice.label, names),
        description=for_label(choice.description, names, 100) if choice.description else "",
    )


def form_for(form: Form, names: Sequence[str]) -> Form:
    return replace(
        form,
        title=for_label(form.title, names, 45),
        button_label=for_label(form.button_label, names),
        fields=tuple(
            replace(
                field,
                label=for_label(field.label, names, 45),
                default=seat_tokens(field.default, list(names)),
                placeholder=for_label(field.placeholder, names, 100),
            )
            for field in form.fields
        ),
    )


def fit(text: str, limit: int = MESSAGE_LIMIT) -> str:
    """Keep a message within Discord's limit, dropping the oldest lines first."""
    if len(text) <= limit:
        return text
    lines = text.split("\n")
    while lines and len("\n".join(lines)) + 2 > limit:
        lines.pop(0)
    kept = "…\n" + "\n".join(lines)
    return kept if len(kept) <= limit else kept[-limit:]


def prompt_lines(prompt: str) -> str:
    """The question in bold, what it means for the player below it in small print."""
    head, _, rest = prompt.strip().partition("\n")
    lines = [f"**{head.strip()}**"] if head.strip() else []
    lines += [f"-# {line.strip()}" for line in rest.split("\n") if line.strip()]
    return "\n".join(lines)
