"""Catacombs of Mu's "❓" texts: each decision with the sentence of the rule text (003, by George
Jaros, CC BY-NC-SA 4.0) it comes from. Kept apart from ``texts.py`` so it changes on its own."""

from __future__ import annotations

from bot.engine.rulehelp import RuleQuote, help_for
from bot.games.catacombs.views import SeatView

CHARACTERS = "Characters"
ACTIONS = "Phase 2 – Actions"
PLAY_TILES = "Play Tiles"

ENCOUNTER = RuleQuote(
    "Two Encounters came up together: you resolve one of them, and that is your action.",
    "Phase 1 – Draw Tiles",
    "If both tiles are Encounter tiles the player may choose which to resolve.",
)
RELIC = RuleQuote(
    "Reaching a Relic's passage takes it into your equipment, and you take another turn.",
    "Acquiring Relics",
    "He can then immediately add the Relic Tile face down to his Equipment (discarding another item if necessary).",
)
PASSAGE = RuleQuote(
    "Each passage tile must join the end of your passage; your pawn then moves to the end of the last one.",
    PLAY_TILES,
    "Tiles must be placed so that each tile connects to the previous tile played.",
)

HELP = {
    "draft": RuleQuote("Each character has an ability that bends one rule.", CHARACTERS, "Characters:"),
    "pchar": RuleQuote(
        "Your character perished, but you play on from the start with a new one.",
        "Perishing",
        "He may choose another character and take 3 Health Point tokens (4 for the Athlete) and 3 Bullet tokens "
        "and continue playing.",
    ),
    "ptop": RuleQuote(
        "The Relics you carried stay where you perished, stacked as you choose.",
        "Perishing",
        "The Passage Tile that the character had occupied is replaced with any Relic Tiles the character had (if "
        "there were two or more they are stacked, with the player choosing the orientation and order of the Relics).",
    ),
    "arch": RuleQuote(
        "The Archeologist may draw one tile more than others.",
        CHARACTERS,
        "When drawing tiles the Archeologist may choose to draw 1 additional tile.",
    ),
    "keep": RuleQuote(
        "A bonus tile lets you look at three tiles and keep one.",
        "Phase 1 – Draw Tiles",
        "If you draw fewer than 3 Encounters you can choose to keep the non-Encounter tile.",
    ),
    "enc": ENCOUNTER,
    "beast": RuleQuote(
        "A Beast attacks: a Bullet defeats it, otherwise it costs Health.",
        "Resolve Encounter",
        "Beast Encounters will cause you to lose 1 Health Point, unless you have ammunition for your gun, then "
        "spend 1 Bullet to defeat the Beast.",
    ),
    "trap": RuleQuote(
        "A Trap costs Health and your next turn, unless a Torch lights it in time.",
        "Resolve Encounter",
        "Among the dangers are traps that will cause you to lose 1 Health Point and also lose 1 turn, unless you "
        "use a Torch to avoid the Trap.",
    ),
    "action": RuleQuote(
        "One action a turn: play tiles, add items, discard and draw, move a Relic, or pass.",
        ACTIONS,
        "A player may take 1 Action.",
    ),
    "place": PASSAGE,
    "chain": PASSAGE,
    "x_play": PASSAGE,
    "target": RuleQuote(
        "Your passage links with another player's: you pass each other, and you may steal as you pass.",
        "Linking to Another Player's Passage",
        "If you play a tile that links your passage to another player's passage each player moves their pawn to "
        "the end of the passage in opposite directions.",
    ),
    "steal": RuleQuote(
        "Passing another player, you may take one item of their equipment.",
        "Linking to Another Player's Passage",
        "In passing the Active player may steal one Item from the other player.",
    ),
    "slide_pick": RuleQuote(
        "A slide adds drawn passages to its end, and you slide to the last one.",
        "Special Passage Tiles",
        "You may add one of the Passage Tiles to the end of the Slide Tile.",
    ),
    "torch_pick": RuleQuote(
        "Your Torch lights every way out of your tile with a drawn passage.",
        "Items",
        "Or a Torch can be discarded on a player's turn in which they did not have an Encounter to illuminate the "
        "passage ahead.",
    ),
    "torch_move": RuleQuote(
        "Your Torch lights every way out of your tile with a drawn passage.",
        "Items",
        "Or a Torch can be discarded on a player's turn in which they did not have an Encounter to illuminate the "
        "passage ahead.",
    ),
    "cross": RuleQuote(
        "An obstacle blocks the way: the matching item or 1 Health crosses it, or you stop before it.",
        "Special Movement Rules",
        "*Obstacles* – you may choose to play an Obstacle Passage Tile and not move through the Obstacle.",
    ),
    "arrive": RELIC,
    "together": RuleQuote(
        "In the co-op game two players on one passage may move on together.",
        "Coop Variant",
        "In this case whenever one player adds to the passage both characters can move together.",
    ),
    "room": RuleQuote(
        "Your equipment holds four items (five for the Traveler), Relics included.",
        PLAY_TILES,
        "NOTE: You may only carry four Items at any one time, including Relics (the Traveler may carry 5 items).",
    ),
    "equip": RuleQuote(
        "Items work only from your equipment, and adding them is your action.",
        "Using Items",
        "Items may not be used directly from a player's hand, they must be added to a character's Equipment before "
        "they can be used.",
    ),
    "relic": RuleQuote(
        "Moving a Relic is an action: one space, or a quarter turn.",
        "Move One Relic Tile",
        "Instead of playing tiles a player may choose to move one Relic Tile one space horizontally or vertically, "
        "or rotating one Relic Tile 90 degrees.",
    ),
    "extra": RELIC,
    "discard": RuleQuote(
        "At the end of your turn your hand goes down to its limit.",
        "Phase 3 – Discard Down to 5 Tiles",
        "After playing tiles and resolving Encounters the active player should discard down to 5 tiles in his hand "
        "(3 tiles for the Traveler if he has 5 items in his Equipment).",
    ),
    "monster": RuleQuote(
        "After your turn you move a monster of a quadrant where a pawn is.",
        "Phase 5 – Move Monsters",
        "If playing with Monsters the player must now move one Monster tile.",
    ),
    "mreturn": RuleQuote(
        "A monster that attacked goes back to the centre of its quadrant.",
        "Phase 5 – Move Monsters",
        "After attacking the Monster stops moving and will return to one of the four center  spaces of its quadrant "
        "of the Catacombs.",
    ),
    "groot": RuleQuote(
        "Grootslang takes the Relics it found to another quadrant.",
        "Monsters",
        "Place the Relic(s) on any Relic starting spaces in another quadrant.",
    ),
    "yao": RuleQuote(
        "Yaoguai sends the character and its tile across the Catacombs.",
        "Monsters",
        "This may be helpful or harmful depending on the character's current goal.",
    ),
}


def rule_help(view: SeatView) -> str:
    return help_for(HELP, view.decision)
