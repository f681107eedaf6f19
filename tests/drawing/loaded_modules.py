"""Run inside a drawing process by ``test_worker``: this module imports nothing, so what it reports
is what drawing loaded."""

import sys


def loaded() -> list[str]:
    return sorted(sys.modules)
