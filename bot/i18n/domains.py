"""Every text domain: its catalogue directory and the source files whose texts it holds.

``bot/devtools/catalogues.py`` extracts each domain's texts from exactly these files, and the
catalogue test checks that the committed template and German catalogue match what they say today.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from bot.i18n.language import DEFAULT_LANGUAGE, LANGUAGES, language_of

ROOT = Path(__file__).resolve().parents[2]

KEYWORDS = {
    "_": None,
    "_n": (1, 2),
    "_p": ((1, "c"), 2),
    "N_": None,
    "locale_str": None,
}
"""What extraction looks for: ``_(text)``, ``_n(singular, plural, n)``, ``_p(context, text)``,
``N_(text)`` (a text marked where it is defined and translated where it is shown) and discord.py's
``locale_str(text)`` (slash command names, descriptions and choices)."""


@dataclass(frozen=True)
class DomainSources:
    name: str
    catalogues: str
    """The ``locale`` directory, relative to the project root."""
    sources: tuple[str, ...]
    """Files and directories (relative to the project root) whose texts belong to this domain."""
    slash_commands: tuple[str, ...] = ()
    """Files declaring slash commands, whose names and descriptions the domain also holds."""
    data_texts: tuple[tuple[str, tuple[str, ...]], ...] = ()
    """Data files (relative to the project root) with the key paths of the names and effects players
    read there, e.g. ``("bot/games/mutiny/data/cards.json", ("cards.*.name",))``; the game translates
    them where it shows them (``bot/devtools/data_texts.py`` extracts them)."""
    complete_in: tuple[str, ...] = ()
    """Languages whose catalogue of this domain has every text translated (CI holds them to it)."""

    @property
    def directory(self) -> Path:
        return ROOT / self.catalogues

    def files(self) -> list[Path]:
        found: set[Path] = set()
        for source in self.sources:
            path = ROOT / source
            if path.is_dir():
                found.update(path.rglob("*.py"))
            else:
                found.update(ROOT.glob(source))
        return sorted(found)


def _game(
    name: str, data_texts: tuple[tuple[str, tuple[str, ...]], ...] = (), complete_in: tuple[str, ...] = ()
) -> DomainSources:
    return DomainSources(
        name,
        f"bot/games/{name}/locale",
        (f"bot/games/{name}", f"render/{name}*.py"),
        data_texts=data_texts,
        complete_in=complete_in,
    )


DOMAINS = (
    DomainSources(
        "table",
        "bot/table/locale",
        (
            "bot/table",
            "bot/engine",
            "bot/web",
            "bot/i18n",
            "bot/local.py",
            "cogs",
            "render/__init__.py",
            "render/hits.py",
            "render/legend.py",
            "render/marks.py",
            "render/replay.py",
            "render/status.py",
            "render/text.py",
        ),
        slash_commands=("cogs/game.py",),
        complete_in=("de",),
    ),
    _game(
        "mutiny",
        data_texts=(
            ("bot/games/mutiny/data/rules.json", ("loot.*.name",)),
            ("bot/games/mutiny/data/islands.json", ("islands.*.name",)),
            ("bot/games/mutiny/data/cards.json", ("cards.*.name", "cards.*.effect")),
        ),
        complete_in=("de",),
    ),
    _game(
        "mccc",
        data_texts=(
            ("bot/games/mccc/data/agendas.json", ("agendas.*.title", "agendas.*.motive", "agendas.*.ability_text")),
            ("bot/games/mccc/data/setups.json", ("setups.*.name",)),
        ),
        complete_in=("de",),
    ),
    _game(
        "catacombs",
        data_texts=(
            ("bot/games/catacombs/data/tiles.json", ("tiles.*.name",)),
            ("bot/games/catacombs/data/characters.json", ("characters.*.text",)),
        ),
        complete_in=("de",),
    ),
    _game(
        "cmiyc",
        data_texts=(
            ("bot/games/cmiyc/data/board.json", ("boards.*.name", "store.name")),
            ("bot/games/cmiyc/data/tiles.json", ("kinds.*.name",)),
            ("bot/games/cmiyc/data/equipment.json", ("items.*.name", "items.*.use")),
            ("bot/games/cmiyc/data/events.json", ("cards.*.name", "cards.*.text")),
            ("bot/games/cmiyc/data/geocoins.json", ("coins.*.name", "coins.*.text")),
            ("bot/games/cmiyc/data/characters.json", ("characters.*.name", "characters.*.text")),
            # Muggles' texts of the event cards it plays differently: the cmiyc modules show event cards
            (
                "bot/games/muggles/data/card_texts.json",
                ("texts.golden_ammo_can", "texts.disable_cache", "texts.trail_notes", "texts.snack"),
            ),
        ),
        complete_in=("de",),
    ),
    _game(
        "muggles",
        data_texts=(("bot/games/muggles/data/groups.json", ("groups.*.name", "groups.*.short")),),
        complete_in=("de",),
    ),
)


def offered_languages() -> tuple[str, ...]:
    """The languages a player or table may choose: English, and every language each domain's
    catalogue is complete in (a half-translated language would mix two languages in one message)."""
    return tuple(
        language
        for language in LANGUAGES
        if language == DEFAULT_LANGUAGE or all(language in domain.complete_in for domain in DOMAINS)
    )


def spoken_language(locale: str | None) -> str:
    """The language to write in for a Discord locale: its own when offered, else English."""
    language = language_of(locale)
    return language if language in offered_languages() else DEFAULT_LANGUAGE


def domain_sources(name: str) -> DomainSources:
    for domain in DOMAINS:
        if domain.name == name:
            return domain
    raise KeyError(name)
