"""A German table (issue 25): "Public texts (lobby, board, prompts, results) use the table's language",
"Private texts (panels, DMs, refusals, help) use the clicking user's locale" and "No English word leaks
into a German public message. Check this with a word-list test over the messages of seeded games, with
an allow-list for names."

A seeded Mutiny game (its own catalogue is complete in German) is played through the table service from
the lobby to the result by a German host, a German guest and an English guest, with a computer in the
fourth seat. Every card the channel is shown (lobby, live board, prompts) and every direct message to a
German player is read for English words: the word list is every word of the table's and Mutiny's English
texts, less names and words German spells the same.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from functools import cache

import pytest
from babel.messages.pofile import read_po

from bot.devtools.memory_sender import MemorySender
from bot.games.registry import default_registry
from bot.i18n import using
from bot.i18n.table import TABLE
from bot.storage import PostRecord, Store
from bot.storage.records import GameTiming
from bot.table import Card, Person, TableService
from bot.table.texts import MESSAGE_LIMIT
from tests.games.mutiny.test_german import GAME_NAME, WORD, english_words
from tests.games.mutiny.test_german import SAME_IN_GERMAN as MUTINY_SAME_IN_GERMAN

ANNA = Person(1, "Anna", "de")
"""The host: her table speaks German."""
BEN = Person(2, "Ben Kowalczyk-Schäfer", "en")
"""A guest who reads English: what reaches him alone is English."""
DOERTE = Person(3, "Dörte", "de")
PEOPLE = (ANNA, BEN, DOERTE)

SAME_IN_GERMAN = {
    "am",
    "team",
    "solo",
    "normal",
    "lobby",
    "server",
    "thread",
    "link",
    "seed",
    "so",
    "was",
    "min",
    "utc",
}
"""Words of the table's English texts that German writes the same (``Das Team``, ``auf diesem Server``,
``Runde 3 · 5 min``, ``so, wie``, ``Was verdeckt war``, ``am Spielbrett``)."""
OWN_SOURCES = ("bot/table", "bot/engine", "render/")
"""The table domain's texts this test reads for: the table, the engine helpers and the shared
renderer pieces (the commands' and the web table's texts are answers to one reader)."""


@cache
def table_words() -> frozenset[str]:
    with (TABLE.directory / "table.pot").open("rb") as template:
        catalogue = read_po(template)
    found: set[str] = set()
    for message in catalogue:
        if message.context or not any(path.startswith(OWN_SOURCES) for path, _line in message.locations):
            continue
        for text in message.id if isinstance(message.id, (tuple, list)) else (message.id,):
            found |= {word.lower() for word in WORD.findall(re.sub(r"\{[^{}]*\}", " ", text))}
    return frozenset(found - SAME_IN_GERMAN - MUTINY_SAME_IN_GERMAN)


def leaks(text: str) -> set[str]:
    """English words of the table's or Mutiny's texts in ``text`` (names and the game's title, which
    stays as printed on the box, and its key in a command, left out)."""
    readable = GAME_NAME.sub("", text).replace("Mutiny", " ").replace("spiel:mutiny", "spiel:")
    for person in PEOPLE:
        readable = readable.replace(person.name, " ")
    words = {word.lower() for word in WORD.findall(readable)}
    return words & (table_words() | english_words())


@dataclass
class Recorder(MemorySender):
    """Keeps every card the channel was shown, including the versions later edits replaced."""

    shown: list[Card] = field(default_factory=list)

    async def create(self, post: PostRecord, card: Card, board: bytes | None, nonce: str) -> int:
        self.shown.append(card)
        return await super().create(post, card, board, nonce)

    async def edit(self, post: PostRecord, card: Card, board: bytes | None) -> None:
        self.shown.append(card)
        await super().edit(post, card, board)


@pytest.fixture
async def service(tmp_path):
    store = await Store.open(tmp_path / "games.db")
    yield TableService(store, renderer=None, seed_source=lambda: 25)
    await store.close()


async def german_mutiny(service: TableService, sender: Recorder) -> int:
    """A Mutiny lobby whose table speaks German (its host's choice), filled and started."""
    opened = await service.create(
        guild_id=1,
        channel_id=10,
        parent_channel_id=None,
        game_name="mutiny",
        options={},
        creator=ANNA,
        computers=1,
        timing=GameTiming(turn_clock=24 * 3600, missed_limit=3, language="de"),
    )
    for guest in PEOPLE[1:]:
        await service.join(opened.game_id, guest)
    await service.deliver(opened.game_id, sender)
    await service.start(opened.game_id, ANNA.user_id)
    await service.deliver(opened.game_id, sender)
    return opened.game_id


async def play_out(service: TableService, sender: Recorder, game_id: int, seed: int) -> None:
    """Every waited-on person picks a random choice, each in their own language, until the end."""
    rng = random.Random(seed)
    by_id = {person.user_id: person for person in PEOPLE}
    for _move in range(3000):
        waiting = await service.waiting_on(game_id)
        if not waiting:
            break
        person = by_id[waiting[0]]
        with using(person.language):
            panel = await service.panel(game_id, person.user_id)
            assert panel.choices, "Mutiny's decisions are buttons and menus"
            choice = panel.choices[rng.randrange(len(panel.choices))]
            await service.act(game_id, person.user_id, panel.version, choice.action)
        await service.deliver(game_id, sender)
    assert (await service.record(game_id)).status == "finished"


async def test_a_german_tables_lobby_is_german(service):
    sender = Recorder()
    opened = await service.create(
        guild_id=1,
        channel_id=10,
        parent_channel_id=None,
        game_name="mutiny",
        options={},
        creator=ANNA,
        computers=1,
        timing=GameTiming(turn_clock=24 * 3600, missed_limit=3, language="de"),
    )
    await service.join(opened.game_id, BEN)
    await service.deliver(opened.game_id, sender)
    [lobby] = sender.of_kind("lobby")
    text = lobby.card.text
    assert text.startswith("## Mutiny — Lobby\nGastgeber: 🟪 **Anna** · 4 Spieler"), text
    assert "**Plätze (3/4)**" in text and "🤖 Computer 1** · normal" in text
    assert "⌛ 1 d pro Zug, dann entscheidet der Computer" in text
    assert "3 verpasste Züge in Folge geben den Platz an den Computer" in text
    assert "Drück **Beitreten**, um Platz zu nehmen: Es fehlt noch 1 Spieler." in text
    assert not leaks(text), sorted(leaks(text))
    assert "{" not in text and len(text) <= MESSAGE_LIMIT
    levels = [(choice.label, choice.description) for choice in lobby.card.lobby.levels]
    assert ("🟥 🤖 Computer 1 → stark", "Denkt vor jedem Zug voraus (etwa eine Sekunde)") in levels
    assert all(len(label) <= 100 and len(about) <= 100 for label, about in levels), "Discord's select limits"


async def test_a_german_tables_game_speaks_german_to_the_channel_and_to_each_reader_in_theirs(service):
    sender = Recorder()
    game_id = await german_mutiny(service, sender)
    [live] = sender.of_kind("live")
    assert "Das Spiel beginnt: 🟪 **Anna**, 🟥 **🤖 Computer 1**, 🟦 **Ben Kowalczyk-Schäfer**, 🟫 **Dörte**." in (
        live.card.text
    )
    prompts = [card for card in sender.shown if card.kind == "prompt"]
    assert prompts and all("— du bist dran" in card.text for card in prompts)
    [welcome_doerte] = sender.dms_to(DOERTE.user_id)
    assert welcome_doerte.startswith("**Mutiny** hat in <#10> begonnen. Du spielst 🟫 **Braun**.")
    assert "↩️ [Zurück zum Spiel](<https://discord.com/channels/1/10>)" in welcome_doerte
    [welcome_ben] = sender.dms_to(BEN.user_id)
    assert welcome_ben.startswith("**Mutiny** has started in <#10>. You play 🟦 **Blue**."), "his own language"
    assert "↩️ [Back to the game](<" in welcome_ben

    await play_out(service, sender, game_id, seed=3)

    public = [card.text for card in sender.shown]
    assert any(card.kind == "lobby" for card in sender.shown) and len(public) > 50
    final = sender.of_kind("live")[-1].card.text
    assert "🏁 **Spielende** · " in final and "🏆 " in final, final
    german_dms = sender.dms_to(ANNA.user_id) + sender.dms_to(DOERTE.user_id)
    assert len(german_dms) > 5
    for text in public + german_dms:
        assert not leaks(text), (sorted(leaks(text)), text)
        assert not re.search(r"\{[a-z_]+\}", text), f"a placeholder left unfilled: {text}"
        assert len(text) <= MESSAGE_LIMIT
    for card in sender.shown:
        for choice in card.choices:
            assert len(choice.label) <= 80 and len(choice.description) <= 100, "Discord's button and option limits"
    assert any("Back to the game" in text for text in sender.dms_to(BEN.user_id))


async def test_a_german_tables_log_and_refusals(service):
    sender = Recorder()
    game_id = await german_mutiny(service, sender)
    with using("de"):
        log = await service.recent_events(10)
        assert not leaks(log), sorted(leaks(log))
        panel = await service.panel(game_id, DOERTE.user_id)
        waiting = await service.waiting_on(game_id)
        if DOERTE.user_id not in waiting:
            assert "Du bist nicht dran. Es wird gewartet auf" in panel.text
        help_text = await service.rule_help(game_id, DOERTE.user_id)
        assert "-# Die ganze Spielanleitung mit allen Hausregeln: `/spiel regeln spiel:mutiny`." in help_text
        assert not leaks(help_text), sorted(leaks(help_text))


def test_the_word_list_catches_the_tables_english_and_passes_its_german():
    assert {"waiting", "for", "your", "move"} <= leaks("⏳ Waiting for 🟪 **Anna** · your move")
    assert {"reminder", "the", "game", "has", "waited", "you"} <= leaks("⏰ Reminder: the game has waited 6 h for you.")
    assert not leaks("⏳ Warten auf 🟪 **Anna** · ⏰ Erinnerung: Das Spiel wartet seit 6 h auf dich.")


def test_a_games_options_read_in_the_lobby_in_german_through_the_games_catalogue():
    """The option labels are the game's texts (MCCC's catalogue), the yes/no and the count the table's."""
    spec = default_registry().spec("mccc")
    chosen = spec.normalise_options({})
    assert spec.options_text(chosen, 1) == "Setup: 1 · Cat's Crossing (hard), Easier mode: no"
    with using("de"):
        assert spec.options_text(chosen, 1) == "Aufbau: 1 · Katzenkreuzung (schwer), Leichterer Modus: nein"
        assert spec.players_text == "1-4 Spieler"
