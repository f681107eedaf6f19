"""Markdown texts built only from views: the public status, a seat's secrets, a seat's prompt."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.games.mutiny.texts import (
    LOOT_EMOJI,
    ROLE_EMOJI,
    card_line,
    dice_sum,
    fmt_dice,
    fmt_loot,
    fmt_loot_short,
    p,
)


def _roles_line(view: Mapping[str, Any]) -> str:
    parts = []
    for role in ("Captain", "First Mate", "Quarter Master", "Scout"):
        for pl in view["players"]:
            if pl["role"] == role:
                short = {"Quarter Master": "QM", "First Mate": "FM"}.get(role, role)
                parts.append(f"{ROLE_EMOJI[role]} {short} {p(pl['seat'])}")
    return " · ".join(parts)


def status_text(view: Mapping[str, Any]) -> str:
    lines = []
    if view["phase"] == "over":
        lines.append("🏴‍☠️ **Mutiny — game over**")
        if view.get("final"):
            lines.append(view["final"]["text"])
        return "\n".join(lines)
    lines.append(f"🏴‍☠️ **Mutiny — Round {view['round']}/{view['rounds']}** · {view['step']}/7 *{view['phase_title']}*")
    lines.append(_roles_line(view))
    if view["round"] == 1 and view["phase"] == "assign" and view.get("setup"):
        rolls = []
        for row in view["setup"]:
            rolls.append(", ".join(f"{p(q)} {n}" for q, n in enumerate(row) if n))
        lines.append("🎲 First Captain roll: " + " → re-roll: ".join(rolls))
    if view["island"]:
        isl = view["islands"][view["island"] - 1]
        line = f"🏝️ #{view['island']} **{isl['name']}**"
        if view["island_loot"] is not None:
            line += f": {fmt_loot_short(view['island_loot'])}"
        lines.append(line)
    elif view["looking"]:
        lines.append("🔭 The Scout looks at islands " + " and ".join(f"#{x}" for x in view["looking"]))
    if view["divided"]:
        shares = " · ".join(f"{p(pl['seat'])} {fmt_loot_short(pl['share'])}" for pl in view["players"])
        lines.append(f"📦 Shares: {shares}")
    if view["phase"] == "vote" or (view["votes_public"] and view["phase"] in ("cards",)):
        marks = []
        for seat in view["vote_order"][:3]:
            vote = view["players"][seat]["vote"]
            mark = {"decided": "✅", "mutiny": "🏴‍☠️", "defend": "🛡️"}.get(vote, "⏳")
            marks.append(f"{p(seat)} {mark}")
        lines.append("🗳️ " + " · ".join(marks) + " · Captain 🛡️")
    battle = view.get("battle")
    if battle:
        lines.append(f"⚔️ Mutineers **{battle['totals']['mutiny']}** vs Captain's side **{battle['totals']['defend']}**")
    if view["phase"] == "cards" and view["window"]:
        passed = view["window"]["passed"]
        if passed:
            lines.append("🃏 Passed: " + ", ".join(p(q) for q in passed))
    if view["phase"] == "buy" and len(view["buy_queue"]) > 1:
        lines.append("🛒 Then: " + ", ".join(p(q) for q in view["buy_queue"][1:]))
    if view["waiting"]:
        lines.append(f"⏳ Waiting for {view['waiting']}.")
    return "\n".join(lines)


def private_text(view: Mapping[str, Any]) -> str:
    you = view.get("you")
    if not you:
        return ""
    lines = []
    battle = view.get("battle")
    if you["dice"] and not battle:
        lines.append(f"🎲 **Under your cup:** {fmt_dice(you['dice'])} (total {dice_sum(you['dice'])})")
    if you["vote"] and not view["votes_public"]:
        lines.append(f"🗳️ **Your decision:** {'Yarr! Mutiny' if you['vote'] == 'mutiny' else 'Defend'} (secret)")
    if you["peek"]:
        pk = you["peek"]
        lines.append(f"👀 **Under {p(pk['seat'])}'s cup:** {fmt_dice(pk['dice'])} (total {dice_sum(pk['dice'])})")
    if you["votes_seen"]:
        parts = [
            f"{p(q)} {'Yarr! Mutiny' if v == 'mutiny' else 'Defend'}"
            for q, v in enumerate(you["votes_seen"])
            if v and q != you["seat"] and q != view["captain"]
        ]
        lines.append("🗳️ **The others decided:** " + ", ".join(parts) + "; the Captain defends.")
    if you["looking"]:
        lines.append("🗺️ **Islands you are looking at:**")
        for isl in you["looking"]:
            lines.append(f"#{isl['space']} **{isl['name']}** — {fmt_loot(isl['loot'])}")
    if you["known"]:
        lines.append("🧭 **Face-down islands you have scouted:**")
        for isl in you["known"]:
            lines.append(f"#{isl['space']} **{isl['name']}** — {fmt_loot(isl['loot'])}")
    if you["hand"]:
        lines.append("🃏 **Your mystery cards:**")
        lines.append(card_line(view["cards_info"], you["hand"]))
    return "\n".join(lines)


def prompt_text(view: Mapping[str, Any]) -> str:
    you = view.get("you")
    if not you:
        return ""
    phase = view["phase"]
    if phase == "over":
        return "The game is over."
    if not you["acting"]:
        return f"Waiting for {view['waiting']}." if view["waiting"] else "Waiting."
    if phase == "assign":
        return "👑 Assign the roles: pick who is First Mate, Quarter Master and Scout."
    if phase == "look":
        return "🔭 Look at two face-down islands: at random, again at one you scouted before, or name two."
    if phase == "pick":
        return "🔭 Pick the island the fleet will raid (only you see these two)."
    if phase == "take":
        isl = view["islands"][view["island"] - 1]
        return f"🔭 Take 1 loot from **{isl['name']}** onto your ship."
    if phase == "divide":
        fair = you.get("fair_split")
        text = f"👑 Divide {fmt_loot(view['island_loot'])} among the four of you."
        if fair:
            text += " Fair split: " + " · ".join(f"{p(q)} {fmt_loot_short(fair[q])}" for q in range(4))
            text += ". Confirm it, pick a preset, or ✏️ write your own."
        return text
    if phase == "peek":
        return "⚓ You may peek under one other player's cup before the votes."
    if phase == "vote":
        dice = you["dice"] or []
        share = view["players"][you["seat"]]["share"] or [0, 0, 0, 0]
        if view["vote_step"] == 3:
            mine = "Yarr! Mutiny" if you["vote"] == "mutiny" else "Defend"
            return f"🗳️ Everyone else has decided (see your secrets). Keep **{mine}** or change? Your dice total {dice_sum(dice)}."
        return f"🗳️ Mutiny or defend? Your dice total {dice_sum(dice)}; your share is {fmt_loot(share)}."
    if phase == "cards":
        b = view.get("battle") or {}
        t = b.get("totals", {})
        return f"🃏 Play a mystery card or pass. Mutineers {t.get('mutiny', 0)} vs Captain's side {t.get('defend', 0)}."
    if phase == "buy":
        loot = view["players"][you["seat"]]["loot"]
        text = f"🛒 Your turn to buy. You have {fmt_loot(loot)}. Press ✅ Done when finished."
        if "pegleg" in you["hand"]:
            text += " 🦿 Your Peg-Leg only counts once played face up!"
        return text
    return "Your move."


__all__ = ["LOOT_EMOJI", "private_text", "prompt_text", "status_text"]
