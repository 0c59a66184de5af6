"""Arba'a Turub players: the Somali card play (:mod:`.somali`) over the 144-card pack, plus the
signals — given by the leader just before its lead, read from partner by the normal and hard
players (a strong suit is led back, a weak one avoided).

Scores for the search are tricks: the deciding side's tricks minus the opponents'.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from ..cards import highest, seat_index
from ..knowledge import Knowledge
from ..message import N_, Message
from ..tricks import PACK144
from . import inference
from .inference import Likelihood
from .player import Decision
from .policy import ABOVE, SUIT, say_face
from .somali import SomaliAI
from .view import SEAT_NAMES, SUIT_NAMES, SUIT_ONE, TrickView, act, read, reason

STRONG_LENGTH = 10
"""Cards of a suit (of 36) that, with its top card, make the leader signal strong."""
WEAK_LENGTH = 5
"""At most this many cards of the suit led, without its top card: signal weak."""


class ArbaaTurubAI(SomaliAI):
    """Arba'a Turub decisions for every level."""

    PACK = PACK144
    HAND_SIZE = 36
    TRICKS = 36
    UNIT = "tricks"
    WORK_PER_MS = 150.0
    COMPILED_SPEED = 4.0  # a little under the measured speed-up (issue 37)
    CLOCK_FILL = 3.0  # the median decision took 64 ms (78 ms pure) of its 250 (issue 37)
    EXACT_CARDS = 14
    """Layouts solved exactly at 14 cards left or fewer (measured on the project's 2-core
    machine, shared, solving every candidate of one sampled layout: at 14 cards a median of 5.5
    / 2.9 ms and a p99 of 27 / 19 ms over two runs of 200 and 300 endings; at 15 cards 3.3 / 6.2
    ms and 23 / 26 ms; at 16 cards 9.9 / 13.6 ms and 46 / 66 ms, over the bounds of 5 ms median
    and 50 ms p99)."""

    def likelihood(self, view: TrickView, k: Knowledge) -> Likelihood | None:
        """Weigh a layout by the trump named and the signals
        (:func:`.inference.somali_likelihood`)."""
        return inference.somali_likelihood(k, inference.ARBAA_NAMED, 4, STRONG_LENGTH,
                                           WEAK_LENGTH)

    def signals(self, k: Knowledge) -> tuple[int, int]:
        """Partner's signals as suit bit sets ``(strong, weak)``; a later signal about a suit
        replaces an earlier one."""
        strong = weak = 0
        partner = k.seat ^ 2
        for sig in k.public.get("signals", ()):
            if seat_index(sig["seat"]) != partner or sig["trick"] >= len(k.tricks):
                continue
            bit = 1 << self.PACK.suit_of_face(self.PACK.parse(k.tricks[sig["trick"]]["cards"][0]))
            if sig["signal"] == "strong":
                strong, weak = strong | bit, weak & ~bit
            else:
                weak, strong = weak | bit, strong & ~bit
        return strong, weak

    def play(self, level: str, k: Knowledge, rng: random.Random, budget_ms: float,
             cancelled: Callable[[], bool]) -> Decision:
        may_signal = any("signal" in a for a in k.legal)
        if not may_signal or level == "easy":
            return super().play(level, k, rng, budget_ms, cancelled)
        # the lead is decided first (it never depends on our own signal), then the signal
        lead = super().play(level, k, rng, budget_ms, cancelled)
        action = lead.action
        view = read(k, self.PACK)
        face = self.PACK.parse(action["play"])
        s = face // 9
        if s == view.trump:
            return lead
        mine = view.hand & SUIT[s]
        top = not view.others & ABOVE[highest(mine)]
        n = mine.bit_count()
        partner = SEAT_NAMES[view.partner]
        if top and n >= STRONG_LENGTH:
            return Decision(
                act(k, "signal", "strong"),
                Message("Signal strong before leading {card}: you hold the top {suit_one} and "
                        "{n} {suit}, so {partner} should lead them back.", card=say_face(face),
                        suit_one=SUIT_ONE[s], n=n, suit=SUIT_NAMES[s], partner=partner))
        if not top and n <= WEAK_LENGTH:
            weak = (N_("Signal weak before leading {card}: you have only {n} {suit} and not the "
                       "top one, so {partner} should lead something else.") if n == 1 else
                    N_("Signal weak before leading {card}: you have only {n} {suits} and not "
                       "the top one, so {partner} should lead something else."))
            return Decision(act(k, "signal", "weak"),
                            reason(weak, card=say_face(face), n=n, suit=SUIT_ONE[s],
                                   suits=SUIT_NAMES[s], partner=partner))
        return lead

