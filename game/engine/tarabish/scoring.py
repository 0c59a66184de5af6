"""Tarabish's scores: the bait rule (:func:`settle`) that turns the sides' totals of a hand into
its score, and the match to the target (:class:`TarabishTally`). A hand's totals (card points,
runs, bella) are summed by :meth:`~.hand.TarabishHand._score`, which calls :func:`settle`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .. import cards as C
from ..tally import Tally


def settle(calling_side: int, totals: Sequence[int],
           half_bait_is_bait: bool = False) -> tuple[str, list[int]]:
    """The bait rule: ``(bait, score)`` for sides' ``totals`` (NS, EW) when ``calling_side``
    (0 = NS, 1 = EW) called trump. More than the others: both score their totals (``"none"``);
    less: the others score both totals (``"bait"``); equal: the callers score 0 and the others
    their own total (``"half-bait"``), or a full bait with ``half_bait_is_bait``."""
    mine, theirs = calling_side, 1 - calling_side
    score = list(totals)
    if totals[mine] > totals[theirs]:
        return "none", score
    if totals[mine] < totals[theirs] or half_bait_is_bait:
        score[mine], score[theirs] = 0, totals[0] + totals[1]
        return "bait", score
    score[mine] = 0
    return "half-bait", score


def teams(pair: Sequence[int]) -> dict[str, int]:
    """``pair`` (NS, EW) keyed by side."""
    return {"NS": pair[0], "EW": pair[1]}


class TarabishTally(Tally):
    """Running points per side; first side to reach ``target`` wins; when both reach it on the
    same hand the higher total wins, and an exact tie plays on (**Decision**). A thrown-in hand
    scores nothing. The deal always passes to the left."""

    def __init__(self, options: Mapping[str, Any]) -> None:
        super().__init__(options)
        self.totals = {"NS": 0, "EW": 0}
        self._winner: str | None = None

    def add(self, dealer: int, result: Mapping[str, Any]) -> None:
        self.hands += 1
        for side, pts in result.get("score", {}).items():
            self.totals[side] += pts
        if self._winner is None:
            target = self.options.get("target", 500)
            ns, ew = self.totals["NS"], self.totals["EW"]
            if max(ns, ew) >= target and ns != ew:
                self._winner = "NS" if ns > ew else "EW"

    def next_dealer(self, dealer: int, result: Mapping[str, Any]) -> int:
        return C.clockwise(dealer)

    def scores(self) -> dict[str, Any]:
        return dict(self.totals)

    def winner(self) -> str | None:
        return self._winner
