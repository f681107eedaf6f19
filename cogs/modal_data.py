"""What a submitted modal carries, read from the interaction's payload.

Modal submissions are handled by a listener (``cogs.components.FormSubmissions``), not by
``Modal.on_submit``, so a form opened before a restart still counts: its values are read here
from the raw component data, whatever components the modal held.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import discord


def _submitted(component: Mapping[str, Any]) -> str | None:
    """The value a modal component carries as text: a text input's text, a select's (or checkbox
    group's) values joined by commas, a radio group's value, ``true``/``false`` for a checkbox."""
    kind = component.get("type")
    if kind == discord.ComponentType.text_input.value:
        return str(component.get("value") or "")
    if kind in (discord.ComponentType.string_select.value, discord.ComponentType.checkbox_group.value):
        chosen = component.get("values")
        return ",".join(str(v) for v in chosen) if isinstance(chosen, list) else ""
    if kind == discord.ComponentType.radio_group.value:
        return str(component.get("value") or "")
    if kind == discord.ComponentType.checkbox.value:
        value = component.get("value")
        return ("true" if value else "false") if isinstance(value, bool) else str(value or "")
    return None


def modal_values(components: Any) -> dict[str, str]:
    """The values of a modal submission by custom id, as text (action rows and labels alike): the
    submitted payload is read directly, so a form opened before a restart still counts."""
    values: dict[str, str] = {}

    def walk(items: Any) -> None:
        for component in items or ():
            if not isinstance(component, Mapping):
                continue
            if "components" in component:
                walk(component["components"])
            if "component" in component:
                walk([component["component"]])
            value = _submitted(component)
            if value is not None and "custom_id" in component:
                values[str(component["custom_id"])[:100]] = value[:4000]

    walk(components)
    return values
