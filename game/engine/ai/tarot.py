"""French Tarot players: bidding from a hand evaluation, the discard, handfuls, the slam and
card play for the easy, normal and hard levels.

The rules of thumb live in :mod:`.tarot_hand` (before the play) and :mod:`.tarot_play` (the
card-play policy and the playouts). This module reads a seat's :class:`Knowledge` into ints
(:class:`SeatView`) and runs the hard level's determinized search: it deals the unseen cards
consistently with everything the seat knows, plays every candidate card out on each layout with
the normal policy and keeps the best average score for the seat's side.

**Decisions** (where the brief leaves it open):

* The hard level searches the card play; it bids by a tuned evaluation (the mean score
  predicted for each contract, see :mod:`.tarot_hand`), and its discards, handfuls and slam
  follow the normal rules.
* A seat's sampled layouts respect: hand sizes; shown voids; the trumps each seat may still
  hold (none above a trump it played under, see :mod:`.tarot_play`); the handfuls shown (those
  trumps stay with their owner until played); for a defender under take or keep, the talon's
  cards are with the declarer or in its discard, and the discard holds only suit cards other
  than kings (the trumps in it are shown); under keep without or against the talon, six unseen
  cards stay out of play in the talon. Handfuls not shown yet are not guessed.
* When the game's inference is on (:data:`.inference.ENABLED`, or the player's own
  ``inference``), the sampled layouts are weighed by how likely each makes the auction: a
  seat that passed rarely holds three oudlers (:func:`.inference.tarot_likelihood`).
* Candidate cards that are interchangeable (the same suit, the same points, no card another
  seat may hold between them) are searched once, as the lowest of them.
* Three and five players (issue 19): the same rules at the table's size — its seats, its
  discard (six cards at three, three at five), its handfuls, the bidding thresholds scaled
  (:data:`.tarot_hand.TABLE_SCALE`); at five the call and the partner of
  :mod:`.tarot_partner`. Hard's layouts at five deal the called card, while it is unplayed and
  the seat does not hold it, to a seat but the declarer (the AI calls its own card only when
  every legal card is; a defender's layouts say the declarer plays alone only when it is
  public, the declarer's when it holds the card), or to the unseen talon under keep without
  or against (not to the discard: a called card in a shown talon is public), never to a seat
  void in its suit. Each layout's partner (the holder) counts on the declarer's side for the
  score (what the seat receives, :func:`game.engine.tarot.payments`: a partner maximizes the
  unit, a defender minimizes it) and for the tricks played so far (:meth:`SeatView.gathered`);
  in the playout only it knows until the called card falls — also when it is the seat
  searching (measured before issue 29, hard against normal at five, 400 deals, seed 2: +3.71
  [+1.60, +5.82], against +2.63 [+0.56, +4.70] when every seat of the playout knew the
  partner). The layouts are weighed by the smears seen (issue 29,
  :func:`.tarot_partner.smear_weighted`). The auction's inference weighs four players only.
* The defence's conventions (issue 29, :mod:`.tarot_defence`) are read from the public play
  into a :class:`~.tarot_table.Talk` (:func:`read`); the hard search's playouts start from
  that talk and keep it up card by card, so every seat of a playout signals and reads as the
  normal policy does. :attr:`TarotAI.conventions` switches them off one by one, only to
  measure them.
"""

from __future__ import annotations

import dataclasses
import random
import time
from collections.abc import Callable, Mapping
from typing import Any, ClassVar, TypeVar

from .. import cards as C
from .. import tarot as T
from ..hand import Action
from ..knowledge import Knowledge
from ..message import Message
from ..tarot import KINGS, MULTIPLIER, PLAIN
from ..tarot import trick_state as tarot_trick_state
from . import evidence, inference, search
from .player import Choice, Decision
from .tarot_endgame import TarotSolver
from .tarot_hand import (
    BID_NAMES,
    bid_so_far,
    bid_worth,
    discard_choice,
    show_handful,
    sure_slam,
)
from .tarot_partner import call_choice, smear_weighted
from .tarot_play import (
    CONVENTIONS,
    EASY,
    NORMAL,
    SUIT,
    Playout,
    Seating,
    candidates,
    choose,
    explain,
    name,
    say,
)
from .tarot_view import SeatView, mask_of_names, read
from .view import act

V = TypeVar("V")

FULL = C.FULL_TAROT
DISCARDABLE = PLAIN & ~KINGS
"""What an unseen discard may hold besides its shown trumps."""
PILE = 4
"""The index of the unseen discard or talon in a sampled layout (after the four seats)."""
SWITCH_Z = 1.0
"""How many standard errors better a searched card must score to replace the normal choice."""
SWITCH_MIN = 1.0
"""And by how many points of the seat's score at least."""
DECLARER_SCALE = 3
"""A searched layout scores the declarer's unit times this for the declarer (each of the three
defenders pays it), and minus the unit for a defender."""
NEAR_TIE = 1.0
"""How many card points a card may score below the search's choice (on average, in what each
defender pays: times the contract's multiplier, and times :data:`DECLARER_SCALE` in the
declarer's values) and still count as just as good for the play checker. **Decision**: 1
point — less than any face card's value (a jack is 1.5) and about the search's noise at the
advisor's budget; a smaller gap is no mistake a player could see."""


class TarotAI:
    """French Tarot decisions for the easy, normal and hard levels."""

    WORK_PER_MS = 60.0
    """Card plays a hard search may spend per millisecond of budget."""
    COMPILED_SPEED = 2.0
    """How many times more a millisecond buys on the compiled engine, against the clock
    (:func:`.search.work_for`): a little under the measured speed-up per layout (issue 37)."""
    CLOCK_FILL = 2.0
    """How many times :attr:`WORK_PER_MS`'s card plays a search against the clock does
    (:attr:`.cardplay.CardPlayAI.CLOCK_FILL`): the median decision took about 95 ms of its
    250 (issue 37's figures, every table size)."""

    EXACT_CARDS: ClassVar[dict[int, int]] = {3: 11, 4: 11, 5: 13}
    """Table size → with :attr:`exact` on, the most cards left in all hands at which a sampled
    layout is solved exactly (:class:`~.tarot_endgame.TarotSolver`) rather than played out.
    Measured on the project's 2-core machine, shared, solving every candidate of one sampled
    layout, two runs of 200 and 300 endings (median; p99): at four, 11 cards 5.1 / 2.0 ms;
    24 / 15 ms, and 12 cards 7.3 / 7.4 ms; at three, 11 cards 4.3 / 5.6 ms; 25 / 33 ms, and
    12 cards 9.0 / 11.8 ms; at five, 13 cards 3.0 / 5.0 ms; 27 / 23 ms, and 14 cards
    6.1 / 5.8 ms — each over the bound of 5 ms median one card above the threshold."""

    timed = True
    """False: searches ignore the clock and always do their fixed number of samples."""
    fixed_layouts = 0
    """Above 0: every search samples exactly this many layouts (:func:`.search.layouts_for`)."""
    advise = False
    """True for the learning mode's advisor (:attr:`~.player.GameAI.advise`)."""
    exact = True
    """Whether the hard search solves its layouts exactly once at most :attr:`EXACT_CARDS`
    cards are left, instead of playing them out with the normal policy."""
    inference: bool | None = None
    """Whether the hard search weighs its layouts by the auction (:mod:`.inference`);
    ``None``: the game's default."""
    share: search.Share | None = None
    """Where the searches of the decision being made run (set by the player for each
    decision; ``None``: whole, in this process)."""
    conventions: int = CONVENTIONS
    """The defence's conventions the card play (and the hard search's playouts) plays and
    reads (:attr:`~.tarot_table.Seating.conventions`): all of them; fewer only to measure
    one against the others (``benchmarks/tarot_conventions.py``)."""

    def decide(self, level: str, k: Knowledge, rng: random.Random, budget_ms: float,
               cancelled: Callable[[], bool]) -> Choice:
        """The action and its reason for ``level`` (``easy``, ``normal`` or ``hard``)."""
        if k.phase == "bid":
            return self.bid(level, k)
        if k.phase == "call":
            return self.call(k)
        if k.phase == "discard":
            return self.discard(level, k)
        if k.phase == "announce":
            return self.announce(k)
        if k.phase == "play":
            shows = [a for a in k.legal if "handful" in a]
            if shows:
                shown = self.handful(level, k, shows)
                if shown is not None:
                    return shown
            return self.play(level, k, rng, budget_ms, cancelled)
        raise ValueError(f"{level} player: no decision known in phase {k.phase!r}")

    # -- before the play ---------------------------------------------------------------------

    @staticmethod
    def bid(level: str, k: Knowledge) -> tuple[Action, str]:
        """Bid the contract the hand is worth when the bidding allows it, else pass."""
        hand = mask_of_names(k.hand)
        top = bid_so_far(k.history)
        players = len(k.seats)
        worth, why = bid_worth(level, hand, top, players)
        if worth != "pass":
            return act(k, "bid", worth), Message("Bid {bid}: {why}.", bid=BID_NAMES[worth],
                                                 why=why)
        alone, why_alone = bid_worth(level, hand, players=players)
        if alone != "pass":
            return (act(k, "bid", "pass"),
                    Message("Pass: your hand is worth a {bid} ({why}), but {top} has already "
                            "been bid.", bid=BID_NAMES[alone], why=why_alone, top=BID_NAMES[top]))
        return act(k, "bid", "pass"), Message("Pass: {why}.", why=why)

    @staticmethod
    def call(k: Knowledge) -> tuple[Action, str]:
        """Five players: the card to call (:func:`.tarot_partner.call_choice`), the same at
        every level."""
        legal = [C.parse_tarot(a["call"]) for a in k.legal]
        card, why = call_choice(mask_of_names(k.hand), legal)
        return act(k, "call", name(card)), why

    @staticmethod
    def discard(level: str, k: Knowledge) -> tuple[Action, str]:
        """Lay away the next card of the discard plan (as many cards as the table's talon)."""
        legal = mask_of_names([a["discard"] for a in k.legal])
        done = len(k.public.get("discard") or ())
        card, why = discard_choice(level, mask_of_names(k.hand), legal,
                                   T.LAYOUTS[len(k.seats)].talon - done)
        return act(k, "discard", name(card)), why

    @staticmethod
    def announce(k: Knowledge) -> tuple[Action, str]:
        """Announce a slam only when it is sure."""
        hand = mask_of_names(k.hand)
        gone = mask_of_names(k.public.get("discard"))
        if sure_slam(hand, FULL & ~hand & ~gone):
            return (act(k, "slam", True),
                    Message("Announce a slam: your trumps draw every trump out and then all your "
                            "cards are masters."))
        return act(k, "slam", False), Message("No slam: you cannot be sure to win every "
                                              "trick.")

    @staticmethod
    def handful(level: str, k: Knowledge, shows: list[Action]) -> tuple[Action, str] | None:
        """The handful to show before the first card and why, or ``None``."""
        decl = k.seats.index(k.public["declarer"])
        i = show_handful(level, k.seat == decl, mask_of_names(k.hand),
                         [a["handful"] for a in shows])
        if i is None:
            return None
        size = len(shows[i]["handful"])
        bonus = dict(T.LAYOUTS[len(k.seats)].handfuls)[size]
        if k.seat == decl:
            why = Message("Show a handful of {n} trumps: it adds {points} points, and with so "
                          "many trumps you are likely to win the hand.", n=size, points=bonus)
        else:
            why = Message("Show a handful of {n} trumps: with so many trumps against the "
                          "declarer the defence is likely to win the {points} points.", n=size,
                          points=bonus)
        return shows[i], why

    # -- card play ---------------------------------------------------------------------------

    def play(self, level: str, k: Knowledge, rng: random.Random, budget_ms: float,
             cancelled: Callable[[], bool]) -> Decision:
        """The card to play and why (and, at the hard level, the search's values)."""
        v = read(k, level == "hard" and inference.enabled(k.game, self.inference))
        if self.conventions != v.table.conventions:
            v.table = dataclasses.replace(v.table, conventions=self.conventions)
        legal = mask_of_names([a["play"] for a in k.legal if "play" in a])
        table = v.table
        card, code = choose(EASY if level == "easy" else NORMAL, v.me, v.decl, v.hand, legal,
                            v.others, v.trick, v.voids, v.ceiling, v.won_all, seating=table,
                            talk=v.talk)
        text = explain(code, card, v.decl, v.trick, v.others, v.me, v.voids, v.ceiling, v.hand,
                       table)
        values: dict[str, float] | None = None
        scores: dict[str, list[float]] | None = None
        margin = NEAR_TIE * MULTIPLIER[v.contract] * abs(share_of(v, v.table))
        if level == "hard":
            card, text, values, scores = self.search_play(v, legal, rng, budget_ms, cancelled,
                                                          card, text, margin)
        return Decision(act(k, "play", name(card)), text, values, margin if values else 0.0,
                        scores=evidence.play_scores(scores))

    def search_play(self, v: SeatView, legal: int, rng: random.Random, budget_ms: float,
                    cancelled: Callable[[], bool], normal: int,
                    text: Message, margin: float
                    ) -> tuple[int, Message, dict[str, float] | None,
                               dict[str, list[float]] | None]:
        """Determinized search over the card to play; keeps the normal choice on ties. Also
        returns the search's mean for every legal card and its scores on every layout (both
        ``None`` when there was nothing to search): interchangeable cards
        (:func:`candidates`) share the lowest one's. The advisor (:attr:`advise`) samples
        until the evidence is settled and leaves the normal card only for one the evidence
        backs by ``margin`` (:mod:`.evidence`)."""
        start = time.perf_counter()
        cands = search_candidates(v, legal)
        if normal not in cands:
            cands.append(normal)
        if len(cands) == 1:
            return normal, text, None, None
        sample = sampler(v)
        work = search.work_for(budget_ms, self.WORK_PER_MS, self.COMPILED_SPEED,
                               self.timed and not self.advise, self.CLOCK_FILL)
        n = search.layouts_for(self.fixed_layouts, work, len(cands), sum(v.sizes))
        exact = self.exact and sum(v.sizes) <= self.EXACT_CARDS[v.table.size]
        if exact:
            n = min(n, search.EXACT_LAYOUTS)
        evaluate = (self.solver(v) if exact else
                    lambda world, card: self.playout_value(v, world, card))

        deadline = start + budget_ms / 1000.0 if self.timed else None
        if self.advise:
            result, best = evidence.advised(cands, sample, evaluate, rng, n, normal, margin,
                                            cancelled, self.share)
        else:
            result = search.determinized(cands, sample, evaluate, rng, n, deadline, cancelled,
                                         prefer=normal, abandon=True, share=self.share)
            best = result.best
        assert isinstance(best, int)
        done = result.samples  # a layout cut short scored only some candidates: not counted
        means = {c: float(result.means[c]) for c in cands}
        scores = result.scores
        if best != normal and not search.clearly_better(scores[best], scores[normal], SWITCH_Z,
                                                        SWITCH_MIN):
            best = normal  # the search does not overturn the rules
        values = card_values(legal, cands, means)
        layouts = card_values(legal, cands, scores)
        if best == normal:
            return normal, text, values, layouts
        better, worse = search.paired_counts(scores[best], scores[normal])
        played = [c for _, c in v.trick]
        takes = tuple(bool(played) and tarot_trick_state([*played, c])[2] == len(played)
                      for c in (best, normal))
        why = search.contrast(SUIT[best], best, SUIT[normal], normal, 4, say(normal),
                              (takes[0], takes[1]))
        return best, search.choice_words(say(best), say(normal), why, done, better,
                                         worse), values, layouts

    @staticmethod
    def playout_value(v: SeatView, world: search.World, card: Any) -> float:
        """What the seat wins when ``card`` is played on the layout ``world``, played out once
        by the normal policy."""
        game = playout(v, world)
        return float(share_of(v, game.seating) * game.run(int(card)))

    @staticmethod
    def solver(v: SeatView) -> Callable[[search.World, Any], float]:
        """What the seat wins when a card is played on a layout, solved exactly (one
        :class:`~.tarot_endgame.TarotSolver` per layout, its table shared by the candidates):
        on the scale of :meth:`playout_value`."""
        last: list[Any] = [None, None, 0]

        def evaluate(world: search.World, card: Any) -> float:
            if last[0] is not world:
                game = playout(v, world)
                last[:] = [world, TarotSolver(game), share_of(v, game.seating)]
            return float(last[2] * last[1].value(int(card)))
        return evaluate


def search_candidates(v: SeatView, legal: int) -> list[int]:
    """The cards of ``legal`` the hard search tries (:func:`.tarot_play.candidates`): the
    cards another seat may hold and those of the open trick lie between interchangeable ones
    (6♥ and 8♥ are not when the trick holds 7♥)."""
    return candidates(legal, v.others | C.mask_of(c for _, c in v.trick))


def card_values(legal: int, cands: list[int], means: Mapping[Any, V]) -> dict[str, V]:
    """The search's figure (mean, or scores) of every legal card, by notation: a card left
    out of the search as interchangeable with a lower one (:func:`candidates`) gets that
    one's."""
    out: dict[str, V] = {}
    rep = -1
    for c in C.bits(legal):
        if c in means:
            rep = c
        if rep >= 0 and SUIT[rep] == SUIT[c]:
            out[name(c)] = means[rep]
    return out


def sampler(v: SeatView) -> Callable[[random.Random], search.World]:
    """Deals of the cards the seat cannot see, consistent with what it knows (see the module's
    decisions): four hands and, as a fifth pile, the unseen discard or talon; weighed by the
    auction (:func:`.inference.weighted`) when ``v`` carries its evidence."""
    me, decl = v.me, v.decl
    n = len(v.sizes)
    pile_at = n  # the unseen discard or talon: after the seats (PILE at four)
    fixed: list[list[int]] = [[] for _ in range(n + 1)]
    for s, mask in v.shown.items():
        if s != me:
            fixed[s] = list(C.bits(mask))
    need = [v.sizes[s] - len(fixed[s]) if s != me else 0 for s in range(n)]
    need.append(v.hidden)
    pile_ok = DISCARDABLE if v.contract in ("take", "keep") else FULL
    groups: dict[int, int] = {}
    for c in C.bits(v.others & ~C.mask_of(c for f in fixed for c in f)):
        e = 0
        trump = 56 <= c < 77
        for s in range(n):
            if not need[s] or (c != 77 and v.voids[s] >> SUIT[c] & 1):
                continue
            if (trump and not v.ceiling[s] >> c & 1) or (s != decl and v.talon >> c & 1):
                continue
            e |= 1 << s
        if need[pile_at] and pile_ok >> c & 1:
            e |= 1 << pile_at
        if c == v.called and not v.talon >> c & 1:
            if v.contract in ("take", "keep"):
                e &= ~(1 << pile_at)  # a called card in the talon would be public
            if e & ~(1 << decl):
                e &= ~(1 << decl)  # the declarer called a card it does not hold
        groups[c] = e
    pool = list(groups)
    allowed = [sum(1 << e for e in range(1 << (n + 1)) if e >> s & 1) for s in range(n + 1)]

    def sample(rng: random.Random) -> search.World:
        world = search.deal_unseen(rng, pool, need, allowed, groups.__getitem__)
        return [world[s] + fixed[s] for s in range(n + 1)]
    if v.smears:
        return smear_weighted(v.smears, v.called, sample)
    likelihood = None if v.evidence is None else inference.tarot_likelihood(v.evidence, PILE)
    return sample if likelihood is None else inference.weighted(sample, likelihood)


def playout(v: SeatView, world: search.World) -> Playout:
    """The :class:`Playout` of a sampled ``world`` around the seat's own hand; at five, with
    the layout's partner (:func:`world_partner`) on the declarer's side for every seat."""
    n = v.table.size
    hands = [C.mask_of(world[s]) for s in range(n)]
    hands[v.me] = v.hand
    pile, adj, taken, petit = v.pile, v.adj, v.taken, v.petit
    table = v.table
    views: tuple[Seating, ...] | None = None
    if n == 5:
        p = world_partner(v, hands)
        pile, adj, taken, petit = v.gathered(p)
        table = dataclasses.replace(table, side=0 if p is None else 1 << p, doubt=0)
        if v.secret and p is not None:  # only the partner knows, until the called card falls
            blind = dataclasses.replace(table, side=0)
            views = tuple(table if s == p else blind for s in range(n))
    if v.contract != "keep-against":
        pile |= C.mask_of(world[n])
    return Playout(hands, v.decl, v.contract, v.slam, pile, adj, taken, petit,
                   v.handful, v.done, v.leader, list(v.trick), list(v.voids), table,
                   T.LAYOUTS[n].tricks, views, v.called, v.talk)


def world_partner(v: SeatView, hands: list[int]) -> int | None:
    """Five players: the partner in a layout of ``hands`` — the one the seat knows, else the
    seat holding the called card (``None``: alone, or the card is not in another seat's
    hand)."""
    if v.partner >= 0:
        return v.partner
    if v.alone or v.called < 0:
        return None
    return next((s for s, h in enumerate(hands) if s != v.decl and h >> v.called & 1), None)


def share_of(v: SeatView, table: Seating) -> int:
    """How many of the declarer's units the seat wins (negative: pays) with the partner of
    ``table`` (:func:`game.engine.tarot.payments`): at four 3 for the declarer and -1 for a
    defender (:data:`DECLARER_SCALE`)."""
    if table.size == 4:
        return DECLARER_SCALE if v.me == v.decl else -1
    partner = next((s for s in range(table.size) if table.side >> s & 1), None)
    lay = T.LAYOUTS[table.size]
    return T.payments(lay.table, v.decl, partner, 1)[lay.table.letters[v.me]]

