"""AI players. They read only a seat's :class:`~game.engine.knowledge.Knowledge`."""

from .player import (
    LEVELS,
    Decision,
    GameAI,
    Player,
    RandomPlayer,
    best_level,
    make_player,
    supports,
)

__all__ = ["LEVELS", "Decision", "GameAI", "Player", "RandomPlayer", "best_level",
           "make_player", "supports"]
