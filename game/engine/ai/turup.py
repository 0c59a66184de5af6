"""Turup players: the Somali card play (:mod:`.somali`) plus naming trump by simulation (hard)
and the kort decisions — asking partner, answering with an estimate, playing on or stopping.

Scores are the game's points from the deciding side's view: +1/-1 for the hand (a small bonus per
trick of margin breaks ties between lines that both win), +3/-3 for kort.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

from ..cards import SUITS, seat_index
from ..knowledge import Knowledge
from ..message import Message, counted
from ..turup import TRICKS_TO_WIN
from . import evidence, inference, search
from .cardplay import Layout
from .inference import Likelihood
from .player import Choice, Decision
from .policy import ABOVE, NO_TRUMP, SUIT, say_faces
from .somali import COUNTER_CLOCKWISE, SomaliAI, trump_by_evaluation
from .view import SEAT_NAMES, SUIT_NAMES, TrickView, act, read

KORT_POINTS = 3


def sure_tricks(hand: int, others: int, trump: int) -> int:
    """Tricks ``hand`` can count on winning by leading them, as far as its holder can tell:
    its trumps above every trump still out, plus its side-suit cards above every card still
    out in their suit (only half of those while more trumps are out than it can draw)."""
    tr = hand & SUIT[trump]
    out_tr = others & SUIT[trump]
    top_tr = (tr & ~((1 << (out_tr.bit_length())) - 1)).bit_count() if out_tr else tr.bit_count()
    side = 0
    for s in range(4):
        if s == trump:
            continue
        mine = hand & SUIT[s]
        out = others & SUIT[s]
        side += (mine & ~((1 << out.bit_length()) - 1)).bit_count() if out else mine.bit_count()
    if out_tr.bit_count() > top_tr:
        side //= 2
    return min(4, top_tr + side)


class TurupAI(SomaliAI):
    """Turup decisions for every level."""

    RULES = COUNTER_CLOCKWISE
    HAND_SIZE = 9
    TRICKS = 9
    UNIT = "points"
    WORK_PER_MS = 300.0
    COMPILED_SPEED = 3.0  # a little under the measured speed-up (issue 37)
    CLOCK_FILL = 2.0  # the median decision took 96 ms pure of its 250 (28 ms compiled: the
    # search's cap of 1,000 layouts; issue 37)
    EXACT_CARDS = 15
    """Layouts solved exactly at 15 cards left or fewer (measured on the project's 2-core
    machine, shared, solving every candidate of one sampled layout: at 15 cards a median of 1.6
    / 2.2 ms and a p99 of 19 / 19 ms over two runs of 200 and 300 endings; at 16 cards 5.8 / 7.5
    ms and 32 / 38 ms, over the bound of 5 ms median)."""
    CLAIMS = False
    """**Decision** (measured, issue 29): Turup's endings stop at a side's fifth trick, so its
    solver's positions are few and cheap and the claim's test settles few of them (4.7 a
    layout at 15 cards): with it a layout took 1.53 ms of processor time, without it 1.16 ms
    (median of 100 endings, ``benchmarks/endgame.py --games turup --cards 15``)."""
    NEAR_TIE = 0.1
    """A playout scores ±1 for the hand (±3 for kort) plus 0.02 per trick of margin, so 0.1 is
    five chances in a hundred of winning the hand: less is no mistake to point out."""

    def likelihood(self, view: TrickView, k: Knowledge) -> Likelihood | None:
        """Weigh a layout by the trump named (:func:`.inference.somali_likelihood`)."""
        return inference.somali_likelihood(k, inference.TURUP_NAMED, 1)

    def decide(self, level: str, k: Knowledge, rng: random.Random, budget_ms: float,
               cancelled: Callable[[], bool]) -> Choice:
        if k.phase == "kort":
            return self.kort_phase(level, k, rng, budget_ms, cancelled)
        return super().decide(level, k, rng, budget_ms, cancelled)

    # -- scoring for the search -------------------------------------------------------------

    def score(self, won: list[int], side: int, kort_side: int) -> float:
        if kort_side >= 0:
            v = KORT_POINTS if won[kort_side] == self.TRICKS else -KORT_POINTS
            return float(v if side == kort_side else -v)
        margin = won[side] - won[side ^ 1]
        return (1.0 if margin > 0 else -1.0) + 0.02 * margin

    def playout_limits(self, view: TrickView, k: Knowledge) -> tuple[int, int, int]:
        if k.public.get("kort") == "playing":
            return self.TRICKS, 0, seat_index(k.public["kort_seat"]) & 1
        return self.TRICKS, TRICKS_TO_WIN, -1

    # -- trump ----------------------------------------------------------------------------

    def name_trump(self, level: str, k: Knowledge, rng: random.Random, budget_ms: float,
                   cancelled: Callable[[], bool]) -> Choice:
        if level != "hard":
            return super().name_trump(level, k, rng, budget_ms, cancelled)
        start = time.perf_counter()
        view = read(k, self.PACK)
        first = [self.PACK.parse(c) for c in k.hand]
        normal, _ = trump_by_evaluation(first, easy=False)
        need = [self.HAND_SIZE] * 4
        need[view.seat] = self.HAND_SIZE - len(first)
        pool = view.unseen_pool

        def sample(r: random.Random) -> search.World:
            return search.deal_unseen(r, pool, need, [0xF] * 4, self.PACK.suit_of_face)

        def evaluate(world: search.World, suit: Any) -> float:
            lay = self.layout(view, world, k, trump=suit)
            won = lay.play_out(-1, [0, 0], [0, 0], self.TRICKS, TRICKS_TO_WIN, -1)
            return self.score(won, view.seat & 1, -1)

        n = search.layouts_for(self.fixed_layouts, self.work(budget_ms), 4, 4 * self.HAND_SIZE)
        result, chosen = self.weigh([0, 1, 2, 3], sample, evaluate, rng, n, normal,
                                    self.deadline(start, budget_ms), cancelled)
        suit = int(chosen)  # type: ignore[call-overload]
        text = Message("Name {suit}: over {samples} simulated deals of the other cards, your "
                       "{held} did best with {suit} as trump.", suit=SUIT_NAMES[suit],
                       samples=result.samples, held=say_faces(sorted(first, reverse=True)))
        return Decision(act(k, "trump", SUITS[suit]), text, samples=result.samples,
                        scores={f"trump {SUITS[int(c)]}": v  # type: ignore[call-overload]
                                for c, v in result.scores.items()})

    def weigh(self, cands: list[Any], sample: Callable[[random.Random], search.World],
              evaluate: Callable[[search.World, Any], float], rng: random.Random, n: int,
              prefer: Any, deadline: float | None, cancelled: Callable[[], bool]
              ) -> tuple[search.SearchResult, Any]:
        """A search over ``cands`` and its choice: the best mean (ties to ``prefer``), or for
        the advisor (:attr:`advise`) the sequential search's recommendation over ``prefer``
        (:mod:`.evidence`)."""
        if not self.advise:
            result = search.determinized(cands, sample, evaluate, rng, n, deadline, cancelled,
                                         prefer=prefer, share=self.share)
            return result, result.best
        return evidence.advised(cands, sample, evaluate, rng, n, prefer, self.NEAR_TIE,
                                cancelled, self.share)

    # -- kort -----------------------------------------------------------------------------

    def kort_phase(self, level: str, k: Knowledge, rng: random.Random, budget_ms: float,
                   cancelled: Callable[[], bool]) -> Choice:
        """Answer partner's question, or ask, or decide on kort."""
        view = read(k, self.PACK)
        trump = NO_TRUMP if view.trump is None else view.trump
        mine = sure_tricks(view.hand, view.others, trump) if level != "easy" else \
            sum(1 for f in range(36) if view.hand >> f & 1 and not view.others & ABOVE[f]
                and (f // 9 == trump or not view.others & SUIT[trump]))
        kort_seat = seat_index(k.public["kort_seat"])
        partner = SEAT_NAMES[view.partner]
        if k.seat != kort_seat:
            n = min(4, mine)
            return (act(k, "estimate", n),
                    Message("Answer {n}: you can count on {n} of the last four tricks from your "
                            "own cards.", n=n))
        if not k.public.get("asked") and level != "easy":
            return (act(k, "ask", True),
                    Message("Ask {partner} first: the answer costs nothing and tells you about "
                            "the cards you cannot see.", partner=partner))
        estimate = k.public.get("estimate")
        if level == "hard":
            return self.kort_search(k, view, rng, budget_ms, cancelled, estimate)
        go = mine >= 4 or (level == "normal" and estimate is not None
                           and (estimate >= 4 or mine + estimate >= 5))
        if go:
            if mine >= 4:
                return act(k, "kort", True), Message(
                    "Play on for kort: you count {n} sure winners, so all nine look likely.",
                    n=mine)
            return act(k, "kort", True), counted(
                "Play on for kort: you count {n} sure winner and {partner} expects {estimate}, "
                "so all nine look likely.",
                "Play on for kort: you count {n} sure winners and {partner} expects "
                "{estimate}, so all nine look likely.", n=mine, partner=partner,
                estimate=estimate)
        return (act(k, "kort", False),
                counted("Stop and take the point: with {n} sure winner of your own, losing one "
                        "of the last four tricks would give the opponents 3.",
                        "Stop and take the point: with {n} sure winners of your own, losing one "
                        "of the last four tricks would give the opponents 3.", n=mine))

    def kort_search(self, k: Knowledge, view: TrickView, rng: random.Random, budget_ms: float,
                    cancelled: Callable[[], bool], estimate: int | None) -> Decision:
        """Kort by simulation: play the last four tricks out on layouts of the unseen cards
        (preferring layouts where partner's hand matches the estimate given)."""
        start = time.perf_counter()
        base = self.sampler(view, k)
        trump = NO_TRUMP if view.trump is None else view.trump
        partner = view.partner
        side = view.seat & 1

        def sample(r: random.Random) -> search.World:
            world = base(r)
            for _ in range(8):
                if estimate is None:
                    break
                hand = 0
                for f in world[partner]:
                    hand |= 1 << f
                others = (view.others | view.hand) & ~hand
                if sure_tricks(hand, others, trump) == estimate:
                    break
                world = base(r)
            return world

        def evaluate(world: search.World, go: Any) -> float:
            if not go:
                return 1.0
            lay: Layout = self.layout(view, world, k)
            won = lay.play_out(-1, list(view.won), [0, 0], self.TRICKS, 0, side)
            return self.score(won, side, side)

        n = search.layouts_for(self.fixed_layouts, self.work(budget_ms), 2, 16)
        result, go = self.weigh([True, False], sample, evaluate, rng, n, False,
                                self.deadline(start, budget_ms), cancelled)
        made = round((result.means[True] + KORT_POINTS) / (2 * KORT_POINTS) * 100)
        scores = {f"kort {c}": v for c, v in result.scores.items()}
        if go:
            return Decision(
                act(k, "kort", True),
                Message("Play on for kort: the last four tricks were all won in {made}% "
                        "of {samples} simulated layouts — worth the risk of 3 against.",
                        made=made, samples=result.samples),
                samples=result.samples, scores=scores)
        return Decision(
            act(k, "kort", False),
            Message("Stop and take the point: kort was made in only {made}% of {samples} "
                    "simulated layouts, and more than two in three are needed.", made=made,
                    samples=result.samples),
            samples=result.samples, scores=scores)
