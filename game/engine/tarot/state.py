"""What a French Tarot hand holds: :class:`TarotState`, the attributes of a
:class:`~game.engine.tarot.hand.TarotHand` (described there), set up from the deal, and the
few questions every part of the hand asks (which side a seat is on, the cards played).

**Decision** (where RULES.md is silent): *petit sec* — a seat whose only trump is the Petit,
without the Excuse — is judged on each seat's dealt cards (18; 24 or 15 at three or five; the
talon is not looked at); any seat's petit sec throws the hand in, before the bidding: the hand
starts in phase ``"done"`` with ``{"thrown_in": "petit-sec"}``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .. import cards as C
from ..native import mypyc_attr
from ..tricks import PACK_TAROT, TrickHand, physical_hands, read_deal
from .layouts import layout
from .pack import EXB, PETITB


@mypyc_attr(native_class=False)  # used as a Python object: see native.py
class TarotState(TrickHand):
    """The attributes of a Tarot hand and their start from the deal (see
    :class:`~game.engine.tarot.hand.TarotHand`); the parts of the hand (:mod:`.auction`,
    :mod:`.dog`, :mod:`.handfuls`, :mod:`.excuse`, :mod:`.play_rules`, :mod:`.scoring`)
    extend it and :class:`~game.engine.tarot.hand.TarotHand` joins them."""

    def __init__(self, deal: Mapping[str, Any], dealer: int, options: Mapping[str, Any]) -> None:
        self.layout = layout(options)
        self.table = self.layout.table
        super().__init__(options, dealer)
        letters = self.table.letters
        sizes = {**{s: self.layout.hand_size for s in letters}, "talon": self.layout.talon}
        masks = physical_hands(PACK_TAROT, read_deal(PACK_TAROT, deal, sizes))
        self.hands = [masks[s] for s in letters]
        self.talon = masks["talon"]
        self.bids: list[tuple[int, str]] = []
        self.contract: str | None = None
        self.declarer: int | None = None
        self.called: int | None = None
        self.partner: int | None = None
        self.discard = 0
        self.slam_announced: bool | None = None
        self.handfuls: dict[int, int] = {}
        self.played: set[int] = set()
        self.owed: list[tuple[int, int]] = []
        self.thrown_in: str | None = None
        self.eldest = self.table.counter_clockwise(dealer)
        """The dealer's right: first to bid and (without a slam) to lead."""
        if any(h & (C.TRUMPS_MASK | EXB) == PETITB for h in self.hands):
            self._throw_in("petit-sec")
        else:
            self.phase = "bid"
            self.to_act = self.eldest

    def _throw_in(self, reason: str) -> None:
        self.thrown_in = reason
        self.phase = "done"
        self.to_act = None

    def side(self, seat: int) -> int:
        """0 for the declarer's side (the declarer, and at five its partner), 1 for a
        defender."""
        return 0 if seat == self.declarer or (self.partner is not None and seat == self.partner) \
            else 1

    def played_cards(self) -> list[int]:
        """Every card played to a trick so far, in order."""
        return [c for t in [*self.tricks, *([self.trick] if self.trick else [])]
                for c in t.cards]

    def trick_cards(self) -> list[int]:
        """The cards of the open trick so far, in order (none when no trick is open)."""
        return self.trick.cards if self.trick is not None else []
