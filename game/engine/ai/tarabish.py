"""Tarabish players: calling trump from the six visible cards, declaring runs when they can
count, always claiming bella, and card play under follow / must-trump / must-overtrump.

Cards are faces of the 36-card pack (``suit * 9 + natural rank``, ranks ``6 7 8 9 10 J Q K A``);
a hand is a 36-bit int. Tarabish ranks differ from the natural order (trumps J 9 A 10 K Q 8 7 6,
plain suits A 10 K Q J 9 8 7 6), so the policy reads strengths, points and "cards above" from
per-trump tables.

:func:`choose` is the easy/normal card-play policy on ints; the same function plays every seat
of the hard search's playouts (:class:`Playout`). What it reads is what the seat knows: its own
hand, the faces another seat may still hold, the open trick and the revealed voids (including
the engine's must-trump inference). Scores for the search are the hand's score after the bait
rule: the deciding side's points minus the other side's.

**Decisions** (where the brief leaves it open):

* Calling is by a tuned hand evaluation at every level (the hard level searches the card play
  only): trump J 30, 9 22, A 14, 10 11, K 7, Q 6, small 4, bella +10, side aces 11, a ten
  guarded by its ace +5; call the best suit at :data:`CALL_AT` or more (easy: a suit with its
  jack and two more cards, or four cards); the forced dealer calls its best suit.
* Runs: easy always declares; normal and hard declare unless another seat has already declared
  (or shown) a run that is certainly better, because then theirs would not count and
  declaring only shows the cards.
* Bella is always claimed, on whichever card the rules allow.
* Run declarations not yet shown (kinds only) are not used to place cards in the sampled
  layouts; shown runs are (their unplayed cards stay with their holder).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

from ..cards import RANKS36, SEATS, SUITS, seat_index
from ..hand import Action
from ..knowledge import Knowledge
from ..tarabish import (
    BELLA,
    HAND_SIZE,
    KING,
    LAST_TRICK,
    PLAIN_STRENGTH,
    QUEEN,
    TRUMP_STRENGTH,
    card_points,
    run_value,
    settle,
)
from ..tricks import PACK36
from . import search
from .view import SEAT_NAMES, SUIT_NAMES, TrickView, read

EASY, NORMAL = 1, 2
SUIT = tuple(0x1FF << (9 * s) for s in range(4))

# Reason codes of :func:`choose` (sentences in :func:`explain`).
(ONLY, PARTNER_SAFE, PARTNER_WINS, SECURE, WIN, RUFF, SECOND_LOW, CANNOT_WIN, DISCARD, CASH,
 DRAW, PARTNER_RUFF, LOW_LEAD, ACE, ONLY_TRUMPS, FORCE, SMEAR, OVERTRUMP) = range(18)

POWER = tuple(tuple(tuple(16 + TRUMP_STRENGTH[f % 9] if f // 9 == trump
                          else PLAIN_STRENGTH[f % 9] if f // 9 == led else -1
                          for f in range(36)) for led in range(4)) for trump in range(4))
"""``POWER[trump][led][face]``: a card's power in a trick (the highest wins, the first played
on a tie)."""
STRENGTH = tuple(tuple(TRUMP_STRENGTH[f % 9] if f // 9 == trump else PLAIN_STRENGTH[f % 9]
                       for f in range(36)) for trump in range(4))
"""``STRENGTH[trump][face]``: strength within the card's own suit."""
POINTS = tuple(tuple(card_points(f, trump) for f in range(36)) for trump in range(4))
ABOVE = tuple(tuple(sum(1 << (f // 9 * 9 + r) for r in range(9)
                        if STRENGTH[trump][f // 9 * 9 + r] > STRENGTH[trump][f])
                    for f in range(36)) for trump in range(4))
"""``ABOVE[trump][face]``: the faces of the same suit that beat ``face``."""

CALL_AT = 48
"""Evaluation at which the normal and hard players call (see the module's decisions)."""
TRUMP_VALUE = (4, 4, 4, 22, 11, 30, 6, 7, 14)
"""By natural rank: what a card is worth to a trump suit in the call evaluation."""


def name(face: int) -> str:
    """A face in notation (``"JH"``)."""
    return RANKS36[face % 9] + SUITS[face // 9]


def faces_of(mask: int) -> list[int]:
    """The faces of a mask, ascending."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def top(mask: int, trump: int) -> int:
    """The strongest face of a non-empty single-suit mask."""
    st = STRENGTH[trump]
    return max(faces_of(mask), key=st.__getitem__)


def is_master(face: int, others: int, trump: int) -> bool:
    """True when no other seat may hold a card of ``face``'s suit that beats it."""
    return not others & ABOVE[trump][face]


def legal_mask(hand: int, trick: list[tuple[int, int]], trump: int, exception: bool,
               me: int) -> int:
    """The cards ``me`` may play to ``trick``: follow suit; else trump (unless the partner
    exception frees it); a trump played where a trump lies must beat it when it can."""
    if not trick:
        return hand
    led = trick[0][1] // 9
    power = POWER[trump][led]
    winner, best = trick[0]
    bt = -1
    for s, f in trick:
        if power[f] > power[best]:
            best, winner = f, s
        if f // 9 == trump and (bt < 0 or power[f] > power[bt]):
            bt = f
    trumps = hand & SUIT[trump]
    if led != trump:
        follow = hand & SUIT[led]
        if follow:
            return follow
        if not trumps or (exception and winner == me ^ 2):
            return hand
    elif not trumps:
        return hand
    if bt >= 0:
        return (trumps & ABOVE[trump][bt]) or trumps
    return trumps


# ------------------------------------------------------------------------------------------
# The policy


def choose(level: int, me: int, hand: int, legal: int, others: int, trump: int,
           trick: list[tuple[int, int]], voids: list[int], attack: bool) -> tuple[int, int]:
    """The face ``me`` plays (one of ``legal``) and a reason code, by the easy or normal rules.

    ``others``: faces another seat may still hold; ``trick``: the open trick's ``(seat,
    face)``; ``voids[s]``: suit bits seat ``s`` has shown it lacks; ``attack``: ``me``'s side
    called trump.
    """
    if not trick:
        return _lead(level, me, hand, others, trump, voids, attack)
    if not legal & (legal - 1):
        return faces_of(legal)[0], ONLY
    led = trick[0][1] // 9
    power = POWER[trump][led]
    winner, best = trick[0]
    for s, f in trick[1:]:
        if power[f] > power[best]:
            best, winner = f, s
    pb = power[best]
    winners = 0
    for f in faces_of(legal):
        if power[f] > pb:
            winners |= 1 << f
    partner = me ^ 2
    following = bool(legal & SUIT[led])
    if level == EASY:
        if winner == partner:
            return _low(level, legal, hand, others, trump, led), PARTNER_WINS
        if winners:
            return _cheapest(winners, trump), WIN if following else RUFF
        return (_low(level, legal, hand, others, trump, led),
                CANNOT_WIN if following else DISCARD)
    npos = len(trick)
    later = [(me + k) & 3 for k in range(1, 4 - npos) if ((me + k) & 3) & 1 != me & 1]
    if winner == partner and not _beatable(best, led, trump, later, others, voids):
        return _smear(legal, others, trump, led), PARTNER_SAFE
    safe = [f for f in faces_of(winners)
            if not _beatable(f, led, trump, later, others, voids)]
    if winner == partner:
        if safe:
            return _cheapest_of(safe, trump), SECURE
        return _low(level, legal, hand, others, trump, led), PARTNER_WINS
    if safe:
        f = _cheapest_of(safe, trump)
        code = WIN if following else (OVERTRUMP if best // 9 == trump else RUFF)
        return f, code
    if winners and npos == 2:
        return _cheapest(winners, trump), FORCE
    if winners:
        return _low(level, legal, hand, others, trump, led), SECOND_LOW
    return _low(level, legal, hand, others, trump, led), CANNOT_WIN if following else DISCARD


def _beatable(face: int, led: int, trump: int, later: list[int], others: int,
              voids: list[int]) -> bool:
    """Whether an opponent still to play might beat ``face`` (as far as the seat knows)."""
    if not later:
        return False
    higher = others & ABOVE[trump][face]
    led_out = others & SUIT[led]
    trumps_out = others & SUIT[trump]
    for o in later:
        void_led = (voids[o] >> led) & 1 or not led_out
        no_trump = (voids[o] >> trump) & 1 or not trumps_out
        if face // 9 == led and led != trump:
            if higher and not void_led:
                return True
            if void_led and not no_trump:
                return True
        elif face // 9 == trump and higher and (led == trump or void_led) and not no_trump:
            return True
    return False


def _cheapest(mask: int, trump: int) -> int:
    """The weakest face of ``mask`` (fewest points on ties)."""
    return _cheapest_of(faces_of(mask), trump)


def _cheapest_of(faces: list[int], trump: int) -> int:
    st, pts = STRENGTH[trump], POINTS[trump]
    return min(faces, key=lambda f: (f // 9 == trump, st[f], pts[f], f))


def _low(level: int, legal: int, hand: int, others: int, trump: int, led: int) -> int:
    """The card to give away: the fewest points (then the weakest) of the suit followed;
    a discard: normal keeps trumps and sure winners and empties short suits."""
    pts, st = POINTS[trump], STRENGTH[trump]
    if legal & SUIT[led] or not legal & ~SUIT[trump]:
        return min(faces_of(legal), key=lambda f: (pts[f], st[f], f))
    side = legal & ~SUIT[trump]
    if level == EASY:
        return min(faces_of(side), key=lambda f: (pts[f], st[f], f))

    def key(f: int) -> tuple[int, int, int, int]:
        master = is_master(f, others, trump)
        return (1 if master else 0, pts[f], (hand & SUIT[f // 9]).bit_count(), st[f])
    return min(faces_of(side), key=key)


def _smear(legal: int, others: int, trump: int, led: int) -> int:
    """Partner's trick is safe: give it the most points without giving up a sure winner or a
    trump (the weakest trump when only trumps may be played)."""
    pts, st = POINTS[trump], STRENGTH[trump]
    side = [f for f in faces_of(legal & ~SUIT[trump]) if not is_master(f, others, trump)]
    if side:
        return max(side, key=lambda f: (pts[f], -st[f], -f))
    return min(faces_of(legal), key=lambda f: (f // 9 == trump, pts[f], st[f], f))


def _lead(level: int, me: int, hand: int, others: int, trump: int, voids: list[int],
          attack: bool) -> tuple[int, int]:
    """The lead and its reason code."""
    pts, st = POINTS[trump], STRENGTH[trump]
    side = [s for s in range(4) if s != trump and hand & SUIT[s]]
    if not side:
        tr = hand & SUIT[trump]
        t = top(tr, trump)
        if level != EASY and is_master(t, others, trump):
            return t, DRAW
        return _cheapest(tr, trump), ONLY_TRUMPS
    if level == EASY:
        for s in side:
            ace = s * 9 + 8
            if hand >> ace & 1:
                return ace, ACE
        s = max(side, key=lambda s: ((hand & SUIT[s]).bit_count(), -s))
        return min(faces_of(hand & SUIT[s]), key=lambda f: (pts[f], st[f])), LOW_LEAD
    trumps_out = others & SUIT[trump]
    opps = ((me + 1) & 3, (me + 3) & 3)
    partner = me ^ 2
    tr = hand & SUIT[trump]
    if attack and tr and trumps_out:
        t = top(tr, trump)
        if is_master(t, others, trump) and not all((voids[o] >> trump) & 1 for o in opps):
            return t, DRAW
    cash = -1
    cash_key = -1
    for s in side:
        t = top(hand & SUIT[s], trump)
        if not is_master(t, others, trump):
            continue
        out = others & SUIT[s]
        if trumps_out and (not out or any((voids[o] >> s) & 1 and not (voids[o] >> trump) & 1
                                          for o in opps)):
            continue
        k = out.bit_count() * 2 + pts[t]
        if k > cash_key:
            cash, cash_key = t, k
    if cash >= 0:
        return cash, CASH
    if trumps_out and tr and not (voids[partner] >> trump) & 1:
        for s in side:
            if ((voids[partner] >> s) & 1 and others & SUIT[s]
                    and not any((voids[o] >> s) & 1 for o in opps)):
                return min(faces_of(hand & SUIT[s]), key=lambda f: (pts[f], st[f])), \
                    PARTNER_RUFF

    def lead_key(f: int) -> tuple[int, int, int, int]:
        s = f // 9
        bare_ten = f % 9 == 4 and not hand >> (s * 9 + 8) & 1 and others >> (s * 9 + 8) & 1
        risky = trumps_out and any((voids[o] >> s) & 1 for o in opps)
        return (int(risky), int(bare_ten) + pts[f], -(hand & SUIT[s]).bit_count(), st[f])
    f = min((f for s in side for f in faces_of(hand & SUIT[s])), key=lead_key)
    return f, LOW_LEAD


def explain(code: int, face: int, view: TrickView) -> str:
    """One sentence a learner understands for the play ``face`` chosen with ``code``."""
    card = name(face)
    led = view.trick[0][1] // 9 if view.trick else face // 9
    trump = SUIT_NAMES[view.trump] if view.trump is not None else "trumps"
    partner = SEAT_NAMES[view.partner]
    if code in (PARTNER_SAFE, PARTNER_WINS) and face // 9 == view.trump != led:
        return (f"You must trump even though {partner} is winning: {card} costs the least.")
    texts = {
        ONLY: f"{card} is the only card you may play.",
        PARTNER_SAFE: f"{partner} is winning this trick and nobody left can beat it: don't "
                      f"overtake, give it points with {card}.",
        PARTNER_WINS: f"{partner} is winning the trick: don't overtake, play low ({card}).",
        SECURE: f"Take over with {card}: nobody left can beat it, while {partner}'s card "
                "might be beaten.",
        WIN: f"Win cheaply with {card}: the weakest card that takes this trick for sure.",
        RUFF: f"Trump with {card}: you are out of {SUIT_NAMES[led]} and {partner} is not "
              "winning.",
        OVERTRUMP: f"Overtrump with {card}: it beats the trump in the trick and nobody left "
                   "can beat it.",
        SECOND_LOW: f"Play low ({card}): an opponent still to play could beat any card you "
                    "might win with.",
        CANNOT_WIN: f"This trick cannot be won, so give away as few points as you can: "
                    f"{card}.",
        DISCARD: f"This trick cannot be won: throw {card}, your least useful card.",
        CASH: f"Cash {card}: nobody can beat it in {SUIT_NAMES[face // 9]}.",
        DRAW: f"Draw trumps with {card}, the highest {trump[:-1]} still out, so the "
              "opponents cannot ruff your winners.",
        PARTNER_RUFF: f"Lead {SUIT_NAMES[face // 9]}: {partner} is out of them and can trump.",
        LOW_LEAD: f"Lead {card}: it gives little away while your high cards wait.",
        ACE: f"Lead {card}: an ace is a sure winner early on.",
        ONLY_TRUMPS: f"You hold only {trump}: lead your weakest one, {card}.",
        FORCE: f"Play {card}: it wins for now and makes the last opponent spend a high card.",
        SMEAR: f"Give {partner} points with {card}.",
    }
    return texts[code]


# ------------------------------------------------------------------------------------------
# Playouts for the hard search


class Playout:
    """A full layout of the remaining cards and what the hand's score depends on; :meth:`run`
    plays it to the end with the normal policy for every seat."""

    __slots__ = ("calling", "exception", "extra", "hands", "leader", "points", "trick",
                 "tricks_done", "trump", "voids")

    def __init__(self, hands: list[int], trump: int, leader: int, trick: list[tuple[int, int]],
                 voids: list[int], points: list[int], tricks_done: int, calling: int,
                 extra: list[int], exception: bool) -> None:
        self.hands = hands
        self.trump = trump
        self.leader = leader
        self.trick = trick
        self.voids = voids
        self.points = points
        self.tricks_done = tricks_done
        self.calling = calling
        self.extra = extra
        self.exception = exception

    def run(self, first: int, side: int) -> float:
        """Play ``first`` (a face; -1: let the policy choose) for the seat to act, then the
        rest with the normal policy; the hand's score for ``side`` minus the other side's."""
        hands = list(self.hands)
        voids = list(self.voids)
        trump = self.trump
        pts = POINTS[trump]
        score = list(self.points)
        trick = list(self.trick)
        leader = self.leader
        out = 0
        for h in hands:
            out |= h
        done = self.tricks_done
        exc = self.exception
        while done < HAND_SIZE:
            seat = trick[-1][0] + 1 & 3 if trick else leader
            while len(trick) < 4:
                h = hands[seat]
                legal = legal_mask(h, trick, trump, exc, seat)
                if first >= 0:
                    f, first = first, -1
                else:
                    f = choose(NORMAL, seat, h, legal, out & ~h, trump, trick, voids,
                               seat & 1 == self.calling)[0]
                bit = 1 << f
                hands[seat] = h ^ bit
                out ^= bit
                if trick:
                    led = trick[0][1] // 9
                    if f // 9 != led:
                        voids[seat] |= 1 << led
                        if f // 9 != trump and not (exc and _winning(trick, trump) == seat ^ 2):
                            voids[seat] |= 1 << trump
                trick.append((seat, f))
                seat = seat + 1 & 3
            winner = _winning(trick, trump)
            done += 1
            score[winner & 1] += sum(pts[f] for _, f in trick) + (
                LAST_TRICK if done == HAND_SIZE else 0)
            leader = winner
            trick = []
        totals = [score[0] + self.extra[0], score[1] + self.extra[1]]
        res = settle(self.calling, totals)[1]
        return float(res[side] - res[side ^ 1])


def _winning(trick: list[tuple[int, int]], trump: int) -> int:
    """The seat winning ``trick`` so far."""
    power = POWER[trump][trick[0][1] // 9]
    winner, best = trick[0]
    for s, f in trick[1:]:
        if power[f] > power[best]:
            best, winner = f, s
    return winner


# ------------------------------------------------------------------------------------------
# Decisions


class TarabishAI:
    """Tarabish decisions for the easy, normal and hard levels."""

    WORK_PER_MS = 110.0
    """Card plays a hard search may spend per millisecond of budget."""

    timed = True
    """False: searches ignore the clock and always do their fixed number of samples."""

    def decide(self, level: str, k: Knowledge, rng: random.Random, budget_ms: float,
               cancelled: Callable[[], bool]) -> tuple[Action, str]:
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
        """The call evaluation of the visible ``faces`` with ``suit`` as trump."""
        v = 0
        ranks = {f % 9 for f in faces if f // 9 == suit}
        v += sum(TRUMP_VALUE[r] for r in ranks)
        if {KING, QUEEN} <= ranks:
            v += 10
        for s in range(4):
            if s == suit:
                continue
            side = {f % 9 for f in faces if f // 9 == s}
            if 8 in side:
                v += 11 + (5 if 4 in side else 0)
        return v

    def call(self, level: str, k: Knowledge) -> tuple[Action, str]:
        faces = [PACK36.parse(c) for c in k.hand]
        may_pass = any(a.get("call") == "pass" for a in k.legal)
        held = {s: ", ".join(name(f) for f in sorted(faces, reverse=True) if f // 9 == s)
                for s in range(4)}
        if level == "easy":
            def ekey(s: int) -> tuple[int, int]:
                n = sum(1 for f in faces if f // 9 == s)
                return n + (2 if s * 9 + 5 in faces else 0), s
            suit = max(range(4), key=ekey)
            n = sum(1 for f in faces if f // 9 == suit)
            good = (suit * 9 + 5 in faces and n >= 3) or n >= 4
            if good or not may_pass:
                why = (f"Call {SUIT_NAMES[suit]}: you hold {held[suit]}." if good else
                       f"As dealer you must call: {SUIT_NAMES[suit]} ({held[suit] or 'none'}) "
                       "is your best suit.")
                return _act(k, "call", SUITS[suit]), why
            return _act(k, "call", "pass"), "Pass: no suit with its jack and two more cards."
        values = [self.evaluate(faces, s) for s in range(4)]
        suit = max(range(4), key=lambda s: (values[s], -s))
        if values[suit] >= CALL_AT or not may_pass:
            if values[suit] >= CALL_AT:
                why = (f"Call {SUIT_NAMES[suit]}: with {held[suit]} as trumps and your side "
                       "cards, your hand should win more than half the points.")
            else:
                why = (f"As dealer you must call: {SUIT_NAMES[suit]} "
                       f"({held[suit] or 'no cards yet'}) gives your six cards the most "
                       "strength.")
            return _act(k, "call", SUITS[suit]), why
        return (_act(k, "call", "pass"),
                f"Pass: even with {SUIT_NAMES[suit]} as trumps your six cards are too weak to "
                "risk going bait.")

    # -- runs -------------------------------------------------------------------------------

    def declare_runs(self, level: str, k: Knowledge, runs: Action) -> str | None:
        """The reason to declare the canonical ``runs`` action, or ``None`` to keep quiet."""
        mine = [[PACK36.parse(c) for c in r] for r in runs["runs"]]
        value = sum(run_value(len(r)) for r in mine)
        trump = SUITS.index(k.trump) if k.trump is not None else -1
        best = max((run_value(len(r)), max(r) % 9, int(max(r) // 9 == trump)) for r in mine)
        kinds = " and ".join(f"{len(r)}-card run" for r in mine)
        if level != "easy":
            kind_value = {"twenty": 20, "fifty": 50, "seventy": 70, "hundred": 100}
            for seat, declared in k.public.get("runs_declared", {}).items():
                if seat_index(seat) == k.seat or not declared:
                    continue
                theirs = max(kind_value[d] for d in declared)
                shown = k.public.get("runs_shown", {}).get(seat)
                if shown:
                    key = max((run_value(len(r)), max(PACK36.parse(c) for c in r) % 9,
                               int(PACK36.parse(r[0]) // 9 == trump)) for r in shown)
                    beaten = key > best or (key == best and not key[2])
                else:
                    beaten = theirs > best[0]
                if beaten:
                    return None
        return (f"Declare your {kinds} ({value} points): nobody has declared a better run, so "
                "it can count.")

    # -- card play ---------------------------------------------------------------------------

    def play(self, level: str, k: Knowledge, rng: random.Random, budget_ms: float,
             cancelled: Callable[[], bool]) -> tuple[Action, str]:
        view = read(k, PACK36)
        assert view.trump is not None
        trump = view.trump
        legal = 0
        for a in k.legal:
            if "play" in a:
                legal |= 1 << PACK36.parse(a["play"])
        attack = seat_index(k.public["caller"]) & 1 == k.seat & 1
        others = view.others
        face, code = choose(EASY if level == "easy" else NORMAL, k.seat, view.hand, legal,
                            others, trump, view.trick, view.voids, attack)
        if level == "hard":
            face, text = self.search_play(view, k, legal, rng, budget_ms, cancelled, face,
                                          code)
        else:
            text = explain(code, face, view)
        bella = {"seat": SEATS[k.seat], "play": name(face), "bella": True}
        if bella in k.legal:
            return bella, text[:-1] + " — and claim bella (king and queen of trump, 20)."
        return _act(k, "play", name(face)), text

    def search_play(self, view: TrickView, k: Knowledge, legal: int, rng: random.Random,
                    budget_ms: float, cancelled: Callable[[], bool], normal: int,
                    code: int) -> tuple[int, str]:
        """Determinized search over the card to play; keeps the normal choice on ties."""
        start = time.perf_counter()
        cands = faces_of(legal)
        if len(cands) == 1:
            return normal, explain(code, normal, view)
        trump = view.trump
        assert trump is not None
        sample = self.sampler(view, k)
        base = self.base(view, k)
        side = k.seat & 1
        n = search.samples_for(budget_ms * self.WORK_PER_MS, len(cands), sum(view.sizes))

        def evaluate(world: search.World, face: Any) -> float:
            return self.playout(base, world, view).run(int(face), side)

        deadline = start + budget_ms / 1000.0 if self.timed else None
        result = search.determinized(cands, sample, evaluate, rng, n, deadline, cancelled,
                                     prefer=normal)
        best = int(result.best)  # type: ignore[call-overload]
        if best == normal:
            return best, explain(code, best, view)
        return best, (f"Playing out {result.samples} possible layouts of the unseen cards, "
                      f"{name(best)} does best ({result.means[best]:+.1f} points on average, "
                      f"against {result.means[normal]:+.1f} for {name(normal)}).")

    def base(self, view: TrickView, k: Knowledge) -> dict[str, Any]:
        """What every playout of this decision shares: points won so far, the calling side,
        runs and bella already worth points (and the seat's own bella to come)."""
        trump = view.trump
        assert trump is not None
        points = [0, 0]
        for t in k.tricks:
            if t["winner"] is not None:
                points[seat_index(t["winner"]) & 1] += sum(
                    POINTS[trump][PACK36.parse(c)] for c in t["cards"])
        extra = [0, 0]
        for s in k.public.get("bella", []):
            extra[seat_index(s) & 1] += BELLA
        king, queen = trump * 9 + KING, trump * 9 + QUEEN
        claimed = SEATS[k.seat] in k.public.get("bella", [])
        if (not claimed and view.hand & (1 << king | 1 << queen)
                and self._played_own_kq(k, king, queen)):
            extra[k.seat & 1] += BELLA
        holder = self.runs_holder(k, trump)
        if holder is not None:
            seat, value = holder
            extra[seat & 1] += value
        return {"points": points, "extra": extra,
                "calling": seat_index(k.public["caller"]) & 1,
                "exception": bool(k.options.get("partner_exception", False))}

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
        kind_value = {"twenty": 20, "fifty": 50, "seventy": 70, "hundred": 100}
        keys: dict[int, tuple[tuple[int, int, int], int]] = {}
        for a in k.history:
            if "runs" not in a:
                continue
            seat = seat_index(a["seat"])
            shown = a["runs"] or k.public.get("runs_shown", {}).get(a["seat"])
            if shown:
                cards = [[PACK36.parse(c) for c in r] for r in shown]
                key = max((run_value(len(r)), max(r) % 9, int(max(r) // 9 == trump))
                          for r in cards)
                keys[seat] = (key, sum(run_value(len(r)) for r in cards))
            else:
                kinds = [kind_value[d] for d in a.get("declared") or []]
                if kinds:
                    keys[seat] = ((max(kinds), -1, 0), sum(kinds))
        if not keys:
            return None
        best = max(v[0] for v in keys.values())
        holders = [s for s, v in keys.items() if v[0] == best]
        if len(holders) != 1:
            return None
        return holders[0], keys[holders[0]][1]

    def sampler(self, view: TrickView, k: Knowledge) -> Callable[[random.Random], search.World]:
        """Deals of the unseen cards consistent with the seat's knowledge: hand sizes, voids
        (the must-trump inference included) and shown runs still in their holder's hand."""
        fixed: list[list[int]] = [[], [], [], []]
        unseen = list(view.unseen)
        for seat, runs in k.public.get("runs_shown", {}).items():
            s = seat_index(seat)
            if s == k.seat:
                continue
            for r in runs:
                for c in r:
                    f = PACK36.parse(c)
                    if unseen[f] > 0:
                        unseen[f] -= 1
                        fixed[s].append(f)
        pool = [f for f in range(36) for _ in range(unseen[f])]
        need = [view.sizes[s] - len(fixed[s]) if s != k.seat else 0 for s in range(4)]
        allowed = [~v & 0xF for v in view.voids]

        def sample(rng: random.Random) -> search.World:
            world = search.deal_unseen(rng, pool, need, allowed, PACK36.suit_of_face)
            return [world[s] + fixed[s] for s in range(4)]
        return sample

    @staticmethod
    def playout(base: dict[str, Any], world: search.World, view: TrickView) -> Playout:
        """The :class:`Playout` of a sampled ``world`` around the seat's own hand."""
        hands = [0, 0, 0, 0]
        for s in range(4):
            for f in world[s]:
                hands[s] |= 1 << f
        hands[view.seat] = view.hand
        trump = view.trump
        assert trump is not None
        leader = view.leader if view.leader is not None else view.seat
        return Playout(hands, trump, leader, list(view.trick), list(view.voids),
                       list(base["points"]), view.tricks_done, base["calling"],
                       base["extra"], base["exception"])


def _act(k: Knowledge, verb: str, value: Any) -> Action:
    """The action of knowledge ``k``'s seat, checked against its legal list."""
    action: Action = {"seat": SEATS[k.seat], verb: value}
    if action not in k.legal:
        raise AssertionError(f"the AI chose {action}, which is not legal here")
    return action


