"""Random playouts of French Tarot (benchmarks, tests, searches): :func:`random_playout`, the
fast four-player kernel on ints (it applies the rules of :mod:`.play_rules`, :mod:`.excuse`,
:mod:`.handfuls` and :mod:`.scoring` through their functions and tables), :func:`engine_playout`
through the engine at any table size, and :func:`playout_start`.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Final

from .. import cards as C
from ..hand import Action
from ..native import COMPILED
from .auction import BIDS
from .deal import deal
from .excuse import excuse_fate, excuse_wins, petit_au_bout
from .hand import TarotHand
from .handfuls import canonical_handfuls, handful_levels
from .pack import EXB, HANDFULS, OUDLERS, PETITB, TRICKS, half_points
from .play_rules import BEATEN_BY, NEXT_SEAT, OBLIGATIONS
from .scoring import settle

SPLIT: Final = 56
"""Where :func:`random_playout` cuts a mask in two: ``lo`` the suit cards (bits 0–55) and ``hi``
the trumps and the Excuse shifted down (trump ``Tn`` at bit ``n - 1``, the Excuse at 21). A
78-bit mask is a heap integer in compiled code (mypyc keeps an ``int`` unboxed below 2**62
only): every ``&``, ``|`` and ``^`` on it allocates; each half fits a machine word, so the
kernel's mask arithmetic stays native. The suit cards are all below the trumps, so "the k-th
card of a mask" is the k-th of ``lo``, then of ``hi``: the same card, the same random draws.
The constants are ``Final``: compiled code reads them as C values, not from the module's
dictionary."""
assert SPLIT == C.TRUMP_BASE
LOW_HALF: Final = (1 << SPLIT) - 1
EXCUSE: Final = C.EXCUSE
EX_HI: Final = EXB >> SPLIT
"""The Excuse in the ``hi`` half."""
TRUMPS_HI: Final = C.TRUMPS_MASK >> SPLIT
"""Every trump in the ``hi`` half."""
PETIT_HI: Final = PETITB >> SPLIT

_RULES: Final[tuple[tuple[tuple[int, int, int, int, int], ...], ...]] = tuple(
    tuple((follow & LOW_HALF, follow >> SPLIT, over >> SPLIT, BEATEN_BY[best] & LOW_HALF,
           BEATEN_BY[best] >> SPLIT)
          for best, (follow, over, trumps) in enumerate(OBLIGATIONS[led]))
    for led in range(5))
"""The rules of a trick as :func:`random_playout` reads them, built by :func:`obligations`
and :func:`beats`, in halves (see :data:`SPLIT`): for the suit led and the card winning the
trick so far, ``(follow_lo, follow_hi, over_hi, stronger_lo, stronger_hi)``: the masks of
:func:`obligations` (``over`` is trumps only; ``trumps`` is every trump, :data:`TRUMPS_HI`)
and the cards that beat it (``stronger``)."""
_WIDTH: Final = tuple((n - 1).bit_length() for n in range(32))
"""Random bits needed to draw an index below ``n`` (rejection sampling keeps it uniform)."""


def _playout_view(hand: TarotHand) -> tuple[Any, ...]:
    """What :func:`random_playout` starts from, computed once per position and cached on the
    hand (keyed by the number of actions applied): the declarer, the hands (in halves, see
    :data:`SPLIT`), the declarer's pile (in halves) and count so far, tricks taken, the Petit's
    trick, handfuls, and the open trick's state."""
    key = len(hand.history)
    cached = hand.__dict__.get("_playout_view")
    if cached is not None and cached[0] == key:
        seen: tuple[Any, ...] = cached[1]
        return seen
    if hand.phase != "play" or hand.trick is None or hand.declarer is None:
        raise ValueError("a random playout starts in the play phase")
    decl = hand.declarer
    dmask = hand.declarer_pile()
    adj = hand.declarer_half_points() - half_points(dmask)
    taken = sum(1 for t in hand.tricks if t.winner == decl)
    petit = next(((i, t.winner) for i, t in enumerate(hand.tricks) if C.PETIT in t.cards),
                 (-1, -1))
    hf = tuple(() if s in hand.played or s in hand.handfuls else handful_levels(hand.hands[s])
               for s in range(4))
    trick = hand.trick
    hands = list(hand.hands)
    for s, c in zip(trick.seats, trick.cards, strict=True):
        hands[s] |= 1 << c  # the loop plays the open trick's cards again
    view = (decl, hand.contract, bool(hand.slam_announced),
            tuple(h & LOW_HALF for h in hands), tuple(h >> SPLIT for h in hands),
            dmask & LOW_HALF, dmask >> SPLIT, adj, taken, *petit,
            hand.handful_total(), hf, sum(1 for x in hf if x), len(hand.tricks), trick.leader,
            tuple(trick.cards))
    hand.__dict__["_playout_view"] = (key, view)
    return view


def _count(mask: int) -> int:
    """The cards of ``mask`` (below 2**56). Compiled, with machine-word arithmetic only
    (``int.bit_count`` is a Python-level method call there); in pure Python, ``bit_count``
    (the arithmetic is ten operations of the interpreter there)."""
    if not COMPILED:
        return mask.bit_count()
    mask -= (mask >> 1) & 0x55555555555555
    mask = (mask & 0x33333333333333) + ((mask >> 2) & 0x33333333333333)
    mask = (mask + (mask >> 4)) & 0x0F0F0F0F0F0F0F
    mask += mask >> 8
    mask += mask >> 16
    mask += mask >> 32
    return mask & 0x7F


def _draw(lo: int, hi: int, rb: Callable[[int], int]) -> int:
    """A card drawn uniformly among the cards of a mask given in halves (see :data:`SPLIT`),
    as a card number: the k-th lowest, ``k`` drawn by rejection sampling (no draw when there is
    one card); the same draws and the same card as on the whole mask."""
    n_lo = _count(lo)
    n = n_lo + _count(hi)
    k = 0
    if n > 1:
        bits = _WIDTH[n]
        k = rb(bits)
        while k >= n:
            k = rb(bits)
    if k < n_lo:
        while k:
            lo &= lo - 1
            k -= 1
        return (lo & -lo).bit_length() - 1
    k -= n_lo
    while k:
        hi &= hi - 1
        k -= 1
    return (hi & -hi).bit_length() - 1 + SPLIT


def random_playout(hand: TarotHand, rng: random.Random,
                   trace: list[Action] | None = None) -> tuple[int, int, int, int]:
    """Play ``hand`` (anywhere in its play phase) to the end with uniformly random legal
    decisions, without changing ``hand``; returns the scores of S, W, N, E as
    :meth:`TarotHand.result` would give them.

    Every decision is uniform over the legal actions, as :meth:`TarotHand.legal_actions` lists
    them: before its first card a seat that qualifies may show one of its canonical handfuls.
    When ``trace`` is a list, every decision is appended to it as a record action, so the same
    hand can be replayed through the engine. The loop works on int bit sets only, each cut in
    two machine words (:data:`SPLIT`: suit cards ``lo``, trumps and Excuse ``hi``); a card
    played is its number ``c``. The rules are those of :func:`legal`, :func:`beats`,
    :func:`excuse_wins`, :func:`excuse_fate` and :func:`petit_au_bout`, the per-card ones read
    from the tables they built (:data:`_RULES`: for the suit led and the card winning the trick
    so far, the masks of :func:`obligations` and the cards that beat it).

    It plays the four-player table only (a ``ValueError`` at three or five players: there
    :func:`engine_playout` plays through the engine).
    """
    if hand.table.size != 4:
        raise ValueError("random_playout plays the four-player table; use engine_playout")
    if hand.phase == "done":
        res = hand.result() or {}
        score = res.get("score", dict.fromkeys(C.SEATS, 0))
        return score["S"], score["W"], score["N"], score["E"]
    (decl, contract, slam, lows, highs, d_lo, d_hi, adj, dt, petit_trick, petit_winner, shown,
     hf, hf_left, first_trick, leader, forced) = _playout_view(hand)
    lo: list[int] = list(lows)
    hi: list[int] = list(highs)
    rb = rng.getrandbits
    rules_of = _RULES
    after = NEXT_SEAT
    # The slow path's state (see _slow_pick): the open trick's cards still to replay, handfuls.
    slow_state = [list(forced[::-1]), list(hf), hf_left, shown, trace]
    ex_slam = False
    slow = True
    for t in range(first_trick, TRICKS):
        if slow:  # once the open trick is replayed and the handfuls are past, it stays fast
            slow = bool(slow_state[0] or slow_state[2]) or trace is not None
        # The lead (after a led Excuse, the next card sets the suit to follow).
        seat: int = leader
        c = (_slow_card(seat, lo[seat], hi[seat], lo[seat], hi[seat], rb, slow_state) if slow
             else _draw(lo[seat], hi[seat], rb))
        t_lo, t_hi = _take(c, lo, hi, seat)
        ex_seat = -1
        followers = 3
        if c == EXCUSE:
            ex_seat = seat
            seat = after[seat]
            c = (_slow_card(seat, lo[seat], hi[seat], lo[seat], hi[seat], rb, slow_state)
                 if slow else _draw(lo[seat], hi[seat], rb))
            c_lo, c_hi = _take(c, lo, hi, seat)
            t_lo |= c_lo
            t_hi |= c_hi
            followers = 2
        winner = seat
        rules = rules_of[C.suit_tarot(c)]
        f_lo, f_hi, o_hi, s_lo, s_hi = rules[c]
        # The others, in turn: legal() with the tables, and the winner by beats().
        for _ in range(followers):
            seat = after[seat]
            h_lo, h_hi = lo[seat], hi[seat]
            l_lo, l_hi = h_lo & f_lo, h_hi & f_hi
            if not (l_lo or l_hi):
                l_hi = (h_hi & o_hi) or (h_hi & TRUMPS_HI)
                if not l_hi:
                    l_lo, l_hi = h_lo, h_hi
            l_hi |= h_hi & EX_HI
            c = (_slow_card(seat, l_lo, l_hi, h_lo, h_hi, rb, slow_state) if slow
                 else _draw(l_lo, l_hi, rb))
            c_lo, c_hi = _take(c, lo, hi, seat)
            t_lo |= c_lo
            t_hi |= c_hi
            if (c_lo & s_lo) or (c_hi & s_hi):
                f_lo, f_hi, o_hi, s_lo, s_hi = rules[c]
                winner = seat
            elif c == EXCUSE:
                ex_seat = seat
        # The trick to its winner; the Excuse as excuse_wins() and excuse_fate() say.
        if ex_seat >= 0:
            if excuse_wins(t, ex_seat == leader, dt if leader == decl else t - dt):
                winner = leader
                ex_slam = True
            kept, value = excuse_fate(t, int(ex_seat != decl), int(winner != decl))
            if kept:
                t_hi ^= EX_HI
                if ex_seat == decl:
                    d_hi |= EX_HI
                adj += value
        if winner == decl:
            d_lo |= t_lo
            d_hi |= t_hi
            dt += 1
        if t_hi & PETIT_HI:
            petit_trick, petit_winner = t, winner
        leader = winner
    pab = 0
    if petit_au_bout(petit_trick, ex_slam):
        pab = 1 if petit_winner == decl else -1
    dmask = d_lo | d_hi << SPLIT
    unit = settle(contract, half_points(dmask) + adj, (dmask & OUDLERS).bit_count(), pab,
                  slow_state[3], dt, slam)[3]
    scores = [-unit, -unit, -unit, -unit]
    scores[decl] = 3 * unit
    return scores[0], scores[1], scores[2], scores[3]


def _take(c: int, lo: list[int], hi: list[int], seat: int) -> tuple[int, int]:
    """Take card ``c`` out of ``seat``'s hand (in halves, updated); returns the card as a mask
    in halves ``(lo, hi)``."""
    if c < SPLIT:
        bit = 1 << c
        lo[seat] ^= bit
        return bit, 0
    bit = 1 << (c - SPLIT)
    hi[seat] ^= bit
    return 0, bit


def _slow_card(seat: int, l_lo: int, l_hi: int, h_lo: int, h_hi: int, rb: Any,
               state: list[Any]) -> int:
    """:func:`_slow_pick` for the kernel's halves: the legal cards ``l_lo, l_hi`` and the hand
    ``h_lo, h_hi`` (see :data:`SPLIT`) put back together; the card's number."""
    low = _slow_pick(seat, l_lo | l_hi << SPLIT, h_lo | h_hi << SPLIT, rb, state)
    return low.bit_length() - 1


def _slow_pick(seat: int, legal: int, hand: int, rb: Any, state: list[Any]) -> int:
    """The slow path of one decision of :func:`random_playout`: a card of the open trick
    played again, a handful that may be shown before a seat's first card, the trace. ``state``
    is ``[cards to replay (last first), handful levels per seat, seats that may still show,
    handfuls shown, trace]`` and is updated; ``hand`` is the seat's hand."""
    forced, hf, _, shown, trace = state
    if forced:
        again: int = 1 << forced.pop()
        return again
    n = legal.bit_count()
    if hf[seat]:
        n, state[3] = _maybe_handful(n, hand, seat, hf, rb, shown, trace)
        state[2] -= 1
    k = rb(_WIDTH[n])
    while k >= n:
        k = rb(_WIDTH[n])
    while k:
        legal &= legal - 1
        k -= 1
    low = legal & -legal
    if trace is not None:
        trace.append({"seat": C.SEATS[seat], "play": C.format_tarot(C.lowest(low))})
    return low


def _maybe_handful(n: int, hand: int, seat: int, hf: list[tuple[int, ...]],
                   rb: Any, shown: int, trace: list[Action] | None) -> tuple[int, int]:
    """A seat about to play its first card (``n`` legal plays) that may show a handful: draw
    among the handfuls and the plays; a handful drawn is shown (added to ``shown``, traced) and
    the play is drawn next. Returns ``(n, shown)``."""
    levels = hf[seat]
    hf[seat] = ()
    m = n + len(levels)
    k = rb(_WIDTH[m])
    while k >= m:
        k = rb(_WIDTH[m])
    if k >= n:
        bonus = levels[k - n]
        shown += bonus
        if trace is not None:
            size = next(size for size, b in HANDFULS if b == bonus)
            show = next(x for x in canonical_handfuls(hand) if len(x) == size)
            trace.append({"seat": C.SEATS[seat], "handful": show})
    return n, shown


def playout_start(rng: random.Random) -> TarotHand:
    """A freshly dealt hand brought to its first card: a random seat bids a random contract,
    the others pass, a take or keep declarer lays away random legal cards and announces no
    slam. Deals with a petit sec are dealt again."""
    while True:
        dealer = rng.randrange(4)
        hand = TarotHand(deal(rng, dealer, {}), dealer, {"hands": 4})
        if not hand.done:
            break
    bidder = rng.randrange(4)
    contract = rng.choice(BIDS[1:])
    while hand.phase == "bid":
        seat = hand.to_act
        assert seat is not None
        hand.apply({"seat": C.SEATS[seat], "bid": contract if seat == bidder else "pass"})
    while hand.phase == "discard":
        hand.apply(rng.choice(hand.legal_actions()))
    hand.apply({"seat": C.SEATS[bidder], "slam": False})
    return hand


def engine_playout(hand: TarotHand, rng: random.Random,
                   trace: list[Action] | None = None) -> tuple[int, ...]:
    """Play ``hand`` (at any table size, in any phase) to the end through the engine with
    uniformly random legal actions (:meth:`TarotHand.legal_actions`), without changing
    ``hand``; returns each seat's score in seat order (all 0 for a hand thrown in). Every
    action is appended to ``trace`` when it is a list. Slower than :func:`random_playout`,
    which plays only the four-player table."""
    play = hand.clone()
    while not play.done:
        action = rng.choice(play.legal_actions())
        play.apply(action)
        if trace is not None:
            trace.append(action)
    res = play.result() or {}
    score = res.get("score", dict.fromkeys(play.table.letters, 0))
    return tuple(score[letter] for letter in play.table.letters)
