"""Catacombs of Mu's "❓" texts: each decision with the sentence of the rule text (003, by George
Jaros, CC BY-NC-SA 4.0) it comes from. Kept apart from ``texts.py`` so it changes on its own.

The texts are marked here and translated when shown; a translation quotes the rule faithfully."""

from __future__ import annotations

from bot.engine.rulehelp import RuleQuote, help_for
from bot.games.catacombs.i18n import N_, _
from bot.games.catacombs.views import SeatView

CHARACTERS = N_("Characters")
ACTIONS = N_("Phase 2 – Actions")
PLAY_TILES = N_("Play Tiles")

ENCOUNTER = RuleQuote(
    N_("Two Encounters came up together: you resolve one of them, and that is your action."),
    N_("Phase 1 – Draw Tiles"),
    N_("If both tiles are Encounter tiles the player may choose which to resolve."),
)
RELIC = RuleQuote(
    N_("Reaching a Relic's passage takes it into your equipment, and you take another turn."),
    N_("Acquiring Relics"),
    N_("He can then immediately add the Relic Tile face down to his Equipment (discarding another item if necessary)."),
)
PASSAGE = RuleQuote(
    N_("Each passage tile must join the end of your passage; your pawn then moves to the end of the last one."),
    PLAY_TILES,
    N_("Tiles must be placed so that each tile connects to the previous tile played."),
)

USING_ITEMS = RuleQuote(
    N_("Items in your Equipment work without an Action, on your turn or during another player's."),
    N_("Using Items"),
    N_(
        "Items that are in a character's Equipment can be used at any time during a player's turn or during another "
        "player's turn without requiring an Action."
    ),
)

HELP = {
    "draft": RuleQuote(N_("Each character has an ability that bends one rule."), CHARACTERS, N_("Characters:")),
    "pchar": RuleQuote(
        N_("Your character perished, but you play on from the start with a new one."),
        N_("Perishing"),
        N_(
            "He may choose another character and take 3 Health Point tokens (4 for the Athlete) and 3 Bullet tokens "
            "and continue playing."
        ),
    ),
    "ptop": RuleQuote(
        N_("The Relics you carried stay where you perished, stacked as you choose."),
        N_("Perishing"),
        N_(
            "The Passage Tile that the character had occupied is replaced with any Relic Tiles the character had (if "
            "there were two or more they are stacked, with the player choosing the orientation and order of the Relics)."
        ),
    ),
    "arch": RuleQuote(
        N_("The Archeologist may draw one tile more than others."),
        CHARACTERS,
        N_("When drawing tiles the Archeologist may choose to draw 1 additional tile."),
    ),
    "keep": RuleQuote(
        N_("A bonus tile lets you look at three tiles and keep one."),
        N_("Phase 1 – Draw Tiles"),
        N_("If you draw fewer than 3 Encounters you can choose to keep the non-Encounter tile."),
    ),
    "enc": ENCOUNTER,
    "beast": RuleQuote(
        N_("A Beast attacks: a Bullet defeats it, otherwise it costs Health."),
        N_("Resolve Encounter"),
        N_(
            "Beast Encounters will cause you to lose 1 Health Point, unless you have ammunition for your gun, then "
            "spend 1 Bullet to defeat the Beast."
        ),
    ),
    "trap": RuleQuote(
        N_("A Trap costs Health and your next turn, unless a Torch lights it in time."),
        N_("Resolve Encounter"),
        N_(
            "Among the dangers are traps that will cause you to lose 1 Health Point and also lose 1 turn, unless you "
            "use a Torch to avoid the Trap."
        ),
    ),
    "action": RuleQuote(
        N_("One action a turn: play tiles, add items, discard and draw, move a Relic, or pass."),
        ACTIONS,
        N_("A player may take 1 Action."),
    ),
    "place": PASSAGE,
    "chain": PASSAGE,
    "x_play": PASSAGE,
    "target": RuleQuote(
        N_("Your passage links with another player's: you pass each other, and you may steal as you pass."),
        N_("Linking to Another Player's Passage"),
        N_(
            "If you play a tile that links your passage to another player's passage each player moves their pawn to "
            "the end of the passage in opposite directions."
        ),
    ),
    "steal": RuleQuote(
        N_("Passing another player, you may take one item of their equipment."),
        N_("Linking to Another Player's Passage"),
        N_("In passing the Active player may steal one Item from the other player."),
    ),
    "slide_pick": RuleQuote(
        N_("A slide adds drawn passages to its end, and you slide to the last one."),
        N_("Special Passage Tiles"),
        N_("You may add one of the Passage Tiles to the end of the Slide Tile."),
    ),
    "torch_pick": RuleQuote(
        N_("Your Torch lights every way out of your tile with a drawn passage."),
        N_("Items"),
        N_(
            "Or a Torch can be discarded on a player's turn in which they did not have an Encounter to illuminate the "
            "passage ahead."
        ),
    ),
    "torch_move": RuleQuote(
        N_("Your Torch lights every way out of your tile with a drawn passage."),
        N_("Items"),
        N_(
            "Or a Torch can be discarded on a player's turn in which they did not have an Encounter to illuminate the "
            "passage ahead."
        ),
    ),
    "cross": RuleQuote(
        N_("An obstacle blocks the way: the matching item or 1 Health crosses it, or you stop before it."),
        N_("Special Movement Rules"),
        N_("*Obstacles* – you may choose to play an Obstacle Passage Tile and not move through the Obstacle."),
    ),
    "arrive": RELIC,
    "together": RuleQuote(
        N_("In the co-op game two players on one passage may move on together."),
        N_("Coop Variant"),
        N_("In this case whenever one player adds to the passage both characters can move together."),
    ),
    "room": RuleQuote(
        N_("Your equipment holds four items (five for the Traveler), Relics included."),
        PLAY_TILES,
        N_("NOTE: You may only carry four Items at any one time, including Relics (the Traveler may carry 5 items)."),
    ),
    "equip": RuleQuote(
        N_("Items work only from your equipment, and adding them is your action."),
        N_("Using Items"),
        N_(
            "Items may not be used directly from a player's hand, they must be added to a character's Equipment before "
            "they can be used."
        ),
    ),
    "relic": RuleQuote(
        N_("Moving a Relic is an action: one space, or a quarter turn."),
        N_("Move One Relic Tile"),
        N_(
            "Instead of playing tiles a player may choose to move one Relic Tile one space horizontally or vertically, "
            "or rotating one Relic Tile 90 degrees."
        ),
    ),
    "extra": RELIC,
    "discard": RuleQuote(
        N_("At the end of your turn your hand goes down to its limit."),
        N_("Phase 3 – Discard Down to 5 Tiles"),
        N_(
            "After playing tiles and resolving Encounters the active player should discard down to 5 tiles in his hand "
            "(3 tiles for the Traveler if he has 5 items in his Equipment)."
        ),
    ),
    "use_items": USING_ITEMS,
    "react": USING_ITEMS,
    "arch_play": RuleQuote(
        N_("The Archeologist may add an Item and play a Passage Tile in the same turn, when no Encounter came up."),
        CHARACTERS,
        N_(
            "Encounters must be resolved immediately, but 2 Passage Tiles or 1 Item Tile and 1 Passage Tile can be played "
            "if an Encounter was not drawn."
        ),
    ),
    "monster": RuleQuote(
        N_("After your turn you move a monster of a quadrant where a pawn is."),
        N_("Phase 5 – Move Monsters"),
        N_("If playing with Monsters the player must now move one Monster tile."),
    ),
    "mreturn": RuleQuote(
        N_("A monster that attacked goes back to the centre of its quadrant."),
        N_("Phase 5 – Move Monsters"),
        N_(
            "After attacking the Monster stops moving and will return to one of the four center  spaces of its quadrant "
            "of the Catacombs."
        ),
    ),
    "groot": RuleQuote(
        N_("Grootslang takes the Relics it found to another quadrant."),
        N_("Monsters"),
        N_("Place the Relic(s) on any Relic starting spaces in another quadrant."),
    ),
    "yao": RuleQuote(
        N_("Yaoguai sends the character and its tile across the Catacombs."),
        N_("Monsters"),
        N_("This may be helpful or harmful depending on the character's current goal."),
    ),
}


def rule_help(view: SeatView) -> str:
    entry = HELP.get(view.decision)
    if entry is None:
        return ""
    return help_for({view.decision: RuleQuote(_(entry.why), _(entry.section), _(entry.quote))}, view.decision)
