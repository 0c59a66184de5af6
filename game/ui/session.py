"""The match the table plays and the player's settings — plain Python, no pygame.

:class:`Match` keeps a whole game of hands as a match record (RECORDS.md ``four-trumps/match``)
so that saving (issue 8) is only writing :meth:`Match.record`; it deals each hand from the
match seed exactly as ``records.new_deal`` deals the first, feeds finished hands to the game's
tally and names the next dealer. :class:`Settings` holds the player's choices in memory.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..engine import ai, games, records
from ..engine.cards import SEATS
from ..engine.hand import Action, HandState

SPEEDS = {"slow": 1.6, "normal": 1.0, "fast": 0.5}
"""Animation speed setting → duration factor."""
AI_PREFERENCE = ("hard", "normal", "easy", "random")


def _plays(level: str, game: str | None) -> bool:
    if level not in ai.LEVELS:
        return False
    supports = getattr(ai, "supports", None)
    return game is None or supports is None or bool(supports(level, game))


def best_level(wanted: str = "hard", game: str | None = None) -> str:
    """``wanted`` when that AI level exists (and plays ``game``), else the strongest weaker
    level that does, else any that does (``random`` plays every game)."""
    start = AI_PREFERENCE.index(wanted) if wanted in AI_PREFERENCE else 0
    for level in (*AI_PREFERENCE[start:], *reversed(AI_PREFERENCE[:start])):
        if _plays(level, game):
            return level
    return "random"


@dataclass
class Settings:
    """The player's choices (kept in memory until settings are saved, issue 8)."""

    ai_level: str = "hard"
    """Wanted AI level for the three AI seats; the best existing level is used."""
    speed: str = "normal"
    sound: bool = True
    volume: float = 0.7
    four_colour: bool = False
    learning: bool = True
    """Dim the cards that may not be played and say why on hover."""
    trumps_right: bool = False
    options: dict[str, dict[str, Any]] = field(default_factory=dict)
    """Game options per game (record name → options that differ from the defaults)."""

    @property
    def speed_factor(self) -> float:
        """Multiplier for every animation and pause."""
        return SPEEDS.get(self.speed, 1.0)


class Match:
    """A game of hands between South (the person) and three AI seats.

    ``hand`` is the current hand; :meth:`apply` is the only way it changes. When it is done,
    :meth:`next_hand` deals the next one (the tally has already counted it)."""

    def __init__(self, game: str, seed: int, options: dict[str, Any] | None = None,
                 ai_level: str = "hard") -> None:
        self.spec = games.get(game)
        self.options = self.spec.full_options(dict(options or {}))
        self.seed = seed
        level = best_level(ai_level, game)
        self.seats = {"S": "human", "W": level, "N": level, "E": level}
        self.tally = self.spec.tally(self.options)
        self.hands: list[dict[str, Any]] = []
        self.hand: HandState
        self.counted = 0
        """Hands fed to the tally so far."""
        self._deal(self.spec.first_dealer(games.rng_for(game, seed, "draw")))

    @property
    def game(self) -> str:
        """The game's record name."""
        return self.spec.name

    def _deal(self, dealer: int) -> None:
        n = len(self.hands)
        deal = self.spec.deal(games.rng_for(self.game, self.seed, f"hand-{n}"), dealer,
                              self.options)
        self.hands.append(records.hand_record(self.spec, self.options, dealer, deal))
        self.hand = self.spec.new_hand(deal, dealer, self.options)
        self._count()

    def _count(self) -> None:
        result = self.hand.result()
        if result is not None and self.counted < len(self.hands):
            self.tally.add(self.hand.dealer, result)
            self.counted = len(self.hands)

    def apply(self, action: Action) -> None:
        """Apply ``action`` to the current hand (raises ``IllegalAction``, state unchanged,
        when it is not legal) and record it."""
        self.hand.apply(action)
        self.hands[-1]["actions"].append(dict(action))
        self._count()

    @property
    def over(self) -> bool:
        """True once the game has a winner."""
        return self.tally.winner() is not None

    def next_hand(self) -> None:
        """Deal the next hand, dealt by the seat the rules name after the finished one."""
        result = self.hand.result()
        if result is None:
            raise ValueError("the current hand is not finished")
        if self.over:
            raise ValueError("the game is over")
        self._deal(self.tally.next_dealer(self.hand.dealer, result))

    def record(self) -> dict[str, Any]:
        """The match record (RECORDS.md), ready to save."""
        return {"format": records.MATCH_FORMAT, "version": records.VERSION,
                "game": self.game, "options": self.spec.changed_options(self.options),
                "seed": self.seed, "seats": dict(self.seats),
                "hands": [dict(h, actions=list(h["actions"])) for h in self.hands]}

    def player_for(self, seat: int) -> str:
        """``"human"`` or the AI level playing ``seat``."""
        return self.seats[SEATS[seat]]
