"""Every sentence a player reads: card names, events, choice labels, status, prompts, results.

Discord Markdown; ``{pN}`` stands for seat N (the table writes "🟪 name"). Never bold around a
whole prompt or status: the table bolds the first line of a prompt. A prompt's first line is
the question, its second one short line saying what the decision means.

Every text is composed in the current language (``bot/games/mccc/i18n.py``); texts from the data
files (agenda titles, motives, abilities, setup names) are translated where they are shown.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from bot.games.mccc.i18n import N_, _, _n, _p, data_text
from bot.games.mccc.maze import CardTable
from bot.games.mccc.views import Agenda, Edge, Preview, PreviewMove, PublicView, Result, SeatView
from bot.games.mccc.words import (
    ability_of,
    beside,
    both,
    cap,
    cards_count,
    either,
    the,
    the_object,
    title,
)

TURN_TEXT = {1: "90° ↻", 2: "180°", 3: "90° ↺"}
ROT_DIR = {1: N_("clockwise"), 2: N_("half a turn"), 3: N_("counter-clockwise")}
LOSES_MARK = "💀"
ENDS_MARK = "🏁"
WIN_MARK = "🏆"


def seat(number: int) -> str:
    return "{p%d}" % number


# --------------------------------------------------------------------------- cards


_COMPASS: tuple[Callable[[], str], ...] = (
    lambda: _p("compass", "N"),
    lambda: _p("compass", "E"),
    lambda: _p("compass", "S"),
    lambda: _p("compass", "W"),
)


def compass(direction: int) -> str:
    """An edge of a card: N, E, S or W."""
    return _COMPASS[direction]()


def card_name(table: CardTable, card: int) -> str:
    return _("{shape} #{card}").format(shape=_(table.shape[card]), card=card)


def token_name(table: CardTable, agendas: dict[str, Agenda], token: int | str) -> str:
    if isinstance(token, int):
        return card_name(table, token)
    if token.startswith("agenda:"):
        return data_text(agendas[token.split(":", 1)[1]].title)
    return the(token)


def edges_text(mask: int) -> str:
    return "+".join(compass(d) for d in range(4) if mask >> d & 1) or _("none")


def describe(edges: Sequence[Edge]) -> str:
    """``walls N+E · cog S↻ · hole N``: a card as it would lie (edges north, east, south, west)."""
    walls = [compass(d) for d, e in enumerate(edges) if e.wall]
    joined = "+".join(walls)
    parts = [_n("wall {edges}", "walls {edges}", len(walls)).format(edges=joined) if walls else _("no walls")]
    cogs = [f"{compass(d)}↻" for d, e in enumerate(edges) if e.cog == "cw"]
    cogs += [f"{compass(d)}↺" for d, e in enumerate(edges) if e.cog == "ccw"]
    if cogs:
        parts.append(_n("cog {cogs}", "cogs {cogs}", len(cogs)).format(cogs=" ".join(cogs)))
    holes = [compass(d) for d, e in enumerate(edges) if e.hole]
    if len(holes) == 4:
        parts.append(_("4 holes"))
    elif holes:
        parts.append(_("hole {edges}").format(edges="+".join(holes)))
    return " · ".join(parts)


# --------------------------------------------------------------------------- abilities

ABILITY_NOW = {
    "mouse": N_("this turn the Mouse may pass through walls with a mouse hole."),
    "cheese": N_("turn any one maze card as far as you like."),
    "cucumber": N_("this turn's card goes on top of any unstacked maze card, any way round."),
}
ABILITY_SKIPPED = {
    "mouse": N_("no card in the maze or on the belt has a mouse hole, so it would change nothing"),
    "cat": N_("the Cat is not in the maze yet"),
    "cheese": N_("no maze card would look any different after turning"),
    "cucumber": N_("every maze card is already stacked"),
}


def ability_now(title: str, key: str) -> str:
    return _("**{title}** ability: {effect}").format(title=data_text(title), effect=_(ABILITY_NOW[key]))


def ability_skipped(title: str, key: str) -> str:
    return _("**{title}** ability: skipped, because {reason}.").format(
        title=data_text(title), reason=_(ABILITY_SKIPPED[key])
    )


def swapped(title: str, cat: str, cheese: str) -> str:
    return _("**{title}** ability: the Cat ({cat}) and the Cheese ({cheese}) swap places.").format(
        title=data_text(title), cat=cat, cheese=cheese
    )


def reveals_side(who: int, agenda: Agenda) -> str:
    return _("{seat} reveals their secret side: **{title}** ({motive})").format(
        seat=seat(who), title=data_text(agenda.title), motive=data_text(agenda.motive)
    )


def turned_by_cheese(who: int, where: str, quarter_turns: int) -> str:
    return _("{seat} turned the card at {where} {turn} with the Cheese's ability.").format(
        seat=seat(who), where=where, turn=TURN_TEXT[quarter_turns]
    )


# --------------------------------------------------------------------------- a turn


def _laid(stacked: bool, special: bool) -> str:
    if special:
        if stacked:
            return _("{seat} stacked {card} on {where} ({how}) with the Cucumber's ability")
        return _("{seat} placed {card} at {where} ({how}) with the Cucumber's ability")
    return _("{seat} stacked {card} on {where} ({how})") if stacked else _("{seat} placed {card} at {where} ({how})")


def placed(
    who: int, name: str, where: str, how: str, *, stacked: bool, special: bool, turned: Sequence[tuple[str, int]]
) -> str:
    text = _laid(stacked, special).format(seat=seat(who), card=name, where=where, how=how)
    if turned:
        cogs = [_("a cog turned {cell} {direction}").format(cell=cell, direction=_(ROT_DIR[q])) for cell, q in turned]
        text += "; " + ", ".join(cogs)
    return text + "."


def cannot_move(character: str, where: str) -> str:
    return _("{character} cannot move through {where}.").format(character=cap(the(character)), where=where)


def ran(character: str, cells: Sequence[str]) -> str:
    return _("{character} ran {route}.").format(character=cap(the(character)), route=" → ".join(cells))


def ran_onto(character: str, cells: Sequence[str], hit: str, ghost: bool) -> str:
    route = " → ".join(cells)
    if ghost:
        text = _("{character} ran {route}, onto the space {other} just left!").format(
            character=cap(the(character)), route=route, other=the(hit)
        )
        return text
    return _("{character} ran {route}, onto {other}!").format(
        character=cap(the(character)), route=route, other=the_object(hit)
    )


ENDINGS = {
    "cheese": N_("The Mouse moved over the Cheese."),
    "caught": N_("The Cat moved over the Mouse."),
    "mouse_into_cat": N_("The Mouse ran into the Cat: the Cat moved over the Mouse."),
    "crossed": N_("The Cat and the Mouse moved at the same time and passed over each other: the game ends."),
}


def ending_text(kind: str, solo: bool) -> str:
    return _(ENDINGS[kind]) + (" " + _("You lose.") if solo else "")


def stuck(active: Sequence[str]) -> str:
    return _n(
        "{characters} could not move: after the Move, the Active Character ended where it started. You lose.",
        "{characters} could not move: after the Move, the Active Character ended where it started. You lose.",
        len(active),
    ).format(characters=cap(both(active)))


def no_place(active: Sequence[str], reasons: Sequence[str], cucumber: bool, belt_empty: bool) -> str:
    if cucumber:
        return _("No belt card can be placed: the Cucumber's placement needs an unstacked maze card. You lose.")
    detail = _("the belt is empty") if belt_empty else "; ".join(dict.fromkeys(reasons))
    return _("No belt card can be placed next to {characters} ({detail}). You lose.").format(
        characters=either(active, beside), detail=detail
    )


def no_place_reason(where: str, kind: str, detail: str = "") -> str:
    """Why the space ``where`` next to the Active Character takes no belt card."""
    return {
        "character": _("{where} holds {character}"),
        "stack": _("{where} is already a stack"),
        "walls": _("{where}: no belt card has its walls ({walls})"),
        "limit": _("{where} is beyond the 5 × 5 limit"),
    }[kind].format(where=where, character=detail, walls=detail)


def cat_revealed(options: Sequence[str]) -> str:
    return _("**The Cat** is revealed! It arrives at the closest empty space to the Cheese: choose {options}.").format(
        options=", ".join(options)
    )


def cat_arrives(where: str, becomes_active: bool) -> str:
    text = _("**The Cat** arrives at {where}, as close to the Cheese as possible.").format(where=where)
    return text + (" " + _("The Cat is now the Active Character.") if becomes_active else "")


def agenda_revealed(title: str, easier: bool) -> str:
    if easier:
        text = _("Secret agenda revealed: **{title}** Its ability may be used once, any time from now.")
    else:
        text = _("Secret agenda revealed: **{title}** Its ability starts the next turn.")
    return text.format(title=data_text(title))


def cucumber_shows() -> str:
    return _("**The Cucumber** shows up on the Conveyor Belt: the Endgame begins!")


def yes_no(value: bool) -> str:
    return _("yes") if value else _("no")


def endgame(agenda: Agenda, mouse_cheese: bool, cat_mouse: bool, won: bool) -> str:
    text = _(
        "The agenda at the bottom of the Maze Deck: **{title}** "
        "Mouse→Cheese Path: {mouse_cheese} (wanted {wanted_mouse_cheese}); "
        "Cat→Mouse Path: {cat_mouse} (wanted {wanted_cat_mouse})."
    ).format(
        title=data_text(agenda.title),
        mouse_cheese=yes_no(mouse_cheese),
        wanted_mouse_cheese=yes_no(agenda.mouse_cheese),
        cat_mouse=yes_no(cat_mouse),
        wanted_cat_mouse=yes_no(agenda.cat_mouse),
    )
    return text + " " + (_("You win!") if won else _("You lose."))


def game_over_event(text: str, won: bool | None) -> str:
    mark = ENDS_MARK if won is None else (WIN_MARK if won else LOSES_MARK)
    return f"{mark} {text}"


def cucumber_ends() -> str:
    return _("The Cucumber appeared.")


def discarded(who: int, name: str) -> str:
    return _("No belt card fits anywhere: {seat} discarded {card}.").format(seat=seat(who), card=name)


def next_player(who: int) -> str:
    return _("{seat}'s turn.").format(seat=seat(who))


# --------------------------------------------------------------------------- previews


def _route_text(move: PreviewMove, cell: str) -> str:
    character = the(move.character)
    if not move.can_move or not move.destinations:
        return _("{character} cannot move through {where}").format(character=character, where=cell)
    if len(move.destinations) == 1:
        only = move.destinations[0]
        route = " → ".join(only.route)
        if only.ends:
            return _("{character} runs {route}, onto {other}").format(
                character=character, route=route, other=the_object(only.ends)
            )
        return _("{character} runs {route}").format(character=character, route=route)
    cells = ", ".join(d.cell for d in move.destinations)
    return _("{character} may stop at {cells}").format(character=character, cells=cells)


def preview_routes(preview: Preview) -> str:
    """The moves and cog turns of a preview, for the confirmation prompt."""
    parts = [_route_text(move, preview.cell) for move in preview.moves]
    if preview.turned:
        turns = ", ".join(f"{t.cell} {TURN_TEXT[t.quarter_turns]}" for t in preview.turned)
        parts.append(_("cogs turn {turns}").format(turns=turns))
    return ("; ".join(parts) or _("nobody moves")) + "."


# --------------------------------------------------------------------------- status and prompts


def setup_line(view: PublicView) -> str:
    """``setup 1 Cat's Crossing``'s words: the setup's number and its (translated) name."""
    return data_text(view.setup_name)


def _title_line(view: PublicView) -> str:
    line = _("**Mouse Cheese Cat Cucumber** · setup {number} *{name}*").format(number=view.setup, name=setup_line(view))
    if view.easier:
        line += " · " + _("easier")
    if not view.solo:
        line += " · " + _n("{n} player", "{n} players", view.players).format(n=view.players)
    return line


def status(view: PublicView) -> str:
    lines = [_title_line(view)]
    if view.result is not None:
        lines.append(result_headline(view.result, view.solo))
        return "\n".join(lines)
    deck = cards_count(view.deck.count)
    if view.solo:
        line = _("Turn {turn} · Active: **{active}** · Deck: {deck}").format(
            turn=view.turn, active=either(view.active), deck=deck
        )
    else:
        line = _("Turn {turn} · {seat} to play · Deck: {deck}").format(turn=view.turn, seat=seat(view.seat), deck=deck)
    lines.append(line)
    if view.agendas:
        agendas = ", ".join(f"*{data_text(a.title)}*" for a in view.agendas)
        lines.append(_("Revealed: {agendas}").format(agendas=agendas))
    if view.sides:
        sides = ", ".join(f"{seat(s.seat)} = {title(s.agenda.key)}" for s in view.sides)
        lines.append(_("Sides shown: {sides}").format(sides=sides))
    if view.effects:
        lines.append(_("This turn: {abilities}").format(abilities=", ".join(ability_of(k) for k in view.effects)))
    if view.outlook.cucumber:
        percent = round(view.outlook.cucumber * 100)
        lines.append(_("Chance the Cucumber shows up this turn: {percent}%").format(percent=percent))
    lines.append(phase_line(view))
    return "\n".join(lines)


def phase_line(view: PublicView) -> str:
    who = seat(view.seat)
    match view.phase:
        case "pick":
            return _("{seat}: pick a belt card.").format(seat=who)
        case "place":
            return _("{seat}: place {card}.").format(seat=who, card=picked_name(view))
        case "confirm":
            assert view.preview is not None
            return _("{seat}: previewing {card} at {where}.").format(
                seat=who, card=view.preview.name, where=view.preview.cell
            )
        case "order":
            return _("{seat}: both must move — choose who moves first.").format(seat=who)
        case "dest":
            return _("{seat}: where does {character} go?").format(seat=who, character=the(view.movers[0]))
        case "cat":
            options = ", ".join(view.cat_options)
            return _("{seat}: choose where the Cat arrives ({options}).").format(seat=who, options=options)
        case "cheese":
            return _("{seat}: turn one maze card (the Cheese's ability).").format(seat=who)
    return ""


def picked_name(view: PublicView) -> str:
    return next((b.name for b in view.belt if b.slot == view.picked), _("the card"))


FIRST_ROUND_PHASES = ("pick", "place", "confirm", "order", "dest")


def prompt(view: SeatView) -> str:
    text = _phase_prompt(view)
    if view.public.first_round and view.public.phase in FIRST_ROUND_PHASES:
        text += "\n" + _("First round: until everyone has had a turn, no choice that ends the game is offered.")
    return text


def _phase_prompt(view: SeatView) -> str:
    public = view.public
    if public.result is not None:
        return _("The game is over.\nThe result is under the board.")
    match public.phase:
        case "pick":
            return _pick_prompt(view)
        case "place":
            return _place_prompt(public)
        case "confirm":
            return _confirm_prompt(public)
        case "order":
            return _(
                "Both {characters} move through {where}: who goes first?\n"
                "The first one picks its space first; if they pass over each other, the game ends."
            ).format(characters=both(public.movers), where=public.placed)
        case "dest":
            if public.solo:
                text = _(
                    "Where does {character} stop?\nIt runs through {where} to an empty space; a red choice means you lose."
                )
            else:
                text = _(
                    "Where does {character} stop?\n"
                    "It runs through {where} to an empty space; a red choice means the game ends."
                )
            return text.format(character=the(public.movers[0]), where=public.placed)
        case "cat":
            if public.solo and not public.easier:
                return _(
                    "Where does the Cat arrive?\nThese empty spaces tie as the closest to the Cheese; "
                    "the Cat then becomes the Active Character."
                )
            return _("Where does the Cat arrive?\nThese empty spaces tie as the closest to the Cheese.")
        case "cheese":
            return _(
                "Which maze card does the Cheese's ability turn?\n"
                "Turn any one card as far as you like; then you pick a belt card."
            )
    return _("Your move.")


def _pick_prompt(view: SeatView) -> str:
    public = view.public
    extra = " " + _("(or use your ability)") if view.abilities else ""
    if "cucumber" in public.effects:
        if public.solo:
            text = _(
                "Pick a belt card to lay on top of any unstacked maze card{or_ability}.\n"
                "The Cucumber's ability: any card, any way round, anywhere; "
                "the Active Character must still move through it."
            )
        else:
            text = _(
                "Pick a belt card to lay on top of any unstacked maze card{or_ability}.\n"
                "The Cucumber's ability: any card, any way round, anywhere; whoever is beside it moves."
            )
        return text.format(or_ability=extra)
    if not public.solo:
        return _(
            "Pick a belt card to place next to any card in the maze{or_ability}.\n"
            "The Mouse or the Cat beside it must then move through it."
        ).format(or_ability=extra)
    if len(public.active) > 1:
        text = _(
            "Pick a belt card to place next to {characters}{or_ability}.\n"
            "The character you place it next to must move through it, or you lose."
        )
    else:
        text = _(
            "Pick a belt card to place next to {characters}{or_ability}.\n{character} must then move through it, "
            "or you lose."
        )
    return text.format(characters=either(public.active, beside), or_ability=extra, character=cap(either(public.active)))


def _place_prompt(public: PublicView) -> str:
    mark = f"{LOSES_MARK} = " + _("you lose") if public.solo else f"{ENDS_MARK} = " + _("ends the game")
    return _(
        "Where does {card} go?\n"
        "One entry per space ({mark}); the board then previews it, where you may turn it or confirm."
    ).format(card=picked_name(public), mark=mark)


def _confirm_prompt(public: PublicView) -> str:
    preview = public.preview
    assert preview is not None
    place = _("Place {card} on {where} ({walls})?") if preview.stacked else _("Place {card} at {where} ({walls})?")
    question = place.format(card=preview.name, where=preview.cell, walls=preview.walls)
    if preview.verdict == "loses":
        said = _("⚠ This loses: {routes} Go back to choose another place.")
    else:
        said = _("Nothing happens until you confirm: {routes}")
    return f"{question}\n" + said.format(routes=preview_routes(preview))


def private(view: SeatView) -> str:
    secret = view.secret
    if secret is None:
        return ""
    goal = _("Mouse→Cheese Path **{mouse_cheese}**, Cat→Mouse Path **{cat_mouse}**").format(
        mouse_cheese=yes_no(secret.mouse_cheese), cat_mouse=yes_no(secret.cat_mouse)
    )
    used = " " + _("*(used)*") if view.ability_used else ""
    return "\n".join(
        [
            _("Your secret side: **{character}** — *{title}*").format(
                character=title(secret.key), title=data_text(secret.title)
            ),
            data_text(secret.motive),
            _("You win if the game ends with {goal} (one of the two still scores 1 point).").format(goal=goal),
            _("Ability (once, reveals you): {ability}").format(ability=data_text(secret.ability_text)) + used,
        ]
    )


# --------------------------------------------------------------------------- the end

REASONS = {
    "no_place": N_("no card fits next to the Active Character"),
    "stuck": N_("the Active Character could not move"),
    "cheese": N_("the Mouse ran over the Cheese"),
    "caught": N_("the Cat caught the Mouse"),
    "crossed": N_("the Cat and the Mouse passed over each other"),
    "cucumber": N_("the Cucumber appeared"),
}


def result_reason(result: Result, solo: bool) -> str:
    """What decided the game: the agenda (the Endgame's, or multiplayer's that matched), or how it ended."""
    if result.agenda and (result.ending == "endgame" or not solo):
        return data_text(result.agenda.title)
    return _(REASONS[result.ending]) if result.ending in REASONS else ""


def result_headline(result: Result, solo: bool) -> str:
    """One line: how it ended (the board's subtitle and the status)."""
    why = result_reason(result, solo)
    if solo:
        return (_("You win! · {why}") if result.won else _("You lose · {why}")).format(why=why)
    return _("Game over · {why}").format(why=why)


def solo_result(won: bool) -> str:
    # The reason was the game's last event, just above this in the final message.
    return f"{WIN_MARK} " + _("**You win!**") if won else f"{LOSES_MARK} " + _("**You lose.**")


def multiplayer_result(ending: str, result: Result, sides: Sequence[str]) -> str:
    holds = _("Mouse→Cheese: {mouse_cheese} · Cat→Mouse: {cat_mouse}").format(
        mouse_cheese=yes_no(result.mouse_cheese), cat_mouse=yes_no(result.cat_mouse)
    )
    agenda = data_text(result.agenda.title) if result.agenda else "?"
    lines = [cap(_(REASONS[ending])) + ".", f"{holds} → **{agenda}**"]
    for number, (side, score) in enumerate(zip(sides, result.scores)):
        points = int(score)
        lines.append(
            _n("{seat} ({character}): {n} point", "{seat} ({character}): {n} points", points).format(
                seat=seat(number), character=title(side), n=points
            )
        )
    lines.append(_("Winner: {seats}").format(seats=", ".join(seat(w) for w in result.winners)))
    return "\n".join(lines)


SIDED_WITH = {
    "mouse": N_("{seat} sided with the Mouse (*{agenda}*)"),
    "cheese": N_("{seat} sided with the Cheese (*{agenda}*)"),
    "cat": N_("{seat} sided with the Cat (*{agenda}*)"),
    "cucumber": N_("{seat} sided with the Cucumber (*{agenda}*)"),
}


def reveal_sides(sides: Sequence[Agenda], not_dealt: Sequence[Agenda]) -> str:
    shown = ", ".join(_(SIDED_WITH[a.key]).format(seat=seat(n), agenda=data_text(a.title)) for n, a in enumerate(sides))
    text = _("Secret sides: {sides}.").format(sides=shown)
    if not_dealt:
        others = ", ".join(f"*{data_text(a.title)}*" for a in not_dealt)
        text += " " + _("Not dealt: {agendas}.").format(agendas=others)
    return text


def reveal_deck(left: Sequence[Agenda], bottom: Agenda) -> str:
    others = [a for a in left if a.key != bottom.key]
    text = _("Who did it? The agenda at the bottom of the Maze Deck was **{title}**").format(
        title=data_text(bottom.title)
    )
    if others:
        still = ", ".join(f"*{data_text(a.title)}*" for a in others)
        text += " " + _("(still in the deck: {agendas})").format(agendas=still)
    return text + "."
