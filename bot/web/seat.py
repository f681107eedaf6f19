"""A seat's page: what it shows (its decision, secrets and hit regions) and the one way it acts.

An action from the page is read as strictly as a component id (lengths, characters, numbers in
range) and then handed to the table service exactly as a Discord click is: ``act`` with the
version the page's controls were built at, or ``submit_form``. The service refuses out-of-turn,
stale and foreign actions with the same words as in Discord.
"""

from __future__ import annotations

import re
from typing import Any

from bot.engine import ACTION_LIMIT, Choice, Form, MultiChoice
from bot.i18n.table import _
from bot.table import Panel
from bot.web.keys import SeatLink
from bot.web.table import WebTable, page_data

MAX_VERSION = 2**40
_KEY = re.compile(r"[A-Za-z0-9_.:-]{1,40}")
MAX_FIELDS = 10
MAX_VALUE = 4000
MAX_OPTIONS = 25
"""Options of a several-at-once choice chosen at most (a Discord select holds 25)."""


def _choice(choice: Choice) -> dict[str, str]:
    return {
        "action": choice.action,
        "label": choice.label or choice.action,
        "group": choice.group,
        "description": choice.description,
        "style": choice.style,
        "emoji": choice.emoji,
    }


def _form(form: Form) -> dict[str, Any]:
    return {
        "key": form.key,
        "title": form.title,
        "button": form.button_label or form.title or form.key,
        "fields": [
            {
                "key": f.key,
                "label": f.label or f.key,
                "default": f.default,
                "placeholder": f.placeholder,
                "max_length": f.max_length,
                "required": f.required,
            }
            for f in form.fields
        ],
    }


def _multi(multi: MultiChoice) -> dict[str, Any]:
    options = multi.options[:MAX_OPTIONS]
    return {
        "verb": multi.verb,
        "placeholder": multi.placeholder,
        "min": max(0, min(multi.min_values, len(options))),
        "max": max(1, min(multi.max_values, len(options))),
        "options": [_choice(c) for c in options],
    }


def panel_data(panel: Panel) -> dict[str, Any]:
    return {
        "seat": panel.seat,
        "version": panel.version,
        "text": panel.text,
        "choices": [_choice(c) for c in panel.choices],
        "forms": [_form(f) for f in panel.forms],
        "multis": [_multi(m) for m in panel.multis if m.options],
    }


async def seat_data(table: WebTable, link: SeatLink, form_token: str) -> dict[str, Any]:
    page = await table.service.seat_page(link.game_id, link.user_id, link.seat)
    return {
        "page": page_data(page.public, await table.stamp(link.game_id)),
        "public_page": await table.public_id(link.game_id),
        "panel": panel_data(page.panel),
        "regions": [
            {"action": r.action, "label": r.label, "shape": r.shape, "points": list(r.points)} for r in page.regions
        ],
        "form_token": form_token,
        "expires": link.expires,
    }


def _text(value: Any, limit: int, unreadable: str) -> str:
    if not isinstance(value, str) or not 0 < len(value) <= limit or not value.isprintable() or value != value.strip():
        raise ValueError(unreadable)
    return value


def _version(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_VERSION:
        raise ValueError(_("That choice is not one I can read."))
    return value


async def act_from(table: WebTable, link: SeatLink, body: Any) -> list[str]:
    """Apply one action from the page; returns what the move showed only this player."""
    if not isinstance(body, dict):
        raise ValueError(_("That choice is not one I can read."))
    version = _version(body.get("version"))
    service = table.service
    # The link is for one seat: a person who no longer holds it is refused, whatever they hold now.
    await service.seat_page(link.game_id, link.user_id, link.seat)
    if set(body) == {"version", "action"}:
        action = _text(body["action"], ACTION_LIMIT, _("That choice is not one I can read."))
        outcome = await service.act(link.game_id, link.user_id, version, action)
    elif set(body) == {"version", "form", "values"}:
        key = body["form"]
        values = body["values"]
        if not isinstance(key, str) or not _KEY.fullmatch(key):
            raise ValueError(_("That form is not one I know."))
        if not isinstance(values, dict) or len(values) > MAX_FIELDS:
            raise ValueError(_("That form is not one I can read."))
        read = {}
        for name, value in values.items():
            if not isinstance(name, str) or not _KEY.fullmatch(name):
                raise ValueError(_("That form is not one I can read."))
            if not isinstance(value, str) or len(value) > MAX_VALUE or not value.isprintable():
                raise ValueError(_("The field {name} is not one I can read.").format(name=name))
            read[name] = value
        outcome = await service.submit_form(link.game_id, link.user_id, version, key, read)
    elif set(body) == {"version", "verb", "values"}:
        verb, values = body["verb"], body["values"]
        if not isinstance(verb, str) or not _KEY.fullmatch(verb):
            raise ValueError(_("That choice is not one I know."))
        if not isinstance(values, list) or len(values) > MAX_OPTIONS:
            raise ValueError(_("That choice is not one I can read."))
        chosen = [_text(value, ACTION_LIMIT, _("That option is not one I can read.")) for value in values]
        outcome = await service.choose_several(link.game_id, link.user_id, version, verb, chosen)
    else:
        raise ValueError(_("That choice is not one I can read."))
    reply = outcome.reply
    return list(reply.news) if isinstance(reply, Panel) else []
