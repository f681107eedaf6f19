"""Turning engine texts (with ``{pN}`` placeholders) into what people read.

Players are named with their seat's colour everywhere (``🟪 **alice**``), with 📪
beside those whose direct messages are closed, so a name in a message matches the
colour on the board.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from bot.engine import Choice, Form, SeatTag
from bot.engine.base import seat_tokens

MESSAGE_LIMIT = 2000
DMS_CLOSED = "📪"
_MARKDOWN_SPECIALS = re.compile(r"([\\*_~`|>#\[\]])")


def escape_name(name: str) -> str:
    """A display name inside bold text must not open or close Markdown on its own, nor ping."""
    return _MARKDOWN_SPECIALS.sub(r"\\\1", name).replace("@", "@\u200b")


def reading_name(tag: SeatTag) -> str:
    """``🟪 **alice**`` (``📪`` after it when their DMs are closed)."""
    name = f"**{escape_name(tag.name)}**"
    text = f"{tag.mark} {name}" if tag.mark else name
    return f"{text} {DMS_CLOSED}" if tag.dms_closed else text


_BOLD_SEAT = re.compile(r"\*\*(\{p\d+\})\*\*")


def for_reading(text: str, tags: Sequence[SeatTag]) -> str:
    """Message text: names in bold with their colour (a placeholder the game already put in bold
    is not wrapped twice: ``**🟪 **alice****`` breaks Markdown)."""
    return seat_tokens(_BOLD_SEAT.sub(r"\1", text), [reading_name(tag) for tag in tags])


LABEL_NAME_LIMIT = 16


def short_name(name: str, limit: int = LABEL_NAME_LIMIT) -> str:
    return name if len(name) <= limit else name[: limit - 1] + "…"


def label_name(tag: SeatTag) -> str:
    return f"{tag.mark} {short_name(tag.name)}" if tag.mark else short_name(tag.name)


def for_label(text: str, tags: Sequence[SeatTag], limit: int = 80) -> str:
    """Button and select labels show plain text; Discord cuts them at 80 or 100 characters.

    Long display names are shortened so that a label naming three players still fits.
    """
    text = seat_tokens(text, [label_name(tag) for tag in tags])
    return text if len(text) <= limit else text[: limit - 1] + "…"


def choice_for(choice: Choice, tags: Sequence[SeatTag]) -> Choice:
    return replace(
        choice,
        label=for_label(choice.label, tags),
        description=for_label(choice.description, tags, 100) if choice.description else "",
    )


def form_for(form: Form, tags: Sequence[SeatTag]) -> Form:
    names = [tag.name for tag in tags]
    return replace(
        form,
        title=for_label(form.title, tags, 45),
        button_label=for_label(form.button_label, tags),
        fields=tuple(
            replace(
                field,
                label=for_label(field.label, tags, 45),
                default=seat_tokens(field.default, names),
                placeholder=for_label(field.placeholder, tags, 100),
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


def names_list(tags: Sequence[SeatTag]) -> str:
    return ", ".join(reading_name(tag) for tag in tags)


def counted(number: int, noun: str, plural: str = "") -> str:
    """``1 turn``, ``2 turns``: a number with its noun in the right number."""
    return f"{number} {noun if number == 1 else plural or noun + 's'}"
