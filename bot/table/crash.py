"""Injectable crash points, to prove that a killed process loses and doubles nothing.

``GM_CRASH_AT=<step>`` makes the process kill itself (SIGKILL: no clean-up, no
flush, exactly like ``kill -9``) the ``GM_CRASH_AFTER``-th time (default 1st) it
reaches that step. The steps, in the order a request passes them:

* ``committed``   the table has committed a change and its outbox rows, nothing is sent;
* ``before_send`` the deliverer is about to send an outbox row;
* ``sent``        Discord has the message, the row is not marked done yet;
* ``marked``      the row is marked done.

Without the variable this costs one dictionary lookup.
"""

from __future__ import annotations

import os
import signal

STEPS = ("committed", "before_send", "sent", "marked")
_reached: dict[str, int] = {}


def point(step: str) -> None:
    if os.environ.get("GM_CRASH_AT") != step:
        return
    _reached[step] = _reached.get(step, 0) + 1
    if _reached[step] >= int(os.environ.get("GM_CRASH_AFTER", "1")):
        os.kill(os.getpid(), signal.SIGKILL)
