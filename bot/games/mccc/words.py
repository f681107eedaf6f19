"""The words for the characters, in the forms sentences need them ("the Mouse", "onto the Cheese",
"next to the Cat", "Mouse"), in the current language; and a few small words shared by the texts."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from bot.games.mccc.i18n import N_, _, _n, _p

CHAR_NAMES = {
    "mouse": N_("the Mouse"),
    "cheese": N_("the Cheese"),
    "cat": N_("the Cat"),
    "cucumber": N_("the Cucumber"),
}
CHAR_TITLES = {"mouse": N_("Mouse"), "cheese": N_("Cheese"), "cat": N_("Cat"), "cucumber": N_("Cucumber")}


def cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def the(key: str) -> str:
    """A character as the subject of a sentence ("the Mouse")."""
    return _(CHAR_NAMES[key])


# Each form is looked up alone (a table of literal calls, so that extraction finds every text).
_OBJECT: dict[str, Callable[[], str]] = {
    "mouse": lambda: _p("object", "the Mouse"),
    "cheese": lambda: _p("object", "the Cheese"),
    "cat": lambda: _p("object", "the Cat"),
    "cucumber": lambda: _p("object", "the Cucumber"),
}
_BESIDE: dict[str, Callable[[], str]] = {
    "mouse": lambda: _p("next to", "the Mouse"),
    "cheese": lambda: _p("next to", "the Cheese"),
    "cat": lambda: _p("next to", "the Cat"),
    "cucumber": lambda: _p("next to", "the Cucumber"),
}
_SIDES_WITH: dict[str, Callable[[], str]] = {
    "mouse": lambda: _("sides with the Mouse"),
    "cheese": lambda: _("sides with the Cheese"),
    "cat": lambda: _("sides with the Cat"),
    "cucumber": lambda: _("sides with the Cucumber"),
}


def the_object(key: str) -> str:
    """A character as the object of a sentence ("onto the Cheese")."""
    return _OBJECT[key]()


def beside(key: str) -> str:
    """A character after "next to" ("next to the Mouse")."""
    return _BESIDE[key]()


def sides_with(key: str) -> str:
    return _SIDES_WITH[key]()


def title(key: str) -> str:
    return _(CHAR_TITLES[key])


def ability_of(key: str) -> str:
    return _("{character}'s ability").format(character=title(key))


def _joined(names: list[str], pair: str) -> str:
    text = names[0] if names else ""
    for name in names[1:]:
        text = pair.format(one=text, other=name)
    return text


def either(keys: Iterable[str], form: Callable[[str], str] = the) -> str:
    return _joined([form(k) for k in keys], _("{one} or {other}"))


def both(keys: Iterable[str]) -> str:
    return _joined([the(k) for k in keys], _("{one} and {other}"))


def cards_count(count: int) -> str:
    return _n("{n} card", "{n} cards", count).format(n=count)
