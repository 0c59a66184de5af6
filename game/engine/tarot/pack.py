"""French Tarot's pack: the card masks, the card points, the notation, and the counts of the
four-player table (hand, talon, tricks, handfuls — the other tables are in :mod:`.layouts`).

Card points are kept in *half points* (ints; the pack holds 182) and reported as floats.
A card is its id (0..55 the suit cards, 56..76 T1..T21, 77 the Excuse); a mask is an int with
one bit per card.
"""

from __future__ import annotations

from .. import cards as C
from ..tricks import PACK_TAROT

HANDFULS = ((10, 20), (13, 30), (15, 40))
"""(trumps shown, bonus) for the single, double and triple handful."""
HAND_SIZE = 18
TALON_SIZE = 6
TRICKS = 18
"""Cards in a hand, in the talon, tricks in a hand — at four players (see :class:`Layout`)."""
TOTAL_HALF_POINTS = 182

EXB = 1 << C.EXCUSE
PETITB = 1 << C.PETIT
OUDLERS = PETITB | (1 << C.MONDE) | EXB
PLAIN = (1 << C.TRUMP_BASE) - 1
"""Every suit card (not trumps, not the Excuse)."""
KINGS = C.mask_of(14 * s + 13 for s in range(4))
QUEENS = C.mask_of(14 * s + 12 for s in range(4))
KNIGHTS = C.mask_of(14 * s + 11 for s in range(4))
JACKS = C.mask_of(14 * s + 10 for s in range(4))
LOW = C.FULL_TAROT & ~(OUDLERS | KINGS | QUEENS | KNIGHTS | JACKS)
"""The 0.5-point cards (what the Excuse's owner gives in exchange)."""
SUIT_MASKS = PACK_TAROT.suit_masks


def half_points(mask: int) -> int:
    """The card points of the cards in ``mask``, in half points (oudlers and kings 9, queens 7,
    knights 5, jacks 3, the rest 1)."""
    return (mask.bit_count() + 8 * (mask & (OUDLERS | KINGS)).bit_count()
            + 6 * (mask & QUEENS).bit_count() + 4 * (mask & KNIGHTS).bit_count()
            + 2 * (mask & JACKS).bit_count())


names = PACK_TAROT.names
"""The notation of every card of a mask, suits then trumps then the Excuse."""
