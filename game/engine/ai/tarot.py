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
  the seat does not hold it, to any seat but the declarer (it called a card it does not hold:
  the engine allows calling one's own, which the AI does only when every legal card is its
  own) — or to the unseen talon under keep without or against the talon; a defender's layouts
  do not follow its reading of the partner (that reading is a guess). Each layout is played
  out with its own partner (the holder of the called card) on the declarer's side for the
  score (what the seat receives, :func:`game.engine.tarot.payments`); in the playout only that
  partner plays knowing it until the called card falls, the declarer and the defence play
  blind (measured, hard against normal at five, 400 deals, seed 2: +3.71 [+1.60, +5.82],
  against +2.63 [+0.56, +4.70] when every seat of the playout knew the partner). The auction's
  inference weighs four-player layouts only. The declarer's tricks so far count its
  partner's only once the seat knows the partner.
"""

from __future__ import annotations

import dataclasses
import math
import random
import statistics
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, TypeVar

from .. import cards as C
from .. import tarot as T
from ..hand import Action
from ..knowledge import Knowledge
from ..message import Message
from ..tarot import KINGS, MULTIPLIER, PLAIN, trump_ceiling
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
from .tarot_partner import call_choice, seating
from .tarot_play import (
    EASY,
    FOUR,
    NORMAL,
    SUIT,
    TRUMPS,
    Playout,
    Seating,
    candidates,
    choose,
    collect,
    explain,
    name,
    say,
    trick_state,
)
from .view import act, suit_of_letter

V = TypeVar("V")

FULL = C.FULL_TAROT
DISCARDABLE = PLAIN & ~KINGS
"""What an unseen discard may hold besides its shown trumps."""
PILE = 4
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
"""The index of the unseen discard or talon in a sampled layout (after the four seats)."""


def mask_of_names(cards: Any) -> int:
    """The mask of a list of card names (``None`` or empty: 0)."""
    return C.mask_of(C.parse_tarot(c) for c in cards or ())


@dataclass
class SeatView:
    """One seat's knowledge of the play as ints.

    ``hand``: its cards; ``others``: the cards another seat may hold, or the unseen discard or
    talon; ``played``: every card played; ``trick``: the open trick's ``(seat, card)``;
    ``voids[s]``: suits seat ``s`` has shown it lacks (bit 4: trumps); ``ceiling[s]``: the
    trumps it may still hold; ``pile``/``adj``/``taken``/``petit``: the declarer's pile so far
    (tricks, the discard the seat knows of, or its shown trumps), half points of Excuse
    exchanges, tricks won and the trick that took the Petit, for the playouts.
    """

    me: int
    decl: int
    contract: str
    slam: bool
    hand: int
    others: int
    played: int
    trick: list[tuple[int, int]]
    leader: int
    done: int
    voids: list[int]
    ceiling: list[int]
    pile: int
    adj: int
    taken: int
    petit: tuple[int, int]
    handful: int
    sizes: tuple[int, ...]
    talon: int
    """The talon's cards still in the declarer's hand or discard, when it was shown and the
    seat is a defender (0 otherwise)."""
    hidden: int
    """How many cards of the discard or talon the seat cannot see."""
    shown: dict[int, int]
    """Seat → the cards of its shown handful it has not played yet."""
    evidence: inference.TarotEvidence | None = None
    """The auction, for weighing sampled layouts (:mod:`.inference`); ``None``: layouts are
    not weighed."""
    table: Seating = FOUR
    """The table (its size, talon and seat names) and the partner the seat knows or reads
    (:func:`.tarot_partner.seating`)."""
    called: int = -1
    """Five players: the called card (-1: none)."""
    partner: int = -1
    """Five players: the partner when the seat knows it from the public facts (-1: not
    known, or alone)."""
    alone: bool = False
    """Five players: the seat knows the declarer plays alone."""

    @property
    def won_all(self) -> bool:
        """The declarer has won every finished trick."""
        return self.taken == self.done


def read(k: Knowledge, weigh: bool = False) -> SeatView:
    """The :class:`SeatView` of knowledge ``k`` (play phase, at any table: one entry per seat
    in ``voids`` and ``ceiling``); with ``weigh``, with the auction's evidence for the sampler
    (:attr:`SeatView.evidence`)."""
    n = len(k.seats)
    table = seating(k)
    known_partner = k.public.get("partner")
    partner = k.seats.index(known_partner) if known_partner else -1
    side = 0 if partner < 0 else 1 << partner
    tricks = T.LAYOUTS[n].tricks
    talon_size = T.LAYOUTS[n].talon
    decl = k.seats.index(k.public["declarer"])
    contract = k.public["contract"]
    hand = mask_of_names(k.hand)
    known = mask_of_names(k.public.get("discard")) | mask_of_names(k.public.get("discard_trumps"))
    played = 0
    voids = [0] * n
    for s, letters in enumerate(k.voids):
        for letter in letters:
            voids[s] |= 1 << suit_of_letter(letter)
    ceiling = [TRUMPS] * n
    pile = known if contract in ("take", "keep") else 0
    adj = taken = done = 0
    petit = (-1, -1)
    trick: list[tuple[int, int]] = []
    leader = decl if k.public.get("slam") else (k.dealer - 1) % n
    for t in k.tricks:
        seat = k.seats.index(t["leader"])
        cards: list[tuple[int, int]] = []
        for c in (C.parse_tarot(x) for x in t["cards"]):
            played |= 1 << c
            ceiling[seat] &= trump_ceiling(c, trick_state(cards)[2])
            cards.append((seat, c))
            seat = (seat - 1) % n
        if t["winner"] is None:
            trick = cards
            leader = k.seats.index(t["leader"])
            continue
        winner, pile, adj, taken, flags = collect(done, cards, decl, pile, adj, taken, side,
                                                  tricks)
        if flags & 1:
            petit = (done, winner)
        done += 1
        leader = winner
    bonus = dict(T.LAYOUTS[n].handfuls)
    handful = sum(bonus[len(v)] for v in k.public.get("handfuls", {}).values())
    shown = {k.seats.index(s): mask_of_names(v) & ~played
             for s, v in k.public.get("handfuls", {}).items()}
    others = FULL & ~hand & ~played & ~known
    if contract in ("take", "keep"):
        talon = 0 if k.seat == decl else mask_of_names(k.public.get("talon")) & others
        hidden = 0 if k.seat == decl else talon_size - known.bit_count()
    else:
        talon, hidden = 0, talon_size
    return SeatView(k.seat, decl, contract, bool(k.public.get("slam")), hand, others, played,
                    trick, leader, done, voids, ceiling, pile, adj, taken, petit, handful,
                    k.hand_sizes, talon, hidden, shown,
                    inference.tarot_evidence(k) if weigh and n == 4 else None, table,
                    C.parse_tarot(k.public["called"]) if k.public.get("called") else -1,
                    partner, bool(k.public.get("alone")))


class TarotAI:
    """French Tarot decisions for the easy, normal and hard levels."""

    WORK_PER_MS = 60.0
    """Card plays a hard search may spend per millisecond of budget."""

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
    advise = False
    """True for the learning mode's advisor (:attr:`~.player.GameAI.advise`)."""
    exact = False
    """Whether the hard search solves its layouts exactly once at most :attr:`EXACT_CARDS`
    cards are left, instead of playing them out with the normal policy."""
    inference: bool | None = None
    """Whether the hard search weighs its layouts by the auction (:mod:`.inference`);
    ``None``: the game's default."""
    share: search.Share | None = None
    """Where the searches of the decision being made run (set by the player for each
    decision; ``None``: whole, in this process)."""

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
        legal = mask_of_names([a["play"] for a in k.legal if "play" in a])
        table = v.table
        card, code = choose(EASY if level == "easy" else NORMAL, v.me, v.decl, v.hand, legal,
                            v.others, v.trick, v.voids, v.ceiling, v.won_all, seating=table)
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
        n = search.samples_for(budget_ms * self.WORK_PER_MS, len(cands), sum(v.sizes))
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
        if best != normal and not clearly_better(scores[best], scores[normal]):
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


def clearly_better(best: list[float], normal: list[float]) -> bool:
    """Whether the searched card's scores beat the normal choice's on the same layouts by more
    than :data:`SWITCH_Z` standard errors of their paired difference and by
    :data:`SWITCH_MIN` points (a few noisy samples, or a negligible gain, do not overturn the
    rules)."""
    diffs = [b - n for b, n in zip(best, normal, strict=True)]
    if len(diffs) < 2:
        return False
    mean = statistics.fmean(diffs)
    return mean >= SWITCH_MIN and mean > SWITCH_Z * statistics.stdev(diffs) / math.sqrt(len(diffs))


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
        if c == v.called and not v.talon >> c & 1 and e & ~(1 << decl):
            e &= ~(1 << decl)  # the declarer called a card it does not hold
        groups[c] = e
    pool = list(groups)
    allowed = [sum(1 << e for e in range(1 << (n + 1)) if e >> s & 1) for s in range(n + 1)]

    def sample(rng: random.Random) -> search.World:
        world = search.deal_unseen(rng, pool, need, allowed, groups.__getitem__)
        return [world[s] + fixed[s] for s in range(n + 1)]
    likelihood = None if v.evidence is None else inference.tarot_likelihood(v.evidence, PILE)
    return sample if likelihood is None else inference.weighted(sample, likelihood)


def playout(v: SeatView, world: search.World) -> Playout:
    """The :class:`Playout` of a sampled ``world`` around the seat's own hand; at five, with
    the layout's partner (:func:`world_partner`) on the declarer's side for every seat."""
    n = v.table.size
    hands = [C.mask_of(world[s]) for s in range(n)]
    hands[v.me] = v.hand
    pile = v.pile
    if v.contract != "keep-against":
        pile |= C.mask_of(world[n])
    table = v.table
    views: tuple[Seating, ...] | None = None
    if n == 5:
        p = world_partner(v, hands)
        table = dataclasses.replace(table, side=0 if p is None else 1 << p)
        if v.partner < 0 and not v.alone:  # the partner is secret: only it knows
            blind = dataclasses.replace(table, side=0)
            views = tuple(table if s == p else blind for s in range(n))
    return Playout(hands, v.decl, v.contract, v.slam, pile, v.adj, v.taken, v.petit,
                   v.handful, v.done, v.leader, list(v.trick), list(v.voids), table,
                   T.LAYOUTS[n].tricks, views, v.called)


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

