"""Scoring and payments (RULES.md sections 4 and 5): the contract's multiplier and target,
:func:`settle` (a finished hand's worth to the declarer's side), :func:`payments` (each seat's
score at three, four and five players), :class:`Scoring` (the hand's count and its RECORDS.md
result) and :class:`TarotTally` (a game of several hands).

**Decisions** (where RULES.md is silent):

* *Slam in the result* (the declarer's side's bonus, paid by each defender like the base):
  ``400`` announced and made, ``200`` made unannounced, ``-200`` announced and failed, ``-200``
  when the defence takes every trick; both failures together still cost 200 once (``-200``).
* *Match*: ``hands`` (4, 8, 12) counts hands played out; thrown-in hands do not count but the
  deal still passes to the right. The winner is ``None`` until that many hands have been played,
  then the seat with the highest total — or, when several seats share the highest total, the
  list of their letters (``["S", "N"]``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .. import cards as C
from ..native import mypyc_attr
from ..tally import Tally
from .excuse import ExcuseRules, exchange_value
from .handfuls import Handfuls
from .layouts import layout
from .pack import JACKS, KINGS, KNIGHTS, OUDLERS, QUEENS, TRICKS, half_points, names

MULTIPLIER = {"take": 1, "keep": 2, "keep-without": 4, "keep-against": 6}
TARGETS = (56, 51, 41, 36)
"""Card points the declarer needs with 0, 1, 2, 3 oudlers."""


def settle(contract: str, half: int, oudlers: int, petit_au_bout: int, handful: int,
           declarer_tricks: int, slam_announced: bool,
           tricks: int = TRICKS) -> tuple[int, bool, int, int]:
    """Score a finished hand from the declarer's side.

    ``half`` is the declarer's side's card points in half points, ``petit_au_bout`` +1 when
    the declarer's side took it, -1 for the defence, 0 for neither; ``handful`` the total
    shown; ``declarer_tricks`` the tricks the declarer's side took of the hand's ``tricks``.
    Returns ``(target, won, slam, unit)`` where ``unit`` is what each defender pays the declarer
    (negative when the declarer pays): ``(±(25 + d) ± 10) × multiplier ± handful + slam``.
    """
    target = TARGETS[oudlers]
    won = half >= 2 * target
    d = (abs(half - 2 * target) + 1) // 2
    sign = 1 if won else -1
    if declarer_tricks == tricks:
        slam = 400 if slam_announced else 200
    elif slam_announced or declarer_tricks == 0:
        slam = -200
    else:
        slam = 0
    unit = (sign * (25 + d) + 10 * petit_au_bout) * MULTIPLIER[contract] + sign * handful + slam
    return target, won, slam, unit


def payments(table: C.Table, declarer: int, partner: int | None, unit: int) -> dict[str, int]:
    """Each seat's score for a hand worth ``unit`` to the declarer's side (negative: it lost):
    every defender pays ``unit``, the declarer's partner (five players; ``None``: none, or the
    declarer plays alone) receives ``unit`` and the declarer the rest — so the declarer gets
    3× at four players, 2× at three, 2× with a partner at five and 4× alone, and every hand
    sums to zero (RULES.md sections 4 and 5)."""
    defenders = table.size - 1 - (partner is not None)
    scores = {}
    for s in range(table.size):
        if s == declarer:
            scores[table.letters[s]] = (defenders - (partner is not None)) * unit
        else:
            scores[table.letters[s]] = unit if s == partner else -unit
    return scores


@mypyc_attr(native_class=False)  # used as a Python object: see native.py
class Scoring(ExcuseRules, Handfuls):
    """The count of a :class:`~game.engine.tarot.hand.TarotHand` and its result: the
    declarer's pile and card points, and the RECORDS.md result object (:func:`settle`,
    :func:`payments`)."""

    def declarer_pile(self) -> int:
        """The cards that count for the declarer's side: its tricks (at five, the partner's
        too), plus the discard (take, keep) or the talon (keep without)."""
        assert self.declarer is not None
        pile = 0
        for s in range(self.table.size):
            if self.side(s) == 0:
                pile |= self.won[s]
        if self.contract in ("take", "keep"):
            pile |= self.discard
        elif self.contract == "keep-without":
            pile |= self.talon
        return pile

    def counting_cards(self) -> list[str]:
        """The cards of the declarer's pile (:meth:`declarer_pile`) worth more than half a
        point — the oudlers, then the kings, queens, knights and jacks — as a count of the
        hand shows them; empty while nobody has taken."""
        if self.declarer is None:
            return []
        pile = self.declarer_pile()
        return [n for kind in (OUDLERS, KINGS, QUEENS, KNIGHTS, JACKS) for n in names(pile & kind)]

    def declarer_half_points(self) -> int:
        """The declarer's card points so far in half points, counting each unsettled Excuse
        exchange as settled (see the module's decisions)."""
        return half_points(self.declarer_pile()) + sum(
            exchange_value(self.side(owner)) for owner, _ in self.owed)

    def result(self) -> dict[str, Any] | None:
        if self.phase != "done":
            return None
        if self.thrown_in is not None:
            return {"thrown_in": self.thrown_in}
        assert self.declarer is not None and self.contract is not None
        half = self.declarer_half_points()
        oudlers = (self.declarer_pile() & OUDLERS).bit_count()
        pab = self.petit_au_bout()
        handful = self.handful_total()
        taken = sum(1 for t in self.tricks if t.winner is not None and self.side(t.winner) == 0)
        target, won, slam, unit = settle(self.contract, half, oudlers, pab, handful, taken,
                                         bool(self.slam_announced), self.layout.tricks)
        result: dict[str, Any] = {"declarer": self.seat_letter(self.declarer)}
        if self.layout.calls:
            result["partner"] = None if self.partner is None else self.seat_letter(self.partner)
        result.update({
            "bid": self.contract, "oudlers": oudlers, "points": half / 2, "target": target,
            "won": won, "petit_au_bout": {1: "declarer", -1: "defence", 0: None}[pab],
            "handful": handful, "slam": slam,
            "score": payments(self.table, self.declarer, self.partner, unit)})
        return result


class TarotTally(Tally):
    """Per-seat running totals over ``hands`` hands played out; the deal passes to the right."""

    def __init__(self, options: Mapping[str, Any]) -> None:
        super().__init__(options)
        self.table = layout(options).table
        self.totals = [0] * self.table.size
        self.counted = 0
        """Hands played out (thrown-in hands are not counted)."""

    def add(self, dealer: int, result: Mapping[str, Any]) -> None:
        self.hands += 1
        if "thrown_in" in result:
            return
        self.counted += 1
        for s, letter in enumerate(self.table.letters):
            self.totals[s] += result["score"][letter]

    def next_dealer(self, dealer: int, result: Mapping[str, Any]) -> int:
        return self.table.counter_clockwise(dealer)

    def scores(self) -> dict[str, Any]:
        return dict(zip(self.table.letters, self.totals, strict=True))

    def winner(self) -> str | list[str] | None:
        """``None`` until ``hands`` hands were played out; then the seat with the highest
        total, or the list of the seats sharing it."""
        if self.counted < self.options["hands"]:
            return None
        top = max(self.totals)
        best = [letter for letter, total in zip(self.table.letters, self.totals, strict=True)
                if total == top]
        return best[0] if len(best) == 1 else best
