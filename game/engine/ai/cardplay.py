"""Card play of the partnership trick-taking games as a player: the shared policy
(:mod:`.policy`) turned into decisions with reasons, and the hard level's determinized search
with its fast playouts (:class:`Layout`, every seat played by the normal policy).

A game's AI class subclasses :class:`CardPlayAI`, names its rules table (``RULES``) and pack,
and supplies what only it knows: partner's signals, which side called trump, how a finished
playout scores (:meth:`CardPlayAI.evaluator`) and any cards known to be in a seat's hand.
"""

from __future__ import annotations

import dataclasses
import random
import time
from collections.abc import Callable, Mapping
from typing import Any, ClassVar, TypeVar

from ..cards import named_card
from ..hand import Action
from ..knowledge import Knowledge
from ..message import Message
from ..tarabish import legal_mask as must_trump_mask
from ..tricks import ABOVE36, NATURAL_POWER, PACK36, Pack, follow_mask, shown_void
from . import blunders, evidence, inference, search
from .endgame import Ending, LayoutSolver, distinct_faces
from .inference import Likelihood
from .player import Decision
from .policy import (
    EASY,
    NO_TRUMP,
    NORMAL,
    SUIT,
    CardRules,
    choose,
    explain,
    trick_state,
)
from .view import TrickView, act, read


def ranked_view(g: CardRules, view: TrickView) -> TrickView:
    """``view`` with every face replaced by its ranked face (the same view when the game's
    natural order is its strength order)."""
    perm = g.to_ranked[NO_TRUMP if view.trump is None else view.trump]
    if all(perm[f] == f for f in range(36)):
        return view
    own = [0] * 36
    unseen = [0] * 36
    hand = others = 0
    for f in range(36):
        r = perm[f]
        own[r] = view.own[f]
        unseen[r] = view.unseen[f]
        if own[r]:
            hand |= 1 << r
        if unseen[r] > 0:
            others |= 1 << r
    return dataclasses.replace(view, own=own, unseen=unseen, hand=hand, others=others,
                               trick=[(s, perm[f]) for s, f in view.trick])


class Layout:
    """A full layout of the remaining cards (one sample of the unseen ones) in ranked faces:
    per seat a face mask and, for a pack with copies, copy counts; what is still out; the
    revealed voids; the open trick. :meth:`play_out` plays it to the end with the normal
    policy for every seat. ``attack`` is the side (0/1) that called trump (-1: none),
    ``free`` the partner exception of must-trump games."""

    __slots__ = (
        "attack",
        "counts",
        "free",
        "hands",
        "leader",
        "left",
        "out",
        "rules",
        "single",
        "trick",
        "trump",
        "voids",
    )

    def __init__(self, rules: CardRules, hands: list[int], counts: list[int] | None,
                 left: list[int] | None, voids: list[int], trump: int, leader: int,
                 trick: list[tuple[int, int]], attack: int = -1, free: bool = False) -> None:
        self.rules = rules
        self.hands = hands
        self.counts = counts
        self.left = left
        out = 0
        single = 0
        for h in hands:
            out |= h
        if left is not None:
            for f in range(36):
                if left[f] == 1:
                    single |= 1 << f
        self.out = out
        self.single = single
        self.voids = voids
        self.trump = trump
        self.leader = leader
        self.trick = trick
        self.attack = attack
        self.free = free

    def play_out(self, first: int, won: list[int], points: list[int], total: int,
                 target: int = 0, kort_side: int = -1) -> list[int]:
        """Play ``first`` (a face, or -1 to let the policy choose), then the rest of the hand
        with the normal policy. ``won`` (updated and returned) holds the tricks per side so
        far, ``points`` (updated) the card points per side; play stops after ``total`` tricks
        in all (the last earning the last-trick bonus), when a side reaches ``target`` tricks
        (0: never), or (``kort_side`` 0/1, -1 for none) when that side loses a trick."""
        g = self.rules
        hands = list(self.hands)
        counts = None if self.counts is None else list(self.counts)
        left = None if self.left is None else list(self.left)
        out, single = self.out, self.single
        voids = list(self.voids)
        trump = self.trump
        step = g.step
        must = g.must_trump
        pts = g.points[trump] if g.scores_points else None
        attack, free = self.attack, self.free
        trick = self.trick
        leader = self.leader
        ntricks = won[0] + won[1]
        while ntricks < total:
            npos = len(trick)
            led = best = winner = tp = top = 0
            power = NATURAL_POWER[trump * 4]
            if trick:
                led, best, winner = trick_state(trick, trump)
                power = NATURAL_POWER[trump * 4 + led]
                top = power[best]
                if pts is not None:
                    tp = sum(pts[f] for _, f in trick)
                seat = (trick[-1][0] + step) & 3
                trick = []
            else:
                seat = leader
            while npos < 4:
                h = hands[seat]
                if first >= 0:
                    f = first
                    first = -1
                else:
                    if not npos:
                        legal = h
                    elif must:
                        legal = must_trump_mask(h, led, best, free and winner == seat ^ 2,
                                                trump, ABOVE36)
                    else:
                        legal = follow_mask(h, SUIT[led])
                    if not legal & (legal - 1):  # one card: the policy has no choice
                        f = legal.bit_length() - 1
                    else:
                        oth = out & ~h if counts is None else out & ~(h & single)
                        f = choose(g, NORMAL, seat, h, legal, oth, trump, led, best, winner,
                                   npos, voids, 0, 0, seat & 1 == attack)[0]
                bit = 1 << f
                if counts is None or left is None:
                    hands[seat] = h ^ bit
                    out ^= bit
                else:
                    j = seat * 36 + f
                    counts[j] -= 1
                    if not counts[j]:
                        hands[seat] = h ^ bit
                    n = left[f] - 1
                    left[f] = n
                    if n == 1:
                        single |= bit
                    elif n == 0:
                        out ^= bit
                        single &= ~bit
                fs = f // 9
                if npos == 0:
                    led, best, winner = fs, f, seat
                    power = NATURAL_POWER[trump * 4 + led]
                    top = power[f]
                else:
                    if fs != led:
                        voids[seat] |= shown_void(fs, led, trump, must,
                                                  free and winner == seat ^ 2)
                    if power[f] > top:  # the winner rule (tricks.beats) as powers
                        best, winner, top = f, seat, power[f]
                if pts is not None:
                    tp += pts[f]
                npos += 1
                seat = (seat + step) & 3
            won[winner & 1] += 1
            ntricks += 1
            if pts is not None:
                points[winner & 1] += tp + (g.last_trick if ntricks == total else 0)
            leader = winner
            if kort_side >= 0 and winner & 1 != kort_side:
                break
            if target and (won[0] >= target or won[1] >= target) and kort_side < 0:
                break
        return won


V = TypeVar("V")

Evaluator = Callable[[search.World, Any], float]
"""Plays a sampled layout out after the candidate card and returns the deciding side's
score."""


class CardPlayAI:
    """The card play of one game for the easy, normal and hard levels; a game subclasses it
    (setting ``RULES``, ``PACK``, the search's ``WORK_PER_MS``) and adds its other decisions.
    """

    RULES: ClassVar[CardRules]
    PACK: ClassVar[Pack] = PACK36
    UNIT: ClassVar[str] = "tricks"
    """What a playout's score counts."""
    NEAR_TIE: ClassVar[float] = 0.3
    """How much worse than the search's choice a card may score on average and still count as
    just as good for the play checker (:attr:`~.player.Decision.tie`), in the evaluator's
    unit for the deciding side. **Decision**: the Somali evaluator scores the trick margin
    (tricks won minus tricks lost), so 0.3 is 0.15 of a trick changing sides — about the
    search's noise at the advisor's budget; a game scoring otherwise sets its own."""
    PARTNER_Z: ClassVar[float] = 1.0
    """How many standard errors of the paired difference a searched card must score above the
    normal choice to replace it when it would overtake partner's sure winner or throw points
    under the opponents' sure trick (:func:`.search.clearly_better`, :mod:`.blunders`: plays
    the normal rules never make, and that a player calls blunders). **Decision (issue 38)**:
    hard made them on near-ties of its search; elsewhere any better mean replaces the normal
    card (the same rule everywhere cost strength: benchmarks/RESULTS.md)."""
    WORK_PER_MS: ClassVar[float] = 60.0
    """Card plays a hard search may spend per millisecond of budget (tuned on the project's
    2-core machine so a search ends well inside its budget)."""
    COMPILED_SPEED: ClassVar[float] = 1.0
    """How many times more card plays a millisecond buys on the compiled engine, for a search
    against the clock (:func:`.search.work_for`): a game sets it a little under its measured
    speed-up, so that its searches still end inside their budget."""

    CLOCK_FILL: ClassVar[float] = 1.0
    """How many times :attr:`WORK_PER_MS`'s card plays a search against the clock does
    (:func:`.search.work_for`): ``WORK_PER_MS`` was set so that searches end well inside their
    budget, and a game's median hard decision at 250 ms took a third of it or less; a game sets
    this so that its median decision spends about 200 ms of the 250 (issue 38: the layouts the
    budget allows, used)."""

    def work(self, budget_ms: float) -> float:
        """Card plays a search of this player may spend in ``budget_ms``
        (:func:`.search.work_for`: more against the clock, and more again on the compiled
        engine)."""
        return search.work_for(budget_ms, self.WORK_PER_MS, self.COMPILED_SPEED,
                               self.timed and not self.advise, self.CLOCK_FILL)

    EXACT_CARDS: ClassVar[int] = 0
    """With :attr:`exact` on, the most cards left in all hands at which a sampled layout is
    solved exactly rather than played out (a game sets it, by measurement)."""

    CLAIMS: ClassVar[bool] = True
    """Whether the exact endings' solver takes the claim's proof as its base
    (:meth:`.endgame.Solver.claimed`; a game turns it off where the test costs more than it
    saves)."""

    timed = True
    """False: searches ignore the clock and always do their fixed number of samples."""
    fixed_layouts = 0
    """Above 0: every search samples exactly this many layouts (:func:`.search.layouts_for`)."""
    advise = False
    """True for the learning mode's advisor (:attr:`~.player.GameAI.advise`)."""
    exact = True
    """Whether the hard search solves a sampled layout exactly (double-dummy) once at most
    :attr:`EXACT_CARDS` cards are left, instead of playing it out with the normal policy."""
    inference: bool | None = None
    """Whether the hard search weighs its layouts by what the other seats did
    (:mod:`.inference`); ``None``: the game's default."""
    share: search.Share | None = None
    """Where the searches of the decision being made run (set by the player for each
    decision; ``None``: whole, in this process)."""

    def deadline(self, start: float, budget_ms: float) -> float | None:
        """When a search that started at ``start`` must stop (``None``: untimed)."""
        return start + budget_ms / 1000.0 if self.timed else None

    # -- what the game supplies -----------------------------------------------------------

    def signals(self, k: Knowledge) -> tuple[int, int]:
        """Partner's strong and weak signals as suit bit sets (none unless the game has
        them)."""
        return 0, 0

    def attack_side(self, k: Knowledge) -> int:
        """The side (0 = NS, 1 = EW) that called trump, or -1 when it does not matter."""
        return -1

    def free(self, k: Knowledge) -> bool:
        """Whether the partner exception frees a seat from trumping (must-trump games)."""
        return False

    def known_cards(self, view: TrickView, k: Knowledge) -> list[list[int]]:
        """Per seat, unseen ranked faces known to be in that seat's hand (e.g. shown runs)."""
        return [[], [], [], []]

    def ending(self, view: TrickView, k: Knowledge) -> Ending:
        """How the play from this decision stops and how a finished play scores for the
        deciding side (shared by the playouts and the exact endings)."""
        raise NotImplementedError

    def solves(self, view: TrickView) -> bool:
        """Whether the hard search solves each layout of this position exactly
        (:attr:`exact` on and at most :attr:`EXACT_CARDS` cards left)."""
        return self.exact and sum(view.sizes) <= self.EXACT_CARDS

    def evaluator(self, view: TrickView, k: Knowledge) -> Evaluator:
        """How a sampled layout scores for the deciding side after each candidate card: played
        out once with the normal policy, or — when :attr:`exact` is on and at most
        :attr:`EXACT_CARDS` cards are left in all hands — solved exactly
        (:class:`~.endgame.LayoutSolver`, one per layout, its table shared by the
        candidates). Either way on the scale of :meth:`ending`'s score."""
        e = self.ending(view, k)
        layout = self.layouts(view, k)
        if self.solves(view):
            side = view.seat & 1
            last: list[Any] = [None, None]

            def solve(world: search.World, face: Any) -> float:
                if last[0] is not world:
                    last[0], last[1] = world, LayoutSolver(layout(world), e, side,
                                                           self.CLAIMS)
                solver: LayoutSolver = last[1]
                return solver.value(int(face))
            return solve

        def evaluate(world: search.World, face: Any) -> float:
            won, points = list(e.won), list(e.points)
            layout(world).play_out(int(face), won, points, e.total, e.target, e.kort_side)
            return e.score(won, points)
        return evaluate

    def play_action(self, k: Knowledge, card: str, text: Message) -> tuple[Action, Message]:
        """The action that plays ``card`` (a game may add a claim to it)."""
        return act(k, "play", card), text

    # -- card play ------------------------------------------------------------------------

    def view(self, k: Knowledge) -> TrickView:
        """Knowledge ``k`` read in ranked faces."""
        return ranked_view(self.RULES, read(k, self.PACK))

    def legal_of(self, k: Knowledge, view: TrickView) -> int:
        """The ranked faces the seat may play now."""
        g = self.RULES
        legal = 0
        for a in k.legal:
            if "play" in a:
                legal |= 1 << g.ranked(self.PACK.parse(a["play"]), view.trump)
        return legal

    def policy(self, level: int, view: TrickView, k: Knowledge, legal: int) -> tuple[int, int]:
        """The easy/normal choice (ranked face, reason code) in the play phase."""
        trump = NO_TRUMP if view.trump is None else view.trump
        strong, weak = self.signals(k) if level == NORMAL else (0, 0)
        led = best = winner = 0
        if view.trick:
            led, best, winner = trick_state(view.trick, trump)
        return choose(self.RULES, level, view.seat, view.hand, legal, view.others, trump, led,
                      best, winner, len(view.trick), view.voids, strong, weak,
                      self.attack_side(k) == view.seat & 1)

    def play(self, level: str, k: Knowledge, rng: random.Random, budget_ms: float,
             cancelled: Callable[[], bool]) -> Decision:
        """A card, with its reason (and, at the hard level, the search's values)."""
        view = self.view(k)
        legal = self.legal_of(k, view)
        face, code = self.policy(EASY if level == "easy" else NORMAL, view, k, legal)
        values: dict[str, float] | None = None
        scores: dict[str, list[float]] | None = None
        if level == "hard":
            face, text, values, scores = self.search_play(view, k, legal, rng, budget_ms,
                                                          cancelled, face, code)
        else:
            text = explain(self.RULES, code, face, view)
        action, text = self.play_action(k, self.RULES.name(face, view.trump), text)
        return Decision(action, text, values, self.NEAR_TIE if values else 0.0,
                        scores=evidence.play_scores(scores))

    # -- hard -----------------------------------------------------------------------------

    def layout(self, view: TrickView, world: search.World, k: Knowledge,
               trump: int | None = None) -> Layout:
        """The layout of a sampled ``world`` around the seat's own hand (``trump`` overrides
        the view's, for simulating the choice of trump)."""
        copies = self.PACK.copies
        hands = [0, 0, 0, 0]
        counts: list[int] | None = [0] * 144 if copies > 1 else None
        left: list[int] | None = [0] * 36 if copies > 1 else None
        for s in range(4):
            faces = list(world[s])
            if s == view.seat:
                faces += [f for f in range(36) for _ in range(view.own[f])]
            for f in faces:
                hands[s] |= 1 << f
                if counts is not None and left is not None:
                    counts[s * 36 + f] += 1
                    left[f] += 1
        if trump is None:
            trump = NO_TRUMP if view.trump is None else view.trump
        leader = view.leader if view.leader is not None else view.seat
        return Layout(self.RULES, hands, counts, left, list(view.voids), trump, leader,
                      list(view.trick), self.attack_side(k), self.free(k))

    def layouts(self, view: TrickView, k: Knowledge) -> Callable[[search.World], Layout]:
        """:meth:`layout` for each sampled world, built once per world (the candidates of one
        sample share it; a playout never changes its layout)."""
        last: list[Any] = [None, None]

        def get(world: search.World) -> Layout:
            if last[0] is not world:
                last[0], last[1] = world, self.layout(view, world, k)
            lay: Layout = last[1]
            return lay
        return get

    def sampler(self, view: TrickView, k: Knowledge
                ) -> Callable[[random.Random], search.World]:
        """Deals of the unseen cards consistent with the seat's knowledge: hand sizes, voids
        and the cards known to be in a seat's hand."""
        fixed = self.known_cards(view, k)
        unseen = list(view.unseen)
        for faces in fixed:
            for f in faces:
                unseen[f] -= 1
        pool = [f for f, n in enumerate(unseen) for _ in range(n)]
        need = [view.sizes[s] - len(fixed[s]) if s != view.seat else 0 for s in range(4)]
        allowed = [~v & 0xF for v in view.voids]
        suit_of = self.PACK.suit_of_face
        likelihood = (self.likelihood(view, k) if inference.enabled(k.game, self.inference)
                      else None)
        if not any(fixed):
            def plain(rng: random.Random) -> search.World:
                return search.deal_unseen(rng, pool, need, allowed, suit_of)
        else:
            def plain(rng: random.Random) -> search.World:
                world = search.deal_unseen(rng, pool, need, allowed, suit_of)
                return [world[s] + fixed[s] for s in range(4)]
        return plain if likelihood is None else inference.weighted(plain, likelihood)

    def likelihood(self, view: TrickView, k: Knowledge) -> Likelihood | None:
        """How likely a sampled layout (ranked faces) makes the other seats' public actions
        (:mod:`.inference`); ``None`` (here) when the game has nothing to weigh. Each game
        that has calls, namings or signals to weigh says how."""
        return None

    def candidates(self, view: TrickView, legal: int) -> list[int]:
        """The legal faces that can make a difference: of several cards of one suit worth
        the same points with no card another seat may hold (or the trick holds) between
        them, only the lowest (:func:`~.endgame.distinct_faces`; with copies, not even a copy
        of the lower one: the earlier of identical cards wins)."""
        between = view.others
        for _, f in view.trick:
            between |= 1 << f
        pts = self.RULES.points[NO_TRUMP if view.trump is None else view.trump]
        return distinct_faces(legal, between, pts, self.PACK.copies > 1)

    def search_play(self, view: TrickView, k: Knowledge, legal: int, rng: random.Random,
                    budget_ms: float, cancelled: Callable[[], bool], normal: int,
                    code: int) -> tuple[int, Message, dict[str, float] | None,
                                        dict[str, list[float]] | None]:
        """Determinized search over the card to play; keeps the normal choice (and its
        reason) when the search agrees with it or finds nothing better. Also returns the
        search's mean for every legal card (:attr:`~.player.Decision.values`) and its scores
        on every layout (:attr:`~.player.Decision.scores`; both ``None`` when there was
        nothing to search). The advisor (:attr:`advise`) samples until the evidence is
        settled and recommends another card than the normal one only when the evidence backs
        it (:mod:`.evidence`)."""
        start = time.perf_counter()
        g = self.RULES
        cands = self.candidates(view, legal)
        if normal not in cands:
            cands = sorted({*cands, normal})
        if len(cands) == 1:
            return normal, explain(g, code, normal, view), None, None
        n = search.layouts_for(self.fixed_layouts, self.work(budget_ms), len(cands),
                               sum(view.sizes))
        if self.solves(view):
            n = min(n, search.EXACT_LAYOUTS)
        if self.advise:
            result, chosen = evidence.advised(cands, self.sampler(view, k),
                                              self.evaluator(view, k), rng, n, normal,
                                              self.NEAR_TIE, cancelled, self.share)
            best = int(chosen)  # type: ignore[call-overload]
        else:
            result = search.determinized(cands, self.sampler(view, k), self.evaluator(view, k),
                                         rng, n, self.deadline(start, budget_ms), cancelled,
                                         prefer=normal, abandon=True, share=self.share)
            best = int(result.best)  # type: ignore[call-overload]
            if (best != normal and self.partner_blunder(view, legal, best, normal)
                    and not search.clearly_better(result.scores[best], result.scores[normal],
                                                  self.PARTNER_Z)):
                best = normal  # no blunder for a partner on a near-tie of the search
        values = self.card_values(view, legal, cands, result.means)
        scores = self.card_values(view, legal, cands, result.scores)
        if best == normal:
            return best, explain(g, code, best, view), values, scores
        done = result.samples  # a layout cut short scored only some candidates: not counted
        better, worse = search.paired_counts(result.scores[best], result.scores[normal])
        trump = -1 if view.trump is None else view.trump
        other = named_card(g.name(normal, view.trump))
        why = search.contrast(best // 9, best % 9, normal // 9, normal % 9, trump, other,
                              (self.takes(view, best), self.takes(view, normal)))
        return best, search.choice_words(named_card(g.name(best, view.trump)), other, why,
                                         done, better, worse), values, scores

    def partner_blunder(self, view: TrickView, legal: int, face: int, normal: int) -> bool:
        """Whether playing ranked ``face`` would overtake partner's sure winner or throw
        points under the opponents' sure trick where the ``normal`` card would not
        (:func:`.blunders.classify_view`)."""
        if not view.trick:
            return False
        kind = blunders.classify_view(self.RULES, view, legal, face)
        return (kind in (blunders.OVERTAKE, blunders.POINTS_AWAY)
                and not blunders.classify_view(self.RULES, view, legal, normal))

    def takes(self, view: TrickView, face: int) -> bool:
        """Whether ranked ``face``, played now to an open trick, would be winning it."""
        if not view.trick:
            return False
        trump = NO_TRUMP if view.trump is None else view.trump
        return trick_state([*view.trick, (view.seat, face)], trump)[2] == view.seat

    def card_values(self, view: TrickView, legal: int, cands: list[int],
                    means: Mapping[Any, V]) -> dict[str, V]:
        """The search's figure (mean, or scores) of every legal ranked face, by notation: a
        face left out of the search as interchangeable with a lower one (:meth:`candidates`)
        gets that one's."""
        out: dict[str, V] = {}
        rep = -1
        for f in range(36):
            if f in means:
                rep = f
            if legal >> f & 1 and rep >= 0 and rep // 9 == f // 9:
                out[self.RULES.name(f, view.trump)] = means[rep]
        return out

