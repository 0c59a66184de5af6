"""The running score of a game of hands: who deals next, the totals, and when the game is won.

Each game module supplies a :class:`Tally` subclass. A tally is fed every finished hand in
order (:meth:`Tally.add`) and answers who deals the next hand, the running scores and the
winner. Thrown-in hands are fed too: the tally decides what they count for. It is kept apart
from :mod:`game.engine.match` so that a game's rules module needs nothing of the match.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from typing import Any


class Tally(ABC):
    """The running state of one game (match) of hands."""

    def __init__(self, options: Mapping[str, Any]) -> None:
        self.options = dict(options)
        self.hands = 0
        """Hands fed so far (thrown-in ones included)."""

    @abstractmethod
    def add(self, dealer: int, result: Mapping[str, Any]) -> None:
        """Record a finished hand dealt by ``dealer`` with ``result`` (RECORDS.md form)."""

    @abstractmethod
    def next_dealer(self, dealer: int, result: Mapping[str, Any]) -> int:
        """Who deals after a hand dealt by ``dealer`` that ended with ``result``."""

    @abstractmethod
    def scores(self) -> dict[str, Any]:
        """Running totals: per team (``"NS"``, ``"EW"``) or per seat in French Tarot."""

    @abstractmethod
    def winner(self) -> Any:
        """The winning team (or seat, French Tarot), or ``None`` while the game goes on."""
