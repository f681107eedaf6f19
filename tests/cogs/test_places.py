"""Issue 21.3, "Places are chosen from text lists": in a Mouse Cheese Cat Cucumber game of three,
a place is one entry per space on one page, and the board shows the previewed card before it is
confirmed (turning it is one tap on the preview); in Catacombs the discard down to five is one menu
of several tiles, chosen in one interaction."""

from __future__ import annotations

import hashlib
import io

from PIL import Image

from bot.devtools.fake_players import Players, read_game
from bot.engine import SeatTag
from bot.games.registry import game as load_game
from render.catacombs_places import render_places
from render.marks import marking, too_tall, unexplained
from render.text import outside, overlaps, recording, too_small
from tests.cogs.games import resolve_game
from tests.cogs.helpers import board, prompt_for, start_table

MCCC = load_game("mccc").engine
CATACOMBS = load_game("catacombs").engine


async def state_of(bot, game_id):
    record = await bot.service.record(game_id)
    return record, MCCC.load(record.state)


def picture(fake) -> str:
    """The live board's image, by hash (a changed picture is a new image)."""
    return hashlib.sha256(board(fake).attachments[0][1]).hexdigest()[:12]


async def test_a_place_is_one_entry_per_space_and_the_board_previews_it_before_confirming(bot, fake):
    table = await start_table(fake, bot, "mccc", names=("host", "friend", "quiet"), thread=False)
    _, state = await state_of(bot, table.game_id)
    mover = table.players[state.seat]
    prompt = prompt_for(fake, mover)
    await fake.click(bot, mover, prompt, prompt.buttons[0]["custom_id"])  # the first belt card
    prompt = prompt_for(fake, mover)
    [places] = [m for m in prompt.selects if "place" in m["custom_id"]]
    values = [o["value"] for o in places["options"]]
    assert not any(v.startswith("gm:page:") for v in values), "one page, not two or three"
    spaces = [v.rsplit(":", 1)[0] for v in values]
    assert len(spaces) == len(set(spaces)) <= 25, "one entry per space"

    _, picked = await state_of(bot, table.game_id)
    every_turn = [c.action for c in MCCC.legal_actions(picked, picked.seat) if c.group == "place"]
    ways = {value: [a for a in every_turn if a.rsplit(":", 1)[0] == value.rsplit(":", 1)[0]] for value in values}
    value = next(v for v in values if len(ways[v]) > 1)  # a space where the card lies more than one way
    before = picture(fake)
    await fake.choose(bot, mover, prompt, value)
    previewed = picture(fake)
    assert previewed != before, "the board shows the card in place before anything is confirmed"
    _, state = await state_of(bot, table.game_id)
    assert state.phase == "confirm" and state.chosen is not None, "nothing is placed yet"

    seen = {value}
    for _ in ways[value][1:]:
        prompt = prompt_for(fake, mover)
        labels = [b.get("label", "") for b in prompt.buttons]
        assert "✔ Place it" in labels and "↩ Choose another place" in labels
        [turn] = [b for b in prompt.buttons if b.get("label", "").startswith("↻ Turn it: ")]
        await fake.click(bot, mover, prompt, turn["custom_id"])
        seen.add(turn["custom_id"].split(":", 4)[4])
        assert picture(fake) != previewed, "the board previews the card turned"
        previewed = picture(fake)
    assert seen == set(ways[value]), "↻ goes round every way the card may lie on that space"
    await fake.click(bot, mover, prompt_for(fake, mover), "✔ Place it")
    _, state = await state_of(bot, table.game_id)
    assert state.phase != "confirm" and state.chosen is None


async def test_the_catacombs_discard_is_one_menu_of_several_tiles(bot, fake, db_path):
    table = await start_table(fake, bot, "catacombs", names=("host", "friend"), thread=False)
    players = Players(fake, bot, db_path, resolve_game, {u.id: u for u in table.players}, first=True)
    for _ in range(500):  # people who pick the first option, until one of them must discard
        stored = read_game(db_path, table.game_id)
        state = CATACOMBS.load(stored.state)
        if state.tasks[-1].kind == "discard":
            break
        await players.decide(table.game_id, stored)
    else:
        raise AssertionError("nobody had to discard")
    seat = state.tasks[-1].seat
    user = next(u for u in table.players if u.id == stored.seats[seat])
    hand = state.seats[seat].hand
    spare = len(hand) - 5
    surface = players.panels.get(user.id, (None, -1))
    panel = (
        surface[0]
        if surface[1] == stored.version
        else (await fake.click(bot, user, players.newest_for(user), "Play")).reply
    )
    [menu] = [m for m in panel.selects if m["custom_id"].startswith("gm:m:")]
    assert menu["min_values"] == menu["max_values"] == spare, "exactly the tiles over the limit"
    assert [o["value"] for o in menu["options"]] == [str(t) for t in hand]
    labels = [o["label"] for o in menu["options"]]
    assert len(set(labels)) == len(labels), "options that look alike say what differs"
    assert not [b for b in panel.buttons if b["custom_id"].split(":")[-2:-1] == ["discard"]]
    chosen = [str(t) for t in hand[-spare:]]
    answer = await fake.choose_several(bot, user, panel, chosen, select=panel.selects.index(menu))
    after = read_game(db_path, table.game_id)
    assert after.version == stored.version + 1, f"one action, whole: {answer.texts}"
    kept = CATACOMBS.load(after.state).seats[seat].hand
    assert not set(chosen) & {str(t) for t in kept}, "every chosen tile went, in one interaction"
    assert len([t for t in kept if t in hand]) == len(hand) - spare


async def test_a_catacombs_tile_goes_down_with_its_place_in_one_tap_and_shows_before_the_next(bot, fake, db_path):
    table = await start_table(fake, bot, "catacombs", names=("host", "friend", "quiet"), thread=False)
    players = Players(fake, bot, db_path, resolve_game, {u.id: u for u in table.players}, first=True)
    for _ in range(500):  # until someone could play a tile and then another
        stored = read_game(db_path, table.game_id)
        state = CATACOMBS.load(stored.state)
        seat = CATACOMBS.current_seats(state)[0]
        plays = [c for c in CATACOMBS.offered(state, seat) if c.action.startswith("play:")]
        passages = [t for t in state.seats[seat].hand if CATACOMBS.data.kinds[t].is_passage]
        if state.tasks[-1].kind == "action" and len(passages) >= 2 and plays:
            break
        await players.decide(table.game_id, stored)
    else:
        raise AssertionError("nobody could play a tile")
    user = next(u for u in table.players if u.id == stored.seats[seat])
    panel = (await fake.click(bot, user, players.newest_for(user), "Play")).reply
    before = picture(fake)
    buttons = [b for b in panel.buttons if b["custom_id"].endswith(":" + plays[0].action)]
    options = [o for m in panel.selects for o in m["options"] if o["value"] == plays[0].action]
    [shown] = [b["label"] for b in buttons] + [o["label"] for o in options]
    assert shown == plays[0].label and " → " in shown, "the tile and where it goes"
    if buttons:
        await fake.click(bot, user, panel, buttons[0]["custom_id"])
    else:
        await fake.choose(bot, user, panel, plays[0].action)
    after = read_game(db_path, table.game_id)
    assert after.version == stored.version + 1, "one tap, one action"
    state = CATACOMBS.load(after.state)
    assert CATACOMBS.current_seats(state) == [seat] and state.tasks[-1].kind == "chain", "another tile, or move"
    assert picture(fake) != before, "the board shows the tile before the next one's place is chosen"


async def test_a_catacombs_place_is_chosen_on_a_picture_labelled_as_the_menu_names_it(bot, fake, db_path):
    """ "any choice of a place is shown on a picture before it is confirmed": the private panel that asks
    where a tile goes carries the board with each place framed and tagged with the grid label its menu
    entries name, legible on a phone, and nothing new is posted in the channel."""
    table = await start_table(fake, bot, "catacombs", names=("host", "friend", "quiet"), thread=False)
    players = Players(fake, bot, db_path, resolve_game, {u.id: u for u in table.players}, first=True)
    for _ in range(500):  # until someone is asked for their action with tiles to play
        stored = read_game(db_path, table.game_id)
        state = CATACOMBS.load(stored.state)
        seat = CATACOMBS.current_seats(state)[0]
        plays = [c for c in CATACOMBS.offered(state, seat) if c.action.startswith("play:")]
        if state.tasks[-1].kind == "action" and len({c.action.split(":")[3] for c in plays}) >= 2:
            break
        await players.decide(table.game_id, stored)
    else:
        raise AssertionError("nobody could play a tile")
    user = next(u for u in table.players if u.id == stored.seats[seat])
    posts = len(fake.channel_messages())
    panel = (await fake.click(bot, user, players.newest_for(user), "Play")).reply
    assert panel.ephemeral and len(fake.channel_messages()) == posts, "on the private panel, no new post"
    [(name, png)] = panel.attachments
    assert name == "places.png" and "📍" in panel.text

    view = CATACOMBS.places_view(state, seat)
    assert view is not None and view.board == CATACOMBS.seat_view(state, seat).public, "the player's own view"
    entries = [o["label"] for m in panel.selects for o in m["options"]] + [b.get("label", "") for b in panel.buttons]
    tile_places = {label.split(" → ")[1].split(" · ")[0] for label in entries if " → " in label}
    assert tile_places and tile_places <= set(view.places), "every place an entry names is on the picture"
    assert all(any(f" {place} " in f" {e} " for e in entries) for place in view.places), "every tag is an entry's"

    tags = [SeatTag(s, u.name, colour) for s, (u, colour) in enumerate(zip(table.players, ("Red", "Blue", "Green")))]
    with recording() as placed, marking() as marks:
        image = render_places(view, tags)
    assert image.size == Image.open(io.BytesIO(png)).size
    assert sorted(p.text for p in placed if p.text in view.places and p.box[1] > 100) == sorted(view.places)
    assert not too_small(placed, image.width), "tags at least 11 px on a 400 px phone"
    assert not overlaps(placed) and not outside(placed, image.size)
    assert not unexplained(marks), "the key explains the tags"
    assert not too_tall(image.size)
