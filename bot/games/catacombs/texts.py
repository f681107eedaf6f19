"""Every sentence a player reads in Catacombs of Mu: events, choice labels, prompts, status.

The constants are marked with ``N_`` and translated where they are shown (``_(texts.PASS)``). A text
with a count is a function, so a translation has its plural forms (English keeps "Relic(s)").

``{who}`` / ``{other}`` are filled with ``pn(seat)`` (``{p0}``), which the table turns into the
seat's colour and name.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from bot.games.catacombs import geometry as geo
from bot.games.catacombs.i18n import N_, _, _n, _p


def pn(seat: int) -> str:
    return "{p%d}" % seat


HEART = "❤"
BULLET = "•"
OBSTACLE_NAMES = {"gulch": N_("Gulch"), "cave_in": N_("Cave In"), "flooded": N_("Flooded Passage")}
SHAPES = {
    "NS": "│",
    "EW": "─",
    "NE": "└",
    "ES": "┌",
    "SW": "┐",
    "NW": "┘",
    "NEW": "┴",
    "NES": "├",
    "ESW": "┬",
    "NSW": "┤",
    "NESW": "┼",
    "N": "╵",
    "E": "╶",
    "S": "╷",
    "W": "╴",
}


def compass(direction: str) -> str:
    """A passage end's compass letter in the reader's language (German writes O for east)."""
    letters = {"N": _p("compass", "N"), "E": _p("compass", "E"), "S": _p("compass", "S"), "W": _p("compass", "W")}
    return letters.get(direction, direction)


def ends(openings: str) -> str:
    return f"{SHAPES.get(openings, '?')} {'+'.join(compass(d) for d in openings)}"


def names(ctx: Any, tiles: Iterable[int]) -> str:
    listed = [ctx.name(t) for t in tiles]
    return ", ".join(listed) if listed else _("nothing")


def route_cost(obstacle_cells: list[int]) -> str:
    if not obstacle_cells:
        return _("No obstacle on the way.")
    n = len(obstacle_cells)
    text = _n("Crosses {n} obstacle(s): {spaces}", "Crosses {n} obstacle(s): {spaces}", n).format(
        n=n, spaces=", ".join(geo.label(c) for c in obstacle_cells)
    )
    return text[:100]


# --------------------------------------------------------------------------- draws

BAG_EMPTY = N_("The draw bag is empty.")
DRAWS_ENCOUNTER = N_("{who} draws an Encounter: **{name}**.")
DRAWS_BONUS = N_("{who} draws **{name}**.")
YOU_DRAW = N_("You draw: {name}.")
KEEP_ONE_OF = N_("Draw 3, keep 1: {names}.")
KEEP = N_("Keep {name}")

# --------------------------------------------------------------------------- items

USE_FIRST_AID = N_("Use First Aid (+1 ❤)")
USE_FIRST_AID_BULLET = N_("Use First Aid for a Bullet (+1 •)")
USE_AMMUNITION = N_("Use Ammunition (+1 •)")
USE_TORCH = N_("Light a Torch")
TORCH_HELP = N_("Draw a Passage Tile for each end of your passage and place them.")
AID_MATE = N_("First Aid on {who}")
AMMO_MATE = N_("Ammunition for {who}")
GIVE = N_("Give {name} to {who}")
USES = N_("{who} uses {name}.")
USES_FOR_BULLET = N_("{who} uses {name} for a Bullet.")
USES_ON = N_("{who} uses {name} on {other}.")
GIVES = N_("{who} gives {name} to {other}.")
LIGHTS_TORCH = N_("{who} lights a Torch.")
DROP = N_("Discard {name}")
DISCARDS_ITEM = N_("{who} discards {name}.")
EQUIP = N_("Add {name}")
EQUIP_AND_PLAY = N_("Add {name}, then play a Passage Tile")
EQUIP_DONE = N_("Done adding items")
EQUIPS = N_("{who} adds {name} to their equipment.")
USE_ITEMS_DONE = N_("Go on")
ARCH_DONE = N_("Play no Passage Tile")

# --------------------------------------------------------------------------- reactions (any turn)

STANDING_KINDS = {
    "aid": N_("🩹 First Aid that saves me"),
    "torch": N_("🔥 Torch against Koka or a Trap"),
    "bullets": N_("• Bullets against Tauriz"),
    "spend": N_("🎒 Items before a theft"),
}
STANDING_VALUES = {"yes": N_("always"), "ask": N_("ask me"), "no": N_("never")}
STANDING_SET = N_("{what}: {value}")
STANDING_HELP = N_("Now: {now}. {when}")
STANDING_WHEN = {
    "aid": N_("When First Aid in your equipment would keep you from perishing."),
    "torch": N_("Koka and Vikoka attack you, or a Trap on a teammate's turn."),
    "bullets": N_("Tauriz attacks you: each Bullet spent blocks 1 ❤."),
    "spend": N_("First Aid or Ammunition, before Sirrush or a linking player takes items."),
}
HOLDS_ON = N_("🩹 {who} uses First Aid ({n}) and holds on.")
REACT_TORCH = N_("Scare them off with your Torch")
REACT_KEEP_TORCH = N_("Keep the Torch (−{n} ❤)")
REACT_TORCH_TRAP = N_("Avoid the Trap with your Torch")
REACT_KEEP_TORCH_TRAP = N_("Keep the Torch (−1 ❤, lose a turn)")
REACT_BULLETS = N_("Spend {n} • (−{left} ❤)")
REACT_KEEP_BULLETS = N_("Keep your Bullets (−{n} ❤)")
REACT_AID = N_("Use First Aid ({n}) and live")
REACT_NO_AID = N_("Don't: perish")
REACT_SPEND = N_("Use {names} first")
REACT_KEEP = N_("Keep them")
REACT_ALWAYS = N_("Yes, and always from now on")
REACT_NEVER = N_("No, and never from now on")
REACT_QUESTIONS = {
    "torch:monster": N_("Koka and Vikoka attack you: scare them off with your Torch?"),
    "torch:trap": N_("A Trap on your teammate's passage: avoid it with your Torch?"),
    "bullets:monster": N_("Tauriz attacks you: spend Bullets against it?"),
    "aid:monster": N_("The attack would kill you: use First Aid to stay alive?"),
    "aid:shot": N_("The Mercenary's shot would kill you: use First Aid to stay alive?"),
    "aid:beast": N_("The Beast would kill you: use First Aid to stay alive?"),
    "aid:trap": N_("The Trap would kill you: use First Aid to stay alive?"),
    "spend:sirrush": N_("Sirrush is about to steal half your items: use First Aid or Ammunition first?"),
    "spend:link": N_("A linking player may steal an item: use First Aid or Ammunition first?"),
}
REACT_MEANING = N_("You chose to be asked (▶ Play while you wait changes that). No answer in {minutes} min: yes.")

# --------------------------------------------------------------------------- perishing and characters

PERISHES = N_("💀 {who}'s character perishes at {where}.")


def relics_left_for(who: str, count: int) -> str:
    return _n(
        "{who} will pick up {count} Relic(s) on their next turn.",
        "{who} will pick up {count} Relic(s) on their next turn.",
        count,
    ).format(who=who, count=count)


def relics_dropped(count: int, where: str) -> str:
    return _n("{count} Relic(s) lie at {where}.", "{count} Relic(s) lie at {where}.", count).format(
        count=count, where=where
    )


RELIC_ON_TOP = N_("{name} on top · {openings}")
CHOOSES = N_("{who} explores as the **{name}**.")
RETURNS_AS = N_("{who} returns to the Exit as the **{name}**.")


def picks_up(who: str, count: int) -> str:
    return _n("{who} picks up {count} Relic(s).", "{who} picks up {count} Relic(s).", count).format(
        who=who, count=count
    )


# --------------------------------------------------------------------------- moving

MOVE_TOGETHER = N_("Move together with {who}")
MOVE_ALONE = N_("Move alone")
OWNED_BY = N_(" ({who}'s)")
CROSS_WITH = N_("Use {name}{whose}")
CROSS_HEALTH = N_("Pay 1 ❤ (then {left})")
CROSS_PERISH = N_("Cross with no ❤ left: perish")
CROSS_TURN = N_("Cross free, lose your next turn")
CROSS_STOP = N_("Stop before the {name}")
STOPS_AT = N_("{who} stops at the {name} at {where}.")
CROSSES_WITH = N_("{who} crosses the {name} with a {item}.")
CROSSES_TURN = N_("{who} crosses the {name} (and will lose a turn).")
CROSSES_HEALTH = N_("{who} crosses the {name} for 1 ❤.")
STEAL = N_("Steal {name}")
SHOOT = N_("Shoot {who} (1 •: −1 ❤)")
STEAL_NOTHING = N_("Take nothing")
SHOOTS = N_("{who} shoots {other}.")
STEALS = N_("{who} steals {name} from {other}.")
SWAPS = N_("{who} goes back to {where}.")
NO_ROOM_FOR_RELIC = N_("{who} has no room for another Relic.")
TAKES_RELICS = N_("🏺 {who} takes {names}!")
ESCAPES = N_("🏆 {who} escapes through the Exit with {count} Relics!")


def leaves_relics(who: str, count: int, total: int) -> str:
    return _n(
        "{who} leaves {count} Relic(s) at the Exit ({total} there).",
        "{who} leaves {count} Relic(s) at the Exit ({total} there).",
        count,
    ).format(who=who, count=count, total=total)


GO_EXIT = N_("Go to the Exit")
GO_RELIC = N_("Go to {names} at {where}")
STAY = N_("Stay here")
PUSHED = N_("{who} is moved to {where}.")
LINKS = N_("{who} links passages with {other}!")
LINK_TARGET = N_("Link with {who}")

# --------------------------------------------------------------------------- playing tiles

PLAY_TILE = N_("Play {name}")
PLAY_TILES = N_("Play {name} (×{n}, all alike)")
MARKER_SKIP = N_("Don't play it")
BACK = N_("↩ Back")
PLACES = N_("{who} plays {name} at {where}.")
PLAYS_RIVAL = N_("{who} plays a Rival Dead End on {other}'s passage at {where}.")
PLAYS_FOR = N_("{who} plays a tile on {other}'s passage at {where}.")
DIGS = N_("⛏ {who} digs through the wall to {where} (−1 ❤).")
SLIDE_DRAW = N_("Slide! (draw {count})")
MOVE_TO_END = N_("Done: move to the end")
FINISH_PLAY = N_("Done")
SLIDE_DRAWS = N_("🛝 {who} slides and draws {names}.")
SLIDE_SOLO = N_("Two more for the slide: {names}.")
SLIDE_PASSED = N_("{other} chooses the slide's next tile from {names}.")
SLIDE_SKIP = N_("Add none of them")
TORCH_DRAWS = N_("🔥 {who}'s Torch lights the way: {names}.")
TORCH_GO = N_("Go to the {name} at {where}")
TORCH_STAY = N_("Stay here")
MARKER_DRAWS = N_("🪧 {who} follows a Path Marker: {name}.")


def placement_label(p: Any, kind: Any) -> str:
    openings = geo.rotate(kind.openings, p.rot)
    where = geo.label(p.cell)
    if p.mode == "rival":
        return _("{where} · {ends} · on {who}").format(where=where, ends=ends(openings), who=pn(p.target))
    if p.mode == "mate":
        return _("{where} · {ends} · for {who}").format(where=where, ends=ends(openings), who=pn(p.target))
    if p.mode == "dig":
        return _("⛏ {where} · {ends} · dig (−1 ❤)").format(where=where, ends=ends(openings))
    return f"{where} · {ends(openings)}"


def placement_help(p: Any) -> str:
    if p.links:
        return _("Links your passage with {players}.").format(players=", ".join(pn(s) for s in p.links))
    if p.mode == "rival":
        return _("Moves {who} into the dead end.").format(who=pn(p.target))
    if p.mode == "dig":
        return _("The Miner passes through the wall of his tile.")
    return _("Joins {where}.").format(where=geo.label(p.anchor))


# --------------------------------------------------------------------------- the turn

LOSES_TURN = N_("{who} loses this turn.")
DRAW_TWO = N_("Draw 2 tiles")
DRAW_THREE = N_("Draw 3 tiles (Archeologist)")
RESOLVE = N_("Resolve the {name}")
BEAST_SHOOT = N_("Shoot it (−1 •)")
BEAST_HURT = N_("Fight it bare-handed (−{n} ❤)")
BEAST_PERISH = N_("Fight it bare-handed: perish")
BEAST_SHOT = N_("🐾 {who} shoots the Beast.")
BEAST_HURTS = N_("🐾 A Beast mauls {who} (−{n} ❤).")
TRAP_TORCH = N_("Avoid it with a Torch")
TRAP_FALL = N_("Fall in (−1 ❤, lose next turn)")
TRAP_PERISH = N_("Fall in: perish")
TRAP_AVOIDED = N_("🪤 {who}'s Torch shows the Trap in time.")
TRAP_FALLS = N_("🪤 {who} falls into a Trap.")
LINK = N_("Reach {who} through the obstacle")
REDRAW = N_("Discard {name}, draw {n}")
REDRAW_EMPTY = N_("Draw {n} tiles")
REDRAWS = N_("{who} discards a tile and draws {n}.")
END_EXPEDITION = N_("End the expedition")


def expedition_ends(count: int) -> str:
    return _n(
        "The expedition leaves the Catacombs with {count} Relic(s).",
        "The expedition leaves the Catacombs with {count} Relic(s).",
        count,
    ).format(count=count)


PASS = N_("Pass")
PASSES = N_("{who} passes.")
WALK_RELIC = N_("Walk to the Relic at {where}")
WALK_EXIT = N_("Walk to the Exit")
MOVE_RELIC = N_("Move the Relic at {where}")
RELIC_TO = N_("{name} → {where}")
RELIC_TURN = N_("Turn {name} {arrow} ({ends})")
RELIC_TOP = N_("Put {name} on top")
RELIC_MOVED = N_("{who} moves {name} to {where}.")
RELIC_TURNED = N_("{who} turns {name}.")
RELIC_REORDERED = N_("{who} puts {name} on top of its stack.")
EXTRA_TURN = N_("🏺 {who} takes an extra turn.")
X_DRAW = N_("Draw a tile, play a tile")
X_SKIP = N_("Skip the extra turn")
X_DONE = N_("Play nothing")
DISCARD = N_("Discard {name}")
DISCARD_ALL = N_("Discard every {name} ({n})")


def discard_menu(n: int, keep: int) -> str:
    return _n("Discard {n} tile (you keep {keep})…", "Discard {n} tiles (you keep {keep})…", n).format(n=n, keep=keep)


DISCARD_COPY = N_("{name} · {i} of {n} alike")
EQUIP_MENU = N_("Add Items to your Equipment (all at once)…")


def alike_labels(names: list[str]) -> list[str]:
    """Menu labels for tiles of which some look alike: ``L passage · 2 of 3 alike``."""
    total = {name: names.count(name) for name in names}
    seen: dict[str, int] = {}
    labels = []
    for name in names:
        seen[name] = seen.get(name, 0) + 1
        labels.append(_(DISCARD_COPY).format(name=name, i=seen[name], n=total[name]) if total[name] > 1 else name)
    return labels


DISCARDS_DOWN = N_("{who} discards down to {n} tiles.")


def vacated(n: int) -> str:
    return _n("{n} vacated passage tile(s) discarded.", "{n} vacated passage tile(s) discarded.", n).format(n=n)


TIME_UP = N_("⌛ The lamps burn out after {n} rounds (house rule).")

# --------------------------------------------------------------------------- monsters

MONSTER_MOVES = N_("Move {name} ({where})")
THEN_MONSTER = N_("{step}, then {monster}")
THEN_MONSTER_MENU = N_("{step}, then {monster}: {where}…")
MONSTER_PREVIEW_ATTACK = N_("Lands on {where}: attacks {who}")
MONSTER_PREVIEW_TILE = N_("Lands on the passage at {where}")
MONSTER_PREVIEW_STOP = N_("Stops at {where}")
MONSTER_WALKS = N_("👹 {name} moves to {where}.")
MONSTER_ATTACKS = N_("👹 {name} attacks at {where}!")
MONSTER_RETURN = N_("Back to {where}")
MONSTER_BACK = N_("{name} returns to {where}.")
SCARED = N_("🔥 {who} scares off Koka and Vikoka with a Torch.")
BITES = N_("{who} loses {n} ❤.")
BLOCKS = N_("{who} spends {n} • against Tauriz.")
SIRRUSH_STEALS = N_("Sirrush steals {names} from {who}.")


def groot_steals(count: int, who: str) -> str:
    return _n(
        "Grootslang steals {count} Relic(s) from {who}.", "Grootslang steals {count} Relic(s) from {who}.", count
    ).format(count=count, who=who)


GROOT_PLACE = N_("{name} → {where}")
GROOT_PLACED = N_("Grootslang leaves {name} at {where}.")
MINHOCAO = N_("Minhocão makes {who} discard their hand.")
YAOGUAI_TARGET = N_("Send to {where}")
YAOGUAI_SENDS = N_("Yaoguai sends the tile at {old} to {where}.")

# --------------------------------------------------------------------------- status and prompts

ROUND_STATUS = N_("Round {round} · {who}'s turn")
ROUND_STATUS_LAMPS = N_("Round {round}/{limit} (lamps, house rule) · {who}'s turn")
GOAL_COMPETITIVE = N_("escape with {n} Relics to win")
GOAL_TEAM = N_("{n}/{total} Relics at the Exit")
OVER_STATUS = {
    "escaped": N_("The game is over: an explorer escaped with the Relics."),
    "limit": N_("The game is over: the lamps burned out."),
    "perished": N_("The game is over: a character perished."),
    "delivered": N_("The game is over: every Relic is at the Exit."),
    "expedition": N_("The game is over: the expedition left the Catacombs."),
}
STEP_STATUS = {
    "draft": N_("{who} is choosing a character."),
    "pchar": N_("{who} is choosing a new character."),
    "ptop": N_("{who} is laying down their Relics."),
    "arch": N_("{who} is drawing tiles."),
    "keep": N_("{who} is choosing a tile to keep."),
    "enc": N_("{who} is choosing an Encounter to resolve."),
    "beast": N_("{who} faces a Beast."),
    "trap": N_("{who} faces a Trap."),
    "action": N_("{who} is taking an action."),
    "place": N_("{who} is playing tiles."),
    "chain": N_("{who} is playing tiles."),
    "target": N_("{who} is choosing whom to link with."),
    "slide_pick": N_("{who} is choosing the slide's next tile."),
    "torch_pick": N_("{who} is lighting the way with a Torch."),
    "torch_move": N_("{who} is lighting the way with a Torch."),
    "cross": N_("{who} is at an obstacle."),
    "steal": N_("{who} is choosing what to steal."),
    "arrive": N_("{who} is choosing where to go."),
    "together": N_("{who} is deciding whether to move together."),
    "room": N_("{who} is making room in their equipment."),
    "equip": N_("{who} is adding items."),
    "relic": N_("{who} is moving a Relic."),
    "extra": N_("{who} is taking an extra turn."),
    "x_play": N_("{who} is taking an extra turn."),
    "discard": N_("{who} is discarding down."),
    "use_items": N_("{who} may use the items just added."),
    "arch_play": N_("{who} is playing a Passage Tile (Archeologist)."),
    "react": N_("{who} is deciding whether to use an item."),
    "monster": N_("{who} is choosing a monster to move."),
    "mreturn": N_("{who} is placing a monster back."),
    "groot": N_("{who} is placing a Relic Grootslang stole."),
    "yao": N_("{who} is choosing where Yaoguai sends a tile."),
}
EMPTY_HAND = N_("Your hand is empty.")
YOUR_HAND = N_("Your hand: {tiles}.")
YOUR_RELICS = N_("Your Relics (face down): {names}.")
WAITING = N_("Nothing to decide right now.\nYou will be asked when it is your turn.")
PROMPTS = {
    "draft": (N_("Choose your character."), N_("Each has an ability; see the descriptions.")),
    "pchar": (
        N_("Your character perished. Choose a new one."),
        N_("You start again at the Exit with 3 ❤ and 3 • (4 ❤ for the Athlete)."),
    ),
    "ptop": (
        N_("Which of your Relics lies on top, and how is it turned?"),
        N_("Its passage is the one a player must reach to take the stack."),
    ),
    "arch": (
        N_("Draw 2 tiles, or 3 as the Archeologist?"),
        N_("Encounters must be resolved; other tiles go to your hand."),
    ),
    "keep": (N_("Draw 3, keep 1: which tile do you keep?"), N_("The others are discarded:")),
    "enc": (N_("Two Encounters: which do you resolve?"), N_("The other is discarded. Resolving one ends your action.")),
    "beast": (
        N_("A Beast attacks! Shoot it or fight bare-handed?"),
        N_("A Bullet saves your health; without one you lose ❤ (owing ❤ at 0, you perish)."),
    ),
    "trap": (N_("You fall into a Trap!"), N_("Lose 1 ❤ and your next turn, unless a Torch shows it in time.")),
    "action": (
        N_("Your action: play tiles, add items, move a Relic, discard and draw, or pass."),
        N_("Playing tiles moves your pawn to the end of the last tile you play."),
    ),
    "place": (N_("Where does the {subject} go?"), N_("Grid space and the tile's passage ends after turning it.")),
    "chain": (
        N_("Play another tile, or finish?"),
        N_("Each new tile must join the last one; then your pawn moves to its end."),
    ),
    "target": (
        N_("Your passage links with several players: whom do you pass?"),
        N_("You may steal one item from that player; then you swap ends."),
    ),
    "slide_pick": (
        N_("Choose a tile for the slide."),
        N_("It is added to the end of the slide; the slider moves to the last tile."),
    ),
    "torch_pick": (N_("Your Torch: which tile goes next?"), N_("Each drawn tile is added to one end of your passage.")),
    "torch_move": (
        N_("Move into one of the lit passages?"),
        N_("You move to the end of the tile you pick (obstacles still cost)."),
    ),
    "cross": (N_("A {subject} blocks the way."), N_("Use the matching item or pay 1 ❤ to cross, or stop before it.")),
    "steal": (
        N_("You pass the other player: take something?"),
        N_("Any item or Relic from their equipment; then they go back your way."),
    ),
    "arrive": (N_("Your passage reaches a Relic or the Exit. Go there?"), N_("Taking a Relic earns an extra turn.")),
    "together": (
        N_("Move together with your teammate?"),
        N_("Moving together, you both cross obstacles (either's items may pay)."),
    ),
    "room": (
        N_("Your equipment is full: discard an item."),
        N_("Relics cannot be discarded. First Aid and Ammunition are used as they go."),
    ),
    "equip": (
        N_("Add items to your equipment."),
        N_("Items in your hand cannot be used until they are in your equipment."),
    ),
    "relic": (
        N_("Move, turn or reorder this Relic."),
        N_("Relics cannot pass archways; reach one with your passage to take it."),
    ),
    "extra": (
        N_("Extra turn for your Relic!"),
        N_("Draw a tile and play one, discard one and draw 2, or move a Relic."),
    ),
    "x_play": (N_("Play one tile?"), N_("Your extra turn allows one Passage Tile.")),
    "discard": (N_("Discard down to your hand limit."), N_("5 tiles (3 for a Traveler carrying 5 items).")),
    "use_items": (
        N_("Use an item you just added?"),
        N_("An item can be used at once after it is added; or go on with your turn."),
    ),
    "arch_play": (
        N_("Play a Passage Tile with your new item?"),
        N_("The Archeologist plays 1 Item Tile and 1 Passage Tile when he drew no Encounter."),
    ),
    "react": ("{subject}", REACT_MEANING),
    "monster": (
        N_("Move which monster?"),
        N_("It jumps by the tiles vacated this turn, then follows the arrows; a passage it lands on is attacked."),
    ),
    "mreturn": (N_("Where does the monster go back to?"), N_("A free centre space of its quadrant.")),
    "groot": (N_("Where does Grootslang leave the stolen Relic?"), N_("A Relic starting space in another quadrant.")),
    "yao": (N_("Where does Yaoguai send the tile?"), N_("A marked space in the diagonally opposite quadrant.")),
}

# --------------------------------------------------------------------------- engine

GAME_OVER = N_("This game is over.")
NOT_YOUR_TURN = N_("Not now: the game waits for {who}.")
NOT_POSSIBLE = N_("That move is not possible now.")
RESULT_ESCAPED = N_("{who} escaped through the Exit with {n} Relics.")
RESULT_LIMIT = N_("Nobody escaped before the lamps burned out. Most Relics ({n}): {who}.")
RESULT_TEAM_WON = N_("The expedition brought {n} of {total} Relics to the Exit.")
RESULT_TEAM_LOST = {
    "perished": N_("A character perished. Relics at the Exit: {n} of {total}."),
    "limit": N_("The lamps burned out. Relics at the Exit: {n} of {total}."),
    "delivered": N_("Relics at the Exit: {n} of {total}."),
    "expedition": N_("The expedition left with no Relic ({n} of {total})."),
}
REVEAL = N_("Hands at the end: {hands}.")
