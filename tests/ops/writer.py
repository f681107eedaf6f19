"""A stand-in for a busy bot: writes finished toy games into a database until killed."""

from __future__ import annotations

import sys
import time
from pathlib import Path

from tests.ops.builder import add_game, create_schema
from tests.support.toy_game import TOY


def main(path: str) -> None:
    connection = create_schema(Path(path), 0)
    connection.execute("PRAGMA busy_timeout = 5000")
    print("ready", flush=True)
    channel = 1000
    while True:
        channel += 1
        connection.execute("BEGIN IMMEDIATE")
        add_game(connection, TOY.engine, channel_id=channel, players=3, seed=channel)
        connection.execute("COMMIT")
        time.sleep(0.001)


if __name__ == "__main__":
    main(sys.argv[1])
