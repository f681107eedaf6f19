"""Every sentence a player reads in Catacombs of Mu: events, choice labels, prompts, status.

``{who}`` / ``{other}`` are filled with ``pn(seat)`` (``{p0}``), which the table turns into the
seat's colour and name.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from bot.games.catacombs import geometry as geo


def pn(seat: int) -> str:
    return "{p%d}" % seat


HEART = "❤"
BULLET = "•"
OBSTACLE_NAMES = {"gulch": "Gulch", "cave_in": "Cave In", "flooded": "Flooded Passage"}
DIR_WORDS = {"N": "N", "E": "E", "S": "S", "W": "W"}
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


def ends(openings: str) -> str:
    return f"{SHAPES.get(openings, '?')} {'+'.join(openings)}"


def names(ctx: Any, tiles: Iterable[int]) -> str:
    listed = [ctx.name(t) for t in tiles]
    return ", ".join(listed) if listed else "nothing"


def route_cost(obstacle_cells: list[int]) -> str:
    if not obstacle_cells:
        return "No obstacle on the way."
    text = f"Crosses {len(obstacle_cells)} obstacle(s): " + ", ".join(geo.label(c) for c in obstacle_cells)
    return text[:100]


# --------------------------------------------------------------------------- draws

BAG_EMPTY = "The draw bag is empty."
DRAWS_ENCOUNTER = "{who} draws an Encounter: **{name}**."
DRAWS_BONUS = "{who} draws **{name}**."
YOU_DRAW = "You draw: {name}."
KEEP_ONE_OF = "Draw 3, keep 1: {names}."
KEEP = "Keep {name}"

# --------------------------------------------------------------------------- items

USE_FIRST_AID = "Use First Aid (+1 ❤)"
USE_FIRST_AID_BULLET = "Use First Aid for a Bullet (+1 •)"
USE_AMMUNITION = "Use Ammunition (+1 •)"
USE_TORCH = "Light a Torch"
TORCH_HELP = "Draw a Passage Tile for each end of your passage and place them."
AID_MATE = "First Aid on {who}"
AMMO_MATE = "Ammunition for {who}"
GIVE = "Give {name} to {who}"
USES = "{who} uses {name}."
USES_FOR_BULLET = "{who} uses {name} for a Bullet."
USES_ON = "{who} uses {name} on {other}."
GIVES = "{who} gives {name} to {other}."
LIGHTS_TORCH = "{who} lights a Torch."
DROP = "Discard {name}"
DISCARDS_ITEM = "{who} discards {name}."
EQUIP = "Add {name}"
EQUIP_AND_PLAY = "Add {name}, then play a Passage Tile"
EQUIP_DONE = "Done adding items"
EQUIPS = "{who} adds {name} to their equipment."
USE_ITEMS_DONE = "Go on"
ARCH_DONE = "Play no Passage Tile"

# --------------------------------------------------------------------------- reactions (any turn)

STANDING_KINDS = {
    "aid": "🩹 First Aid that saves me",
    "torch": "🔥 Torch against Koka or a Trap",
    "bullets": "• Bullets against Tauriz",
    "spend": "🎒 Items before a theft",
}
STANDING_VALUES = {"yes": "always", "ask": "ask me", "no": "never"}
STANDING_SET = "{what}: {value}"
STANDING_HELP = "Now: {now}. {when}"
STANDING_WHEN = {
    "aid": "When First Aid in your equipment would keep you from perishing.",
    "torch": "Koka and Vikoka attack you, or a Trap on a teammate's turn.",
    "bullets": "Tauriz attacks you: each Bullet spent blocks 1 ❤.",
    "spend": "First Aid or Ammunition, before Sirrush or a linking player takes items.",
}
HOLDS_ON = "🩹 {who} uses First Aid ({n}) and holds on."
REACT_TORCH = "Scare them off with your Torch"
REACT_KEEP_TORCH = "Keep the Torch (−{n} ❤)"
REACT_TORCH_TRAP = "Avoid the Trap with your Torch"
REACT_KEEP_TORCH_TRAP = "Keep the Torch (−1 ❤, lose a turn)"
REACT_BULLETS = "Spend {n} • (−{left} ❤)"
REACT_KEEP_BULLETS = "Keep your Bullets (−{n} ❤)"
REACT_AID = "Use First Aid ({n}) and live"
REACT_NO_AID = "Don't: perish"
REACT_SPEND = "Use {names} first"
REACT_KEEP = "Keep them"
REACT_ALWAYS = "Yes, and always from now on"
REACT_NEVER = "No, and never from now on"
REACT_QUESTIONS = {
    "torch:monster": "Koka and Vikoka attack you: scare them off with your Torch?",
    "torch:trap": "A Trap on your teammate's passage: avoid it with your Torch?",
    "bullets:monster": "Tauriz attacks you: spend Bullets against it?",
    "aid:monster": "The attack would kill you: use First Aid to stay alive?",
    "aid:shot": "The Mercenary's shot would kill you: use First Aid to stay alive?",
    "aid:beast": "The Beast would kill you: use First Aid to stay alive?",
    "aid:trap": "The Trap would kill you: use First Aid to stay alive?",
    "spend:sirrush": "Sirrush is about to steal half your items: use First Aid or Ammunition first?",
    "spend:link": "A linking player may steal an item: use First Aid or Ammunition first?",
}
REACT_MEANING = "You chose to be asked (▶ Play while you wait changes that). No answer in {minutes} min: yes."

# --------------------------------------------------------------------------- perishing and characters

PERISHES = "💀 {who}'s character perishes at {where}."
RELICS_LEFT_FOR = "{who} will pick up {count} Relic(s) on their next turn."
RELICS_DROPPED = "{count} Relic(s) lie at {where}."
RELIC_ON_TOP = "{name} on top · {openings}"
CHOOSES = "{who} explores as the **{name}**."
RETURNS_AS = "{who} returns to the Exit as the **{name}**."
PICKS_UP = "{who} picks up {count} Relic(s)."

# --------------------------------------------------------------------------- moving

MOVE_TOGETHER = "Move together with {who}"
MOVE_ALONE = "Move alone"
OWNED_BY = " ({who}'s)"
CROSS_WITH = "Use {name}{whose}"
CROSS_HEALTH = "Pay 1 ❤ (then {left})"
CROSS_PERISH = "Cross with no ❤ left: perish"
CROSS_TURN = "Cross free, lose your next turn"
CROSS_STOP = "Stop before the {name}"
STOPS_AT = "{who} stops at the {name} at {where}."
CROSSES_WITH = "{who} crosses the {name} with a {item}."
CROSSES_TURN = "{who} crosses the {name} (and will lose a turn)."
CROSSES_HEALTH = "{who} crosses the {name} for 1 ❤."
STEAL = "Steal {name}"
SHOOT = "Shoot {who} (1 •: −1 ❤)"
STEAL_NOTHING = "Take nothing"
SHOOTS = "{who} shoots {other}."
STEALS = "{who} steals {name} from {other}."
SWAPS = "{who} goes back to {where}."
NO_ROOM_FOR_RELIC = "{who} has no room for another Relic."
TAKES_RELICS = "🏺 {who} takes {names}!"
ESCAPES = "🏆 {who} escapes through the Exit with {count} Relics!"
LEAVES_RELICS = "{who} leaves {count} Relic(s) at the Exit ({total} there)."
GO_EXIT = "Go to the Exit"
GO_RELIC = "Go to {names} at {where}"
STAY = "Stay here"
PUSHED = "{who} is moved to {where}."
LINKS = "{who} links passages with {other}!"
LINK_TARGET = "Link with {who}"

# --------------------------------------------------------------------------- playing tiles

PLAY_TILE = "Play {name}"
PLAY_TILES = "Play {name} (×{n}, all alike)"
MARKER_SKIP = "Don't play it"
BACK = "↩ Back"
PLACES = "{who} plays {name} at {where}."
PLAYS_RIVAL = "{who} plays a Rival Dead End on {other}'s passage at {where}."
PLAYS_FOR = "{who} plays a tile on {other}'s passage at {where}."
DIGS = "⛏ {who} digs through the wall to {where} (−1 ❤)."
SLIDE_DRAW = "Slide! (draw {count})"
MOVE_TO_END = "Done: move to the end"
FINISH_PLAY = "Done"
SLIDE_DRAWS = "🛝 {who} slides and draws {names}."
SLIDE_SOLO = "Two more for the slide: {names}."
SLIDE_PASSED = "{other} chooses the slide's next tile from {names}."
SLIDE_SKIP = "Add none of them"
TORCH_DRAWS = "🔥 {who}'s Torch lights the way: {names}."
TORCH_GO = "Go to the {name} at {where}"
TORCH_STAY = "Stay here"
MARKER_DRAWS = "🪧 {who} follows a Path Marker: {name}."


def placement_label(p: Any, kind: Any) -> str:
    openings = geo.rotate(kind.openings, p.rot)
    where = geo.label(p.cell)
    if p.mode == "rival":
        return f"{where} · {ends(openings)} · on {pn(p.target)}"
    if p.mode == "mate":
        return f"{where} · {ends(openings)} · for {pn(p.target)}"
    if p.mode == "dig":
        return f"⛏ {where} · {ends(openings)} · dig (−1 ❤)"
    return f"{where} · {ends(openings)}"


def placement_help(p: Any) -> str:
    if p.links:
        return "Links your passage with " + ", ".join(pn(s) for s in p.links) + "."
    if p.mode == "rival":
        return f"Moves {pn(p.target)} into the dead end."
    if p.mode == "dig":
        return "The Miner passes through the wall of his tile."
    return f"Joins {geo.label(p.anchor)}."


# --------------------------------------------------------------------------- the turn

LOSES_TURN = "{who} loses this turn."
DRAW_TWO = "Draw 2 tiles"
DRAW_THREE = "Draw 3 tiles (Archeologist)"
RESOLVE = "Resolve the {name}"
BEAST_SHOOT = "Shoot it (−1 •)"
BEAST_HURT = "Fight it bare-handed (−{n} ❤)"
BEAST_PERISH = "Fight it bare-handed: perish"
BEAST_SHOT = "🐾 {who} shoots the Beast."
BEAST_HURTS = "🐾 A Beast mauls {who} (−{n} ❤)."
TRAP_TORCH = "Avoid it with a Torch"
TRAP_FALL = "Fall in (−1 ❤, lose next turn)"
TRAP_PERISH = "Fall in: perish"
TRAP_AVOIDED = "🪤 {who}'s Torch shows the Trap in time."
TRAP_FALLS = "🪤 {who} falls into a Trap."
LINK = "Reach {who} through the obstacle"
REDRAW = "Discard {name}, draw {n}"
REDRAW_EMPTY = "Draw {n} tiles"
REDRAWS = "{who} discards a tile and draws {n}."
END_EXPEDITION = "End the expedition"
EXPEDITION_ENDS = "The expedition leaves the Catacombs with {count} Relic(s)."
PASS = "Pass"
PASSES = "{who} passes."
WALK_RELIC = "Walk to the Relic at {where}"
WALK_EXIT = "Walk to the Exit"
MOVE_RELIC = "Move the Relic at {where}"
RELIC_TO = "{name} → {where}"
RELIC_TURN = "Turn {name} {arrow} ({ends})"
RELIC_TOP = "Put {name} on top"
RELIC_MOVED = "{who} moves {name} to {where}."
RELIC_TURNED = "{who} turns {name}."
RELIC_REORDERED = "{who} puts {name} on top of its stack."
EXTRA_TURN = "🏺 {who} takes an extra turn."
X_DRAW = "Draw a tile, play a tile"
X_SKIP = "Skip the extra turn"
X_DONE = "Play nothing"
DISCARD = "Discard {name}"
DISCARD_ALL = "Discard every {name} ({n})"
DISCARD_MENU = "Discard {n} tile{s} (you keep {keep})…"
DISCARD_COPY = "{name} · {i} of {n} alike"
EQUIP_MENU = "Add Items to your Equipment (all at once)…"


def alike_labels(names: list[str]) -> list[str]:
    """Menu labels for tiles of which some look alike: ``L passage · 2 of 3 alike``."""
    total = {name: names.count(name) for name in names}
    seen: dict[str, int] = {}
    labels = []
    for name in names:
        seen[name] = seen.get(name, 0) + 1
        labels.append(DISCARD_COPY.format(name=name, i=seen[name], n=total[name]) if total[name] > 1 else name)
    return labels


DISCARDS_DOWN = "{who} discards down to {n} tiles."
VACATED = "{n} vacated passage tile(s) discarded."
TIME_UP = "⌛ The lamps burn out after {n} rounds (house rule)."

# --------------------------------------------------------------------------- monsters

MONSTER_MOVES = "Move {name} ({where})"
THEN_MONSTER = "{step}, then {monster}"
THEN_MONSTER_MENU = "{step}, then {monster}: {where}…"
MONSTER_PREVIEW_ATTACK = "Lands on {where}: attacks {who}"
MONSTER_PREVIEW_TILE = "Lands on the passage at {where}"
MONSTER_PREVIEW_STOP = "Stops at {where}"
MONSTER_WALKS = "👹 {name} moves to {where}."
MONSTER_ATTACKS = "👹 {name} attacks at {where}!"
MONSTER_RETURN = "Back to {where}"
MONSTER_BACK = "{name} returns to {where}."
SCARED = "🔥 {who} scares off Koka and Vikoka with a Torch."
BITES = "{who} loses {n} ❤."
BLOCKS = "{who} spends {n} • against Tauriz."
SIRRUSH_STEALS = "Sirrush steals {names} from {who}."
GROOT_STEALS = "Grootslang steals {count} Relic(s) from {who}."
GROOT_PLACE = "{name} → {where}"
GROOT_PLACED = "Grootslang leaves {name} at {where}."
MINHOCAO = "Minhocão makes {who} discard their hand."
YAOGUAI_TARGET = "Send to {where}"
YAOGUAI_SENDS = "Yaoguai sends the tile at {old} to {where}."

# --------------------------------------------------------------------------- status and prompts

ROUND_STATUS = "Round {round} · {who}'s turn"
ROUND_STATUS_LAMPS = "Round {round}/{limit} (lamps, house rule) · {who}'s turn"
GOAL_COMPETITIVE = "escape with {n} Relics to win"
GOAL_TEAM = "{n}/{total} Relics at the Exit"
OVER_STATUS = {
    "escaped": "The game is over: an explorer escaped with the Relics.",
    "limit": "The game is over: the lamps burned out.",
    "perished": "The game is over: a character perished.",
    "delivered": "The game is over: every Relic is at the Exit.",
    "expedition": "The game is over: the expedition left the Catacombs.",
}
STEP_STATUS = {
    "draft": "{who} is choosing a character.",
    "pchar": "{who} is choosing a new character.",
    "ptop": "{who} is laying down their Relics.",
    "arch": "{who} is drawing tiles.",
    "keep": "{who} is choosing a tile to keep.",
    "enc": "{who} is choosing an Encounter to resolve.",
    "beast": "{who} faces a Beast.",
    "trap": "{who} faces a Trap.",
    "action": "{who} is taking an action.",
    "place": "{who} is playing tiles.",
    "chain": "{who} is playing tiles.",
    "target": "{who} is choosing whom to link with.",
    "slide_pick": "{who} is choosing the slide's next tile.",
    "torch_pick": "{who} is lighting the way with a Torch.",
    "torch_move": "{who} is lighting the way with a Torch.",
    "cross": "{who} is at an obstacle.",
    "steal": "{who} is choosing what to steal.",
    "arrive": "{who} is choosing where to go.",
    "together": "{who} is deciding whether to move together.",
    "room": "{who} is making room in their equipment.",
    "equip": "{who} is adding items.",
    "relic": "{who} is moving a Relic.",
    "extra": "{who} is taking an extra turn.",
    "x_play": "{who} is taking an extra turn.",
    "discard": "{who} is discarding down.",
    "use_items": "{who} may use the items just added.",
    "arch_play": "{who} is playing a Passage Tile (Archeologist).",
    "react": "{who} is deciding whether to use an item.",
    "monster": "{who} is choosing a monster to move.",
    "mreturn": "{who} is placing a monster back.",
    "groot": "{who} is placing a Relic Grootslang stole.",
    "yao": "{who} is choosing where Yaoguai sends a tile.",
}
EMPTY_HAND = "Your hand is empty."
YOUR_HAND = "Your hand: {tiles}."
YOUR_RELICS = "Your Relics (face down): {names}."
WAITING = "Nothing to decide right now.\nYou will be asked when it is your turn."
PROMPTS = {
    "draft": ("Choose your character.", "Each has an ability; see the descriptions."),
    "pchar": (
        "Your character perished. Choose a new one.",
        "You start again at the Exit with 3 ❤ and 3 • (4 ❤ for the Athlete).",
    ),
    "ptop": (
        "Which of your Relics lies on top, and how is it turned?",
        "Its passage is the one a player must reach to take the stack.",
    ),
    "arch": ("Draw 2 tiles, or 3 as the Archeologist?", "Encounters must be resolved; other tiles go to your hand."),
    "keep": ("Draw 3, keep 1: which tile do you keep?", "The others are discarded:"),
    "enc": ("Two Encounters: which do you resolve?", "The other is discarded. Resolving one ends your action."),
    "beast": (
        "A Beast attacks! Shoot it or fight bare-handed?",
        "A Bullet saves your health; without one you lose ❤ (owing ❤ at 0, you perish).",
    ),
    "trap": ("You fall into a Trap!", "Lose 1 ❤ and your next turn, unless a Torch shows it in time."),
    "action": (
        "Your action: play tiles, add items, move a Relic, discard and draw, or pass.",
        "Playing tiles moves your pawn to the end of the last tile you play.",
    ),
    "place": ("Where does the {subject} go?", "Grid space and the tile's passage ends after turning it."),
    "chain": (
        "Play another tile, or finish?",
        "Each new tile must join the last one; then your pawn moves to its end.",
    ),
    "target": (
        "Your passage links with several players: whom do you pass?",
        "You may steal one item from that player; then you swap ends.",
    ),
    "slide_pick": (
        "Choose a tile for the slide.",
        "It is added to the end of the slide; the slider moves to the last tile.",
    ),
    "torch_pick": ("Your Torch: which tile goes next?", "Each drawn tile is added to one end of your passage."),
    "torch_move": (
        "Move into one of the lit passages?",
        "You move to the end of the tile you pick (obstacles still cost).",
    ),
    "cross": ("A {subject} blocks the way.", "Use the matching item or pay 1 ❤ to cross, or stop before it."),
    "steal": (
        "You pass the other player: take something?",
        "Any item or Relic from their equipment; then they go back your way.",
    ),
    "arrive": ("Your passage reaches a Relic or the Exit. Go there?", "Taking a Relic earns an extra turn."),
    "together": (
        "Move together with your teammate?",
        "Moving together, you both cross obstacles (either's items may pay).",
    ),
    "room": (
        "Your equipment is full: discard an item.",
        "Relics cannot be discarded. First Aid and Ammunition are used as they go.",
    ),
    "equip": ("Add items to your equipment.", "Items in your hand cannot be used until they are in your equipment."),
    "relic": (
        "Move, turn or reorder this Relic.",
        "Relics cannot pass archways; reach one with your passage to take it.",
    ),
    "extra": (
        "Extra turn for your Relic!",
        "Draw a tile and play one, discard one and draw 2, or move a Relic.",
    ),
    "x_play": ("Play one tile?", "Your extra turn allows one Passage Tile."),
    "discard": ("Discard down to your hand limit.", "5 tiles (3 for a Traveler carrying 5 items)."),
    "use_items": (
        "Use an item you just added?",
        "An item can be used at once after it is added; or go on with your turn.",
    ),
    "arch_play": (
        "Play a Passage Tile with your new item?",
        "The Archeologist plays 1 Item Tile and 1 Passage Tile when he drew no Encounter.",
    ),
    "react": ("{subject}", REACT_MEANING),
    "monster": (
        "Move which monster?",
        "It jumps by the tiles vacated this turn, then follows the arrows; a passage it lands on is attacked.",
    ),
    "mreturn": ("Where does the monster go back to?", "A free centre space of its quadrant."),
    "groot": ("Where does Grootslang leave the stolen Relic?", "A Relic starting space in another quadrant."),
    "yao": ("Where does Yaoguai send the tile?", "A marked space in the diagonally opposite quadrant."),
}

# --------------------------------------------------------------------------- engine

GAME_OVER = "This game is over."
NOT_YOUR_TURN = "Not now: the game waits for {who}."
NOT_POSSIBLE = "That move is not possible now."
RESULT_ESCAPED = "{who} escaped through the Exit with {n} Relics."
RESULT_LIMIT = "Nobody escaped before the lamps burned out. Most Relics ({n}): {who}."
RESULT_TEAM_WON = "The expedition brought {n} of {total} Relics to the Exit."
RESULT_TEAM_LOST = {
    "perished": "A character perished. Relics at the Exit: {n} of {total}.",
    "limit": "The lamps burned out. Relics at the Exit: {n} of {total}.",
    "delivered": "Relics at the Exit: {n} of {total}.",
    "expedition": "The expedition left with no Relic ({n} of {total}).",
}
REVEAL = "Hands at the end: {hands}."
