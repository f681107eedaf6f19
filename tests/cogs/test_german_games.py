"""Issue 25's proof: "A full Discord-level game of each game with German players, and one with a German
host and an English guest: every public text is in the table's language, and every private text in
each player's." and "No English word leaks into a German public message. Check this with a word-list
test over the messages of seeded games, with an allow-list for names."

Each of the five games is played to its result through the fake Discord by German people on a German
server, who click what a person would click (``bot.devtools.fake_players``, seeded). Every text the bot
shows is kept as it was shown, each edit too: channel posts, ephemeral answers, DMs and forms, with their
buttons, menus and embeds. The word list is every word of the catalogues' English texts (the table's and
the five games'), less names and words German spells the same.
"""

from __future__ import annotations

import json
import random
import re
from collections import defaultdict
from dataclasses import dataclass, field
from functools import cache
from typing import Any

import pytest

from bot.devtools.fake_discord import FakeDiscord, FakeMessage, FakeUser
from bot.devtools.fake_players import Players
from bot.games.registry import default_registry
from bot.i18n.domains import ROOT
from tests.cogs.games import resolve_game
from tests.support.german_words import all_english_words, all_german_words, words

REGISTRY = default_registry()
GAMES = ("mutiny", "mccc", "catacombs", "cmiyc", "muggles")
GERMAN_NAMES = ("Anna", "Jörg")
HOUSE_LIMITS = {"catacombs": "rounds=60", "cmiyc": "round_limit=20", "muggles": "round_limit=10"}
"""People clicking at random rarely reach a game's own end quickly: these games stop by their house
round limit (an option off by default); what is read here is the table's language, not the ending."""

SAME_IN_GERMAN = """
    in an am so was die er hand rest bank gold orange rum computer lobby team normal monster chance
    labyrinth neutral gang qm
"""
"""Words of the catalogues' English texts that German writes alike and these games show (``in``, ``die
Bank``, ``Gold``, ``Orangen``, ``Rum``, ``🤖 Computer 1``, ``Lobby``, ``das Team``, ``das Monster``, ``die
Chance``, ``das Labyrinth``, ``neutral``, ``L-Gang``), and Mutiny's short form for the Quartermaster."""

GAME_NAMES = ("Mutiny", "Mouse Cheese Cat Cucumber", "Catacombs of Mu", "Cache Me If You Can!", "Muggles!")
RULEBOOK_TERMS = """
    moonrise café swag store mega event geocaching gps pen poison ivy trail head heads snoop snack
    cache caches multi super nano mystery traditional challenge virtual coin coins geocoin geocoins
    muggle muggles trad yarr koka
"""
"""The rulebook's own English terms for Cache Me If You Can (``Geocoin``, ``Swag Store``, ``Mega-Event``),
Muggles' muggles, Mutiny's "Yarr!", and Catacombs' short name for its monster "Koka and Vikoka"."""


def _data(game: str, name: str) -> Any:
    return json.loads((ROOT / "bot" / "games" / game / "data" / name).read_text(encoding="utf-8"))


@cache
def printed_names() -> tuple[str, ...]:
    """What stays as printed on the boxes and components ("Names printed on components stay as
    printed"): the games' names, Mutiny's islands and Mystery cards, MCCC's Secret Agendas, Catacombs'
    monsters, characters and Relics; longest first, so a name is read out before a shorter one in it."""
    catacombs = resolve_game("catacombs").engine.data
    names = [
        *GAME_NAMES,
        *(island["name"] for island in _data("mutiny", "islands.json")["islands"]),
        *(card["name"] for card in _data("mutiny", "cards.json")["cards"]),
        *(agenda["title"] for agenda in _data("mccc", "agendas.json")["agendas"]),
        *(monster.name for monster in catacombs.monsters),
        *(character.name for character in catacombs.characters.values()),
        *(kind.name for kind in catacombs.kinds if kind.cls == "relic"),
    ]
    return tuple(sorted(set(names), key=len, reverse=True))


@cache
def english_word_list() -> frozenset[str]:
    return all_english_words() - set(SAME_IN_GERMAN.split()) - set(RULEBOOK_TERMS.split())


CODE = re.compile(r"`[^`]*`|<[@#]\d+>|https?://\S+")
"""Commands and values typed as they are, mentions and links."""


def leaks(text: str, names: tuple[str, ...] = ()) -> set[str]:
    for name in (*names, *printed_names()):
        text = text.replace(name, " ")
    return words(CODE.sub(" ", text)) & english_word_list()


def german_leaks(text: str, names: tuple[str, ...] = ()) -> set[str]:
    for name in names:
        text = text.replace(name, " ")
    return words(CODE.sub(" ", text)) & all_german_words()


def message_texts(message: FakeMessage) -> list[str]:
    """Everything a reader of ``message`` sees written: its text, buttons, menus and embeds."""
    texts = [message.text]
    texts += [button.get("label") or "" for button in message.buttons]
    for menu in message.selects:
        texts.append(menu.get("placeholder") or "")
        for option in menu.get("options", []):
            texts += [option.get("label") or "", option.get("description") or ""]
    for embed in message.embeds:
        texts += [embed.get("title") or "", embed.get("description") or ""]
        texts += [(embed.get("footer") or {}).get("text") or "", (embed.get("author") or {}).get("name") or ""]
        for item in embed.get("fields", []):
            texts += [item.get("name") or "", item.get("value") or ""]
    return [text for text in texts if text.strip()]


def modal_texts(modal: dict[str, Any]) -> list[str]:
    texts = [modal.get("title") or ""]
    stack = list(modal.get("components", []))
    while stack:
        component = stack.pop()
        texts += [str(component.get(key) or "") for key in ("label", "placeholder", "description", "value", "content")]
        for option in component.get("options", []):
            texts += [option.get("label") or "", option.get("description") or ""]
        stack += component.get("components", [])
        if isinstance(component.get("component"), dict):
            stack.append(component["component"])
    return [text for text in texts if text.strip()]


def check_limits(message: FakeMessage) -> list[str]:
    """What Discord would refuse: a message over 2000 characters, a button label over 80, a menu's
    placeholder over 150, an option's label or description over 100."""
    wrong = []
    if len(message.text) > 2000:
        wrong.append(f"message of {len(message.text)} characters")
    wrong += [f"button {b.get('label')!r}" for b in message.buttons if len(b.get("label") or "") > 80]
    for menu in message.selects:
        if len(menu.get("placeholder") or "") > 150:
            wrong.append(f"placeholder {menu['placeholder']!r}")
        for option in menu.get("options", []):
            if len(option.get("label") or "") > 100 or len(option.get("description") or "") > 100:
                wrong.append(f"option {option!r}")
    return wrong


@dataclass
class Reader:
    """Keeps every version of every text the bot shows: public (channels and threads), and per user
    (their ephemeral answers, DMs and forms)."""

    fake: FakeDiscord
    public: list[str] = field(default_factory=list)
    private: dict[int, list[str]] = field(default_factory=lambda: defaultdict(list))
    too_long: list[str] = field(default_factory=list)

    def install(self) -> None:
        new_message, edit, callback = self.fake._new_message, self.fake._edit, self.fake._callback

        def posted(channel_id: int, body: dict[str, Any], files: Any, **kw: Any) -> FakeMessage:
            message = new_message(channel_id, body, files, **kw)
            self.read(message)
            return message

        def edited(message: FakeMessage, body: dict[str, Any], files: Any) -> None:
            edit(message, body, files)
            self.read(message)

        def answered(record: Any, body: dict[str, Any], uploaded: Any) -> Any:
            response = callback(record, body, uploaded)
            if record.modal is not None and body.get("type") == 9:
                self.private[record.user.id] += modal_texts(record.modal)
            return response

        self.fake._new_message, self.fake._edit, self.fake._callback = posted, edited, answered  # type: ignore[method-assign]

    def read(self, message: FakeMessage) -> None:
        if message.loading:
            return
        self.too_long += check_limits(message)
        texts = message_texts(message)
        if message.ephemeral:
            assert message.visible_to is not None
            self.private[message.visible_to] += texts
        elif message.channel_id in self.fake.channels:
            self.public += texts
        else:
            [user] = [u for u, channel in self.fake.dm_channels.items() if channel == message.channel_id]
            self.private[user] += texts


def german(fake: FakeDiscord, name: str) -> FakeUser:
    user = fake.user(name)
    user.locale = "de"
    return user


async def play_german(fake: FakeDiscord, bot: Any, db_path: Any, game: str, users: list[FakeUser]) -> Players:
    spec = REGISTRY.spec(game)
    computers = max(0, spec.min_players - len(users))
    options = HOUSE_LIMITS.get(game)
    opened = await fake.command(
        bot, users[0], "game new", game=game, computers=computers or None, thread=False, options=options
    )
    assert opened.reply.ephemeral, opened.texts
    for user in users[1:]:
        await fake.click(bot, user, fake.last_post(), "Beitreten")
    await fake.click(bot, users[0], fake.last_post(), "Starten")
    game_id = await bot.service.open_game_id(fake.channel_id)
    players = Players(fake, bot, db_path, resolve_game, {u.id: u for u in users}, random.Random(11))
    stored = await players.play(game_id)
    assert stored.status == "finished"
    return players


def problems(texts: list[str], check: Any, names: tuple[str, ...]) -> dict[str, list[str]]:
    """Per word found by ``check`` (``leaks`` or ``german_leaks``), the first texts it is in."""
    found: dict[str, list[str]] = defaultdict(list)
    for text in dict.fromkeys(texts):
        for word in check(text, names):
            found[word].append(text[:200])
    return {word: texts[:2] for word, texts in sorted(found.items())}


def unfilled(texts: list[str]) -> list[str]:
    return [text for text in texts if PLACEHOLDER.search(text)]


PLACEHOLDER = re.compile(r"\{\w*\}")
"""A placeholder no value filled in (``{name}``, ``{p0}``, ``{}``)."""


def assert_german_result(fake: FakeDiscord, users: list[FakeUser]) -> None:
    [final] = [m for m in fake.channel_messages() if m.attachments]
    assert "🏁 **Spielende**" in final.text, final.text
    assert "Game over" not in final.text and final.button_labels() == ["🔁 Revanche"], final.button_labels()
    assert {u.id for u in users} <= set(final.pinged_ids), "the end pings every player"


@pytest.mark.parametrize("game", GAMES)
async def test_a_german_table_plays_a_whole_game_in_german(bot, fake, db_path, game):
    fake.server_locale = "de"
    reader = Reader(fake)
    reader.install()
    users = [german(fake, name) for name in GERMAN_NAMES]
    players = await play_german(fake, bot, db_path, game, users)

    assert players.decisions >= 10 and len(reader.public) > players.decisions
    for user in users:
        assert reader.private[user.id], f"{user.name} was shown nothing of their own"
    texts = reader.public + [text for user in users for text in reader.private[user.id]]
    assert not problems(texts, leaks, GERMAN_NAMES), "English words in German texts"
    assert not unfilled(texts), unfilled(texts)[:3]
    assert not reader.too_long, reader.too_long[:3]
    assert_german_result(fake, users)


async def test_a_german_host_and_an_english_guest_each_read_their_own_language(bot, fake, db_path):
    """The server speaks English; the German host makes the table German in the lobby, the English
    guest keeps reading what reaches them alone in English."""
    reader = Reader(fake)
    reader.install()
    anna, ben = german(fake, "Anna"), fake.user("Ben")
    assert ben.locale == "en-US"
    opened = await fake.command(bot, anna, "game new", game="mutiny", computers=2, thread=False)
    assert opened.reply.text.startswith("Dein Tisch für **Mutiny** ist unten eröffnet."), opened.reply.text
    reader.public.clear()  # the lobby as the English server opened it
    await fake.choose(bot, anna, fake.last_post(), "Deutsch")
    assert fake.last_post().text.startswith("## Mutiny — Lobby\nGastgeber: 🟪 **Anna**")
    await fake.click(bot, ben, fake.last_post(), "🙋 Beitreten")
    refused = await fake.click(bot, ben, fake.last_post(), "🎲 Starten")
    assert refused.reply.ephemeral and refused.reply.text == "Only the host can do that."
    started = await fake.click(bot, anna, fake.last_post(), "🎲 Starten")
    assert not started.created or started.reply.ephemeral, started.texts
    game_id = await bot.service.open_game_id(fake.channel_id)
    players = Players(fake, bot, db_path, resolve_game, {u.id: u for u in (anna, ben)}, random.Random(11))
    assert (await players.play(game_id)).status == "finished"

    names = ("Anna", "Ben")
    assert not problems(reader.public + reader.private[anna.id], leaks, names), "English in German texts"
    assert reader.private[ben.id] and fake.dms(ben), "Ben reads his panels and DMs"
    assert not problems(reader.private[ben.id], german_leaks, names), "German in Ben's own texts"
    assert fake.dms(ben)[0].text.startswith("**Mutiny** has started in"), fake.dms(ben)[0].text
    assert not unfilled(reader.public + reader.private[anna.id] + reader.private[ben.id])
    assert not reader.too_long, reader.too_long[:3]
    assert_german_result(fake, [anna, ben])


def test_the_word_check_finds_english_in_a_german_message():
    """The check can fail: an English sentence of the table, and an English button among German ones."""
    assert leaks("🏁 **Game over** · the winner takes the island") >= {"game", "over", "winner", "takes"}
    assert leaks("🟪 **Anna** passt.\n👑 Anna is the new Captain.", ("Anna",)) >= {"new", "captain"}
    assert not leaks("🟪 **Anna** passt. Die Meuterer siegen 22–12! **Tortuga**", ("Anna",))
    assert german_leaks("Your turn: 🟪 **Anna** passt.") == {"passt"}
    english_button = FakeMessage(
        1,
        2,
        content="**Wähle eine Karte**",
        components=[
            {
                "type": 1,
                "components": [
                    {"type": 2, "label": "Pass", "custom_id": "x"},
                    {"type": 2, "label": "Passen", "custom_id": "y"},
                ],
            }
        ],
    )
    assert problems(message_texts(english_button), leaks, ()) == {"pass": ["Pass"]}
    assert unfilled(["Du bist dran, {name}."]) and not unfilled(["Du bist dran, Anna."])
