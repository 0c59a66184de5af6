"""Turup (Somalia, 1912) — RULES.md section 2.

36 cards, partners S–N against W–E, everything counter-clockwise. The dealer's right names trump
from its first three cards and leads. Follow suit if you can, otherwise anything; highest trump
wins, else the highest card of the suit led. The hand ends as soon as a side has five tricks and
scores it 1 point — unless that side won each of the first five tricks: then the fifth trick's
winner may ask partner for an estimate of the last four tricks (``ask``, answered with
``estimate`` 0–4) and decides (``kort``): stop for 1 point, or play on for *kort* — all nine
tricks for 3 points; the first trick lost ends the hand and gives the opponents 3.

Phases: ``"trump"``, ``"play"``, ``"kort"`` (the ask/estimate/kort decisions), ``"done"``.

**Decisions** where the sources are silent: the game is won by the first side to reach the
``target`` option (5, 10 or 15; default 10) — only one side scores in a hand, so there is never a
tie; the deal passes to the right (counter-clockwise) after every hand; the kort question may be
asked once, and the answer is advice only (the asker may decide either way).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from . import cards as C
from .games import GameSpec, Option
from .hand import Action, named_seat
from .message import N_, Message, Word
from .native import mypyc_attr
from .somali import SomaliHand, deal_somali, draw_high, kernel_view, random_trick
from .tally import Tally
from .tricks import PACK36, Trick

TRICKS_TO_WIN = 5


@mypyc_attr(native_class=False)  # used as a Python object: see native.py
class TurupHand(SomaliHand):
    """One hand of Turup."""

    GAME = "turup"
    PACK = PACK36
    CLOCKWISE = False
    HAND_SIZE = 9
    VERBS = ("trump", "play", "ask", "estimate", "kort")

    def __init__(self, deal: Mapping[str, Any], dealer: int, options: Mapping[str, Any]) -> None:
        super().__init__(deal, dealer, options)
        self.kort_seat: int | None = None
        """The fifth trick's winner, who decides on kort."""
        self.asked = False
        self.estimate: int | None = None
        self.kort: str | None = None
        """``None`` (no kort played), ``"playing"``, ``"made"`` or ``"failed"``."""
        self.points = {"NS": 0, "EW": 0}
        self.winner: str | None = None

    # -- decisions ---------------------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        if self.phase != "kort":
            return super().legal_actions()
        assert self.kort_seat is not None
        if self.to_act != self.kort_seat:
            return [self._action(self.to_act, "estimate", n) for n in range(5)]  # type: ignore
        actions = [] if self.asked else [self._action(self.kort_seat, "ask", True)]
        return [*actions, self._action(self.kort_seat, "kort", True),
                self._action(self.kort_seat, "kort", False)]

    def vocabulary(self, seat: int) -> list[Action]:
        """The trump naming; in the kort phase, ask / kort / no kort for the fifth trick's
        winner and the estimates 0 to 4 for its partner."""
        if self.phase != "kort":
            return super().vocabulary(seat)
        if seat == self.kort_seat:
            return [self._action(seat, "ask", True), self._action(seat, "kort", True),
                    self._action(seat, "kort", False)]
        if self.kort_seat is not None and seat == C.partner(self.kort_seat):
            return [self._action(seat, "estimate", n) for n in range(5)]
        return []

    def _check(self, seat: int, verb: str, value: Any, action: Action) -> str | None:
        if verb in ("ask", "estimate", "kort"):
            if self.phase != "kort":
                return Message("no {verb} now: kort is decided only after one side has won "
                               "each of the first five tricks", verb=Word(verb))
            asking = self.to_act == self.kort_seat
            if verb == "estimate":
                if asking:
                    return Message("{seat} was not asked for an estimate",
                                   you="You were not asked for an estimate",
                                   seat=named_seat(seat))
                if type(value) is not int or not 0 <= value <= 4:
                    return Message("an estimate is a whole number of tricks from 0 to 4, not "
                                   "{value}", value=repr(value))
                return None
            if not asking:
                return Message("{seat} must answer the question with an estimate (0 to 4)",
                               you="You must answer the question with an estimate (0 to 4)",
                               seat=named_seat(seat))
            if verb == "ask":
                if value is not True:
                    return Message("an ask action is {example}", example='{"ask": true}')
                if self.asked:
                    return Message("{seat} has already asked partner",
                                   you="You have already asked partner", seat=named_seat(seat))
                return None
            if not isinstance(value, bool):
                return Message("kort is true (play on for all nine tricks) or false, not "
                               "{value}", value=repr(value))
            return None
        return super()._check(seat, verb, value, action)

    def _do(self, seat: int, verb: str, value: Any, action: Action) -> None:
        if verb == "ask":
            self.asked = True
            self.to_act = C.partner(seat)
        elif verb == "estimate":
            self.estimate = value
            self.to_act = self.kort_seat
        elif verb == "kort":
            if value:
                self.kort = "playing"
                self.phase = "play"
                self.start_trick(seat)
            else:
                self._finish(seat & 1, 1)
        else:
            super()._do(seat, verb, value, action)

    def trick_done(self, trick: Trick) -> None:
        assert trick.winner is not None
        side = trick.winner & 1
        won = self.tricks_by_team()
        if self.kort == "playing":
            kort_side = self.kort_seat & 1  # type: ignore[operator]
            if side != kort_side:
                self.kort = "failed"
                self._finish(side, 3)
            elif len(self.tricks) == 9:
                self.kort = "made"
                self._finish(side, 3)
            else:
                self.start_trick(trick.winner)
            return
        if won[C.TEAMS[side]] < TRICKS_TO_WIN:
            self.start_trick(trick.winner)
        elif len(self.tricks) == TRICKS_TO_WIN:
            self.phase = "kort"
            self.kort_seat = self.to_act = trick.winner
        else:
            self._finish(side, 1)

    def _finish(self, side: int, points: int) -> None:
        self.points[C.TEAMS[side]] = points
        self.winner = C.TEAMS[side]
        self.phase = "done"
        self.to_act = None
        self.trick = None

    # -- reporting -----------------------------------------------------------------------------

    def result(self) -> dict[str, Any] | None:
        if self.phase != "done":
            return None
        return {"tricks": self.tricks_by_team(), "winner": self.winner,
                "points": dict(self.points),
                "kort": self.kort if self.kort in ("made", "failed") else None}

    def public_facts(self, viewer: int) -> dict[str, Any]:
        return {"kort_seat": None if self.kort_seat is None else C.SEATS[self.kort_seat],
                "asked": self.asked, "estimate": self.estimate, "kort": self.kort}


# ------------------------------------------------------------------------------------------
# Match


class TurupTally(Tally):
    """First side to the ``target`` points wins; the deal passes to the right."""

    def __init__(self, options: Mapping[str, Any]) -> None:
        super().__init__(options)
        self.totals = {"NS": 0, "EW": 0}

    def add(self, dealer: int, result: Mapping[str, Any]) -> None:
        self.hands += 1
        for side, pts in result.get("points", {}).items():
            self.totals[side] += pts

    def next_dealer(self, dealer: int, result: Mapping[str, Any]) -> int:
        return C.counter_clockwise(dealer)

    def scores(self) -> dict[str, Any]:
        return dict(self.totals)

    def winner(self) -> str | None:
        target = self.options["target"]
        reached = [s for s, v in self.totals.items() if v >= target]
        return reached[0] if reached else None


# ------------------------------------------------------------------------------------------
# Random playouts (benchmarks, tests, searches)


def random_playout(hand: TurupHand, rng: random.Random,
                   trace: list[Action] | None = None) -> tuple[str, int, str | None]:
    """Play ``hand`` (in its play phase, at the start of a trick, before any kort) to the end
    with uniformly random legal decisions, without changing ``hand``. Returns (winning side,
    points, kort outcome). When ``trace`` is a list, every decision is appended to it."""
    faces, held, _ = kernel_view(hand)
    trump = hand.trump
    assert trump is not None and hand.trick is not None and not hand.trick.cards
    rnd = rng.random
    won = [0, 0]
    leader = hand.trick.leader
    for t in hand.tricks:
        won[t.winner & 1] += 1  # type: ignore[operator]
    tricks = len(hand.tricks)
    while True:
        leader = random_trick(faces, held, None, leader, trump, 3, rnd, trace)
        side = leader & 1
        won[side] += 1
        tricks += 1
        if won[side] < TRICKS_TO_WIN:
            continue
        if tricks > TRICKS_TO_WIN:
            return C.TEAMS[side], 1, None
        kort = rnd() < 0.5
        if trace is not None:
            trace.append({"seat": C.SEATS[leader], "kort": kort})
        if not kort:
            return C.TEAMS[side], 1, None
        while tricks < 9:
            winner = random_trick(faces, held, None, leader, trump, 3, rnd, trace)
            tricks += 1
            if winner & 1 != side:
                return C.TEAMS[winner & 1], 3, "failed"
            leader = winner
        return C.TEAMS[side], 3, "made"


def playout_start(rng: random.Random) -> TurupHand:
    """A freshly dealt hand with trump named (a random suit): the benchmark's start."""
    dealer = rng.randrange(4)
    hand = TurupHand(deal(rng, dealer, {}), dealer, {"target": 10})
    hand.apply({"seat": C.SEATS[hand.eldest], "trump": C.SUITS[rng.randrange(4)]})
    return hand


def deal(rng: random.Random, dealer: int, options: Mapping[str, Any]) -> dict[str, list[str]]:
    """Shuffle and deal: counter-clockwise from the dealer's right, packets of three, nine
    each."""
    return deal_somali(PACK36, rng, dealer, 9, clockwise=False)


SPEC = GameSpec(
    name="turup",
    title=N_("Turup"),
    options={"target": Option(10, (5, 10, 15), N_("points needed to win the game"))},
    new_hand=lambda d, dealer, options: TurupHand(d, dealer, options),
    deal=deal,
    first_dealer=lambda rng, options=None: draw_high(PACK36, rng),
    tally=TurupTally,
    summary=N_("Somalia, 1912: first side to five tricks — or all nine, for kort."),
    extras={"random_playout": random_playout, "playout_start": playout_start},
    pack=PACK36,
)
