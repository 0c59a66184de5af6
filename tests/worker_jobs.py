"""Jobs for the tests of the AI's worker processes (pygame-free: a worker imports this module
when it unpickles one of them)."""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from typing import Any

from game.engine.ai import Decision

SPIN_LIMIT = 30.0
"""Seconds a spinning job runs when nobody cancels it."""


def spin(seconds: float = SPIN_LIMIT, cancelled: Callable[[], bool] = lambda: False,
         ) -> dict[str, Any]:
    """Busy until ``cancelled()`` or ``seconds``: what stopped it, when, and where."""
    start = time.monotonic()
    while time.monotonic() - start < seconds:
        if cancelled():
            return {"cancelled": True, "seconds": time.monotonic() - start, "pid": os.getpid()}
    return {"cancelled": False, "seconds": time.monotonic() - start, "pid": os.getpid()}


def spin_hint(knowledge: Any, cancelled: Callable[[], bool] = lambda: False) -> Decision:
    """A hint that thinks until cancelled (or :data:`SPIN_LIMIT`); its reason says which."""
    done = spin(SPIN_LIMIT, cancelled)
    return Decision(knowledge.legal[0], f"cancelled={done['cancelled']} pid={done['pid']}")
