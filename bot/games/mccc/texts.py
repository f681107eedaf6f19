"""Every sentence a player reads: card names, events, choice labels, status, prompts, results.

Discord Markdown; ``{pN}`` stands for seat N (the table writes "🟪 name"). Never bold around a
whole prompt or status: the table bolds the first line of a prompt. A prompt's first line is
the question, its second one short line saying what the decision means.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from bot.games.mccc.maze import DIRS, CardTable
from bot.games.mccc.views import Agenda, Destination, Edge, Preview, PreviewMove, PublicView, Result, SeatView

CHAR_NAMES = {"mouse": "the Mouse", "cheese": "the Cheese", "cat": "the Cat", "cucumber": "the Cucumber"}
CHAR_TITLES = {"mouse": "Mouse", "cheese": "Cheese", "cat": "Cat", "cucumber": "Cucumber"}
TURN_TEXT = {1: "90° ↻", 2: "180°", 3: "90° ↺"}
ROT_DIR = {1: "clockwise", 2: "half a turn", 3: "counter-clockwise"}
LOSES_MARK = "💀"
ENDS_MARK = "🏁"
WIN_MARK = "🏆"


def cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def seat(number: int) -> str:
    return "{p%d}" % number


def either(keys: Iterable[str]) -> str:
    return " or ".join(CHAR_NAMES[k] for k in keys)


def both(keys: Iterable[str]) -> str:
    return " and ".join(CHAR_NAMES[k] for k in keys)


def plural(count: int, word: str) -> str:
    return f"{count} {word}" + ("" if count == 1 else "s")


# --------------------------------------------------------------------------- cards


def card_name(table: CardTable, card: int) -> str:
    return f"{table.shape[card]} #{card}"


def token_name(table: CardTable, agendas: dict[str, Agenda], token: int | str) -> str:
    if isinstance(token, int):
        return card_name(table, token)
    if token.startswith("agenda:"):
        return agendas[token.split(":", 1)[1]].title
    return CHAR_NAMES[token]


def edges_text(mask: int) -> str:
    return "+".join(DIRS[d] for d in range(4) if mask >> d & 1) or "none"


def describe(edges: Sequence[Edge]) -> str:
    """``walls N+E · cog S↻ · hole N``: a card as it would lie (edges north, east, south, west)."""
    walls = [DIRS[d] for d, e in enumerate(edges) if e.wall]
    parts = ["no walls" if not walls else ("walls " if len(walls) > 1 else "wall ") + "+".join(walls)]
    cogs = [f"{DIRS[d]}↻" for d, e in enumerate(edges) if e.cog == "cw"]
    cogs += [f"{DIRS[d]}↺" for d, e in enumerate(edges) if e.cog == "ccw"]
    if cogs:
        parts.append(("cogs " if len(cogs) > 1 else "cog ") + " ".join(cogs))
    holes = [DIRS[d] for d, e in enumerate(edges) if e.hole]
    if len(holes) == 4:
        parts.append("4 holes")
    elif holes:
        parts.append("hole " + "+".join(holes))
    return " · ".join(parts)


# --------------------------------------------------------------------------- abilities

ABILITY_NOW = {
    "mouse": "this turn the Mouse may pass through walls with a mouse hole.",
    "cheese": "turn any one maze card as far as you like.",
    "cucumber": "this turn's card goes on top of any unstacked maze card, any way round.",
}
ABILITY_SKIPPED = {
    "mouse": "no card in the maze or on the belt has a mouse hole, so it would change nothing",
    "cat": "the Cat is not in the maze yet",
    "cheese": "no maze card would look any different after turning",
    "cucumber": "every maze card is already stacked",
}


def ability_now(title: str, key: str) -> str:
    return f"**{title}** ability: {ABILITY_NOW[key]}"


def ability_skipped(title: str, key: str) -> str:
    return f"**{title}** ability: skipped, because {ABILITY_SKIPPED[key]}."


def swapped(title: str, cat: str, cheese: str) -> str:
    return f"**{title}** ability: the Cat ({cat}) and the Cheese ({cheese}) swap places."


def reveals_side(who: int, agenda: Agenda) -> str:
    return f"{seat(who)} reveals their secret side: **{agenda.title}** ({agenda.motive})"


def turned_by_cheese(who: int, where: str, quarter_turns: int) -> str:
    return f"{seat(who)} turned the card at {where} {TURN_TEXT[quarter_turns]} with the Cheese's ability."


# --------------------------------------------------------------------------- a turn


def placed(
    who: int, name: str, where: str, how: str, *, stacked: bool, special: bool, turned: Sequence[tuple[str, int]]
) -> str:
    verb = f"stacked {name} on {where}" if stacked else f"placed {name} at {where}"
    text = f"{seat(who)} {verb} ({how})"
    if special:
        text += " with the Cucumber's ability"
    if turned:
        text += "; " + ", ".join(f"a cog turned {cell} {ROT_DIR[q]}" for cell, q in turned)
    return text + "."


def cannot_move(character: str, where: str) -> str:
    return f"{cap(CHAR_NAMES[character])} cannot move through {where}."


def ran(character: str, cells: Sequence[str]) -> str:
    return f"{cap(CHAR_NAMES[character])} ran {' → '.join(cells)}."


def ran_onto(character: str, cells: Sequence[str], hit: str, ghost: bool) -> str:
    onto = f"onto the space {CHAR_NAMES[hit]} just left" if ghost else f"onto {CHAR_NAMES[hit]}"
    return f"{cap(CHAR_NAMES[character])} ran {' → '.join(cells)}, {onto}!"


ENDINGS = {
    "cheese": "The Mouse moved over the Cheese.",
    "caught": "The Cat moved over the Mouse.",
    "mouse_into_cat": "The Mouse ran into the Cat: the Cat moved over the Mouse.",
    "crossed": "The Cat and the Mouse moved at the same time and passed over each other: the game ends.",
}


def ending_text(kind: str, solo: bool) -> str:
    return ENDINGS[kind] + (" You lose." if solo else "")


def stuck(active: Sequence[str]) -> str:
    return f"{cap(both(active))} could not move: after the Move, the Active Character ended where it started. You lose."


def no_place(active: Sequence[str], reasons: Sequence[str], cucumber: bool, belt_empty: bool) -> str:
    if cucumber:
        return "No belt card can be placed: the Cucumber's placement needs an unstacked maze card. You lose."
    detail = "the belt is empty" if belt_empty else "; ".join(dict.fromkeys(reasons))
    return f"No belt card can be placed next to {either(active)} ({detail}). You lose."


def no_place_reason(where: str, kind: str, detail: str = "") -> str:
    """Why the space ``where`` next to the Active Character takes no belt card."""
    return {
        "character": f"{where} holds {detail}",
        "stack": f"{where} is already a stack",
        "walls": f"{where}: no belt card has its walls ({detail})",
        "limit": f"{where} is beyond the 5 × 5 limit",
    }[kind]


def cat_revealed(options: Sequence[str]) -> str:
    return f"**The Cat** is revealed! It arrives at the closest empty space to the Cheese: choose {', '.join(options)}."


def cat_arrives(where: str, becomes_active: bool) -> str:
    active = " The Cat is now the Active Character." if becomes_active else ""
    return f"**The Cat** arrives at {where}, as close to the Cheese as possible.{active}"


def agenda_revealed(title: str, easier: bool) -> str:
    if easier:
        return f"Secret agenda revealed: **{title}** Its ability may be used once, any time from now."
    return f"Secret agenda revealed: **{title}** Its ability starts the next turn."


CUCUMBER_SHOWS = "**The Cucumber** shows up on the Conveyor Belt: the Endgame begins!"


def yes_no(value: bool) -> str:
    return "yes" if value else "no"


def endgame(agenda: Agenda, mouse_cheese: bool, cat_mouse: bool, won: bool) -> str:
    return (
        f"The agenda at the bottom of the Maze Deck: **{agenda.title}** "
        f"Mouse→Cheese Path: {yes_no(mouse_cheese)} (wanted {yes_no(agenda.mouse_cheese)}); "
        f"Cat→Mouse Path: {yes_no(cat_mouse)} (wanted {yes_no(agenda.cat_mouse)}). "
        + ("You win!" if won else "You lose.")
    )


def game_over_event(text: str, won: bool | None) -> str:
    mark = ENDS_MARK if won is None else (WIN_MARK if won else LOSES_MARK)
    return f"{mark} {text}"


CUCUMBER_ENDS = "The Cucumber appeared."


def discarded(who: int, name: str) -> str:
    return f"No belt card fits anywhere: {seat(who)} discarded {name}."


def next_player(who: int) -> str:
    return f"{seat(who)}'s turn."


# --------------------------------------------------------------------------- choices

BACK_TO_BELT = "↩ Back to the belt"
BACK_TO_PLACES = "↩ Choose another place"
CONFIRM = "✔ Place it"
CONFIRM_LOSING = f"{LOSES_MARK} Place it (you lose)"
CONFIRM_ENDING = f"{ENDS_MARK} Place it (ends the game)"
DISCARD_HELP = "No belt card fits anywhere: discard one and refill the belt."
ORDER_HELP = "Both are next to the card and must move through it if possible."


def belt_label(slot: int, name: str) -> str:
    return f"{slot} · {name}"


def belt_help(how: str) -> str:
    return f"{how} (as printed)"


def ability_label(key: str) -> str:
    return f"Use {CHAR_TITLES[key]} ability"


def discard_label(slot: int, name: str) -> str:
    return f"Discard {slot} · {name}"


def placement_label(where: str, how: str, stacked: bool, special: bool, verdict: str) -> str:
    """``E5 · walls N+S``, ``on E5 (stack) · wall W``; a placement that loses (solo) or ends the
    game (multiplayer) says so in the label itself, which stays under 80 characters."""
    spot = f"on {where} ({'Cucumber' if special else 'stack'})" if stacked else where
    if verdict == "loses":
        return f"{LOSES_MARK} {spot} · {how}"[:66] + " — you lose"
    if verdict == "ends":
        return f"{ENDS_MARK} {spot} · {how}"[:60] + " — ends the game"
    return f"{spot} · {how}"[:80]


def order_label(character: str) -> str:
    return f"Move {CHAR_NAMES[character]} first"


def destination_label(destination: Destination, solo: bool, crossed: bool) -> str:
    if destination.ends is None:
        return destination.cell
    how = f"passes over {CHAR_NAMES[destination.ends]}" if crossed else f"onto {CHAR_NAMES[destination.ends]}"
    return f"{destination.cell} · {how} ({'you lose' if solo else 'ends the game'})"


def cat_label(where: str) -> str:
    return f"Cat to {where}"


def cat_help(distance: int) -> str:
    return f"{plural(distance, 'space')} from the Cheese"


def turn_label(where: str, quarter_turns: int) -> str:
    return f"{where} · turn {TURN_TEXT[quarter_turns]}"


def turn_help(name: str, how: str) -> str:
    return f"{name} → {how}"


def move_summary(move: PreviewMove) -> str:
    who = CHAR_TITLES[move.character]
    if not move.can_move or not move.destinations:
        return f"{who}: cannot move"
    safe = [d for d in move.destinations if d.ends is None]
    if len(move.destinations) == 1 and safe:
        return f"{who} runs to {safe[0].cell}"
    if safe:
        return f"{who}: {plural(len(safe), 'space')}"
    return f"{who}: only onto {CHAR_NAMES[move.destinations[0].ends or 'cheese']}"


def preview_summary(moves: Sequence[PreviewMove], verdict: str, solo: bool, active: Sequence[str]) -> str:
    """One short line: what a placement makes happen (the description under a choice)."""
    parts = [move_summary(move) for move in moves]
    near = {move.character for move in moves}
    if solo and active and not near & set(active):
        parts.append(f"{cap(either(active))} is not next to it")
    text = " · ".join(parts) or "nobody moves"
    if verdict == "loses":
        return f"you lose: {text}"
    if verdict == "ends":
        return f"ends the game: {text}"
    return text


def preview_routes(preview: Preview) -> str:
    """The moves and cog turns of a preview, for the confirmation prompt."""
    parts = []
    for move in preview.moves:
        if not move.can_move or not move.destinations:
            parts.append(f"{CHAR_NAMES[move.character]} cannot move through {preview.cell}")
        elif len(move.destinations) == 1:
            only = move.destinations[0]
            onto = f", onto {CHAR_NAMES[only.ends]}" if only.ends else ""
            parts.append(f"{CHAR_NAMES[move.character]} runs {' → '.join(only.route)}{onto}")
        else:
            cells = ", ".join(d.cell for d in move.destinations)
            parts.append(f"{CHAR_NAMES[move.character]} may stop at {cells}")
    if preview.turned:
        parts.append("cogs turn " + ", ".join(f"{t.cell} {TURN_TEXT[t.quarter_turns]}" for t in preview.turned))
    return ("; ".join(parts) or "nobody moves") + "."


# --------------------------------------------------------------------------- status and prompts


def _title_line(view: PublicView) -> str:
    line = f"**Mouse Cheese Cat Cucumber** · setup {view.setup} *{view.setup_name}*"
    if view.easier:
        line += " · easier"
    if not view.solo:
        line += f" · {view.players} players"
    return line


def status(view: PublicView) -> str:
    lines = [_title_line(view)]
    if view.result is not None:
        lines.append(result_headline(view.result, view.solo))
        return "\n".join(lines)
    if view.solo:
        active = either(view.active)
        lines.append(f"Turn {view.turn} · Active: **{active}** · Deck: {plural(view.deck.count, 'card')}")
    else:
        lines.append(f"Turn {view.turn} · {seat(view.seat)} to play · Deck: {plural(view.deck.count, 'card')}")
    if view.agendas:
        lines.append("Revealed: " + ", ".join(f"*{a.title}*" for a in view.agendas))
    if view.sides:
        lines.append("Sides shown: " + ", ".join(f"{seat(s.seat)} = {CHAR_TITLES[s.agenda.key]}" for s in view.sides))
    if view.effects:
        lines.append("This turn: " + ", ".join(f"{CHAR_TITLES[k]}'s ability" for k in view.effects))
    if view.outlook.cucumber:
        lines.append(f"Chance the Cucumber shows up this turn: {round(view.outlook.cucumber * 100)}%")
    lines.append(phase_line(view))
    return "\n".join(lines)


def phase_line(view: PublicView) -> str:
    who = seat(view.seat)
    match view.phase:
        case "pick":
            return f"{who}: pick a belt card."
        case "place":
            return f"{who}: place {picked_name(view)}."
        case "confirm":
            assert view.preview is not None
            return f"{who}: previewing {view.preview.name} at {view.preview.cell}."
        case "order":
            return f"{who}: both must move — choose who moves first."
        case "dest":
            return f"{who}: where does {CHAR_NAMES[view.movers[0]]} go?"
        case "cat":
            return f"{who}: choose where the Cat arrives ({', '.join(view.cat_options)})."
        case "cheese":
            return f"{who}: turn one maze card (the Cheese's ability)."
    return ""


def picked_name(view: PublicView) -> str:
    return next((b.name for b in view.belt if b.slot == view.picked), "the card")


def prompt(view: SeatView) -> str:
    public = view.public
    if public.result is not None:
        return "The game is over.\nThe result is under the board."
    match public.phase:
        case "pick":
            return _pick_prompt(view)
        case "place":
            return _place_prompt(public)
        case "confirm":
            return _confirm_prompt(public)
        case "order":
            return (
                f"Both {both(public.movers)} move through {public.placed}: who goes first?\n"
                "The first one picks its space first; if they pass over each other, the game ends."
            )
        case "dest":
            mover = CHAR_NAMES[public.movers[0]]
            ends = "you lose" if public.solo else "the game ends"
            return (
                f"Where does {mover} stop?\n"
                f"It runs through {public.placed} to an empty space; a red choice means {ends}."
            )
        case "cat":
            then = "; the Cat then becomes the Active Character" if public.solo and not public.easier else ""
            return f"Where does the Cat arrive?\nThese empty spaces tie as the closest to the Cheese{then}."
        case "cheese":
            return (
                "Which maze card does the Cheese's ability turn?\n"
                "Turn any one card as far as you like; then you pick a belt card."
            )
    return "Your move."


def _pick_prompt(view: SeatView) -> str:
    public = view.public
    extra = " (or use your ability)" if view.abilities else ""
    if "cucumber" in public.effects:
        must = "the Active Character must still move through it" if public.solo else "whoever is beside it moves"
        return (
            f"Pick a belt card to lay on top of any unstacked maze card{extra}.\n"
            f"The Cucumber's ability: any card, any way round, anywhere; {must}."
        )
    if not public.solo:
        return (
            f"Pick a belt card to place next to any card in the maze{extra}.\n"
            "The Mouse or the Cat beside it must then move through it."
        )
    names = either(public.active)
    if len(public.active) > 1:
        means = "The character you place it next to must move through it, or you lose."
    else:
        means = f"{cap(names)} must then move through it, or you lose."
    return f"Pick a belt card to place next to {names}{extra}.\n{means}"


def _place_prompt(public: PublicView) -> str:
    mark = f"{LOSES_MARK} = you lose" if public.solo else f"{ENDS_MARK} = ends the game"
    return f"Where does {picked_name(public)} go?\nCell · walls after turning ({mark}); you confirm next."


def _confirm_prompt(public: PublicView) -> str:
    preview = public.preview
    assert preview is not None
    spot = f"on {preview.cell}" if preview.stacked else f"at {preview.cell}"
    question = f"Place {preview.name} {spot} ({preview.walls})?"
    if preview.verdict == "loses":
        return f"{question}\n⚠ This loses: {preview_routes(preview)} Go back to choose another place."
    return f"{question}\nNothing happens until you confirm: {preview_routes(preview)}"


def private(view: SeatView) -> str:
    secret = view.secret
    if secret is None:
        return ""
    goal = f"Mouse→Cheese Path **{yes_no(secret.mouse_cheese)}**, Cat→Mouse Path **{yes_no(secret.cat_mouse)}**"
    used = " *(used)*" if view.ability_used else ""
    return "\n".join(
        [
            f"Your secret side: **{CHAR_TITLES[secret.key]}** — *{secret.title}*",
            secret.motive,
            f"You win if the game ends with {goal} (one of the two still scores 1 point).",
            f"Ability (once, reveals you): {secret.ability_text}{used}",
        ]
    )


# --------------------------------------------------------------------------- the end

REASONS = {
    "no_place": "no card fits next to the Active Character",
    "stuck": "the Active Character could not move",
    "cheese": "the Mouse ran over the Cheese",
    "caught": "the Cat caught the Mouse",
    "crossed": "the Cat and the Mouse passed over each other",
    "cucumber": "the Cucumber appeared",
}


def result_headline(result: Result, solo: bool) -> str:
    """One line: how it ended (the board's subtitle and the status)."""
    why = result.agenda.title if result.ending == "endgame" and result.agenda else REASONS.get(result.ending, "")
    if solo:
        return ("You win! · " if result.won else "You lose · ") + why
    return "Game over · " + (result.agenda.title if result.agenda else why)


def solo_result(won: bool) -> str:
    # The reason was the game's last event, just above this in the final message.
    return f"{WIN_MARK} **You win!**" if won else f"{LOSES_MARK} **You lose.**"


def multiplayer_result(ending: str, result: Result, sides: Sequence[str]) -> str:
    holds = f"Mouse→Cheese: {yes_no(result.mouse_cheese)} · Cat→Mouse: {yes_no(result.cat_mouse)}"
    lines = [cap(REASONS[ending]) + ".", f"{holds} → **{result.agenda.title if result.agenda else '?'}**"]
    for number, (side, score) in enumerate(zip(sides, result.scores)):
        lines.append(f"{seat(number)} ({CHAR_TITLES[side]}): {plural(int(score), 'point')}")
    lines.append("Winner: " + ", ".join(seat(w) for w in result.winners))
    return "\n".join(lines)


def reveal_sides(sides: Sequence[Agenda], not_dealt: Sequence[Agenda]) -> str:
    shown = ", ".join(f"{seat(n)} sided with {CHAR_NAMES[a.key]} (*{a.title}*)" for n, a in enumerate(sides))
    text = f"Secret sides: {shown}."
    if not_dealt:
        text += " Not dealt: " + ", ".join(f"*{a.title}*" for a in not_dealt) + "."
    return text


def reveal_deck(left: Sequence[Agenda], bottom: Agenda) -> str:
    others = [a for a in left if a.key != bottom.key]
    text = f"Who did it? The agenda at the bottom of the Maze Deck was **{bottom.title}**"
    if others:
        text += " (still in the deck: " + ", ".join(f"*{a.title}*" for a in others) + ")"
    return text + "."
