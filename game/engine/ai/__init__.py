"""AI players. They read only a seat's :class:`~game.engine.knowledge.Knowledge`."""

from .player import LEVELS, Decision, Player, RandomPlayer, make_player, supports

__all__ = ["LEVELS", "Decision", "Player", "RandomPlayer", "make_player", "supports"]
