"""Tarabish's cards and its rule of play: ranks, strengths and points (:data:`ABOVE`), the
one definition of must-trump and must-overtrump (:func:`legal_mask`) and the table options
(:data:`OPTIONS`). Imports nothing else of the package; every other part reads it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .. import cards as C
from ..games import Option
from ..message import N_
from ..tricks import PACK36, SUIT36

# ------------------------------------------------------------------------------------------
# Ranks, strengths, points

SIX, SEVEN, EIGHT, NINE, TEN, JACK, QUEEN, KING, ACE = range(9)
TRUMP_STRENGTH = (0, 1, 2, 7, 5, 8, 3, 4, 6)
"""By natural rank: trump order J 9 A 10 K Q 8 7 6 (higher is stronger)."""
PLAIN_STRENGTH = (0, 1, 2, 3, 7, 4, 5, 6, 8)
"""By natural rank: plain order A 10 K Q J 9 8 7 6."""
TRUMP_POINTS = (0, 0, 0, 14, 10, 20, 3, 4, 11)
PLAIN_POINTS = (0, 0, 0, 0, 10, 2, 3, 4, 11)
LAST_TRICK = 10
BELLA = 20
HAND_SIZE = 9
VISIBLE = 6
"""Cards a seat may look at before trump is called (the first six dealt)."""
SUIT_MASKS = PACK36.suit_masks


def card_points(card: int, trump: int) -> int:
    """The card points of 36-pack ``card`` when ``trump`` is trump."""
    r = card % 9
    return TRUMP_POINTS[r] if card // 9 == trump else PLAIN_POINTS[r]


def strength(card: int, trump: int) -> int:
    """Trick-taking strength within the card's suit (trump or plain order)."""
    r = card % 9
    return TRUMP_STRENGTH[r] if card // 9 == trump else PLAIN_STRENGTH[r]


ABOVE = tuple(tuple(sum(1 << (f // 9 * 9 + r) for r in range(9)
                        if strength(f // 9 * 9 + r, trump) > strength(f, trump))
                    for f in range(C.CARDS36)) for trump in range(4))
"""``ABOVE[trump][face]``: the faces of ``face``'s suit that beat it (trump order in the trump
suit, plain order elsewhere): the ``above`` table of :func:`~.tricks.beats` and
:func:`legal_mask` for natural faces."""


# ------------------------------------------------------------------------------------------
# Card play: the one definition of must-trump and must-overtrump


def legal_mask(hand: int, led: int, best: int, freed: bool, trump: int,
               above: Sequence[int]) -> int:
    """The cards of ``hand`` (a 36-face mask) that may be played to an open trick whose suit
    led is ``led`` and whose winning card so far is ``best`` (so the highest trump when it
    holds one): follow suit; else trump — unless ``freed`` (the partner exception applies:
    the option is on and partner is winning), then anything; a trump played where a trump
    lies must beat it when it can; with neither the suit led nor a trump, anything.

    ``above[face]`` is the faces of the same suit that beat ``face``: :data:`ABOVE` for the
    engine's natural faces, :data:`~.tricks.ABOVE36` for the AI's ranked faces."""
    trumps = hand & SUIT36[trump]
    if led != trump:
        follow = hand & SUIT36[led]
        if follow:
            return follow
        if not trumps or freed:
            return hand
    elif not trumps:
        return hand
    if best // 9 == trump:
        return (trumps & above[best]) or trumps
    return trumps



# ------------------------------------------------------------------------------------------
# The options

OPTIONS: dict[str, Option] = {
    "dealer_may_pass": Option(False, (False, True),
                              N_("the dealer may pass too; four passes throw the hand in")),
    "partner_exception": Option(False, (False, True),
                                N_("a player who cannot follow while their partner is "
                                   "winning may play any card")),
    "bella_on_first": Option(False, (False, True),
                             N_("bella is claimed with the first of the king and queen of "
                                "trump")),
    "half_bait_is_bait": Option(False, (False, True),
                                N_("a tie of the calling side counts as a full bait")),
    "target": Option(500, (300, 500, 1000), N_("points needed to win the game")),
}
DEFAULTS: dict[str, Any] = {k: o.default for k, o in OPTIONS.items()}
