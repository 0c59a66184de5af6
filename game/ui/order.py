"""How South's hand is sorted (DESIGN.md, "The table"): the one UI place that orders cards.

Suit groups are ordered so that red and black alternate whenever the suits held allow it (holding
♠ ♣ ♦ gives ♠ ♦ ♣); French Tarot's trumps form their own group with the Excuse beside them. Once
trump is known its group goes first (left), or last with ``trumps_right``. Within a group cards
run from the strongest (left) to the weakest, in the game's own rank order, which each game's
presentation gives (:mod:`game.ui.games`: Tarabish asks the engine's strength tables; the
Somali games and Tarot use the natural order).

**Decision**: strongest card at the left of each group (as bridge players hold them); trumps
at the left unless the player asks for trumps at the right.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise, permutations

from ..engine import cards as C
from .games import presentation

TRUMP_GROUP = 4
"""The group number of French Tarot's trumps and the Excuse."""
_RED = C.RED_SUITS
_PREFERRED = (0, 1, 3, 2, TRUMP_GROUP)
"""Tie-break order between equally alternating arrangements: ♠ ♥ ♣ ♦, trumps."""


def group_of(game: str, card: str) -> int:
    """The sort group of a card: its suit (0..3), or 4 for a Tarot trump or the Excuse."""
    return presentation(game).sort_group(card)


def group_order(groups: set[int], trump: int | None, trumps_right: bool = False) -> list[int]:
    """The order of the groups held: colours alternate as much as possible, the trump group
    (a suit once named, or Tarot's trumps) at the left or, with ``trumps_right``, the right."""
    rest = sorted(g for g in groups if g != trump)

    def colour(g: int) -> int:
        return 2 if g == TRUMP_GROUP else int(g in _RED)

    def score(order: Sequence[int]) -> tuple[int, tuple[int, ...]]:
        full = ([*order, trump] if trumps_right else [trump, *order]) if trump in groups \
            else list(order)
        breaks = sum(colour(a) == colour(b) for a, b in pairwise(full))
        return breaks, tuple(_PREFERRED.index(g) for g in order)

    best = min(permutations(rest), key=score) if rest else ()
    if trump in groups:
        return [*best, trump] if trumps_right else [trump, *best]
    return list(best)


def sort_hand(game: str, hand: Sequence[str], trump: str | None,
              trumps_right: bool = False) -> list[str]:
    """``hand`` (notation, copies repeated) in display order, left to right, by the game's
    groups and strengths (:class:`~game.ui.games.base.Presentation`)."""
    shown = presentation(game)
    trump_group = shown.trump_group(trump)
    groups = {shown.sort_group(c) for c in hand}
    order = group_order(groups, trump_group, trumps_right)
    return sorted(hand, key=lambda c: (order.index(shown.sort_group(c)),
                                       -shown.sort_strength(c, trump_group)))
