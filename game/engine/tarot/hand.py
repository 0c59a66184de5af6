"""The French Tarot hand: :class:`TarotHand`, one hand from the bidding to the score. It joins
the parts (:class:`~.auction.Auction`, :class:`~.scoring.Scoring`,
:class:`~.play_rules.PlayRules`, and through them the dog, the handfuls and the Excuse) and
holds what spans them: the legal actions of every phase, the checks and the doing of each
record verb, and what a seat may know.

**Decisions** (where RULES.md is silent):

* *Phase names*: ``"announce"`` is the declarer's slam decision; a handful is shown inside the
  ``"play"`` phase (it is an optional action before the seat's first card, listed in ``legal``
  beside the plays), as in the fixtures.
* *Knowledge*: shown voids leave out the inference "a seat that played under the highest trump
  holds no higher trump" (it is not a void); the rest is in :meth:`TarotHand.shown_voids`.
"""

from __future__ import annotations

from typing import Any

from .. import cards as C
from ..hand import Action, named_seat
from ..knowledge import suit_letters
from ..message import Message, Word
from ..native import mypyc_attr
from ..tricks import PACK_TAROT
from .auction import BIDS, CALL_RANKS, CONTRACT_NAMES, Auction, callable_cards
from .handfuls import canonical_handfuls
from .pack import names
from .play_rules import PlayRules, revealed, trick_state
from .scoring import Scoring


@mypyc_attr(native_class=False)  # used as a Python object: see native.py
class TarotHand(Auction, Scoring, PlayRules):
    """One hand of French Tarot, from the bidding to the score.

    Besides :class:`~game.engine.tricks.TrickHand`'s attributes: ``layout`` (the table size's
    :class:`Layout`; ``table`` its seats), ``talon`` (mask of the talon cards as dealt),
    ``bids`` (``(seat, bid)`` in order), ``contract`` and ``declarer`` (``None`` until the
    bidding ends), ``called`` (five players: the card the declarer called, ``None`` before or
    at another table), ``partner`` (five players: the seat holding the called card, ``None``
    when the declarer plays alone or before the call — the engine's truth: what a seat may
    know of it is in :meth:`public_facts`), ``discard`` (mask laid away by the declarer),
    ``slam_announced`` (``None`` until decided), ``handfuls`` (seat → mask shown),
    ``played`` (seats that have played a card), ``owed`` (unsettled Excuse exchanges as
    ``(owner, trick winner)``) and ``thrown_in`` (``None`` or the reason).
    """

    GAME = "tarot"
    PACK = PACK_TAROT
    CLOCKWISE = False
    VERBS = ("bid", "discard", "slam", "handful", "play")

    # -- decisions ---------------------------------------------------------------------------

    def verbs(self) -> tuple[str, ...]:
        """The record's verbs; at five players also ``call`` (after ``bid``)."""
        return ("bid", "call", *self.VERBS[1:]) if self.layout.calls else self.VERBS

    def legal_actions(self) -> list[Action]:
        seat = self.to_act
        if seat is None:
            return []
        if self.phase == "bid":
            top = self.top_bid()
            return [self._action(seat, "bid", b) for b in BIDS if b == "pass" or
                    BIDS.index(b) > BIDS.index(top)]
        if self.phase == "call":
            return [self._action(seat, "call", C.format_tarot(c))
                    for c in C.bits(callable_cards(self.hands[seat]))]
        if self.phase == "discard":
            return [self._action(seat, "discard", C.format_tarot(c))
                    for c in C.bits(self.discard_mask())]
        if self.phase == "announce":
            return [self._action(seat, "slam", False), self._action(seat, "slam", True)]
        shows = [self._action(seat, "handful", h)
                 for h in canonical_handfuls(self.hands[seat], self.layout.handfuls)
                 ] if self.may_show_handful(seat) else []
        return [*shows, *self.play_actions(seat)]

    def vocabulary(self, seat: int) -> list[Action]:
        """Every bid while bidding; every king (queen, knight, jack) while calling; the
        declarer's slam announcement (no, yes)."""
        if self.phase == "bid":
            return [self._action(seat, "bid", b) for b in BIDS]
        if self.phase == "call" and seat == self.declarer:
            return [self._action(seat, "call", C.format_tarot(14 * suit + rank))
                    for rank in CALL_RANKS for suit in range(4)]
        if self.phase == "announce" and seat == self.declarer:
            return [self._action(seat, "slam", False), self._action(seat, "slam", True)]
        return []

    def _check(self, seat: int, verb: str, value: Any, action: Action) -> str | None:
        if verb == "bid":
            if self.phase != "bid":
                return self._wrong_phase("bid", self.phase)
            if value not in BIDS:
                return Message("{value} is not a bid (expected one of {bids})",
                               value=repr(value), bids=", ".join(BIDS))
            top = self.top_bid()
            if value != "pass" and BIDS.index(value) <= BIDS.index(top):
                return Message("{seat} cannot bid {bid}: {top} has been bid, so {seat} must bid "
                               "higher or pass",
                               you="You cannot bid {bid}: {top} has been bid, so you must bid "
                                   "higher or pass",
                               seat=named_seat(seat, self.table),
                               bid=Word(CONTRACT_NAMES[value]),
                               top=Word(CONTRACT_NAMES[top]))
            return None
        if verb == "call":
            if self.phase != "call":
                return self._wrong_phase("call", self.phase)
            return self.call_reason(seat, value)
        if verb == "discard":
            if self.phase != "discard":
                return self._wrong_phase("discard", self.phase)
            return self.discard_reason(seat, value)
        if verb == "slam":
            if self.phase != "announce":
                return self._wrong_phase("slam announcement", self.phase)
            if not isinstance(value, bool):
                return Message("a slam announcement is true or false, not {value}",
                               value=repr(value))
            return None
        if verb == "handful":
            if self.phase != "play":
                return self._wrong_phase("handful", self.phase)
            return self.handful_reason(seat, value)
        if self.phase != "play":
            return self._wrong_phase("card play", self.phase)
        return self.check_play(seat, value)

    def _do(self, seat: int, verb: str, value: Any, action: Action) -> None:
        if verb == "bid":
            self.bids.append((seat, value))
            if len(self.bids) < self.table.size:
                self.to_act = self.next_seat(seat)
            else:
                self._end_bidding()
        elif verb == "call":
            self.called = C.parse_tarot(value)
            holder = next((s for s in range(self.table.size) if self.hands[s] >> self.called & 1),
                          None)
            self.partner = None if holder == seat else holder
            self._open_talon()
        elif verb == "discard":
            bit = C.parse_tarot(value)
            self.hands[seat] &= ~(1 << bit)
            self.discard |= 1 << bit
            if self.discard.bit_count() == self.layout.talon:
                self.phase = "announce"
        elif verb == "slam":
            self.slam_announced = value
            self.phase = "play"
            self.start_trick(seat if value else self.eldest)
        elif verb == "handful":
            self.handfuls[seat] = C.mask_of(C.parse_tarot(c) for c in value)
        else:
            self.played.add(seat)
            bit = C.parse_tarot(value)
            self.play_bit(seat, bit)

    # -- what a seat may know ----------------------------------------------------------------

    def redact(self, action: dict[str, Any], viewer: int) -> dict[str, Any]:
        """Another seat sees a discarded card only when it is a trump."""
        if ("discard" in action and self.table.index(action["seat"]) != viewer
                and C.suit_tarot(C.parse_tarot(action["discard"])) != 4):
            return {"seat": action["seat"], "discard": None}
        return dict(action)

    def public_facts(self, viewer: int) -> dict[str, Any]:
        """Contract, declarer, the talon when it was shown (take, keep), the trumps laid away,
        the handfuls shown and the slam announcement; the declarer also sees its discard.

        At five players also ``called`` (the card called, once called), and what ``viewer``
        knows of the declarer's side (:meth:`partner_known_to`): ``partner`` (the partner's
        letter when the viewer knows it, else ``None``) and ``alone`` (``True`` when the viewer
        knows the declarer plays alone, ``False`` when it knows the partner, ``None`` while it
        does not know). Before the called card is played only the partner itself knows who it
        is; the declarer learns it with everybody else."""
        letters = self.table.letters
        shown = self.declarer is not None and self.contract in ("take", "keep") and (
            not self.layout.calls or self.called is not None)
        facts: dict[str, Any] = {
            "contract": self.contract,
            "declarer": None if self.declarer is None else letters[self.declarer],
            "talon": names(self.talon) if shown else None,
            "discard_trumps": names(self.discard & C.TRUMPS_MASK),
            "handfuls": {letters[s]: names(m) for s, m in sorted(self.handfuls.items())},
            "slam": self.slam_announced,
        }
        if viewer == self.declarer and self.discard:
            facts["discard"] = names(self.discard)
        if self.layout.calls:
            known = self.partner_known_to(viewer)
            facts["called"] = None if self.called is None else C.format_tarot(self.called)
            facts["partner"] = letters[self.partner] if known and self.partner is not None \
                else None
            facts["alone"] = (self.partner is None) if known else None
        return facts

    def shown_voids(self) -> list[set[str]]:
        """What the cards played show each seat lacks (:func:`revealed`): a seat that did not
        follow the suit to follow is void in it; one that neither followed nor trumped is void
        in trumps too. The Excuse shows nothing, and when it leads, the next card sets the
        suit."""
        voids = [0] * self.table.size
        for t in [*self.tricks, *([self.trick] if self.trick else [])]:
            for i, (seat, card) in enumerate(zip(t.seats, t.cards, strict=True)):
                voids[seat] |= revealed(trick_state(t.cards[:i])[0], card)
        return [suit_letters({s for s in range(5) if v >> s & 1}) for v in voids]
