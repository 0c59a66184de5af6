"""Handfuls (*poignées*, RULES.md sections 4 and 5): which trumps a seat may show, what they
are worth, and :class:`Handfuls`, the hand's rules for showing one (the sizes of each table are
its :class:`~game.engine.tarot.layouts.Layout`'s ``handfuls``).

**Decisions** (where RULES.md is silent): the Excuse may stand in only when the seat holds
exactly one trump fewer than the handful's size (then every trump is shown with it). Any trumps
held may be shown (``legal`` lists the canonical lowest ones). A seat shows at most one handful.
The declarer's handful counts the trumps it holds after its discard. The result's ``handful`` is
the total of every handful shown (two seats may both show one, e.g. 20 + 30 = 50), won by the
side that wins the hand.
"""

from __future__ import annotations

from collections.abc import Sequence

from .. import cards as C
from ..hand import named_seat
from ..message import Cards, Message
from ..native import mypyc_attr
from ..tricks import not_held
from .pack import EXB, HANDFULS, names
from .state import TarotState


def canonical_handfuls(hand: int,
                       handfuls: Sequence[tuple[int, int]] = HANDFULS) -> list[list[str]]:
    """One handful per level ``hand`` qualifies for (``handfuls``: the table's sizes and
    bonuses), as RECORDS.md's ``legal`` shows it: its lowest trumps, with the Excuse (and then
    every trump) only when one trump short."""
    trumps = list(C.bits(hand & C.TRUMPS_MASK))
    shown = []
    for size, _ in handfuls:
        if len(trumps) >= size:
            shown.append([C.format_tarot(c) for c in trumps[:size]])
        elif len(trumps) == size - 1 and hand & EXB:
            shown.append([C.format_tarot(c) for c in trumps] + ["EX"])
    return shown


def excuse_stands_in(trumps: int, size: int) -> bool:
    """Whether the Excuse may be shown in a handful of ``size`` cards by a seat holding
    ``trumps`` trumps (RULES.md): only when it lacks enough trumps without it — and then every
    trump it holds must be shown with it (a handful of ``size`` then takes them all)."""
    return trumps < size


def handful_pool(hand: int, size: int) -> int:
    """The cards (a mask) a seat holding ``hand`` may choose among for a handful of ``size``:
    its trumps, and the Excuse when :func:`excuse_stands_in`. Any ``size`` of them make a
    valid handful; when the pool holds exactly ``size`` cards, the choice is forced."""
    trumps = hand & C.TRUMPS_MASK
    return trumps | (hand & EXB if excuse_stands_in(trumps.bit_count(), size) else 0)


def handful_bonus(shown: int, handfuls: Sequence[tuple[int, int]] = HANDFULS) -> int | None:
    """The bonus (20, 30, 40: a single, double or triple handful) of a handful of ``shown``
    cards at the table whose sizes are ``handfuls``; ``None`` for a size that is none."""
    return dict(handfuls).get(shown)


def handful_levels(hand: int, handfuls: Sequence[tuple[int, int]] = HANDFULS) -> tuple[int, ...]:
    """The bonuses (20, 30, 40) of every handful ``hand`` may show (``handfuls``: the table's
    sizes and bonuses)."""
    n = (hand & C.TRUMPS_MASK).bit_count()
    ex = 1 if hand & EXB else 0
    return tuple(bonus for size, bonus in handfuls if n >= size or (ex and n == size - 1))


def _not_a_trump(cards: int) -> Message:
    """The reason ``cards`` (a mask) may not be shown in a handful: they are not trumps."""
    return Message("a handful shows trumps only (and the Excuse when needed): {cards} is not a "
                   "trump", cards=Cards(names(cards)))


@mypyc_attr(native_class=False)  # used as a Python object: see native.py
class Handfuls(TarotState):
    """Showing a handful in a :class:`~game.engine.tarot.hand.TarotHand`: who may, why a
    handful is refused, and the bonus of those shown."""

    def may_show_handful(self, seat: int) -> bool:
        """True when ``seat`` has not played yet, has shown no handful and qualifies for one."""
        return (seat not in self.played and seat not in self.handfuls
                and bool(handful_levels(self.hands[seat], self.layout.handfuls)))

    def handful_reason(self, seat: int, value: object) -> str | None:
        """Why ``seat`` may not show ``value`` (a list of cards) as a handful now, or ``None``."""
        who = named_seat(seat, self.table)
        if seat in self.played:
            return Message("{seat} has already played a card: a handful is shown before the "
                           "first card",
                           you="You have already played a card: a handful is shown before the "
                               "first card", seat=who)
        if seat in self.handfuls:
            return Message("{seat} has already shown a handful",
                           you="You have already shown a handful", seat=who)
        if not isinstance(value, list):
            return Message("a handful is a list of cards, such as {example}",
                           example='["T1", "T2", ..., "T10"]')
        shown = [C.parse_tarot(c) for c in value]
        mask = C.mask_of(shown)
        if len(shown) != mask.bit_count():
            twice = sorted({c for c in shown if shown.count(c) > 1})
            return Message("the handful shows {cards} more than once",
                           cards=Cards(names(C.mask_of(twice))))
        missing = mask & ~self.hands[seat]
        if missing:
            return not_held(seat, Cards(names(missing)), self.table)
        odd = mask & ~(C.TRUMPS_MASK | EXB)
        if odd:
            return _not_a_trump(odd)
        sizes = [size for size, _ in self.layout.handfuls]
        if len(shown) not in sizes:
            return Message("a handful shows exactly {single}, {double} or {triple} trumps "
                           "(single, double, triple); this one shows {n}", n=len(shown),
                           single=sizes[0], double=sizes[1], triple=sizes[2])
        if mask & ~handful_pool(self.hands[seat], len(shown)):  # the Excuse, not short
            return self._excuse_not_short(seat)
        return None

    def handful_pick_reason(self, seat: int, card: str, size: int) -> str | None:
        """Why ``card`` may not be among the cards ``seat`` chooses to show in a handful of
        ``size`` (:func:`handful_pool`: a trump it holds, or the Excuse when short of
        trumps), or ``None`` when it may — the reasons :meth:`handful_reason` gives."""
        face = C.parse_tarot(card)
        if not self.hands[seat] >> face & 1:
            return not_held(seat, Cards(names(1 << face)), self.table)
        if not (C.TRUMPS_MASK | EXB) >> face & 1:
            return _not_a_trump(1 << face)
        if not handful_pool(self.hands[seat], size) >> face & 1:
            return self._excuse_not_short(seat)
        return None

    def _excuse_not_short(self, seat: int) -> Message:
        """The reason a seat holding enough trumps may not show the Excuse."""
        held = (self.hands[seat] & C.TRUMPS_MASK).bit_count()
        return Message("{seat} may show the Excuse only when short of trumps ({seat} holds "
                       "{n} trumps)",
                       you="You may show the Excuse only when short of trumps (you hold "
                           "{n} trumps)", seat=named_seat(seat, self.table), n=held)

    def handful_total(self) -> int:
        """The bonus of every handful shown so far."""
        bonus = dict(self.layout.handfuls)
        return sum(bonus[m.bit_count()] for m in self.handfuls.values())
