"""The host's options form: a lobby's options in modals, 5 to a page.

Only the options that apply to the table as it is seated now are offered (``OptionSpec.relations``
and ``only_if``). Choices are selects, yes/no options checkboxes, numbers text inputs; every value
is checked by the table when the form is submitted (a bad one changes nothing). A choice that brings
in other options (Catacombs' co-op mode and its Relics, Muggles' custom goal and its numbers) shows
them on the answer's buttons, since a modal cannot change while it is open.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord

from bot.engine import OptionSpec
from bot.engine import options as game_options
from bot.i18n.table import _
from bot.table.lobby import LobbyOptions
from cogs import ids, views
from cogs.components import OptionsPageButton

Item = discord.ui.Item[Any]

MODAL_FIELDS = 5
"""A modal holds at most 5 top-level components: the lobby's options are paged by 5."""


def option_pages(options: Sequence[OptionSpec]) -> list[tuple[OptionSpec, ...]]:
    """The options that apply, 5 to a modal, in declaration order."""
    return [tuple(options[i : i + MODAL_FIELDS]) for i in range(0, len(options), MODAL_FIELDS)]


def _cut(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def options_modal(game_id: int, form: LobbyOptions, page: int = 0) -> discord.ui.Modal:
    """The host's form to change a lobby's options: those that apply to the table now, one page
    of 5; choices as selects, yes/no as checkboxes, numbers as text (checked when submitted)."""
    pages = option_pages(form.applicable) or [()]
    page = min(max(page, 0), len(pages) - 1)
    if len(pages) > 1:
        title = _("{game} · options {page}/{pages}").format(game=form.spec.title, page=page + 1, pages=len(pages))
    else:
        title = _("{game} · options").format(game=form.spec.title)
    modal = discord.ui.Modal(title=_cut(title, 45), custom_id=ids.options_modal(game_id), timeout=None)
    for option in pages[page]:
        current = form.values.get(option.key, option.default)
        description = option.description
        if option.kind == "number":
            description = " ".join(part for part in (f"{game_options.allowed(option)}.", description) if part)
        label = discord.ui.Label(
            text=_cut(option.label, 45),
            description=_cut(description, 100) or None,
            component=_option_input(option, current),
        )
        modal.add_item(label)
    modal.stop()  # a shape only: FormSubmissions handles the submission
    return modal


def _option_input(option: OptionSpec, current: Any) -> Item:
    key = option.key[:100]
    if option.kind == "choice" and len(option.choices) <= views.OPTIONS_PER_SELECT:
        choices = [
            discord.SelectOption(
                label=_cut(str(label), 100), value=game_options.show_value(value)[:100], default=value == current
            )
            for value, label in option.choices
        ]
        return discord.ui.Select(custom_id=key, options=choices, required=True)
    if option.kind == "yes_no":
        return discord.ui.Checkbox(custom_id=key, default=bool(current))
    if option.kind == "number":
        return discord.ui.TextInput(custom_id=key, default=str(current), required=True, max_length=12)
    return discord.ui.TextInput(custom_id=key, default=game_options.show_value(current)[:100], max_length=100)


def _names(prefix: str, names: Sequence[str], limit: int) -> str:
    """``prefix`` and as many whole names as fit in ``limit`` characters, "…" for the rest."""
    text = prefix + names[0]
    for name in names[1:]:
        if len(text) + len(name) + 3 > limit:
            return _cut(text + "…", limit)
        text += f", {name}"
    return _cut(text, limit)


def options_reply(game_id: int, before: LobbyOptions, after: LobbyOptions) -> discord.ui.View | None:
    """Under the host's "Options: …" answer: a button for each page of options when there are
    several pages, or when the change brought in options that did not apply before (Catacombs'
    Relics in co-op); a page with new options is highlighted and named by them."""
    pages = option_pages(after.applicable)
    earlier = {option.key for option in before.applicable}
    new = {option.key for option in after.applicable} - earlier
    if len(pages) < 2 and not new:
        return None
    buttons: list[Item] = []
    for index, page in enumerate(pages[: views.BUTTONS_PER_ROW]):
        fresh = [option for option in page if option.key in new]
        if len(pages) > 1:
            name = _("Options {page}/{pages}: ").format(page=index + 1, pages=len(pages))
        else:
            name = _("Options: ")
        label = _names(name, [option.label for option in fresh or page], 80)
        buttons.append(OptionsPageButton.make(game_id, index, label, bool(fresh)))
    return views.row_view(buttons)
