"""The Excuse and the petit au bout (RULES.md section 4): when the Excuse wins a trick
(:func:`excuse_wins`), where it goes and the half-point card given in exchange
(:func:`excuse_fate`, :func:`exchange_value`, :func:`exchange_card`), and when the Petit is *au
bout* (:func:`petit_au_bout`) — and :class:`ExcuseRules`, the hand's gathering of a trick that
applies them. The random-playout kernel (:mod:`.playouts`) and the AI call the same functions.

**Decisions** (where RULES.md is silent):

* *Excuse exchange*: the 0.5-point card comes from the owner side's tricks, never from the
  discard (the owner's own pile first, then its side's other piles in seat order S, W, N, E; the
  lowest such card). If the owner's side never gets one, the exchange is settled in points at
  the end: the owner's side counts 0.5 less and the other side 0.5 more, exactly as if the card
  had been given.
* *Excuse at the last trick*: it goes to the side that wins that trick, unless it is *led* by a
  side that won all 17 other tricks: then it wins the trick (RULES.md's wording: "leads").
* *Petit au bout*: the Petit in the last trick counts for the side winning it; when the Excuse
  wins the last trick of a slam that way, the Petit played to the 17th trick counts for the side
  winning that trick.
* At five players the declarer's side (declarer and partner) counts together: the Excuse's
  exchange card comes from the owner's pile, then its side's others in seat order; a side that
  won every other trick may win the last with the Excuse.
"""

from __future__ import annotations

from collections.abc import Sequence

from .. import cards as C
from ..native import mypyc_attr
from ..tricks import Trick
from .pack import EXB, LOW, TRICKS
from .state import TarotState


def excuse_wins(t: int, led_by_excuse: bool, side_tricks: int, tricks: int = TRICKS) -> bool:
    """Whether the Excuse wins trick ``t`` of a hand of ``tricks`` tricks: it never does,
    except at the last trick when it is led by a side that won every other trick
    (``side_tricks``: that side's tricks before ``t``)."""
    return led_by_excuse and t == tricks - 1 and side_tricks == tricks - 1


def exchange_value(owner_side: int) -> int:
    """The declarer's half points that an Excuse exchange moves: the owner's side gives the
    trick's winner a 0.5-point card (-1 when the declarer owns the Excuse, +1 when a defender
    does). A side that has no such card yet gives it as soon as it has one; one that never
    gets one still owes it, and it counts the same at the end (the pack totals 91)."""
    return -1 if owner_side == 0 else 1


def excuse_fate(t: int, owner_side: int, winner_side: int,
                tricks: int = TRICKS) -> tuple[bool, int]:
    """What becomes of the Excuse played to trick ``t`` of ``tricks``: ``(kept, value)``.
    ``kept``: it goes back to its owner's pile (before the last trick) instead of going with
    the trick to its winner (the last trick); ``value``: the declarer's half points of the
    exchange this owes (:func:`exchange_value` when a kept Excuse's owner and the winner are on
    different sides, else 0)."""
    if t == tricks - 1:
        return False, 0
    return True, 0 if owner_side == winner_side else exchange_value(owner_side)


def exchange_card(piles: Sequence[int]) -> tuple[int, int] | None:
    """The 0.5-point card an Excuse's owner side gives: ``(index of the pile, card bit)`` — the
    lowest such card of the first of ``piles`` (the owner's, then its side's others) that holds
    one, or ``None`` when none does yet (the exchange stays pending)."""
    for i, pile in enumerate(piles):
        low = pile & LOW
        if low:
            return i, low & -low
    return None


def petit_au_bout(petit_trick: int, excuse_won_last: bool, tricks: int = TRICKS) -> bool:
    """Whether the Petit, played to trick ``petit_trick`` of ``tricks``, is *au bout*: in the
    last trick, or in the one before when the Excuse won the last trick (a slam led with
    it)."""
    return petit_trick == tricks - 1 or (excuse_won_last and petit_trick == tricks - 2)


@mypyc_attr(native_class=False)  # used as a Python object: see native.py
class ExcuseRules(TarotState):
    """The Excuse in a :class:`~game.engine.tarot.hand.TarotHand`: whether it wins a trick,
    the trick gathered with it (its owner keeps it and owes a card), and the petit au bout."""

    def excuse_wins(self, trick: Trick) -> bool:
        """True when ``trick`` is the last, led with the Excuse by a side that won every
        earlier trick (``self.tricks`` holds only the earlier ones, or ``trick`` last)."""
        earlier = [t for t in self.tricks if t is not trick]
        side = self.side(trick.leader)
        won = sum(1 for t in earlier if t.winner is not None and self.side(t.winner) == side)
        return excuse_wins(len(earlier), trick.cards[0] == C.EXCUSE, won, self.layout.tricks)

    def gather(self, trick: Trick) -> None:
        """The trick goes to its winner, except an Excuse played before the last trick: it goes
        to its owner, whose side owes the winner a 0.5-point card (given now, or as soon as
        that side has one; :func:`excuse_fate`)."""
        winner = trick.winner
        assert winner is not None
        cards = C.mask_of(trick.cards)
        if cards & EXB:
            owner = trick.seats[trick.cards.index(C.EXCUSE)]
            kept, value = excuse_fate(len(self.tricks) - 1, self.side(owner), self.side(winner),
                                      self.layout.tricks)
            if kept:
                self.won[owner] |= EXB
                cards ^= EXB
            if value:
                self.owed.append((owner, winner))
        self.won[winner] |= cards
        self._settle_exchanges()

    def _settle_exchanges(self) -> None:
        """Give every pending exchange's card whose owner side now has one
        (:func:`exchange_card`: the owner's pile first, then its side's others in seat
        order)."""
        still = []
        for owner, to in self.owed:
            piles = [owner, *(s for s in range(self.table.size) if s != owner and
                              self.side(s) == self.side(owner))]
            given = exchange_card([self.won[s] for s in piles])
            if given is None:
                still.append((owner, to))
                continue
            source, card = piles[given[0]], given[1]
            self.won[source] ^= card
            self.won[to] |= card
        self.owed = still

    def petit_au_bout(self) -> int:
        """+1 when the declarer took the Petit at the end, -1 the defence, 0 neither (only
        meaningful once the hand is played out)."""
        tricks = self.layout.tricks
        if len(self.tricks) < tricks:
            return 0
        ex_won = self.excuse_wins(self.tricks[-1])
        for i in (tricks - 1, tricks - 2):
            trick = self.tricks[i]
            if C.PETIT in trick.cards and petit_au_bout(i, ex_won, tricks):
                assert trick.winner is not None
                return 1 if self.side(trick.winner) == 0 else -1
        return 0
