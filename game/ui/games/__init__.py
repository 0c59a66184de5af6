"""Each game presented in one place: the registry of the games' presentation modules.

A game's presentation module, ``game/ui/games/<module>.py``, is named like its engine module
(:data:`game.engine.games.GAME_MODULES` — the one registry of games) and holds a
``PRESENTATION``: a :class:`~game.ui.games.base.Presentation` saying everything the screens
say and show for that game (result lines, the score line, the goal, hand sorting, phase titles,
what the card tracker lists, the rules page, the review's running points, how a hand counts in
the statistics). Adding a game adds its rules module, its AI module, its presentation module
and its line in the engine's registry — nothing else in ``game/ui/``.
"""

from __future__ import annotations

import importlib
from functools import cache

from ...engine.cards import quoted
from ...engine.games import GAME_MODULES
from .base import Presentation

__all__ = ["Presentation", "presentation"]


@cache
def presentation(game: str) -> Presentation:
    """The presentation of game ``game`` (a record name, the engine spec's ``name``);
    ``KeyError`` for an unknown game."""
    if game not in GAME_MODULES:
        raise KeyError(f"unknown game {quoted(game)} (expected one of {', '.join(GAME_MODULES)})")
    module = importlib.import_module(f"{__name__}.{GAME_MODULES[game]}")
    found: Presentation = module.PRESENTATION
    return found
