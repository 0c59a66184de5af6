"""The dog (the talon) and the lay-away (RULES.md section 4): a take or keep declarer takes
up the talon, shown to all, and lays away as many cards — :class:`LayAway`.

**Decision** (where RULES.md is silent): when the declarer has fewer discardable suit cards (not
kings) than discards still to make, trumps (not the oudlers) may be laid away in any order with
the remaining suit cards. Another seat sees a discarded card only when it is a trump
(:meth:`~game.engine.tarot.hand.TarotHand.redact`).
"""

from __future__ import annotations

from .. import cards as C
from ..hand import named_seat
from ..message import Card, Cards, Message
from ..native import mypyc_attr
from ..tricks import not_held
from .pack import KINGS, OUDLERS, PLAIN, names
from .state import TarotState

DISCARDABLE_TRUMPS = C.TRUMPS_MASK & ~OUDLERS
"""The trumps that may be laid away (when nothing else can go): all but the oudlers."""


@mypyc_attr(native_class=False)  # used as a Python object: see native.py
class LayAway(TarotState):
    """The talon taken up and the discard of a :class:`~game.engine.tarot.hand.TarotHand`."""

    def _open_talon(self) -> None:
        """After the bidding (and the call): a take or keep declarer takes up the talon, shown
        to all, and discards; otherwise the slam announcement comes next."""
        assert self.declarer is not None
        if self.contract in ("take", "keep"):
            self.hands[self.declarer] |= self.talon
            self.phase = "discard"
        else:
            self.phase = "announce"

    def discard_mask(self) -> int:
        """The cards the declarer may lay away next: suit cards but kings; trumps other than
        the oudlers too when the suit cards cannot fill the discard."""
        assert self.declarer is not None
        hand = self.hands[self.declarer]
        plain = hand & PLAIN & ~KINGS
        if plain.bit_count() >= self.layout.talon - self.discard.bit_count():
            return plain
        return plain | (hand & DISCARDABLE_TRUMPS)

    def discard_reason(self, seat: int, card: object) -> str | None:
        """Why ``seat`` (the declarer) may not lay away ``card`` now, or ``None``."""
        bit = C.parse_tarot(card)
        who, name = named_seat(seat, self.table), Card(C.format_tarot(bit))
        if not self.hands[seat] >> bit & 1:
            return not_held(seat, name, self.table)
        if (KINGS >> bit) & 1:
            return Message("{seat} may not discard {card}: a king may not be discarded",
                           you="You may not discard {card}: a king may not be discarded",
                           seat=who, card=name)
        if (OUDLERS >> bit) & 1:
            return Message("{seat} may not discard {card}: an oudler ({oudlers}) may not be "
                           "discarded",
                           you="You may not discard {card}: an oudler ({oudlers}) may not be "
                               "discarded", seat=who, card=name, oudlers=Cards(("T1", "T21", "EX")))
        if not (self.discard_mask() >> bit) & 1:
            plain = self.hands[seat] & PLAIN & ~KINGS
            return Message("{seat} may discard a trump only when nothing else can go (holds "
                           "{cards})",
                           you="You may discard a trump only when nothing else can go (you "
                               "hold {cards})", seat=who, cards=Cards(names(plain)))
        return None
