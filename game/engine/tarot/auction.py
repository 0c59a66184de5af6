"""The auction and the call (RULES.md sections 4 and 5): the bids, the five-player call of a
king (queen, knight, jack) and its first-trick rule, and :class:`Auction`, the hand's bidding
and calling.

**Decisions** (where RULES.md is silent):

* *Bidding*: every seat gets its one turn even after keep against (only ``pass`` is legal then).
  All pass: the hand is thrown in (``{"thrown_in": "all-pass"}``).
* *The call* (five players) comes after every contract (keep without and keep against too). The
  legal calls are the four cards of :func:`call_rank` — kings, or queens for a declarer holding
  the four kings, and so on — including any of them the declarer holds (it then plays alone).
* *The partner*: the seat that holds the called card when it is called (before the talon is
  taken up). A called card in the declarer's hand or in the talon: the declarer plays alone.
  The called card is public; who holds it is not: the partner knows, the declarer knows only
  when it holds the card itself (alone), and everybody knows once the card is played — or,
  under take and keep, once the talon holding it is shown. Under keep without and keep against
  a called card in the talon is never seen: nobody knows the declarer is alone until the
  result (:meth:`~game.engine.tarot.hand.TarotHand.public_facts`: ``called``, ``partner``,
  ``alone``).
* *First trick*: the rule binds the card that sets the suit of the first trick — the lead, or,
  after the Excuse was led, the next card (it leads the suit in all but name). A seat that
  holds nothing but cards of the called suit (the Excuse aside) may lead one of them
  (:func:`first_lead_barred`).
"""

from __future__ import annotations

from .. import cards as C
from ..hand import named_seat
from ..message import N_, Card, Message
from ..native import mypyc_attr
from .dog import LayAway
from .pack import JACKS, KINGS, KNIGHTS, QUEENS, SUIT_MASKS

BIDS = ("pass", "take", "keep", "keep-without", "keep-against")
"""Every bid, lowest first (``pass`` is not a contract)."""
CONTRACT_NAMES = {"pass": N_("Pass"), "take": N_("Take"), "keep": N_("Guard"),
                  "keep-without": N_("Guard without"), "keep-against": N_("Guard against")}
"""Each bid as English players name it (the record's verbs stay ``keep``…): Take, Guard, Guard
without (the dog), Guard against (the dog)."""

CALL_RANKS = (13, 12, 11, 10)
"""The ranks a five-player declarer may call, first choice first: king, queen, knight, jack."""
RANK_MASKS = {13: KINGS, 12: QUEENS, 11: KNIGHTS, 10: JACKS}
"""The four cards of each rank that may be called."""


def call_rank(hand: int) -> int:
    """The rank the holder of ``hand`` must call (13 king, 12 queen, 11 knight, 10 jack): the
    highest of them of which the hand does not hold all four (RULES.md: all four kings — a
    queen; all four kings and queens — a knight; and so on down to a jack)."""
    for rank in CALL_RANKS:
        if hand & RANK_MASKS[rank] != RANK_MASKS[rank]:
            return rank
    return CALL_RANKS[-1]


def callable_cards(hand: int) -> int:
    """The cards the declarer holding ``hand`` may call: the four of :func:`call_rank` (one
    it holds among them too — it then plays alone)."""
    return RANK_MASKS[call_rank(hand)]


def first_lead_barred(hand: int, called: int) -> int:
    """The cards of ``hand`` that may not set the suit of the first trick when ``called`` is
    the called card: the called suit's other cards — unless the hand holds nothing else (it
    must then lead one)."""
    barred = hand & SUIT_MASKS[C.suit_tarot(called)] & ~(1 << called)
    return barred if hand & ~barred else 0


@mypyc_attr(native_class=False)  # used as a Python object: see native.py
class Auction(LayAway):
    """The bidding and, at five players, the call of a
    :class:`~game.engine.tarot.hand.TarotHand`; after them the talon (:class:`LayAway`)."""

    def top_bid(self) -> str:
        """The highest bid so far (``"pass"`` when nobody has bid)."""
        return max((b for _, b in self.bids), key=BIDS.index, default="pass")

    def _end_bidding(self) -> None:
        top = self.top_bid()
        if top == "pass":
            self._throw_in("all-pass")
            return
        self.contract = top
        self.declarer = next(s for s, b in self.bids if b == top)
        self.to_act = self.declarer
        if self.layout.calls:
            self.phase = "call"
        else:
            self._open_talon()

    # -- the call (five players) -------------------------------------------------------------

    def call_reason(self, seat: int, value: object) -> str | None:
        """Why ``seat`` (the declarer) may not call ``value`` (a card in notation), or
        ``None``: it must be one of :func:`callable_cards`."""
        bit = C.parse_tarot(value)
        if callable_cards(self.hands[seat]) >> bit & 1:
            return None
        who, card = named_seat(seat, self.table), Card(C.format_tarot(bit))
        rank = call_rank(self.hands[seat])
        if rank == 13:
            return Message("{seat} cannot call {card}: the declarer calls a king",
                           you="You cannot call {card}: you must call a king",
                           seat=who, card=card)
        if rank == 12:
            return Message("{seat} cannot call {card}: {seat} holds all four kings and must "
                           "call a queen",
                           you="You cannot call {card}: you hold all four kings and must "
                               "call a queen", seat=who, card=card)
        if rank == 11:
            return Message("{seat} cannot call {card}: {seat} holds all four kings and queens "
                           "and must call a knight",
                           you="You cannot call {card}: you hold all four kings and queens "
                               "and must call a knight", seat=who, card=card)
        return Message("{seat} cannot call {card}: {seat} holds all four kings, queens and "
                       "knights and must call a jack",
                       you="You cannot call {card}: you hold all four kings, queens and "
                           "knights and must call a jack", seat=who, card=card)

    def partner_known_to(self, viewer: int) -> bool:
        """Whether ``viewer`` knows who the declarer's partner is (or that there is none):
        the partner itself, the declarer holding the called card, and everybody once the called
        card is played or the talon holding it is shown."""
        if self.called is None:
            return False
        if viewer == self.partner or self.called in self.played_cards():
            return True
        if viewer == self.declarer and self.partner is None and (
                self.hands[viewer] | self.discard | self.won[viewer]) >> self.called & 1:
            return True
        return bool(self.contract in ("take", "keep") and self.talon >> self.called & 1)
