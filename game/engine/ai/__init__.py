"""AI players. They read only a seat's :class:`~game.engine.knowledge.Knowledge`."""

from .player import (
    LEVELS,
    Decision,
    Evidence,
    GameAI,
    Player,
    RandomPlayer,
    best_level,
    make_player,
    supports,
)

__all__ = ["LEVELS", "Decision", "Evidence", "GameAI", "Player", "RandomPlayer", "best_level",
           "make_player", "supports"]
