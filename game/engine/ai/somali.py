"""What the two Somali games' players (Arba'a Turub and Turup) share: the card play of
:mod:`.cardplay` with the Somali rules table, trump naming from the first three cards, and
scoring playouts by tricks.

Both games play 36 faces (Arba'a Turub has four copies of each) with the plain rules: follow
suit if you can, else anything; highest trump, else highest of the suit led; of identical cards
the first played wins; only tricks count. A face is ``suit * 9 + rank`` with ranks ascending,
which is already the policy's strength order (ranked face = natural face). The game modules
(:mod:`.turup`, :mod:`.arbaa_turub`) add their own decisions and scoring.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import ClassVar

from ..cards import SUITS
from ..knowledge import Knowledge
from ..message import Message
from .cardplay import CardPlayAI
from .endgame import Ending
from .player import Choice
from .policy import CardRules, say_faces, trick_rules
from .view import SUIT_NAMES, TrickView, act

CLOCKWISE = trick_rules(1)
COUNTER_CLOCKWISE = trick_rules(3)


class SomaliAI(CardPlayAI):
    """Decisions shared by the Somali games for one level; a game subclasses it to add its own
    decisions (Turup's kort, Arba'a Turub's signals) and its scoring.

    ``decide(level, k, rng, budget_ms, cancelled)`` is the entry point the players call.
    """

    RULES: ClassVar[CardRules] = CLOCKWISE
    HAND_SIZE = 9
    TRICKS = 9

    # -- entry point ----------------------------------------------------------------------

    def decide(self, level: str, k: Knowledge, rng: random.Random, budget_ms: float,
               cancelled: Callable[[], bool]) -> Choice:
        """The action and its reason for ``level`` (``easy``, ``normal`` or ``hard``)."""
        if k.phase == "trump":
            return self.name_trump(level, k, rng, budget_ms, cancelled)
        if k.phase == "play":
            return self.play(level, k, rng, budget_ms, cancelled)
        raise ValueError(f"{level} player: no decision known in phase {k.phase!r}")

    # -- trump ----------------------------------------------------------------------------

    def name_trump(self, level: str, k: Knowledge, rng: random.Random, budget_ms: float,
                   cancelled: Callable[[], bool]) -> Choice:
        """Name trump from the first three cards: easy takes the suit it holds most of,
        normal (and hard, unless the game simulates) weighs length and high cards."""
        faces = [self.PACK.parse(c) for c in k.hand]
        suit, text = trump_by_evaluation(faces, level == "easy")
        return act(k, "trump", SUITS[suit]), text

    # -- hard -----------------------------------------------------------------------------

    def score(self, won: list[int], side: int, kort_side: int) -> float:
        """A finished playout's value for ``side`` (the game's own points)."""
        return float(won[side] - won[side ^ 1])

    def playout_limits(self, view: TrickView, k: Knowledge) -> tuple[int, int, int]:
        """``(total, target, kort_side)`` for :meth:`Layout.play_out` from this position."""
        return self.TRICKS, 0, -1

    def ending(self, view: TrickView, k: Knowledge) -> Ending:
        """The play stops at :meth:`playout_limits` and scores by :meth:`score` (tricks)."""
        total, target, kort_side = self.playout_limits(view, k)
        side = view.seat & 1

        def score(won: list[int], points: list[int]) -> float:
            return self.score(won, side, kort_side)
        return Ending((view.won[0], view.won[1]), (0, 0), total, target, kort_side, score)


def trump_by_evaluation(faces: list[int], easy: bool) -> tuple[int, str]:
    """The suit to name from the first cards: easy counts cards (ties to the higher card);
    normal scores 3 per card plus 3/2/1 for an ace/king/queen. Returns (suit, reason)."""
    def key(s: int) -> tuple[int, int]:
        ranks = [f % 9 for f in faces if f // 9 == s]
        if easy:
            return len(ranks), max(ranks, default=-1)
        return 3 * len(ranks) + sum(max(0, r - 5) for r in ranks), max(ranks, default=-1)
    suit = max(range(4), key=lambda s: (*key(s), -s))
    n = sum(1 for f in faces if f // 9 == suit)
    held = say_faces([f for f in sorted(faces, reverse=True) if f // 9 == suit])
    if n >= 2:
        return suit, Message("Name {suit}: {n} of your first three cards ({held}) are {suit}.",
                             suit=SUIT_NAMES[suit], n=n, held=held)
    return suit, Message("Name {suit}: your {held} is the best start for a trump suit.",
                         suit=SUIT_NAMES[suit], held=held)
