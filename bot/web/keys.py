"""Signed links, sessions and form tokens of the web table.

A private link names a game, a seat, a user and when it expires, and carries an HMAC of those
with the database's web key, so nobody can make one without the key or change a part of it. The
page keeps the link in an HttpOnly, SameSite=Strict cookie (its session); requests that change
the game also carry a form token derived from the session, which a page of another site cannot
read. Every part is read as strictly as a component id: ASCII digits of bounded length.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
import secrets
from dataclasses import dataclass

from bot.storage import MAX_ID

LINK_LIFETIME = 12 * 3600
"""Seconds a private link works (a new one is a click away: ▶ Play → 🌐 My board)."""
PUBLIC_ID = re.compile(r"[A-Za-z0-9_-]{22}")
_SIGNATURE = 22
_LINK = re.compile(r"([0-9]{1,20})\.([0-9]{1,2})\.([0-9]{1,20})\.([0-9]{1,12})\.([A-Za-z0-9_-]{22})")
MAX_SEAT = 16


def new_public_id() -> str:
    """128 random bits: an id nobody can guess or walk to from another game's."""
    return secrets.token_urlsafe(16)


def new_key() -> str:
    return secrets.token_urlsafe(32)


@dataclass(frozen=True)
class SeatLink:
    game_id: int
    seat: int
    user_id: int
    expires: int
    """Unix time after which the link and its session are refused."""


class Signer:
    def __init__(self, key: str) -> None:
        self._key = key.encode("utf-8")

    def _sign(self, purpose: str, text: str) -> str:
        digest = hmac.new(self._key, f"{purpose}:{text}".encode(), hashlib.sha256).digest()
        return base64.urlsafe_b64encode(digest).decode("ascii")[:_SIGNATURE]

    def link(self, link: SeatLink) -> str:
        body = f"{link.game_id}.{link.seat}.{link.user_id}.{link.expires}"
        return f"{body}.{self._sign('seat', body)}"

    def read(self, token: str, now: float) -> SeatLink | None:
        """The link a token names if it is one this key signed and it has not expired."""
        match = _LINK.fullmatch(token)
        if match is None:
            return None
        body = token.rsplit(".", 1)[0]
        if not hmac.compare_digest(self._sign("seat", body), match.group(5)):
            return None
        game_id, seat, user_id, expires = (int(match.group(i)) for i in range(1, 5))
        if not (0 < game_id <= MAX_ID and seat < MAX_SEAT and user_id <= MAX_ID) or expires <= now:
            return None
        return SeatLink(game_id, seat, user_id, expires)

    def form_token(self, session: str) -> str:
        """The token a page sends with every change: derived from its session, never stored."""
        return self._sign("form", session)

    def form_token_matches(self, session: str, sent: str) -> bool:
        return len(sent) == _SIGNATURE and hmac.compare_digest(self.form_token(session), sent)
