"""The web pages' own words (``page.html``, ``seat.html``, ``table.js``, ``activity.js``) in the
reader's language (issue 25).

The pages are static files written in English. A page sent in another language has its words
replaced on the way out (text between tags and the ``alt``/``aria-label`` attributes), its
``lang`` set, and the scripts' words carried along as a JSON data block (``<script
type="application/json" id="words">``, which the Content-Security-Policy allows since it never
runs): ``table.js`` looks each of its texts up there (``t()``), English when absent.
"""

from __future__ import annotations

import html
import json
from functools import cache

from bot.i18n import DEFAULT_LANGUAGE, N_, using
from bot.i18n.table import _

PAGE_WORDS = (
    N_("Game table"),
    N_("My board"),
    N_("connecting…"),
    N_("The game board"),
    N_("Whole board"),
    N_("Public page and history"),
    N_("Move"),
    N_("One move back"),
    N_("◀ Back"),
    N_("● Live"),
    N_("One move on"),
    N_("On ▶"),
    N_("Confirm"),
    N_("Cancel"),
    N_("Log"),
)
"""What the HTML files say, each exactly as it stands between tags or in an attribute."""

SCRIPT_WORDS = (
    N_("@player"),
    N_("#channel"),
    N_("{game} · game over"),
    N_("{step} of {steps} (live)"),
    N_("{step} of {steps}"),
    N_("time is up"),
    N_("{h} h {m} min left"),
    N_("{m} min {s} s left"),
    N_("{s} s left"),
    N_("The table did not answer."),
    N_("live"),
    N_("reconnecting…"),
    N_("Or tap a highlighted place on the board ({n})"),
    N_("Choose"),
    N_("Choose these ({n} of {max})"),
    N_("Choose these ({n}, {min} to {max})"),
    N_("Which one?"),
    N_("Whole board"),
    N_("Zoom to my choices"),
    N_("Signing in with Discord…"),
    N_("signing in…"),
    N_("This page opens inside Discord: ▶ Play → 🎲 Open in Discord."),
    N_("not signed in"),
)
"""What the scripts say (their ``t("…")``), placeholders as ``{name}``."""


@cache
def localized(page: bytes, language: str) -> bytes:
    """``page`` (an HTML file) in ``language``; English as it is."""
    if language == DEFAULT_LANGUAGE:
        return page
    text = page.decode()
    with using(language):
        for word in PAGE_WORDS:
            shown = html.escape(_(word), quote=True)
            for before, after in ((">", "<"), (">", " <"), ('="', '"')):
                text = text.replace(f"{before}{word}{after}", f"{before}{shown}{after}")
        words = {word: _(word) for word in SCRIPT_WORDS}
    block = json.dumps({k: v for k, v in words.items() if v != k}, ensure_ascii=False).replace("</", "<\\/")
    text = text.replace('<html lang="en">', f'<html lang="{language}">', 1)
    text = text.replace("</head>", f'<script type="application/json" id="words">{block}</script>\n</head>', 1)
    return text.encode()
