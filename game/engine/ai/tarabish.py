"""Tarabish players: calling trump from the six visible cards, declaring runs when they can
count, always claiming bella, and card play under follow / must-trump / must-overtrump.

Card play is the shared policy (:mod:`.policy`, :mod:`.cardplay`) with Tarabish's table
(:data:`RULES`): trumps rank J 9 A 10 K Q 8 7 6, plain suits A 10 K Q J 9 8 7 6, cards carry
points (trump J 20, 9 14, A 11, 10 10, K 4, Q 3; plain A 11, 10 10, K 4, Q 3, J 2) and the
last trick 10, and a seat must trump / overtrump. The hard search scores a playout by the
hand's score after the bait rule: the deciding side's points minus the other side's.

**Decisions** (where the brief leaves it open):

* Calling is by a hand evaluation at the normal and hard levels (the hard level searches the
  card play only): the points the calling side expects to come out ahead by, fitted to played
  hands (:meth:`TarabishAI.evaluate`). The best suit is called when its value beats passing,
  which depends on who would have to call next (:data:`CALL_OVER`: the first seat calls above
  +12; the second, whose partner is the dealer forced to call after three passes, above -16;
  the third, after whom the opposing dealer is forced, above +30). Easy calls a suit with its
  jack and two more cards, or four cards. The forced dealer calls its best suit.
* Runs: easy always declares; normal and hard declare unless another seat has already declared
  (or shown) a run that is certainly better, because then theirs would not count and
  declaring only shows the cards.
* Bella is always claimed, on whichever card the rules allow.
* Run declarations not yet shown (kinds only) are not used to place cards in the sampled
  layouts; shown runs are (their unplayed cards stay with their holder).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, ClassVar

from ..cards import SEATS, SUITS, seat_index
from ..hand import Action
from ..knowledge import Knowledge
from ..message import N_, Message
from ..tarabish import (
    BELLA,
    HAND_SIZE,
    KIND_VALUES,
    KING,
    LAST_TRICK,
    PLAIN_POINTS,
    PLAIN_STRENGTH,
    QUEEN,
    TRUMP_POINTS,
    TRUMP_STRENGTH,
    card_points,
    run_key,
    run_value,
    settle,
)
from ..tricks import PACK36
from . import inference
from .cardplay import CardPlayAI
from .endgame import Ending
from .inference import Likelihood
from .player import Choice
from .policy import NO_TRUMP, CardRules, points_rules, say_faces
from .view import SUIT_NAMES, TrickView, act, reason

RULES = points_rules(1, TRUMP_STRENGTH, PLAIN_STRENGTH, TRUMP_POINTS, PLAIN_POINTS, LAST_TRICK)
"""Tarabish's table for the shared card-play policy."""

TRUMP_VALUE = (13, 13, 13, 52, 26, 84, 22, 23, 35)
"""By natural rank (6 7 8 9 10 J Q K A): what a visible card adds, as a trump, to the points
the calling side expects to come out ahead by (see :meth:`TarabishAI.evaluate`)."""
CALL_BASE = -125
BELLA_VALUE = 21
SIDE_ACE_VALUE = 21
SIDE_TEN_VALUE = 4
VOID_VALUE = 10
CALL_OVER = (12, -16, 30, 0)
"""By the number of passes before the seat: the evaluation above which passing is worse than
calling (the dealer, when the rules let it pass, calls whatever is expected to win)."""


class TarabishAI(CardPlayAI):
    """Tarabish decisions for the easy, normal and hard levels."""

    RULES: ClassVar[CardRules] = RULES
    UNIT = "points"
    WORK_PER_MS = 110.0
    COMPILED_SPEED = 3.0  # a little under the measured speed-up (issue 37)
    CLOCK_FILL = 3.0  # the median decision took 32 ms (50 ms pure) of its 250 (issue 37)
    EXACT_CARDS = 13
    """Layouts solved exactly at 13 cards left or fewer (measured on the project's 2-core
    machine, shared, solving every candidate of one sampled layout: at 13 cards a median of 2.8
    / 5.2 ms and a p99 of 12 / 17 ms over two runs of 200 and 300 endings; at 14 cards 2.9 / 6.0
    ms and 24 / 31 ms, over the bound of 5 ms median in the busier run; at 15 cards 7.2 / 7.0
    ms)."""
    NEAR_TIE = 4.0
    """The evaluator scores the side's points minus the other side's, so 4 is two card points
    (a jack) changing sides: less is no mistake to point out."""

    def likelihood(self, view: TrickView, k: Knowledge) -> Likelihood | None:
        """Weigh a layout by the calls and passes (:func:`.inference.tarabish_likelihood`)."""
        trump = NO_TRUMP if view.trump is None else view.trump
        return inference.tarabish_likelihood(k, self.RULES.to_natural[trump])

    def decide(self, level: str, k: Knowledge, rng: random.Random, budget_ms: float,
               cancelled: Callable[[], bool]) -> Choice:
        """The action and its reason for ``level`` (``easy``, ``normal`` or ``hard``)."""
        if k.phase == "call":
            return self.call(level, k)
        if k.phase == "play":
            runs = next((a for a in k.legal if "runs" in a), None)
            if runs is not None:
                why = self.declare_runs(level, k, runs)
                if why is not None:
                    return runs, why
            return self.play(level, k, rng, budget_ms, cancelled)
        raise ValueError(f"{level} player: no decision known in phase {k.phase!r}")

    # -- calling ----------------------------------------------------------------------------

    @staticmethod
    def evaluate(faces: list[int], suit: int) -> int:
        """What calling ``suit`` with the visible ``faces`` is worth: the points (after the
        bait rule) by which the calling side expects to come out ahead of the other side.

        **Decision**: a linear evaluation fitted (least squares) to 6,000 dealt hands, each
        calling option played out by four normal players: a base of -125, each trump J 84,
        9 52, A 35, 10 26, K 23, Q 22, small 13, bella +21, each side ace 21, side ten 4 and
        side suit missing from the six cards 10 (ruffing chances).
        """
        ranks = {f % 9 for f in faces if f // 9 == suit}
        v = CALL_BASE + sum(TRUMP_VALUE[r] for r in ranks)
        if {KING, QUEEN} <= ranks:
            v += BELLA_VALUE
        for s in range(4):
            if s == suit:
                continue
            side = {f % 9 for f in faces if f // 9 == s}
            v += (SIDE_ACE_VALUE if 8 in side else 0) + (SIDE_TEN_VALUE if 4 in side else 0)
            v += 0 if side else VOID_VALUE
        return v

    def call(self, level: str, k: Knowledge) -> tuple[Action, str]:
        faces = [PACK36.parse(c) for c in k.hand]
        may_pass = any(a.get("call") == "pass" for a in k.legal)
        held = {s: say_faces([f for f in sorted(faces, reverse=True) if f // 9 == s])
                for s in range(4)}
        if level == "easy":
            def ekey(s: int) -> tuple[int, int]:
                n = sum(1 for f in faces if f // 9 == s)
                return n + (2 if s * 9 + 5 in faces else 0), s
            suit = max(range(4), key=ekey)
            n = sum(1 for f in faces if f // 9 == suit)
            good = (suit * 9 + 5 in faces and n >= 3) or n >= 4
            if good or not may_pass:
                why = (Message("Call {suit}: you hold {held}.", suit=SUIT_NAMES[suit],
                               held=held[suit]) if good else
                       Message("As dealer you must call: {suit} ({held}) is your best suit.",
                               suit=SUIT_NAMES[suit], held=held[suit]))
                return act(k, "call", SUITS[suit]), why
            return act(k, "call", "pass"), Message("Pass: no suit with its jack and two more "
                                                   "cards.")
        values = [self.evaluate(faces, s) for s in range(4)]
        suit = max(range(4), key=lambda s: (values[s], -s))
        passes = sum(1 for a in k.history if a.get("call") == "pass")
        over = CALL_OVER[min(passes, 3)]
        if values[suit] > over or not may_pass:
            if values[suit] > over:
                if values[suit] > 0:
                    template = (N_("Call {suit}: with {held} as trumps and your side cards, your "
                                   "side should come out about {points} points ahead.")
                                if held[suit] else
                                N_("Call {suit}: with no {suit} as trumps and your side cards, "
                                   "your side should come out about {points} points ahead."))
                else:
                    template = (N_("Call {suit}: with {held} as trumps and your side cards, your "
                                   "side is likely to lose less than by passing, as your partner "
                                   "would then be forced to call as dealer.") if held[suit] else
                                N_("Call {suit}: with no {suit} as trumps and your side cards, "
                                   "your side is likely to lose less than by passing, as your "
                                   "partner would then be forced to call as dealer."))
            else:
                template = (N_("As dealer you must call: {suit} ({held}) gives your six cards the "
                               "most strength.") if held[suit] else
                            N_("As dealer you must call: {suit} (no cards yet) gives your six "
                               "cards the most strength."))
            why = reason(template, suit=SUIT_NAMES[suit], held=held[suit], points=values[suit])
            return act(k, "call", SUITS[suit]), why
        if passes == 2:
            return (act(k, "call", "pass"),
                    Message("Pass: your best call, {suit}, is not strong enough, and the dealer "
                            "after you must then call even with a poor hand.",
                            suit=SUIT_NAMES[suit]))
        return (act(k, "call", "pass"),
                Message("Pass: even with {suit} as trumps your six cards are too weak to risk "
                        "going bait.", suit=SUIT_NAMES[suit]))

    # -- runs -------------------------------------------------------------------------------

    def declare_runs(self, level: str, k: Knowledge, runs: Action) -> str | None:
        """The reason to declare the canonical ``runs`` action, or ``None`` to keep quiet."""
        mine = [[PACK36.parse(c) for c in r] for r in runs["runs"]]
        value = sum(run_value(len(r)) for r in mine)
        trump = SUITS.index(k.trump) if k.trump is not None else -1
        best = max(run_key(r, trump) for r in mine)
        kinds = Message("{n}-card run", n=len(mine[0]))
        for r in mine[1:]:
            kinds = Message("{runs} and {run}", runs=kinds, run=Message("{n}-card run", n=len(r)))
        beaten = False
        for seat, declared in k.public.get("runs_declared", {}).items():
            if seat_index(seat) == k.seat or not declared:
                continue
            shown = k.public.get("runs_shown", {}).get(seat)
            if shown:
                key = max(run_key([PACK36.parse(c) for c in r], trump) for r in shown)
                beaten = beaten or key > best or (key == best and not key[2])
            else:
                beaten = beaten or max(KIND_VALUES[d] for d in declared) > best[0]
        if beaten:
            if level != "easy":
                return None
            return Message("Declare your {runs} ({points} points).", runs=kinds, points=value)
        return Message("Declare your {runs} ({points} points): no run declared so far is sure to "
                       "beat it, so it may count.", runs=kinds, points=value)

    # -- card play ---------------------------------------------------------------------------

    def attack_side(self, k: Knowledge) -> int:
        return seat_index(k.public["caller"]) & 1

    def free(self, k: Knowledge) -> bool:
        return bool(k.options.get("partner_exception", False))

    def play_action(self, k: Knowledge, card: str, text: Message) -> tuple[Action, Message]:
        """Play ``card``, claiming bella with it when the rules allow."""
        bella = {"seat": SEATS[k.seat], "play": card, "bella": True}
        if bella in k.legal:
            return bella, Message("{reason} And claim bella with it (king and queen of trump, "
                                  "20).", reason=text)
        return act(k, "play", card), text

    def known_cards(self, view: TrickView, k: Knowledge) -> list[list[int]]:
        """The unplayed cards of runs other seats have shown."""
        fixed: list[list[int]] = [[], [], [], []]
        unseen = list(view.unseen)
        for seat, runs in k.public.get("runs_shown", {}).items():
            s = seat_index(seat)
            if s == k.seat:
                continue
            for r in runs:
                for c in r:
                    f = RULES.ranked(PACK36.parse(c), view.trump)
                    if unseen[f] > 0:
                        unseen[f] -= 1
                        fixed[s].append(f)
        return fixed

    def ending(self, view: TrickView, k: Knowledge) -> Ending:
        """A finished play's value: the hand's score after the bait rule for the seat's side
        minus the other side's, with runs and bella counted as far as the seat can tell."""
        base = self.base(view, k)
        side = k.seat & 1
        calling = base["calling"]
        extra = base["extra"]

        def score(won: list[int], points: list[int]) -> float:
            res = settle(calling, [points[0] + extra[0], points[1] + extra[1]])[1]
            return float(res[side] - res[side ^ 1])
        return Ending((view.won[0], view.won[1]), (base["points"][0], base["points"][1]),
                      HAND_SIZE, 0, -1, score)

    def base(self, view: TrickView, k: Knowledge) -> dict[str, Any]:
        """What every playout of this decision shares: points won so far, the calling side,
        runs and bella already worth points (and the seat's own bella to come)."""
        trump = view.trump
        assert trump is not None
        points = [0, 0]
        for t in k.tricks:
            if t["winner"] is not None:
                points[seat_index(t["winner"]) & 1] += sum(
                    card_points(PACK36.parse(c), trump) for c in t["cards"])
        extra = [0, 0]
        for s in k.public.get("bella", []):
            extra[seat_index(s) & 1] += BELLA
        king, queen = trump * 9 + KING, trump * 9 + QUEEN
        claimed = SEATS[k.seat] in k.public.get("bella", [])
        held = {PACK36.parse(c) for c in k.hand}
        if not claimed and held & {king, queen} and self._played_own_kq(k, king, queen):
            extra[k.seat & 1] += BELLA
        holder = self.runs_holder(k, trump)
        if holder is not None:
            seat, value = holder
            extra[seat & 1] += value
        return {"points": points, "extra": extra,
                "calling": seat_index(k.public["caller"]) & 1}

    @staticmethod
    def _played_own_kq(k: Knowledge, king: int, queen: int) -> bool:
        """True when each of the king and queen of trump is either in the seat's hand or was
        played by the seat itself (so a bella claim is still to come)."""
        hand = {PACK36.parse(c) for c in k.hand}
        mine = {PACK36.parse(a["play"]) for a in k.history
                if "play" in a and seat_index(a["seat"]) == k.seat}
        return all(c in hand or c in mine for c in (king, queen))

    @staticmethod
    def runs_holder(k: Knowledge, trump: int) -> tuple[int, int] | None:
        """The seat whose declared runs will count, and their value, as far as the seat can
        tell (its own runs are known; other unshown runs are judged by their kind only, and
        equal unknown kinds count for nobody)."""
        keys: dict[int, tuple[tuple[int, int, int], int]] = {}
        for a in k.history:
            if "runs" not in a:
                continue
            seat = seat_index(a["seat"])
            shown = a["runs"] or k.public.get("runs_shown", {}).get(a["seat"])
            if shown:
                cards = [[PACK36.parse(c) for c in r] for r in shown]
                keys[seat] = (max(run_key(r, trump) for r in cards),
                              sum(run_value(len(r)) for r in cards))
            else:
                kinds = [KIND_VALUES[d] for d in a.get("declared") or []]
                if kinds:
                    keys[seat] = ((max(kinds), -1, 0), sum(kinds))
        if not keys:
            return None
        best = max(v[0] for v in keys.values())
        holders = [s for s, v in keys.items() if v[0] == best]
        if len(holders) != 1:
            return None
        return holders[0], keys[holders[0]][1]

