"""Panels, turn posts and lobbies as message components.

Layout rules (Discord allows 5 action rows per message, 5 buttons per row,
25 options per select menu):

* Choices are grouped by ``Choice.group`` in order of first appearance. A group
  of at most 5 choices becomes a row of buttons; a bigger one a select menu,
  paged by 23 options plus "◀ Previous page" / "Next page ▶" options.
* A several-at-once choice (``MultiChoice``) is one select of its own with ``max_values`` > 1.
* Forms become one row of buttons opening their modal (a select of forms if
  there are more than 5).
* If that needs more rows than the message has, the button groups are packed
  together 5 per row; if it still does not fit, all choices go into one paged
  select. A big panel therefore never fails to send.
* A live board or prompt keeps its last row for "▶ Play" and "🔒 My private info".
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from math import ceil
from typing import Any

import discord

from bot.engine import Choice, Form, FormField
from bot.i18n import DEFAULT_LANGUAGE, current_language, using
from bot.i18n.table import _
from bot.table import Card, LobbyControls, Panel
from cogs import ids
from cogs.components import (
    ActionButton,
    ChoiceSelect,
    DmsAgainButton,
    FormButton,
    FormPickSelect,
    LobbyButton,
    PlayButton,
    PrivateInfoButton,
    ShowEveryoneButton,
    parse_emoji,
)
from cogs.lobby_language import language_row
from cogs.lobby_levels import level_row
from cogs.multi_select import MultiSelect
from cogs.open_in_discord import OpenInDiscordButton
from cogs.table_buttons import extra_buttons

Item = discord.ui.Item[Any]

MAX_ROWS = 5
BUTTONS_PER_ROW = 5
OPTIONS_PER_SELECT = 25
OPTIONS_PER_PAGE = OPTIONS_PER_SELECT - 2
"""Room for a "previous" and a "next" option on every page of a paged select."""


@dataclass
class _Group:
    name: str
    choices: list[Choice] = field(default_factory=list)


def _groups(choices: Sequence[Choice]) -> list[_Group]:
    groups: dict[str, _Group] = {}
    seen: set[str] = set()
    for choice in choices:
        if choice.action in seen:
            continue  # Discord refuses two components (or options) with the same id
        seen.add(choice.action)
        groups.setdefault(choice.group, _Group(choice.group)).choices.append(choice)
    return list(groups.values())


def page_count(n: int) -> int:
    return 1 if n <= OPTIONS_PER_SELECT else ceil(n / OPTIONS_PER_PAGE)


def _option(choice: Choice, fallback_description: str = "") -> discord.SelectOption:
    return discord.SelectOption(
        label=(choice.label or choice.action)[:100],
        value=choice.action[:100],
        description=(choice.description or fallback_description)[:100] or None,
        emoji=parse_emoji(choice.emoji),
    )


def _group_names_readable() -> bool:
    """A menu's group is the game's key for it (``assign``, ``turn``), an English word: it names the menu
    for English readers only; others read the generic placeholder, which their catalogue translates."""
    return current_language() == DEFAULT_LANGUAGE


def _placeholder(name: str, page: int, pages: int) -> str:
    if name and name != ids.ALL_GROUPS and _group_names_readable():
        base = f"{name.replace('_', ' ').strip().capitalize()}…"
    else:
        base = _("Choose an action…")
    if pages == 1:
        return base
    return _("{menu} (page {page}/{pages})").format(menu=base, page=page + 1, pages=pages)


def select_page(
    game_id: int, version: int, group: str, choices: Sequence[Choice], page: int, *, describe_groups: bool = False
) -> ChoiceSelect:
    pages = page_count(len(choices))
    page = min(max(page, 0), pages - 1)
    if pages == 1:
        shown = list(choices)
    else:
        shown = list(choices[page * OPTIONS_PER_PAGE : (page + 1) * OPTIONS_PER_PAGE])
    named = describe_groups and _group_names_readable()
    options = [_option(c, c.group if named else "") for c in shown]
    if page > 0:
        options.insert(0, discord.SelectOption(label=_("◀ Previous page"), value=ids.page_value(page - 1)))
    if page < pages - 1:
        options.append(discord.SelectOption(label=_("Next page ▶"), value=ids.page_value(page + 1)))
    return ChoiceSelect.make(game_id, version, page, group, options, _placeholder(group, page, pages))


def _token(game_id: int, version: int, group: str) -> str:
    return ids.group_token(game_id, version, 0, group)


def _choice_rows(
    game_id: int,
    version: int,
    choices: Sequence[Choice],
    forms: Sequence[Form],
    rows_available: int,
    pages: Mapping[str, int],
) -> list[list[Item]]:
    def page_of(group: str) -> int:
        return pages.get(_token(game_id, version, group), 0)

    # One entry per group: a list of buttons, or a select.
    groups = _groups(choices)
    blocks: list[list[Item] | ChoiceSelect] = []
    for group in groups:
        buttons: list[Item] = [b for c in group.choices if (b := ActionButton.make(game_id, version, c)) is not None]
        if len(group.choices) <= BUTTONS_PER_ROW and len(buttons) == len(group.choices):
            blocks.append(buttons)
        else:
            blocks.append(select_page(game_id, version, group.name, group.choices, page_of(group.name)))

    form_rows: list[list[Item]] = []
    if forms:
        form_buttons: list[Item] = [f_ for f in forms if (f_ := FormButton.make(game_id, version, f)) is not None]
        if len(forms) <= BUTTONS_PER_ROW and len(form_buttons) == len(forms):
            form_rows = [form_buttons]
        else:
            form_rows = [[FormPickSelect.make(game_id, version, list(forms))]]
    choice_room = max(rows_available - len(form_rows), 1)

    rows: list[list[Item]] = [b if isinstance(b, list) else [b] for b in blocks]
    if len(rows) > choice_room:
        # Pack the button groups together, five per row, keeping their order.
        rows = []
        pending: list[Item] = []
        for block in blocks:
            if isinstance(block, list):
                for button in block:
                    pending.append(button)
                    if len(pending) == BUTTONS_PER_ROW:
                        rows.append(pending)
                        pending = []
            else:
                if pending:
                    rows.append(pending)
                    pending = []
                rows.append([block])
        if pending:
            rows.append(pending)
    if len(rows) > choice_room:
        # Still too many: one select with every choice, its options described by their group.
        everything = [choice for group in groups for choice in group.choices]
        rows = [
            [select_page(game_id, version, ids.ALL_GROUPS, everything, page_of(ids.ALL_GROUPS), describe_groups=True)]
        ]
    return (rows + form_rows)[:rows_available]


def _view(rows: Sequence[Sequence[Item]]) -> discord.ui.View | None:
    if not any(rows):
        return None
    view = discord.ui.View(timeout=None)
    for index, row in enumerate(r for r in rows if r):
        for item in row:
            item.row = index
            view.add_item(item)
    # Only a layout: clicks are routed by the dynamic items registered on the bot. A stopped
    # view is not kept by discord.py (which would otherwise hold every ephemeral panel in
    # memory with a 15-minute timer), and its components are sent all the same.
    view.stop()
    return view


def _with_help(rows: list[list[Item]], utility: list[Item], game_id: int, version: int) -> None:
    """Add "❓" where it costs the choices nothing: to the utility row, a free row, or a row of
    fewer than five buttons; a layout with no room left goes without it (``/game rules`` remains)."""
    [help_button] = extra_buttons(game_id, version, ["help"])
    if utility or sum(1 for row in rows if row) < MAX_ROWS:
        utility.append(help_button)
        return
    for row in reversed(rows):
        if (
            row
            and len(row) < BUTTONS_PER_ROW
            and not any(isinstance(item, (ChoiceSelect, MultiSelect)) for item in row)
        ):
            row.append(help_button)
            return


def panel_view(
    panel: Panel, pages: Mapping[str, int] | None = None, seat_url: str | None = None, *, activity: bool = False
) -> discord.ui.View | None:
    """One player's decision: their choices and forms (ephemeral or in a DM); with the web table
    on, "🌐 My board" (their signed link) beside the table's buttons, and with the Activity on,
    "🎲 Open in Discord"."""
    extras = extra_buttons(panel.game_id, panel.version, [n for n in panel.extras if n != "help"])
    if seat_url is not None:
        extras.append(link_button(_("My board"), "🌐", seat_url))
        if activity:
            extras.append(OpenInDiscordButton(panel.game_id))
    menus: list[Item] = [m for multi in panel.multis if (m := MultiSelect.make(panel.game_id, panel.version, multi))]
    several = [[menu] for menu in menus][: MAX_ROWS - 1 - bool(extras)]
    room = MAX_ROWS - bool(extras) - len(several)
    rows = several + _choice_rows(panel.game_id, panel.version, panel.choices, panel.forms, room, pages or {})
    if "help" in panel.extras:
        _with_help(rows, extras, panel.game_id, panel.version)
    return _view([*rows, extras])


def link_button(label: str, emoji: str, url: str) -> Item:
    return discord.ui.Button(label=label, emoji=emoji, url=url, style=discord.ButtonStyle.link)


def card_view(card: Card, board_url: str | None = None) -> discord.ui.View | None:
    """The controls of a table message: a lobby's buttons, or a board's or prompt's choices
    plus "▶ Play", "🔒 My private info", "❓" and, with the web table on, "🌐 Board"; labelled in
    the language of the card's text (the table's), whoever's click sends it."""
    with using(card.language):
        return _card_view(card, board_url)


def _card_view(card: Card, board_url: str | None) -> discord.ui.View | None:
    if card.lobby is not None:
        return lobby_view(card.game_id, card.lobby)
    utility: list[Item] = []
    if card.play:
        utility.append(PlayButton(card.game_id, card.version))
    if card.private:
        utility.append(PrivateInfoButton(card.game_id))
    utility += extra_buttons(card.game_id, card.version, [n for n in card.extras if n != "help"])
    if board_url is not None:
        utility.append(link_button(_("Board"), "🌐", board_url))
    room = MAX_ROWS - (1 if utility else 0)
    rows = _choice_rows(card.game_id, card.version, card.choices, (), room, {}) if card.choices else []
    if "help" in card.extras:
        _with_help(rows, utility, card.game_id, card.version)
    return _view([*rows, utility])


def _allowed(verb: str, controls: LobbyControls) -> bool:
    usable = {
        "join": controls.join,
        "addcpu": controls.add_computer,
        "delcpu": controls.remove_computer,
        "options": controls.options,
        "start": controls.start,
    }
    return usable.get(verb, True)


def lobby_view(game_id: int, controls: LobbyControls) -> discord.ui.View | None:
    buttons: list[Item] = []
    for verb in ids.LOBBY_VERBS:
        if verb == "options" and not controls.options:
            continue
        button = LobbyButton(game_id, verb)
        button.item.disabled = not _allowed(verb, controls)
        buttons.append(button)
    return _view([buttons[:5], buttons[5:], level_row(game_id, controls.levels), language_row(game_id)])


def private_view(game_id: int, dms_closed: bool) -> discord.ui.View | None:
    """Under "🔒 My private info": a way back to DMs for a player who closed them."""
    return _view([[DmsAgainButton(game_id)]]) if dms_closed else None


def status_view(game_id: int, active: bool) -> discord.ui.View | None:
    return _view([[ShowEveryoneButton(game_id)]]) if active else None


def row_view(items: Sequence[Item]) -> discord.ui.View | None:
    """One row of controls as a message's view (a layout only, like every view here)."""
    return _view([items])


class FormModal(discord.ui.Modal):
    """The modal of a ``Form``. It is only a shape: submissions are handled by
    ``cogs.components.FormSubmissions`` from the custom id, so the modal object is
    stopped before it is sent and never kept in memory."""

    def __init__(self, game_id: int, version: int, form: Form) -> None:
        custom_id = ids.modal(game_id, version, form.key)
        if custom_id is None:
            raise ValueError("form key too long for a modal custom id")
        super().__init__(
            title=(form.title or form.button_label or _("Your move"))[:45], custom_id=custom_id, timeout=None
        )
        for spec in form.fields[:5]:
            self.add_item(_field(spec))


def _field(spec: FormField) -> discord.ui.Label[discord.ui.View]:
    max_length = max(1, min(spec.max_length or 4000, 4000))
    style = discord.TextStyle.paragraph if max_length > 100 else discord.TextStyle.short
    text_input: discord.ui.TextInput[discord.ui.View] = discord.ui.TextInput(
        custom_id=spec.key[:100],
        style=style,
        default=spec.default[:max_length] or None,
        placeholder=spec.placeholder[:100] or None,
        required=spec.required,
        max_length=max_length,
    )
    return discord.ui.Label(text=(spec.label or spec.key)[:45], component=text_input)


def form_modal(game_id: int, version: int, form: Form) -> FormModal:
    modal = FormModal(game_id, version, form)
    modal.stop()  # not stored by discord.py: FormSubmissions handles the submission
    return modal
