"""The one interface every AI player has: it is given a seat's :class:`Knowledge` — never the
full state — and returns a :class:`Decision`: a legal action and a one-sentence reason a learner
understands.

Players are plain objects with no global state. They are created by level name with
:func:`make_player` and are safe to call from a worker thread or process (the UI never waits for
them in its frame loop); a long search checks ``cancelled()`` and stops early with its best
answer so far.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar

from ..hand import Action
from ..knowledge import Knowledge


@dataclass(frozen=True)
class Decision:
    """A player's choice: ``action`` is one of ``knowledge.legal``; ``reason`` is one short
    sentence ("Ruff: West is out of hearts and partner is not winning")."""

    action: Action
    reason: str


def never() -> bool:
    """The default ``cancelled`` check: never cancelled."""
    return False


class Player(ABC):
    """An AI player of one level. ``seed`` makes every choice reproducible: the same knowledge
    and seed give the same decision."""

    level: ClassVar[str] = ""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def rng_for(self, knowledge: Knowledge) -> random.Random:
        """A generator that depends only on the seed and the position, so a decision does not
        depend on what the player was asked before."""
        return random.Random(hash((self.seed, knowledge.game, knowledge.seat,
                                   len(knowledge.history), knowledge.phase)))

    @abstractmethod
    def decide(self, knowledge: Knowledge,
               cancelled: Callable[[], bool] = never) -> Decision:
        """Choose one of ``knowledge.legal`` (the seat must be the one to act)."""


class RandomPlayer(Player):
    """Uniformly random legal choices: the baseline the other levels are measured against."""

    level = "random"

    def decide(self, knowledge: Knowledge,
               cancelled: Callable[[], bool] = never) -> Decision:
        if not knowledge.legal:
            raise ValueError(f"{knowledge.seat_name} has nothing to decide now")
        return Decision(self.rng_for(knowledge).choice(knowledge.legal),
                        "A random legal choice.")


LEVELS: dict[str, type[Player]] = {"random": RandomPlayer}
"""Level name → player class; the stronger levels register here as they land."""


def make_player(level: str, seed: int = 0) -> Player:
    """A player of ``level`` (``random``, ``easy``, ``normal``, ``hard``); ``KeyError`` naming
    the known levels for anything else."""
    if level not in LEVELS:
        raise KeyError(f"unknown AI level {level!r} (known: {', '.join(LEVELS)})")
    return LEVELS[level](seed)
