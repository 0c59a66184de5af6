"""Card play for the two Somali games (Arba'a Turub and Turup): the easy and normal policies,
their fast perfect-information playouts for the hard search, and the shared trump naming.

Both games play 36 faces (Arba'a Turub has four copies of each) with the plain rules: follow
suit if you can, else anything; highest trump, else highest of the suit led; of identical cards
the first played wins. A face is ``suit * 9 + rank`` with ranks ascending, so within a suit a
higher bit is a higher card, and a hand is a 36-bit int of faces.

:func:`choose` is the policy itself, written on ints so the same function serves the ``easy`` and
``normal`` players (reading a seat's knowledge) and the playouts of the ``hard`` search (reading a
sampled layout), where it runs a few hundred thousand times a second. It looks only at the
seat's own hand, the faces another seat may still hold, the open trick and the revealed voids —
what the seat knows in a real game. :class:`SomaliAI` turns it into decisions with reasons; the
game modules (:mod:`.turup`, :mod:`.arbaa_turub`) add their own decisions and scoring.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

from ..cards import RANKS36, SEATS
from ..hand import Action
from ..knowledge import Knowledge
from ..tricks import PACK36, Pack
from . import search
from .view import SEAT_NAMES, SUIT_NAMES, SUIT_ONE, TrickView, read

EASY, NORMAL = 1, 2
SUIT = (*(0x1FF << (9 * s) for s in range(4)), 0)
"""The nine faces of each suit (index 4, "no trump", is empty)."""
NO_TRUMP = 4
"""``trump`` value in the kernel when no trump is known (SUIT[4] does not exist: guarded)."""

# Reason codes returned by :func:`choose` (turned into sentences by :func:`explain`).
(ONLY, PARTNER_SAFE, PARTNER_WINS, SECURE, WIN, RUFF, SECOND_LOW, CANNOT_WIN, DISCARD, CASH,
 DRAW, SIGNALLED, PARTNER_RUFF, LONG, ACE, ONLY_TRUMPS, FORCE) = range(17)


def above(face: int) -> int:
    """The faces of ``face``'s suit ranked above it."""
    return SUIT[face // 9] & ~((2 << face) - 1)


def lowest(mask: int) -> int:
    """The lowest face of a non-empty mask."""
    return (mask & -mask).bit_length() - 1


def highest(mask: int) -> int:
    """The highest face of a non-empty mask."""
    return mask.bit_length() - 1


def name(face: int) -> str:
    """A face in notation (``"QH"``)."""
    return RANKS36[face % 9] + "SHDC"[face // 9]


# ------------------------------------------------------------------------------------------
# The policy


def choose(level: int, me: int, hand: int, others: int, trump: int, led: int, best: int,
           winner: int, npos: int, step: int, voids: list[int], strong: int = 0,
           weak: int = 0) -> tuple[int, int]:
    """The face ``me`` plays and a reason code, by the ``easy`` or ``normal`` rules.

    ``hand``: the seat's faces; ``others``: faces another seat may still hold; ``trump``: the
    trump suit (0..3); ``npos``: cards already in the trick (0 = leading), and when following,
    ``led`` the suit led, ``best`` the winning face so far and ``winner`` its seat; ``step``: 1
    clockwise, 3 counter-clockwise; ``voids[s]``: suits seat ``s`` has shown it lacks;
    ``strong``/``weak``: suits partner signalled (Arba'a Turub).
    """
    if npos == 0:
        return _lead(level, me, hand, others, trump, voids, strong, weak)
    suit = hand & SUIT[led]
    legal = suit or hand
    if not legal & (legal - 1):
        return lowest(legal), ONLY
    partner = me ^ 2
    # the faces of the legal ones that would win the trick now, cheapest first
    bs = best // 9
    if suit:
        winners = suit & above(best) if bs == led else 0
    else:
        tr = hand & SUIT[trump]
        winners = tr & above(best) if bs == trump else tr
    if level == EASY:
        if winner == partner:
            return _low(level, legal, suit, hand, trump, others), PARTNER_WINS
        if winners:
            return lowest(winners), WIN if suit else RUFF
        return _low(level, legal, suit, hand, trump, others), CANNOT_WIN if suit else DISCARD
    later = [s for k in range(1, 4 - npos) if ((s := (me + step * k) & 3) ^ me) & 1]
    if winner == partner and not _beatable(best, led, trump, later, others, voids):
        return _low(level, legal, suit, hand, trump, others), PARTNER_SAFE
    safe = -1
    m = winners
    while m:
        f = lowest(m)
        if not _beatable(f, led, trump, later, others, voids):
            safe = f
            break
        m &= m - 1
    if winner == partner:
        if safe >= 0:
            return safe, SECURE
        return _low(level, legal, suit, hand, trump, others), PARTNER_WINS
    if safe >= 0:
        return safe, WIN if suit else RUFF
    if winners and npos == 2:
        return lowest(winners), FORCE
    if winners:
        return _low(level, legal, suit, hand, trump, others), SECOND_LOW
    return _low(level, legal, suit, hand, trump, others), CANNOT_WIN if suit else DISCARD


def _beatable(face: int, led: int, trump: int, later: list[int], others: int,
              voids: list[int]) -> bool:
    """Whether an opponent still to play might beat ``face`` (as far as the seat knows)."""
    if not later:
        return False
    fs = face // 9
    higher = others & above(face)
    led_out = others & SUIT[led]
    trumps_out = others & SUIT[trump] if trump != NO_TRUMP else 0
    for o in later:
        void_led = (voids[o] >> led) & 1 or not led_out
        no_trump = (voids[o] >> trump) & 1 if trump != NO_TRUMP else True
        if fs == led:
            if higher and not void_led:
                return True
            if void_led and trumps_out and led != trump and not no_trump:
                return True
        elif higher and void_led and not no_trump:
            return True
    return False


def _low(level: int, legal: int, following: int, hand: int, trump: int, others: int) -> int:
    """The card to give away: the lowest of the suit followed, else the least useful discard
    (normal keeps trumps and sure winners and empties short suits)."""
    if following:
        return lowest(legal)
    side = hand & ~SUIT[trump] if trump != NO_TRUMP else hand
    if not side:
        return lowest(hand)
    best_key: tuple[int, int, int] | None = None
    pick = -1
    for s in range(4):
        cards = side & SUIT[s]
        if not cards:
            continue
        f = lowest(cards)
        if level == EASY:
            key = (f % 9, 0, 0)
        else:
            master = not (others & above(highest(cards)))
            key = (1 if master and f == highest(cards) else 0, f % 9, cards.bit_count())
        if best_key is None or key < best_key:
            best_key, pick = key, f
    return pick


def _lead(level: int, me: int, hand: int, others: int, trump: int, voids: list[int],
          strong: int, weak: int) -> tuple[int, int]:
    """The lead and its reason code."""
    side = [s for s in range(4) if s != trump and hand & SUIT[s]]
    if not side:
        return lowest(hand), ONLY_TRUMPS
    if level == EASY:
        for s in side:
            top = highest(hand & SUIT[s])
            if top % 9 == 8:
                return top, ACE
        s = max(side, key=lambda s: ((hand & SUIT[s]).bit_count(), -s))
        return lowest(hand & SUIT[s]), LONG
    trumps_out = others & SUIT[trump] if trump != NO_TRUMP else 0
    opps = ((me + 1) & 3, (me + 3) & 3)
    partner = me ^ 2
    cash = -1
    cash_key = -1
    for s in side:
        top = highest(hand & SUIT[s])
        if others & above(top):
            continue
        out = others & SUIT[s]
        if trumps_out and (not out or any((voids[o] >> s) & 1 for o in opps)):
            continue
        key = out.bit_count() * 2 + ((strong >> s) & 1)
        if key > cash_key:
            cash, cash_key = top, key
    if cash >= 0:
        return cash, CASH
    if trumps_out and hand & SUIT[trump]:
        top = highest(hand & SUIT[trump])
        if not trumps_out & above(top):
            return top, DRAW
    for s in side:
        if (strong >> s) & 1 and not (weak >> s) & 1:
            return lowest(hand & SUIT[s]), SIGNALLED
    if trumps_out and not (voids[partner] >> trump) & 1:
        for s in side:
            if ((voids[partner] >> s) & 1 and others & SUIT[s]
                    and not any((voids[o] >> s) & 1 for o in opps)):
                return lowest(hand & SUIT[s]), PARTNER_RUFF
    good = [s for s in side if not (weak >> s) & 1
            and not (trumps_out and any((voids[o] >> s) & 1 for o in opps))] or side
    s = max(good, key=lambda s: ((hand & SUIT[s]).bit_count(), -s))
    return lowest(hand & SUIT[s]), LONG


def explain(code: int, face: int, view: TrickView) -> str:
    """One sentence a learner understands for the play ``face`` chosen with ``code``."""
    card = name(face)
    suit = SUIT_NAMES[face // 9]
    led = view.pack.suit_of_face(view.trick[0][1]) if view.trick else face // 9
    trump = SUIT_NAMES[view.trump] if view.trump is not None else "trumps"
    partner = SEAT_NAMES[view.partner]
    texts = {
        ONLY: f"{card} is the only card you may play.",
        PARTNER_SAFE: f"{partner} is already winning this trick and nobody left can beat it, "
                      f"so play low: {card}.",
        PARTNER_WINS: f"{partner} is winning the trick: don't overtake, play low ({card}).",
        SECURE: f"Take over with {card}: nobody left can beat it, while {partner}'s card "
                "might be beaten.",
        WIN: f"Win cheaply with {card}: the lowest card that takes this trick.",
        RUFF: f"Ruff with {card}: you are out of {SUIT_NAMES[led]} and {partner} is not "
              "winning.",
        SECOND_LOW: f"Play low ({card}): an opponent still to play could beat any card you "
                    "might win with.",
        CANNOT_WIN: f"This trick cannot be won, so play your lowest {SUIT_ONE[led]}, {card}.",
        DISCARD: f"This trick cannot be won: throw {card}, your least useful card.",
        CASH: f"Cash {card}: it is the highest {SUIT_ONE[face // 9]} still out.",
        DRAW: f"Draw trumps with {card}, the highest {trump[:-1]} still out.",
        SIGNALLED: f"Lead {suit}: {partner} signalled strength in that suit.",
        PARTNER_RUFF: f"Lead {suit}: {partner} is out of {suit} and can ruff.",
        LONG: f"Lead low from your long {SUIT_ONE[face // 9]} suit ({card}) to set up its "
              "high cards.",
        ACE: f"Lead {card}: an ace is a sure winner early on.",
        ONLY_TRUMPS: f"You hold only trumps: lead {card}.",
        FORCE: f"Play {card}: it wins for now and makes the last opponent spend a high card.",
    }
    return texts[code]


# ------------------------------------------------------------------------------------------
# Fast playouts for the hard search


class Layout:
    """A full layout of the remaining cards (one sample of the unseen ones) in kernel form:
    per seat a face mask and, for the 144-card game, copy counts; what is still out; the
    revealed voids; the open trick. :meth:`play_out` plays it to the end with :func:`choose`
    (normal) for every seat, starting with ``first`` for the seat to act."""

    __slots__ = (
        "counts",
        "hands",
        "leader",
        "left",
        "out",
        "single",
        "step",
        "trick",
        "trump",
        "voids",
    )

    def __init__(self, hands: list[int], counts: list[int] | None, left: list[int] | None,
                 voids: list[int], trump: int, step: int, leader: int,
                 trick: list[tuple[int, int]]) -> None:
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
        self.step = step
        self.leader = leader
        self.trick = trick

    def play_out(self, first: int, won: list[int], total: int, target: int,
                 kort_side: int) -> list[int]:
        """Play ``first`` (a face, or -1 to let the policy choose), then the rest of the hand
        with the normal policy. ``won`` (updated and returned) holds the tricks per side so
        far; play stops after ``total`` tricks in all, when a side reaches ``target`` tricks
        (0: never), or (``kort_side`` 0/1, -1 for none) when that side loses a trick."""
        hands = list(self.hands)
        counts = None if self.counts is None else list(self.counts)
        left = None if self.left is None else list(self.left)
        out, single = self.out, self.single
        voids = list(self.voids)
        trump, step = self.trump, self.step
        trick = self.trick
        leader = self.leader
        ntricks = won[0] + won[1]
        while ntricks < total:
            npos = len(trick)
            led = best = winner = 0
            if trick:
                led = trick[0][1] // 9
                winner, best = trick[0]
                for s, f in trick[1:]:
                    fs = f // 9
                    if (fs == best // 9 and f > best) or (fs == trump and best // 9 != trump):
                        best, winner = f, s
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
                    oth = out & ~h if counts is None else out & ~(h & single)
                    f = choose(NORMAL, seat, h, oth, trump, led, best, winner, npos, step,
                               voids)[0]
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
                else:
                    if fs != led:
                        voids[seat] |= 1 << led
                    if (fs == best // 9 and f > best) or (fs == trump and best // 9 != trump):
                        best, winner = f, seat
                npos += 1
                seat = (seat + step) & 3
            won[winner & 1] += 1
            ntricks += 1
            leader = winner
            if kort_side >= 0 and winner & 1 != kort_side:
                break
            if target and (won[0] >= target or won[1] >= target) and kort_side < 0:
                break
        return won


# ------------------------------------------------------------------------------------------
# The game-independent part of a Somali player


class SomaliAI:
    """Decisions shared by the Somali games for one level; a game subclasses it to add its own
    decisions (Turup's kort, Arba'a Turub's signals) and its scoring.

    ``decide(level, k, rng, budget_ms, cancelled)`` is the entry point the players call.
    """

    PACK: Pack = PACK36
    STEP = 1
    HAND_SIZE = 9
    TRICKS = 9
    UNIT = "tricks"
    WORK_PER_MS = 60.0
    """Card plays a hard search may spend per millisecond of budget (tuned on the project's
    2-core machine so a search ends well inside its budget)."""

    timed = True
    """False: searches ignore the clock and always do their fixed number of samples."""

    def deadline(self, start: float, budget_ms: float) -> float | None:
        """When a search that started at ``start`` must stop (``None``: untimed)."""
        return start + budget_ms / 1000.0 if self.timed else None

    # -- entry point ----------------------------------------------------------------------

    def decide(self, level: str, k: Knowledge, rng: random.Random, budget_ms: float,
               cancelled: Callable[[], bool]) -> tuple[Action, str]:
        """The action and its reason for ``level`` (``easy``, ``normal`` or ``hard``)."""
        if k.phase == "trump":
            return self.name_trump(level, k, rng, budget_ms, cancelled)
        if k.phase == "play":
            return self.play(level, k, rng, budget_ms, cancelled)
        raise ValueError(f"{level} player: no decision known in phase {k.phase!r}")

    # -- trump ----------------------------------------------------------------------------

    def name_trump(self, level: str, k: Knowledge, rng: random.Random, budget_ms: float,
                   cancelled: Callable[[], bool]) -> tuple[Action, str]:
        """Name trump from the first three cards: easy takes the suit it holds most of,
        normal (and hard, unless the game simulates) weighs length and high cards."""
        faces = [self.PACK.parse(c) for c in k.hand]
        suit, text = trump_by_evaluation(faces, level == "easy")
        return _act(k, "trump", "SHDC"[suit]), text

    # -- card play ------------------------------------------------------------------------

    def signals(self, k: Knowledge) -> tuple[int, int]:
        """Partner's strong and weak signals as suit bit sets (none unless the game has
        them)."""
        return 0, 0

    def policy(self, level: int, view: TrickView, k: Knowledge) -> tuple[int, int]:
        """The easy/normal choice (face, reason code) in the play phase."""
        trump = NO_TRUMP if view.trump is None else view.trump
        strong, weak = self.signals(k) if level == NORMAL else (0, 0)
        npos = len(view.trick)
        led = best = winner = 0
        if view.trick:
            winner, best = view.trick[0]
            led = best // 9
            for s, f in view.trick[1:]:
                fs = f // 9
                if (fs == best // 9 and f > best) or (fs == trump and best // 9 != trump):
                    best, winner = f, s
        return choose(level, view.seat, view.hand, view.others, trump, led, best, winner, npos,
                      self.STEP, view.voids, strong, weak)

    def play(self, level: str, k: Knowledge, rng: random.Random, budget_ms: float,
             cancelled: Callable[[], bool]) -> tuple[Action, str]:
        """A card (or, in Arba'a Turub, a signal before the lead)."""
        view = read(k, self.PACK)
        face, code = self.policy(EASY if level == "easy" else NORMAL, view, k)
        if level == "hard":
            face, text = self.search_play(view, k, rng, budget_ms, cancelled, face, code)
        else:
            text = explain(code, face, view)
        return _act(k, "play", name(face)), text

    # -- hard -----------------------------------------------------------------------------

    def score(self, won: list[int], side: int, kort_side: int) -> float:
        """A finished playout's value for ``side`` (the game's own points)."""
        return float(won[side] - won[side ^ 1])

    def playout_limits(self, view: TrickView, k: Knowledge) -> tuple[int, int, int]:
        """``(total, target, kort_side)`` for :meth:`Layout.play_out` from this position."""
        return self.TRICKS, 0, -1

    def world_needs(self, view: TrickView) -> list[int]:
        """How many unseen cards each seat holds (the seat itself: its unseen own cards)."""
        need = list(view.sizes)
        need[view.seat] = 0
        return need

    def layout(self, view: TrickView, world: search.World, trump: int | None = None) -> Layout:
        """The kernel layout of a sampled ``world`` around the seat's own hand (``trump``
        overrides the view's, for simulating the choice of trump)."""
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
        return Layout(hands, counts, left, list(view.voids), trump, self.STEP, leader,
                      list(view.trick))

    def sampler(self, view: TrickView) -> Callable[[random.Random], search.World]:
        """Deals of the unseen cards consistent with the seat's knowledge."""
        pool = view.unseen_pool
        need = self.world_needs(view)
        allowed = [~v & 0xF for v in view.voids]
        suit_of = self.PACK.suit_of_face
        return lambda rng: search.deal_unseen(rng, pool, need, allowed, suit_of)

    def candidates(self, view: TrickView, legal: list[int]) -> list[int]:
        """The legal faces that can make a difference: of several cards of one suit with no
        card another seat may hold (or the trick holds) between them, only the lowest."""
        between = view.others
        for _, f in view.trick:
            between |= 1 << f
        reps: list[int] = []
        for f in sorted(legal):
            if reps and reps[-1] // 9 == f // 9:
                span = SUIT[f // 9] & ~((2 << reps[-1]) - 1) & ((2 << f) - 1)
                if not span & between:
                    continue
            reps.append(f)
        return reps

    def search_play(self, view: TrickView, k: Knowledge, rng: random.Random,
                    budget_ms: float, cancelled: Callable[[], bool], normal: int,
                    code: int) -> tuple[int, str]:
        """Determinized search over the card to play; falls back to ``normal``'s reason when
        the search agrees with it."""
        start = time.perf_counter()
        legal = sorted({self.PACK.parse(a["play"]) for a in k.legal if "play" in a})
        cands = self.candidates(view, legal)
        if normal not in cands:
            cands = sorted({*cands, normal})
        if len(cands) == 1:
            return normal, explain(code, normal, view)
        total, target, kort_side = self.playout_limits(view, k)
        side = view.seat & 1
        sample = self.sampler(view)
        cards_left = sum(view.sizes)
        n = search.samples_for(budget_ms * self.WORK_PER_MS, len(cands), cards_left)

        def evaluate(world: search.World, face: Any) -> float:
            lay = self.layout(view, world)
            won = lay.play_out(face, list(view.won), total, target, kort_side)
            return self.score(won, side, kort_side)

        result = search.determinized(cands, sample, evaluate, rng, n,
                                     self.deadline(start, budget_ms), cancelled, prefer=normal)
        best = int(result.best)  # type: ignore[call-overload]
        if best == normal:
            return best, explain(code, best, view)
        return best, (f"Playing out {result.samples} possible layouts of the unseen cards, "
                      f"{name(best)} does best ({result.means[best]:+.2f} {self.UNIT} on "
                      f"average, against {result.means[normal]:+.2f} for {name(normal)}).")


def trump_by_evaluation(faces: list[int], easy: bool) -> tuple[int, str]:
    """The suit to name from the first cards: easy counts cards (ties to the higher card);
    normal scores 3 per card plus 3/2/1 for an ace/king/queen. Returns (suit, reason)."""
    def key(s: int) -> tuple[int, int]:
        ranks = [f % 9 for f in faces if f // 9 == s]
        if easy:
            return len(ranks), max(ranks, default=-1)
        return 3 * len(ranks) + sum(max(0, r - 5) for r in ranks), max(ranks, default=-1)
    suit = max(range(4), key=lambda s: (*key(s), -s))
    n = sum(1 for f in faces if f // 9 == suit)
    held = ", ".join(name(f) for f in sorted(faces, reverse=True) if f // 9 == suit)
    if n >= 2:
        return suit, f"Name {SUIT_NAMES[suit]}: {n} of your first three cards ({held}) are " \
                     f"{SUIT_NAMES[suit]}."
    return suit, f"Name {SUIT_NAMES[suit]}: your {held} is the best start for a trump suit."


def _act(k: Knowledge, verb: str, value: Any) -> Action:
    """The action of knowledge ``k``'s seat, checked against its legal list."""
    action: Action = {"seat": SEATS[k.seat], verb: value}
    if action not in k.legal:
        raise AssertionError(f"the AI chose {action}, which is not legal here")
    return action
