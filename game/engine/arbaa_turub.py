"""Arba'a Turub (Somalia) — RULES.md section 1.

144 cards (four identical 36-card packs), 36-card hands, partners S–N against W–E, play
clockwise. Eldest (the dealer's left) names trump from its first packet of three and leads. Follow
suit if you can, otherwise anything; the highest trump wins, else the highest card of the suit led,
and of identical cards the one played first. 36 tricks; the side with more tricks wins the hand,
18–18 is a draw.

Signals (option ``signals``, on by default): the leader of a trick may signal ``"strong"`` or
``"weak"`` once, just before leading; signals are public. Phases: ``"trump"``, ``"play"``,
``"done"``.

**Decisions** (RULES.md): the game is won by the side that wins two hands in a row, the second with
strictly more tricks than the first, and a drawn hand breaks every run; the losing side deals next
(the dealer's left when the dealer's side won, the dealer's partner when it lost, the same dealer
after a draw).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from . import cards as C
from .games import GameSpec, Option
from .hand import Action, named_seat
from .message import N_, Message
from .native import mypyc_attr
from .somali import SomaliHand, deal_somali, draw_high, kernel_view, random_trick
from .tally import Tally
from .tricks import PACK144, Trick

TRICKS = 36
SIGNALS = ("strong", "weak")


@mypyc_attr(native_class=False)  # used as a Python object: see native.py
class ArbaaTurubHand(SomaliHand):
    """One hand of Arba'a Turub."""

    GAME = "arbaa-turub"
    PACK = PACK144
    CLOCKWISE = True
    HAND_SIZE = 36
    VERBS = ("trump", "signal", "play")

    def __init__(self, deal: Mapping[str, Any], dealer: int, options: Mapping[str, Any]) -> None:
        super().__init__(deal, dealer, options)
        self.signals: list[tuple[int, int, str]] = []
        """(trick number from 0, seat, "strong"|"weak") for every signal given."""

    def _may_signal(self) -> bool:
        """True when the seat to act leads a trick and may still signal for it."""
        return (self.phase == "play" and self.options["signals"] and self.trick is not None
                and not self.trick.cards
                and not (self.signals and self.signals[-1][0] == len(self.tricks)))

    def legal_actions(self) -> list[Action]:
        actions = super().legal_actions()
        if self._may_signal():
            assert self.to_act is not None
            actions = [self._action(self.to_act, "signal", s) for s in SIGNALS] + actions
        return actions

    def vocabulary(self, seat: int) -> list[Action]:
        """The trump naming, and the two signals while ``seat`` leads a trick (signals on)."""
        if (self.phase == "play" and self.options["signals"] and self.to_act == seat
                and self.trick is not None and not self.trick.cards):
            return [self._action(seat, "signal", s) for s in SIGNALS]
        return super().vocabulary(seat)

    def _check(self, seat: int, verb: str, value: Any, action: Action) -> str | None:
        if verb == "signal":
            if not self.options["signals"]:
                return Message("signals are off in this game")
            if not self._may_signal():
                if self.phase == "play" and self.trick is not None and not self.trick.cards:
                    return Message("{seat} has already signalled for this trick",
                                   you="You have already signalled for this trick",
                                   seat=named_seat(seat))
                return Message("only the leader of a trick may signal, once, before leading")
            if value not in SIGNALS:
                return Message("a signal is \"strong\" or \"weak\", not {value}",
                               value=repr(value))
            return None
        return super()._check(seat, verb, value, action)

    def _do(self, seat: int, verb: str, value: Any, action: Action) -> None:
        if verb == "signal":
            self.signals.append((len(self.tricks), seat, value))
        else:
            super()._do(seat, verb, value, action)

    def trick_done(self, trick: Trick) -> None:
        assert trick.winner is not None
        if len(self.tricks) < TRICKS:
            self.start_trick(trick.winner)
        else:
            self.phase = "done"
            self.to_act = None

    def result(self) -> dict[str, Any] | None:
        if self.phase != "done":
            return None
        tricks = self.tricks_by_team()
        winner = None if tricks["NS"] == tricks["EW"] else max(tricks, key=tricks.__getitem__)
        return {"tricks": tricks, "winner": winner}

    def public_facts(self, viewer: int) -> dict[str, Any]:
        return {"signals": [{"trick": n, "seat": C.SEATS[s], "signal": k}
                            for n, s, k in self.signals]}


# ------------------------------------------------------------------------------------------
# Match


class ArbaaTurubTally(Tally):
    """Hands won per side; the game ends when a side wins two hands in a row, the second with
    more tricks than the first (a drawn hand breaks every run)."""

    def __init__(self, options: Mapping[str, Any]) -> None:
        super().__init__(options)
        self.wins = {"NS": 0, "EW": 0}
        self.previous: tuple[str, int] | None = None
        """The last hand's winning side and its tricks, or ``None`` after a draw."""
        self.champion: str | None = None

    def add(self, dealer: int, result: Mapping[str, Any]) -> None:
        self.hands += 1
        side = result["winner"]
        if side is None:
            self.previous = None
            return
        tricks = result["tricks"][side]
        self.wins[side] += 1
        if (self.champion is None and self.previous is not None
                and self.previous[0] == side and tricks > self.previous[1]):
            self.champion = side
        self.previous = (side, tricks)

    def next_dealer(self, dealer: int, result: Mapping[str, Any]) -> int:
        side = result["winner"]
        if side is None:
            return dealer
        if side == C.TEAMS[C.team(dealer)]:
            return C.clockwise(dealer)
        return C.partner(dealer)

    def scores(self) -> dict[str, Any]:
        return dict(self.wins)

    def winner(self) -> str | None:
        return self.champion


# ------------------------------------------------------------------------------------------
# Random playouts


def random_playout(hand: ArbaaTurubHand, rng: random.Random,
                   trace: list[Action] | None = None) -> dict[str, int]:
    """Play ``hand`` (in its play phase, at the start of a trick) to the end with uniformly
    random legal cards, without changing ``hand``; returns the tricks per side. Signals carry
    no rule and are not made. When ``trace`` is a list, every card played is appended to it."""
    faces, held, counts = kernel_view(hand)
    trump = hand.trump
    assert trump is not None and hand.trick is not None and not hand.trick.cards
    rnd = rng.random
    won = [0, 0]
    for t in hand.tricks:
        won[t.winner & 1] += 1  # type: ignore[operator]
    leader = hand.trick.leader
    for _ in range(TRICKS - len(hand.tricks)):
        leader = random_trick(faces, held, counts, leader, trump, 1, rnd, trace)
        won[leader & 1] += 1
    return {"NS": won[0], "EW": won[1]}


def playout_start(rng: random.Random) -> ArbaaTurubHand:
    """A freshly dealt hand with trump named (a random suit): the benchmark's start."""
    dealer = rng.randrange(4)
    hand = ArbaaTurubHand(deal(rng, dealer, {}), dealer, {"signals": True})
    hand.apply({"seat": C.SEATS[hand.eldest], "trump": C.SUITS[rng.randrange(4)]})
    return hand


def deal(rng: random.Random, dealer: int, options: Mapping[str, Any]) -> dict[str, list[str]]:
    """Shuffle the 144 cards and deal clockwise from the dealer's left in packets of three."""
    return deal_somali(PACK144, rng, dealer, 36, clockwise=True)


SPEC = GameSpec(
    name="arbaa-turub",
    title=N_("Arba'a Turub"),
    options={"signals": Option(True, (True, False),
                               N_("the leader may signal strong or weak to partner"))},
    new_hand=lambda d, dealer, options: ArbaaTurubHand(d, dealer, options),
    deal=deal,
    first_dealer=lambda rng, options=None: draw_high(PACK144, rng),
    tally=ArbaaTurubTally,
    summary=N_("Somalia: 144 cards, 36 tricks — win two hands running, the second by more."),
    extras={"random_playout": random_playout, "playout_start": playout_start},
    pack=PACK144,
)
