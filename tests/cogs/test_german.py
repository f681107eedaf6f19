"""The table's own words in German (issue 25): "Private texts (panels, DMs, refusals, help) use the
clicking user's locale", "Public texts (lobby, board, prompts, results) use the table's language. It
is chosen in the lobby", and "`/game settings` lets a player override their own language".

German is offered only once every domain's catalogue is complete in it; here it is offered as if
they were. What the cogs say is read for English words: the word list is every word of the table
catalogue's texts from ``cogs/`` and ``bot/web/``, less names and words German spells the same.
"""

from __future__ import annotations

import re
from dataclasses import replace
from functools import cache
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from bot.i18n import domains, using
from bot.i18n.table import TABLE
from bot.storage import StatLine
from bot.storage.stats import GameLengths, ServerSummary
from cogs.stats import stats_text
from tests.cogs.helpers import lobby_channel, open_table

ROOT = Path(__file__).resolve().parents[2]

SAME_IN_GERMAN = {
    *("computer", "computers", "discord", "server", "thread", "threads", "buttons", "button", "lobby", "json"),
    *("in", "an", "so", "was", "per", "name", "start", "status", "hand", "export", "team", "minute", "bot"),
    *("terminal", "version", "option", "moment", "parameter", "live", "solo", "min", "link", "private", "seed"),
}
"""Words German writes as English does (Discord's own German says Server, Thread and Button)."""
NAMES = {"deutsch", "english", "toy", "alice", "bob", "carol", "dm", "dms", "ctrl-c", "activity"}
NAMES |= {"europe", "berlin", "off", "auto"}
"""Names, and what a player types as it is (a time zone, ``off``, ``auto``)."""
WORD = re.compile(r"[^\W\d_][\w'’-]*[^\W\d_]")
"""A word, umlauts and ß included (``Bestätigen`` is one word, not ``Best``)."""
CODE = re.compile(r"`[^`]*`|<[@#]\d+>|https?://\S+")
"""Commands and values typed as they are (``thread: False``, ``auto``), mentions and links."""


def _words(text: str) -> set[str]:
    return {word.lower() for word in WORD.findall(re.sub(r"\{[^{}]*\}", " ", text))}


@cache
def english_words() -> frozenset[str]:
    with (TABLE.directory / "table.pot").open("rb") as template:
        catalogue = read_po(template)
    found: set[str] = set()
    for message in catalogue:
        if message.context or not any(path.startswith(("cogs/", "bot/web/")) for path, _ in message.locations):
            continue
        for text in message.id if isinstance(message.id, (tuple, list)) else (message.id,):
            found |= _words(text)
    return frozenset(found - SAME_IN_GERMAN - NAMES)


def leaks(text: str) -> set[str]:
    return _words(CODE.sub(" ", text)) & english_words()


def assert_german(text: str) -> None:
    assert text and len(text) <= 2000, text
    assert "{" not in text and "}" not in text, f"a placeholder is left: {text}"
    assert not leaks(text), f"English words {sorted(leaks(text))} in: {text}"


def assert_fits(message) -> None:  # type: ignore[no-untyped-def]
    for button in message.buttons:
        assert len(button.get("label") or "") <= 80, button
    for menu in message.selects:
        assert len(menu.get("placeholder") or "") <= 150, menu
        for option in menu.get("options", []):
            assert len(option["label"]) <= 100 and len(option.get("description") or "") <= 100, option


@pytest.fixture
def german_offered(monkeypatch: pytest.MonkeyPatch) -> None:
    """German counts as complete in every domain (as it will once each game's catalogue is)."""
    monkeypatch.setattr(domains, "DOMAINS", tuple(replace(d, complete_in=("de",)) for d in domains.DOMAINS))


@pytest.fixture
def german(fake):  # type: ignore[no-untyped-def]
    user = fake.user("alice")
    user.locale = "de"
    return user


async def test_help_and_refusals_are_in_the_german_readers_language(bot, fake, german, german_offered):
    help_text = (await fake.command(bot, german, "game help")).reply.text
    assert help_text.startswith("## 🎲 Spielleitung — so spielst du")
    assert "`/spiel neu spiel:<Name>`" in help_text and "**Beitreten**" in help_text
    assert_german(help_text)

    unknown = (await fake.command(bot, german, "game new", game="schach")).reply
    assert unknown.ephemeral and unknown.text.startswith("Ein Spiel namens `schach` gibt es nicht. Spiele: `toy`")
    assert_german(unknown.text)
    which = (await fake.command(bot, german, "game rules")).reply.text
    assert which.startswith("Welches Spiel? Hier läuft keins")
    assert_german(which)
    follow = (await fake.command(bot, german, "game follow")).reply.text
    assert follow == "In diesem Kanal gibt es noch kein Spiel."
    stats = (await fake.command(bot, german, "game stats")).reply.text
    assert "Noch keine beendeten Partien." in stats and "## 🏠 Dieser Server" in stats
    assert_german(stats)

    unknown = await fake.click_id(bot, german, (await fake.command(bot, german, "game help")).reply, "gm:nothing:1")
    assert unknown.reply.text == (
        "Diesen Button kenne ich nicht (vielleicht ist er von einer älteren Version von mir). Nimm `/spiel stand`."
    )

    english = fake.user("bob")
    assert (await fake.command(bot, english, "game help")).reply.text.startswith("## 🎲 Game master — how to play")


async def test_a_german_host_reads_their_answers_in_german_on_an_english_table(bot, fake, german, german_offered):
    opened = (await fake.command(bot, german, "game new", game="toy", thread=False)).reply.text
    assert opened == "Dein Tisch für **Secret Sum** ist unten eröffnet. " + (
        "Mitspielende drücken **Beitreten**; du drückst **Starten**, wenn alle da sind."
    )
    lobby = fake.last_post(lobby_channel(fake))
    assert "🙋 Join" in lobby.button_labels(), "the server speaks English: so does its table"
    too_many = (await fake.command(bot, german, "game new", game="toy", computers=9)).reply.text
    assert_german(too_many)


async def test_a_german_server_gets_a_german_lobby_with_labels_that_fit(bot, fake, german_offered):
    fake.server_locale = "de"
    await open_table(fake, bot, "toy", names=("alice",))
    await fake.click(bot, fake.user("bob"), fake.last_post(lobby_channel(fake)), "🙋 Beitreten")
    lobby = fake.last_post(lobby_channel(fake))
    assert lobby.content.count("**bob**") == 1, "Beitreten seats its clicker"
    labels = lobby.button_labels()
    assert labels == ["🙋 Beitreten", "🚪 Verlassen", "➕ Computer", "➖ Computer", "⚙️ Optionen", "🎲 Starten"]
    assert lobby.selects[-1]["placeholder"] == "🌐 Sprache des Tischs…"
    assert [o["label"] for o in lobby.selects[-1]["options"]] == ["English", "Deutsch"]
    assert_fits(lobby)


async def test_the_host_chooses_the_tables_language_in_the_lobby(bot, fake, german_offered):
    table = await open_table(fake, bot, "toy", names=("alice", "bob"))
    lobby = fake.last_post(lobby_channel(fake))
    refused = await fake.choose(bot, table.players[1], lobby, "Deutsch")
    assert refused.reply.ephemeral and "host" in refused.reply.text.lower()
    assert "🙋 Join" in fake.last_post(lobby_channel(fake)).button_labels(), "a guest's pick changes nothing"

    await fake.choose(bot, table.host, lobby, "Deutsch")
    lobby = fake.last_post(lobby_channel(fake))
    assert "🙋 Beitreten" in lobby.button_labels() and "🙋 Join" not in lobby.button_labels()
    timing = await bot.service._store.transaction(lambda tx: tx.game_timing(table.game_id))
    assert timing.language == "de"
    assert_fits(lobby)

    forged = await fake.choose_id(bot, table.host, lobby, lobby.selects[-1]["custom_id"], "fr")
    assert forged.reply.ephemeral and forged.reply.text.startswith("I can't write in that language yet")
    timing = await bot.service._store.transaction(lambda tx: tx.game_timing(table.game_id))
    assert timing.language == "de", "a language not offered changes nothing"

    await fake.choose(bot, table.host, lobby, "English")
    assert "🙋 Join" in fake.last_post(lobby_channel(fake)).button_labels()


@pytest.fixture
def english_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """A language not complete in some domain (as German was until every catalogue was)."""
    monkeypatch.setattr(domains, "DOMAINS", tuple(replace(d, complete_in=()) for d in domains.DOMAINS))


async def test_no_language_select_while_english_is_the_only_language(bot, fake, english_only):
    await open_table(fake, bot, "toy", names=("alice",))
    lobby = fake.last_post(lobby_channel(fake))
    assert all("lang" not in menu["custom_id"] for menu in lobby.selects)


async def test_a_player_chooses_their_own_language_with_game_settings(bot, fake, german_offered):
    ann = fake.user("ann")
    offered = await fake.autocomplete(bot, ann, "game settings", "language", language="")
    assert [(c["name"], c["value"]) for c in offered] == [
        ("English", "en"),
        ("Deutsch", "de"),
        ("Automatic: my Discord language", "auto"),
    ]
    saved = (await fake.command(bot, ann, "game settings", language="de")).reply.text
    assert saved.startswith("Gespeichert. ") and saved.endswith("🌐 Sprache: **Deutsch**.")
    assert (await bot.service.user_settings(ann.id)).language == "de"
    assert (await fake.command(bot, ann, "game help")).reply.text.startswith("## 🎲 Spielleitung")

    kept = await fake.command(bot, ann, "game settings", quiet="22-7")
    assert (await bot.service.user_settings(ann.id)).language == "de", "other settings keep the language"
    assert kept.reply.text.startswith("Gespeichert. ")

    refused = (await fake.command(bot, ann, "game settings", language="fr", quiet="off")).reply.text
    assert refused.startswith("In `fr` kann ich noch nicht schreiben. Sprachen: **English** (`en`), **Deutsch**")
    assert_german(refused)
    settings = await bot.service.user_settings(ann.id)
    assert settings.language == "de" and settings.quiet_start is not None, "a refused language changes nothing"

    back = (await fake.command(bot, ann, "game settings", language="auto")).reply.text
    assert back.endswith("🌐 Language: the one your Discord app uses.")
    assert (await bot.service.user_settings(ann.id)).language is None


async def test_german_is_refused_until_it_is_offered(bot, fake, english_only):
    ann = fake.user("ann")
    refused = (await fake.command(bot, ann, "game settings", language="Deutsch")).reply.text
    assert refused.startswith("I can't write in `Deutsch` yet. Languages: **English** (`en`), or `auto`")
    assert (await bot.service.user_settings(ann.id)).language is None
    shown = (await fake.command(bot, ann, "game settings")).reply.text
    assert "Language" not in shown, "nothing to choose: the settings do not mention it"


async def test_a_german_tables_board_and_prompts_carry_german_buttons(bot, fake, german_offered):
    fake.server_locale = "de"
    table = await open_table(fake, bot, "toy", names=("alice",))
    await fake.click(bot, fake.user("bob"), fake.last_post(lobby_channel(fake)), "🙋 Beitreten")
    await fake.click(bot, table.host, fake.last_post(lobby_channel(fake)), "🎲 Starten")
    lobby, live, prompt = fake.channel_messages(lobby_channel(fake))
    assert not lobby.buttons, "a started game's lobby keeps no buttons"
    assert live.button_labels() == ["▶️ Spielen", "🔒 Meine Geheimnisse"]
    assert prompt.button_labels()[-3:] == ["▶️ Spielen", "🔒 Meine Geheimnisse", "❓"]
    for message in (live, prompt):
        assert_fits(message)

    unknown = await fake.click_id(bot, table.host, live, "gm:nothing:1")
    assert unknown.reply.text.startswith("That button isn't one I know"), "alice's Discord speaks English"


def test_stats_read_in_german_with_plurals_of_their_own():
    lines = [StatLine("mutiny", "competitive", "", 3, 1, 42.0), StatLine("catacombs", "cooperative", "", 1, 1, 17.0)]
    summary = ServerSummary((GameLengths("mutiny", 3, 41.6, 0.0), GameLengths("catacombs", 1, 1.0, 0.0)), ((11, 1),))
    titles = {"mutiny": "Mutiny", "catacombs": "Catacombs of Mu"}
    with using("de"):
        text = stats_text("Ann", lines, lines, titles, summary)
    assert text.splitlines() == [
        "## 📊 Ann",
        "4 Partien, 2 gewonnen (50%)",
        "• **Mutiny**: 3 gespielt, 1 gewonnen (33%), Bestwert 42",
        "• **Catacombs of Mu (kooperativ)**: 1 gespielt, das Team gewann 1 (100%), Team-Bestwert 17",
        "## 🏠 Dieser Server",
        "• **Mutiny**: 3 gespielt, 1 von einer Person gewonnen",
        "• **Catacombs of Mu (kooperativ)**: 1 gespielt, das Team gewann 1 (100%), Team-Bestwert 17",
        "**Spieldauer**",
        "• Mutiny: 3 beendet, im Schnitt 42 Züge in unter einer Minute",
        "• Catacombs of Mu: 1 beendet, im Schnitt 1 Zug in unter einer Minute",
        "**Am aktivsten:** <@11> (1 Partie)",
    ]
    assert_german(text.replace("Catacombs of Mu", "").replace("Mutiny", ""))


async def test_a_german_reader_gets_the_german_player_guide_with_the_rules(bot, fake, german):
    rules = await fake.command(bot, german, "game rules", game="mutiny")
    [embed] = rules.reply.embeds
    [(filename, data)] = rules.reply.attachments
    assert filename == "mutiny-rules.md"
    assert data.decode("utf-8") == (ROOT / "docs/games/de/mutiny.md").read_text(encoding="utf-8")
    assert embed["footer"]["text"] == "Die ganze Spielanleitung mit jeder Hausregel hängt an."
    assert embed["description"].startswith("Piraten überfallen 12 Karibikinseln."), "the summary in German too"
    english = await fake.command(bot, fake.user("bob"), "game rules", game="mutiny")
    [(_, data)] = english.reply.attachments
    assert data.decode("utf-8") == (ROOT / "docs/games/mutiny.md").read_text(encoding="utf-8")


def test_how_games_ended_is_named_in_the_readers_language():
    """The ending keys results store stay English; `/game stats` names them from each game's catalogue."""
    summary = ServerSummary(
        (GameLengths("catacombs", 3, 40.0, 0.0), GameLengths("cmiyc", 2, 90.0, 0.0)),
        ((11, 1),),
        (("catacombs", "escaped", 2), ("catacombs", "lamps-out", 1), ("cmiyc", "points", 2)),
    )
    titles = {"catacombs": "Catacombs of Mu", "cmiyc": "Cache Me If You Can!"}
    with using("de"):
        german = stats_text("Ann", [], [], titles, summary)
    english = stats_text("Ann", [], [], titles, summary)
    assert "entkommen 2, Lampen-aus 1" in german and "Punkteziel 2" in german
    assert "escaped 2, lamps-out 1" in english and "points 2" in english
