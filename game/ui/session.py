"""The match the table plays and the player's settings, as the UI imports them.

:class:`Match` is :class:`game.engine.match.Match` (a game of hands as a match record: dealing,
the tally, undo, the record to save); :class:`Settings` is :class:`game.storage.Settings` (the
player's choices, saved by the app); :func:`best_level` is the engine's
:func:`game.engine.ai.player.best_level`.
"""

from __future__ import annotations

from .. import storage
from ..engine.ai.player import best_level
from ..engine.match import Match
from ..storage import Settings

__all__ = ["SPEEDS", "Match", "Settings", "best_level"]

SPEEDS = {k: v for k, v in storage.SPEED_FACTORS.items() if k != "instant"}
"""The animation speeds a player picks from → duration factor."""
